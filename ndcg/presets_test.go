package ndcg

import (
	"math"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

func preset(t *testing.T, name string) Settings {
	t.Helper()
	p, err := FindPreset(name)
	require.NoError(t, err)
	return p.Settings
}

func TestFindPreset(t *testing.T) {
	require.Equal(t, []string{"sklearn", "trec_eval", "lightgbm", "xgboost", "xgboost-", "tf-ranking", "jk"}, PresetNames())
	for name, want := range map[string]string{
		"sklearn": "sklearn", "scikit-learn": "sklearn", " SKLEARN ": "sklearn",
		"trec_eval": "trec_eval", "trec": "trec_eval", "treceval": "trec_eval", "TREC_EVAL": "trec_eval",
		"lightgbm": "lightgbm", "lgbm": "lightgbm", "LightGBM": "lightgbm",
		"xgboost": "xgboost", "XGBoost": "xgboost", "xgb": "xgboost", "xgboost-": "xgboost-", "xgb-": "xgboost-",
		"tf-ranking": "tf-ranking", "tfr": "tf-ranking", "tf_ranking": "tf-ranking",
		"jk": "jk",
	} {
		p, err := FindPreset(name)
		require.NoError(t, err, name)
		require.Equal(t, want, p.Name, name)
		require.NotEmpty(t, p.Note)
	}
	_, err := FindPreset("")
	require.ErrorContains(t, err, "use one of sklearn, trec_eval")
}

// TestPresetTable: each preset is its row of the table of presets in
// docs/conventions.md.
func TestPresetTable(t *testing.T) {
	rows := map[string]string{
		"sklearn":    "gain=linear discount=log2 k=all ties=expected idcg=list zero=0",
		"trec_eval":  "gain=linear discount=log2 k=all ties=docno idcg=judged zero=0 grades=integer",
		"lightgbm":   "gain=exp discount=log2 k=all ties=input idcg=list zero=1",
		"xgboost":    "gain=exp discount=log2 k=all ties=input idcg=list zero=1 grades=integer",
		"xgboost-":   "gain=exp discount=log2 k=all ties=input idcg=list zero=0 grades=integer",
		"tf-ranking": "gain=exp discount=log2 k=all ties=expected idcg=list zero=0",
		"jk":         "gain=linear discount=jk:2 k=all ties=expected idcg=judged zero=0",
	}
	require.Len(t, Presets, len(rows))
	for _, p := range Presets {
		require.Equal(t, rows[p.Name], p.Settings.String(), p.Name)
		require.NoError(t, p.Settings.Validate(), p.Name)
		// The preset picker shows a note whole beside the preset's name
		// and value at 80 columns.
		require.LessOrEqual(t, utf8.RuneCountInString(p.Note), 54, p.Name)
	}
	// Each preset is its own conventions: no two name the same ones, so
	// a list's conventions name one preset at most.
	for i, p := range Presets {
		for _, q := range Presets[i+1:] {
			require.False(t, p.Settings.Equal(q.Settings), "%s and %s", p.Name, q.Name)
		}
	}
}

func TestPresetApplyKeepsK(t *testing.T) {
	base := Settings{Gain: Linear, Discount: JK2, K: 7, Ties: Worst, IDCG: FromJudged, Zero: 1}
	for _, p := range Presets {
		s := p.Apply(base)
		require.Equal(t, 7, s.K, p.Name)
		want := p.Settings
		want.K = 7
		require.True(t, want.Equal(s), p.Name)
		require.True(t, p.Matches(s), p.Name)
		require.False(t, p.Matches(base), p.Name)
	}
	// The defaults are TF-Ranking's conventions, and only theirs.
	var matching []string
	for _, p := range Presets {
		if p.Matches(DefaultSettings()) {
			matching = append(matching, p.Name)
		}
	}
	require.Equal(t, []string{"tf-ranking"}, matching)
}

func TestDifferences(t *testing.T) {
	names := func(cs []Change) []Setting {
		var out []Setting
		for _, c := range cs {
			out = append(out, c.Setting)
		}
		return out
	}
	sk, lgb, trec, tfr, jk := preset(t, "sklearn"), preset(t, "lightgbm"), preset(t, "trec_eval"), preset(t, "tf-ranking"), preset(t, "jk")
	require.Equal(t, []Setting{SettingGain, SettingTies, SettingZero}, names(Differences(sk, lgb)))
	require.Equal(t, []Setting{SettingGain}, names(Differences(sk, tfr)))
	require.Equal(t, []Setting{SettingDiscount, SettingIDCG}, names(Differences(sk, jk)))
	require.Equal(t, []Setting{SettingTies, SettingIDCG, SettingGrades}, names(Differences(sk, trec)))
	require.Empty(t, Differences(sk, sk))

	k5 := sk
	k5.K = 5
	d := Differences(sk, k5)
	require.Equal(t, []Change{{Setting: SettingK, From: "all", To: "5", Settings: k5}}, d)

	// Each change applies b's one setting to a copy of a.
	for _, c := range Differences(sk, lgb) {
		require.Len(t, Differences(sk, c.Settings), 1)
		require.Equal(t, c.Setting, Differences(sk, c.Settings)[0].Setting)
	}
	g := Differences(sk, lgb)[0]
	require.Equal(t, "linear", g.From)
	require.Equal(t, "exp", g.To)
	z := Differences(sk, lgb)[2]
	require.Equal(t, "0", z.From)
	require.Equal(t, "1", z.To)
}

// TestCompare: which setting makes two presets disagree depends on the
// list. Expected values come from scikit-learn (testdata/sklearn, cases
// named in the comments) or from the arithmetic written out.
func TestCompare(t *testing.T) {
	sk, lgb := preset(t, "sklearn"), preset(t, "lightgbm")
	effects := func(c *Comparison) map[Setting]float64 {
		out := map[Setting]float64{}
		for _, e := range c.Effects {
			out[e.Setting] = e.After
			require.Equal(t, c.NDCGA, e.Before)
		}
		return out
	}

	t.Run("no ties: only the gain", func(t *testing.T) {
		// "seed002 ranked list, linear" and "seed000 ranked list, exp".
		l := scored([]float64{3, 2, 3, 0, 1}, nil)
		c, err := Compare(l, sk, lgb)
		require.NoError(t, err)
		requireAbs(t, 0.9723642841729145, c.NDCGA, "sklearn")
		requireAbs(t, 0.9574784666412696, c.NDCGB, "lightgbm")
		e := effects(c)
		requireAbs(t, 0.9574784666412696, e[SettingGain], "gain alone")
		requireAbs(t, 0.9723642841729145, e[SettingTies], "ties alone")
		requireAbs(t, 0.9723642841729145, e[SettingZero], "zero alone")
		require.Equal(t, []Setting{SettingGain}, c.Responsible)
	})

	t.Run("no relevant item: only the zero rule", func(t *testing.T) {
		l := scored([]float64{0, 0, 0}, []float64{0.3, 0.3, 0.1})
		c, err := Compare(l, sk, lgb)
		require.NoError(t, err)
		require.Equal(t, 0.0, c.NDCGA)
		require.Equal(t, 1.0, c.NDCGB)
		require.Equal(t, []Setting{SettingZero}, c.Responsible)
	})

	t.Run("ties: gain and ties", func(t *testing.T) {
		// "seed001 tie example": linear expected, exp expected; input order
		// is the ideal order here, so NDCG 1 for both gains.
		l := scored([]float64{3, 2, 1, 0, 0}, []float64{0.9, 0.8, 0.8, 0.8, 0.1})
		a, b := sk, lgb
		a.K, b.K = 5, 5
		c, err := Compare(l, a, b)
		require.NoError(t, err)
		requireAbs(t, 0.9579464292892976, c.NDCGA, "sklearn")
		requireAbs(t, 1, c.NDCGB, "lightgbm")
		e := effects(c)
		requireAbs(t, 0.9669270220770453, e[SettingGain], "gain alone")
		requireAbs(t, 1, e[SettingTies], "ties alone")
		require.Equal(t, []Setting{SettingGain, SettingTies}, c.Responsible)
	})

	t.Run("pool: discount and IDCG source", func(t *testing.T) {
		// grades 2, 0, 1 in list order; the pool holds a grade 2 not retrieved.
		l := scored([]float64{2, 0, 1}, nil)
		l.Pool = []Judged{{ID: "P", Grade: 2}}
		inv := func(i float64) float64 { return 1 / math.Log2(i) }
		// sklearn: DCG = 2 + 0 + 1/log2(4); IDCG of 2, 1, 0 = 2 + 1/log2(3).
		skWant := (2 + 0.5) / (2 + inv(3))
		// jk: discount 1 at ranks 1 and 2, 1/log2(i) from rank 2 on (1/log2(2) = 1);
		// DCG = 2 + 0 + 1/log2(3); IDCG of 2, 2, 1, 0 = 2 + 2 + 1/log2(3) + 0.
		jkWant := (2 + inv(3)) / (4 + inv(3))
		// jk discount alone: IDCG of the list's 2, 1, 0 = 2 + 1 + 0.
		discountAlone := (2 + inv(3)) / 3
		// judged IDCG alone: 2 + 2/log2(3) + 1/log2(4) + 0.
		idcgAlone := 2.5 / (2 + 2*inv(3) + 0.5)
		c, err := Compare(l, sk, preset(t, "jk"))
		require.NoError(t, err)
		requireAbs(t, skWant, c.NDCGA, "sklearn")
		requireAbs(t, jkWant, c.NDCGB, "jk")
		e := effects(c)
		requireAbs(t, discountAlone, e[SettingDiscount], "discount alone")
		requireAbs(t, idcgAlone, e[SettingIDCG], "IDCG alone")
		require.Equal(t, []Setting{SettingDiscount, SettingIDCG}, c.Responsible)
	})

	t.Run("trec_eval: docno ties and integer grades", func(t *testing.T) {
		l := &List{Items: []Item{
			{ID: "a", Grade: 2.7, Score: 1, HasScore: true},
			{ID: "b", Grade: 1.2, Score: 1, HasScore: true},
			{ID: "c", Grade: 0.5, Score: 0.5, HasScore: true},
		}}
		d3 := 1 / math.Log2(3)
		// trec_eval: grades 2, 1, 0; docno puts "b" before "a":
		// DCG = 1 + 2/log2(3) + 0; IDCG = 2 + 1/log2(3) + 0.
		trecWant := (1 + 2*d3) / (2 + d3)
		// sklearn: a and b tie, mean grade 1.95 at ranks 1 and 2:
		// DCG = 1.95·(1 + 1/log2(3)) + 0.5/2; IDCG = 2.7 + 1.2/log2(3) + 0.5/2.
		skWant := (1.95*(1+d3) + 0.25) / (2.7 + 1.2*d3 + 0.25)
		// ties alone (expected, integer grades): mean 1.5 at ranks 1 and 2.
		tiesAlone := 1.5 * (1 + d3) / (2 + d3)
		// grades alone (docno, grades as given): b, a, c.
		gradesAlone := (1.2 + 2.7*d3 + 0.25) / (2.7 + 1.2*d3 + 0.25)
		c, err := Compare(l, preset(t, "trec_eval"), sk)
		require.NoError(t, err)
		requireAbs(t, trecWant, c.NDCGA, "trec_eval")
		requireAbs(t, skWant, c.NDCGB, "sklearn")
		e := effects(c)
		requireAbs(t, tiesAlone, e[SettingTies], "ties alone")
		requireAbs(t, trecWant, e[SettingIDCG], "IDCG alone: no pool, no change")
		requireAbs(t, gradesAlone, e[SettingGrades], "grades alone")
		require.Equal(t, []Setting{SettingTies, SettingGrades}, c.Responsible)
	})

	t.Run("invalid list", func(t *testing.T) {
		_, err := Compare(scored([]float64{-1}, nil), sk, lgb)
		require.ErrorContains(t, err, "negative")
	})
}
