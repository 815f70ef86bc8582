package ui

import (
	"charm.land/bubbles/v2/key"

	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
)

// viewName is the name of view i.
func (m *Model) viewName(i int) string { return views.All[i].Name }

// fullHelp is the program's keys in groups: the shared ones and, in the
// last group, each view's own (once, in the order of the views).
func (m *Model) fullHelp() [][]key.Binding {
	var own []key.Binding
	seen := map[string]bool{}
	for _, v := range m.views {
		for _, g := range v.FullHelp() {
			for _, b := range g {
				if k := b.Help().Key; !seen[k] {
					seen[k] = true
					own = append(own, b)
				}
			}
		}
	}
	return keyGroups(m.c.Keys, own)
}
