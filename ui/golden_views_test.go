package ui

import (
	"strconv"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
)

// defaultModel is the first screen a bare ndcg-explorer shows: the
// default sample under its own conventions, at w×h, a fixed seed for
// the quiz.
func defaultModel(t *testing.T, w, h int) *Model {
	t.Helper()
	doc := sampleDoc(t, listio.DefaultSample)
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	require.NoError(t, err)
	m := New(Options{Doc: doc, Settings: s, NoColor: true, Seed: 42})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// Every view of the default sample at 80×24 and 100×30, the sizes of a
// student's terminal and a projector's: the view bar in plain words on
// each, and each view's footer with v views. The view menu (v) and the
// explorer's help (?) at 80×24 too.
//
// In projector mode too (R, or --present): it draws the explorer for a
// room and leaves the other views as they are, which their screens in
// it show.
func TestEveryViewGolden(t *testing.T) {
	for _, present := range []bool{false, true} {
		for _, size := range [][2]int{{80, 24}, {100, 30}} {
			for _, r := range views.All {
				name := r.Name + "_default_" + strconv.Itoa(size[0]) + "x" + strconv.Itoa(size[1])
				if present {
					name += "_present"
				}
				t.Run(name, func(t *testing.T) {
					m := defaultModel(t, size[0], size[1])
					if present {
						press(m, "R")
					}
					if r.Name != "explorer" {
						// The explorer as it opens, greeting and all.
						press(m, fKey(r))
					}
					golden.RequireEqual(uitest.Named(t, name), screen(m))
				})
			}
		}
	}
	for _, c := range []struct{ name, key string }{{"viewmenu_80x24", "v"}, {"help_80x24", "?"}} {
		t.Run(c.name, func(t *testing.T) {
			m := defaultModel(t, 80, 24)
			press(m, c.key)
			golden.RequireEqual(uitest.Named(t, c.name), screen(m))
		})
	}
}
