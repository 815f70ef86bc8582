package verify

import (
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// MistakeID names one entry of the catalogue of learner mistakes: stable
// words that scripts, the room's tally and its export can rely on. A
// pair of changes together is its two ids joined by "+"
// ("gain_linear+k_minus_1").
type MistakeID string

// The catalogue's ids. The first are the mistakes learners make; the
// rest are what check also knows: other tools' conventions, the digits
// cut off, an NDCG that inherits a wrong DCG or IDCG.
const (
	GainLinear        MistakeID = "gain_linear"
	GainExp           MistakeID = "gain_exp"
	DiscountLn        MistakeID = "discount_ln"
	DiscountLog10     MistakeID = "discount_log10"
	DiscountFromRank1 MistakeID = "discount_from_rank_1"
	DiscountRank1Left MistakeID = "discount_rank_1_dropped"
	DiscountShift2    MistakeID = "discount_shift_2"
	DiscountLog2      MistakeID = "discount_log2"
	KAll              MistakeID = "k_all"
	KMinus1           MistakeID = "k_minus_1"
	KPlus1            MistakeID = "k_plus_1"
	IdealTopK         MistakeID = "ideal_top_k"
	IdealWhole        MistakeID = "ideal_whole"
	IdealUnsorted     MistakeID = "ideal_unsorted"
	RatioInverted     MistakeID = "ratio_inverted"
	DCGForNDCG        MistakeID = "dcg_for_ndcg"
	IDCGForDCG        MistakeID = "idcg_for_dcg"
	Percent           MistakeID = "percent"
	RoundedTerms      MistakeID = "rounded_terms"
	TruncatedDigits   MistakeID = "truncated"
	TiesInput         MistakeID = "ties_input"
	TiesBest          MistakeID = "ties_best"
	TiesWorst         MistakeID = "ties_worst"
	TiesExpected      MistakeID = "ties_expected"
	TiesDocno         MistakeID = "ties_docno"
	IDCGFromJudged    MistakeID = "idcg_judged"
	IDCGFromList      MistakeID = "idcg_list"
	ZeroRule          MistakeID = "zero_rule"
	Inherited         MistakeID = "inherited"
	SlipTerm          MistakeID = "slip"
)

// Mistake is one entry of the catalogue.
type Mistake struct {
	ID MistakeID
	// Name says it in a few words, to list several that fit one claim:
	// "linear gain or the cutoff forgotten".
	Name string
	// Did says what the learner did, in one sentence: the words check,
	// the check view, the quiz and the lesson all give it.
	Did string
	// How says how check reproduces it.
	How string
}

// Catalogue lists every mistake check names, in the order docs/check.md
// tables them, then a tool's conventions (PresetID) for each preset.
var Catalogue = append(mistakes, presetEntries()...)

// PresetID is the id of two changes together that are a tool's
// conventions, "preset_" and the preset's name ("preset_jk"): a claim
// computed with another library, not two mistakes.
func PresetID(name string) MistakeID { return MistakeID("preset_" + name) }

func presetEntries() []Mistake {
	out := make([]Mistake, len(ndcg.Presets))
	for i, p := range ndcg.Presets {
		out[i] = Mistake{PresetID(p.Name), p.Name + "'s conventions", "computed with the conventions of " + p.Note, "--preset " + p.Name}
	}
	return out
}

var mistakes = []Mistake{
	{GainLinear, "linear gain", "took the grade itself as the gain, not 2^grade − 1", "gain linear"},
	{GainExp, "exponential gain", "took 2^grade − 1 as the gain, not the grade itself", "gain exp"},
	{DiscountLn, "the natural log", "divided by ln(i+1), not log2(i+1)", "discount log:e"},
	{DiscountLog10, "the discount log10(i+1)", "divided by log10(i+1), not log2(i+1)", "discount log:10"},
	{DiscountFromRank1, "the discount log2(i) with rank 1 by 1", "divided by log2(i), rank 1 by 1, not by log2(i+1): ranks counted from 0", "discount jk:2"},
	{DiscountRank1Left, "the discount log2(i) with rank 1 left out", "divided by log2(i) and left rank 1 out, as log2(1) = 0", "1/log2(i) from rank 2, rank 1's term 0"},
	{DiscountShift2, "the discount log2(i+2)", "divided by log2(i+2), not log2(i+1): ranks counted from 2", "1/log2(i+2) at rank i"},
	{DiscountLog2, "the discount log2(i+1)", "divided by log2(i+1), not by the discount asked", "discount log2"},
	{KAll, "the cutoff forgotten", "added every rank, the cutoff k forgotten", "k = the whole list"},
	{KMinus1, "k−1", "added ranks 1 to k−1, not 1 to k: the cutoff off by one", "k − 1"},
	{KPlus1, "k+1", "added ranks 1 to k+1, not 1 to k: the cutoff off by one", "k + 1"},
	{IdealTopK, "the ideal from the top k", "built the ideal ranking from the top k retrieved only, not from every judged item", "IDCG@k of the top k items, sorted"},
	{IdealWhole, "the whole ideal ranking", "added the whole ideal ranking for IDCG, not its top k", "IDCG over every rank of the ideal"},
	{IdealUnsorted, "the ideal left unsorted", "left the ideal ranking in the list's own order, so IDCG came out as DCG", "IDCG = DCG; NDCG = 1"},
	{RatioInverted, "the ratio upside down", "divided IDCG by DCG, not DCG by IDCG", "IDCG@k / DCG@k"},
	{DCGForNDCG, "DCG given for NDCG", "gave DCG where NDCG was asked, not divided by IDCG", "NDCG read as DCG@k"},
	{IDCGForDCG, "IDCG given for DCG", "gave IDCG, the ideal order's DCG, where the list's own DCG was asked", "DCG read as IDCG@k"},
	{Percent, "a percentage", "wrote NDCG as a percentage, not a fraction between 0 and 1", "100 × NDCG@k"},
	{RoundedTerms, "terms rounded first", "rounded each term before adding them", "the sum of the terms rounded to 1–4 decimals"},
	{TruncatedDigits, "digits cut off", "cut the digits off instead of rounding", "the true value truncated to the digits written"},
	{TiesInput, "ties in list order", "kept tied items in the list's order, not every order of them averaged", "ties input"},
	{TiesBest, "ties best first", "put tied items best first, an order no tool uses", "ties best"},
	{TiesWorst, "ties worst first", "put tied items worst first, an order no tool uses", "ties worst"},
	{TiesExpected, "ties averaged", "averaged over every order of tied items, not the order asked", "ties expected"},
	{TiesDocno, "ties by id", "ordered tied items by id, as trec_eval does", "ties docno"},
	{IDCGFromJudged, "the ideal from the pool", "built the ideal from every judged item, also those not retrieved", "idcg judged"},
	{IDCGFromList, "the ideal from the list", "built the ideal from the retrieved items only, not every judged one", "idcg list"},
	{ZeroRule, "the other IDCG=0 rule", "took the other value for NDCG when IDCG is 0 (1 for 0, or 0 for 1)", "zero 1 − zero"},
	{Inherited, "a wrong DCG or IDCG divided", "divided a wrong DCG or IDCG rightly: the NDCG inherits the mistake above it", "the claimed DCG / the claimed IDCG"},
	{SlipTerm, "one term wrong", "got one term wrong: another grade, a neighbouring rank's discount, a term left out or counted twice", "one term changed"},
}

// Lookup is the catalogue's entry for id; a pair "a+b" is named by its
// parts, "a and b".
func Lookup(id MistakeID) Mistake {
	for _, m := range Catalogue {
		if m.ID == id {
			return m
		}
	}
	if a, b, ok := strings.Cut(string(id), "+"); ok {
		ma, mb := Lookup(MistakeID(a)), Lookup(MistakeID(b))
		return Mistake{ID: id, Name: ma.Name + " with " + mb.Name, Did: ma.Did + ", and " + mb.Did, How: ma.How + ", " + mb.How}
	}
	return Mistake{ID: id, Name: string(id), Did: string(id), How: string(id)}
}

// ID is the catalogue's id of the change: a learner's rule's own, or
// the id of the setting changed and its new value.
func (c Change) ID() MistakeID {
	if r, ok := ruleOf(c); ok {
		return r.id
	}
	switch c.Setting {
	case ndcg.SettingGain:
		if c.To == "linear" {
			return GainLinear
		}
		return GainExp
	case ndcg.SettingDiscount:
		switch c.To {
		case "ln":
			return DiscountLn
		case "log10":
			return DiscountLog10
		case "jk:2":
			return DiscountFromRank1
		case "log2":
			return DiscountLog2
		}
		return MistakeID("discount_" + strings.NewReplacer(":", "_", ".", "_").Replace(c.To))
	case ndcg.SettingK:
		if c.To == "all" {
			return KAll
		}
		if cutoffOf(c.To) < cutoffOf(c.From) {
			return KMinus1
		}
		return KPlus1
	case ndcg.SettingTies:
		switch c.To {
		case ndcg.Input.String():
			return TiesInput
		case ndcg.Best.String():
			return TiesBest
		case ndcg.Worst.String():
			return TiesWorst
		case ndcg.Docno.String():
			return TiesDocno
		}
		return TiesExpected
	case ndcg.SettingIDCG:
		if c.To == ndcg.FromJudged.String() {
			return IDCGFromJudged
		}
		return IDCGFromList
	case ndcg.SettingZero:
		return ZeroRule
	case IDCGCutoff:
		return IdealWhole
	case IDCGItems:
		return IdealTopK
	}
	return MistakeID(c.Setting)
}

// cutoffOf reads a cutoff as Change writes it: "4", or "all (5)".
func cutoffOf(s string) int {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "all ("), ")")
	n, _ := strconv.Atoi(s)
	return n
}

// ID is the catalogue's id of the match: its change's; a pair's joined
// by "+", or the first preset's (PresetID) when the two are a tool's
// conventions.
func (m Match) ID() MistakeID {
	if len(m.Changes) > 1 && len(m.Presets) > 0 {
		return PresetID(m.Presets[0])
	}
	ids := make([]string, len(m.Changes))
	for i, c := range m.Changes {
		ids[i] = string(c.ID())
	}
	return MistakeID(strings.Join(ids, "+"))
}
