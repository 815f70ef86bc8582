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
	// Retrieved counts relevant items in the top k (under Expected ties,
	// their mean over every order of the ties, which need not be whole);
	// Relevant counts every relevant item (the pool too when the IDCG
	// source is judged).
	Retrieved float64
	Relevant  int
	// Expected says the metrics are means over every order of the tied
	// items, as NDCG is under the Expected tie policy.
	Expected bool
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
// relevant. They follow the tie policy as NDCG does: the ranking it
// gives, and under Expected the mean over every order of the ties, so
// that the two are never set side by side under different rules.
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
	var sumPrec float64
	if r.Settings.Ties == Expected && len(r.Ties) > 0 {
		c.Expected = true
		c.Retrieved, c.RR, sumPrec = r.expectedCompanions(rel)
	} else {
		order := r.orderFor(r.Settings.Ties)
		for i := 0; i < r.K; i++ {
			if !rel(r.gradeOfItem(int(order[i]))) {
				continue
			}
			c.Retrieved++
			if c.RR == 0 {
				c.RR = 1 / float64(i+1)
			}
			sumPrec += c.Retrieved / float64(i+1)
		}
	}
	// Precision divides by the cutoff asked for, as trec_eval's P_k does,
	// even when fewer items were retrieved; by n for the whole list.
	if k := cmp.Or(r.Settings.K, r.N); k > 0 {
		c.Precision = c.Retrieved / float64(k)
	}
	if c.Relevant > 0 {
		c.Recall = c.Retrieved / float64(c.Relevant)
		c.AP = sumPrec / float64(c.Relevant)
	}
	return c
}

// expectedCompanions is the mean, over every order of the tied items, of
// the relevant items in the top k, of the reciprocal rank and of the sum
// of precisions at the relevant ranks, in one pass over the top k.
//
// A rank in a tie group of g items, r of them relevant, holds a relevant
// item with chance r/g; two ranks of the same group both hold one with
// chance r(r−1)/(g(g−1)); ranks of different groups are independent.
// Then the sum of precisions, Σ_i rel(i)·(Σ_{j≤i} rel(j))/i, has the mean
// Σ_i (p_i + p_i·S_i + m_i·q)/i, where p_i is rank i's chance, S_i the
// sum of the chances of the ranks above its group, m_i the ranks of its
// group above it and q the pair chance of its group. The first relevant
// rank lies in the first group that holds a relevant item, at its j-th
// rank with chance C(g−j, r−1)/C(g, r).
func (r *Result) expectedCompanions(rel func(float64) bool) (retrieved, rr, sumPrec float64) {
	input := r.order[Input]
	above := 0.0 // S: the chances of the ranks above the current group
	rrFound := false
	for i := 0; i < r.K; {
		start, end := i, i+1
		if t := r.TieAt(i); t >= 0 {
			start, end = r.Ties[t].Start, r.Ties[t].End
		}
		g, n := end-start, 0
		for x := start; x < end; x++ {
			if rel(r.gradeOfItem(int(input[x]))) {
				n++
			}
		}
		p := float64(n) / float64(g)
		q := 0.0
		if g > 1 {
			q = float64(n) * float64(n-1) / (float64(g) * float64(g-1))
		}
		if !rrFound && n > 0 {
			rrFound = true
			// chance is C(g−j, n−1)/C(g, n) for j = 1, worked forward:
			// each step multiplies by (g−j−n+1)/(g−j).
			chance := float64(n) / float64(g)
			for j := 1; j <= g-n+1 && start+j <= r.K; j++ {
				rr += chance / float64(start+j)
				chance *= float64(g-j-n+1) / float64(g-j)
			}
		}
		for x := start; x < min(end, r.K); x++ {
			retrieved += p
			sumPrec += (p + p*above + float64(x-start)*q) / float64(x+1)
		}
		above += float64(n) * float64(min(end, r.K)-start) / float64(g)
		i = end
	}
	return retrieved, rr, sumPrec
}
