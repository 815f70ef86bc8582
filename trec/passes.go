package trec

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"
)

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
