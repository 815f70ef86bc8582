package practice

import (
	"fmt"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
)

// clock is the instructor's timer on a round of the room
// (room.RoomTimer, room.RoomRound.Deadline): when it ends by
// itself, and the time left when the clock was last read, so that
// drawing reads no clock of its own.
type clock struct {
	// id is the room's round the deadline is for: a timer may arrive
	// before its round does (each message travels on its own).
	id       int
	deadline time.Time
	left     time.Duration
}

// SetTimer records that the room's round id ends by itself at deadline,
// read at now. Of two deadlines for one round the later holds: the timer
// only gains time, and messages may arrive out of order. It reports
// whether the clock shows, that is whether id is the round under way on
// the quiz.
func (v *Quiz) SetTimer(id int, deadline, now time.Time) bool {
	if id != v.clock.id {
		v.clock = clock{id: id}
	}
	if deadline.After(v.clock.deadline) {
		v.clock.deadline = deadline
	}
	v.clock.left = v.clock.deadline.Sub(now)
	_, _, shows := v.Clock()
	return shows
}

// TickClock reads the clock again at now. running says the clock shows
// a time still to come; next is how long until the seconds shown
// change, when it should be read again.
func (v *Quiz) TickClock(now time.Time) (next time.Duration, running bool) {
	if v.clock.deadline.IsZero() {
		return 0, false
	}
	v.clock.left = v.clock.deadline.Sub(now)
	if _, _, shows := v.Clock(); !shows || v.clock.left <= 0 {
		return 0, false
	}
	// The seconds shown are rounded up (0:01 until none is left): they
	// change when the time left crosses a whole second.
	next = v.clock.left % time.Second
	if next == 0 {
		next = time.Second
	}
	return next, true
}

// Clock is the round under way's number and the time left on its
// timer; ok is false when the round has no timer, or none is under way.
func (v *Quiz) Clock() (round int, left time.Duration, ok bool) {
	if !v.roomUnderWay() || v.clock.id != v.Room || v.clock.deadline.IsZero() {
		return 0, 0, false
	}
	return v.round, v.clock.left, true
}

// HeadingShowsClock reports whether the quiz's heading, as last drawn,
// shows the clock: on a screen too short for the heading, the title
// line shows it instead.
func (v *Quiz) HeadingShowsClock() bool { return v.clockInHead }

// ClockText is the time left on a round's timer as an attendee reads it:
// "3:41 left", seconds rounded up, so that 0:00 is never shown while
// there is time. In the last minute it says so in words, as the warning
// style is only a colour (none under NO_COLOR): "only 0:42 left".
func ClockText(left time.Duration) string {
	if left <= 0 {
		return "time is up"
	}
	text := ClockTime(left) + " left"
	if LastMinute(left) {
		return "only " + text
	}
	return text
}

// ClockTime is the time left as minutes and seconds, "3:41", the
// seconds rounded up.
func ClockTime(left time.Duration) string {
	secs := int((max(left, 0) + time.Second - 1) / time.Second)
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}

// LastMinute reports whether a round's time left is a minute or less:
// its clock is drawn in the warning style.
func LastMinute(left time.Duration) bool { return left <= time.Minute }

// PaintClock is ClockText as drawn: in the warning style in the last
// minute.
func PaintClock(st common.Styles, left time.Duration) string {
	if LastMinute(left) {
		return st.WarnInk.Paint(ClockText(left))
	}
	return ClockText(left)
}
