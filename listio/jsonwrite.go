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

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

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
