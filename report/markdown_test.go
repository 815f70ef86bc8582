package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// HostileDoc is a list whose id, title, notes and pool hold HTML that
// runs in a browser and control characters that a terminal obeys.
func hostileDoc(t *testing.T) *listio.Document {
	t.Helper()
	l := &ndcg.List{
		Items: []ndcg.Item{
			{ID: "<script>alert(1)</script>", Title: "<img src=x onerror=alert(2)>", Grade: 3, Score: 0.9, HasScore: true},
			{ID: "A\x1b[2J\x1b]0;pwned\a", Grade: 0, Score: 0.5, HasScore: true},
			{ID: "b`<img src=x onerror=alert(3)>`", Grade: 2, Score: 0.5, HasScore: true},
			{ID: `c\<script>alert(4)</script>`, Grade: 1, Score: 0.1, HasScore: true},
		},
		Pool: []ndcg.Judged{{ID: "`<script>alert(5)</script>", Grade: 3}},
	}
	return &listio.Document{Name: "hostile.json", Title: "<script>alert(6)</script>", List: l,
		Notes: "Read <img src=x onerror=alert(7)> & <script>alert(8)</script>"}
}

// TestMarkdownEscapesHostileText: the markdown, rendered by goldmark (a
// CommonMark and GFM renderer) with raw HTML allowed, as a page that
// shows pasted markdown may, holds no element from the data, and the
// text holds no control character a terminal would obey.
func TestMarkdownEscapesHostileText(t *testing.T) {
	doc := hostileDoc(t)
	s := ndcg.DefaultSettings()
	s.IDCG, s.K = ndcg.FromJudged, 3
	r, err := ndcg.Compute(doc.List, s)
	require.NoError(t, err)
	var md bytes.Buffer
	require.NoError(t, Markdown(&md, doc, r, Extras{Chart: true, Working: true}))
	out := md.String()
	assert.NotContains(t, out, "\x1b")
	assert.NotContains(t, out, "\a")
	assert.Contains(t, out, `A\x1b[2J\x1b]0;pwned\x07`, "control characters are shown escaped, as termsafe shows them")
	assert.Contains(t, out, "## &lt;script&gt;alert(6)&lt;/script&gt;\n")
	assert.Contains(t, out, "| &lt;script&gt;alert(1)&lt;/script&gt; |")

	var page bytes.Buffer
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	require.NoError(t, gm.Convert(md.Bytes(), &page))
	h := strings.ToLower(page.String())
	assert.NotContains(t, h, "<script", "no script element from the data")
	assert.NotContains(t, h, "<img", "no img element from the data")
	// What the data said is shown as text.
	assert.Contains(t, h, "&lt;script&gt;alert(1)&lt;/script&gt;")
	assert.Contains(t, h, "&lt;img src=x onerror=alert(7)&gt;")
	assert.Contains(t, h, "<td>b`&lt;img src=x onerror=alert(3)&gt;`</td>", "a backtick opens no code span")
	assert.Contains(t, h, "<td>c\\&lt;script&gt;alert(4)&lt;/script&gt;</td>", "a backslash escapes nothing")
	assert.Contains(t, h, "`&lt;script&gt;alert(5)&lt;/script&gt;:3 (pool) b`&lt;img", "the pool's ids stay in their code span")
	assert.Equal(t, MarkdownString(doc, r), func() string {
		var b bytes.Buffer
		require.NoError(t, Markdown(&b, doc, r, Extras{}))
		return b.String()
	}())
}
