package xmltext_test

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/ndcg-explorer/ndcg-explorer/internal/xmltext"
)

// reference is encoding/xml's escaping, which Escape must match byte for
// byte.
func reference(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

func TestEscapeMatchesEncodingXML(t *testing.T) {
	cases := []string{
		"", "plain", `a "quoted" <tag> & 'apostrophe'`, "tab\tline\nreturn\r",
		"bell\a nul\x00 esc\x1b", "\xff bad \xc3 utf-8 \xed\xa0\x80",
		"real \uFFFD replacement", "\uFFFE \uFFFF \uE000 \uD7FF", "emoji 🙂 and 中文",
		"\U0010FFFF", "é", "&amp;",
	}
	for _, c := range cases {
		assert.Equal(t, reference(c), xmltext.Escape(c), "%q", c)
	}
	// Every rune up to U+10FFFF on its own, between letters.
	for r := rune(0); r <= 0x10FFFF; r++ {
		s := "a" + string(r) + "b"
		if got, want := xmltext.Escape(s), reference(s); got != want {
			t.Fatalf("U+%04X: got %q, encoding/xml writes %q", r, got, want)
		}
	}
	// Every single byte, which covers the invalid lead and continuation bytes.
	for c := 0; c < 256; c++ {
		s := "x" + string([]byte{byte(c)}) + "y"
		assert.Equal(t, reference(s), xmltext.Escape(s), "byte %#x", c)
	}
}

func FuzzEscape(f *testing.F) {
	f.Add("a<b>&\"'\t\n\r\xff\x00")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := xmltext.Escape(s), reference(s); got != want {
			t.Errorf("%q: got %q, encoding/xml writes %q", s, got, want)
		}
	})
}

func ExampleEscape() {
	fmt.Println(xmltext.Escape(`Tom & Jerry's "<best>" episode`))
	// Output: Tom &amp; Jerry&#39;s &#34;&lt;best&gt;&#34; episode
}
