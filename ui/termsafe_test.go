package ui

import (
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
)

// TestEveryViewShowsControls: ids, titles and names holding CSI, OSC
// and C1 controls are shown escaped in every view, not obeyed and not
// dropped.
func TestEveryViewShowsControls(t *testing.T) {
	src := `{"title": "T\u001b]0;owned\u0007", "notes": "n\u001b[2J",
  "items": [{"id": "a\u001b[2Jb", "title": "x\u009b1m", "grade": 3, "score": 1},
            {"id": "c\u001b]52;c;aGk=\u0007", "grade": 1, "score": 1},
            {"id": "e\u202ef", "grade": 2, "score": 0.5}],
  "pool": [{"id": "p\u001bP+q\u001b\\", "grade": 3}],
  "claims": {"ndcg": 0.5}}`
	doc, err := listio.ReadJSON("evil\x1b[31m.json", []byte(src))
	require.NoError(t, err)
	s := ndcg.DefaultSettings()
	s.IDCG = ndcg.FromJudged
	m := newModel(t, doc, s, 200, 50)
	assert.Contains(t, screen(m), `a\x1b[2Jb`, "shown, not dropped")
	assert.Contains(t, screen(m), `c\x1b]52;c;aGk=\x07`)
	for _, r := range views.All {
		press(m, r.Letter)
		uitest.AssertNothingObeyed(t, r.Name, m.View())
		press(m, "s", "esc") // a status naming an item
		uitest.AssertNothingObeyed(t, r.Name+" with a status", m.View())
	}
}

// FuzzExplorerScreen: whatever an id or a title holds, the explorer's
// screen carries no control character from it.
func FuzzExplorerScreen(f *testing.F) {
	f.Add("a\x1b[2Jb", "x\u009b1m")
	f.Add("\x1b]52;c;aGk=\x07", "\u202e\r\b")
	f.Fuzz(func(t *testing.T, id, title string) {
		if id == "" || !utf8.ValidString(id+title) {
			return // JSON carries text; an empty id is made up
		}
		list := &ndcg.List{Items: []ndcg.Item{{ID: id, Title: title, Grade: 2}, {ID: id + "2", Grade: 1}}}
		doc := &listio.Document{Name: id, Title: title, List: list}
		m := New(Options{Doc: doc, Settings: ndcg.DefaultSettings(), NoColor: true})
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		rest := uitest.OwnStyling.ReplaceAllString(m.View().Content, "")
		if i := termsafe.FirstUnsafe(rest, true); i >= 0 {
			t.Fatalf("unsafe byte at %d: %q", i, rest[max(i-30, 0):min(i+30, len(rest))])
		}
	})
}
