package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/practice"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// LessonOptions start the guided path (ndcg-explorer learn).
type LessonOptions struct {
	// Step is the step to open, from 1.
	Step int
	// Progress is the learner's progress so far; the lesson records in
	// it each step opened and each answered right.
	Progress learn.Progress
	// Save keeps the progress (learn.Progress.Save); nil keeps nothing.
	// It runs off the update loop, after each change.
	Save func(learn.Progress) error
	// ASCII and NoColor are the explorer's (Options).
	ASCII, NoColor bool
	// Path is the lesson walked (a lesson file, learn.ReadFile); nil
	// is the built-in path.
	Path *learn.Path
	// Seed draws the closing review's lists; 0 draws them from the
	// clock.
	Seed uint64
	// Room, when set, runs a step the instructor sent to an attendee of
	// serve (Offer.Step): the step's explorer is remote as the
	// attendee's is (it reads and writes no file of the server's), and
	// q, ctrl+c or going on from the last step leave the lesson (Left)
	// for the attendee's own explorer rather than end the session.
	Room *Remote
}

// Lesson is the guided path: one step at a time, the step's list in the
// explorer with, below it, the step's one instruction, its question and
// the answer's field, and a footer of only the keys the step needs. The
// explorer stays whole (its views, conventions and help), so a learner
// who wanders can look around; only the list stays as it is (keepList),
// as the question is asked of it; a number typed goes into the answer, which
// the quiz reads and judges (practice.ReadAnswer, practice.VerdictText), with the
// mistake check finds behind a wrong one in the lesson's words
// (slipText). Enter after a wrong answer shows the true one, and after
// the answer shown goes on.
type Lesson struct {
	o     LessonOptions
	inner *Model

	n     int // the step on screen, from 1
	step  learn.Step
	truth float64
	// hide are the numbers hidden until the step is answered: the
	// answer and what gives it away (learn.Step.Hidden).
	hide []learn.Hide
	err  error

	in       textfield.Model
	answered bool
	right    bool
	given    verify.Written // the answer judged
	// hint says the verdict's place holds a hint (an answer refused as
	// written, or none typed), not a verdict: the answer is still being
	// typed.
	hint bool
	// shown says the answer is on screen: answered right, or asked for
	// (enter) after a wrong answer, which until then may be tried again
	// with the answer still hidden.
	shown   bool
	verdict string
	// wholeWords say what a k or rank given is (learn.Step.JudgeWhole).
	wholeWords string

	width, height int
	innerH        int
	// The terminal's replies, given again to each step's explorer.
	bg      *tea.BackgroundColorMsg
	profile *tea.ColorProfileMsg
	// review is the closing review once the path is done (the steps
	// on screen are then its questions); reviewRight counts those
	// answered right at the first answer, judged whether the question
	// on screen has had its first.
	review      *learn.Path
	reviewRight int
	judged      bool
	// finished says the learner went on from the last step; left that
	// an attendee left a step the instructor sent (LessonOptions.Room).
	finished, left bool
	// shared is the ask whose screen the room sees (Shown), 0 for none.
	shared int
	// screen is the whole screen, drawn at the end of each Update.
	screen string
}

// lessonChars are the characters an answer is typed with: no letter, so
// that the explorer's letter keys stay the explorer's.
const lessonChars = "0123456789.,-"

// NewLesson opens step o.Step of the guided path.
func NewLesson(o LessonOptions) (*Lesson, error) {
	if o.Path == nil {
		o.Path = learn.BuiltinPath()
	}
	if _, err := o.Path.At(o.Step); err != nil {
		return nil, err
	}
	l := &Lesson{o: o, in: view.NumberInput("")}
	l.in.SetWidth(10)
	if err := l.open(o.Step); err != nil {
		return nil, err
	}
	// The first words a learner reads: how the path goes, or where
	// they are back at.
	switch p := o.Progress; {
	case o.Room != nil:
		l.inner.c.SetStatus("From the instructor: type the answer, then enter; q goes back to your list.", false)
	case len(p.Seen) == 0:
		resumes := ", learn resumes there"
		if o.Path != learn.BuiltinPath() && o.Save == nil {
			resumes = "" // a lesson read from standard input keeps none
		}
		l.inner.c.SetStatus(fmt.Sprintf("%d steps, about %d minutes; q quits%s.", o.Path.Count(), minutes(o.Path), resumes), false)
	case p.Finished() && p.Next == 0:
		// Every step answered right and the path gone through: nothing
		// was left off.
		l.inner.c.SetStatus(fmt.Sprintf("You have answered all %d steps; here is step %d again. learn N opens step N.", l.o.Path.Count(), o.Step), false)
	case o.Step == p.Resume():
		l.inner.c.SetStatus(fmt.Sprintf("Back at step %d of %d (%s), where you left off.", o.Step, l.o.Path.Count(), l.step.Title), false)
	}
	return l, nil
}

// Progress is the learner's progress, as the lesson left it.
func (l *Lesson) Progress() learn.Progress { return l.o.Progress }

// Finished reports whether the learner went on from the last step.
func (l *Lesson) Finished() bool { return l.finished }

// Step is the step on screen, from 1.
func (l *Lesson) Step() int { return l.n }

// Notice puts news from the room (the round's timer, keys dropped) on
// the step's status line.
func (l *Lesson) Notice(text string) tea.Cmd {
	l.inner.c.SetStatus(text, false)
	cmd := tea.Batch(l.inner.redraw(), l.layout())
	l.draw()
	return cmd
}

// Shown marks the step's screen as shown to the room while id (the ask
// agreed to) is not 0: its title line says so, as the explorer's does.
// The explorer behind the step keeps the ask; the step's explorer only
// draws the mark.
func (l *Lesson) Shown(id int) tea.Cmd {
	if l.shared == id {
		return nil
	}
	l.shared = id
	cmd := tea.Batch(l.inner.redraw(), l.layout())
	l.draw()
	return cmd
}

// sharedMark is the step's title mark while its screen is shown.
func (l *Lesson) sharedMark() string {
	if l.shared == 0 {
		return ""
	}
	return shareMark
}

// Left reports whether an attendee left a step the instructor sent
// (LessonOptions.Room), for their own explorer.
func (l *Lesson) Left() bool { return l.left }

// open puts step n on screen: its list in a fresh explorer.
func (l *Lesson) open(n int) error {
	st, err := l.path().At(n)
	if err != nil {
		return err
	}
	doc, err := st.Doc()
	if err != nil {
		return err
	}
	l.n, l.step = n, st
	l.truth, l.err = st.Truth()
	if l.err == nil {
		l.hide, l.err = st.Hidden()
	}
	var remote *Remote
	if r := l.o.Room; r != nil {
		// Only the bound on the list: the step's answers are the
		// attendee's own, not the room's.
		remote = &Remote{MaxItems: r.MaxItems}
	}
	l.inner = New(Options{Doc: doc, Settings: st.Opens, ASCII: l.o.ASCII, NoColor: l.o.NoColor, Remote: remote})
	l.inner.deco.mark = l.sharedMark
	if remote != nil {
		// q leaves the step for the attendee's list: the help says so.
		l.inner.c.Keys.Quit = common.As(l.inner.c.Keys.Quit, "q", "your list")
	}
	// The greeting speaks of digits setting grades: here they type the
	// answer, as the footer says.
	l.inner.c.SetStatus("", false)
	l.inner.greeting.said = ""
	l.inner.help.answering = true
	l.inner.c.Answering = true
	l.in.SetValue("")
	l.in.Focus()
	l.answered, l.right, l.shown, l.hint, l.verdict, l.judged = false, false, false, false, "", false
	if l.bg != nil {
		l.inner.Update(*l.bg)
	}
	if l.profile != nil {
		l.inner.Update(*l.profile)
	}
	if l.review == nil {
		l.o.Progress.Opened(n)
	}
	// A fresh explorer: laid out at the next layout.
	l.innerH = -1
	return nil
}

// Init asks the terminal for its background, as the explorer does.
func (l *Lesson) Init() tea.Cmd { return l.inner.Init() }

// Update routes a message: a number typed and enter to the answer,
// everything else to the explorer; then the explorer is given the
// height the lesson's lines leave it, and the screen is drawn.
func (l *Lesson) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := l.update(msg)
	cmd = tea.Batch(cmd, l.layout())
	l.draw()
	return l, cmd
}

func (l *Lesson) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		l.width, l.height = msg.Width, msg.Height
		l.innerH = -1
		return nil
	case tea.BackgroundColorMsg:
		l.bg = &msg
	case tea.ColorProfileMsg:
		l.profile = &msg
	case tea.PasteMsg:
		if !l.explorerHasKeys() && !l.shown {
			// A number pasted is an answer, as one typed is.
			l.retry()
			l.in.Insert(view.NumberPaste(msg.Content))
			return nil
		}
		return l.explorerUpdate(msg)
	case tea.KeyPressMsg:
		if cmd, ok := l.key(msg); ok {
			// The explorer's status line may have changed: drawn again.
			return tea.Batch(cmd, l.inner.redraw())
		}
		return l.explorerUpdate(msg)
	}
	_, cmd := l.inner.Update(msg)
	return cmd
}

// explorerHasKeys reports whether a dialog, the help or a field of the
// explorer has the keys: then they are all the explorer's.
func (l *Lesson) explorerHasKeys() bool { return l.inner.CapturesEsc() }

// key handles the keys the lesson takes; ok false leaves msg to the
// explorer.
func (l *Lesson) key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := l.inner.c.Keys
	if msg.String() == "ctrl+c" || !l.explorerHasKeys() && key.Matches(msg, k.Quit) {
		// Nothing to save: the lists are the samples, and the progress
		// is kept as it changes.
		if l.o.Room != nil {
			l.left = true
			return nil, true
		}
		return tea.Quit, true
	}
	if l.explorerHasKeys() {
		return nil, false
	}
	typed := msg.Text != "" && strings.Trim(msg.Text, lessonChars) == ""
	editing := l.in.Value() != "" && textfield.Keys.Edits(msg)
	switch {
	case key.Matches(msg, k.Confirm):
		return l.enter(), true
	case typed || editing:
		if l.shown {
			said := "answered right"
			if !l.right {
				said = "the answer is on screen"
			}
			l.inner.c.SetStatus(fmt.Sprintf("%s: enter goes on to %s", said, l.nextName()), false)
			return nil, true
		}
		l.retry()
		l.in.Update(msg)
		return nil, true
	case key.Matches(msg, k.Cancel) && l.in.Value() != "" && !l.shown:
		// A fresh start for the answer, after a verdict too.
		l.retry()
		l.in.SetValue("")
		return nil, true
	case k.Edits(msg) || key.Matches(msg, openKey):
		l.keepList()
		return nil, true
	}
	return nil, false
}

// keepList says why the list stays as it is: the question is asked of
// it, and an edit would bring out what is hidden until the answer.
func (l *Lesson) keepList() {
	open := "ndcg-explorer --grades " + l.step.Grades
	if l.step.Sample != "" {
		open = "ndcg-explorer sample:" + l.step.Sample
	}
	l.inner.c.SetStatus(fmt.Sprintf("the step's list stays as it is: the question asks about it (%s opens it to edit)", open), true)
}

// explorerUpdate gives msg to the explorer; an edit of the list that
// got past the keys the lesson refuses (a view's own key, a field's
// enter) is undone, as the question is asked of the step's list.
func (l *Lesson) explorerUpdate(msg tea.Msg) tea.Cmd {
	ws := l.inner.c.WS
	before := ws.List().Clone()
	_, cmd := l.inner.Update(msg)
	if after := ws.List(); ws == l.inner.c.WS && (!slices.Equal(before.Items, after.Items) || !slices.Equal(before.Pool, after.Pool)) {
		if ed, ok := ws.Undo(); ok {
			l.inner.changed(ed)
		}
		l.keepList()
		return tea.Batch(cmd, l.inner.redraw())
	}
	return cmd
}

// retry opens a wrong answer for another try, as a key typed or a
// number pasted after it does: the verdict goes with the answer it
// judged, and the answer stays, the cursor at its end, to be corrected
// (after "1.8 fits too many values", 9 makes 1.89, Backspace takes one
// character off).
func (l *Lesson) retry() {
	if l.answered || l.hint {
		l.answered, l.hint, l.verdict = false, false, ""
		l.in.SetValue(l.in.Value())
		l.in.Focus()
	}
}

// enter answers; after a wrong answer, shows the true one; once it is
// shown, goes on.
func (l *Lesson) enter() tea.Cmd {
	if l.answered && !l.shown && l.step.Whole() {
		l.shown = true
		l.verdict = view.VerdictMark(l.inner.c, false) + fmt.Sprintf(" The %s is %s; your %s: %s", l.step.Label(),
			strconv.FormatFloat(l.truth, 'f', 0, 64), l.given, l.wholeWords)
		return nil
	}
	if l.answered && !l.shown {
		l.shown = true
		l.verdict = practice.VerdictText(l.inner.c, l.step.Label(), l.truth, l.given, "", "", "") + slipText(l.step.Diagnose(l.given))
		return nil
	}
	if l.answered {
		if l.next() > l.path().Count() {
			if l.review == nil {
				l.o.Progress.Done()
			}
			if l.review == nil && l.o.Room == nil && l.o.Path == learn.BuiltinPath() {
				// The review draws on the built-in path's ideas; a
				// lesson of an instructor's ends with its last step.
				return tea.Batch(l.save(), l.startReview())
			}
			l.finished = true
			if l.o.Room != nil {
				l.left = true
				return nil
			}
			return tea.Sequence(l.save(), tea.Quit)
		}
		if err := l.open(l.next()); err != nil {
			l.inner.c.SetStatus(err.Error(), true)
			return nil
		}
		return l.save()
	}
	if l.err != nil {
		l.inner.c.SetStatus("this step cannot be computed: "+l.err.Error(), true)
		return nil
	}
	text := strings.TrimSpace(l.in.Value())
	if text == "" {
		l.hint, l.verdict = true, fmt.Sprintf("Type %s, then enter.", l.step.Label())
		return nil
	}
	if l.step.Whole() {
		return l.enterWhole(text)
	}
	w, refused := practice.ReadAnswer(text, l.step.Label(), l.step.MinDecimals())
	if refused != "" && !l.slipShown(w) {
		// Said where verdicts are, under the field; the answer stays
		// as typed, to be corrected.
		l.hint, l.verdict = true, refused
		return nil
	}
	l.answered, l.right, l.given = true, w.Holds(l.truth), w
	if l.review != nil && !l.judged && l.right {
		l.reviewRight++
	}
	l.judged = true
	if l.right {
		l.shown = true
		l.verdict = practice.VerdictText(l.inner.c, l.step.Label(), l.truth, w, "", "", "")
	} else {
		// Not the true value, nor how far off: the learner may try
		// again, the slip named, the screen's numbers still hidden.
		l.verdict = wrongText(l.inner.c, l.step.Label(), l.truth, w) + slipText(l.step.Diagnose(w))
		if h := l.step.Hint; h != "" {
			l.verdict += " Hint: " + h
		}
	}
	return l.judgedDone()
}

// save keeps the progress off the update loop; a failure is said on the
// status line, and the lesson goes on.
func (l *Lesson) save() tea.Cmd {
	if l.o.Save == nil {
		return nil
	}
	p, save := l.o.Progress, l.o.Save
	p.Right = append([]int(nil), p.Right...)
	p.Seen = append([]int(nil), p.Seen...)
	return func() tea.Msg {
		if err := save(p); err != nil {
			return common.StatusMsg{Text: "your progress is not kept: " + err.Error(), Err: true}
		}
		return nil
	}
}
