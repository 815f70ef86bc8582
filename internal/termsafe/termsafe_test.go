package termsafe

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hostile are the sequences a file could use against a terminal, each
// with what String must print for it.
var Hostile = []struct{ name, in, want string }{
	{"CSI clear screen", "a\x1b[2Jb", `a\x1b[2Jb`},
	{"CSI colour", "\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
	{"OSC 0 window title, BEL", "\x1b]0;owned\x07", `\x1b]0;owned\x07`},
	{"OSC 52 clipboard, ST", "\x1b]52;c;cm0gLXJmIH4=\x1b\\", `\x1b]52;c;cm0gLXJmIH4=\x1b\`},
	{"DCS", "\x1bP+q544e\x1b\\", `\x1bP+q544e\x1b\`},
	{"8-bit CSI", "\u009b2J", `\x9b2J`},
	{"8-bit OSC and ST", "\u009d0;t\u009c", `\x9d0;t\x9c`},
	{"raw C1 byte", "a\x9bb", `a\x9bb`},
	{"carriage return hides", "good\rbad!", `good\x0dbad!`},
	{"backspace hides", "abc\b\b\bxyz", `abc\x08\x08\x08xyz`},
	{"newline and tab in a field", "a\nb\tc", `a\x0ab\x09c`},
	{"bidi override", "abc\u202edcba", `abc\u202edcba`},
	{"bidi isolate", "\u2066x\u2069", `\u2066x\u2069`},
	{"invalid UTF-8", "\xff\xfe", `\xff\xfe`},
	{"DEL", "a\x7fb", `a\x7fb`},
	{"NUL", "a\x00b", `a\x00b`},
	{"plain text untouched", "Ünïcödé 日本語 é€", "Ünïcödé 日本語 é€"},
}

func TestStringShowsEveryHostileSequence(t *testing.T) {
	for _, c := range Hostile {
		t.Run(c.name, func(t *testing.T) {
			got := String(c.in)
			assert.Equal(t, c.want, got)
			assert.Equal(t, -1, FirstUnsafe(got, false))
		})
	}
}

// TestEveryControl goes through every C0 and C1 control and DEL, as a
// one-byte string and as a rune: each is shown as \xNN.
func TestEveryControl(t *testing.T) {
	for r := rune(0); r <= 0x9f; r++ {
		if r >= 0x20 && r < 0x7f {
			continue
		}
		want := fmt.Sprintf(`x\x%02xy`, r)
		assert.Equal(t, want, String("x"+string(r)+"y"), "rune %#x", r)
		if r == '\n' || r == '\t' {
			assert.Equal(t, "x"+string(r)+"y", Text("x"+string(r)+"y"))
		} else {
			assert.Equal(t, want, Text("x"+string(r)+"y"), "rune %#x", r)
		}
		if r >= 0x80 {
			// The byte alone, not UTF-8 encoded.
			assert.Equal(t, want, String("x"+string([]byte{byte(r)})+"y"), "byte %#x", r)
		}
	}
}

func TestCleanTextIsReturnedAsIs(t *testing.T) {
	s := "doc-1 «Über» 東京"
	assert.True(t, Clean(s))
	assert.Equal(t, s, String(s))
	assert.False(t, Clean("a\tb"))
	assert.Equal(t, "a\tb\n", Text("a\tb\n"))
}

// TestWriterSplitsAnywhere writes every hostile string cut at every byte
// and checks the result is the same as in one write.
func TestWriterSplitsAnywhere(t *testing.T) {
	for _, c := range Hostile {
		in := c.in + "東\n"
		want := Text(in)
		for cut := 0; cut <= len(in); cut++ {
			var out bytes.Buffer
			w := NewWriter(&out)
			n, err := w.Write([]byte(in[:cut]))
			require.NoError(t, err)
			assert.Equal(t, cut, n)
			_, err = w.Write([]byte(in[cut:]))
			require.NoError(t, err)
			require.NoError(t, w.Flush())
			assert.Equal(t, want, out.String(), "%s cut at %d", c.name, cut)
		}
	}
}

func TestWriterFlushShowsATruncatedSequence(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter(&out)
	w.Write([]byte("ab\xe6\x9d"))
	assert.Equal(t, "ab", out.String())
	require.NoError(t, w.Flush())
	assert.Equal(t, `ab\xe6\x9d`, out.String())
}

func FuzzString(f *testing.F) {
	for _, c := range Hostile {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := String(s)
		if i := FirstUnsafe(out, false); i >= 0 {
			t.Fatalf("String(%q) = %q: unsafe at %d", s, out, i)
		}
		if !utf8.ValidString(out) {
			t.Fatalf("String(%q) is not UTF-8", s)
		}
		if Clean(s) != (out == s) {
			t.Fatalf("Clean(%q) = %v but String changed it: %q", s, Clean(s), out)
		}
		txt := Text(s)
		if i := FirstUnsafe(txt, true); i >= 0 {
			t.Fatalf("Text(%q) = %q: unsafe at %d", s, txt, i)
		}
		if strings.Count(txt, "\n") != strings.Count(s, "\n") {
			t.Fatalf("Text(%q) changed the lines", s)
		}
	})
}

func FuzzWriter(f *testing.F) {
	for _, c := range Hostile {
		f.Add(c.in, uint8(3))
	}
	f.Fuzz(func(t *testing.T, s string, step uint8) {
		var out bytes.Buffer
		w := NewWriter(&out)
		n := int(step%16) + 1
		for i := 0; i < len(s); i += n {
			w.Write([]byte(s[i:min(i+n, len(s))]))
		}
		w.Flush()
		if out.String() != Text(s) {
			t.Fatalf("written in pieces of %d: %q, in one: %q", n, out.String(), Text(s))
		}
	})
}

func TestQuoteCutsLongValues(t *testing.T) {
	assert.Equal(t, `"0.5"`, Quote("0.5"))
	assert.Equal(t, `"\x1b[2J"`, Quote("\x1b[2J"))
	long := strings.Repeat("9", 100<<20)
	got := Quote(long)
	assert.Equal(t, `"`+strings.Repeat("9", 64)+`"… (104857600 bytes in all)`, got)
	// A cut never splits a character.
	cjk := strings.Repeat("日", 40)
	got = Quote(cjk)
	assert.Equal(t, `"`+strings.Repeat("日", 21)+`"… (120 bytes in all)`, got)
}

// TestPrependsIsUnicodes: the runes that join the character after them
// into one grapheme (a space after them, as a field's or a column's
// padding) are exactly those prepends lists, by the segmentation the
// screens measure widths with.
func TestPrependsIsUnicodes(t *testing.T) {
	for r := rune(0x20); r <= unicode.MaxRune; r++ {
		if r >= 0xd800 && r <= 0xdfff || r < 0x600 && unsafeRune(r) {
			continue
		}
		c, _ := ansi.FirstGraphemeCluster(string(r)+" ", ansi.GraphemeWidth)
		joins := c != string(r)
		if joins != prepends(r) {
			t.Errorf("U+%04X: joins the space after it: %v; prepends: %v", r, joins, prepends(r))
		}
	}
}
