package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
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
// the registry's order (no view has a letter), and at 80
// columns the view bar names every view whole, whichever is on screen.
// A view past the tenth fails here rather than be numbered 1 in the
// menu (the explorer's digit) and reached only by F11.
func TestViewsFitTheirKeys(t *testing.T) {
	require.LessOrEqual(t, len(views.All), maxViews,
		"%d views: F1–F10 and the menu's digits 1–9, 0 reach ten (see package views, Adding a view)", len(views.All))
	for i, r := range views.All {
		m := start(t)
		press(m, fmt.Sprintf("f%d", i+1))
		assert.Equal(t, i, m.active, "F%d opens %s", i+1, r.Name)

		m = start(t)
		press(m, "v", strconv.Itoa((i+1)%10))
		assert.Equal(t, i, m.active, "v then %d opens %s", (i+1)%10, r.Name)

		m = start(t)
		press(m, fmt.Sprintf("f%d", i+1))
		bar := barAt(m, 80)
		for _, other := range views.All {
			assert.Contains(t, bar, capitalise(other.Name), "at 80 columns with %s on screen, the bar names every view", r.Name)
		}
	}
}

// echo is a throw-away view, made the way the recipe for a view says
// (package views, Adding a view): a type that implements view.View, with
// a key of its own.
type echo struct {
	view.Drawn
	view.Lazy
	c    *common.Common
	w, h int
}

var echoKey = common.Bind([]string{"x"}, "x", "echo the list's name")

func (e *echo) ShortHelp() []key.Binding   { return []key.Binding{echoKey} }
func (e *echo) FullHelp() [][]key.Binding  { return [][]key.Binding{{echoKey}} }
func (e *echo) SetSize(w, h int)           { e.w, e.h = w, h }
func (e *echo) Update(msg tea.Msg) tea.Cmd { return nil }
func (e *echo) Refresh()                   {}
func (e *echo) Draw() string               { return "echo of " + e.c.WS.Doc.Name }

// A view added as the recipe says, one line in views.All (here in the
// place of the curves view, to stay within the ten there are keys for),
// is everywhere a view must be: its F key and the view menu's digit open
// it, the menu says its purpose, the view bar and the title line name it,
// its footer and the ? help list its key, and the room's view of where
// an attendee is names it.
func TestAThrowAwayViewIsEverywhere(t *testing.T) {
	was := views.All
	t.Cleanup(func() { views.All = was })
	views.All = slices.Clone(was)
	slot := slices.IndexFunc(views.All, func(r views.Registered) bool { return r.Name == "curves" })
	require.GreaterOrEqual(t, slot, 0)
	views.All[slot] = views.Registered{Name: "echo", Purpose: "the list's name, said back",
		Make: func(c *common.Common) view.View { return &echo{c: c} }}
	fkey, digit := fmt.Sprintf("f%d", slot+1), strconv.Itoa((slot+1)%10)

	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 100, 30)
	press(m, "v")
	assert.Contains(t, screen(m), "Echo", "the view menu lists it")
	assert.Contains(t, screen(m), "the list's name, said back", "with its purpose")
	press(m, digit)
	assert.Equal(t, slot, m.active, "the menu's digit %s opens it", digit)

	m = newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 100, 30)
	press(m, fkey)
	require.Equal(t, slot, m.active, "%s opens it", fkey)
	s := screen(m)
	assert.Contains(t, s, "echo of inline", "its screen")
	assert.Contains(t, strings.Split(s, "\n")[0], "echo", "the title line names it")
	assert.Contains(t, strings.Split(s, "\n")[2], "[Echo]", "the view bar marks it")
	assert.Contains(t, lastLine(m), "x echo the list's name", "its footer lists its key")
	press(m, "?")
	lines := strings.Split(strings.TrimRight(screen(m), "\n"), "\n")
	assert.Contains(t, strings.Join(lines[:len(lines)-1], "\n"), "echo the list's name", "the help lists its key")
	press(m, "esc")

	w := NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true})
	press(w, fkey)
	assert.Equal(t, "echo", w.Where(), "the instructor's room view names it")
}
