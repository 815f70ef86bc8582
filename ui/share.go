package ui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
)

// Showing the attendee's screen to the room (ShareAsk): the ask waits in
// the footer, as an offer does, until y shows the screen or n or esc
// declines; nothing of the screen leaves the session before y, and the
// server mirrors it only while SharedAsk names the ask it made. While
// it is shown the title line says so, and ^x stops it from anywhere: a
// view, a dialog, a field.

// What the attendee reads of the ask, and after each answer. Where the
// prompt does not fit its line, shareAsked does: the footer below names
// the keys.
const (
	shareAsked       = "the instructor asks to show your screen to the room"
	sharePrompt      = shareAsked + ": y shows it, n declines"
	shareAfterAnswer = shareAsked + ": send your answer, then y shows it, n declines"
	shareShownNote   = "your screen is shown to the room: ctrl+x stops it"
	shareDeclined    = "declined: your screen is not shown"
	shareStopped     = "stopped: your screen is no longer shown to the room"
	shareWithdrawn   = "the instructor no longer asks to show your screen"
	shareEnded       = "the instructor stopped showing your screen"
)

// The keys that answer the ask, in every view, and the one that stops
// the screen being shown. ^x is no character a field takes and no key
// of the explorer's.
var (
	shareShow    = common.Bind([]string{"y"}, "y", "show it")
	shareDecline = common.Bind([]string{"n", "esc"}, "n/esc", "decline")
	shareStop    = common.Bind([]string{"ctrl+x"}, "^x", "stop showing your screen")
)

// shareMark ends the title line while the screen is shown: on every
// screen, whatever is open over the view.
var shareMark = "shown to the room · " + shareStop.Help().Key + " stops"

// shareMarkShown is the title line's mark while the screen is shown.
func (m *Workshop) shareMarkShown() string {
	if m.shared == 0 {
		return ""
	}
	return shareMark
}

// shareWaiting is an ask not yet answered, with when it came, and the
// welcome it took the status line from ("" for none).
type shareWaiting struct {
	id      int
	came    time.Time
	welcome string
}

// SharedAsk is the ask (ShareAsk.ID) whose screen the attendee agreed to
// show and still shows; 0 when it is not shown. The server captures the
// screen only while it is not 0, and for that ask only.
func (m *Workshop) SharedAsk() int { return m.shared }

// shareUpdate handles the instructor's ask and its end. Asks are
// numbered: an ask, or an end, older than one already seen came late
// (each is sent on its own) and is ignored.
func (m *Workshop) shareUpdate(msg tea.Msg) {
	switch msg := msg.(type) {
	case ShareAsk:
		if msg.ID <= m.shareSeen {
			return
		}
		m.shareSeen = msg.ID
		// The room shows one screen at a time: a new ask ends the one
		// shown before it.
		m.shared = 0
		m.shareAsk = &shareWaiting{id: msg.ID, came: frame.Now(), welcome: m.welcomeShown()}
		// The ask alone: while it waits the status has one line, and
		// the question must be read whole. A welcome it replaced comes
		// back with the answer (shareSaid).
		if halfTyped(m.views[m.active]) {
			m.c.SetStatus(shareAfterAnswer, false)
		} else {
			m.c.SetStatus(sharePrompt, false)
		}
	case ShareEnd:
		m.shareSeen = max(m.shareSeen, msg.ID)
		switch {
		case m.shareAsk != nil && m.shareAsk.id == msg.ID:
			ask := m.shareAsk
			m.shareAsk = nil
			m.shareSaid(ask, shareWithdrawn)
		case m.shared == msg.ID && msg.ID != 0:
			m.shared = 0
			m.c.SetStatus(shareEnded, false)
		}
	}
}

// shareKey answers a waiting ask: y shows the screen, n or esc declines.
// A key typed before the ask could be read keeps its meaning in the
// view, as for an offer.
func (m *Workshop) shareKey(msg tea.KeyPressMsg) bool {
	if !m.shareAnswerable() || !key.Matches(msg, shareShow, shareDecline) {
		return false
	}
	if m.keys.Last.Sub(m.shareAsk.came) < frame.ReadingPause {
		return false
	}
	ask := m.shareAsk
	m.shareAsk = nil
	shown := key.Matches(msg, shareShow)
	if shown {
		m.shared = ask.id
		// Not after the welcome: it holds a keyless attendee's resume
		// code, which would go up on the projector with the screen.
		m.c.SetStatus(shareShownNote, false)
	} else {
		m.shareSaid(ask, shareDeclined)
	}
	m.tellShare(ShareAnswer{ID: ask.id, Shown: shown})
	return true
}

// welcomeShown is the attendee's welcome while the status line still
// shows it (alone, with what to do while waiting, or with news after
// it), else "".
func (m *Workshop) welcomeShown() string {
	if t := m.c.Status.Text; m.welcome != "" && (t == m.welcome || strings.HasPrefix(t, m.welcome+"; ")) {
		return m.welcome
	}
	return ""
}

// shareSaid puts what became of the ask on the status line, after the
// welcome the ask had replaced: the line that brings a lab attendee's
// list back is read whole once the ask has gone.
func (m *Workshop) shareSaid(ask *shareWaiting, text string) {
	if ask.welcome != "" {
		text = ask.welcome + "; " + text
	}
	m.c.SetStatus(text, false)
}

// stopShareKey stops the screen being shown, on ^x, whatever has the
// keys: the attendee can always take their screen back.
func (m *Workshop) stopShareKey(msg tea.KeyPressMsg) bool {
	if m.shared == 0 || !key.Matches(msg, shareStop) {
		return false
	}
	id := m.shared
	m.shared = 0
	m.c.SetStatus(shareStopped, false)
	m.tellShare(ShareAnswer{ID: id})
	return true
}

func (m *Workshop) tellShare(a ShareAnswer) {
	if m.remote != nil && m.remote.OnShare != nil {
		m.remote.OnShare(a)
	}
}

// shareAnswerable reports whether an ask waits and its keys would reach
// it: as for an offer, no question, dialog or field has them first, nor
// a quiz answer typed and not sent.
func (m *Workshop) shareAnswerable() bool {
	return m.shareAsk != nil && !m.dialogOpen() && !editingInPlace(m.views[m.active]) && !halfTyped(m.views[m.active])
}

// shareFooter is the footer while an ask waits: the keys that answer
// it, with help and quit, after what it is where the line has room for
// both (the status line above asks it whole).
func (m *Workshop) shareFooter(w int) string {
	k := m.c.Keys
	line := frame.FooterLine(&m.help.Model, []key.Binding{shareShow, shareDecline}, k.Help, k.Quit, w)
	if label := m.c.Styles.StatusInk.Paint("show your screen to the room? "); ansi.StringWidth(label+line) <= w {
		line = label + line
	}
	m.help.SetWidth(w)
	return ansi.Truncate(line, w, "")
}
