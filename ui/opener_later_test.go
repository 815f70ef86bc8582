package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
)

// workMessages runs a command and the commands of the batches it returns,
// and gives back what they reported but the spinners' ticks.
func workMessages(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		var all []tea.Msg
		for _, c := range msg {
			all = append(all, workMessages(c)...)
		}
		return all
	case nil, spinner.TickMsg:
		return nil
	default:
		return []tea.Msg{msg}
	}
}

// openLongFile opens a list file with o as a long one: read off the
// update loop (dialogs.OpenLaterFrom lowered for the test), returning what the
// reading reports.
func openLongFile(t *testing.T, m *Model) (path string, reported []tea.Msg) {
	t.Helper()
	was := dialogs.OpenLaterFrom
	dialogs.OpenLaterFrom = 0
	t.Cleanup(func() { dialogs.OpenLaterFrom = was })
	path = filepath.Join(t.TempDir(), "long.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "x", "grade": 2}, {"id": "y", "grade": 0}]}`), 0o644))
	press(m, "o")
	typeText(m, path)
	return path, workMessages(press(m, "enter"))
}

// A long file opens off the update loop: meanwhile the dialog says what
// it opens and the list being edited stays; the new list replaces it
// when it is read.
func TestOpenLongFileShowsItOpening(t *testing.T) {
	m := start(t)
	before := m.c.WS
	path, reported := openLongFile(t, m)
	require.NotNil(t, dialogOf[*dialogs.Opener](m))
	assert.Same(t, before, m.c.WS, "the old list until the new one is read")
	assert.Contains(t, screen(m), "opening "+layout.KeepEnd(path, 80-ansi.StringWidth("⠋ opening …  esc stops"))+"…  esc stops")
	assert.Contains(t, screen(m), "Open  the list on screen stays until this one is read")
	assert.NotContains(t, screen(m), "enter opens", "enter does nothing while the list is read")
	press(m, "x") // keys wait for the list
	assert.Contains(t, screen(m), "long.json…  esc stops")
	for _, msg := range reported {
		m.Update(msg)
	}
	assert.Nil(t, dialogOf[*dialogs.Opener](m))
	assert.Equal(t, path, m.c.WS.Doc.Name)
	assert.Equal(t, 2, m.c.WS.N())
	assert.NotContains(t, screen(m), "opening")
}

// esc while a long file is read closes the dialog, and the list read
// after it does not replace the one being edited.
func TestOpenLongFileEscKeepsTheList(t *testing.T) {
	m := start(t)
	before := m.c.WS
	_, reported := openLongFile(t, m)
	press(m, "esc")
	require.Nil(t, dialogOf[*dialogs.Opener](m))
	assert.Contains(t, screen(m), "not opening long.json: esc stopped it, the list on screen stays")
	require.NotEmpty(t, reported)
	for _, msg := range reported {
		m.Update(msg)
	}
	assert.Same(t, before, m.c.WS)
}

// A long file that cannot be read says why on the status line and keeps
// the dialog open, as a short one does.
func TestOpenLongFileError(t *testing.T) {
	m := start(t)
	was := dialogs.OpenLaterFrom
	dialogs.OpenLaterFrom = 0
	t.Cleanup(func() { dialogs.OpenLaterFrom = was })
	path := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "x", "grade": "two"}]}`), 0o644))
	press(m, "o")
	typeText(m, path)
	for _, msg := range workMessages(press(m, "enter")) {
		m.Update(msg)
	}
	require.NotNil(t, dialogOf[*dialogs.Opener](m))
	assert.NotContains(t, screen(m), "opening")
	assert.Contains(t, screen(m), "bad.json:1: items[0].grade: must be")
}

// The opening line keeps "esc stops" however long the path: at 80
// columns the path loses its start, "…" in its place, and keeps the
// file's name; on a wide screen it shows whole.
func TestOpenLongFileLongPathKeepsTheHint(t *testing.T) {
	for _, w := range []int{80, 200} {
		m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), w, 24)
		was := dialogs.OpenLaterFrom
		dialogs.OpenLaterFrom = 0
		dir := filepath.Join(t.TempDir(), "a-directory-with-a-long-name", "and-another-one-below-it")
		require.NoError(t, os.MkdirAll(dir, 0o755))
		path := filepath.Join(dir, "the-list.json")
		require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "x", "grade": 2}]}`), 0o644))
		press(m, "o")
		typeText(m, path)
		press(m, "enter")
		dialogs.OpenLaterFrom = was
		line := rowWith(t, screen(m), "opening ")
		assert.True(t, strings.HasSuffix(strings.TrimRight(line, " "), "the-list.json…  esc stops"), "%q", line)
		assert.LessOrEqual(t, ansi.StringWidth(line), w)
		if w == 80 {
			assert.Contains(t, line, "opening …")
		} else {
			assert.Contains(t, line, "opening "+path+"…")
		}
	}
}
