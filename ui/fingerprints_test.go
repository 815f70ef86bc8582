package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// TestFingerprintsOffTheLoop: the first message after a long list is
// opened hands the taking of the saved state's fingerprints to work off
// the update loop (so the workspace has none left to hand out); the
// command runs it, and the first edit finds the list modified.
func TestFingerprintsOffTheLoop(t *testing.T) {
	m := New(Options{Doc: benchDoc(50_000), Settings: ndcg.DefaultSettings(), NoColor: true})
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	require.NotNil(t, cmd)
	require.Nil(t, m.c.WS.Fingerprinting(), "handed out with the first message")
	runAll(cmd)
	m.Update(keyMsg("+"))
	require.True(t, m.c.WS.Dirty())
}

// runAll runs a command and the commands of the batches it returns.
func runAll(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	if b, ok := cmd().(tea.BatchMsg); ok {
		for _, c := range b {
			runAll(c)
		}
	}
}
