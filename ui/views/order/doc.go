// Package order holds the views that show what the order of the items
// does to NDCG.
//
// The ties view (F3, Ties) takes the tie groups (items with equal scores)
// apart: each group, its ranks and whether k cuts it; NDCG@k under the
// worst, expected and best orders; the distribution over every order;
// and what scikit-learn and trec_eval make of the ties.
//
// The swap view (F5, Swap): a heat map of ΔNDCG@k for exchanging the
// items at ranks i and j among the top ranks, the pairwise weights
// LambdaRank, LightGBM and XGBoost train on; enter applies the pair under
// the cursor, m the best single swap.
//
// Files: ties.go (the ties view, its keys and its numbers worked out off
// the update loop), ties_draw.go (its group table, band and histogram),
// swap.go (the swap view), keys.go (the keys only these views have).
package order
