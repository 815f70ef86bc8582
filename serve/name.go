package serve

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// NameCells is the most terminal cells a display name takes.
const NameCells = 24

// CleanName makes an SSH user name safe to draw on the instructor's
// terminal: escape sequences and other control characters are dropped,
// bytes that are not UTF-8 become U+FFFD, and the result is cut to
// NameCells cells. A name that shows nothing becomes "anonymous".
func CleanName(s string) string {
	// Bound the work first: a name longer than this is cut anyway.
	if len(s) > 4*NameCells*4 {
		s = s[:4*NameCells*4]
	}
	s = strings.ToValidUTF8(s, string(utf8.RuneError))
	s = ansi.Strip(s)
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r):
			return ' '
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r): // Cf: bidi overrides, zero-width joiners
			return -1
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	s = strings.TrimSpace(ansi.Truncate(s, NameCells, ""))
	if ansi.StringWidth(s) == 0 { // empty, or only marks that combine with nothing
		return "anonymous"
	}
	return s
}
