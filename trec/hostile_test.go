package trec

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestByteOrderMark: a byte order mark at the start of qrels or a run
// (as a Windows editor writes it) is not part of the first query id.
// Read as part of it, query 1's first judgment went to a query "\ufeff1"
// and query 1 scored 0.6309; the run's first query was dropped.
//
// The values by hand, under trec_eval's ndcg (gain = rel, discount
// 1/log2(rank+1), log2(3) = 1.5849625007):
//
//	query 1: run d1 (rel 2), d2 (rel 1), the ideal order:
//	         DCG = IDCG = 2 + 1/1.5849625007 = 2.6309297536, NDCG = 1
//	query 2: run d1 (rel 1), d4 (rel 3); ideal d4, d1:
//	         DCG  = 1 + 3/1.5849625007 = 2.8927892607
//	         IDCG = 3 + 1/1.5849625007 = 3.6309297536
//	         NDCG = 2.8927892607 / 3.6309297536 = 0.7967075810
//	all:     (1 + 0.7967075810) / 2 = 0.8983537905
func TestByteOrderMark(t *testing.T) {
	const bom = "\xef\xbb\xbf"
	qrels := "1 0 d1 2\n1 0 d2 1\n2 0 d1 1\n2 0 d4 3\n"
	run := "1 Q0 d1 1 2.0 r\n1 Q0 d2 2 1.0 r\n2 Q0 d1 1 2.0 r\n2 Q0 d4 2 1.0 r\n"
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	check := func(t *testing.T, qrelsPath string, src Source) {
		q, err := ReadQrelsFile(qrelsPath)
		require.NoError(t, err)
		res, err := Evaluate(q, src, Options{Measures: Measures{NDCG: true}})
		require.NoError(t, err)
		assert.Empty(t, res.Skipped)
		require.Len(t, res.Queries, 2)
		assert.Equal(t, "1", res.Queries[0].QID)
		assert.InDelta(t, 1.0, res.Queries[0].Values[0], 1e-9)
		assert.Equal(t, "2", res.Queries[1].QID)
		assert.InDelta(t, 0.7967075810, res.Queries[1].Values[0], 1e-9)
		assert.InDelta(t, 0.8983537905, res.All[0], 1e-9)
	}
	t.Run("qrels", func(t *testing.T) {
		check(t, write("bom.qrels", bom+qrels), FileSource(write("plain.run", run)))
	})
	t.Run("run", func(t *testing.T) {
		check(t, write("plain.qrels", qrels), FileSource(write("bom.run", bom+run)))
	})
	t.Run("standard input", func(t *testing.T) {
		src, cleanup := ReaderSource("standard input", strings.NewReader(bom+run))
		defer cleanup()
		check(t, write("bom2.qrels", bom+qrels), src)
	})
}

// TestNotText: a binary file or an endless device given as qrels or run
// is refused after its first block.
func TestNotText(t *testing.T) {
	_, err := ReadQrelsFile("/dev/zero")
	assert.EqualError(t, err, "/dev/zero: this is not a text file (it holds NUL bytes)")
	q, err := ParseQrels("q", []byte("1 0 d1 1\n"))
	require.NoError(t, err)
	_, err = Evaluate(q, FileSource("/dev/zero"), Options{Measures: Measures{NDCG: true}})
	assert.EqualError(t, err, "/dev/zero: this is not a text file (it holds NUL bytes)")
	_, err = ReadQrelsAs("/dev/zero", "")
	assert.EqualError(t, err, "/dev/zero: this is not a text file (it holds NUL bytes)")
	_, err = RunSourceAs("/dev/zero", FormatCSV)
	assert.EqualError(t, err, "/dev/zero: this is not a text file (it holds NUL bytes)")
	_, err = Evaluate(q, stringSource("r", "\xff\xfe1\x00"), Options{Measures: Measures{NDCG: true}})
	assert.EqualError(t, err, "r: the file is UTF-16 text; save it as UTF-8 (in a spreadsheet, \"CSV UTF-8\")")
}

// endless is a line that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

func TestEndlessLine(t *testing.T) {
	q, err := ParseQrels("q", []byte("1 0 d1 1\n"))
	require.NoError(t, err)
	src, cleanup := ReaderSource("standard input", endless{})
	defer cleanup()
	var got error
	alloc := allocated(func() { _, got = Evaluate(q, src, Options{Measures: Measures{NDCG: true}}) })
	assert.EqualError(t, got, "standard input:1: a line longer than 64 MiB: this is not a run file; run lines are \"qid Q0 docno rank score tag\"")
	assert.Less(t, alloc, uint64(300<<20))
}

// allocated is how many bytes f allocates, from runtime.MemStats.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
