package verdict

import (
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// ChangeText says a change of convention in words, as a learner would
// recognise what they did: a discount of 1/log2(i) with rank 1 left
// undiscounted by its formula rather than as Järvelin and Kekäläinen's
// (jk:2), the ideal ranking from the top k as built from those items
// only.
func ChangeText(c verify.Change) string {
	switch {
	case c.Setting == verify.IDCGItems:
		return "the ideal ranking built from " + c.To + " only (not " + c.From + ")"
	case jkForLog2(c):
		return "discount 1/log2(i) with rank 1 undiscounted (not 1/log2(i+1))"
	}
	switch c.ID() {
	case verify.RatioInverted:
		return "IDCG / DCG"
	case verify.DCGForNDCG:
		return "DCG, not divided by IDCG"
	case verify.Percent:
		return "100 × NDCG"
	case verify.IDCGForDCG:
		return "IDCG for DCG"
	case verify.IdealUnsorted:
		return "the ideal ranking in the list's own order"
	case verify.DiscountRank1Left:
		return "discount 1/log2(i), rank 1 left out (not 1/log2(i+1))"
	}
	return c.String()
}

// jkForLog2 reports whether c is Järvelin and Kekäläinen's discount in
// place of log2: 1 at ranks 1 and 2, then 1/log2(i), which is 1/log2(i)
// at every rank but the first, where log2(1) = 0.
func jkForLog2(c verify.Change) bool {
	return c.From == "log2" && c.To == "jk:2"
}

// changesText says the match's changes in words, joined.
func changesText(m verify.Match) string {
	parts := make([]string, len(m.Changes))
	for i, c := range m.Changes {
		parts[i] = ChangeText(c)
	}
	return strings.Join(parts, " and ")
}

// mistakeText says what the learner did, in the catalogue's words
// (verify.Lookup), and the convention a mistake coincides with when
// there is one ("" for a change that is no mistake).
func mistakeText(c verify.Change) string {
	if !c.Mistake() {
		return ""
	}
	m := verify.Lookup(c.ID())
	switch {
	case m.Did == string(m.ID):
		return "a mistake: a logarithm in another base"
	case jkForLog2(c):
		return "a mistake: " + m.Did + "; it coincides with Järvelin and Kekäläinen's original discount (jk:2)"
	}
	return "a mistake: " + m.Did
}

// mistakesText says the mistakes among the match's changes, joined.
func mistakesText(m verify.Match) string {
	var parts []string
	for _, c := range m.Changes {
		if t := mistakeText(c); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "; ")
}

// andList joins words as a sentence does: "a", "a and b", "a, b and c".
func andList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
