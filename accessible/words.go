package accessible

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// num writes x with d decimals, or "hidden" where the guided path keeps
// it until its question is answered (hide).
func num(x float64, d int, hide func(float64, int) bool) string {
	if hide != nil && hide(x, d) {
		return "hidden"
	}
	return strconv.FormatFloat(x, 'f', d, 64)
}

// gainText writes a gain as short as it is: 7, 3.5, 0.25.
func gainText(x float64) string {
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// grade writes a grade as it was given: 3, 1.5.
func grade(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// rankSentence says what one rank adds: "Rank 2, B, grade 3: gain 7,
// discount 0.631, adds 4.417." A tied rank under expected ties counts its
// group's mean gain, and says so; a rank past k adds nothing to DCG@k.
func rankSentence(r *ndcg.Result, i int, hide func(float64, int) bool) string {
	row := r.Row(i)
	head := fmt.Sprintf("Rank %d, %s, grade %s", row.Rank, row.Item.ID, grade(row.Grade))
	gain := "gain " + gainText(row.Gain)
	if row.Averaged {
		gain = fmt.Sprintf("gain %s, counted as %s, the mean of tie group %s", gainText(row.Gain),
			num(row.TermGain, 3, hide), ndcg.TieLabel(row.Tie))
	}
	disc := "discount " + num(row.Discount, 3, hide)
	if !row.InCutoff {
		return fmt.Sprintf("%s: %s, %s, past k=%s, so it adds nothing.", head, gain, disc, r.Settings.KString())
	}
	return fmt.Sprintf("%s: %s, %s, adds %s.", head, gain, disc, num(row.Contribution, 3, hide))
}

// at writes a sum's name at the cutoff: "DCG@5", "NDCG@all".
func at(name string, s ndcg.Settings) string { return name + "@" + s.KString() }

// summary says the three numbers at k: "DCG@5 is 13.35, IDCG@5 13.35,
// NDCG@5 1.000." With tied scores that k or the policy makes count, it
// says the band over every order of the ties; with IDCG 0, the rule that
// gives NDCG.
func summary(r *ndcg.Result, hide func(float64, int) bool) string {
	s := r.Settings
	out := fmt.Sprintf("%s is %s, %s %s, %s %s.", at("DCG", s), num(r.DCG(), 2, hide),
		at("IDCG", s), num(r.IDCG(), 2, hide), at("NDCG", s), num(r.NDCG(), 3, hide))
	if r.IDCG() == 0 {
		return out + fmt.Sprintf(" IDCG is 0: no order scores anything, and NDCG is taken as %s.", grade(s.Zero))
	}
	if b := r.NDCGBand(r.K); b.Spread() > 1e-12 {
		out += " " + band(r, hide) + "."
	}
	return out
}

// band says NDCG@k over every order of the tied items: "Over every
// order of the tied items, NDCG@3 runs from 0.591 (worst) to 0.862
// (best), expected 0.726".
func band(r *ndcg.Result, hide func(float64, int) bool) string {
	b := r.NDCGBand(r.K)
	return fmt.Sprintf("Over every order of the tied items, %s runs from %s (worst) to %s (best), expected %s",
		at("NDCG", r.Settings), num(b.Worst, 3, hide), num(b.Best, 3, hide), num(b.Expected, 3, hide))
}

// conventions says the conventions in force in one sentence.
func conventions(s ndcg.Settings) string {
	return fmt.Sprintf("Gain %s (%s), discount %s, k=%s, ties %s.", s.Gain, s.Gain.Formula(), s.Discount, s.KString(), s.Ties)
}

// conventionsShort names the conventions a change replaced, for undo:
// "gain exp, k=3, ties expected".
func conventionsShort(s ndcg.Settings) string {
	return fmt.Sprintf("gain %s, k=%s, ties %s", s.Gain, s.KString(), s.Ties)
}

// sumOf writes terms added up: "7.000 + 0.631 + 1.750".
func sumOf(terms []float64, hide func(float64, int) bool) string {
	if len(terms) == 0 {
		return "0"
	}
	parts := make([]string, len(terms))
	for i, t := range terms {
		parts[i] = num(t, 3, hide)
	}
	return strings.Join(parts, " + ")
}

// sentence ends text with a full stop, unless it ends with its own.
func sentence(text string) string {
	if strings.HasSuffix(text, ".") || strings.HasSuffix(text, "?") || strings.HasSuffix(text, "!") {
		return text
	}
	return text + "."
}
