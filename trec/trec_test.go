package trec

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

func trecPreset(t *testing.T) ndcg.Settings {
	p, err := ndcg.FindPreset("trec_eval")
	require.NoError(t, err)
	return p.Settings
}

func stringSource(name, run string) Source {
	return Source{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(run)), nil }}
}

// TestBandsMatchEngine checks the fast tie bands against the engine:
// every query of every generated case, as an ndcg list under the
// trec_eval preset, has the same worst, expected and best NDCG@k, and
// the engine's docno order gives trec_eval's value.
func TestBandsMatchEngine(t *testing.T) {
	cases, err := filepath.Glob("testdata/cases/*.qrels")
	require.NoError(t, err)
	require.NotEmpty(t, cases)
	m := Measures{NDCG: true, Cutoffs: []int{1, 3, 5, 10, 20, 100}}
	for _, qf := range cases {
		name := strings.TrimSuffix(filepath.Base(qf), ".qrels")
		t.Run(name, func(t *testing.T) {
			q, err := ReadQrelsFile(qf)
			require.NoError(t, err)
			run := FileSource(strings.TrimSuffix(qf, ".qrels") + ".run")
			res, err := Evaluate(q, run, Options{Measures: m, Ties: true})
			require.NoError(t, err)
			for _, qr := range res.Queries {
				list, err := QueryList(q, run, qr.QID)
				require.NoError(t, err)
				for c, col := range res.Columns {
					s := trecPreset(t)
					s.K = col.K
					r, err := ndcg.Compute(list, s)
					require.NoError(t, err)
					band := r.NDCGBand(col.K)
					got := qr.Bands[c]
					where := fmt.Sprintf("query %s %s", qr.QID, col.Name)
					assert.InDelta(t, band.Worst, got.Worst, 1e-12, where)
					assert.InDelta(t, band.Expected, got.Expected, 1e-12, where)
					assert.InDelta(t, band.Best, got.Best, 1e-12, where)
					assert.InDelta(t, r.NDCGAt(ndcg.Docno, col.K), qr.Values[c], 1e-12, where)
					assert.LessOrEqual(t, got.Worst, qr.Values[c]+1e-15, where)
					assert.LessOrEqual(t, qr.Values[c], got.Best+1e-15, where)
				}
			}
		})
	}
}

func TestTieSummary(t *testing.T) {
	// Query 1: a relevant and a non-relevant document tied at the top;
	// query 2: no ties.
	q, err := ParseQrels("q", []byte("1 0 a 1\n1 0 b 0\n2 0 a 1\n"))
	require.NoError(t, err)
	run := stringSource("r", "1 Q0 a 1 1 r\n1 Q0 b 1 1 r\n2 Q0 a 1 1 r\n")
	res, err := Evaluate(q, run, Options{Measures: Measures{Cutoffs: []int{1}}, Ties: true})
	require.NoError(t, err)
	require.Len(t, res.Queries, 2)
	// trec_eval puts b before a (descending docno): ndcg_cut_1 is 0.
	assert.Equal(t, []float64{0}, res.Queries[0].Values)
	assert.Equal(t, Band{Worst: 0, Expected: 0.5, Best: 1}, res.Queries[0].Bands[0])
	assert.Equal(t, 2, res.Queries[0].TiedDocs)
	s := TieSummaries(res)
	require.Len(t, s, 1)
	assert.Equal(t, 1, s[0].Dependent)
	assert.Equal(t, 2, s[0].Queries)
	assert.Equal(t, 0.5, s[0].MeanSpread)
	assert.Equal(t, 1.0, s[0].MaxSpread)
	assert.Equal(t, "1", s[0].MaxQID)
	assert.Equal(t, Band{Worst: 0.5, Expected: 0.75, Best: 1}, s[0].AllBand)
	assert.Equal(t, 0.5, s[0].All)
	var out bytes.Buffer
	require.NoError(t, WriteTies(&out, res, true))
	assert.Contains(t, out.String(), "ndcg_cut_1            \t1\t0.0000\t0.5000\t1.0000\t1.0000\t0.0000\n")
	assert.Contains(t, out.String(), "1 of 2 queries depend on tie order; spread mean 0.5000, largest 1.0000 (query 1); all 0.5000 could be 0.5000 to 1.0000 (expected 0.7500)")
}

func TestQueryFieldsAndQueryList(t *testing.T) {
	q, err := ParseQrels("q", []byte("1 0 a 1\n1 0 b 0\n1 0 m 2\n1 0 n -1\n2 0 a 1\n3 0 z 1\n"))
	require.NoError(t, err)
	run := stringSource("r", "1 Q0 a 1 1 r\n1 Q0 b 1 1 r\n1 Q0 x 3 0.5 r\n2 Q0 a 1 1 r\n7 Q0 a 1 1 r\n")
	res, err := Evaluate(q, run, Options{Measures: AtCutoff(0), Ties: true})
	require.NoError(t, err)
	require.Len(t, res.Queries, 2, "queries in both files")
	q1, q2 := res.Queries[0], res.Queries[1]
	assert.Equal(t, "1", q1.QID)
	assert.Equal(t, 3, q1.Retrieved)
	assert.Equal(t, 2, q1.Relevant)
	assert.Equal(t, 1, q1.UnretrievedRelevant())
	assert.Greater(t, q1.Bands[0].Spread(), 0.0, "a and b tie, graded 1 and 0")
	assert.Equal(t, 1.0, q2.Values[0])

	list, err := QueryList(q, run, "1")
	require.NoError(t, err)
	require.Len(t, list.Items, 3)
	assert.Equal(t, ndcg.Item{ID: "a", Grade: 1, Score: 1, HasScore: true}, list.Items[0])
	assert.Equal(t, ndcg.Item{ID: "x", Grade: 0, Score: 0.5, HasScore: true}, list.Items[2])
	assert.Equal(t, []ndcg.Judged{{ID: "m", Grade: 2}}, list.Pool, "judged unretrieved documents, negative rels left out")

	list, err = QueryList(q, run, "3")
	require.NoError(t, err, "a query only in the qrels is its pool")
	assert.Empty(t, list.Items)
	assert.Len(t, list.Pool, 1)
	list, err = QueryList(q, run, "7")
	require.NoError(t, err, "a query only in the run has no judgments")
	assert.Len(t, list.Items, 1)
	_, err = QueryList(q, run, "nope")
	assert.ErrorContains(t, err, `query "nope" is in neither q nor r`)
}

func TestSkippedAndComplete(t *testing.T) {
	q, err := ParseQrels("q", []byte("1 0 a 1\n2 0 a 1\n"))
	require.NoError(t, err)
	run := stringSource("r", "1 Q0 a 1 1 r\n")
	m := Measures{NDCG: true}
	res, err := Evaluate(q, run, Options{Measures: m})
	require.NoError(t, err)
	assert.Equal(t, []string{"2"}, res.Skipped)
	assert.Equal(t, []float64{1}, res.All)
	res, err = Evaluate(q, run, Options{Measures: m, Complete: true})
	require.NoError(t, err)
	assert.Empty(t, res.Skipped)
	assert.Equal(t, []float64{0.5}, res.All)
	require.Len(t, res.Queries, 2)
	assert.False(t, res.Queries[1].InRun)

	_, err = Evaluate(q, stringSource("r", "9 Q0 a 1 1 r\n"), Options{Measures: m})
	assert.ErrorContains(t, err, "no query is in both q and r")
}

func TestSplitRun(t *testing.T) {
	q, err := ParseQrels("q", []byte("1 0 a 1\n1 0 b 2\n2 0 a 1\n"))
	require.NoError(t, err)
	grouped := "1 Q0 a 1 2 r\n1 Q0 b 2 1 r\n2 Q0 a 1 1 r\n"
	split := "1 Q0 a 1 2 r\n2 Q0 a 1 1 r\n1 Q0 b 2 1 r\n"
	m := Measures{NDCG: true, Cutoffs: []int{1}}
	want, err := Evaluate(q, stringSource("r", grouped), Options{Measures: m, Ties: true})
	require.NoError(t, err)
	got, err := Evaluate(q, stringSource("r", split), Options{Measures: m, Ties: true})
	require.NoError(t, err)
	assert.Equal(t, 1, got.SplitQueries)
	assert.Equal(t, want.Queries, got.Queries)
	assert.Equal(t, want.All, got.All)

	// Standard input is kept in a temporary file for the second pass.
	src, cleanup := ReaderSource("standard input", strings.NewReader(split))
	got, err = Evaluate(q, src, Options{Measures: m, Ties: true})
	cleanup()
	require.NoError(t, err)
	assert.Equal(t, want.Queries, got.Queries)

	// A document split from its duplicate is still found.
	_, err = Evaluate(q, stringSource("r", split+"1 Q0 a 3 0 r\n"), Options{Measures: m})
	assert.EqualError(t, err, `r:4: document "a" is retrieved twice for query "1" (first on line 1); trec_eval stops on this too: keep one line`)
}

func TestBadInput(t *testing.T) {
	qrelsErrors := map[string]string{
		"1 0 a\n":     "q:1: 3 fields; qrels lines are \"qid iter docno rel\" (4 fields)",
		"1 0 a 1 x\n": "q:1: 5 fields; qrels lines are \"qid iter docno rel\" (4 fields)",
		// A run given as the qrels: trec_eval says "Malformed line 1".
		"1 Q0 a 1 0.5 r\n":       "q:1: 6 fields, as a run's lines have (\"qid Q0 docno rank score tag\"); qrels lines are \"qid iter docno rel\" (4 fields): give the qrels first, then the run (trec QRELS RUN, or --qrels QRELS --run RUN)",
		"1 0 a 1\n\n1 0 b 1\n":   "q:2: blank line; qrels lines are \"qid iter docno rel\" (trec_eval rejects blank lines too: delete it)",
		"1 0 a one\n":            "q:1: rel \"one\" is not a finite number; qrels lines are \"qid iter docno rel\"",
		"qid iter docno rel\n":   "q:1: rel \"rel\" is not a finite number; qrels lines are \"qid iter docno rel\", with no header line: delete it",
		"1 0 a NaN\n":            "q:1: rel \"NaN\" is not a finite number; qrels lines are \"qid iter docno rel\"",
		"1 0 a 99999999999999\n": "q:1: rel \"99999999999999\" is too large (at most 2147483647); qrels lines are \"qid iter docno rel\"",
		"1 0 a 1\n1 0 a 2\n":     "q:2: document \"a\" is judged twice for query \"1\" (first on line 1); keep one judgment",
		"# only a comment\n":     "q: no judgments: a qrels file holds lines \"qid iter docno rel\"",
		"":                       "q: no judgments: a qrels file holds lines \"qid iter docno rel\"",
	}
	for in, want := range qrelsErrors {
		_, err := ParseQrels("q", []byte(in))
		assert.EqualError(t, err, want, "%q", in)
	}
	q, err := ParseQrels("q", []byte("1 0 a 1\n"))
	require.NoError(t, err)
	runErrors := map[string]string{
		"1 Q0 a 1 1\n":                  "r:1: 5 fields; run lines are \"qid Q0 docno rank score tag\" (6 fields)",
		"1 Q0 a 1 x r\n":                "r:1: score \"x\" is not a finite number; run lines are \"qid Q0 docno rank score tag\"",
		"qid Q0 docno rank score tag\n": "r:1: score \"score\" is not a finite number; run lines are \"qid Q0 docno rank score tag\", with no header line: delete it",
		"\n1 Q0 a 1 inf r\n":            "r:2: score \"inf\" is not a finite number; run lines are \"qid Q0 docno rank score tag\"",
		"1 Q0 a 1 1e999 r\n":            "r:1: score \"1e999\" is not a finite number; run lines are \"qid Q0 docno rank score tag\"",
		"1 Q0 a 1 1 r\n1 Q0 a 2 2 r\n":  "r:2: document \"a\" is retrieved twice for query \"1\" (first on line 1); trec_eval stops on this too: keep one line",
	}
	for in, want := range runErrors {
		_, err := Evaluate(q, stringSource("r", in), Options{Measures: Measures{NDCG: true}})
		assert.EqualError(t, err, want, "%q", in)
		var le *LineError
		assert.True(t, errors.As(err, &le), "%q: a *LineError", in)
	}
}

func TestParseMeasures(t *testing.T) {
	m, err := ParseMeasures([]string{"ndcg_cut"})
	require.NoError(t, err)
	assert.Equal(t, DefaultCutoffs, m.Cutoffs)
	assert.False(t, m.NDCG)
	m, err = ParseMeasures([]string{"ndcg_cut.10,5", "ndcg", "ndcg_cut.7"})
	require.NoError(t, err)
	assert.Equal(t, Measures{NDCG: true, Cutoffs: []int{5, 10}}, m, "the first cutoffs count, sorted, as in trec_eval")
	for in, want := range map[string]string{
		"map":          `unknown measure "map": trec computes trec_eval's NDCG measures: ndcg, ndcg_cut.K1,K2,…, ndcg_rel and Rndcg (gains as in ndcg.1=0,2=3); it refuses the others (map, P, recall, …)`,
		"ndcg_cut.0":   `measure ndcg_cut.0: cutoff "0" is not a whole number ≥ 1`,
		"ndcg_cut.5,5": `measure ndcg_cut.5,5: cutoff 5 is given twice`,
		"ndcg_cut.":    `measure "ndcg_cut.": nothing after the dot; give cutoffs as in ndcg_cut.5,10 or gains as in ndcg.1=0,2=3`,
		"ndcg.1":       `measure ndcg.1: "1" is not REL=GAIN; give pairs as in ndcg.1=0,2=3`,
		"Rndcg.x=1":    `measure Rndcg.x=1: rel "x" is not a whole number (trec_eval would ignore the pair silently; trec refuses it)`,
		"ndcg_rel.1=a": `measure ndcg_rel.1=a: gain "a" is not a number (trec_eval would read it as atof does; trec refuses it)`,
		"ndcg_p":       `measure "ndcg_p": trec_eval 10.0 does not build it (its source is there, unregistered); trec computes ndcg, ndcg_cut, ndcg_rel and Rndcg`,
	} {
		_, err := ParseMeasures([]string{in})
		assert.EqualError(t, err, want)
	}
	_, err = Evaluate(&Qrels{}, stringSource("r", ""), Options{})
	assert.Error(t, err)
}

func TestAppendLine(t *testing.T) {
	assert.Equal(t, "ndcg                  \tq1\t0.5000\n", string(appendLine(nil, "ndcg", "q1", 0.5)))
	assert.Equal(t, "a_measure_name_longer_than_22\tall\t1.0000\n", string(appendLine(nil, "a_measure_name_longer_than_22", "all", 1)))
	// Exact halves round to even, as C's printf does.
	assert.Equal(t, "m                     \tq\t0.0312\n", string(appendLine(nil, "m", "q", 0.03125)))
	assert.Equal(t, "m                     \tq\t12.0000\n", string(appendLine(nil, "m", "q", 12)))
}

func TestLongLines(t *testing.T) {
	long := strings.Repeat("x", 3<<20)
	q, err := ParseQrels("q", []byte("1 0 "+long+" 1\n"))
	require.NoError(t, err)
	res, err := Evaluate(q, stringSource("r", "1 Q0 "+long+" 1 1 r"), Options{Measures: Measures{NDCG: true}})
	require.NoError(t, err)
	assert.Equal(t, []float64{1}, res.All, "a last line without a newline counts")
}

func TestFileErrors(t *testing.T) {
	_, err := ReadQrelsFile(filepath.Join(t.TempDir(), "none"))
	assert.ErrorContains(t, err, "reading qrels")
	q, err := ParseQrels("q", []byte("1 0 a 1\n"))
	require.NoError(t, err)
	_, err = Evaluate(q, FileSource(filepath.Join(t.TempDir(), "none")), Options{Measures: Measures{NDCG: true}})
	assert.ErrorContains(t, err, "reading run")
	assert.True(t, errors.Is(err, os.ErrNotExist))
}

// TestQrelsInChunks reads a qrels file big enough to be parsed in
// parallel chunks, with a query whose lines span every chunk.
func TestQrelsInChunks(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	n := 0
	for b.Len() < 3<<20 {
		fmt.Fprintf(&b, "q%d 0 doc%d %d\n", n%97, n, n%4)
		n++
		if n%1000 == 0 {
			fmt.Fprintf(&b, "spread 0 doc%d 2\n", n)
		}
	}
	text := b.String()
	q, err := ParseQrels("q", []byte(text))
	require.NoError(t, err)
	require.Len(t, q.Queries, 98)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	total := 0
	for _, j := range q.Queries {
		total += j.Len()
		prev := 0
		for i := range j.Len() {
			d := j.Doc(i)
			require.Greater(t, d.Line, prev, "file order")
			prev = d.Line
			require.Equal(t, fmt.Sprintf("%s 0 %s %d", j.QID, d.Docno, d.Rel), lines[d.Line-1])
			got, ok := j.Lookup(d.Docno)
			require.True(t, ok)
			require.Equal(t, d, got)
		}
	}
	assert.Equal(t, len(lines), total)

	dup := text + "q5 0 doc5 1\n"
	_, err = ParseQrels("q", []byte(dup))
	assert.EqualError(t, err, fmt.Sprintf(`q:%d: document "doc5" is judged twice for query "q5" (first on line 6); keep one judgment`, len(lines)+1))
	bad := strings.Replace(text, "q3 0 doc3 3\n", "q3 0 doc3\n", 1) + "x\n"
	_, err = ParseQrels("q", []byte(bad))
	assert.EqualError(t, err, `q:4: 3 fields; qrels lines are "qid iter docno rel" (4 fields)`)
	_, err = ParseQrels("q", []byte(text+"x\n"))
	assert.EqualError(t, err, fmt.Sprintf(`q:%d: 1 field; qrels lines are "qid iter docno rel" (4 fields)`, len(lines)+1))
}

// TestBigQueryIndex: a query with more judgments than a small index
// holds is looked up through a map, duplicates still found.
func TestBigQueryIndex(t *testing.T) {
	var b strings.Builder
	for i := 0; i < maxSmallIndex+10; i++ {
		fmt.Fprintf(&b, "1 0 d%d %d\n", i, i%3)
	}
	q, err := ParseQrels("q", []byte(b.String()))
	require.NoError(t, err)
	j := q.Query("1")
	require.NotNil(t, j.index.big)
	got, ok := j.Lookup("d65540")
	require.True(t, ok)
	assert.Equal(t, Judgment{Docno: "d65540", Rel: 65540 % 3, Line: 65541}, got)
	_, ok = j.Lookup("x")
	assert.False(t, ok)
	_, err = ParseQrels("q", []byte(b.String()+"1 0 d5 1\n"))
	assert.EqualError(t, err, fmt.Sprintf(`q:%d: document "d5" is judged twice for query "1" (first on line 6); keep one judgment`, maxSmallIndex+11))
}

// A run read once leaves no copy behind in the temporary directory, even
// while it is read (a signal then left /tmp/ndcg-explorer-run-* of the
// run's size), and a run that fits in memory needs no temporary
// directory at all.
func TestReaderSourceLeavesNothing(t *testing.T) {
	q, err := ParseQrels("q", []byte("1 0 a 1\n2 0 b 1\n"))
	require.NoError(t, err)
	split := "1 Q0 a 1 0.9 r\n2 Q0 b 1 0.9 r\n1 Q0 c 2 0.5 r\n"
	m := Options{Measures: Measures{NDCG: true}}

	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	defer func(n int) { spoolMemory = n }(spoolMemory)
	spoolMemory = 4 // every run here spills to a file
	src, cleanup := ReaderSource("standard input", strings.NewReader(split))
	r, err := src.Open()
	require.NoError(t, err)
	_, err = io.ReadAll(r)
	require.NoError(t, err)
	left, _ := os.ReadDir(dir)
	assert.Empty(t, left, "the copy is unlinked as soon as it is made")
	again, err := src.Open()
	require.NoError(t, err)
	b, _ := io.ReadAll(again)
	assert.Equal(t, split, string(b))
	cleanup()

	// No temporary directory: a sorted run is read, a split one that
	// fits in memory too.
	t.Setenv("TMPDIR", filepath.Join(dir, "missing"))
	spoolMemory = 16 << 20
	for _, run := range []string{"1 Q0 a 1 0.9 r\n1 Q0 c 2 0.5 r\n2 Q0 b 1 0.9 r\n", split} {
		src, cleanup := ReaderSource("standard input", strings.NewReader(run))
		_, err = Evaluate(q, src, m)
		cleanup()
		assert.NoError(t, err, run)
	}
	// A copy too large for memory that cannot be kept in a file fails
	// the second reading alone, saying what to do.
	spoolMemory = 4
	src, cleanup = ReaderSource("standard input", strings.NewReader(split))
	defer cleanup()
	r, err = src.Open()
	require.NoError(t, err)
	_, err = io.ReadAll(r)
	require.NoError(t, err)
	_, err = src.Open()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "standard input: a query is split across the run, which takes a second reading, but no copy of it could be kept (open ")
	assert.Contains(t, err.Error(), "sort the run by query id (sort -s -k1,1), give it as a file, or set TMPDIR to a directory with room")
}
