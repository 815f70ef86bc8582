package verify

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Check verifies the claims about list under s (whose K and Gain are the
// cutoff and gain the claims were made at).
func Check(list *ndcg.List, s ndcg.Settings, c Claims) (*Report, error) {
	r, err := ndcg.Compute(list, s)
	if err != nil {
		return nil, err
	}
	if len(c.Contributions) > r.N {
		return nil, fmt.Errorf("%d contributions claimed but the list has %d items; give one per rank, from rank 1", len(c.Contributions), r.N)
	}
	rep := &Report{Settings: s, Result: r}
	var claims []Claim
	for _, q := range []struct {
		q Quantity
		w *Written
	}{{DCG, c.DCG}, {IDCG, c.IDCG}, {NDCG, c.NDCG}} {
		if q.w != nil {
			claims = append(claims, Claim{Quantity: q.q, Written: *q.w})
		}
	}
	for i, w := range c.Contributions {
		claims = append(claims, Claim{Quantity: Contribution, Rank: i + 1, Written: w})
	}

	search := newSearch(list, r)
	rep.Tried = search.dimensions()
	var wrong []Claim
	for _, cl := range claims {
		if !cl.Holds(valueOf(r, cl, viewOf(s))) {
			wrong = append(wrong, cl)
		}
	}
	search.prefetch(wrong)
	tot := newTotals(r)
	for _, cl := range claims {
		v := Verdict{Claim: cl, True: valueOf(r, cl, viewOf(s))}
		v.Holds = cl.Holds(v.True)
		if !v.Holds {
			v.Truncated = cl.TruncatedFrom(v.True)
			var tried []float64
			v.Matches, v.Odds, tried = search.matches(cl)
			if cl.Quantity == NDCG && c.DCG != nil && c.IDCG != nil && c.IDCG.Value != 0 {
				q := &Quotient{DCG: *c.DCG, IDCG: *c.IDCG, Value: c.DCG.Value / c.IDCG.Value}
				q.Holds = cl.Holds(q.Value)
				v.Quotient = q
			}
			v.Rounded = roundedSum(tot, cl)
			if !v.Explained() {
				v.Departure = depart(r, tot, cl, c, tried)
			}
		}
		rep.Verdicts = append(rep.Verdicts, v)
	}
	return rep, nil
}
