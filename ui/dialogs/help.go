package dialogs

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
)

// Help is the full help (?) over the view: every key in groups, then
// what the screen's marks mean, scrolled when it does not fit. It has no
// heading: the footer says which lines are on screen and how to close it,
// which leaves every key room at 80×24.
type Help struct {
	h  Host
	ov frame.Overlay
}

// The keys of the open help as its footer names them (Key reads them
// from the key map: ? or q again, esc, the arrows and pages).
var (
	helpScroll = common.Bind([]string{"up", "down", "pgup", "pgdown"}, "↑/↓", "scroll")
	helpClose  = common.Bind([]string{"?", "esc", "q"}, "?/esc/q", "close")
)

// NewHelp opens the help laid out for a body of w×h cells (Host.HelpText).
func NewHelp(host Host, w, h int) *Help {
	d := &Help{h: host}
	d.ov.Headless = true
	d.ov.Show("Keys", "", host.HelpText(w), w, h)
	return d
}

// Relayout lays the help out again for a new size or style sheet,
// keeping its place.
func (d *Help) Relayout(w, h int) { d.ov.Set(d.h.HelpText(w), w, h) }

// Key scrolls the help, or closes it (? again, esc, q).
func (d *Help) Key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := d.h.Common().Keys
	_, h := d.h.Size()
	switch {
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
	line := hm.ShortHelpView([]key.Binding{helpClose})
	if where := d.ov.Place(); where != "" {
		line = st.Subtle.Render(where) + " " + hm.ShortHelpView([]key.Binding{helpScroll, helpClose})
	} else {
		line += st.Subtle.Render(" · in the explorer, digits set the selected rank's grade")
	}
	return ansi.Truncate(line, w, "…")
}
