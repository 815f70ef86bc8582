package ndcg

import (
	"math"
	"sort"
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
	if ties {
		// The orders and sums worked out on demand depend on the gains.
		r.order[Best], r.order[Worst], r.dcg[Docno] = nil, nil, nil
	}
	return true
}

// regradeRank takes the item at rank i to its grade in the list.
func (r *Result) regradeRank(i int) bool {
	s := r.Settings
	idx := r.order[Input][i]
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
	old := r.Grades[i]
	if old == g {
		return true // a title edit, or an edit undone by another
	}
	v := s.Gain.Of(g)
	r.Grades[i], r.Gains[i] = g, v
	r.redoDCG(i, v)
	r.moveIdeal(idx, int(old), int(g))
	return true
}

// redoDCG adds up the DCG sums again from rank i's tie group (rank i
// itself when untied), whose gain is now v.
func (r *Result) redoDCG(i int, v float64) {
	n, disc := r.N, r.Discounts
	gains := r.Gains
	dIn := r.dcg[Input]
	if len(r.Ties) == 0 { // every policy shares the input order's sums
		sum := 0.0
		if i > 0 {
			sum = dIn[i-1]
		}
		for x := i; x < n; x++ {
			sum += gains[x] * disc[x]
			dIn[x] = sum
		}
		return
	}
	eg, bg := r.ExpectedGains, r.bestGains
	start := i
	if at := r.GroupAt[i]; at < 0 {
		eg[i], bg[i] = v, v
	} else {
		t := r.Ties[at]
		start = t.Start
		mean := 0.0
		for x := t.Start; x < t.End; x++ {
			mean += gains[x]
		}
		mean /= float64(t.Size())
		bs := bg[t.Start:t.End]
		copy(bs, gains[t.Start:t.End])
		sortDescending(bs)
		for x := t.Start; x < t.End; x++ {
			eg[x] = mean
		}
	}
	// One pass from the group's first rank: the input order's sums
	// before rank i come out as they were.
	best, worst, exp := r.dcg[Best], r.dcg[Worst], r.dcg[Expected]
	sumIn, sumB, sumW, sumE := 0.0, 0.0, 0.0, 0.0
	if start > 0 {
		sumIn, sumB, sumW, sumE = dIn[start-1], best[start-1], worst[start-1], exp[start-1]
	}
	groupAt, ties := r.GroupAt, r.Ties
	for x := start; x < n; {
		if at := groupAt[x]; at >= 0 {
			t := ties[at]
			for y := x; y < t.End; y++ {
				d := disc[y]
				sumIn += gains[y] * d
				sumB += bg[y] * d
				sumW += bg[t.Start+t.End-1-y] * d
				sumE += eg[y] * d
				dIn[y], best[y], worst[y], exp[y] = sumIn, sumB, sumW, sumE
			}
			x = t.End
			continue
		}
		d, g := disc[x], bg[x]
		sumIn += g * d
		sumB += g * d
		sumW += g * d
		sumE += g * d
		dIn[x], best[x], worst[x], exp[x] = sumIn, sumB, sumW, sumE
		x++
	}
}

// moveIdeal moves item idx from the run of grade from to the run of
// grade to in the ideal ranking, whose runs (highest grade first) hold
// their items in index order, and adds IDCG up again from the first
// ideal rank that changed.
func (r *Result) moveIdeal(idx, from, to int) {
	order := r.IdealOrder
	count := &r.idealCount
	runStart := func(g int) int {
		pos := 0
		for h := 63; h > g; h-- {
			pos += count[h]
		}
		return pos
	}
	so := runStart(from)
	p := so + sort.SearchInts(order[so:so+count[from]], idx)
	st := runStart(to)
	below := sort.SearchInts(order[st:st+count[to]], idx) // items of grade to before idx
	count[from]--
	count[to]++
	q := runStart(to) + below // idx's rank once moved
	if q >= p {
		copy(order[p:q], order[p+1:q+1])
	} else {
		copy(order[q+1:p+1], order[q:p])
	}
	order[q] = idx
	lo, hi := min(p, q), max(p, q)
	// The grades and gains of ranks lo..hi, from the runs.
	pos := 0
	gain := r.Settings.Gain
	for h := 63; h >= 0 && pos <= hi; h-- {
		end := pos + count[h]
		if end > lo && count[h] > 0 {
			v := gain.Of(float64(h))
			for x := max(pos, lo); x < min(end, hi+1); x++ {
				r.IdealGrades[x], r.IdealGains[x] = float64(h), v
			}
		}
		pos = end
	}
	idcg, disc, gains := r.idcg, r.Discounts, r.IdealGains
	sum := 0.0
	if lo > 0 {
		sum = idcg[lo-1]
	}
	for x := lo; x < len(idcg); x++ {
		sum += gains[x] * disc[x]
		idcg[x] = sum
	}
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
