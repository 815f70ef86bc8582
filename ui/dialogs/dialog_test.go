package dialogs

import (
	"testing"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// host is a Host that records what the dialogs ask of it: a dialog
// works with whatever program hands it one.
type host struct {
	c       *common.Common
	open    Dialog
	help    help.Model
	inOneGo bool
	saved   []Then
	edits   int
}

func newHost(t *testing.T) *host {
	t.Helper()
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	h := &host{help: help.New()}
	h.c = &common.Common{WS: workspace.New(doc, ndcg.DefaultSettings()), Keys: common.DefaultKeyMap(),
		Styles: common.NewStyles(true, false, false)}
	h.c.Tell = func(workspace.Edited) { h.edits++ }
	return h
}

func (h *host) Common() *common.Common                   { return h.c }
func (h *host) Size() (int, int)                         { return 80, 24 }
func (h *host) Help() *help.Model                        { return &h.help }
func (h *host) Open(d Dialog)                            { h.open = d }
func (h *host) Close()                                   { h.open = nil }
func (h *host) Remote() bool                             { return false }
func (h *host) InOneGo() bool                            { return h.inOneGo }
func (h *host) Save(then Then) tea.Cmd                   { h.saved = append(h.saved, then); return nil }
func (h *host) SaveTo(string, Then) tea.Cmd              { return nil }
func (h *host) SavePath() string                         { return "" }
func (h *host) Install(*workspace.Workspace, *ndcg.Gain) {}
func (h *host) Copy(string) tea.Cmd                      { return nil }
func (h *host) HelpPages(int) []string                   { return []string{""} }
func (h *host) HelpNote() string                         { return "" }

// keys gives d each key, as the program would while d is open, and
// reports whether the last was taken.
func keys(d Dialog, names ...string) (taken bool) {
	for _, k := range names {
		_, taken = d.Key(uitest.Key(k))
	}
	return taken
}

// The cutoff field sets k through the Common it was handed and closes;
// ctrl+c is left to the program, which quits.
func TestCutoffSetsKAndLeavesCtrlC(t *testing.T) {
	h := newHost(t)
	d := NewCutoff(h)
	h.Open(d)
	assert.False(t, keys(d, "ctrl+c"), "ctrl+c is the program's")
	d.Paste(tea.PasteMsg{Content: "3 items\n"})
	assert.Equal(t, "3", d.Value(), "a paste keeps its digits")
	require.True(t, keys(d, "enter"))
	assert.Equal(t, 3, h.c.WS.Settings.K)
	assert.Equal(t, 1, h.edits, "one edit told to the views")
	assert.Nil(t, h.open, "closed")
}

// The question about unsaved edits, asked over the cutoff field (ctrl+c
// there), gives the field back on esc; y typed in one go with the key
// that asked does not answer; w asks the program to save, then quit.
func TestQuestionAnswers(t *testing.T) {
	h := newHost(t)
	field := NewCutoff(h)
	answers := []key.Binding{frame.QuitKeys.Save, frame.QuitKeys.Quit, frame.QuitKeys.Stay}
	q := NewQuestion(h, field, ThenQuit, "Unsaved edits", answers...)
	h.Open(q)
	assert.Equal(t, "Unsaved edits. w: save and quit · y: quit without saving · esc: stay", h.c.Status.Text)
	keys(q, "esc")
	assert.Same(t, field, h.open, "the field has the keys again")
	assert.Equal(t, "not quitting", h.c.Status.Text)

	q = NewQuestion(h, nil, ThenQuit, "Unsaved edits", answers...)
	h.Open(q)
	h.inOneGo = true
	cmd, _ := q.Key(uitest.Key("y"))
	assert.Nil(t, cmd, "typed ahead: no quit")
	assert.Equal(t, "Read first: unsaved edits. w: save and quit · y: quit without saving · esc: stay", h.c.Status.Text)
	h.inOneGo = false
	keys(q, "w")
	assert.Equal(t, []Then{ThenQuit}, h.saved)
	assert.Nil(t, h.open)
}
