package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
)

// paste sends a bracketed paste, as a terminal does for its own paste.
func paste(m tea.Model, s string) { m.Update(tea.PasteMsg{Content: s}) }

// TestPromptsTakePaste: a paste goes into the field of the prompt that
// is open, not to the view under it.
func TestPromptsTakePaste(t *testing.T) {
	m := start(t)
	press(m, "W")
	press(m, "ctrl+u")
	paste(m, "/tmp/from the clipboard.json\n")
	assert.Equal(t, "/tmp/from the clipboard.json", dialogOf[*dialogs.SaveAs](m).Value(), "save as: the line end of a copied line goes")
	assert.Contains(t, screen(m), "save as: /tmp/from the clipboard.json")
	press(m, "esc")

	press(m, "o")
	paste(m, "lists/mine.json")
	assert.Equal(t, "lists/mine.json", dialogOf[*dialogs.Opener](m).Value(), "the open dialog's path")
	press(m, "esc")

	press(m, "k")
	paste(m, "1 2\n")
	assert.Equal(t, "12", dialogOf[*dialogs.Cutoff](m).Value(), "k keeps the digits")
	press(m, "esc")

	press(m, "y", "s")
	press(m, "ctrl+u")
	paste(m, "shot.svg")
	assert.Equal(t, "shot.svg", dialogOf[*dialogs.Shot](m).Value(), "the image's name")
	press(m, "esc")

	// With no prompt open, the explorer has the paste (and drops it).
	before := screen(m)
	paste(m, "3")
	assert.Equal(t, before, screen(m))
}

// TestPromptEditingKeys: the shell's line keys in save as.
func TestPromptEditingKeys(t *testing.T) {
	m := start(t)
	press(m, "W")
	press(m, "ctrl+u")
	typeText(m, "/tmp/lists/old.json")
	press(m, "alt+backspace", "alt+backspace")
	typeText(m, "new.")
	press(m, "alt+b", "alt+b", "ctrl+k")
	assert.Equal(t, "/tmp/", dialogOf[*dialogs.SaveAs](m).Value())
	press(m, "ctrl+a", "alt+d")
	assert.Equal(t, "/", dialogOf[*dialogs.SaveAs](m).Value())
	press(m, "ctrl+e")
	typeText(m, "b")
	press(m, "home", "delete")
	assert.Equal(t, "b", dialogOf[*dialogs.SaveAs](m).Value())
}

// TestScoreEditorScrolls: a score longer than its column scrolls in it,
// the cursor in sight, and the row keeps its width.
func TestScoreEditorScrolls(t *testing.T) {
	m := start(t)
	press(m, "s", "ctrl+u")
	typeText(m, "0.123456789012345")
	s := screen(m)
	row := rowWith(t, s, "012345")
	assert.NotContains(t, row, "0.1234", "the start scrolled out of the cell")
	_, w, _ := explorerOf(m).EditorCell(explorer.ScoreField)
	assert.Equal(t, w, explorerOf(m).Input.Width(), "the field is its cell")
	for _, l := range strings.Split(s, "\n") {
		assert.LessOrEqual(t, ansi.StringWidth(l), 80)
	}
	press(m, "enter")
	assert.Equal(t, 0.123456789012345, m.c.WS.List().Items[m.c.WS.ItemAt(explorerOf(m).Cursor)].Score)
}

// TestTitleEditorWide: a title of wide characters and accents, typed
// longer than the row, keeps every line of the screen 80 cells.
func TestTitleEditorWide(t *testing.T) {
	m := start(t)
	press(m, "e", "ctrl+u")
	title := strings.Repeat("東京e\u0301 ", 20)
	typeText(m, title)
	for _, l := range strings.Split(screen(m), "\n") {
		assert.LessOrEqual(t, ansi.StringWidth(l), 80, "%q", l)
	}
	press(m, "home")
	assert.Contains(t, screen(m), "東京e\u0301 東京")
	press(m, "enter")
	assert.Equal(t, title, m.c.WS.List().Items[m.c.WS.ItemAt(explorerOf(m).Cursor)].Title)
}

func rowWith(t *testing.T, s, part string) string {
	t.Helper()
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, part) {
			return l
		}
	}
	require.Failf(t, "no row", "no line has %q in\n%s", part, s)
	return ""
}

func explorerOf(m *Model) *explorer.Model { return m.views[0].(*explorer.Model) }

// TestEditInPlaceTypesOver: s (or enter) and e start with the old score
// or title selected, so that what is typed replaces it, as in a
// spreadsheet's cell; a moving key keeps it to edit from there.
func TestEditInPlaceTypesOver(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,1,2", "0.92,0.8,0.7"), linearK5(), 80, 24)
	score := func() float64 { return m.c.WS.List().Items[m.c.WS.ItemAt(explorerOf(m).Cursor)].Score }

	press(m, "s")
	assert.Contains(t, screen(m), "type over it, ← edits it")
	typeText(m, "5")
	press(m, "enter")
	assert.Equal(t, 5.0, score(), "s, 5, enter on 0.92 gives 5, not 0.925")

	press(m, "u", "enter")
	typeText(m, "0.5")
	press(m, "enter")
	assert.NotContains(t, screen(m), "is not a number")
	assert.Equal(t, 0.5, score(), "0.5 typed over 0.92, not 0.920.5")

	press(m, "s", "end")
	typeText(m, "1")
	press(m, "enter")
	assert.Equal(t, 0.51, score(), "end keeps the value to append to")

	press(m, "s", "backspace")
	typeText(m, "0.3")
	press(m, "enter")
	assert.Equal(t, 0.3, score(), "backspace clears the selected score")

	press(m, "s")
	m.Update(tea.PasteMsg{Content: "0.25"})
	press(m, "enter")
	assert.Equal(t, 0.25, score(), "a paste replaces the selected score")

	press(m, "e")
	typeText(m, "Fresh title")
	press(m, "enter")
	assert.Equal(t, "Fresh title", m.c.WS.List().Items[m.c.WS.ItemAt(explorerOf(m).Cursor)].Title)
	press(m, "e", "end")
	typeText(m, "!")
	press(m, "enter")
	assert.Equal(t, "Fresh title!", m.c.WS.List().Items[m.c.WS.ItemAt(explorerOf(m).Cursor)].Title)
}

// TestOpenerTypedPathOrSample: what enter opens is never in doubt. With
// a path typed, no sample is marked and the hint says enter opens the
// path; ↑/↓ then clears the path, so the marked sample is what opens.
func TestOpenerTypedPathOrSample(t *testing.T) {
	m := start(t)
	press(m, "o")
	s := screen(m)
	assert.Contains(t, s, "↑/↓ a sample · or type a path · enter opens")
	assert.Regexp(t, `(?m)^>\s+ties-at-k `, s, "the first sample is marked")

	typeText(m, "nowhere.json")
	s = screen(m)
	assert.Contains(t, s, "enter opens this path · ↑/↓ a sample instead")
	assert.NotRegexp(t, `(?m)^>`, s, "no sample marked while a path is typed")

	press(m, "down")
	s = screen(m)
	assert.NotContains(t, s, "nowhere.json", "↑/↓ clear the path")
	assert.Regexp(t, `(?m)^>\s+idcg-slip `, s)
	press(m, "enter")
	require.Nil(t, dialogOf[*dialogs.Opener](m))
	assert.Equal(t, "sample:idcg-slip", m.c.WS.Doc.Name, "enter opens the marked sample")
}

// TestQuestionKeepsStrayKeys: with the question about unsaved edits up
// (o, q, ctrl+c), a key that is not one of its answers leaves it up and
// says to answer first, rather than vanishing; the answers still work.
func TestQuestionKeepsStrayKeys(t *testing.T) {
	m := start(t)
	press(m, "0", "o")
	assert.Contains(t, screen(m), "Unsaved edits. w: save, then open · y: open without saving · esc: cancel")
	for _, k := range []string{"/", "t", "enter", "ctrl+c", "q"} {
		assert.False(t, uitest.IsQuit(press(m, k)))
		assert.Nil(t, dialogOf[*dialogs.Opener](m), "after %s", k)
		assert.Contains(t, screen(m), "Answer first. w: save, then open · y: open without saving · esc: cancel", "after %s", k)
	}
	press(m, "esc")
	assert.Contains(t, screen(m), "not opening another list")
	assert.True(t, m.c.WS.Dirty())
	press(m, "o", "x", "y")
	assert.NotNil(t, dialogOf[*dialogs.Opener](m), "y still answers after a stray key")

	m = start(t)
	press(m, "0", "q")
	assert.Contains(t, screen(m), "Unsaved edits. w: save and quit · y: quit without saving · esc: stay")
	assert.False(t, uitest.IsQuit(press(m, "x")))
	assert.Contains(t, screen(m), "Answer first. w: save and quit · y: quit without saving · esc: stay")
	assert.True(t, uitest.IsQuit(press(m, "y")))

	// The quiz's question offers no w: w is not an answer there.
	m = newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	press(m, "f10")
	typeText(m, "0.8")
	press(m, "q")
	assert.False(t, uitest.IsQuit(press(m, "w")))
	assert.Contains(t, screen(m), "Answer first. y: quit · esc: stay and answer")
	press(m, "esc")
	assert.Contains(t, screen(m), "0.8", "the answer is still there")
}
