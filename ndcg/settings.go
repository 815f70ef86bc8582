package ndcg

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// MaxExpGrade is the largest grade whose exponential gain 2^g−1 is finite
// in float64.
const MaxExpGrade = 1023

// GainKind names a family of gain functions.
type GainKind int

const (
	// GainExp is 2^grade − 1 (Burges 2005; LightGBM, XGBoost, TF-Ranking).
	GainExp GainKind = iota
	// GainLinear is the grade itself (Järvelin & Kekäläinen; scikit-learn, trec_eval).
	GainLinear
	// GainMap looks the grade up in a table given per grade.
	GainMap
)

// Gain turns a relevance grade into the gain a rank contributes before
// discounting. The zero value is the exponential gain.
type Gain struct {
	Kind GainKind
	// Map holds the gain per grade when Kind is GainMap.
	Map map[float64]float64
}

var (
	// Exp is the exponential gain 2^grade − 1.
	Exp = Gain{Kind: GainExp}
	// Linear is the linear gain: the grade itself.
	Linear = Gain{Kind: GainLinear}
)

// Of returns the gain of a grade. It assumes the grade was validated
// (see Gain.Check).
func (g Gain) Of(grade float64) float64 {
	switch g.Kind {
	case GainLinear:
		return grade
	case GainMap:
		return g.Map[grade]
	default:
		return math.Exp2(grade) - 1
	}
}

// Check reports whether the gain of grade is defined.
func (g Gain) Check(grade float64) error {
	switch g.Kind {
	case GainExp:
		if grade > MaxExpGrade {
			return &GainError{Gain: GainExp, Msg: fmt.Sprintf("grade %s is too large for exponential gain (2^grade−1 overflows above %d)", fmtNum(grade), MaxExpGrade)}
		}
	case GainMap:
		if _, ok := g.Map[grade]; !ok {
			return fmt.Errorf("grade %s has no gain in the map %s; add %s=GAIN to it", fmtNum(grade), g, fmtNum(grade))
		}
	}
	return nil
}

// String returns the name ParseGain reads back.
func (g Gain) String() string {
	switch g.Kind {
	case GainLinear:
		return "linear"
	case GainMap:
		keys := make([]float64, 0, len(g.Map))
		for k := range g.Map {
			keys = append(keys, k)
		}
		sort.Float64s(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmtNum(k) + "=" + fmtNum(g.Map[k])
		}
		return strings.Join(parts, ",")
	default:
		return "exp"
	}
}

// Formula describes the gain for people: "2^g−1", "g" or the map.
func (g Gain) Formula() string {
	switch g.Kind {
	case GainLinear:
		return "g"
	case GainMap:
		return "map " + g.String()
	default:
		return "2^g−1"
	}
}

// ParseGain reads "exp", "linear" or a gain map such as "0=0,1=1,2=3,3=7".
func ParseGain(s string) (Gain, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "exp", "exponential":
		return Exp, nil
	case "linear", "lin":
		return Linear, nil
	}
	if !strings.Contains(s, "=") {
		return Gain{}, fmt.Errorf("unknown gain %s: use exp, linear or a map like 0=0,1=1,2=3,3=7", termsafe.Quote(s))
	}
	m := map[float64]float64{}
	for _, part := range strings.Split(s, ",") {
		gs, vs, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return Gain{}, fmt.Errorf("gain map entry %s is not GRADE=GAIN", termsafe.Quote(part))
		}
		grade, err := strconv.ParseFloat(strings.TrimSpace(gs), 64)
		if err != nil || math.IsNaN(grade) || math.IsInf(grade, 0) || grade < 0 {
			return Gain{}, fmt.Errorf("gain map entry %s: grade %s is not a finite number ≥ 0", termsafe.Quote(part), termsafe.Quote(gs))
		}
		val, err := strconv.ParseFloat(strings.TrimSpace(vs), 64)
		if err != nil || math.IsNaN(val) || math.IsInf(val, 0) {
			return Gain{}, fmt.Errorf("gain map entry %s: gain %s is not a finite number", termsafe.Quote(part), termsafe.Quote(vs))
		}
		if _, dup := m[grade]; dup {
			return Gain{}, fmt.Errorf("gain map gives grade %s twice", fmtNum(grade))
		}
		m[grade] = val
	}
	if err := checkGainMap(m); err != nil {
		return Gain{}, err
	}
	return Gain{Kind: GainMap, Map: m}, nil
}

// checkGainMap reports a gain map the definitions cannot use: an empty
// one, a gain that is not finite, a negative gain, or a gain that falls
// as the grade rises. The ideal ranking sorts the grades, highest first,
// and the best and worst tie orders sort them too; with a gain that
// falls they would not be the best and worst, and NDCG could exceed 1.
func checkGainMap(m map[float64]float64) error {
	if len(m) == 0 {
		return fmt.Errorf("the gain map is empty: give a gain per grade, like 0=0,1=1,2=3,3=7")
	}
	grades := make([]float64, 0, len(m))
	for grade, gain := range m {
		if math.IsNaN(gain) || math.IsInf(gain, 0) || gain < 0 {
			return fmt.Errorf("the gain map gives grade %s the gain %s: gains must be finite numbers ≥ 0", fmtNum(grade), fmtNum(gain))
		}
		grades = append(grades, grade)
	}
	sort.Float64s(grades)
	for i := 1; i < len(grades); i++ {
		lo, hi := grades[i-1], grades[i]
		if m[hi] < m[lo] {
			return fmt.Errorf("the gain map gives grade %s less gain (%s) than grade %s (%s): a higher grade must gain at least as much, or the ideal ranking is not the best one",
				fmtNum(hi), fmtNum(m[hi]), fmtNum(lo), fmtNum(m[lo]))
		}
	}
	return nil
}

// DiscountKind names a family of rank discounts.
type DiscountKind int

const (
	// DiscountLog is 1/log_B(i+1); B=2 is the standard discount.
	DiscountLog DiscountKind = iota
	// DiscountJK is the original Järvelin–Kekäläinen discount: 1 for
	// i < B, 1/log_B(i) for i ≥ B.
	DiscountJK
)

// Discount weighs the gain at a rank. The zero value is log2.
type Discount struct {
	Kind DiscountKind
	// Base of the logarithm; 0 means 2.
	Base float64
}

var (
	// Log2 is the standard discount 1/log2(i+1).
	Log2 = Discount{Kind: DiscountLog, Base: 2}
	// JK2 is the Järvelin–Kekäläinen discount with base 2.
	JK2 = Discount{Kind: DiscountJK, Base: 2}
)

func (d Discount) base() float64 {
	if d.Base == 0 {
		return 2
	}
	return d.Base
}

// At returns the discount at the 1-based rank i.
func (d Discount) At(i int) float64 {
	b := d.base()
	if d.Kind == DiscountJK {
		if float64(i) < b {
			return 1
		}
		if b == 2 {
			return 1 / math.Log2(float64(i))
		}
		return math.Log(b) / math.Log(float64(i))
	}
	if b == 2 {
		return 1 / math.Log2(float64(i+1))
	}
	return math.Log(b) / math.Log(float64(i+1))
}

// String returns the name ParseDiscount reads back: "log2", "log:B" or "jk:B".
func (d Discount) String() string {
	b := d.base()
	if d.Kind == DiscountJK {
		return "jk:" + fmtNum(b)
	}
	if b == 2 {
		return "log2"
	}
	return "log:" + fmtNum(b)
}

// Formula describes the discount at rank i for people.
func (d Discount) Formula() string {
	b := d.base()
	if d.Kind == DiscountJK {
		return fmt.Sprintf("1 for i<%s, 1/log%s(i)", fmtNum(b), fmtNum(b))
	}
	return fmt.Sprintf("1/log%s(i+1)", fmtNum(b))
}

// ParseDiscount reads "log2", "log:B" (any base B > 1, e.g. log:10) or
// "jk:B" ("jk" alone means jk:2).
func ParseDiscount(s string) (Discount, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "log2", "log":
		return Log2, nil
	case "jk":
		return JK2, nil
	}
	kind, bs, ok := strings.Cut(t, ":")
	if ok && (kind == "log" || kind == "jk") {
		b, err := strconv.ParseFloat(bs, 64)
		if err != nil || !(b > 1) || math.IsInf(b, 0) {
			return Discount{}, fmt.Errorf("discount %s: the base must be a number > 1, as in %s:2", termsafe.Quote(s), kind)
		}
		if kind == "jk" {
			return Discount{Kind: DiscountJK, Base: b}, nil
		}
		return Discount{Kind: DiscountLog, Base: b}, nil
	}
	return Discount{}, fmt.Errorf("unknown discount %s: use log2, log:B or jk:B (B > 1)", termsafe.Quote(s))
}

// TiePolicy says how items with equal scores are ordered.
type TiePolicy int

const (
	// Expected averages over every order of each tie group (McSherry &
	// Najork 2008; scikit-learn's ndcg_score with ignore_ties=False).
	Expected TiePolicy = iota
	// Best orders each tie group by grade, highest first.
	Best
	// Worst orders each tie group by grade, lowest first.
	Worst
	// Input keeps the input order within a tie group (a stable sort).
	Input
	// Docno orders each tie group by id in descending byte order, as trec_eval does.
	Docno
)

// TiePolicies lists every policy in display order.
var TiePolicies = []TiePolicy{Expected, Best, Worst, Input, Docno}

func (p TiePolicy) String() string {
	switch p {
	case Best:
		return "best"
	case Worst:
		return "worst"
	case Input:
		return "input"
	case Docno:
		return "docno"
	default:
		return "expected"
	}
}

// ParseTiePolicy reads expected, best, worst, input or docno.
func ParseTiePolicy(s string) (TiePolicy, error) {
	for _, p := range TiePolicies {
		if strings.EqualFold(strings.TrimSpace(s), p.String()) {
			return p, nil
		}
	}
	return 0, fmt.Errorf("unknown tie policy %s: use expected, best, worst, input or docno", termsafe.Quote(s))
}

// IDCGSource says which grades make the ideal ranking.
type IDCGSource int

const (
	// FromList uses the list's own grades (scikit-learn, LightGBM, XGBoost).
	FromList IDCGSource = iota
	// FromJudged adds the pool of judged but unretrieved items (trec_eval).
	FromJudged
)

func (s IDCGSource) String() string {
	if s == FromJudged {
		return "judged"
	}
	return "list"
}

// ParseIDCGSource reads "list" or "judged".
func ParseIDCGSource(s string) (IDCGSource, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "list":
		return FromList, nil
	case "judged", "pool":
		return FromJudged, nil
	}
	return 0, fmt.Errorf("unknown IDCG source %s: use list or judged", termsafe.Quote(s))
}

// Settings are the conventions a computation follows.
type Settings struct {
	Gain     Gain
	Discount Discount
	// K is the cutoff; 0 means the whole list.
	K    int
	Ties TiePolicy
	IDCG IDCGSource
	// Zero is NDCG when IDCG is 0: 0 (scikit-learn, trec_eval) or 1 (LightGBM, XGBoost).
	Zero float64
	// TruncateGrades reads every grade as its integer part, as trec_eval does.
	TruncateGrades bool
}

// DefaultSettings are exp gain, log2, the whole list, expected ties, the
// list's own IDCG and NDCG 0 when IDCG is 0.
func DefaultSettings() Settings {
	return Settings{Gain: Exp, Discount: Log2}
}

// Validate reports settings no computation can use.
func (s Settings) Validate() error {
	if s.K < 0 {
		return fmt.Errorf("k must be ≥ 1 (or absent for the whole list), not %d", s.K)
	}
	if s.Zero != 0 && s.Zero != 1 {
		return fmt.Errorf("the IDCG=0 rule must be 0 or 1, not %s", fmtNum(s.Zero))
	}
	switch s.Gain.Kind {
	case GainExp, GainLinear:
	case GainMap:
		if err := checkGainMap(s.Gain.Map); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unknown gain kind %d: use exp, linear or a gain map", s.Gain.Kind)
	}
	if s.Discount.Kind != DiscountLog && s.Discount.Kind != DiscountJK {
		return fmt.Errorf("unknown discount kind %d: use log2, log:B or jk:B", s.Discount.Kind)
	}
	if s.Discount.Base != 0 && !(s.Discount.Base > 1 && !math.IsInf(s.Discount.Base, 0)) {
		return fmt.Errorf("the discount base must be a finite number > 1, not %s", fmtNum(s.Discount.Base))
	}
	if s.Ties < Expected || s.Ties > Docno {
		return fmt.Errorf("unknown tie policy %d: use expected, best, worst, input or docno", s.Ties)
	}
	if s.IDCG != FromList && s.IDCG != FromJudged {
		return fmt.Errorf("unknown IDCG source %d: use list or judged", s.IDCG)
	}
	return nil
}

// KString is "all" for the whole list, else the cutoff.
func (s Settings) KString() string {
	if s.K == 0 {
		return "all"
	}
	return strconv.Itoa(s.K)
}

// String lists the conventions in force, as every output states them.
func (s Settings) String() string {
	out := fmt.Sprintf("gain=%s discount=%s k=%s ties=%s idcg=%s zero=%s",
		s.Gain, s.Discount, s.KString(), s.Ties, s.IDCG, fmtNum(s.Zero))
	if s.TruncateGrades {
		out += " grades=integer"
	}
	return out
}

// Equal reports whether two settings are the same conventions.
func (s Settings) Equal(o Settings) bool {
	return s.Gain.String() == o.Gain.String() && s.Discount.String() == o.Discount.String() &&
		s.K == o.K && s.Ties == o.Ties && s.IDCG == o.IDCG && s.Zero == o.Zero &&
		s.TruncateGrades == o.TruncateGrades
}

// ParseK reads a cutoff: a whole number ≥ 1, or "", "all" or "none" for the whole list (0).
func ParseK(s string) (int, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" || t == "all" || t == "none" {
		return 0, nil
	}
	k, err := strconv.Atoi(t)
	if err != nil || k < 1 {
		return 0, fmt.Errorf("k must be a whole number ≥ 1 (or all), not %s", termsafe.Quote(s))
	}
	return k, nil
}

// ParseZero reads the IDCG=0 rule: "0" or "1".
func ParseZero(s string) (float64, error) {
	switch strings.TrimSpace(s) {
	case "0":
		return 0, nil
	case "1":
		return 1, nil
	}
	return 0, fmt.Errorf("the IDCG=0 rule must be 0 or 1, not %s", termsafe.Quote(s))
}

// fmtNum prints a number in the shortest form that reads back exactly.
func fmtNum(x float64) string {
	return strconv.FormatFloat(x, 'g', -1, 64)
}
