package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
)

// save writes the list to its file, or asks for a name when it has none.
func (m *Model) save(then dialogs.Then) tea.Cmd {
	if m.remote != nil {
		return m.copyList(then)
	}
	path := m.savePath()
	if path == "" {
		m.open(dialogs.NewSaveAs(dialogHost{m}, then))
		return nil
	}
	return m.saveTo(path, then)
}

// savePath is the file the document came from, if it is a file.
func (m *Model) savePath() string {
	n := m.c.WS.Doc.Name
	if n == "" || n == "-" || n == "inline" || strings.HasPrefix(n, "sample:") || !strings.HasSuffix(strings.ToLower(n), ".json") {
		return ""
	}
	return n
}

// saveTo encodes the document now, so later edits cannot race the write,
// and writes it atomically in a command, in the format the name's
// extension gives (.json, .csv, .tsv; any other is refused). Saving over
// the list's own file when it changed on disk since it was read asks
// first: a second w overwrites it.
func (m *Model) saveTo(path string, then dialogs.Then) tea.Cmd {
	ws := m.c.WS
	if path == m.savePath() && m.disk != (listio.Stamp{}) && path != m.changedOnDisk {
		if now := listio.StampOf(path); now != m.disk {
			m.changedOnDisk = path
			m.c.SetStatus(path+" changed on disk since it was read: w again overwrites it, W saves under another name", true)
			return nil
		}
	}
	m.changedOnDisk = ""
	data, err := listio.Encode(path, ws.Doc, ws.Settings)
	at := ws.Version()
	if err != nil {
		return func() tea.Msg { return savedMsg{Path: path, Err: err, At: at} }
	}
	m.c.SetStatus("saving "+path+"…", false)
	return func() tea.Msg {
		return savedMsg{Path: path, Err: listio.WriteFileAtomic(path, data), At: at, Then: then}
	}
}

func (m *Model) saved(msg savedMsg) tea.Cmd {
	if msg.Err != nil {
		m.c.SetStatus("not saved: "+msg.Err.Error(), true)
		return nil
	}
	ws := m.c.WS
	ws.MarkSaved(msg.At)
	ws.Doc.Name = msg.Path
	ws.Doc.New = false
	m.disk = listio.StampOf(msg.Path)
	note := ""
	if !strings.EqualFold(filepath.Ext(msg.Path), ".json") {
		note = " (ids, titles, grades and scores; the settings and claims are kept only in .json)"
	}
	items := "items"
	if ws.N() == 1 {
		items = "item"
	}
	m.c.SetStatus(fmt.Sprintf("saved %d %s to %s%s", ws.N(), items, msg.Path, note), false)
	switch msg.Then {
	case dialogs.ThenQuit:
		return tea.Quit
	case dialogs.ThenOpen:
		m.open(dialogs.NewOpener(dialogHost{m}))
	}
	return nil
}

// savedMsg reports the end of a save started by the root model.
type savedMsg struct {
	Path string
	Err  error
	// At is the history position that was saved.
	At int
	// Then is what follows a successful save: nothing, quitting, or
	// the open dialog.
	Then dialogs.Then
}
