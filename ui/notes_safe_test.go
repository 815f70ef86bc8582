package ui

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

// TestNotesShowControls: the notes view (N) writes the escape sequences
// of a list's notes out, as every other text is shown, where it wrote
// an OSC 8 hyperlink, SGR colours, U+009B and U+202E to the terminal and
// dropped OSC 52, CSI 2J and OSC 0 without a trace.
func TestNotesShowControls(t *testing.T) {
	notes := "see \x1b]8;;http://x\x1b\\here\x1b]8;;\x1b\\ \x1b[31mred\x1b[0m \u009b2J \u202eright \x1b]52;c;aGk=\x07 \x1b[2J \x1b]0;pwned\x07 end"
	doc := &listio.Document{Name: "n.json", Notes: notes, List: &ndcg.List{Items: []ndcg.Item{{ID: "A", Grade: 1}}}}
	m := newModel(t, doc, linearK5(), 200, 30)
	press(m, "N")
	v := m.View()
	uitest.AssertNothingObeyed(t, "notes", v)
	for _, raw := range []string{"\x1b]8;", "\x1b[31m", "\u009b", "\u202e", "\x1b]52;", "\x1b[2J", "\x1b]0;"} {
		assert.NotContains(t, v.Content, raw)
	}
	// Written out, each of them, not dropped.
	plain := ansi.Strip(v.Content)
	for _, shown := range []string{`\x1b]8;;http://x\x1b\here`, `\x1b[31mred`, `\x9b2J`, `\u202eright`, `\x1b]52;c;aGk=\x07`, `\x1b[2J`, `\x1b]0;pwned\x07 end`} {
		assert.Contains(t, plain, shown)
	}
}
