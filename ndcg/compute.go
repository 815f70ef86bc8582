package ndcg

import (
	"errors"
	"strconv"
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
// A Result is read-only once returned, except that the numbers of tie
// policies other than the settings' are worked out the first time they
// are asked for, so it is not safe for concurrent use.
//
// It keeps per rank only what cannot be worked out cheaply from the
// list: the ranking, the running DCG sums of the settings' tie policy
// and of IDCG, and each rank's grade as a byte when the grades are small
// integers. A rank's grade, gain, expected gain and contribution come
// from the methods (Grade, Gain, ExpectedGain, Row), computed as the
// arrays once held them, bit for bit. At a million items that is 33
// bytes a rank instead of 120.
type Result struct {
	Settings Settings
	List     *List
	// N is the number of items; K the DCG cutoff, min(k, N) (N for the
	// whole list); IdealK the IDCG cutoff, min(k, len(IdealOrder)).
	N, K, IdealK int

	// Order holds the item index at each rank, ties ordered by the
	// settings' policy (input order under Expected).
	Order []int32
	// Ties are the tie groups of two or more items, in rank order.
	// TieAt gives the group of a rank.
	Ties []TieGroup
	// Discounts has the discount at each rank of the longer of the list
	// and the ideal ranking. It is shared: do not modify it.
	Discounts []float64
	// discountsFall says no discount is above the one before.
	discountsFall bool

	// IdealOrder lists the ideal ranking: item indices, or N+j for pool
	// item j. IdealGrade and IdealGain give its grades and gains.
	IdealOrder []int32
	// idcg[i] is IDCG@(i+1).
	idcg []float64

	// dcg[policy][i] is DCG@(i+1) with ties ordered by the policy: kept
	// for the settings' policy (for every policy when the list has no
	// ties, which share one array), worked out for another policy when
	// a whole array of it is asked for. memo holds single sums of the
	// other policies, such as the tie band at the cutoff.
	dcg   [5][]float64
	memo  [16]dcgMemo
	memos int // how many memo holds; past 16 the oldest go first
	// asked counts the single sums added up per policy.
	asked [5]int
	// order[policy] is the rank order under each concrete policy, the
	// input order always, the others when asked for.
	order [5][]int32
	// docnoAt holds, for each rank of the docno order, the rank of the
	// same item in the input order; it is set with order[Docno]. The
	// docno sums read the gains in input order through it, near each
	// other within a tie group, instead of from anywhere in the list.
	docnoAt []int32
	// codes holds each rank's grade in input order when small (every
	// grade that counts an integer in [0, 64)); gains each rank's gain
	// in input order otherwise. table holds the gains of the small
	// grades, as Settings.Gain.Of gives them (NaN where undefined).
	codes []uint8
	gains []float64
	table [64]float64
	// order of the small grades by gain, for best and worst (set once
	// asked for: the table does not change with a grade edit).
	byGainOf  byGain
	byGainSet bool
	// tieMean is each tie group's mean gain (its expected gain), in the
	// order Compute adds them; tieFold counts the ranks before each
	// group that share a score with the rank above them, so that a
	// rank's distinct-score number is worked out without a per-rank array.
	tieMean []float64
	tieFold []int32
	// idealSmall says the ideal ranking was laid out by counting integer
	// grades below 64; idealCount holds the counts, and the ideal
	// grades are read from those runs. Otherwise idealGrades and
	// idealGains hold them rank by rank.
	idealSmall              bool
	idealCount              [64]int
	idealEnd                [64]int // where each grade's run ends
	idealGrades, idealGains []float64
	// mem holds the arrays above for Recompute to reuse.
	mem resultMemory
}

// dcgMemo is one DCG sum of a policy whose array the result does not keep.
type dcgMemo struct {
	p TiePolicy
	k int
	v float64
}

// resultMemory is the memory a Result's arrays are carved from.
type resultMemory struct {
	floats []float64
	int32s []int32
	codes  []uint8
	ties   []TieGroup
	// buf holds a tie group's gains while they are sorted.
	buf []float64
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
	defer putScratch(sc, len(list.Items)+len(list.Pool))
	if !sc.load(list, s) {
		return nil, invalid(list, s)
	}
	if len(sc.ids) >= 2*bigList {
		// A long list's id table (24 MB at a million items) is done with
		// once the ids are checked: let go, its memory serves the sort
		// and the result after the next collection instead of adding to
		// the process's peak. The next check makes a new one.
		sc.ids, sc.idAt = nil, nil
	}
	// Rank by score: sorted keys and the item at each rank.
	var ranked ranking // none without scores: the list order is the ranking
	groups := 0
	if list.Scored() {
		ranked, groups = sc.rank(len(list.Items))
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
	defer putScratch(sc, len(list.Items)+len(list.Pool))
	if !sc.loadGrades(list, s) {
		return nil, invalid(list, s)
	}
	// base's ranking, copied out before prev's memory is written: a
	// number per distinct score stands for the score keys.
	var ranked ranking
	groups := 0
	if n := len(list.Items); list.Scored() && n > 0 {
		sc.keys, sc.order = grow(sc.keys, n), grow(sc.order, n)
		ranked = ranking{keys: sc.keys[:n], idx: sc.order[:n]}
		input, ties := base.order[Input], base.Ties
		key, g := uint64(0), 0
		for i := range ranked.keys {
			for g < len(ties) && ties[g].End <= i {
				g++
			}
			if g == len(ties) || i <= ties[g].Start {
				key++ // not the second or a later rank of a group
			}
			ranked.keys[i], ranked.idx[i] = key, input[i]
		}
		groups = len(ties)
	}
	docno, docnoAt := base.order[Docno], base.docnoAt // allocated apart from base's memory
	r, err := fill(prev, list, s, sc, ranked, groups)
	if err == nil && groups > 0 && r.order[Docno] == nil {
		r.order[Docno], r.docnoAt = docno, docnoAt // its sums are worked out when asked for
	}
	return r, err
}

// cut is the number of ranks that count at cutoff k in a ranking of n.
func cut(k, n int) int {
	if k == 0 || k > n {
		return n
	}
	return k
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
	idx := int(r.Order[i])
	it := r.List.Items[idx]
	row := Rank{
		Rank: i + 1, Index: idx, Item: it,
		TieGroup: r.scoreGroup(i),
		InCutoff: i < r.K,
		Grade:    r.gradeOfItem(idx),
		Discount: r.Discounts[i],
	}
	row.Gain = r.gainOf(row.Grade)
	row.ExpectedGain = row.Gain
	if g := r.TieAt(i); g >= 0 {
		row.Tied, row.Tie = true, g+1
		row.Straddles = r.Ties[g].Straddles(r.K)
		row.ExpectedGain = r.tieMean[g]
	}
	row.TermGain = row.Gain
	if r.Settings.Ties == Expected {
		row.TermGain, row.Averaged = row.ExpectedGain, row.Tied
	}
	row.Contribution = row.TermGain * row.Discount
	row.DCG = r.DCGAt(r.Settings.Ties, i+1)
	if i < len(r.IdealOrder) {
		row.IdealID = r.IdealID(i)
		row.IdealGrade, row.IdealGain = r.IdealGrade(i), r.IdealGain(i)
		row.IdealContribution = row.IdealGain * r.Discounts[i]
	}
	row.IDCG = r.IDCGAt(i + 1)
	row.NDCG = r.ratio(row.DCG, row.IDCG)
	return row
}

// IdealID is the id of the item at 0-based rank i of the ideal ranking.
func (r *Result) IdealID(i int) string {
	idx := int(r.IdealOrder[i])
	if idx < r.N {
		return r.List.Items[idx].ID
	}
	return r.List.Pool[idx-r.N].ID
}

// IdealFromPool reports whether rank i of the ideal ranking is a pool item.
func (r *Result) IdealFromPool(i int) bool { return int(r.IdealOrder[i]) >= r.N }
