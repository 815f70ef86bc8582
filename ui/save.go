package ui

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/report"
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
// the list's own file when it changed on disk since it was read or saved
// asks first: a second w overwrites it. Its size and time are looked at
// here; the write compares the whole stamp and writes as one step under
// a lock (listio.WriteFileIfUnchanged), so that of two explorers saving
// the same file at the same moment the second is told, not both saved.
func (m *Model) saveTo(path string, then dialogs.Then) tea.Cmd {
	ws := m.c.WS
	own := path == m.savePath()
	force := own && path == m.file.changed
	if own && !force && m.file.disk != (listio.Stamp{}) && m.file.disk.Moved(path) {
		m.file.changed = path
		m.c.SetStatus(changedStatus(path), true)
		return nil
	}
	m.file.changed = ""
	data, err := listio.Encode(path, ws.Doc, ws.Settings)
	at := ws.Version()
	if err != nil {
		return func() tea.Msg { return savedMsg{Path: path, Err: err, At: at} }
	}
	m.c.SetStatus("saving "+path+"…", false)
	expect := m.file.disk
	flight := &saveFlight{done: make(chan struct{})}
	m.file.flight = flight
	return func() tea.Msg {
		var stamp listio.Stamp
		var err error
		if own && !force {
			stamp, err = listio.WriteFileIfUnchanged(path, data, expect)
		} else {
			stamp, err = listio.WriteFileStamped(path, data)
		}
		msg := savedMsg{Path: path, Err: err, At: at, Then: then, Stamp: stamp}
		flight.msg = msg
		close(flight.done)
		return msg
	}
}

// fileState is what the explorer knows of the list's file.
type fileState struct {
	// disk is the file's stamp when it was read or last saved; a save
	// over a file that has changed since asks first.
	disk listio.Stamp
	// changed is the file whose change a first w reported: a second w
	// overwrites it.
	changed string
	// flight is the save being written, until its message comes back.
	flight *saveFlight
}

// saveFlight is a save whose write runs in a command: a signal that
// stops the program while it runs ends the loop before the save's
// message comes back, and SettleSave reads its result from here.
type saveFlight struct {
	done chan struct{}
	msg  savedMsg // set before done is closed
}

// SettleSave waits up to wait for a save still being written when the
// program stopped, and takes its result as the message would have: a
// save that completed leaves the list saved (not Dirty), so that no
// recovery copy of edits already on disk is written and offered. It is
// for after the program's loop has ended.
func (m *Model) SettleSave(wait time.Duration) {
	f := m.file.flight
	if f == nil {
		return
	}
	select {
	case <-f.done:
	case <-time.After(wait):
		return
	}
	if m.file.flight == f {
		m.file.flight = nil
		if f.msg.Err == nil {
			m.c.WS.MarkSaved(f.msg.At)
			m.c.WS.Doc.Name = f.msg.Path
			m.c.WS.Doc.New = false
		}
	}
}

// changedStatus is what w says of a list's file changed on disk.
func changedStatus(path string) string {
	return path + " changed on disk since it was read: w again overwrites it, W saves under another name"
}

func (m *Model) saved(msg savedMsg) tea.Cmd {
	m.file.flight = nil
	var changed *listio.ChangedError
	if errors.As(msg.Err, &changed) {
		// Another program or explorer wrote the file since: nothing
		// was written, and a quit on the way waits.
		m.file.changed = msg.Path
		m.c.SetStatus(changedStatus(msg.Path)+"; nothing was written", true)
		return nil
	}
	if msg.Err != nil {
		m.c.SetStatus("not saved: "+msg.Err.Error(), true)
		return nil
	}
	ws := m.c.WS
	ws.MarkSaved(msg.At)
	ws.Doc.Name = msg.Path
	ws.Doc.New = false
	m.file.disk = msg.Stamp
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
	// Stamp is the file's stamp as written.
	Stamp listio.Stamp
}

// keptQuestion is the question before quitting with edits not copied,
// when the server keeps the list (Remote.KeepsList).
const keptQuestion = "Edits not copied; the server keeps your list (your key, or the ssh line printed as you leave, brings it back)"

// replacedQuestion is the question before quitting when a list the
// instructor sent replaced the attendee's edits not copied.
const replacedQuestion = "The instructor's list replaced your edits: u undoes it"

// clipboardCaveat ends what a remote copy says: the copy travels as
// OSC 52, which some terminals ignore (the old Windows console, macOS
// Terminal, GNOME Terminal) without a sign the explorer could read; the
// server's take-home lines, as the session ends, are the other way.
const clipboardCaveat = ", if your terminal allows it"

// copyList puts the list as JSON on the person's clipboard: save, for a
// remote session.
func (m *Model) copyList(then dialogs.Then) tea.Cmd {
	ws := m.c.WS
	data, ok := m.listJSON()
	if !ok {
		return nil
	}
	ws.MarkSaved(ws.Version())
	m.c.SetStatus(fmt.Sprintf("copied the list (%d items, JSON) to your clipboard%s", ws.N(), clipboardCaveat), false)
	switch then {
	case dialogs.ThenQuit:
		return tea.Sequence(tea.SetClipboard(data), tea.Quit)
	case dialogs.ThenOpen:
		m.open(dialogs.NewOpener(dialogHost{m}))
	}
	return tea.SetClipboard(data)
}

// copyReport puts the report as markdown, as `report --format markdown`
// prints it, on the person's clipboard: save as, for a remote session.
func (m *Model) copyReport() tea.Cmd {
	ws := m.c.WS
	if ws.Result == nil {
		m.c.SetStatus("nothing to copy: "+ws.Err.Error(), true)
		return nil
	}
	m.c.SetStatus("copied the report (markdown) to your clipboard"+clipboardCaveat, false)
	return tea.SetClipboard(report.MarkdownString(ws.Doc, ws.Result))
}
