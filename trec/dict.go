package trec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// This file reads dict JSON ({"QID": {"DOCID": VALUE, …}, …}) in one
// pass over a reader, keeping the line number as it goes: a run of
// 20,000 queries is read in the time its TREC lines take, and a run
// file is streamed, never held whole. Several dicts in a row (one a
// line, as JSON lines of dicts are written) are read as one: their
// queries add up, and a query given twice is an error wherever it is.
// Anything else after a dict is refused with its line.

// dictReader pulls the documents of dict JSON one at a time.
type dictReader struct {
	name string
	// what the values are ("relevance" or "score"), for messages.
	what string
	r    io.Reader
	buf  []byte // buf[pos:] is unread
	pos  int
	eof  bool
	rerr error
	// line is the line of buf[pos]: newlines are only ever met between
	// tokens (a JSON string cannot hold one), counted as they are passed.
	line  int
	state int
	// The entry next returned: its query, document, value (the number
	// as written) and line.
	qid, doc string
	val      []byte
	at       int
	// queries holds the line each query was first given on; docs the
	// documents of the current query (docSet).
	queries map[string]int
	docs    docSet
	qline   int
	n       int    // documents read
	checked string // the query whose id check passed
	// empty: nothing but white space read yet; comma: the last token of
	// the object being read is a comma.
	empty, comma bool
}

const (
	dictBefore = iota // before a top-level object, or after one
	dictQuery         // in the top-level object, before a query's key or its end
	dictDoc           // in a query's object, before a document's key or its end
	dictDone
)

func newDictReader(name, what string, r io.Reader) *dictReader {
	return &dictReader{name: name, what: what, r: r, buf: make([]byte, 0, 64<<10), line: 1, empty: true,
		queries: map[string]int{}, docs: docSet{seed: maphash.MakeSeed()}}
}

func (d *dictReader) fail(format string, a ...any) error {
	return &LineError{File: d.name, Line: d.line, Msg: fmt.Sprintf(format, a...)}
}

// more reads on, keeping buf[pos:] (moved to the front), and reports
// whether there is more to read: offsets from pos stay valid.
func (d *dictReader) more() bool {
	if d.eof {
		return false
	}
	if d.pos > 0 {
		d.buf = d.buf[:copy(d.buf, d.buf[d.pos:])]
		d.pos = 0
	}
	if len(d.buf) == cap(d.buf) {
		if len(d.buf) >= maxLine {
			d.eof, d.rerr = true, d.fail("a string or number longer than %d MiB: this is not dict JSON", maxLine>>20)
			return false
		}
		d.buf = slices.Grow(d.buf, len(d.buf))
	}
	for {
		n, err := d.r.Read(d.buf[len(d.buf):cap(d.buf)])
		d.buf = d.buf[:len(d.buf)+n]
		if err != nil {
			d.eof = true
			if err != io.EOF {
				d.rerr = fmt.Errorf("%s: %w", d.name, err)
			}
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
}

// skip passes white space and returns the next byte, false at the end.
func (d *dictReader) skip() (byte, bool) {
	if d.pos < len(d.buf) && d.buf[d.pos] > ' ' {
		return d.buf[d.pos], true
	}
	for {
		for d.pos < len(d.buf) {
			switch c := d.buf[d.pos]; c {
			case '\n':
				d.line++
				d.pos++
			case ' ', '\t', '\r':
				d.pos++
			default:
				return c, true
			}
		}
		if !d.more() {
			return 0, false
		}
	}
}

// str reads the JSON string at pos.
func (d *dictReader) str() (string, error) {
	b, err := d.strBytes()
	return string(b), err
}

// strBytes reads the JSON string at pos: its bytes, decoded, valid
// until the next read.
func (d *dictReader) strBytes() ([]byte, error) {
	escaped, ascii := false, true
	for j := 1; ; {
		for ; d.pos+j < len(d.buf); j++ {
			c := d.buf[d.pos+j]
			if !strStop[c] {
				continue
			}
			if c >= 0x80 {
				ascii = false
				continue
			}
			switch c {
			case '"':
				raw := d.buf[d.pos : d.pos+j+1]
				d.pos += j + 1
				if !ascii && !utf8.Valid(raw) {
					return nil, d.fail("the text is not UTF-8; save the file as UTF-8")
				}
				if !escaped {
					return raw[1 : len(raw)-1], nil
				}
				var s string
				if err := json.Unmarshal(raw, &s); err != nil {
					return nil, d.fail("the string %s has an escape JSON does not know (%v); write \\\", \\\\, \\n or \\uXXXX", raw, err)
				}
				return []byte(s), nil
			case '\\':
				escaped = true
				j++
			case '\n':
				return nil, d.fail("a string runs past the line's end: its closing quote is missing")
			default:
				return nil, d.fail("a string holds the control character U+%04X; write it escaped, as \\u%04x", c, c)
			}
		}
		if !d.more() {
			if d.rerr != nil {
				return nil, d.rerr
			}
			return nil, d.fail("the file ends inside a string: it is cut short, or a closing quote is missing")
		}
	}
}

// strStop marks the bytes a string's scan stops at: its end, an escape,
// a control character, and a byte outside ASCII (UTF-8 to check).
var strStop = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c == '"' || c == '\\' || c < ' ' || c >= 0x80
	}
	return t
}()

// isNumberByte reports whether c may be part of a JSON number.
func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// number reads the JSON number at pos, as written.
func (d *dictReader) number() ([]byte, error) {
	j := 0
	for {
		for d.pos+j < len(d.buf) && isNumberByte(d.buf[d.pos+j]) {
			j++
		}
		if d.pos+j < len(d.buf) || !d.more() {
			break
		}
	}
	if d.rerr != nil {
		return nil, d.rerr
	}
	b := d.buf[d.pos : d.pos+j]
	d.pos += j
	if !jsonNumber(b) {
		return nil, d.fail("%s is not a JSON number; write digits with an optional sign, point and exponent, as 2, 0.75 or 1.5e-3", termsafe.Quote(string(b)))
	}
	return b, nil
}

// jsonNumber reports whether b is a number as JSON writes one.
func jsonNumber(b []byte) bool {
	i := 0
	digits := func() int {
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		return i - start
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch n := digits(); {
	case n == 0, n > 1 && b[i-n] == '0':
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(b)
}

// expect passes white space and one of the bytes in set, or fails
// saying what was wanted after what.
func (d *dictReader) expect(set, want string, after func() string) (byte, error) {
	// The usual case, the byte wanted right there, first.
	if d.pos < len(d.buf) {
		if c := d.buf[d.pos]; c == set[0] || len(set) > 1 && c == set[1] {
			d.pos++
			return c, nil
		}
	}
	c, ok := d.skip()
	if !ok {
		return 0, d.cut()
	}
	if strings.IndexByte(set, c) < 0 {
		return 0, d.fail("%s where %s goes, after %s%s", d.found(c), want, after(), slip(c))
	}
	d.pos++
	return c, nil
}

// found names the token starting at pos (byte c), for messages.
func (d *dictReader) found(c byte) string {
	switch c {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '}', ']', ',', ':':
		return fmt.Sprintf("%q", c)
	case 'n':
		return "null"
	case 't', 'f':
		return "true or false"
	}
	if isNumberByte(c) {
		return "a number"
	}
	r, _ := utf8.DecodeRune(d.buf[d.pos:])
	return fmt.Sprintf("%q", r)
}

// slip names the usual mistake behind an unexpected c.
func slip(c byte) string {
	if c == '"' || c == '{' {
		return ": a comma is missing before it"
	}
	return ""
}

// cut is the error of a file that ends inside the dict.
func (d *dictReader) cut() error {
	if d.rerr != nil {
		return d.rerr
	}
	where := "the dict"
	if d.state == dictDoc {
		where = fmt.Sprintf("query %s (opened on line %d)", termsafe.Quote(d.qid), d.qline)
	}
	return d.fail("the file ends inside %s: it is cut short, or a closing } is missing", where)
}

// query and where name the query, and the document, being read.
func (d *dictReader) query() string { return "query " + termsafe.Quote(d.qid) }
func (d *dictReader) where() string {
	return fmt.Sprintf("query %s, document %s", termsafe.Quote(d.qid), termsafe.Quote(d.doc))
}

// key passes white space to the next key of the object being read
// (true), or past the object's closing brace (false).
func (d *dictReader) key(what string) (bool, error) {
	c, ok := d.skip()
	if !ok {
		return false, d.cut()
	}
	switch {
	case c == '}' && d.comma:
		return false, d.fail("a comma before the closing }: remove it")
	case c == '}':
		d.pos++
		return false, nil
	case c != '"':
		return false, d.fail("%s where %s (a string) goes; give {\"QID\": {\"DOCID\": VALUE, …}, …}", d.found(c), what)
	}
	return true, nil
}

// next reads the next document; it returns false at the end of the
// input, having checked that nothing but white space or more dicts
// follows.
func (d *dictReader) next() (bool, error) {
	for {
		switch d.state {
		case dictDone:
			return false, nil
		case dictBefore:
			c, ok := d.skip()
			if !ok {
				if d.rerr != nil {
					return false, d.rerr
				}
				d.state = dictDone
				if len(d.queries) == 0 && d.empty {
					return false, &LineError{File: d.name, Msg: "the file is empty; give {\"QID\": {\"DOCID\": VALUE, …}, …}"}
				}
				return false, nil
			}
			switch {
			case c == '{':
			case d.empty && c == '[':
				return false, d.fail("a JSON array, not dict JSON: give one object of queries, {\"QID\": {\"DOCID\": VALUE, …}, …}")
			case d.empty:
				return false, d.fail("not dict JSON: it starts with %s; give {\"QID\": {\"DOCID\": VALUE, …}, …}", d.found(c))
			default:
				return false, d.fail("%s after the dict's closing }: dict JSON is one object, or one a line; remove what follows", d.found(c))
			}
			d.pos++
			d.empty, d.state, d.comma = false, dictQuery, false
		case dictQuery:
			more, err := d.key("a query id")
			if err != nil {
				return false, err
			}
			if !more {
				d.state = dictBefore
				continue
			}
			qid, err := d.str()
			if err != nil {
				return false, err
			}
			if first, dup := d.queries[qid]; dup {
				return false, d.fail("query %s is given twice (first on line %d); give each query once, with all its documents", termsafe.Quote(qid), first)
			}
			d.queries[qid], d.qid, d.qline = d.line, qid, d.line
			if _, err := d.expect(":", "a colon", d.query); err != nil {
				return false, err
			}
			c, ok := d.skip()
			if !ok {
				return false, d.cut()
			}
			if c != '{' {
				return false, d.fail("query %s holds %s where an object of documents goes; give {\"QID\": {\"DOCID\": VALUE, …}, …}", termsafe.Quote(qid), d.found(c))
			}
			d.pos++
			d.docs.reset()
			d.state, d.comma = dictDoc, false
		case dictDoc:
			if end, ok := d.plainDoc(); ok {
				if end {
					// The query's end: a comma or the dict's end follows.
					d.state = dictQuery
					c, err := d.expect(",}", "a comma or }", d.query)
					if err != nil {
						return false, err
					}
					d.state, d.comma = dictQuery, c == ','
					if c == '}' {
						d.state = dictBefore
					}
				}
				return true, nil
			}
			more, err := d.key("a document id")
			if err != nil {
				return false, err
			}
			if !more {
				c, err := d.expect(",}", "a comma or }", d.query)
				if err != nil {
					return false, err
				}
				d.state, d.comma = dictQuery, c == ','
				if c == '}' {
					d.state = dictBefore
				}
				continue
			}
			b, err := d.strBytes()
			if err != nil {
				return false, err
			}
			doc, first := d.docs.add(b, d.line)
			d.doc = doc
			if first > 0 {
				return false, d.fail("%s is given twice (first on line %d); give each document of a query once", d.where(), first)
			}
			if _, err := d.expect(":", "a colon", d.where); err != nil {
				return false, err
			}
			d.at = d.line
			if d.val, err = d.value(); err != nil {
				return false, err
			}
			d.n++
			c, err := d.expect(",}", "a comma or }", d.where)
			if err != nil {
				return false, err
			}
			d.comma = c == ','
			if c == '}' {
				// The query's end: a comma or the dict's end follows.
				d.state = dictQuery
				c, err := d.expect(",}", "a comma or }", d.query)
				if err != nil {
					return false, err
				}
				d.state, d.comma = dictQuery, c == ','
				if c == '}' {
					d.state = dictBefore
				}
			}
			return true, nil
		}
	}
}

// plainDoc reads a document written the usual way, "ID": NUMBER then a
// comma or }, all in the buffer, on one line, the id in plain ASCII
// and given once, at one go; it reports whether it did (end: the } of
// the query was passed), having read nothing when it did not, for the
// token by token reading to take it, with its messages.
func (d *dictReader) plainDoc() (end, ok bool) {
	buf, i := d.buf, d.pos
	for i < len(buf) && buf[i] == ' ' {
		i++
	}
	if i >= len(buf) || buf[i] != '"' {
		return false, false
	}
	start := i + 1
	for i = start; i < len(buf) && !strStop[buf[i]]; i++ {
	}
	if i >= len(buf) || buf[i] != '"' {
		return false, false
	}
	id := buf[start:i]
	for i++; i < len(buf) && buf[i] == ' '; i++ {
	}
	if i >= len(buf) || buf[i] != ':' {
		return false, false
	}
	for i++; i < len(buf) && buf[i] == ' '; i++ {
	}
	nstart := i
	for i < len(buf) && isNumberByte(buf[i]) {
		i++
	}
	num := buf[nstart:i]
	for i < len(buf) && buf[i] == ' ' {
		i++
	}
	if i >= len(buf) || buf[i] != ',' && buf[i] != '}' || !jsonNumber(num) {
		return false, false
	}
	doc, first := d.docs.add(id, d.line)
	if first > 0 {
		return false, false // said by the reading token by token
	}
	d.doc, d.val, d.at = doc, num, d.line
	d.n++
	d.comma = buf[i] == ','
	d.pos = i + 1
	return buf[i] == '}', true
}

// value reads a document's value: a number, as written. Anything else
// is refused saying what to write.
func (d *dictReader) value() ([]byte, error) {
	c, ok := d.skip()
	if !ok {
		return nil, d.cut()
	}
	if c == '-' || c >= '0' && c <= '9' {
		return d.number()
	}
	where := d.where()
	const shape = `dict JSON has two levels, {"QID": {"DOCID": NUMBER}}`
	switch c {
	case '"':
		s, err := d.str()
		if err != nil {
			return nil, err
		}
		if jsonNumber([]byte(s)) {
			return nil, d.fail("%s: %s is a number in quotes; remove the quotes: %s", where, termsafe.Quote(s), s)
		}
		return nil, d.fail("%s: the text %s where its %s goes; give a number", where, termsafe.Quote(s), d.what)
	case 'n':
		return nil, d.fail("%s: null where its %s goes; give a number, or leave the document out", where, d.what)
	case 't', 'f':
		return nil, d.fail("%s: true or false where its %s goes; give a number (1 or 0)", where, d.what)
	case '{', '[':
		return nil, d.fail("%s: %s where its %s goes; %s", where, d.found(c), d.what, shape)
	}
	return nil, d.fail("%s: %s where its %s goes; give a number", where, d.found(c), d.what)
}

// entry checks the document just read as a row of a table is checked
// (ids TREC lines can hold, a finite number; a relevance as ParseRel
// reads it when rel).
func (d *dictReader) check(rel bool) error {
	fail := func(doc bool, msg string) error {
		where := d.query()
		if doc {
			where = d.where()
		}
		return &LineError{File: d.name, Line: d.at, Msg: where + ": " + msg}
	}
	if d.checked != d.qid {
		if msg := checkID(d.qid); msg != "" {
			return fail(false, msg)
		}
		if d.qid[0] == '#' {
			return fail(false, fmt.Sprintf("%s starts with #, which TREC files read as a comment", termsafe.Quote(d.qid)))
		}
		d.checked = d.qid
	}
	if msg := checkID(d.doc); msg != "" {
		return fail(true, msg)
	}
	// A JSON number without an exponent and of fewer than 300 digits is
	// finite, and read by the TREC reader after: only the rest is read
	// here.
	if !rel && len(d.val) < 300 && !hasExponent(d.val) {
		return nil
	}
	role := roleScore
	if rel {
		role = roleLabel
	}
	if msg := checkValue(role, bstr(d.val)); msg != "" {
		return fail(true, msg)
	}
	return nil
}

func hasExponent(b []byte) bool {
	for _, c := range b {
		if c == 'e' || c == 'E' {
			return true
		}
	}
	return false
}

// none is the error of dict JSON that holds no document.
func (d *dictReader) none() error {
	return &LineError{File: d.name, Msg: "the dict holds no documents; give {\"QID\": {\"DOCID\": VALUE, …}, …}"}
}

// dictText reads dict JSON as the TREC lines it stands for: run lines
// "qid Q0 docno 0 score json", or qrels lines "qid 0 docno rel" when
// rel, a query's documents in the order the dict gives them.
type dictText struct {
	d   *dictReader
	rel bool
	// only, when set, is the one query whose lines are made: the others
	// are read and checked, and left out.
	only *string
	out  []byte
	off  int
	err  error
}

func newDictText(name string, r io.Reader, rel bool) *dictText {
	what := "score"
	if rel {
		what = "relevance"
	}
	return &dictText{d: newDictReader(name, what, r), rel: rel}
}

func (t *dictText) Read(p []byte) (int, error) {
	if t.off < len(t.out) {
		n := copy(p, t.out[t.off:])
		t.off += n
		return n, nil
	}
	if t.err != nil {
		return 0, t.err
	}
	// The lines are made in p itself, up to the one that does not fit,
	// which waits in out: no copy of the text on its way.
	d, b := t.d, p[:0]
	for len(b) < len(p) {
		ok, err := d.next()
		if err == nil && ok {
			err = d.check(t.rel)
		}
		if err == nil && !ok {
			err = io.EOF
			if d.n == 0 {
				err = d.none()
			}
		}
		if err != nil {
			t.err = err
			break
		}
		if t.only != nil && d.qid != *t.only {
			continue
		}
		if len(b)+len(d.qid)+len(d.doc)+len(d.val)+12 > len(p) {
			t.out, t.off = t.line(t.out[:0]), 0
			n := copy(p[len(b):], t.out)
			t.off = n
			return len(b) + n, nil
		}
		b = t.line(b)
	}
	if len(b) == 0 && t.err != nil {
		return 0, t.err
	}
	return len(b), nil
}

// line appends the TREC line of the document just read.
func (t *dictText) line(b []byte) []byte {
	d := t.d
	b = append(b, d.qid...)
	if t.rel {
		b = append(b, " 0 "...)
		b = append(b, d.doc...)
		b = append(b, ' ')
		b = append(b, d.val...)
		return append(b, '\n')
	}
	b = append(b, " Q0 "...)
	b = append(b, d.doc...)
	b = append(b, " 0 "...)
	b = append(b, d.val...)
	return append(b, " json\n"...)
}

// readDict reads ranx / ir_measures / pytrec_eval dict JSON as a table:
// query id → document id → value, the value both the label and the
// score (the side it is read for decides which), in the dict's order.
func readDict(name string, data []byte) (*Table, error) {
	d := newDictReader(name, "value", bytes.NewReader(data))
	b := newBuilder(name, FormatJSON)
	b.t.HasDocID, b.t.HasLabel, b.t.HasScore = true, true, true
	for {
		ok, err := d.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if err := d.check(false); err != nil {
			return nil, err
		}
		v := string(d.val)
		b.t.Rows = append(b.t.Rows, Row{QID: d.qid, DocID: strings.Clone(d.doc), Label: v, Score: v, Line: d.at})
	}
	if d.n == 0 {
		return nil, d.none()
	}
	return b.t, nil
}

// docSet holds the document ids of one query, to find one given twice:
// the ids in one arena, not one allocation each, and an open-addressed
// table of their hashes, emptied for the next query by a new generation
// rather than cleared.
type docSet struct {
	seed  maphash.Seed
	arena []byte
	docs  []setDoc
	slots []setSlot
	gen   uint32
}

type setDoc struct {
	hash   uint64
	off, n int
	line   int
}

type setSlot struct {
	hash uint64
	gen  uint32
	doc  uint32 // index in docs
}

func (s *docSet) reset() {
	s.arena, s.docs = s.arena[:0], s.docs[:0]
	s.gen++
}

// add keeps the id b, read on line, and returns it as a string (valid
// until reset: the arena may move as it grows, and old strings keep the
// old array) with the line it was first given on when it was given
// before (else 0).
func (s *docSet) add(b []byte, line int) (string, int) {
	start := len(s.arena)
	s.arena = append(s.arena, b...)
	id := unsafe.String(unsafe.SliceData(s.arena[start:]), len(b))
	h := maphash.Bytes(s.seed, b)
	if 2*(len(s.docs)+1) > len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		if sl.gen != s.gen {
			*sl = setSlot{hash: h, gen: s.gen, doc: uint32(len(s.docs))}
			s.docs = append(s.docs, setDoc{hash: h, off: start, n: len(b), line: line})
			return id, 0
		}
		if o := s.docs[sl.doc]; sl.hash == h && string(s.arena[o.off:o.off+o.n]) == id {
			return id, o.line
		}
	}
}

// grow doubles the table and puts the current query's ids back in it.
func (s *docSet) grow() {
	s.slots = make([]setSlot, max(64, 2*len(s.slots)))
	s.gen = 1
	mask := uint64(len(s.slots) - 1)
	for k, o := range s.docs {
		i := o.hash & mask
		for s.slots[i].gen == s.gen {
			i = (i + 1) & mask
		}
		s.slots[i] = setSlot{hash: o.hash, gen: s.gen, doc: uint32(k)}
	}
}
