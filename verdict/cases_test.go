package verdict

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/checkcases"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// TestCheckCases: each claim of the shared table (verdict/testdata/
// check-cases.json, worked out by hand there) gets the cause the table
// gives, a guess where it says so, and both forms of the explanation,
// check's and the check view's, say the table's phrase. cli and ui run
// the same table through check and the check view.
func TestCheckCases(t *testing.T) {
	cases, err := checkcases.Load()
	require.NoError(t, err)
	require.NotEmpty(t, cases)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			list, err := ndcg.FromGrades(c.Grades, c.Scores)
			require.NoError(t, err)
			s := ndcg.DefaultSettings()
			s.K = c.K
			s.Gain, err = ndcg.ParseGain(c.Gain)
			require.NoError(t, err)
			var claims verify.Claims
			parse := func(text string) *verify.Written {
				if text == "" {
					return nil
				}
				w, err := verify.ParseWritten(text)
				require.NoError(t, err)
				return &w
			}
			claims.DCG, claims.IDCG, claims.NDCG = parse(c.Claims.DCG), parse(c.Claims.IDCG), parse(c.Claims.NDCG)
			for _, x := range c.Claims.Contributions {
				claims.Contributions = append(claims.Contributions, *parse(x))
			}
			rep, err := verify.Check(list, s, claims)
			require.NoError(t, err)
			work := explain.NewShown(rep.Result)
			for i, v := range rep.Verdicts {
				q := strings.ToLower(v.Claim.Quantity.String())
				want, ok := c.Want[q]
				if !ok {
					continue
				}
				f := Of(rep, i)
				assert.Equal(t, want.Cause, string(f.Cause), q)
				assert.Equal(t, want.Guess, f.Guess, q)
				if want.Cause == string(Holds) {
					continue
				}
				for _, brief := range []bool{false, true} {
					var text []string
					for _, l := range Explain(rep, work, i, Form{Brief: brief, Width: 72}) {
						text = append(text, l.Text())
					}
					assert.Contains(t, strings.ToLower(strings.Join(text, " ")), strings.ToLower(want.Says), "%s, brief %v", q, brief)
				}
			}
		})
	}
}
