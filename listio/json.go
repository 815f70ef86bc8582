package listio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// The fields each object of the format may hold, in the order they are
// written.
var (
	topFields      = []string{"title", "notes", "settings", "items", "pool", "claims"}
	itemFields     = []string{"id", "title", "grade", "score"}
	poolFields     = []string{"id", "grade"}
	settingsFields = []string{"preset", "gain", "discount", "k", "ties", "idcg", "zero"}
	claimsFields   = []string{"k", "gain", "dcg", "idcg", "ndcg", "contributions"}
)

// ReadJSON parses the JSON list format. name is used in error messages.
//
// JSON cannot hold NaN or Infinity, so a non-finite grade or score can
// only arrive as a literal too large for a float64 (1e999): it is refused
// as not finite. A number too small to represent (1e-400) reads as 0.
func ReadJSON(name string, data []byte) (*Document, error) {
	doc, err := parseJSON(name, data, false)
	if err != nil {
		return nil, err
	}
	doc.pos.find = func() *positions { return recordPositions(name, data, FormatJSON) }
	if err := doc.checkShape(); err != nil {
		return nil, err
	}
	return doc, nil
}

// parseJSON reads the document without checking its items as a whole
// (checkShape); record keeps where each item was (see positions).
func parseJSON(name string, data []byte, record bool) (*Document, error) {
	doc, err := readJSON(name, data, true, record)
	if err == errSlowPath {
		return readJSON(name, data, false, record)
	}
	return doc, err
}

// readJSON is parseJSON; fast reads the items without building a tree of
// them (see fastItems), and fails with errSlowPath at anything unusual.
func readJSON(name string, data []byte, fast, record bool) (*Document, error) {
	data = stripBOM(data)
	r := newTreeReader(name, data)
	r.fast, r.record = fast, record
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &Error{Name: name, Msg: `the file is empty; a list file needs at least {"items": [{"grade": 3}, …]}`}
	}
	if err := checkUTF8(name, data); err != nil {
		return nil, err
	}
	doc := &Document{Name: name, List: &ndcg.List{}, pos: &positions{}}
	var top *node
	var extraOrder []string
	var err error
	if fast {
		top, extraOrder, err = r.fastTop(doc)
	} else {
		top, extraOrder, err = r.top(doc)
	}
	if err != nil {
		return nil, err
	}
	doc.extraOrder = extraOrder
	for i, key := range top.keys {
		v := top.vals[i]
		var err error
		switch key {
		case "title":
			doc.Title, err = r.str(v, key)
		case "notes":
			doc.Notes, err = r.str(v, key)
		case "settings":
			err = r.settings(v, &doc.Settings)
		case "claims":
			doc.Claims, err = r.claims(v)
		case "items":
			if !r.fast {
				err = r.items(v, doc)
			}
		case "pool":
			err = r.pool(v, doc)
		}
		if err != nil {
			return nil, err
		}
	}
	if top.field("items") == nil {
		return nil, r.fail(top.off, "items", `missing; a list file needs "items": [{"grade": …}, …]`)
	}
	return doc, nil
}

// top reads the outer object: the known fields as nodes, the others
// kept as raw JSON in doc.Extra.
func (r *treeReader) top(doc *Document) (*node, []string, error) {
	off := r.next()
	tok, err := r.dec.Token()
	if err != nil {
		e := r.syntax("", err)
		if f := DetectFormat("", r.data); f != FormatJSON {
			e.Msg = fmt.Sprintf("not JSON, which starts with {; this looks like %s: use --input-format %s", strings.ToUpper(string(f)), f)
		}
		return nil, nil, e
	}
	if tok != json.Delim('{') {
		msg := `a list file is a JSON object, {"items": [...]}`
		if tok == json.Delim('[') {
			msg += `; wrap the array as {"items": [...]}`
		}
		return nil, nil, r.fail(off, "", msg)
	}
	top := &node{off: off, kind: kindObject}
	var extra []string
	for r.dec.More() {
		koff := r.next()
		ktok, err := r.dec.Token()
		if err != nil {
			return nil, nil, r.syntax("", err)
		}
		key, _ := ktok.(string)
		if top.field(key) != nil || doc.Extra[key] != nil {
			return nil, nil, r.fail(koff, key, "given twice; keep one")
		}
		if slices.Contains(topFields, key) {
			v, err := r.value(key, 1)
			if err != nil {
				return nil, nil, err
			}
			top.keys, top.keyOff, top.vals = append(top.keys, key), append(top.keyOff, koff), append(top.vals, v)
			continue
		}
		// Fields this program does not know are kept as they are, so that
		// saving the list does not lose them; but one spelt almost like a
		// known field is a typo that would silently drop its settings.
		if closest(key, topFields) != "" {
			return nil, nil, r.unknownKey(koff, "", key, topFields)
		}
		var raw json.RawMessage
		if err := r.dec.Decode(&raw); err != nil {
			return nil, nil, r.syntax(key, err)
		}
		if doc.Extra == nil {
			doc.Extra = map[string]json.RawMessage{}
		}
		doc.Extra[key] = raw
		extra = append(extra, key)
	}
	if _, err := r.dec.Token(); err != nil {
		return nil, nil, r.syntax("", err)
	}
	if end := r.next(); end < int64(len(r.data)) {
		return nil, nil, r.fail(end, "", "unexpected text after the closing }; a list file holds one JSON object")
	}
	return top, extra, nil
}

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

func (r *treeReader) str(n *node, path string) (string, error) {
	if n.kind != kindString {
		return "", r.typeError(n, path, "a string")
	}
	return n.str, nil
}

// number reads a finite number.
func (r *treeReader) number(n *node, path, what string) (float64, error) {
	if n.kind != kindNumber {
		return 0, r.typeError(n, path, "a number")
	}
	v, err := strconv.ParseFloat(string(n.num), 64)
	if err != nil && math.IsInf(v, 0) {
		return 0, r.fail(n.off, path, overflowMsg(what, string(n.num)))
	}
	if err != nil {
		return 0, r.fail(n.off, path, fmt.Sprintf("%s is not a number", n.num))
	}
	return v, nil
}

// cutoff reads a k: a whole number ≥ 1.
func (r *treeReader) cutoff(n *node, path string) (int, error) {
	text := string(n.num)
	switch {
	case n.kind == kindString && strings.EqualFold(strings.TrimSpace(n.str), "all"):
		return 0, nil // as -k all
	case n.kind == kindString:
		if _, err := ParseCutoff(n.str); err == nil {
			return 0, r.fail(n.off, path, fmt.Sprintf("k is a number in quotes, %s: remove the quotes", termsafe.Quote(n.str)))
		}
		return 0, r.fail(n.off, path, fmt.Sprintf("k must be a whole number ≥ 1, or \"all\" for the whole list, not %s", termsafe.Quote(n.str)))
	case n.kind != kindNumber:
		return 0, r.typeError(n, path, "a whole number ≥ 1, or \"all\"")
	}
	k, err := ParseCutoff(text)
	if err != nil {
		return 0, r.fail(n.off, path, err.Error())
	}
	return k, nil
}

// object checks that n is an object holding only known keys.
func (r *treeReader) object(n *node, path, want string, known []string) error {
	if n.kind != kindObject {
		return r.typeError(n, path, want)
	}
	for i, key := range n.keys {
		if !slices.Contains(known, key) {
			return r.unknownKey(n.keyOff[i], path, key, known)
		}
	}
	return nil
}

func (r *treeReader) settings(n *node, fs *FileSettings) error {
	if err := r.object(n, "settings", "an object such as {\"gain\": \"exp\", \"k\": 5}", settingsFields); err != nil {
		return err
	}
	for i, key := range n.keys {
		v, path := n.vals[i], "settings."+key
		if v.kind == kindNull {
			continue
		}
		if key == "k" {
			k, err := r.cutoff(v, path)
			if err != nil {
				return err
			}
			fs.K = &k
			continue
		}
		if key == "zero" {
			z, err := r.number(v, path, "zero")
			if err != nil {
				return err
			}
			if z != 0 && z != 1 {
				return r.fail(v.off, path, fmt.Sprintf("NDCG when IDCG is 0 must be 0 or 1, not %s", v.num))
			}
			fs.Zero = &z
			continue
		}
		s, err := r.str(v, path)
		if err != nil {
			return err
		}
		// Parse now, so that a misspelt value is reported at its line.
		switch key {
		case "preset":
			if _, err = ndcg.FindPreset(s); err != nil {
				err = UnknownPreset(s, err)
			}
			fs.Preset = &s
		case "gain":
			_, err = ndcg.ParseGain(s)
			fs.Gain = &s
		case "discount":
			_, err = ndcg.ParseDiscount(s)
			fs.Discount = &s
		case "ties":
			_, err = ndcg.ParseTiePolicy(s)
			fs.Ties = &s
		case "idcg":
			_, err = ndcg.ParseIDCGSource(s)
			fs.IDCG = &s
		}
		if err != nil {
			return r.fail(v.off, path, err.Error())
		}
	}
	return nil
}

func (r *treeReader) claims(n *node) (*Claims, error) {
	if err := r.object(n, "claims", "an object such as {\"k\": 5, \"ndcg\": 0.94}", claimsFields); err != nil {
		return nil, err
	}
	c := &Claims{}
	claim := func(v *node, path string) (*Number, error) {
		x, err := r.number(v, path, "claim")
		if err != nil {
			return nil, err
		}
		return &Number{Value: x, Text: string(v.num)}, nil
	}
	for i, key := range n.keys {
		v, path := n.vals[i], "claims."+key
		var err error
		switch key {
		case "k":
			var k int
			k, err = r.cutoff(v, path)
			c.K = &k
		case "gain":
			var s string
			if s, err = r.str(v, path); err == nil {
				if _, err = ndcg.ParseGain(s); err != nil {
					return nil, r.fail(v.off, path, err.Error())
				}
				c.Gain = &s
			}
		case "dcg":
			c.DCG, err = claim(v, path)
		case "idcg":
			c.IDCG, err = claim(v, path)
		case "ndcg":
			c.NDCG, err = claim(v, path)
		case "contributions":
			if v.kind != kindArray {
				return nil, r.typeError(v, path, "an array of numbers")
			}
			c.Contributions = make([]Number, 0, len(v.elems))
			for j, e := range v.elems {
				x, err := claim(e, fmt.Sprintf("%s[%d]", path, j))
				if err != nil {
					return nil, err
				}
				c.Contributions = append(c.Contributions, *x)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

// id reads an item's id: a string, or a number taken as written.
func (r *treeReader) id(n *node, path string) (string, error) {
	switch n.kind {
	case kindString:
		if n.str == "" {
			return "", r.fail(n.off, path, "empty; leave the id out to have one made up, or give a name")
		}
		return n.str, nil
	case kindNumber:
		return string(n.num), nil
	}
	return "", r.typeError(n, path, "a string")
}

func (r *treeReader) items(n *node, doc *Document) error {
	return r.entries(n, "items", `{"id": "A", "grade": 3}`, "every item", itemFields, func(_ string, _ *node, it ndcg.Item, at itemPos, _ bool) error {
		doc.List.Items = append(doc.List.Items, it)
		if r.record {
			at.item = it.ID
			doc.pos.items = append(doc.pos.items, at)
		}
		return nil
	})
}

// entries reads the array n of items or pool entries (name), each an
// object of the fields given, its grade required (who names the entries
// in that message), and hands each on to add with its path, where its
// values are, and whether it gave an id: items and pool are read the
// same way, the pool taking fewer fields.
func (r *treeReader) entries(n *node, name, example, who string, fields []string, add func(path string, e *node, it ndcg.Item, at itemPos, hasID bool) error) error {
	if n.kind != kindArray {
		return r.typeError(n, name, "an array such as ["+example+"]")
	}
	for i, e := range n.elems {
		if name == "items" && i == MaxItems {
			return tooManyItems(r.name, r.line(e.off))
		}
		path := fmt.Sprintf("%s[%d]", name, i)
		if err := r.object(e, path, "an object such as "+example, fields); err != nil {
			return err
		}
		var it ndcg.Item // without an id, checkShape makes one up
		at := itemPos{line: r.line(e.off)}
		at.grade, at.score, at.id = at.line, at.line, at.line
		var hasID, hasGrade bool
		for j, key := range e.keys {
			v, fpath := e.vals[j], path+"."+key
			line := r.line(v.off)
			var err error
			switch key {
			case "id":
				it.ID, err = r.id(v, fpath)
				hasID, at.id = true, line
			case "title":
				if v.kind != kindNull {
					it.Title, err = r.str(v, fpath)
				}
			case "grade":
				it.Grade, err = r.number(v, fpath, "grade")
				hasGrade, at.grade = true, line
			case "score":
				if v.kind != kindNull {
					it.Score, err = r.number(v, fpath, "score")
					it.HasScore, at.score = true, line
				}
			}
			if err != nil {
				return err
			}
		}
		if !hasGrade {
			return r.fail(e.off, path+".grade", "missing; "+who+" needs a grade (a number ≥ 0)")
		}
		if err := add(path, e, it, at, hasID); err != nil {
			return err
		}
	}
	return nil
}

// errSlowPath says that the items are not all plain: the file is read
// again the general way, which says what is wrong, or reads what is
// unusual but right.
var errSlowPath = errors.New("listio: items to read the general way")

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

func (r *treeReader) pool(n *node, doc *Document) error {
	return r.entries(n, "pool", `{"id": "X", "grade": 3}`, "a pool item", poolFields, func(path string, e *node, it ndcg.Item, at itemPos, hasID bool) error {
		if !hasID {
			return r.fail(e.off, path+".id", "missing; a pool item needs the id of the judged document")
		}
		doc.List.Pool = append(doc.List.Pool, ndcg.Judged{ID: it.ID, Grade: it.Grade})
		if r.record {
			at.item = it.ID
			doc.pos.pool = append(doc.pos.pool, at)
		}
		return nil
	})
}

// WriteJSON encodes a document in the canonical format with the settings
// s, keeping the fields the program does not know. Items are written one
// to a line, keys in the order id, title, grade, score, so that the file
// reads as a table and diffs cleanly. Numbers are written in the
// shortest form that reads back to the same float64; claims keep the
// digits they were written with.
func WriteJSON(doc *Document, s ndcg.Settings) ([]byte, error) {
	var w jsonWriter
	w.buf.WriteString("{")
	if doc.Title != "" {
		w.key("title")
		w.str(doc.Title)
	}
	if doc.Notes != "" {
		w.key("notes")
		w.str(doc.Notes)
	}
	w.key("settings")
	w.settings(SettingsOf(s))
	w.key("items")
	if len(doc.List.Items) == 0 {
		w.buf.WriteString("[]")
	} else {
		w.buf.WriteString("[")
		for i, it := range doc.List.Items {
			if i > 0 {
				w.buf.WriteString(",")
			}
			w.buf.WriteString("\n    {\"id\": ")
			w.str(it.ID)
			if it.Title != "" {
				w.buf.WriteString(", \"title\": ")
				w.str(it.Title)
			}
			w.buf.WriteString(", \"grade\": ")
			w.num(it.Grade)
			if it.HasScore {
				w.buf.WriteString(", \"score\": ")
				w.num(it.Score)
			}
			w.buf.WriteString("}")
		}
		w.buf.WriteString("\n  ]")
	}
	if len(doc.List.Pool) > 0 {
		w.key("pool")
		w.buf.WriteString("[")
		for i, p := range doc.List.Pool {
			if i > 0 {
				w.buf.WriteString(",")
			}
			w.buf.WriteString("\n    {\"id\": ")
			w.str(p.ID)
			w.buf.WriteString(", \"grade\": ")
			w.num(p.Grade)
			w.buf.WriteString("}")
		}
		w.buf.WriteString("\n  ]")
	}
	if doc.Claims != nil {
		w.key("claims")
		w.claims(doc.Claims)
	}
	for _, k := range doc.extraKeys() {
		w.key(k)
		var b bytes.Buffer
		if err := json.Indent(&b, doc.Extra[k], "  ", "  "); err != nil {
			return nil, fmt.Errorf("field %s does not hold valid JSON: %w", termsafe.Quote(k), err)
		}
		w.buf.Write(b.Bytes())
	}
	w.buf.WriteString("\n}\n")
	if w.err != nil {
		return nil, w.err
	}
	return w.buf.Bytes(), nil
}

// extraKeys lists the unknown fields: in the order the file had them,
// then any added since in sorted order.
func (d *Document) extraKeys() []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range d.extraOrder {
		if _, ok := d.Extra[k]; ok && !seen[k] && !slices.Contains(topFields, k) {
			out, seen[k] = append(out, k), true
		}
	}
	var rest []string
	for k := range d.Extra {
		if !seen[k] && !slices.Contains(topFields, k) {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// jsonWriter writes the canonical layout by hand, since encoding/json
// can neither keep the key order nor put one item on each line.
type jsonWriter struct {
	buf bytes.Buffer
	// started is set once a field is written, so the next needs a comma.
	started bool
	err     error
}

func (w *jsonWriter) key(k string) {
	if w.started {
		w.buf.WriteString(",")
	}
	w.started = true
	w.buf.WriteString("\n  ")
	w.str(k)
	w.buf.WriteString(": ")
}

// str writes a JSON string without escaping <, > and &, which titles use.
func (w *jsonWriter) str(s string) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil && w.err == nil {
		w.err = err
	}
	w.buf.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func (w *jsonWriter) num(x float64) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		if w.err == nil {
			w.err = errors.New(ndcg.FormatNumber(x) + " cannot be written as JSON; every grade and score must be finite")
		}
		w.buf.WriteString("null")
		return
	}
	w.buf.WriteString(ndcg.FormatNumber(x))
}

// settings writes the settings on one line, in a fixed order.
func (w *jsonWriter) settings(fs FileSettings) {
	w.buf.WriteString("{")
	sep := ""
	strField := func(k string, v *string) {
		if v != nil {
			w.buf.WriteString(sep + `"` + k + `": `)
			w.str(*v)
			sep = ", "
		}
	}
	strField("preset", fs.Preset)
	strField("gain", fs.Gain)
	strField("discount", fs.Discount)
	if fs.K != nil {
		w.buf.WriteString(sep + `"k": ` + strconv.Itoa(*fs.K))
		sep = ", "
	}
	strField("ties", fs.Ties)
	strField("idcg", fs.IDCG)
	if fs.Zero != nil {
		w.buf.WriteString(sep + `"zero": `)
		w.num(*fs.Zero)
	}
	w.buf.WriteString("}")
}

func (w *jsonWriter) claims(c *Claims) {
	w.buf.WriteString("{")
	sep := ""
	numField := func(k string, n *Number) {
		if n != nil {
			w.buf.WriteString(sep + `"` + k + `": `)
			w.claim(*n)
			sep = ", "
		}
	}
	if c.K != nil {
		w.buf.WriteString(`"k": ` + strconv.Itoa(*c.K))
		sep = ", "
	}
	if c.Gain != nil {
		w.buf.WriteString(sep + `"gain": `)
		w.str(*c.Gain)
		sep = ", "
	}
	numField("dcg", c.DCG)
	numField("idcg", c.IDCG)
	numField("ndcg", c.NDCG)
	if c.Contributions != nil {
		w.buf.WriteString(sep + `"contributions": [`)
		for i, n := range c.Contributions {
			if i > 0 {
				w.buf.WriteString(", ")
			}
			w.claim(n)
		}
		w.buf.WriteString("]")
	}
	w.buf.WriteString("}")
}

// claim writes a claimed number with its digits as written, when they
// still read as its value.
func (w *jsonWriter) claim(n Number) {
	if n.Text != "" && json.Valid([]byte(n.Text)) {
		if v, err := strconv.ParseFloat(n.Text, 64); err == nil && v == n.Value {
			w.buf.WriteString(n.Text)
			return
		}
	}
	w.num(n.Value)
}
