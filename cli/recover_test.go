package cli

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// TestSignalKeepsUnsavedEdits: SIGTERM or SIGHUP with unsaved edits
// writes them beside the list and says where; the next open offers them.
func TestSignalKeepsUnsavedEdits(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "A", "grade": 3}, {"id": "B", "grade": 1}]}`), 0o644))
	open := func() *ui.Model {
		doc, err := listio.Load(path, nil, "")
		require.NoError(t, err)
		m := ui.New(ui.Options{Doc: doc, Settings: ndcg.DefaultSettings(), NoColor: true, Notice: recoveryNotice(path)})
		m.Update(tea.WindowSizeMsg{Width: 160, Height: 30})
		return m
	}
	assert.Empty(t, recoveryNotice(path), "nothing kept yet")

	m := open()
	err := keepUnsaved(m, syscall.SIGTERM)
	assert.Equal(t, 143, exitStatus(err), "nothing unsaved: the signal's status, no copy")
	_, statErr := os.Stat(filepath.Join(dir, "list.recovered.json"))
	assert.True(t, os.IsNotExist(statErr))

	m.Update(tea.KeyPressMsg{Code: '0', Text: "0"})
	require.True(t, m.Workspace().Dirty())
	err = keepUnsaved(m, syscall.SIGHUP)
	require.Error(t, err)
	rec := filepath.Join(dir, "list.recovered.json")
	assert.Equal(t, "stopped by SIGHUP (the terminal closed) with unsaved edits: they are kept in "+rec+"; run ndcg-explorer "+rec+" to go on with them", err.Error())
	assert.Equal(t, 129, exitStatus(err))
	back, err := listio.Load(rec, nil, "")
	require.NoError(t, err)
	assert.Equal(t, 0.0, back.List.Items[0].Grade, "the edit is in the copy")
	orig, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	assert.Equal(t, 3.0, orig.List.Items[0].Grade, "the list itself is untouched")

	notice := recoveryNotice(path)
	assert.Contains(t, notice, "were kept in "+rec+": quit and run ndcg-explorer "+rec)
	m = open()
	assert.Contains(t, ansi.Strip(m.View().Content), "were kept in")
}
