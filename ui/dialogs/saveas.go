package dialogs

import (
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
)

// SaveAs asks for the file to save the list to, on the status line,
// then does what the save was for (Then).
type SaveAs struct {
	// pathField's label is "save as: ", or why w asks for a name when
	// the list came from a CSV.
	pathField
	then Then
}

// NewSaveAs opens the field on the list's own file, or on the name
// SuggestedPath gives a list without one.
func NewSaveAs(h Host, then Then) *SaveAs {
	c := h.Common()
	def, label := h.SavePath(), "save as: "
	if def == "" {
		def, label = SuggestedPath(c.WS.Doc), fromFileLabel(c.WS.Doc)
	}
	return &SaveAs{pathField: newPathField(h, def, label, "save as"), then: then}
}

// SuggestedPath is the JSON file save as suggests for a list without one
// of its own: beside the list's file (mylist.csv gives mylist.json
// there; query 301 of a run or data set, RUN-query-301.json beside it,
// opened alone or from the query browser); in the current directory, as
// a name typed alone would be, for a list without one.
func SuggestedPath(doc *listio.Document) string {
	dir, stem := doc.Stem()
	return filepath.Join(dir, stem+".json")
}

// fromFileLabel is the save as field's label when w asks for a name for
// a list read from a file: w writes JSON only (a CSV or TSV keeps no
// settings or claims), so it does not write over that file, and a name
// ending in .csv or .tsv writes that format instead.
func fromFileLabel(doc *listio.Document) string {
	if doc.Query != "" {
		return "save as: "
	}
	if _, err := os.Stat(doc.Name); err != nil {
		return "save as: "
	}
	switch ext := strings.ToLower(filepath.Ext(doc.Name)); ext {
	case ".csv", ".tsv":
		return "save as JSON (keeps the settings; " + ext + " writes " + strings.ToUpper(ext[1:]) + "): "
	default:
		return "save as JSON (w does not write over " + filepath.Base(doc.Name) + "): "
	}
}

// Value is the file name typed.
func (d *SaveAs) Value() string { return d.field.Value() }

// SetValue puts a file name in the field.
func (d *SaveAs) SetValue(s string) { d.field.SetValue(s) }

// Overwrite is the file that exists, named in the field, that enter a
// second time replaces; "" for none.
func (d *SaveAs) Overwrite() string { return d.over }

// Key types the name; enter saves (a file that exists asks for a second
// enter), esc cancels.
func (d *SaveAs) Key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	c := d.h.Common()
	k := c.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		d.h.Close()
		c.SetStatus("not saved", false)
		return nil, true
	case key.Matches(msg, k.Confirm):
		if strings.TrimSpace(d.field.Value()) == "" {
			return func() tea.Msg { return common.StatusMsg{Text: "type a file name (esc cancels)", Err: true} }, true
		}
		path := d.confirmed(d.h.SavePath())
		if path == "" {
			return nil, true
		}
		d.h.Close()
		return d.h.SaveTo(path, d.then), true
	}
	d.field.Update(msg)
	return nil, true
}
