package dialogs

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
)

// Picker lists the conventions of the common implementations with
// the NDCG@k each gives on this list, so choosing one is already a
// lesson in how much they disagree.
type Picker struct {
	h      Host
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

// NewPicker computes NDCG@k under every preset once, when the picker
// opens, as the conventions view does.
func NewPicker(h Host) *Picker {
	ws := h.Common().WS
	p := &Picker{h: h}
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

// pickerIndent is where a row's note starts, after the preset's name
// and NDCG@k.
const pickerIndent = 24

// View draws the picker in w×h. Every preset says whole who uses it and
// the conventions it sets, wrapped under its note; when they do not all
// fit, each preset takes one line and the one selected is told whole
// under the list.
func (p *Picker) View(w, h int) string {
	c := p.h.Common()
	st := c.Styles
	k := c.WS.Settings.KString()
	head := []string{
		st.Title.Render("Presets") + st.Subtle.Render("  ↑/↓ choose · enter applies (k stays "+k+") · esc closes"),
		"",
		st.Header.Render(fmt.Sprintf("  %-11s %-9s %s", "preset", "NDCG@"+k, "used by (=: the preset in force)")),
	}
	pad := strings.Repeat(" ", pickerIndent)
	// told is a row's note and conventions, each wrapped to the cells
	// after the indent.
	told := func(r presetRow, width int) (note, conv []string) {
		// A preset sets everything but k: its line says the rest in
		// the conventions line's short words.
		// A line breaks between two settings, not inside one ("integer
		// grades"): their own spaces do not break until the line is
		// drawn.
		cs := explain.State(r.settings)
		parts := []string{cs.Gain, cs.DiscountShort, cs.Ties, cs.IDCGShort, cs.ZeroShort, cs.GradesShort}
		for i, part := range parts {
			parts[i] = strings.ReplaceAll(part, " ", "\u00a0")
		}
		words := strings.ReplaceAll(layout.Wrap(layout.JoinNonEmpty(parts, ", "), max(width, 1)), "\u00a0", " ")
		return strings.Split(layout.Wrap(r.note, max(width, 1)), "\n"), strings.Split(words, "\n")
	}
	main := func(i int, note string) string {
		r := p.rows[i]
		line := fmt.Sprintf("  %-11s %-9s %s", common.PresetName(r.name, r.inForce), r.value, note)
		if i == p.cursor {
			return st.Cursor.Render(">" + line[1:])
		}
		return line
	}
	var full []string
	for i, r := range p.rows {
		note, conv := told(r, w-pickerIndent)
		full = append(full, main(i, note[0]))
		for _, l := range note[1:] {
			full = append(full, pad+l)
		}
		for _, l := range conv {
			full = append(full, st.Subtle.Render(pad+l))
		}
	}
	if len(head)+len(full) > h && len(head)-1+len(full) <= h {
		head = append(head[:1], head[2]) // the blank line gives way first
	}
	if len(head)+len(full) <= h {
		return layout.Block(strings.Join(append(head, full...), "\n"), w, h)
	}
	// One line a preset, scrolled to keep the cursor in view, and the
	// one selected told whole under them while three rows keep room.
	head = append(head[:1], head[2])
	note, conv := told(p.rows[p.cursor], w-4)
	detail := []string{""}
	for _, l := range note {
		detail = append(detail, "    "+l)
	}
	for _, l := range conv {
		detail = append(detail, st.Subtle.Render("    "+l))
	}
	room := h - len(head)
	if room-len(detail) < min(3, len(p.rows)) {
		detail = nil
	}
	room = max(room-len(detail), 1)
	lines := head
	from := layout.ScrollTo(0, p.cursor, len(p.rows), room)
	for i, r := range p.rows {
		if i < from || i >= from+room {
			continue
		}
		lines = append(lines, ansi.Truncate(main(i, r.note), w, "…"))
	}
	return layout.Block(strings.Join(append(lines, detail...), "\n"), w, h)
}

// Key moves the cursor, applies the preset under it (enter) or closes
// the picker (esc, P, q); the view's keys do nothing under it.
func (p *Picker) Key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	c := p.h.Common()
	k := c.Keys
	switch {
	case key.Matches(msg, k.Cancel, k.Preset, k.Quit):
		p.h.Close()
		c.SetStatus("presets closed: no preset applied", false)
	case key.Matches(msg, k.Up):
		p.cursor = (p.cursor + len(p.rows) - 1) % len(p.rows)
	case key.Matches(msg, k.Down):
		p.cursor = (p.cursor + 1) % len(p.rows)
	case key.Matches(msg, k.Confirm):
		s := p.rows[p.cursor].settings
		p.h.Close()
		c.ApplySetting(c.WS.ChangeSettings(s), "these conventions are already in force")
	}
	return nil, true
}

// Paste is dropped: the picker has no field.
func (p *Picker) Paste(tea.PasteMsg) {}

// Covers is true: the picker is drawn over the view.
func (p *Picker) Covers() bool { return true }

// Footer names the keys that choose, apply and close.
func (p *Picker) Footer(w int) string {
	k := p.h.Common().Keys
	return chooserFooter(p.h.Help(), common.As(k.Confirm, "enter", "apply it"), common.Bind([]string{"esc", "P", "q"}, "esc/P/q", "close"), w)
}

// chooserFooter is the footer of a list to choose from (the presets, the
// samples alone over the network): the keys that choose, take and close.
func chooserFooter(h *help.Model, take, closeKey key.Binding, w int) string {
	h.SetWidth(w)
	return ansi.Truncate(h.ShortHelpView([]key.Binding{common.Bind([]string{"up", "down"}, "↑/↓", "choose"), take, closeKey}), w, "")
}
