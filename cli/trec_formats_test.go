package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// trecFields reads the data lines of a TREC file as fields.
func trecFields(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var out [][]string
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// The basic case as BEIR qrels and a ranx dict JSON run, and as a CSV
// run on standard input, prints trec_eval's recorded output for the TREC
// files byte for byte; so do ndcg_rel, Rndcg and gains.
func TestTrecOtherFormats(t *testing.T) {
	td := filepath.Join("..", "trec", "testdata")
	dir := t.TempDir()
	var beir, csv strings.Builder
	beir.WriteString("query-id\tcorpus-id\tscore\n")
	for _, f := range trecFields(t, filepath.Join(td, "cases", "basic.qrels")) {
		fmt.Fprintf(&beir, "%s\t%s\t%s\n", f[0], f[2], f[3])
	}
	byQ := map[string][]string{}
	var order []string
	csv.WriteString("qid,docid,score\n")
	for _, f := range trecFields(t, filepath.Join(td, "cases", "basic.run")) {
		if _, ok := byQ[f[0]]; !ok {
			order = append(order, f[0])
		}
		byQ[f[0]] = append(byQ[f[0]], fmt.Sprintf("%q: %s", f[2], f[4]))
		fmt.Fprintf(&csv, "%s,%s,%s\n", f[0], f[2], f[4])
	}
	var dict strings.Builder
	dict.WriteString("{")
	for i, q := range order {
		if i > 0 {
			dict.WriteString(",")
		}
		fmt.Fprintf(&dict, "%q: {%s}", q, strings.Join(byQ[q], ", "))
	}
	dict.WriteString("}")
	qrels := filepath.Join(dir, "test.tsv")
	run := filepath.Join(dir, "run.json")
	require.NoError(t, os.WriteFile(qrels, []byte(beir.String()), 0o644))
	require.NoError(t, os.WriteFile(run, []byte(dict.String()), 0o644))

	want, err := os.ReadFile(filepath.Join(td, "expected", "basic.1.out"))
	require.NoError(t, err)
	code, out, errOut := runTrecCmd(t, "", "-q", "-c", "-m", "ndcg", "-m", "ndcg_cut.1,3,5,10,20,100", qrels, run)
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, string(want), out)

	code, out, errOut = runTrecCmd(t, csv.String(), "-q", "-c", "-m", "ndcg", "-m", "ndcg_cut.1,3,5,10,20,100", qrels, "-")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, string(want), out)

	want, err = os.ReadFile(filepath.Join(td, "expected", "family", "basic.2.out"))
	require.NoError(t, err)
	code, out, errOut = runTrecCmd(t, "", "-qc", "-m", "ndcg.0=1,1=2.5,2=0.5,3=10", "-m", "ndcg_rel.1=3,2=1", "-m", "Rndcg.2=0.5", "--run-format", "json", qrels, run)
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, string(want), out)

	code, _, errOut = runTrecCmd(t, "", "--ties", "-m", "Rndcg", qrels, run)
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "tie bands are worked out for ndcg and ndcg_cut only")
}
