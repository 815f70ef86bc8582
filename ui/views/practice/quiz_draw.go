package practice

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

func (v *Quiz) Draw() string {
	if v.width <= 0 || v.height <= 0 {
		return ""
	}
	lines := v.topLines()
	if v.showsWorking() {
		lines = append(lines, v.workingLines(v.height-len(lines))...)
	}
	return layout.Block(strings.Join(lines, "\n"), v.width, v.height)
}

// topLines are the lines above the working: the round, the question, the
// list, the field and, once answered, the verdict.
func (v *Quiz) topLines() []string {
	st := v.c.Styles
	s := v.settings()
	w := v.width
	wrapped := func(text string) []string { return strings.Split(layout.Wrap(text, w), "\n") }

	title, score := "Quiz · "+v.name(), fmt.Sprintf(" · %d of %d right", v.right, v.total)
	share := fmt.Sprintf(" · seed %d", v.seed)
	switch {
	case v.c.Remote:
		// Over the network the count is the attendee's own, beside a
		// room's round that could be read as the room's; and --seed is
		// a flag of a command line the attendee does not have.
		score = fmt.Sprintf(" · your answers: %d of %d right", v.right, v.total)
		if a := v.c.Attendee; a != nil && a.Name != "" {
			// The name the instructor's tally gives them.
			score = fmt.Sprintf(" · %s's answers: %d of %d right", common.Shown(a.Name), v.right, v.total)
		}
	case layout.CellWidth(title+score+share+fmt.Sprintf(" (--seed %d gives everyone these lists)", v.seed)) <= w:
		// How to share the lists, where it fits on the heading's line:
		// a word of it alone on a second line reads as a stray.
		share += fmt.Sprintf(" (--seed %d gives everyone these lists)", v.seed)
	}
	// The time left on the instructor's timer, beside the round it is
	// for, where the attendee looks as they work the answer out.
	timer := ""
	if _, left, ok := v.Clock(); ok {
		timer = " · " + PaintClock(st, left)
		if layout.CellWidth(title+timer+score+share) > w {
			// The seed gives way to the clock rather than take a line
			// of its own.
			share = ""
		}
	}
	head := wrapped(st.PanelTitle.Render(title) + timer + score + st.Subtle.Render(share))
	ties := ""
	if v.q.Tied {
		ties = ", ties " + s.Ties.String()
	}
	question := wrapped(fmt.Sprintf("NDCG@%d of this ranking? gain %s, discount %s%s",
		v.q.K, s.Gain.Formula(), s.Discount.Formula(), ties))
	table := v.listTable()
	var note []string
	if n := v.tieNote(); n != "" {
		for _, l := range layout.Hang(n, 2, w) {
			note = append(note, st.Subtle.Render(l))
		}
	}
	hint := "  enter answers · n skips to the next list"
	switch {
	case v.roomUnderWay() && v.answered:
		hint = ""
	case v.roomUnderWay():
		hint = "  enter sends it to the instructor"
	case v.answered || v.roomMissed():
		hint = "  n: next list"
	}
	prompt := wrapped(st.Header.Render(fmt.Sprintf("NDCG@%d = ", v.q.K)) + view.InputView(&st, &v.in, 10) + st.Subtle.Render(hint))

	// On a short screen the question, the list and the field come first.
	gap := []string{""}
	if len(head)+len(question)+len(table)+len(note)+len(gap)+len(prompt) > v.height {
		note, gap = nil, nil
	}
	if len(head)+len(question)+len(table)+len(prompt) > v.height {
		head = nil
	}
	v.clockInHead = timer != "" && head != nil
	lines := slices.Concat(head, question, table, note, gap, prompt)
	if v.result == nil {
		return append(lines, wrapped(st.Error.Render("cannot compute under the conventions in force: ")+v.err.Error())...)
	}
	switch {
	case v.Room != 0 && !v.roomEnded:
		switch {
		case v.carried:
			lines = append(lines, wrapped(st.Subtle.Render("answer sent and counted: the working comes when the round ends"))...)
		case v.answered:
			lines = append(lines, wrapped(st.Subtle.Render("answer sent to the instructor: the working comes when the round ends"))...)
		}
	case v.answered:
		lines = append(lines, wrapped(v.verdictLine())...)
	}
	return lines
}

// showsWorking says whether the worked solution is on screen: once
// answered, or once the instructor's round has ended, not before.
func (v *Quiz) showsWorking() bool {
	if v.result == nil {
		return false
	}
	if v.Room != 0 {
		return v.roomEnded
	}
	return v.answered
}

// wholeWorking is the worked solution without its blank lines.
func (v *Quiz) wholeWorking() []explain.Line {
	var out []explain.Line
	for _, l := range v.work.Lines(v.width) {
		if l.Kind != explain.LineBlank {
			out = append(out, l)
		}
	}
	return out
}

// scrolledWorking is a window on the whole working from line v.scroll,
// under a line that says where it is, with the division kept last.
func (v *Quiz) scrolledWorking(room int) []string {
	all := v.wholeWorking()
	body, last := all[:len(all)-1], all[len(all)-1]
	n := room - 2
	from := max(min(v.scroll, len(body)-n), 0)
	to := min(from+n, len(body))
	out := []string{v.c.Styles.Subtle.Render(fmt.Sprintf("working, lines %d–%d of %d · ↑/↓ scroll", from+1, to, len(body)))}
	for _, l := range body[from:to] {
		out = append(out, l.Text)
	}
	return append(out, last.Text)
}

// listTable lays the list out across the screen, rank by rank, with a
// bar where k cuts it.
func (v *Quiz) listTable() []string {
	l := v.q.List
	cut := v.c.Styles.G.Sep
	scored := l.Scored()
	cells := make([][]string, len(l.Items))
	cellW := 2
	for i, it := range l.Items {
		cells[i] = []string{strconv.Itoa(i + 1), common.Shown(it.ID), layout.FmtNum(it.Grade)}
		if scored {
			cells[i] = append(cells[i], layout.FmtNum(it.Score))
		}
		for _, c := range cells[i] {
			cellW = max(cellW, len(c)+1)
		}
	}
	rows := []string{"  rank ", "  id   ", "  grade"}
	if scored {
		rows = append(rows, "  score")
	}
	for i := range l.Items {
		sep := ""
		if i == v.q.K {
			sep = " " + cut
		}
		for r, c := range cells[i] {
			rows[r] += sep + layout.PadLeft(c, cellW)
		}
	}
	return rows
}

// tieNote names the tie group and what the tie policy does with it.
func (v *Quiz) tieNote() string {
	r := v.result
	if r == nil || len(r.Ties) == 0 {
		return ""
	}
	g := r.Ties[0]
	var names []string
	for i := g.Start; i < g.End; i++ {
		names = append(names, common.Shown(r.List.Items[r.Order[i]].ID))
	}
	what := map[ndcg.TiePolicy]string{
		ndcg.Expected: "each of their ranks gets the group's mean gain",
		ndcg.Best:     "the higher grades go first",
		ndcg.Worst:    "the lower grades go first",
		ndcg.Input:    "they keep the order shown",
		ndcg.Docno:    "they go in descending id order, as trec_eval does",
	}[r.Settings.Ties]
	ids := strings.Join(names, ", ")
	switch {
	case g.Start >= r.K:
		return fmt.Sprintf("%s share the score %s, all below k: their order cannot change NDCG@%d.", ids, layout.FmtNum(g.Score), r.K)
	case g.Straddles(r.K):
		what += fmt.Sprintf("; the tie straddles k, so it decides which of them count in NDCG@%d", r.K)
	}
	return fmt.Sprintf("%s share the score %s: under ties %s, %s.", ids, layout.FmtNum(g.Score), r.Settings.Ties, what)
}

func (v *Quiz) verdictLine() string {
	nd := v.result.NDCG()
	// After a change of conventions the verdict is under the new ones,
	// while the score counts the answer as it was judged: said, so the
	// two do not read as a contradiction.
	now, kept := "", ""
	if !v.settings().Equal(v.answeredUnder) {
		now, kept = " under the conventions now in force", " The score keeps the verdict given when you answered."
	}
	return VerdictText(v.c, fmt.Sprintf("NDCG@%d", v.q.K), nd, v.answer, v.mistake, now, kept)
}

// VerdictText is the verdict on answer, a number typed for label
// ("NDCG@3"), whose true value is truth: right within the digits typed,
// or off by how much, with the mistake check finds behind it (a guess
// said as one). now and kept are the quiz's words for a verdict given
// again under other conventions; a lesson's step says its verdicts so.
func VerdictText(c *common.Common, label string, truth float64, answer verify.Written, mistake, now, kept string) string {
	tol := strconv.FormatFloat(answer.Tolerance(), 'f', -1, 64)
	if answer.Holds(truth) {
		return view.VerdictMark(c, true) + fmt.Sprintf(" Right%s: %s = %s; your %s holds to ±%s.%s", now, label, verdict.TrueText(truth, answer), answer, tol, kept)
	}
	line := view.VerdictMark(c, false) + fmt.Sprintf(" Not quite%s: %s = %s; your %s is off by %+.4f (±%s allowed).%s", now, label, verdict.TrueText(truth, answer), answer, answer.Value-truth, tol, kept)
	switch guess, ok := strings.CutPrefix(mistake, verdict.GuessPrefix); {
	case ok:
		// As check says it: found, but as a value this near is often
		// found by chance, a guess and no more.
		line += " A guess at what is behind it (it may be chance): " + guess + "."
	case mistake != "":
		line += " What check finds behind it: " + mistake + "."
	}
	return line
}

// ReadAnswer reads an answer typed for label ("NDCG@3") as the quiz
// reads one: a number with a point and at least decimals decimals (one
// digit would make "1" right for anything from 0.5 up). refused, when
// not empty, says what to type instead.
func ReadAnswer(text, label string, decimals int) (w verify.Written, refused string) {
	w, err := verify.ParseWritten(text)
	var comma *verify.CommaError
	eg := strconv.FormatFloat(0.87, 'f', max(decimals, 2), 64)
	switch {
	case errors.As(err, &comma):
		return w, "use a point: " + comma.Point
	case err != nil:
		return w, fmt.Sprintf("type %s as a number, e.g. %s", label, eg)
	case w.Decimals() < decimals:
		return w, fmt.Sprintf("write %s with %d decimals or more (e.g. %s): %s fits too many values", label, decimals, eg, text)
	}
	return w, ""
}

// workingLines is the worked solution in at most room lines. When it
// does not fit, whole parts go, never a sentence's first line without
// the rest: asides first, blank lines next, then what the quiz shows
// above it anyway (the formula, in the question; the list's ranking,
// in the table), then the notes under the sums, then the ideal ranking
// with its label (a label and its ranking go together), then the DCG
// sum; the IDCG sum and the division stay, since a wrong IDCG is the
// trap a round most often sets. What is still too long loses whole
// parts from the top.
func (v *Quiz) workingLines(room int) []string {
	if v.work == nil || room <= 0 {
		return nil
	}
	if v.scroll >= 0 && room >= 3 {
		return v.scrolledWorking(room)
	}
	units := workingUnits(v.work.Lines(v.width))
	n := 0
	for _, u := range units {
		n += len(u.lines)
	}
	idcg := len(units)
	for i, u := range units {
		if u.kind == explain.LineSum && strings.HasPrefix(u.lines[0], "IDCG") {
			idcg = i
			break
		}
	}
	drop := func(ok func(i int, u workingUnit) bool) {
		for i := range units {
			if n <= room {
				return
			}
			if !units[i].gone && ok(i, units[i]) {
				units[i].gone = true
				n -= len(units[i].lines)
			}
		}
	}
	drop(func(_ int, u workingUnit) bool { return u.kind == explain.LineAside })
	drop(func(_ int, u workingUnit) bool { return u.kind == explain.LineBlank })
	drop(func(i int, u workingUnit) bool { return i == 0 || u.labelled && i < idcg })
	drop(func(_ int, u workingUnit) bool { return u.kind == explain.LineText && !u.labelled })
	drop(func(_ int, u workingUnit) bool { return u.labelled })
	drop(func(i int, u workingUnit) bool { return u.kind == explain.LineSum && i < idcg })
	drop(func(_ int, u workingUnit) bool { return u.kind != explain.LineResult })
	var out []string
	for _, u := range units {
		if !u.gone {
			out = append(out, u.lines...)
		}
	}
	if len(out) > room {
		// Only the division is left, and it is longer than the room:
		// its end is the answer.
		out = out[len(out)-room:]
	}
	return out
}

// workingUnit is one part of the working as the quiz keeps or leaves it
// out: a paragraph's lines, or a heading with the paragraph it labels.
type workingUnit struct {
	kind     explain.LineKind
	labelled bool
	lines    []string
	gone     bool
}

// workingUnits groups the working's lines by part, joining each heading
// to the part under it: "ranking:" without its ranking says nothing,
// and a ranking without its label reads as a row of letters.
func workingUnits(lines []explain.Line) []workingUnit {
	var units []workingUnit
	for i, l := range lines {
		switch {
		case i > 0 && l.Part == lines[i-1].Part:
			u := &units[len(units)-1]
			u.lines = append(u.lines, l.Text)
		case len(units) > 0 && units[len(units)-1].kind == explain.LineHeading && !units[len(units)-1].labelled:
			u := &units[len(units)-1]
			u.kind, u.labelled = l.Kind, true
			u.lines = append(u.lines, l.Text)
		default:
			units = append(units, workingUnit{kind: l.Kind, lines: []string{l.Text}})
		}
	}
	return units
}
