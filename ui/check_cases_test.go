package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/checkcases"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// TestCheckViewGivesTheTablesVerdicts: the check view, opened on each
// list of the shared table (verdict/testdata/check-cases.json, worked
// out by hand there) with its claims in the fields, marks each claim as
// check does and says the table's phrase for its verdict, the phrase
// check says (cli's TestCheckGivesTheTablesVerdicts): where the two once
// disagreed, the ideal ranking from the top k was a slip here and "not a
// slip" in check.
func TestCheckViewGivesTheTablesVerdicts(t *testing.T) {
	cases, err := checkcases.Load()
	require.NoError(t, err)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			doc, err := listio.ReadJSON("case.json", []byte(c.ListJSON()))
			require.NoError(t, err)
			s, err := doc.Settings.Apply(ndcg.DefaultSettings())
			require.NoError(t, err)
			m := newModel(t, doc, s, 200, 80)
			open(t, m, "check")
			flat := strings.ToLower(strings.Join(strings.Fields(screen(m)), " "))
			for q, want := range c.Want {
				mark := "✗"
				if want.Cause == "holds" {
					mark = "✓"
				}
				label := strings.ToUpper(q) + "@"
				assert.Regexp(t, `(?m)^\S?\s*`+label+`\S*\s+\[[^\]]*\] `+mark, screen(m), q)
				if want.Says != "" {
					assert.Contains(t, flat, strings.ToLower(want.Says), q)
				}
			}
		})
	}
}
