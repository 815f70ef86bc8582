package trec

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// scanRun reads the run and hands each query's lines to emit, in order:
// each maximal stretch of lines with one query id, or, when merge is
// set, every line of a query wherever it is, at the end. want maps a
// query id to its qrels index (see scanOptions). An emitted batch
// belongs to emit. The run is cut into blocks parsed in parallel and put
// back in order. Unless merging, each parser calls the function newEval
// gives it (if any) on the stretches wholly inside its block, and emit
// gets them evaluated.
//
// Its steps: read cuts the run into blocks, parse parses them on one
// goroutine per CPU, assemble puts them back in order and hands on
// their stretches (take, add, flush), and finish emits what merging
// kept to the end.
func scanRun(name string, r io.Reader, o scanOptions) error {
	r, cerr := checkText(name, r)
	if cerr != nil {
		return cerr
	}
	s := newRunScan(name, o)
	go s.read(r)
	s.startParsers()
	if err := s.assemble(); err != nil {
		s.abandon()
		return err
	}
	// The reader has finished: done is closed only after every parser
	// has seen todo closed, which the reader does last.
	if s.readErr != nil {
		return s.readErr
	}
	return s.finish()
}

// scanOptions say what scanRun does with the lines it reads.
type scanOptions struct {
	// want maps a query id to its qrels index, or reports that its lines
	// are not needed (they are still checked).
	want  func(qid []byte) (int, bool)
	merge bool
	// newEval, when set, gives each parser the function that evaluates
	// the stretches wholly inside its block. countOnly, when it reports
	// true, tells the parsers to keep only each stretch's number of lines
	// and docno bytes (the run is scattered: the lines will be read again).
	newEval   func() func(*batch) (QueryResult, error)
	countOnly func() bool
	// holdAll, when it reports true, tells the parsers not to evaluate:
	// the run is scattered and every query's lines are being kept.
	holdAll func() bool
	// scattered is called, before its lines are emitted, on reaching a
	// block in which some query's lines are not together.
	scattered func()
	// reserve, when merging, gives the size of a query's lines, so that
	// its batch is allocated once.
	reserve func(qi int) (lines, bytes int)
	emit    func(*batch) error
	// progress, when set, is told the lines read so far after each block.
	progress func(lines int64)
}

// runScan is one reading of a run by scanRun: the reader, the parsers
// and the assembler, and what passes between them.
type runScan struct {
	name    string
	o       scanOptions
	workers int
	// todo carries the blocks cut to the parsers, done the parsed blocks,
	// in any order, to the assembler; tokens bound the blocks in flight.
	todo, done chan *block
	tokens     chan struct{}
	// stop tells the reader to stop (the assembler met an error).
	stop chan struct{}
	// readErr is the reader's error, set before it closes todo.
	readErr error
	// crowded says a scattered block had lines of more than
	// crowdedBlock queries.
	crowded atomic.Bool

	// The assembler's: the stretch it has not handed on yet (the next
	// block may go on with its query), and when merging, each query's
	// lines so far and the queries in the order they first came.
	pending *batch
	merged  map[int]*batch
	order   []int
}

// newRunScan makes the channels of a reading of the run, sized for one
// parser per CPU.
func newRunScan(name string, o scanOptions) *runScan {
	workers := runtime.GOMAXPROCS(0)
	s := &runScan{
		name:    name,
		o:       o,
		workers: workers,
		todo:    make(chan *block, workers),
		done:    make(chan *block, 2*workers),
		tokens:  make(chan struct{}, workers+2),
		stop:    make(chan struct{}),
	}
	if o.merge {
		s.merged = map[int]*batch{}
	}
	return s
}

// read cuts the run into blocks at line ends and sends them to the
// parsers, one token each, until the run ends, reading fails or stop
// is closed; it closes todo when it returns.
func (s *runScan) read(r io.Reader) {
	defer close(s.todo)
	var carry []byte
	line := int64(1)
	for seq := 0; ; seq++ {
		select {
		case <-s.stop:
			return
		default:
		}
		select {
		case s.tokens <- struct{}{}:
		case <-s.stop:
			return
		}
		size := blockSizes.plain
		if s.o.holdAll != nil && s.o.holdAll() && s.crowded.Load() {
			// Every query's lines are held, a few lines of each of many
			// queries to a block: larger blocks hold them in fewer,
			// longer stretches, each costing a batch to hand on and a
			// part to keep.
			size = blockSizes.held
		}
		bp := blockPool.Get().(*[]byte)
		buf, tooLong, err := fillBlock(r, append((*bp)[:0], carry...), size)
		if tooLong {
			// One line this long is not a run line; reading on would
			// hold the whole input in memory.
			s.readErr = &LineError{File: s.name, Line: int(line), Msg: fmt.Sprintf(
				"a line longer than %d MiB: this is not a run file; run lines are \"qid Q0 docno rank score tag\"", maxLine>>20)}
			return
		}
		if err != nil && err != io.EOF {
			s.readErr = named(s.name, err)
			*bp = buf
			blockPool.Put(bp)
			return
		}
		cut := blockEnd(buf, err == io.EOF)
		carry = append(carry[:0], buf[cut:]...)
		*bp = buf[:cut]
		bl := &block{seq: seq, data: *bp, firstLine: line}
		line += int64(bytes.Count(bl.data, []byte{'\n'}))
		if s.o.progress != nil {
			s.o.progress(line - 1)
		}
		s.todo <- bl
		if err == io.EOF {
			return
		}
	}
}

// fillBlock reads r onto buf until buf holds at least size bytes and a
// line end among the bytes read, or r ends or fails (err, io.EOF at the
// end); tooLong says buf passed maxLine bytes first. buf grows to size
// at once, then doubles for a long line.
func fillBlock(r io.Reader, buf []byte, size int) (_ []byte, tooLong bool, err error) {
	newline := false
	for {
		if cap(buf)-len(buf) < 4096 {
			buf = slices.Grow(buf, max(len(buf), size+4096-len(buf)))
		}
		var n int
		n, err = r.Read(buf[len(buf):cap(buf)])
		newline = newline || bytes.IndexByte(buf[len(buf):len(buf)+n], '\n') >= 0
		buf = buf[:len(buf)+n]
		if err != nil || (len(buf) >= size && newline) {
			return buf, false, err
		}
		if len(buf) > maxLine {
			return buf, true, nil
		}
	}
}

// blockEnd is where the block read into buf ends: after its last line
// end, or at its end when the run ended there. The bytes after it begin
// the next block.
func blockEnd(buf []byte, eof bool) int {
	if eof {
		return len(buf)
	}
	return bytes.LastIndexByte(buf, '\n') + 1
}

// startParsers starts one parser per CPU on the blocks read, and closes
// done once they have all finished.
func (s *runScan) startParsers() {
	var wg sync.WaitGroup
	for w := 0; w < s.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.parse()
		}()
	}
	go func() { wg.Wait(); close(s.done) }()
}

// parse is one parser: it parses the blocks it takes from todo into
// their stretches, evaluating those wholly inside a block while the
// first pass allows it, and passes the blocks on to done without their
// bytes.
func (s *runScan) parse() {
	o, merge := s.o, s.o.merge
	var eval func(*batch) (QueryResult, error)
	if o.newEval != nil && !merge {
		eval = o.newEval()
	}
	count := false
	var p parser
	for bl := range s.todo {
		if !count && !merge && o.countOnly != nil && o.countOnly() {
			count, eval = true, nil
		}
		if eval != nil && o.holdAll != nil && o.holdAll() {
			eval = nil
		}
		p.parse(bl, s.name, o.want, eval, count, !merge)
		if bl.scattered && len(bl.segs) > crowdedBlock {
			s.crowded.Store(true)
		}
		b := bl.data
		blockPool.Put(&b)
		bl.data = nil
		s.done <- bl
	}
}

// assemble takes the parsed blocks in the order they were read and hands
// on their stretches, until done closes or one fails; it returns the
// first error, with the blocks after it left in done.
func (s *runScan) assemble() error {
	var err error
	next := 0
	waiting := map[int]*block{}
	for bl := range s.done {
		waiting[bl.seq] = bl
		for err == nil {
			bl, ok := waiting[next]
			if !ok {
				break
			}
			delete(waiting, next)
			next++
			<-s.tokens
			err = s.take(bl)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// take hands on the stretches of the next block in order, then reports
// its error, if any; after an error, the block's other stretches are
// only released.
func (s *runScan) take(bl *block) error {
	if bl.scattered && s.o.scattered != nil {
		s.o.scattered()
	}
	var err error
	for _, seg := range bl.segs {
		if err != nil {
			if seg != nil {
				release(seg)
			}
			continue
		}
		err = s.add(seg)
	}
	if err == nil && bl.err != nil {
		err = bl.err
	}
	return err
}

// add takes the next stretch (nil for a query not wanted): it goes on
// with the pending one when both are the same query's and neither was
// evaluated where it was parsed; otherwise the pending stretch is
// handed on (flush) and this one waits in its place.
func (s *runScan) add(seg *batch) error {
	p := s.pending
	if seg != nil && p != nil && seg.qi == p.qi && !seg.evaluated && !p.evaluated {
		if p.byteCount()+seg.byteCount() > maxArena {
			return fmt.Errorf("%s: query %s has too many documents", s.name, seg.qid)
		}
		p.merge(seg)
		release(seg)
		return nil
	}
	err := s.flush()
	s.pending = seg
	return err
}

// flush hands on the pending stretch: to emit, or when merging, onto
// what its query has so far (the first stretch of a query is sized for
// all of its lines when reserve says how many).
func (s *runScan) flush() error {
	if s.pending == nil {
		return nil
	}
	b := s.pending
	s.pending = nil
	if !s.o.merge {
		return s.o.emit(b)
	}
	if m := s.merged[b.qi]; m != nil {
		if m.byteCount()+b.byteCount() > maxArena {
			return fmt.Errorf("%s: query %s has too many documents", s.name, b.qid)
		}
		m.merge(b)
		release(b)
		return nil
	}
	if s.o.reserve != nil {
		lines, size := s.o.reserve(b.qi)
		b.entries = slices.Grow(b.entries, lines-len(b.entries))
		b.arena = slices.Grow(b.arena, size-len(b.arena))
	}
	b.whole = true
	s.merged[b.qi] = b
	s.order = append(s.order, b.qi)
	return nil
}

// abandon stops the reader after an error and lets it and the parsers
// finish, releasing the stretches they still hand on.
func (s *runScan) abandon() {
	close(s.stop)
	for bl := range s.done {
		for _, seg := range bl.segs {
			if seg != nil {
				release(seg)
			}
		}
		select {
		case <-s.tokens:
		default:
		}
	}
}

// finish hands on the last pending stretch, then, when merging, every
// query's lines in the order the queries first came.
func (s *runScan) finish() error {
	if err := s.flush(); err != nil {
		return err
	}
	for _, qi := range s.order {
		if err := s.o.emit(s.merged[qi]); err != nil {
			return err
		}
	}
	return nil
}
