package ndcg

import (
	"cmp"
	"slices"
	"strings"
)

// Swap is the exchange of the items at two ranks and what it does to
// NDCG@k under the result's settings.
type Swap struct {
	// I and J are 0-based ranks, I < J.
	I, J int
	// Delta is NDCG@k after the swap minus NDCG@k before.
	Delta float64
}

// SwapDelta returns ΔNDCG@k for exchanging the items at 0-based ranks i
// and j. On a list without scores the two items change places; on a
// scored list they exchange scores, so each joins the other's tie group
// and the tie policy orders the group again. Under Expected that moves
// the groups' mean gains; two items of one group change nothing. This
// |ΔNDCG| is the weight LambdaRank, LightGBM and XGBoost put on a pair.
func (r *Result) SwapDelta(i, j int) float64 {
	if i == j || i >= r.N || j >= r.N {
		return 0
	}
	idcg := r.IDCGAt(r.K)
	if idcg == 0 {
		return 0
	}
	order := r.orderFor(r.Settings.Ties)
	a, b := int(order[i]), int(order[j])
	ga, gb := r.gainOfItem(a), r.gainOfItem(b)
	if ga == gb && r.Settings.Ties != Input && r.Settings.Ties != Docno {
		// Under the other policies a group's gains decide its order, so
		// trading equal gains changes nothing; under input and docno order
		// the two items take different places in their new groups.
		return 0
	}
	ta, tb := r.TieAt(i), r.TieAt(j)
	if ta >= 0 && ta == tb {
		return 0 // exchanging scores inside a group changes nothing
	}
	// The change is confined to the two items' groups (a rank of its own
	// when untied): recompute each with the other item in its place.
	delta := r.groupDCGWith(i, a, b) - r.groupDCG(i) + r.groupDCGWith(j, b, a) - r.groupDCG(j)
	return delta / idcg
}

// span returns the ranks of the tie group at rank i (just i when untied).
func (r *Result) span(i int) (int, int) {
	if g := r.TieAt(i); g >= 0 {
		return r.Ties[g].Start, r.Ties[g].End
	}
	return i, i + 1
}

// groupDCG is the DCG@k the group at rank i contributes now.
func (r *Result) groupDCG(i int) float64 {
	s, e := r.span(i)
	return r.groupContribution(s, e, r.order[Input][s:e])
}

// groupDCGWith is the DCG@k the group at rank i contributes once item
// out is replaced by item in.
func (r *Result) groupDCGWith(i, out, in int) float64 {
	s, e := r.span(i)
	members := slices.Clone(r.order[Input][s:e])
	for x, idx := range members {
		if int(idx) == out {
			members[x] = int32(in)
		}
	}
	return r.groupContribution(s, e, members)
}

// groupContribution orders members (item indices) as the tie policy
// would and sums gain × discount over the ranks s..e-1 inside the cutoff.
func (r *Result) groupContribution(s, e int, members []int32) float64 {
	if s >= r.K {
		return 0
	}
	end := min(e, r.K)
	if r.Settings.Ties == Expected {
		mean, disc := 0.0, 0.0
		for _, idx := range members {
			mean += r.gainOfItem(int(idx))
		}
		mean /= float64(len(members))
		for x := s; x < end; x++ {
			disc += r.Discounts[x]
		}
		return mean * disc
	}
	m := slices.Clone(members)
	switch r.Settings.Ties {
	case Best:
		slices.SortStableFunc(m, func(a, b int32) int { return cmp.Compare(r.gainOfItem(int(b)), r.gainOfItem(int(a))) })
	case Worst:
		slices.SortStableFunc(m, func(a, b int32) int { return cmp.Compare(r.gainOfItem(int(a)), r.gainOfItem(int(b))) })
	case Input:
		slices.Sort(m)
	case Docno:
		slices.SortFunc(m, func(a, b int32) int { return -strings.Compare(r.List.Items[a].ID, r.List.Items[b].ID) })
	}
	sum := 0.0
	for x := s; x < end; x++ {
		sum += r.gainOfItem(int(m[x-s])) * r.Discounts[x]
	}
	return sum
}

// SwapDeltas returns ΔNDCG@k for every pair of ranks among the top
// ranks: m[i][j] for 0-based ranks i and j (symmetric, zero diagonal).
func (r *Result) SwapDeltas(top int) [][]float64 {
	top = min(top, r.N)
	m := make([][]float64, top)
	for i := range m {
		m[i] = make([]float64, top)
	}
	for i := 0; i < top; i++ {
		for j := i + 1; j < top; j++ {
			d := r.SwapDelta(i, j)
			m[i][j], m[j][i] = d, d
		}
	}
	return m
}

// BestSwap returns the swap among the top ranks that raises NDCG@k the
// most, and false when no swap raises it.
func (r *Result) BestSwap(top int) (Swap, bool) {
	best := Swap{}
	found := false
	top = min(top, r.N)
	for i := 0; i < top; i++ {
		for j := i + 1; j < top; j++ {
			if d := r.SwapDelta(i, j); d > 1e-15 && (!found || d > best.Delta) {
				best, found = Swap{I: i, J: j, Delta: d}, true
			}
		}
	}
	return best, found
}
