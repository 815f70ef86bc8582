// Package compare holds the views that set NDCG beside other numbers for
// the same list.
//
// The conventions view (F4, on the preset in force; Conventions): this
// list's NDCG@k under every preset side by side, where each departs from
// the conventions in force, and, one setting at a time, what each
// departure does on this list; enter applies the selected preset.
//
// The companions view (F8, Companions): the binary-relevance metrics
// reported beside NDCG@k (Precision@k, Recall@k, reciprocal rank,
// average precision), with the grade from which an item counts as
// relevant adjustable. The engine computes them; the view only draws.
//
// Files: conventions.go, companions.go (a view each), keys.go (the keys
// only these views have).
package compare
