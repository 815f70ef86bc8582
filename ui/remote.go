package ui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/report"
)

// Remote runs the explorer for someone connected over the network
// (ndcg-explorer serve): it never reads or writes the files of the
// machine it runs on. The save keys copy to the person's own clipboard
// instead (OSC 52, which their terminal receives), and the list cannot
// grow past MaxItems.
type Remote struct {
	// MaxItems is the most items the list may have; edits that would
	// add more are refused. 0 means no limit.
	MaxItems int
	// OnAnswer receives each answer typed in a quiz round run for the
	// whole room. It is called from the program's goroutine: it must
	// not block.
	OnAnswer func(RoomAnswer)
	// KeepsList says the server keeps the list when the session ends,
	// until the server stops, and gives it back to the attendee when
	// they connect again: the question before quitting with edits not
	// copied says so, rather than that quitting loses them.
	KeepsList bool
	// Name, when set, is the attendee's name in the room where it is not
	// their SSH user name (student-2, as another attendee is student):
	// the quiz's heading and the terminal's title show it, for them to
	// tell the instructor, whose screen names them so.
	Name string
	// Right and Total are the quiz score the attendee had when their
	// last session ended (QuizScore), which this one goes on from.
	Right, Total int
}

// keptQuestion is the question before quitting with edits not copied,
// when the server keeps the list (Remote.KeepsList).
const keptQuestion = "Edits not copied; the server keeps your list until the workshop ends (the same ssh line brings it back)"

// replacedQuestion is the question before quitting when a list the
// instructor sent replaced the attendee's edits not copied.
const replacedQuestion = "The instructor's list replaced your edits: u undoes it"

// Offer is a list the instructor sends to the room. The explorer asks
// before opening it, in whichever view the attendee is: until answered,
// the footer says so and enter opens it, esc keeps the attendee's own.
// Opening it is an edit, so u takes it back.
type Offer struct {
	Doc      *listio.Document
	Settings ndcg.Settings
}

// offerPrompt is what an attendee reads when an offer arrives;
// offerAfterAnswer, when it arrives as they are typing a quiz answer,
// which enter sends first.
const (
	offerPrompt      = "the instructor sent a list: enter to open it, esc to keep yours"
	offerAfterAnswer = "the instructor sent a list: send your answer, then enter opens it"
)

// The keys that answer an offer, in every view: while it waits, the
// footer names them in place of the view's keys (offerFooter), so that
// enter and esc mean what the screen says they mean when pressed.
var (
	offerOpen = bind([]string{"enter"}, "enter", "open it")
	offerKeep = bind([]string{"esc"}, "esc", "keep yours")
)

// offerWaiting is an offer not yet answered, with when it came.
type offerWaiting struct {
	Offer
	came time.Time
}

// RoomRound starts a quiz round for the room: every attendee's quiz
// view shows question Round of Seed under Settings, the same for all.
type RoomRound struct {
	// ID numbers the room's rounds, so an answer names its round.
	ID       int
	Seed     int64
	Round    int
	Settings ndcg.Settings
	// Answer is the attendee's answer to this round as the room
	// counted it, when they gave one before the explorer started (they
	// are back after their connection dropped): the quiz view shows it,
	// sent and counted, instead of an empty field.
	Answer string
}

// RoomRoundEnd ends round ID: the quiz view shows the worked solution.
type RoomRoundEnd struct {
	ID int
	// Mistake is what check finds behind the attendee's wrong answer
	// ("used gain linear (not exp)"), as the instructor's tally groups
	// it; empty when the answer is right or unexplained.
	Mistake string
}

// RoomAnswer is one attendee's answer to round ID, as typed.
type RoomAnswer struct {
	ID   int
	Text string
}

// RoomNotice is a line the server has for the attendee's status line
// (that keys came faster than a person types and were dropped).
type RoomNotice struct{ Text string }

// remoteTitleLimit bounds a title typed or pasted in a remote session,
// so a huge paste cannot make every frame carry it.
const remoteTitleLimit = 200

// setRemote fits the views for a remote session.
func (m *Model) setRemote(r *Remote) {
	for _, v := range m.views {
		if e, ok := v.(*explorer); ok {
			e.input.limit = remoteTitleLimit
		}
		if q, ok := v.(*quizView); ok {
			q.right, q.total = max(min(r.Right, r.Total), 0), max(r.Total, 0)
		}
	}
}

// QuizScore is the quiz's score so far: answers right of those scored.
func (m *Model) QuizScore() (right, total int) {
	for _, v := range m.views {
		if q, ok := v.(*quizView); ok {
			return q.right, q.total
		}
	}
	return 0, 0
}

// remoteUpdate handles the messages only a remote session receives. It
// reports whether msg was one of them.
func (m *Model) remoteUpdate(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case RoomNotice:
		m.c.SetStatus(msg.Text, false)
		return nil, true
	case Offer:
		m.offer = &offerWaiting{Offer: msg, came: now()}
		if m.answerTyped() {
			m.c.SetStatus(m.afterWelcome(offerAfterAnswer), false)
		} else {
			m.c.SetStatus(m.afterWelcome(offerPrompt), false)
		}
		return nil, true
	case RoomRound:
		// The round needs enter for the answer: a list sent before it
		// is declined.
		m.offer = nil
		for i, v := range m.views {
			if q, ok := v.(*quizView); ok {
				q.roomRound(msg)
				m.show(i)
			}
		}
		if msg.Answer != "" {
			if m.welcome != "" && m.c.status.text == m.welcome {
				// The welcome, still up, says the answer is kept.
				return nil, true
			}
			m.c.SetStatus(fmt.Sprintf("round %d is under way and your answer %s counts: the working comes when it ends", msg.Round, shown(msg.Answer)), false)
			return nil, true
		}
		m.c.SetStatus(m.afterWelcome("the instructor started a quiz round: type NDCG@k and press enter"), false)
		return nil, true
	case RoomRoundEnd:
		text := "the round is over"
		for i, v := range m.views {
			if q, ok := v.(*quizView); ok && q.room == msg.ID {
				q.endRoom(msg.Mistake)
				if i == m.active {
					text += ": the working is below" + q.scrollHint()
				} else {
					// An attendee who went on to another view after
					// answering: the working is not below there.
					text += zShowsWorking
				}
			}
		}
		m.c.SetStatus(text, false)
		return nil, true
	}
	return nil, false
}

// zShowsWorking ends the news of a round's end read in another view;
// show puts what the quiz shows in its place once the quiz is opened.
const zShowsWorking = ": Z shows its working in the quiz"

// afterWelcome is news for the status line, after the welcome while it
// is still up: a returning attendee is offered the last list sent, or
// put in the round under way, as they arrive, and would otherwise never
// read that their list was kept.
func (m *Model) afterWelcome(news string) string {
	if m.welcome != "" && m.c.status.text == m.welcome {
		return m.welcome + "; " + news
	}
	return news
}

// offerKey answers a pending offer, in whichever view the attendee is:
// enter opens the list (and shows it in the explorer), esc keeps the
// attendee's own. It reports whether the key was used. A key typed
// before the offer could be read (an enter sending a quiz answer as the
// offer came) is not an answer: it keeps its meaning in the view.
func (m *Model) offerKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if !m.offerAnswerable() || !key.Matches(msg, offerOpen, offerKeep) {
		return nil, false
	}
	if m.keys.last.Sub(m.offer.came) < ReadingPause {
		return nil, false
	}
	o := m.offer
	m.offer = nil
	// While the offer waited, the status had one line, and a welcome
	// with the offer after it was cut there: a lab attendee who joined
	// after the list was sent read "a new list, as student-3: others
	// connect as student here too, so the list kept …" and never the name
	// that brings their list back. It comes back with the answer.
	// The welcome goes first: what follows it is cut when the two do not
	// fit the status's two lines.
	again := ""
	if m.welcome != "" && strings.HasPrefix(m.c.status.text, m.welcome+"; ") {
		again = m.welcome + "; "
	}
	if key.Matches(msg, offerKeep) {
		m.c.SetStatus(again+"kept your list", false)
		return nil, true
	}
	m.show(0)
	m.c.Apply(m.c.WS.Open(o.Doc, o.Settings))
	if again != "" && !strings.HasPrefix(m.welcome, "welcome back") {
		// (A welcome back speaks of the list just replaced.)
		m.c.SetStatus(again+m.c.status.text, false)
	}
	return nil, true
}

// offerAnswerable reports whether an offer waits and its keys would
// reach it: no question, dialog or field has the keys first, nor a
// quiz answer typed and not sent, which enter sends and esc clears, as
// the field's own line says.
func (m *Model) offerAnswerable() bool {
	return m.offer != nil && !m.dialogOpen() && !m.typing() && !m.answerTyped()
}

// answerTyped reports whether the view on screen holds an answer typed
// and not sent.
func (m *Model) answerTyped() bool {
	h, ok := m.views[m.active].(halfTyper)
	return ok && h.halfTyped()
}

// offerFooter is the footer while an offer waits: what it is and the
// keys that answer it, with help and quit.
func (m *Model) offerFooter(w int) string {
	k := m.c.Keys
	label := m.c.Styles.status.paint("list from the instructor: ")
	lw := ansi.StringWidth(label)
	if lw > w/2 {
		label, lw = "", 0
	}
	line := label + footerLine(&m.help, []key.Binding{offerOpen, offerKeep}, k.Help, k.Quit, w-lw)
	m.help.SetWidth(w)
	return ansi.Truncate(line, w, "")
}

// clipboardCaveat ends what a remote copy says: the copy travels as
// OSC 52, which some terminals ignore (the old Windows console, macOS
// Terminal, GNOME Terminal) without a sign the explorer could read; the
// server's take-home lines, as the session ends, are the other way.
const clipboardCaveat = ", if your terminal allows it"

// copyList puts the list as JSON on the person's clipboard: save, for a
// remote session.
func (m *Model) copyList(then afterSave) tea.Cmd {
	ws := m.c.WS
	data, ok := m.listJSON()
	if !ok {
		return nil
	}
	ws.MarkSaved(ws.Version())
	m.c.SetStatus(fmt.Sprintf("copied the list (%d items, JSON) to your clipboard%s", ws.N(), clipboardCaveat), false)
	switch then {
	case thenQuit:
		return tea.Sequence(tea.SetClipboard(data), tea.Quit)
	case thenOpen:
		m.opener = newOpener(m.width, m.remote != nil)
	}
	return tea.SetClipboard(data)
}

// copyReport puts the report as markdown, as `report --format markdown`
// prints it, on the person's clipboard: save as, for a remote session.
func (m *Model) copyReport() tea.Cmd {
	ws := m.c.WS
	if ws.Result == nil {
		m.c.SetStatus("nothing to copy: "+ws.Err.Error(), true)
		return nil
	}
	m.c.SetStatus("copied the report (markdown) to your clipboard"+clipboardCaveat, false)
	return tea.SetClipboard(report.MarkdownString(ws.Doc, ws.Result))
}
