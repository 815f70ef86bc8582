package ui

import (
	"reflect"
	"slices"
	"strconv"
	"testing"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
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
// (each of its fields), the root's own keys, every view's, and the keys
// of the dialogs that take keys outside a field.
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
	all = append(all, dialogs.Keys()...)
	return append(all, frame.QuitKeys.Quit, frame.QuitKeys.Save, frame.QuitKeys.Stay)
}

// destructive is every binding that changes the list or throws the one
// on screen away: what a stray Shift must never reach.
func destructive(k common.KeyMap) []key.Binding {
	return []key.Binding{k.Grade, k.GradeUp, k.GradeDown, k.EditScore, k.EditTitle, k.Add, k.Duplicate, k.Delete,
		k.MoveUp, k.MoveDown, k.Tie, k.Untie, k.Undo, k.Redo, openKey, bestSwapKey}
}

// relatedPairs are a key and its Shift-variant that do two halves of one
// thing, where a missed Shift does the other half, undone by the key
// itself.
var relatedPairs = [][2]string{{"t", "T"}}

// TestNoShiftedKeyIsADestructiveEdit is the table over the whole key
// map: for each printable key bound anywhere, its Shift-variant is not
// a destructive edit, unless the two are one binding (+ and =) or a
// related pair (t ties, T unties).
func TestNoShiftedKeyIsADestructiveEdit(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), ndcg.Settings{}, 80, 24)
	edits := map[string]key.Binding{}
	for _, b := range destructive(m.c.Keys) {
		for _, k := range b.Keys() {
			edits[k] = b
		}
	}
	seen := map[string]bool{}
	for _, b := range everyBinding(t) {
		for _, k := range b.Keys() {
			if !printable(k) || seen[k] {
				continue
			}
			seen[k] = true
			s, ok := shiftOf(k)
			if !ok {
				continue
			}
			e, hit := edits[s]
			if !hit || slices.Contains(b.Keys(), s) || slices.Contains(relatedPairs, [2]string{k, s}) ||
				slices.Contains(relatedPairs, [2]string{s, k}) {
				continue
			}
			t.Errorf("%q (%s) is one Shift away from %q (%s)", k, b.Help().Desc, s, e.Help().Desc)
		}
	}
	if len(seen) < 20 {
		t.Fatalf("only %d printable keys found: the table does not reach the key map", len(seen))
	}
}

// fKey is the function key that opens view r (F1 the explorer, …).
func fKey(r registered) string {
	for i := range views {
		if views[i].name == r.name {
			return "f" + strconv.Itoa(i+1)
		}
	}
	panic("no view " + r.name)
}
