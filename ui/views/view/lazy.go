package view

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// Lazy is the part of a teaching view that decides when to recompute.
// Every edit reaches every view, visible or not, so a view only marks
// itself stale then and works its numbers out at its next frame: once
// per edit, and never for a view nobody is looking at (the conventions
// view runs the engine a dozen times, which a keystroke in the explorer
// should not pay for).
//
// On a long list a view's numbers are worked out off the update loop
// (Job, package background): stale then also says that what runs, if anything, is
// for an older state.
type Lazy struct {
	C             *common.Common
	Width, Height int
	Stale         bool
	Job           background.Job
}

func (l *Lazy) SetSize(w, h int) {
	l.Width, l.Height = max(w, 0), max(h, 0)
	l.MarkStale()
}

func (l *Lazy) MarkStale() {
	l.Stale = true
	l.Job.Changed()
}

// Busy reports whether the numbers on screen wait for a computation off
// the update loop: the view draws a spinner in their place.
func (l *Lazy) Busy() bool {
	return l.Job.Running || (l.Stale && background.Needed(l.C.WS))
}

// BusyView is what a view draws while busy: its title line and the
// spinner, saying what it works out.
func (l *Lazy) BusyView(title, what string) string {
	return BusyScreen(l.C, &l.Job, l.Width, l.Height, title, what)
}

// BusyScreen is a view of w×h cells whose numbers job works out.
func BusyScreen(c *common.Common, job *background.Job, w, h int, title, what string) string {
	line := job.Glyph(c.Styles) + " " + fmt.Sprintf("working out %s for %d items…", what, c.WS.N())
	return layout.Block(Head(c, title, "", "", w)+"\n\n"+layout.Wrap(line, w), w, h)
}

// FullHelp: a view keeps no keys of its own unless it says so.
func (l *Lazy) FullHelp() [][]key.Binding { return nil }

// Edited reports whether msg says the workspace changed, and marks the
// view stale if so.
func (l *Lazy) Edited(msg tea.Msg) bool {
	if _, ok := msg.(workspace.Edited); ok {
		l.MarkStale()
		return true
	}
	return false
}

// Apply makes an edit from a teaching view.
func (l *Lazy) Apply(e workspace.Edit, why string) {
	if why != "" {
		l.C.SetStatus(why, true)
		return
	}
	if e == nil {
		return
	}
	l.C.ApplyAside(e)
}

// Head is a view's first line: its title, then what it shows, then
// its keys on the right when there is room.
func Head(c *common.Common, title, what, keys string, w int) string {
	st := c.Styles
	left := st.Title.Render(title)
	if what != "" {
		left += " " + what
	}
	if keys != "" {
		if gap := w - layout.CellWidth(left) - layout.CellWidth(keys); gap >= 2 {
			return left + strings.Repeat(" ", gap) + st.Subtle.Render(keys)
		}
	}
	return ansi.Truncate(left, w, "…")
}

// CannotCompute is what a view shows when the list does not compute
// under the settings in force.
func CannotCompute(c *common.Common, w, h int) string {
	st := c.Styles
	msg := st.Error.Render("cannot compute: ") + c.WS.Err.Error() + "\n" +
		st.Subtle.Render("undo (u) or change the grade or the gain to fix it")
	return layout.Block(layout.Wrap(msg, w), w, h)
}
