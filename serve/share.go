package serve

import (
	"fmt"

	"github.com/ndcg-explorer/ndcg-explorer/serve/session"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// An attendee's screen shown to the room (the room view's enter): the
// Room asks the attendee (ui.ShareAsk) and keeps what they answer; while
// they agree, their own session captures its frames (session.Model.
// Frame, on its program's goroutine, never the dashboard's) and the
// dashboard mirrors the last one. One screen is shown at a time.

// ShareState is where the room's ask to show a screen is.
type ShareState int

const (
	ShareNone      ShareState = iota // no ask yet
	ShareAsked                       // waiting for the attendee's answer
	ShareShown                       // they agreed: their screen is shown
	ShareDeclined                    // they said no
	ShareStopped                     // they stopped it after agreeing
	ShareCancelled                   // the instructor cancelled or stopped it
	ShareLeft                        // they left while asked or shown
)

// Share is the room's last ask to show an attendee's screen.
type Share struct {
	// Ask numbers the asks; Member and Name are the attendee asked.
	Ask    int
	Member int
	Name   string
	State  ShareState
	// Frame is the screen's last frame while it is shown, nil before
	// the first (Room.Share fills it in).
	Frame *session.Frame
}

// Active says the ask waits for its answer or the screen is shown.
func (s Share) Active() bool { return s.State == ShareAsked || s.State == ShareShown }

// AskShare asks attendee id to show their screen to the room, ending
// any ask before it; false when they are gone or their explorer has not
// started yet.
func (r *Room) AskShare(id int) (string, bool) {
	r.mu.Lock()
	m := r.members[id]
	if m == nil || m.prog == nil {
		r.mu.Unlock()
		return "", false
	}
	r.endShare(ShareCancelled)
	r.asks++
	r.share = Share{Ask: r.asks, Member: id, Name: m.Name, State: ShareAsked}
	p, ask := m.prog, r.asks
	r.mu.Unlock()
	go p.Send(ui.ShareAsk{ID: ask})
	r.notify()
	return m.Name, true
}

// EndShare cancels the ask waiting, or stops the screen shown, telling
// the attendee; it returns the share as it was.
func (r *Room) EndShare() Share {
	r.mu.Lock()
	was := r.share
	r.endShare(ShareCancelled)
	r.mu.Unlock()
	r.notify()
	return was
}

// endShare ends the share under way as state, telling the attendee
// (r.mu is held).
func (r *Room) endShare(state ShareState) {
	if !r.share.Active() {
		return
	}
	if m := r.members[r.share.Member]; m != nil && m.prog != nil && state != ShareLeft {
		go m.prog.Send(ui.ShareEnd{ID: r.share.Ask})
	}
	r.share.State = state
}

// shareAnswer records what attendee id said to an ask: only to the ask
// under way, theirs, so that a y to an ask since cancelled shows nothing.
func (r *Room) shareAnswer(id int, a ui.ShareAnswer) {
	r.mu.Lock()
	s := &r.share
	if s.Ask != a.ID || s.Member != id || !s.Active() {
		r.mu.Unlock()
		return
	}
	switch {
	case a.Shown && s.State == ShareAsked:
		s.State = ShareShown
	case !a.Shown && s.State == ShareAsked:
		s.State = ShareDeclined
	case !a.Shown:
		s.State = ShareStopped
	}
	r.mu.Unlock()
	r.notify()
}

// Share is the room's last ask, with the screen's last frame while it
// is shown.
func (r *Room) Share() Share {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.share
	if m := r.members[s.Member]; s.State == ShareShown && m != nil && m.session != nil {
		if f := m.session.Frame(); f != nil && f.Ask == s.Ask {
			s.Frame = f
		}
	}
	if rd := r.round; s.Frame != nil && rd != nil && !rd.Ended {
		s.Frame = r.hiddenFrame(s, rd)
	}
	return s
}

// hiddenFrame stands for an attendee's screen while a round runs: the
// tally keeps answers to itself until the round ends, and their screen
// would show the answer they are typing. It is made once per ask, round
// and size, for the dashboard to draw it again only when it changes
// (r.mu is held).
func (r *Room) hiddenFrame(s Share, rd *Round) *session.Frame {
	f := s.Frame
	if h := r.hidden; h != nil && h.Ask == s.Ask && h.round == rd.ID && h.W == f.W && h.H == f.H {
		return &h.Frame
	}
	text := fmt.Sprintf("%s's screen is hidden while round %d runs: it would show their answer to the room.\n"+
		"It is shown again when the round ends (F4).", s.Name, rd.Number)
	r.hidden = &hiddenShare{Frame: session.Frame{Ask: s.Ask, Content: text, W: f.W, H: f.H}, round: rd.ID}
	return &r.hidden.Frame
}

// hiddenShare is the frame that stands for a screen during round round.
type hiddenShare struct {
	session.Frame
	round int
}

// notify tells the dashboard the room changed, with nothing to keep in
// the state file.
func (r *Room) notify() {
	if r.onChange != nil {
		r.onChange()
	}
}
