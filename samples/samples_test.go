package samples_test

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/samples"
)

// reference is samples/testdata/reference.json, written by gen.py with
// scikit-learn.
type reference struct {
	Samples map[string]struct {
		DCG, IDCG, NDCG float64
		ByK             []struct {
			K    int
			DCG  map[string]float64
			IDCG float64
			NDCG map[string]float64
		} `json:"by_k"`
	}
}

func loadReference(t *testing.T) reference {
	b, err := os.ReadFile("testdata/reference.json")
	require.NoError(t, err)
	var ref reference
	require.NoError(t, json.Unmarshal(b, &ref))
	return ref
}

// Every sample, computed with its own settings, agrees with scikit-learn
// at every cutoff and under every tie policy.
func TestSamplesAgainstScikitLearn(t *testing.T) {
	ref := loadReference(t)
	names := samples.Names()
	require.Len(t, ref.Samples, len(names), "reference.json is stale: run /usr/bin/python3 samples/testdata/gen.py")
	const tol = 1e-12
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			want, ok := ref.Samples[name]
			require.True(t, ok, "no reference for %s: run gen.py", name)
			doc, err := listio.Load("sample:"+name, nil, "")
			require.NoError(t, err)
			s, err := doc.Settings.Apply(ndcg.DefaultSettings())
			require.NoError(t, err)
			r, err := doc.Compute(s)
			require.NoError(t, err)
			assert.InDelta(t, want.DCG, r.DCG(), tol, "DCG")
			assert.InDelta(t, want.IDCG, r.IDCG(), tol, "IDCG")
			assert.InDelta(t, want.NDCG, r.NDCG(), tol, "NDCG")
			for _, row := range want.ByK {
				assert.InDelta(t, row.IDCG, r.IDCGAt(row.K), tol, "IDCG@%d", row.K)
				for _, p := range ndcg.TiePolicies {
					assert.InDelta(t, row.DCG[p.String()], r.DCGAt(p, row.K), tol, "DCG@%d %s", row.K, p)
					assert.InDelta(t, row.NDCG[p.String()], r.NDCGAt(p, row.K), tol, "NDCG@%d %s", row.K, p)
				}
			}
		})
	}
}

// Every sample teaches: it has a title (the samples command's
// description), notes and its own settings, and it survives a save.
func TestSamplesAreComplete(t *testing.T) {
	list := samples.List()
	require.GreaterOrEqual(t, len(list), 10)
	assert.Equal(t, samples.Default, list[0].Name, "the default sample opens the lesson path")
	for _, smp := range list {
		doc, err := listio.Load("sample:"+smp.Name, nil, "")
		require.NoError(t, err, smp.Name)
		assert.Equal(t, doc.Title, smp.Title)
		assert.NotEmpty(t, smp.Title, smp.Name)
		assert.LessOrEqual(t, len([]rune(smp.Title)), 80, "%s: a one-line description", smp.Name)
		assert.NotEmpty(t, doc.Notes, smp.Name)
		assert.True(t, doc.Settings.Gain != nil || doc.Settings.Preset != nil, "%s sets its gain", smp.Name)
		assert.NotEmpty(t, doc.List.Items, smp.Name)

		s, err := doc.Settings.Apply(ndcg.DefaultSettings())
		require.NoError(t, err, smp.Name)
		saved, err := listio.WriteJSON(doc, s)
		require.NoError(t, err, smp.Name)
		back, err := listio.ReadJSON(smp.Name, saved)
		require.NoError(t, err, smp.Name)
		assert.Equal(t, doc.List, back.List, smp.Name)
		assert.Equal(t, doc.Claims, back.Claims, smp.Name)
		assert.Equal(t, doc.Notes, back.Notes, smp.Name)
		s2, err := back.Settings.Apply(ndcg.DefaultSettings())
		require.NoError(t, err, smp.Name)
		assert.True(t, s.Equal(s2), smp.Name)
	}
	assert.True(t, samples.Exists(samples.Default))
	assert.False(t, samples.Exists("../samples"))
}

// The seeds' claims are kept exactly as the tutorials wrote them, digits
// included, whether they hold or not.
func TestSeedClaimsAsWritten(t *testing.T) {
	text := func(n *listio.Number) string {
		if n == nil {
			return ""
		}
		return n.Text
	}
	for _, c := range []struct {
		name, gain      string
		k               int
		dcg, idcg, ndcg string
		contributions   []string
	}{
		// DCG@5 = 7 + 1.89 + 3.5 + 0 + 0.39 ≈ 12.78, IDCG@5 ≈ 13.65, NDCG@5 ≈ 0.94.
		{"idcg-slip", "exp", 5, "12.78", "13.65", "0.94", []string{"7", "1.89", "3.5", "0", "0.39"}},
		// "Output: NDCG@5: 0.94" under the scikit-learn call.
		{"sklearn-gain", "linear", 5, "", "", "0.94", nil},
		// 3.000 + 1.262 + 1.500 + 0.000 + 0.387 = 6.149; IDCG@5 = 6.324; 0.972.
		{"rounded-terms", "linear", 5, "6.149", "6.324", "0.972", []string{"3.000", "1.262", "1.500", "0.000", "0.387"}},
		// DCG@3 ≈ 7.76, IDCG@3 ≈ 10.15, NDCG@3 ≈ 0.76.
		{"all-claims-hold", "linear", 3, "7.76", "10.15", "0.76", nil},
	} {
		doc, err := listio.Load("sample:"+c.name, nil, "")
		require.NoError(t, err, c.name)
		require.NotNil(t, doc.Claims, c.name)
		assert.Equal(t, c.k, *doc.Claims.K, c.name)
		assert.Equal(t, c.gain, *doc.Claims.Gain, c.name)
		assert.Equal(t, c.dcg, text(doc.Claims.DCG), c.name)
		assert.Equal(t, c.idcg, text(doc.Claims.IDCG), c.name)
		assert.Equal(t, c.ndcg, text(doc.Claims.NDCG), c.name)
		var got []string
		for _, n := range doc.Claims.Contributions {
			got = append(got, n.Text)
		}
		assert.Equal(t, c.contributions, got, c.name)
	}
}

// The lessons the samples are chosen for, checked against the reference
// values: a wrong claim is wrong by more than its digits allow, a tie
// lesson has a spread, and so on.
func TestSampleLessons(t *testing.T) {
	ref := loadReference(t)
	at := func(name string, k int) (dcg map[string]float64, idcg float64, ndcg map[string]float64) {
		row := ref.Samples[name].ByK[k-1]
		return row.DCG, row.IDCG, row.NDCG
	}
	off := func(claim, truth, halfUnit float64) bool { return math.Abs(claim-truth) > halfUnit }

	// seed 000: DCG holds, IDCG and NDCG do not (13.347…, 0.957…).
	d, i, n := at("idcg-slip", 5)
	assert.False(t, off(12.78, d["expected"], 0.005))
	assert.True(t, off(13.65, i, 0.005))
	assert.True(t, off(0.94, n["expected"], 0.005))
	// seed 000's scikit-learn output: not 0.94 under linear gain…
	_, _, n = at("sklearn-gain", 5)
	assert.True(t, off(0.94, n["expected"], 0.005))
	// …nor under exponential gain (idcg-slip is the same ranking).
	_, _, n = at("idcg-slip", 5)
	assert.True(t, off(0.94, n["expected"], 0.005))
	// seed 002: IDCG 6.324 is off in the third decimal (6.3235 rounds to 6.323).
	d, i, n = at("rounded-terms", 5)
	assert.False(t, off(6.149, d["expected"], 0.0005))
	assert.True(t, off(6.324, i, 0.0005))
	assert.False(t, off(0.972, n["expected"], 0.0005))
	// seed 004: every claim holds.
	d, i, n = at("all-claims-hold", 3)
	assert.False(t, off(7.76, d["expected"], 0.005))
	assert.False(t, off(10.15, i, 0.005))
	assert.False(t, off(0.76, n["expected"], 0.005))
	// ties-at-k: the claim is the input (and worst) order, not the expected value.
	d, _, n = at("ties-at-k", 3)
	assert.False(t, off(0.59, n["input"], 0.005))
	assert.False(t, off(7.63, d["input"], 0.005))
	assert.True(t, off(0.59, n["expected"], 0.005))
	assert.Greater(t, n["best"]-n["worst"], 0.25)
	// constant-model: 1.0 in input order, under half expected.
	_, _, n = at("constant-model", 5)
	assert.Equal(t, 1.0, n["input"])
	assert.Less(t, n["expected"], 0.5)
	// missing-relevant: 1.0 against its own grades (the ideal of the list
	// is its own order), far less against every judged document.
	d, i, n = at("missing-relevant", 5)
	assert.Less(t, n["expected"], 0.3)
	// Grades 2, 1, 1, 0 in order, exp gain: 3/log2(2) + 1/log2(3) + 1/log2(4) + 0.
	// The list's own ideal order is the same, so its IDCG is the same sum.
	assert.InDelta(t, 3/math.Log2(2)+1/math.Log2(3)+1/math.Log2(4), d["expected"], 1e-12)
	// Every judged grade, 3, 3, 2, 2, 1 at the top five: 7 + 7/log2(3) + 3/2 + 3/log2(5) + 1/log2(6).
	assert.InDelta(t, 7+7/math.Log2(3)+3/2.0+3/math.Log2(5)+1/math.Log2(6), i, 1e-12)
	// zero-idcg: no gain anywhere.
	_, i, n = at("zero-idcg", 4)
	assert.Equal(t, 0.0, i)
	assert.Equal(t, 0.0, n["expected"])
}

// Samples are named after their lesson; the names they had when they were
// named after the tutorials they came from still open them, and the list
// shows only the new names.
func TestOldNamesAreAliases(t *testing.T) {
	for old, name := range map[string]string{
		"seed-000-exp-gain":       "idcg-slip",
		"seed-002-linear-gain":    "rounded-terms",
		"seed-004-movies":         "all-claims-hold",
		"seed-000-sklearn-output": "sklearn-gain",
		"seed-001-notebook":       "ranked-by-score",
		"seed-001-tie-demo":       "stable-sort-tie",
	} {
		assert.True(t, samples.Exists(old), old)
		assert.Equal(t, name, samples.Canonical(old))
		a, err := samples.Read(old)
		require.NoError(t, err, old)
		b, err := samples.Read(name)
		require.NoError(t, err, name)
		assert.Equal(t, b, a, old)
		assert.NotContains(t, samples.Names(), old)
	}
	for _, smp := range samples.List() {
		assert.NotContains(t, smp.Name, "seed", "named after its lesson")
		assert.NotContains(t, smp.Title, "Seed", "%s: titled after its lesson", smp.Name)
	}
}

// A note read in the explorer (N) that names a flag also names the key
// that does the same there: constant-model's reader is told to look at
// expected ties, which p reaches in two presses (input, docno, expected).
func TestNotesNameTheExplorersKey(t *testing.T) {
	b, err := samples.Read("constant-model")
	require.NoError(t, err)
	var doc struct{ Notes string }
	require.NoError(t, json.Unmarshal(b, &doc))
	assert.Contains(t, doc.Notes, "--ties expected on the command line")
	assert.Contains(t, doc.Notes, "in the explorer, p until the conventions line says ties expected")
}

// A name one letter off is answered with the name meant, not the list of
// every sample; a name near none of them gets the list.
func TestNotFoundSaysTheNameMeant(t *testing.T) {
	_, err := samples.Read("tie-at-k")
	require.Error(t, err)
	assert.Equal(t, `no sample called "tie-at-k": did you mean sample:ties-at-k? (ndcg-explorer samples lists them)`, err.Error())
	_, err = samples.Read("zzz")
	require.Error(t, err)
	assert.Contains(t, err.Error(), strings.Join(samples.Names(), ", "))
}
