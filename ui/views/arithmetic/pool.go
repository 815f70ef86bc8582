package arithmetic

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// Pool shows the judged items the system did not retrieve as ghost
// rows in the ideal ranking, lets a person add, grade and remove them,
// and sets IDCG and NDCG from the list's grades beside those from every
// judged item: the "missing relevant items" blind spot made visible.
type Pool struct {
	view.Drawn
	c             *common.Common
	width, height int

	// sel is the pool index of the selected judged item; until a person
	// picks one, the highest in the ideal ranking.
	sel    int
	picked bool
	offset int // first ideal rank shown

	// The two computations, worked out on the first draw after an edit
	// (so a view nobody looks at costs nothing): the list's conventions
	// with the IDCG from the list and from every judged item.
	// On a long list they are worked out off the update loop (job).
	stale bool
	job   background.Job
	poolNumbers
	// bottom is the comparison drawn under the table, tableH the lines
	// the table has above it (0: no room for it), both laid out by
	// refresh.
	bottom string
	tableH int
}

// poolNumbers are the two computations and where the pool's items fall.
type poolNumbers struct {
	byList, judged *ndcg.Result
	// ghosts are the ideal ranks (0-based) of the pool items, in order.
	ghosts []int
	// rankOfJudged is the ideal rank of each pool item.
	rankOfJudged []int
	// missed counts the relevant pool items (gain above 0).
	missed int
}

// workPool computes r's list under s with the other IDCG source (r is
// its result under s) and finds the pool's items in the ideal ranking.
func workPool(r *ndcg.Result, s ndcg.Settings, n poolNumbers) poolNumbers {
	other := s
	if other.IDCG == ndcg.FromList {
		other.IDCG = ndcg.FromJudged
	} else {
		other.IDCG = ndcg.FromList
	}
	o, err := ndcg.Derive(r, other) // the ranking is the same: no sort again
	if err != nil {
		return poolNumbers{}
	}
	n.byList, n.judged = r, o
	if s.IDCG == ndcg.FromJudged {
		n.byList, n.judged = o, r
	}
	pool := len(r.List.Pool)
	n.ghosts, n.rankOfJudged, n.missed = n.ghosts[:0], n.rankOfJudged[:0], 0
	for range pool {
		n.rankOfJudged = append(n.rankOfJudged, 0)
	}
	for i, x := range n.judged.IdealOrder {
		if idx := int(x); idx >= n.judged.N {
			n.ghosts = append(n.ghosts, i)
			n.rankOfJudged[idx-n.judged.N] = i
			if n.judged.IdealGain(i) > 0 {
				n.missed++
			}
		}
	}
	return n
}

// NewPool is the pool view of c's workspace.
func NewPool(c *common.Common) view.View { return &Pool{c: c, stale: true} }

// ShortHelp is the pool view's footer.
func (v *Pool) ShortHelp() []key.Binding {
	k := v.c.Keys
	return append([]key.Binding{common.As(k.Up, "↑/↓", "pool item"), common.As(k.Grade, "0-9", "its grade"), common.As(k.Add, "a", "add"), common.As(k.Delete, "x", "remove")}, k.Tail(true)...)
}

// FullHelp: the pool view's keys are the explorer's, on the pool.
func (v *Pool) FullHelp() [][]key.Binding { return nil }

func (v *Pool) SetSize(w, h int) { v.width, v.height = max(w, 0), max(h, 0) }

// Refresh recomputes both sources when an edit made them stale, then
// lays the screen out: the comparison under the table, and the table's
// window on the ideal ranking with the selected item in it.
func (v *Pool) Refresh() {
	v.recompute()
	v.bottom, v.tableH = "", 0
	if v.judged == nil || v.busy() {
		return
	}
	v.bottom = v.comparison()
	v.tableH = max(v.height-(strings.Count(v.bottom, "\n")+1)-1, 0)
	if v.tableH < 4 {
		return
	}
	// The table's first two lines are its title and heading; keep the
	// selected ghost in the window, one row clear of the k line and one
	// of the line saying how many ranks are below.
	selRank := -1
	if len(v.c.WS.List().Pool) > 0 {
		selRank = v.rankOfJudged[v.sel]
	}
	v.offset = layout.ScrollTo(v.offset, selRank, len(v.judged.IdealOrder), v.tableH-2-2)
}

// recompute works both sources out again when an edit made them stale.
func (v *Pool) recompute() {
	ws := v.c.WS
	if !v.stale || background.Needed(ws) {
		return // startWork takes it from here
	}
	v.stale = false
	n := poolNumbers{ghosts: v.ghosts[:0], rankOfJudged: v.rankOfJudged[:0]}
	if ws.Result != nil {
		n = workPool(ws.Result, ws.Settings, n)
	}
	v.install(n)
}

// StartWork works both sources out off the update loop on a long list.
func (v *Pool) StartWork() tea.Cmd {
	ws := v.c.WS
	if !v.stale || v.job.Running || !background.Needed(ws) || ws.Result == nil {
		return nil
	}
	v.stale = false
	list, s := v.job.Snapshot(ws)
	return v.job.Start(func(context.Context) func() {
		r, err := ndcg.Compute(list, s)
		if err != nil {
			return nil
		}
		n := workPool(r, s, poolNumbers{})
		return func() { v.install(n) }
	})
}

// busy reports whether the numbers wait for a computation off the loop.
func (v *Pool) busy() bool {
	return v.job.Running || (v.stale && background.Needed(v.c.WS))
}

// install puts worked-out numbers on screen and keeps the selection on
// a pool item.
func (v *Pool) install(n poolNumbers) {
	v.poolNumbers = n
	if v.judged == nil {
		return
	}
	if !v.picked && len(v.ghosts) > 0 {
		v.sel = int(v.judged.IdealOrder[v.ghosts[0]]) - v.judged.N
	}
	v.sel = max(min(v.sel, len(v.c.WS.List().Pool)-1), 0)
}

func (v *Pool) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case workspace.Edited:
		v.stale = true
		v.job.Changed()
	case background.Done, spinner.TickMsg:
		cmd, _ := v.job.Update(msg)
		return cmd
	case tea.KeyPressMsg:
		return v.handleKey(msg)
	}
	return nil
}

func (v *Pool) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k, ws := v.c.Keys, v.c.WS
	v.recompute()
	v.picked = true
	var ed workspace.Edit
	var why string
	switch {
	case key.Matches(msg, k.Up):
		v.step(-1)
	case key.Matches(msg, k.Down):
		v.step(1)
	case key.Matches(msg, k.Top):
		v.step(-len(v.ghosts))
	case key.Matches(msg, k.Bottom):
		v.step(len(v.ghosts))
	case key.Matches(msg, k.Grade):
		g, _ := strconv.Atoi(msg.String())
		ed, why = ws.SetJudgedGrade(v.sel, float64(g))
	case key.Matches(msg, k.GradeUp):
		ed, why = ws.StepJudgedGrade(v.sel, 1)
	case key.Matches(msg, k.GradeDown):
		ed, why = ws.StepJudgedGrade(v.sel, -1)
	case key.Matches(msg, k.Add):
		ed, why = ws.AddJudged(v.newGrade())
		if ed != nil {
			v.sel = len(ws.List().Pool)
		}
	case key.Matches(msg, k.Delete):
		ed, why = ws.RemoveJudged(v.sel)
	}
	if why != "" {
		v.c.SetStatus(why, true)
	}
	if ed != nil {
		v.c.ApplyAside(ed)
	}
	return nil
}

// newGrade is the grade a new judged item gets: the best grade in the
// list, since the lesson is a relevant document the system missed.
func (v *Pool) newGrade() float64 {
	g := 1.0
	for _, it := range v.c.WS.List().Items {
		g = max(g, it.Grade)
	}
	return min(g, 9)
}

// step moves the selection d ghost rows along the ideal ranking.
func (v *Pool) step(d int) {
	if len(v.ghosts) == 0 || v.busy() {
		return
	}
	pos := 0
	for i, r := range v.ghosts {
		if r == v.rankOfJudged[v.sel] {
			pos = i
		}
	}
	pos = max(min(pos+d, len(v.ghosts)-1), 0)
	v.sel = int(v.judged.IdealOrder[v.ghosts[pos]]) - v.judged.N
}

// Draw draws the ideal ranking with its ghosts above the comparison of
// the two IDCG sources.
func (v *Pool) Draw() string {
	if v.width <= 0 || v.height <= 0 {
		return ""
	}
	st, ws := v.c.Styles, v.c.WS
	if v.busy() && ws.Result != nil {
		return view.BusyScreen(v.c, &v.job, v.width, v.height, "Pool", "the ideal ranking of every judged item")
	}
	if v.judged == nil {
		msg := "cannot compute this list"
		if ws.Err != nil {
			msg += ": " + ws.Err.Error()
		}
		return layout.Block(layout.Wrap(st.Error.Render(msg)+"\n"+st.Subtle.Render("undo (u) or fix it in the explorer"), v.width), v.width, v.height)
	}
	if v.tableH < 4 {
		// Too short for both: the comparison is the lesson.
		return layout.Block(v.bottom, v.width, v.height)
	}
	return layout.Block(v.table(v.tableH)+"\n\n"+v.bottom, v.width, v.height)
}

// table draws the visible part of the ideal ranking from every judged
// item, the pool's items as ghosts.
func (v *Pool) table(h int) string {
	st, ws := v.c.Styles, v.c.WS
	r := v.judged
	pool := ws.List().Pool
	ghost := st.G.Ghost
	title := fmt.Sprintf("Ideal ranking of all %d judged items (%s: in the pool, never retrieved)", r.N+len(pool), ghost)
	lines := []string{st.PanelTitle.Render(layout.TruncateCells(title, v.width))}
	head := fmt.Sprintf("  %5s %-12s %5s %6s %7s %8s  %s", "ideal", "id", "grade", "gain", "g·disc", "IDCG@i", "retrieved")
	lines = append(lines, st.Header.Render(layout.TruncateCells(head, v.width)))
	m := len(r.IdealOrder)
	if m == 0 {
		lines = append(lines, st.Subtle.Render("  (no items: add some in the explorer, or press a to add a judged item)"))
		return strings.Join(lines, "\n")
	}
	selRank := -1
	if len(pool) > 0 {
		selRank = v.rankOfJudged[v.sel]
	}
	rows := layout.RowLines(v.offset, m, r.IdealK, h-len(lines))
	below := 0
	if last := rows[len(rows)-1]; last >= 0 && last < m-1 {
		// Ranks past the window (↑/↓ visit only the pool's items, so
		// they may never scroll in) are counted, where the table ended
		// as if it held every judged item.
		rows = layout.RowLines(v.offset, m, r.IdealK, h-len(lines)-1)
		last := v.offset - 1
		for _, i := range rows {
			last = max(last, i)
		}
		below = m - 1 - last
	}
	for _, i := range rows {
		if i < 0 {
			dash := st.G.Rule
			label := fmt.Sprintf(" k=%d: ideal ranks below do not count in IDCG@%d ", r.IdealK, r.IdealK)
			lines = append(lines, st.Cutoff.Render(layout.TruncateCells(strings.Repeat(dash, 8)+label+strings.Repeat(dash, v.width), v.width)))
		} else {
			lines = append(lines, v.row(i, i == selRank, ghost))
		}
	}
	if below > 0 {
		lines = append(lines, st.Subtle.Render(fmt.Sprintf("  %s %d more ideal rank(s) below", st.G.Below, below)))
	}
	return strings.Join(lines, "\n")
}

func (v *Pool) row(i int, selected bool, ghost string) string {
	st, ws := v.c.Styles, v.c.WS
	r := v.judged
	idx := int(r.IdealOrder[i])
	fromPool := idx >= r.N
	id := common.Shown(r.IdealID(i))
	where := ""
	if fromPool {
		id = ghost + " " + id
		where = "no: in the pool"
	} else {
		id = "  " + id
		where = "at rank " + strconv.Itoa(ws.RankOf(idx)+1)
	}
	mark := " "
	if selected {
		mark = v.c.Styles.G.Cursor
	}
	g := r.IdealGain(i)
	line := fmt.Sprintf("%s %5d %-12s %5s %6s %7s %8s  %s", mark, i+1, layout.Fit(id, 12), layout.FmtShort(r.IdealGrade(i), 5),
		layout.FmtShort(g, 6), layout.Fixed(g*r.Discounts[i], 3), layout.Fixed(r.IDCGAt(i+1), 3), where)
	line = layout.TruncateCells(line, v.width)
	switch {
	case selected:
		return st.Cursor.Render(line)
	case fromPool:
		return st.Subtle.Render(line)
	}
	return line
}

// comparison sets IDCG and NDCG at k from both sources side by side and
// says what the difference means.
func (v *Pool) comparison() string {
	st, ws := v.c.Styles, v.c.WS
	s := ws.Settings
	k := s.KString()
	a, b := v.byList, v.judged
	inForce := func(src ndcg.IDCGSource) string {
		if s.IDCG == src {
			return "(in force)"
		}
		return ""
	}
	lines := []string{
		st.Header.Render(fmt.Sprintf("%-10s %18s %20s", "IDCG from", "the list", "every judged item")),
		fmt.Sprintf("%-10s %18s %20s", "DCG@"+k, layout.Fixed(a.DCG(), 4), layout.Fixed(b.DCG(), 4)),
		fmt.Sprintf("%-10s %18s %20s", "IDCG@"+k, layout.Fixed(a.IDCG(), 4), layout.Fixed(b.IDCG(), 4)),
		st.Title.Render(fmt.Sprintf("%-10s %18s %20s", "NDCG@"+k, layout.Fixed(a.NDCG(), 4), layout.Fixed(b.NDCG(), 4))),
		st.Subtle.Render(fmt.Sprintf("%-10s %18s %20s", "", inForce(ndcg.FromList), inForce(ndcg.FromJudged))),
	}
	return strings.Join(lines, "\n") + "\n" + layout.Wrap(v.lesson(), v.width)
}

// lesson is the sentence on the blind spot, for this list.
func (v *Pool) lesson() string {
	ws := v.c.WS
	a, b := v.byList, v.judged
	k := ws.Settings.KString()
	pool := ws.List().Pool
	missed := v.missed
	keys := "a adds a judged item, 0-9 or +/- grade it, x removes it, i switches the source in force."
	switch {
	case len(pool) == 0:
		return "No pool: every judged item was retrieved, so both sources give the same IDCG. " +
			"Press a to add a relevant document the system missed and watch NDCG from the list not notice."
	case missed == 0:
		return "The pool's items are all irrelevant (gain 0): they add nothing to the ideal ranking, so both sources agree. " + keys
	case a.IDCG() == b.IDCG():
		return fmt.Sprintf("The %s the system missed rank below k in the ideal ranking, so IDCG@%s is the same from both sources. %s",
			relevantItems(missed), k, keys)
	}
	return fmt.Sprintf("Missing relevant items: with the IDCG from the list (scikit-learn, LightGBM), NDCG@%s is %s and cannot see the %s the system never retrieved; "+
		"from every judged item (trec_eval) it is %s. %s",
		k, layout.Fixed(a.NDCG(), 4), relevantItems(missed), layout.Fixed(b.NDCG(), 4), keys)
}

func relevantItems(n int) string {
	if n == 1 {
		return "relevant judged item"
	}
	return strconv.Itoa(n) + " relevant judged items"
}
