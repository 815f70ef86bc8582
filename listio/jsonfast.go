package listio

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// errSlowPath says that the items are not all plain: the file is read
// again the general way, which says what is wrong, or reads what is
// unusual but right.
var errSlowPath = errors.New("listio: items to read the general way")

// fastTop is top for well-formed files: it walks the outer object by
// hand, reads the items with fastItems and hands the decoder only the
// other values, so that the items are read once, not scanned again by
// the decoder. Anything wrong or unusual is errSlowPath: top then reads
// the file again and says what is wrong.
func (r *treeReader) fastTop(doc *Document) (*node, []string, error) {
	sc := itemScanner{data: r.data}
	if !sc.byte('{') {
		return nil, nil, errSlowPath
	}
	top := &node{off: int64(sc.i - 1), kind: kindObject}
	var extra []string
	for first := true; !sc.byte('}'); first = false {
		if !first && !sc.byte(',') {
			return nil, nil, errSlowPath
		}
		sc.space()
		koff := int64(sc.i)
		key, ok := sc.str()
		if !ok || !sc.byte(':') || top.field(key) != nil || doc.Extra[key] != nil {
			return nil, nil, errSlowPath
		}
		sc.space()
		off := int64(sc.i)
		switch {
		case key == "items":
			if sc.i, ok = r.fastItems(doc, sc.i); !ok {
				if r.overLimit != nil {
					return nil, nil, r.overLimit
				}
				return nil, nil, errSlowPath
			}
			top.keys, top.keyOff, top.vals = append(top.keys, key), append(top.keyOff, koff), append(top.vals, &node{off: off, kind: kindArray})
		case slices.Contains(topFields, key):
			r.decodeFrom(off)
			v, err := r.value(key, 1)
			if err != nil {
				return nil, nil, errSlowPath
			}
			top.keys, top.keyOff, top.vals = append(top.keys, key), append(top.keyOff, koff), append(top.vals, v)
			sc.i = int(r.offset())
		case closest(key, topFields) != "":
			return nil, nil, errSlowPath
		default:
			r.decodeFrom(off)
			var raw json.RawMessage
			if err := r.dec.Decode(&raw); err != nil {
				return nil, nil, errSlowPath
			}
			if doc.Extra == nil {
				doc.Extra = map[string]json.RawMessage{}
			}
			doc.Extra[key] = raw
			extra = append(extra, key)
			sc.i = int(r.offset())
		}
	}
	if sc.space(); sc.i < len(r.data) {
		return nil, nil, errSlowPath
	}
	return top, extra, nil
}

// fastItems reads the items array straight into doc, as items does from
// the tree but without building one, nor going through the decoder's
// tokens: a list of a million items would otherwise take a node for
// every value. It takes only what is plain (each item an object of known
// keys, each once, of the usual types, with a grade; strings without
// control characters) and reports false at anything else, leaving every
// message to the general reader. The array starts at data[start]; it
// returns the offset just past it. The scanner is as strict as the
// decoder about what it takes, so nothing reads the array twice.
func (r *treeReader) fastItems(doc *Document, start int) (int, bool) {
	sc := itemScanner{data: r.data, i: start}
	if !sc.byte('[') {
		return 0, false
	}
	if sc.peek() == ']' {
		sc.i++
	} else {
		doc.List.Items = slices.Grow(doc.List.Items, itemsBound(r.data[start:]))
		for {
			sc.space()
			eoff := sc.i
			if len(doc.List.Items) == MaxItems {
				r.overLimit = tooManyItems(r.name, r.line(int64(eoff)))
				return 0, false
			}
			if !sc.byte('{') {
				return 0, false
			}
			var it ndcg.Item
			// Lines are found only when recording (see positions): the
			// binary search per item costs a tenth of the reading.
			line, eol := 0, len(r.data)
			if r.record {
				line = r.line(int64(eoff))
				// Fields before the next line end are on the element's line.
				if line-1 < len(r.newlines) {
					eol = int(r.newlines[line-1])
				}
			}
			at := itemPos{line: line, id: line, grade: line, score: line}
			var seen uint8
			for sc.peek() != '}' || seen == 0 {
				if seen != 0 && !sc.byte(',') {
					return 0, false
				}
				f, ok := sc.key(itemFields)
				if !ok || f < 0 || seen&(1<<f) != 0 || !sc.byte(':') {
					return 0, false
				}
				seen |= 1 << f
				key := itemFields[f]
				sc.space()
				vline := line
				if sc.i > eol {
					vline = r.line(int64(sc.i))
				}
				c := sc.peek()
				switch {
				case key == "id" && c == '"':
					if it.ID, ok = sc.str(); !ok || it.ID == "" {
						return 0, false
					}
					at.id = vline
				case key == "id":
					lit, ok := sc.number()
					if !ok {
						return 0, false
					}
					it.ID, at.id = string(lit), vline
				case key == "title" && c == '"':
					if it.Title, ok = sc.str(); !ok {
						return 0, false
					}
				case key == "title" || key == "score":
					if !sc.null() {
						if key == "title" {
							return 0, false
						}
						if it.Score, ok = sc.float(); !ok {
							return 0, false
						}
						it.HasScore, at.score = true, vline
					}
				default: // grade
					if it.Grade, ok = sc.float(); !ok {
						return 0, false
					}
					at.grade = vline
				}
			}
			sc.i++ // the closing brace
			if seen&(1<<slices.Index(itemFields, "grade")) == 0 {
				return 0, false
			}
			doc.List.Items = append(doc.List.Items, it)
			if r.record {
				at.item = it.ID
				doc.pos.items = append(doc.pos.items, at)
			}
			if sc.peek() == ']' {
				sc.i++
				break
			}
			if !sc.byte(',') {
				return 0, false
			}
		}
	}
	return sc.i, true
}

// itemsBound is a capacity for the items of the array that data starts
// with: the count of '{' in it, which is at least the number of items
// (a '{' in a string or a later field only adds to it), and no more than
// the shortest item, {"grade":0}, allows. Reserving it at once saves the
// copies of growing the array a million items long, and the garbage of
// every smaller copy.
func itemsBound(data []byte) int {
	return min(bytes.Count(data, []byte("{")), len(data)/len(`{"grade":0}`)+1)
}

// itemScanner reads the plain JSON of a list's items from data[i:].
type itemScanner struct {
	data []byte
	i    int
}

func (s *itemScanner) space() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// peek is the next byte after white space, or 0 at the end.
func (s *itemScanner) peek() byte {
	s.space()
	if s.i == len(s.data) {
		return 0
	}
	return s.data[s.i]
}

// byte reads c, after white space.
func (s *itemScanner) byte(c byte) bool {
	if s.peek() != c {
		return false
	}
	s.i++
	return true
}

// str reads a string; one with an escape is decoded as encoding/json
// decodes it; one with a control character is not plain.
func (s *itemScanner) str() (string, bool) {
	if !s.byte('"') {
		return "", false
	}
	start, escaped := s.i, false
	for ; s.i < len(s.data); s.i++ {
		switch c := s.data[s.i]; {
		case c == '"':
			s.i++
			if !escaped {
				return string(s.data[start : s.i-1]), true
			}
			var v string
			err := json.Unmarshal(s.data[start-1:s.i], &v)
			return v, err == nil
		case c == '\\':
			escaped = true
			s.i++ // the escaped byte cannot end the string
		case c < 0x20:
			return "", false
		}
	}
	return "", false
}

// key reads an object's key and returns its index in fields (-1 for
// another key). A plain key is compared where it lies in the data: a
// string made of each of the three keys of a million items would be
// three million allocations. A key with an escape is decoded as str
// decodes it.
func (s *itemScanner) key(fields []string) (int, bool) {
	if !s.byte('"') {
		return -1, false
	}
	start := s.i
	for ; s.i < len(s.data); s.i++ {
		c := s.data[s.i]
		if c == '"' {
			raw := s.data[start:s.i]
			s.i++
			for f, name := range fields {
				if string(raw) == name {
					return f, true
				}
			}
			return -1, true
		}
		if c == '\\' || c < 0x20 {
			break
		}
	}
	s.i = start - 1
	k, ok := s.str()
	return slices.Index(fields, k), ok
}

// number reads a number as JSON writes one, and returns it as written.
func (s *itemScanner) number() ([]byte, bool) {
	d, i := s.data, s.i
	digits := func() int {
		n := 0
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i, n = i+1, n+1
		}
		return n
	}
	if i < len(d) && d[i] == '-' {
		i++
	}
	if i < len(d) && d[i] == '0' {
		i++
	} else if digits() == 0 {
		return nil, false
	}
	if i < len(d) && d[i] == '.' {
		i++
		if digits() == 0 {
			return nil, false
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if digits() == 0 {
			return nil, false
		}
	}
	lit := d[s.i:i]
	s.i = i
	return lit, true
}

// float reads a number into a float64; one out of range is not plain.
func (s *itemScanner) float() (float64, bool) {
	lit, ok := s.number()
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(string(lit), 64)
	return v, err == nil
}

func (s *itemScanner) null() bool {
	if bytes.HasPrefix(s.data[s.i:], []byte("null")) {
		s.i += 4
		return true
	}
	return false
}
