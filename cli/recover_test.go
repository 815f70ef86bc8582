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
	"github.com/ndcg-explorer/ndcg-explorer/trec"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
	"github.com/ndcg-explorer/ndcg-explorer/ui/browser"
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
	err := keepUnsaved([]*ui.Model{m}, syscall.SIGTERM)
	assert.Equal(t, 143, exitStatus(err), "nothing unsaved: the signal's status, no copy")
	_, statErr := os.Stat(filepath.Join(dir, "list.recovered.json"))
	assert.True(t, os.IsNotExist(statErr))

	m.Update(tea.KeyPressMsg{Code: '0', Text: "0"})
	require.True(t, m.Workspace().Dirty())
	err = keepUnsaved([]*ui.Model{m}, syscall.SIGHUP)
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
	assert.Contains(t, notice, "quit, then run ndcg-explorer "+rec+" to go on with the unsaved edits kept there at ")
	m = open()
	assert.Contains(t, ansi.Strip(m.View().Content), "quit, then run ndcg-explorer "+rec)

	// At 80 columns, for a list named as people name them (no
	// directory), the command shows whole.
	t.Chdir(dir)
	doc, err := listio.Load("list.json", nil, "")
	require.NoError(t, err)
	m = ui.New(ui.Options{Doc: doc, Settings: ndcg.DefaultSettings(), NoColor: true, Notice: recoveryNotice("list.json")})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.Contains(t, ansi.Strip(m.View().Content), "quit, then run ndcg-explorer list.recovered.json")
}

// TestSignalKeepsUnsavedQueries: in the query browser, each query with
// unsaved edits is kept under the name save as suggests for it, beside
// the run.
func TestSignalKeepsUnsavedQueries(t *testing.T) {
	dir := t.TempDir()
	qrels, run := filepath.Join(dir, "basic.qrels"), filepath.Join(dir, "basic.run")
	for _, f := range []string{qrels, run} {
		data, err := os.ReadFile(filepath.Join("..", "trec", "testdata", "cases", filepath.Base(f)))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(f, data, 0o644))
	}
	t.Chdir(t.TempDir())
	res, err := trec.BrowseAs(qrels, "", run, "", 10)
	require.NoError(t, err)
	b := browser.New(browser.Options{Qrels: qrels, Run: run, Settings: trec.Settings(10), NoColor: true}, res)
	b.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	_, cmd := b.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	for cmd != nil {
		msg := cmd()
		if msg == nil {
			break
		}
		if _, ok := msg.(tea.BatchMsg); ok {
			break
		}
		_, cmd = b.Update(msg)
	}
	b.Update(tea.KeyPressMsg{Code: '7', Text: "7"}) // a grade no item of basic has
	require.Len(t, b.Unsaved(), 1, "the opened query has an edit")
	qid := res.Queries[0].QID
	err = keepUnsaved(b.Unsaved(), syscall.SIGTERM)
	want := filepath.Join(dir, "basic-query-"+qid+".recovered.json")
	assert.Equal(t, "stopped by SIGTERM with unsaved edits: they are kept in "+want+"; run ndcg-explorer "+want+" to go on with them", err.Error())
	_, statErr := os.Stat(want)
	assert.NoError(t, statErr)
}

// TestSignalDuringASaveThatCompletes: SIGTERM while w is writing the
// list, the write then completing before its message reaches the loop
// (which the signal ended): the edits are on disk, so no recovery copy
// is written or offered, where one was (9 of 10 tries).
func TestSignalDuringASaveThatCompletes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "A", "grade": 3}, {"id": "B", "grade": 1}]}`), 0o644))
	doc, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	m := ui.New(ui.Options{Doc: doc, Settings: ndcg.DefaultSettings(), NoColor: true})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 30})
	m.Update(tea.KeyPressMsg{Code: '0', Text: "0"})
	_, save := m.Update(tea.KeyPressMsg{Code: 'w', Text: "w"})
	require.NotNil(t, save)
	// The write runs (as the command does off the loop); its message is
	// never delivered.
	go save()

	err = keepUnsaved([]*ui.Model{m}, syscall.SIGTERM)
	assert.Equal(t, 143, exitStatus(err), "the signal's status, nothing kept")
	_, statErr := os.Stat(filepath.Join(dir, "list.recovered.json"))
	assert.True(t, os.IsNotExist(statErr), "no recovery copy of edits on disk")
	assert.Empty(t, recoveryNotice(path))
	back, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	assert.Equal(t, 0.0, back.List.Items[0].Grade, "the save completed")
}
