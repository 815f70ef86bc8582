package winsize

import (
	"runtime/debug"
	"time"

	tea "charm.land/bubbletea/v2"
)

// The largest window drawn, in cells: wider than a 4K screen's terminal
// in a small font, and a buffer of a few tens of megabytes.
const (
	MaxWidth  = 500
	MaxHeight = 250
)

// Clamp is the window drawn for a terminal of w × h cells.
func Clamp(w, h int) (int, int) {
	return min(max(w, 0), MaxWidth), min(max(h, 0), MaxHeight)
}

// Teller is a model that is told the terminal's true size before it
// gets the clamped one, so that it can say the window is larger than
// what is drawn.
type Teller interface {
	TerminalSize(w, h int)
}

// bigArea is the window, in cells, whose buffers are worth handing back
// to the system when it shrinks (about 20 MB of them).
const bigArea = 100_000

// freeAfter is how long after a shrink the memory is handed back: the
// renderer drops its old buffers on the next frame.
const freeAfter = time.Second

// Filter is a Bubble Tea message filter (tea.WithFilter) for one
// program: it clamps every window size, tells a Teller model the true
// one, and hands memory back to the system after a large window
// shrinks to a quarter of its area or less. next, when not nil, filters
// the messages after it.
func Filter(next func(tea.Model, tea.Msg) tea.Msg) func(tea.Model, tea.Msg) tea.Msg {
	drawn := 0
	return func(m tea.Model, msg tea.Msg) tea.Msg {
		if ws, ok := msg.(tea.WindowSizeMsg); ok {
			msg = Message(m, ws, &drawn)
		}
		if next != nil {
			return next(m, msg)
		}
		return msg
	}
}

// Message is what Filter does with one window size: drawn is the area
// drawn so far, which it updates.
func Message(m tea.Model, ws tea.WindowSizeMsg, drawn *int) tea.WindowSizeMsg {
	if t, ok := m.(Teller); ok {
		t.TerminalSize(ws.Width, ws.Height)
	}
	ws.Width, ws.Height = Clamp(ws.Width, ws.Height)
	area := ws.Width * ws.Height
	if *drawn >= bigArea && area*4 <= *drawn {
		time.AfterFunc(freeAfter, debug.FreeOSMemory)
	}
	*drawn = area
	return ws
}
