package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// presetPicker lists the conventions of the common implementations with
// the NDCG@k each gives on this list, so choosing one is already a
// lesson in how much they disagree.
type presetPicker struct {
	rows   []presetRow
	cursor int
}

type presetRow struct {
	name, note string
	settings   ndcg.Settings
	value      string
	// inForce marks the preset the conventions in force follow, the one
	// the conventions line names.
	inForce bool
}

// newPresetPicker computes NDCG@k under every preset once, when the
// picker opens, as the conventions view does.
func newPresetPicker(ws *workspace.Workspace) *presetPicker {
	p := &presetPicker{}
	for i, pv := range explain.SideBySide(ws.List(), ws.Settings) {
		row := presetRow{name: pv.Preset.Name, note: pv.Preset.Note, settings: pv.Settings, value: "error", inForce: pv.InForce}
		if pv.Err == nil {
			row.value = fmt.Sprintf("%.4f", pv.NDCG)
		}
		if pv.InForce {
			p.cursor = i
		}
		p.rows = append(p.rows, row)
	}
	return p
}

// presetName is a preset's name in a list of presets: =NAME for the one
// in force, as the conventions line names it.
func presetName(name string, inForce bool) string {
	if inForce {
		return "=" + name
	}
	return name
}

// View draws the picker in w×h.
func (p *presetPicker) View(c *Common, w, h int) string {
	st := c.Styles
	k := c.WS.Settings.KString()
	lines := []string{
		st.Title.Render("Presets") + st.Subtle.Render("  ↑/↓ choose · enter applies (k stays "+k+") · esc closes"),
		"",
		st.Header.Render(fmt.Sprintf("  %-11s %-9s %s", "preset", "NDCG@"+k, "used by")),
	}
	// Each preset takes two lines, its conventions under it, when they
	// all fit; else one, and the rows scroll to keep the cursor in view.
	room := max(h-len(lines), 1)
	both := 2*len(p.rows) <= room
	from := 0
	if !both {
		from = scrollTo(0, p.cursor, len(p.rows), room)
	}
	for i, r := range p.rows {
		if i < from {
			continue
		}
		// A preset sets everything but k: its line says the rest in
		// the conventions line's short words.
		c := explain.State(r.settings)
		conv := joinNonEmpty([]string{c.Gain, c.DiscountShort, c.Ties, c.IDCGShort, c.ZeroShort, c.GradesShort}, ", ")
		line := ansi.Truncate(fmt.Sprintf("  %-11s %-9s %s", presetName(r.name, r.inForce), r.value, r.note), w, "…")
		if i == p.cursor {
			line = st.Cursor.Render(">" + line[1:])
		}
		lines = append(lines, line)
		if both {
			lines = append(lines, st.Subtle.Render(ansi.Truncate("                        "+conv, w, "…")))
		}
	}
	return block(strings.Join(lines, "\n"), w, h)
}

func (m *Model) pickerKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	p := m.picker
	switch {
	case key.Matches(msg, k.Cancel, k.Preset, k.Quit):
		m.picker = nil
	case key.Matches(msg, k.Up):
		p.cursor = (p.cursor + len(p.rows) - 1) % len(p.rows)
	case key.Matches(msg, k.Down):
		p.cursor = (p.cursor + 1) % len(p.rows)
	case key.Matches(msg, k.Confirm):
		s := p.rows[p.cursor].settings
		m.picker = nil
		return m.settingsEdit(m.c.WS.ChangeSettings(s), "these conventions are already in force")
	}
	return nil
}
