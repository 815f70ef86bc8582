package serve

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The workshop guide quotes what attendees and the log read as the room
// now is: it told instructors that stopping loses every list (the room
// is kept in the state directory), quoted an ending line and a refusal
// that the server no longer prints, and a first frame ("welcome, ana!")
// an ssh attendee never sees. The lines quoted here are the ones the
// server's own tests read off a session (TestCleanStopKeepsTheLists,
// the take-home refusal in takehome.go, identity.go's first status).
func TestWorkshopGuideQuotesWhatTheServerSays(t *testing.T) {
	data, err := os.ReadFile("../docs/workshop.md")
	require.NoError(t, err)
	guide := string(data)
	assert.NotContains(t, guide, "in memory only")
	assert.NotContains(t, guide, "welcome, ana!")
	assert.Contains(t, guide, "ndcg-explorer: your list is kept for the next serve; then, to take it home:")
	assert.Contains(t, guide, "no list kept for bob without a key or a code: give the user name your take-home lines show (NAME+CODE)")
	assert.Contains(t, guide, "welcome to IR course, week 3, ada: your SSH key brings you back to this list; while you wait,\ndigits set grades and v shows the views")
	// TestReconnectScoresTheRoundEndedWhileAway reads it for round 1.
	assert.Contains(t, guide, "`welcome back: your list is as you left it; round 2 ended while you were\naway: your answer is scored, 1 of 2 right`")
	faq, err := os.ReadFile("../docs/faq.md")
	require.NoError(t, err)
	assert.NotContains(t, string(faq), "in memory only")
}
