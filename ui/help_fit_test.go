package ui

import (
	"strings"
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/ui/views"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each view's own help (?) fits one 80×24 screen: no "lines … of"
// marker, and every binding it lists shows whole, its keys and its
// words. The explorer's second page, what the screen's marks mean,
// fits too.
func TestEveryViewsHelpFitsOneScreen(t *testing.T) {
	for i, r := range views.All {
		t.Run(r.Name, func(t *testing.T) {
			m := start(t)
			press(m, fKey(r), "?")
			require.Equal(t, i, m.active)
			s := screen(m)
			lines := strings.Split(s, "\n")
			require.Len(t, lines, 24)
			assert.NotContains(t, lines[23], "lines ", "the help scrolls: %q", lines[23])
			for _, g := range helpGroups(m.views[m.active], m.active == 0, m.help.answering, m.c.Keys) {
				for _, b := range g.keys {
					assert.Contains(t, s, b.Help().Key, "%s's key", b.Help().Desc)
					assert.Contains(t, s, b.Help().Desc)
				}
			}
			for _, b := range fieldHelp().keys {
				assert.Contains(t, s, b.Help().Key+" "+b.Help().Desc)
			}
			for _, l := range lines {
				assert.NotContains(t, l, "…", "nothing cut")
			}
			if r.Name == "explorer" {
				press(m, "?")
				s = screen(m)
				assert.Contains(t, s, "a rank past k", "? turns to the screen's marks")
				assert.NotContains(t, strings.Split(s, "\n")[23], "lines ")
				press(m, "?")
				assert.Nil(t, m.dialog, "? on the last page closes the help")
			}
			t.Logf("%s: %d rows of keys", r.Name, len(strings.Split(m.helpPages(80)[0], "\n")))
		})
	}
}
