package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

// TestLongStatusReadsWhole: the longest messages the explorer puts on
// the status line read whole at 80×24, on the status line and the
// footer's below it, the body not moved; the next key brings the footer
// back and the status to one line (the query browser's: its own test).
func TestLongStatusReadsWhole(t *testing.T) {
	const w, h = 80, 24
	deep := filepath.Join(t.TempDir(), "workshops", "2026-ndcg", "day-one", "exercises-after-lunch")
	require.NoError(t, os.MkdirAll(deep, 0o755))

	t.Run("the greeting of a sample with notes", func(t *testing.T) {
		m := openSample(t, "ties-at-k", w, h)
		body := strings.Split(screen(m), "\n")[:h-2]
		uitest.ReadsWhole(t, m.c.Status.Text, screen(m), w, h)
		press(m, "end")
		after := strings.Split(screen(m), "\n")
		assert.Equal(t, body[:3], after[:3], "the header stays put")
		assert.True(t, strings.HasSuffix(after[h-1], "? help • q quit"), "a key brings the footer back: %q", after[h-1])
		assert.True(t, strings.HasSuffix(after[h-2], "…"), "and the status to one line: %q", after[h-2])
	})

	t.Run("a file that does not read, deep in directories", func(t *testing.T) {
		m := start(t)
		path := filepath.Join(deep, "the-tie-at-the-cutoff-example.json")
		require.NoError(t, os.WriteFile(path, []byte("{\"items\": [\n{\"id\": \"x\", \"grade\": 2},\n"), 0o644))
		press(m, "o")
		typeText(m, path)
		press(m, "enter")
		require.True(t, m.c.Status.Err)
		uitest.ReadsWhole(t, m.c.Status.Text, screen(m), w, h)
		assert.Contains(t, screen(m), "the-tie-at-the-cutoff-example.json:3:")
	})

	t.Run("saved as a table, deep in directories", func(t *testing.T) {
		m := start(t)
		press(m, "0", "W")
		dialogOf[*dialogs.SaveAs](m).SetValue(filepath.Join(deep, "list.csv"))
		m.Update(uitest.RunCmd(press(m, "enter")))
		require.False(t, m.c.Status.Err, m.c.Status.Text)
		uitest.ReadsWhole(t, m.c.Status.Text, screen(m), w, h)
		assert.Contains(t, uitest.StatusOnScreen(t, screen(m), w, h), "settings and claims are kept only in .json")
	})

	t.Run("a file changed on disk since it was read", func(t *testing.T) {
		path := filepath.Join(deep, "list.json")
		require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "A", "grade": 3}, {"id": "B", "grade": 1}]}`), 0o644))
		doc, err := listio.Load(path, nil, "")
		require.NoError(t, err)
		m := newModel(t, doc, linearK5(), w, h)
		press(m, "0")
		later := time.Now().Add(time.Second)
		require.NoError(t, os.Chtimes(path, later, later))
		press(m, "w")
		uitest.ReadsWhole(t, m.c.Status.Text, screen(m), w, h)
		assert.Contains(t, uitest.StatusOnScreen(t, screen(m), w, h), "W saves under another name")
	})

	t.Run("the score of an item with a long id", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "ids.json")
		require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "trail-runner-x-mens-size-44-blue", "grade": 3, "score": 0.9}]}`), 0o644))
		doc, err := listio.Load(path, nil, "")
		require.NoError(t, err)
		m := newModel(t, doc, linearK5(), w, h)
		press(m, "s")
		uitest.ReadsWhole(t, m.c.Status.Text, screen(m), w, h)
		typeText(m, "0.5")
		assert.Contains(t, screen(m), "enter confirm • esc cancel", "typing brings the field's footer back")
	})
}

// TestQuitQuestionWholeOnATinyScreen: on a screen too small for the
// explorer, the question about unsaved edits takes the last lines,
// whole, so that it can be answered.
func TestQuitQuestionWholeOnATinyScreen(t *testing.T) {
	m := start(t)
	press(m, "0")
	m.Update(tea.WindowSizeMsg{Width: 30, Height: 8})
	press(m, "q")
	s := screen(m)
	lines := strings.Split(s, "\n")
	require.LessOrEqual(t, len(lines), 8)
	for _, l := range lines {
		assert.LessOrEqual(t, ansi.StringWidth(l), 30)
	}
	assert.Contains(t, strings.Join(strings.Fields(s), " "), "Unsaved edits. w: save and quit · y: quit without saving · esc: stay")
}
