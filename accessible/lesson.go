package accessible

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// The guided path in plain lines: a small adapter over package learn's
// step API (Steps, Instructions, Question, Truth, Hidden, Diagnose), as
// the explorer's lesson is over its screens.

// commandOf names a step's key as the command that does it here, for
// the step's instruction ("Press {ties} twice" reads "Press ties twice").
// The check view's key reads as the check of the claim the step's list
// carries for the quantity asked ("check idcg 6.324"), or of the number
// the learner will type.
func (l *lesson) commandOf(k learn.Key) string {
	switch k {
	case learn.KeyKDown:
		return "k down"
	case learn.KeyKUp:
		return "k up"
	case learn.KeyTies:
		return "ties"
	case learn.KeyGain:
		return "gain"
	case learn.KeyWorking:
		return "working"
	case learn.KeyTiesView:
		return "groups"
	case learn.KeyCheck:
		return l.checkAs
	case learn.KeyBack:
		return "list"
	}
	return string(k)
}

// checkCommand is the check command a step's instruction names: the
// claim its list carries for the quantity asked, or the quantity with
// the number left to the learner.
func checkCommand(st learn.Step, claims *listio.Claims) string {
	what := strings.ToLower(st.Asks.String())
	if st.Asks != verify.DCG && st.Asks != verify.IDCG && st.Asks != verify.NDCG {
		what = "ndcg"
	}
	if claims != nil {
		for _, c := range []struct {
			q verify.Quantity
			n *listio.Number
		}{{verify.DCG, claims.DCG}, {verify.IDCG, claims.IDCG}, {verify.NDCG, claims.NDCG}} {
			if c.q == st.Asks && c.n != nil && c.n.Text != "" {
				return "check " + what + " " + c.n.Text
			}
		}
	}
	return "check " + what + " and a number"
}

// example is a check command to give as an example: the step's own
// when its list carries the claim.
func (l *lesson) example() string {
	if strings.HasSuffix(l.checkAs, " and a number") {
		return "check ndcg 0.76"
	}
	return l.checkAs
}

// Learn walks path (nil: the built-in one) from step n, reading
// commands and answers from in, a line each, until the last step is
// answered, "quit" or the end of in. p is the progress kept; save, if
// not nil, keeps it after each step answered or opened. It returns the
// progress made.
func Learn(in io.Reader, out io.Writer, path *learn.Path, n int, p learn.Progress, save func(learn.Progress) error) (learn.Progress, error) {
	if path == nil {
		path = learn.BuiltinPath()
	}
	l := &lesson{out: out, path: path, p: p, save: save}
	if err := l.open(n); err != nil {
		return l.p, err
	}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		more, err := l.line(sc.Text())
		if err != nil || !more {
			return l.p, err
		}
	}
	return l.p, sc.Err()
}

// lesson is the step on the line.
type lesson struct {
	out  io.Writer
	path *learn.Path
	n    int
	// checkAs is the check command the step's instruction names.
	checkAs  string
	step     learn.Step
	x        *session
	truth    float64
	hidden   []learn.Hide
	answered bool
	p        learn.Progress
	save     func(learn.Progress) error
}

func (l *lesson) say(format string, a ...any) { fmt.Fprintf(l.out, format+"\n", a...) }

// open puts step n on the line: its title, instruction, list and
// question.
func (l *lesson) open(n int) error {
	st, err := l.path.At(n)
	if err != nil {
		return err
	}
	doc, err := st.Doc()
	if err != nil {
		return err
	}
	truth, err := st.Truth()
	if err != nil {
		return err
	}
	hidden, err := st.Hidden()
	if err != nil {
		return err
	}
	l.n, l.step, l.truth, l.hidden, l.answered = n, st, truth, hidden, false
	l.checkAs = checkCommand(st, doc.Claims)
	l.x = &session{name: doc.Heading(), list: doc.List.Clone(), s: st.Opens, out: l.out, hide: l.hides,
		noEdit: "The question is asked of this list as it is, so its grades stay. After the path, ndcg-explorer --accessible " +
			listArgs(st) + " opens it to edit."}
	if err := l.x.compute(); err != nil {
		return err
	}
	l.p.Opened(n)
	l.keep()
	l.say("Step %d of %d: %s.", n, l.path.Count(), st.Title)
	l.say("%s", st.Instructions(l.commandOf))
	l.x.list_()
	l.say("Question: %s Type your answer as a number; help lists the commands.", st.Question)
	return nil
}

// listArgs is how the explorer opens a step's list: its sample, or the
// grades (and scores) the step gives; the flags carry no pool, so a
// step's judged items the list missed are said to be left behind.
func listArgs(st learn.Step) string {
	if st.Sample != "" {
		return "sample:" + st.Sample
	}
	a := "--grades " + st.Grades
	if st.Scores != "" {
		a += " --scores " + st.Scores
	}
	if st.Pool != "" {
		a += " (without the judged items it missed)"
	}
	return a
}

// hides is whether x written with d decimals would give the answer away
// before it is given: the numbers learn.Step.Hidden names, from the
// decimals each is hidden at.
func (l *lesson) hides(x float64, d int) bool {
	if l.answered {
		return false
	}
	for _, h := range l.hidden {
		if d >= h.Decimals && math.Abs(x-h.Value) < 0.5*math.Pow(10, -float64(d)) {
			return true
		}
	}
	return false
}

// line reads one line of the lesson: an answer, next, or a command of
// the explorer's.
func (l *lesson) line(text string) (bool, error) {
	t := strings.TrimSpace(text)
	f := strings.Fields(strings.ToLower(t))
	if len(f) == 0 {
		return true, nil
	}
	if _, err := strconv.ParseFloat(strings.TrimPrefix(f[0], "answer"), 64); err == nil || f[0] == "answer" {
		l.answer(strings.TrimSpace(strings.TrimPrefix(strings.ToLower(t), "answer")))
		return true, nil
	}
	switch f[0] {
	case "next", "n":
		if !l.answered {
			d := 4
			if l.step.Whole() {
				d = 0 // a k or a rank
			}
			l.say("The answer was %s: %s.", l.step.Label(), strconv.FormatFloat(l.truth, 'f', d, 64))
		}
		if l.n >= l.path.Count() {
			l.p.Done()
			l.keep()
			l.say("That was the last step. You covered the path; ndcg-explorer --accessible opens a list of your own.")
			return false, nil
		}
		return true, l.open(l.n + 1)
	case "step":
		n, err := strconv.Atoi(strings.Join(f[1:], ""))
		if err != nil || n < 1 || n > l.path.Count() {
			l.say("Which step? Give a number from 1 to %d, as in step 2.", l.path.Count())
			return true, nil
		}
		return true, l.open(n)
	case "question":
		l.say("Question: %s", l.step.Question)
		return true, nil
	case "help", "?", "h":
		l.say("Type your answer as a number, as in 1.26. next goes to the next step, step 3 to step 3, question repeats the question.")
		l.say("The explorer's commands work on the step's list:")
		for _, h := range helpLines {
			l.say("%s", h)
		}
		return true, nil
	case "check", "c":
		// Before the answer, only where the step is about checking, and
		// without the true value: elsewhere it would check guesses.
		switch {
		case l.answered:
		case slices.Contains(l.step.Keys, learn.KeyCheck):
			l.checkBrief(f[1:])
			return true, nil
		default:
			l.say("check comes once you have answered: it would judge a guess. Type your answer as a number.")
			return true, nil
		}
	}
	return l.x.command(t), nil
}

// checkBrief checks a claim before the step is answered: whether it
// holds, and if not, package verdict's finding in a few words, without
// the true value, which may be the answer.
func (l *lesson) checkBrief(f []string) {
	if len(f) != 2 {
		l.say("Check what? Say check ndcg, check dcg or check idcg, then the number, as in %s.", l.example())
		return
	}
	w, err := verify.ParseWritten(f[1])
	if err != nil {
		l.say("%s", err)
		return
	}
	c, ok := claimOf(f[0], w)
	if !ok {
		l.say("Check what? Say check ndcg, check dcg or check idcg, then the number, as in %s.", l.example())
		return
	}
	rep, err := verify.Check(l.x.list, l.x.s, c)
	if err != nil {
		l.say("Not checked: %v.", err)
		return
	}
	v := rep.Verdicts[0]
	head := fmt.Sprintf("%s: claimed %s (%s).", v.Claim.Label(l.x.s.KString()), v.Claim, verdict.Tolerance(v.Claim.Written))
	if v.Holds {
		l.say("%s It holds.", head)
		return
	}
	l.say("%s It does not hold: %s.", head, verdict.Of(rep, 0).Summary())
}

// answer judges an answer: right, or not yet with the slip check finds
// behind it, without the true value until it is right or the learner
// goes on.
func (l *lesson) answer(text string) {
	if l.step.Whole() {
		l.answerWhole(text)
		return
	}
	w, err := verify.ParseWritten(text)
	if err != nil {
		l.say("%s", err)
		return
	}
	label := l.step.Label()
	if w.Decimals() < l.step.MinDecimals() && !w.Holds(l.truth) {
		d := l.step.Diagnose(w)
		if d.Slip == "" || d.Guess {
			l.say("Give %s to %d decimals: %s has %d.", label, l.step.MinDecimals(), w, w.Decimals())
			return
		}
	}
	if w.Holds(l.truth) {
		l.answered = true
		l.p.Answered(l.n)
		l.keep()
		l.say("Right: %s is %s. Type next for the next step.", label, strconv.FormatFloat(l.truth, 'f', 4, 64))
		return
	}
	way := "high"
	if w.Value < l.truth {
		way = "low"
	}
	out := fmt.Sprintf("Not quite: your %s for %s is too %s.", w, label, way)
	switch d := l.step.Diagnose(w); {
	case d.Slip != "" && d.Guess:
		out += " A guess, as two decimals fit many slips: perhaps " + d.Slip + "."
	case d.Slip != "":
		out += " Likely slip: " + d.Slip + "."
	}
	l.say("%s Try again, or type next to go on.", out)
}

// answerWhole judges a k or a rank as the lesson on screen does
// (learn.Step.JudgeWhole).
func (l *lesson) answerWhole(text string) {
	g, right, words, refused := l.step.JudgeWhole(text)
	switch {
	case refused != "":
		l.say("%s.", refused)
	case right:
		l.answered = true
		l.p.Answered(l.n)
		l.keep()
		l.say("Right: the %s is %d; %s Type next for the next step.", l.step.Label(), g, words)
	default:
		l.say("Not quite: %s Try again, or type next to go on.", words)
	}
}

// keep saves the progress, and says so when it cannot.
func (l *lesson) keep() {
	if l.save == nil {
		return
	}
	if err := l.save(l.p); err != nil {
		l.say("Your progress is not kept: %v.", err)
	}
}
