package explain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// tiedList: grades 3,1,0,3,2,0 scored .92,.85,.71,.71,.4,.12, C and D
// tied at ranks 3–4. scikit-learn (Debian python3-sklearn), y_true = the
// gains, the tie broken by nudging a score where a policy needs it:
//
//	exp gain, expected ties:            ndcg_score(k=3) = 0.7262744353075801
//	linear gain, expected ties:         0.7434390676038474
//	exp gain, C first (input order):    0.5907889029375734
//	linear gain, D first (docno order): 0.8707132609981449
//
// jk by hand: (3 + 1 + 1.5/log2(3)) / (3 + 3 + 2/log2(3)) = 4.9464/7.2619 = 0.6811.
func tiedList(t *testing.T) *ndcg.List {
	t.Helper()
	l, err := ndcg.FromGrades([]float64{3, 1, 0, 3, 2, 0}, []float64{.92, .85, .71, .71, .4, .12})
	require.NoError(t, err)
	return l
}

func TestSideBySide(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 3
	rows := SideBySide(tiedList(t), s)
	want := map[string]float64{"sklearn": 0.7434390676038474, "trec_eval": 0.8707132609981449,
		"lightgbm": 0.5907889029375734, "tf-ranking": 0.7262744353075801, "jk": 0.6811,
		// Whole grades and relevant items: XGBoost's cut to integers and
		// its ndcg@k-'s 0 change nothing, so both give lightgbm's value.
		"xgboost": 0.5907889029375734, "xgboost-": 0.5907889029375734}
	require.Len(t, rows, len(ndcg.Presets))
	for _, r := range rows {
		require.NoError(t, r.Err)
		tol := 1e-12
		if r.Preset.Name == "jk" {
			tol = 5e-5
		}
		assert.InDelta(t, want[r.Preset.Name], r.NDCG, tol, r.Preset.Name)
		assert.Equal(t, 3, r.Settings.K, "a preset keeps the cutoff")
	}
	require.Equal(t, "tf-ranking", rows[5].Preset.Name)
	for i, r := range rows {
		assert.Equal(t, i == 5, r.InForce, "exp gain, expected ties, list IDCG, 0: tf-ranking alone")
	}
	assert.Empty(t, rows[5].Differs)
	assert.Equal(t, []ndcg.Setting{ndcg.SettingTies, ndcg.SettingZero, ndcg.SettingGrades}, rows[3].Differs, "xgboost")
	assert.Equal(t, []ndcg.Setting{ndcg.SettingGain, ndcg.SettingTies, ndcg.SettingIDCG, ndcg.SettingGrades}, rows[1].Differs)
}

func TestReasons(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 3
	trec, _ := ndcg.FindPreset("trec_eval")
	rs, err := Reasons(tiedList(t), s, trec.Apply(s))
	require.NoError(t, err)
	require.Len(t, rs, 4)
	byName := map[ndcg.Setting]Reason{}
	for _, r := range rs {
		byName[r.Setting] = r
		assert.InDelta(t, 0.7262744353075801, r.Before, 1e-12)
	}
	gain := byName[ndcg.SettingGain]
	assert.True(t, gain.Moves)
	assert.InDelta(t, 0.7434390676038474, gain.After, 1e-12)
	assert.Contains(t, gain.Text, "a grade 3 is worth 3, not 7")
	ties := byName[ndcg.SettingTies]
	// Docno order with exp gain: D before C, scikit-learn 0.861759967677587.
	assert.InDelta(t, 0.861759967677587, ties.After, 1e-12)
	assert.Contains(t, ties.Text, "by id, descending")
	for _, n := range []ndcg.Setting{ndcg.SettingIDCG, ndcg.SettingGrades} {
		assert.False(t, byName[n].Moves, n)
		assert.Contains(t, byName[n].Text, "no effect on this list")
	}
	assert.Contains(t, byName[ndcg.SettingIDCG].Text, "no pool")
}

// The missing-relevant lesson: the judged IDCG adds the pool. Grades
// 2,1,1,0 in order, pool 3,3,2, exp gain, k=5. scikit-learn:
// dcg_score([[3,1,1,0]], [[4,3,2,1]], k=5) = 4.130929753571458 (the list's
// IDCG, the list being ideal already) and dcg_score of the judged ideal
// gains 7,7,3,3,1 = 14.595390756454924, so NDCG 1 → 0.2830297470278089.
func TestReasonsPool(t *testing.T) {
	l, err := ndcg.FromGrades([]float64{2, 1, 1, 0}, nil)
	require.NoError(t, err)
	l.Pool = []ndcg.Judged{{ID: "P1", Grade: 3}, {ID: "P2", Grade: 3}, {ID: "P3", Grade: 2}}
	s := ndcg.DefaultSettings()
	s.K = 5
	to := s
	to.IDCG = ndcg.FromJudged
	rs, err := Reasons(l, s, to)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Contains(t, rs[0].Text, "IDCG from list → judged: the ideal ranking adds the pool's 3 relevant item(s); IDCG@5 4.131 → 14.595")
	assert.InDelta(t, 1, rs[0].Before, 1e-12)
	assert.InDelta(t, 0.2830297470278089, rs[0].After, 1e-12)
}

// log2 → log:10 scales every discount by 1/log10(2) = 3.3219 and NDCG
// not at all.
func TestReasonsLogBase(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 3
	to := s
	to.Discount = ndcg.Discount{Kind: ndcg.DiscountLog, Base: 10}
	rs, err := Reasons(tiedList(t), s, to)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.False(t, rs[0].Moves)
	assert.Contains(t, rs[0].Text, "rank 1 weighs 3.322, not 1.000; DCG and IDCG both scale by 3.322, which cancels out")
	assert.True(t, strings.HasSuffix(rs[0].Text, "no effect on this list"))
}

// Binary grades gain the same under exp and linear gain (2^1 − 1 = 1).
func TestReasonsSameGain(t *testing.T) {
	l, err := ndcg.FromGrades([]float64{1, 0, 1}, nil)
	require.NoError(t, err)
	from := ndcg.DefaultSettings()
	to := from
	to.Gain = ndcg.Linear
	rs, err := Reasons(l, from, to)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Contains(t, rs[0].Text, "the grades here (up to 1) gain the same under both")
	assert.False(t, rs[0].Moves)
}

// TestStatedShort: the short words the explorer's conventions line and
// its preset picker use, beside the long ones the reports print.
func TestStatedShort(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 5
	c := State(s)
	assert.Equal(t, "gain exp (2^g−1), discount log2 (1/log2(i+1)), k=5, ties expected, IDCG from list, NDCG=0 when IDCG=0", c.Line())
	assert.Equal(t, []string{"gain exp", "log2", "k=5", "ties expected", "IDCG list", "zero→0"}, c.Short())
	s.TruncateGrades, s.Zero = true, 1
	c = State(s)
	assert.Equal(t, []string{"gain exp", "log2", "k=5", "ties expected", "IDCG list", "zero→1", "integer grades"}, c.Short())
}

// The preset in force is the one whose every setting but k the
// settings follow: each preset's own at any k, none once one setting
// departs, whatever the rules the list was read under are called.
// SideBySide marks that preset and no other, as the conventions line
// names it.
func TestPresetInForce(t *testing.T) {
	for i, p := range ndcg.Presets {
		for j, q := range ndcg.Presets {
			if i != j {
				assert.False(t, p.Settings.Equal(q.Settings), "%s and %s share their conventions: one would hide the other", p.Name, q.Name)
			}
		}
		s := p.Settings
		s.K = 7
		got, ok := PresetInForce(s)
		assert.True(t, ok, p.Name)
		assert.Equal(t, p.Name, got.Name, "whatever k")
		assert.Equal(t, p.Name, State(s).Preset)
	}
	lgb, err := ndcg.FindPreset("lightgbm")
	require.NoError(t, err)
	s := lgb.Settings
	s.K = 5
	// LightGBM's rules with label_gain 0,1,3,7 (what ltr --label-gain
	// reads): the gain of 2^g−1 on grades 0…3, but a gain of its own.
	s.Gain = ndcg.Gain{Kind: ndcg.GainMap, Map: map[float64]float64{0: 0, 1: 1, 2: 3, 3: 7}}
	_, ok := PresetInForce(s)
	assert.False(t, ok, "a custom gain follows no preset")
	assert.Equal(t, "", State(s).Preset)
	for _, r := range SideBySide(tiedList(t), s) {
		assert.False(t, r.InForce, r.Preset.Name)
	}
	s.Gain, s.Zero = ndcg.Exp, 0
	assert.Equal(t, "", State(s).Preset, "no preset keeps input ties with NDCG 0 without relevant items")
	s.Ties = ndcg.Expected
	assert.Equal(t, "tf-ranking", State(s).Preset)
}
