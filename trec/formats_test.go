package trec

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tline is a data line of a TREC file, split into fields.
type tline []string

func readTREC(t *testing.T, path string) []tline {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []tline
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		out = append(out, f)
	}
	return out
}

// writeTable writes rows as CSV or TSV; pandas puts an unnamed index
// column first, which the reader must ignore.
func writeTable(t *testing.T, sep rune, header []string, rows [][]string, index bool) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Comma = sep
	if index {
		header = append([]string{""}, header...)
	}
	require.NoError(t, w.Write(header))
	for i, r := range rows {
		if index {
			r = append([]string{fmt.Sprint(i)}, r...)
		}
		require.NoError(t, w.Write(r))
	}
	w.Flush()
	return b.Bytes()
}

func jsonLines(t *testing.T, keys []string, rows [][]string, numeric int) []byte {
	var b bytes.Buffer
	for _, r := range rows {
		b.WriteString("{")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			v, _ := json.Marshal(r[i])
			if i == numeric && json.Valid([]byte(r[i])) {
				v = []byte(r[i])
			}
			fmt.Fprintf(&b, "%q: %s", k, v)
		}
		b.WriteString("}\n")
	}
	return b.Bytes()
}

func dictJSON(rows [][]string) []byte {
	var b bytes.Buffer
	b.WriteString("{")
	byQ := map[string][]string{}
	var order []string
	for _, r := range rows {
		if _, ok := byQ[r[0]]; !ok {
			order = append(order, r[0])
		}
		v := r[2]
		if !json.Valid([]byte(v)) { // +1.5, 1.: the same number as JSON has it
			f, _ := strconv.ParseFloat(v, 64)
			v = strconv.FormatFloat(f, 'g', -1, 64)
		}
		byQ[r[0]] = append(byQ[r[0]], fmt.Sprintf("%q: %s", r[1], v))
	}
	for i, q := range order {
		if i > 0 {
			b.WriteString(",\n ")
		}
		fmt.Fprintf(&b, "%q: {%s}", q, strings.Join(byQ[q], ", "))
	}
	b.WriteString("}\n")
	return b.Bytes()
}

func evalText(t *testing.T, q *Qrels, run Source) string {
	t.Helper()
	m, err := ParseMeasures([]string{"ndcg", "ndcg_cut.1,3,5,10,100"})
	require.NoError(t, err)
	res, err := Evaluate(q, run, Options{Measures: m, Complete: true})
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, WriteTrecEval(&out, res, true))
	return out.String()
}

// TestFormatsRoundTrip writes every generated case's qrels and run in
// each other format, reads them back (format detected from the
// content) and checks that trec prints the same bytes as for the TREC
// files.
func TestFormatsRoundTrip(t *testing.T) {
	cases, err := filepath.Glob("testdata/cases/*.qrels")
	require.NoError(t, err)
	require.NotEmpty(t, cases)
	for _, qpath := range cases {
		name := strings.TrimSuffix(filepath.Base(qpath), ".qrels")
		rpath := strings.TrimSuffix(qpath, ".qrels") + ".run"
		t.Run(name, func(t *testing.T) {
			q, err := ReadQrelsFile(qpath)
			require.NoError(t, err)
			want := evalText(t, q, FileSource(rpath))

			var qrows, rrows [][]string // qid, docno, value
			for _, f := range readTREC(t, qpath) {
				qrows = append(qrows, []string{f[0], f[2], f[3]})
			}
			for _, f := range readTREC(t, rpath) {
				rrows = append(rrows, []string{f[0], f[2], f[4]})
			}
			qrelsForms := map[Format][]byte{
				FormatCSV:   writeTable(t, ',', []string{"query_id", "doc_id", "relevance"}, qrows, true),
				FormatTSV:   writeTable(t, '\t', []string{"qid", "docno", "label"}, qrows, false),
				FormatBEIR:  writeTable(t, '\t', []string{"query-id", "corpus-id", "score"}, qrows, false),
				FormatJSONL: jsonLines(t, []string{"qid", "docid", "rel"}, qrows, 2),
				FormatJSON:  dictJSON(qrows),
			}
			runForms := map[Format][]byte{
				FormatCSV:   writeTable(t, ',', []string{"query_id", "doc_id", "score"}, rrows, true),
				FormatTSV:   writeTable(t, '\t', []string{"Query", "DocNo", "Prediction"}, rrows, false),
				FormatJSONL: jsonLines(t, []string{"query_id", "doc_id", "score"}, rrows, 2),
			}
			if !hasDuplicates(rrows) {
				runForms[FormatJSON] = dictJSON(rrows)
			}
			exponent := slices.ContainsFunc(qrows, func(r []string) bool { return strings.ContainsAny(r[2], "eE") })
			for f, data := range qrelsForms {
				assert.Equal(t, f, DetectFormat(data), "qrels as %s", f)
				q2, err := ParseQrelsAs("qrels."+string(f), data, "")
				if exponent {
					// trec_eval reads 1e3 as 1, a number reader as 1000:
					// outside TREC's own format it is refused.
					if assert.Error(t, err, "qrels as %s", f) {
						assert.Contains(t, err.Error(), "has an exponent, which trec_eval reads as its leading digits alone and a number reader as 1000: write it in digits, as 1000")
					}
					continue
				}
				require.NoError(t, err, "qrels as %s", f)
				assert.Equal(t, want, evalText(t, q2, FileSource(rpath)), "qrels as %s", f)
			}
			for f, data := range runForms {
				assert.Equal(t, f, DetectFormat(data), "run as %s", f)
				src, err := RunSourceFrom("run."+string(f), data, "")
				require.NoError(t, err, "run as %s", f)
				assert.Equal(t, want, evalText(t, q, src), "run as %s", f)
			}

			// MS MARCO runs have ranks, not scores: the same ranking
			// written as a TREC run with score −rank scores the same.
			var marco, trecForm bytes.Buffer
			rank := map[string]int{}
			for _, r := range rrows {
				rank[r[0]]++
				fmt.Fprintf(&marco, "%s\t%s\t%d\n", r[0], r[1], rank[r[0]])
				fmt.Fprintf(&trecForm, "%s Q0 %s %d %d run\n", r[0], r[1], rank[r[0]], -rank[r[0]])
			}
			assert.Equal(t, FormatMSMARCO, DetectFormat(marco.Bytes()))
			src, err := RunSourceFrom("run.tsv", marco.Bytes(), "")
			require.NoError(t, err)
			ref, err := RunSourceFrom("run.trec", trecForm.Bytes(), FormatTREC)
			require.NoError(t, err)
			assert.Equal(t, evalText(t, q, ref), evalText(t, q, src))
		})
	}
}

func hasDuplicates(rows [][]string) bool {
	seen := map[[2]string]bool{}
	for _, r := range rows {
		k := [2]string{r[0], r[1]}
		if seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
}

// Errors name the file, the line and the column or key to fix.
func TestFormatErrors(t *testing.T) {
	for _, c := range []struct {
		name, data string
		run        bool
		want       string
	}{
		{"a.csv", "qid,docid,label\n1,d1,2\n1,d2,x\n", false, `a.csv:3: column label: rel "x" is not a finite number`},
		{"a.csv", "qid,docid,label\n1,,2\n", false, `a.csv:2: column docid: empty`},
		{"a.tsv", "qid\tdocid\tscore\n1\td 1\t2\n", true, `a.tsv:2: column docid: "d 1" contains a space`},
		{"a.csv", "query,doc\n1,d1\n", false, `a.csv:1: no relevance column (columns: query, doc)`},
		{"a.csv", "qid,docid,label\n1,d1,2\n", true, `a.csv:1: no score column`},
		{"a.jsonl", "{\"qid\": \"1\", \"docid\": \"d1\", \"score\": 1}\n{\"qid\": \"1\", \"docid\": \"d2\", \"score\": \"NaN\"}\n", true, `a.jsonl:2: key "score": score "NaN" is not a finite number`},
		{"a.jsonl", "{\"qid\": \"1\", \"docid\": \"d1\", \"score\": 1}\n{\"qid\": 1,\n", true, `a.jsonl:2: not a JSON object`},
		{"a.json", "{\"q1\": {\"d1\": \"high\"}}", false, `a.json:1: query "q1", document "d1": the text "high" where its relevance goes; give a number`},
		// A value that is not an object of documents is named by its key
		// (a report's JSON given as a run, say).
		{"a.json", "{\"q1\": {\"d1\": 1},\n \"schema_version\": 1}", true, `a.json:2: query "schema_version" holds a number where an object of documents goes`},
		{"a.json", "{\"q1\": [1]}", false, `a.json:1: query "q1" holds an array where an object of documents goes`},
		{"a.json", "{\"q1\": {\"d1\": 1e999}}", true, `a.json:1: query "q1", document "d1": score "1e999" is not a finite number`},
		{"m.tsv", "1\tp1\t1\n1\tp2\tx\n", true, `m.tsv:2: rank "x" is not a whole number`},
		{"m.tsv", "1\tp1\t1\n1\tp2\t2\t3\n", true, `m.tsv:2: 4 fields`},
		{"b.tsv", "query-id\tcorpus-id\tscore\n1\td1\t1\n1\td1\t2\n", false, `b.tsv:3: document "d1" is judged twice for query "1" (first on line 2)`},
		{"b.tsv", "query-id\tcorpus-id\tscore\n1\td1\t1\n", true, `b.tsv: this is BEIR qrels`},
		{"l.txt", "2 qid:1 1:0.5\n", false, `l.txt: this is libsvm/LETOR learning-to-rank data (LABEL qid:QID …), not qrels or a run: read it with its predictions, ndcg-explorer ltr DATA PREDICTIONS`},
		{"l.txt", "2 qid:1 1:0.5\n", true, `l.txt: this is libsvm/LETOR learning-to-rank data`},
	} {
		var err error
		if c.run {
			var src Source
			src, err = RunSourceFrom(c.name, []byte(c.data), "")
			if err == nil {
				q, qerr := ParseQrels("q", []byte("1 0 d1 1\n"))
				require.NoError(t, qerr)
				_, err = Evaluate(q, src, Options{Measures: Measures{NDCG: true}})
			}
		} else {
			_, err = ParseQrelsAs(c.name, []byte(c.data), "")
		}
		if assert.Error(t, err, c.data) {
			assert.Contains(t, err.Error(), c.want, c.data)
		}
	}
}

// A table without a document id column names documents by their
// position in their query, on both sides, so one table holding labels
// and scores serves as qrels and run.
func TestOneTableIsQrelsAndRun(t *testing.T) {
	data := []byte("qid,label,score\n1,2,0.5\n1,0,0.9\n2,1,0.1\n1,1,0.7\n2,0,0.3\n")
	q, err := ParseQrelsAs("t.csv", data, "")
	require.NoError(t, err)
	src, err := RunSourceFrom("t.csv", data, "")
	require.NoError(t, err)
	got := evalText(t, q, src)
	// Query 1: ranked 0.9 (0), 0.7 (1), 0.5 (2): DCG = 1/log2(3) + 2/2 =
	// 1.6309; IDCG = 2 + 1/log2(3) = 2.6309; 0.6199. Query 2: 0.3 (0),
	// 0.1 (1): DCG = 1/log2(3) = 0.6309; IDCG = 1.
	assert.Contains(t, got, "ndcg                  \t1\t0.6199\n")
	assert.Contains(t, got, "ndcg                  \t2\t0.6309\n")
}

// A comment line says nothing of the format, even with three words or
// a comma in it.
func TestDetectFormatSkipsComments(t *testing.T) {
	assert.Equal(t, FormatTREC, DetectFormat([]byte("# run by bm25\n1 Q0 d1 1 2.5 bm25\n")))
	assert.Equal(t, FormatTREC, DetectFormat([]byte("# qid, docid, score\n\n1 0 d1 1\n")))
	assert.Equal(t, FormatMSMARCO, DetectFormat([]byte("# a b c d e f\n1\tp1\t1\n")))
}

func TestParseFormat(t *testing.T) {
	f, err := ParseFormat("--run-format", "MS-MARCO", true)
	require.NoError(t, err)
	assert.Equal(t, FormatMSMARCO, f)
	_, err = ParseFormat("--qrels-format", "msmarco", false)
	assert.ErrorContains(t, err, `--qrels-format "msmarco": use one of trec, beir, json, jsonl, csv, tsv`)
}
