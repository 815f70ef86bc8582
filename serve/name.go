package serve

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// NameCells is the most terminal cells a display name takes.
const NameCells = 24

// CleanName makes an SSH user name safe to draw on the instructor's
// terminal: whitespace of any kind becomes one space, invisible format
// characters (a zero-width space) are dropped, and escape sequences,
// other control characters, bidirectional overrides and bytes that are
// not UTF-8 are written out (\x1b) as every other output shows them
// (internal/termsafe), so the name is seen as the client sent it and
// never obeyed. The result is cut to NameCells cells; a name that shows
// nothing becomes "anonymous".
func CleanName(s string) string {
	// Bound the work first: a name longer than this is cut anyway.
	if len(s) > 4*NameCells*4 {
		s = s[:4*NameCells*4]
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			b.WriteByte(s[i]) // written out by termsafe below
		case unicode.IsSpace(r):
			b.WriteByte(' ')
		case unicode.Is(unicode.Cf, r) && termsafe.Clean(string(r)):
			// invisible and harmless: dropped (termsafe writes out the
			// bidirectional overrides among the Cf characters)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	s = strings.Join(strings.Fields(termsafe.String(b.String())), " ")
	s = strings.TrimSpace(ansi.Truncate(s, NameCells, ""))
	if ansi.StringWidth(s) == 0 { // empty, or only marks that combine with nothing
		return "anonymous"
	}
	return s
}
