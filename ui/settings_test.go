package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

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

	gainTo(t, m, ndcg.Exp)
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgExp)
	gainTo(t, m, ndcg.Linear)
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

// F4 opens the conventions view on the preset in force: every preset's
// NDCG@k, enter applies the one selected (k stays), esc goes back to the
// view F4 was pressed in, saying nothing was applied, u undoes a preset.
func TestPresetsOpenTheConventionsView(t *testing.T) {
	m := start(t)
	press(m, "f4")
	require.Equal(t, "conventions", viewName(m.active))
	s := screen(m)
	assert.Regexp(t, `> =sklearn\s+`+ndcgStart, s, "in force (=, as the conventions line names it), selected, scikit-learn's value")
	assert.Regexp(t, `lightgbm\s+`+ndcgExp, s, "exp gain, no ties here")
	assert.Contains(t, s, "scikit-learn", "the selected preset's note: who uses it")
	assert.Contains(t, s, "enter applies (k stays 5) · esc goes back")
	press(m, "esc")
	assert.Equal(t, "explorer", viewName(m.active), "esc goes back where P was pressed")
	assert.Contains(t, screen(m), "presets closed: no preset applied")
	// sklearn is first; lightgbm (exp gain, input ties, zero 1) third.
	press(m, "f4", "down", "down", "enter")
	st := m.Workspace().Settings
	assert.Equal(t, "exp", st.Gain.String())
	assert.Equal(t, ndcg.Input, st.Ties)
	assert.Equal(t, 1.0, st.Zero)
	assert.Equal(t, 5, st.K, "a preset keeps k")
	press(m, "esc")
	assert.Equal(t, "presets closed: the conventions applied stay (u undoes them)", m.c.Status.Text)
	assert.Contains(t, summary(t, m), "NDCG@5 = "+ndcgExp)
	press(m, "u")
	assert.True(t, m.Workspace().Settings.Equal(linearK5()))
	// Reached by the menu, esc does not leave the view; F4 is the
	// presets, and esc goes back.
	press(m, "v", "4", "esc")
	assert.Equal(t, "conventions", viewName(m.active))
	press(m, "f1", "f4", "esc")
	assert.Equal(t, "explorer", viewName(m.active))
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
	press(m, "down", "up", "shift+down") // still navigable and editable
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

// TestPresetsKeepTheCursorInView: at 50×12 the conventions view opened
// by F4 shows the preset in force, and follows the cursor.
func TestPresetsKeepTheCursorInView(t *testing.T) {
	s := ndcg.DefaultSettings() // tf-ranking's, the sixth preset
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), s, MinWidth, MinHeight)
	press(m, "f4")
	assert.Regexp(t, `(?m)^> =tf-ranking`, screen(m))
	press(m, "down")
	assert.Regexp(t, `(?m)^> jk`, screen(m))
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

// gainTo presses g until the gain is want, as a person cycles the gains
// to the one they want: the tests hold however many gains g cycles.
func gainTo(t *testing.T, m *Model, want ndcg.Gain) {
	t.Helper()
	for range 10 {
		if m.c.WS.Settings.Gain.String() == want.String() {
			return
		}
		press(m, "g")
	}
	t.Fatalf("g never reached gain %s", want)
}
