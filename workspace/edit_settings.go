package workspace

import (
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Settings edits.

// ChangeSettings returns the edit to settings s, or nil when nothing changes.
func (w *Workspace) ChangeSettings(s ndcg.Settings) Edit {
	if s.Equal(w.Settings) {
		return nil
	}
	return &setSettings{before: w.Settings, after: s}
}

// KUp raises the cutoff; past the list's length it becomes "all".
func (w *Workspace) KUp() Edit {
	s := w.Settings
	switch {
	case s.K == 0:
		return nil
	case s.K >= w.N():
		s.K = 0
	default:
		s.K++
	}
	return w.ChangeSettings(s)
}

// KDown lowers the cutoff; from "all" it goes to one less than the list.
func (w *Workspace) KDown() Edit {
	s := w.Settings
	switch {
	case s.K == 0:
		s.K = max(w.N()-1, 1)
	case s.K > w.N() && w.N() > 0:
		s.K = w.N()
	case s.K > 1:
		s.K--
	default:
		return nil
	}
	return w.ChangeSettings(s)
}

// gainCycle are the gains g cycles through, in order, before the gain
// map the list's file gave, if any: a named gain is one entry here.
var gainCycle = []ndcg.Gain{ndcg.Exp, ndcg.Linear}

// NextGain cycles the gains of gainCycle (exp → linear), then the gain
// map the file gave (fileMap), if any, and back to the first; any other
// gain goes to the first.
func (w *Workspace) NextGain(fileMap *ndcg.Gain) Edit {
	s := w.Settings
	cycle := gainCycle
	if fileMap != nil {
		cycle = append(slices.Clone(gainCycle), *fileMap)
	}
	next := 0
	for i, g := range cycle {
		if g.String() == s.Gain.String() {
			next = (i + 1) % len(cycle)
		}
	}
	s.Gain = cycle[next]
	return w.ChangeSettings(s)
}

// discountCycle shows the standard discount, the same in base 10 (NDCG
// does not change, DCG does: the base cancels out of the ratio) and the
// original Järvelin–Kekäläinen form.
var discountCycle = []ndcg.Discount{ndcg.Log2, {Kind: ndcg.DiscountLog, Base: 10}, ndcg.JK2}

// NextDiscount cycles log2 → log:10 → jk:2.
func (w *Workspace) NextDiscount() Edit {
	s := w.Settings
	next := 0
	for i, d := range discountCycle {
		if d.String() == s.Discount.String() {
			next = (i + 1) % len(discountCycle)
		}
	}
	s.Discount = discountCycle[next]
	return w.ChangeSettings(s)
}

// NextTies cycles the tie policies.
func (w *Workspace) NextTies() Edit {
	s := w.Settings
	s.Ties = ndcg.TiePolicies[(slices.Index(ndcg.TiePolicies, s.Ties)+1)%len(ndcg.TiePolicies)]
	return w.ChangeSettings(s)
}

// ToggleIDCG switches the ideal ranking between the list and the judged pool.
func (w *Workspace) ToggleIDCG() Edit {
	s := w.Settings
	if s.IDCG == ndcg.FromList {
		s.IDCG = ndcg.FromJudged
	} else {
		s.IDCG = ndcg.FromList
	}
	return w.ChangeSettings(s)
}

// ToggleZero switches NDCG for IDCG = 0 between 0 and 1.
func (w *Workspace) ToggleZero() Edit {
	s := w.Settings
	s.Zero = 1 - s.Zero
	return w.ChangeSettings(s)
}
