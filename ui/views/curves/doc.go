// Package curves is the curves view (U): the discount per rank and the
// gain per grade NDCG is built from, each a bar chart with every value
// printed, and why the log base of the discount cancels out of NDCG but
// not out of DCG.
//
// Files: curves.go.
package curves
