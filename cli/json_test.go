package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/report"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// schemas compiles the JSON Schemas in ../schema, each under its $id,
// so that their references resolve without a network.
func schemas(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	ids := map[string]string{}
	for _, name := range []string{"report", "check", "trec"} {
		f, err := os.Open(filepath.Join("..", "schema", name+".schema.json"))
		require.NoError(t, err)
		doc, err := jsonschema.UnmarshalJSON(f)
		f.Close()
		require.NoError(t, err, name)
		id := doc.(map[string]any)["$id"].(string)
		require.Equal(t, "https://github.com/ndcg-explorer/ndcg-explorer/schema/"+name+".schema.json", id)
		require.NoError(t, c.AddResource(id, doc))
		ids[name] = id
	}
	out := map[string]*jsonschema.Schema{}
	for name, id := range ids {
		s, err := c.Compile(id)
		require.NoError(t, err, name)
		out[name] = s
	}
	return out
}

// validate checks out against the named schema.
func validate(t *testing.T, s *jsonschema.Schema, out string) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	require.NoError(t, err, out)
	assert.NoError(t, s.Validate(inst))
}

// Every JSON output follows its schema, on lists that reach every field:
// ties under each policy, a pool, titles, scores or none, k past the end,
// wrong claims of every kind.
func TestJSONOutputsFollowTheirSchemas(t *testing.T) {
	sc := schemas(t)
	cases := filepath.Join("..", "trec", "testdata", "cases")
	qrels, run := filepath.Join(cases, "ties.qrels"), filepath.Join(cases, "ties.run")
	for _, args := range [][]string{
		{"report", goldenList},
		{"report", "--grades", "3,2,3,0,1"},
		{"report", "--grades", "3,1,1,0", "--scores", "4,3,3,1", "--ties", "docno", "-k", "2"},
		{"report", "--grades", "0,0", "--zero", "1", "-k", "9"},
		{"report", "sample:missing-relevant", "--idcg", "judged"},
		{"report", "sample:ties-at-k", "--preset", "trec_eval"},
		{"report", "--qrels", qrels, "--run", run, "--query", "118"},
	} {
		code, out, stderr := execCLI(append(args, "--format", "json")...)
		require.Equal(t, ExitOK, code, "%v: %s", args, stderr)
		validate(t, sc["report"], out)
	}
	for _, args := range [][]string{
		{"check", "testdata/check-seed000.json"},
		{"check", "--grades", "3,2,3,0,1", "-k", "5", "--ndcg", "0.9575"},
		{"check", "--grades", "3,2,3,0,1", "-k", "5", "--contributions", "7,1.89,3.5,0,0.5"},
		{"check", "--grades", "3,2,3,0,1", "-k", "5", "--ndcg", "0.95"},
		{"check", "--grades", "3,2,3,0,1", "--gain", "linear", "-k", "5", "--idcg", "6.324"},
		{"check", "--grades", "3,2,3,0,1", "-k", "5", "--ndcg", "0.9724"},
	} {
		code, out, stderr := execCLI(append(args, "--format", "json")...)
		require.Contains(t, []int{ExitOK, ExitMismatch}, code, "%v: %s", args, stderr)
		validate(t, sc["check"], out)
	}
	for _, args := range [][]string{{"-q"}, {"-n", "-m", "ndcg"}, {"-c", "-m", "ndcg_cut.1,10"},
		{"-c", "-m", "ndcg_rel", "-m", "Rndcg.1=0,2=0,3=0", "-m", "ndcg.1=-1,2=3"}} {
		code, out, stderr := runTrecCmd(t, "", append(append(args, "--format", "json"), qrels, run)...)
		require.Equal(t, ExitOK, code, "%v: %s", args, stderr)
		validate(t, sc["trec"], out)
	}

	// ltr's JSON has trec's shape.
	data, preds := ltrFiles(t)
	for _, preset := range []string{"xgboost", "xgboost-", "sklearn"} {
		code, out, stderr := runLtrCmd(t, data, preds, "-k", "1,5", "--preset", preset, "--format", "json")
		require.Equal(t, ExitOK, code, stderr)
		validate(t, sc["trec"], out)
	}

	// The schemas do reject: a report without its version, a claim
	// with a quantity of no kind.
	_, out, _ := execCLI("report", "--grades", "3,2", "--format", "json")
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(strings.Replace(out, `"schema_version": 1,`, "", 1)))
	require.NoError(t, err)
	assert.Error(t, sc["report"].Validate(inst))
	_, out, _ = execCLI("check", "--grades", "3,2", "--ndcg", "1", "--format", "json")
	inst, err = jsonschema.UnmarshalJSON(strings.NewReader(strings.Replace(out, `"quantity": "ndcg"`, `"quantity": "map"`, 1)))
	require.NoError(t, err)
	assert.Error(t, sc["check"].Validate(inst))
}

func TestJSONGolden(t *testing.T) {
	cases := filepath.Join("..", "trec", "testdata", "cases")
	for _, c := range []struct {
		golden string
		args   []string
		code   int
	}{
		{"check.json", []string{"check", "--format", "json", "testdata/check-seed000.json"}, ExitMismatch},
		{"report-docno.json", []string{"report", "--format", "json", "--ties", "docno", goldenList}, ExitOK},
		{"trec.json", []string{"trec", "--format", "json", "-m", "ndcg", "-m", "ndcg_cut.3", filepath.Join(cases, "basic.qrels"), filepath.Join(cases, "basic.run")}, ExitOK},
	} {
		t.Run(c.golden, func(t *testing.T) {
			code, out, stderr := execCLI(c.args...)
			require.Equal(t, c.code, code, stderr)
			compareGolden(t, c.golden, out)
		})
	}
}

// With --ties docno the headline is the docno order's, as the text says:
// the golden list puts C (grade 2) before B (grade 0) in their tie, the
// best order, so NDCG@2 is 1 where the expected value is 0.8936.
func TestReportJSONHeadlineUnderTheTiePolicy(t *testing.T) {
	_, text, _ := execCLI("report", "--ties", "docno", goldenList)
	assert.Contains(t, text, "NDCG@2 = 1.0000")
	_, out, _ := execCLI("report", "--ties", "docno", "--format", "json", goldenList)
	var rep struct {
		Summary struct{ DCG, IDCG, NDCG float64 }
		NDCG    struct{ Expected float64 }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, 1.0, rep.Summary.NDCG)
	// 7 + 3/log2(3), both sums.
	assert.InDelta(t, 8.892789260714373, rep.Summary.DCG, 1e-15)
	assert.InDelta(t, 8.892789260714373, rep.Summary.IDCG, 1e-15)
	assert.InDelta(t, 0.8935773014954859, rep.NDCG.Expected, 1e-15)
}

// Every row field of --format csv is in the JSON, with the same value.
func TestReportJSONHasEveryCSVField(t *testing.T) {
	args := []string{"report", "sample:missing-relevant", "--idcg", "judged", "-k", "3"}
	_, csvOut, _ := execCLI(append(args, "--format", "csv")...)
	_, jsonOut, _ := execCLI(append(args, "--format", "json")...)
	var rep struct{ Ranks []map[string]any }
	require.NoError(t, json.Unmarshal([]byte(jsonOut), &rep))
	lines := strings.Split(strings.TrimSpace(csvOut), "\n")
	header := strings.Split(lines[0], ",")
	require.Equal(t, report.CSVHeader(), header)
	require.Len(t, rep.Ranks, len(lines)-1)
	for i, line := range lines[1:] {
		cells := strings.Split(line, ",") // no commas in this sample's ids and titles
		for c, name := range header {
			v, ok := rep.Ranks[i][name]
			require.True(t, ok, "rank %d lacks %s", i+1, name)
			var s string
			switch x := v.(type) {
			case nil:
				s = ""
			case float64:
				s = full(x)
			case bool:
				s = fmt.Sprint(x)
			case string:
				s = x
			}
			assert.Equal(t, cells[c], s, "rank %d, %s", i+1, name)
		}
	}
}

// trec's JSON is trec_eval's values at full precision: each rounds to
// the four decimals trec_eval 10.0 printed (trec's recorded output).
func TestTrecJSONAgreesWithTrecEval(t *testing.T) {
	cases := filepath.Join("..", "trec", "testdata", "cases")
	code, out, stderr := runTrecCmd(t, "", "--format", "json", "-q", "-m", "ndcg", "-m", "ndcg_cut.1,3,5,10,20,100",
		filepath.Join(cases, "ties.qrels"), filepath.Join(cases, "ties.run"))
	require.Equal(t, ExitOK, code, stderr)
	var got map[string]map[string]float64
	require.NoError(t, json.Unmarshal([]byte(out), &got))

	f, err := os.Open(filepath.Join("..", "trec", "testdata", "expected", "ties.0.out"))
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		require.Len(t, fields, 3)
		measure, qid, want := strings.TrimSpace(fields[0]), fields[1], fields[2]
		v, ok := got[qid][measure]
		require.True(t, ok, "%s %s", qid, measure)
		assert.Equal(t, want, fmt.Sprintf("%6.4f", v), "%s %s", qid, measure)
		n++
	}
	require.NoError(t, sc.Err())
	total := 0
	for _, m := range got {
		total += len(m)
	}
	assert.Equal(t, n, total, "nothing more than trec_eval printed")
}

// full prints a number with every digit float64 holds, as report --format
// csv does.
func full(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
