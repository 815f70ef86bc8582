package trec

import (
	"fmt"
	"io"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// genRun writes a run line by line as it is read, so the test holds no
// copy of it: queries × docs lines, grouped by query.
type genRun struct {
	queries, docs, q, d int
	buf                 []byte
}

func (g *genRun) Read(p []byte) (int, error) {
	for len(g.buf) < len(p) && g.q < g.queries {
		g.buf = fmt.Appendf(g.buf, "q%05d Q0 doc%07d %d %s tag\n", g.q, g.q*g.docs+g.d, g.d+1,
			strconv.FormatFloat(float64(g.docs-g.d)/7, 'f', 2, 64))
		if g.d++; g.d == g.docs {
			g.q, g.d = g.q+1, 0
		}
	}
	if len(g.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	return n, nil
}

// TestStreaming: evaluating a run grouped by query takes memory for the
// queries in flight, not for the run (here about 50 MB of lines).
func TestStreaming(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a 50 MB run")
	}
	const queries, docs = 1500, 1000
	var qrels []byte
	for q := 0; q < queries; q++ {
		qrels = fmt.Appendf(qrels, "q%05d 0 doc%07d 1\n", q, q*docs+3)
	}
	q, err := ParseQrels("q", qrels)
	require.NoError(t, err)
	src := Source{Name: "r", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(&genRun{queries: queries, docs: docs}), nil
	}}

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
		}
	}()
	res, err := Evaluate(q, src, Options{Measures: Measures{NDCG: true, Cutoffs: []int{10}}, Ties: true})
	close(stop)
	<-done
	require.NoError(t, err)
	require.Len(t, res.Queries, queries)
	grown := int64(peak.Load()) - int64(before.HeapInuse)
	t.Logf("heap grew by at most %d MB while reading the run", grown>>20)
	assert.Less(t, grown, int64(24<<20), "memory must not grow with the run")
}
