package quiz

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/check"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

func (v *Model) Draw() string {
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
func (v *Model) topLines() []string {
	st := v.c.Styles
	s := v.settings()
	w := v.width
	wrapped := func(text string) []string { return strings.Split(layout.Wrap(text, w), "\n") }

	title, score := fmt.Sprintf("Quiz · round %d", v.round), fmt.Sprintf(" · %d of %d right", v.right, v.total)
	share := fmt.Sprintf(" · seed %d", v.seed)
	switch {
	case v.c.Remote != nil:
		// Over the network the count is the attendee's own, beside a
		// room's round that could be read as the room's; and --seed is
		// a flag of a command line the attendee does not have.
		score = fmt.Sprintf(" · your answers: %d of %d right", v.right, v.total)
		if name := v.c.Remote.Name; name != "" {
			// The name the instructor's tally gives them.
			score = fmt.Sprintf(" · %s's answers: %d of %d right", common.Shown(name), v.right, v.total)
		}
	case layout.CellWidth(title+score+share+fmt.Sprintf(" (--seed %d gives everyone these lists)", v.seed)) <= w:
		// How to share the lists, where it fits on the heading's line:
		// a word of it alone on a second line reads as a stray.
		share += fmt.Sprintf(" (--seed %d gives everyone these lists)", v.seed)
	}
	head := wrapped(st.PanelTitle.Render(title) + score + st.Subtle.Render(share))
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
func (v *Model) showsWorking() bool {
	if v.result == nil {
		return false
	}
	if v.Room != 0 {
		return v.roomEnded
	}
	return v.answered
}

// wholeWorking is the worked solution without its blank lines.
func (v *Model) wholeWorking() []explain.Line {
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
func (v *Model) scrolledWorking(room int) []string {
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
func (v *Model) listTable() []string {
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
func (v *Model) tieNote() string {
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

func (v *Model) verdictLine() string {
	nd := v.result.NDCG()
	tol := strconv.FormatFloat(v.answer.Tolerance(), 'f', -1, 64)
	// After a change of conventions the verdict is under the new ones,
	// while the score counts the answer as it was judged: said, so the
	// two do not read as a contradiction.
	now, kept := "", ""
	if !v.settings().Equal(v.answeredUnder) {
		now, kept = " under the conventions now in force", " The score keeps the verdict given when you answered."
	}
	if v.answer.Holds(nd) {
		return view.VerdictMark(v.c, true) + fmt.Sprintf(" Right%s: NDCG@%d = %s; your %s holds to ±%s.%s", now, v.q.K, check.TrueText(nd, v.answer), v.answer, tol, kept)
	}
	line := view.VerdictMark(v.c, false) + fmt.Sprintf(" Not quite%s: NDCG@%d = %s; your %s is off by %+.4f (±%s allowed).%s", now, v.q.K, check.TrueText(nd, v.answer), v.answer, v.answer.Value-nd, tol, kept)
	if v.mistake != "" {
		line += " What check finds behind it: " + v.mistake + "."
	}
	return line
}

// workingLines is the worked solution in at most room lines. When it
// does not fit, lines go by what they are: asides first, blank lines next, then the
// headings, then the prose (the formula, the rankings spelled out, the
// notes), then the DCG sum from the top; the IDCG sum and the division
// stay, since a wrong IDCG is the trap a round most often sets.
func (v *Model) workingLines(room int) []string {
	if v.work == nil || room <= 0 {
		return nil
	}
	if v.scroll >= 0 && room >= 3 {
		return v.scrolledWorking(room)
	}
	lines := v.work.Lines(v.width)
	keep := make([]bool, len(lines))
	for i := range keep {
		keep[i] = true
	}
	n := len(lines)
	idcg := len(lines)
	for i, l := range lines {
		if l.Kind == explain.LineSum && strings.HasPrefix(l.Text, "IDCG") {
			idcg = i
			break
		}
	}
	drop := func(ok func(i int, l explain.Line) bool) {
		for i, l := range lines {
			if n <= room {
				return
			}
			if keep[i] && ok(i, l) {
				keep[i] = false
				n--
			}
		}
	}
	drop(func(_ int, l explain.Line) bool { return l.Kind == explain.LineAside })
	drop(func(_ int, l explain.Line) bool { return l.Kind == explain.LineBlank })
	drop(func(_ int, l explain.Line) bool { return l.Kind == explain.LineHeading })
	drop(func(_ int, l explain.Line) bool { return l.Kind == explain.LineText })
	drop(func(i int, l explain.Line) bool { return l.Kind == explain.LineSum && i < idcg })
	drop(func(_ int, l explain.Line) bool { return l.Kind == explain.LineSum })
	var out []string
	for i, l := range lines {
		if keep[i] {
			out = append(out, l.Text)
		}
	}
	if len(out) > room {
		// Keep the division: it is the answer.
		out = out[len(out)-room:]
	}
	return out
}
