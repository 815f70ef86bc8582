package order

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

// Ties takes the tie groups apart: each group, its ranks and whether
// k cuts it; NDCG@k under the worst, expected and best orders; the
// distribution over every order; and what scikit-learn and trec_eval
// make of the ties.
type Ties struct {
	view.Drawn
	view.Lazy
	cursor, offset int // selected tie group, first group shown
	// docnoIDs are the selected group's first ids in docno order, for
	// the state named by docnoKey: drawn on every frame, worked out on a
	// change.
	docnoIDs []string
	docnoKey [3]int

	// Worked out on refresh, or off the update loop on a long list.
	tiesNumbers
}

// NewTies is the ties view of c's workspace.
func NewTies(c *common.Common) view.View { return &Ties{Lazy: view.Lazy{C: c, Stale: true}} }

// ShortHelp is the ties view's footer.
func (v *Ties) ShortHelp() []key.Binding {
	k := v.C.Keys
	return append([]key.Binding{common.As(k.Up, "↑/↓", "group"), common.As(k.Tie, "t", "tie ranks k, k+1")}, k.Tail(true)...)
}

func (v *Ties) Update(msg tea.Msg) tea.Cmd {
	if v.Edited(msg) {
		return nil
	}
	if cmd, ok := v.Job.Update(msg); ok {
		return cmd
	}
	k, ws := v.C.Keys, v.C.WS
	groups := 0
	if ws.Result != nil {
		groups = len(ws.Result.Ties)
	}
	if wm, ok := msg.(tea.MouseWheelMsg); ok {
		switch wm.Button {
		case tea.MouseWheelUp:
			v.cursor = max(v.cursor-1, 0)
		case tea.MouseWheelDown:
			v.cursor = max(min(v.cursor+1, groups-1), 0)
		}
		return nil
	}
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	switch {
	case key.Matches(km, k.Up):
		v.cursor = max(v.cursor-1, 0)
	case key.Matches(km, k.Down):
		v.cursor = max(min(v.cursor+1, groups-1), 0)
	case key.Matches(km, k.Top):
		v.cursor = 0
	case key.Matches(km, k.Bottom):
		v.cursor = max(groups-1, 0)
	case key.Matches(km, k.Tie):
		// The tie that teaches most straddles k: rank k takes the score of
		// rank k+1 (or is told they already tie).
		if ws.Result == nil {
			v.C.SetStatus("fix the error first (or undo): ties need a list that computes", true)
			return nil
		}
		v.Apply(ws.TieNext(max(ws.Result.K-1, 0)))
	}
	return nil
}

// Refresh works the numbers out again after an edit, then keeps the
// window on the tie groups on the selected one.
func (v *Ties) Refresh() {
	v.recompute()
	if r := v.C.WS.Result; r != nil && len(r.Ties) > 0 {
		_, _, rows := v.layout(r)
		v.offset = layout.ScrollTo(v.offset, v.cursor, len(r.Ties), groupWindow(rows, len(r.Ties)))
	}
}

// tiesNumbers are what the view works out beyond the workspace's result.
type tiesNumbers struct {
	band    ndcg.Band
	docno   float64
	dist    ndcg.Distribution
	spreads []float64
	// The scikit-learn line: its band under its own conventions, and
	// whether those differ from the ones in force.
	skBand   ndcg.Band
	skDiffer string
	skErr    error
	// trecOwn is NDCG@k under trec_eval's own conventions (linear gain,
	// judged IDCG, docno order), when those are not the ones in force.
	trecOwn     float64
	trecOwnErr  error
	trecInForce bool
}

func (v *Ties) recompute() {
	if !v.Stale || background.Needed(v.C.WS) {
		return // startWork takes it from here
	}
	v.Stale = false
	ws := v.C.WS
	r := ws.Result
	if r == nil {
		return
	}
	n, _ := workTies(context.Background(), r, ws.List(), ws.Settings, v.spreads[:0])
	v.install(n)
}

// StartWork works the numbers out off the update loop on a long list:
// the distribution alone enumerates up to 100,000 orders or samples
// thousands, and the scikit-learn line sorts the list again.
func (v *Ties) StartWork() tea.Cmd {
	ws := v.C.WS
	if !v.Stale || v.Job.Running || !background.Needed(ws) || ws.Result == nil {
		return nil
	}
	v.Stale = false
	list, s := v.Job.Snapshot(ws)
	return v.Job.Start(func(ctx context.Context) func() {
		r, err := ndcg.Compute(list, s)
		if err != nil {
			return nil // the workspace computed it: only a later edit differs
		}
		n, ok := workTies(ctx, r, list, s, nil)
		if !ok {
			return nil
		}
		return func() { v.install(n) }
	})
}

// install puts worked-out numbers on screen.
func (v *Ties) install(n tiesNumbers) {
	v.tiesNumbers = n
	if r := v.C.WS.Result; r != nil {
		v.cursor = max(min(v.cursor, len(r.Ties)-1), 0)
		if len(r.Ties) > 0 {
			_, _, rows := v.layout(r)
			v.offset = layout.ScrollTo(v.offset, v.cursor, len(r.Ties), groupWindow(rows, len(r.Ties)))
		}
	}
}

// workTies works the view's numbers out from r, the result of list under
// s, appending the groups' spreads to spreads; false when ctx was
// cancelled on the way.
func workTies(ctx context.Context, r *ndcg.Result, list *ndcg.List, s ndcg.Settings, spreads []float64) (tiesNumbers, bool) {
	n := tiesNumbers{band: r.NDCGBand(s.K), docno: r.NDCGAt(ndcg.Docno, s.K), spreads: spreads}
	if len(r.Ties) == 0 {
		return n, true
	}
	for g := range r.Ties {
		if g%1024 == 0 && background.Cancelled(ctx) {
			return n, false
		}
		n.spreads = append(n.spreads, r.GroupSpread(g, s.K))
	}
	n.dist = r.Distribution(s.K)
	if background.Cancelled(ctx) {
		return n, false
	}

	// scikit-learn's ndcg_score, fed these gains as y_true: its IDCG
	// comes from the list, log2 discount, 0 without relevant items.
	sk := s
	sk.Ties, sk.IDCG, sk.Zero, sk.TruncateGrades = ndcg.Expected, ndcg.FromList, 0, false
	if sk.Discount.Kind != ndcg.DiscountLog {
		sk.Discount = ndcg.Log2
	}
	var differ []string
	for _, c := range ndcg.Differences(s, sk) {
		if c.Setting != ndcg.SettingTies && c.Setting != ndcg.SettingDiscount {
			differ = append(differ, fmt.Sprintf("%s %s", explain.SettingName(c.Setting), c.To))
		}
	}
	if s.Discount.Kind != ndcg.DiscountLog {
		differ = append(differ, "discount log2")
	}
	n.skDiffer = strings.Join(differ, ", ")
	if rs, err := ndcg.Compute(list, sk); err != nil {
		n.skErr = err
	} else {
		n.skBand = rs.NDCGBand(s.K)
	}
	if p, ok := explain.PresetInForce(s); ok && p.Name == "trec_eval" {
		n.trecInForce = true
	} else if p, err := ndcg.FindPreset("trec_eval"); err != nil {
		n.trecOwnErr = err
	} else if rt, err := ndcg.Compute(list, p.Apply(s)); err != nil {
		n.trecOwnErr = err
	} else {
		n.trecOwn = rt.NDCG()
	}
	return n, true
}
