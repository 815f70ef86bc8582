package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
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
}

// Lesson is the guided path: one step at a time, the step's list in the
// explorer with, below it, the step's one instruction, its question and
// the answer's field, and a footer of only the keys the step needs. The
// explorer stays whole (every key it has still works), so a learner who
// wanders can look around; a number typed goes into the answer, which
// the quiz reads and judges (readAnswer, verdictText), with the mistake
// check finds behind a wrong one. Enter after the verdict goes on.
type Lesson struct {
	o     LessonOptions
	inner *Model

	n     int // the step on screen, from 1
	step  learn.Step
	truth float64
	err   error

	in       textField
	answered bool
	right    bool
	verdict  string

	width, height int
	innerH        int
	// The terminal's replies, given again to each step's explorer.
	bg      *tea.BackgroundColorMsg
	profile *tea.ColorProfileMsg
	// finished says the learner went on from the last step.
	finished bool
	// screen is the whole screen, drawn at the end of each Update.
	screen string
}

// lessonChars are the characters an answer is typed with: no letter, so
// that the explorer's letter keys stay the explorer's.
const lessonChars = "0123456789.,-"

// NewLesson opens step o.Step of the guided path.
func NewLesson(o LessonOptions) (*Lesson, error) {
	if _, err := learn.At(o.Step); err != nil {
		return nil, err
	}
	l := &Lesson{o: o, in: numberInput("")}
	l.in.SetWidth(10)
	if err := l.open(o.Step); err != nil {
		return nil, err
	}
	// The first words a learner reads: how the path goes, or where
	// they are back at.
	switch p := o.Progress; {
	case len(p.Seen) == 0:
		l.inner.c.SetStatus(fmt.Sprintf("%d steps, about 15 minutes. Type each answer, then enter; q quits, learn resumes.", learn.Count()), false)
	case o.Step == p.Resume():
		l.inner.c.SetStatus(fmt.Sprintf("Back at step %d of %d (%s), where you left off.", o.Step, learn.Count(), l.step.Title), false)
	}
	return l, nil
}

// Progress is the learner's progress, as the lesson left it.
func (l *Lesson) Progress() learn.Progress { return l.o.Progress }

// Finished reports whether the learner went on from the last step.
func (l *Lesson) Finished() bool { return l.finished }

// Step is the step on screen, from 1.
func (l *Lesson) Step() int { return l.n }

// open puts step n on screen: its list in a fresh explorer.
func (l *Lesson) open(n int) error {
	st, err := learn.At(n)
	if err != nil {
		return err
	}
	doc, err := st.Doc()
	if err != nil {
		return err
	}
	l.n, l.step = n, st
	l.truth, l.err = st.Truth()
	l.inner = New(Options{Doc: doc, Settings: st.Opens, ASCII: l.o.ASCII, NoColor: l.o.NoColor})
	// The greeting speaks of digits setting grades: here they type the
	// answer, as the footer says.
	l.inner.c.SetStatus("", false)
	l.inner.greeted = ""
	l.in.SetValue("")
	l.in.Focus()
	l.answered, l.right, l.verdict = false, false, ""
	if l.bg != nil {
		l.inner.Update(*l.bg)
	}
	if l.profile != nil {
		l.inner.Update(*l.profile)
	}
	l.o.Progress.Opened(n)
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
		if !l.explorerHasKeys() && !(l.answered && l.right) {
			// A number pasted is an answer, as one typed is.
			l.retry()
			l.in.Insert(numberPaste(msg.Content))
			return nil
		}
	case tea.KeyPressMsg:
		if cmd, ok := l.key(msg); ok {
			// The explorer's status line may have changed: drawn again.
			return tea.Batch(cmd, l.inner.redraw())
		}
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
		return tea.Quit, true
	}
	if l.explorerHasKeys() {
		return nil, false
	}
	typed := msg.Text != "" && strings.Trim(msg.Text, lessonChars) == ""
	editing := l.in.Value() != "" && fieldKeys.edits(msg)
	switch {
	case key.Matches(msg, k.Confirm):
		return l.enter(), true
	case typed || editing:
		if l.answered && l.right {
			l.inner.c.SetStatus(fmt.Sprintf("answered right: enter goes on to %s", l.nextName()), false)
			return nil, true
		}
		l.retry()
		l.in.Update(msg)
		return nil, true
	case key.Matches(msg, k.Cancel) && l.in.Value() != "" && !l.answered:
		l.in.SetValue("")
		return nil, true
	}
	return nil, false
}

// retry clears a wrong answer for another try, as a number typed or
// pasted after it starts one: the verdict goes with the answer it judged.
func (l *Lesson) retry() {
	if l.answered {
		l.answered, l.verdict = false, ""
		l.in.SetValue("")
		l.in.Focus()
	}
}

// nextName is where enter goes once the step is answered.
func (l *Lesson) nextName() string {
	if l.n >= learn.Count() {
		return "the end of the path"
	}
	return fmt.Sprintf("step %d", l.n+1)
}

// enter answers, or, once answered, goes on.
func (l *Lesson) enter() tea.Cmd {
	if l.answered {
		if l.n >= learn.Count() {
			l.finished = true
			l.o.Progress.Done()
			return tea.Sequence(l.save(), tea.Quit)
		}
		if err := l.open(l.n + 1); err != nil {
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
		l.inner.c.SetStatus(fmt.Sprintf("type %s, then enter", l.step.Label()), true)
		return nil
	}
	w, refused := readAnswer(text, l.step.Label(), l.step.MinDecimals())
	if refused != "" {
		l.inner.c.SetStatus(refused, true)
		l.in.Select()
		return nil
	}
	l.answered, l.right = true, w.Holds(l.truth)
	mistake := ""
	if !l.right {
		mistake = l.step.Diagnose(w)
	}
	l.verdict = verdictText(l.inner.c, l.step.Label(), l.truth, w, mistake, "", "")
	l.in.Blur()
	l.inner.c.SetStatus("", false)
	if l.right {
		l.o.Progress.Answered(l.n)
		return l.save()
	}
	return nil
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
			return statusMsg{Text: "your progress is not kept: " + err.Error(), Err: true}
		}
		return nil
	}
}

// stepKey is the explorer's binding for a key a step needs, in the
// explorer's own words, and whether it has one.
func (l *Lesson) stepKey(k learn.Key) (key.Binding, bool) {
	km := l.inner.c.Keys
	viewNamed := func(name string) (key.Binding, bool) {
		for i, r := range views {
			if r.name == name && i < len(km.Views) {
				return km.Views[i], true
			}
		}
		return key.Binding{}, false
	}
	switch k {
	case learn.KeyKDown:
		return km.KDown, true
	case learn.KeyKUp:
		return km.KUp, true
	case learn.KeyTies:
		return km.Ties, true
	case learn.KeyGain:
		return km.Gain, true
	case learn.KeyWorking:
		return viewNamed("working")
	case learn.KeyCheck:
		return viewNamed("check")
	case learn.KeyBack:
		return viewNamed("explorer")
	}
	return key.Binding{}, false
}

// keyName is how the instruction writes a key: as the help does.
func (l *Lesson) keyName(k learn.Key) string {
	if b, ok := l.stepKey(k); ok {
		return b.Help().Key
	}
	return string(k)
}

// footerKeys are the step's keys, then the lesson's own.
func (l *Lesson) footerKeys() []key.Binding {
	var out []key.Binding
	for _, k := range l.step.Keys {
		if b, ok := l.stepKey(k); ok {
			out = append(out, b)
		}
	}
	enter := "answer"
	if l.answered {
		enter = "go on"
	}
	return append(out, as(l.inner.c.Keys.Confirm, "enter", enter))
}

// panel is the lesson's lines under the explorer, the footer last.
func (l *Lesson) panel() []string {
	w := l.width
	st := l.inner.c.Styles
	wrapped := func(text string) []string { return strings.Split(wrap(text, w), "\n") }
	head := st.PanelTitle.Render(fmt.Sprintf("Step %d of %d: %s", l.n, learn.Count(), l.step.Title))
	lines := wrapped(head + " " + strings.Repeat(st.G.Rule, max(w-cellWidth(head)-1, 0)))[:1]
	lines = append(lines, wrapped(l.step.Instructions(l.keyName))...)
	field := st.Header.Render(l.step.Label()+" = ") + inputView(&st, &l.in, 10)
	if q := l.step.Question + "  " + field; cellWidth(q) <= w {
		lines = append(lines, q)
	} else {
		// The field whole on a line of its own, not broken by the wrap.
		lines = append(append(lines, wrapped(l.step.Question)...), field)
	}
	if l.verdict != "" {
		v := l.verdict
		switch {
		case l.right:
			v += " Enter goes on to " + l.nextName() + "."
		default:
			v += " Type another answer, or enter to go on to " + l.nextName() + "."
		}
		lines = append(lines, wrapped(v)...)
	}
	var foot string
	if l.explorerHasKeys() {
		// A dialog or the help of the explorer has the keys: its footer
		// says how to close it.
		foot = l.inner.footer(w)
	} else {
		k := l.inner.c.Keys
		foot = footerLine(&l.inner.help, l.footerKeys(), as(k.Help, "?", "all keys"), as(k.Quit, "q", "quit"), w)
	}
	return append(lines, foot)
}

// layout gives the explorer the height that the lesson's lines and the
// explorer's status (one line, or two for a long one just set) leave it.
func (l *Lesson) layout() tea.Cmd {
	if l.width <= 0 || l.height <= 0 {
		return nil
	}
	h := max(l.height-len(l.panel())-len(l.status())+2, 1)
	if h == l.innerH && l.inner.width == l.width {
		return nil
	}
	l.innerH = h
	_, cmd := l.inner.Update(tea.WindowSizeMsg{Width: l.width, Height: h})
	return cmd
}

// status is the explorer's status line, or its two lines when a long
// status just set takes the footer's line too, as the explorer draws it.
func (l *Lesson) status() []string {
	line, more := l.inner.statusLines(l.width)
	if more == "" || l.explorerHasKeys() {
		// With a dialog open, the explorer's footer is the lesson's.
		return []string{line}
	}
	return []string{line, more}
}

// View is the screen the last Update drew.
func (l *Lesson) View() tea.View {
	return frameView(l.screen, fmt.Sprintf("ndcg-explorer learn: step %d of %d", l.n, learn.Count()))
}

// draw composes the screen: the explorer down to its status line, with
// the true answer hidden while it is to be found (hidden), then the
// lesson's lines in place of the explorer's footer.
func (l *Lesson) draw() {
	if l.width <= 0 || l.height <= 0 {
		l.screen = ""
		return
	}
	panel := l.panel()
	if l.inner.tooSmall() || l.width < MinWidth || l.innerH < MinHeight {
		l.screen = tooSmall("The guided path", l.width, l.height, MinWidth, MinHeight+len(panel)-1)
		return
	}
	top := strings.Split(l.inner.frame, "\n")
	top = top[:max(len(top)-2, 0)]
	if l.hidden() {
		for i, line := range top {
			top[i] = hideValue(line, l.truth)
		}
	}
	lines := append(append(top, l.status()...), panel...)
	l.screen = block(strings.Join(lines, "\n"), l.width, l.height)
}

// hidden reports whether the explorer's numbers that give the answer
// away are hidden: until the step is answered, and, in a step whose
// instruction changes a convention (k, the tie policy, the gain), until
// the explorer is under the conventions the question is asked under,
// when reading the value off the screen is what the step teaches.
func (l *Lesson) hidden() bool {
	if l.answered || l.err != nil {
		return false
	}
	if l.step.Opens.Equal(l.step.Asked) {
		return true
	}
	return !l.inner.c.WS.Settings.Equal(l.step.Asked)
}

// hideValue replaces with ? each digit of every number in line (two
// decimals or more) that is x rounded to its decimals: the answer,
// wherever and however precisely the screen writes it. Escape codes
// hold no decimal point, so they are left as they are.
func hideValue(line string, x float64) string {
	var b strings.Builder
	for i := 0; i < len(line); {
		j := i
		for j < len(line) && line[j] >= '0' && line[j] <= '9' {
			j++
		}
		if j == i || j == len(line) || line[j] != '.' || i > 0 && (line[i-1] == '.' || line[i-1] >= '0' && line[i-1] <= '9') {
			if j == i {
				j++
			}
			b.WriteString(line[i:j])
			i = j
			continue
		}
		k := j + 1
		for k < len(line) && line[k] >= '0' && line[k] <= '9' {
			k++
		}
		num := line[i:k]
		if d := k - j - 1; d >= 2 && num == strconv.FormatFloat(x, 'f', d, 64) {
			num = strings.Map(func(r rune) rune {
				if r == '.' {
					return r
				}
				return '?'
			}, num)
		}
		b.WriteString(num)
		i = k
	}
	return b.String()
}
