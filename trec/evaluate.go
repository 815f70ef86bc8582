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
func Evaluate(q *Qrels, run Source, opt Options) (*Result, error) {
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
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	nq := len(q.Queries)
	results := make([]QueryResult, nq)
	// What the first pass learns of each query: in how many stretches its
	// lines came, and their number and docno bytes.
	chunks := make([]int32, nq)
	lines, sizes := make([]int, nq), make([]int, nq)
	// reread marks the queries to read again: some of their lines were
	// evaluated and dropped before the run was seen to be scattered, or
	// only counted once the lines held reached passMemory.
	reread := make([]bool, nq)
	// split marks the queries whose lines were not together.
	split := make([]bool, nq)
	// Once the run is seen to be scattered, every query's lines are held
	// (in held) until the end of the run, up to passMemory; beyond it,
	// lines are only counted.
	var (
		holding    atomic.Bool
		full       atomic.Bool
		held       = make([]*batch, nq)
		heldMemory int
	)
	errs := &firstError{}

	// pass reads the run; accept says whether an emitted batch is to be
	// evaluated, thrown away, or kept by accept.
	passes := 0
	pass := func(o scanOptions, accept func(*batch) verdict) error {
		passes++
		if opt.Progress != nil {
			n := passes
			o.progress = func(lines int64) { opt.Progress(n, lines) }
		}
		r, err := run.Open()
		if err != nil {
			return fmt.Errorf("reading run: %w", err)
		}
		defer r.Close()
		work := make(chan *batch, 2*workers)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ev := newEvaluator(cols, opt.Ties, opt.Limits)
				for b := range work {
					res, err := ev.evaluate(b, q.Queries[b.qi])
					if err != nil {
						errs.add(run.Name, err)
					} else {
						results[b.qi] = res
					}
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
				errs.add(run.Name, b.err)
			} else {
				results[b.qi] = *b.res
			}
			release(b)
			return nil
		}
		scanErr := scanRun(run.Name, r, o)
		close(work)
		wg.Wait()
		if scanErr != nil {
			errs.add(run.Name, scanErr)
		}
		return errs.get()
	}

	// First pass: every query, evaluated as its lines end, until one
	// turns up in a second place: from then on every query's lines are
	// held until the end of the run, and evaluated then.
	err := pass(scanOptions{
		want: func(qid []byte) (int, bool) {
			i, ok := q.byQID[string(qid)]
			return i, ok
		},
		newEval: func() func(*batch) (QueryResult, error) {
			ev := newEvaluator(cols, opt.Ties, opt.Limits)
			return func(b *batch) (QueryResult, error) { return ev.evaluate(b, q.Queries[b.qi]) }
		},
		holdAll:   holding.Load,
		countOnly: full.Load,
		scattered: func() { holding.Store(true) },
	}, func(b *batch) verdict {
		qi := b.qi
		chunks[qi]++
		lines[qi] += b.lineCount()
		sizes[qi] += b.byteCount()
		if chunks[qi] > 1 || b.scattered {
			split[qi] = true
			holding.Store(true)
		}
		switch {
		case b.counted:
			reread[qi] = true
			return drop
		case !holding.Load():
			return evaluate
		case b.evaluated && chunks[qi] == 1:
			// Evaluated where it was parsed, its lines not kept: its
			// value stands unless more of its lines turn up, which then
			// makes it read again (below).
			return evaluate
		case b.evaluated:
			reread[qi] = true
			return drop
		case reread[qi]:
			return drop
		case held[qi] == nil && chunks[qi] > 1:
			// Its first lines were evaluated and dropped.
			reread[qi] = true
			return drop
		}
		// The stretch is kept as it was read, one more part of the
		// query: copying the parts together would cost more than
		// reading them.
		h := held[qi]
		if h == nil {
			h = &batch{qid: b.qid, qi: qi, whole: true}
			held[qi] = h
		}
		h.addPart(b)
		heldMemory += heldQueryMemory(b.lineCount(), b.byteCount())
		if heldMemory > passMemory {
			full.Store(true)
		}
		return keep
	})
	if err != nil {
		return nil, err
	}
	// The queries held whole are evaluated now.
	var complete []int
	for qi, h := range held {
		if h != nil && !reread[qi] {
			complete = append(complete, qi)
		}
	}
	var next atomic.Int64
	parallel(min(workers, max(len(complete), 1)), func(int) {
		ev := newEvaluator(cols, opt.Ties, opt.Limits)
		for {
			i := int(next.Add(1)) - 1
			if i >= len(complete) {
				return
			}
			qi := complete[i]
			res, err := ev.evaluate(held[qi], q.Queries[qi])
			if err != nil {
				errs.add(run.Name, err)
			} else {
				results[qi] = res
			}
			held[qi] = nil
		}
	})
	clear(held)
	if err := errs.get(); err != nil {
		return nil, err
	}

	// Later passes: the queries to read again, put together, as many at a
	// time as fit in passMemory.
	var again []int
	for i, r := range reread {
		if r {
			again = append(again, i)
		}
	}
	inPass := make([]bool, nq)
	for start := 0; start < len(again); {
		end, size := start, 0
		for end < len(again) && (end == start || size+queryMemory(lines[again[end]], sizes[again[end]]) <= passMemory) {
			size += queryMemory(lines[again[end]], sizes[again[end]])
			inPass[again[end]] = true
			end++
		}
		err := pass(scanOptions{
			want: func(qid []byte) (int, bool) {
				i, ok := q.byQID[string(qid)]
				return i, ok && inPass[i]
			},
			merge:   true,
			reserve: func(qi int) (int, int) { return lines[qi], sizes[qi] },
		}, func(*batch) verdict { return evaluate })
		if err != nil {
			return nil, err
		}
		for _, qi := range again[start:end] {
			inPass[qi] = false
		}
		start = end
	}

	out := &Result{Columns: cols}
	for _, s := range split {
		if s {
			out.SplitQueries++
		}
	}
	var missing *evaluator
	if opt.Measures.HasFamily() {
		missing = newEvaluator(cols, false, opt.Limits)
	}
	for i, j := range q.Queries {
		if chunks[i] == 0 {
			if !opt.Complete {
				out.Skipped = append(out.Skipped, j.QID)
				continue
			}
			res := QueryResult{QID: j.QID, Values: make([]float64, len(cols)), Relevant: len(j.Ideal)}
			if missing != nil {
				// trec_eval -c evaluates the query on a made-up ranking:
				// 0 for ndcg and ndcg_cut, not for every family measure.
				// Its ranking is trec_eval's bogus one: a single
				// document no qrels is expected to judge.
				missing.ranked = append(missing.ranked[:0], rankedDoc{docno: bogusDocno})
				var scratch QueryResult
				missing.limits.cut(missing, j, &scratch)
				if err := missing.familyValues(&res, j); err != nil {
					return nil, err
				}
			}
			if opt.Ties {
				res.Bands = make([]Band, len(cols))
			}
			results[i] = res
		}
		out.Queries = append(out.Queries, results[i])
	}
	if len(out.Queries) == 0 {
		return nil, fmt.Errorf("no query is in both %s and %s: check that they are a qrels and a run of the same topics", q.Name, run.Name)
	}
	if missing != nil {
		if err := fixStale(out.Queries, q, cols); err != nil {
			return nil, err
		}
	}
	out.All = make([]float64, len(cols))
	if opt.Ties {
		out.AllBands = make([]Band, len(cols))
	}
	for _, r := range out.Queries {
		for c := range cols {
			out.All[c] += r.Values[c]
			if opt.Ties {
				out.AllBands[c].Worst += r.Bands[c].Worst
				out.AllBands[c].Expected += r.Bands[c].Expected
				out.AllBands[c].Best += r.Bands[c].Best
			}
		}
	}
	n := float64(len(out.Queries))
	for c := range cols {
		out.All[c] /= n
		if opt.Ties {
			out.AllBands[c].Worst /= n
			out.AllBands[c].Expected /= n
			out.AllBands[c].Best /= n
		}
	}
	return out, nil
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
