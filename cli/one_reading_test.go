package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// One value, one reading, whatever command reads it: a relevance 1e1 in
// a table gave NDCG 0.6313 to report FILE --query (read as 10) and
// 0.8821 to report --qrels/--run (read as 1, trec_eval's atol), both
// exit 0; now every command refuses it in the same words. -k 0 is the
// whole list, as in the explorer's k field and ltr -k 0, where the
// command line refused it; settings.k takes "all" as -k does.
func TestOneReadingOfEachValue(t *testing.T) {
	dir := t.TempDir()
	tab := filepath.Join(dir, "tab.csv")
	require.NoError(t, os.WriteFile(tab, []byte("qid,docid,label,score\n1,a,1e1,0.5\n1,b,1,0.9\n1,c,0,0.7\n"), 0o644))
	const says = `tab.csv:2: column label: rel "1e1" has an exponent, which trec_eval reads as its leading digits alone and a number reader as 10: write it in digits, as 10`
	for _, args := range [][]string{
		{"report", tab, "--query", "1"},
		{"report", "--qrels", tab, "--run", tab, "--query", "1"},
		{"trec", tab, tab},
	} {
		code, out, errOut := mainWith("", args...)
		assert.NotEqual(t, ExitOK, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.Contains(t, errOut, says, "%v", args)
	}

	_, all, _ := mainWith("", "report", "--grades", "3,2,0,1", "-k", "all")
	code, zero, errOut := mainWith("", "report", "--grades", "3,2,0,1", "-k", "0")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, all, zero)
	list := filepath.Join(dir, "l.json")
	require.NoError(t, os.WriteFile(list, []byte(`{"settings": {"k": "all"}, "items": [{"grade": 3}, {"grade": 2}, {"grade": 0}, {"grade": 1}]}`), 0o644))
	code, fromFile, errOut := mainWith("", "report", list)
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, fromFile, "NDCG@all")
}
