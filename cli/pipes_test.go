package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fifoWith makes a FIFO in a temporary directory and a writer that
// writes text into it once, as <(cat r.run) does, then closes it.
func fifoWith(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.fifo")
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	go func() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.WriteString(text)
		f.Close()
	}()
	return path
}

// within runs f and fails the test if it has not returned in a minute:
// a run opened a second time waits for a writer that is gone.
func within[T any](t *testing.T, f func() T) T {
	t.Helper()
	done := make(chan T, 1)
	go func() { done <- f() }()
	select {
	case v := <-done:
		return v
	case <-time.After(time.Minute):
		t.Fatal("still reading the FIFO after a minute: it was opened a second time")
		panic("unreachable")
	}
}

// A run read from a pipe or a FIFO is read once: its format was told
// from its head, then the reader opened it again and found it empty (0
// documents retrieved, NDCG 0 with exit 0) or waited for a writer.
// Hand arithmetic: one query, d1 (rel 1) retrieved first, NDCG 1.
func TestRunFromAPipeReadOnce(t *testing.T) {
	dir := t.TempDir()
	qrels := filepath.Join(dir, "q.qrels")
	require.NoError(t, os.WriteFile(qrels, []byte("1 0 d1 1\n1 0 d2 0\n"), 0o644))
	const run = "1 Q0 d1 1 2 r\n1 Q0 d2 2 1 r\n"

	type res struct {
		code     int
		out, err string
	}
	r := within(t, func() res {
		c, o, e := runTrecCmd(t, "", "-q", "-m", "ndcg", qrels, fifoWith(t, run))
		return res{c, o, e}
	})
	assert.Equal(t, ExitOK, r.code, r.err)
	assert.Contains(t, r.out, "ndcg                  \t1\t1.0000\n")

	r = within(t, func() res {
		c, o, e := runCmd(t, "report", "--qrels", qrels, "--run", fifoWith(t, run), "--query", "1")
		return res{c, o, e}
	})
	assert.Equal(t, ExitOK, r.code, r.err)
	assert.Contains(t, r.out, "2 documents retrieved")
	assert.NotContains(t, r.out, "0 documents retrieved")

	r = within(t, func() res {
		c, o, e := runCmd(t, "check", "--qrels", qrels, "--run", fifoWith(t, run), "--query", "1", "--ndcg", "0")
		return res{c, o, e}
	})
	assert.Equal(t, ExitMismatch, r.code, r.out+r.err)
}

// The format of a run is told from its whole first line: a docno of
// 65,540 bytes, cut at the first 64 KiB read, made the line look like
// MS MARCO's three fields; a JSON line as long, like a dict document.
func TestRunFormatFromALongFirstLine(t *testing.T) {
	dir := t.TempDir()
	qrels := filepath.Join(dir, "q.qrels")
	long := strings.Repeat("d", 65540)
	require.NoError(t, os.WriteFile(qrels, []byte("1 0 "+long+" 1\n1 0 d2 0\n"), 0o644))
	for name, text := range map[string]string{
		"long.run":   "1 Q0 " + long + " 1 2 r\n1 Q0 d2 2 1 r\n",
		"long.jsonl": `{"qid": "1", "docid": "` + long + `", "score": 2}` + "\n" + `{"qid": "1", "docid": "d2", "score": 1}` + "\n",
	} {
		run := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(run, []byte(text), 0o644))
		code, out, errOut := runTrecCmd(t, "", "-q", "-m", "ndcg", qrels, run)
		assert.Equal(t, ExitOK, code, name+": "+errOut)
		assert.Contains(t, out, "ndcg                  \t1\t1.0000\n", name)
		// The same through standard input.
		code, out, errOut = runTrecCmd(t, text, "-q", "-m", "ndcg", qrels, "-")
		assert.Equal(t, ExitOK, code, name+" on standard input: "+errOut)
		assert.Contains(t, out, "ndcg                  \t1\t1.0000\n", name)
	}
}
