package trec

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// Options say what to compute for a run.
type Options struct {
	Measures Measures
	// Complete counts every qrels query, scoring those the run lacks as
	// 0 (trec_eval -c); without it they are skipped.
	Complete bool
	// Ties adds each value's tie band.
	Ties bool
	// Limits cut each query's ranking (trec_eval's -M and -J).
	Limits Limits
	// RelevanceLevel is trec_eval's -l when LevelSet, else 1: the rel a
	// document needs to count as relevant. Of these measures, only Rndcg
	// depends on it.
	RelevanceLevel int
	LevelSet       bool
	// Workers evaluate in parallel the queries that straddle the run's
	// blocks or are read a second time; 0 means one per CPU. (The blocks
	// themselves are parsed, and the queries inside them evaluated, on
	// one goroutine per CPU.)
	Workers int
	// Progress, when set, is told how many lines of the run have been
	// read so far, about once per megabyte, and which pass is reading
	// (1, then 2 and on when scattered queries are read again). It is
	// called from another goroutine than Evaluate's and must not block.
	Progress func(pass int, lines int64)
}

// Result is a whole run's evaluation.
type Result struct {
	Columns []Column
	// Queries are the evaluated queries in trec_eval's order: query id,
	// byte order.
	Queries []QueryResult
	// Skipped lists the qrels queries without run lines, left out of
	// the mean because Complete was not set.
	Skipped []string
	// All is each column's mean over the evaluated queries, summed in
	// trec_eval's order so it rounds the same way.
	All []float64
	// AllBands bounds each mean by the queries' tie bands.
	AllBands []Band
	// SplitQueries counts queries whose lines were not together in the
	// run (read a second time to evaluate them).
	SplitQueries int
}

// Evaluate reads the run and evaluates it against the qrels.
//
// Its steps: columnsFor says what to compute; firstPass reads the run
// once, evaluating each query as its lines end until the run turns out
// to be scattered, and from then on holding every query's lines to the
// end (accept decides each stretch's fate); evaluateHeld evaluates the
// queries held whole; rereadPasses reads the run again for the rest, as
// many at a time as fit in passMemory (rereadGroups); result puts the
// queries in order, scores those the run lacks (missingQuery) and takes
// the means (means).
func Evaluate(q *Qrels, run Source, opt Options) (*Result, error) {
	cols, err := columnsFor(opt)
	if err != nil {
		return nil, err
	}
	e := newEvaluation(q, run, opt, cols)
	if err := e.firstPass(); err != nil {
		return nil, err
	}
	if err := e.evaluateHeld(); err != nil {
		return nil, err
	}
	if err := e.rereadPasses(); err != nil {
		return nil, err
	}
	return e.result()
}

// columnsFor is the columns opt asks for, each counting as relevant the
// rel of trec_eval's -l (1 unless set), or why they cannot be computed.
func columnsFor(opt Options) ([]Column, error) {
	cols := opt.Measures.Columns()
	if len(cols) == 0 {
		return nil, errors.New("no measure to compute: give -m ndcg or -m ndcg_cut.K")
	}
	level := int64(1)
	if opt.LevelSet {
		level = int64(opt.RelevanceLevel)
	}
	for i := range cols {
		cols[i].Level = level
	}
	if opt.Ties && opt.Measures.HasFamily() {
		return nil, errors.New("tie bands are worked out for ndcg and ndcg_cut only: leave out --ties, or ndcg_rel, Rndcg and gain parameters")
	}
	return cols, nil
}

// evaluation is one run's evaluation under way: what the passes over
// the run learn of each query (indexed as the qrels' queries), and its
// results so far.
type evaluation struct {
	q       *Qrels
	run     Source
	opt     Options
	cols    []Column
	workers int
	results []QueryResult
	// What the first pass learns of each query: in how many stretches
	// its lines came, and their number and docno bytes.
	chunks       []int32
	lines, sizes []int
	// reread marks the queries to read again: some of their lines were
	// evaluated and dropped before the run was seen to be scattered, or
	// only counted once the lines held reached passMemory.
	reread []bool
	// split marks the queries whose lines were not together.
	split []bool
	// Once the run is seen to be scattered (holding), every query's
	// lines are held (in held) until the end of the run, up to
	// passMemory (heldMemory); beyond it (full), lines are only counted.
	holding    atomic.Bool
	full       atomic.Bool
	held       []*batch
	heldMemory int
	errs       *firstError
	// passes counts the passes over the run, for Progress.
	passes int
}

// newEvaluation prepares the evaluation of run against q.
func newEvaluation(q *Qrels, run Source, opt Options, cols []Column) *evaluation {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	nq := len(q.Queries)
	return &evaluation{
		q: q, run: run, opt: opt, cols: cols, workers: workers,
		results: make([]QueryResult, nq),
		chunks:  make([]int32, nq),
		lines:   make([]int, nq), sizes: make([]int, nq),
		reread: make([]bool, nq),
		split:  make([]bool, nq),
		held:   make([]*batch, nq),
		errs:   &firstError{},
	}
}

// newEvaluator is an evaluator of the evaluation's columns.
func (e *evaluation) newEvaluator() *evaluator {
	return newEvaluator(e.cols, e.opt.Ties, e.opt.Limits)
}

// store keeps a query's result, or its error.
func (e *evaluation) store(qi int, res QueryResult, err error) {
	if err != nil {
		e.errs.add(e.run.Name, err)
	} else {
		e.results[qi] = res
	}
}

// result is the evaluation's queries in the qrels' order, those the run
// lacks skipped or, with Complete, scored as trec_eval -c scores them,
// and their means.
func (e *evaluation) result() (*Result, error) {
	q, cols, opt := e.q, e.cols, e.opt
	out := &Result{Columns: cols}
	for _, s := range e.split {
		if s {
			out.SplitQueries++
		}
	}
	var missing *evaluator
	if opt.Measures.HasFamily() {
		missing = newEvaluator(cols, false, opt.Limits)
	}
	for i, j := range q.Queries {
		if e.chunks[i] == 0 {
			if !opt.Complete {
				out.Skipped = append(out.Skipped, j.QID)
				continue
			}
			res, err := missingQuery(missing, j, len(cols), opt.Ties)
			if err != nil {
				return nil, err
			}
			e.results[i] = res
		}
		out.Queries = append(out.Queries, e.results[i])
	}
	if len(out.Queries) == 0 {
		return nil, fmt.Errorf("no query is in both %s and %s: check that they are a qrels and a run of the same topics", q.Name, e.run.Name)
	}
	if missing != nil {
		if err := fixStale(out.Queries, q, cols); err != nil {
			return nil, err
		}
	}
	out.All, out.AllBands = means(out.Queries, len(cols), opt.Ties)
	return out, nil
}

// missingQuery is the result trec_eval -c gives a qrels query the run
// lacks: 0 for ndcg and ndcg_cut (and a band of zeros with ties); with
// missing, an evaluator of family measures, each of them on trec_eval's
// made-up ranking of one document no qrels is expected to judge.
func missingQuery(missing *evaluator, j *Judgments, ncols int, ties bool) (QueryResult, error) {
	res := QueryResult{QID: j.QID, Values: make([]float64, ncols), Relevant: len(j.Ideal)}
	if missing != nil {
		missing.ranked = append(missing.ranked[:0], rankedDoc{docno: bogusDocno})
		var scratch QueryResult
		missing.limits.cut(missing, j, &scratch)
		if err := missing.familyValues(&res, j); err != nil {
			return QueryResult{}, err
		}
	}
	if ties {
		res.Bands = make([]Band, ncols)
	}
	return res, nil
}

// means is each of the ncols columns' mean over rs and, with ties, each
// column's mean band, summed in the queries' order as trec_eval sums
// them, so that they round the same way.
func means(rs []QueryResult, ncols int, ties bool) ([]float64, []Band) {
	all := make([]float64, ncols)
	var bands []Band
	if ties {
		bands = make([]Band, ncols)
	}
	for _, r := range rs {
		for c := range ncols {
			all[c] += r.Values[c]
			if ties {
				bands[c].Worst += r.Bands[c].Worst
				bands[c].Expected += r.Bands[c].Expected
				bands[c].Best += r.Bands[c].Best
			}
		}
	}
	n := float64(len(rs))
	for c := range ncols {
		all[c] /= n
		if ties {
			bands[c].Worst /= n
			bands[c].Expected /= n
			bands[c].Best /= n
		}
	}
	return all, bands
}

// bogusDocno is the one document of the ranking trec_eval -c gives a
// query the run lacks (trec_eval.c, bogus_result).
const bogusDocno = "ceci_nest_pas_un_docno"

// firstError keeps the error of the earliest line, so that parallel
// evaluation reports the same problem on every run.
type firstError struct {
	mu   sync.Mutex
	err  error
	line int
}

func (f *firstError) add(file string, err error) {
	line := int(^uint(0) >> 1)
	var le *LineError
	if errors.As(err, &le) {
		if le.File == "" {
			le.File = file
		}
		line = le.Line
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil || line < f.line {
		f.err, f.line = err, line
	}
}

func (f *firstError) get() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}
