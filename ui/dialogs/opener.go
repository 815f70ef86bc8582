package dialogs

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
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// Opener is the open dialog: the built-in samples with their titles, and
// a field to type a path (a .json that does not exist starts a new list).
type Opener struct {
	h      Host
	list   []samples.Sample
	cursor int
	path   textfield.Model
	// samplesOnly: over the network a path would name the server's
	// files, so the dialog has no path field.
	samplesOnly bool
	// opening names the list being read off the update loop (a long
	// file), while the dialog shows it with a spinner; load is that work.
	opening string
	load    background.Job
}

// OpenLaterFrom is the file size from which the open dialog reads and
// computes the list off the update loop, with a spinner: a million-item
// list (52 MB) takes a second to read and work out, which would freeze
// the old screen; a file under 1 MiB (some 20,000 items) opens within
// a frame or two. A variable, so that a test can take either way.
var OpenLaterFrom int64 = 1 << 20

// NewOpener opens the dialog; over the network (Host.Remote) it offers
// the samples alone.
func NewOpener(h Host) *Opener {
	width, _ := h.Size()
	in := textfield.New(max(width-7, 11), "mylist.json (a new .json starts a list)")
	in.Focus()
	return &Opener{h: h, list: samples.List(), path: in, samplesOnly: h.Remote()}
}

// Value is the path typed.
func (o *Opener) Value() string { return o.path.Value() }

// View draws the dialog in w×h: the path field, then the samples around
// the cursor.
func (o *Opener) View(w, h int) string {
	st := o.h.Common().Styles
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
		head := o.load.Glyph(st) + " opening "
		room := w - ansi.StringWidth(head) - 1 - len(stops) // 1: the "…" after the path
		lines[1] = head + layout.KeepEnd(common.Shown(o.opening), room) + "…" + st.Subtle.Render(stops)
	}
	if o.samplesOnly {
		lines = []string{
			st.Title.Render("Open a sample") + st.Subtle.Render("  ↑/↓ choose · enter opens · esc closes"),
			st.Subtle.Render("over the network only the samples open: no paths"),
			"",
		}
	}
	room := max(h-len(lines), 1)
	from := layout.ScrollTo(0, o.cursor, len(o.list), room)
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
	return layout.Block(strings.Join(lines, "\n"), w, h)
}

// typed reports whether the path field holds a path, which enter opens
// rather than the sample under the cursor.
func (o *Opener) typed() bool {
	return !o.samplesOnly && strings.TrimSpace(o.path.Value()) != ""
}

// Key handles a key while the open dialog is up.
func (o *Opener) Key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	c := o.h.Common()
	k := c.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		o.load.Changed() // a list being read is dropped when it arrives
		o.h.Close()
		if o.opening != "" {
			c.SetStatus("not opening "+common.Shown(filepath.Base(o.opening))+": esc stopped it, the list on screen stays", false)
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
		if name != "" && o.h.Remote() {
			// Over the network a path would be the server's files.
			c.SetStatus("over the network only the samples open: choose one with ↑/↓", true)
			return nil, true
		}
		if name == "" {
			name = listio.SamplePrefix + o.list[o.cursor].Name
		}
		if fi, err := os.Stat(name); err == nil && fi.Mode().IsRegular() && fi.Size() >= OpenLaterFrom {
			return o.openLater(name), true
		}
		op, err := prepareOpen(name)
		if err != nil {
			c.SetStatus(err.Error(), true)
			return nil, true
		}
		o.h.Install(op.ws, op.fileGain)
		o.h.Close()
	case o.samplesOnly:
		// No path field: nothing to type into.
	default:
		o.path.Update(msg)
	}
	return nil, true
}

// Paste types a path, unless the dialog has no field or a list is
// being read.
func (o *Opener) Paste(msg tea.PasteMsg) {
	if !o.samplesOnly && o.opening == "" {
		o.path.Update(msg)
	}
}

// Covers is true: the dialog is drawn over the view.
func (o *Opener) Covers() bool { return true }

// Footer is the path field's keys, or, with the samples alone, the keys
// that choose, open and close.
func (o *Opener) Footer(w int) string {
	k := o.h.Common().Keys
	if o.samplesOnly {
		return chooserFooter(o.h.Help(), common.As(k.Confirm, "enter", "open it"), common.As(k.Cancel, "esc", "close"), w)
	}
	return frame.PromptFooter(o.h.Help(), k, w)
}

// Update takes the messages of the list being read off the update loop.
func (o *Opener) Update(msg tea.Msg) (tea.Cmd, bool) { return o.load.Update(msg) }

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
	return &opened{ws: workspace.New(doc, s), fileGain: FileGainOf(s)}, nil
}

// FileGainOf is the gain a list's file sets, kept in g's cycle beside
// the built-in ones, for a list opened under s: its gain map,
// or nil for any other gain.
func FileGainOf(s ndcg.Settings) *ndcg.Gain {
	if s.Gain.Kind != ndcg.GainMap {
		return nil
	}
	g := s.Gain
	return &g
}

// openLater reads the list called name off the update loop, the dialog
// showing it with a spinner; the list replaces the one being edited when
// it is ready, unless esc closed the dialog meanwhile.
func (o *Opener) openLater(name string) tea.Cmd {
	o.opening = name
	o.load.Changed()
	return o.load.Start(func(context.Context) func() {
		op, err := prepareOpen(name)
		return func() {
			o.opening = ""
			if err != nil {
				o.h.Common().SetStatus(err.Error(), true)
				return
			}
			o.h.Install(op.ws, op.fileGain)
			o.h.Close()
		}
	})
}
