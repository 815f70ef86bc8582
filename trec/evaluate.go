package trec

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
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

// pass reads the run; accept says whether an emitted batch is to be
// evaluated (on one of the workers unless it already was), thrown away,
// or kept by accept.
func (e *evaluation) pass(o scanOptions, accept func(*batch) verdict) error {
	e.passes++
	if e.opt.Progress != nil {
		n := e.passes
		o.progress = func(lines int64) { e.opt.Progress(n, lines) }
	}
	r, err := e.run.Open()
	if err != nil {
		return fmt.Errorf("reading run: %w", err)
	}
	defer r.Close()
	work := make(chan *batch, 2*e.workers)
	var wg sync.WaitGroup
	for w := 0; w < e.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ev := e.newEvaluator()
			for b := range work {
				res, err := ev.evaluate(b, e.q.Queries[b.qi])
				e.store(b.qi, res, err)
				release(b)
			}
		}()
	}
	o.emit = func(b *batch) error {
		switch accept(b) {
		case drop:
			release(b)
			return nil
		case keep:
			return nil
		}
		if !b.evaluated {
			work <- b
			return nil
		}
		if b.err != nil {
			e.errs.add(e.run.Name, b.err)
		} else {
			e.results[b.qi] = *b.res
		}
		release(b)
		return nil
	}
	scanErr := scanRun(e.run.Name, r, o)
	close(work)
	wg.Wait()
	if scanErr != nil {
		e.errs.add(e.run.Name, scanErr)
	}
	return e.errs.get()
}

// firstPass reads every query, evaluated as its lines end, until one
// turns up in a second place: from then on every query's lines are
// held until the end of the run, and evaluated then (evaluateHeld).
func (e *evaluation) firstPass() error {
	return e.pass(scanOptions{
		want: func(qid []byte) (int, bool) {
			i, ok := e.q.byQID[string(qid)]
			return i, ok
		},
		newEval: func() func(*batch) (QueryResult, error) {
			ev := e.newEvaluator()
			return func(b *batch) (QueryResult, error) { return ev.evaluate(b, e.q.Queries[b.qi]) }
		},
		holdAll:   e.holding.Load,
		countOnly: e.full.Load,
		scattered: func() { e.holding.Store(true) },
	}, e.accept)
}

// accept is what becomes of a stretch of a query's lines in the first
// pass: it is counted, and evaluated while the run is in order; once the
// run is scattered it is held, unless the query must be read again.
func (e *evaluation) accept(b *batch) verdict {
	qi := b.qi
	e.chunks[qi]++
	e.lines[qi] += b.lineCount()
	e.sizes[qi] += b.byteCount()
	if e.chunks[qi] > 1 || b.scattered {
		e.split[qi] = true
		e.holding.Store(true)
	}
	switch {
	case b.counted:
		e.reread[qi] = true
		return drop
	case !e.holding.Load():
		return evaluate
	case b.evaluated && e.chunks[qi] == 1:
		// Evaluated where it was parsed, its lines not kept: its value
		// stands unless more of its lines turn up, which then makes it
		// read again (below).
		return evaluate
	case b.evaluated:
		e.reread[qi] = true
		return drop
	case e.reread[qi]:
		return drop
	case e.held[qi] == nil && e.chunks[qi] > 1:
		// Its first lines were evaluated and dropped.
		e.reread[qi] = true
		return drop
	}
	// The stretch is kept as it was read, one more part of the query:
	// copying the parts together would cost more than reading them.
	h := e.held[qi]
	if h == nil {
		h = &batch{qid: b.qid, qi: qi, whole: true}
		e.held[qi] = h
	}
	// Counted before addPart, which empties b into h.
	e.heldMemory += heldQueryMemory(b.lineCount(), b.byteCount())
	h.addPart(b)
	if e.heldMemory > passMemory {
		e.full.Store(true)
	}
	return keep
}

// evaluateHeld evaluates, in parallel, the queries the first pass held
// whole, and lets go of every held line.
func (e *evaluation) evaluateHeld() error {
	var complete []int
	for qi, h := range e.held {
		if h != nil && !e.reread[qi] {
			complete = append(complete, qi)
		}
	}
	var next atomic.Int64
	parallel(min(e.workers, max(len(complete), 1)), func(int) {
		ev := e.newEvaluator()
		for {
			i := int(next.Add(1)) - 1
			if i >= len(complete) {
				return
			}
			qi := complete[i]
			res, err := ev.evaluate(e.held[qi], e.q.Queries[qi])
			e.store(qi, res, err)
			e.held[qi] = nil
		}
	})
	clear(e.held)
	return e.errs.get()
}

// rereadPasses reads the run again for the queries marked to be, put
// together, a group of them (rereadGroups) a pass.
func (e *evaluation) rereadPasses() error {
	var again []int
	for i, r := range e.reread {
		if r {
			again = append(again, i)
		}
	}
	inPass := make([]bool, len(e.q.Queries))
	for _, group := range rereadGroups(again, e.lines, e.sizes, passMemory) {
		for _, qi := range group {
			inPass[qi] = true
		}
		err := e.pass(scanOptions{
			want: func(qid []byte) (int, bool) {
				i, ok := e.q.byQID[string(qid)]
				return i, ok && inPass[i]
			},
			merge:   true,
			reserve: func(qi int) (int, int) { return e.lines[qi], e.sizes[qi] },
		}, func(*batch) verdict { return evaluate })
		if err != nil {
			return err
		}
		for _, qi := range group {
			inPass[qi] = false
		}
	}
	return nil
}

// rereadGroups cuts the queries again (indexes into lines and sizes,
// each query's number of lines and docno bytes) into runs of
// consecutive queries whose lines together take at most budget bytes
// (queryMemory), each as long as fits; a query that alone takes more
// is a group of its own.
func rereadGroups(again, lines, sizes []int, budget int) [][]int {
	var groups [][]int
	for start := 0; start < len(again); {
		end, size := start, 0
		for end < len(again) {
			m := queryMemory(lines[again[end]], sizes[again[end]])
			if end > start && size+m > budget {
				break
			}
			size += m
			end++
		}
		groups = append(groups, again[start:end])
		start = end
	}
	return groups
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

// verdict is what becomes of a batch the first pass reads.
type verdict int

const (
	evaluate verdict = iota
	drop
	keep
)

// passMemory bounds the memory that holds the lines of scattered queries:
// at the end of the run in the first pass (trec_eval holds the whole
// run), then in each later pass; a run scattered all over that does not
// fit is read once more per this much. (A variable so that tests can
// make passes small.)
var passMemory = 256 << 20

// queryMemory is what holding a query's lines takes.
func queryMemory(lines, docnoBytes int) int { return lines*int(unsafe.Sizeof(entry{})) + docnoBytes }

// heldQueryMemory is what holding a stretch of a scattered query's
// lines takes in the first pass: held lines and their part.
func heldQueryMemory(lines, docnoBytes int) int {
	return lines*int(unsafe.Sizeof(heldEntry{})) + docnoBytes + int(unsafe.Sizeof(part{}))
}

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
