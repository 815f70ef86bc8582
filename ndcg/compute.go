package ndcg

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
)

// TieGroup is a run of ranks whose items have exactly equal scores.
type TieGroup struct {
	// Start and End are 0-based ranks: the group holds ranks Start..End-1.
	Start, End int
	Score      float64
}

// TieLabel names tie group n (1-based, in rank order) as every screen and
// printout does: T1, T2, …, so a printed handout matches the screen.
func TieLabel(n int) string { return "T" + strconv.Itoa(n) }

// Size is the number of tied items.
func (g TieGroup) Size() int { return g.End - g.Start }

// Straddles reports whether the cutoff k (a rank count) falls inside
// the group: some of its items count at k and some do not.
func (g TieGroup) Straddles(k int) bool { return g.Start < k && k < g.End }

// Result is everything one computation knows about a list under one set
// of settings. Slices indexed by rank are 0-based (rank 1 is index 0).
// A Result is read-only once returned, except that the best, worst and
// docno orders are worked out the first time they are asked for, so it
// is not safe for concurrent use.
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
	// bestGains holds each rank's gain with its tie group sorted highest
	// first (worst order is each group mirrored), kept so that a grade
	// edit can add DCG up again from the edited rank without sorting.
	bestGains []float64
	// idealSmall says the ideal ranking was laid out by counting integer
	// grades below 64; idealCount holds the counts.
	idealSmall bool
	idealCount [64]int
	// mem holds the arrays above for Recompute to reuse.
	mem resultMemory
}

// resultMemory is the memory a Result's arrays are carved from.
type resultMemory struct {
	floats []float64
	ints   []int
	int32s []int32
	ties   []TieGroup
}

// Compute ranks list and works out every number of the breakdown under
// s. The list is not copied: do not change it while the result is in use.
//
// Compute runs on every keystroke of the explorer, on lists of up to
// hundreds of thousands of items, so it works in a few linear passes plus
// one sort by score, in arrays carved from a handful of allocations.
func Compute(list *List, s Settings) (*Result, error) {
	return Recompute(nil, list, s)
}

// Recompute is Compute reusing the memory of prev, an earlier result the
// caller is done with (nil for none): prev and every slice read from it
// must not be used afterwards, whether Recompute succeeds or not. An
// explorer that replaces its result on every edit recomputes this way
// without allocating, so the garbage collector has nothing to do.
func Recompute(prev *Result, list *List, s Settings) (*Result, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if list == nil {
		return nil, errors.New("no list: give a list, even an empty one")
	}
	sc := getScratch(len(list.Items) + len(list.Pool))
	defer putScratch(sc)
	if !sc.load(list, s) {
		return nil, invalid(list, s)
	}
	// Rank by score: sorted keys and the item at each rank.
	var ranked []keyIndex // nil without scores: the list order is the ranking
	groups := 0
	if list.Scored() {
		groups = sc.rank(len(list.Items))
		ranked = sc.pairs[:len(list.Items)]
	}
	return fill(prev, list, s, sc, ranked, groups)
}

// invalid is the error of a list that the fast pass of scratch.load
// rejected: that pass only says that something is wrong; the full check
// says what, for the first problem in list order.
func invalid(list *List, s Settings) error {
	if err := list.Validate(s); err != nil {
		return err
	}
	return errors.New("the list failed a check that List.Validate accepts; please report this list")
}

// Derive computes base's list under s keeping base's ranking: the scores
// and ids must be those base was computed from, while the grades and
// every setting may have changed. It does not sort again, nor check the
// ids and scores again: trying other conventions on one list (check's
// search) or an edit of a grade costs a few linear passes. base stays
// valid; the result has memory of its own.
func Derive(base *Result, s Settings) (*Result, error) {
	return derive(nil, base, s)
}

// DeriveInto is Derive into the memory of prev, an earlier result other
// than base that the caller is done with (nil for none), as Recompute
// reuses it: trying many conventions on a long list then needs the
// memory of two results, not one per trial.
func DeriveInto(prev, base *Result, s Settings) (*Result, error) {
	return derive(prev, base, s)
}

// Regrade is Derive into prev's memory, as Recompute: prev and every
// slice read from it must not be used afterwards. It is the explorer's
// recomputation after a grade edit.
func Regrade(prev *Result, s Settings) (*Result, error) {
	return derive(prev, prev, s)
}

func derive(prev, base *Result, s Settings) (*Result, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	list := base.List
	sc := getScratch(len(list.Items) + len(list.Pool))
	defer putScratch(sc)
	if !sc.loadGrades(list, s) {
		return nil, invalid(list, s)
	}
	// base's ranking, copied out before prev's memory is written: the
	// score groups stand for the score keys.
	var ranked []keyIndex
	groups := 0
	if n := len(list.Items); list.Scored() && n > 0 {
		sc.pairs = grow(sc.pairs, n)
		ranked = sc.pairs[:n]
		input := base.order[Input]
		for i := range ranked {
			ranked[i] = keyIndex{key: uint64(base.ScoreGroup[i]), idx: input[i]}
		}
		groups = len(base.Ties)
	}
	docno := base.order[Docno] // allocated apart from base's memory
	r, err := fill(prev, list, s, sc, ranked, groups)
	if err == nil && groups > 0 && r.order[Docno] == nil {
		r.order[Docno] = docno // its sums are worked out when asked for
	}
	return r, err
}

// fill works out every number of the result from the items' grades and
// gains in sc and the ranking (nil: the list order), into prev's memory
// when prev is not nil.
func fill(prev *Result, list *List, s Settings, sc *scratch, ranked []keyIndex, groups int) (*Result, error) {
	n := len(list.Items)
	m := n
	if s.IDCG == FromJudged {
		m += len(list.Pool)
	}
	var mem resultMemory
	r := prev
	if r == nil {
		r = new(Result)
	} else {
		mem = r.mem
	}
	*r = Result{Settings: s, List: list, N: n}
	r.K, r.IdealK = cut(s.K, n), cut(s.K, m)
	disc := discounts(s.Discount, max(n, m))
	r.Discounts = disc
	grade, gain := sc.grade, sc.gain // by item index, then pool item

	ties := groups > 0
	// The orders of best, worst and docno are worked out when asked for;
	// every other policy ranks in input order (a stable sort).
	inputOrder := !ties || s.Ties == Expected || s.Ties == Input

	// The arrays the result keeps, carved from three allocations.
	nf := 3*n + 3*m // Grades, Gains, dcg[Input]; IdealGrades, IdealGains, idcg
	ni := n + m     // order[Input], IdealOrder
	if ties {
		nf += 5 * n // ExpectedGains, dcg[Best], dcg[Worst], dcg[Expected], bestGains
	}
	mem.floats, mem.ints, mem.int32s = grow(mem.floats, nf), grow(mem.ints, ni), grow(mem.int32s, 2*n)
	if ties {
		mem.ties = grow(mem.ties, groups)
		r.Ties = mem.ties[:0]
	}
	r.mem = mem
	floats, ints := mem.floats, mem.ints
	takeF := func(k int) []float64 { s := floats[:k:k]; floats = floats[k:]; return s }
	takeI := func(k int) []int { s := ints[:k:k]; ints = ints[k:]; return s }
	r.GroupAt, r.ScoreGroup = mem.int32s[:n:n], mem.int32s[n:2*n:2*n]
	r.Grades, r.Gains = takeF(n), takeF(n)
	input := takeI(n)
	dIn := takeF(n)

	// One pass over the ranks: the ranking, tie groups, gains in input
	// order and DCG under input order; with ties, each group's gains
	// sorted for best (highest first) and worst (lowest first), its mean
	// for expected, and the running sums of the three.
	gr, gi := r.Grades, r.Gains // grades and gains by rank, in input order
	if !inputOrder {
		sc.inGrade, sc.inGain = grow(sc.inGrade, n), grow(sc.inGain, n)
		gr, gi = sc.inGrade, sc.inGain
	}
	var best, worst, eg, exp, bg []float64
	if ties {
		best, worst, eg, exp, bg = takeF(n), takeF(n), takeF(n), takeF(n), takeF(n)
	}
	disc = disc[:n]
	groupAt, scoreGroup := r.GroupAt, r.ScoreGroup
	sumIn, sumB, sumW, sumE := 0.0, 0.0, 0.0, 0.0
	var group int32
	for i := 0; i < n; {
		group++
		j := i + 1
		if ranked != nil {
			for j < n && ranked[j].key == ranked[i].key {
				j++
			}
		}
		if j == i+1 { // untied
			idx := i
			if ranked != nil {
				idx = ranked[i].idx
			}
			g, d := gain[idx], disc[i]
			input[i], groupAt[i], scoreGroup[i] = idx, -1, group
			gr[i], gi[i] = grade[idx], g
			sumIn += g * d
			dIn[i] = sumIn
			if ties {
				eg[i], bg[i] = g, g
				sumB += g * d
				sumW += g * d
				sumE += g * d
				best[i], worst[i], exp[i] = sumB, sumW, sumE
			}
			i = j
			continue
		}
		at := int32(len(r.Ties))
		r.Ties = append(r.Ties, TieGroup{Start: i, End: j, Score: list.Items[ranked[i].idx].Score})
		mean := 0.0
		for x := i; x < j; x++ {
			idx := ranked[x].idx
			g := gain[idx]
			input[x], groupAt[x], scoreGroup[x] = idx, at, group
			gr[x], gi[x] = grade[idx], g
			sumIn += g * disc[x]
			dIn[x] = sumIn
			mean += g
			best[x] = g
		}
		mean /= float64(j - i)
		bs, ws := best[i:j], worst[i:j]
		sortDescending(bs)
		copy(bg[i:j], bs)
		for x, g := range bs {
			ws[len(ws)-1-x] = g
		}
		for x := i; x < j; x++ {
			d := disc[x]
			sumB += best[x] * d
			sumW += worst[x] * d
			sumE += mean * d
			best[x], worst[x], eg[x], exp[x] = sumB, sumW, mean, sumE
		}
		i = j
	}
	r.order[Input], r.dcg[Input] = input, dIn
	if ties {
		r.ExpectedGains, r.bestGains = eg, bg
		r.order[Expected] = input
		r.dcg[Best], r.dcg[Worst], r.dcg[Expected] = best, worst, exp
	} else {
		for _, p := range TiePolicies {
			r.order[p], r.dcg[p] = input, dIn
		}
	}

	// The ideal ranking: every grade that counts, highest first, ties in
	// input order (list before pool).
	r.IdealOrder = takeI(m)
	r.IdealGrades, r.IdealGains, r.idcg = takeF(m), takeF(m), takeF(m)
	if sc.smallGrades {
		sc.idealBySmallGrade(r, m)
		r.idealSmall, r.idealCount = true, sc.count
	} else {
		sc.sortGrades(r.IdealOrder, m)
		sum := 0.0
		for i, idx := range r.IdealOrder {
			g := gain[idx]
			r.IdealGrades[i], r.IdealGains[i] = grade[idx], g
			sum += g * r.Discounts[i]
			r.idcg[i] = sum
		}
	}
	// Every order's DCG is at most the whole ideal ranking's, so a finite
	// IDCG over every rank keeps every other sum finite.
	if m > 0 && math.IsInf(r.idcg[m-1], 0) {
		msg := "the gains add up beyond the largest float64 (IDCG overflows)"
		switch s.Gain.Kind {
		case GainLinear:
			msg += ": use smaller grades"
		case GainMap:
			msg += ": use smaller gains in the map"
		}
		return nil, &GainError{Gain: s.Gain.Kind, Msg: msg}
	}

	r.Order = r.orderFor(s.Ties)
	if !inputOrder {
		for i, idx := range r.Order {
			r.Grades[i], r.Gains[i] = grade[idx], gain[idx]
		}
	}
	if r.ExpectedGains == nil {
		r.ExpectedGains = r.Gains
	}
	return r, nil
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

// cut is the number of ranks that count at cutoff k in a ranking of n.
func cut(k, n int) int {
	if k == 0 || k > n {
		return n
	}
	return k
}

// orderFor returns the rank order under policy p, working out the best,
// worst and docno orders the first time they are needed.
func (r *Result) orderFor(p TiePolicy) []int {
	if (r.order[p] != nil && r.dcg[p] != nil) || r.N == 0 {
		return r.order[p]
	}
	input := r.order[Input]
	switch p {
	case Best, Worst:
		// Highest gains first (lowest for worst), equal gains in input
		// order: the orders whose DCG Compute added up.
		sign := 1.0
		if p == Worst {
			sign = -1
		}
		o := slices.Clone(input)
		for _, t := range r.Ties {
			slices.SortStableFunc(o[t.Start:t.End], func(a, b int) int {
				return cmp.Compare(sign*r.gainOfItem(b), sign*r.gainOfItem(a))
			})
		}
		r.order[p] = o
	case Docno:
		// A result derived from another shares its docno order (the same
		// ranking and ids): only the sums are new.
		o := r.order[Docno]
		if o == nil {
			o = r.docnoOrder(input)
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

// docnoOrder is the ranking with each tie group ordered by id, highest
// first: trec_eval's order. Ids are unique, so no two items compare
// equal and an unstable sort gives the one order.
func (r *Result) docnoOrder(input []int) []int {
	o := slices.Clone(input)
	items := r.List.Items
	for _, t := range r.Ties {
		slices.SortFunc(o[t.Start:t.End], func(a, b int) int {
			return strings.Compare(items[b].ID, items[a].ID)
		})
	}
	return o
}

// DCGAt returns DCG@k with ties ordered by p. k counts ranks: 0 or more
// than N means the whole list.
func (r *Result) DCGAt(p TiePolicy, k int) float64 {
	k = cut(k, r.N)
	if k == 0 {
		return 0
	}
	if r.dcg[p] == nil {
		r.orderFor(p)
	}
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

// Undefined reports whether NDCG has no value at all: an empty list with
// nothing in the ideal ranking either, where the IDCG=0 rule (meant for a
// list without a relevant item) would print a number nobody computed.
// An empty list with judged pool items scores 0: it missed them all.
func (r *Result) Undefined() bool { return r.N == 0 && r.IDCG() == 0 }

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
	TieGroup int
	// Tie is the 1-based number of the rank's tie group among the list's
	// tie groups (Ties[Tie-1]), the n of its label Tn; 0 when untied.
	Tie       int
	Tied      bool
	Straddles bool
	// InCutoff reports whether the rank counts at k.
	InCutoff bool
	// Grade is the grade used (its integer part under trec_eval's rule).
	Grade        float64
	Gain         float64
	ExpectedGain float64
	// TermGain is the gain DCG counts at this rank: ExpectedGain under
	// Expected ties, else Gain. Averaged says it is a tie group's mean
	// (Expected ties, a tied rank), which the working marks with "*".
	TermGain float64
	Averaged bool
	Discount float64
	// Contribution is TermGain × discount; DCG is the running sum to this
	// rank.
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
		row.Tie = int(r.GroupAt[i]) + 1
		row.Straddles = r.Ties[r.GroupAt[i]].Straddles(r.K)
	}
	row.TermGain = row.Gain
	if r.Settings.Ties == Expected {
		row.TermGain, row.Averaged = row.ExpectedGain, row.Tied
	}
	row.Contribution = row.TermGain * row.Discount
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
