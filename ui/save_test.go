package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

func TestSaveAndSaveAs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	src := `{"title": "Mine", "x-extra": [1, 2], "items": [{"id": "A", "grade": 3}, {"id": "B", "grade": 1}]}`
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	doc, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	m := newModel(t, doc, linearK5(), 80, 24)
	press(m, "0")
	require.True(t, m.Workspace().Dirty())
	cmd := press(m, "w")
	require.NotNil(t, cmd)
	m.Update(cmd())
	assert.False(t, m.Workspace().Dirty())
	assert.Contains(t, screen(m), "saved 2 items to "+path)
	back, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	assert.Equal(t, 0.0, back.List.Items[0].Grade)
	assert.Equal(t, "Mine", back.Title)
	assert.JSONEq(t, `[1, 2]`, string(back.Extra["x-extra"]))

	press(m, "W")
	assert.Contains(t, screen(m), "save as: "+path)
	for range len(path) {
		press(m, "backspace")
	}
	other := filepath.Join(dir, "other.json")
	typeText(m, other)
	cmd = press(m, "enter")
	require.NotNil(t, cmd)
	m.Update(cmd())
	_, err = os.Stat(other)
	assert.NoError(t, err)
	assert.Equal(t, other, m.Workspace().Doc.Name)

	// Save as onto another file that exists asks first: enter again
	// replaces it, a different name does not.
	press(m, "W")
	for range len(other) {
		press(m, "backspace")
	}
	typeText(m, path)
	assert.Nil(t, press(m, "enter"), "not written yet")
	assert.Contains(t, screen(m), "save as (exists: enter replaces it): /")
	assert.Equal(t, path, dialogOf[*dialogs.SaveAs](m).Overwrite())
	press(m, "backspace")
	assert.Contains(t, screen(m), "save as: "+path[:len(path)-1], "the warning is about the name typed")
	typeText(m, "n")
	cmd = press(m, "enter")
	require.NotNil(t, cmd)
	m.Update(cmd())
	assert.Equal(t, path, m.Workspace().Doc.Name)
	assert.Contains(t, screen(m), "saved 2 items to "+path)

	// ctrl+s saves too; an inline list asks for a name first.
	m = start(t)
	press(m, "3", "ctrl+s")
	assert.Contains(t, screen(m), "save as: list.json")
	press(m, "esc")
	assert.Contains(t, screen(m), "not saved")
}

func TestQuitAsksFirstWhenUnsaved(t *testing.T) {
	m := start(t)
	assert.True(t, uitest.IsQuit(press(m, "q")), "nothing to lose: q quits at once")

	m = start(t)
	press(m, "0")
	assert.False(t, uitest.IsQuit(press(m, "q")))
	assert.Contains(t, screen(m), "Unsaved edits")
	press(m, "esc")
	assert.Equal(t, 0.0, m.Workspace().List().Items[0].Grade)
	assert.False(t, uitest.IsQuit(press(m, "ctrl+c")))
	assert.True(t, uitest.IsQuit(press(m, "y")))

	dir := t.TempDir()
	m = start(t)
	press(m, "0", "q", "w")
	press(m, "ctrl+a")
	for range 20 {
		press(m, "delete")
	}
	typeText(m, filepath.Join(dir, "kept.json"))
	cmd := press(m, "enter")
	require.NotNil(t, cmd)
	_, cmd = m.Update(cmd())
	assert.True(t, uitest.IsQuit(cmd), "saving from the quit question quits once saved")
	_, err := os.Stat(filepath.Join(dir, "kept.json"))
	assert.NoError(t, err)
}

func TestCtrlCQuitsEvenWhileTyping(t *testing.T) {
	m := start(t)
	press(m, "e")
	typeText(m, "abc")
	assert.False(t, uitest.IsQuit(press(m, "ctrl+c")), "what is being typed is not thrown away unasked")
	assert.Contains(t, screen(m), "Unsaved edits")
	assert.True(t, uitest.IsQuit(press(m, "y")))
	m = start(t)
	press(m, "0", "e")
	assert.False(t, uitest.IsQuit(press(m, "ctrl+c")))
	assert.Contains(t, screen(m), "Unsaved edits")
}

func TestDirtyAfterUndoAndADifferentEdit(t *testing.T) {
	m := start(t)
	press(m, "0")
	m.Workspace().MarkSaved(m.Workspace().Version()) // as if saved with rank 1 at grade 0
	press(m, "u")
	assert.True(t, m.Workspace().Dirty())
	press(m, "1")
	assert.True(t, m.Workspace().Dirty(), "same history depth, different list: still unsaved")
	press(m, "u", "ctrl+r")
	assert.True(t, m.Workspace().Dirty())
}

// w on a list read from a CSV in another directory asks for a name,
// saying why (lists save as JSON, which keeps the settings; a name
// ending in .csv writes CSV), and suggests the JSON beside the CSV,
// not in the current directory; the line fits 80 columns.
func TestSaveCSVListSuggestsJSONBesideIt(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mylist.csv")
	require.NoError(t, os.WriteFile(path, []byte("id,grade\nA,3\nB,1\n"), 0o644))
	doc, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	m := newModel(t, doc, linearK5(), 80, 24)
	press(m, "0")
	assert.Nil(t, press(m, "w"), "nothing written yet")
	want := filepath.Join(dir, "mylist.json")
	assert.Equal(t, want, dialogOf[*dialogs.SaveAs](m).Value())
	var line string
	for _, l := range strings.Split(screen(m), "\n") {
		if strings.HasPrefix(l, "save as JSON") {
			line = l
		}
	}
	assert.True(t, strings.HasPrefix(line, "save as JSON (keeps the settings; .csv writes CSV): "), "%q", line)
	assert.LessOrEqual(t, ansi.StringWidth(line), 80)
	cmd := press(m, "enter")
	require.NotNil(t, cmd)
	m.Update(cmd())
	assert.Contains(t, strings.ReplaceAll(screen(m), "\n", " "), "saved 2 items to "+want)
	back, err := listio.Load(want, nil, "")
	require.NoError(t, err)
	assert.Equal(t, 0.0, back.List.Items[0].Grade)
	csv, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "id,grade\nA,3\nB,1\n", string(csv), "the CSV is as it was")

	// A list without a file of its own is asked a name as before.
	m = newModel(t, inlineDoc(t, "3,1", ""), linearK5(), 80, 24)
	press(m, "0", "w")
	assert.Contains(t, screen(m), "save as: list.json")
}
