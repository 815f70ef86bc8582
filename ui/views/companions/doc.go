// Package companions is the companions view (M): the binary-relevance
// metrics reported beside NDCG@k (Precision@k, Recall@k, reciprocal rank,
// average precision), with the grade from which an item counts as
// relevant adjustable. The engine computes them; the view only draws.
//
// Files: companions.go.
package companions
