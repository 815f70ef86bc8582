package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
)

// Where names where the attendee is for the instructor's room view: the
// view as its title line names it, the help over it, or the step of the
// guided path the instructor sent; leaving each says so at once.
func TestWhereNamesTheAttendeesView(t *testing.T) {
	m := remoteModel(t, 80, 24, Options{})
	assert.Equal(t, "explorer", m.Where())
	press(m, "f2")
	assert.Equal(t, "working", m.Where())
	press(m, "tab")
	assert.Equal(t, "ties", m.Where())
	press(m, "?")
	assert.Equal(t, "help", m.Where())
	press(m, "esc")
	assert.Equal(t, "ties", m.Where())
	press(m, "f10")
	assert.Equal(t, "quiz", m.Where())
	assert.Contains(t, screen(m), "quiz", "as the title line names it")

	st, err := learn.At(2)
	require.NoError(t, err)
	doc, err := st.Doc()
	require.NoError(t, err)
	m.Update(Offer{Doc: doc, Settings: st.Opens, Step: 2})
	assert.Equal(t, "quiz", m.Where(), "asked, not yet in the step")
	press(m, "enter")
	require.Contains(t, screen(m), "Step 2 of 13")
	assert.Equal(t, "step 2", m.Where())
	press(m, "?")
	assert.Equal(t, "step 2", m.Where(), "the step's own help is still the step")
	press(m, "esc", "q")
	require.NotContains(t, screen(m), "Step 2 of 13")
	assert.Equal(t, "quiz", m.Where(), "back where they were")
}
