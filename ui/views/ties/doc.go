// Package ties is the ties view (F3): it takes the tie groups (items with
// equal scores) apart: each group, its ranks and whether k cuts it;
// NDCG@k under the worst, expected and best orders; the distribution over
// every order; and what scikit-learn and trec_eval make of the ties.
//
// Files: ties.go (the view, its keys and its numbers worked out off the
// update loop), draw.go (the group table, the band, the histogram).
package ties
