package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/checkcases"
)

// TestCheckGivesTheTablesVerdicts: check gives each claim of the shared
// table (verdict/testdata/check-cases.json, worked out by hand there)
// its verdict, in JSON (finding) and in words; the explorer's check view
// gives the same (ui's TestCheckViewGivesTheTablesVerdicts).
func TestCheckGivesTheTablesVerdicts(t *testing.T) {
	cases, err := checkcases.Load()
	require.NoError(t, err)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			_, out, stderr := execCLI(append(c.Args(), "--format", "json")...)
			require.Empty(t, stderr)
			var rep struct {
				Claims []struct {
					Quantity string
					Finding  struct {
						Cause string
						Guess bool
					}
				}
			}
			require.NoError(t, json.Unmarshal([]byte(out), &rep))
			seen := 0
			for _, cl := range rep.Claims {
				if want, ok := c.Want[cl.Quantity]; ok {
					seen++
					assert.Equal(t, want.Cause, cl.Finding.Cause, cl.Quantity)
					assert.Equal(t, want.Guess, cl.Finding.Guess, cl.Quantity)
				}
			}
			assert.Equal(t, len(c.Want), seen)

			_, text, _ := execCLI(c.Args()...)
			flat := strings.ToLower(strings.Join(strings.Fields(text), " "))
			for q, want := range c.Want {
				if want.Says != "" {
					assert.Contains(t, flat, strings.ToLower(want.Says), q)
				}
			}
		})
	}
}
