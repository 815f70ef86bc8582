package ui

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/report"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
)

// save writes the list to its file, or asks for a name when it has none.
func (f *files) save(then dialogs.Then) tea.Cmd {
	if f.h.Remote() {
		return f.copyList(then)
	}
	path := savePath(f.h.Common().WS.Doc)
	if path == "" {
		f.h.Open(dialogs.NewSaveAs(f.h, then))
		return nil
	}
	return f.saveTo(path, then)
}

// savePath is the file doc came from, if it is a file.
func savePath(doc *listio.Document) string {
	n := doc.Name
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
func (f *files) saveTo(path string, then dialogs.Then) tea.Cmd {
	c := f.h.Common()
	ws := c.WS
	own := path == savePath(ws.Doc)
	force := own && path == f.changed
	if own && !force && f.disk != (listio.Stamp{}) && f.disk.Moved(path) {
		f.changed = path
		c.SetStatus(changedStatus(path), true)
		return nil
	}
	f.changed = ""
	data, err := listio.Encode(path, ws.Doc, ws.Settings)
	at := ws.Version()
	if err != nil {
		return func() tea.Msg { return savedMsg{Path: path, Err: err, At: at} }
	}
	c.SetStatus("saving "+path+"…", false)
	expect := f.disk
	flight := &saveFlight{done: make(chan struct{})}
	f.flight = flight
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

// files is the list's file: saving it (over the network, copying it to
// the person's clipboard instead) and what is known of it. It reaches
// the program as a dialog does, through a dialogs.Host: the workspace,
// the status line, and the dialog that follows (save as, the open
// dialog after a save).
type files struct {
	h dialogs.Host
	fileState
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
	// gain is the gain map the file set, which g keeps in its cycle of
	// gains beside the built-in ones; nil without one.
	gain *ndcg.Gain
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
func (m *Model) SettleSave(wait time.Duration) { m.files.settle(wait) }

func (f *files) settle(wait time.Duration) {
	fl := f.flight
	if fl == nil {
		return
	}
	select {
	case <-fl.done:
	case <-time.After(wait):
		return
	}
	if f.flight == fl {
		f.flight = nil
		if fl.msg.Err == nil {
			ws := f.h.Common().WS
			ws.MarkSaved(fl.msg.At)
			ws.Doc.Name = fl.msg.Path
			ws.Doc.New = false
		}
	}
}

// changedStatus is what w says of a list's file changed on disk.
func changedStatus(path string) string {
	return path + " changed on disk since it was read: w again overwrites it, W saves under another name"
}

func (f *files) saved(msg savedMsg) tea.Cmd {
	c := f.h.Common()
	f.flight = nil
	var changed *listio.ChangedError
	if errors.As(msg.Err, &changed) {
		// Another program or explorer wrote the file since: nothing
		// was written, and a quit on the way waits.
		f.changed = msg.Path
		c.SetStatus(changedStatus(msg.Path)+"; nothing was written", true)
		return nil
	}
	if msg.Err != nil {
		c.SetStatus("not saved: "+msg.Err.Error(), true)
		return nil
	}
	ws := c.WS
	ws.MarkSaved(msg.At)
	ws.Doc.Name = msg.Path
	ws.Doc.New = false
	f.disk = msg.Stamp
	note := ""
	if !strings.EqualFold(filepath.Ext(msg.Path), ".json") {
		note = " (ids, titles, grades and scores; the settings and claims are kept only in .json)"
	}
	items := "items"
	if ws.N() == 1 {
		items = "item"
	}
	c.SetStatus(fmt.Sprintf("saved %d %s to %s%s", ws.N(), items, msg.Path, note), false)
	switch msg.Then {
	case dialogs.ThenQuit:
		return tea.Quit
	case dialogs.ThenOpen:
		f.h.Open(dialogs.NewOpener(f.h))
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
// when the server keeps the list (Remote.KeepsList); keptQuestionPage,
// in a browser, where no ssh line is printed and no key is used: the
// page keeps the attendee's code.
const (
	keptQuestion     = "Edits not copied; the server keeps your list (your key, or the ssh line printed as you leave, brings it back)"
	keptQuestionPage = "Edits not copied; the server keeps your list (reloading this page brings it back)"
)

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
func (f *files) copyList(then dialogs.Then) tea.Cmd {
	c := f.h.Common()
	ws := c.WS
	data, ok := f.listJSON()
	if !ok {
		return nil
	}
	ws.MarkSaved(ws.Version())
	c.SetStatus(fmt.Sprintf("copied the list (%d items, JSON) to your clipboard%s", ws.N(), clipboardCaveat), false)
	switch then {
	case dialogs.ThenQuit:
		return tea.Sequence(tea.SetClipboard(data), tea.Quit)
	case dialogs.ThenOpen:
		f.h.Open(dialogs.NewOpener(f.h))
	}
	return tea.SetClipboard(data)
}

// copyReport puts the report as markdown, as `report --format markdown`
// prints it, on the person's clipboard: save as, for a remote session.
func (f *files) copyReport() tea.Cmd {
	c := f.h.Common()
	ws := c.WS
	if ws.Result == nil {
		c.SetStatus("nothing to copy: "+ws.Err.Error(), true)
		return nil
	}
	c.SetStatus("copied the report (markdown) to your clipboard"+clipboardCaveat, false)
	return tea.SetClipboard(report.MarkdownString(ws.Doc, ws.Result))
}

// listJSON is the list as save writes it, or false with the reason in
// the status line.
func (f *files) listJSON() (string, bool) {
	c := f.h.Common()
	ws := c.WS
	data, err := listio.WriteJSON(ws.Doc, ws.Settings)
	if err != nil {
		c.SetStatus("not copied: "+err.Error(), true)
		return "", false
	}
	return string(data), true
}
