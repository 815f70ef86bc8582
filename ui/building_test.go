package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/room"
)

// Building a list from scratch: e then tab types an id (unique, or the
// status says why not and the field stays open); the first score on a
// list without scores gives the others 1 … 0.2 and says u undoes it, in
// one undo; f keeps the cursor on the rank, so that ↓ s scores the next
// rank down and not the item's new neighbour.
func TestBuildingAListFromScratch(t *testing.T) {
	m := start(t) // A..E, grades 3,2,3,0,1, no scores
	press(m, "down", "e")
	assert.Contains(t, m.c.Status.Text, "title of B: type a title · tab: its id")
	press(m, "tab")
	assert.Contains(t, m.c.Status.Text, "id of B")
	typeText(m, "A")
	press(m, "enter")
	assert.Equal(t, "another item is already called A: type another id (esc cancels)", m.c.Status.Text)
	require.True(t, explorerOf(m).Capturing(), "the field stays open for another id")
	press(m, "ctrl+u")
	typeText(m, "doc-7")
	press(m, "enter")
	assert.Equal(t, "id B → doc-7", m.c.Status.Text)
	assert.Equal(t, "doc-7", m.Workspace().List().Items[1].ID)
	assert.Contains(t, screen(m), "doc-7")
	press(m, "u")
	assert.Equal(t, "B", m.Workspace().List().Items[1].ID)

	// The first score: on rank 5 (E), 0.5; the others get 1, 0.8, 0.6,
	// 0.4 by rank, and E's 0.5 puts it fourth.
	press(m, "end", "s")
	typeText(m, "0.5")
	press(m, "enter")
	assert.Equal(t, "no item had a score: the others get 1 … 0.4 in rank order, E's is 0.5; u undoes", m.c.Status.Text)
	var scores []string
	for _, it := range m.Workspace().List().Items {
		scores = append(scores, it.ID+"="+ndcg.FormatNumber(it.Score))
	}
	assert.Equal(t, []string{"A=1", "B=0.8", "C=0.6", "D=0.4", "E=0.5"}, scores)
	assert.Equal(t, 3, explorerOf(m).Cursor, "the cursor follows E to rank 4")

	// f: the cursor stays on the rank; ↓ s then scores rank 5 (D).
	press(m, "f")
	assert.Equal(t, "after an edit the cursor stays on rank 4 (f: follow the item)", m.c.Status.Text)
	press(m, "s")
	typeText(m, "0.9")
	press(m, "enter")
	assert.Equal(t, 3, explorerOf(m).Cursor, "still rank 4, E's item gone up to rank 2")
	assert.Equal(t, "C", m.Workspace().List().Items[m.Workspace().ItemAt(3)].ID)
	press(m, "f")
	assert.Equal(t, "after an edit the cursor follows its item (f: stay on the rank)", m.c.Status.Text)

	// One undo each: E's 0.9, then every score the first gave.
	press(m, "u", "u")
	assert.False(t, m.Workspace().List().Scored())
}

// A new, empty list's greeting says to add an item first.
func TestGreetingOfAnEmptyList(t *testing.T) {
	doc, err := listio.ReadJSON("new.json", []byte(`{"items": []}`))
	require.NoError(t, err)
	m := newModel(t, doc, linearK5(), 80, 24)
	assert.Equal(t, "Press a to add an item, then a digit to set its grade, v for the views, ? for help.", m.c.Status.Text)
}

// The view menu: v lists every view; a number opens one, enter the one
// under the cursor, esc closes it where it was.
func TestViewMenu(t *testing.T) {
	m := start(t)
	press(m, "v")
	require.NotNil(t, dialogOf[*dialogs.ViewMenu](m))
	assert.Contains(t, screen(m), "> 1 Explorer")
	press(m, "3")
	assert.Equal(t, "ties", viewName(m.active))
	assert.Nil(t, m.dialog)
	press(m, "v", "down", "down", "enter")
	assert.Equal(t, "swap", viewName(m.active), "two down from ties")
	press(m, "v", "0")
	assert.Equal(t, "quiz", viewName(m.active), "0 is the tenth")
	press(m, "v", "up", "esc")
	assert.Equal(t, "quiz", viewName(m.active))
	assert.Nil(t, m.dialog)
	press(m, "v", "5")
	assert.Equal(t, 5, m.Workspace().N(), "a digit under the menu sets no grade")
}

// An attendee of serve is welcomed on the first frame with the server's
// words (by name, to the workshop when it has one, with what brings them
// back), then what to do while waiting; news from the room replaces the
// latter, and the welcome goes with the next status, as the greeting
// does. One who is back is not told what to do.
func TestAttendeeWelcome(t *testing.T) {
	const hello = "welcome to NDCG 101, ana: your SSH key brings you back to this list"
	m := NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true,
		Remote: &room.Remote{}, Welcome: hello})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.Equal(t, hello+"; while you wait, digits set grades and v shows the views", m.c.Status.Text)
	assert.Contains(t, strings.Join(strings.Fields(screen(m)), " "), m.c.Status.Text, "whole on the first frame")
	m.Update(Offer{Doc: inlineDoc(t, "1,0,2", ""), Settings: linearK5()})
	assert.Equal(t, hello+"; "+offerPrompt, m.c.Status.Text, "the news in place of what to do while waiting")

	m = NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true, Remote: &room.Remote{}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	lines := strings.Split(screen(m), "\n")
	assert.Equal(t, "While you wait, digits set grades and v shows the views", strings.TrimSpace(lines[22]), "one line")
	assert.Contains(t, lines[23], "v views • ? help • q quit")
	press(m, "tab")
	assert.Empty(t, m.c.Status.Text)

	m = NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true, Remote: &room.Remote{},
		Welcome: "welcome back: your list is as you left it"})
	assert.Equal(t, "welcome back: your list is as you left it", m.c.Status.Text)
}

// At 60×20 the menu cannot give every view its whole purpose: the chosen
// view's is whole, and one cut ends with …, never at a word that reads
// as its end (Swap's read "how much swapping two ranks changes NDCG:").
func TestViewMenuCutsVisibly(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 60, 20)
	press(m, "v", "down", "down", "down", "down")
	s := screen(m)
	assert.Contains(t, s, "> 5 Swap         how much swapping two ranks changes NDCG:\n                 the weights learning to rank trains on")
	assert.Contains(t, s, "  0 Quiz         work out NDCG yourself and see where a wro…")
}
