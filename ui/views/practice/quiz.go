package practice

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
	"github.com/ndcg-explorer/ndcg-explorer/ui/room"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// Quiz puts a small random list in front of the learner, who works
// out NDCG@k by hand and types it; the view answers ✓ or ✗ (within the
// tolerance of the digits typed), shows the working, and keeps the score
// across rounds. The lists come from a seed shown on screen, so a
// workshop can hand everyone the same ones (--seed; over the network
// the instructor's rounds do, and the heading names no flag). The conventions are
// those in force, so a teacher can quiz on linear gain or on ties.
type Quiz struct {
	view.Drawn
	c             *common.Common
	width, height int

	seed  int64
	round int
	q     explain.Question

	in       textfield.Model
	answered bool
	// answeredUnder are the conventions the answer was scored under:
	// changed after it, the verdict follows the new ones, the score not.
	answeredUnder ndcg.Settings
	// skipAsked: n was pressed with an answer typed and not sent; a
	// second n skips the round.
	skipAsked bool
	answer    verify.Written
	// right of total rounds answered; a round counts as answered when
	// first submitted, whatever the conventions do afterwards.
	right, total int

	// scroll is the first line of the whole working shown once ↑/↓ have
	// been pressed; −1 shows the working condensed to fit (sums kept).
	scroll int

	// room is the instructor's round being answered (0: none): its
	// conventions, and whether it has ended (the working shows then).
	Room         int
	roomSettings ndcg.Settings
	roomEnded    bool
	// carried says the answer came with the round (room.RoomRound.Answer),
	// given before the attendee's connection dropped.
	carried bool
	// practiceAfter is the instructor's round that the questions since
	// follow (0: none), and practice how many there have been: they
	// are headed "practice 2 (after round 2)", as "round 3" would name
	// the next question of the instructor's too, another list.
	practiceAfter, practice int
	// mistake is what check found behind a wrong answer: to the
	// instructor's round, the server's (RoomRoundEnd.Mistake); to a list
	// of the quiz's own, diagnose's.
	mistake string
	// clock is the instructor's timer on the room's round (clock.go);
	// clockInHead says the heading last drawn shows it.
	clock       clock
	clockInHead bool

	stale  bool
	result *ndcg.Result
	err    error
	work   *explain.Working
}

// quizDecimals is the fewest decimals an answer needs: one digit would
// make "1" right for anything from 0.5 up.
const quizDecimals = 2

// NewQuiz is the quiz view of c's workspace; Common.Seed, when set, makes its lists repeatable.
func NewQuiz(c *common.Common) *Quiz {
	seed := c.Seed
	if seed == 0 {
		// Short enough to read out to a room.
		seed = 1 + time.Now().UnixNano()%999_999
	}
	v := &Quiz{c: c, seed: seed, in: view.NumberInput("")}
	v.in.SetWidth(10)
	v.start(1)
	return v
}

// SetScore sets the score the quiz goes on from: an attendee back in a
// workshop keeps the one they had.
func (v *Quiz) SetScore(right, total int) { v.right, v.total = right, total }

// Score is the quiz's score so far: answers right of those scored.
func (v *Quiz) Score() (right, total int) { return v.right, v.total }

// Answered reports whether the question on screen has its answer.
func (v *Quiz) Answered() bool { return v.answered }

// HalfTyped reports whether an answer is typed and not yet sent.
func (v *Quiz) HalfTyped() bool {
	return !v.answered && !v.roomMissed() && strings.TrimSpace(v.in.Value()) != ""
}

// ShortHelp is the quiz's footer: digits type the answer, not a grade.
// Once the answer is in, enter does nothing more, so the footer offers
// what does: the next list, and scrolling the working when it shows.
func (v *Quiz) ShortHelp() []key.Binding {
	k := v.c.Keys
	if v.roomUnderWay() {
		// n does not leave the instructor's round (see handleKey).
		if v.answered {
			return k.Tail(false)
		}
		return append([]key.Binding{common.As(k.Confirm, "enter", "answer")}, k.Tail(false)...)
	}
	if v.answered || v.roomMissed() {
		next := []key.Binding{common.As(nextRoundKey, "n", "next list")}
		if v.showsWorking() {
			next = append(next, common.As(k.Down, "↑/↓", "scroll working"))
		}
		return append(next, k.Tail(false)...)
	}
	// "next list", as the field's line says (n skips to the next list):
	// over serve, a quiz round is the instructor's to start.
	return append([]key.Binding{common.As(k.Confirm, "enter", "answer"), common.As(nextRoundKey, "n", "next list")}, k.Tail(false)...)
}

// FullHelp is the key only the quiz has.
func (v *Quiz) FullHelp() [][]key.Binding { return [][]key.Binding{{nextRoundKey}} }

// roomUnderWay reports whether the question is the instructor's round
// and the instructor has not ended it yet.
func (v *Quiz) roomUnderWay() bool { return v.Room != 0 && !v.roomEnded }

// roomMissed reports whether the instructor's round ended with no answer
// from this attendee: its working is on screen, so an answer typed now
// would read the true value off it and score it right.
func (v *Quiz) roomMissed() bool { return v.Room != 0 && v.roomEnded && !v.answered }

// scrollSolution moves through the whole working by delta lines (from
// the condensed view, ↑ and ↓ first show the end of the whole working,
// where IDCG and the division are).
func (v *Quiz) scrollSolution(delta int) {
	if !v.showsWorking() || v.work == nil {
		v.c.SetStatus("↑/↓ scroll the worked solution once you have answered", false)
		return
	}
	room := v.height - len(v.topLines()) - 2 // the marker and the division
	most := max(len(v.wholeWorking())-1-room, 0)
	if most == 0 {
		v.c.SetStatus("the whole working is on screen", false)
		return
	}
	if v.scroll < 0 {
		v.scroll = most
		if delta < 0 {
			v.scroll = max(most-1, 0)
		}
		return
	}
	v.scroll = max(min(v.scroll+delta, most), 0)
}

func (v *Quiz) SetSize(w, h int) { v.width, v.height = max(w, 0), max(h, 0) }

// name is the question's name on screen: its round, or the practice
// question it is after the instructor's round.
func (v *Quiz) name() string {
	if v.practiceAfter != 0 {
		return fmt.Sprintf("practice %d (after round %d)", v.practice, v.practiceAfter)
	}
	return fmt.Sprintf("round %d", v.round)
}

// start draws round n's question.
func (v *Quiz) start(n int) {
	v.round = n
	v.Room, v.roomEnded, v.carried, v.mistake = 0, false, false, ""
	v.q = explain.NewQuestion(v.seed, n)
	v.answered = false
	v.scroll = -1
	v.answer = verify.Written{}
	v.in.SetValue("")
	v.in.Focus()
	v.stale = true
}

// RoomRound shows the instructor's round: the same question for the
// whole room, under the instructor's conventions.
func (v *Quiz) RoomRound(r room.RoomRound) {
	v.seed = r.Seed
	v.start(r.Round)
	v.practiceAfter, v.practice = 0, 0
	v.Room, v.roomSettings = r.ID, r.Settings
	// A deadline already known for this round (its timer came first)
	// holds if it is the later one.
	if r.ID != v.clock.id {
		v.clock = clock{id: r.ID}
	}
	if r.Deadline.After(v.clock.deadline) {
		v.clock.deadline = r.Deadline
	}
	if w, err := verify.ParseWritten(r.Answer); r.Answer != "" && err == nil {
		// The answer the room counted, sent from the attendee's session
		// before this one: shown as sent, scored when the round ends.
		v.in.SetValue(r.Answer)
		v.in.Blur()
		v.answer, v.answered, v.carried = w, true, true
	}
	v.stale = true
}

// ScrollHint is what the status adds when the whole working does not
// fit under the question: how to scroll it.
func (v *Quiz) ScrollHint() string {
	v.Refresh()
	if v.work == nil {
		return ""
	}
	if room := v.height - len(v.topLines()); len(v.wholeWorking()) > room {
		return " · ↑/↓ scroll the whole working"
	}
	return ""
}

// EndRoom ends the instructor's round: the answer, if one was sent,
// is scored now, and the working shows, with the mistake the server's
// check found behind a wrong one.
func (v *Quiz) EndRoom(mistake string) {
	if v.roomEnded {
		return
	}
	v.roomEnded, v.mistake = true, mistake
	if !v.answered || v.result == nil {
		return
	}
	v.answeredUnder = v.settings()
	v.total++
	if v.answer.Holds(v.result.NDCG()) {
		v.right++
	}
}

// ShownSettings are the quiz's conventions, for the header: the
// question's cutoff, not the list's, which sat above "NDCG@4 of this
// ranking?" as k=3.
func (v *Quiz) ShownSettings() ndcg.Settings { return v.settings() }

// settings are the conventions in force at the question's cutoff.
func (v *Quiz) settings() ndcg.Settings {
	s := v.c.WS.Settings
	if v.Room != 0 {
		s = v.roomSettings
	}
	s.K = v.q.K
	return s
}

func (v *Quiz) Refresh() {
	if !v.stale {
		return
	}
	v.stale = false
	v.result, v.err = ndcg.Compute(v.q.List, v.settings())
	v.work = nil
	if v.result != nil {
		v.work = explain.New(v.result)
	}
	v.diagnose()
}

// diagnose finds what check finds behind a wrong answer to a list of the
// quiz's own, under the conventions in force, as a room's round tells it
// from the server (endRoom): it follows the conventions when they change
// after the answer.
func (v *Quiz) diagnose() {
	if v.Room != 0 {
		return
	}
	v.mistake = ""
	if !v.answered || v.result == nil || v.answer.Holds(v.result.NDCG()) {
		return
	}
	if why := verdict.Diagnose(v.q.List, v.settings(), v.answer); why != string(verdict.Unexplained) {
		v.mistake = why
	}
}

func (v *Quiz) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case workspace.Edited:
		v.stale = true
	case tea.KeyPressMsg:
		return v.handleKey(msg)
	case tea.PasteMsg:
		if !v.answered {
			v.in.Insert(view.NumberPaste(msg.Content))
		}
	}
	return nil
}

func (v *Quiz) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := v.c.Keys
	asked := v.skipAsked
	v.skipAsked = false
	switch {
	case key.Matches(msg, nextRoundKey) && v.roomUnderWay():
		// Leaving the round would leave its working too: the end of the
		// round would then say "the working is below" over another
		// list, and the answer sent would never be scored.
		v.c.SetStatus(fmt.Sprintf("round %d is the instructor's: n draws the next list once it ends", v.round), false)
	case key.Matches(msg, nextRoundKey) && v.HalfTyped() && !asked:
		// As q does, n does not throw a typed answer away unasked.
		v.skipAsked = true
		v.c.SetStatus(fmt.Sprintf("your answer %s is not sent: enter sends it, n again skips the round", v.in.Value()), true)
	case key.Matches(msg, nextRoundKey):
		if !v.answered {
			v.c.SetStatus(v.name()+" skipped (not scored)", false)
		} else {
			v.c.SetStatus("", false)
		}
		after, n := v.practiceAfter, v.practice
		if v.Room != 0 {
			after, n = v.round, 0
		}
		v.start(v.round + 1)
		if after != 0 {
			v.practiceAfter, v.practice = after, n+1
		}
	case key.Matches(msg, k.Confirm):
		v.submit()
	case key.Matches(msg, k.Up):
		v.scrollSolution(-1)
	case key.Matches(msg, k.Down):
		v.scrollSolution(1)
	case key.Matches(msg, k.PageUp):
		v.scrollSolution(-max(v.height/2, 1))
	case key.Matches(msg, k.PageDown):
		v.scrollSolution(max(v.height/2, 1))
	case key.Matches(msg, k.Cancel):
		if !v.answered {
			v.in.SetValue("")
		}
	case view.IsEscThen(msg) && !v.answered:
		c, _ := view.EscThen(msg)
		v.in.SetValue(c)
	case view.NumberKey(msg):
		if v.answered {
			v.c.SetStatus(v.answeredNote(), false)
			return nil
		}
		v.in.Update(msg)
	}
	return nil
}

// answeredNote says what comes next once the question is answered.
func (v *Quiz) answeredNote() string {
	if v.roomUnderWay() {
		return "answer sent: the working comes when the round ends"
	}
	return "answered: n draws the next list"
}

func (v *Quiz) submit() {
	if v.answered {
		v.c.SetStatus(v.answeredNote(), false)
		return
	}
	if v.roomMissed() {
		v.c.SetStatus(fmt.Sprintf("round %d is over and its working shows: n draws the next list to answer", v.round), false)
		return
	}
	v.Refresh()
	if v.result == nil {
		v.c.SetStatus("this list cannot be computed under the conventions in force: "+v.err.Error(), true)
		return
	}
	text := strings.TrimSpace(v.in.Value())
	w, refused := ReadAnswer(text, fmt.Sprintf("NDCG@%d", v.q.K), quizDecimals)
	if refused != "" {
		// A refused answer stays in the field, selected: what is typed
		// next replaces it (0.5, refused, then 0.58 reads 0.58, not
		// 0.50.58), and an arrow key keeps it to correct.
		v.c.SetStatus(refused, true)
		v.in.Select()
		return
	}
	v.answer, v.answered = w, true
	if v.Room != 0 && !v.roomEnded {
		if a := v.c.Attendee; a != nil && a.Answer != nil {
			a.Answer(v.Room, text)
		}
		// The quiz view says the answer was sent; the score waits for
		// the end of the round (endRoom), so that nothing on screen
		// tells right from wrong before the instructor does.
		v.c.SetStatus("", false)
		v.in.Blur()
		return
	}
	v.total++
	v.answeredUnder = v.settings()
	v.diagnose()
	more := v.ScrollHint()
	if w.Holds(v.result.NDCG()) {
		v.right++
		v.c.SetStatus(fmt.Sprintf("right: %d of %d · n for the next list%s", v.right, v.total, more), false)
	} else {
		v.c.SetStatus(fmt.Sprintf("not quite: %d of %d right · the working is below · n for the next list%s", v.right, v.total, more), true)
	}
	v.in.Blur()
}

func (v *Quiz) TakesNumbers() bool { return true }
