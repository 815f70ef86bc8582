package trec

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
)

// Source is a run that can be read more than once: a run whose queries
// are split across the file is read a second time for them.
type Source struct {
	Name string
	Open func() (io.ReadCloser, error)
	// openQuery, when set, opens the run for one query's lines alone,
	// the others read and checked but not handed on: dict JSON, whose
	// lines are made as it is read, makes only that query's.
	openQuery func(qid string) (io.ReadCloser, error)
}

// FileSource reads the run at path.
func FileSource(path string) Source {
	return Source{Name: path, Open: func() (io.ReadCloser, error) { return os.Open(path) }}
}

// ReaderSource reads a run from r, which can be read only once (standard
// input): the first pass keeps a copy of what it reads for a second
// pass, which only a run with a query split across it needs. The copy is
// held in memory up to spoolMemory bytes, then in a temporary file
// removed as soon as it is made: nothing is left behind whatever stops
// the program, a signal or a kill. A copy that cannot be made (TMPDIR not
// writable, a full disk) fails the second pass alone, saying what to do:
// a sorted run never needs one. The function returned with it closes
// the copy.
func ReaderSource(name string, r io.Reader) (Source, func()) {
	sp := &spool{name: name}
	opened := false
	src := Source{Name: name, Open: func() (io.ReadCloser, error) {
		if !opened {
			opened = true
			return io.NopCloser(io.TeeReader(r, sp)), nil
		}
		return sp.reader()
	}}
	return src, sp.close
}

// spoolMemory is how much of a run read once is copied in memory before
// the copy moves to a temporary file.
var spoolMemory = 16 << 20

// spool keeps a copy of what is written to it: in memory, then in an
// unlinked temporary file. Writes never fail: a failure is kept for
// reader to report.
type spool struct {
	name string
	mem  []byte
	file *os.File
	w    *bufio.Writer
	size int64
	err  error
}

func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		return len(p), nil
	}
	if s.file == nil && len(s.mem)+len(p) <= spoolMemory {
		s.mem = append(s.mem, p...)
		return len(p), nil
	}
	if s.file == nil {
		f, err := os.CreateTemp("", "ndcg-explorer-run-*")
		if err != nil {
			s.err, s.mem = err, nil
			return len(p), nil
		}
		// Unlinked at once: the open file is the copy, and it goes when
		// the program ends, however it ends.
		os.Remove(f.Name())
		s.file, s.w = f, bufio.NewWriterSize(f, 1<<16)
		if _, err := s.w.Write(s.mem); err != nil {
			s.err = err
		}
		s.size, s.mem = int64(len(s.mem)), nil
	}
	if _, err := s.w.Write(p); err != nil && s.err == nil {
		s.err = err
	}
	s.size += int64(len(p))
	return len(p), nil
}

// reader reads the copy from its start.
func (s *spool) reader() (io.ReadCloser, error) {
	if s.err == nil && s.w != nil {
		s.err = s.w.Flush()
	}
	if s.err != nil {
		return nil, fmt.Errorf("%s: a query is split across the run, which takes a second reading, but no copy of it could be kept (%w): sort the run by query id (sort -s -k1,1), give it as a file, or set TMPDIR to a directory with room", s.name, s.err)
	}
	if s.file == nil {
		return io.NopCloser(bytes.NewReader(s.mem)), nil
	}
	return io.NopCloser(io.NewSectionReader(s.file, 0, s.size)), nil
}

func (s *spool) close() {
	if s.file != nil {
		s.file.Close()
	}
	s.mem = nil
}

// entry is one run line kept for evaluation; the docno is in the batch's
// arena (in the block's data while the parser holds the line), so a
// query's lines take two allocations, not one per line.
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
	// parts, when set, hold the lines instead, in order: the stretches
	// of a scattered query as they were read, not copied together.
	parts []part
	// whole says the batch holds every line of a scattered query, put
	// together: sized for it, it is left to the collector, not pooled.
	whole bool
	// slab says the lines are in memory shared with the other queries
	// of a scattered block: the batch is left to the collector too.
	slab bool
	// counted says only the lines' number and docno bytes were kept (in
	// lines and size), not the lines.
	counted     bool
	lines, size int
	// scattered says the lines were not together in their block.
	scattered bool
	// evaluated says the lines were evaluated where they were parsed,
	// into res or err, and not kept (lines and size count them).
	evaluated bool
	res       *QueryResult
	err       error
}

// lineCount is the number of lines the batch stands for.
func (b *batch) lineCount() int {
	if b.counted || b.evaluated || b.parts != nil {
		return b.lines
	}
	return len(b.entries)
}

// byteCount is the number of docno bytes the batch stands for.
func (b *batch) byteCount() int {
	if b.counted || b.evaluated || b.parts != nil {
		return b.size
	}
	return len(b.arena)
}

func (b *batch) docno(e entry) string { return bstr(b.arena[e.off : e.off+e.n]) }

// linesOf is the lines of the batch that retrieve docno d, in file
// order: for a message about a duplicate found after ranking, which
// keeps no lines.
func (b *batch) linesOf(d string) []int64 {
	var lines []int64
	if b.parts == nil {
		for _, en := range b.entries {
			if b.docno(en) == d {
				lines = append(lines, en.line)
			}
		}
		return lines
	}
	for _, p := range b.parts {
		for x, en := range p.ents {
			end := len(p.arena)
			if x+1 < len(p.ents) {
				end = int(p.ents[x+1].off)
			}
			if bstr(p.arena[en.off:end]) == d {
				lines = append(lines, p.line0+int64(en.line))
			}
		}
	}
	return lines
}

// part is a stretch of a scattered query's lines, held as it was read:
// its lines (16 bytes each, not an entry's 24: a scattered run's lines
// are all held to its end) and their docnos, one after the other in
// line order, so that a docno ends where the next begins.
type part struct {
	ents  []heldEntry
	arena []byte
	// line0 is the line number the lines' are counted from.
	line0 int64
}

// heldEntry is a held line: its score, where its docno starts in its
// part's arena, and its line number after the part's line0.
type heldEntry struct {
	score float64
	off   uint32
	line  uint32
}

// line returns the batch's x-th line number.
func (b *batch) line(x int) int64 {
	if b.parts == nil {
		return b.entries[x].line
	}
	for _, p := range b.parts {
		if x < len(p.ents) {
			return p.line0 + int64(p.ents[x].line)
		}
		x -= len(p.ents)
	}
	panic("trec: line past the batch's end")
}

// addPart appends o's lines to b as more parts; o's memory is b's from
// then on.
func (b *batch) addPart(o *batch) {
	b.lines += o.lineCount()
	b.size += o.byteCount()
	if o.parts != nil {
		b.parts = append(b.parts, o.parts...)
		o.parts = nil
		return
	}
	b.parts = appendParts(b.parts, o.entries, o.arena)
	o.entries, o.arena = nil, nil
}

// appendParts appends ents, whose docnos are in arena, to parts as held
// lines: a new part wherever a line number is too far from its part's
// first; the docnos are copied together unless they are already.
func appendParts(parts []part, ents []entry, arena []byte) []part {
	for len(ents) > 0 {
		n := 0
		for n < len(ents) && ents[n].line-ents[0].line <= 1<<32-1 {
			n++
		}
		p := part{ents: make([]heldEntry, n), line0: ents[0].line}
		in := true // the docnos are arena[ents[0].off:] in order
		at := ents[0].off
		for _, e := range ents[:n] {
			in = in && e.off == at
			at = e.off + e.n
		}
		if in {
			p.arena = arena[ents[0].off:at:at]
		} else {
			p.arena = make([]byte, 0, int(at))
		}
		o := uint32(0)
		for i, e := range ents[:n] {
			p.ents[i] = heldEntry{score: e.score, off: o, line: uint32(e.line - p.line0)}
			if !in {
				p.arena = append(p.arena, arena[e.off:e.off+e.n]...)
			}
			o += e.n
		}
		parts = append(parts, p)
		ents = ents[n:]
	}
	return parts
}

func (b *batch) reset(qid string, qi int) {
	b.qid = qid
	b.qi = qi
	b.entries = b.entries[:0]
	b.arena = b.arena[:0]
	b.parts = nil
	b.evaluated, b.res, b.err = false, nil, nil
	b.counted, b.lines, b.size = false, 0, 0
	b.whole, b.slab, b.scattered = false, false, false
}

// release returns b to the pool, unless it was sized for one query or
// shares its memory.
func release(b *batch) {
	if b != nil && !b.whole && !b.slab {
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
		return false, err.Error() + "; run lines are \"qid Q0 docno rank score tag\"" + headerHint(b[start[4]:end[4]])
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

// heldBlockSize is how much of the run one parser takes at a time once
// every query's lines are held (a scattered run) and a block has lines
// of more than crowdedBlock queries (a run of 3,000 queries sorted by
// rank: 0.68 → 0.58 s of CPU; with 300, 1 MB blocks are the faster).
const (
	heldBlockSize = 2 << 20
	crowdedBlock  = 1000
)

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

// qidTable is an open-addressing table of query ids, at most half full.
type qidTable struct {
	slots []qidAnswer
	n     int
	// order holds the ids in the order they were first asked for, as
	// scatter.go reads them.
	order []qidOrder
}

type qidAnswer struct {
	hash uint64
	qid  string
	qi   int
	keep bool
	// next is 1 + the slot of the id asked for after this one, last
	// time: a run sorted by rank has its query ids in the same order
	// over and over, and one comparison then finds the next.
	next int32
	// at is the id's place in order.
	at int32
}

// want returns the slot of want's answer for qid, from the table when
// the id was asked before: in a scattered run the query changes on
// nearly every line, and the lookup must then cost little more than a
// comparison. prev is the slot of the id asked for before (-1: none).
// The answer's qid is the table's copy of the id.
func (t *qidTable) want(prev int, qid []byte, want func([]byte) (int, bool)) int {
	if prev >= 0 {
		if n := int(t.slots[prev].next) - 1; n >= 0 && t.slots[n].qid == string(qid) {
			return n
		}
	}
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
		prev = -1 // the slots moved
	}
	h := hashBytes(qid)
	mask := uint64(len(t.slots) - 1)
	i := h & mask
	for ; ; i = (i + 1) & mask {
		a := &t.slots[i]
		if a.qid == "" {
			qi, keep := want(qid)
			*a = qidAnswer{hash: h, qid: string(qid), qi: qi, keep: keep, at: int32(t.n)}
			t.n++
			t.order = append(t.order, newQIDOrder(a, int32(i)))
			break
		}
		if a.hash == h && a.qid == string(qid) {
			break
		}
	}
	if prev >= 0 {
		t.slots[prev].next = int32(i + 1)
	}
	return int(i)
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
		a.next = 0
		t.slots[i] = a
		t.order[a.at].slot = int32(i)
	}
}

// merge appends o's lines to b; if either kept only counts, so does b.
func (b *batch) merge(o *batch) {
	if (b.parts != nil || o.parts != nil) && !b.counted && !o.counted {
		// A scattered block's query, held as parts: o's lines become
		// more parts of b's.
		if b.parts == nil {
			b.lines, b.size = len(b.entries), len(b.arena)
			b.parts = appendParts(nil, b.entries, b.arena)
			b.entries, b.arena = nil, nil
		}
		b.addPart(o)
		return
	}
	if b.counted || o.counted {
		b.lines, b.size = b.lineCount()+o.lineCount(), b.byteCount()+o.byteCount()
		b.counted = true
		b.entries, b.arena, b.parts = b.entries[:0], b.arena[:0], nil
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
