package trec

import (
	"bytes"
	"io"
	"math"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The steps of Evaluate, each on its own, with values worked by hand.

// stepQrels has three queries, each with one relevant document (rel 1):
// q1 a, q2 b, q3 c.
func stepQrels(t *testing.T) *Qrels {
	t.Helper()
	q, err := ParseQrels("steps.qrels", []byte("q1 0 a 1\nq2 0 b 1\nq3 0 c 1\n"))
	require.NoError(t, err)
	require.Len(t, q.Queries, 3)
	return q
}

// stepRun is a run source over text.
func stepRun(text string) Source {
	return Source{Name: "steps.run", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader([]byte(text))), nil
	}}
}

// stepBatch is query qi's lines retrieving docnos, one byte each, on
// lines 1, 2, …, scored n, n-1, … (so ranked in the order given).
func stepBatch(qid string, qi int, docnos ...string) *batch {
	b := &batch{qid: qid, qi: qi}
	for i, d := range docnos {
		b.entries = append(b.entries, entry{off: uint32(len(b.arena)), n: uint32(len(d)),
			score: float64(len(docnos) - i), line: int64(i + 1)})
		b.arena = append(b.arena, d...)
	}
	return b
}

// oneOverLog2of3 is the ndcg of a query whose one relevant document
// (gain 1) is ranked second: DCG = 1/log2(2+1), IDCG = 1/log2(1+1) = 1.
var oneOverLog2of3 = 1 / math.Log2(3) // 0.6309297535714575

func TestColumnsFor(t *testing.T) {
	// ndcg and ndcg_cut.10 are two columns, each counting rel ≥ 1 as
	// relevant unless -l says otherwise (here 2).
	cols, err := columnsFor(Options{Measures: Measures{NDCG: true, Cutoffs: []int{10}}})
	require.NoError(t, err)
	require.Len(t, cols, 2)
	assert.Equal(t, "ndcg", cols[0].Name)
	assert.Equal(t, "ndcg_cut_10", cols[1].Name)
	assert.Equal(t, []int64{1, 1}, []int64{cols[0].Level, cols[1].Level})
	cols, err = columnsFor(Options{Measures: Measures{NDCG: true, Cutoffs: []int{10}}, RelevanceLevel: 2, LevelSet: true})
	require.NoError(t, err)
	assert.Equal(t, []int64{2, 2}, []int64{cols[0].Level, cols[1].Level})
	// No measure, and tie bands for a family measure, are refused.
	_, err = columnsFor(Options{})
	assert.ErrorContains(t, err, "no measure to compute")
	_, err = columnsFor(Options{Measures: Measures{NDCGRel: true}, Ties: true})
	assert.ErrorContains(t, err, "leave out --ties")
}

func TestAccept(t *testing.T) {
	defer func(m int) { passMemory = m }(passMemory)
	e := newEvaluation(stepQrels(t), stepRun(""), Options{}, []Column{{Name: "ndcg"}})

	// q1's first stretch (2 lines, docnos "a" "x": 2 bytes), the run in
	// order so far: evaluated.
	assert.Equal(t, evaluate, e.accept(stepBatch("q1", 0, "a", "x")))
	assert.Equal(t, []int32{1, 0, 0}, e.chunks)
	assert.Equal(t, []int{2, 0, 0}, e.lines)
	assert.Equal(t, []int{2, 0, 0}, e.sizes)
	assert.False(t, e.holding.Load())

	// q2, evaluated where it was parsed (3 lines, 6 bytes): its value stands.
	q2 := &batch{qid: "q2", qi: 1, evaluated: true, lines: 3, size: 6, res: &QueryResult{QID: "q2"}}
	assert.Equal(t, evaluate, e.accept(q2))
	assert.Equal(t, []int{2, 3, 0}, e.lines)

	// q1 again (1 line, "y"): the run is scattered from here on, and q1,
	// whose first lines were evaluated and dropped, is to be read again.
	assert.Equal(t, drop, e.accept(stepBatch("q1", 0, "y")))
	assert.True(t, e.holding.Load())
	assert.Equal(t, []bool{true, false, false}, e.split)
	assert.Equal(t, []bool{true, false, false}, e.reread)
	assert.Equal(t, []int{3, 3, 0}, e.lines)

	// q3's first stretch (2 lines, "c" "z"), now that lines are held:
	// kept. With passMemory at 0 it is the stretch past the bound: from
	// here on lines are only counted.
	passMemory = 0
	assert.Equal(t, keep, e.accept(stepBatch("q3", 2, "c", "z")))
	// The memory counted is that of the lines kept (2 lines, 2 bytes),
	// not of the batch they were taken from, which keeping empties.
	assert.Equal(t, heldQueryMemory(2, 2), e.heldMemory)
	assert.True(t, e.full.Load())
	require.NotNil(t, e.held[2])
	assert.Equal(t, 2, e.held[2].lineCount())
	assert.Equal(t, 2, e.held[2].byteCount())

	// q2 again, evaluated where it was parsed: its value no longer
	// stands, it is read again.
	q2 = &batch{qid: "q2", qi: 1, evaluated: true, lines: 1, size: 1, res: &QueryResult{QID: "q2"}}
	assert.Equal(t, drop, e.accept(q2))
	assert.Equal(t, []bool{true, true, false}, e.reread)
	assert.Equal(t, []bool{true, true, false}, e.split)

	// q3 again, only counted (past passMemory): read again too.
	assert.Equal(t, drop, e.accept(&batch{qid: "q3", qi: 2, counted: true, lines: 4, size: 4}))
	assert.Equal(t, []bool{true, true, true}, e.reread)
	assert.Equal(t, []int32{2, 2, 2}, e.chunks)
	assert.Equal(t, []int{3, 4, 6}, e.lines)
}

func TestFirstPass(t *testing.T) {
	q := stepQrels(t)
	// In order: q1 ranks a (relevant) first, ndcg 1; q2 ranks b second,
	// ndcg 1/log2(3). q3 is not in the run.
	e := newEvaluation(q, stepRun("q1 Q0 a 1 2 t\nq1 Q0 x 2 1 t\nq2 Q0 y 1 2 t\nq2 Q0 b 2 1 t\n"), Options{}, []Column{{Name: "ndcg"}})
	require.NoError(t, e.firstPass())
	assert.Equal(t, []int32{1, 1, 0}, e.chunks)
	assert.Equal(t, []int{2, 2, 0}, e.lines)
	assert.Equal(t, []bool{false, false, false}, e.split)
	assert.Equal(t, []bool{false, false, false}, e.reread)
	assert.InDelta(t, 1, e.results[0].Values[0], 1e-15)
	assert.InDelta(t, oneOverLog2of3, e.results[1].Values[0], 1e-15)
	assert.Equal(t, 1, e.passes)

	// Scattered: q1's lines on lines 1 and 3, so q1 is split.
	e = newEvaluation(q, stepRun("q1 Q0 x 1 2 t\nq2 Q0 b 1 2 t\nq1 Q0 a 2 1 t\n"), Options{}, []Column{{Name: "ndcg"}})
	require.NoError(t, e.firstPass())
	assert.Equal(t, []bool{true, false, false}, e.split)
	assert.True(t, e.holding.Load())
	assert.Equal(t, []int{2, 1, 0}, e.lines)
}

func TestEvaluateHeld(t *testing.T) {
	e := newEvaluation(stepQrels(t), stepRun(""), Options{}, []Column{{Name: "ndcg"}})
	// q2 held in two parts, "y" then "b", each scored 1: trec_eval
	// breaks a tie by docno, descending, so y ranks first and b, the
	// relevant one, second: ndcg 1/log2(3).
	h := &batch{qid: "q2", qi: 1, whole: true}
	h.addPart(stepBatch("q2", 1, "y"))
	h.addPart(stepBatch("q2", 1, "b"))
	e.held[1] = h
	// q1 held too, but to be read again: not evaluated here.
	e.held[0] = &batch{qid: "q1", qi: 0, whole: true}
	e.held[0].addPart(stepBatch("q1", 0, "a"))
	e.reread[0] = true
	require.NoError(t, e.evaluateHeld())
	assert.InDelta(t, oneOverLog2of3, e.results[1].Values[0], 1e-15)
	assert.Nil(t, e.results[0].Values)
	assert.Equal(t, []*batch{nil, nil, nil}, e.held)
}

func TestRereadGroups(t *testing.T) {
	// A held line takes 24 bytes (offset and length 4 each, score 8,
	// line 8), so queries 0, 2, 3 and 5 take 10×24+60 = 300,
	// 20×24+20 = 500, 1×24+6 = 30 and 100×24+0 = 2400 bytes. Within 800:
	// 0 and 2 (800), then 3 (3 and 5 would be 2430), then 5 alone,
	// past the bound but a group of its own.
	require.Equal(t, 24, int(unsafe.Sizeof(entry{})))
	lines := []int{10, 0, 20, 1, 0, 100}
	sizes := []int{60, 0, 20, 6, 0, 0}
	assert.Equal(t, [][]int{{0, 2}, {3}, {5}}, rereadGroups([]int{0, 2, 3, 5}, lines, sizes, 800))
	assert.Equal(t, [][]int{{0, 2, 3}, {5}}, rereadGroups([]int{0, 2, 3, 5}, lines, sizes, 830))
	assert.Empty(t, rereadGroups(nil, lines, sizes, 800))
}

func TestRereadPasses(t *testing.T) {
	defer func(m int) { passMemory = m }(passMemory)
	// q1 and q2 to read again, each alone in a pass (passMemory of 1
	// byte): q1 ranks x (2) then a (1), ndcg 1/log2(3); q2 ranks b (3)
	// first, ndcg 1. Each pass reads the run, the second told as pass 2.
	passMemory = 1
	var passes []int
	opt := Options{Progress: func(pass int, _ int64) { passes = append(passes, pass) }}
	e := newEvaluation(stepQrels(t), stepRun("q1 Q0 x 1 2 t\nq2 Q0 b 1 3 t\nq1 Q0 a 2 1 t\n"), opt, []Column{{Name: "ndcg"}})
	e.reread[0], e.reread[1] = true, true
	e.lines[0], e.sizes[0] = 2, 2
	e.lines[1], e.sizes[1] = 1, 1
	require.NoError(t, e.rereadPasses())
	assert.Equal(t, 2, e.passes)
	assert.Equal(t, []int{1, 2}, passes)
	assert.InDelta(t, oneOverLog2of3, e.results[0].Values[0], 1e-15)
	assert.InDelta(t, 1, e.results[1].Values[0], 1e-15)
}

func TestResult(t *testing.T) {
	cols := []Column{{Name: "ndcg"}}
	e := newEvaluation(stepQrels(t), stepRun(""), Options{}, cols)
	// q1 and q2 read (q2 split), of values 1 and 0.5; q3 not in the run.
	e.chunks[0], e.chunks[1] = 1, 2
	e.split[1] = true
	e.results[0] = QueryResult{QID: "q1", Values: []float64{1}}
	e.results[1] = QueryResult{QID: "q2", Values: []float64{0.5}}
	out, err := e.result()
	require.NoError(t, err)
	// Without -c q3 is skipped: the mean is (1 + 0.5) / 2 = 0.75.
	assert.Equal(t, []string{"q3"}, out.Skipped)
	assert.Equal(t, []float64{0.75}, out.All)
	assert.Equal(t, 1, out.SplitQueries)
	assert.Len(t, out.Queries, 2)

	// With -c it counts as 0: (1 + 0.5 + 0) / 3 = 0.5.
	e.opt.Complete = true
	out, err = e.result()
	require.NoError(t, err)
	assert.Empty(t, out.Skipped)
	require.Len(t, out.Queries, 3)
	assert.Equal(t, QueryResult{QID: "q3", Values: []float64{0}, Relevant: 1}, out.Queries[2])
	assert.Equal(t, []float64{0.5}, out.All)

	// No query in both: an error naming the files.
	e = newEvaluation(stepQrels(t), stepRun(""), Options{}, cols)
	_, err = e.result()
	assert.ErrorContains(t, err, "no query is in both steps.qrels and steps.run")
}

func TestMissingQuery(t *testing.T) {
	q := stepQrels(t)
	// ndcg and ndcg_cut.10 of a query the run lacks are 0, its one
	// relevant document counted, and with ties its bands are 0.
	res, err := missingQuery(nil, q.Queries[2], 2, true)
	require.NoError(t, err)
	assert.Equal(t, QueryResult{QID: "q3", Values: []float64{0, 0}, Relevant: 1, Bands: []Band{{}, {}}}, res)
	res, err = missingQuery(nil, q.Queries[0], 1, false)
	require.NoError(t, err)
	assert.Equal(t, QueryResult{QID: "q1", Values: []float64{0}, Relevant: 1}, res)
}

func TestMeans(t *testing.T) {
	// Two queries, two columns: (0.5 + 0.25)/2 = 0.375, (1 + 0)/2 = 0.5;
	// the first column's bands: worst (0.25 + 0)/2 = 0.125, expected
	// (0.5 + 0.25)/2 = 0.375, best (0.75 + 0.5)/2 = 0.625.
	rs := []QueryResult{
		{Values: []float64{0.5, 1}, Bands: []Band{{Worst: 0.25, Expected: 0.5, Best: 0.75}, {Worst: 1, Expected: 1, Best: 1}}},
		{Values: []float64{0.25, 0}, Bands: []Band{{Worst: 0, Expected: 0.25, Best: 0.5}, {}}},
	}
	all, bands := means(rs, 2, true)
	assert.Equal(t, []float64{0.375, 0.5}, all)
	assert.Equal(t, []Band{{Worst: 0.125, Expected: 0.375, Best: 0.625}, {Worst: 0.5, Expected: 0.5, Best: 0.5}}, bands)
	all, bands = means(rs, 2, false)
	assert.Equal(t, []float64{0.375, 0.5}, all)
	assert.Nil(t, bands)
}
