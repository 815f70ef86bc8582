package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
	"github.com/ndcg-explorer/ndcg-explorer/learn"
)

// startLearn runs bin learn with args in an 80×24 session of a tmux
// server of its own, progress kept under config; the shell writes the
// exit status to status, then keeps the pane open to be read.
func startLearn(t *testing.T, bin, config string, args ...string) (x tmux, status string) {
	t.Helper()
	return startLearnAt(t, bin, config, 80, 24, args...)
}

// startLearnAt is startLearn in a w×h session.
func startLearnAt(t *testing.T, bin, config string, w, h int, args ...string) (x tmux, status string) {
	t.Helper()
	dir := t.TempDir()
	x = tmux{t: t, socket: filepath.Join(dir, "tmux.sock")}
	status = filepath.Join(dir, "status")
	cmd := []string{shellQuote(bin), "learn"}
	for _, a := range args {
		cmd = append(cmd, shellQuote(a))
	}
	script := fmt.Sprintf("%s; echo EXIT=$? > %s; sleep 30", strings.Join(cmd, " "), shellQuote(status))
	x.run("new-session", "-d", "-s", "e2e", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), "-c", dir,
		"-e", "NO_COLOR=", "-e", "XDG_CONFIG_HOME="+config, script)
	t.Cleanup(func() { _, _ = x.try("kill-server") })
	return x, status
}

// flatScreen is the screen with its lines joined by spaces, so that text
// the width wrapped reads as one.
func (x tmux) flatScreen() string { return strings.Join(strings.Fields(x.screen()), " ") }

// waitForFlat polls the screen until, its lines joined, it contains want.
func (x tmux) waitForFlat(want string) {
	x.t.Helper()
	var s string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if s = x.flatScreen(); strings.Contains(s, want) {
			return
		}
	}
	x.t.Fatalf("the screen never showed %q; it shows:\n%s", want, x.screen())
}

// TestLearnStepsAsAPerson walks each step of the path at 80×24 and
// 60×20 as a learner: the step's instruction, the keys it needs and its
// question are on screen; until the answer is given no number on screen
// reads as it (the answer key's, as learn --answers --format json
// prints it, rounded as the question asks) after each key the step
// names; the step's typical slip is judged wrong, with the mistake
// named, and the true value right. The true values are the hand
// arithmetic of learn/steps_test.go (TestTruthIsHandArithmetic), rounded
// here to the decimals each question asks for.
func TestLearnStepsAsAPerson(t *testing.T) {
	testenv.Slow(t)
	testenv.Tool(t, "tmux", "tmux")
	bin := build(t)
	out, err := exec.Command(bin, "learn", "--answers", "--format", "json").Output()
	if err != nil {
		t.Fatal(err)
	}
	var key struct {
		Steps []struct {
			Step   int
			Title  string
			Answer float64
		}
	}
	if err := json.Unmarshal(out, &key); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	steps := []struct {
		keys []string // what the instruction asks
		sees string   // on screen once done
		help []string // the footer's words for the step's keys, at 80 columns
		want string   // the true answer, rounded
	}{
		{nil, "DCG@5 = ??.????", nil, "1.89"},
		{[]string{"F2"}, "[working]", []string{"working", "explorer"}, "12.39"},
		{nil, "IDCG@5 = ??.????", nil, "13.35"},
		{nil, "NDCG@5 = ?.????", nil, "0.96"},
		{nil, "NDCG@3 = ?.????", nil, "0.80"},
		{[]string{"[", "["}, "k=3", []string{"k − 1", "k + 1"}, "0.76"},
		{nil, "NDCG@10 = ?.????", nil, "0.67"},
		{[]string{"p", "p"}, "ties worst", []string{"tie policy"}, "0.59"},
		{[]string{"g"}, "gain linear", []string{"gain"}, "0.75"},
		{[]string{"z"}, "zero→1", []string{"IDCG=0 rule"}, "1.00"},
		{[]string{"i"}, "IDCG judged", []string{"IDCG source"}, "0.28"},
		{[]string{"p", "p", "p", "p", "i"}, "ties docno · IDCG judged", []string{"tie policy"}, "0.81"},
		{[]string{"F9"}, "[check]", []string{"check", "explorer"}, "6.3235"},
	}
	if len(steps) != learn.Count() || len(key.Steps) != learn.Count() {
		t.Fatalf("the walk has %d steps, the answer key %d, the path %d", len(steps), len(key.Steps), learn.Count())
	}
	for _, size := range [][2]int{{80, 24}, {60, 20}} {
		for i, c := range steps {
			n := i + 1
			st := learn.Steps[i]
			t.Run(fmt.Sprintf("%dx%d/%d", size[0], size[1], n), func(t *testing.T) {
				x, _ := startLearnAt(t, bin, t.TempDir(), size[0], size[1], strconv.Itoa(n))
				x.waitFor(fmt.Sprintf("Step %d of %d", n, learn.Count()))
				x.waitForFlat(st.Question)
				hidden := func(after string) {
					t.Helper()
					if num := readsAs(x.screen(), key.Steps[i].Answer, st.MinDecimals()); num != "" {
						t.Errorf("%s: %s on screen gives the answer %v away:\n%s", after, num, key.Steps[i].Answer, x.screen())
					}
				}
				hidden("opened")
				if size[0] == 80 {
					x.waitForFlat(strings.Join(strings.Fields(strings.SplitN(st.Instruction, "{", 2)[0]), " "))
					lines := strings.Split(strings.TrimRight(x.screen(), "\n"), "\n")
					footer := lines[len(lines)-1]
					for _, h := range c.help {
						if !strings.Contains(footer, h) {
							t.Errorf("the footer does not name %q: %s", h, footer)
						}
					}
					if !strings.Contains(footer, "enter answer") || strings.Contains(footer, "set grade") {
						t.Errorf("the footer is not the step's: %s", footer)
					}
				}
				x.fits(size[0])

				for _, k := range c.keys {
					x.keys(k)
					time.Sleep(100 * time.Millisecond)
					hidden("after " + k)
				}
				x.waitFor(c.sees)

				if st.Slip != "" {
					x.keys(st.Slip, "Enter")
					x.waitForFlat("✗ Not quite: your " + st.Slip + " for " + st.Label())
					x.waitForFlat("Likely slip: you ")
					x.waitForFlat(st.SlipIs)
					hidden("after the slip")
					// The answer stays to be corrected: Backspace takes
					// it off a character at a time.
					for range st.Slip {
						x.keys("BSpace")
					}
				}

				x.keys(c.want, "Enter")
				x.waitForFlat("✓ Right: " + st.Label())
				x.fits(size[0])
			})
		}
	}
}

// readsAs is what on screen gives the answer a away: a number that,
// written with decimals decimals or more, rounds as a does, or two
// numbers whose quotient reads as a whatever they stand for as written
// and holds the answer key's four decimals (a whole number is exact);
// "" when nothing does. (ui's TestLessonWalkGivesNothingAway makes the
// same search on the model's screen.)
func readsAs(screen string, a float64, decimals int) string {
	want := strconv.FormatFloat(a, 'f', decimals, 64)
	type num struct {
		text   string
		v, err float64
	}
	var nums []num
	for _, m := range regexp.MustCompile(`\d+(\.\d+)?`).FindAllString(screen, -1) {
		v, err := strconv.ParseFloat(m, 64)
		if err != nil {
			continue
		}
		d := 0
		if i := strings.IndexByte(m, '.'); i >= 0 {
			d = len(m) - i - 1
		}
		if d >= decimals && strconv.FormatFloat(v, 'f', decimals, 64) == want {
			return m
		}
		e := 0.0
		if d > 0 {
			e = 0.5 * math.Pow(10, -float64(d))
		}
		nums = append(nums, num{m, v, e})
	}
	if a == 0 || a == 1 {
		return ""
	}
	for _, x := range nums {
		for _, y := range nums {
			if x.v == 0 || y.v == 0 || x.v == y.v {
				continue
			}
			lo, hi := (x.v-x.err)/(y.v+y.err), (x.v+x.err)/(y.v-y.err)
			if lo <= a+5e-5 && hi >= a-5e-5 && strconv.FormatFloat(lo, 'f', decimals, 64) == want && strconv.FormatFloat(hi, 'f', decimals, 64) == want {
				return x.text + " / " + y.text
			}
		}
	}
	return ""
}

// TestLearnResumes: a learner answers step 1, goes on, quits at step 2;
// the shell is told what was covered, and learn then opens step 2.
func TestLearnResumes(t *testing.T) {
	testenv.Slow(t)
	testenv.Tool(t, "tmux", "tmux")
	bin := build(t)
	config := t.TempDir()

	x, status := startLearn(t, bin, config)
	x.waitFor("Step 1 of 13: gain and discount")
	x.keys("1.89", "Enter")
	x.waitForFlat("✓ Right: rank 2's term = 1.8928")
	x.keys("Enter")
	x.waitFor("Step 2 of 13: DCG")
	x.keys("q")
	x.waitFor("Next: step 2 (DCG).")
	x.waitFor("   1  gain and discount               answered right")
	x.waitFor("   2  DCG                             opened, not yet right")
	waitStatus(t, status, "EXIT=0")
	if _, err := os.Stat(filepath.Join(config, "ndcg-explorer", "learn.json")); err != nil {
		t.Fatalf("no progress file: %v", err)
	}

	x, _ = startLearn(t, bin, config)
	x.waitFor("Step 2 of 13: DCG")

	// Step 2 answered and q at once, as the screen suggests: learn
	// resumes past it, where it asked step 2 again.
	x.keys("12.39", "Enter")
	x.waitForFlat("✓ Right: DCG@3")
	x.keys("q")
	x.waitFor("Next: step 3 (the ideal ranking and IDCG).")
	x, _ = startLearn(t, bin, config)
	x.waitFor("Step 3 of 13: the ideal ranking and IDCG")
}

// waitStatus polls the file the shell writes the exit status to.
func waitStatus(t *testing.T, path, want string) {
	t.Helper()
	var got []byte
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		got, _ = os.ReadFile(path)
		if strings.TrimSpace(string(got)) == want {
			return
		}
	}
	t.Fatalf("exit status %q, want %s", got, want)
}

// TestNewcomerIsOffered: the bare program greets with the guided path;
// the explorer is there as ever, and a list named opens without the
// offer.
func TestNewcomerIsOffered(t *testing.T) {
	testenv.Slow(t)
	testenv.Tool(t, "tmux", "tmux")
	x, _, _ := start(t, 80, 24)
	x.waitFor("New to NDCG? q, then ndcg-explorer learn. Or: a digit sets a grade, v the views.")
	x.waitFor("NDCG@3 = 0.7263")
	x.fits(80)

	x, _, _ = start(t, 80, 24, "sample:ties-at-k")
	s := x.waitFor("n shows its notes; a digit sets a grade, v the views, ? help.")
	if strings.Contains(s, "learn") {
		t.Errorf("a list named, and still the offer:\n%s", s)
	}
}
