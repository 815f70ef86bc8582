package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

// shareModel is an attendee's explorer whose answers to the instructor's
// asks are kept in *said.
func shareModel(t *testing.T, w, h int, said *[]ShareAnswer) *Workshop {
	t.Helper()
	return remoteModel(t, w, h, Options{Remote: &Remote{OnShare: func(a ShareAnswer) { *said = append(*said, a) }}})
}

func firstLine(m tea.Model) string { return strings.SplitN(screen(m), "\n", 2)[0] }

// The ask waits in the footer with its keys; y shows the screen, which
// the title line then says on every screen, and ^x stops it from
// anywhere, a field included.
func TestShareAskedShownAndStopped(t *testing.T) {
	var said []ShareAnswer
	m := shareModel(t, 80, 24, &said)
	m.Update(ShareAsk{ID: 4})
	assert.Contains(t, screen(m), "the instructor asks to show your screen to the room: y shows it, n declines")
	assert.Contains(t, lastLine(m), "show your screen to the room? y show it • n/esc decline • ? help • q quit")
	assert.Zero(t, m.SharedAsk(), "nothing shown before y")
	assert.Empty(t, said)

	press(m, "y")
	assert.Equal(t, []ShareAnswer{{ID: 4, Shown: true}}, said)
	assert.Equal(t, 4, m.SharedAsk())
	assert.Contains(t, screen(m), "your screen is shown to the room: ctrl+x stops it")
	assert.NotContains(t, lastLine(m), "show your screen to the room?", "the view's footer is back")
	assert.Equal(t, "ndcg-explorer inline                     shown to the room · ^x stops [explorer]", strings.TrimSpace(firstLine(m)))
	assert.False(t, m.dialogOpen(), "y answered: it opened no copy menu")

	// The mark stays whatever is open: the help, then a field.
	press(m, "?")
	assert.Contains(t, firstLine(m), "shown to the room · ^x stops")
	press(m, "esc", "e")
	require.True(t, editingInPlace(m.views[m.active]), "the title's field has the keys")
	press(m, "ctrl+x")
	assert.Equal(t, []ShareAnswer{{ID: 4, Shown: true}, {ID: 4}}, said)
	assert.Zero(t, m.SharedAsk())
	assert.True(t, editingInPlace(m.views[m.active]), "the field is still open")
	assert.NotContains(t, firstLine(m), "shown to the room")
	assert.Contains(t, screen(m), "stopped: your screen is no longer shown to the room")
	press(m, "ctrl+x")
	assert.Len(t, said, 2, "nothing more to stop")
}

// n and esc decline; the screen is never shown without a y to the ask
// on screen: an end of the ask withdraws it, and an ask older than one
// seen (sent on its own, it came late) is not asked.
func TestShareDeclinedAndWithdrawn(t *testing.T) {
	for _, k := range []string{"n", "esc"} {
		var said []ShareAnswer
		m := shareModel(t, 80, 24, &said)
		m.Update(ShareAsk{ID: 1})
		press(m, k)
		assert.Equal(t, []ShareAnswer{{ID: 1}}, said, k)
		assert.Contains(t, screen(m), "declined: your screen is not shown", k)
		press(m, "y")
		assert.Zero(t, m.SharedAsk(), "a y after the answer shows nothing")
		assert.True(t, m.dialogOpen(), "it is the take-out menu's y again")
	}

	var said []ShareAnswer
	m := shareModel(t, 80, 24, &said)
	m.Update(ShareAsk{ID: 2})
	m.Update(ShareEnd{ID: 2})
	assert.Contains(t, screen(m), "the instructor no longer asks to show your screen")
	press(m, "y")
	assert.Empty(t, said)
	assert.Zero(t, m.SharedAsk())

	m = shareModel(t, 80, 24, &said)
	m.Update(ShareEnd{ID: 3})
	m.Update(ShareAsk{ID: 3})
	assert.NotContains(t, screen(m), "the instructor asks", "its end came first")
	m.Update(ShareAsk{ID: 5})
	press(m, "y")
	m.Update(ShareEnd{ID: 4})
	assert.Equal(t, 5, m.SharedAsk(), "an older ask's end ends nothing")
	m.Update(ShareEnd{ID: 5})
	assert.Zero(t, m.SharedAsk())
	assert.Contains(t, screen(m), "the instructor stopped showing your screen")
	assert.Equal(t, []ShareAnswer{{ID: 5, Shown: true}}, said, "the instructor's end is not told back")
}

// A y typed as the ask comes (before it could be read) keeps its
// meaning in the view: the take-out menu, not the screen shown.
func TestShareNotAnsweredByAKeyTypedAsItCame(t *testing.T) {
	at := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	uitest.UseClock(t, &frame.Now, func() time.Time { return at })
	var said []ShareAnswer
	m := shareModel(t, 80, 24, &said)
	m.Update(ShareAsk{ID: 1})
	at = at.Add(100 * time.Millisecond)
	press(m, "y")
	assert.Zero(t, m.SharedAsk())
	assert.Empty(t, said)
	assert.True(t, m.dialogOpen(), "the y opened the take-out menu")
	press(m, "esc")
	assert.Contains(t, lastLine(m), "show your screen to the room? y show it", "the ask waits")
	at = at.Add(time.Second)
	press(m, "y")
	assert.Equal(t, 1, m.SharedAsk(), "read, then answered")
}

// At 60 columns the mark is whole on the title line, the view's name
// giving way to it.
func TestShareMarkAt60Columns(t *testing.T) {
	var said []ShareAnswer
	m := shareModel(t, 60, 20, &said)
	m.Update(ShareAsk{ID: 1})
	assert.Contains(t, lastLine(m), "y show it • n/esc decline")
	assert.Contains(t, screen(m), "\nthe instructor asks to show your screen to the room\ny show it", "the question whole, its keys below")
	press(m, "y")
	assert.Equal(t, "ndcg-explorer inline            shown to the room · ^x stops", firstLine(m))
	press(m, "0")
	assert.Equal(t, "ndcg-explorer inline            shown to the room · ^x stops", firstLine(m), "modified gives way too")
	m.Update(ShareEnd{ID: 1})
	assert.Equal(t, "ndcg-explorer inline                     [explorer] modified", firstLine(m))
}

// An ask that comes while the welcome is up has the status line to
// itself, read whole above its keys; the welcome, which says how the
// attendee comes back to their list, is back with a no, but not with a
// yes: it holds a keyless attendee's resume code, which would go up on
// the projector with the screen (their help does not say it then either).
func TestShareAskOverTheWelcome(t *testing.T) {
	const welcome = "ssh -p 23234 ada+k7m2p9xq@HOST brings you back to this list"
	var said []ShareAnswer
	m := remoteModel(t, 80, 24, Options{Welcome: welcome, Remote: &Remote{OnShare: func(a ShareAnswer) { said = append(said, a) }}})
	m.Update(ShareAsk{ID: 1})
	s := screen(m)
	assert.Contains(t, s, "\n"+sharePrompt+"\n")
	assert.NotContains(t, s, welcome)
	press(m, "y")
	assert.Equal(t, "your screen is shown to the room: ctrl+x stops it", m.StatusText())
	assert.NotContains(t, screen(m), "k7m2p9xq")

	m = remoteModel(t, 80, 24, Options{Welcome: welcome, Remote: &Remote{Back: "ssh -p 23234 ada+k7m2p9xq@HOST", OnShare: func(a ShareAnswer) { said = append(said, a) }}})
	m.Update(ShareAsk{ID: 1})
	press(m, "n")
	assert.Equal(t, welcome+"; declined: your screen is not shown", m.StatusText())
	m.Update(ShareAsk{ID: 2})
	press(m, "y", "f2", "?")
	assert.NotContains(t, screen(m), "k7m2p9xq", "the help while shown")
	press(m, "esc", "ctrl+x", "?")
	assert.Contains(t, screen(m), "k7m2p9xq", "the help once no longer shown")
}
