package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// TestServeSurvivesSIGKILL: an attendee edits their list and answers a
// quiz round; serve is killed with SIGKILL (no chance to save, as a
// crash or a laptop's battery leaves it) and started again on the same
// state directory; the attendee reconnects with the ssh line their first
// screen gave and finds their edited list (0,2,3,0,1: NDCG@5 0.6612 with
// linear gain, scikit-learn's ndcg_score), their name and their answer.
// After a clean stop, ssh … list gives the list back once serve runs
// again.
func TestServeSurvivesSIGKILL(t *testing.T) {
	testenv.Slow(t)
	needSSH(t)
	bin := build(t)
	state := t.TempDir()
	s := startServe(t, bin, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5", "--state-dir", state)
	x, _ := sshIn(t, s, 100, 30, "ada", noKey)
	x.waitFor("NDCG@5 = 0.9724")
	code := codeOn(t, x, "ada")
	x.keys("0")
	x.waitFor("NDCG@5 = 0.6612")
	// The state is written within a second of an edit; the kill comes
	// once it is (on a loaded machine, maybe later than that).
	edited := regexp.MustCompile(`"id": "A",\s*"grade": 0`)
	deadline := time.Now().Add(10 * time.Second)
	for {
		data, _ := os.ReadFile(filepath.Join(state, "room.json"))
		if edited.Match(data) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the edit never reached the state file:\n%s", data)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := s.proc.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_, _ = s.proc.Wait()

	s2 := startServe(t, bin, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5", "--state-dir", state)
	s2.waitLog(t, "(lists brought back: 1;")
	imp, _ := sshIn(t, s2, 100, 30, "ada", noKey)
	imp.waitFor("NDCG@5 = 0.9724")
	back, _ := sshIn(t, s2, 100, 30, "ada+"+code, noKey)
	back.waitFor("NDCG@5 = 0.6612")
	back.waitFor("welcome back: your list is as you left it")
	back.keys("q")
	back.waitFor("Edits not copied")
	back.answer("y")
	s2.waitLog(t, "ada left")

	// A clean stop (SIGTERM, as the dashboard's q y) keeps it too.
	if err := s2.proc.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	s2.waitLog(t, "stopped; ")
	log, _ := os.ReadFile(s2.log)
	if !strings.Contains(string(log), "kept in "+state) {
		t.Errorf("stopping should say where the lists are kept; it logged:\n%s", log)
	}
	s3 := startServe(t, bin, "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5", "--state-dir", state)
	out, err := sshCommand(s3, noKey, "ada+"+code+"@127.0.0.1", "list").Output()
	if err != nil || !strings.Contains(string(out), `{"id": "A", "grade": 0}`) {
		t.Errorf("ssh ada+CODE@127.0.0.1 list after a restart should print ada's edited list; got %v:\n%s", err, out)
	}
}
