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
}

// FileSource reads the run at path.
func FileSource(path string) Source {
	return Source{Name: path, Open: func() (io.ReadCloser, error) { return os.Open(path) }}
}

// ReaderSource reads a run from r, which can be read only once (standard
// input): the first pass copies it to a temporary file, read again only
// if some query is split across the run. Close removes the copy.
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
}

func (b *batch) docno(e entry) string { return bstr(b.arena[e.off : e.off+e.n]) }

func (b *batch) reset(qid []byte, qi int) {
	b.qidBuf = append(b.qidBuf[:0], qid...)
	b.qid = string(b.qidBuf)
	b.qi = qi
	b.entries = b.entries[:0]
	b.arena = b.arena[:0]
}

var batchPool = sync.Pool{New: func() any { return new(batch) }}

// runLine is one data line of a run.
type runLine struct {
	qid, docno []byte
	score      float64
	line       int64
}

// runScanner reads a run's data lines, skipping blank lines and '#'
// comments as trec_eval does.
type runScanner struct {
	name string
	r    *bufio.Reader
	line int64
	long []byte
}

func newRunScanner(name string, r io.Reader) *runScanner {
	return &runScanner{name: name, r: bufio.NewReaderSize(r, 1<<20)}
}

// readLine returns the next line without its newline; the slice is
// valid until the next call.
func (s *runScanner) readLine() ([]byte, error) {
	b, err := s.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		s.long = append(s.long[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = s.r.ReadSlice('\n')
			s.long = append(s.long, b...)
		}
		b = s.long
	}
	if err == io.EOF && len(b) > 0 {
		err = nil
	}
	if err != nil {
		return nil, err
	}
	s.line++
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	return b, nil
}

// next reads the next data line into l; it returns io.EOF at the end.
func (s *runScanner) next(l *runLine) error {
	var f [6][]byte
	for {
		b, err := s.readLine()
		if err != nil {
			if err == io.EOF {
				return err
			}
			return fmt.Errorf("%s: %w", s.name, err)
		}
		n, _ := splitFields(b, f[:])
		if n == 0 || f[0][0] == '#' {
			continue
		}
		if n < 6 {
			return &LineError{File: s.name, Line: int(s.line),
				Msg: fmt.Sprintf("%d fields; run lines are \"qid Q0 docno rank score tag\" (6 fields)", n)}
		}
		score, err := parseScore(f[4])
		if err != nil {
			return &LineError{File: s.name, Line: int(s.line),
				Msg: err.Error() + "; run lines are \"qid Q0 docno rank score tag\""}
		}
		l.qid, l.docno, l.score, l.line = f[0], f[2], score, s.line
		return nil
	}
}

// scanRun reads the run and hands each query's lines to emit: each
// maximal stretch of lines with one query id, or, when merge is set,
// every line of a query wherever it is, at the end. want maps a query id
// to its qrels index, or reports that its lines are not needed (they are
// still checked). An emitted batch belongs to emit.
func scanRun(name string, r io.Reader, want func(qid []byte) (int, bool), merge bool, emit func(*batch) error) error {
	s := newRunScanner(name, r)
	var (
		l       runLine
		cur     *batch
		curQID  []byte
		keep    bool
		started bool
		merged  map[int]*batch
		order   []int
	)
	if merge {
		merged = map[int]*batch{}
	}
	flush := func() error {
		if cur == nil || merge {
			return nil
		}
		b := cur
		cur = nil
		return emit(b)
	}
	for {
		err := s.next(&l)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if !started || !bytes.Equal(l.qid, curQID) {
			if err := flush(); err != nil {
				return err
			}
			started = true
			curQID = append(curQID[:0], l.qid...)
			var qi int
			qi, keep = want(l.qid)
			if keep {
				if merge {
					cur = merged[qi]
					if cur == nil {
						cur = batchPool.Get().(*batch)
						cur.reset(l.qid, qi)
						merged[qi] = cur
						order = append(order, qi)
					}
				} else {
					cur = batchPool.Get().(*batch)
					cur.reset(l.qid, qi)
				}
			}
		}
		if !keep {
			continue
		}
		if len(cur.arena)+len(l.docno) > 1<<32-1 {
			return &LineError{File: name, Line: int(l.line), Msg: "query " + cur.qid + " has too many documents"}
		}
		cur.entries = append(cur.entries, entry{off: uint32(len(cur.arena)), n: uint32(len(l.docno)), score: l.score, line: l.line})
		cur.arena = append(cur.arena, l.docno...)
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
