package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// recomputeLater starts the workspace's recomputation off the update
// loop when one waits (workspace.Pending: on a long list, a change of
// settings) and none runs; when its result is installed every view is
// told, as after an edit, and draws from it.
func recomputeLater(job *background.Job, c *common.Common, vs []view.View) tea.Cmd {
	ws := c.WS
	if !ws.Pending() || job.Running {
		return nil
	}
	run := ws.Recomputation()
	return job.Start(func(context.Context) func() {
		install := run()
		return func() {
			// The same list has the same views: another list comes
			// with views of its own (dialogHost.Install).
			if ws != c.WS || !install() {
				return // another list, an edit since, or settled already
			}
			recomputed(c, vs)
		}
	})
}

// recomputed tells every view that the workspace's result is in, as
// after an edit (the edit was made and reported already).
func recomputed(c *common.Common, vs []view.View) {
	ed := workspace.Edited{Focus: -1}
	for _, v := range vs {
		v.Update(ed)
	}
	if err := c.WS.Err; err != nil {
		c.SetStatus(err.Error(), true)
	}
}

// settle, before a key, waits for the recomputation of a ranking that
// an edit changed (workspace.Resorting): the key may be an edit made
// from the rank under the cursor, which must be the item's rank now.
// Only the key after a change that sorts the list again pays for it (a
// list of new scores; a move within a tie under docno ties), when it
// comes before the new ranking is in: a new score, a tie and the other
// moves are worked out on their key.
func settle(c *common.Common, vs []view.View) {
	if ws := c.WS; ws.Resorting() && ws.Settle() {
		recomputed(c, vs)
	}
}

// fingerprintLater hands the taking of the saved state's fingerprints
// of a long list to work off the update loop, once after the list is
// opened or saved (workspace.Fingerprinting), so that the first edit
// does not take them on its key.
func fingerprintLater(ws *workspace.Workspace) tea.Cmd {
	take := ws.Fingerprinting()
	if take == nil {
		return nil
	}
	return func() tea.Msg {
		take()
		return nil
	}
}
