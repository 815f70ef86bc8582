package trec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Where trec_eval stops, a line says so, the value kept. trec_eval 10.0
// on these files (built from source): the qrels with query 2 first
// exits 4 with "Can't calculate measure 'ndcg'"; an empty run with -c
// exits 2 with "Cannot read results file".
func TestStops(t *testing.T) {
	q, err := ParseQrels("q.txt", []byte("2 0 c -1\n3 0 a 1\n"))
	require.NoError(t, err)
	res, err := Evaluate(q, stringSource("r.txt", "2 Q0 c 1 0.9 r\n3 Q0 a 1 0.9 r\n"), Options{Measures: Measures{NDCG: true}})
	require.NoError(t, err)
	assert.Equal(t, []float64{0.5}, res.All, "the value stays")
	assert.Equal(t, []string{`1 query of q.txt has only negative judgments (unjudged): scored 0 and counted in the mean, where trec_eval stops with "Can't calculate measure" (exit 4) or fails: 2`}, Stops(q, res, false))

	res, err = Evaluate(q, stringSource("r.txt", ""), Options{Measures: Measures{NDCG: true}, Complete: true})
	require.NoError(t, err)
	assert.Contains(t, Stops(q, res, true), `no query of the qrels has lines in the run: with -c every query scores 0, where trec_eval refuses an empty run ("Cannot read results file", exit 2)`)
}

// A file truncated while it is read is refused, where its first block
// was read as the whole file with exit 0.
func TestTruncatedWhileRead(t *testing.T) {
	head := strings.Repeat("1 0 d 1\n", 1024)
	_, err := readTextSized("q.txt", "qrels", strings.NewReader(head), 3*len(head))
	require.Error(t, err)
	assert.Equal(t, "q.txt: the file shrank while it was read (8192 of its 24576 bytes): something is writing to it; read it again once that is done", err.Error())
}
