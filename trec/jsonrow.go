package trec

import (
	"bytes"
	"encoding/json"
)

// mayBeJSONRow reports whether line, the first line of a file opening
// with '{', may be a row of JSON lines: whether one of its top-level keys
// could name a query id. When it says no, DetectFormat has its answer (a
// JSON document) without decoding the line: a list file written on one
// line, as a short list often is, would otherwise be decoded whole to
// find its keys. It may say yes wrongly (a key with an escape or a byte
// outside ASCII, or a line that is not JSON at all), never no wrongly for
// a line that is JSON.
func mayBeJSONRow(line []byte) bool {
	depth := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			start := i + 1
			plain := true
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' {
					// The key's decoded text is not its bytes.
					plain = false
					i++
				} else if line[i] >= 0x80 {
					plain = false
				}
			}
			if i >= len(line) || depth != 1 || !isKey(line[i+1:]) {
				continue
			}
			if !plain || roleOf(string(line[start:i])) == roleQID {
				return true
			}
		}
	}
	return false
}

// isKey reports whether rest, what follows a string, opens with a colon
// (after white space): the string was an object's key.
func isKey(rest []byte) bool {
	for _, c := range rest {
		switch c {
		case ' ', '\t', '\r', '\n':
		case ':':
			return true
		default:
			return false
		}
	}
	return false
}

// twiceKey returns a top-level key that line, a JSON object that
// decoded into a map of n keys, gives twice, or "": the decoder keeps
// the last value without a word. Counting the keys costs one pass over
// the line; the keys are decoded only when the count is off.
func twiceKey(line []byte, n int) string {
	count, depth := 0, 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' {
					i++
				}
			}
			if i < len(line) && depth == 1 && isKey(line[i+1:]) {
				count++
			}
		}
	}
	if count == n {
		return ""
	}
	d := json.NewDecoder(bytes.NewReader(line))
	if _, err := d.Token(); err != nil {
		return ""
	}
	seen := map[string]bool{}
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return ""
		}
		k, _ := t.(string)
		if seen[k] {
			return k
		}
		seen[k] = true
		var v json.RawMessage
		if d.Decode(&v) != nil {
			return ""
		}
	}
	return ""
}
