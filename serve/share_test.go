package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// The room takes an attendee's y only to its ask under way: a y to an
// ask the instructor cancelled, or another attendee's, shows nothing.
func TestRoomTakesTheAnswerToItsAskOnly(t *testing.T) {
	r := newRoom(10, 0, nil)
	ada, _ := r.Join("ada", "", "127.0.0.1:1", "")
	bob, _ := r.Join("bob", "", "127.0.0.1:2", "")
	// (No program: the ask is the room's to record, not sent here.)
	r.share = Share{Ask: 3, Member: ada.ID, Name: "ada", State: ShareAsked}
	r.shareAnswer(bob.ID, ui.ShareAnswer{ID: 3, Shown: true})
	assert.Equal(t, ShareAsked, r.Share().State, "bob was not asked")
	r.shareAnswer(ada.ID, ui.ShareAnswer{ID: 2, Shown: true})
	assert.Equal(t, ShareAsked, r.Share().State, "an older ask")
	assert.Equal(t, ShareAsked, r.EndShare().State)
	r.shareAnswer(ada.ID, ui.ShareAnswer{ID: 3, Shown: true})
	assert.Equal(t, ShareCancelled, r.Share().State, "cancelled before the y came")

	r.share = Share{Ask: 4, Member: ada.ID, Name: "ada", State: ShareAsked}
	r.shareAnswer(ada.ID, ui.ShareAnswer{ID: 4, Shown: true})
	assert.Equal(t, ShareShown, r.Share().State)
	assert.Nil(t, r.Share().Frame, "no session, no frame")
	r.Leave(ada)
	assert.Equal(t, ShareLeft, r.Share().State)
	assert.False(t, strings.Contains(r.Share().Name, "bob"))
}

// An attendee in a browser (--web) runs the same session: asked, they
// agree with y, and the room holds their screen for the dashboard until
// they stop it (ctrl+x).
func TestBrowserAttendeeSharesTheirScreen(t *testing.T) {
	s, addr := startWebServer(t, Config{})
	b, err := openPage(t, addr, s.webCode, nil)
	require.NoError(t, err)
	b.join("ada", "", "")
	b.WaitFor(ndcgStart)
	seats := s.Room().Seats(time.Now())
	require.Len(t, seats, 1)
	_, ok := s.Room().AskShare(seats[0].ID)
	require.True(t, ok)
	b.WaitFor("show your screen to the room? y show it")
	time.Sleep(400 * time.Millisecond) // read before answered
	b.Send("y")
	require.Eventually(t, func() bool {
		sh := s.Room().Share()
		return sh.State == ShareShown && sh.Frame != nil && strings.Contains(sh.Frame.Content, "NDCG@all = 0.9575")
	}, 10*time.Second, 20*time.Millisecond, "ada's screen")
	assert.Equal(t, [2]int{80, 24}, [2]int{s.Room().Share().Frame.W, s.Room().Share().Frame.H})
	b.Send("\x18") // ctrl+x
	require.Eventually(t, func() bool { return s.Room().Share().State == ShareStopped }, 10*time.Second, 20*time.Millisecond, "the stop")
	assert.Nil(t, s.Room().Share().Frame)
}
