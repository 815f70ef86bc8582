package ndcg

import "slices"

// GroupSpread returns how far the order of tie group g alone can move
// NDCG@k (k counts ranks; 0 means the whole list): its ranks inside the
// top k hold the group's gains highest first in the best order and
// lowest first in the worst, and the difference of the two sums over
// IDCG@k is the group's share of Band.Spread. The groups do not
// interact, so their spreads add up to the whole spread. It is 0 when
// IDCG@k is 0.
func (r *Result) GroupSpread(g, k int) float64 {
	idcg := r.IDCGAt(k) // to k as asked: a judged pool may reach past the list
	k = cut(k, r.N)
	t := r.Ties[g]
	if t.Start >= k || idcg == 0 {
		return 0
	}
	gains := make([]float64, 0, t.Size())
	for x := t.Start; x < t.End; x++ {
		gains = append(gains, r.inputGain(x))
	}
	slices.Sort(gains)
	best, worst := 0.0, 0.0
	for x := t.Start; x < min(t.End, k); x++ {
		i := x - t.Start
		best += gains[len(gains)-1-i] * r.Discounts[x]
		worst += gains[i] * r.Discounts[x]
	}
	return (best - worst) / idcg
}
