package ndcg

import (
	"cmp"
)

// Companions are the binary-relevance metrics often reported beside
// NDCG@k, for the same list and cutoff.
type Companions struct {
	// Threshold is the grade from which an item counts as relevant.
	Threshold float64
	K         int
	// Retrieved counts relevant items in the top k; Relevant counts
	// every relevant item (the pool too when the IDCG source is judged).
	Retrieved, Relevant int
	// Precision@k = Retrieved/k (k as asked, even past the list's end); Recall@k = Retrieved/Relevant.
	Precision, Recall float64
	// RR is 1/rank of the first relevant item within the top k (0 if none).
	RR float64
	// AP is the sum of Precision@i over the relevant ranks i ≤ k, divided
	// by Relevant (as trec_eval's map_cut does).
	AP float64
}

// Companions computes Precision@k, Recall@k, reciprocal rank and average
// precision at the result's cutoff, counting grade ≥ threshold as
// relevant. They follow the ranking the tie policy gives; under Expected
// that is the input order within ties.
func (r *Result) Companions(threshold float64) Companions {
	c := Companions{Threshold: threshold, K: r.K}
	rel := func(g float64) bool { return g >= threshold && g > 0 }
	if r.idealSmall {
		for g, n := range r.idealCount {
			if rel(float64(g)) {
				c.Relevant += n
			}
		}
	} else {
		for _, g := range r.idealGrades {
			if rel(g) {
				c.Relevant++
			}
		}
	}
	order := r.orderFor(r.Settings.Ties)
	sumPrec := 0.0
	for i := 0; i < r.K; i++ {
		if !rel(r.gradeOfItem(int(order[i]))) {
			continue
		}
		c.Retrieved++
		if c.RR == 0 {
			c.RR = 1 / float64(i+1)
		}
		sumPrec += float64(c.Retrieved) / float64(i+1)
	}
	// Precision divides by the cutoff asked for, as trec_eval's P_k does,
	// even when fewer items were retrieved; by n for the whole list.
	if k := cmp.Or(r.Settings.K, r.N); k > 0 {
		c.Precision = float64(c.Retrieved) / float64(k)
	}
	if c.Relevant > 0 {
		c.Recall = float64(c.Retrieved) / float64(c.Relevant)
		c.AP = sumPrec / float64(c.Relevant)
	}
	return c
}
