package session

import (
	"regexp"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// sgr is a Select Graphic Rendition sequence: a style, the only escape
// sequence a frame may carry.
var sgr = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

// controls are the control characters of s once its styles are taken
// out, but for the newlines between its lines.
func controls(s string) []rune {
	var out []rune
	for _, r := range sgr.ReplaceAllString(s, "") {
		if (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			out = append(out, r)
		}
	}
	return out
}

// press is a key press of k, a character or a named key.
func press(k string) tea.KeyPressMsg {
	switch k {
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "ctrl+x":
		return tea.KeyPressMsg{Code: 'x', Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// A session captures no frame until its attendee says y to the ask,
// then one at most each frameEvery (a change within it waits for the
// next), and drops it when they stop. A frame carries no escape
// sequence but styles: a title with sequences in it, pasted or in the
// list, shows as text, never as sequences the instructor's terminal
// would obey.
func TestSessionCapturesOnlyWhileShown(t *testing.T) {
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	// (A list sent or opened may carry such a title too.)
	doc.Title = "Zebra\x1b]52;c;cHduZWQ=\x07\x1b[2J\x9b31m crossing"
	var said []ui.ShareAnswer
	woke := 0
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	sm := &Model{
		Workshop: ui.NewWorkshop(ui.Options{Doc: doc, Settings: ndcg.DefaultSettings(), NoColor: true, Remote: &ui.Remote{OnShare: func(a ui.ShareAnswer) { said = append(said, a) }}}),
		onFrame:  func() { woke++ },
		clock:    func() time.Time { return at },
	}
	sm.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	sm.Update(press("e"))
	sm.Update(tea.PasteMsg{Content: "Zeb\x1b]52;c;cHduZWQ=\x07\x1b[2J\x9b31mra"})
	sm.Update(press("enter"))
	sm.Update(press("down"))
	sm.Update(ui.ShareAsk{ID: 7})
	assert.Nil(t, sm.frame.Load(), "nothing captured before y")
	assert.Zero(t, woke)

	time.Sleep(ui.ReadingPause + 100*time.Millisecond) // the ask read
	sm.Update(press("y"))
	require.Equal(t, []ui.ShareAnswer{{ID: 7, Shown: true}}, said)
	f := sm.frame.Load()
	require.NotNil(t, f, "captured on the y")
	assert.Equal(t, 7, f.Ask)
	assert.Equal(t, [2]int{80, 24}, [2]int{f.W, f.H})
	assert.Contains(t, f.Content, "your screen is shown to the room: ctrl+x stops it")
	assert.Contains(t, f.Content, `Zebra\x1b]52;c;cHduZWQ=\x07`, "the title's sequences as text")
	assert.Empty(t, controls(f.Content), "only styles and newlines")
	assert.Equal(t, 1, woke)

	// Within frameEvery the change waits, once, for the next frame.
	at = at.Add(40 * time.Millisecond)
	_, cmd := sm.Update(press("0"))
	assert.Same(t, f, sm.frame.Load())
	assert.NotNil(t, cmd)
	at = at.Add(20 * time.Millisecond)
	sm.Update(press("+"))
	assert.Same(t, f, sm.frame.Load())
	at = at.Add(40 * time.Millisecond)
	sm.Update(frameNow{})
	next := sm.frame.Load()
	require.NotSame(t, f, next)
	assert.Equal(t, 2, woke)
	// Rank 2 graded 1: NDCG@all of 3,1,3,0,1 under exponential gain is
	// (7 + 1/log2 3 + 7/2 + 1/log2 6) / (7 + 7/log2 3 + 1/2 + 1/log2 5)
	// = 11.5178 / 12.3472 = 0.9328.
	assert.Contains(t, next.Content, "NDCG@all = 0.9328")
	at = at.Add(time.Second)
	sm.Update(tea.FocusMsg{})
	sm.Update(frameNow{})
	assert.Same(t, next, sm.frame.Load(), "the same screen again is not a new frame")
	assert.Equal(t, 2, woke)

	sm.Update(press("ctrl+x"))
	assert.Nil(t, sm.frame.Load(), "dropped once stopped")
	assert.Equal(t, []ui.ShareAnswer{{ID: 7, Shown: true}, {ID: 7}}, said)
	at = at.Add(time.Second)
	sm.Update(press("-"))
	assert.Nil(t, sm.frame.Load())
	assert.Equal(t, 2, woke)
}

// A frame shown to the room has the attendee's resume code masked.
func TestFrameHidesTheResumeCode(t *testing.T) {
	assert.Equal(t, "ssh ada+"+codeMask+"@h", hideCode("ssh ada+k7m2p9xq@h", "k7m2p9xq"))
	assert.Equal(t, "ssh ada@h", hideCode("ssh ada@h", ""), "no code, nothing masked")
}
