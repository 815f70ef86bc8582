package e2e

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// noKey makes ssh offer no key, as on a lab machine that has none.
var noKey = []string{"-o", "IdentitiesOnly=yes", "-o", "PubkeyAuthentication=no"}

// TestServeLabRoom: three attendees on machines all logged in as
// student, from one address (127.0.0.1), one with a key. They are told
// apart by number; each finds their own list again, the keyed one by
// their key, the others under the name they were shown, and typing
// student again gets a new list rather than a guess. The values are
// NDCG@5 with linear gain (scikit-learn's ndcg_score): 3,2,3,0,1
// 0.9724, 0,2,3,0,1 0.6612 and 3,0,3,0,1 0.9062.
func TestServeLabRoom(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	key := filepath.Join(t.TempDir(), "id_ed25519")
	if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key).CombinedOutput(); err != nil {
		t.Fatalf("ssh-keygen: %v\n%s", err, out)
	}
	withKey := []string{"-i", key, "-o", "IdentitiesOnly=yes"}
	s := startServe(t, bin, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5")

	a, _ := sshIn(t, s, 80, 24, "student", noKey)
	a.waitFor("NDCG@5 = 0.9724")
	s.waitLog(t, "student joined from 127.0.0.1:")
	b, _ := sshIn(t, s, 80, 24, "student", withKey)
	b.waitFor("you are student-2 here, as student was taken; your SSH key brings you back")
	s.waitLog(t, "student-2 joined from 127.0.0.1:")
	log := s.waitLog(t, " as student, with a key (2 in the room)")
	c, _ := sshIn(t, s, 100, 30, "student", noKey)
	c.waitFor("you are student-3 here, as student was taken: ssh -p " + s.port + " student-3@127.0.0.1 brings you back")
	s.waitLog(t, "student-3 joined from 127.0.0.1:")

	a.keys("0")
	a.waitFor("NDCG@5 = 0.6612")
	b.keys("Down", "0")
	b.waitFor("NDCG@5 = 0.9062")
	// Every attendee's terminal closes at once (the room's network).
	for _, x := range []tmux{a, b, c} {
		x.run("kill-server")
	}
	s.waitLog(t, "(0 in the room)")

	// student finds no list: two were kept under that name from here.
	d, _ := sshIn(t, s, 100, 30, "student", noKey)
	d.waitFor("NDCG@5 = 0.9724")
	d.waitFor("a new list, as student-4: 2 lists kept for student here, none known as yours;")
	s.waitLog(t, "student-4 joined from 127.0.0.1:")
	s.waitLog(t, " as student, on a new list (2 kept for student from there: student, student-3) (1 in the room)")
	out, err := sshCommand(s, noKey, "student@127.0.0.1", "list").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "ndcg-explorer: the server keeps 2 lists for student from this address and cannot tell which is yours: "+
		"run this again under the name you were shown, student-1 (shown as student) or student-3: ssh -p "+s.port+" student-1@127.0.0.1 list") {
		t.Errorf("ssh student@127.0.0.1 list should be refused, naming the names that find each list; got %v:\n%s", err, out)
	}

	// Each of the others gets their own back.
	b, _ = sshIn(t, s, 80, 24, "student", withKey)
	b.waitFor("NDCG@5 = 0.9062")
	b.waitFor("welcome back, student-2: your list is as you left it")
	a, _ = sshIn(t, s, 80, 24, "student-1", noKey)
	a.waitFor("NDCG@5 = 0.6612")
	a.waitFor("welcome back, student: your list is as you left it")
	s.waitLog(t, "student is back, on the list they left with, from 127.0.0.1:")
	a.keys("q")
	a.waitFor("Edits not copied")
	a.answer("y")
	// At 80 columns the lines are too long for their notes, which go
	// rather than break a command across two lines.
	a.waitFor("  ssh -p " + s.port + " student-1@127.0.0.1 report > student-1.md\n  ssh -p " + s.port + " student-1@127.0.0.1 list > student-1.json\n")
	s.waitLog(t, "student left")

	out, err = sshCommand(s, noKey, "student-3@127.0.0.1", "list").Output()
	if err != nil || !strings.Contains(string(out), `{"id": "A", "grade": 3}`) {
		t.Errorf("ssh student-3@127.0.0.1 list should print student-3's list, unedited; got %v:\n%s", err, out)
	}
	out, err = sshCommand(s, noKey, "student-1@127.0.0.1", "report").Output()
	if err != nil || !strings.Contains(string(out), "**NDCG@5** = 0.6612") {
		t.Errorf("ssh student-1@127.0.0.1 report should print student's report; got %v:\n%s", err, out)
	}
	if !strings.Contains(log, "student-2 joined from 127.0.0.1:") {
		t.Errorf("the log should name student-2; it is:\n%s", log)
	}
}

// sshCommand is ssh to the server s with flags, as user, running
// command: the way an attendee takes their list home.
func sshCommand(s server, flags []string, user, command string) *exec.Cmd {
	args := append(append([]string{"-p", s.port}, sshOptions...), flags...)
	return exec.Command("ssh", append(args, user, command)...)
}
