package session

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// A session keeps where its attendee is for the room view, read without
// the explorer, and wakes the dashboard when they move, only then: a
// key that leaves them where they were wakes nothing.
func TestSessionKeepsWhereTheAttendeeIs(t *testing.T) {
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	woke := 0
	sm := New(ui.NewWorkshop(ui.Options{Doc: doc, Settings: ndcg.DefaultSettings(), NoColor: true, Remote: &ui.Remote{}}),
		Options{OnWhere: func() { woke++ }})
	assert.Equal(t, "explorer", sm.Whereabouts())
	assert.Equal(t, 1, woke)
	sm.Update(press("down"))
	assert.Equal(t, "explorer", sm.Whereabouts())
	assert.Equal(t, 1, woke, "the cursor moved, not the attendee")
	sm.Update(press("f10"))
	assert.Equal(t, "quiz", sm.Whereabouts())
	assert.Equal(t, 2, woke)
	sm.Update(press("?"))
	assert.Equal(t, "help", sm.Whereabouts())
	assert.Equal(t, 3, woke)
}

// The input bucket: a burst of MaxKeysPerSecond passes, the next is
// dropped; a tenth of a second later, a tenth as many pass again.
func TestKeyRateBucket(t *testing.T) {
	var s Model
	t0 := time.Unix(1000, 0)
	passed := 0
	for range 3 * MaxKeysPerSecond {
		if s.take(t0) {
			passed++
		}
	}
	assert.Equal(t, MaxKeysPerSecond, passed)
	passed = 0
	for range MaxKeysPerSecond {
		if s.take(t0.Add(100 * time.Millisecond)) {
			passed++
		}
	}
	assert.Equal(t, MaxKeysPerSecond/10, passed)
}

// Past the rate, the first key dropped becomes the notice the attendee
// reads (ui.RoomNotice), and the others are dropped unseen; a key the
// rate refilled for passes again.
func TestKeyFloodTellsTheAttendee(t *testing.T) {
	var s Model
	key := tea.KeyPressMsg{Code: '0', Text: "0"}
	var passed, notices, dropped int
	for range 3 * MaxKeysPerSecond {
		switch msg := s.Filter(nil, key).(type) {
		case tea.KeyPressMsg:
			passed++
		case ui.RoomNotice:
			notices++
			assert.Equal(t, droppedNotice, msg.Text)
		case nil:
			dropped++
		}
	}
	// (The test's keys take well under a second: a few may refill.)
	assert.GreaterOrEqual(t, passed, MaxKeysPerSecond)
	assert.Less(t, passed, MaxKeysPerSecond+10)
	assert.Equal(t, 1, notices)
	assert.Equal(t, 3*MaxKeysPerSecond-passed-1, dropped)
}

// A window that changes again while the settled size is on its way to
// the program ends at its last size: an ssh resized as it connects sends
// the terminal's first size, then its own, one after the other.
func TestTheLastWindowSizeIsTheOneDrawn(t *testing.T) {
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	s := Model{Workshop: ui.NewWorkshop(ui.Options{Doc: doc, Settings: ndcg.DefaultSettings(), Remote: &ui.Remote{}})}
	first, last := tea.WindowSizeMsg{Width: 80, Height: 24}, tea.WindowSizeMsg{Width: 100, Height: 30}
	var drawn []tea.WindowSizeMsg
	filter := func(msg tea.Msg) tea.Msg {
		out := s.Filter(nil, msg)
		if ws, ok := out.(tea.WindowSizeMsg); ok {
			drawn = append(drawn, ws)
		}
		return out
	}
	settle := func() tea.Msg {
		_, cmd := s.Update(resizeNow{})
		return cmd()
	}

	assert.Equal(t, resizeSoon{}, filter(first))
	settled := settle()
	// The last size comes before the settled first one is back.
	filter(last)
	filter(settled)
	// Every timer started runs out.
	for s.pending {
		filter(settle())
	}
	require.NotEmpty(t, drawn)
	assert.Equal(t, last, drawn[len(drawn)-1], "sizes drawn: %v", drawn)
}

// The ticks of a timed round's clock are no input: they reach the
// explorer as they are, spend none of the keys a second allows, and keep
// no idle session open (nor show it as active in the room view).
func TestClockTicksAreNoInput(t *testing.T) {
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	s := Model{Workshop: ui.NewWorkshop(ui.Options{Doc: doc, Settings: ndcg.DefaultSettings(), Remote: &ui.Remote{}})}
	_, cmd := s.Update(ui.RoomRound{ID: 1, Seed: 7, Round: 1, Settings: ndcg.DefaultSettings(), Deadline: time.Now().Add(1050 * time.Millisecond)})
	var msgs []tea.Msg
	var run func(tea.Cmd)
	run = func(cmd tea.Cmd) {
		if cmd == nil {
			return
		}
		switch msg := cmd().(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				run(c)
			}
		default:
			msgs = append(msgs, msg)
		}
	}
	run(cmd)
	ticks := 0
	for _, msg := range msgs {
		if fmt.Sprintf("%T", msg) == "ui.clockTick" {
			ticks++
		}
		assert.Equal(t, msg, s.Filter(nil, msg), "passed as it is")
	}
	assert.Equal(t, 1, ticks, "the clock's tick: %#v", msgs)
	assert.Zero(t, s.lastInput.Load(), "no input seen")
	assert.True(t, s.filled.IsZero(), "no key spent")
}

func TestCloneDocIsACopy(t *testing.T) {
	doc, err := listio.Inline("3,2,1", "")
	require.NoError(t, err)
	c := CloneDoc(doc)
	c.List.Items[0].Grade = 0
	assert.Equal(t, 3.0, doc.List.Items[0].Grade)
}
