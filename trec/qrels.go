package trec

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ndcg-explorer/ndcg-explorer/internal/textin"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// LineError is a problem with one line of a qrels or run file.
type LineError struct {
	File string
	Line int
	Msg  string
}

func (e *LineError) Error() string {
	if e.Line == 0 { // a whole-file problem, or a format without lines
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// Judgment is one qrels line: a document judged for a query.
type Judgment struct {
	Docno string
	// Rel is the relevance value's integer part; negative means the
	// document was pooled but not judged.
	Rel  int64
	Line int
}

// judg is a Judgment as kept: 16 bytes without pointers, the docno an
// offset into the qrels text, so that hundreds of thousands of them
// cost the garbage collector nothing.
type judg struct {
	off, n uint32
	rel    int32
	line   uint32
}

// Judgments are one query's qrels.
type Judgments struct {
	QID  string
	docs []judg
	// text is the qrels file the docnos point into; lo and hi bound
	// this query's docnos in it.
	text   []byte
	lo, hi uint32
	index  judgIndex
	// Ideal holds the gains of the ideal ranking: every positive rel,
	// highest first.
	Ideal []float64
}

// warm reads the query's index, judgments and docnos once, in order, so
// that the processor fetches them ahead at full speed rather than one
// cache miss per lookup: they have been cold since the qrels were read.
func (j *Judgments) warm() {
	var sink uint32
	for i := 0; i < len(j.index.slots); i += 16 {
		sink += j.index.slots[i]
	}
	for i := 0; i < len(j.docs); i += 4 {
		sink += j.docs[i].off
	}
	if j.hi-j.lo <= 1<<16 {
		for i := j.lo; i < j.hi; i += 64 {
			sink += uint32(j.text[i])
		}
	}
	warmSink.Add(sink)
}

// warmSink keeps warm's reads from being optimized away.
var warmSink atomic.Uint32

func (j *Judgments) docno(i int) string {
	d := j.docs[i]
	return bstr(j.text[d.off : d.off+d.n])
}

// Len is the number of judged documents.
func (j *Judgments) Len() int { return len(j.docs) }

// Doc returns the i-th judgment in file order.
func (j *Judgments) Doc(i int) Judgment {
	d := j.docs[i]
	return Judgment{Docno: j.docno(i), Rel: int64(d.rel), Line: int(d.line)}
}

// Lookup returns the judgment of docno, if any.
func (j *Judgments) Lookup(docno string) (Judgment, bool) {
	i := j.index.find(j, docno, hashDoc(docno))
	if i < 0 {
		return Judgment{}, false
	}
	return j.Doc(i), true
}

// Qrels are the judgments of every query of a qrels file.
type Qrels struct {
	Name string
	// Queries are sorted by query id in byte order, the order trec_eval
	// evaluates and prints them in.
	Queries []*Judgments
	byQID   map[string]int
}

// Query returns the judgments of qid, or nil.
func (q *Qrels) Query(qid string) *Judgments {
	i, ok := q.byQID[qid]
	if !ok {
		return nil
	}
	return q.Queries[i]
}

// ReadText reads r whole as readText reads a file: refused after its
// first block if it is not text, and no further than 4 GB.
func ReadText(name, what string, r io.Reader) ([]byte, error) {
	return readTextSized(name, what, r, 0)
}

// readTextSized is ReadText reading into one buffer of the size
// expected (a file's size), where io.ReadAll would grow one from 512
// bytes, a dozen times and as many copies for a 10 MB qrels file.
func readTextSized(name, what string, r io.Reader, size int) ([]byte, error) {
	r, err := checkText(name, r)
	if err != nil {
		return nil, err
	}
	r = io.LimitReader(r, math.MaxUint32)
	data := make([]byte, 0, size+1) // +1: the read that finds the end
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			// Fewer bytes than the file held when opened (a byte order
			// mark aside): it was truncated while read.
			if len(data)+len(textin.BOM) < size {
				return nil, fmt.Errorf("%s: the file shrank while it was read (%d of its %d bytes): something is writing to it; read it again once that is done", name, len(data), size)
			}
			return data, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", what, err)
		}
	}
}

// named is err with the file's name before it, unless it is a
// *LineError, which names the file already.
func named(name string, err error) error {
	if le := (*LineError)(nil); errors.As(err, &le) {
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}

// DoubleBOM is what every reader says of text that opens with two UTF-8
// byte order marks (a tool that adds one to a file that had one), which
// read as one mark and the characters ï»¿ before the first value; "" for
// any other text.
func DoubleBOM(head []byte) string {
	if !bytes.HasPrefix(textin.StripBOM(head), textin.BOM) {
		return ""
	}
	return "the file opens with two byte order marks (EF BB BF twice), as a program that adds one to a file that had one writes: remove one, e.g. sed -i '1s/^\\xEF\\xBB\\xBF//' FILE"
}

// checkText looks at the first block of r and refuses a file that is not
// text (NUL bytes, UTF-16) before the rest is read; it returns the
// whole input again, without a leading byte order mark.
func checkText(name string, r io.Reader) (io.Reader, error) {
	head := make([]byte, textin.HeadSize)
	n, err := io.ReadFull(r, head)
	head = head[:n]
	atEOF := err == io.EOF || err == io.ErrUnexpectedEOF
	if err != nil && !atEOF {
		return nil, named(name, err)
	}
	if p := textin.Sniff(head, atEOF, false); p != textin.OK {
		return nil, fmt.Errorf("%s: %s", name, textin.Explain(name, head, p))
	}
	if msg := DoubleBOM(head); msg != "" {
		return nil, &LineError{File: name, Line: 1, Msg: msg}
	}
	return io.MultiReader(bytes.NewReader(textin.StripBOM(head)), r), nil
}

// ParseQrels reads qrels lines "qid iter docno rel". The returned qrels
// refer to data, which must not change afterwards. As in trec_eval,
// lines starting with '#' are comments and a blank line is an error.
func ParseQrels(name string, data []byte) (*Qrels, error) {
	// A byte order mark would otherwise become part of the first qid,
	// which then looks like the real one in every message.
	data = textin.StripBOM(data)
	if len(data) >= math.MaxUint32 {
		return nil, fmt.Errorf("%s: qrels files are limited to 4 GB", name)
	}
	text := data[:len(data):len(data)]
	// Cut the text into chunks at line ends, four per CPU so that a CPU
	// taken by other work holds up little of it, and parse them in
	// parallel; a query whose lines span chunks is put back together in
	// chunk order, so its judgments stay in file order.
	workers := runtime.GOMAXPROCS(0)
	nchunks := 4 * workers
	if len(text) < 1<<20 {
		workers, nchunks = 1, 1
	}
	chunks := make([]qrelsChunk, nchunks)
	start := 0
	for w := range chunks {
		end := len(text)
		if w < nchunks-1 {
			end = max(start, len(text)*(w+1)/nchunks)
			if i := bytes.IndexByte(text[end:], '\n'); i >= 0 {
				end += i + 1
			} else {
				end = len(text)
			}
		}
		chunks[w].text, chunks[w].size = text[start:end], len(text)
		start = end
	}
	line := 1
	for w := range chunks {
		chunks[w].firstLine = line
		n := bytes.Count(chunks[w].text, []byte{'\n'})
		chunks[w].lines = n + 1
		line += n
	}
	var next atomic.Int64
	parallel(workers, func(int) {
		for {
			i := int(next.Add(1)) - 1
			if i >= len(chunks) {
				return
			}
			chunks[i].parse(name)
		}
	})

	q := &Qrels{Name: name, byQID: map[string]int{}}
	for _, c := range chunks {
		if c.err != nil {
			return nil, c.err // the earliest: chunks are in file order
		}
		for _, j := range c.queries {
			if qi, ok := q.byQID[j.QID]; ok {
				q.Queries[qi].docs = append(q.Queries[qi].docs, j.docs...)
				continue
			}
			q.byQID[j.QID] = len(q.Queries)
			j.text = text
			q.Queries = append(q.Queries, j)
		}
	}
	if len(q.Queries) == 0 {
		return nil, fmt.Errorf("%s: no judgments: a qrels file holds lines \"qid iter docno rel\"", name)
	}
	dups := make([]*LineError, len(q.Queries))
	parallel(workers, func(w int) {
		for i := w; i < len(q.Queries); i += workers {
			j := q.Queries[i]
			if first, second := j.index.build(j); first >= 0 {
				d := j.Doc(second)
				dups[i] = &LineError{File: name, Line: d.Line, Msg: fmt.Sprintf(
					"document %s is judged twice for query %s (first on line %d); keep one judgment", termsafe.Quote(d.Docno), termsafe.Quote(j.QID), j.Doc(first).Line)}
				continue
			}
			j.lo = math.MaxUint32
			relevant := 0
			for _, d := range j.docs {
				if d.rel > 0 {
					relevant++
				}
			}
			j.Ideal = make([]float64, 0, relevant)
			for _, d := range j.docs {
				if d.rel > 0 {
					j.Ideal = append(j.Ideal, float64(d.rel))
				}
				j.lo, j.hi = min(j.lo, d.off), max(j.hi, d.off+d.n)
			}
			slices.Sort(j.Ideal)
			slices.Reverse(j.Ideal)
		}
	})
	var dup *LineError
	for _, d := range dups {
		if d != nil && (dup == nil || d.Line < dup.Line) {
			dup = d
		}
	}
	if dup != nil {
		return nil, dup
	}
	slices.SortFunc(q.Queries, func(a, b *Judgments) int { return strings.Compare(a.QID, b.QID) })
	for i, j := range q.Queries {
		q.byQID[j.QID] = i
	}
	return q, nil
}

// parallel runs f(0), …, f(n-1) at once and waits for them.
func parallel(n int, f func(int)) {
	if n == 1 {
		f(0)
		return
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i)
		}()
	}
	wg.Wait()
}

// qrelsChunk is a stretch of a qrels file, cut at a line end, parsed on
// its own.
type qrelsChunk struct {
	text      []byte
	firstLine int
	// lines bounds the number of its lines (its line ends, plus one).
	lines int
	// size is the length of the whole file.
	size    int
	queries []*Judgments
	err     error
}

func (c *qrelsChunk) parse(name string) {
	var (
		fields [4][]byte
		cur    *Judgments
		byQID  = map[string]*Judgments{}
	)
	data, lineNo := c.text, c.firstLine-1
	fail := func(format string, args ...any) {
		c.err = &LineError{File: name, Line: lineNo, Msg: fmt.Sprintf(format, args...)}
	}
	// A query's judgments, when its lines come together (nearly always),
	// are a stretch of one slab sized for the chunk's lines, not an
	// allocation of their own grown by doubling; a query met again gets
	// its own from then on (the stretch's capacity ends with it).
	slab := make([]judg, 0, c.lines)
	start, inSlab := 0, false
	endSlab := func() {
		if inSlab {
			cur.docs = slab[start:len(slab):len(slab)]
		}
	}
	var scan sepScan
	scan.reset(data)
	var (
		key   qidKey
		keyOK bool
	)
	fileBase := c.size - cap(data) // data's offset in the file
	for at := 0; at < len(data); {
		if inSlab && keyOK {
			// The lines that go on with the query before, read in a
			// loop of their own.
			at, lineNo, slab = scan.sameQrels(at, lineNo, key, slab, fileBase)
			if at >= len(data) {
				break
			}
		}
		lineNo++
		// A plain line, four fields one separator apart and a line
		// end, is read from the bitmap of separators (sepScan);
		// anything else line by line.
		var seps [4]int
		if scan.plain(at, seps[:]) {
			s0, s1, s2, s3 := seps[0], seps[1], seps[2], seps[3]
			fields[0], fields[2], fields[3] = data[at:s0], data[s1+1:s2], data[s2+1:s3]
			at = s3 + 1
		} else {
			line := data[at:]
			if i := bytes.IndexByte(line, '\n'); i >= 0 {
				line = line[:i]
			}
			at += len(line) + 1
			scan.seek(at)
			blank, comment := blankOrComment(line)
			if comment {
				continue
			}
			if blank {
				fail("blank line; qrels lines are \"qid iter docno rel\" (trec_eval rejects blank lines too: delete it)")
				return
			}
			n, more := splitFields(line, fields[:])
			if n < 4 || more {
				if more {
					n = len(strings.Fields(string(line)))
				}
				if n == 6 {
					// The usual slip: the two files the other way round.
					fail("6 fields, as a run's lines have (\"qid Q0 docno rank score tag\"); qrels lines are \"qid iter docno rel\" (4 fields): give the qrels first, then the run (trec QRELS RUN, or --qrels QRELS --run RUN)")
					return
				}
				fail("%s; qrels lines are \"qid iter docno rel\" (4 fields)", countFields(n))
				return
			}
		}
		rel, err := parseRel(fields[3])
		if err != nil {
			fail("%v; qrels lines are \"qid iter docno rel\"%s", err, headerHint(fields[3]))
			return
		}
		qid := bstr(fields[0])
		if cur == nil || cur.QID != qid {
			endSlab()
			cur = byQID[qid]
			inSlab = cur == nil
			key, keyOK = newQIDKey(fields[0])
			if cur == nil {
				cur = &Judgments{QID: qid}
				byQID[qid] = cur
				c.queries = append(c.queries, cur)
				start = len(slab)
			}
		}
		// Every field shares the file's array, whose capacity ends with
		// the file: the field's capacity says where it starts.
		doc := fields[2]
		jd := judg{off: uint32(c.size - cap(doc)), n: uint32(len(doc)), rel: int32(rel), line: uint32(lineNo)}
		if inSlab {
			slab = append(slab, jd)
		} else {
			cur.docs = append(cur.docs, jd)
		}
	}
	endSlab()
}
