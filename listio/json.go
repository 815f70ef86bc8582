package listio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"ndcg-explorer/ndcg"
)

// Error is a problem in an input file, located as precisely as the
// format allows.
type Error struct {
	// Name is the file ("-" for standard input).
	Name string
	// Line is 1-based; 0 when unknown.
	Line int
	// Field names what is wrong ("items[2].grade", "score", …); may be empty.
	Field string
	Msg   string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Name)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, ": %s", e.Field)
	}
	fmt.Fprintf(&b, ": %s", e.Msg)
	return b.String()
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// lineAt is the 1-based line of byte offset off in data.
func lineAt(data []byte, off int64) int {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	return bytes.Count(data[:off], []byte("\n")) + 1
}

type jsonItem struct {
	ID    *string  `json:"id"`
	Title string   `json:"title"`
	Grade *float64 `json:"grade"`
	Score *float64 `json:"score"`
}

type jsonJudged struct {
	ID    *string  `json:"id"`
	Grade *float64 `json:"grade"`
}

var knownFields = map[string]bool{"title": true, "notes": true, "settings": true, "items": true, "pool": true, "claims": true}

// ReadJSON parses the JSON list format. name is used in error messages.
func ReadJSON(name string, data []byte) (*Document, error) {
	fail := func(off int64, field, msg string) error {
		line := 0
		if off >= 0 {
			line = lineAt(data, off)
		}
		return &Error{Name: name, Line: line, Field: field, Msg: msg}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fail(-1, "", "the file is empty; a list needs at least {\"items\": []}")
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, jsonError(data, name, "", err)
	}
	doc := &Document{Name: name, List: &ndcg.List{}}
	offsets := fieldOffsets(data)
	for key, raw := range top {
		off := offsets[key]
		sub := func(v any) error {
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			if err := dec.Decode(v); err != nil {
				return shiftedError(data, name, key, off, err)
			}
			return nil
		}
		switch key {
		case "title":
			if err := sub(&doc.Title); err != nil {
				return nil, err
			}
		case "notes":
			if err := sub(&doc.Notes); err != nil {
				return nil, err
			}
		case "settings":
			if err := sub(&doc.Settings); err != nil {
				return nil, err
			}
		case "claims":
			doc.Claims = &Claims{}
			if err := sub(doc.Claims); err != nil {
				return nil, err
			}
		case "items", "pool":
		default:
			if doc.Extra == nil {
				doc.Extra = map[string]json.RawMessage{}
			}
			doc.Extra[key] = raw
		}
	}
	itemsRaw, ok := top["items"]
	if !ok {
		return nil, fail(-1, "items", "missing; a list file needs \"items\": [{\"grade\": …}, …]")
	}
	itemOffs, err := elementOffsets(itemsRaw)
	if err != nil {
		return nil, fail(offsets["items"], "items", "must be an array of objects")
	}
	base := offsets["items"]
	for i, raw := range splitArray(itemsRaw, itemOffs) {
		var it jsonItem
		field := fmt.Sprintf("items[%d]", i)
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&it); err != nil {
			return nil, shiftedError(data, name, field, base+itemOffs[i], err)
		}
		off := base + itemOffs[i]
		if it.Grade == nil {
			return nil, fail(off, field+".grade", "missing; every item needs a grade (a number ≥ 0)")
		}
		item := ndcg.Item{Title: it.Title, Grade: *it.Grade}
		if it.ID != nil {
			item.ID = *it.ID
		} else {
			item.ID = ndcg.DefaultID(i)
		}
		if it.Score != nil {
			item.Score, item.HasScore = *it.Score, true
		}
		doc.List.Items = append(doc.List.Items, item)
	}
	if poolRaw, ok := top["pool"]; ok {
		poolOffs, err := elementOffsets(poolRaw)
		if err != nil {
			return nil, fail(offsets["pool"], "pool", "must be an array of {\"id\", \"grade\"} objects")
		}
		for i, raw := range splitArray(poolRaw, poolOffs) {
			var j jsonJudged
			field := fmt.Sprintf("pool[%d]", i)
			off := offsets["pool"] + poolOffs[i]
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&j); err != nil {
				return nil, shiftedError(data, name, field, off, err)
			}
			if j.ID == nil || *j.ID == "" {
				return nil, fail(off, field+".id", "missing; a pool item needs an id")
			}
			if j.Grade == nil {
				return nil, fail(off, field+".grade", "missing; a pool item needs a grade")
			}
			doc.List.Pool = append(doc.List.Pool, ndcg.Judged{ID: *j.ID, Grade: *j.Grade})
		}
	}
	if err := validateShape(doc.List); err != nil {
		var ie *ndcg.ItemError
		if errors.As(err, &ie) {
			arr, offs := "items", itemOffs
			if ie.InPool {
				arr, offs = "pool", nil
				if p, err := elementOffsets(top["pool"]); err == nil {
					offs = p
				}
			}
			off := int64(-1)
			if ie.Index < len(offs) {
				off = offsets[arr] + offs[ie.Index]
			}
			return nil, fail(off, fmt.Sprintf("%s[%d].%s", arr, ie.Index, ie.Field), ie.Msg)
		}
		return nil, fail(-1, "", err.Error())
	}
	return doc, nil
}

// validateShape checks what is wrong whatever the settings: grades,
// scores, ids. Settings-dependent checks (a grade too large for exp gain)
// come when the list is computed.
func validateShape(l *ndcg.List) error {
	return l.Validate(ndcg.Settings{Gain: ndcg.Linear})
}

// jsonError turns a decoding error into an Error with a line.
func jsonError(data []byte, name, field string, err error) error {
	return shiftedError(data, name, field, 0, err)
}

func shiftedError(data []byte, name, field string, base int64, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return &Error{Name: name, Line: lineAt(data, base+se.Offset), Field: field, Msg: "malformed JSON: " + se.Error()}
	case errors.As(err, &te):
		f := field
		if te.Field != "" {
			if f != "" {
				f += "."
			}
			f += te.Field
		}
		return &Error{Name: name, Line: lineAt(data, base+te.Offset), Field: f, Msg: fmt.Sprintf("expected %s, found JSON %s", te.Type, te.Value)}
	}
	msg := err.Error()
	if strings.HasPrefix(msg, "json: unknown field ") {
		msg = "unknown field " + strings.TrimPrefix(msg, "json: unknown field ") + "; check its spelling"
	}
	return &Error{Name: name, Line: lineAt(data, base), Field: field, Msg: msg}
}

// fieldOffsets finds the byte offset of each top-level field's value.
func fieldOffsets(data []byte) map[string]int64 {
	out := map[string]int64{}
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return out
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return out
		}
		key, _ := t.(string)
		var raw json.RawMessage
		off := dec.InputOffset()
		if err := dec.Decode(&raw); err != nil {
			return out
		}
		// InputOffset is just after the key; the value starts after the colon and spaces.
		rest := data[off:]
		skip := bytes.IndexAny(rest, ":")
		if skip >= 0 {
			skip++
			for skip < len(rest) && (rest[skip] == ' ' || rest[skip] == '\n' || rest[skip] == '\t' || rest[skip] == '\r') {
				skip++
			}
			off += int64(skip)
		}
		out[key] = off
	}
	return out
}

// elementOffsets returns the offset of each element in a JSON array.
func elementOffsets(raw json.RawMessage) ([]int64, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	t, err := dec.Token()
	if err != nil || t != json.Delim('[') {
		return nil, errors.New("not an array")
	}
	var offs []int64
	for dec.More() {
		start := dec.InputOffset()
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		// skip separators and whitespace before the element
		for start < int64(len(raw)) && strings.ContainsRune(", \t\r\n", rune(raw[start])) {
			start++
		}
		offs = append(offs, start)
	}
	return offs, nil
}

func splitArray(raw json.RawMessage, offs []int64) []json.RawMessage {
	out := make([]json.RawMessage, len(offs))
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.Token()
	for i := range offs {
		dec.Decode(&out[i])
	}
	return out
}

// WriteJSON encodes a document in the canonical format with the settings
// s, keeping the fields the program does not know.
func WriteJSON(doc *Document, s ndcg.Settings) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString("{\n")
	first := true
	field := func(key string, v any) error {
		b, err := json.MarshalIndent(v, "  ", "  ")
		if err != nil {
			return err
		}
		if !first {
			buf.WriteString(",\n")
		}
		first = false
		fmt.Fprintf(&buf, "  %q: %s", key, b)
		return nil
	}
	if doc.Title != "" {
		field("title", doc.Title)
	}
	if doc.Notes != "" {
		field("notes", doc.Notes)
	}
	field("settings", SettingsOf(s))
	items := make([]map[string]any, len(doc.List.Items))
	for i, it := range doc.List.Items {
		m := map[string]any{"id": it.ID, "grade": jsonFloat(it.Grade)}
		if it.Title != "" {
			m["title"] = it.Title
		}
		if it.HasScore {
			m["score"] = jsonFloat(it.Score)
		}
		items[i] = m
	}
	if err := field("items", items); err != nil {
		return nil, err
	}
	if len(doc.List.Pool) > 0 {
		pool := make([]map[string]any, len(doc.List.Pool))
		for i, p := range doc.List.Pool {
			pool[i] = map[string]any{"id": p.ID, "grade": jsonFloat(p.Grade)}
		}
		field("pool", pool)
	}
	if doc.Claims != nil {
		field("claims", doc.Claims)
	}
	for k, v := range doc.Extra {
		if !knownFields[k] {
			field(k, v)
		}
	}
	buf.WriteString("\n}\n")
	return buf.Bytes(), nil
}

// jsonFloat writes a float in its shortest exact form.
type jsonFloat float64

func (f jsonFloat) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return nil, fmt.Errorf("%v cannot be written as JSON", float64(f))
	}
	return []byte(ndcg.FormatNumber(float64(f))), nil
}
