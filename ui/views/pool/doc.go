// Package pool is the pool view (F7): the judged items the system did not
// retrieve, as ghost rows in the ideal ranking, which a person adds,
// grades and removes, with IDCG and NDCG from the list's grades beside
// those from every judged item.
//
// Files: pool.go.
package pool
