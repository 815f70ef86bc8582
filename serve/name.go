package serve

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/text/unicode/norm"

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
// never obeyed. Look-alikes are told apart (lookAlikes): the name is
// taken in its compatibility composed form (NFKC), so that ada typed with
// a decomposed accent or in full-width letters is the name it looks like
// (and a second one is numbered), and a letter of another script that
// reads as a Latin one, in a name that mixes it with Latin or is made of
// such letters alone, is written out (\u0430da, not аda). The result is
// cut to NameCells cells; a name that shows nothing becomes "anonymous".
func CleanName(s string) string {
	// Bound the work first: a name longer than this is cut anyway.
	if len(s) > 4*NameCells*4 {
		s = s[:4*NameCells*4]
	}
	// Made again from what it made until it stays: a letter the
	// normal form composes only once a zero-width space between is
	// dropped, or a combining mark after a character written out, is
	// read as the second reading reads it. Two rounds settle every name
	// the fuzz target has found; four bound the work.
	c := cleanName(s)
	for range 3 {
		d := cleanName(c)
		if d == c {
			break
		}
		c = d
	}
	return c
}

// cleanName is one reading of CleanName's.
func cleanName(s string) string {
	s = nfkc(s)
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
	s = strings.Join(strings.Fields(termsafe.String(lookAlikes(b.String()))), " ")
	s = strings.TrimSpace(ansi.Truncate(s, NameCells, ""))
	if ansi.StringWidth(s) == 0 { // empty, or only marks that combine with nothing
		return "anonymous"
	}
	return s
}

// latinLookAlikes are letters of other scripts that a projector shows as
// Latin ones (Unicode's confusables, the Cyrillic, Greek and Armenian
// letters among them that read as a Latin letter in most fonts).
var latinLookAlikes = map[rune]bool{}

func init() {
	for _, r := range "аеорсухѕіјԁԛԝһӏАВЕКМНОРСТХУЅІЈԚԜӀ" + // Cyrillic
		"ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοναικρυχ" + // Greek
		"օսհո" { // Armenian
		latinLookAlikes[r] = true
	}
}

// lookAlikes writes out (\u0430) each letter of s that reads as a Latin
// one but is not, when s has Latin letters too or is made of such letters
// alone: аda (a Cyrillic а) beside ada on the tally would be two
// attendees no one could tell apart. A name in one script of its own
// (Анна, Ωμέγα) is left as it is.
func lookAlikes(s string) string {
	latin, alike, letters := false, 0, 0
	for _, r := range s {
		switch {
		case latinLookAlikes[r]:
			alike++
			letters++
		case unicode.IsLetter(r):
			letters++
			latin = latin || unicode.Is(unicode.Latin, r)
		}
	}
	if alike == 0 || !latin && alike < letters {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if latinLookAlikes[r] {
			fmt.Fprintf(&b, "\\u%04x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// nfkc is s in Unicode's compatibility composed form, each run of valid
// UTF-8 on its own: bytes that are not UTF-8 stay as they are (CleanName
// writes them out), and the text between them is read as the same
// letters whether they are there or written out.
func nfkc(s string) string {
	if utf8.ValidString(s) {
		return norm.NFKC.String(s)
	}
	var b strings.Builder
	start := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			b.WriteString(norm.NFKC.String(s[start:i]))
			b.WriteByte(s[i])
			i++
			start = i
			continue
		}
		i += size
	}
	b.WriteString(norm.NFKC.String(s[start:]))
	return b.String()
}
