package ndcg

import (
	"fmt"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Preset is a named set of conventions that a library or tool follows.
type Preset struct {
	Name string
	// Who uses these conventions.
	Note     string
	Settings Settings
}

// Presets lists the conventions of the common implementations, one for
// each library whose conventions differ: XGBoost cuts labels to integers
// where LightGBM refuses labels that are not whole, so the two have a
// row each. Their K is 0: a preset leaves the cutoff to the user. A
// Note says who uses the conventions in at most 54 characters, so that
// the preset picker shows it whole beside the preset at 80 columns; the
// settings say the rest.
var Presets = []Preset{
	{"sklearn", "scikit-learn ndcg_score (ignore_ties=False)",
		Settings{Gain: Linear, Discount: Log2, Ties: Expected, IDCG: FromList, Zero: 0}},
	{"trec_eval", "trec_eval -m ndcg_cut.k, on TREC qrels and runs",
		Settings{Gain: Linear, Discount: Log2, Ties: Docno, IDCG: FromJudged, Zero: 0, TruncateGrades: true}},
	{"lightgbm", "LightGBM metric ndcg, eval_at; whole labels only",
		Settings{Gain: Exp, Discount: Log2, Ties: Input, IDCG: FromList, Zero: 1}},
	{"xgboost", "XGBoost 1.7 eval_metric ndcg@k; labels cut to integers",
		Settings{Gain: Exp, Discount: Log2, Ties: Input, IDCG: FromList, Zero: 1, TruncateGrades: true}},
	{"xgboost-", "XGBoost 1.7 eval_metric ndcg@k-",
		Settings{Gain: Exp, Discount: Log2, Ties: Input, IDCG: FromList, Zero: 0, TruncateGrades: true}},
	{"tf-ranking", "TF-Ranking's NDCG metric; ties shuffled at random",
		Settings{Gain: Exp, Discount: Log2, Ties: Expected, IDCG: FromList, Zero: 0}},
	{"jk", "Järvelin & Kekäläinen 2002; discount from rank 2",
		Settings{Gain: Linear, Discount: JK2, Ties: Expected, IDCG: FromJudged, Zero: 0}},
}

// presetAliases maps other spellings to a preset's name.
var presetAliases = map[string]string{
	"scikit-learn": "sklearn", "trec": "trec_eval", "treceval": "trec_eval",
	"lgbm": "lightgbm", "lgb": "lightgbm", "xgb": "xgboost", "xgb-": "xgboost-", "xgboost-minus": "xgboost-",
	"tfr": "tf-ranking", "tf_ranking": "tf-ranking",
}

// PresetNames lists the names FindPreset accepts (aliases aside).
func PresetNames() []string {
	names := make([]string, len(Presets))
	for i, p := range Presets {
		names[i] = p.Name
	}
	return names
}

// FindPreset returns the preset of that name (or alias, such as xgb).
func FindPreset(name string) (Preset, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	if a, ok := presetAliases[n]; ok {
		n = a
	}
	for _, p := range Presets {
		if p.Name == n {
			return p, nil
		}
	}
	return Preset{}, fmt.Errorf("unknown preset %s: use one of %s", termsafe.Quote(name), strings.Join(PresetNames(), ", "))
}

// Apply returns s with the preset's conventions and s's cutoff.
func (p Preset) Apply(s Settings) Settings {
	out := p.Settings
	out.K = s.K
	return out
}

// Matches reports whether s follows this preset (whatever its cutoff).
func (p Preset) Matches(s Settings) bool {
	return p.Apply(s).Equal(s)
}

// Setting names one convention that two settings can differ in.
type Setting string

// The conventions, in the order differences are reported.
const (
	SettingGain     Setting = "gain"
	SettingDiscount Setting = "discount"
	SettingK        Setting = "k"
	SettingTies     Setting = "ties"
	SettingIDCG     Setting = "idcg"
	SettingZero     Setting = "zero"
	SettingGrades   Setting = "grades"
)

// Differences lists the settings in which a and b differ, with b's value
// of each applied to a copy of a: the single change that moves a toward b.
func Differences(a, b Settings) []Change {
	var out []Change
	add := func(name Setting, differ bool, from, to string, apply func(*Settings)) {
		if !differ {
			return
		}
		s := a
		apply(&s)
		out = append(out, Change{Setting: name, From: from, To: to, Settings: s})
	}
	add(SettingGain, a.Gain.String() != b.Gain.String(), a.Gain.String(), b.Gain.String(), func(s *Settings) { s.Gain = b.Gain })
	add(SettingDiscount, a.Discount.String() != b.Discount.String(), a.Discount.String(), b.Discount.String(), func(s *Settings) { s.Discount = b.Discount })
	add(SettingK, a.K != b.K, a.KString(), b.KString(), func(s *Settings) { s.K = b.K })
	add(SettingTies, a.Ties != b.Ties, a.Ties.String(), b.Ties.String(), func(s *Settings) { s.Ties = b.Ties })
	add(SettingIDCG, a.IDCG != b.IDCG, a.IDCG.String(), b.IDCG.String(), func(s *Settings) { s.IDCG = b.IDCG })
	add(SettingZero, a.Zero != b.Zero, fmtNum(a.Zero), fmtNum(b.Zero), func(s *Settings) { s.Zero = b.Zero })
	add(SettingGrades, a.TruncateGrades != b.TruncateGrades, gradesName(a.TruncateGrades), gradesName(b.TruncateGrades), func(s *Settings) { s.TruncateGrades = b.TruncateGrades })
	return out
}

func gradesName(truncate bool) string {
	if truncate {
		return "integer"
	}
	return "as given"
}

// Change is one setting switched from one value to another.
type Change struct {
	Setting  Setting
	From, To string
	// Settings is the first settings with only this one changed.
	Settings Settings
}

// Effect is what one changed setting does to NDCG@k on a list.
type Effect struct {
	Change
	// NDCG under the first settings, and with only this setting changed.
	Before, After float64
}

// Comparison is a list's NDCG@k under two settings and what each
// difference between them does.
type Comparison struct {
	A, B        Settings
	NDCGA       float64
	NDCGB       float64
	Effects     []Effect
	Responsible []Setting // settings whose change alone moves NDCG@k
}

// Compare computes NDCG@k of list under a and b, and for every setting in
// which they differ, NDCG@k under a with only that setting taken from b.
// The settings whose change alone moves the value are listed in
// Comparison.Responsible, so a user sees which convention makes two
// presets disagree on this list.
func Compare(list *List, a, b Settings) (*Comparison, error) {
	ra, err := Compute(list, a)
	if err != nil {
		return nil, err
	}
	rb, err := Compute(list, b)
	if err != nil {
		return nil, err
	}
	c := &Comparison{A: a, B: b, NDCGA: ra.NDCG(), NDCGB: rb.NDCG()}
	for _, ch := range Differences(a, b) {
		r, err := Compute(list, ch.Settings)
		if err != nil {
			return nil, err
		}
		e := Effect{Change: ch, Before: c.NDCGA, After: r.NDCG()}
		c.Effects = append(c.Effects, e)
		if !near(e.Before, e.After) {
			c.Responsible = append(c.Responsible, ch.Setting)
		}
	}
	return c, nil
}

func near(a, b float64) bool {
	d := a - b
	return d < 1e-12 && d > -1e-12
}
