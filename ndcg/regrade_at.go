package ndcg

import (
	"math"
	"slices"
)

// RegradeAt is Regrade when only the grades of the items at the given
// 0-based ranks of prev changed since prev was computed: the settings,
// scores, ids and pool are as prev had them. prev is updated in place
// and returned (as with Regrade, do not keep slices read from it before
// the call).
//
// It is the explorer's recomputation after a grade edit on a long list,
// and recomputes only what the edit changes: the edited rank's grade
// and gain, its tie group's mean and sorted gains, the running DCG sums
// from that group on, the item's move in the ideal ranking (laid out by
// counting grades, not sorting) and the running IDCG sums from the first
// ideal rank that moved. The sums are added up again in the order
// Compute adds them, so every number is bit for bit what Compute gives.
//
// When that shortcut does not apply (a grade that is not an integer
// below 64, ties ordered other than by input order or expectation, a
// gain the settings do not define) it falls back to Regrade.
func RegradeAt(prev *Result, ranks ...int) (*Result, error) {
	if !prev.regradeInPlace(ranks) {
		return Regrade(prev, prev.Settings)
	}
	return prev, nil
}

// regradeInPlace applies the grade edits at ranks to r, or reports
// false, leaving r's ranking intact for Regrade, when it cannot.
func (r *Result) regradeInPlace(ranks []int) bool {
	s := r.Settings
	ties := len(r.Ties) > 0
	if !r.idealSmall || (ties && s.Ties != Expected && s.Ties != Input) {
		return false
	}
	for _, i := range ranks {
		if i < 0 || i >= r.N || !r.regradeRank(i) {
			return false
		}
	}
	// A finite IDCG keeps every other sum finite, as fill checks.
	if m := len(r.idcg); m > 0 && math.IsInf(r.idcg[m-1], 0) {
		return false // Regrade says what is wrong
	}
	// The orders and sums worked out on demand depend on the gains.
	r.forget()
	return true
}

// regradeRank takes the item at rank i to its grade in the list.
func (r *Result) regradeRank(i int) bool {
	s := r.Settings
	idx := int(r.order[Input][i])
	g := r.List.Items[idx].Grade
	if !(g >= 0 && g < 64) {
		return false
	}
	if s.TruncateGrades {
		g = math.Trunc(g)
	}
	if g != math.Trunc(g) || s.Gain.Check(g) != nil {
		return false
	}
	old := int(r.codes[i])
	if old == int(g) {
		return true // a title edit, or an edit undone by another
	}
	r.codes[i] = uint8(g)
	r.redoDCG(i)
	r.moveIdeal(idx, old, int(g))
	return true
}

// redoDCG adds up the kept DCG sums again from rank i's tie group (rank
// i itself when untied), whose grade changed, and the group's mean.
func (r *Result) redoDCG(i int) {
	codes, table := r.codes, &r.table
	ties := r.Ties
	sums := r.dcg[Input]
	expected := len(ties) > 0 && r.Settings.Ties == Expected
	if expected {
		sums = r.dcg[Expected]
	}
	start := i
	if g := r.TieAt(i); g >= 0 {
		t := ties[g]
		start = t.Start
		mean := 0.0
		for x := t.Start; x < t.End; x++ {
			mean += table[codes[x]]
		}
		r.tieMean[g] = mean / float64(t.Size())
	}
	r.sumFrom(sums, start, expected)
}

// moveIdeal moves item idx from the run of grade from to the run of
// grade to in the ideal ranking, whose runs (highest grade first) hold
// their items in index order, and adds IDCG up again from the first
// ideal rank that changed.
func (r *Result) moveIdeal(idx, from, to int) {
	order := r.IdealOrder
	count := &r.idealCount
	runStart := r.idealRunStart
	so := runStart(from)
	p, _ := slices.BinarySearch(order[so:so+count[from]], int32(idx))
	p += so
	st := runStart(to)
	below, _ := slices.BinarySearch(order[st:st+count[to]], int32(idx)) // items of grade to before idx
	count[from]--
	count[to]++
	r.setIdealEnds()
	q := runStart(to) + below // idx's rank once moved
	if q >= p {
		copy(order[p:q], order[p+1:q+1])
	} else {
		copy(order[q+1:p+1], order[q:p])
	}
	order[q] = int32(idx)
	r.idcgFrom(min(p, q))
}

// MaxAbsNDCG is the largest |NDCG@k| over k = 1..N with ties ordered by
// p (0 for an empty list): the scale of a chart of NDCG by cutoff. It
// reads the running sums directly, as it runs after every edit over
// every rank.
func (r *Result) MaxAbsNDCG(p TiePolicy) float64 {
	if r.N == 0 {
		return 0
	}
	if r.dcg[p] == nil {
		r.orderFor(p)
	}
	dcg, idcg := r.dcg[p][:r.N], r.idcg
	top := 0.0
	for k, d := range dcg {
		var v float64
		if m := len(idcg); m == 0 {
			v = r.Settings.Zero
		} else if i := idcg[min(k, m-1)]; i == 0 {
			v = r.Settings.Zero
		} else {
			v = d / i
		}
		if v < 0 {
			v = -v
		}
		if v > top {
			top = v
		}
	}
	return top
}
