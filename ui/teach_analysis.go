package ui

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

// lazy is the part of a teaching view that decides when to recompute.
// Every edit reaches every view, visible or not, so a view only marks
// itself stale then and works its numbers out at its next frame: once
// per edit, and never for a view nobody is looking at (the conventions
// view runs the engine a dozen times, which a keystroke in the explorer
// should not pay for).
//
// On a long list a view's numbers are worked out off the update loop
// (job, see work): stale then also says that what runs, if anything, is
// for an older state.
type lazy struct {
	c             *common.Common
	width, height int
	stale         bool
	job           background.Job
}

func (l *lazy) SetSize(w, h int) {
	l.width, l.height = max(w, 0), max(h, 0)
	l.markStale()
}

func (l *lazy) markStale() {
	l.stale = true
	l.job.Changed()
}

// busy reports whether the numbers on screen wait for a computation off
// the update loop: the view draws a spinner in their place.
func (l *lazy) busy() bool {
	return l.job.Running || (l.stale && background.Needed(l.c.WS))
}

// busyView is what a view draws while busy: its title line and the
// spinner, saying what it works out.
func (l *lazy) busyView(title, what string) string {
	return busyScreen(l.c, &l.job, l.width, l.height, title, what)
}

// busyScreen is a view of w×h cells whose numbers job works out.
func busyScreen(c *common.Common, job *background.Job, w, h int, title, what string) string {
	line := job.Glyph(c.Styles) + " " + fmt.Sprintf("working out %s for %d items…", what, c.WS.N())
	return layout.Block(viewHead(c, title, "", "", w)+"\n\n"+layout.Wrap(line, w), w, h)
}

// FullHelp: a view keeps no keys of its own unless it says so.
func (l *lazy) FullHelp() [][]key.Binding { return nil }

// edited reports whether msg says the workspace changed, and marks the
// view stale if so.
func (l *lazy) edited(msg tea.Msg) bool {
	if _, ok := msg.(workspace.Edited); ok {
		l.markStale()
		return true
	}
	return false
}

// apply makes an edit from a teaching view.
func (l *lazy) apply(e workspace.Edit, why string) {
	if why != "" {
		l.c.SetStatus(why, true)
		return
	}
	if e == nil {
		return
	}
	l.c.ApplyAside(e)
}

// viewHead is a view's first line: its title, then what it shows, then
// its keys on the right when there is room.
func viewHead(c *common.Common, title, what, keys string, w int) string {
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

// cannotCompute is what a view shows when the list does not compute
// under the settings in force.
func cannotCompute(c *common.Common, w, h int) string {
	st := c.Styles
	msg := st.Error.Render("cannot compute: ") + c.WS.Err.Error() + "\n" +
		st.Subtle.Render("undo (u) or change the grade or the gain to fix it")
	return layout.Block(layout.Wrap(msg, w), w, h)
}
