package docs_test

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
)

// TestHourFollowsThePath: the teaching guide's hour has a row for each
// step of the built-in path, its number and title, and the answer it
// works by hand is the step's, rounded as the question asks (the hand
// arithmetic beside it is checked in learn's TestTruthIsHandArithmetic).
func TestHourFollowsThePath(t *testing.T) {
	text := string(mustRead(t, filepath.Join(root(t), "docs", "teaching.md")))
	for i, st := range learn.Steps {
		cell := fmt.Sprintf("| %d %s |", i+1, st.Title)
		var row string
		for _, line := range strings.Split(text, "\n") {
			if strings.Contains(line, cell) {
				row = line
			}
		}
		require.NotEmpty(t, row, "no row for step %d (%s)", i+1, st.Title)
		truth, err := st.Truth()
		require.NoError(t, err)
		cells := strings.Split(row, "|")
		require.Greater(t, len(cells), 5, row)
		answer := cells[4]
		assert.Contains(t, answer, strconv.FormatFloat(truth, 'f', st.MinDecimals(), 64), "step %d: %s", i+1, answer)
	}
}
