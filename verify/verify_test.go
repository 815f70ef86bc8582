package verify

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/sklearnref"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// loadReference reads testdata/reference.json, written by testdata/gen.py
// with scikit-learn: each case's DCG@k, IDCG@k and NDCG@k for k = 1, 2, ….
func loadReference(t *testing.T) map[string]struct{ dcg, idcg, ndcg []float64 } {
	t.Helper()
	f, err := sklearnref.Load("testdata/reference.json")
	require.NoError(t, err)
	out := map[string]struct{ dcg, idcg, ndcg []float64 }{}
	for _, c := range f.Cases {
		var v struct{ dcg, idcg, ndcg []float64 }
		for _, p := range c.PerK {
			v.dcg, v.idcg, v.ndcg = append(v.dcg, p.DCG), append(v.idcg, p.IDCG), append(v.ndcg, p.NDCG)
		}
		out[c.Name] = v
	}
	return out
}

func written(t *testing.T, s string) *Written {
	t.Helper()
	w, err := ParseWritten(s)
	require.NoError(t, err)
	return &w
}

func list(t *testing.T, grades, scores []float64) *ndcg.List {
	t.Helper()
	l, err := ndcg.FromGrades(grades, scores)
	require.NoError(t, err)
	return l
}

func settings(gain ndcg.Gain, k int) ndcg.Settings {
	s := ndcg.DefaultSettings()
	s.Gain, s.K = gain, k
	return s
}

func TestTolerance(t *testing.T) {
	for _, c := range []struct {
		text string
		dec  int
		tol  float64
	}{
		{"0.94", 2, 0.005},
		{"12.78", 2, 0.005},
		{"13", 0, 0.5},
		{"0.9400", 4, 0.00005},
		{"1.0e-3", 4, 0.00005},
		{"1e-3", 3, 0.0005},
		{"3e2", -2, 50},
		{"-2.5", 1, 0.05},
	} {
		w := written(t, c.text)
		assert.Equal(t, c.dec, w.Decimals(), c.text)
		assert.InDelta(t, c.tol, w.Tolerance(), c.tol*1e-12, c.text)
	}
	_, err := ParseWritten("0.9x")
	assert.ErrorContains(t, err, "not a number")
	_, err = ParseWritten("NaN")
	assert.Error(t, err)
	// Go reads these too, but they say nothing about the digits written.
	for _, text := range []string{"0x1p-1", "1_000", "Inf", "-infinity", "1e", "."} {
		_, err = ParseWritten(text)
		assert.ErrorContains(t, err, "not a number", text)
	}
	for _, text := range []string{".5", "5.", "+0.94", "94E-2"} {
		_, err = ParseWritten(text)
		assert.NoError(t, err, text)
	}
}

func TestHolds(t *testing.T) {
	w := written(t, "0.94")
	assert.True(t, w.Holds(0.9449))
	assert.True(t, w.Holds(0.935))
	assert.True(t, w.Holds(0.945), "the rounding boundary is inclusive")
	assert.False(t, w.Holds(0.9451))
	assert.False(t, w.Holds(0.9575))
	// 0.9575 cut after two decimals is 0.95: a truncation, not a rounding.
	assert.True(t, written(t, "0.95").TruncatedFrom(0.9575))
	assert.False(t, written(t, "0.96").TruncatedFrom(0.9575), "0.96 is the rounding, it holds")
	assert.False(t, written(t, "0.94").TruncatedFrom(0.9575))
}

// The example: seed 000's worked example with exponential gain.
func TestSeed000Claims(t *testing.T) {
	ref := loadReference(t)["seed000-exp"]
	// scikit-learn (exp gains passed as relevance): DCG@5 12.7796,
	// IDCG@5 13.3472, NDCG@5 0.9575.
	require.InDelta(t, 13.3472, ref.idcg[4], 5e-5)
	require.InDelta(t, 0.9575, ref.ndcg[4], 5e-5)

	rep, err := Check(list(t, []float64{3, 2, 3, 0, 1}, nil), settings(ndcg.Exp, 5),
		Claims{DCG: written(t, "12.78"), IDCG: written(t, "13.65"), NDCG: written(t, "0.94"),
			Contributions: []Written{*written(t, "7"), *written(t, "1.89"), *written(t, "3.5"), *written(t, "0"), *written(t, "0.39")}})
	require.NoError(t, err)
	require.Len(t, rep.Verdicts, 8)
	dcg, idcg, nd := rep.Verdicts[0], rep.Verdicts[1], rep.Verdicts[2]
	assert.True(t, dcg.Holds)
	assert.InDelta(t, ref.dcg[4], dcg.True, 1e-12)
	assert.False(t, idcg.Holds)
	assert.InDelta(t, ref.idcg[4], idcg.True, 1e-12)
	assert.False(t, nd.Holds)
	assert.InDelta(t, ref.ndcg[4], nd.True, 1e-12)
	for _, v := range rep.Verdicts[3:] {
		assert.True(t, v.Holds, "contribution at rank %d", v.Claim.Rank)
	}
	assert.Equal(t, 2, rep.Failed())
	assert.False(t, rep.Holds())

	// No convention gives 13.65: the working is shown with the ideal order.
	assert.Empty(t, idcg.Matches)
	require.NotNil(t, idcg.Departure)
	assert.Equal(t, []Quantity{IDCG}, idcg.Departure.Sums)
	assert.Empty(t, idcg.Departure.Slips)

	// 0.94 is 12.78 / 13.65 = 0.9363 rounded: the NDCG inherits the IDCG slip.
	require.NotNil(t, nd.Quotient)
	assert.True(t, nd.Quotient.Holds)
	assert.InDelta(t, 12.78/13.65, nd.Quotient.Value, 1e-15)
}

// Seed 000's scikit-learn snippet prints 0.94; scikit-learn prints 0.9724.
func TestSeed000SklearnSnippet(t *testing.T) {
	ref := loadReference(t)["seed000-sklearn"]
	require.InDelta(t, 0.9724, ref.ndcg[4], 5e-5)
	rep, err := Check(list(t, []float64{3, 2, 3, 0, 1}, []float64{0.9, 0.8, 0.3, 0.2, 0.1}), settings(ndcg.Linear, 5),
		Claims{NDCG: written(t, "0.94")})
	require.NoError(t, err)
	v := rep.Verdicts[0]
	assert.False(t, v.Holds)
	assert.InDelta(t, ref.ndcg[4], v.True, 1e-12)
	// The exponential gain gives 0.9575, not 0.94: it is not offered.
	for _, m := range v.Matches {
		for _, c := range m.Changes {
			assert.NotEqual(t, ndcg.SettingGain, c.Setting)
		}
	}
}

// Seed 004's movie example: every claim holds.
func TestSeed004Claims(t *testing.T) {
	ref := loadReference(t)["seed004-movies"]
	// scikit-learn: DCG@3 7.7619, IDCG@3 10.1546, NDCG@3 0.7644.
	rep, err := Check(list(t, []float64{4, 2, 5, 3, 5}, nil), settings(ndcg.Linear, 3),
		Claims{DCG: written(t, "7.76"), IDCG: written(t, "10.15"), NDCG: written(t, "0.76")})
	require.NoError(t, err)
	assert.True(t, rep.Holds())
	for i, want := range []float64{ref.dcg[2], ref.idcg[2], ref.ndcg[2]} {
		assert.InDelta(t, want, rep.Verdicts[i].True, 1e-12)
	}
}

func hasMatch(v Verdict, setting ndcg.Setting, to string) bool {
	for _, m := range v.Matches {
		if len(m.Changes) == 1 && m.Changes[0].Setting == setting && m.Changes[0].To == to {
			return true
		}
	}
	return false
}

// Each convention, when it is what the claim was computed with, is found.
func TestMatches(t *testing.T) {
	ref := loadReference(t)
	exp5 := settings(ndcg.Exp, 5)
	seed := list(t, []float64{3, 2, 3, 0, 1}, nil)
	for _, c := range []struct {
		name     string
		s        ndcg.Settings
		claims   Claims
		setting  ndcg.Setting
		to       string
		quantity Quantity
	}{
		// scikit-learn's linear-gain NDCG@5 0.9724 claimed under exp gain.
		{"linear gain", exp5, Claims{NDCG: written(t, "0.9724")}, ndcg.SettingGain, "linear", NDCG},
		// dcg_score(log_base=e) 18.4371 and log_base=10 42.4531 claimed under log2.
		{"natural log", exp5, Claims{DCG: written(t, "18.44")}, ndcg.SettingDiscount, "ln", DCG},
		{"log10", exp5, Claims{DCG: written(t, "42.45")}, ndcg.SettingDiscount, "log10", DCG},
		// NDCG@4 0.9285 claimed as NDCG@5.
		{"k-1", exp5, Claims{NDCG: written(t, "0.928")}, ndcg.SettingK, "4", NDCG},
		// NDCG@3 0.9595 claimed as NDCG@2.
		{"k+1", settings(ndcg.Exp, 2), Claims{NDCG: written(t, "0.959")}, ndcg.SettingK, "3", NDCG},
		// DCG@5 12.7796 (every rank added) claimed as DCG@3 (12.3928).
		{"k all", settings(ndcg.Exp, 3), Claims{DCG: written(t, "12.78")}, ndcg.SettingK, "all", DCG},
		// Järvelin–Kekäläinen: 7 + 3/1 + 7/log2(3) + 0 + 1/log2(5)
		// = 10 + 4.4165 + 0.4307 = 14.847.
		{"jk", exp5, Claims{DCG: written(t, "14.85")}, ndcg.SettingDiscount, "jk:2", DCG},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep, err := Check(seed, c.s, c.claims)
			require.NoError(t, err)
			v := rep.Verdicts[0]
			assert.False(t, v.Holds)
			assert.True(t, hasMatch(v, c.setting, c.to), "matches: %+v", v.Matches)
			assert.Nil(t, v.Departure, "a single change explains it")
			for _, m := range v.Matches {
				if m.Changes[0].Setting == ndcg.SettingK {
					// exp gain, log2, expected ties are tf-ranking's, but
					// no preset sets k: a k off by one is no tool's.
					assert.Empty(t, m.Presets, "%+v", m)
				}
			}
		})
	}
	assert.InDelta(t, 18.4371, ref["seed000-exp-ln"].dcg[4], 5e-5)
	assert.InDelta(t, 42.4531, ref["seed000-exp-log10"].dcg[4], 5e-5)
	assert.InDelta(t, 0.9285, ref["seed000-exp"].ndcg[3], 5e-5)
	assert.InDelta(t, 0.9595, ref["seed000-exp"].ndcg[2], 5e-5)
	assert.InDelta(t, 12.7796, ref["seed000-exp"].dcg[4], 5e-5)
}

// Seed 001's tie example: the expected value (scikit-learn 0.9669 with
// exp gain) against claims made with one order of the tie.
func TestTieMatches(t *testing.T) {
	ref := loadReference(t)["seed001-ties-exp"]
	l := list(t, []float64{3, 2, 1, 0, 0}, []float64{0.9, 0.8, 0.8, 0.8, 0.1})
	rep, err := Check(l, settings(ndcg.Exp, 5), Claims{NDCG: written(t, "1.00"), DCG: written(t, "9.08")})
	require.NoError(t, err)
	// Input order is already ideal (3, 2, 1, 0, 0): NDCG 1 under input and best.
	nd := rep.Verdicts[1]
	assert.InDelta(t, ref.ndcg[4], nd.True, 1e-12)
	assert.True(t, hasMatch(nd, ndcg.SettingTies, "input"))
	assert.True(t, hasMatch(nd, ndcg.SettingTies, "best"))
	assert.False(t, hasMatch(nd, ndcg.SettingTies, "worst"))
	// Rank 2 under input order is B, grade 2: 3/log2(3) = 1.8928; under
	// expected ties it is the mean (3 + 1 + 0)/3 = 1.3333 over log2(3): 0.8412.
	rep2, err := Check(l, settings(ndcg.Exp, 5), Claims{Contributions: []Written{*written(t, "7"), *written(t, "1.89")}})
	require.NoError(t, err)
	c2 := rep2.Verdicts[1]
	assert.InDelta(t, (4.0/3)/math.Log2(3), c2.True, 1e-15)
	assert.True(t, hasMatch(c2, ndcg.SettingTies, "input"), "%+v", c2.Matches)
	assert.True(t, hasMatch(c2, ndcg.SettingTies, "best"))
	// The expected DCG@5 9.0821 holds.
	assert.True(t, rep.Verdicts[0].Holds)
	assert.InDelta(t, ref.dcg[4], rep.Verdicts[0].True, 1e-12)
}

// A pool counts in the ideal ranking only when IDCG comes from the judged items.
func TestPoolAndZeroMatches(t *testing.T) {
	l := list(t, []float64{1, 0}, nil)
	l.Pool = []ndcg.Judged{{ID: "P", Grade: 1}}
	// Linear gain, list IDCG: DCG = 1, IDCG = 1, NDCG = 1. With the pool:
	// IDCG = 1 + 1/log2(3) = 1.6309, NDCG = 0.6131.
	rep, err := Check(l, settings(ndcg.Linear, 0), Claims{NDCG: written(t, "0.613")})
	require.NoError(t, err)
	assert.InDelta(t, 1.0, rep.Verdicts[0].True, 1e-15)
	assert.True(t, hasMatch(rep.Verdicts[0], ndcg.SettingIDCG, "judged"))

	zero := list(t, []float64{0, 0, 0}, nil)
	rep, err = Check(zero, settings(ndcg.Exp, 0), Claims{NDCG: written(t, "1")})
	require.NoError(t, err)
	assert.Equal(t, 0.0, rep.Verdicts[0].True)
	assert.True(t, hasMatch(rep.Verdicts[0], ndcg.SettingZero, "1"))
}

// Normalising by the IDCG of the whole list instead of its top k.
func TestIDCGCutoffMatch(t *testing.T) {
	// Grades 3,0,3 at k=1: DCG@1 = 7 = IDCG@1, but the whole ideal
	// ranking gives IDCG = 7 + 7/log2(3) = 11.4165 and 7/11.4165 = 0.6131.
	rep, err := Check(list(t, []float64{3, 0, 3}, nil), settings(ndcg.Exp, 1), Claims{NDCG: written(t, "0.613")})
	require.NoError(t, err)
	assert.True(t, hasMatch(rep.Verdicts[0], IDCGCutoff, "the whole ideal ranking"), "%+v", rep.Verdicts[0].Matches)
}

// When no convention explains a wrong sum, the claimed terms show where
// the arithmetic departs, and a single slipped term is named.
func TestDeparture(t *testing.T) {
	seed := list(t, []float64{3, 2, 3, 0, 1}, nil)
	// Rank 2 written with the linear gain, 2/1.585 = 1.26, under exp
	// gain; the sum 7 + 1.26 + 3.5 + 0 + 0.39 = 12.15.
	rep, err := Check(seed, settings(ndcg.Exp, 5), Claims{DCG: written(t, "12.15"),
		Contributions: []Written{*written(t, "7"), *written(t, "1.26"), *written(t, "3.5"), *written(t, "0"), *written(t, "0.39")}})
	require.NoError(t, err)
	v := rep.Verdicts[0]
	assert.False(t, v.Holds)
	require.NotNil(t, v.Departure)
	d := v.Departure
	assert.Equal(t, 2, d.Rank)
	assert.InDelta(t, 3/math.Log2(3), d.True, 1e-15)
	assert.True(t, d.Summed)
	assert.InDelta(t, 12.15, d.ClaimedSum, 1e-12)
	found := false
	for _, sl := range d.Slips {
		if sl.Rank == 2 && !sl.Ideal && sl.Instead == 2/math.Log2(3) {
			found = true
		}
	}
	assert.True(t, found, "slips: %+v", d.Slips)
	// The rank 2 contribution itself is wrong, and the linear gain gives it.
	c2 := rep.Verdicts[2]
	assert.False(t, c2.Holds)
	assert.True(t, hasMatch(c2, ndcg.SettingGain, "linear"))

	// IDCG with rank 2's term over log2(4) instead of log2(3):
	// 13.3472 − 7/log2(3) + 7/2 = 12.4307.
	rep, err = Check(seed, settings(ndcg.Exp, 5), Claims{IDCG: written(t, "12.43")})
	require.NoError(t, err)
	v = rep.Verdicts[0]
	require.NotNil(t, v.Departure)
	found = false
	for _, sl := range v.Departure.Slips {
		if sl.Rank == 2 && sl.Ideal && sl.Instead == 3.5 {
			found = true
		}
	}
	assert.True(t, found, "slips: %+v", v.Departure.Slips)
}

func TestCheckErrors(t *testing.T) {
	_, err := Check(list(t, []float64{1, 2}, nil), settings(ndcg.Exp, 0),
		Claims{Contributions: []Written{{Value: 1}, {Value: 2}, {Value: 3}}})
	assert.ErrorContains(t, err, "3 contributions claimed but the list has 2 items")
	assert.True(t, Claims{}.Empty())
}

// Seed 002 adds the IDCG terms rounded to three decimals: 3.000 + 1.893 +
// 1.000 + 0.431 + 0.000 = 6.324, where the true sum is 3 + 3/log2(3) + 1 +
// 1/log2(5) = 6.32347, which rounds to 6.323.
func TestRoundedTerms(t *testing.T) {
	ref := loadReference(t)["seed000-sklearn"]
	require.InDelta(t, 6.32347, ref.idcg[4], 5e-6)
	rep, err := Check(list(t, []float64{3, 2, 3, 0, 1}, nil), settings(ndcg.Linear, 5),
		Claims{DCG: written(t, "6.149"), IDCG: written(t, "6.324"), NDCG: written(t, "0.972")})
	require.NoError(t, err)
	assert.True(t, rep.Verdicts[0].Holds)
	v := rep.Verdicts[1]
	assert.False(t, v.Holds)
	require.NotNil(t, v.Rounded)
	assert.Equal(t, 3, v.Rounded.Decimals)
	assert.InDelta(t, 6.324, v.Rounded.Value, 1e-12)
	assert.True(t, rep.Verdicts[2].Holds)
}

// Building the ideal ranking from the top k retrieved items hides a
// relevant item ranked below k. Grades 1,0,3, exp gain, k=2: DCG@2 = 1;
// the top two alone give IDCG = 1 and NDCG 1.0, the true IDCG@2 is
// 7 + 1/log2(3) = 7.6309 and NDCG@2 = 0.1310.
func TestIDCGFromTopK(t *testing.T) {
	rep, err := Check(list(t, []float64{1, 0, 3}, nil), settings(ndcg.Exp, 2), Claims{NDCG: written(t, "1.0"), IDCG: written(t, "1")})
	require.NoError(t, err)
	assert.InDelta(t, 7+1/math.Log2(3), rep.Verdicts[0].True, 1e-12)
	assert.True(t, hasMatch(rep.Verdicts[0], IDCGItems, "the top 2 retrieved"), "%+v", rep.Verdicts[0].Matches)
	assert.InDelta(t, 1/(7+1/math.Log2(3)), rep.Verdicts[1].True, 1e-12)
	assert.True(t, hasMatch(rep.Verdicts[1], IDCGItems, "the top 2 retrieved"), "%+v", rep.Verdicts[1].Matches)
}

// Seed 004's summary table, every cutoff: all its two-decimal values hold
// (scikit-learn per k in testdata/reference.json).
func TestSeed004Table(t *testing.T) {
	ref := loadReference(t)["seed004-movies"]
	table := [][3]string{
		{"4.00", "5.00", "0.80"},
		{"5.26", "8.15", "0.65"},
		{"7.76", "10.15", "0.76"},
		{"9.05", "11.45", "0.79"},
		{"10.99", "12.22", "0.90"},
	}
	l := list(t, []float64{4, 2, 5, 3, 5}, nil)
	for i, row := range table {
		rep, err := Check(l, settings(ndcg.Linear, i+1),
			Claims{DCG: written(t, row[0]), IDCG: written(t, row[1]), NDCG: written(t, row[2])})
		require.NoError(t, err)
		assert.True(t, rep.Holds(), "k=%d", i+1)
		assert.InDelta(t, ref.dcg[i], rep.Verdicts[0].True, 1e-12)
		assert.InDelta(t, ref.idcg[i], rep.Verdicts[1].True, 1e-12)
		assert.InDelta(t, ref.ndcg[i], rep.Verdicts[2].True, 1e-12)
	}
}

// With grades 0 and 1 only, 2^g−1 = g, so the gain does not tell the
// presets apart: scikit-learn's value of a binary list checked under
// XGBoost's input ties is reproduced by expected ties, and named as
// scikit-learn's (linear gain) as well as tf-ranking's (exponential).
func TestBinaryGradesNameBothGains(t *testing.T) {
	l := list(t, []float64{0, 1, 0}, []float64{0.9, 0.9, 0.1})
	s := settings(ndcg.Exp, 2)
	s.Ties = ndcg.Input
	// Expected ties: ranks 1 and 2 get the mean gain (0 + 1)/2 = 0.5,
	// DCG@2 = 0.5/1 + 0.5/log2(3) = 0.8155; IDCG@2 = 1.
	rep, err := Check(l, s, Claims{NDCG: written(t, "0.8155")})
	require.NoError(t, err)
	v := rep.Verdicts[0]
	assert.InDelta(t, 1/math.Log2(3), v.True, 1e-15, "input order: B at rank 2")
	var found bool
	for _, m := range v.Matches {
		if len(m.Changes) == 1 && m.Changes[0].Setting == ndcg.SettingTies && m.Changes[0].To == "expected" {
			found = true
			assert.InDelta(t, 0.5+0.5/math.Log2(3), m.Value, 1e-15)
			assert.Equal(t, []string{"sklearn", "tf-ranking"}, m.Presets)
		}
	}
	assert.True(t, found, "%+v", v.Matches)
}

// NDCG written as a percentage, as papers print it, is refused with the
// fraction to type, its digits kept: 81% is 0.81, 81.5% is 0.815.
func TestPercentClaim(t *testing.T) {
	for in, want := range map[string]string{"81%": "0.81", "81.5%": "0.815", "100%": "1.00", "5%": "0.05", "0.5%": "0.005"} {
		_, err := ParseWritten(in)
		assert.EqualError(t, err, `"`+in+`" is a percentage; write it as a fraction, as the tools print NDCG: `+want, in)
	}
}
