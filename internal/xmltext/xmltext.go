// Package xmltext escapes text for XML character data and attribute
// values, for the SVG pictures and screenshots.
//
// It writes the same bytes as encoding/xml's EscapeText (the tests check
// it against that function), without linking encoding/xml: that package
// builds its table of HTML entities when the program starts, a cost
// every command would pay for the two commands that draw pictures.
package xmltext

import (
	"strings"
	"unicode/utf8"
)

// Escape returns s with &, <, > and both quotes escaped, tabs and line
// ends written as character references (so that attribute values keep
// them), and what XML cannot hold (invalid UTF-8, control characters,
// U+FFFE and U+FFFF) replaced by U+FFFD.
func Escape(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		r, width := utf8.DecodeRuneInString(s[i:])
		var rep string
		switch {
		case r == '"':
			rep = "&#34;"
		case r == '\'':
			rep = "&#39;"
		case r == '&':
			rep = "&amp;"
		case r == '<':
			rep = "&lt;"
		case r == '>':
			rep = "&gt;"
		case r == '\t':
			rep = "&#x9;"
		case r == '\n':
			rep = "&#xA;"
		case r == '\r':
			rep = "&#xD;"
		case r == utf8.RuneError && width == 1, !allowed(r):
			rep = "\uFFFD"
		default:
			i += width
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(rep)
		i += width
		last = i
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// allowed reports whether XML 1.0 may hold r (its production Char).
func allowed(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= utf8.MaxRune
}
