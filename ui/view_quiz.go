package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// quizView puts a small random list in front of the learner, who works
// out NDCG@k by hand and types it; the view answers ✓ or ✗ (within the
// tolerance of the digits typed), shows the working, and keeps the score
// across rounds. The lists come from a seed shown on screen, so a
// workshop can hand everyone the same ones (--seed; over the network
// the instructor's rounds do, and the heading names no flag). The conventions are
// those in force, so a teacher can quiz on linear gain or on ties.
type quizView struct {
	drawn
	c             *Common
	width, height int

	seed  int64
	round int
	q     explain.Question

	in       textField
	answered bool
	// answeredUnder are the conventions the answer was scored under:
	// changed after it, the verdict follows the new ones, the score not.
	answeredUnder ndcg.Settings
	// skipAsked: n was pressed with an answer typed and not sent; a
	// second n skips the round.
	skipAsked bool
	answer    verify.Written
	// right of total rounds answered; a round counts as answered when
	// first submitted, whatever the conventions do afterwards.
	right, total int

	// scroll is the first line of the whole working shown once ↑/↓ have
	// been pressed; −1 shows the working condensed to fit (sums kept).
	scroll int

	// room is the instructor's round being answered (0: none): its
	// conventions, and whether it has ended (the working shows then).
	room         int
	roomSettings ndcg.Settings
	roomEnded    bool
	// carried says the answer came with the round (RoomRound.Answer),
	// given before the attendee's connection dropped.
	carried bool
	// mistake is what check found behind a wrong answer: to the
	// instructor's round, the server's (RoomRoundEnd.Mistake); to a list
	// of the quiz's own, diagnose's.
	mistake string

	stale  bool
	result *ndcg.Result
	err    error
	work   *explain.Working
}

// quizDecimals is the fewest decimals an answer needs: one digit would
// make "1" right for anything from 0.5 up.
const quizDecimals = 2

func newQuizView(c *Common) *quizView {
	seed := c.Seed
	if seed == 0 {
		// Short enough to read out to a room.
		seed = 1 + time.Now().UnixNano()%999_999
	}
	v := &quizView{c: c, seed: seed, in: numberInput("")}
	v.in.SetWidth(10)
	v.start(1)
	return v
}

// halfTyped reports whether an answer is typed and not yet sent.
func (v *quizView) halfTyped() bool {
	return !v.answered && !v.roomMissed() && strings.TrimSpace(v.in.Value()) != ""
}

// nextRoundKey starts the next round of the quiz.
var nextRoundKey = bind([]string{"n"}, "n", "next quiz list")

// ShortHelp is the quiz's footer: digits type the answer, not a grade.
// Once the answer is in, enter does nothing more, so the footer offers
// what does: the next list, and scrolling the working when it shows.
func (v *quizView) ShortHelp() []key.Binding {
	k := v.c.Keys
	if v.roomUnderWay() {
		// n does not leave the instructor's round (see handleKey).
		if v.answered {
			return k.tail(false)
		}
		return append([]key.Binding{as(k.Confirm, "enter", "answer")}, k.tail(false)...)
	}
	if v.answered || v.roomMissed() {
		next := []key.Binding{as(nextRoundKey, "n", "next list")}
		if v.showsWorking() {
			next = append(next, as(k.Down, "↑/↓", "scroll working"))
		}
		return append(next, k.tail(false)...)
	}
	// "next list", as the field's line says (n skips to the next list):
	// over serve, a quiz round is the instructor's to start.
	return append([]key.Binding{as(k.Confirm, "enter", "answer"), as(nextRoundKey, "n", "next list")}, k.tail(false)...)
}

// FullHelp is the key only the quiz has.
func (v *quizView) FullHelp() [][]key.Binding { return [][]key.Binding{{nextRoundKey}} }

// roomUnderWay reports whether the question is the instructor's round
// and the instructor has not ended it yet.
func (v *quizView) roomUnderWay() bool { return v.room != 0 && !v.roomEnded }

// roomMissed reports whether the instructor's round ended with no answer
// from this attendee: its working is on screen, so an answer typed now
// would read the true value off it and score it right.
func (v *quizView) roomMissed() bool { return v.room != 0 && v.roomEnded && !v.answered }

// scrollSolution moves through the whole working by delta lines (from
// the condensed view, ↑ and ↓ first show the end of the whole working,
// where IDCG and the division are).
func (v *quizView) scrollSolution(delta int) {
	if !v.showsWorking() || v.work == nil {
		v.c.SetStatus("↑/↓ scroll the worked solution once you have answered", false)
		return
	}
	room := v.height - len(v.topLines()) - 2 // the marker and the division
	most := max(len(v.wholeWorking())-1-room, 0)
	if most == 0 {
		v.c.SetStatus("the whole working is on screen", false)
		return
	}
	if v.scroll < 0 {
		v.scroll = most
		if delta < 0 {
			v.scroll = max(most-1, 0)
		}
		return
	}
	v.scroll = max(min(v.scroll+delta, most), 0)
}

func (v *quizView) SetSize(w, h int) { v.width, v.height = max(w, 0), max(h, 0) }

// start draws round n's question.
func (v *quizView) start(n int) {
	v.round = n
	v.room, v.roomEnded, v.carried, v.mistake = 0, false, false, ""
	v.q = explain.NewQuestion(v.seed, n)
	v.answered = false
	v.scroll = -1
	v.answer = verify.Written{}
	v.in.SetValue("")
	v.in.Focus()
	v.stale = true
}

// roomRound shows the instructor's round: the same question for the
// whole room, under the instructor's conventions.
func (v *quizView) roomRound(r RoomRound) {
	v.seed = r.Seed
	v.start(r.Round)
	v.room, v.roomSettings = r.ID, r.Settings
	if w, err := verify.ParseWritten(r.Answer); r.Answer != "" && err == nil {
		// The answer the room counted, sent from the attendee's session
		// before this one: shown as sent, scored when the round ends.
		v.in.SetValue(r.Answer)
		v.in.Blur()
		v.answer, v.answered, v.carried = w, true, true
	}
	v.stale = true
}

// scrollHint is what the status adds when the whole working does not
// fit under the question: how to scroll it.
func (v *quizView) scrollHint() string {
	v.refresh()
	if v.work == nil {
		return ""
	}
	if room := v.height - len(v.topLines()); len(v.wholeWorking()) > room {
		return " · ↑/↓ scroll the whole working"
	}
	return ""
}

// endRoom ends the instructor's round: the answer, if one was sent,
// is scored now, and the working shows, with the mistake the server's
// check found behind a wrong one.
func (v *quizView) endRoom(mistake string) {
	if v.roomEnded {
		return
	}
	v.roomEnded, v.mistake = true, mistake
	if !v.answered || v.result == nil {
		return
	}
	v.answeredUnder = v.settings()
	v.total++
	if v.answer.Holds(v.result.NDCG()) {
		v.right++
	}
}

// shownSettings are the quiz's conventions, for the header: the
// question's cutoff, not the list's, which sat above "NDCG@4 of this
// ranking?" as k=3.
func (v *quizView) shownSettings() ndcg.Settings { return v.settings() }

// settings are the conventions in force at the question's cutoff.
func (v *quizView) settings() ndcg.Settings {
	s := v.c.WS.Settings
	if v.room != 0 {
		s = v.roomSettings
	}
	s.K = v.q.K
	return s
}

func (v *quizView) refresh() {
	if !v.stale {
		return
	}
	v.stale = false
	v.result, v.err = ndcg.Compute(v.q.List, v.settings())
	v.work = nil
	if v.result != nil {
		v.work = explain.New(v.result)
	}
	v.diagnose()
}

// diagnose finds what check finds behind a wrong answer to a list of the
// quiz's own, under the conventions in force, as a room's round tells it
// from the server (endRoom): it follows the conventions when they change
// after the answer.
func (v *quizView) diagnose() {
	if v.room != 0 {
		return
	}
	v.mistake = ""
	if !v.answered || v.result == nil || v.answer.Holds(v.result.NDCG()) {
		return
	}
	if why := verdict.Diagnose(v.q.List, v.settings(), v.answer); why != string(verdict.Unexplained) {
		v.mistake = why
	}
}

func (v *quizView) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case workspace.Edited:
		v.stale = true
	case tea.KeyPressMsg:
		return v.handleKey(msg)
	case tea.PasteMsg:
		if !v.answered {
			v.in.Insert(numberPaste(msg.Content))
		}
	}
	return nil
}

func (v *quizView) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := v.c.Keys
	asked := v.skipAsked
	v.skipAsked = false
	switch {
	case key.Matches(msg, nextRoundKey) && v.roomUnderWay():
		// Leaving the round would leave its working too: the end of the
		// round would then say "the working is below" over another
		// list, and the answer sent would never be scored.
		v.c.SetStatus(fmt.Sprintf("round %d is the instructor's: n draws the next list once it ends", v.round), false)
	case key.Matches(msg, nextRoundKey) && v.halfTyped() && !asked:
		// As q does, n does not throw a typed answer away unasked.
		v.skipAsked = true
		v.c.SetStatus(fmt.Sprintf("your answer %s is not sent: enter sends it, n again skips the round", v.in.Value()), true)
	case key.Matches(msg, nextRoundKey):
		if !v.answered {
			v.c.SetStatus(fmt.Sprintf("round %d skipped (not scored)", v.round), false)
		} else {
			v.c.SetStatus("", false)
		}
		v.start(v.round + 1)
	case key.Matches(msg, k.Confirm):
		v.submit()
	case key.Matches(msg, k.Up):
		v.scrollSolution(-1)
	case key.Matches(msg, k.Down):
		v.scrollSolution(1)
	case key.Matches(msg, k.PageUp):
		v.scrollSolution(-max(v.height/2, 1))
	case key.Matches(msg, k.PageDown):
		v.scrollSolution(max(v.height/2, 1))
	case key.Matches(msg, k.Cancel):
		if !v.answered {
			v.in.SetValue("")
		}
	case isEscThen(msg) && !v.answered:
		c, _ := escThen(msg)
		v.in.SetValue(c)
	case numberKey(msg):
		if v.answered {
			v.c.SetStatus(v.answeredNote(), false)
			return nil
		}
		v.in.Update(msg)
	}
	return nil
}

// answeredNote says what comes next once the question is answered.
func (v *quizView) answeredNote() string {
	if v.roomUnderWay() {
		return "answer sent: the working comes when the round ends"
	}
	return "answered: n draws the next list"
}

func (v *quizView) submit() {
	if v.answered {
		v.c.SetStatus(v.answeredNote(), false)
		return
	}
	if v.roomMissed() {
		v.c.SetStatus(fmt.Sprintf("round %d is over and its working shows: n draws the next list to answer", v.round), false)
		return
	}
	v.refresh()
	if v.result == nil {
		v.c.SetStatus("this list cannot be computed under the conventions in force: "+v.err.Error(), true)
		return
	}
	text := strings.TrimSpace(v.in.Value())
	w, refused := readAnswer(text, fmt.Sprintf("NDCG@%d", v.q.K), quizDecimals)
	if refused != "" {
		// A refused answer stays in the field, selected: what is typed
		// next replaces it (0.5, refused, then 0.58 reads 0.58, not
		// 0.50.58), and an arrow key keeps it to correct.
		v.c.SetStatus(refused, true)
		v.in.Select()
		return
	}
	v.answer, v.answered = w, true
	if v.room != 0 && !v.roomEnded {
		if r := v.c.remote; r != nil && r.OnAnswer != nil {
			r.OnAnswer(RoomAnswer{ID: v.room, Text: text})
		}
		// The quiz view says the answer was sent; the score waits for
		// the end of the round (endRoom), so that nothing on screen
		// tells right from wrong before the instructor does.
		v.c.SetStatus("", false)
		v.in.Blur()
		return
	}
	v.total++
	v.answeredUnder = v.settings()
	v.diagnose()
	more := v.scrollHint()
	if w.Holds(v.result.NDCG()) {
		v.right++
		v.c.SetStatus(fmt.Sprintf("right: %d of %d · n for the next list%s", v.right, v.total, more), false)
	} else {
		v.c.SetStatus(fmt.Sprintf("not quite: %d of %d right · the working is below · n for the next list%s", v.right, v.total, more), true)
	}
	v.in.Blur()
}

func (v *quizView) draw() string {
	if v.width <= 0 || v.height <= 0 {
		return ""
	}
	lines := v.topLines()
	if v.showsWorking() {
		lines = append(lines, v.workingLines(v.height-len(lines))...)
	}
	return block(strings.Join(lines, "\n"), v.width, v.height)
}

// topLines are the lines above the working: the round, the question, the
// list, the field and, once answered, the verdict.
func (v *quizView) topLines() []string {
	st := v.c.Styles
	s := v.settings()
	w := v.width
	wrapped := func(text string) []string { return strings.Split(wrap(text, w), "\n") }

	title, score := fmt.Sprintf("Quiz · round %d", v.round), fmt.Sprintf(" · %d of %d right", v.right, v.total)
	share := fmt.Sprintf(" · seed %d", v.seed)
	switch {
	case v.c.remote != nil:
		// Over the network the count is the attendee's own, beside a
		// room's round that could be read as the room's; and --seed is
		// a flag of a command line the attendee does not have.
		score = fmt.Sprintf(" · your answers: %d of %d right", v.right, v.total)
		if name := v.c.remote.Name; name != "" {
			// The name the instructor's tally gives them.
			score = fmt.Sprintf(" · %s's answers: %d of %d right", shown(name), v.right, v.total)
		}
	case cellWidth(title+score+share+fmt.Sprintf(" (--seed %d gives everyone these lists)", v.seed)) <= w:
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
		for _, l := range hang(n, 2, w) {
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
	prompt := wrapped(st.Header.Render(fmt.Sprintf("NDCG@%d = ", v.q.K)) + inputView(&st, &v.in, 10) + st.Subtle.Render(hint))

	// On a short screen the question, the list and the field come first.
	gap := []string{""}
	if len(head)+len(question)+len(table)+len(note)+len(gap)+len(prompt) > v.height {
		note, gap = nil, nil
	}
	if len(head)+len(question)+len(table)+len(prompt) > v.height {
		head = nil
	}
	lines := concat(head, question, table, note, gap, prompt)
	if v.result == nil {
		return append(lines, wrapped(st.Error.Render("cannot compute under the conventions in force: ")+v.err.Error())...)
	}
	switch {
	case v.room != 0 && !v.roomEnded:
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
func (v *quizView) showsWorking() bool {
	if v.result == nil {
		return false
	}
	if v.room != 0 {
		return v.roomEnded
	}
	return v.answered
}

// wholeWorking is the worked solution without its blank lines.
func (v *quizView) wholeWorking() []explain.Line {
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
func (v *quizView) scrolledWorking(room int) []string {
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

func concat(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// listTable lays the list out across the screen, rank by rank, with a
// bar where k cuts it.
func (v *quizView) listTable() []string {
	l := v.q.List
	cut := v.c.Styles.G.Sep
	scored := l.Scored()
	cells := make([][]string, len(l.Items))
	cellW := 2
	for i, it := range l.Items {
		cells[i] = []string{strconv.Itoa(i + 1), shown(it.ID), fmtNum(it.Grade)}
		if scored {
			cells[i] = append(cells[i], fmtNum(it.Score))
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
			rows[r] += sep + padLeft(c, cellW)
		}
	}
	return rows
}

// tieNote names the tie group and what the tie policy does with it.
func (v *quizView) tieNote() string {
	r := v.result
	if r == nil || len(r.Ties) == 0 {
		return ""
	}
	g := r.Ties[0]
	var names []string
	for i := g.Start; i < g.End; i++ {
		names = append(names, shown(r.List.Items[r.Order[i]].ID))
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
		return fmt.Sprintf("%s share the score %s, all below k: their order cannot change NDCG@%d.", ids, fmtNum(g.Score), r.K)
	case g.Straddles(r.K):
		what += fmt.Sprintf("; the tie straddles k, so it decides which of them count in NDCG@%d", r.K)
	}
	return fmt.Sprintf("%s share the score %s: under ties %s, %s.", ids, fmtNum(g.Score), r.Settings.Ties, what)
}

func (v *quizView) verdictLine() string {
	nd := v.result.NDCG()
	// After a change of conventions the verdict is under the new ones,
	// while the score counts the answer as it was judged: said, so the
	// two do not read as a contradiction.
	now, kept := "", ""
	if !v.settings().Equal(v.answeredUnder) {
		now, kept = " under the conventions now in force", " The score keeps the verdict given when you answered."
	}
	return verdictText(v.c, fmt.Sprintf("NDCG@%d", v.q.K), nd, v.answer, v.mistake, now, kept)
}

// verdictText is the verdict on answer, a number typed for label
// ("NDCG@3"), whose true value is truth: right within the digits typed,
// or off by how much, with the mistake check finds behind it (a guess
// said as one). now and kept are the quiz's words for a verdict given
// again under other conventions.
func verdictText(c *Common, label string, truth float64, answer verify.Written, mistake, now, kept string) string {
	tol := strconv.FormatFloat(answer.Tolerance(), 'f', -1, 64)
	if answer.Holds(truth) {
		return verdictMark(c, true) + fmt.Sprintf(" Right%s: %s = %s; your %s holds to ±%s.%s", now, label, verdict.TrueText(truth, answer), answer, tol, kept)
	}
	line := verdictMark(c, false) + fmt.Sprintf(" Not quite%s: %s = %s; your %s is off by %+.4f (±%s allowed).%s", now, label, verdict.TrueText(truth, answer), answer, answer.Value-truth, tol, kept)
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

// readAnswer reads an answer typed for label ("NDCG@3") as the quiz
// reads one: a number with a point and at least decimals decimals (one
// digit would make "1" right for anything from 0.5 up). refused, when
// not empty, says what to type instead.
func readAnswer(text, label string, decimals int) (w verify.Written, refused string) {
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
func (v *quizView) workingLines(room int) []string {
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
