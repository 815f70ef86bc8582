package trec

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProgress: a run of several blocks reports its lines as they are
// read, rising to the whole run, in one pass when its queries are
// together.
func TestProgress(t *testing.T) {
	qrelsText, run, _, lines := bigRun(t)
	q, err := ParseQrels("q", []byte(qrelsText))
	require.NoError(t, err)
	var (
		mu   sync.Mutex
		seen []int64
	)
	_, err = Evaluate(q, stringSource("r", run), Options{Measures: Measures{NDCG: true}, Progress: func(pass int, n int64) {
		mu.Lock()
		defer mu.Unlock()
		assert.Equal(t, 1, pass)
		seen = append(seen, n)
	}})
	require.NoError(t, err)
	require.Greater(t, len(seen), 2, "one report per block")
	assert.IsNonDecreasing(t, seen)
	assert.Equal(t, int64(len(lines)), seen[len(seen)-1])
}
