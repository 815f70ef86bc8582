package ui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/samples"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// openKey opens another list from inside the explorer.
var openKey = bind([]string{"o"}, "o", "open a list")

// opener is the open dialog: the built-in samples with their titles, and
// a field to type a path (a .json that does not exist starts a new list).
type opener struct {
	list   []samples.Sample
	cursor int
	path   textField
	// samplesOnly: over the network a path would name the server's
	// files, so the dialog has no path field.
	samplesOnly bool
	// opening names the list being read off the update loop (a long
	// file), while the dialog shows it with a spinner; load is that work.
	opening string
	load    work
}

// openLaterFrom is the file size from which the open dialog reads and
// computes the list off the update loop, with a spinner: a million-item
// list (52 MB) takes a second to read and work out, which would freeze
// the old screen; a file under 1 MiB (some 20,000 items) opens within
// a frame or two. A variable, so that a test can take either way.
var openLaterFrom int64 = 1 << 20

func newOpener(width int, samplesOnly bool) *opener {
	in := newTextField(max(width-7, 11), "mylist.json (a new .json starts a list)")
	in.Focus()
	return &opener{list: samples.List(), path: in, samplesOnly: samplesOnly}
}

// View draws the dialog in w×h: the path field, then the samples around
// the cursor.
func (o *opener) View(c *Common, w, h int) string {
	st := c.Styles
	hint := "  ↑/↓ a sample · or type a path · enter opens · esc closes"
	switch {
	case o.opening != "":
		// Keys wait for the list: enter and ↑/↓ do nothing meanwhile.
		hint = "  the list on screen stays until this one is read"
	case o.typed():
		hint = "  enter opens this path · ↑/↓ a sample instead · esc closes"
	}
	lines := []string{
		st.Title.Render("Open") + st.Subtle.Render(hint),
		"path: " + o.path.View(&st),
		"",
	}
	if o.opening != "" {
		// The path loses its start, never the hint, on a narrow screen:
		// its end names the file.
		const stops = "  esc stops"
		head := o.load.glyph(st) + " opening "
		room := w - ansi.StringWidth(head) - 1 - len(stops) // 1: the "…" after the path
		lines[1] = head + keepEnd(shown(o.opening), room) + "…" + st.Subtle.Render(stops)
	}
	if o.samplesOnly {
		lines = []string{
			st.Title.Render("Open a sample") + st.Subtle.Render("  ↑/↓ choose · enter opens · esc closes"),
			st.Subtle.Render("over the network only the samples open: no paths"),
			"",
		}
	}
	room := max(h-len(lines), 1)
	from := scrollTo(0, o.cursor, len(o.list), room)
	width := 0
	for _, s := range o.list {
		width = max(width, len(s.Name))
	}
	for i := from; i < min(from+room, len(o.list)); i++ {
		s := o.list[i]
		line := ansi.Truncate(fmt.Sprintf("  %-*s  %s", width, s.Name, s.Title), w, "…")
		if i == o.cursor && !o.typed() {
			// With a path typed, enter opens the path: no sample is
			// marked as the one it would open.
			line = st.Cursor.Render(">" + line[1:])
		}
		lines = append(lines, line)
	}
	return block(strings.Join(lines, "\n"), w, h)
}

// typed reports whether the path field holds a path, which enter opens
// rather than the sample under the cursor.
func (o *opener) typed() bool {
	return !o.samplesOnly && strings.TrimSpace(o.path.Value()) != ""
}

// keepEnd is s cut to w cells from its start, "…" in front when cut: a
// path keeps the end that names its file.
func keepEnd(s string, w int) string {
	sw := ansi.StringWidth(s)
	if sw <= w {
		return s
	}
	if w <= 1 {
		return "…"
	}
	return "…" + ansi.TruncateLeft(s, sw-(w-1), "")
}

// openerKey handles a key while the open dialog is up.
func (m *Model) openerKey(msg tea.KeyPressMsg) tea.Cmd {
	k, o := m.c.Keys, m.opener
	switch {
	case key.Matches(msg, k.Cancel):
		o.load.changed() // a list being read is dropped when it arrives
		m.opener = nil
		if o.opening != "" {
			m.c.SetStatus("not opening "+shown(filepath.Base(o.opening))+": esc stopped it, the list on screen stays", false)
		}
	case o.opening != "":
		// A list is being read: the other keys wait for it.
	case msg.String() == "up", msg.String() == "down":
		// ↑/↓ choose a sample, which is then what enter opens: a path
		// typed goes, so that the field and the marker never disagree.
		step := 1
		if msg.String() == "up" {
			step = len(o.list) - 1
		}
		o.cursor = (o.cursor + step) % len(o.list)
		o.path.SetValue("")
	case key.Matches(msg, k.Confirm):
		name := strings.TrimSpace(o.path.Value())
		if name != "" && m.remote != nil {
			// Over the network a path would be the server's files.
			m.c.SetStatus("over the network only the samples open: choose one with ↑/↓", true)
			return nil
		}
		if name == "" {
			name = listio.SamplePrefix + o.list[o.cursor].Name
		}
		if fi, err := os.Stat(name); err == nil && fi.Mode().IsRegular() && fi.Size() >= openLaterFrom {
			return m.openLater(name)
		}
		op, err := prepareOpen(name)
		if err != nil {
			m.c.SetStatus(err.Error(), true)
			return nil
		}
		m.install(op)
		m.opener = nil
	case o.samplesOnly:
		// No path field: nothing to type into.
	default:
		o.path.Update(msg)
	}
	return nil
}

// opened is a list read and worked out, ready to replace the one being
// edited.
type opened struct {
	ws       *workspace.Workspace
	fileGain *ndcg.Gain
}

// prepareOpen reads the list called name (a path, or sample:NAME; a
// path that does not exist starts a new list) and works it out under
// its own settings. It touches nothing of the model, so that it can run
// off the update loop.
func prepareOpen(name string) (*opened, error) {
	doc, err := listio.Load(name, nil, "")
	if err != nil {
		if _, serr := os.Stat(name); !errors.Is(serr, fs.ErrNotExist) || strings.HasPrefix(name, listio.SamplePrefix) {
			return nil, err
		}
		if doc, err = listio.NewDocument(name); err != nil {
			return nil, err
		}
	}
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	if err != nil {
		return nil, fmt.Errorf("%s: settings: %w", doc.Name, err)
	}
	return &opened{ws: workspace.New(doc, s), fileGain: fileGainOf(s)}, nil
}

// fileGainOf is Model.fileGain for a list opened under s: its gain map,
// or nil for any other gain.
func fileGainOf(s ndcg.Settings) *ndcg.Gain {
	if s.Gain.Kind != ndcg.GainMap {
		return nil
	}
	g := s.Gain
	return &g
}

// openLater reads the list called name off the update loop, the dialog
// showing it with a spinner; the list replaces the one being edited when
// it is ready, unless esc closed the dialog meanwhile.
func (m *Model) openLater(name string) tea.Cmd {
	o := m.opener
	o.opening = name
	o.load.changed()
	return o.load.start(func(context.Context) func() {
		op, err := prepareOpen(name)
		return func() {
			o.opening = ""
			if err != nil {
				m.c.SetStatus(err.Error(), true)
				return
			}
			m.install(op)
			m.opener = nil
		}
	})
}

// install puts an opened list in place of the one being edited, with a
// fresh undo history and fresh views.
func (m *Model) install(op *opened) {
	m.c.WS = op.ws
	// A save compares the new list's file with what was read of it.
	m.disk, m.changedOnDisk, m.flight = op.ws.Doc.Disk, "", nil
	m.convW = -1 // the header states the new list's conventions
	m.fileGain = op.fileGain
	present := false
	if e, ok := m.views[0].(*explorer); ok {
		present = e.present
	}
	for i, r := range views {
		m.views[i] = r.make(m.c)
	}
	if e, ok := m.views[0].(*explorer); ok {
		e.present = present
	}
	m.active = 0
	m.resize()
	m.c.SetStatus(m.greeting(), false)
}
