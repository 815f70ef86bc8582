package ui

import (
	"image/color"
	"math/rand/v2"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
)

func TestHelpListsEveryKey(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 120, 40)
	press(m, "?")
	s := screen(m)
	for _, b := range helpBindings(m) {
		assert.Contains(t, s, b.Help().Desc)
	}
	press(m, "esc")
	assert.NotContains(t, screen(m), "edit title")
	// And at 80×24 nothing is cut off either, nor left for a second page.
	m = start(t)
	press(m, "?")
	s = screen(m)
	for _, b := range helpBindings(m) {
		assert.Contains(t, s, b.Help().Desc)
	}
	lines := strings.Split(s, "\n")
	require.Len(t, lines, 24)
	assert.True(t, strings.HasPrefix(lines[23], "? the screen's marks • esc close"), "the keys fit the first page at 80: %q", lines[23])
	assert.Contains(t, s, "In a field")
	assert.Contains(t, s, "F1-F10   a view")
	assert.Contains(t, s, "v        views")
	helpKeys := map[string]bool{}
	for _, b := range helpBindings(m) {
		for _, k := range b.Keys() {
			helpKeys[k] = true
		}
	}
	for _, g := range textfield.Keys.FullHelp() {
		for _, b := range g {
			for _, k := range b.Keys() {
				assert.True(t, helpKeys[k], "the field's key %s is in the help", k)
			}
		}
	}
	for _, k := range append([]key.Binding{m.c.Keys.Up, m.c.Keys.Down, m.c.Keys.GradeDown, m.c.Keys.KUp, m.c.Keys.KDown, m.c.Keys.Save,
		m.c.Keys.SaveAs, m.c.Keys.ASCII, m.c.Keys.MoveUp, m.c.Keys.MoveDown}, explorer.Keys()...) {
		for _, name := range k.Keys() {
			assert.True(t, helpKeys[name], "%s, on a line with another key, is in the help", name)
		}
	}
	for _, b := range m.c.Keys.Views {
		for _, name := range b.Keys() {
			assert.True(t, helpKeys[name], "the view key %s is in the help", name)
		}
	}
	press(m, "?")
	assert.Contains(t, screen(m), "a rank past k", "the legend, ? away")
	// Left and right do nothing in the explorer: the swap view's help
	// lists them; h and l, letters, say so.
	press(m, "esc")
	before := screen(m)
	press(m, "right", "left")
	assert.Equal(t, before, screen(m))
	press(m, "l", "h")
	assert.Equal(t, `"h" does nothing in the explorer (? lists the keys)`, m.c.Status.Text)
}

func helpBindings(m *Model) []key.Binding {
	var out []key.Binding
	for _, g := range helpGroups(m.views[m.active], m.active == 0, m.help.answering, m.c.Keys) {
		out = append(out, g.keys...)
	}
	return append(out, fieldHelp().keys...)
}

func TestViewKeysAndASCII(t *testing.T) {
	m := start(t)
	press(m, "tab")
	assert.Equal(t, 1%len(m.views), m.active, "tab goes to the next view")
	press(m, "shift+tab")
	assert.Equal(t, 0, m.active, "shift+tab back")
	press(m, "tab", "f1")
	assert.Equal(t, 0, m.active, "F1 is the explorer")
	assert.Contains(t, screen(m), "█")
	press(m, "b")
	assert.NotContains(t, screen(m), "█")
	assert.Contains(t, screen(m), "###")
}

func TestTooSmall(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 30, 8)
	s := screen(m)
	assert.Contains(t, s, "too small")
	lines := strings.Split(s, "\n")
	assert.LessOrEqual(t, len(lines), 8)
	for _, l := range lines {
		assert.LessOrEqual(t, ansi.StringWidth(l), 30)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)
}

// TestNeverPanicsAtAnySize draws after random edits at sizes from 1×1 to
// 300×100 and checks every frame fits the terminal exactly.
func TestNeverPanicsAtAnySize(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	keys := []string{"0", "1", "3", "9", "+", "-", "a", "c", "x", "shift+down", "shift+up", "t", "T", "u", "ctrl+r",
		"[", "]", "g", "d", "p", "i", "z", "down", "up", "end", "home", "pgdown", "A",
		"s", "e", "enter", "esc", "backspace", "f4", "?", "W", "tab", "shift+tab", "f1", "."}
	sizes := [][2]int{{1, 1}, {2, 1}, {1, 5}, {10, 3}, {30, 8}, {49, 11}, {50, 12}, {60, 15}, {80, 24}, {100, 30}, {119, 40}, {120, 18}, {120, 40}, {200, 60}, {300, 100}}
	lists := [][2]string{
		{"3,2,3,0,1", ""}, {"1", ""}, {"3,2,3,0,1,2,0,1", "0.9,0.8,0.7,0.7,0.6,0.5,0.5,0.4"},
		{"2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2", ""},
	}
	for _, l := range lists {
		m := newModel(t, inlineDoc(t, l[0], l[1]), linearK5(), 80, 24)
		for step := 0; step < 300; step++ {
			press(m, keys[rng.IntN(len(keys))])
			sz := sizes[rng.IntN(len(sizes))]
			m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			s := screen(m)
			lines := strings.Split(s, "\n")
			require.LessOrEqual(t, len(lines), sz[1], "at %dx%d", sz[0], sz[1])
			for _, l := range lines {
				require.LessOrEqual(t, ansi.StringWidth(l), sz[0], "at %dx%d: %q", sz[0], sz[1], l)
			}
		}
	}
}

func TestNoColorAndBackground(t *testing.T) {
	m := start(t)
	assert.NotContains(t, m.View().Content, "\x1b[38", "NO_COLOR: no foreground colour at all")
	assert.Contains(t, m.View().Content, "\x1b[7m", "the cursor is still reversed")

	c := New(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5()})
	c.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	dark := c.View().Content
	assert.Contains(t, dark, "\x1b[38", "colour when allowed")
	c.Update(tea.BackgroundColorMsg{Color: color.White})
	assert.False(t, c.look.dark)
	assert.NotEqual(t, dark, c.View().Content, "a light background gets the light palette")
	assert.Equal(t, ansi.Strip(dark), ansi.Strip(c.View().Content), "and the same text")
}

func TestMouseSelectsAndScrolls(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1,2,0,1", "0.9,0.8,0.7,0.7,0.6,0.5,0.5,0.4"), linearK5(), 80, 24)
	press(m, "[", "[") // k=3: the k line sits between ranks 3 and 4
	// Screen line 0 is the title, 1 the conventions, 2 the view bar, 3 the
	// table heading, 4 rank 1, 5 rank 2, 6 rank 3, 7 the k line, 8 rank 4.
	m.Update(tea.MouseClickMsg{X: 10, Y: 5, Button: tea.MouseLeft})
	assert.Regexp(t, `^▸\S*\s+2 B `, cursorRow(t, m))
	m.Update(tea.MouseClickMsg{X: 10, Y: 8, Button: tea.MouseLeft})
	assert.Regexp(t, `^▸\S*\s+4 D `, cursorRow(t, m))
	m.Update(tea.MouseClickMsg{X: 10, Y: 7, Button: tea.MouseLeft})
	assert.Regexp(t, `^▸\S*\s+4 D `, cursorRow(t, m), "a click on the k line selects nothing")
	m.Update(tea.MouseWheelMsg{X: 10, Y: 8, Button: tea.MouseWheelUp})
	assert.Regexp(t, `^▸\S*\s+3 C `, cursorRow(t, m))
	m.Update(tea.MouseWheelMsg{X: 10, Y: 8, Button: tea.MouseWheelDown})
	assert.Regexp(t, `^▸\S*\s+4 D `, cursorRow(t, m))
	assert.Equal(t, tea.MouseModeCellMotion, m.View().MouseMode)
}

// TestFooterIsTheViewsOwn: each view's footer offers keys that work
// there (digits type a number in check and quiz, they set no grade), and
// always ends with ? and q, however narrow.
func TestFooterIsTheViewsOwn(t *testing.T) {
	m := start(t)
	// The greeting, longer than 80 columns, takes the footer's line until
	// a key is pressed (TestLongStatusReadsWhole); here it has been read.
	m.c.Status.Seen()
	for _, w := range []int{MinWidth, 80, 120} {
		m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
		for i := range m.views {
			m.active = i
			m.redraw()
			lines := strings.Split(screen(m), "\n")
			foot := lines[len(lines)-1]
			assert.True(t, strings.HasSuffix(foot, "v views • ? help • q quit"), "%s at %d: %q", viewName(i), w, foot)
			assert.LessOrEqual(t, ansi.StringWidth(foot), w)
			if viewName(i) == "check" || viewName(i) == "quiz" {
				assert.NotContains(t, foot, "set grade", viewName(i))
			}
		}
	}
	m.active = 0
	m.redraw()
	assert.Contains(t, screen(m), "0-9 set grade")
	assert.Contains(t, screen(m), "a digit to set the selected rank's grade", "the greeting")
	press(m, "f9")
	assert.Contains(t, screen(m), "↑/↓ field • esc clear")
	assert.NotContains(t, screen(m), "a digit to set", "the greeting stays with the explorer")
}

// TestHelpScrollsWhenTaller: at 50×12 the help is one group per row, far
// taller than the screen, the footer saying which lines are shown; ↓
// scrolls it to the last key, esc closes it.
func TestHelpScrollsWhenTaller(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), MinWidth, MinHeight)
	press(m, "?")
	assert.Contains(t, screen(m), "lines 1–8 of")
	assert.NotContains(t, screen(m), "del to start/end")
	seen := false
	for range 80 {
		press(m, "down")
		seen = seen || strings.Contains(screen(m), "del to start/end")
	}
	assert.True(t, seen, "the last key is reached")
	press(m, "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup")
	assert.Contains(t, screen(m), "lines 1–8 of")
	// Keys pressed where it all fits do not leave it scrolled for later.
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	for range 3 {
		press(m, "down")
		screen(m) // the program draws after every key
	}
	m.Update(tea.WindowSizeMsg{Width: MinWidth, Height: MinHeight})
	assert.Contains(t, screen(m), "lines 1–8 of")
	press(m, "esc")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)
}
