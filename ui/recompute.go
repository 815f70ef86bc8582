package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// recomputeLater starts the workspace's recomputation off the update
// loop when one waits (workspace.Pending: on a long list, a change of
// settings) and none runs; when its result is installed every view is
// told, as after an edit, and draws from it.
func (m *Model) recomputeLater() tea.Cmd {
	ws := m.c.WS
	if !ws.Pending() || m.later.Running {
		return nil
	}
	run := ws.Recomputation()
	return m.later.Start(func(context.Context) func() {
		install := run()
		return func() {
			if ws != m.c.WS || !install() {
				return // another list, an edit since, or settled already
			}
			m.recomputed()
		}
	})
}

// recomputed tells every view that the workspace's result is in, as
// after an edit (the edit was made and reported already).
func (m *Model) recomputed() {
	ed := workspace.Edited{Focus: -1}
	for _, v := range m.views {
		v.Update(ed)
	}
	if err := m.c.WS.Err; err != nil {
		m.c.SetStatus(err.Error(), true)
	}
}

// settle, before a key, waits for the recomputation of a ranking that
// an edit changed (workspace.Resorting): the key may be an edit made
// from the rank under the cursor, which must be the item's rank now.
// Only the key after a change that sorts the list again pays for it (a
// list of new scores; a move within a tie under docno ties), when it
// comes before the new ranking is in: a new score, a tie and the other
// moves are worked out on their key.
func (m *Model) settle() {
	if ws := m.c.WS; ws.Resorting() && ws.Settle() {
		m.recomputed()
	}
}

// fingerprintLater hands the taking of the saved state's fingerprints
// of a long list to work off the update loop, once after the list is
// opened or saved (workspace.Fingerprinting), so that the first edit
// does not take them on its key.
func (m *Model) fingerprintLater() tea.Cmd {
	take := m.c.WS.Fingerprinting()
	if take == nil {
		return nil
	}
	return func() tea.Msg {
		take()
		return nil
	}
}
