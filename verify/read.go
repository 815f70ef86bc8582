package verify

import (
	"cmp"
	"math"
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// view is how a claim reads a result: the conventions that need no
// recomputation (every cutoff and tie order is in one result).
type view struct {
	ties ndcg.TiePolicy
	k    int
	zero float64
	reading
}

// reading is what a change that no recomputation gives asks of a claim's
// view of the result.
type reading struct {
	// idcgAll normalises by the whole ideal ranking instead of its top k.
	idcgAll bool
	// idcgTopK builds the ideal ranking from the top k retrieved items only.
	idcgTopK bool
	// unsorted leaves the ideal ranking in the list's order.
	unsorted bool
	// read is what a Misread change gives instead; "" for the quantity.
	read string
	// discount, when set, weighs rank i (1-based) in place of the
	// result's discount: one no setting has.
	discount func(i int) float64
}

// and is both readings at once: the other's quantity read and discount
// over this one's.
func (a reading) and(b reading) reading {
	a.idcgAll = a.idcgAll || b.idcgAll
	a.idcgTopK = a.idcgTopK || b.idcgTopK
	a.unsorted = a.unsorted || b.unsorted
	if b.read != "" {
		a.read = b.read
	}
	if b.discount != nil {
		a.discount = b.discount
	}
	return a
}

func viewOf(s ndcg.Settings) view { return view{ties: s.Ties, k: s.K, zero: s.Zero} }

// valueOf is the claimed quantity in r read through v; NaN where the
// reading has no value (IDCG/DCG with DCG 0).
func valueOf(r *ndcg.Result, c Claim, v view) float64 {
	dcg := func() float64 {
		if v.discount != nil {
			return rediscounted(r, v.ties, v.k, v.discount)
		}
		return r.DCGAt(v.ties, v.k)
	}
	idcg := func() float64 {
		switch {
		case v.unsorted:
			return dcg()
		case v.idcgTopK:
			return topKIDCG(r, v.k, v.discount)
		}
		k := v.k
		if v.idcgAll {
			k = 0
		}
		if v.discount != nil {
			return rediscountedIdeal(r, k, v.discount)
		}
		return r.IDCGAt(k)
	}
	switch c.Quantity {
	case DCG:
		if v.read == readIDCG {
			return idcg()
		}
		return dcg()
	case IDCG:
		return idcg()
	case NDCG:
		d, i := dcg(), idcg()
		switch v.read {
		case readDCG:
			return d
		case readInverted:
			if d == 0 {
				return math.NaN()
			}
			return i / d
		}
		n := v.zero
		if i != 0 {
			n = d / i
		}
		if v.read == readPercent {
			return 100 * n
		}
		return n
	default:
		if v.discount != nil {
			prev := 0.0
			if c.Rank > 1 {
				prev = r.DCGAt(v.ties, c.Rank-1)
			}
			return (r.DCGAt(v.ties, c.Rank) - prev) / r.Discounts[c.Rank-1] * v.discount(c.Rank)
		}
		if v.ties == r.Settings.Ties {
			return r.Row(c.Rank - 1).Contribution
		}
		// The rank's term under another tie order: the step in DCG.
		prev := 0.0
		if c.Rank > 1 {
			prev = r.DCGAt(v.ties, c.Rank-1)
		}
		return r.DCGAt(v.ties, c.Rank) - prev
	}
}

// rediscounted is DCG@k with ties ordered by p, each rank's gain weighed
// by d in place of the result's discount: the gain at a rank is its
// step in DCG over its discount.
func rediscounted(r *ndcg.Result, p ndcg.TiePolicy, k int, d func(int) float64) float64 {
	if k <= 0 || k > r.N {
		k = r.N
	}
	sum, prev := 0.0, 0.0
	for i := range k {
		at := r.DCGAt(p, i+1)
		sum += (at - prev) / r.Discounts[i] * d(i+1)
		prev = at
	}
	return sum
}

// rediscountedIdeal is IDCG@k with each rank weighed by d.
func rediscountedIdeal(r *ndcg.Result, k int, d func(int) float64) float64 {
	n := len(r.IdealOrder)
	if k > 0 && k < n {
		n = k
	}
	sum := 0.0
	for i := range n {
		sum += r.IdealGain(i) * d(i+1)
	}
	return sum
}

// topKIDCG is IDCG@k of the ideal ranking of the top k retrieved items
// alone (input order within ties).
func topKIDCG(r *ndcg.Result, k int, d func(int) float64) float64 {
	n := r.N
	if k > 0 && k < n {
		n = k
	}
	gains := make([]float64, n)
	for i := range gains {
		gains[i] = r.Gain(i)
	}
	slices.SortFunc(gains, func(a, b float64) int { return cmp.Compare(b, a) })
	sum := 0.0
	for i, g := range gains {
		if d != nil {
			sum += g * d(i+1)
			continue
		}
		sum += g * r.Discounts[i]
	}
	return sum
}
