package verdict

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// Impossible says why the claim is a value its quantity never takes
// (verify.Claim.Impossible), said before anything that explains it; ""
// for a possible claim.
func Impossible(c verify.Claim) string {
	switch {
	case !c.Impossible():
		return ""
	case c.Value > 1:
		return "NDCG cannot exceed 1: the ideal is the best possible order."
	}
	return "NDCG cannot be below 0: no gain or discount is negative."
}

// Ambiguity says that two or more mistakes give the claim and which
// digits would tell them apart: "linear gain or the cutoff forgotten:
// both give 0.84; write four decimals to tell them apart". It is "" when
// the diagnosis is not ambiguous (verify.Diagnosis.Ambiguous).
func Ambiguity(d verify.Diagnosis, claim verify.Written) string {
	if !d.Ambiguous {
		return ""
	}
	ids, values := d.Rivals()
	if len(ids) < 2 {
		// No two single ones: the pairs or slipped terms that fit.
		ids, values = d.Mistakes, d.Values
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = verify.Lookup(id).Name
	}
	all := "both give"
	if len(names) > 2 {
		all = "all " + numberWord(len(names)) + " give"
	}
	s := fmt.Sprintf("%s: %s %s", orList(names), all, claim)
	switch n := apart(values, claim.Decimals()); n {
	case 0:
		return s + "; no number of decimals tells them apart on this list"
	case 1:
		return s + "; write one decimal to tell them apart"
	default:
		return s + fmt.Sprintf("; write %s decimals to tell them apart", numberWord(n))
	}
}

// apart is the fewest decimals, more than written, at which the values
// all round apart; 0 when none up to 12 does (two of them are one
// number on this list).
func apart(values []float64, written int) int {
	for n := max(written+1, 1); n <= 12; n++ {
		seen := map[string]bool{}
		for _, x := range values {
			seen[strconv.FormatFloat(x, 'f', n, 64)] = true
		}
		if len(seen) == len(values) {
			return n
		}
	}
	return 0
}

func numberWord(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
	if n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

// orList joins words as "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
