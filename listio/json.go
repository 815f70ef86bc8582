package listio

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
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
