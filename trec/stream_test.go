package trec

import (
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
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
	testenv.Slow(t) // reads a 50 MB run
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

	// The heap that survives each collection while the run is read: what
	// the reader holds, without the garbage a busy machine's late
	// collections leave in the heap in use.
	runtime.GC()
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	before := sample[0].Value.Uint64()
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
		}
	}()
	res, err := Evaluate(q, src, Options{Measures: Measures{NDCG: true, Cutoffs: []int{10}}, Ties: true})
	close(stop)
	<-done
	require.NoError(t, err)
	require.Len(t, res.Queries, queries)
	grown := int64(peak.Load()) - int64(before)
	t.Logf("live heap grew by at most %d MB while reading the run", grown>>20)
	assert.Less(t, grown, int64(24<<20), "memory must not grow with the run")
}
