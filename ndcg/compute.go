package ndcg

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// TieGroup is a run of ranks whose items have exactly equal scores.
type TieGroup struct {
	// Start and End are 0-based ranks: the group holds ranks Start..End-1.
	Start, End int
	Score      float64
}

// Size is the number of tied items.
func (g TieGroup) Size() int { return g.End - g.Start }

// Straddles reports whether the cutoff k (a rank count) falls inside
// the group: some of its items count at k and some do not.
func (g TieGroup) Straddles(k int) bool { return g.Start < k && k < g.End }

// Result is everything one computation knows about a list under one set
// of settings. Slices indexed by rank are 0-based (rank 1 is index 0).
// A Result is read-only once returned, except that the docno order is
// worked out the first time it is asked for, so it is not safe for
// concurrent use.
type Result struct {
	Settings Settings
	List     *List
	// N is the number of items; K the DCG cutoff, min(k, N) (N for the
	// whole list); IdealK the IDCG cutoff, min(k, len(IdealOrder)).
	N, K, IdealK int

	// Order holds the item index at each rank, ties ordered by the
	// settings' policy (input order under Expected).
	Order []int
	// Ties are the tie groups of two or more items, in rank order;
	// GroupAt is the index into Ties of each rank's group, or -1.
	Ties    []TieGroup
	GroupAt []int32
	// ScoreGroup numbers the distinct scores 1, 2, … in rank order (every
	// rank its own number when the list has no scores).
	ScoreGroup []int32

	// Grades are the grades used at each rank (integer part when the
	// settings truncate), Gains their gains, in Order.
	Grades, Gains []float64
	// ExpectedGains is each rank's group mean gain.
	ExpectedGains []float64
	// Discounts has the discount at each rank of the longer of the list
	// and the ideal ranking.
	Discounts []float64

	// IdealOrder lists the ideal ranking: item indices, or N+j for pool
	// item j. IdealGrades and IdealGains follow it.
	IdealOrder  []int
	IdealGrades []float64
	IdealGains  []float64
	// idcg[i] is IDCG@(i+1).
	idcg []float64

	// dcg[policy][i] is DCG@(i+1) with ties ordered by the policy.
	dcg [5][]float64
	// order[policy] is the rank order under each concrete policy.
	order [5][]int
}

// Compute ranks list and works out every number of the breakdown under
// s. The list is not copied: do not change it while the result is in use.
func Compute(list *List, s Settings) (*Result, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if list == nil {
		return nil, errors.New("no list: give a list, even an empty one")
	}
	if err := list.Validate(s); err != nil {
		return nil, err
	}
	n := len(list.Items)
	r := &Result{Settings: s, List: list, N: n}

	grade := func(g float64) float64 {
		if s.TruncateGrades {
			return math.Trunc(g)
		}
		return g
	}

	// Rank by score, descending, ties in input order.
	input := make([]int, n)
	r.GroupAt = make([]int32, n)
	r.ScoreGroup = make([]int32, n)
	if list.Scored() {
		keys := make([]uint64, n)
		for i, it := range list.Items {
			keys[i] = ^floatKey(it.Score)
		}
		radixSort(keys, input)
		var group int32
		for i := 0; i < n; {
			j := i + 1
			for j < n && list.Items[input[j]].Score == list.Items[input[i]].Score {
				j++
			}
			group++
			at := int32(-1)
			if j-i > 1 {
				at = int32(len(r.Ties))
				r.Ties = append(r.Ties, TieGroup{Start: i, End: j, Score: list.Items[input[i]].Score})
			}
			for x := i; x < j; x++ {
				r.GroupAt[x], r.ScoreGroup[x] = at, group
			}
			i = j
		}
	} else {
		for i := range input {
			input[i], r.GroupAt[i], r.ScoreGroup[i] = i, -1, int32(i+1)
		}
	}

	// The ideal ranking: every grade that counts, highest first, ties in
	// input order (list before pool).
	m := n
	if s.IDCG == FromJudged {
		m += len(list.Pool)
	}
	r.IdealGrades = make([]float64, m)
	keys := make([]uint64, m)
	for i := 0; i < m; i++ {
		if i < n {
			r.IdealGrades[i] = grade(list.Items[i].Grade)
		} else {
			r.IdealGrades[i] = grade(list.Pool[i-n].Grade)
		}
		keys[i] = ^floatKey(r.IdealGrades[i])
	}
	r.IdealOrder = make([]int, m)
	radixSort(keys, r.IdealOrder)
	itemGrade := r.IdealGrades[:n:n] // grade by item index, before reordering
	itemGrade = slices.Clone(itemGrade)
	for i, idx := range r.IdealOrder {
		r.IdealGrades[i] = gradeOf(list, idx, n, grade)
	}

	r.K, r.IdealK = cut(s.K, n), cut(s.K, m)
	r.Discounts = discounts(s.Discount, max(n, m))
	r.IdealGains = make([]float64, m)
	r.idcg = make([]float64, m)
	sum := 0.0
	for i, g := range r.IdealGrades {
		r.IdealGains[i] = s.Gain.Of(g)
		sum += r.IdealGains[i] * r.Discounts[i]
		r.idcg[i] = sum
	}
	// Every order's DCG is at most the whole ideal ranking's, so a finite
	// IDCG over every rank keeps every other sum finite.
	if math.IsInf(sum, 0) {
		return nil, fmt.Errorf("the gains add up beyond the largest float64 (IDCG overflows): use --gain linear or smaller grades")
	}

	// Gains at each rank in input order, then per tie policy.
	gainOf := make([]float64, n) // by item index
	for i, g := range itemGrade {
		gainOf[i] = s.Gain.Of(g)
	}
	r.order[Input] = input
	r.dcg[Input] = cumulate(input, gainOf, r.Discounts)
	if len(r.Ties) == 0 {
		for _, p := range TiePolicies {
			r.order[p], r.dcg[p] = input, r.dcg[Input]
		}
		r.ExpectedGains = nil
	} else {
		// Best: walk the items in ideal order and deal each into the next
		// free slot of its tie group, so every group comes out sorted by
		// grade, highest first. Worst walks the ideal order backwards.
		pos := make([]int32, n) // rank of each item in input order
		for rank, idx := range input {
			pos[idx] = int32(rank)
		}
		r.order[Best] = dealByGroup(r, input, pos, r.IdealOrder, n, false)
		r.order[Worst] = dealByGroup(r, input, pos, r.IdealOrder, n, true)
		r.dcg[Best] = cumulate(r.order[Best], gainOf, r.Discounts)
		r.dcg[Worst] = cumulate(r.order[Worst], gainOf, r.Discounts)

		r.ExpectedGains = make([]float64, n)
		for i, idx := range input {
			r.ExpectedGains[i] = gainOf[idx]
		}
		for _, t := range r.Ties {
			mean := 0.0
			for _, g := range r.ExpectedGains[t.Start:t.End] {
				mean += g
			}
			mean /= float64(t.Size())
			for i := t.Start; i < t.End; i++ {
				r.ExpectedGains[i] = mean
			}
		}
		exp := make([]float64, n)
		sum := 0.0
		for i, g := range r.ExpectedGains {
			sum += g * r.Discounts[i]
			exp[i] = sum
		}
		r.dcg[Expected] = exp
		r.order[Expected] = input
	}

	r.Order = r.orderFor(s.Ties)
	r.Grades = make([]float64, n)
	r.Gains = make([]float64, n)
	for i, idx := range r.Order {
		r.Grades[i], r.Gains[i] = itemGrade[idx], gainOf[idx]
	}
	if r.ExpectedGains == nil {
		r.ExpectedGains = r.Gains
	}
	return r, nil
}

func gradeOf(list *List, idx, n int, grade func(float64) float64) float64 {
	if idx < n {
		return grade(list.Items[idx].Grade)
	}
	return grade(list.Pool[idx-n].Grade)
}

// cut is the number of ranks that count at cutoff k in a ranking of n.
func cut(k, n int) int {
	if k == 0 || k > n {
		return n
	}
	return k
}

// cumulate returns DCG@(i+1) for each rank of order.
func cumulate(order []int, gainOf, disc []float64) []float64 {
	out := make([]float64, len(order))
	sum := 0.0
	for i, idx := range order {
		sum += gainOf[idx] * disc[i]
		out[i] = sum
	}
	return out
}

// dealByGroup orders each tie group by walking ideal (highest grade
// first, or last when reverse) and placing each item at the next free
// rank of its group; untied items keep their rank.
func dealByGroup(r *Result, input []int, pos []int32, ideal []int, n int, reverse bool) []int {
	out := make([]int, n)
	fill := make([]int32, len(r.Ties))
	for x := range ideal {
		if reverse {
			x = len(ideal) - 1 - x
		}
		idx := ideal[x]
		if idx >= n {
			continue // pool item
		}
		rank := pos[idx]
		g := r.GroupAt[rank]
		if g < 0 {
			out[rank] = idx
			continue
		}
		out[int32(r.Ties[g].Start)+fill[g]] = idx
		fill[g]++
	}
	return out
}

// orderFor returns the rank order under policy p, working out the docno
// order the first time it is needed.
func (r *Result) orderFor(p TiePolicy) []int {
	if r.order[p] == nil && p == Docno {
		o := slices.Clone(r.order[Input])
		for _, t := range r.Ties {
			slices.SortStableFunc(o[t.Start:t.End], func(a, b int) int {
				ia, ib := r.List.Items[a].ID, r.List.Items[b].ID
				switch {
				case ia > ib:
					return -1
				case ia < ib:
					return 1
				}
				return 0
			})
		}
		gainOf := func(idx int) float64 {
			g := r.List.Items[idx].Grade
			if r.Settings.TruncateGrades {
				g = math.Trunc(g)
			}
			return r.Settings.Gain.Of(g)
		}
		cum := make([]float64, len(o))
		sum := 0.0
		for i, idx := range o {
			sum += gainOf(idx) * r.Discounts[i]
			cum[i] = sum
		}
		r.order[Docno], r.dcg[Docno] = o, cum
	}
	return r.order[p]
}

// DCGAt returns DCG@k with ties ordered by p. k counts ranks: 0 or more
// than N means the whole list.
func (r *Result) DCGAt(p TiePolicy, k int) float64 {
	k = cut(k, r.N)
	if k == 0 {
		return 0
	}
	r.orderFor(p)
	return r.dcg[p][k-1]
}

// IDCGAt returns IDCG@k; 0 or more than the ideal ranking's length means all of it.
func (r *Result) IDCGAt(k int) float64 {
	k = cut(k, len(r.idcg))
	if k == 0 {
		return 0
	}
	return r.idcg[k-1]
}

// NDCGAt returns NDCG@k with ties ordered by p, applying the IDCG=0 rule.
func (r *Result) NDCGAt(p TiePolicy, k int) float64 {
	return r.ratio(r.DCGAt(p, k), r.IDCGAt(k))
}

func (r *Result) ratio(dcg, idcg float64) float64 {
	if idcg == 0 {
		return r.Settings.Zero
	}
	return dcg / idcg
}

// DCG is DCG@k under the settings.
func (r *Result) DCG() float64 { return r.DCGAt(r.Settings.Ties, r.Settings.K) }

// IDCG is IDCG@k under the settings.
func (r *Result) IDCG() float64 { return r.IDCGAt(r.Settings.K) }

// NDCG is NDCG@k under the settings.
func (r *Result) NDCG() float64 { return r.NDCGAt(r.Settings.Ties, r.Settings.K) }

// Band holds one quantity under the tie policies that bound and average it.
type Band struct {
	Worst, Expected, Best, Input float64
}

// Spread is how much of the value is tie luck: Best − Worst.
func (b Band) Spread() float64 { return b.Best - b.Worst }

// DCGBand returns DCG@k under worst, expected, best and input order.
func (r *Result) DCGBand(k int) Band {
	return Band{Worst: r.DCGAt(Worst, k), Expected: r.DCGAt(Expected, k), Best: r.DCGAt(Best, k), Input: r.DCGAt(Input, k)}
}

// NDCGBand returns NDCG@k under worst, expected, best and input order.
func (r *Result) NDCGBand(k int) Band {
	d, idcg := r.DCGBand(k), r.IDCGAt(k)
	return Band{Worst: r.ratio(d.Worst, idcg), Expected: r.ratio(d.Expected, idcg), Best: r.ratio(d.Best, idcg), Input: r.ratio(d.Input, idcg)}
}

// Ranks is the number of cutoffs worth showing: the longer of the list
// and the ideal ranking.
func (r *Result) Ranks() int { return max(r.N, len(r.IdealOrder)) }

// Rank is the breakdown of one rank.
type Rank struct {
	// Rank is 1-based; Index is the item's position in List.Items.
	Rank  int
	Index int
	Item  Item
	// TieGroup numbers the item's score among the distinct scores; Tied
	// says whether other items share it, Straddles whether that group
	// crosses the cutoff.
	TieGroup  int
	Tied      bool
	Straddles bool
	// InCutoff reports whether the rank counts at k.
	InCutoff bool
	// Grade is the grade used (its integer part under trec_eval's rule).
	Grade        float64
	Gain         float64
	ExpectedGain float64
	Discount     float64
	// Contribution is gain × discount under the tie policy (the expected
	// gain under Expected); DCG is the running sum to this rank.
	Contribution float64
	DCG          float64
	// The ideal ranking at this rank; IdealID is empty past its end.
	IdealID           string
	IdealGrade        float64
	IdealGain         float64
	IdealContribution float64
	IDCG              float64
	NDCG              float64
}

// Row returns the breakdown of the rank at 0-based index i < N.
func (r *Result) Row(i int) Rank {
	idx := r.Order[i]
	it := r.List.Items[idx]
	row := Rank{
		Rank: i + 1, Index: idx, Item: it,
		TieGroup: int(r.ScoreGroup[i]), Tied: r.GroupAt[i] >= 0,
		InCutoff: i < r.K,
		Grade:    r.Grades[i], Gain: r.Gains[i], ExpectedGain: r.ExpectedGains[i],
		Discount: r.Discounts[i],
	}
	if row.Tied {
		row.Straddles = r.Ties[r.GroupAt[i]].Straddles(r.K)
	}
	g := row.Gain
	if r.Settings.Ties == Expected {
		g = row.ExpectedGain
	}
	row.Contribution = g * row.Discount
	row.DCG = r.DCGAt(r.Settings.Ties, i+1)
	if i < len(r.IdealOrder) {
		row.IdealID = r.IdealID(i)
		row.IdealGrade, row.IdealGain = r.IdealGrades[i], r.IdealGains[i]
		row.IdealContribution = row.IdealGain * r.Discounts[i]
	}
	row.IDCG = r.IDCGAt(i + 1)
	row.NDCG = r.ratio(row.DCG, row.IDCG)
	return row
}

// IdealID is the id of the item at 0-based rank i of the ideal ranking.
func (r *Result) IdealID(i int) string {
	idx := r.IdealOrder[i]
	if idx < r.N {
		return r.List.Items[idx].ID
	}
	return r.List.Pool[idx-r.N].ID
}

// IdealFromPool reports whether rank i of the ideal ranking is a pool item.
func (r *Result) IdealFromPool(i int) bool { return r.IdealOrder[i] >= r.N }
