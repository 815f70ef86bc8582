package listio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// node is a JSON value with the byte offset it starts at, so that every
// complaint about a file can name its line.
type node struct {
	off  int64
	kind nodeKind
	str  string      // kindString
	num  json.Number // kindNumber: the literal as written
	bool bool        // kindBool
	// kindObject: keys in file order, their offsets and values.
	keys   []string
	keyOff []int64
	vals   []*node
	// kindArray
	elems []*node
}

type nodeKind int

const (
	kindNull nodeKind = iota
	kindBool
	kindNumber
	kindString
	kindArray
	kindObject
)

func (k nodeKind) String() string {
	return [...]string{"null", "true or false", "a number", "a string", "an array", "an object"}[k]
}

// field returns the value of key in an object, or nil.
func (n *node) field(key string) *node {
	for i, k := range n.keys {
		if k == key {
			return n.vals[i]
		}
	}
	return nil
}

// maxDepth bounds the nesting of the fields this program reads; nothing
// in the format nests deeper than four levels.
const maxDepth = 64

// treeReader builds nodes from a decoder, tracking offsets.
type treeReader struct {
	name string
	data []byte
	dec  *json.Decoder
	// newlines holds the offset of every '\n', found on first use, so
	// that locating each of many items costs a binary search, not a scan.
	newlines []int64
	// fast reads the items without a tree (fastItems).
	fast bool
	// record keeps where each item and pool item was (see positions).
	record bool
	// base is the offset in data where dec's input starts: the fast
	// reader gives the decoder one top-level value at a time.
	base int64
	// overLimit is the error of a list past MaxItems, which the fast
	// reader gives at once rather than leave the slow one to read it.
	overLimit error
}

// offset is where the decoder stands in data.
func (r *treeReader) offset() int64 { return r.base + r.dec.InputOffset() }

// decodeFrom points the decoder at the value starting at data[off].
func (r *treeReader) decodeFrom(off int64) {
	r.dec = json.NewDecoder(bytes.NewReader(r.data[off:]))
	r.dec.UseNumber()
	r.base = off
}

// line is the 1-based line of byte offset off.
func (r *treeReader) line(off int64) int {
	if r.newlines == nil {
		r.newlines = make([]int64, 0, bytes.Count(r.data, []byte("\n")))
		for i, c := range r.data {
			if c == '\n' {
				r.newlines = append(r.newlines, int64(i))
			}
		}
	}
	n, _ := slices.BinarySearch(r.newlines, off)
	return n + 1
}

func newTreeReader(name string, data []byte) *treeReader {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return &treeReader{name: name, data: data, dec: dec}
}

// next is the offset where the next token starts.
func (r *treeReader) next() int64 {
	off := r.offset()
	for off < int64(len(r.data)) && strings.IndexByte(" \t\r\n,:", r.data[off]) >= 0 {
		off++
	}
	return off
}

func (r *treeReader) fail(off int64, field, msg string) *Error {
	return &Error{Name: r.name, Line: r.line(off), Field: field, Msg: msg}
}

// syntax turns a decoder error into a located message.
func (r *treeReader) syntax(field string, err error) *Error {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		msg := se.Error()
		if strings.Contains(msg, "invalid character 'N'") || strings.Contains(msg, "invalid character 'I'") {
			msg += " (JSON has no NaN or Infinity: every grade and score must be a finite number)"
		} else if strings.Contains(msg, "after object key:value pair") || strings.Contains(msg, "after array element") {
			msg += " (is a comma missing, or one too many?)"
		}
		// The error's own offset is not always from the start of the
		// input; the decoder stops just before the offending character.
		off := r.offset()
		for off < int64(len(r.data)) && strings.IndexByte(" \t\r\n", r.data[off]) >= 0 {
			off++
		}
		if off < int64(len(r.data)) && (r.data[off] == ']' || r.data[off] == '}') {
			if prev := bytes.TrimRight(r.data[:off], " \t\r\n"); bytes.HasSuffix(prev, []byte(",")) {
				msg += " (JSON allows no comma before a closing bracket: remove the last comma)"
			}
		}
		return r.fail(off, field, "malformed JSON: "+msg)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return r.fail(int64(len(r.data)), field, "malformed JSON: the file ends before every { [ and \" is closed")
	}
	return r.fail(r.offset(), field, "malformed JSON: "+err.Error())
}

// value reads one value; path names it in errors.
func (r *treeReader) value(path string, depth int) (*node, error) {
	if depth > maxDepth {
		return nil, r.fail(r.next(), path, "nested too deeply; the list format is a few levels deep")
	}
	off := r.next()
	tok, err := r.dec.Token()
	if err != nil {
		return nil, r.syntax(path, err)
	}
	n := &node{off: off}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n.kind = kindObject
			for r.dec.More() {
				koff := r.next()
				ktok, err := r.dec.Token()
				if err != nil {
					return nil, r.syntax(path, err)
				}
				key, _ := ktok.(string)
				if n.field(key) != nil {
					return nil, r.fail(koff, join(path, key), "given twice in one object; keep one")
				}
				v, err := r.value(join(path, key), depth+1)
				if err != nil {
					return nil, err
				}
				n.keys, n.keyOff, n.vals = append(n.keys, key), append(n.keyOff, koff), append(n.vals, v)
			}
		case '[':
			n.kind = kindArray
			for i := 0; r.dec.More(); i++ {
				v, err := r.value(fmt.Sprintf("%s[%d]", path, i), depth+1)
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, v)
			}
		}
		if _, err := r.dec.Token(); err != nil { // the closing delimiter
			return nil, r.syntax(path, err)
		}
	case string:
		n.kind, n.str = kindString, t
	case json.Number:
		n.kind, n.num = kindNumber, t
	case bool:
		n.kind, n.bool = kindBool, t
	case nil:
		n.kind = kindNull
	}
	return n, nil
}

func join(path, key string) string {
	if len(key) > termsafe.QuoteMax+16 {
		// A key this long is data gone wrong; the message shows it once,
		// cut, rather than whole in the path too.
		key = termsafe.Quote(key)
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

// typeError says that a value has the wrong JSON type.
func (r *treeReader) typeError(n *node, path, want string) *Error {
	msg := fmt.Sprintf("must be %s, not %s", want, n.kind)
	if n.kind == kindString {
		msg = fmt.Sprintf("must be %s, not the string %s", want, termsafe.Quote(n.str))
		switch strings.ToLower(strings.TrimLeft(n.str, "+-")) {
		case "nan", "inf", "infinity":
			msg += "; JSON cannot hold a non-finite number and a grade or score must be finite"
		default:
			if want == "a number" {
				if _, err := parseNumber(n.str); err == nil {
					msg += "; remove the quotes"
				} else if what := path[strings.LastIndexByte(path, '.')+1:]; what == "grade" || what == "score" {
					// "high", "90%": the quotes are not what is wrong.
					msg = fmt.Sprintf("must be %s: %s", want, notANumber(what, n.str))
				}
			}
		}
	}
	return r.fail(n.off, path, msg)
}

// unknownKey reports a key an object may not hold, suggesting the
// nearest one it may.
func (r *treeReader) unknownKey(off int64, path, key string, known []string) *Error {
	msg := fmt.Sprintf("unknown field %s", termsafe.Quote(key))
	if s := closest(key, known); s != "" {
		msg += fmt.Sprintf("; did you mean %s?", termsafe.Quote(s))
	} else {
		msg += "; the fields here are " + strings.Join(known, ", ")
	}
	return r.fail(off, join(path, key), msg)
}

// closest returns the known name within two edits of s, if any.
func closest(s string, known []string) string {
	best, bestD := "", 3
	for _, k := range known {
		if d := editDistance(strings.ToLower(s), k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 99
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
