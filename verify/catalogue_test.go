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
	for _, m := range verify.Catalogue {
		assert.Regexp(t, regexp.MustCompile("(?m)^\\| `"+string(m.ID)+"` \\| "+regexp.QuoteMeta(m.Did)), string(doc), m.ID)
	}
}
