package trec

import (
	"fmt"
	"hash/maphash"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// This file reads dict JSON ({"QID": {"DOCID": VALUE, …}, …}) in one
// pass over a reader, keeping the line number as it goes: time and
// memory grow with the file (a run of 20,000 queries takes less than
// twice the time of its TREC lines, docs/trec.md), and a run file is
// streamed, never held whole. Several dicts in a row (one a
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
	n       int  // documents read
	qidOK   bool // the current query's id passed its check
	// plain: the document just read was read at one go (plainDoc): its
	// id holds no white space, its number no exponent.
	plain bool
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
			d.queries[qid], d.qid, d.qline, d.qidOK = d.line, qid, d.line, false
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
					if err := d.queryEnd(); err != nil {
						return false, err
					}
				}
				return true, nil
			}
			more, err := d.key("a document id")
			if err != nil {
				return false, err
			}
			if !more {
				if err := d.queryEnd(); err != nil {
					return false, err
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
			d.at, d.plain = d.line, false
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
				if err := d.queryEnd(); err != nil {
					return false, err
				}
			}
			return true, nil
		}
	}
}

// queryEnd reads what follows a query's dict: a comma and the next
// query, or the whole dict's end.
func (d *dictReader) queryEnd() error {
	d.state = dictQuery
	c, err := d.expect(",}", "a comma or }", d.query)
	if err != nil {
		return err
	}
	d.state, d.comma = dictQuery, c == ','
	if c == '}' {
		d.state = dictBefore
	}
	return nil
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
	for i = start; i < len(buf) && !idStop[buf[i]]; i++ {
	}
	if i >= len(buf) || buf[i] != '"' || i == start {
		return false, false // a space in the id, or none, is said by check
	}
	id := buf[start:i]
	for i++; i < len(buf) && buf[i] == ' '; i++ {
	}
	if i >= len(buf) || buf[i] != ':' {
		return false, false
	}
	for i++; i < len(buf) && buf[i] == ' '; i++ {
	}
	nstart, exponent := i, false
	for i < len(buf) && isNumberByte(buf[i]) {
		exponent = exponent || buf[i] == 'e' || buf[i] == 'E'
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
	// The id holds no white space and is not empty, and a number
	// without an exponent is finite: check has less to do.
	d.doc, d.val, d.at = doc, num, d.line
	d.plain = !exponent && len(num) < 300
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
