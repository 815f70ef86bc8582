package picture

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
)

func TestHandoutIsSelfContained(t *testing.T) {
	r, h := sampleResult(t, "ties-at-k")
	page := Handout{
		Heading: h, Lede: "6 items, ranked by score",
		Table: Table{Header: []string{"rank", "id"}, Rows: [][]string{{"1", "a<b"}, {"2", "c"}, {"3", "d"}}, Cut: 2},
		Notes: []string{"note & more"}, Summary: []string{"NDCG@3 = 0.7262"},
		Working: explain.New(r).Text(), Charts: Charts(r),
	}.HTML()
	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>\n"))
	for _, outside := range []string{"<script", "<link", "src=", "@import", "url(http"} {
		assert.NotContains(t, page, outside, "the handout needs no other file")
	}
	assert.Contains(t, page, "<td>a&lt;b</td>")
	assert.Contains(t, page, "<p>note &amp; more</p>")
	assert.Contains(t, page, `<tr class="past-k first-past-k"><td>3</td>`)
	assert.Equal(t, len(Charts(r)), strings.Count(page, "<svg "))
	// Each inline SVG has its own pattern ids: ids are global to a page.
	assert.Contains(t, page, `id="c1-hatch"`)
	assert.Contains(t, page, `id="c2-hatch"`)
	// Every inline chart is well-formed and its bars proportional.
	for _, part := range strings.Split(page, "<figure>\n")[1:] {
		svg, _, ok := strings.Cut(part, "</figure>")
		require.True(t, ok)
		checkProportional(t, readBars(t, svg))
	}
}

// A title from a file cannot clear a terminal, reorder a page or break
// the XML: its control characters and overrides show as escapes.
func TestHostileTitleIsShownNotObeyed(t *testing.T) {
	h := Heading{Title: "evil\x1b[2J\u202eredro", Conventions: "x"}
	svg := SVG(h, nil)
	readBars(t, svg)
	assert.Contains(t, svg, `evil\x1b[2J\u202eredro`)
	page := Handout{Heading: h, Working: "line 1\nline\x07 2"}.HTML()
	assert.Contains(t, page, `<h1>evil\x1b[2J\u202eredro</h1>`)
	assert.Contains(t, page, "line 1\nline\\x07 2")
	assert.NotContains(t, page, "\x1b")
}
