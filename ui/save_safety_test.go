package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

// TestSaveAsksWhenTheFileChangedOnDisk: w over a file another program
// changed since it was read asks first; a second w overwrites it.
func TestSaveAsksWhenTheFileChangedOnDisk(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "A", "grade": 3}, {"id": "B", "grade": 1}]}`), 0o644))
	doc, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	m := newModel(t, doc, linearK5(), 160, 30)
	press(m, "0")

	theirs := []byte(`{"items": [{"id": "A", "grade": 2}, {"id": "B", "grade": 2}, {"id": "C", "grade": 2}]}`)
	require.NoError(t, os.WriteFile(path, theirs, 0o644))
	later := time.Now().Add(time.Second)
	require.NoError(t, os.Chtimes(path, later, later))

	assert.Nil(t, press(m, "w"), "nothing written yet")
	assert.Contains(t, screen(m), "changed on disk since it was read: w again overwrites it")
	got, _ := os.ReadFile(path)
	assert.Equal(t, theirs, got, "their edit is still there")

	cmd := press(m, "w")
	require.NotNil(t, cmd)
	m.Update(cmd())
	assert.Contains(t, screen(m), "saved 2 items to "+path)
	back, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	assert.Len(t, back.List.Items, 2)

	// Saved now: the next w does not ask.
	press(m, "1")
	cmd = press(m, "w")
	require.NotNil(t, cmd)
	m.Update(cmd())
	assert.Contains(t, screen(m), "saved 2 items to "+path)
}

// TestSaveAsWritesTheFormatTheNameSays: W to x.csv writes CSV, to x.txt
// refuses rather than put JSON under that name.
func TestSaveAsWritesTheFormatTheNameSays(t *testing.T) {
	dir := t.TempDir()
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", "0.9,0.8,0.7,0.6,0.5"), linearK5(), 160, 30)
	saveAs := func(name string) {
		press(m, "W")
		for range 40 {
			press(m, "backspace")
		}
		typeText(m, name)
		if cmd := press(m, "enter"); cmd != nil {
			m.Update(cmd())
		}
	}
	csvPath := filepath.Join(dir, "x.csv")
	saveAs(csvPath)
	data, err := os.ReadFile(csvPath)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "id,grade,score\n"), string(data))
	assert.Contains(t, screen(m), "saved 5 items to "+csvPath)
	back, err := listio.Load(csvPath, nil, "")
	require.NoError(t, err)
	assert.Len(t, back.List.Items, 5)

	txt := filepath.Join(dir, "x.txt")
	saveAs(txt)
	_, err = os.Stat(txt)
	assert.True(t, os.IsNotExist(err), "nothing written under a name that says another format")
	assert.Contains(t, screen(m), "not saved: x.txt: name the file .json")
}

// TestTooSmallIgnoresEditingKeys: on a screen too small to show the
// list, keys do not edit it blind; q still quits.
func TestTooSmallIgnoresEditingKeys(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 40, 10)
	assert.Contains(t, screen(m), "Terminal too small")
	press(m, "0", "down", "1", "t", "K", "g")
	assert.False(t, m.Workspace().Dirty(), "no edit made")
	assert.Equal(t, 3.0, m.Workspace().List().Items[0].Grade)
	assert.True(t, uitest.IsQuit(press(m, "q")))

	// Edits made at full size and then a shrink: q asks, and the
	// question is on the small screen.
	m = newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	press(m, "0")
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	assert.False(t, uitest.IsQuit(press(m, "q")))
	assert.Contains(t, screen(m), "Unsaved edits")
}

// TestTwoExplorersSaveAtOnce: two explorers on the same file, each with
// an edit, save at the same moment. One writes; the other is told the
// file changed and writes nothing, and its quit waits, where both said
// "saved" and one edit was lost (5 of 5 tries). Its second w overwrites.
func TestTwoExplorersSaveAtOnce(t *testing.T) {
	for try := range 10 {
		path := filepath.Join(t.TempDir(), "list.json")
		require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "A", "grade": 3}, {"id": "B", "grade": 1}]}`), 0o644))
		open := func() *Model {
			doc, err := listio.Load(path, nil, "")
			require.NoError(t, err)
			return newModel(t, doc, linearK5(), 160, 30)
		}
		one, two := open(), open()
		press(one, "0") // A's grade 0
		press(two, "j", "2")
		// Both keys press w before either write runs, as two people do.
		c1, c2 := press(one, "w"), press(two, "w")
		require.NotNil(t, c1)
		require.NotNil(t, c2)
		r1, r2 := make(chan tea.Msg, 1), make(chan tea.Msg, 1)
		go func() { r1 <- c1() }()
		go func() { r2 <- c2() }()
		s1, s2 := (<-r1).(savedMsg), (<-r2).(savedMsg)
		win, lose, winMsg, loseMsg := one, two, s1, s2
		if s1.Err != nil {
			win, lose, winMsg, loseMsg = two, one, s2, s1
		}
		require.NoError(t, winMsg.Err, "try %d", try)
		var changed *listio.ChangedError
		require.ErrorAs(t, loseMsg.Err, &changed, "try %d: both saved", try)
		// The file holds the edit of the one that wrote.
		back, err := listio.Load(path, nil, "")
		require.NoError(t, err)
		assert.Equal(t, win == one, back.List.Items[0].Grade == 0, "try %d", try)
		win.Update(winMsg)
		loseMsg.Then = dialogs.ThenQuit
		_, quit := lose.Update(loseMsg)
		assert.Nil(t, quit, "the quit on the way waits")
		assert.Contains(t, screen(win), "saved 2 items to "+path)
		assert.Contains(t, screen(lose), "changed on disk since it was read: w again overwrites it")
		assert.True(t, lose.c.WS.Dirty(), "the edit not written is still to save")

		// The loser's second w overwrites, as the status says.
		cmd := press(lose, "w")
		require.NotNil(t, cmd)
		lose.Update(cmd())
		assert.Contains(t, screen(lose), "saved 2 items to "+path)
	}
}

// TestSaveAfterOpeningAnotherFile: a list opened with o is saved without
// a word about its file having changed: the file's stamp is the one the
// new list was read with, where it stayed the first list's and w over
// the new file said it had changed on disk.
func TestSaveAfterOpeningAnotherFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "first.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "A", "grade": 3}]}`), 0o644))
	doc, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	m := newModel(t, doc, linearK5(), 80, 24)
	other, reported := openLongFile(t, m)
	for _, msg := range reported {
		m.Update(msg)
	}
	require.Equal(t, other, m.c.WS.Doc.Name)
	press(m, "3")
	cmd := press(m, "w")
	require.NotNil(t, cmd, m.c.Status.Text)
	m.Update(cmd())
	assert.Contains(t, screen(m), "saved 2 items to")
}
