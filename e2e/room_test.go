package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// killServe kills the serve whose process id dashboard wrote to pid, as
// a crash would (SIGKILL: nothing saved on the way out), and waits for
// it to be gone.
func killServe(t *testing.T, teacher tmux, pid, status string) {
	t.Helper()
	b, err := os.ReadFile(pid)
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatalf("serve's process id: %v", err)
	}
	if err := syscall.Kill(n, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if got := waitForExit(t, teacher, status); got != "EXIT=137" {
		t.Fatalf("serve ended with %s, want EXIT=137 (128 + SIGKILL's 9)", got)
	}
}

// waitForState waits until the room's state file holds want.
func waitForState(t *testing.T, state, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		data, _ := os.ReadFile(filepath.Join(state, "room.json"))
		if strings.Contains(string(data), want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the state file never held %q:\n%s", want, data)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestServeOwnListKeptUnderTheInstructors: ada edits her list (A's
// grade 3 → 0: grades 0,2,3,0,1, NDCG@5 0.6612 with linear gain,
// scikit-learn's ndcg_score, as in TestServeAsAnAttendee), the
// instructor sends theirs (3,2,3,0,1: 0.9724) with F2, and ada opens
// it. Her ssh client is killed, and she comes back at 60×20 with her
// code: u takes the instructor's list back, to her own. Serve is then
// killed with SIGKILL and started again on its state: back once more,
// at 80×24, u takes it back again. Before, u said "nothing to undo"
// after either, though the screen had promised "u takes it back".
func TestServeOwnListKeptUnderTheInstructors(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	addr, port := freeAddr(t)
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	flags := []string{"--host-key", filepath.Join(dir, "key"), "--state-dir", state, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5"}
	teacher, pid, status := dashboard(t, bin, addr, flags...)

	ada, _ := sshIn(t, server{port: port}, 80, 24, "ada", noKey)
	ada.waitFor("NDCG@5 = 0.9724")
	code := codeOn(t, ada, "ada")
	ada.keys("0")
	ada.waitFor("NDCG@5 = 0.6612")
	teacher.keys("F2")
	teacher.waitFor("sent the list")
	ada.waitFor("enter open it")
	time.Sleep(400 * time.Millisecond) // read before answered
	ada.keys("Enter")
	ada.waitFor("u takes it back")
	ada.waitFor("NDCG@5 = 0.9724")
	// The connection dropped: the client killed.
	exec.Command("tmux", "-S", ada.socket, "kill-server").Run()
	teacher.waitFor("ada left")

	back, _ := sshIn(t, server{port: port}, 60, 20, "ada+"+code, noKey)
	back.waitFor("NDCG@5 = 0.9724")
	back.keys("u")
	back.waitFor("NDCG@5 = 0.6612")
	back.keys("C-r") // the instructor's again, for the crash
	back.waitFor("NDCG@5 = 0.9724")
	waitForState(t, state, `"own"`)
	time.Sleep(time.Second) // the redo's save (within half a second)
	killServe(t, teacher, pid, status)

	teacher, _, _ = dashboard(t, bin, addr, flags...)
	teacher.waitFor("the last serve on it (process ")
	again, _ := sshIn(t, server{port: port}, 80, 24, "ada+"+code, noKey)
	again.waitFor("welcome back: your list is as you left it")
	again.waitFor("NDCG@5 = 0.9724")
	again.keys("u")
	again.waitFor("NDCG@5 = 0.6612")
}

// TestServeOneServerPerStateDirectory: a second serve on a state
// directory in use is refused at start, naming the first's process and
// address; on a directory of its own it serves. ada joins the first,
// bob the second; both stop, and each one's take-home line, to a serve
// started again on their directory, prints their own list (ada's A
// graded 0, bob's B graded 0). Before, both started on one directory
// without a word, and bob's take-home line answered "no list kept for
// bob for that code". Then the first is killed with SIGKILL, its lock
// left behind: the next serve on it takes it over, and ada's line still
// works.
func TestServeOneServerPerStateDirectory(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	dir := t.TempDir()
	state, other := filepath.Join(dir, "state"), filepath.Join(dir, "other")
	key := filepath.Join(dir, "key")
	args := []string{"--host-key", key, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5"}
	first := startServe(t, bin, append(args, "--state-dir", state)...)

	secondAddr, _ := freeAddr(t)
	out, err := exec.Command(bin, append([]string{"serve", "--listen", secondAddr, "--state-dir", state}, args...)...).CombinedOutput()
	if err == nil {
		t.Fatalf("a second serve on %s started:\n%s", state, out)
	}
	want := "another serve keeps its room in " + state + " (process " + strconv.Itoa(first.proc.Pid) + ", listening on ssh 127.0.0.1:" + first.port + ")"
	if !strings.Contains(string(out), want) {
		t.Fatalf("the second serve should say %q; it said:\n%s", want, out)
	}
	second := startServe(t, bin, append(args, "--state-dir", other)...)

	ada, _ := sshIn(t, first, 80, 24, "ada", noKey)
	ada.waitFor("NDCG@5 = 0.9724")
	adaCode := codeOn(t, ada, "ada")
	ada.keys("0")
	ada.waitFor("NDCG@5 = 0.6612")
	bob, _ := sshIn(t, second, 80, 24, "bob", noKey)
	bob.waitFor("NDCG@5 = 0.9724")
	bobCode := codeOn(t, bob, "bob")
	bob.keys("Down", "0")
	bob.waitFor("NDCG@5 = 0.9062")
	for _, s := range []server{first, second} {
		if err := s.proc.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		s.waitLog(t, "stopped; ")
	}
	ada.waitForFlat("the server is stopping; the room will be back, with your list, when it runs again.")

	first = startServe(t, bin, append(args, "--state-dir", state)...)
	second = startServe(t, bin, append(args, "--state-dir", other)...)
	for _, c := range []struct {
		s          server
		user, want string
	}{
		{first, "ada+" + adaCode, `{"id": "A", "grade": 0}`},
		{second, "bob+" + bobCode, `{"id": "B", "grade": 0}`},
	} {
		out, err := sshCommand(c.s, noKey, c.user+"@127.0.0.1", "list").Output()
		if err != nil || !strings.Contains(string(out), c.want) {
			t.Errorf("ssh %s@127.0.0.1 list should print their list, with %s; got %v:\n%s", c.user, c.want, err, out)
		}
	}

	// A crash leaves the lock's file: the kernel's lock goes with the
	// process, and the next serve takes it over.
	if err := first.proc.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_, _ = first.proc.Wait()
	third := startServe(t, bin, append(args, "--state-dir", state)...)
	third.waitLog(t, "the last serve on it (process "+strconv.Itoa(first.proc.Pid)+", listening on ssh 127.0.0.1:"+first.port+") did not stop cleanly")
	out, err = sshCommand(third, noKey, "ada+"+adaCode+"@127.0.0.1", "list").Output()
	if err != nil || !strings.Contains(string(out), `{"id": "A", "grade": 0}`) {
		t.Errorf("after a crash, ada's list should still come home; got %v:\n%s", err, out)
	}
}
