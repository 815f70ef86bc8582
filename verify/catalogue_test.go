package verify_test

import (
	"encoding/json"
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// TestCatalogueExamples: each worked example of docs/check.md's table,
// worked out with scikit-learn or by hand by
// testdata/catalogue_examples.py, is named by its id, alone.
func TestCatalogueExamples(t *testing.T) {
	data, err := os.ReadFile("testdata/catalogue-examples.json")
	require.NoError(t, err)
	var file struct {
		Examples []struct {
			ID                          verify.MistakeID
			Grades, Scores              []float64
			K                           int
			Gain, Quantity, Claim, Ties string
		}
	}
	require.NoError(t, json.Unmarshal(data, &file))
	doc, err := os.ReadFile("../docs/check.md")
	require.NoError(t, err)
	for _, e := range file.Examples {
		list, err := ndcg.FromGrades(e.Grades, e.Scores)
		require.NoError(t, err)
		s := ndcg.DefaultSettings()
		s.K = e.K
		s.Gain, err = ndcg.ParseGain(e.Gain)
		require.NoError(t, err)
		if e.Ties != "" {
			s.Ties, err = ndcg.ParseTiePolicy(e.Ties)
			require.NoError(t, err)
		}
		w, err := verify.ParseWritten(e.Claim)
		require.NoError(t, err)
		var c verify.Claims
		switch e.Quantity {
		case "dcg":
			c.DCG = &w
		case "idcg":
			c.IDCG = &w
		default:
			c.NDCG = &w
		}
		rep, err := verify.Check(list, s, c)
		require.NoError(t, err)
		d := rep.Diagnosis(0)
		assert.Equal(t, e.ID, d.First(), "%s: %s %s", e.ID, e.Quantity, e.Claim)
		assert.False(t, d.Ambiguous, "%s: %v", e.ID, d.Mistakes)
		// The table gives the example's number as claimed.
		assert.Regexp(t, regexp.MustCompile("(?m)^\\| `"+string(e.ID)+"` \\|.*"+regexp.QuoteMeta(e.Claim)), string(doc), e.ID)
	}
	// Every id of the catalogue has a row in the table.
	assert.Empty(t, missingRows(string(doc)), "ids of the catalogue with no row in docs/check.md's table, or a row not in its words")
}

// missingRows are the ids of the catalogue that have no row in doc's
// table of mistakes (docs/check.md) saying what the learner did in the
// catalogue's words.
func missingRows(doc string) []verify.MistakeID {
	var out []verify.MistakeID
	for _, m := range verify.Catalogue {
		if !regexp.MustCompile("(?m)^\\| `" + regexp.QuoteMeta(string(m.ID)) + "` \\| " + regexp.QuoteMeta(m.Did)).MatchString(doc) {
			out = append(out, m.ID)
		}
	}
	return out
}

// TestPresetPairNamedAsTheTool: two changes that together are a tool's
// conventions are named by the tool. 3,2,3,0,1 asked under exp gain at
// k=5; Järvelin and Kekäläinen's linear gain and discount 1, 1,
// 1/log2 3, 1/2, 1/log2 5 give (3 + 2 + 3/log2 3 + 0 + 1/log2 5) / (3 +
// 3 + 2/log2 3 + 1/2 + 0) = 7.3235/7.7619 = 0.9435.
func TestPresetPairNamedAsTheTool(t *testing.T) {
	list, err := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	require.NoError(t, err)
	s := ndcg.DefaultSettings()
	s.K = 5
	w, err := verify.ParseWritten("0.9435")
	require.NoError(t, err)
	rep, err := verify.Check(list, s, verify.Claims{NDCG: &w})
	require.NoError(t, err)
	d := rep.Diagnosis(0)
	assert.Equal(t, []verify.MistakeID{verify.PresetID("jk")}, d.Mistakes)
	assert.Equal(t, "computed with the conventions of Järvelin & Kekäläinen 2002; discount from rank 2", verify.Lookup(d.First()).Did)
}
