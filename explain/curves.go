package explain

import (
	"math"
	"slices"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// DiscountCurve is the discount at ranks 1..n.
func DiscountCurve(d ndcg.Discount, n int) []float64 {
	out := make([]float64, max(n, 0))
	for i := range out {
		out[i] = d.At(i + 1)
	}
	return out
}

// GradeGain is the gain of one grade, and how many items of the list
// (and of its pool) have it.
type GradeGain struct {
	Grade, Gain float64
	Items, Pool int
}

// GainCurve lists the gain of every whole grade from 0 to the highest
// grade in use, and of any other grade in use (2.5, say), in order. A
// gain map gives the grades it defines instead of 0..max. At most limit
// grades are listed: past it only the grades in use, the highest last.
func GainCurve(list *ndcg.List, s ndcg.Settings, limit int) []GradeGain {
	use := map[float64]*GradeGain{}
	grade := func(g float64) float64 {
		if s.TruncateGrades {
			return math.Trunc(g)
		}
		return g
	}
	at := func(g float64) *GradeGain {
		if x, ok := use[g]; ok {
			return x
		}
		x := &GradeGain{Grade: g, Gain: s.Gain.Of(g)}
		use[g] = x
		return x
	}
	top := 0.0
	for _, it := range list.Items {
		g := grade(it.Grade)
		at(g).Items++
		top = math.Max(top, g)
	}
	if s.IDCG == ndcg.FromJudged {
		for _, p := range list.Pool {
			g := grade(p.Grade)
			at(g).Pool++
			top = math.Max(top, g)
		}
	}
	inUse := len(use)
	if s.Gain.Kind == ndcg.GainMap {
		for g := range s.Gain.Map {
			at(g)
		}
	} else if int(top)+1+inUse <= limit || limit <= 0 {
		for g := 0.0; g <= top; g++ {
			at(g)
		}
	}
	out := make([]GradeGain, 0, len(use))
	for _, x := range use {
		out = append(out, *x)
	}
	slices.SortFunc(out, func(a, b GradeGain) int {
		switch {
		case a.Grade < b.Grade:
			return -1
		case a.Grade > b.Grade:
			return 1
		}
		return 0
	})
	if limit > 0 && len(out) > limit {
		kept := out[:0]
		for _, x := range out {
			if x.Items+x.Pool > 0 {
				kept = append(kept, x)
			}
		}
		out = kept
		if len(out) > limit {
			out = out[len(out)-limit:]
		}
	}
	return out
}

// BaseLesson is the same list's DCG and NDCG under the standard discount
// in base 2 and base 10: DCG changes by the factor ln 10 / ln 2, NDCG
// does not, because the factor divides out of DCG/IDCG.
type BaseLesson struct {
	DCG2, DCG10, NDCG2, NDCG10 float64
	// IDCG2 is IDCG under log2: where it is 0 NDCG is the IDCG=0 rule
	// under either base, not a ratio the base cancels out of.
	IDCG2 float64
	// Factor is ln 10 / ln 2, the ratio of the two DCGs.
	Factor float64
}

// LogBase works out the lesson for the list under s with the discount
// replaced by log2 and by log:10.
func LogBase(list *ndcg.List, s ndcg.Settings) (BaseLesson, error) {
	b := BaseLesson{Factor: math.Ln10 / math.Ln2}
	s.Discount = ndcg.Log2
	r2, err := ndcg.Compute(list, s)
	if err != nil {
		return b, err
	}
	s.Discount = ndcg.Discount{Kind: ndcg.DiscountLog, Base: 10}
	r10, err := ndcg.Compute(list, s)
	if err != nil {
		return b, err
	}
	b.DCG2, b.NDCG2, b.DCG10, b.NDCG10, b.IDCG2 = r2.DCG(), r2.NDCG(), r10.DCG(), r10.NDCG(), r2.IDCG()
	return b, nil
}
