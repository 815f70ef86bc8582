// Package working is the working view (O): DCG@k and IDCG@k written out
// term by term, as on a whiteboard, the ideal order spelled out, and the
// division that gives NDCG, which stays in sight while the rest scrolls.
//
// Files: working.go.
package working
