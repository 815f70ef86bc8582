package dialogs

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
)

// Question asks what to do with unsaved edits before quitting or opening
// another list (Then): save first, go on without saving, or stay. It is
// asked on the status line; the answers it offers are the only keys it
// takes. A question asked over a prompt (ctrl+c in the cutoff field)
// leaves that prompt in sight, and gives it back the keys on esc.
type Question struct {
	h       Host
	then    Then
	answers []key.Binding
	// asked is the question as the status line puts it.
	asked string
	under Dialog
}

// NewQuestion puts the question (what, then the answers) on the status
// line, over the dialog under, if any.
func NewQuestion(h Host, under Dialog, then Then, what string, answers ...key.Binding) *Question {
	q := &Question{h: h, then: then, answers: answers, under: under}
	q.asked = frame.QuitKeys.Ask(what, answers...)
	h.Common().SetStatus(q.asked, true)
	return q
}

// Key reads the answer.
func (q *Question) Key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	c := q.h.Common()
	if !key.Matches(msg, q.answers...) {
		// Not an answer: the question stays, and says so, rather than a
		// key typed ahead (a path for o) vanishing, or a later w or y of
		// it answering a question never seen.
		c.SetStatus(frame.QuitKeys.Ask("Answer first", q.answers...), true)
		return nil, true
	}
	if q.h.InOneGo() && !key.Matches(msg, frame.QuitKeys.Stay) {
		// Typed in one go with the key that asked (q then w or y of a
		// word, a burst): the question was not read, so it stays, led
		// by a word on why the key did nothing. Staying, which loses
		// nothing, is taken at once.
		c.SetStatus(frame.ReadFirst(q.asked), true)
		return nil, true
	}
	q.back()
	switch {
	case key.Matches(msg, frame.QuitKeys.Quit):
		if q.then == ThenOpen {
			// The edits go only once another list is opened: esc in the
			// open dialog still keeps them.
			q.h.Open(NewOpener(q.h))
			c.SetStatus("", false)
			return nil, true
		}
		return tea.Quit, true
	case key.Matches(msg, frame.QuitKeys.Save):
		return q.h.Save(q.then), true
	case key.Matches(msg, frame.QuitKeys.Stay):
		if q.then == ThenOpen {
			c.SetStatus("not opening another list", false)
		} else {
			c.SetStatus("not quitting", false)
		}
	}
	return nil, true
}

// back closes the question, giving the keys back to the prompt it was
// asked over.
func (q *Question) back() {
	if q.under != nil {
		q.h.Open(q.under)
		return
	}
	q.h.Close()
}

// Paste is dropped: only a key answers.
func (q *Question) Paste(tea.PasteMsg) {}

// Covers is false: the question is on the status line.
func (q *Question) Covers() bool { return false }

// View leaves the status line, which asks the question, as it is, or
// draws the prompt it was asked over.
func (q *Question) View(w, h int) string {
	if q.under != nil {
		return q.under.View(w, h)
	}
	return ""
}

// Footer is the view's, or the prompt's it was asked over.
func (q *Question) Footer(w int) string {
	if q.under != nil {
		return q.under.Footer(w)
	}
	return ""
}
