package termsafe

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// unsafeRune reports whether r must be shown escaped.
func unsafeRune(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r <= 0x9f) ||
		(r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) ||
		r >= 0x600 && prepends(r)
}

// prepends reports whether r is a prepended mark (Unicode's grapheme
// break property Prepend: the Arabic number signs, a few Indic and
// Brahmi marks): it joins the character after it into one, so at the end
// of an id or a field it would take the padding's first space with it
// and shift every cell after it by one. TestPrependsIsUnicodes checks
// the list against the grapheme segmentation the screens measure with.
func prepends(r rune) bool {
	switch {
	case r >= 0x600 && r <= 0x605, r == 0x6dd, r == 0x70f, r == 0x890, r == 0x891, r == 0x8e2, r == 0xd4e,
		r == 0x110bd, r == 0x110cd, r == 0x111c2, r == 0x111c3, r == 0x113d1, r == 0x1193f, r == 0x11941,
		r >= 0x11a84 && r <= 0x11a89, r == 0x11d46, r == 0x11f02:
		return true
	}
	return false
}

// escape appends the visible form of r.
func escape(b *strings.Builder, r rune) {
	if r < 0x100 {
		fmt.Fprintf(b, `\x%02x`, r)
		return
	}
	fmt.Fprintf(b, `\u%04x`, r)
}

// Clean reports whether s needs no change to be shown with String.
func Clean(s string) bool { return clean(s, false) }

func clean(s string, keepLayout bool) bool { return FirstUnsafe(s, keepLayout) < 0 }

// String is s with every control character, bidirectional control and
// invalid byte shown escaped, newline and tab included: for one-line
// fields such as an id, a title or a qid.
func String(s string) string { return convert(s, false) }

// Text is s escaped as String does, except that newline and tab are
// kept: for multi-line text such as a note or a whole message.
func Text(s string) string { return convert(s, true) }

func convert(s string, keepLayout bool) string {
	if clean(s, keepLayout) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case keepLayout && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case unsafeRune(r):
			escape(&b, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// Writer passes what is written to it through Text, so that a whole
// output (a report, an error) can be made safe at the point where it
// leaves the program. A UTF-8 sequence cut between two writes is held
// until the next write or Flush.
type Writer struct {
	w       io.Writer
	pending []byte
	out     []byte // what put passes to w, reused
}

// NewWriter returns a Writer that writes escaped text to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write escapes p and writes it. It reports len(p) when every byte was
// taken, so that fmt and bufio callers see a complete write.
func (w *Writer) Write(p []byte) (int, error) {
	data := p
	if len(w.pending) > 0 {
		data = append(w.pending, p...)
		w.pending = nil
	}
	// Hold an incomplete UTF-8 sequence at the end for the next write.
	cut := len(data)
	for back := 1; back <= utf8.UTFMax-1 && back <= len(data); back++ {
		c := data[len(data)-back]
		if c < 0x80 {
			break
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(data[len(data)-back:]) {
				cut = len(data) - back
			}
			break
		}
	}
	if cut < len(data) {
		w.pending = append([]byte(nil), data[cut:]...)
	}
	if err := w.put(Text(string(data[:cut]))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// put writes s to w's writer with Write. (io.WriteString would first
// ask the writer for a WriteString method: a check of its type at run
// time, which the first time for a pair of types adds to, and can make
// grow, a table of the runtime's that a short command otherwise leaves
// alone.)
func (w *Writer) put(s string) error {
	w.out = append(w.out[:0], s...)
	_, err := w.w.Write(w.out)
	return err
}

// Flush writes a sequence held back by Write, escaped: at the end of the
// output it can only be invalid.
func (w *Writer) Flush() error {
	if len(w.pending) == 0 {
		return nil
	}
	rest := w.pending
	w.pending = nil
	return w.put(Text(string(rest)))
}

// FirstUnsafe is the byte offset of the first character in s that a
// terminal would obey rather than show (as String escapes them; with
// keepLayout, newline and tab are allowed), or -1 when there is none.
// String and Text return s as it is when there is none, and tests of
// every terminal writer assert on it.
func FirstUnsafe(s string, keepLayout bool) int {
	for i := 0; i < len(s); {
		// Printable ASCII, the bulk of any list, without decoding.
		c := s[i]
		if c >= 0x20 && c < 0x7f || keepLayout && (c == '\n' || c == '\t') {
			i++
			continue
		}
		if c < 0x80 {
			return i
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size <= 1) || unsafeRune(r) {
			return i
		}
		i += size
	}
	return -1
}

// QuoteMax is how many bytes of a value Quote shows before it cuts.
const QuoteMax = 64

// Quote is s as an error message echoes a value: quoted as %q does (so
// control characters are escaped), and cut after about QuoteMax bytes,
// at a character boundary, with the whole value's size, so that a 100 MB
// cell becomes one readable line: "aaaa…"… (104857600 bytes in all).
func Quote(s string) string {
	if len(s) <= QuoteMax+16 {
		return strconv.Quote(s)
	}
	cut := QuoteMax
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes in all)", strconv.Quote(s[:cut]), len(s))
}
