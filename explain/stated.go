package explain

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Stated is how every output states the conventions in force: each
// setting in words, in the same order everywhere. The report joins the
// parts with commas (Line); the explorer with dots, shortened when its
// terminal is narrow.
type Stated struct {
	Gain, GainFormula         string // "gain exp", "2^g − 1"
	Discount, DiscountFormula string // "discount log2", "1/log2(i+1)"
	K, Ties, IDCG, Zero       string // "k=5", "ties expected", "IDCG from list", "NDCG=0 when IDCG=0"
	// The short forms of discount, IDCG and zero, for a narrow line:
	// "log2", "IDCG list", "zero→0".
	DiscountShort, IDCGShort, ZeroShort string
	// Grades is "grades truncated to integers" when they are, else "";
	// GradesShort says the same in two words.
	Grades, GradesShort string
	// Preset names the preset in force (PresetInForce), "" for none.
	Preset string
}

// State says the settings s in words.
func State(s ndcg.Settings) Stated {
	st := Stated{
		Gain: "gain " + s.Gain.String(), GainFormula: s.Gain.Formula(),
		Discount: "discount " + s.Discount.String(), DiscountFormula: s.Discount.Formula(),
		K: "k=" + s.KString(), Ties: "ties " + s.Ties.String(), IDCG: "IDCG from " + s.IDCG.String(),
		Zero:          "NDCG=" + ndcg.FormatNumber(s.Zero) + " when IDCG=0",
		DiscountShort: s.Discount.String(), IDCGShort: "IDCG " + s.IDCG.String(), ZeroShort: "zero→" + ndcg.FormatNumber(s.Zero),
	}
	if s.TruncateGrades {
		st.Grades, st.GradesShort = "grades truncated to integers", "integer grades"
	}
	if p, ok := PresetInForce(s); ok {
		st.Preset = p.Name
	}
	return st
}

// PresetInForce is the preset whose conventions s follows in every
// setting but k, the one the conventions line names =NAME and the preset
// picker and the conventions view mark; false when s departs from every
// preset in some setting. No two presets share their conventions (a test
// checks), so at most one is in force. Rules a list was read under
// count by their settings, not their name: LightGBM's with a label gain
// of their own follow no preset, although they are LightGBM's.
func PresetInForce(s ndcg.Settings) (ndcg.Preset, bool) {
	for _, p := range ndcg.Presets {
		if p.Matches(s) {
			return p, true
		}
	}
	return ndcg.Preset{}, false
}

// Line is the conventions in one line, as the reports print them.
func (c Stated) Line() string {
	line := fmt.Sprintf("%s (%s), %s (%s), %s, %s, %s, %s",
		c.Gain, c.GainFormula, c.Discount, c.DiscountFormula, c.K, c.Ties, c.IDCG, c.Zero)
	if c.Grades != "" {
		line += ", " + c.Grades
	}
	return line
}

// Short is the conventions in the fewest words, in the order of Line:
// "gain exp", "log2", "k=5", "ties expected", "IDCG list", "zero→0" and,
// when grades are truncated, "integer grades".
func (c Stated) Short() []string {
	out := []string{c.Gain, c.DiscountShort, c.K, c.Ties, c.IDCGShort, c.ZeroShort}
	if c.GradesShort != "" {
		out = append(out, c.GradesShort)
	}
	return out
}
