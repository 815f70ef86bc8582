package ndcg

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"
)

// The per-rank numbers a Result does not keep, worked out from what it
// keeps: the ranking, each rank's grade, the tie groups and their means.
// Each is computed as Compute once stored it, so the values are the
// same to the bit.

// Grade is the grade used at 0-based rank i (its integer part when the
// settings truncate), ties ordered by the settings' policy.
func (r *Result) Grade(i int) float64 { return r.gradeOfItem(int(r.Order[i])) }

// Gain is the gain of the grade at rank i.
func (r *Result) Gain(i int) float64 { return r.gainOf(r.Grade(i)) }

// ExpectedGain is rank i's tie group's mean gain, its own gain when
// untied: the gain expected ties count at the rank.
func (r *Result) ExpectedGain(i int) float64 {
	if g := r.TieAt(i); g >= 0 {
		return r.tieMean[g]
	}
	return r.Gain(i)
}

// TieAt is the index into Ties of rank i's tie group, or −1 when the
// rank is untied.
func (r *Result) TieAt(i int) int {
	t := r.Ties
	g := sort.Search(len(t), func(j int) bool { return t[j].End > i })
	if g < len(t) && t[g].Start <= i {
		return g
	}
	return -1
}

// IdealGrade is the grade at 0-based rank i of the ideal ranking.
func (r *Result) IdealGrade(i int) float64 {
	if r.idealSmall {
		return float64(r.idealRun(i))
	}
	return r.idealGrades[i]
}

// IdealGain is the gain at 0-based rank i of the ideal ranking.
func (r *Result) IdealGain(i int) float64 {
	if r.idealSmall {
		return r.table[r.idealRun(i)]
	}
	return r.idealGains[i]
}

// idealRun is the grade of the run of the ideal ranking (laid out by
// counting small grades, highest first) that holds rank i.
func (r *Result) idealRun(i int) int {
	// The runs end further down as the grade falls.
	j := sort.Search(64, func(j int) bool { return r.idealEnd[63-j] > i })
	if j == 64 {
		panic("ndcg: ideal rank out of range")
	}
	return 63 - j
}

// setIdealEnds works out where each grade's run of the ideal ranking
// ends from the counts.
func (r *Result) setIdealEnds() {
	pos := 0
	for g := 63; g >= 0; g-- {
		pos += r.idealCount[g]
		r.idealEnd[g] = pos
	}
}

// scoreGroup numbers rank i's score among the distinct scores, 1-based
// in rank order (each rank its own number when the list has no ties).
func (r *Result) scoreGroup(i int) int {
	t := r.Ties
	g := sort.Search(len(t), func(j int) bool { return t[j].End > i })
	fold := 0
	switch {
	case g < len(t) && t[g].Start <= i:
		fold = int(r.tieFold[g]) + i - t[g].Start
	case g < len(t):
		fold = int(r.tieFold[g])
	case g > 0:
		fold = int(r.tieFold[g-1]) + t[g-1].Size() - 1
	}
	return i + 1 - fold
}

// gradeOfItem is the grade used for the item at index idx.
func (r *Result) gradeOfItem(idx int) float64 {
	g := r.List.Items[idx].Grade
	if r.Settings.TruncateGrades {
		return math.Trunc(g)
	}
	return g
}

// gainOfItem is the gain of the item at index idx under the settings.
func (r *Result) gainOfItem(idx int) float64 { return r.gainOf(r.gradeOfItem(idx)) }

// gainOf is the gain of a grade the list holds (so one the gain
// defines), from the table for small integer grades, as Compute reads it.
func (r *Result) gainOf(g float64) float64 {
	if g >= 0 && g < 64 && g == math.Trunc(g) {
		return r.table[int(g)]
	}
	return r.Settings.Gain.Of(g)
}

// inputGain is the gain at rank x of the ranking in input order.
func (r *Result) inputGain(x int) float64 {
	if r.codes != nil {
		return r.table[r.codes[x]]
	}
	return r.gains[x]
}

// byGain lists the small grades the gain defines, highest gain first.
type byGain struct {
	codes [64]uint8
	n     int
}

func (r *Result) byGain() *byGain {
	b := &r.byGainOf
	if r.byGainSet {
		return b
	}
	*b = byGain{}
	for c, v := range r.table {
		if v == v {
			b.codes[b.n] = uint8(c)
			b.n++
		}
	}
	slices.SortStableFunc(b.codes[:b.n], func(x, y uint8) int { return cmp.Compare(r.table[y], r.table[x]) })
	r.byGainSet = true
	return b
}

// eachSorted calls fn with the ranks x of tie group t below end and the
// gain the best order (worst when worst is set) puts there: the group's
// gains sorted, highest first (lowest first). Small grades are counted,
// larger ones sorted in the result's buffer.
func (r *Result) eachSorted(t TieGroup, end int, worst bool, bg *byGain, fn func(x int, g float64)) {
	x := t.Start
	if r.codes == nil {
		buf := append(r.mem.buf[:0], r.gains[t.Start:t.End]...)
		r.mem.buf = buf
		sortDescending(buf)
		for ; x < end; x++ {
			j := x - t.Start
			if worst {
				j = len(buf) - 1 - j
			}
			fn(x, buf[j])
		}
		return
	}
	var count [64]int
	for _, c := range r.codes[t.Start:t.End] {
		count[c]++
	}
	for i := range bg.n {
		c := bg.codes[i]
		if worst {
			c = bg.codes[bg.n-1-i]
		}
		v := r.table[c]
		for range count[c] {
			if x == end {
				return
			}
			fn(x, v)
			x++
		}
	}
}

// sortDescending sorts a tie group's gains, highest first: by insertion
// for the small groups that rounding makes, else by slices.Sort (fast
// on the few distinct gains of a large group).
func sortDescending(gs []float64) {
	if len(gs) > 16 {
		slices.Sort(gs)
		slices.Reverse(gs)
		return
	}
	for i := 1; i < len(gs); i++ {
		v := gs[i]
		j := i
		for ; j > 0 && gs[j-1] < v; j-- {
			gs[j] = gs[j-1]
		}
		gs[j] = v
	}
}

// eachTerm calls fn with each rank x < k and the gain DCG counts there
// with ties ordered by p, in rank order: the terms Compute adds up.
func (r *Result) eachTerm(p TiePolicy, k int, fn func(x int, g float64)) {
	if p == Docno && len(r.Ties) > 0 {
		if r.order[Docno] == nil {
			r.order[Docno], r.docnoAt = r.docnoOrder(r.order[Input])
		}
		at := r.docnoAt
		for x := range k {
			fn(x, r.inputGain(int(at[x])))
		}
		return
	}
	var bg *byGain
	if (p == Best || p == Worst) && r.codes != nil {
		bg = r.byGain()
	}
	ties := r.Ties
	for x, gi := 0, 0; x < k; {
		if gi == len(ties) || x < ties[gi].Start {
			end := k
			if gi < len(ties) {
				end = min(end, ties[gi].Start)
			}
			for ; x < end; x++ {
				fn(x, r.inputGain(x))
			}
			continue
		}
		t := ties[gi]
		end := min(t.End, k)
		switch p {
		case Expected:
			mean := r.tieMean[gi]
			for ; x < end; x++ {
				fn(x, mean)
			}
		case Best, Worst:
			r.eachSorted(t, end, p == Worst, bg, fn)
			x = end
		default:
			for ; x < end; x++ {
				fn(x, r.inputGain(x))
			}
		}
		gi++
	}
}

// sumsOf is the running DCG sums over every rank with ties ordered by p.
func (r *Result) sumsOf(p TiePolicy) []float64 {
	cum := make([]float64, r.N)
	sum := 0.0
	r.eachTerm(p, r.N, func(x int, g float64) {
		sum += g * r.Discounts[x]
		cum[x] = sum
	})
	return cum
}

// orderFor returns the rank order under policy p, working out the best,
// worst and docno orders and their sums the first time they are needed.
func (r *Result) orderFor(p TiePolicy) []int32 {
	if (r.order[p] != nil && r.dcg[p] != nil) || r.N == 0 {
		return r.order[p]
	}
	input := r.order[Input]
	switch p {
	case Best, Worst:
		// Highest gains first (lowest for worst), equal gains in input
		// order: the orders whose DCG eachTerm adds up.
		sign := 1.0
		if p == Worst {
			sign = -1
		}
		o := slices.Clone(input)
		for _, t := range r.Ties {
			slices.SortStableFunc(o[t.Start:t.End], func(a, b int32) int {
				return cmp.Compare(sign*r.gainOfItem(int(b)), sign*r.gainOfItem(int(a)))
			})
		}
		r.order[p], r.dcg[p] = o, r.sumsOf(p)
	case Docno:
		// A result derived from another shares its docno order (the same
		// ranking and ids): only the sums are new.
		if r.order[Docno] == nil {
			r.order[Docno], r.docnoAt = r.docnoOrder(input)
		}
		r.dcg[Docno] = r.sumsOf(Docno)
	default: // input and expected: the input order, sums not kept
		r.dcg[p] = r.sumsOf(p)
	}
	return r.order[p]
}

// docnoOrder is the ranking with each tie group ordered by id, highest
// first: trec_eval's order, and for each of its ranks the input rank of
// the same item (see Result.docnoAt). Ids are unique, so no two items
// compare equal and an unstable sort gives the one order.
func (r *Result) docnoOrder(input []int32) (order, at []int32) {
	at = make([]int32, len(input))
	for i := range at {
		at[i] = int32(i)
	}
	items := r.List.Items
	for _, t := range r.Ties {
		slices.SortFunc(at[t.Start:t.End], func(a, b int32) int {
			return strings.Compare(items[input[b]].ID, items[input[a]].ID)
		})
	}
	order = make([]int32, len(input))
	for i, x := range at {
		order[i] = input[x]
	}
	return order, at
}

// wholeAfter is the number of single sums of one policy after which
// DCGAt works out the policy's whole array: a caller going through
// every cutoff then costs one pass, not one per cutoff.
const wholeAfter = 8

// DCGAt returns DCG@k with ties ordered by p. k counts ranks: 0 or more
// than N means the whole list. The sums of a policy other than the
// settings' are added up when asked for (k terms), and kept.
func (r *Result) DCGAt(p TiePolicy, k int) float64 {
	k = cut(k, r.N)
	if k == 0 {
		return 0
	}
	if d := r.dcg[p]; d != nil {
		return d[k-1]
	}
	for _, m := range r.memo[:min(r.memos, len(r.memo))] {
		if m.p == p && m.k == k {
			return m.v
		}
	}
	if r.asked[p] >= wholeAfter || p == Docno {
		r.orderFor(p)
		return r.dcg[p][k-1]
	}
	sum := 0.0
	r.eachTerm(p, k, func(x int, g float64) { sum += g * r.Discounts[x] })
	r.memo[r.memos%len(r.memo)] = dcgMemo{p: p, k: k, v: sum}
	r.memos++
	r.asked[p]++
	return sum
}

// forget drops every number worked out on demand from the gains, after
// a grade edit in place (under input or expected ties): the sums of the
// other policies, the best and worst orders. The docno order depends on
// the ids alone.
func (r *Result) forget() {
	r.memos, r.asked = 0, [5]int{}
	if len(r.Ties) == 0 {
		return
	}
	for _, p := range TiePolicies {
		if p != r.Settings.Ties {
			r.dcg[p] = nil
		}
	}
	r.order[Best], r.order[Worst] = nil, nil
}

// MaxAbsContribution is the largest |gain × discount| over the ranks
// under the settings' tie policy (a tie group's mean under Expected) and
// over the ideal ranking: the scale of a chart of contributions. It is a
// pass over the ranks, as it runs after every edit.
func (r *Result) MaxAbsContribution() float64 {
	top := 0.0
	disc := r.Discounts
	p := r.Settings.Ties
	if r.codes != nil && (p == Input || p == Expected || len(r.Ties) == 0) {
		// The explorer's case, after every grade edit: plain loops.
		codes, table, ties := r.codes, &r.table, r.Ties
		expected := p == Expected
		for x, gi := 0, 0; x < r.N; gi++ {
			end := r.N
			if expected && gi < len(ties) {
				end = ties[gi].Start
			}
			for ; x < end; x++ {
				top = absMax(top, table[codes[x]]*disc[x])
			}
			if x == r.N {
				break
			}
			t, mean := ties[gi], r.tieMean[gi]
			if r.discountsFall && mean >= 0 {
				// The product is largest at the group's first rank.
				top, x = absMax(top, mean*disc[x]), t.End
			}
			for ; x < t.End; x++ {
				top = absMax(top, mean*disc[x])
			}
		}
	} else {
		r.eachTerm(p, r.N, func(x int, g float64) { top = absMax(top, g*disc[x]) })
	}
	m := len(r.IdealOrder)
	if !r.idealSmall {
		for i, g := range r.idealGains {
			top = absMax(top, g*disc[i])
		}
		return top
	}
	pos := 0
	for g := 63; g >= 0 && pos < m; g-- {
		end := pos + r.idealCount[g]
		v := r.table[g]
		x := pos
		if r.discountsFall && v >= 0 && x < end {
			top, x = absMax(top, v*disc[x]), end
		}
		for ; x < end; x++ {
			top = absMax(top, v*disc[x])
		}
		pos = end
	}
	return top
}

// absMax is the larger of top and |v|.
func absMax(top, v float64) float64 {
	if v < 0 {
		v = -v
	}
	if v > top {
		return v
	}
	return top
}
