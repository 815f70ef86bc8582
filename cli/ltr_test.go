package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
)

func runLtrCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return false }}
	code := Main(append([]string{"ltr"}, args...), env)
	return code, out.String(), errOut.String()
}

func ltrFiles(t *testing.T) (string, string) {
	dir := t.TempDir()
	data := filepath.Join(dir, "train.txt")
	preds := filepath.Join(dir, "preds.txt")
	require.NoError(t, os.WriteFile(data, []byte("3 qid:1 1:0.5\n2 qid:1 1:0.2\n3 qid:1 1:0.1\n0 qid:1 2:0.9\n1 qid:1 1:0.7\n0 qid:2 1:0.1\n0 qid:2 1:0.2\n"), 0o644))
	require.NoError(t, os.WriteFile(preds, []byte("0.5\n0.5\n0.1\n0.9\n0.5\n0.3\n0.2\n"), 0o644))
	return data, preds
}

// Query 1 is the ltr package's example: XGBoost's ndcg@3 is 0.4581
// (checked there against XGBoost's rules), scikit-learn's ndcg_score
// 0.3838; query 2 has no relevant document.
func TestLtrCommand(t *testing.T) {
	data, preds := ltrFiles(t)
	code, out, errOut := runLtrCmd(t, data, preds, "-k", "3")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, "ndcg@3                \t1\t0.4581\n"+
		"ndcg@3                \t2\t1.0000\n"+
		"ndcg@3                \tall\t0.7290\n"+
		"\n# where lightgbm, sklearn differ from xgboost (2 of 2 queries): query, cutoff, values, the settings that make the difference\n"+
		"# 1\t@3\txgboost 0.4581, sklearn 0.3838\tgain exp → linear; ties input → expected\n"+
		"# 2\t@3\txgboost 1.0000, sklearn 0.0000\tzero 1 → 0\n", out)

	code, out, errOut = runLtrCmd(t, data, preds, "-k", "3", "--preset", "xgboost-", "--format", "json", "--compare", "none")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, "{\n  \"1\": {\"ndcg@3-\": 0.458057870519973},\n  \"2\": {\"ndcg@3-\": 0},\n  \"all\": {\"ndcg@3-\": 0.2290289352599865}\n}\n", out)

	code, out, errOut = runLtrCmd(t, data, preds, "-k", "5,1", "--preset", "lightgbm", "-n", "--compare", "none")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, "ndcg@1                \tall\t0.5000\nndcg@5                \tall\t0.8392\n", out, "eval_at sorted, as LightGBM does")

	code, out, errOut = runLtrCmd(t, data, preds, "-k", "3", "-n")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, "ndcg@3                \tall\t0.7290\n"+
		"\n# the other presets: their mean, the queries where they differ from xgboost, and why (how many queries each setting moves)\n"+
		"# lightgbm\tndcg@3\tall 0.7290\tdiffers on 0 of 2 queries\n"+
		"# sklearn\tndcg@3\tall 0.1919\tdiffers on 2 of 2 queries\tgain exp → linear: 1; ties input → expected: 1; zero 1 → 0: 1\n", out)

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{data, preds, "--preset", "nope"}, `--preset: unknown preset "nope"`},
		{[]string{data, preds, "--label-gain", "0,1"}, "--label-gain is LightGBM's parameter"},
		{[]string{data, preds, "--preset", "lightgbm", "--label-gain", "0,1"}, "label 3 has no gain: label_gain gives gains to labels 0 to 1 only"},
		// --predictions, as report and the explorer take them with --ltr.
		{[]string{data, "--predictions", preds}, "unknown flag: --predictions: ltr takes the predictions as its second argument: ndcg-explorer ltr DATA PREDICTIONS"},
		{[]string{data, "--predictions=" + preds}, "ltr takes the predictions as its second argument"},
		{[]string{data, preds, "--query", "1"}, "unknown flag: --query: ltr prints every query; for one query's working: ndcg-explorer report --ltr DATA --predictions P --query QID"},
		{[]string{data}, "no predictions: give the predictions file, one score a line, a line per row (ltr DATA PREDICTIONS, or --ltr DATA --predictions P)"},
	} {
		code, _, errOut := runLtrCmd(t, c.args...)
		assert.Equal(t, ExitBadInput, code, c.args)
		assert.Contains(t, errOut, c.want, c.args)
	}
}

func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return false }}
	code := Main(args, env)
	return code, out.String(), errOut.String()
}

// report and check read one query of a multi-query table (--query), of
// a learning-to-rank data set (--ltr, under the preset's rules), or of
// a qrels and run pair in any format.
func TestReportOneQueryOfManyFormats(t *testing.T) {
	data, preds := ltrFiles(t)
	code, out, errOut := runCmd(t, "report", "--ltr", data, "--predictions", preds, "--query", "1", "-k", "3", "--preset", "xgboost-")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "NDCG@3 = 0.4581")
	assert.Contains(t, out, "ties input")

	dir := t.TempDir()
	table := filepath.Join(dir, "runs.csv")
	require.NoError(t, os.WriteFile(table, []byte(",query_id,doc_id,relevance,score\n0,q1,d1,2,0.5\n1,q2,d9,1,0.1\n2,q1,d2,0,0.9\n3,q1,d3,1,0.7\n"), 0o644))
	code, out, errOut = runCmd(t, "report", table, "--query", "q1", "-k", "2", "--gain", "linear")
	require.Equal(t, ExitOK, code, errOut)
	// d2 (0), d3 (1): DCG@2 = 1/log2(3) = 0.6309; IDCG@2 = 2 + 1/log2(3).
	assert.Contains(t, out, "NDCG@2 = 0.2398")

	code, _, errOut = runCmd(t, "report", table)
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "holds 2 queries (q1, q2): give --query QID")

	code, out, errOut = runCmd(t, "report", "--qrels", table, "--run", table, "--query", "q1", "-k", "2")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "NDCG@2 = 0.2398", "trec_eval's preset: linear gain")
}

// The query browser lists a data set's queries with the library's NDCG@k
// and the tie band of each: query 1's three rows tied at 0.5 can give
// 0.1650 to 0.4581 at k=3 (the explorer's ltr example).
func TestLtrBrowseResult(t *testing.T) {
	data, preds := ltrFiles(t)
	lf := &listFlags{ltrData: data, predictions: preds}
	ds, rules, err := lf.loadLTR(nil)
	require.NoError(t, err)
	res, err := ltrBrowseResult(ds, rules, 3)
	require.NoError(t, err)
	require.Len(t, res.Queries, 2)
	assert.Equal(t, "ndcg@3", res.Columns[0].Name)
	q := res.Queries[0]
	assert.InDelta(t, 0.4581, q.Values[0], 5e-5)
	assert.InDelta(t, 0.1650, q.Bands[0].Worst, 5e-5)
	assert.InDelta(t, 0.4581, q.Bands[0].Best, 5e-5)
	assert.Equal(t, 4, q.Relevant)
	assert.Equal(t, 1.0, res.Queries[1].Values[0])
	assert.InDelta(t, (q.Values[0]+1)/2, res.All[0], 1e-15)
}

// --preset xgboost on a list names xgboost where the list is shown (the
// explorer's conventions line), not lightgbm, whose conventions they are.
func TestPresetFlagNamesItselfOnTheList(t *testing.T) {
	doc, err := listio.Inline("2,0", "")
	require.NoError(t, err)
	s, err := (&listFlags{preset: "xgboost"}).settings(doc)
	require.NoError(t, err)
	assert.Equal(t, "xgboost", doc.Conventions().Name)
	assert.True(t, doc.Conventions().Matches(s))

	doc, err = listio.Inline("2,0", "")
	require.NoError(t, err)
	_, err = (&listFlags{}).settings(doc)
	require.NoError(t, err)
	assert.Equal(t, "", doc.Conventions().Name)
}

// A query of a data set or a run opened alone (--query, no -k) is at
// the query browser's cutoff, 10, so that it reads what the browser
// lists for it and what the browser opens (it read k=all). Query 1 has
// five rows: DCG@10 = 7/log2(3) + 3/2 + 1/log2(5) + 7/log2(6) = 9.0552,
// IDCG@10 = 7 + 7/log2(3) + 3/2 + 1/log2(5) + 0 = 13.3472, NDCG@10 =
// 0.6784, XGBoost's ndcg@5 for the query as well (docs/ltr.md's example).
func TestQueryOpenedAloneTakesTheBrowsersCutoff(t *testing.T) {
	data, preds := ltrFiles(t)
	code, out, errOut := runCmd(t, "report", "--ltr", data, "--predictions", preds, "--query", "1")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "k=10,")
	assert.Contains(t, out, "NDCG@10 = 0.6784")
	lf := &listFlags{ltrData: data, predictions: preds}
	ds, rules, err := lf.loadLTR(nil)
	require.NoError(t, err)
	res, err := ltrBrowseResult(ds, rules, browseK)
	require.NoError(t, err)
	assert.InDelta(t, 0.6784, res.Queries[0].Values[0], 5e-5, "the browser's NDCG@10 of query 1")

	code, out, errOut = runCmd(t, "report", "--ltr", data, "--predictions", preds, "--query", "1", "-k", "all")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "NDCG@all = 0.6784", "-k still sets it")

	// A TREC query: 101 of basic.run, whose ndcg_cut.10 trec_eval gives as
	// 0.4229 (trec_eval 10.0: -q -m ndcg_cut.10 basic.qrels basic.run).
	cases := filepath.Join("..", "trec", "testdata", "cases")
	code, out, errOut = runCmd(t, "report", "--qrels", filepath.Join(cases, "basic.qrels"), "--run", filepath.Join(cases, "basic.run"), "--query", "101")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "k=10,")
	assert.Contains(t, out, "NDCG@10 = 0.4229")

	// A file's own k is kept: only the data sets' queries have no k of
	// their own.
	doc, err := listio.Inline("2,0", "")
	require.NoError(t, err)
	s, err := (&listFlags{}).settings(doc)
	require.NoError(t, err)
	assert.Equal(t, 0, s.K, "a list without --query keeps the whole list")
}

// "-" reads the data or the predictions from standard input, as a
// pipe from the training script gives them (it said "no standard input
// to read", stdin or not); the values are those of the files.
func TestLtrStandardInput(t *testing.T) {
	data, preds := ltrFiles(t)
	run := func(stdin string, args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		env := &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return false }}
		code := Main(append([]string{"ltr"}, args...), env)
		return code, out.String(), errOut.String()
	}
	_, want, _ := runLtrCmd(t, data, preds, "-k", "3")
	dataText, err := os.ReadFile(data)
	require.NoError(t, err)
	predText, err := os.ReadFile(preds)
	require.NoError(t, err)

	code, out, errOut := run(string(dataText), "-", preds, "-k", "3")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, want, out)
	assert.Contains(t, out, "ndcg@3                \t1\t0.4581\n")
	code, out, errOut = run(string(predText), data, "-", "-k", "3")
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, want, out)

	code, _, errOut = run("", "-", "-")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, errOut, "standard input can hold the data or the predictions, not both")

	var out2, errOut2 bytes.Buffer
	env := &Env{Stdin: strings.NewReader(string(dataText)), Stdout: &out2, Stderr: &errOut2, IsTerminal: func() bool { return false }}
	code = Main([]string{"report", "--ltr", "-", "--predictions", preds, "--query", "1", "-k", "3"}, env)
	require.Equal(t, ExitOK, code, errOut2.String())
	assert.Contains(t, out2.String(), "NDCG@3 = 0.4581")
}

// A practitioner's files from a real XGBoost training run
// (ltr/testdata/practitioner_gen.py): ltr prints XGBoost's own ndcg@5
// and ndcg@10, and for scikit-learn the queries ndcg_score refuses and
// the mean of the loop that skips them, as practitioner.json records
// them from XGBoost 1.7.4 and scikit-learn 1.2.1.
func TestLtrPractitionerFiles(t *testing.T) {
	raw, err := os.ReadFile("../ltr/testdata/practitioner.json")
	require.NoError(t, err)
	var rec struct {
		XGBoost           map[string]float64 `json:"xgboost"`
		SklearnMeanScored map[string]float64 `json:"sklearn_mean_scored"`
	}
	require.NoError(t, json.Unmarshal(raw, &rec))
	data, preds := "../ltr/testdata/practitioner.svm", "../ltr/testdata/practitioner.pred"

	code, out, errOut := runLtrCmd(t, data, preds, "-n")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, fmt.Sprintf("ndcg@5                \tall\t%.4f\n", rec.XGBoost["ndcg@5"]))
	assert.Contains(t, out, fmt.Sprintf("ndcg@10               \tall\t%.4f\n", rec.XGBoost["ndcg@10"]))
	assert.Contains(t, out, fmt.Sprintf("\tndcg_score refuses 2 queries of one document (2, 8): all %.4f over the other 12\n", rec.SklearnMeanScored["ndcg@5"]))

	code, out, errOut = runLtrCmd(t, data, preds, "-p", "sklearn", "--compare", "none")
	require.Equal(t, ExitOK, code, errOut)
	assert.True(t, strings.HasSuffix(out, "\n# ndcg_score refuses 2 queries of one document (2, 8): it raises ValueError; they count above under sklearn's conventions. Over the other 12, as a loop that skips them reports:\n"+
		fmt.Sprintf("# ndcg@5              \tall\t%.4f\n# ndcg@10             \tall\t%.4f\n", rec.SklearnMeanScored["ndcg@5"], rec.SklearnMeanScored["ndcg@10"])), out)

	code, out, errOut = runLtrCmd(t, data, preds, "-k", "5")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "# 2\tsklearn refuses it: ../ltr/testdata/practitioner.svm:9: query 2 has 1 document: scikit-learn's ndcg_score raises ValueError on it (it needs 2 or more)")
}

// The slips of someone new to the command line, each answered with the
// command that works.
func TestPractitionerSlips(t *testing.T) {
	data, preds := ltrFiles(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		// A libsvm file given to report or check as a list.
		{[]string{"report", data}, "this is libsvm/LETOR learning-to-rank data (LABEL qid:QID …), not a list: read it with the model's predictions, ndcg-explorer ltr DATA PREDICTIONS for every query, or --ltr DATA --predictions P --query QID for one"},
		{[]string{"check", data, "--query", "1", "--ndcg", "0.5"}, "this is libsvm/LETOR learning-to-rank data"},
		// The command after the file.
		{[]string{data, "ltr", preds}, "ltr is a command: the command comes first: ndcg-explorer ltr " + data + " " + preds},
		{[]string{data, "report"}, "report is a command: the command comes first: ndcg-explorer report " + data},
		// --ltr without --predictions, in --ltr's words.
		{[]string{"report", "--ltr", data, "--query", "1"}, "no predictions: give the predictions file, one score a line, a line per row (ltr DATA PREDICTIONS, or --ltr DATA --predictions P)"},
	} {
		code, _, errOut := runCmd(t, c.args...)
		assert.Equal(t, ExitBadInput, code, c.args)
		assert.Contains(t, errOut, c.want, c.args)
	}
}

// Every query of one document: no mean of the queries ndcg_score
// scores (it would be 0/0), but the refusal said once.
func TestLtrEveryQueryRefused(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "one.svm")
	preds := filepath.Join(dir, "one.pred")
	require.NoError(t, os.WriteFile(data, []byte("1 qid:1 1:1\n0 qid:2 1:1\n"), 0o644))
	require.NoError(t, os.WriteFile(preds, []byte("0.5\n0.2\n"), 0o644))
	code, out, errOut := runLtrCmd(t, data, preds, "-k", "5", "-p", "sklearn", "--compare", "none")
	require.Equal(t, ExitOK, code, errOut)
	// One document of label 1: 1/1; of label 0: IDCG 0, sklearn's 0.
	assert.Equal(t, "ndcg@5                \t1\t1.0000\nndcg@5                \t2\t0.0000\nndcg@5                \tall\t0.5000\n"+
		"\n# ndcg_score refuses every query: each holds one document, on which it raises ValueError; the values above are under sklearn's conventions\n", out)
	code, out, errOut = runLtrCmd(t, data, preds, "-k", "5", "-n", "--compare", "sklearn")
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "\tndcg_score refuses every query: each holds one document\n")
	assert.NotContains(t, out, "NaN")
}

// Weights on the rows (LABEL:WEIGHT) are not read: ltr says so, and
// its mean is XGBoost's, which ignores one weight per query and stops
// on a weight per row (ltr/testdata/xgboost_weights.py, XGBoost 1.7.4).
func TestLtrWeightsLeftOut(t *testing.T) {
	raw, err := os.ReadFile("../ltr/testdata/xgboost_weights.json")
	require.NoError(t, err)
	var rec struct {
		RowWeights string             `json:"row_weights"`
		NDCG5      map[string]float64 `json:"ndcg@5"`
	}
	require.NoError(t, json.Unmarshal(raw, &rec))
	require.Equal(t, rec.NDCG5["none"], rec.NDCG5["10,1"], "XGBoost's ndcg@5 ignores query weights")

	code, out, errOut := runLtrCmd(t, "../ltr/testdata/weights.svm", "../ltr/testdata/weights.pred", "-k", "5", "-n", "--compare", "none", "-f", "json")
	require.Equal(t, ExitOK, code, errOut)
	var got map[string]map[string]float64
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.InDelta(t, rec.NDCG5["10,1"], got["all"]["ndcg@5"], 1e-12)
	assert.Equal(t, "ndcg-explorer: warning: ../ltr/testdata/weights.svm:1: the rows carry weights (LABEL:WEIGHT), which ltr leaves out: its means are unweighted, as XGBoost's ndcg@k is with one weight per query; with a weight per row, as here, XGBoost stops (\""+rec.RowWeights+"\")\n", errOut)
}

// Grades typed with spaces, which the shell splits into words.
func TestGradesWithSpaces(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "--grades", "3", "2", "1"}, "--grades and --scores take their values separated by commas, without spaces: --grades 3,2,1"},
		{[]string{"report", "--grades", "3,", "2,", "1"}, "--grades and --scores take their values separated by commas, without spaces: --grades 3,2,1"},
		{[]string{"check", "--grades", "3,2", "--scores", "0.5", "0.4", "--ndcg", "1"}, "0.4: the shell split a flag's values at the spaces"},
	} {
		code, _, errOut := runCmd(t, c.args...)
		assert.Equal(t, ExitBadInput, code, c.args)
		assert.Contains(t, errOut, c.want, c.args)
	}
}
