// Package check is the check view (F9): it checks numbers a person worked
// out by hand against the list under the conventions in force. Claimed
// DCG, IDCG and NDCG are typed into fields (or read from the claims the
// file carries), each marked ✓ or ✗ as it is typed, within the tolerance
// its digits imply; for a wrong claim it says which convention would give
// it, or where the arithmetic departs. The verify package does the
// checking; the view draws its report.
//
// Files: check.go (the view, its fields and keys, the search off the
// update loop), draw.go (the screen and its explanations).
package check
