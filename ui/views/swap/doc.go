// Package swap is the swap view (S): a heat map of ΔNDCG@k for
// exchanging the items at ranks i and j among the top ranks, the pairwise
// weights LambdaRank, LightGBM and XGBoost train on; enter applies the
// pair under the cursor, b the best single swap.
//
// Files: swap.go.
package swap
