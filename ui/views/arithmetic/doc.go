// Package arithmetic holds the views that show how NDCG is built from its
// parts, each worked through on the list in front of the learner.
//
// The working view (F2, Working): DCG@k and IDCG@k written out term by
// term, as on a whiteboard, the ideal order spelled out, and the division
// that gives NDCG, which stays in sight while the rest scrolls.
//
// The curves view (F6, Curves): the discount per rank and the gain per
// grade NDCG is built from, each a bar chart with every value printed,
// and why the log base of the discount cancels out of NDCG but not out of
// DCG.
//
// The pool view (F7, Pool): where the ideal comes from. The judged items
// the system did not retrieve appear as ghost rows in the ideal ranking,
// which a person adds, grades and removes, with IDCG and NDCG from the
// list's grades beside those from every judged item.
//
// Files: working.go, curves.go, pool.go (a view each).
package arithmetic
