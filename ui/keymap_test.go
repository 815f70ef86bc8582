package ui

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/order"
)

// shiftOf is a printable key's Shift-variant on a US layout: a missed
// or a stray Shift turns one into the other.
func shiftOf(k string) (string, bool) {
	pairs := map[string]string{
		"1": "!", "2": "@", "3": "#", "4": "$", "5": "%", "6": "^", "7": "&", "8": "*", "9": "(", "0": ")",
		"-": "_", "=": "+", "[": "{", "]": "}", ",": "<", ".": ">", "/": "?", ";": ":", "'": "\"", "`": "~", "\\": "|",
	}
	for a, b := range pairs {
		switch k {
		case a:
			return b, true
		case b:
			return a, true
		}
	}
	r, size := utf8.DecodeRuneInString(k)
	if size != len(k) || !unicode.IsLetter(r) {
		return "", false
	}
	if unicode.IsUpper(r) {
		return string(unicode.ToLower(r)), true
	}
	return string(unicode.ToUpper(r)), true
}

// printable is whether k is one character typed as itself (not "up",
// "ctrl+z" or "f1").
func printable(k string) bool { return utf8.RuneCountInString(k) == 1 }

// everyBinding is every key binding the program has: the shared key map
// (each of its fields), the root's own keys, every view's, the query
// browser's, and the keys of the dialogs that take keys outside a field.
func everyBinding(t *testing.T) []key.Binding {
	t.Helper()
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), ndcg.Settings{}, 80, 24)
	var all []key.Binding
	v := reflect.ValueOf(m.c.Keys)
	for i := range v.NumField() {
		switch f := v.Field(i).Interface().(type) {
		case key.Binding:
			all = append(all, f)
		case []key.Binding:
			all = append(all, f...)
		}
	}
	all = append(all, rootKeys()...)
	for _, vw := range m.views {
		all = append(all, vw.ShortHelp()...)
		for _, g := range vw.FullHelp() {
			all = append(all, g...)
		}
	}
	for _, g := range common.NewBrowserKeys(m.c.Keys).FullHelp() {
		all = append(all, g...) // the query browser's list
	}
	all = append(all, dialogs.Keys()...)
	return append(all, frame.QuitKeys.Quit, frame.QuitKeys.Save, frame.QuitKeys.Stay)
}

// destructive is every binding that changes the list or throws the one
// on screen away: what a stray Shift must never reach.
func destructive(k common.KeyMap) []key.Binding {
	return []key.Binding{k.Grade, k.GradeUp, k.GradeDown, k.EditScore, k.EditTitle, k.Add, k.Duplicate, k.Delete,
		k.MoveUp, k.MoveDown, k.Tie, k.Untie, k.Undo, k.Redo, openKey, order.BestSwapKey}
}

// relatedPairs are a key and its Shift-variant that do two halves of one
// thing, where a missed Shift does the other half, undone by the key
// itself.
var relatedPairs = [][2]string{{"t", "T"}}

// shiftConflicts is every printable key of bindings whose Shift-variant
// is one of the edits, unless the two are one binding (+ and =) or a
// related pair (t ties, T unties): "k (what) ↔ K (what)".
func shiftConflicts(bindings, edits []key.Binding) []string {
	byKey := map[string]key.Binding{}
	for _, b := range edits {
		for _, k := range b.Keys() {
			byKey[k] = b
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, b := range bindings {
		for _, k := range b.Keys() {
			if !printable(k) || seen[k] {
				continue
			}
			seen[k] = true
			s, ok := shiftOf(k)
			if !ok {
				continue
			}
			e, hit := byKey[s]
			if !hit || slices.Contains(b.Keys(), s) || slices.Contains(relatedPairs, [2]string{k, s}) ||
				slices.Contains(relatedPairs, [2]string{s, k}) {
				continue
			}
			out = append(out, fmt.Sprintf("%s (%s) ↔ %s (%s)", k, b.Help().Desc, s, e.Help().Desc))
		}
	}
	return out
}

// TestNoShiftedKeyIsADestructiveEdit is the table over the whole key
// map: for each printable key bound anywhere (the shared map, the
// root's keys, every view's, the dialogs' outside a field), its
// Shift-variant is not a destructive edit, unless the two are one
// binding or a related pair.
func TestNoShiftedKeyIsADestructiveEdit(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), ndcg.Settings{}, 80, 24)
	all := everyBinding(t)
	printables := 0
	for _, b := range all {
		for _, k := range b.Keys() {
			if printable(k) {
				printables++
			}
		}
	}
	require.Greater(t, printables, 40, "the table reaches the key map")
	assert.Empty(t, shiftConflicts(all, destructive(m.c.Keys)))
}

// The table catches the map this one replaced: its view letters, X, A,
// K and J were each one Shift away from an edit.
func TestShiftConflictsOfTheOldKeyMap(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), ndcg.Settings{}, 80, 24)
	k := m.c.Keys
	old := []key.Binding{
		common.Bind([]string{"E"}, "E", "explorer"), common.Bind([]string{"O"}, "O", "working"),
		common.Bind([]string{"C"}, "C", "conventions"), common.Bind([]string{"S"}, "S", "swap"),
		common.Bind([]string{"U"}, "U", "curves"), common.Bind([]string{"X"}, "X", "screen as SVG"),
		common.Bind([]string{"A"}, "A", "ASCII/Unicode bars"), common.Bind([]string{"k"}, "k", "type k"),
		common.Bind([]string{"j"}, "j", "list as JSON"),
	}
	edits := append(destructive(k), common.Bind([]string{"K"}, "K", "move up"), common.Bind([]string{"J"}, "J", "move down"))
	assert.Equal(t, []string{
		"E (explorer) ↔ e (title (tab: id))", "O (working) ↔ o (open a list)", "C (conventions) ↔ c (duplicate (copy))",
		"S (swap) ↔ s (edit score)", "U (curves) ↔ u (undo)", "X (screen as SVG) ↔ x (delete)",
		"A (ASCII/Unicode bars) ↔ a (add item below)", "k (type k) ↔ K (move up)", "j (list as JSON) ↔ J (move down)",
	}, shiftConflicts(old, edits))
}

// fKey is the function key that opens view r (F1 the explorer, …).
func fKey(r views.Registered) string {
	for i := range views.All {
		if views.All[i].Name == r.Name {
			return "f" + strconv.Itoa(i+1)
		}
	}
	panic("no view " + r.Name)
}

// rootKeys are the keys the program has besides the shared key map's:
// every one of them, for the table that checks the map (keymap_test.go).
func rootKeys() []key.Binding {
	return append([]key.Binding{openKey, offerOpen, offerKeep, shareShow, shareDecline, shareStop}, explorer.Keys()...)
}
