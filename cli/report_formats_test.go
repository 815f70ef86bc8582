package cli

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/sklearnref"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/report"
)

// execCLI runs ndcg-explorer with args and nothing on standard input,
// and returns its exit status, stdout and stderr.
func execCLI(args ...string) (int, string, string) { return reportRun("", args...) }

// compareGolden compares got with testdata/name; UPDATE_GOLDEN=1 rewrites
// the file. The numbers in the golden files are checked against
// scikit-learn by TestReportCSVMatchesSklearn and by hand in the comments
// of TestReportGolden.
func compareGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run with UPDATE_GOLDEN=1 to create %s", path)
	assert.Equal(t, string(want), got, "golden file %s", path)
}

const goldenList = "testdata/report-golden.json"

// The golden list, exp gain, k=2, expected ties (by hand):
// rank 1 A grade 3: 7/log2(2) = 7.
// ranks 2–3 B(0), C(2) tie: mean gain (0 + 3)/2 = 1.5;
// rank 2: 1.5/log2(3) = 0.9464, DCG@2 = 7.9464.
// Ideal 3,2,1,0,0: IDCG@2 = 7 + 3/log2(3) = 8.8928; NDCG@2 = 0.8936.
// Worst (B before C) = input order: 7/8.8928 = 0.7872; best: 1.
func TestReportGolden(t *testing.T) {
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"report.txt", []string{"report", goldenList}},
		{"report.md", []string{"report", "--format", "markdown", goldenList}},
		{"report.csv", []string{"report", "--format", "csv", goldenList}},
		{"report.json", []string{"report", "--format", "json", goldenList}},
		{"report-chart-working.txt", []string{"report", "--chart", "--working", goldenList}},
		{"report-chart-working.md", []string{"report", "--format", "markdown", "--chart", "--working", goldenList}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			code, out, _ := execCLI(c.args...)
			require.Equal(t, ExitOK, code)
			compareGolden(t, c.golden, out)
		})
	}
}

func TestReportSummaryNumbers(t *testing.T) {
	_, out, _ := execCLI("report", goldenList)
	assert.Contains(t, out, "DCG@2  = 7.9464")
	assert.Contains(t, out, "IDCG@2 = 8.8928")
	assert.Contains(t, out, "NDCG@2 = 0.8936")
	assert.Contains(t, out, "worst 0.7872, expected 0.8936, best 1.0000")

	_, out, _ = execCLI("report", "--working", goldenList)
	// 1.5/log2(3) = 0.946, 3/log2(3) = 1.893.
	assert.Contains(t, out, "DCG@2 = 7/1.000 + 1.5*/1.585\n      = 7.000 + 0.946 = 7.946")
	assert.Contains(t, out, "IDCG@2 = 7/1.000 + 3/1.585\n       = 7.000 + 1.893 = 8.893")
	assert.Contains(t, out, "NDCG@2 = DCG@2 / IDCG@2 = 7.946 / 8.893 = 0.8936")
	assert.Contains(t, out, "(0 + 3)/2 = 1.5")

	_, out, _ = execCLI("report", "--chart", goldenList)
	// One scale per chart: the full 40-character bar is the largest value.
	assert.Contains(t, out, "1 actual |"+strings.Repeat("#", 40)+" 7.000")
	// 0.9464/7 × 40 = 5.4: five characters.
	assert.Contains(t, out, "2 actual |#####"+strings.Repeat(" ", 35)+" 0.946")
	assert.Contains(t, out, "best        |"+strings.Repeat("#", 40)+" 1.000")
}

// sklearnCase is a case of verify/testdata/reference.json (scikit-learn):
// DCG@k, IDCG@k and NDCG@k for k = 1, 2, ….
func sklearnCase(t *testing.T, name string) (dcg, idcg, ndcg []float64) {
	t.Helper()
	f, err := sklearnref.Load("../verify/testdata/reference.json")
	require.NoError(t, err)
	c, err := f.Case(name)
	require.NoError(t, err)
	for _, p := range c.PerK {
		dcg, idcg, ndcg = append(dcg, p.DCG), append(idcg, p.IDCG), append(ndcg, p.NDCG)
	}
	return dcg, idcg, ndcg
}

// Every rank's DCG@i, IDCG@i and NDCG@i in the CSV, at full precision,
// equals scikit-learn's dcg_score and ndcg_score at k=i.
func TestReportCSVMatchesSklearn(t *testing.T) {
	dcg, idcg, nd := sklearnCase(t, "report-golden")
	code, out, stderr := execCLI("report", "--format", "csv", goldenList)
	require.Equal(t, ExitOK, code)
	assert.Contains(t, stderr, "gain exp (2^g−1)", "the conventions go to stderr")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 6)
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for i, rec := range recs[1:] {
		get := func(name string) float64 {
			v, err := strconv.ParseFloat(rec[col[name]], 64)
			require.NoError(t, err)
			return v
		}
		assert.InDelta(t, dcg[i], get("dcg"), 1e-12, "rank %d", i+1)
		assert.InDelta(t, idcg[i], get("idcg"), 1e-12, "rank %d", i+1)
		assert.InDelta(t, nd[i], get("ndcg"), 1e-12, "rank %d", i+1)
	}
	// Full precision: the discount at rank 2 is 1/log2(3) to the last digit.
	assert.Equal(t, strconv.FormatFloat(1/math.Log2(3), 'g', -1, 64), recs[2][col["discount"]])
}

func TestReportFormatErrors(t *testing.T) {
	code, _, stderr := execCLI("report", "--format", "csv", "--chart", goldenList)
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, stderr, "--chart and --working go with --format text or markdown")
	code, _, stderr = execCLI("report", "--format", "yaml", goldenList)
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, stderr, "use text, markdown, csv, json, svg or html")
}

// TestCSVReportNeutralisesFormulas: an id or title a spreadsheet would
// run as a formula is written as text.
func TestCSVReportNeutralisesFormulas(t *testing.T) {
	in := `{"items": [{"id": "=HYPERLINK(\"http://x\")", "title": "@SUM(A1)", "grade": 1}, {"id": "-1", "grade": 0}]}`
	code, out, errOut := reportRun(in, "report", "--format", "csv", "-")
	require.Equal(t, ExitOK, code, errOut)
	lines := strings.Split(out, "\n")
	assert.True(t, strings.HasPrefix(lines[1], `1,"'=HYPERLINK(""http://x"")",'@SUM(A1),1,`), lines[1])
	assert.True(t, strings.HasPrefix(lines[2], `2,-1,,0,`), lines[2])
}

// report -f markdown writes what package report's Markdown writes, the
// text the explorer's copy key puts in the clipboard: HTML from the
// list's ids, title and notes escaped, control characters shown escaped.
func TestReportMarkdownEscapesHostileText(t *testing.T) {
	list := `{"title": "<script>alert(1)</script>", "notes": "<img src=x onerror=alert(2)>",
	          "items": [{"id": "A\u001b[2J\u001b]0;pwned\u0007", "grade": 3}, {"id": "<img src=x onerror=alert(3)>", "grade": 1}]}`
	code, out, stderr := reportRun(list, "report", "-", "--format", "markdown")
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, out, "## &lt;script&gt;alert(1)&lt;/script&gt;\n")
	assert.Contains(t, out, "> **Notes:** &lt;img src=x onerror=alert(2)&gt;\n")
	assert.Contains(t, out, "| 1 | A\\x1b[2J\\x1b]0;pwned\\x07 | 3 |")
	assert.Contains(t, out, "| 2 | &lt;img src=x onerror=alert(3)&gt; | 1 |")
	assert.NotContains(t, out, "<script")
	assert.NotContains(t, out, "<img")

	doc, err := listio.ReadJSON("-", []byte(list))
	require.NoError(t, err)
	r, err := ndcg.Compute(doc.List, ndcg.DefaultSettings())
	require.NoError(t, err)
	assert.Equal(t, report.MarkdownString(doc, r), out, "the explorer's copy is the same text")
}
