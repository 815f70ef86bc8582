package trec

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"unicode/utf8"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// The tokens of dict JSON, read from dictReader's buffer, which more
// fills as they need.

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

// idStop is strStop with the space, which no id may hold: plainDoc
// leaves an id with one to the reading that says so.
var idStop = func() (t [256]bool) {
	t = strStop
	t[' '] = true
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
