package practice

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// The quiz's shortened working keeps whole parts: on screens from 60 to
// 100 columns and any room, for the first ten rounds, every line shown
// belongs to a part shown whole (no sentence starts mid-way, no "exact
// sum, rounded once." alone), and a ranking is shown with its label or
// not at all.
func TestWorkingKeepsWholeParts(t *testing.T) {
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	c := &common.Common{WS: workspace.New(doc, ndcg.DefaultSettings()), Keys: common.DefaultKeyMap(), Seed: 42}
	c.Styles = common.NewStyles(true, false, false)
	q := NewQuiz(c)
	for round := 1; round <= 10; round++ {
		q.start(round)
		q.answered = true
		for width := 60; width <= 100; width += 5 {
			q.SetSize(width, 28)
			q.stale = true
			q.Refresh()
			units := workingUnits(q.work.Lines(width))
			for room := 1; room <= 30; room++ {
				out := q.workingLines(room)
				require.LessOrEqual(t, len(out), room)
				// out must be units laid end to end, each whole, in order
				// (but for the division alone, cut to the last lines).
				i, u := 0, 0
				for i < len(out) && u < len(units) {
					if units[u].lines[0] == out[i] && i+len(units[u].lines) <= len(out) &&
						slices.Equal(units[u].lines, out[i:i+len(units[u].lines)]) {
						i += len(units[u].lines)
					}
					u++
				}
				last := units[len(units)-1]
				if i < len(out) && len(out) < len(last.lines) {
					continue
				}
				require.Equal(t, len(out), i, "round %d, %d columns, %d lines: a part is cut:\n%s", round, width, room, strings.Join(out, "\n"))
			}
		}
	}
}
