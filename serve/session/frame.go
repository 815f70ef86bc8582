package session

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
)

// An attendee's screen shown to the room: the room asks (ui.ShareAsk),
// and while the attendee agrees their own session captures its frames,
// on its program's goroutine, never the dashboard's; the dashboard
// mirrors the last one.

// frameEvery is the least time between two frames a session captures
// for the room: ten a second follow typing closely enough, and a frame
// is the whole screen.
const frameEvery = 100 * time.Millisecond

// Frame is one frame of an attendee's screen as their explorer drew it
// for their own terminal (its View, already safe for one), for the ask
// Ask; W×H is the screen's size.
type Frame struct {
	Ask     int
	Content string
	W, H    int
}

// frameNow captures a frame held back by frameEvery.
type frameNow struct{}

// Frame is the last frame of the screen the attendee shows the room,
// nil while they show none: safe to read from any goroutine.
func (s *Model) Frame() *Frame { return s.frame.Load() }

// codeMask is what a frame shown to the room has where the attendee's
// screen shows their resume code.
const codeMask = "••••••••"

// hideCode is a frame with the resume code code (its attendee's) masked.
func hideCode(content, code string) string {
	if code == "" {
		return content
	}
	return strings.ReplaceAll(content, code, codeMask)
}

// capture keeps the frame the explorer drew while its attendee shows
// their screen to the ask they agreed to, at most one each frameEvery
// (the last change waits for it), and drops it once they no longer do.
// It runs on the session's program goroutine, after each update: the
// dashboard reads only the frame kept.
func (s *Model) capture() tea.Cmd {
	ask := s.SharedAsk()
	if ask == 0 {
		if s.frame.Load() != nil {
			s.frame.Store(nil)
		}
		return nil
	}
	if s.framing {
		return nil
	}
	content := hideCode(s.View().Content, s.secret)
	if f := s.frame.Load(); f != nil && f.Ask == ask && f.Content == content {
		return nil
	}
	t := time.Now()
	if s.clock != nil {
		t = s.clock()
	}
	if wait := s.framed.Add(frameEvery).Sub(t); wait > 0 {
		s.framing = true
		return tea.Tick(wait, func(time.Time) tea.Msg { return frameNow{} })
	}
	s.framed = t
	w, h := s.Size()
	s.frame.Store(&Frame{Ask: ask, Content: content, W: w, H: h})
	if s.onFrame != nil {
		s.onFrame()
	}
	return nil
}
