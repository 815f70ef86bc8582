package view

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// View is one screen of the program. Views draw exactly the size they
// were given, read the workspace from Common and change it through
// Common.Apply, after which every view receives the workspace.Edited
// message. As a help.KeyMap, a view gives its footer (ShortHelp) and
// the keys only it has (FullHelp), which the full help lists.
//
// A view works out what it shows only while it is on screen: after
// each message the program calls Refresh (bring the numbers up to date
// once what they come from has changed: an edit, a resize), then Draw
// (format the screen from them), and keeps the result (Keep), which View
// returns. So View is pure and costs nothing, however often the
// renderer asks, and a hidden view costs an edit nothing.
type View interface {
	help.KeyMap
	SetSize(w, h int)
	Update(msg tea.Msg) tea.Cmd
	Refresh()
	Draw() string
	Keep(frame string)
	View() string
}

// Drawn holds a view's last drawn screen; views embed it for View.
type Drawn struct{ frame string }

// View is the screen drawn after the last message.
func (d *Drawn) View() string { return d.frame }

func (d *Drawn) Keep(frame string) { d.frame = frame }

// Worker is a view that works some of its numbers out off the update
// loop on a long list (package background): after Refresh, StartWork starts that
// computation when what it draws from has changed, before the view is
// drawn (with its spinner).
type Worker interface{ StartWork() tea.Cmd }

// HalfTyper is a view with a field that may hold something typed and
// not yet sent (the quiz's answer): quitting asks first.
type HalfTyper interface{ HalfTyped() bool }

// Capturer is a view that is taking text input: while it captures,
// every key goes to it and none to the global key map.
type Capturer interface {
	Capturing() bool
}

// NumberTaker is a view with a field that takes the keys of a number.
type NumberTaker interface{ TakesNumbers() bool }

// Takes reports whether the view has msg as a key of its own: in its
// help, or typed into its number field.
func Takes(v View, msg tea.KeyPressMsg) bool {
	if n, ok := v.(NumberTaker); ok && n.TakesNumbers() && NumberKey(msg) {
		return true
	}
	for _, b := range v.ShortHelp() {
		if key.Matches(msg, b) {
			return true
		}
	}
	for _, g := range v.FullHelp() {
		for _, b := range g {
			if key.Matches(msg, b) {
				return true
			}
		}
	}
	return false
}
