package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

// TestTypedAheadDoesNotAnswer: w or y typed in one go with the q (or o)
// that asks about unsaved edits, as a burst of keys arrives, does not
// answer the question: it stays, led by "Read first:" so that the key
// that did nothing is seen to be set aside, on one line at 80 columns
// (the footer stays), until a key comes after a pause to read it. esc,
// which stays and loses nothing, is taken at once.
func TestTypedAheadDoesNotAnswer(t *testing.T) {
	const question = "Unsaved edits. w: save and quit · y: quit without saving · esc: stay"
	const again = "Read first: unsaved edits. w: save and quit · y: quit without saving · esc: stay"
	step := uitest.TypingClock(t, &frame.Now)
	path := filepath.Join(t.TempDir(), "list.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"items": [{"id": "A", "grade": 3}, {"id": "B", "grade": 1}]}`), 0o644))
	doc, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	m := newModel(t, doc, linearK5(), 80, 24)
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	press(m, "0")
	for _, burst := range [][]string{{"q", "w"}, {"q", "y"}, {"q", "w", "y", "y"}} {
		for i, k := range burst {
			assert.Nil(t, press(m, k), "%v: nothing saved, nothing quit", burst)
			if i == 0 {
				assert.Contains(t, screen(m), question, "%v: asked", burst)
				assert.NotContains(t, screen(m), "Read first", "%v: asked plainly", burst)
			}
		}
		lines := strings.Split(screen(m), "\n")
		assert.Equal(t, again, strings.TrimSpace(lines[len(lines)-2]), "%v: the question stays, led by why the key did nothing", burst)
		assert.Contains(t, lines[len(lines)-1], "? help", "%v: on one line: the footer stays", burst)
		assert.NotNil(t, dialogOf[*dialogs.Question](m))
		after, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, string(before), string(after), "%v: the file is not written", burst)
		// Read, then stayed.
		*step = time.Second
		press(m, "esc")
		assert.Contains(t, screen(m), "not quitting")
		*step = 20 * time.Millisecond
	}

	// esc in one go with q: staying is taken at once.
	press(m, "q", "esc")
	assert.Nil(t, dialogOf[*dialogs.Question](m))
	assert.Contains(t, screen(m), "not quitting")

	// The same keys after a pause answer it.
	press(m, "q")
	*step = time.Second
	assert.True(t, uitest.IsQuit(press(m, "y")), "y after reading the question quits")
}

// TestTypedAheadDoesNotOpen: o then y in one go does not throw the edits
// away for the open dialog; y read and pressed does.
func TestTypedAheadDoesNotOpen(t *testing.T) {
	step := uitest.TypingClock(t, &frame.Now)
	m := start(t)
	press(m, "0", "o", "y")
	assert.Nil(t, dialogOf[*dialogs.Opener](m))
	assert.Contains(t, screen(m), "Read first: unsaved edits. w: save, then open · y: open without saving")
	*step = time.Second
	press(m, "y")
	assert.NotNil(t, dialogOf[*dialogs.Opener](m), "the open dialog")
}
