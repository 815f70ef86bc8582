package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
)

// A step of the guided path the instructor sent (an Offer with a Step):
// on screen in place of the attendee's explorer, which stays as it is
// behind it, until they leave it or the room moves on.

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
func (m *Workshop) openLesson(n int) tea.Cmd {
	l, err := NewLesson(LessonOptions{Step: n, ASCII: m.look.ascii, NoColor: !m.look.colour, Room: m.remote})
	if err != nil {
		m.c.SetStatus("the step cannot be opened: "+err.Error(), true)
		return nil
	}
	m.lesson = l
	l.Update(tea.ColorProfileMsg{Profile: m.look.profile})
	l.Update(tea.WindowSizeMsg{Width: m.win.width, Height: m.win.height})
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
func (m *Workshop) lessonUpdate(msg tea.Msg) (tea.Cmd, bool) {
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
func (m *Workshop) lessonNews(msg tea.Msg) tea.Cmd {
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
func (m *Workshop) lessonInput(msg tea.Msg) tea.Cmd {
	l := m.lesson
	_, cmd := l.Update(msg)
	if l.Left() {
		m.lesson = nil
		m.c.SetStatus(fmt.Sprintf("back to your list, as you left it (step %d closed)", l.Step()), false)
	}
	return cmd
}
