package dialogs

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
)

// Help is the help (?) over the view: the keys of the view in sight in
// groups, then, where the view has one, a page saying what the screen's
// marks mean (? turns to it), each scrolled only on a screen smaller
// than 80×24. It has no heading: the footer says how to turn and close
// it, which leaves every key room at 80×24.
type Help struct {
	h    Host
	ov   frame.Overlay
	page int
}

// The keys of the open help as its footer names them (Key reads them
// from the key map: ? or q again, esc, the arrows and pages).
var (
	helpScroll = common.Bind([]string{"up", "down", "pgup", "pgdown"}, "↑/↓", "scroll")
	helpClose  = common.Bind([]string{"?", "esc", "q"}, "?/esc/q", "close")
	helpTurn   = common.Bind([]string{"?"}, "?", "the screen's marks")
	helpEsc    = common.Bind([]string{"esc", "q"}, "esc", "close")
)

// NewHelp opens the help laid out for a body of w×h cells
// (Host.HelpPages).
func NewHelp(host Host, w, h int) *Help {
	d := &Help{h: host}
	d.ov.Headless = true
	d.ov.Show("Keys", "", host.HelpPages(w)[0], w, h)
	return d
}

// Relayout lays the help out again for a new size or style sheet,
// keeping its place.
func (d *Help) Relayout(w, h int) {
	pages := d.h.HelpPages(w)
	d.ov.Set(pages[min(d.page, len(pages)-1)], w, h)
}

// more reports whether a page follows the one on screen.
func (d *Help) more() bool {
	w, _ := d.h.Size()
	return d.page+1 < len(d.h.HelpPages(w))
}

// Key scrolls the help, or closes it (? again, esc, q).
func (d *Help) Key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := d.h.Common().Keys
	_, h := d.h.Size()
	switch {
	case key.Matches(msg, k.Help) && d.more():
		w, _ := d.h.Size()
		d.page++
		d.ov.Show("Keys", "", d.h.HelpPages(w)[d.page], w, h-4)
	case key.Matches(msg, k.Help, k.Cancel, k.Quit):
		d.h.Close()
	case key.Matches(msg, k.Up):
		d.ov.Scroll(-1)
	case key.Matches(msg, k.Down):
		d.ov.Scroll(1)
	case key.Matches(msg, k.PageUp):
		d.ov.Scroll(-max(h-6, 1))
	case key.Matches(msg, k.PageDown):
		d.ov.Scroll(max(h-6, 1))
	}
	return nil, true
}

// Paste is dropped: the help has no field.
func (d *Help) Paste(tea.PasteMsg) {}

// Covers is true: the help is drawn over the view.
func (d *Help) Covers() bool { return true }

// View draws the help in w×h.
func (d *Help) View(w, h int) string { return d.ov.View(d.h.Common().Styles, w, h) }

// Footer says which lines are on screen when not all are, and the keys
// that scroll and close the help.
func (d *Help) Footer(w int) string {
	hm, st := d.h.Help(), d.h.Common().Styles
	hm.SetWidth(w)
	closing := []key.Binding{helpClose}
	if d.more() {
		closing = []key.Binding{helpTurn, helpEsc}
	}
	line := hm.ShortHelpView(closing)
	if where := d.ov.Place(); where != "" {
		line = st.Subtle.Render(where) + " " + hm.ShortHelpView(append([]key.Binding{helpScroll}, closing...))
	} else if !d.more() {
		line += st.Subtle.Render(" · " + d.h.HelpNote())
	}
	return ansi.Truncate(line, w, "…")
}
