package common

import (
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// Common is what every view shares: the workspace, the keys, the styles
// and the status line.
type Common struct {
	WS     *workspace.Workspace
	Keys   KeyMap
	Styles Styles
	// Styled counts the changes of Styles, for what a view keeps drawn.
	Styled int
	// Seed is the quiz's seed, 0 for one from the clock.
	Seed int64
	// Remote says the explorer runs for a session over the network: it
	// reads and writes no file, and the quiz's score is the person's own.
	Remote bool
	// Attendee is the person's side of a workshop room, nil elsewhere.
	Attendee *Attendee
	// Answering says a step of the guided path holds the digits: they
	// type its answer, not a view's field.
	Answering bool

	// Status is the status line (SetStatus sets it).
	Status Status
	// Tell hands a change of the workspace to the root model, which
	// passes it to every view (Apply calls it).
	Tell func(workspace.Edited)
}

// Apply makes an edit and tells every view, the one that made it too.
func (c *Common) Apply(e workspace.Edit) { c.Tell(c.WS.Apply(e)) }

// ApplyAside is Apply for an edit made in a teaching view: the edit names
// no item, so the explorer's cursor stays on the item it was on rather
// than jump to the one edited, which the person has not chosen there.
func (c *Common) ApplyAside(e workspace.Edit) {
	ed := c.WS.Apply(e)
	ed.Focus = -1
	c.Tell(ed)
}

// ApplySetting makes a change of conventions, or, when there is none
// (e nil), says unchanged as a problem ("k is already 1"), so that a key
// that changes nothing says why.
func (c *Common) ApplySetting(e workspace.Edit, unchanged string) {
	if e == nil {
		if unchanged != "" {
			c.SetStatus(unchanged, true)
		}
		return
	}
	c.Apply(e)
}

// SetStatus shows text in the status line until the next one.
func (c *Common) SetStatus(text string, isErr bool) { c.Status.Set(text, isErr) }

// PresetName is a preset's name in a list of presets: =NAME for the one
// in force, as the conventions line names it.
func PresetName(name string, inForce bool) string {
	if inForce {
		return "=" + name
	}
	return name
}

// StatusMsg puts a line in the status bar when a command ends (a file
// written, or not); Err marks it as a problem.
type StatusMsg struct {
	Text string
	Err  bool
	// Here says it is about the view on screen: another view clears it
	// (Status.SetHere).
	Here bool
}

// Attendee is what the views know of a person in a workshop room
// (ui.Workshop): the name the room knows them by, where it is not their
// user name, and where their answers to the room's quiz rounds go.
type Attendee struct {
	Name string
	// Answer hands the answer text to the room's round; it must not
	// block.
	Answer func(round int, text string)
}
