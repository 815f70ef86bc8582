package trec

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"io"
	"strings"
	"unsafe"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// check checks the document just read as a row of a table is checked
// (ids TREC lines can hold, a finite number; a relevance as parseRel
// reads it when rel).
func (d *dictReader) check(rel bool) error {
	fail := func(doc bool, msg string) error {
		where := d.query()
		if doc {
			where = d.where()
		}
		return &LineError{File: d.name, Line: d.at, Msg: where + ": " + msg}
	}
	if !d.qidOK {
		if msg := checkID(d.qid); msg != "" {
			return fail(false, msg)
		}
		if d.qid[0] == '#' {
			return fail(false, fmt.Sprintf("%s starts with #, which TREC files read as a comment", termsafe.Quote(d.qid)))
		}
		d.qidOK = true
	}
	if d.plain && !rel {
		return nil // see plainDoc
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
