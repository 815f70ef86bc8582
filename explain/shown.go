package explain

import "github.com/ndcg-explorer/ndcg-explorer/ndcg"

// NewShown is New for a working that is only printed (as Text, Markdown
// and Screen print it): of a ranking or sum longer than maxTerms it keeps
// the entries and terms the text shows, the first headTerms and the last
// tailTerms, and one more on each side of the elided middle, which says
// whether a tie group runs into it. The text is New's, byte for byte; a
// list of a million items takes 26 entries and terms instead of four
// slices of a million (over 200 MB), which check prints from.
// Working.RankingLen, IdealLen and Sum.Count give the full lengths.
func NewShown(r *ndcg.Result) *Working { return build(r, true) }

// kept reports whether entry i of n is kept by NewShown.
func kept(i, n int) bool {
	return i < n && (n <= maxTerms || i <= headTerms || i >= n-tailTerms-1)
}

// shownCap is the capacity for the entries of n that are kept.
func shownCap(n int, shown bool) int {
	if shown && n > maxTerms {
		return headTerms + tailTerms + 2
	}
	return n
}

// shownLen is the length of what a slice of length have stands for:
// n when set, else have.
func shownLen(n, have int) int {
	if n > 0 {
		return n
	}
	return have
}

// shownIndex maps entry i of n to its place in a slice of have entries,
// all of them or those kept: past the elided middle, entries are shifted
// down by the number left out.
func shownIndex(i, n, have int) int {
	if i < have && (n == have || i <= headTerms) {
		return i
	}
	return i - (n - have)
}
