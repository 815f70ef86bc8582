package suggest

import "strings"

// maxDistance is how many single-character edits (insert, delete,
// replace, swap of neighbours) a word may be from a name it is taken to
// mean: two catches a dropped, doubled or swapped letter (--cutof,
// --gian) without offering unrelated short names.
const maxDistance = 2

// Closest returns the names within maxDistance edits of word, nearest
// first (names at the same distance in the order given), or the names
// word is a prefix of (at least three characters typed) when none is
// that close. Case is ignored.
func Closest(word string, names []string) []string {
	w := strings.ToLower(word)
	if w == "" {
		return nil
	}
	byDistance := make([][]string, maxDistance+1)
	for _, n := range names {
		if d := Distance(w, strings.ToLower(n)); d <= maxDistance && n != word {
			byDistance[d] = append(byDistance[d], n)
		}
	}
	var out []string
	for _, ns := range byDistance {
		out = append(out, ns...)
	}
	if len(out) > 0 || len(w) < 3 {
		return out
	}
	for _, n := range names {
		if strings.HasPrefix(strings.ToLower(n), w) && n != word {
			out = append(out, n)
		}
	}
	return out
}

// Distance is the optimal string alignment distance between a and b:
// the fewest insertions, deletions, replacements and swaps of two
// neighbouring bytes that turn one into the other. Words longer than 64
// bytes are never close (the table stays small).
func Distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return max(len(a), len(b))
	}
	// d[i][j] is the distance between a[:i] and b[:j].
	var d [65][65]int
	for i := 0; i <= len(a); i++ {
		d[i][0] = i
	}
	for j := 0; j <= len(b); j++ {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
