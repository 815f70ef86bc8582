package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/trec"
)

// ownStyling is the only escape sequence the screen may hold: SGR
// (colours, bold), which the style sheet writes.
var ownStyling = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// assertNothingObeyed: after the style sheet's own SGR sequences, no
// control character is left on the screen.
func assertNothingObeyed(t *testing.T, what string, v tea.View) {
	t.Helper()
	rest := ownStyling.ReplaceAllString(v.Content, "")
	if i := termsafe.FirstUnsafe(rest, true); i >= 0 {
		t.Errorf("%s: a control character from the data at byte %d: %q", what, i, rest[max(i-30, 0):min(i+30, len(rest))])
	}
	if i := termsafe.FirstUnsafe(v.WindowTitle, false); i >= 0 {
		t.Errorf("%s: window title %q", what, v.WindowTitle)
	}
}

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
	for _, r := range views {
		press(m, fKey(r))
		assertNothingObeyed(t, r.name, m.View())
		press(m, "s", "esc") // a status naming an item
		assertNothingObeyed(t, r.name+" with a status", m.View())
	}
}

// TestBrowserShowsControls: a qid with control characters in the query
// browser's list, its status line and the query it opens.
func TestBrowserShowsControls(t *testing.T) {
	dir := t.TempDir()
	qid := "q\x1b]0;x\x07"
	qrels := filepath.Join(dir, "q.qrels")
	run := filepath.Join(dir, "r.run")
	require.NoError(t, os.WriteFile(qrels, []byte(fmt.Sprintf("%s 0 d\x1b[2J 1\n%s 0 e 2\n", qid, qid)), 0o644))
	require.NoError(t, os.WriteFile(run, []byte(fmt.Sprintf("%s Q0 d\x1b[2J 1 2 r\n%s Q0 e 2 1 r\n", qid, qid)), 0o644))
	res, err := trec.Browse(qrels, run, 10)
	require.NoError(t, err)
	b := NewBrowser(BrowserOptions{Qrels: qrels, Run: run, Settings: trec.Settings(10), NoColor: true}, res)
	b.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	assertNothingObeyed(t, "query list", b.View())
	assert.Contains(t, ansi.Strip(b.View().Content), `q\x1b]0;x\x07`)
	_, cmd := b.Update(bkey("enter"))
	for cmd != nil {
		msg := runCmd(cmd)
		if msg == nil {
			break
		}
		_, cmd = b.Update(msg)
	}
	assertNothingObeyed(t, "opened query", b.View())
	assert.True(t, strings.Contains(ansi.Strip(b.View().Content), `d\x1b[2J`), ansi.Strip(b.View().Content))
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
		rest := ownStyling.ReplaceAllString(m.View().Content, "")
		if i := termsafe.FirstUnsafe(rest, true); i >= 0 {
			t.Fatalf("unsafe byte at %d: %q", i, rest[max(i-30, 0):min(i+30, len(rest))])
		}
	})
}
