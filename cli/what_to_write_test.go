package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fullWriter fails every write, as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// Each message says what is wrong and what to write, where a reader
// gave Go's own words or nothing at all.
func TestMessagesSayWhatToWrite(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	bom := "\xef\xbb\xbf"
	double := `the file opens with two byte order marks (EF BB BF twice), as a program that adds one to a file that had one writes: remove one`
	qrels := write("q.txt", "1 0 a 1\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "--grades", "3,2", "--preset", "sklarn"}, `--preset: unknown preset "sklarn": use one of sklearn, trec_eval, lightgbm, xgboost, xgboost-, tf-ranking, jk; did you mean "sklearn"?`},
		{[]string{"ltr", "-p", "lightgmb", qrels, qrels}, `did you mean "lightgbm"?`},
		{[]string{"report", write("p.json", `{"settings": {"preset": "xgbost"}, "items": [{"grade": 1}]}`)}, `settings.preset: unknown preset "xgbost"`},
		{[]string{"report", write("b.json", bom+bom+`{"items": [{"grade": 1}]}`)}, "b.json:1: " + double},
		{[]string{"trec", write("b.qrels", bom+bom+"1 0 a 1\n"), qrels}, "b.qrels:1: " + double},
		{[]string{"trec", write("d.jsonl", `{"qid": "1", "docid": "a", "label": 1, "label": 2}`+"\n"), qrels}, `d.jsonl:1: key "label" given twice in one object; keep one`},
		{[]string{"trec", write("n.json", `{"1": {"a": null}}`), qrels}, `n.json:1: query "1", document "a": null where its relevance goes; give a number, or leave the document out`},
		{[]string{"report", "--qrels", qrels, "--run", "-", "--query", "1"}, `-: --run: one query's files are named, not read from standard input: give a path (a pipe works as /dev/stdin)`},
	} {
		code, out, errOut := mainWith("", c.args...)
		assert.NotEqual(t, ExitOK, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Contains(t, errOut, c.want, "%v", c.args)
	}

	// check --ndcg 1e308: the tolerance and the distance in a few digits,
	// where plain decimals printed 300 of them.
	_, out, _ := mainWith("", "check", "--grades", "3,2,1", "--ndcg", "1e308")
	assert.Contains(t, out, "claimed 1e308 (±5e+307)   true 1.0000  (off by +1e+308)")
	for _, line := range strings.Split(out, "\n") {
		assert.Less(t, len(line), 200, line)
	}

	// Help to a full disk: a line on standard error, not the status
	// alone.
	for _, args := range [][]string{{"help"}, {"--help"}, {"report", "--help"}} {
		var errOut strings.Builder
		env := &Env{Stdin: strings.NewReader(""), Stdout: fullWriter{}, Stderr: &errOut, IsTerminal: func() bool { return false }}
		assert.Equal(t, ExitBadInput, Main(args, env), "%v", args)
		assert.Contains(t, errOut.String(), "ndcg-explorer: no space left on device", "%v", args)
	}
}
