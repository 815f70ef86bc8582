package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	inlineCode = regexp.MustCompile("`[^`]*`")
	mdLink     = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	// A sentence ends at . ! or ? before a space or the paragraph's end
	// (not inside 0.94, e.g. or a file name: those have no space after).
	sentenceEnd = regexp.MustCompile(`[.!?]["')]*(\s+|$)`)
)

// proseSentences is the sentences of a markdown page's prose: its
// paragraphs and list items, without code blocks, tables, headings or
// lines of links alone; a code span counts as one word, a link as its
// text.
func proseSentences(page string) []string {
	var paras []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = nil
		}
	}
	fenced := false
	for _, line := range strings.Split(page, "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
			flush()
			continue
		}
		switch {
		case fenced:
		case l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "|") || strings.HasPrefix(l, "!["):
			flush()
		case strings.TrimSpace(mdLink.ReplaceAllString(strings.ReplaceAll(l, "·", ""), "")) == "":
			flush() // a line of links: the contents, not prose
		case regexp.MustCompile(`^([-*]|\d+\.)\s`).MatchString(l):
			flush()
			cur = append(cur, regexp.MustCompile(`^([-*]|\d+\.)\s+`).ReplaceAllString(l, ""))
		default:
			cur = append(cur, l)
		}
	}
	flush()
	var out []string
	for _, p := range paras {
		p = mdLink.ReplaceAllString(inlineCode.ReplaceAllString(p, "CODE"), "$1")
		for _, s := range sentenceEnd.Split(p, -1) {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// The counter on text whose sentences are counted by hand: 4 words,
// then 6 (a code span one word, a link its text), then 3 (0.94 does
// not end a sentence); the code block, the table and the heading are
// not prose.
func TestProseSentencesCounted(t *testing.T) {
	page := "# Title\n\nIt says what it is. Run `go run .` in [a clone](#clone) to\nsee it!\n\n```\ngo test ./...\n```\n\n| a | b |\n\n- 0.94 means ±0.005.\n"
	got := proseSentences(page)
	require.Equal(t, []string{"It says what it is", "Run CODE in a clone to see it", "0.94 means ±0.005"}, got)
}

// TestREADMESentencesAreShort: the README's prose sentences average 22
// words or fewer, as the front doors of the tools beside it do (16–23);
// by this count they averaged 26.8 words, the longest 63. The figure is logged.
func TestREADMESentencesAreShort(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root(t), "README.md"))
	require.NoError(t, err)
	sentences := proseSentences(string(data))
	require.Greater(t, len(sentences), 20)
	words, longest, at := 0, 0, ""
	for _, s := range sentences {
		n := len(strings.Fields(s))
		words += n
		if n > longest {
			longest, at = n, s
		}
	}
	mean := float64(words) / float64(len(sentences))
	t.Logf("%d sentences, %.1f words on average, the longest %d: %q", len(sentences), mean, longest, at)
	assert.LessOrEqual(t, mean, 22.0, "README.md's sentences average %.1f words", mean)
}

// takeHome is an ssh line that takes a list home: a user name, a host,
// then report or list.
var takeHome = regexp.MustCompile(`ssh (?:-p \S+ )?([^\s@` + "`" + `]+)@\S+ (?:report|list)\b`)

// takeHomeWithoutCode is every take-home ssh line in README.md and
// docs/ whose user name has no +CODE, in a paragraph that does not say
// the attendee has a key: a keyless attendee's list comes back only
// with the code (ada+k7m2p9xq@…), and "ssh ada@HOST report" gives them
// "no list kept".
func takeHomeWithoutCode(page string) []string {
	var out []string
	for _, para := range strings.Split(page, "\n\n") {
		for _, m := range takeHome.FindAllStringSubmatch(para, -1) {
			if !strings.Contains(m[1], "+") && !strings.Contains(para, "key") {
				out = append(out, m[0])
			}
		}
	}
	return out
}

// TestTakeHomeLinesCarryTheCode: docs/workshop.md's hour, step 4, showed
// ssh -p 23234 ada@192.0.2.2 report, which a keyless attendee cannot use.
func TestTakeHomeLinesCarryTheCode(t *testing.T) {
	assert.Equal(t, []string{"ssh -p 23234 ada@192.0.2.2 report"},
		takeHomeWithoutCode("4. type the line their screen shows\n   (`ssh -p 23234 ada@192.0.2.2 report > ada.md`)"))
	assert.Empty(t, takeHomeWithoutCode("`ssh -p 23234 ada+CODE@192.0.2.2 report > ada.md`"))
	pages := []string{filepath.Join(root(t), "README.md")}
	docs, err := filepath.Glob(filepath.Join(root(t), "docs", "*.md"))
	require.NoError(t, err)
	for _, p := range append(pages, docs...) {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.Empty(t, takeHomeWithoutCode(string(data)), "%s: a keyless attendee needs NAME+CODE", filepath.Base(p))
	}
}

// TestDemoShowsEveryChange: the README's demo carried the line about the
// image its making wrote (frames 5 to 7), and an undo made between two
// frames went unseen, C's edited grade silently back to 0.
func TestDemoShowsEveryChange(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root(t), "docs", "images", "demo.svg"))
	require.NoError(t, err)
	svg := string(data)
	assert.NotContains(t, svg, "wrote the screen")
	for _, change := range []string{"grade of C 0 → 3", "undid: grade of C 0 → 3", "ties expected → best", "ties best → worst"} {
		assert.Contains(t, svg, change)
	}
}
