package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/practice"
)

// Workshop is the explorer of an attendee in a workshop room
// (ndcg-explorer serve): the explorer, and what the room and it say to
// each other. The instructor sends a list or a step of the guided path
// (Offer; the step is on screen in place of the explorer until the
// attendee leaves it), runs quiz rounds for the whole room (RoomRound,
// RoomRoundEnd) with a clock (RoomTimer, clock.go) and asks to show the
// attendee's screen to the room (ShareAsk, share.go). The explorer under
// it knows nothing of the room: the workshop sees keys and messages
// first, and adds to its screen what the explorer's decor lets it (the
// clock, the screen shown, the keys of an answer awaited).
type Workshop struct {
	*Model

	// roundsEnded is the last of the room's rounds whose end this
	// session saw (RoomRoundEnd), or the one before saw (Remote.Ended):
	// the quiz has scored those it could (QuizScore).
	roundsEnded int
	// welcome is Options.Welcome, kept on the status line by a round
	// that resumes what it says (RoomRound with the attendee's answer).
	welcome string
	offer   *offerWaiting // a list the instructor sent, not yet opened or declined
	// shareAsk is the instructor's ask to show the screen to the room,
	// not yet answered; shared the ask agreed to while the screen is
	// shown (0: not shown); shareSeen the latest ask seen (share.go).
	shareAsk  *shareWaiting
	shared    int
	shareSeen int
	// ticking says a tick of the round's clock is on its way (clock.go).
	ticking bool
	// lesson is a step of the guided path the instructor sent (an Offer
	// with a Step), on screen in place of the explorer until the attendee
	// leaves it.
	lesson *Lesson
}

// NewWorkshop builds an attendee's explorer on o, which runs remote
// (o.Remote; an empty one when nil): its first words are o.Welcome.
func NewWorkshop(o Options) *Workshop {
	if o.Remote == nil {
		o.Remote = &Remote{}
	}
	r := o.Remote
	m := &Workshop{Model: New(o), roundsEnded: max(r.Ended, 0), welcome: o.Welcome}
	m.c.Attendee = &common.Attendee{Name: r.Name, Answer: func(round int, text string) {
		if r.OnAnswer != nil {
			r.OnAnswer(RoomAnswer{ID: round, Text: text})
		}
	}}
	if q := quizOf(m.views); q != nil {
		q.SetScore(max(min(r.Right, r.Total), 0), max(r.Total, 0))
	}
	m.deco = decor{clock: m.titleClock, mark: m.shareMarkShown, awaiting: m.awaiting, help: m.helpBack}
	// The first frame an attendee sees: in place of the greeting, and,
	// as it, gone with the next status.
	m.c.SetStatus(m.welcomeLine(), false)
	if o.Welcome == "" {
		m.greeting.said = m.c.Status.Text
	}
	if o.Notice != "" {
		m.c.SetStatus(o.Notice, true)
	}
	return m
}

// Update handles the room's messages and the keys that answer it, and
// hands the rest to the explorer; while a step the instructor sent is on
// screen, the step has the keys.
func (m *Workshop) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	// The workspace leaves its recomputation for later from the length
	// the views do (a variable, which tests set to draw both ways).
	m.c.WS.LaterFrom = background.From
	var lessonCmd tea.Cmd
	if m.lesson != nil {
		cmd, done := m.lessonUpdate(msg)
		if done && m.lesson != nil {
			return m, tea.Batch(cmd, m.lesson.Shown(m.shared))
		}
		if done {
			// The attendee left the step: their explorer is drawn again.
			return m, tea.Batch(cmd, m.redraw())
		}
		lessonCmd = cmd
	}
	switch msg.(type) {
	case RoomRound, RoomRoundEnd:
		// The quiz's footer changes with the round.
		m.drawn.foot = drawnFooter{}
	}
	m.seen(msg)
	cmd, ok := m.remoteUpdate(msg)
	if k, isKey := msg.(tea.KeyPressMsg); isKey {
		settle(m.c, m.views)
		cmd, ok = m.roomKey(k)
	}
	if !ok {
		cmd = m.update(msg)
	}
	m.pointToWorking()
	if m.lesson != nil {
		lessonCmd = tea.Batch(lessonCmd, m.lessonNews(msg), m.lesson.Shown(m.shared))
	}
	return m, tea.Batch(lessonCmd, m.after(cmd))
}

// View is the step the instructor sent while it is on screen, else the
// explorer's screen; the terminal's title names the attendee where the
// room knows them by a name of its own (Remote.Name).
func (m *Workshop) View() tea.View {
	if m.lesson != nil {
		return m.lesson.View()
	}
	title := windowTitle(m.c.WS.Doc)
	if name := m.remote.Name; name != "" {
		title += " · " + common.Shown(name)
	}
	return frame.View(m.drawn.frame, title)
}

// roomKey handles the keys that answer the room: ^x stops the screen
// shown, whatever has the keys; y or n the instructor's ask, then enter
// or esc their offer, when they wait and no dialog or field has the
// keys. It reports whether msg was one of them.
func (m *Workshop) roomKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.stopShareKey(msg) {
		return nil, true
	}
	if !m.keysFree() {
		return nil, false
	}
	if m.shareKey(msg) {
		return nil, true
	}
	return m.offerKey(msg)
}

// awaiting is the explorer's decor while the instructor's ask or offer
// waits: the status on one line (the ask's, shortened where it does not
// fit), and the footer naming the keys that answer it.
func (m *Workshop) awaiting(w int) (text, footer string, ok bool) {
	switch {
	case m.shareAnswerable():
		text = m.c.Status.Text
		if text == sharePrompt && ansi.StringWidth(text) > w {
			text = shareAsked
		}
		return text, m.shareFooter(w), true
	case m.offerAnswerable():
		return m.c.Status.Text, m.offerFooter(w), true
	}
	return "", "", false
}

// helpBack ends the help with the line that brings a keyless attendee's
// list back: the status line had it only until the next news. Not while
// the screen is shown to the room: the line holds the attendee's resume
// code.
func (m *Workshop) helpBack(w int) []string {
	if m.remote.Back == "" || m.shared != 0 {
		return nil
	}
	return hangAfterFirst(m.c.Styles.PanelTitle.Render("Your list")+" comes back with "+m.remote.Back, w, 2)
}

// pointToWorking puts what the quiz shows in place of the news of a
// round's end read in another view, once the quiz is on screen: the
// working is below, not behind F10.
func (m *Workshop) pointToWorking() {
	if q, ok := m.views[m.active].(*practice.Quiz); ok && strings.HasSuffix(m.c.Status.Text, zShowsWorking) {
		m.c.SetStatus(strings.TrimSuffix(m.c.Status.Text, zShowsWorking)+": the working is below"+q.ScrollHint(), false)
	}
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
	offerOpen = common.Bind([]string{"enter"}, "enter", "open it")
	offerKeep = common.Bind([]string{"esc"}, "esc", "keep yours")
)

// offerWaiting is an offer not yet answered, with when it came.
type offerWaiting struct {
	Offer
	came time.Time
}

// whileWaiting ends an attendee's first words (Options.Welcome: the
// server's greeting by name, and what brings them back) with what to do
// until the instructor sends a list, a step or a round; news from the
// room replaces it (afterWelcome).
const whileWaiting = "while you wait, digits set grades and v shows the views"

// welcomeLine is the status line an attendee starts on: the welcome, and
// what to do while waiting unless they are back.
func (m *Workshop) welcomeLine() string {
	switch {
	case m.welcome == "":
		return "W" + whileWaiting[1:]
	case m.remote == nil || strings.HasPrefix(m.welcome, "welcome back"):
		return m.welcome
	}
	return m.welcome + "; " + whileWaiting
}

// welcomeUp reports whether the welcome is still on the status line.
func (m *Workshop) welcomeUp() bool {
	return m.welcome != "" && m.c.Status.Text == m.welcomeLine()
}

// QuizScore is the quiz's score so far: answers right of those scored,
// and the last of the room's rounds whose end it has seen (its ID: it
// counts the rounds up to it that were answered, Remote.Ended).
func (m *Workshop) QuizScore() (right, total, ended int) {
	for _, v := range m.views {
		if q, ok := v.(*practice.Quiz); ok {
			right, total = q.Score()
			return right, total, m.roundsEnded
		}
	}
	return 0, 0, m.roundsEnded
}

// Where names, in a word or two, where the attendee is, for the
// instructor's room view: "step 2" in a step of the guided path the
// instructor sent, "help" while the help covers the view (they are
// reading, not stuck), else the view as the title line names it. It is
// read after every message, so it only looks.
func (m *Workshop) Where() string {
	if m.lesson != nil {
		return "step " + strconv.Itoa(m.lesson.Step())
	}
	if _, ok := m.dialog.(*dialogs.Help); ok {
		return "help"
	}
	return viewName(m.active)
}

// WhereCells is the widest Where, for the room view's column: the
// longest view's name, or a step's.
var WhereCells = func() int {
	n := len("step " + strconv.Itoa(learn.Count()))
	for _, v := range views.All {
		n = max(n, len(v.Name))
	}
	return n
}()

// remoteUpdate handles the messages only a remote session receives. It
// reports whether msg was one of them.
func (m *Workshop) remoteUpdate(msg tea.Msg) (tea.Cmd, bool) {
	if cmd, ok := m.clockUpdate(msg); ok {
		return cmd, true
	}
	switch msg := msg.(type) {
	case RoomNotice:
		m.c.SetStatus(msg.Text, false)
		return nil, true
	case ShareAsk, ShareEnd:
		m.shareUpdate(msg)
		return nil, true
	case Offer:
		m.offer = &offerWaiting{Offer: msg, came: frame.Now()}
		prompt := offerPrompt
		if halfTyped(m.views[m.active]) {
			prompt = offerAfterAnswer
		}
		if msg.Step > 0 {
			// The step's title makes the line long: esc is in the
			// footer, which names the offer's keys.
			prompt, _, _ = strings.Cut(prompt, ", esc")
			prompt = strings.Replace(prompt, "a list", stepSent(msg.Step), 1)
		}
		m.c.SetStatus(m.afterWelcome(prompt), false)
		return nil, true
	case RoomRound:
		// The round needs enter for the answer: a list sent before it
		// is declined.
		m.offer = nil
		for i, v := range m.views {
			if q, ok := v.(*practice.Quiz); ok {
				q.RoomRound(msg)
				m.show(i)
			}
		}
		// A timed round (one joined late, or come back to) shows its
		// clock from the first frame.
		clock := m.readClock(frame.Now())
		if msg.Answer != "" {
			if m.welcomeUp() {
				// The welcome, still up, says the answer is kept.
				return clock, true
			}
			m.c.SetStatus(fmt.Sprintf("round %d is under way and your answer %s counts: the working comes when it ends", msg.Round, common.Shown(msg.Answer)), false)
			return clock, true
		}
		m.c.SetStatus(m.afterWelcome("the instructor started a quiz round: type NDCG@k and press enter"), false)
		return clock, true
	case RoomRoundEnd:
		m.roundsEnded = max(m.roundsEnded, msg.ID)
		text := "the round is over"
		for i, v := range m.views {
			if q, ok := v.(*practice.Quiz); ok && q.Room == msg.ID {
				q.EndRoom(msg.Mistake)
				if i == m.active {
					text += ": the working is below" + q.ScrollHint()
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
const zShowsWorking = ": the quiz (F10) shows its working"

// afterWelcome is news for the status line, after the welcome while it
// is still up: a returning attendee is offered the last list sent, or
// put in the round under way, as they arrive, and would otherwise never
// read that their list was kept.
func (m *Workshop) afterWelcome(news string) string {
	if m.welcomeUp() {
		return m.welcome + "; " + news
	}
	return news
}

// offerKey answers a pending offer, in whichever view the attendee is:
// enter opens the list (and shows it in the explorer), esc keeps the
// attendee's own. It reports whether the key was used. A key typed
// before the offer could be read (an enter sending a quiz answer as the
// offer came) is not an answer: it keeps its meaning in the view.
func (m *Workshop) offerKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if !m.offerAnswerable() || !key.Matches(msg, offerOpen, offerKeep) {
		return nil, false
	}
	if m.keys.Last.Sub(m.offer.came) < frame.ReadingPause {
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
	if m.welcome != "" && strings.HasPrefix(m.c.Status.Text, m.welcome+"; ") {
		again = m.welcome + "; "
	}
	if key.Matches(msg, offerKeep) {
		m.c.SetStatus(again+"kept your list", false)
		return nil, true
	}
	if o.Step > 0 {
		return m.openLesson(o.Step), true
	}
	m.show(0)
	had := m.c.WS.Dirty()
	m.c.Apply(m.c.WS.Open(o.Doc, o.Settings))
	if !had {
		// The instructor's list, opened and not changed, is no edit of
		// the attendee's: nothing of theirs is lost on quitting.
		m.c.WS.MarkSaved(m.c.WS.Version())
	}
	if again != "" && !strings.HasPrefix(m.welcome, "welcome back") {
		// (A welcome back speaks of the list just replaced.)
		m.c.SetStatus(again+m.c.Status.Text, false)
	}
	return nil, true
}

// offerAnswerable reports whether an offer waits and its keys would
// reach it: no question, dialog or field has the keys first, nor a
// quiz answer typed and not sent, which enter sends and esc clears, as
// the field's own line says.
func (m *Workshop) offerAnswerable() bool {
	return m.offer != nil && !m.dialogOpen() && !editingInPlace(m.views[m.active]) && !halfTyped(m.views[m.active])
}

// offerFooter is the footer while an offer waits: what it is and the
// keys that answer it, with help and quit.
func (m *Workshop) offerFooter(w int) string {
	k := m.c.Keys
	what := "list from the instructor: "
	if m.offer.Step > 0 {
		what = fmt.Sprintf("step %d from the instructor: ", m.offer.Step)
	}
	label := m.c.Styles.StatusInk.Paint(what)
	lw := ansi.StringWidth(label)
	if lw > w/2 {
		label, lw = "", 0
	}
	keys := frame.FooterLine(&m.help.Model, []key.Binding{offerOpen, offerKeep}, k.Help, k.Quit, w-lw)
	if !strings.Contains(keys, offerKeep.Help().Desc) {
		// At 60 columns: what the offer is and both its answers, help
		// and quit giving way (the status line may still hold the
		// welcome, cut before the news); with no room for that either,
		// both answers alone.
		keys = frame.FooterLine(&m.help.Model, nil, offerOpen, offerKeep, w-lw)
		if !strings.Contains(keys, offerKeep.Help().Desc) {
			label, keys = "", frame.FooterLine(&m.help.Model, []key.Binding{offerOpen, offerKeep}, k.Help, k.Quit, w)
		}
	}
	line := label + keys
	m.help.SetWidth(w)
	return ansi.Truncate(line, w, "")
}
