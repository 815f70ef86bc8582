package serve

import (
	"testing"

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
	sm := &sessionModel{
		Workshop: ui.NewWorkshop(ui.Options{Doc: doc, Settings: ndcg.DefaultSettings(), NoColor: true, Remote: &ui.Remote{}}),
		onWhere:  func() { woke++ },
	}
	sm.noteWhere()
	require.NotNil(t, sm.where.Load())
	assert.Equal(t, "explorer", *sm.where.Load())
	assert.Equal(t, 1, woke)
	sm.Update(press("down"))
	assert.Equal(t, "explorer", *sm.where.Load())
	assert.Equal(t, 1, woke, "the cursor moved, not the attendee")
	sm.Update(press("f10"))
	assert.Equal(t, "quiz", *sm.where.Load())
	assert.Equal(t, 2, woke)
	sm.Update(press("?"))
	assert.Equal(t, "help", *sm.where.Load())
	assert.Equal(t, 3, woke)
}
