package verify_test

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// TestAThrowAwayMistakeIsEverywhere adds a mistake as docs/CONTRIBUTING.md's
// recipe "A check mistake" says (verify.AddSquaredLog2: an entry in the
// catalogue, a rule in the list) and finds it wherever check names a
// mistake. On 3,2,3,0,1 under exponential gain at k=3, dividing by
// log2(i+1) squared gives DCG@3 = 7/1 + 3/(log2 3)² + 7/2² = 7 + 1.1942 +
// 1.75 = 9.9442, written 9.94, and rank 2's term 3/(log2 3)² = 1.1942,
// written 1.19; the true DCG@3 is 7 + 3/log2 3 + 7/2 = 12.3928.
func TestAThrowAwayMistakeIsEverywhere(t *testing.T) {
	doc, err := os.ReadFile("../docs/check.md")
	require.NoError(t, err)
	list, err := ndcg.FromGrades([]float64{3, 2, 3, 0, 1}, nil)
	require.NoError(t, err)
	s := ndcg.DefaultSettings()
	s.K = 3
	dcg, term := 7+3/math.Pow(math.Log2(3), 2)+7.0/4, 3/math.Pow(math.Log2(3), 2)
	require.InDelta(t, 9.9442, dcg, 5e-5)
	require.InDelta(t, 1.1942, term, 5e-5)
	check := func() *verify.Report {
		rep, err := verify.Check(list, s, verify.Claims{DCG: w(t, "9.94"),
			Contributions: []verify.Written{*w(t, "7"), *w(t, "1.19")}})
		require.NoError(t, err)
		return rep
	}
	before := check()
	require.Empty(t, missingRows(string(doc)))

	verify.AddSquaredLog2(t)
	m := verify.Lookup(verify.SquaredLog2)
	assert.Equal(t, "divided by log2(i+1) squared, not log2(i+1)", m.Did, "Lookup finds its words")
	rep := check()
	assert.Equal(t, before.Tried, rep.Tried, "a learner's rule is no setting the search varies")
	// DCG@3 and rank 2's term: tried for every claim it can give.
	for _, claim := range []struct {
		i    int
		want float64
	}{{0, dcg}, {2, term}} {
		i, v := claim.i, rep.Verdicts[claim.i]
		require.False(t, v.Holds, v.Claim.Label("3"))
		d := rep.Diagnosis(i)
		assert.Equal(t, []verify.MistakeID{verify.SquaredLog2}, d.Mistakes, v.Claim.Label("3"))
		assert.True(t, d.Confident(), v.Claim.Label("3"))
		require.NotEmpty(t, v.Matches)
		assert.InDelta(t, claim.want, v.Matches[0].Value, 1e-12)
		c := v.Matches[0].Changes[0]
		assert.Equal(t, verify.SquaredLog2, c.ID())
		assert.True(t, c.Mistake())
		assert.Equal(t, "discount 1/log2(i+1)² (not 1/log2(i+1))", c.String())

		// What check, its JSON, the check view, the quiz and the room's
		// tally take from package verdict.
		f := verdict.Of(rep, i)
		assert.Equal(t, verdict.Mistake, f.Cause)
		assert.False(t, f.Guess)
		assert.Equal(t, []verify.MistakeID{verify.SquaredLog2}, f.Diagnosis.Mistakes, "--format json's diagnosis.mistakes")
		assert.Equal(t, verify.SquaredLog2, f.Diagnosis.Key(), "the room's tally and the class export's mistake_id")
		assert.Equal(t, "used discount 1/log2(i+1)² (not 1/log2(i+1))", f.Summary())
		var text []string
		for _, l := range verdict.Explain(rep, explain.NewShown(rep.Result), i, verdict.Form{Width: 72}) {
			text = append(text, l.Text())
		}
		assert.Contains(t, strings.Join(text, "\n"), "(a mistake: divided by log2(i+1) squared, not log2(i+1))", "check's words")
	}
	// The check that fails TestCatalogueExamples until docs/check.md
	// has its row.
	assert.Equal(t, []verify.MistakeID{verify.SquaredLog2}, missingRows(string(doc)))
}

func w(t *testing.T, s string) *verify.Written {
	t.Helper()
	x, err := verify.ParseWritten(s)
	require.NoError(t, err)
	return &x
}
