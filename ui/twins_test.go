package ui

import (
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
)

// screenBindings is every binding of the program's screens, the
// explorer and every view, as one set: the key map's, the root's own
// (o), the explorer's aids and each view's. A dialog, the query list and
// the questions on the status line have keys of their own, asked one at
// a time, and are apart.
func screenBindings(t *testing.T) []key.Binding {
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
	all = append(all, openKey)
	all = append(all, explorer.Keys()...)
	for _, vw := range m.views {
		all = append(all, vw.ShortHelp()...)
		for _, g := range vw.FullHelp() {
			all = append(all, g...)
		}
	}
	return all
}

// reversePairs are a key and its case twin that do the two halves of one
// thing: t ties, T unties; w saves, W saves under another name.
var reversePairs = [][2]string{{"t", "T"}, {"w", "W"}}

// twinOf is a letter's other case.
func twinOf(k string) (string, bool) {
	r, size := utf8.DecodeRuneInString(k)
	if size != len(k) || !unicode.IsLetter(r) {
		return "", false
	}
	if unicode.IsUpper(r) {
		return string(unicode.ToLower(r)), true
	}
	return string(unicode.ToUpper(r)), true
}

// twinConflicts is every letter bound in bindings whose case twin is
// bound to something else: the twin must do the same (be in the same
// binding, or one with the same words), its reverse (reversePairs), or
// nothing.
func twinConflicts(bindings []key.Binding) []string {
	var out []string
	seen := map[string]bool{}
	for _, b := range bindings {
		for _, k := range b.Keys() {
			tw, ok := twinOf(k)
			if !ok || slices.Contains(b.Keys(), tw) || slices.Contains(reversePairs, [2]string{k, tw}) ||
				slices.Contains(reversePairs, [2]string{tw, k}) {
				continue
			}
			for _, o := range bindings {
				if !slices.Contains(o.Keys(), tw) || o.Help().Desc == b.Help().Desc {
					continue
				}
				pair := fmt.Sprintf("%s (%s) ↔ %s (%s)", k, b.Help().Desc, tw, o.Help().Desc)
				if !seen[pair] {
					seen[pair] = true
					out = append(out, pair)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestNoCaseTwinDoesSomethingElse: on the explorer and its views, no
// letter's other case does something unrelated (i the IDCG source and I
// the ties view, z and Z the quiz, p and P the presets, n the quiz's
// next list and N the notes, l and L the pool, h and H the check view
// were); the twin does the same, its reverse, or nothing. R and r both
// switch the projector mode, n and N both the notes (and in the quiz
// both its next list).
func TestNoCaseTwinDoesSomethingElse(t *testing.T) {
	all := screenBindings(t)
	require.Greater(t, len(all), 40, "the table reaches the key map")
	assert.Empty(t, twinConflicts(all))
	for _, pair := range [][2]string{{"R", "r"}, {"N", "n"}} {
		var both bool
		for _, b := range all {
			both = both || slices.Contains(b.Keys(), pair[0]) && slices.Contains(b.Keys(), pair[1])
		}
		assert.True(t, both, "%s and %s do the same", pair[0], pair[1])
	}
	qb := common.NewBrowserKeys(start(t).c.Keys).FullHelp()
	assert.Empty(t, twinConflicts(slices.Concat(qb...)), "the query list")
}

// The table catches the twins the map had.
func TestTwinConflictsOfTheOldKeyMap(t *testing.T) {
	old := []key.Binding{
		common.Bind([]string{"i"}, "i", "IDCG source"), common.Bind([]string{"I"}, "I", "ties"),
		common.Bind([]string{"t"}, "t", "tie"), common.Bind([]string{"T"}, "T", "untie"),
		common.Bind([]string{"+", "="}, "+", "grade +1"),
	}
	assert.Equal(t, []string{"I (ties) ↔ i (IDCG source)", "i (IDCG source) ↔ I (ties)"}, twinConflicts(old))
}

// helpTokens splits a help's key column into the keys it names: "w/^s/W"
// is w, ^s and W; "0-9" every digit; "k ]/[" k, ] and [.
func helpTokens(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == ' ' }) {
		if a, b, ok := strings.Cut(f, "-"); ok && len(a) == 1 && len(b) == 1 && a < b {
			for c := a[0]; c <= b[0]; c++ {
				out = append(out, string(c))
			}
			continue
		}
		out = append(out, f)
	}
	return out
}

// TestEveryBoundKeyIsInSomeHelp: every printable key the explorer and its
// views answer to is named in the help (?) of some view or in a footer
// (one case for a binding that has both): I, Z and L (views), = (grade
// +1) were in none.
func TestEveryBoundKeyIsInSomeHelp(t *testing.T) {
	m := start(t)
	named := map[string]bool{}
	for i := range views.All {
		m.show(i)
		for _, g := range helpGroups(m.views[i], i == 0, m.help.answering, m.c.Keys) {
			for _, b := range g.keys {
				for _, k := range helpTokens(b.Help().Key) {
					named[k] = true
				}
			}
		}
		for _, b := range m.views[i].ShortHelp() {
			for _, k := range helpTokens(b.Help().Key) {
				named[k] = true
			}
		}
	}
	var missing []string
	for _, b := range screenBindings(t) {
		for _, k := range b.Keys() {
			// N with n: the help names one case of a binding that has both.
			tw, _ := twinOf(k)
			if printable(k) && !named[k] && !(slices.Contains(b.Keys(), tw) && named[tw]) && !slices.Contains(missing, k) {
				missing = append(missing, k)
			}
		}
	}
	assert.Empty(t, missing, "bound, in no help")
}

// TestViewStatusClearedOnAnotherView: what a key did not do in one view
// is not left on the status line of the next: F2 then 5 said "5" does
// nothing in the working view through F1 and every key after.
func TestViewStatusClearedOnAnotherView(t *testing.T) {
	m := start(t)
	press(m, "f2", "5")
	require.Contains(t, m.c.Status.Text, "does nothing in the working view")
	press(m, "f1")
	assert.NotContains(t, m.c.Status.Text, "working view")
	// The presets' keys, said as F4 opens them, leave with them.
	press(m, "f4")
	require.Contains(t, m.c.Status.Text, "presets: ")
	press(m, "f1")
	assert.Empty(t, m.c.Status.Text)
}

// TestUnboundKeyInTheExplorerSaysSo: a letter the explorer has no use
// for says so on the status line, briefly, and once: pressed again, the
// line stays as it is; a bound key says nothing of the kind.
func TestUnboundKeyInTheExplorerSaysSo(t *testing.T) {
	m := start(t)
	press(m, "Q")
	assert.Equal(t, `"Q" does nothing in the explorer (? lists the keys)`, m.c.Status.Text)
	press(m, "Q")
	assert.Equal(t, `"Q" does nothing in the explorer (? lists the keys)`, m.c.Status.Text)
	press(m, "down", "f")
	assert.NotContains(t, m.c.Status.Text, "does nothing")
	press(m, "n")
	assert.NotContains(t, m.c.Status.Text, "does nothing", "n shows the notes")
}

// TestScreenImageStatusLeavesWithItsView: "wrote the screen … as an SVG
// image" is about the screen of the view in sight; on another view it
// named a screen no longer there (the demo's frames 5 to 7 carried it).
func TestScreenImageStatusLeavesWithItsView(t *testing.T) {
	m := start(t)
	press(m, "y", "s", "ctrl+u")
	typeText(m, filepath.Join(t.TempDir(), "shot.svg"))
	cmd := press(m, "enter")
	require.NotNil(t, cmd)
	m.Update(cmd())
	require.Contains(t, m.c.Status.Text, "wrote the screen")
	press(m, "down")
	assert.Contains(t, m.c.Status.Text, "wrote the screen", "kept in its view")
	press(m, "f3")
	assert.Empty(t, m.c.Status.Text)
}
