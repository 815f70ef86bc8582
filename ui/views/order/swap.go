package order

import (
	"context"
	"fmt"
	"math"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

// shades draw |ΔNDCG@k| from small to the largest on the map, in any
// terminal; the sign goes beside them, so none of them is + or -.
const shades = ".,:;=*#%@"

// bestSwapTop is how deep the best single swap is looked for: deeper
// than the map shows, since the best swap often brings a relevant item
// up from below k.
const bestSwapTop = 50

// Swap is a heat map of ΔNDCG@k for exchanging the items at ranks i
// and j among the top ranks: the pairwise weights LambdaRank, LightGBM
// and XGBoost train on. A cursor picks a pair; enter applies it, m
// applies the best single swap.
type Swap struct {
	view.Drawn
	view.Lazy
	ci, cj int // the selected pair, 0-based ranks

	top int // ranks the map shows
	// Worked out on refresh for top ranks, or off the update loop on a
	// long list.
	swapNumbers
}

// swapNumbers are the swap map and the best swap.
type swapNumbers struct {
	deltas [][]float64
	maxAbs float64
	best   ndcg.Swap
	found  bool
	bestIn int // ranks the best swap was looked for in
}

// NewSwap is the swap view of c's workspace.
func NewSwap(c *common.Common) view.View {
	return &Swap{Lazy: view.Lazy{C: c, Stale: true}, cj: 1}
}

// ShortHelp is the swap view's footer.
func (v *Swap) ShortHelp() []key.Binding {
	k := v.C.Keys
	return append([]key.Binding{common.As(k.Up, "arrows", "pair"), common.As(k.Apply, "enter", "swap"), BestSwapKey}, k.Tail(true)...)
}

// FullHelp is the keys only the swap view has: across the map (←/→ or
// h/l) and the best swap.
func (v *Swap) FullHelp() [][]key.Binding {
	k := v.C.Keys
	across := key.NewBinding(key.WithKeys(append(k.Left.Keys(), k.Right.Keys()...)...), key.WithHelp("←/→ h/l", "across the map"))
	return [][]key.Binding{{across, BestSwapKey}}
}

// geometry is how many ranks the map shows and whether the details go
// beside it (true) or under it.
func (v *Swap) geometry() (top int, beside bool) {
	n := 0
	if r := v.C.WS.Result; r != nil {
		n = r.N
	}
	w, h := v.Width, v.Height
	beside = w >= 4+3*10+32
	cols, rows := (w-4-32)/3, h-2
	if !beside {
		cols, rows = (w-4)/3, h-2-3
	}
	return max(min(n, cols, rows), 0), beside
}

func (v *Swap) Update(msg tea.Msg) tea.Cmd {
	if v.Edited(msg) {
		return nil
	}
	if cmd, ok := v.Job.Update(msg); ok {
		return cmd
	}
	v.Refresh()
	last := max(v.top-1, 0)
	switch mm := msg.(type) {
	case tea.MouseWheelMsg:
		switch mm.Button {
		case tea.MouseWheelUp:
			v.ci = max(v.ci-1, 0)
		case tea.MouseWheelDown:
			v.ci = min(v.ci+1, last)
		}
		return nil
	case tea.MouseClickMsg:
		// Under the title and the column numbers, a cell is three wide
		// after the four of the row numbers.
		i, j := mm.Y-2, (mm.X-4)/3
		if mm.Button == tea.MouseLeft && mm.X >= 4 && i >= 0 && i < v.top && j < v.top {
			v.ci, v.cj = i, j
		}
		return nil
	}
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	k, ws := v.C.Keys, v.C.WS
	switch {
	case key.Matches(km, k.Up):
		v.ci = max(v.ci-1, 0)
	case key.Matches(km, k.Down):
		v.ci = min(v.ci+1, last)
	case key.Matches(km, k.Left):
		v.cj = max(v.cj-1, 0)
	case key.Matches(km, k.Right):
		v.cj = min(v.cj+1, last)
	case key.Matches(km, k.Top):
		v.ci, v.cj = 0, 0
	case key.Matches(km, k.Bottom):
		v.ci, v.cj = last, last
	case key.Matches(km, k.Apply):
		v.Apply(ws.SwapRanks(v.ci, v.cj))
	case key.Matches(km, BestSwapKey):
		if v.Busy() {
			v.C.SetStatus("the best swap is still being looked for: press m again in a moment", true)
			return nil
		}
		if !v.found {
			v.C.SetStatus(fmt.Sprintf("no single swap in ranks 1–%d raises NDCG@%s", v.bestIn, ws.Settings.KString()), true)
			return nil
		}
		if v.best.J < v.top {
			v.ci, v.cj = v.best.I, v.best.J
		}
		v.Apply(ws.SwapRanks(v.best.I, v.best.J))
	}
	return nil
}

func (v *Swap) Refresh() {
	top, _ := v.geometry()
	if top != v.top {
		v.top = top
		v.MarkStale()
	}
	last := max(top-1, 0)
	v.ci, v.cj = min(v.ci, last), min(v.cj, last)
	if !v.Stale || background.Needed(v.C.WS) {
		return // startWork takes it from here
	}
	v.Stale = false
	v.swapNumbers = swapNumbers{}
	if r := v.C.WS.Result; r != nil {
		v.swapNumbers, _ = workSwap(context.Background(), r, top)
	}
}

// StartWork works the map out off the update loop on a long list, where
// the list has to be ranked again on a copy first.
func (v *Swap) StartWork() tea.Cmd {
	ws := v.C.WS
	if !v.Stale || v.Job.Running || !background.Needed(ws) || ws.Result == nil {
		return nil
	}
	v.Stale = false
	list, s := v.Job.Snapshot(ws)
	top := v.top
	return v.Job.Start(func(ctx context.Context) func() {
		r, err := ndcg.Compute(list, s)
		if err != nil {
			return nil
		}
		n, ok := workSwap(ctx, r, top)
		if !ok {
			return nil
		}
		return func() { v.swapNumbers = n }
	})
}

// workSwap is ΔNDCG@k for each pair among the top ranks of r and the
// best single swap; false when ctx was cancelled on the way.
func workSwap(ctx context.Context, r *ndcg.Result, top int) (swapNumbers, bool) {
	var n swapNumbers
	n.deltas = r.SwapDeltas(top)
	for _, row := range n.deltas {
		for _, d := range row {
			n.maxAbs = math.Max(n.maxAbs, math.Abs(d))
		}
	}
	if background.Cancelled(ctx) {
		return n, false
	}
	n.bestIn = min(r.N, max(top, bestSwapTop))
	n.best, n.found = r.BestSwap(n.bestIn)
	return n, true
}

func (v *Swap) Draw() string {
	w, h := v.Width, v.Height
	if w <= 0 || h <= 0 {
		return ""
	}
	ws := v.C.WS
	r := ws.Result
	if r == nil {
		return view.CannotCompute(v.C, w, h)
	}
	k := ws.Settings.KString()
	head := view.Head(v.C, "Swap", fmt.Sprintf("ΔNDCG@%s for exchanging ranks i and j", k), "arrows move · enter swaps · m best", w)
	if v.Busy() && r.N >= 2 {
		return v.BusyView("Swap", "the ΔNDCG@"+k+" of each swap")
	}
	if v.top < 2 {
		msg := "A swap needs two items: add one in the explorer (a)."
		if r.N >= 2 {
			msg = "Too small for the swap map: make the window larger."
		}
		return layout.Block(head+"\n\n"+layout.Wrap(msg, w), w, h)
	}
	_, beside := v.geometry()
	heat := v.heatMap()
	if beside {
		mapW := 4 + 3*v.top
		info := v.details(r, w-mapW-2)
		return layout.Block(head+"\n"+layout.JoinColumns(heat, mapW, info, w-mapW-2, h-1, "  "), w, h)
	}
	return layout.Block(head+"\n"+heat+"\n"+v.brief(r, w), w, h)
}

// brief is the details in three lines, for a map with nothing beside it.
func (v *Swap) brief(r *ndcg.Result, w int) string {
	ws := v.C.WS
	k := ws.Settings.KString()
	now := r.NDCG()
	id := func(rank int) string { return common.Shown(ws.List().Items[ws.ItemAt(rank)].ID) }
	sel := fmt.Sprintf("ranks %d<->%d (%s, %s): ΔNDCG@%s %+.4f → %.4f", v.ci+1, v.cj+1, id(v.ci), id(v.cj), k, v.deltas[v.ci][v.cj], now+v.deltas[v.ci][v.cj])
	if v.ci == v.cj {
		sel = fmt.Sprintf("rank %d with itself: pick two different ranks", v.ci+1)
	}
	best := fmt.Sprintf("no swap in ranks 1–%d raises NDCG@%s", v.bestIn, k)
	if v.found {
		best = fmt.Sprintf("best: %d<->%d (%s, %s) %+.4f → %.4f · b applies", v.best.I+1, v.best.J+1, id(v.best.I), id(v.best.J), v.best.Delta, now+v.best.Delta)
	}
	lines := []string{v.C.Styles.Title.Render(sel), best, fmt.Sprintf("shade %s up to %.4f · + raises, - lowers", shades, v.maxAbs)}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "…")
	}
	return strings.Join(lines, "\n")
}

// heatMap draws the matrix: one cell of three characters per pair, a
// sign and a shade for the size of the change, on one scale (the
// largest |Δ| shown).
func (v *Swap) heatMap() string {
	st := v.C.Styles
	r := v.C.WS.Result
	good, bad, cur, subtle := common.InkOf(st.Good), common.InkOf(st.Bad), common.InkOf(st.Cursor), common.InkOf(st.Subtle)
	var b strings.Builder
	b.WriteString(" i\\j")
	for j := 0; j < v.top; j++ {
		label := fmt.Sprintf("%3d", j+1)
		if j == v.cj {
			label = cur.Paint(label)
		} else if j >= r.K {
			label = subtle.Paint(label)
		}
		b.WriteString(label)
	}
	diag := "  " + v.C.Styles.G.Diagonal
	for i := 0; i < v.top; i++ {
		b.WriteByte('\n')
		label := fmt.Sprintf("%3d ", i+1)
		if i == v.ci {
			label = cur.Paint(label)
		} else if i >= r.K {
			label = subtle.Paint(label)
		}
		b.WriteString(label)
		for j := 0; j < v.top; j++ {
			d := v.deltas[i][j]
			var cell string
			ink := common.Ink{}
			switch {
			case i == j:
				cell = diag
			case d == 0:
				cell = "  0"
				ink = subtle
			default:
				cell = " " + signOf(d) + shadeOf(d, v.maxAbs)
				if d > 0 {
					ink = good
				} else {
					ink = bad
				}
			}
			if i == v.ci && j == v.cj {
				ink = cur
			}
			b.WriteString(ink.Paint(cell))
		}
	}
	return b.String()
}

func signOf(d float64) string {
	if d > 0 {
		return "+"
	}
	return "-"
}

// shadeOf is the shade of |d| on the scale 0..maxAbs: never blank for
// a change, however small.
func shadeOf(d, maxAbs float64) string {
	if maxAbs <= 0 {
		return string(shades[0])
	}
	l := int(math.Ceil(math.Abs(d) / maxAbs * float64(len(shades))))
	l = min(max(l, 1), len(shades))
	return string(shades[l-1])
}

// details: the selected pair, the best swap and the legend.
func (v *Swap) details(r *ndcg.Result, w int) string {
	st, ws := v.C.Styles, v.C.WS
	k := ws.Settings.KString()
	now := r.NDCG()
	item := func(rank int) string {
		it := ws.List().Items[ws.ItemAt(rank)]
		s := fmt.Sprintf("%s (grade %s", common.Shown(it.ID), layout.FmtNum(it.Grade))
		if it.HasScore {
			s += ", score " + layout.FmtNum(it.Score)
		}
		return s + ")"
	}
	arrow := st.G.Swap
	var lines []string
	if v.ci == v.cj {
		lines = append(lines, st.Header.Render(fmt.Sprintf("rank %d with itself", v.ci+1)), "pick two different ranks")
	} else {
		d := v.deltas[v.ci][v.cj]
		lines = append(lines,
			st.Header.Render(fmt.Sprintf("ranks %d %s %d", v.ci+1, arrow, v.cj+1)),
			item(v.ci), item(v.cj),
			st.Title.Render(fmt.Sprintf("ΔNDCG@%s = %+.4f", k, d)),
			fmt.Sprintf("NDCG@%s %.4f → %.4f", k, now, now+d))
		if why := v.zeroWhy(r, d); why != "" {
			lines = append(lines, st.Subtle.Render(why))
		}
	}
	lines = append(lines, "")
	if v.found {
		b := v.best
		ids := common.Shown(ws.List().Items[ws.ItemAt(b.I)].ID) + " " + arrow + " " + common.Shown(ws.List().Items[ws.ItemAt(b.J)].ID)
		lines = append(lines,
			st.Header.Render(fmt.Sprintf("best swap in ranks 1–%d: %d %s %d", v.bestIn, b.I+1, arrow, b.J+1)),
			fmt.Sprintf("%s: %+.4f → %.4f", ids, b.Delta, now+b.Delta),
		)
	} else {
		lines = append(lines, st.Header.Render("best swap"), fmt.Sprintf("none in ranks 1–%d raises NDCG@%s", v.bestIn, k))
	}
	how := "items exchange places"
	if ws.List().Scored() {
		how = "items exchange scores"
	}
	lines = append(lines, "",
		fmt.Sprintf("shade %s: |Δ| up to %.4f", shades, v.maxAbs),
		"+ raises, - lowers, 0 no change",
		st.Subtle.Render(how+"; u undoes"))
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "…")
	}
	return strings.Join(lines, "\n")
}

// zeroWhy says why a swap changes nothing, when it does not.
func (v *Swap) zeroWhy(r *ndcg.Result, d float64) string {
	if d != 0 {
		return ""
	}
	k := r.K
	switch {
	case v.ci >= k && v.cj >= k:
		return "both ranks are past k"
	case r.TieAt(v.ci) >= 0 && r.TieAt(v.ci) == r.TieAt(v.cj):
		return "same tie group: same score"
	case r.Grade(v.ci) == r.Grade(v.cj):
		return "equal grades"
	case r.IDCG() == 0:
		return "IDCG is 0: NDCG is a convention"
	}
	return ""
}
