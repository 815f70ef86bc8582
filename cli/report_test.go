package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/sklearnref"
)

// reportRun runs ndcg-explorer with stdin and args, and returns its exit
// status, stdout and stderr.
func reportRun(stdin string, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	env := &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return false }}
	code := Main(args, env)
	return code, out.String(), errOut.String()
}

// sklearnReference is one case of the engine's scikit-learn reference
// data (ndcg/testdata/sklearn/cases.json, written by gen.py there): DCG,
// IDCG and NDCG at the case's k and at every k.
func sklearnReference(t *testing.T, name string) sklearnref.Case {
	t.Helper()
	f, err := sklearnref.Load("../ndcg/testdata/sklearn/cases.json")
	require.NoError(t, err)
	c, err := f.Case(name)
	require.NoError(t, err)
	return c
}

// The acceptance command: NDCG@5 0.9724 and every term.
//
// Grades 3, 2, 3, 0, 1, linear gain; discounts 1/log2(i+1) = 1, 0.6309,
// 0.5, 0.4307, 0.3869; contributions 3, 2·0.6309 = 1.2619, 3·0.5 = 1.5,
// 0, 1·0.3869; ideal 3, 3, 2, 1, 0. The running DCG, IDCG and NDCG are
// scikit-learn's dcg_score and ndcg_score at k = 1..5 ("seed002 ranked
// list, linear").
func TestReportTextEveryTerm(t *testing.T) {
	code, out, stderr := reportRun("", "report", "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5")
	require.Equal(t, ExitOK, code, stderr)
	assert.Empty(t, stderr)
	ref := sklearnReference(t, "seed002 ranked list, linear")

	assert.Contains(t, out, "gain linear (g), discount log2 (1/log2(i+1)), k=5, ties expected, IDCG from list, NDCG=0 when IDCG=0")
	assert.Contains(t, out, fmt.Sprintf("DCG@5  = %.4f", ref.DCG))
	assert.Contains(t, out, fmt.Sprintf("IDCG@5 = %.4f", ref.IDCG))
	assert.Contains(t, out, "NDCG@5 = 0.9724")

	type term struct{ id, grade, gain, discount, contribution, ideal string }
	terms := []term{
		{"A", "3", "3", "1.0000", "3.0000", "3"},
		{"B", "2", "2", "0.6309", "1.2619", "3"},
		{"C", "3", "3", "0.5000", "1.5000", "2"},
		{"D", "0", "0", "0.4307", "0.0000", "1"},
		{"E", "1", "1", "0.3869", "0.3869", "0"},
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) >= 11 {
			if _, err := strconv.Atoi(f[0]); err == nil {
				rows[f[0]] = f
			}
		}
	}
	require.Len(t, rows, 5, out)
	for i, want := range terms {
		f := rows[strconv.Itoa(i+1)]
		require.NotNil(t, f, "rank %d", i+1)
		// rank id grade score gain discount contribution DCG@i ideal IDCG@i NDCG@i
		// (no tie column: nothing is tied)
		assert.Equal(t, []string{want.id, want.grade, "-", want.gain, want.discount, want.contribution},
			f[1:7], "rank %d", i+1)
		pk := ref.PerK[i]
		assert.Equal(t, fmt.Sprintf("%.4f", pk.DCG), f[7], "rank %d DCG@i", i+1)
		assert.Equal(t, want.ideal, f[8], "rank %d ideal grade", i+1)
		assert.Equal(t, fmt.Sprintf("%.4f", pk.IDCG), f[9], "rank %d IDCG@i", i+1)
		assert.Equal(t, fmt.Sprintf("%.4f", pk.NDCG), f[10], "rank %d NDCG@i", i+1)
	}
}

// jsonKeys returns the keys of the JSON object raw, in order.
func jsonKeys(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	require.NoError(t, err)
	require.Equal(t, json.Delim('{'), tok)
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		require.NoError(t, dec.Decode(&skip))
	}
	return keys
}

var (
	reportTopKeys      = []string{"schema_version", "name", "title", "settings", "n", "k", "summary", "idcg", "dcg", "ndcg", "ranks"}
	reportSettingsKeys = []string{"gain", "discount", "k", "ties", "idcg", "zero", "truncate_grades"}
	reportBandKeys     = []string{"expected", "best", "worst", "input"}
	reportRankKeys     = []string{"rank", "id", "title", "grade", "score", "tie_group", "tied", "in_cutoff", "gain", "expected_gain", "term_gain",
		"discount", "contribution", "dcg", "ideal_id", "ideal_grade", "ideal_gain", "ideal_contribution", "idcg", "ndcg"}
)

type reportJSON struct {
	Settings map[string]any     `json:"settings"`
	N        int                `json:"n"`
	IDCG     float64            `json:"idcg"`
	DCG      map[string]float64 `json:"dcg"`
	NDCG     map[string]float64 `json:"ndcg"`
	Ranks    []map[string]any   `json:"ranks"`
}

// checkLayout asserts the layout of schema/report.schema.json key by key,
// in its order.
func checkLayout(t *testing.T, out string) reportJSON {
	t.Helper()
	var top map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(out), &top), out)
	assert.Equal(t, reportTopKeys, jsonKeys(t, json.RawMessage(out)))
	assert.Equal(t, reportSettingsKeys, jsonKeys(t, top["settings"]))
	assert.Equal(t, reportBandKeys, jsonKeys(t, top["dcg"]))
	assert.Equal(t, reportBandKeys, jsonKeys(t, top["ndcg"]))
	var ranks []json.RawMessage
	require.NoError(t, json.Unmarshal(top["ranks"], &ranks))
	for i, r := range ranks {
		assert.Equal(t, reportRankKeys, jsonKeys(t, r), "rank %d", i+1)
	}
	var rep reportJSON
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	return rep
}

func jsonNum(t *testing.T, v any) float64 {
	t.Helper()
	f, ok := v.(float64)
	require.True(t, ok, "%v is not a number", v)
	return f
}

// The JSON report of the whole list (k null) at full precision, against
// scikit-learn ("seed002 ranked list, linear" at k = 1..5, the whole
// list at k = 5).
func TestReportJSONWholeList(t *testing.T) {
	code, out, stderr := reportRun("", "report", "--grades", "3,2,3,0,1", "--gain", "linear", "--format", "json")
	require.Equal(t, ExitOK, code, stderr)
	rep := checkLayout(t, out)
	ref := sklearnReference(t, "seed002 ranked list, linear")

	assert.Equal(t, map[string]any{"gain": "linear", "discount": "log2", "k": nil, "ties": "expected", "idcg": "list", "zero": 0.0, "truncate_grades": false}, rep.Settings)
	assert.Contains(t, out, `"k": null`)
	assert.Equal(t, 5, rep.N)
	assert.InDelta(t, ref.IDCG, rep.IDCG, 1e-12)
	for _, p := range reportBandKeys {
		// Nothing is tied: every policy is the list order.
		assert.InDelta(t, ref.DCG, rep.DCG[p], 1e-12, p)
		assert.InDelta(t, ref.NDCG, rep.NDCG[p], 1e-12, p)
	}
	grades := []float64{3, 2, 3, 0, 1}
	ideal := []float64{3, 3, 2, 1, 0}
	require.Len(t, rep.Ranks, 5)
	for i, r := range rep.Ranks {
		d := 1 / math.Log2(float64(i+2))
		assert.Equal(t, float64(i+1), jsonNum(t, r["rank"]))
		assert.Equal(t, string(rune('A'+i)), r["id"])
		assert.Equal(t, grades[i], jsonNum(t, r["grade"]))
		assert.Nil(t, r["score"], "an inline list without scores has none")
		assert.Equal(t, float64(i+1), jsonNum(t, r["tie_group"]), "every rank its own score group")
		assert.Equal(t, grades[i], jsonNum(t, r["gain"]))
		assert.Equal(t, d, jsonNum(t, r["discount"]), "full precision")
		assert.InDelta(t, grades[i]*d, jsonNum(t, r["contribution"]), 1e-15)
		assert.Equal(t, ideal[i], jsonNum(t, r["ideal_grade"]))
		pk := ref.PerK[i]
		assert.InDelta(t, pk.DCG, jsonNum(t, r["dcg"]), 1e-12, "rank %d", i+1)
		assert.InDelta(t, pk.IDCG, jsonNum(t, r["idcg"]), 1e-12, "rank %d", i+1)
		assert.InDelta(t, pk.NDCG, jsonNum(t, r["ndcg"]), 1e-12, "rank %d", i+1)
	}
	// Full float64 precision, not rounded for display.
	assert.Contains(t, out, strconv.FormatFloat(1/math.Log2(3), 'g', -1, 64))
}

// Ties in the JSON report: seed 001's tie example (exp gain, k=5) against
// scikit-learn's ndcg_score (expected) and dcg_score of the best, worst
// and input orders ("seed001 tie example, exp").
func TestReportJSONTies(t *testing.T) {
	code, out, stderr := reportRun("", "report", "--grades", "3,2,1,0,0", "--scores", "0.9,0.8,0.8,0.8,0.1", "-k", "5", "--format", "json")
	require.Equal(t, ExitOK, code, stderr)
	rep := checkLayout(t, out)
	ref := sklearnReference(t, "seed001 tie example, exp")

	assert.Equal(t, 5.0, rep.Settings["k"])
	assert.Equal(t, "exp", rep.Settings["gain"])
	assert.InDelta(t, ref.IDCG, rep.IDCG, 1e-12)
	assert.InDelta(t, ref.DCG, rep.DCG["expected"], 1e-12)
	assert.InDelta(t, ref.NDCG, rep.NDCG["expected"], 1e-12)
	assert.InDelta(t, *ref.DCGBest, rep.DCG["best"], 1e-12)
	assert.InDelta(t, *ref.DCGWorst, rep.DCG["worst"], 1e-12)
	assert.InDelta(t, *ref.DCGInput, rep.DCG["input"], 1e-12)
	assert.InDelta(t, *ref.DCGWorst/ref.IDCG, rep.NDCG["worst"], 1e-12)
	assert.InDelta(t, 1, rep.NDCG["best"], 1e-12)

	// Tie groups number the distinct scores: 0.9 | 0.8 ×3 | 0.1. Under
	// expected, each tied rank's term gain is the group's mean of the exp
	// gains of grades 2, 1, 0: (3 + 1 + 0)/3; gain stays the rank's own.
	wantGroup := []float64{1, 2, 2, 2, 3}
	wantGain := []float64{7, 4.0 / 3, 4.0 / 3, 4.0 / 3, 0}
	wantOwn := []float64{7, 3, 1, 0, 0}
	wantScore := []float64{0.9, 0.8, 0.8, 0.8, 0.1}
	for i, r := range rep.Ranks {
		assert.Equal(t, wantGroup[i], jsonNum(t, r["tie_group"]), "rank %d", i+1)
		assert.InDelta(t, wantGain[i], jsonNum(t, r["term_gain"]), 1e-15, "rank %d", i+1)
		assert.InDelta(t, wantGain[i], jsonNum(t, r["expected_gain"]), 1e-15, "rank %d", i+1)
		assert.Equal(t, wantOwn[i], jsonNum(t, r["gain"]), "rank %d", i+1)
		assert.Equal(t, wantScore[i], jsonNum(t, r["score"]), "rank %d", i+1)
		pk := ref.PerK[i]
		assert.InDelta(t, pk.DCG, jsonNum(t, r["dcg"]), 1e-12, "rank %d", i+1)
		assert.InDelta(t, pk.NDCG, jsonNum(t, r["ndcg"]), 1e-12, "rank %d", i+1)
	}
}

// Invalid input: a message on stderr that says what to fix, nothing on
// stdout, exit status 2.
func TestReportBadInput(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"negative grade", []string{"--grades", "3,-1,2"}, []string{"--grades", "value 2", "grade -1 is negative"}},
		{"NaN grade", []string{"--grades", "3,NaN"}, []string{"--grades", "value 2", "not a finite number"}},
		{"grade not a number", []string{"--grades", "3,x"}, []string{"--grades", `"x"`, "not a number"}},
		{"exp grade too large", []string{"--grades", "2000"}, []string{"too large", "--gain linear"}},
		{"bad gain", []string{"--grades", "3,2", "--gain", "cubic"}, []string{"--gain", `"cubic"`, "exp, linear"}},
		{"grade missing from the gain map", []string{"--grades", "3,2", "--gain", "0=0,2=3"}, []string{"grade 3", "add 3=GAIN"}},
		{"k = 3.0", []string{"--grades", "3,2", "-k", "3.0"}, []string{"-k", "without a point: 3", `"3.0"`}},
		{"grade not whole under lightgbm", []string{"--grades", "3,2.5,1", "-p", "lightgbm"}, []string{`item "B": grade 2.5 is not a whole number: lightgbm stops with "label should be int type"`}},
		{"k < 0", []string{"--grades", "3,2", "-k", "-2"}, []string{"-k", "≥ 1"}},
		{"bad discount", []string{"--grades", "3,2", "--discount", "log1"}, []string{"--discount", "log2"}},
		{"bad ties", []string{"--grades", "3,2", "--ties", "random"}, []string{"--ties", "expected, best, worst, input or docno"}},
		{"bad IDCG source", []string{"--grades", "3,2", "--idcg", "ideal"}, []string{"--idcg", "list or judged"}},
		{"bad zero rule", []string{"--grades", "3,2", "--zero", "2"}, []string{"--zero", "0 or 1"}},
		{"bad preset", []string{"--grades", "3,2", "--preset", "pytorch"}, []string{"--preset", "sklearn"}},
		{"scores mismatch", []string{"--grades", "3,2,1", "--scores", "1,2"}, []string{"3 grades but 2 scores"}},
		{"NaN score", []string{"--grades", "3,2", "--scores", "1,NaN"}, []string{"score", "not a finite number"}},
		{"bad format", []string{"--grades", "3,2", "--format", "yaml"}, []string{"--format", `"yaml"`}},
		{"no list", nil, []string{"no list given"}},
		{"missing file", []string{"/nonexistent/list.json"}, []string{"/nonexistent/list.json"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, stderr := reportRun("", append([]string{"report"}, c.args...)...)
			assert.Equal(t, ExitBadInput, code)
			assert.Empty(t, out)
			require.NotEmpty(t, stderr)
			assert.True(t, strings.HasPrefix(stderr, "ndcg-explorer: "), stderr)
			for _, w := range c.want {
				assert.Contains(t, stderr, w)
			}
		})
	}
}

// "-" reads the list from standard input.
func TestReportStdin(t *testing.T) {
	list := `{"items": [{"id": "A", "grade": 3}, {"id": "B", "grade": 2}, {"id": "C", "grade": 3},
	                    {"id": "D", "grade": 0}, {"id": "E", "grade": 1}]}`
	code, out, stderr := reportRun(list, "report", "--gain", "linear", "-k", "5", "-")
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, out, "NDCG@5 = 0.9724")

	code, out, stderr = reportRun(list, "report", "-", "--gain", "linear", "--format", "json")
	require.Equal(t, ExitOK, code, stderr)
	rep := checkLayout(t, out)
	assert.InDelta(t, 0.9723642841729145, rep.NDCG["expected"], 1e-12)

	// A bad list on stdin: exit 2, the message names the item.
	code, out, stderr = reportRun(`{"items": [{"id": "A", "grade": -3}]}`, "report", "-")
	assert.Equal(t, ExitBadInput, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, "grade")
	assert.Contains(t, stderr, "negative")

	code, _, stderr = reportRun(``, "report", "-")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, stderr, "empty")
}

// Under IDCG from judged items, text and markdown spell out the whole
// ideal ranking with the pool's items marked. By hand, exp gain, k=2:
// DCG@2 = 1 + 0 = 1; IDCG@2 = 7 + 3/log2(3) = 8.8928; NDCG@2 = 0.1125.
func TestReportPool(t *testing.T) {
	list := `{"items": [{"id": "A", "grade": 1}, {"id": "B", "grade": 0}],
	          "pool": [{"id": "Z", "grade": 3}, {"id": "Y", "grade": 2}, {"id": "X", "grade": 1}],
	          "settings": {"idcg": "judged", "k": 2}}`
	want := "Z:3 (pool) Y:2 (pool) A:1 X:1 (pool) B:0"
	code, out, stderr := reportRun(list, "report", "-")
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, out, "ideal ranking (with the pool): "+want+"\n")
	assert.Contains(t, out, "IDCG@2 = 8.8928\nNDCG@2 = 0.1125\n")

	code, out, stderr = reportRun(list, "report", "-", "--format", "markdown")
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, out, "Ideal ranking (with the pool): `"+want+"`")
	assert.Contains(t, out, "- **NDCG@2** = 0.1125\n")
}

// A fractional grade's exponential gain, 2^2.5 − 1 = 4.656854…, takes
// the table's 4 decimals, as its contribution does; whole gains stay as
// typed.
func TestReportFractionalGainRounded(t *testing.T) {
	list := `{"items":[{"id":"a","grade":2.5,"score":3},{"id":"b","grade":1,"score":2}]}`
	code, out, _ := mainWith(list, "report", "-", "--ties", "docno")
	require.Equal(t, ExitOK, code)
	assert.Regexp(t, `1\s+a\s+2\.5\s+3\s+4\.6569\s+1\.0000\s+4\.6569`, out)
	assert.Regexp(t, `2\s+b\s+1\s+2\s+1\s+0\.6309`, out)
	assert.NotContains(t, out, "4.65685")
	code, out, _ = mainWith(list, "report", "-", "--ties", "docno", "--format", "markdown")
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, "| 4.6569 |")
}

// reportOn runs report as on a terminal of the given width.
func reportOn(columns int, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return true },
		Columns: func() int { return columns }}
	code := Main(args, env)
	return code, out.String(), errOut.String()
}

// On a terminal the text report fits its width: the table leaves out its
// least needed columns and says which, prose wraps; --full prints the
// whole table, which a pipe gets unchanged; --width fits a pipe too.
// The ties-at-k sample's table is 92 cells wide.
func TestReportFitsTheTerminal(t *testing.T) {
	_, piped, _ := execCLI("report", "sample:ties-at-k")
	widest := 0
	for _, l := range strings.Split(piped, "\n") {
		widest = max(widest, ansi.StringWidth(l))
	}
	require.Greater(t, widest, 80, "the whole table is wider than 80 columns")

	for _, w := range []int{80, 60} {
		code, out, stderr := reportOn(w, "report", "sample:ties-at-k")
		require.Equal(t, ExitOK, code, stderr)
		for _, l := range strings.Split(out, "\n") {
			assert.LessOrEqual(t, ansi.StringWidth(l), w, "at %d columns: %q", w, l)
		}
		assert.Contains(t, strings.Join(strings.Fields(out), " "), "--full prints every column)")
		// What a term is stays: rank 3 is C, grade 0, gain the tie's
		// mean (0 + 7)/2 = 3.5, discount 1/log2(4) = 0.5, 1.75.
		assert.Regexp(t, `3\s+C\s+0\s.*3\.5000\*\s+0\.5000\s+1\.7500`, out, "at %d", w)
		assert.Contains(t, out, "NDCG@3 = 0.7263\n")
	}
	_, out, _ := reportOn(80, "report", "sample:ties-at-k")
	assert.Contains(t, out, "(left out to fit 80 columns: ideal, IDCG@i; --full prints every column)\n")

	_, full, _ := reportOn(80, "report", "sample:ties-at-k", "--full")
	assert.Equal(t, piped, full)
	_, wide, _ := reportOn(200, "report", "sample:ties-at-k")
	assert.Equal(t, piped, wide, "a table that fits is as a pipe gets it")
	_, fitted, _ := execCLI("report", "sample:ties-at-k", "--width", "80")
	assert.Equal(t, out, fitted)
}

// An id too long for the terminal is cut, with …, once every column that
// can go has gone.
func TestReportCutsLongIDsToFit(t *testing.T) {
	list := `{"items": [{"id": "` + strings.Repeat("x", 120) + `", "grade": 3}, {"id": "b", "grade": 1}]}`
	var out, errOut bytes.Buffer
	env := &Env{Stdin: strings.NewReader(list), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return true },
		Columns: func() int { return 80 }}
	require.Equal(t, ExitOK, Main([]string{"report", "-"}, env), errOut.String())
	for _, l := range strings.Split(out.String(), "\n") {
		assert.LessOrEqual(t, ansi.StringWidth(l), 80, "%q", l)
	}
	assert.Contains(t, out.String(), "xxx…")
}
