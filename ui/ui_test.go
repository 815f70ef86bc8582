package ui

import (
	"image/color"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Reference values. Unless a comment gives the hand arithmetic, each was
// printed by scikit-learn's ndcg_score / dcg_score (Debian python3-sklearn)
// with linear gain, y_score = 5,4,3,2,1 (the list order) and k=5:
//
//	ndcg_score([[3,2,3,0,1]], [[5,4,3,2,1]], k=5)  = 0.9723642841729145
const (
	ndcgStart      = "0.9724"  // grades 3,2,3,0,1
	ndcgRank1Zero  = "0.6612"  // 0,2,3,0,1
	ndcgRank1Four  = "0.9761"  // 4,2,3,0,1
	ndcgK4         = "0.9112"  // 3,2,3,0,1 with k=4
	ndcgExp        = "0.9575"  // y_true 2^g−1 = 7,3,7,0,1
	ndcgTieExp     = "0.9827"  // scores 5,3,3,2,1: B and C tied (ignore_ties=False)
	ndcgDup        = "0.9403"  // 3,3,2,3,0,1
	ndcgDelete     = "0.9079"  // 2,3,0,1
	ndcgSwap12     = "0.9140"  // 2,3,3,0,1
	ndcgAddBelow1  = "0.8369"  // 3,0,2,3,0,1
	dcgLog10       = "20.4256" // dcg_score(..., log_base=10)
	ndcgGrade5Rank = "0.9114"  // 3,5,3,0,1
)

// Hand arithmetic:
//
// Best order of the tie above puts C (grade 3) before B (grade 2):
// DCG = 3 + 3/log2(3) + 2/2 + 0 + 1/log2(6) = 3 + 1.8928 + 1 + 0.3869 = 6.2797,
// IDCG = 3 + 3/log2(3) + 2/2 + 1/log2(5) = 6.3235, NDCG = 0.9931; the worst
// keeps B first, the list as given: 0.9724.
//
// Järvelin–Kekäläinen discount jk:2 (1 at rank 1, 1/log2(i) from rank 2):
// DCG = 3 + 2/1 + 3/1.5850 + 0 + 1/2.3219 = 7.3235,
// IDCG = 3 + 3/1 + 2/1.5850 + 1/2 + 0 = 7.7619, NDCG = 0.9435.
const (
	ndcgTieBest  = "0.9931"
	ndcgTieWorst = "0.9724"
	ndcgJK       = "0.9435"
)

func inlineDoc(t testing.TB, grades, scores string) *listio.Document {
	t.Helper()
	doc, err := listio.Inline(grades, scores)
	require.NoError(t, err)
	return doc
}

func linearK5() ndcg.Settings {
	s := ndcg.DefaultSettings()
	s.Gain, s.K = ndcg.Linear, 5
	return s
}

// newModel opens the explorer on doc at w×h.
func newModel(t testing.TB, doc *listio.Document, s ndcg.Settings, w, h int) *Model {
	t.Helper()
	m := New(Options{Doc: doc, Settings: s, NoColor: true})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

func start(t testing.TB) *Model {
	return newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
}

// keyMsg turns a key name as msg.String() spells it into a key press.
func keyMsg(k string) tea.KeyPressMsg {
	named := map[string]tea.Key{
		"up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown},
		"shift+up": {Code: tea.KeyUp, Mod: tea.ModShift}, "shift+down": {Code: tea.KeyDown, Mod: tea.ModShift},
		"pgup": {Code: tea.KeyPgUp}, "pgdown": {Code: tea.KeyPgDown},
		"home": {Code: tea.KeyHome}, "end": {Code: tea.KeyEnd},
		"enter": {Code: tea.KeyEnter}, "esc": {Code: tea.KeyEscape},
		"tab": {Code: tea.KeyTab}, "shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
		"delete": {Code: tea.KeyDelete}, "backspace": {Code: tea.KeyBackspace},
		"f1": {Code: tea.KeyF1},
	}
	if k, ok := named[k]; ok {
		return tea.KeyPressMsg(k)
	}
	if c, ok := strings.CutPrefix(k, "ctrl+"); ok {
		r, _ := utf8.DecodeRuneInString(c)
		return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl}
	}
	r, _ := utf8.DecodeRuneInString(k)
	return tea.KeyPressMsg{Code: r, Text: k}
}

// press sends keys and returns the last command.
func press(m *Model, keys ...string) tea.Cmd {
	var cmd tea.Cmd
	for _, k := range keys {
		_, cmd = m.Update(keyMsg(k))
	}
	return cmd
}

// typeText sends each character as a key press.
func typeText(m *Model, s string) {
	for _, r := range s {
		m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func screen(m *Model) string { return ansi.Strip(m.View().Content) }

func summary(t *testing.T, m *Model) string {
	t.Helper()
	for _, l := range strings.Split(screen(m), "\n") {
		if strings.HasPrefix(l, "DCG@") {
			return l
		}
	}
	t.Fatalf("no summary line on screen:\n%s", screen(m))
	return ""
}

// cursorRow is the table row the cursor is on.
func cursorRow(t *testing.T, m *Model) string {
	t.Helper()
	for _, l := range strings.Split(screen(m), "\n") {
		if strings.HasPrefix(l, "▸") || strings.HasPrefix(l, ">") {
			return l
		}
	}
	t.Fatalf("no cursor on screen:\n%s", screen(m))
	return ""
}

func isQuit(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

func TestStartsOnRankOneWithTheNumbers(t *testing.T) {
	m := start(t)
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)
	assert.Regexp(t, `^▸\s+1 A `, cursorRow(t, m))
	assert.Contains(t, screen(m), "gain linear")
	assert.Contains(t, screen(m), "ties expected")
	assert.False(t, m.Workspace().Dirty())
}

func TestDigitSetsGradeAndUndoRedoEveryWay(t *testing.T) {
	m := start(t)
	press(m, "0")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgRank1Zero)
	assert.Equal(t, 0.0, m.Workspace().List().Items[0].Grade)
	assert.True(t, m.Workspace().Dirty())
	assert.Contains(t, screen(m), "modified")

	press(m, "u")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)
	assert.False(t, m.Workspace().Dirty(), "undoing back to the loaded state is clean")
	assert.Contains(t, screen(m), "undid: ", "the status line says what was undone")
	press(m, "ctrl+r")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgRank1Zero)
	assert.Contains(t, screen(m), "redid: ")
	press(m, "ctrl+z")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)
	press(m, "ctrl+y")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgRank1Zero)
	press(m, "u", "u")
	assert.Contains(t, screen(m), "nothing to undo")
	press(m, "ctrl+r", "ctrl+r")
	assert.Contains(t, screen(m), "nothing to redo")
}

func TestEveryDigitSetsThatGrade(t *testing.T) {
	m := start(t)
	for d := 0; d <= 9; d++ {
		press(m, strconv.Itoa(d))
		assert.Equal(t, float64(d), m.Workspace().List().Items[0].Grade)
	}
	press(m, "down", "5")
	assert.Equal(t, 5.0, m.Workspace().List().Items[1].Grade)
}

func TestGradeSteps(t *testing.T) {
	m := start(t)
	press(m, "+")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgRank1Four)
	press(m, "-", "-", "-", "-", "-", "-")
	assert.Equal(t, 0.0, m.Workspace().List().Items[0].Grade, "a grade stops at 0")
	press(m, "=")
	assert.Equal(t, 1.0, m.Workspace().List().Items[0].Grade, "= is + without shift")
}

func TestCursorKeys(t *testing.T) {
	m := start(t)
	press(m, "down")
	assert.Regexp(t, `^▸\s+2 B `, cursorRow(t, m))
	press(m, "j", "j")
	assert.Regexp(t, `^▸\s+4 D `, cursorRow(t, m))
	press(m, "up")
	assert.Regexp(t, `^▸\s+3 C `, cursorRow(t, m))
	press(m, "k", "k", "k", "k")
	assert.Regexp(t, `^▸\s+1 A `, cursorRow(t, m), "the cursor stops at rank 1")
	press(m, "end")
	assert.Regexp(t, `^▸\s+5 E `, cursorRow(t, m))
	press(m, "down")
	assert.Regexp(t, `^▸\s+5 E `, cursorRow(t, m), "and at the last rank")
	press(m, "home")
	assert.Regexp(t, `^▸\s+1 A `, cursorRow(t, m))
	press(m, "pgdown")
	assert.Regexp(t, `^▸\s+5 E `, cursorRow(t, m))
	press(m, "pgup")
	assert.Regexp(t, `^▸\s+1 A `, cursorRow(t, m))
}

func TestEditScoreInPlace(t *testing.T) {
	m := start(t)
	press(m, "down", "s")
	assert.True(t, m.views[0].(*explorer).Capturing())
	typeText(m, "abc")
	press(m, "enter")
	assert.Contains(t, screen(m), `"abc" is not a number`)
	assert.True(t, m.views[0].(*explorer).Capturing(), "a bad score keeps the editor open")
	press(m, "backspace", "backspace", "backspace")
	typeText(m, "9")
	press(m, "enter")
	ws := m.Workspace()
	require.True(t, ws.List().Scored(), "a list without scores gets scores that keep its order")
	assert.Equal(t, 9.0, ws.List().Items[1].Score)
	assert.Equal(t, 5.0, ws.List().Items[0].Score)
	// B (grade 2) now ranks first: 2,3,3,0,1.
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgSwap12)
	assert.Regexp(t, `^▸\s+1 B `, cursorRow(t, m), "the cursor follows the item")

	press(m, "s")
	typeText(m, "0")
	press(m, "esc")
	assert.Equal(t, 9.0, ws.List().Items[1].Score, "esc cancels")
	press(m, "u")
	assert.False(t, ws.List().Scored(), "undo takes the scores back")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)

	press(m, "enter") // enter edits the score too
	assert.True(t, m.views[0].(*explorer).Capturing())
}

func TestEditTitleInPlace(t *testing.T) {
	m := start(t)
	press(m, "e")
	typeText(m, "Hello")
	assert.Contains(t, cursorRow(t, m), "Hello", "the editor is drawn in the row")
	press(m, "enter")
	assert.Equal(t, "Hello", m.Workspace().List().Items[0].Title)
	assert.Contains(t, cursorRow(t, m), "A Hel…", "cut to the column at 80 columns")
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	assert.Contains(t, cursorRow(t, m), "A Hello")
	press(m, "u")
	assert.Equal(t, "", m.Workspace().List().Items[0].Title)
}

func TestAddDuplicateDelete(t *testing.T) {
	m := start(t)
	press(m, "a")
	assert.Equal(t, 6, m.Workspace().N())
	assert.Regexp(t, `^▸\s+2 F `, cursorRow(t, m), "the new item lands below the cursor")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgAddBelow1)
	press(m, "u", "c")
	assert.Regexp(t, `^▸\s+2 A\.2 `, cursorRow(t, m))
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgDup)
	press(m, "u", "x")
	assert.Equal(t, 4, m.Workspace().N())
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgDelete)
	assert.Contains(t, screen(m), "k=5 but the list has 4 items")
	press(m, "u")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)
	press(m, "delete")
	assert.Equal(t, 4, m.Workspace().N(), "delete works as x")
}

func TestDeleteEverythingLeavesAValidEmptyList(t *testing.T) {
	m := start(t)
	press(m, "x", "x", "x", "x", "x")
	assert.Equal(t, 0, m.Workspace().N())
	assert.Contains(t, summary(t, m), "undefined")
	assert.Contains(t, screen(m), "the list is empty")
	// No number where NDCG is undefined, and no word about ties.
	assert.Contains(t, screen(m), "NDCG@5 by tie order (undefined: the list is empty)")
	assert.NotContains(t, screen(m), "0.0000\n", "the band chart draws no bars")
	assert.NotContains(t, screen(m), "no ties")
	press(m, "x", "0", "s", "t", "T", "J")
	assert.Equal(t, 0, m.Workspace().N())
	press(m, "a")
	assert.Equal(t, 1, m.Workspace().N())
	press(m, "3")
	assert.Contains(t, summary(t, m), "NDCG@5 = 1.0000")
}

func TestMoveWithoutScoresSwapsPlaces(t *testing.T) {
	m := start(t)
	press(m, "J")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgSwap12)
	assert.Regexp(t, `^▸\s+2 A `, cursorRow(t, m))
	press(m, "K")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)
	press(m, "shift+down")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgSwap12)
	press(m, "shift+up", "K")
	assert.Contains(t, screen(m), "already at the top")
}

func TestMoveWithScoresSwapsScores(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", "0.9,0.8,0.7,0.6,0.5"), linearK5(), 80, 24)
	press(m, "J")
	items := m.Workspace().List().Items
	assert.Equal(t, 0.8, items[0].Score)
	assert.Equal(t, 0.9, items[1].Score)
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgSwap12)
	assert.Regexp(t, `^▸\s+2 A `, cursorRow(t, m))
}

func TestTieAndUntie(t *testing.T) {
	m := start(t)
	press(m, "down", "t")
	// Scores 5,3,3,2,1: B tied with C.
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgTieExp)
	s := screen(m)
	assert.Contains(t, s, "worst "+ndcgTieWorst)
	assert.Contains(t, s, "best "+ndcgTieBest)
	assert.Contains(t, s, "┌T1")
	assert.Contains(t, s, "2.50*", "the expected gain of the group")

	press(m, "T")
	// C then B: grades 3,3,2,0,1, the best order above.
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgTieBest)
	assert.Regexp(t, `^▸\s+3 B `, cursorRow(t, m))
	press(m, "T")
	assert.Contains(t, screen(m), "not tied")
	press(m, "u", "u")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)
	assert.False(t, m.Workspace().List().Scored())
}

func TestTieStraddlingKIsMarked(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", "0.9,0.8,0.5,0.5,0.1"), linearK5(), 80, 24)
	press(m, "[", "[")
	require.Equal(t, 3, m.Workspace().Settings.K)
	assert.Contains(t, screen(m), "k=3 cuts tie group T1")
}

func TestConventionKeys(t *testing.T) {
	m := start(t)
	press(m, "[")
	assert.Contains(t, summary(t, m), "NDCG@4 = "+ndcgK4)
	press(m, "]", "]")
	assert.Contains(t, summary(t, m), "NDCG@all = "+ndcgStart)
	press(m, "]")
	assert.Contains(t, screen(m), "already the whole list")
	press(m, "[")
	assert.Equal(t, 4, m.Workspace().Settings.K)
	press(m, "]")

	press(m, "g")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgExp)
	press(m, "g")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)

	press(m, "d")
	assert.Contains(t, summary(t, m), "DCG@5 = "+dcgLog10)
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart, "the log base cancels out of NDCG")
	press(m, "d")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgJK)
	press(m, "d")
	assert.Equal(t, "log2", m.Workspace().Settings.Discount.String())

	for _, want := range []string{"best", "worst", "input", "docno", "expected"} {
		press(m, "p")
		assert.Equal(t, want, m.Workspace().Settings.Ties.String())
		assert.Contains(t, screen(m), "ties "+want)
	}
	press(m, "i")
	assert.Contains(t, screen(m), "IDCG judged")
	assert.Equal(t, ndcg.FromJudged, m.Workspace().Settings.IDCG)
	press(m, "i")
	assert.Contains(t, screen(m), "IDCG list")

	// Each of these is an edit: undo walks them back.
	for m.Workspace().Version() > 0 {
		press(m, "u")
	}
	assert.True(t, m.Workspace().Settings.Equal(linearK5()))
}

func TestZeroRule(t *testing.T) {
	m := newModel(t, inlineDoc(t, "0,0,0", ""), linearK5(), 80, 24)
	assert.Contains(t, summary(t, m), "NDCG@5 = 0.0000")
	assert.Contains(t, screen(m), "IDCG@5 is 0: no relevant item, so NDCG is 0 by convention")
	press(m, "z")
	assert.Contains(t, summary(t, m), "NDCG@5 = 1.0000")
	assert.Contains(t, screen(m), "zero→1")
	m.Update(tea.WindowSizeMsg{Width: 150, Height: 40})
	assert.Contains(t, screen(m), "NDCG=1 when IDCG=0", "in words when there is room")
}

func TestPresetPicker(t *testing.T) {
	m := start(t)
	press(m, "P")
	s := screen(m)
	assert.Contains(t, s, "Presets")
	assert.Regexp(t, `> sklearn\s+`+ndcgStart, s, "in force, selected, scikit-learn's value")
	assert.Regexp(t, `lightgbm\s+`+ndcgExp, s, "exp gain, no ties here")
	press(m, "esc")
	assert.NotContains(t, screen(m), "Presets")
	// sklearn is first; lightgbm (exp gain, input ties, zero 1) third.
	press(m, "P", "down", "down", "enter")
	st := m.Workspace().Settings
	assert.Equal(t, "exp", st.Gain.String())
	assert.Equal(t, ndcg.Input, st.Ties)
	assert.Equal(t, 1.0, st.Zero)
	assert.Equal(t, 5, st.K, "a preset keeps k")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgExp)
	press(m, "u")
	assert.True(t, m.Workspace().Settings.Equal(linearK5()))
}

func TestInvalidEditShowsTheErrorAndCanBeUndone(t *testing.T) {
	s := linearK5()
	g, err := ndcg.ParseGain("0=0,1=1,2=3,3=7")
	require.NoError(t, err)
	s.Gain = g
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), s, 80, 24)
	press(m, "5")
	assert.Error(t, m.Workspace().Err)
	assert.Contains(t, screen(m), "cannot compute")
	assert.Contains(t, screen(m), "no gain in the map")
	press(m, "down", "up", "J") // still navigable and editable
	press(m, "u", "u")
	assert.NoError(t, m.Workspace().Err)
	assert.Contains(t, summary(t, m), "NDCG@5 = ")

	// And in a list that computes, exp gain with a huge grade.
	m = newModel(t, inlineDoc(t, "3,2", ""), ndcg.DefaultSettings(), 80, 24)
	for range 205 {
		press(m, "9", "+")
	}
	for m.Workspace().List().Items[0].Grade <= ndcg.MaxExpGrade {
		press(m, "+")
	}
	assert.Contains(t, screen(m), "too large for exponential")
	press(m, "g")
	assert.NoError(t, m.Workspace().Err, "linear gain takes any grade")
}

func TestSaveAndSaveAs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list.json")
	src := `{"title": "Mine", "x-extra": [1, 2], "items": [{"id": "A", "grade": 3}, {"id": "B", "grade": 1}]}`
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	doc, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	m := newModel(t, doc, linearK5(), 80, 24)
	press(m, "0")
	require.True(t, m.Workspace().Dirty())
	cmd := press(m, "w")
	require.NotNil(t, cmd)
	m.Update(cmd())
	assert.False(t, m.Workspace().Dirty())
	assert.Contains(t, screen(m), "saved 2 items to "+path)
	back, err := listio.Load(path, nil, "")
	require.NoError(t, err)
	assert.Equal(t, 0.0, back.List.Items[0].Grade)
	assert.Equal(t, "Mine", back.Title)
	assert.JSONEq(t, `[1, 2]`, string(back.Extra["x-extra"]))

	press(m, "W")
	assert.Contains(t, screen(m), "save as: "+path)
	for range len(path) {
		press(m, "backspace")
	}
	other := filepath.Join(dir, "other.json")
	typeText(m, other)
	cmd = press(m, "enter")
	require.NotNil(t, cmd)
	m.Update(cmd())
	_, err = os.Stat(other)
	assert.NoError(t, err)
	assert.Equal(t, other, m.Workspace().Doc.Name)

	// Save as onto another file that exists asks first: enter again
	// replaces it, a different name does not.
	press(m, "W")
	for range len(other) {
		press(m, "backspace")
	}
	typeText(m, path)
	assert.Nil(t, press(m, "enter"), "not written yet")
	assert.Contains(t, screen(m), "save as (exists: enter replaces it): /")
	assert.Equal(t, path, m.overwrite)
	press(m, "backspace")
	assert.Contains(t, screen(m), "save as: "+path[:len(path)-1], "the warning is about the name typed")
	typeText(m, "n")
	cmd = press(m, "enter")
	require.NotNil(t, cmd)
	m.Update(cmd())
	assert.Equal(t, path, m.Workspace().Doc.Name)
	assert.Contains(t, screen(m), "saved 2 items to "+path)

	// ctrl+s saves too; an inline list asks for a name first.
	m = start(t)
	press(m, "3", "ctrl+s")
	assert.Contains(t, screen(m), "save as: list.json")
	press(m, "esc")
	assert.Contains(t, screen(m), "not saved")
}

func TestQuitAsksFirstWhenUnsaved(t *testing.T) {
	m := start(t)
	assert.True(t, isQuit(press(m, "q")), "nothing to lose: q quits at once")

	m = start(t)
	press(m, "0")
	assert.False(t, isQuit(press(m, "q")))
	assert.Contains(t, screen(m), "Unsaved edits")
	press(m, "esc")
	assert.Equal(t, 0.0, m.Workspace().List().Items[0].Grade)
	assert.False(t, isQuit(press(m, "ctrl+c")))
	assert.True(t, isQuit(press(m, "y")))

	dir := t.TempDir()
	m = start(t)
	press(m, "0", "q", "w")
	press(m, "ctrl+a")
	for range 20 {
		press(m, "delete")
	}
	typeText(m, filepath.Join(dir, "kept.json"))
	cmd := press(m, "enter")
	require.NotNil(t, cmd)
	_, cmd = m.Update(cmd())
	assert.True(t, isQuit(cmd), "saving from the quit question quits once saved")
	_, err := os.Stat(filepath.Join(dir, "kept.json"))
	assert.NoError(t, err)
}

func TestHelpListsEveryKey(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 120, 40)
	press(m, "?")
	s := screen(m)
	for _, b := range helpBindings(m) {
		assert.Contains(t, s, b.Help().Desc)
	}
	press(m, "esc")
	assert.NotContains(t, screen(m), "edit title")
	// And at 80×24 nothing is cut off either.
	m = start(t)
	press(m, "?")
	s = screen(m)
	for _, b := range helpBindings(m) {
		assert.Contains(t, s, b.Help().Desc)
	}
	// Every key on the first page at 80×24; the legend of the screen
	// follows, ↓ away.
	assert.Contains(t, s, "Keys  lines 1–19 of", "the keys fill the first page at 80")
	// Left and right do nothing in the explorer: the help says where they act.
	assert.Contains(t, s, "←→/hl swap map: across")
	press(m, "esc")
	before := screen(m)
	press(m, "l", "right", "h", "left")
	assert.Equal(t, before, screen(m))
}

func helpBindings(m *Model) []key.Binding {
	var out []key.Binding
	for _, g := range m.fullHelp() {
		out = append(out, g...)
	}
	return out
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
	press(m, "A")
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
	keys := []string{"0", "1", "3", "9", "+", "-", "a", "c", "x", "J", "K", "t", "T", "u", "ctrl+r",
		"[", "]", "g", "d", "p", "i", "z", "down", "up", "end", "home", "pgdown", "A",
		"s", "e", "enter", "esc", "backspace", "P", "?", "W", "tab", "shift+tab", "f1", "."}
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
	assert.False(t, c.isDark)
	assert.NotEqual(t, dark, c.View().Content, "a light background gets the light palette")
	assert.Equal(t, ansi.Strip(dark), ansi.Strip(c.View().Content), "and the same text")
}

// A pool of judged items the list missed counts in the ideal ranking
// under IDCG from judged. By hand, linear gain, whole list: DCG = 2 +
// 1/log2(3) = 2.6309; the ideal 3,2,1 gives IDCG = 3 + 2/log2(3) + 1/2 =
// 4.7619; NDCG = 0.5525. From the list alone the ideal is the list itself.
func TestPoolCountsUnderJudgedIDCG(t *testing.T) {
	doc, err := listio.ReadJSON("pool.json", []byte(`{"items": [{"id": "A", "grade": 2}, {"id": "B", "grade": 1}],
		"pool": [{"id": "X", "grade": 3}]}`))
	require.NoError(t, err)
	s := ndcg.DefaultSettings()
	s.Gain, s.IDCG = ndcg.Linear, ndcg.FromJudged
	m := newModel(t, doc, s, 80, 24)
	assert.Contains(t, summary(t, m), "NDCG@all = 0.5525")
	assert.Contains(t, screen(m), "IDCG counts 1 judged item(s) the list did not retrieve")
	press(m, "i")
	assert.Contains(t, summary(t, m), "NDCG@all = 1.0000")
	assert.NotContains(t, screen(m), "IDCG counts")
}

func TestCtrlCQuitsEvenWhileTyping(t *testing.T) {
	m := start(t)
	press(m, "e")
	typeText(m, "abc")
	assert.False(t, isQuit(press(m, "ctrl+c")), "what is being typed is not thrown away unasked")
	assert.Contains(t, screen(m), "Unsaved edits")
	assert.True(t, isQuit(press(m, "y")))
	m = start(t)
	press(m, "0", "e")
	assert.False(t, isQuit(press(m, "ctrl+c")))
	assert.Contains(t, screen(m), "Unsaved edits")
}

func TestMouseSelectsAndScrolls(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1,2,0,1", "0.9,0.8,0.7,0.7,0.6,0.5,0.5,0.4"), linearK5(), 80, 24)
	press(m, "[", "[") // k=3: the k line sits between ranks 3 and 4
	// Screen line 0 is the title, 1 the conventions, 2 the view bar, 3
	// the table heading, 4 rank 1, 5 rank 2, 6 rank 3, 7 the k line, 8
	// rank 4.
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

func TestDirtyAfterUndoAndADifferentEdit(t *testing.T) {
	m := start(t)
	press(m, "0")
	m.Workspace().MarkSaved(m.Workspace().Version()) // as if saved with rank 1 at grade 0
	press(m, "u")
	assert.True(t, m.Workspace().Dirty())
	press(m, "1")
	assert.True(t, m.Workspace().Dirty(), "same history depth, different list: still unsaved")
	press(m, "u", "ctrl+r")
	assert.True(t, m.Workspace().Dirty())
}

// TestSummaryAtTheSmallestSize: at 50×12 the summary keeps NDCG whole on
// its line and the tie band keeps its best value. The list is the
// ties-at-k sample (grades 3,1,0,3,2,0, C and D tied at 0.71, exp gain,
// k=3), whose values samples/testdata/gen.py checks against scikit-learn:
// NDCG@3 0.7263 expected, 0.5908 worst, 0.8618 best.
func TestSummaryAtTheSmallestSize(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 3
	m := newModel(t, inlineDoc(t, "3,1,0,3,2,0", "0.92,0.85,0.71,0.71,0.4,0.12"), s, MinWidth, MinHeight)
	lines := strings.Split(screen(m), "\n")
	var at int
	for i, l := range lines {
		if strings.HasPrefix(l, "NDCG@3 ") {
			at = i
		}
	}
	require.NotZero(t, at, screen(m))
	assert.Contains(t, lines[at], "NDCG@3 0.7263 · DCG 9.3809 · IDCG 12.9165")
	assert.Equal(t, "ties: worst 0.5908 · exp. 0.7263 · best 0.8618", strings.TrimSpace(lines[at+1]))

	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.Contains(t, screen(m), "DCG@3 = 9.3809   IDCG@3 = 12.9165   NDCG@3 = 0.7263")
	assert.Contains(t, screen(m), "1 tie group(s): worst 0.5908 · expected 0.7263 · best 0.8618 (spread 0.2710)")
}

// TestFooterIsTheViewsOwn: each view's footer offers keys that work
// there (digits type a number in check and quiz, they set no grade), and
// always ends with ? and q, however narrow.
func TestFooterIsTheViewsOwn(t *testing.T) {
	m := start(t)
	for _, w := range []int{MinWidth, 80, 120} {
		m.Update(tea.WindowSizeMsg{Width: w, Height: 24})
		for i := range m.views {
			m.active = i
			lines := strings.Split(screen(m), "\n")
			foot := lines[len(lines)-1]
			assert.True(t, strings.HasSuffix(foot, "? help • q quit"), "%s at %d: %q", m.viewName(i), w, foot)
			assert.LessOrEqual(t, ansi.StringWidth(foot), w)
			if m.viewName(i) == "check" || m.viewName(i) == "quiz" {
				assert.NotContains(t, foot, "set grade", m.viewName(i))
			}
		}
	}
	m.active = 0
	assert.Contains(t, screen(m), "0-9 set grade")
	assert.Contains(t, screen(m), "Digits set the grade", "the greeting")
	press(m, "H")
	assert.Contains(t, screen(m), "↑/↓ field • esc clear")
	assert.NotContains(t, screen(m), "Digits set the grade", "the greeting stays with the explorer")
}

// TestRoundedScoresSaySo: scores too long for their cell are rounded and
// marked ~, so that two close scores do not read as a tie; scores that fit
// are shown as typed.
func TestRoundedScoresSaySo(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,1,2", "0.123457,0.123456,0.5"), linearK5(), 80, 24)
	s := screen(m)
	assert.Regexp(t, `1 C\s+2\s+0\.5 `, s)
	assert.Regexp(t, `2 A\s+3 0\.1235~ `, s)
	assert.Regexp(t, `3 B\s+1 0\.1235~ `, s)
	assert.NotContains(t, s, "T1", "not a tie")
}

// TestPresetPickerKeepsTheCursorInView: at 50×12 the picker has 8 lines:
// one line per preset, scrolled so that the one selected is shown.
func TestPresetPickerKeepsTheCursorInView(t *testing.T) {
	s := ndcg.DefaultSettings() // tf-ranking's, the fourth preset
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), s, MinWidth, MinHeight)
	press(m, "P")
	assert.Regexp(t, `(?m)^> tf-ranking`, screen(m))
	assert.NotContains(t, screen(m), "gain linear, log2", "no room for the conventions lines")
	press(m, "down")
	assert.Regexp(t, `(?m)^> jk`, screen(m))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.Contains(t, screen(m), "gain linear, log2", "room for them at 80×24")
}

// TestHelpScrollsWhenTaller: at 50×12 the help is one group per row, far
// taller than the screen; ↓ scrolls it to the last key, esc closes it.
func TestHelpScrollsWhenTaller(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), MinWidth, MinHeight)
	press(m, "?")
	assert.Contains(t, screen(m), "lines 1–7 of")
	assert.NotContains(t, screen(m), "next quiz round")
	seen := false
	for range 80 {
		press(m, "down")
		seen = seen || strings.Contains(screen(m), "next quiz round")
	}
	assert.True(t, seen, "the last key is reached")
	assert.Contains(t, screen(m), "a rank past k", "then the legend of the screen")
	press(m, "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup")
	assert.Contains(t, screen(m), "lines 1–7 of")
	// Keys pressed where it all fits do not leave it scrolled for later.
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	for range 3 {
		press(m, "down")
		screen(m) // the program draws after every key
	}
	m.Update(tea.WindowSizeMsg{Width: MinWidth, Height: MinHeight})
	assert.Contains(t, screen(m), "lines 1–7 of")
	press(m, "esc")
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)
}

// TestIDCGKeyWithoutAPool: switching the IDCG source of a list without a
// pool says, within 80 columns, that it changes nothing here.
func TestIDCGKeyWithoutAPool(t *testing.T) {
	m := start(t)
	press(m, "i")
	lines := strings.Split(screen(m), "\n")
	assert.Equal(t, "idcg list → judged: no unretrieved judged items here, so the same IDCG", lines[len(lines)-2])
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgStart)
}

// TestEditScoreWhereTheColumnIsDropped: at 50 columns the table has no
// score column; the score being typed shows over the title, labelled.
func TestEditScoreWhereTheColumnIsDropped(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,1,2", "0.9,0.8,0.7"), linearK5(), MinWidth, MinHeight)
	require.NotContains(t, screen(m), "score ", "no score column at 50")
	press(m, "s")
	typeText(m, "5")
	assert.Regexp(t, `^▸\s+1 score 0\.95`, cursorRow(t, m))
	press(m, "enter")
	assert.Contains(t, screen(m), "score of A 0.9 → 0.95")
}
