package trec

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"sync"
)

// Source is a run that can be read more than once: a run whose queries
// are split across the file is read a second time for them.
type Source struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// FileSource reads the run at path.
func FileSource(path string) Source {
	return Source{Name: path, Open: func() (io.ReadCloser, error) { return os.Open(path) }}
}

// ReaderSource reads a run from r, which can be read only once (standard
// input): the first pass copies it to a temporary file, read again only
// if some query is split across the run. The function returned with it
// removes the copy.
func ReaderSource(name string, r io.Reader) (Source, func()) {
	var (
		tmp    *os.File
		w      *bufio.Writer
		opened bool
	)
	src := Source{Name: name}
	src.Open = func() (io.ReadCloser, error) {
		if !opened {
			opened = true
			f, err := os.CreateTemp("", "ndcg-explorer-run-*")
			if err != nil {
				return nil, fmt.Errorf("%s: keeping a copy of the run: %w", name, err)
			}
			tmp, w = f, bufio.NewWriterSize(f, 1<<16)
			return io.NopCloser(io.TeeReader(r, w)), nil
		}
		if err := w.Flush(); err != nil {
			return nil, fmt.Errorf("%s: keeping a copy of the run: %w", name, err)
		}
		return os.Open(tmp.Name())
	}
	return src, func() {
		if tmp != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}
}

// entry is one run line kept for evaluation; the docno is in the batch's
// arena, so a query's lines take two allocations, not one per line.
type entry struct {
	off, n uint32
	score  float64
	line   int64
}

// batch is the lines of one query, in file order.
type batch struct {
	qid string
	// qi is the query's index in the qrels.
	qi      int
	entries []entry
	arena   []byte
	qidBuf  []byte
	// whole says the batch holds every line of a scattered query, put
	// together: sized for it, it is left to the collector, not pooled.
	whole bool
	// counted says only the lines' number and docno bytes were kept (in
	// lines and size), not the lines.
	counted     bool
	lines, size int
	// scattered says the lines were not together in their block.
	scattered bool
	// evaluated says the lines were evaluated where they were parsed,
	// into res or err.
	evaluated bool
	res       QueryResult
	err       error
}

// lineCount is the number of lines the batch stands for.
func (b *batch) lineCount() int {
	if b.counted {
		return b.lines
	}
	return len(b.entries)
}

// byteCount is the number of docno bytes the batch stands for.
func (b *batch) byteCount() int {
	if b.counted {
		return b.size
	}
	return len(b.arena)
}

func (b *batch) docno(e entry) string { return bstr(b.arena[e.off : e.off+e.n]) }

func (b *batch) reset(qid []byte, qi int) {
	b.qidBuf = append(b.qidBuf[:0], qid...)
	b.qid = string(b.qidBuf)
	b.qi = qi
	b.entries = b.entries[:0]
	b.arena = b.arena[:0]
	b.evaluated, b.res, b.err = false, QueryResult{}, nil
	b.counted, b.lines, b.size = false, 0, 0
	b.whole, b.scattered = false, false
}

// release returns b to the pool, unless it was sized for one query.
func release(b *batch) {
	if !b.whole {
		batchPool.Put(b)
	}
}

var batchPool = sync.Pool{New: func() any { return new(batch) }}

// runLine is one data line of a run.
type runLine struct {
	qid, docno []byte
	score      float64
}

// parseRunLine reads one line; it reports false for a blank line or a
// '#' comment, which trec_eval skips, and an error message for a
// malformed line. It walks the line once and keeps only the fields it
// needs: it is the hot loop of reading a run.
func parseRunLine(b []byte, l *runLine) (bool, string) {
	var start, end [6]int
	i := 0
	for f := 0; f < 6; f++ {
		i = skipSpace(b, i)
		if i == len(b) {
			if f == 0 {
				return false, ""
			}
			if b[start[0]] == '#' {
				return false, ""
			}
			return false, countFields(f) + "; run lines are \"qid Q0 docno rank score tag\" (6 fields)"
		}
		start[f] = i
		i = skipWord(b, i)
		end[f] = i
	}
	if b[start[0]] == '#' {
		return false, ""
	}
	score, err := parseScore(b[start[4]:end[4]])
	if err != nil {
		return false, err.Error() + "; run lines are \"qid Q0 docno rank score tag\""
	}
	l.qid, l.docno, l.score = b[start[0]:end[0]], b[start[2]:end[2]], score
	return true, ""
}

// skipSpace returns the index of the first byte at or after i that is
// not a space, or len(b).
func skipSpace(b []byte, i int) int {
	for i < len(b) && spaces[b[i]] {
		i++
	}
	return i
}

// skipWord returns the index of the first space at or after i, or len(b).
func skipWord(b []byte, i int) int {
	for i < len(b) && !spaces[b[i]] {
		i++
	}
	return i
}

// blockSize is how much of the run one parser takes at a time.
const blockSize = 1 << 20

// maxLine bounds the bytes read without a line end.
const maxLine = 64 << 20

// block is a stretch of the run cut at a line end, parsed on its own.
type block struct {
	seq       int
	data      []byte
	firstLine int64
	// segs are its maximal stretches of lines with one query id: a batch
	// for a query wanted, nil for one not wanted. A query's lines in the
	// block go into one batch, wherever they are.
	segs []*batch
	// scattered says some query's lines in the block are not together.
	scattered bool
	err       error
}

var blockPool = sync.Pool{New: func() any { b := make([]byte, 0, blockSize+4096); return &b }}

// parse splits the block's lines into segments; want is read-only, so
// blocks are parsed in parallel. When eval is set, it is called on the
// segments between the block's first and last, whose queries cannot go
// on in a neighbouring block, while their lines are still in the cache.
func (bl *block) parse(name string, want func([]byte) (int, bool), eval func(*batch), count bool, byQI *qiBatches) {
	bl.split(name, want, count, byQI)
	if eval == nil || count || bl.scattered {
		return
	}
	for i := 1; i < len(bl.segs)-1; i++ {
		if seg := bl.segs[i]; seg != nil {
			eval(seg)
			seg.evaluated = true
		}
	}
}

// split cuts the block into segments; with count, it keeps only how
// many lines and docno bytes each holds.
//
// The lines of one query in the block go into one batch, wherever they
// are: a scattered run would otherwise make a batch of nearly every
// line. A query met again after another marks the block scattered.
func (bl *block) split(name string, want func([]byte) (int, bool), count bool, byQI *qiBatches) {
	var (
		l      runLine
		cur    *batch
		curQID []byte
		keep   bool
		start  = true
	)
	defer byQI.clear()
	data, line := bl.data, bl.firstLine
	for len(data) > 0 {
		var b []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			b, data = data[:i], data[i+1:]
		} else {
			b, data = data, nil
		}
		ok, msg := parseRunLine(b, &l)
		if msg != "" {
			bl.err = &LineError{File: name, Line: int(line), Msg: msg}
			return
		}
		if ok {
			if start || !bytes.Equal(l.qid, curQID) {
				start = false
				curQID = l.qid
				var qi int
				qi, keep = byQI.want(l.qid, want)
				cur = nil
				if keep {
					if cur = byQI.get(qi); cur != nil {
						bl.scattered, cur.scattered = true, true
					} else {
						cur = batchPool.Get().(*batch)
						cur.reset(l.qid, qi)
						cur.counted = count
						byQI.set(qi, cur)
						bl.segs = append(bl.segs, cur)
					}
				} else if n := len(bl.segs); n == 0 || bl.segs[n-1] != nil {
					bl.segs = append(bl.segs, nil)
				}
			}
			if keep {
				if count {
					cur.lines++
					cur.size += len(l.docno)
				} else {
					cur.add(l.docno, l.score, line)
				}
			}
		}
		line++
	}
}

// qiBatches finds the batch of a query in the block being split, by its
// qrels index: a slice rather than a map, since a scattered run looks one
// up for nearly every line. Each parser has its own.
type qiBatches struct {
	byQI    []*batch
	touched []int
	// ids holds want's answers by query id, for every id the parser
	// has met: in a scattered run the query changes on nearly every
	// line, and the lookup must then cost little more than the hash.
	ids qidTable
}

// qidTable is an open-addressing table of query ids, at most half full.
type qidTable struct {
	slots []qidAnswer
	n     int
}

type qidAnswer struct {
	hash uint64
	qid  string
	qi   int
	keep bool
}

// want is want(qid), from the table when the id was asked before.
func (x *qiBatches) want(qid []byte, want func([]byte) (int, bool)) (int, bool) {
	t := &x.ids
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	h := hashBytes(qid)
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		a := &t.slots[i]
		if a.qid == "" {
			qi, keep := want(qid)
			*a = qidAnswer{hash: h, qid: string(qid), qi: qi, keep: keep}
			t.n++
			return qi, keep
		}
		if a.hash == h && a.qid == string(qid) {
			return a.qi, a.keep
		}
	}
}

// grow doubles the table.
func (t *qidTable) grow() {
	old := t.slots
	t.slots = make([]qidAnswer, max(2*len(old), 64))
	mask := uint64(len(t.slots) - 1)
	for _, a := range old {
		if a.qid == "" {
			continue
		}
		i := a.hash & mask
		for t.slots[i].qid != "" {
			i = (i + 1) & mask
		}
		t.slots[i] = a
	}
}

func (x *qiBatches) get(qi int) *batch {
	if qi < len(x.byQI) {
		return x.byQI[qi]
	}
	return nil
}

func (x *qiBatches) set(qi int, b *batch) {
	if qi >= len(x.byQI) {
		x.byQI = slices.Grow(x.byQI, qi+1-len(x.byQI))[:max(qi+1, cap(x.byQI))]
	}
	x.byQI[qi] = b
	x.touched = append(x.touched, qi)
}

// clear forgets the block's batches.
func (x *qiBatches) clear() {
	for _, qi := range x.touched {
		x.byQI[qi] = nil
	}
	x.touched = x.touched[:0]
}

func (b *batch) add(docno []byte, score float64, line int64) {
	b.entries = append(b.entries, entry{off: uint32(len(b.arena)), n: uint32(len(docno)), score: score, line: line})
	b.arena = append(b.arena, docno...)
}

// merge appends o's lines to b; if either kept only counts, so does b.
func (b *batch) merge(o *batch) {
	if b.counted || o.counted {
		b.lines, b.size = b.lineCount()+o.lineCount(), b.byteCount()+o.byteCount()
		b.counted = true
		b.entries, b.arena = b.entries[:0], b.arena[:0]
		return
	}
	base := uint32(len(b.arena))
	for _, e := range o.entries {
		e.off += base
		b.entries = append(b.entries, e)
	}
	b.arena = append(b.arena, o.arena...)
}

// maxArena bounds one query's docnos, whose offsets are 32-bit.
const maxArena = 1<<32 - 1

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
	newEval   func() func(*batch)
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

// scanRun reads the run and hands each query's lines to emit, in order:
// each maximal stretch of lines with one query id, or, when merge is
// set, every line of a query wherever it is, at the end. want maps a
// query id to its qrels index (see scanOptions). An emitted batch
// belongs to emit. The run is cut into blocks parsed in parallel and put
// back in order. Unless merging, each parser calls the function newEval
// gives it (if any) on the stretches wholly inside its block, and emit
// gets them evaluated.
func scanRun(name string, r io.Reader, o scanOptions) error {
	r, cerr := checkText(name, r)
	if cerr != nil {
		return cerr
	}
	want, merge, emit := o.want, o.merge, o.emit
	workers := runtime.GOMAXPROCS(0)
	todo := make(chan *block, workers)
	done := make(chan *block, 2*workers)
	tokens := make(chan struct{}, workers+2) // blocks in flight
	stop := make(chan struct{})
	var readErr error
	go func() { // reader: cut the run into blocks at line ends
		defer close(todo)
		var carry []byte
		line := int64(1)
		for seq := 0; ; seq++ {
			select {
			case <-stop:
				return
			default:
			}
			select {
			case tokens <- struct{}{}:
			case <-stop:
				return
			}
			bp := blockPool.Get().(*[]byte)
			buf := append((*bp)[:0], carry...)
			var err error
			newline := false
			for {
				if cap(buf)-len(buf) < 4096 {
					buf = slices.Grow(buf, len(buf))
				}
				var n int
				n, err = r.Read(buf[len(buf):cap(buf)])
				newline = newline || bytes.IndexByte(buf[len(buf):len(buf)+n], '\n') >= 0
				buf = buf[:len(buf)+n]
				if err != nil || (len(buf) >= blockSize && newline) {
					break
				}
				if len(buf) > maxLine {
					// One line this long is not a run line; reading on
					// would hold the whole input in memory.
					readErr = &LineError{File: name, Line: int(line), Msg: fmt.Sprintf(
						"a line longer than %d MiB: this is not a run file; run lines are \"qid Q0 docno rank score tag\"", maxLine>>20)}
					return
				}
			}
			if err != nil && err != io.EOF {
				readErr = fmt.Errorf("%s: %w", name, err)
				*bp = buf
				blockPool.Put(bp)
				return
			}
			cut := len(buf)
			if err == nil {
				cut = bytes.LastIndexByte(buf, '\n') + 1
			}
			carry = append(carry[:0], buf[cut:]...)
			*bp = buf[:cut]
			bl := &block{seq: seq, data: *bp, firstLine: line}
			line += int64(bytes.Count(bl.data, []byte{'\n'}))
			if o.progress != nil {
				o.progress(line - 1)
			}
			todo <- bl
			if err == io.EOF {
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var eval func(*batch)
			if o.newEval != nil && !merge {
				eval = o.newEval()
			}
			count := false
			var byQI qiBatches
			for bl := range todo {
				if !count && !merge && o.countOnly != nil && o.countOnly() {
					count, eval = true, nil
				}
				if eval != nil && o.holdAll != nil && o.holdAll() {
					eval = nil
				}
				bl.parse(name, want, eval, count, &byQI)
				b := bl.data
				blockPool.Put(&b)
				bl.data = nil
				done <- bl
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	var (
		pending *batch
		merged  map[int]*batch
		order   []int
		err     error
		next    int
	)
	if merge {
		merged = map[int]*batch{}
	}
	flush := func() error {
		if pending == nil {
			return nil
		}
		b := pending
		pending = nil
		if merge {
			if m := merged[b.qi]; m != nil {
				if len(m.arena)+len(b.arena) > maxArena {
					return fmt.Errorf("%s: query %s has too many documents", name, b.qid)
				}
				m.merge(b)
				batchPool.Put(b)
				return nil
			}
			if o.reserve != nil {
				lines, size := o.reserve(b.qi)
				b.entries = slices.Grow(b.entries, lines-len(b.entries))
				b.arena = slices.Grow(b.arena, size-len(b.arena))
			}
			b.whole = true
			merged[b.qi] = b
			order = append(order, b.qi)
			return nil
		}
		return emit(b)
	}
	waiting := map[int]*block{}
	for bl := range done {
		waiting[bl.seq] = bl
		for err == nil {
			bl, ok := waiting[next]
			if !ok {
				break
			}
			delete(waiting, next)
			next++
			<-tokens
			if bl.scattered && o.scattered != nil {
				o.scattered()
			}
			for _, seg := range bl.segs {
				if err != nil {
					if seg != nil {
						batchPool.Put(seg)
					}
					continue
				}
				if seg != nil && pending != nil && seg.qi == pending.qi && !seg.evaluated && !pending.evaluated {
					if len(pending.arena)+len(seg.arena) > maxArena {
						err = fmt.Errorf("%s: query %s has too many documents", name, seg.qid)
						continue
					}
					pending.merge(seg)
					batchPool.Put(seg)
					continue
				}
				err = flush()
				pending = seg
			}
			if err == nil && bl.err != nil {
				err = bl.err
			}
		}
		if err != nil {
			break
		}
	}
	if err != nil {
		close(stop)
		for bl := range done { // let the reader and parsers finish
			for _, seg := range bl.segs {
				if seg != nil {
					batchPool.Put(seg)
				}
			}
			select {
			case <-tokens:
			default:
			}
		}
		return err
	}
	if readErr != nil {
		return readErr
	}
	if err := flush(); err != nil {
		return err
	}
	for _, qi := range order {
		if err := emit(merged[qi]); err != nil {
			return err
		}
	}
	return nil
}
