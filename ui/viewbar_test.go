package ui

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
)

// maxViews is how many views the explorer has keys for: F1–F10 and the
// view menu's digits 1–9 and 0 (ten), and the view bar names that many
// whole at 80 columns. An eleventh view would need a key scheme of its
// own (F11 is many terminals' full screen, and "1" the explorer's digit):
// see package views, Adding a view.
const maxViews = 10

// barAt is the view bar of m at w columns (the screen's third line).
func barAt(m *Model, w int) string {
	m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
	return strings.TrimRight(strings.Split(screen(m), "\n")[2], " ")
}

// The view bar names every view, the one on screen in brackets, in the
// registry's order; with room, the menu's key after them; where the
// names do not fit, the view on screen and its number among them.
func TestViewBar(t *testing.T) {
	m := start(t)
	for i := range views.All {
		press(m, fmt.Sprintf("f%d", i+1))
		var names []string
		for j, r := range views.All {
			name := capitalise(r.Name)
			if j == i {
				name = "[" + name + "]"
			}
			names = append(names, name)
		}
		all := strings.Join(names, " ")
		assert.Equal(t, all, barAt(m, 80), "view %d", i+1)
		assert.Equal(t, all+" · v views", barAt(m, 100), "view %d", i+1)
		assert.Equal(t, fmt.Sprintf("[%s] view %d of %d · v views · tab next", capitalise(views.All[i].Name), i+1, len(views.All)),
			barAt(m, 60), "view %d", i+1)
	}
}

// Every view has its keys, and no key is two views': the registry holds
// at most maxViews, F1, F2, … and the view menu's digits open each in
// the registry's order, a view's letter opens it alone, and at 80
// columns the view bar names every view whole, whichever is on screen.
// A view past the tenth fails here rather than be numbered 1 in the
// menu (the explorer's digit) and reached only by F11.
func TestViewsFitTheirKeys(t *testing.T) {
	require.LessOrEqual(t, len(views.All), maxViews,
		"%d views: F1–F10 and the menu's digits 1–9, 0 reach ten (see package views, Adding a view)", len(views.All))
	letters := map[string]string{}
	for i, r := range views.All {
		m := start(t)
		press(m, fmt.Sprintf("f%d", i+1))
		assert.Equal(t, i, m.active, "F%d opens %s", i+1, r.Name)

		m = start(t)
		press(m, "v", strconv.Itoa((i+1)%10))
		assert.Equal(t, i, m.active, "v then %d opens %s", (i+1)%10, r.Name)

		if r.Letter != "" {
			assert.Empty(t, letters[r.Letter], "%s's letter %s is %s's too", r.Name, r.Letter, letters[r.Letter])
			letters[r.Letter] = r.Name
			m = start(t)
			press(m, r.Letter)
			assert.Equal(t, i, m.active, "%s opens %s", r.Letter, r.Name)
		}

		m = start(t)
		press(m, fmt.Sprintf("f%d", i+1))
		bar := barAt(m, 80)
		for _, other := range views.All {
			assert.Contains(t, bar, capitalise(other.Name), "at 80 columns with %s on screen, the bar names every view", r.Name)
		}
	}
}
