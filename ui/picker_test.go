package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ltr"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
)

// The preset picker at 80×24 and 120×40: every preset says whole who
// uses it and the conventions it sets (wrapped, never cut with …), the
// one in force marked =tf-ranking as the conventions line names it, and
// the status and footer still on screen.
func TestPresetPickerGolden(t *testing.T) {
	for _, size := range []struct {
		w, h int
		file string
	}{{80, 24, "picker_80x24"}, {120, 40, "picker_120x40"}} {
		m := tiesModel(t, size.w, size.h)
		press(m, "P")
		s := screen(m)
		lines := strings.Split(s, "\n")
		require.Len(t, lines, size.h)
		for _, l := range lines[:len(lines)-2] {
			assert.NotContains(t, l, "…", "at %d columns", size.w)
			assert.LessOrEqual(t, ansi.StringWidth(l), size.w)
		}
		for _, p := range ndcg.Presets {
			assert.Contains(t, s, p.Note, "at %d columns", size.w)
		}
		assert.Contains(t, lines[1], "=tf-ranking")
		assert.Contains(t, s, "> =tf-ranking 0.7263")
		assert.Contains(t, lines[size.h-1], "enter apply it", "the footer")
		golden.RequireEqual(analysisTB{t, size.file}, s)
	}
}

// Too short for every preset's two lines, each takes one and the one
// selected is told whole under them.
func TestPresetPickerTellsTheSelectedOne(t *testing.T) {
	m := tiesModel(t, 60, 20)
	press(m, "P")
	s := screen(m)
	assert.Contains(t, s, "> =tf-ranking 0.7263")
	assert.Contains(t, s, "    TF-Ranking's NDCG metric; ties shuffled at random\n")
	assert.Contains(t, s, "    gain exp, log2, ties expected, IDCG list, zero→0")
	press(m, "up")
	s = screen(m)
	assert.Contains(t, s, "\n    XGBoost 1.7 eval_metric ndcg@k-\n")
	assert.Contains(t, s, "    gain exp, log2, ties input, IDCG list, zero→0,\n    integer grades", "broken between two settings")
}

// A query of learning-to-rank data read under XGBoost's rules is marked
// =xgboost in the picker and the conventions view, as on the conventions
// line, not lightgbm: XGBoost's conventions have their own row.
func TestXGBoostRowInForce(t *testing.T) {
	ds := &ltr.DataSet{Name: "d.txt", Queries: []ltr.Query{
		{QID: "3", Labels: []float64{2, 0, 1}, Predictions: []float64{0.1, 0.5, 0.5}},
	}}
	rules := ltr.XGBoost(false)
	doc, err := listio.LTRQuery(ds, rules, "3")
	require.NoError(t, err)
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	require.NoError(t, err)
	assert.True(t, s.Equal(rules.ListSettings()), "the document says what the rules' list is explored under")
	s.K = 10
	m := newModel(t, doc, s, 80, 24)
	// At 80 columns the line names the preset first and leaves out, whole,
	// what does not fit ("integer grades", which the preset says).
	assert.Equal(t, "=xgboost · gain exp · log2 · k=10 · ties input · IDCG list · zero→1 · …", strings.Split(screen(m), "\n")[1])
	press(m, "P")
	assert.Contains(t, screen(m), "> =xgboost ")
	assert.Contains(t, screen(m), "  lightgbm ")
	press(m, "esc", "C")
	assert.Contains(t, body(m), "> =xgboost  ", "the view opens on the preset in force, as the picker does")
	// XGBoost's ndcg@k- (z: 0 without a relevant item) is its own row too.
	press(m, "z", "P")
	assert.Contains(t, screen(m), "> =xgboost- ")
}

// The status line under the picker holds no words about the screen it
// covers (the start greeting, cut at 80 columns), and esc leaves one
// that says what closing did, whole at 80 columns; enter says what it
// applied.
func TestPresetPickerStatus(t *testing.T) {
	m := openSample(t, "ties-at-k", 80, 24)
	press(m, "P")
	lines := strings.Split(screen(m), "\n")
	assert.Empty(t, strings.TrimSpace(lines[22]), "no greeting under the picker")
	press(m, "esc")
	require.Nil(t, dialogOf[*dialogs.Picker](m))
	lines = strings.Split(screen(m), "\n")
	assert.Equal(t, "presets closed: no preset applied", strings.TrimSpace(lines[22]))
	assert.NotContains(t, lines[22], "…")
	press(m, "P", "up", "enter")
	assert.NotEqual(t, "presets closed: no preset applied", m.c.Status.Text)
	assert.Contains(t, strings.Split(screen(m), "\n")[1], "=xgboost-", "enter applied the row above tf-ranking")
}

// The help (?) takes the greeting away too: it points to the help, and
// under it would read cut; esc leaves the status line clear.
func TestHelpTakesTheGreetingAway(t *testing.T) {
	m := openSample(t, "ties-at-k", 80, 24)
	press(m, "?")
	lines := strings.Split(screen(m), "\n")
	assert.Empty(t, strings.TrimSpace(lines[22]))
	press(m, "esc")
	lines = strings.Split(screen(m), "\n")
	assert.Empty(t, strings.TrimSpace(lines[22]))
	assert.True(t, strings.HasSuffix(lines[23], "? help • q quit"))
}
