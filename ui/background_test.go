package ui

import (
	"testing"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
)

// finish runs what cmd starts off the update loop, as the program
// would, and hands the results (never the spinner's ticks, which only
// turn it) back to m until nothing is left to run.
func finish(t testing.TB, m *Model, cmd tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case workDone:
			_, next := m.Update(msg)
			queue = append(queue, next)
		case spinner.TickMsg:
		}
	}
}

// pending collects the results of what cmd starts without handing them
// to the model, for a test that chooses when they arrive.
func pending(cmd tea.Cmd) []workDone {
	var out []workDone
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case workDone:
			out = append(out, msg)
		}
	}
	return out
}
