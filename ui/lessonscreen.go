package ui

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// What a step of the guided path draws: its keys in the explorer's
// words, the lesson's lines under the explorer (the step's heading,
// instruction, question, field, verdict and footer), and the screen with
// the answer hidden until it is given.

// stepKey is the explorer's binding for a key a step needs, in the
// explorer's own words, and whether it has one.
func (l *Lesson) stepKey(k learn.Key) (key.Binding, bool) {
	km := l.inner.c.Keys
	viewNamed := func(name string) (key.Binding, bool) {
		for i, r := range views.All {
			if r.Name == name && i < len(km.Views) {
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
	case learn.KeyIDCG:
		return km.IDCG, true
	case learn.KeyZero:
		return km.Zero, true
	case learn.KeyTiesView:
		return viewNamed("ties")
	case learn.KeyConventions:
		return viewNamed("conventions")
	case learn.KeyPool:
		return viewNamed("pool")
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

// footerKeys are the lesson's enter, then the step's keys: a narrow
// footer drops keys from its end, and enter is the one no step does
// without.
func (l *Lesson) footerKeys() []key.Binding {
	enter := "answer"
	switch {
	case l.shown:
		enter = "go on"
	case l.answered:
		enter = "show answer"
	}
	out := []key.Binding{common.As(l.inner.c.Keys.Confirm, "enter", enter)}
	for _, k := range l.step.Keys {
		if b, ok := l.stepKey(k); ok {
			out = append(out, b)
		}
	}
	if strings.Contains(l.inner.drawn.frame, " more (ranks ") {
		// Ranks the question may be about are below (or above) the
		// screen: the key that brings them, as the "more" line says
		// (last, so that a narrow footer drops it before the step's).
		out = append(out, common.As(l.inner.c.Keys.Down, "↓", "more ranks"))
	}
	return out
}

// panel is the lesson's lines under the explorer, the footer last.
func (l *Lesson) panel() []string {
	w := l.width
	st := l.inner.c.Styles
	wrapped := func(text string) []string {
		lines := strings.Split(layout.Wrap(formulaGlue.Replace(text), w), "\n")
		for i, line := range lines {
			lines[i] = strings.ReplaceAll(strings.ReplaceAll(line, nbsp, " "), nbhyphen, "-")
		}
		return lines
	}
	what := "Step"
	if l.review != nil {
		what = "Review"
	}
	head := st.PanelTitle.Render(fmt.Sprintf("%s %d of %d: %s", what, l.n, l.path().Count(), l.step.Title))
	lines := wrapped(head + " " + strings.Repeat(st.G.Rule, max(w-layout.CellWidth(head)-1, 0)))[:1]
	instruction := wrapped(l.step.Instructions(l.keyName))
	var verdict []string
	if l.verdict != "" {
		v := l.verdict
		switch {
		case l.shown:
			v += " Enter goes on to " + l.nextName() + "."
		case l.hint:
		default:
			v += " Type another answer, or enter to see the answer."
		}
		verdict = wrapped(v)
		// Where the instruction and the verdict together would leave
		// the explorer less than it needs, the instruction, read
		// already, gives way to the verdict; another try brings it
		// back.
		if l.height-len(instruction)-len(verdict)-4-len(l.status())+2 < MinHeight {
			instruction = nil
		}
	}
	lines = append(lines, instruction...)
	field := st.Header.Render(l.step.Label()+" = ") + view.InputView(&st, &l.in, 10)
	if q := l.step.Question + "  " + field; layout.CellWidth(q) <= w {
		lines = append(lines, q)
	} else {
		// The field whole on a line of its own, not broken by the wrap.
		lines = append(append(lines, wrapped(l.step.Question)...), field)
	}
	lines = append(lines, verdict...)
	var foot string
	if l.explorerHasKeys() {
		// A dialog or the help of the explorer has the keys: its footer
		// says how to close it.
		foot = l.inner.footer(w)
	} else {
		k := l.inner.c.Keys
		quit := common.As(k.Quit, "q", "quit")
		if l.o.Room != nil {
			quit = common.As(k.Quit, "q", "your list")
		}
		foot = frame.FooterLine(&l.inner.help.Model, l.footerKeys(), common.As(k.Help, "?", "all keys"), quit, w)
	}
	return append(lines, foot)
}

// nbsp is the space the wrap does not break at; nbhyphen the hyphen,
// in a name a break would cut (scikit- / learn).
const (
	nbsp     = "\u00a0"
	nbhyphen = "\u2011"
)

// formulaGlue keeps each operator of the lesson's words with what is on
// either side of it, so that the wrap breaks between words and never
// inside a formula ("adds 7 × 1 = 7" cut after the 7).
var formulaGlue = strings.NewReplacer(
	" × ", nbsp+"×"+nbsp, " = ", nbsp+"="+nbsp, " − ", nbsp+"−"+nbsp,
	" + ", nbsp+"+"+nbsp, " / ", nbsp+"/"+nbsp, "scikit-learn", "scikit"+nbhyphen+"learn")

// layout gives the explorer the height that the lesson's lines and the
// explorer's status (one line, or two for a long one just set) leave it.
func (l *Lesson) layout() tea.Cmd {
	if l.width <= 0 || l.height <= 0 {
		return nil
	}
	h := max(l.height-len(l.panel())-len(l.status())+2, 1)
	if h == l.innerH && l.inner.win.width == l.width {
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
	return frame.View(l.screen, fmt.Sprintf("ndcg-explorer learn: step %d of %d", l.n, l.path().Count()))
}

// draw composes the screen: the explorer down to its status line, with
// the true answer and what gives it away hidden while it is to be found
// (hidden), then the
// lesson's lines in place of the explorer's footer.
func (l *Lesson) draw() {
	if l.width <= 0 || l.height <= 0 {
		l.screen = ""
		return
	}
	panel := l.panel()
	if l.inner.win.tooSmall() || l.width < MinWidth || l.innerH < MinHeight {
		l.screen = frame.TooSmall("The guided path", l.width, l.height, MinWidth, MinHeight+len(panel)+len(l.status())-2)
		return
	}
	top := strings.Split(l.inner.drawn.frame, "\n")
	top = top[:max(len(top)-2, 0)]
	if l.hidden() {
		for i, line := range top {
			for i, h := range l.hide {
				// The answer (the first) wherever a number reads as
				// it; what gives it, as written.
				line = hideValue(line, h.Value, h.Decimals, i == 0)
			}
			top[i] = line
		}
	}
	lines := append(append(top, l.status()...), panel...)
	l.screen = layout.Block(strings.Join(lines, "\n"), l.width, l.height)
}

// hidden reports whether the explorer's numbers that give the answer
// away are hidden: until the step is answered right, or the answer asked
// for after a wrong one, under any conventions.
// A step whose instruction changes one (k, the tie policy, the gain)
// shows the sums the answer is worked from once it is changed; the
// answer itself stays to be worked out, not read off.
func (l *Lesson) hidden() bool { return !l.shown && l.err == nil }

// hideValue replaces with ? each digit of every number in line written
// with decimals decimals or more (two at least) that is x to its
// decimals, or, where reads (x is the answer), that rounded to decimals
// is x rounded alike: the answer, wherever and however precisely the
// screen writes it, and any number that reads as it. A number that only
// gives the answer is hidden as written: one that rounds alike is some
// other number, an input perhaps (rank 3's discount 0.500 beside an
// NDCG@2 of 0.4966). The
// bar drawn just before a number hidden is blanked too, as its length
// gives the number roughly. Escape codes hold no decimal point, so they
// are left as they are.
func hideValue(line string, x float64, decimals int, reads bool) string {
	decimals = max(decimals, 2)
	want := strconv.FormatFloat(x, 'f', decimals, 64)
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
		// The value as written (9.685 is 9.68489 to three decimals,
		// though 9.685 rounds to 9.69 and 9.68489 to 9.68), or a number
		// that reads as it.
		d := k - j - 1
		if d >= decimals && (num == strconv.FormatFloat(x, 'f', d, 64) || reads && roundsTo(num, decimals) == want) {
			neg := i > 0 && line[i-1] == '-'
			if !neg || reads && roundsTo("-"+num, decimals) == want || "-"+num == strconv.FormatFloat(x, 'f', d, 64) {
				before := blankBar(b.String())
				b.Reset()
				b.WriteString(before)
				num = strings.Map(func(r rune) rune {
					if r == '.' {
						return r
					}
					return '?'
				}, num)
			}
		}
		b.WriteString(num)
		i = k
	}
	return b.String()
}

// roundsTo is the number written num rounded to decimals.
func roundsTo(num string, decimals int) string {
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return ""
	}
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// barRunes are what a bar is drawn with, in blocks or in ASCII.
const barRunes = "█▉▊▋▌▍▎▏#"

// blankBar blanks the bar that s ends with, past spaces and escape
// codes: the bar of the number that follows.
func blankBar(s string) string {
	rs := []rune(s)
	i := len(rs) - 1
	for i >= 0 {
		switch {
		case rs[i] == ' ':
			i--
		case rs[i] == 'm':
			// An escape code, \x1b[…m: skipped whole.
			j := i - 1
			for j >= 0 && (rs[j] >= '0' && rs[j] <= '9' || rs[j] == ';' || rs[j] == ':') {
				j--
			}
			if j < 1 || rs[j] != '[' || rs[j-1] != '\x1b' {
				return string(rs)
			}
			i = j - 2
		case strings.ContainsRune(barRunes, rs[i]):
			rs[i] = ' '
			i--
		default:
			return string(rs)
		}
	}
	return string(rs)
}

// wrongText judges a wrong answer without giving the true one: only
// whether it is too high or too low.
func wrongText(c *common.Common, label string, truth float64, w verify.Written) string {
	way := "high"
	if w.Value < truth {
		way = "low"
	}
	tol := strconv.FormatFloat(w.Tolerance(), 'f', -1, 64)
	return view.VerdictMark(c, false) + fmt.Sprintf(" Not quite: your %s for %s is too %s (±%s allowed).", w, label, way, tol)
}

// slipText says the mistake behind a wrong answer after its verdict: a
// likely one as such, a guess as a guess, nothing where nothing
// explains it.
func slipText(d learn.Diagnosis) string {
	impossible := ""
	if d.Impossible != "" {
		impossible = " " + d.Impossible
	}
	switch {
	case d.Slip == "":
		return impossible
	case d.Ambiguous:
		return impossible + " More than one mistake fits: " + d.Slip + "."
	case d.Guess:
		return impossible + " A guess, as two decimals fit many slips: perhaps " + d.Slip + "."
	}
	return impossible + " Likely slip: " + d.Slip + "."
}
