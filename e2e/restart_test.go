package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
)

// TestServeSurvivesSIGKILL: an attendee edits their list; serve is
// killed with SIGKILL (no chance to save, as a crash or a laptop's
// battery leaves it) and started again on the same state directory; the
// attendee reconnects with the ssh line their first screen gave and finds
// their edited list (0,2,3,0,1: NDCG@5 0.6612 with linear gain,
// scikit-learn's ndcg_score), while their name alone, without the code,
// starts on the served list (0.9724). After a clean stop, ssh … list
// gives the list back once serve runs again. (Serve runs here without a
// terminal, so without the dashboard that starts quiz rounds: an answer
// and a score across a kill are TestServeSIGKILLKeepsTheRound's.)
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

// dashboard runs `ndcg-explorer serve` on addr with args in a 120×30
// tmux session, as the instructor runs it on their laptop (so with its
// dashboard, which starts quiz rounds), until the test ends. A small
// shell writes serve's process id to the returned file before it
// becomes serve, so that the test can kill serve itself and nothing
// else; the pane's shell then writes serve's exit status to status.
func dashboard(t *testing.T, bin, addr string, args ...string) (x tmux, pid, status string) {
	t.Helper()
	dir := t.TempDir()
	x = tmux{t: t, socket: filepath.Join(dir, "tmux.sock")}
	pid, status = filepath.Join(dir, "pid"), filepath.Join(dir, "status")
	quoted := []string{shellQuote(bin), "serve", "--listen", shellQuote(addr)}
	for _, a := range args {
		quoted = append(quoted, shellQuote(a))
	}
	serve := "echo $$ > " + shellQuote(pid) + "; exec " + strings.Join(quoted, " ")
	script := "sh -c " + shellQuote(serve) + "; echo EXIT=$? > " + shellQuote(status) + "; sleep 30"
	x.run("new-session", "-d", "-s", "e2e", "-x", "120", "-y", "30", "-c", dir, "-e", "NO_COLOR=", script)
	t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })
	x.waitFor("F2 send list · F3 quiz round · F4 end round")
	return x, pid, status
}

// roomFile is what TestServeSIGKILLKeepsTheRound reads of the state file.
type roomFile struct {
	Attendees []struct {
		Name string `json:"name"`
		List struct {
			Items []struct {
				ID    string `json:"id"`
				Grade int    `json:"grade"`
			} `json:"items"`
		} `json:"list"`
		Right int `json:"right"`
		Total int `json:"total"`
	} `json:"attendees"`
	Round *struct {
		Number  int        `json:"number"`
		Ended   bool       `json:"ended"`
		Answers []answerIn `json:"answers"`
	} `json:"round"`
}

// answerIn is an answer as the state file keeps it.
type answerIn struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// TestServeSIGKILLKeepsTheRound: the instructor runs serve with its
// dashboard (--seed 7, linear gain, k=5 on grades 3,2,3,0,1); an
// attendee without a key answers round 1 right, answers round 2, and
// edits their list. Serve is killed with SIGKILL and started again on the
// same state directory; the attendee comes back with the ssh line their
// first screen gave and finds their list, their answer to the round
// still under way, as counted, and their score. Another attendee, bob,
// answers round 2 right and comes back only once the restarted server
// has ended it: his answer is in his score, once.
//
// Round 1 (question 1 of seed 7) is NDCG@3 of grades 2,0,0,1,0,0 by the
// scores 0.6,0.5,0.4,0.3,0.3,0.3, gain linear, log2 discount (D, E, F
// tie below the cutoff: no tie policy changes it). DCG@3 = 2/1 + 0 + 0 =
// 2; the ideal order's grades are 2,1,0, IDCG@3 = 2/1 + 1/log2(3) + 0 =
// 2.63093; NDCG@3 = 2/2.63093 = 0.76019 (scikit-learn's
// ndcg_score([[2,0,0,1,0,0]], [[.6,.5,.4,.3,.3,.3]], k=3) gives
// 0.7601875334318685): 0.7602 is right.
//
// Round 2 (question 2, drawn on seed 8) is NDCG@3 of grades
// 3,2,0,0,1,1,0 by 0.7,0.6,0.5,0.4,0.4,0.4,0.1: DCG@3 = 3/1 + 2/log2(3)
// + 0 = 4.26186, IDCG@3 (3,2,1) = 3 + 1.26186 + 1/2 = 4.76186, NDCG@3 =
// 0.89500 (scikit-learn: 0.894999002123018). Ada answers 0.55, wrong:
// once the restarted server ends the round, her score is 1 of 2. Bob
// answers 0.8950, right, and had not answered round 1: 1 of 1.
//
// The edit is A's grade 3 → 0: grades 0,2,3,0,1, NDCG@5 0.6612 with
// linear gain (scikit-learn's ndcg_score, as in TestExplorerAsAPerson).
func TestServeSIGKILLKeepsTheRound(t *testing.T) {
	t.Parallel()
	needSSH(t)
	bin := build(t)
	addr, port := freeAddr(t)
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	flags := []string{"--host-key", filepath.Join(dir, "key"), "--state-dir", state,
		"--seed", "7", "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5"}

	teacher, pid, status := dashboard(t, bin, addr, flags...)
	ada, adaStatus := sshIn(t, server{port: port}, 100, 30, "ada", noKey)
	ada.waitFor("NDCG@5 = 0.9724")
	code := codeOn(t, ada, "ada")
	bob, bobStatus := sshIn(t, server{port: port}, 80, 24, "bob", noKey)
	bob.waitFor("NDCG@5 = 0.9724")
	bobCode := codeOn(t, bob, "bob")
	teacher.waitFor("2 connected")

	// Round 1, answered right.
	teacher.keys("F3")
	teacher.waitFor("quiz round 1 started (seed 7, question 1)")
	ada.waitFor("Quiz · round 1 · your answers: 0 of 0 right")
	ada.waitFor("grade   2   0   0 │   1   0   0")
	ada.waitFor("score 0.6 0.5 0.4 │ 0.3 0.3 0.3")
	ada.keys("0.7602", "Enter")
	ada.waitFor("answer sent to the instructor: the working comes when the round ends")
	teacher.waitFor("answered 1 of 2 connected")
	teacher.keys("F4")
	teacher.waitFor("answered 1 of 2 connected · 1 right · true value 0.7602")
	ada.waitFor("Quiz · round 1 · your answers: 1 of 1 right")
	ada.waitFor("✓ Right: NDCG@3 = 0.760188")

	// Round 2, answered (wrong), not ended before the kill.
	teacher.keys("F3")
	teacher.waitFor("quiz round 2 started (seed 8, question 2)")
	ada.waitFor("Quiz · round 2 · your answers: 1 of 1 right")
	ada.waitFor("grade   3   2   0 │   0   1   1   0")
	ada.keys("0.55", "Enter")
	ada.waitFor("answer sent to the instructor: the working comes when the round ends")
	bob.waitFor("Quiz · round 2 · your answers: 0 of 0 right")
	bob.keys("0.8950", "Enter")
	bob.waitFor("answer sent to the instructor")
	teacher.waitFor("answered 2 of 2 connected")

	// The list, edited.
	ada.keys("F1")
	ada.waitFor("[Explorer]")
	ada.keys("0")
	ada.waitFor("NDCG@5 = 0.6612")

	// The state is written within a second of a change; the kill comes
	// once the edit, the answer and the score are all in the file.
	var room roomFile
	deadline := time.Now().Add(15 * time.Second)
	for {
		data, _ := os.ReadFile(filepath.Join(state, "room.json"))
		room = roomFile{}
		if json.Unmarshal(data, &room) == nil && len(room.Attendees) == 2 && room.Round != nil {
			// (The file lists the attendees in no set order.)
			a, rd := room.Attendees[0], room.Round
			if a.Name != "ada" {
				a = room.Attendees[1]
			}
			slices.SortFunc(rd.Answers, func(x, y answerIn) int { return strings.Compare(x.Name, y.Name) })
			if a.Name == "ada" && len(a.List.Items) == 5 && a.List.Items[0].Grade == 0 && a.Right == 1 && a.Total == 1 &&
				rd.Number == 2 && !rd.Ended && len(rd.Answers) == 2 && rd.Answers[0] == (answerIn{"ada", "0.55"}) &&
				rd.Answers[1] == (answerIn{"bob", "0.8950"}) {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("ada's edit and score, and both answers to round 2, never all reached the state file:\n%s", data)
		}
		time.Sleep(50 * time.Millisecond)
	}
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
	waitForExit(t, ada, adaStatus) // the attendees' connections dropped
	waitForExit(t, bob, bobStatus)

	teacher, _, _ = dashboard(t, bin, addr, flags...)
	back, _ := sshIn(t, server{port: port}, 100, 30, "ada+"+code, noKey)
	back.waitFor("welcome back: your list and your answer are as you left them")
	teacher.waitFor("ada is back, on the list they left with, from 127.0.0.1")
	back.waitFor("Quiz · round 2 · your answers: 1 of 1 right")
	back.waitFor("NDCG@3 = [0.55 ")
	back.waitFor("answer sent and counted: the working comes when the round ends")
	back.waitFor("[quiz] modified")
	back.keys("F1")
	back.waitFor("NDCG@5 = 0.6612")
	back.keys("F10") // back to the quiz
	back.waitFor("[Quiz]")

	// The restarted server ends the round it kept, with bob still
	// away, and ada's session scores the answer it kept: 0.55 is
	// wrong, 1 of 2.
	teacher.keys("F4")
	teacher.waitFor("answered 1 of 1 connected (+1 who left) · 1 right · true value 0.8950")
	back.waitFor("Quiz · round 2 · your answers: 1 of 2 right")
	back.waitFor("✗ Not quite: NDCG@3 = 0.8950; your 0.55 is off by -0.3450")

	// Bob's session never saw round 2 end: the room scores his answer
	// as he comes back, once.
	bob, bobStatus = sshIn(t, server{port: port}, 80, 24, "bob+"+bobCode, noKey)
	bob.waitForFlat("round 2 ended while you were away: your answer is scored, 1 of 1 right")
	teacher.waitFor("bob is back")
	bob.keys("F10")
	bob.waitFor("your answers: 1 of 1 right")
	bob.keys("q")
	if got := waitForExit(t, bob, bobStatus); got != "EXIT=0" {
		t.Fatalf("bob's ssh ended with %s, want EXIT=0", got)
	}
	teacher.waitFor("bob left")
	bob, _ = sshIn(t, server{port: port}, 80, 24, "bob+"+bobCode, noKey)
	bob.waitFor("welcome back")
	bob.keys("F10")
	bob.waitFor("your answers: 1 of 1 right")
	if strings.Contains(bob.flatScreen(), "ended while you were away") {
		t.Errorf("bob's answer was scored when he came back, not again:\n%s", bob.screen())
	}
}
