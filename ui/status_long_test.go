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
	"github.com/ndcg-explorer/ndcg-explorer/trec"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
)

// statusOnScreen checks that s is a frame of h lines of at most w cells
// and returns its last two lines, the status and the footer's line,
// joined as one text.
func statusOnScreen(t *testing.T, s string, w, h int) string {
	t.Helper()
	lines := strings.Split(s, "\n")
	require.Len(t, lines, h, s)
	for _, l := range lines {
		require.LessOrEqual(t, ansi.StringWidth(l), w, "%q", l)
	}
	return strings.Join(strings.Fields(lines[h-2]+" "+lines[h-1]), " ")
}

// readsWhole asserts that text, a status longer than w, is on screen
// whole on the status line and the footer's, or, when not even two lines
// hold it, with the directories of its file left out.
func readsWhole(t *testing.T, text, s string, w, h int) {
	t.Helper()
	require.Greater(t, ansi.StringWidth(text), w, "a long status: %q", text)
	got := statusOnScreen(t, s, w, h)
	whole := strings.Join(strings.Fields(text), " ")
	short := strings.Join(strings.Fields(common.ShortenPath(text)), " ")
	if got != whole {
		assert.Equal(t, short, got, "the status, whole or its file's directories left out")
	}
	assert.NotContains(t, got, "? help • q quit", "the footer gives its line to the status")
}

// TestLongStatusReadsWhole: the longest messages the explorer and the
// query browser put on the status line read whole at 80×24, on the
// status line and the footer's below it, the body not moved; the next
// key brings the footer back and the status to one line.
func TestLongStatusReadsWhole(t *testing.T) {
	const w, h = 80, 24
	deep := filepath.Join(t.TempDir(), "workshops", "2026-ndcg", "day-one", "exercises-after-lunch")
	require.NoError(t, os.MkdirAll(deep, 0o755))

	t.Run("the greeting of a sample with notes", func(t *testing.T) {
		// One line, the footer under it from the first frame.
		m := openSample(t, "ties-at-k", w, h)
		lines := strings.Split(screen(m), "\n")
		assert.Equal(t, m.c.Status.Text, strings.TrimSpace(lines[h-2]))
		assert.True(t, strings.HasSuffix(lines[h-1], "v views • ? help • q quit"), "%q", lines[h-1])
	})

	t.Run("a file that does not read, deep in directories", func(t *testing.T) {
		m := start(t)
		path := filepath.Join(deep, "the-tie-at-the-cutoff-example.json")
		require.NoError(t, os.WriteFile(path, []byte("{\"items\": [\n{\"id\": \"x\", \"grade\": 2},\n"), 0o644))
		press(m, "o")
		typeText(m, path)
		press(m, "enter")
		require.True(t, m.c.Status.Err)
		readsWhole(t, m.c.Status.Text, screen(m), w, h)
		assert.Contains(t, screen(m), "the-tie-at-the-cutoff-example.json:3:")
	})

	t.Run("saved as a table, deep in directories", func(t *testing.T) {
		m := start(t)
		press(m, "0", "W")
		dialogOf[*dialogs.SaveAs](m).SetValue(filepath.Join(deep, "list.csv"))
		m.Update(runCmd(press(m, "enter")))
		require.False(t, m.c.Status.Err, m.c.Status.Text)
		readsWhole(t, m.c.Status.Text, screen(m), w, h)
		assert.Contains(t, statusOnScreen(t, screen(m), w, h), "settings and claims are kept only in .json")
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
		readsWhole(t, m.c.Status.Text, screen(m), w, h)
		assert.Contains(t, statusOnScreen(t, screen(m), w, h), "W saves under another name")
	})

	t.Run("the score of an item with a long id", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "ids.json")
		require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "trail-runner-x-mens-size-44-blue", "grade": 3, "score": 0.9}]}`), 0o644))
		doc, err := listio.Load(path, nil, "")
		require.NoError(t, err)
		m := newModel(t, doc, linearK5(), w, h)
		press(m, "s")
		readsWhole(t, m.c.Status.Text, screen(m), w, h)
		typeText(m, "0.5")
		assert.Contains(t, screen(m), "enter confirm • esc cancel", "typing brings the field's footer back")
	})

	t.Run("a query opened from a run named by its whole path", func(t *testing.T) {
		qrels, run := trecCase("long")
		qrels, err := filepath.Abs(qrels)
		require.NoError(t, err)
		run, err = filepath.Abs(run)
		require.NoError(t, err)
		res, err := trec.Browse(qrels, run, 10)
		require.NoError(t, err)
		b := NewBrowser(BrowserOptions{Qrels: qrels, Run: run, Settings: trec.Settings(10), NoColor: true}, res)
		b.Update(tea.WindowSizeMsg{Width: w, Height: h})
		bpress(t, b, "down", "enter")
		require.NotNil(t, b.current)
		readsWhole(t, b.current.c.Status.Text, bscreen(b), w, h)
		assert.Contains(t, statusOnScreen(t, bscreen(b), w, h), "…/long.qrels")
	})

	t.Run("the query browser's greeting", func(t *testing.T) {
		b := newTestBrowser(t, "basic", 10, w, h)
		readsWhole(t, b.status.Text, bscreen(b), w, h)
		b.Update(bkey("down"))
		lines := strings.Split(bscreen(b), "\n")
		assert.True(t, strings.HasSuffix(lines[h-1], "? help • q quit"), "%q", lines[h-1])
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
