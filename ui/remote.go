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
	"github.com/ndcg-explorer/ndcg-explorer/report"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/quiz"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

// keptQuestion is the question before quitting with edits not copied,
// when the server keeps the list (Remote.KeepsList).
const keptQuestion = "Edits not copied; the server keeps your list (your key, or the ssh line printed as you leave, brings it back)"

// replacedQuestion is the question before quitting when a list the
// instructor sent replaced the attendee's edits not copied.
const replacedQuestion = "The instructor's list replaced your edits: u undoes it"

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

// remoteTitleLimit bounds a title typed or pasted in a remote session,
// so a huge paste cannot make every frame carry it.
const remoteTitleLimit = 200

// whileWaiting ends an attendee's first words (Options.Welcome: the
// server's greeting by name, and what brings them back) with what to do
// until the instructor sends a list, a step or a round; news from the
// room replaces it (afterWelcome).
const whileWaiting = "while you wait, digits set grades and v shows the views"

// welcomeLine is the status line an attendee starts on: the welcome, and
// what to do while waiting unless they are back.
func (m *Model) welcomeLine() string {
	switch {
	case m.welcome == "":
		return "W" + whileWaiting[1:]
	case m.remote == nil || strings.HasPrefix(m.welcome, "welcome back"):
		return m.welcome
	}
	return m.welcome + "; " + whileWaiting
}

// welcomeUp reports whether the welcome is still on the status line.
func (m *Model) welcomeUp() bool {
	return m.welcome != "" && m.c.Status.Text == m.welcomeLine()
}

// setRemote fits the views for a remote session.
func (m *Model) setRemote(r *Remote) {
	for _, v := range m.views {
		if e, ok := v.(*explorer.Model); ok {
			e.Input.Limit = remoteTitleLimit
		}
		if q, ok := v.(*quiz.Model); ok {
			q.SetScore(max(min(r.Right, r.Total), 0), max(r.Total, 0))
		}
	}
	m.roundsEnded = max(r.Ended, 0)
}

// QuizScore is the quiz's score so far: answers right of those scored,
// and the last of the room's rounds whose end it has seen (its ID: it
// counts the rounds up to it that were answered, Remote.Ended).
func (m *Model) QuizScore() (right, total, ended int) {
	for _, v := range m.views {
		if q, ok := v.(*quiz.Model); ok {
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
func (m *Model) Where() string {
	if m.lesson != nil {
		return "step " + strconv.Itoa(m.lesson.Step())
	}
	if _, ok := m.dialog.(*dialogs.Help); ok {
		return "help"
	}
	return m.viewName(m.active)
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
func (m *Model) remoteUpdate(msg tea.Msg) (tea.Cmd, bool) {
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
		if m.answerTyped() {
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
			if q, ok := v.(*quiz.Model); ok {
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
			if q, ok := v.(*quiz.Model); ok && q.Room == msg.ID {
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
func (m *Model) afterWelcome(news string) string {
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
func (m *Model) offerKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
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
func (m *Model) offerAnswerable() bool {
	return m.offer != nil && !m.dialogOpen() && !m.typing() && !m.answerTyped()
}

// answerTyped reports whether the view on screen holds an answer typed
// and not sent.
func (m *Model) answerTyped() bool {
	h, ok := m.views[m.active].(view.HalfTyper)
	return ok && h.HalfTyped()
}

// offerFooter is the footer while an offer waits: what it is and the
// keys that answer it, with help and quit.
func (m *Model) offerFooter(w int) string {
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
	keys := frame.FooterLine(&m.help, []key.Binding{offerOpen, offerKeep}, k.Help, k.Quit, w-lw)
	if !strings.Contains(keys, offerKeep.Help().Desc) {
		// At 60 columns: what the offer is and both its answers, help
		// and quit giving way (the status line may still hold the
		// welcome, cut before the news); with no room for that either,
		// both answers alone.
		keys = frame.FooterLine(&m.help, nil, offerOpen, offerKeep, w-lw)
		if !strings.Contains(keys, offerKeep.Help().Desc) {
			label, keys = "", frame.FooterLine(&m.help, []key.Binding{offerOpen, offerKeep}, k.Help, k.Quit, w)
		}
	}
	line := label + keys
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
func (m *Model) copyList(then dialogs.Then) tea.Cmd {
	ws := m.c.WS
	data, ok := m.listJSON()
	if !ok {
		return nil
	}
	ws.MarkSaved(ws.Version())
	m.c.SetStatus(fmt.Sprintf("copied the list (%d items, JSON) to your clipboard%s", ws.N(), clipboardCaveat), false)
	switch then {
	case dialogs.ThenQuit:
		return tea.Sequence(tea.SetClipboard(data), tea.Quit)
	case dialogs.ThenOpen:
		m.open(dialogs.NewOpener(dialogHost{m}))
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

// stepSent names step n of the guided path as an offer's prompt does.
func stepSent(n int) string {
	st, err := learn.At(n)
	if err != nil {
		return fmt.Sprintf("step %d of the lesson", n)
	}
	return fmt.Sprintf("step %d (%s)", n, st.Title)
}

// openLesson shows step n of the guided path in place of the attendee's
// explorer, which stays as it is behind it until they leave the step
// (lessonUpdate).
func (m *Model) openLesson(n int) tea.Cmd {
	l, err := NewLesson(LessonOptions{Step: n, ASCII: m.ascii, NoColor: !m.colour, Room: m.remote})
	if err != nil {
		m.c.SetStatus("the step cannot be opened: "+err.Error(), true)
		return nil
	}
	m.lesson = l
	l.Update(tea.ColorProfileMsg{Profile: m.profile})
	l.Update(tea.WindowSizeMsg{Width: m.width, Height: m.height})
	// The lesson's styles come from the terminal's background, which it
	// asks for as the explorer did.
	return l.Init()
}

// lessonUpdate routes a message while a step the instructor sent is on
// screen (m.lesson): input goes to the step alone, which hands the
// screen back when the attendee leaves it; a list or a round from the
// room closes it, as the instructor has moved on; the rest reaches both,
// each taking what is its own (a background job's result names its job).
// It reports whether msg was handled.
func (m *Model) lessonUpdate(msg tea.Msg) (tea.Cmd, bool) {
	l := m.lesson
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		// The instructor's ask to show the screen waits behind the step
		// too, and ^x stops a screen shown: the step's own keys come
		// after them, as the explorer's do.
		m.keys.Press(frame.Now())
		if m.stopShareKey(msg) || !l.explorerHasKeys() && m.shareKey(msg) {
			return l.Notice(m.c.Status.Text), true
		}
		return m.lessonInput(msg), true
	case tea.KeyReleaseMsg, tea.MouseMsg, tea.PasteMsg:
		return m.lessonInput(msg), true
	case Offer:
		if msg.Step == l.Step() {
			// The step on screen already (the attendee went on to it
			// before the instructor sent it): nothing to ask.
			return nil, true
		}
		m.lesson = nil
		return nil, false
	case RoomRound:
		m.lesson = nil
		return nil, false
	case RoomNotice:
		// The timer, or keys dropped: news the step's screen shows too.
		return l.Notice(msg.Text), false
	case ShareAsk, ShareEnd:
		// The explorer behind the step keeps the ask and answers it
		// (shareUpdate); the step's status line says it (lessonNews).
		return nil, false
	}
	_, cmd := l.Update(msg)
	return cmd, false
}

// lessonNews puts on the step's status line what the explorer behind
// it said of the instructor's ask to show the screen.
func (m *Model) lessonNews(msg tea.Msg) tea.Cmd {
	switch msg.(type) {
	case ShareAsk, ShareEnd:
		if m.lesson != nil {
			return m.lesson.Notice(m.c.Status.Text)
		}
	}
	return nil
}

// lessonInput gives the step an input, and the screen back to the
// attendee's explorer when they leave the step.
func (m *Model) lessonInput(msg tea.Msg) tea.Cmd {
	l := m.lesson
	_, cmd := l.Update(msg)
	if l.Left() {
		m.lesson = nil
		m.c.SetStatus(fmt.Sprintf("back to your list, as you left it (step %d closed)", l.Step()), false)
	}
	return cmd
}
