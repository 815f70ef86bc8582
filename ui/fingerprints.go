package ui

import tea "charm.land/bubbletea/v2"

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
