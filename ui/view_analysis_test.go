package ui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/ui/views"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

// The list of these tests: A..F with grades 3,1,0,3,2,0 and scores
// .92,.85,.71,.71,.4,.12 (C and D tied at ranks 3–4, so k=3 cuts the
// group), exponential gain, k=3. Reference values, from scikit-learn
// (Debian python3-sklearn) with y_true = the gains 2^g−1 = 7,1,0,7,3,0:
//
//	ndcg_score([gains], [scores], k=3)               = 0.7262744353075801  (ties expected)
//	dcg_score([gains], [scores], k=3)                = 9.380929753571458
//	dcg_score([gains], [gains], k=3)                 = 12.916508275000202  (IDCG@3)
//	dcg_score([gains], [scores], k=3, log_base=10)   = 31.162774104553804
//	ndcg_score([grades], [scores], k=3)              = 0.7434390676038474  (linear gain: sklearn preset)
//
// and, with the tie broken by changing one score slightly:
//
//	C before D (input order): ndcg_score(..., [.92,.85,.71,.70,.4,.12], k=3) = 0.5907889029375734
//	D before C (docno order, ids descending): [.92,.85,.70,.71,.4,.12]  = 0.861759967677587
//	linear gain, D before C (trec_eval preset, no pool)                 = 0.8707132609981449
//
// Swaps (scores exchanged, then scikit-learn on the new scores):
//
//	A↔B, ranks 1 and 2: [.85,.92,.71,.71,.4,.12] = 0.5548332507842636: Δ = −0.1714
//	B↔D, ranks 2 and 4: [.92,.71,.71,.85,.4,.12] = 0.9032246197357094: Δ = +0.1770
//
// By hand, jk preset (linear gain, discount 1 at ranks 1 and 2, 1/log2(3)
// at rank 3, expected ties): DCG@3 = 3 + 1 + 1.5/1.585 = 4.9464, IDCG@3 =
// 3 + 3 + 2/1.585 = 7.2619, NDCG@3 = 0.6811.
const (
	tiesGrades = "3,1,0,3,2,0"
	tiesScores = "0.92,0.85,0.71,0.71,0.4,0.12"
)

func tiesModel(t testing.TB, w, h int) *Model {
	s := ndcg.DefaultSettings()
	s.K = 3
	return newModel(t, inlineDoc(t, tiesGrades, tiesScores), s, w, h)
}

// body is what the active view drew.
func body(m *Model) string { return ansi.Strip(m.views[m.active].View()) }

// flat is the body with wrapped lines joined, to find a sentence.
func flat(m *Model) string { return strings.Join(strings.Fields(body(m)), " ") }

// analysisTB names a golden file after the view.
type analysisTB struct {
	testing.TB
	name string
}

func (n analysisTB) Name() string { return n.name }

func TestAnalysisViewsHaveOneKeyEach(t *testing.T) {
	m := tiesModel(t, 80, 24)
	for key, name := range map[string]string{"f2": "working", "f3": "ties", "f4": "conventions", "f5": "swap", "f6": "curves"} {
		press(m, "f1")
		require.Equal(t, "explorer", viewName(m.active))
		press(m, key)
		assert.Equal(t, name, viewName(m.active), "key %s", key)
		assert.Contains(t, screen(m), "["+capitalise(name)+"]")
	}
	// And by function key, in the order the issue lists them.
	for i, name := range []string{"working", "ties", "conventions", "swap", "curves"} {
		m.Update(tea.KeyPressMsg{Code: tea.KeyF2 + rune(i)})
		assert.Equal(t, name, viewName(m.active))
	}
	// The view menu names them all, each with what it is for.
	press(m, "v")
	menu := screen(m)
	for _, r := range views.All {
		assert.Contains(t, menu, capitalise(r.Name))
		assert.Contains(t, strings.Join(strings.Fields(menu), " "), r.Purpose)
	}
	press(m, "esc", "f5", "?")
	assert.Contains(t, screen(m), "best swap", "the swap view's help lists its own key")
}

func TestWorkingView(t *testing.T) {
	m := tiesModel(t, 80, 24)
	press(m, "f2")
	s := body(m)
	// Each term worked out: 1/log2(3) = 0.631, 3.5/2 = 1.750, 7/log2(3) = 4.417.
	assert.Contains(t, s, "DCG@3 = 7/1.000 + 1/1.585 + 3.5*/2.000")
	assert.Contains(t, s, "      = 7.000 + 0.631 + 1.750 = 9.381")
	assert.Contains(t, s, "IDCG@3 = 7/1.000 + 7/1.585 + 3/2.000")
	assert.Contains(t, s, "       = 7.000 + 4.417 + 1.500 = 12.917")
	assert.Contains(t, s, "ideal order")
	assert.Contains(t, s, "A(3) D(3) E(2)")
	assert.Contains(t, s, "NDCG@3 = DCG@3 / IDCG@3 = 9.381 / 12.917 = 0.7263")

	// Live: grade 0 at rank 1 (A) in the explorer. By hand: DCG@3 =
	// 0 + 1/1.585 + 3.5/2 = 2.381; the ideal is D(3) E(2) B(1): 7 + 3/1.585
	// + 1/2 = 9.393; 2.381/9.393 = 0.2535.
	press(m, "f1", "home", "0", "f2")
	s = body(m)
	assert.Contains(t, s, "DCG@3 = 0/1.000 + 1/1.585 + 3.5*/2.000")
	assert.Contains(t, s, "      = 0.000 + 0.631 + 1.750 = 2.381")
	assert.Contains(t, s, "IDCG@3 = 7/1.000 + 3/1.585 + 1/2.000")
	assert.Contains(t, s, "       = 7.000 + 1.893 + 0.500 = 9.393")
	assert.Contains(t, s, "= 0.2535")
	press(m, "u")
	assert.Contains(t, body(m), "= 0.7263")
}

// A working longer than the screen scrolls, and the division stays in sight.
func TestWorkingScrolls(t *testing.T) {
	g := strings.Repeat("1,", 59) + "1"
	m := newModel(t, inlineDoc(t, g, ""), linearK5(), 80, 14)
	press(m, "f2")
	s := body(m)
	assert.Contains(t, s, "lines 1–")
	// 60 items of grade 1, k=5: DCG = IDCG, NDCG 1.
	last := strings.Split(strings.TrimRight(s, "\n "), "\n")
	assert.Contains(t, last[len(last)-1], "= 1.0000")
	first := strings.Split(s, "\n")[1]
	press(m, "pgdown")
	assert.NotEqual(t, first, strings.Split(body(m), "\n")[1], "page down scrolls")
	press(m, "home")
	assert.Equal(t, first, strings.Split(body(m), "\n")[1])
}

func TestTiesView(t *testing.T) {
	m := tiesModel(t, 80, 24)
	press(m, "f3")
	s := body(m)
	assert.Contains(t, s, "T1    3–4")
	assert.Contains(t, s, "k cuts it: 1 of 2 count")
	assert.Contains(t, s, "worst 0.5908"[:5]) // the bar labels
	for _, want := range []string{"0.5908", "0.7263", "0.8618"} {
		assert.Contains(t, s, want)
	}
	assert.Contains(t, s, "over all 2 arrangements, exact")
	assert.Contains(t, s, "50%")
	assert.Contains(t, s, "◂ input")
	assert.Contains(t, s, "◂ mean")
	f := flat(m)
	assert.Contains(t, f, "ignore_ties=False gives the expected 0.7263")
	assert.Contains(t, f, "anywhere in [0.5908, 0.8618]")
	assert.Contains(t, f, "docno, descending: NDCG@3 = 0.8618 in that order under the conventions in force (input order: 0.5908")
	// trec_eval's own value (linear gain) is the conventions view's:
	// (3 + 1/1.585 + 3/2)/(3 + 3/1.585 + 2/2) = 5.1309/5.8928 = 0.8707.
	assert.Contains(t, f, "(input order: 0.5908; trec_eval's conventions: 0.8707).")
	assert.NotContains(t, f, "own: C", "C read as the grade-0 item in the tie, not as the key")
	assert.Contains(t, s, "docno order D C")

	// Live: k=4 takes the whole group in; both orders give one value,
	// (7 + 1/1.585 + 3.5/2 + 3.5/2.322)/IDCG@4 where IDCG@4 = 12.917 +
	// 1/2.322 = 13.347: 10.888/13.347 = 0.8158, and the group no longer
	// straddles k.
	press(m, "]")
	s = body(m)
	assert.Contains(t, s, "inside k")
	assert.Contains(t, s, "0.8158")
	assert.NotContains(t, s, "k cuts it")
}

func TestTiesViewWithoutTies(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	press(m, "f3")
	s := body(m)
	assert.Contains(t, s, "No ties")
	assert.Contains(t, s, "NDCG@5 = "+ndcgStart)
	assert.Contains(t, s, "press t here")
	// With k = n the hint does not promise a tie that k cuts through.
	assert.NotContains(t, flat(m), "a tie that k cuts through")
	assert.Contains(t, flat(m), "press t here to give the last rank the score of the one above it; k=5 takes in the whole list, so that tie is inside k")
	// t ties rank k with rank k+1; with k = 5 = n there is no rank 6, so
	// E ties with D above it: D and E (grades 0 and 1) share ranks 4–5,
	// which count entirely, so NDCG@5 under expected ties is by hand
	// (3 + 2/1.585 + 3/2 + 0.5/2.322 + 0.5/2.585)/6.3235 = 6.1706/6.3235 = 0.9758.
	press(m, "t")
	s = body(m)
	assert.Contains(t, s, "T1    4–5")
	assert.Contains(t, s, "0.9758")
	assert.True(t, m.c.WS.Dirty())
	press(m, "u")
	assert.Contains(t, body(m), "No ties")
	// At k = 4 rank 5 is there to tie with: the hint names the tie k cuts.
	press(m, "[")
	assert.Contains(t, flat(m), "press t here to give rank k the score of rank k+1 (a tie that k cuts through")
}

func TestConventionsView(t *testing.T) {
	m := tiesModel(t, 80, 24)
	press(m, "f4")
	s := body(m)
	row := func(name string) string {
		for _, l := range strings.Split(s, "\n") {
			if strings.HasPrefix(strings.TrimLeft(l, "> ="), name+" ") {
				return l
			}
		}
		t.Fatalf("no row %s in\n%s", name, s)
		return ""
	}
	assert.Contains(t, row("in force"), "0.7263")
	assert.Contains(t, row("sklearn"), "0.7434")
	assert.Contains(t, row("sklearn"), "linear*")
	assert.Contains(t, row("trec_eval"), "0.8707")
	assert.Contains(t, row("trec_eval"), "docno*")
	assert.Contains(t, row("lightgbm"), "0.5908")
	assert.Contains(t, row("tf-ranking"), "0.7263")
	assert.NotContains(t, row("tf-ranking"), "*")
	assert.Contains(t, row("jk"), "0.6811")
	// XGBoost's conventions have rows of their own: on whole grades with a
	// relevant item they give lightgbm's value, and depart from the
	// conventions in force in the grades (cut to integers) too.
	assert.Contains(t, row("xgboost"), "0.5908")
	assert.Contains(t, row("xgboost"), "integer*")
	assert.Contains(t, row("xgboost-"), "0.5908")
	// The preset in force is marked as the conventions line names it,
	// and the cursor opens on it, as in the preset picker (F4).
	assert.Contains(t, row("tf-ranking"), "> =tf-ranking ")
	assert.NotContains(t, row("sklearn"), "=")
	assert.Contains(t, s, "=tf-ranking is the preset in force")
	assert.Contains(t, flat(m), "These are the conventions in force; ↑/↓ choose another preset")
	// The selected preset (sklearn, home) is explained one setting at a time.
	press(m, "home")
	f := flat(m)
	assert.Contains(t, f, "gain exp → linear: a grade 3 is worth 3, not 7")
	assert.Contains(t, f, "DCG@3 9.381 → 4.381")
	assert.Contains(t, f, "NDCG@3 0.7263 → 0.7434")

	// lightgbm: input order gives C(0) rank 3: DCG@3 = 7 + 1/1.585 = 7.631.
	press(m, "down", "down")
	f = flat(m)
	assert.Contains(t, f, "ties expected → input")
	assert.Contains(t, f, "DCG@3 9.381 → 7.631")
	assert.Contains(t, f, "IDCG=0 rule 0 → 1: only matters when IDCG is 0")

	press(m, "enter")
	assert.Equal(t, ndcg.Input, m.c.WS.Settings.Ties)
	assert.Equal(t, 1.0, m.c.WS.Settings.Zero)
	assert.Equal(t, 3, m.c.WS.Settings.K, "k stays")
	assert.Contains(t, body(m), "=lightgbm is the preset in force")
	assert.Contains(t, body(m), "> =lightgbm   0.5908")
	press(m, "u")
	assert.Equal(t, ndcg.Expected, m.c.WS.Settings.Ties)
	assert.Contains(t, body(m), "=tf-ranking is the preset in force")
}

func TestSwapView(t *testing.T) {
	m := tiesModel(t, 80, 24)
	press(m, "f5")
	s := body(m)
	assert.Contains(t, s, "ranks 1 ↔ 2")
	assert.Contains(t, s, "ΔNDCG@3 = -0.1714")
	assert.Contains(t, s, "NDCG@3 0.7263 → 0.5548")
	assert.Contains(t, s, "best swap in ranks 1–6: 2 ↔ 4")
	assert.Contains(t, s, "B ↔ D: +0.1770 → 0.9032")
	// Every pair of the six ranks is on the map.
	assert.Contains(t, s, " i\\j  1  2  3  4  5  6")

	// The cursor: down to rank 2, right to rank 4 is the best pair.
	press(m, "down", "right", "right")
	s = body(m)
	assert.Contains(t, s, "ranks 2 ↔ 4")
	assert.Contains(t, s, "ΔNDCG@3 = +0.1770")
	press(m, "enter")
	assert.InDelta(t, 0.9032246197357094, m.c.WS.Result.NDCG(), 1e-12)
	assert.Contains(t, m.c.Status.Text, "B and D exchanged scores")
	press(m, "u")
	assert.InDelta(t, 0.7262744353075801, m.c.WS.Result.NDCG(), 1e-12)

	// b applies the best swap straight away.
	press(m, "home", "m")
	assert.InDelta(t, 0.9032246197357094, m.c.WS.Result.NDCG(), 1e-12)
	press(m, "u")
	assert.InDelta(t, 0.7262744353075801, m.c.WS.Result.NDCG(), 1e-12)
}

// Without scores a swap exchanges places: swapping ranks 1 and 2 of
// 3,2,3,0,1 gives 2,3,3,0,1, whose NDCG@5 scikit-learn gives as 0.9140
// (ndcgSwap12).
func TestSwapUnscored(t *testing.T) {
	m := start(t)
	press(m, "f5")
	assert.Contains(t, body(m), "NDCG@5 "+ndcgStart+" → "+ndcgSwap12)
	press(m, "enter")
	assert.Contains(t, summaryOf(m), ndcgSwap12)
	assert.Equal(t, "B", m.c.WS.List().Items[0].ID)
	press(m, "u")
	assert.Equal(t, "A", m.c.WS.List().Items[0].ID)
}

func summaryOf(m *Model) string { return layout.Fixed(m.c.WS.Result.NDCG(), 4) }

func TestCurvesView(t *testing.T) {
	m := tiesModel(t, 80, 24)
	press(m, "f6")
	s := body(m)
	// 1/log2(i+1): 1, 0.631, 0.5, 0.431 …; k=3 marked.
	for _, want := range []string{" 1 ", "1.000", "0.631", "0.500 ◂k", "0.431", "0.387"} {
		assert.Contains(t, s, want)
	}
	// 2^g−1 for grades 0..3 and how many items have each.
	assert.Contains(t, s, "gain exp = 2^g−1")
	for _, want := range []string{"0 ×2", "1 ×1", "3 ×1", "7 ×2"} {
		assert.Contains(t, s, want)
	}
	f := flat(m)
	assert.Contains(t, f, "DCG@3 goes from 9.3809 (log2) to 31.1628 (log10)")
	assert.Contains(t, f, "ln 10/ln 2 = 3.3219")
	assert.Contains(t, f, "NDCG@3 stays 0.7263 (log2) = 0.7263 (log10)")

	// Live: linear gain draws the grades themselves.
	press(m, "g")
	s = body(m)
	assert.Contains(t, s, "gain linear = g")
	assert.Contains(t, s, "3 ×2")
	// And the discount in force: jk:2 is 1 at ranks 1 and 2.
	press(m, "d", "d")
	s = body(m)
	assert.Contains(t, s, "discount jk:2")
	assert.Contains(t, s, " 2 ")
	assert.Equal(t, 2, strings.Count(s, "1.000"), s)
}

func TestAnalysisGolden80x24(t *testing.T) {
	for _, v := range []struct{ key, name string }{{"f2", "working"}, {"f3", "ties"}, {"f4", "conventions"}, {"f5", "swap"}, {"f6", "curves"}} {
		for _, ascii := range []bool{false, true} {
			m := tiesModel(t, 80, 24)
			file := v.name + "_80x24"
			if ascii {
				press(m, "b")
				file += "_ascii"
			}
			press(m, v.key)
			if ascii && v.key == "f4" {
				// The view opens on the preset in force; sklearn's
				// reasons show the ASCII bullet.
				press(m, "home")
			}
			golden.RequireEqual(analysisTB{t, file}, screen(m))
		}
	}
}

// TestAnalysisViewsNeverPanic draws each view after random edits at
// sizes from 1×1 up, and checks every frame fits.
func TestAnalysisViewsNeverPanic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	keys := []string{"0", "3", "+", "t", "T", "u", "ctrl+r", "[", "]", "g", "d", "p", "i", "z",
		"down", "up", "left", "right", "home", "end", "pgdown", "enter", "m", "b", "f2", "f3", "f4", "f5", "f6", "f1", "x", "a", "c"}
	sizes := [][2]int{{1, 1}, {10, 3}, {30, 8}, {50, 12}, {60, 15}, {80, 24}, {100, 30}, {200, 60}}
	for _, list := range [][2]string{{tiesGrades, tiesScores}, {"1", ""}, {"0,0,0", "1,1,1"}, {strings.Repeat("2,", 39) + "2", ""}} {
		m := newModel(t, inlineDoc(t, list[0], list[1]), linearK5(), 80, 24)
		for step := 0; step < 300; step++ {
			press(m, keys[rng.IntN(len(keys))])
			sz := sizes[rng.IntN(len(sizes))]
			m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			lines := strings.Split(screen(m), "\n")
			require.LessOrEqual(t, len(lines), sz[1])
			for _, l := range lines {
				require.LessOrEqual(t, ansi.StringWidth(l), sz[0], "at %dx%d in %s: %q", sz[0], sz[1], viewName(m.active), l)
			}
		}
	}
}

// The views recompute only when drawn: an edit in the explorer costs
// the hidden views nothing but a flag.
func TestAnalysisViewsComputeWhenDrawn(t *testing.T) {
	m := tiesModel(t, 80, 24)
	cv := m.views[3]
	require.Equal(t, "conventions", viewName(3))
	press(m, "f4")
	body(m)
	assert.False(t, fieldAs[view.Lazy](cv, "Lazy").Stale)
	press(m, "f1")
	press(m, "home", "0")
	assert.True(t, fieldAs[view.Lazy](cv, "Lazy").Stale, "not recomputed while hidden")
	press(m, "f4")
	s := body(m)
	assert.False(t, fieldAs[view.Lazy](cv, "Lazy").Stale)
	// A(0) at rank 1 under linear gain (sklearn preset): by hand
	// (0 + 1/1.585 + 1.5/2)/(3 + 2/1.585 + 1/2) = 1.3809/4.7619 = 0.2900.
	assert.Contains(t, s, "0.2900")
}

// A click picks a pair on the swap map and a preset in the conventions;
// the wheel scrolls the working.
func TestAnalysisViewsMouse(t *testing.T) {
	m := tiesModel(t, 80, 24)
	press(m, "f5")
	// Screen row 6 is the map's row of rank 2 (three header lines, the
	// view's title, the column numbers); column 13 is rank 4's cell.
	m.Update(tea.MouseClickMsg{X: 13, Y: 6, Button: tea.MouseLeft})
	assert.Contains(t, body(m), "ranks 2 ↔ 4")
	assert.Contains(t, body(m), "ΔNDCG@3 = +0.1770")

	press(m, "f4")
	m.Update(tea.MouseClickMsg{X: 5, Y: 7, Button: tea.MouseLeft}) // screen row 7: trec_eval
	assert.Contains(t, body(m), "NDCG@3 0.7263 here, 0.8707 under trec_eval")

	g := strings.Repeat("1,", 59) + "1"
	m = newModel(t, inlineDoc(t, g, ""), linearK5(), 80, 14)
	press(m, "f2")
	first := strings.Split(body(m), "\n")[1]
	m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	assert.NotEqual(t, first, strings.Split(body(m), "\n")[1])
}

// A gain map too wide for the table's gain column, where it read
// 0=0,1=… at 80 columns, is named "map" there and spelled out whole
// under the table. The numbers, by hand, with grade 3 worth 10 and the
// tie C(0) D(3) at ranks 3–4 sharing the mean gain (0 + 10)/2 = 5:
// DCG@3 = 10/1 + 2/log2(3) + 5/2 = 10 + 1.2619 + 2.5 = 13.7619;
// IDCG@3 = 10/1 + 10/log2(3) + 5/2 = 10 + 6.3093 + 2.5 = 18.8093;
// NDCG@3 = 13.7619/18.8093 = 0.7317. Under lightgbm's input order C(0)
// takes rank 3: DCG@3 = 11.2619, NDCG@3 = 0.5987.
func TestConventionsGainMapReadable(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 3
	g, err := ndcg.ParseGain("0=0,1=2,2=5,3=10")
	require.NoError(t, err)
	s.Gain = g
	m := newModel(t, inlineDoc(t, tiesGrades, tiesScores), s, 80, 24)
	press(m, "f4")
	b := body(m)
	assert.Contains(t, b, "  in force    0.7317    map      log2      expected")
	assert.Contains(t, b, "  map = the gain per grade in force: 0=0,1=2,2=5,3=10\n")
	assert.NotContains(t, b, "0=0,1=…")
	assert.Contains(t, b, "no preset follows them")
	// With no preset in force the cursor starts on the first, sklearn.
	press(m, "down", "down")
	b = body(m)
	assert.Contains(t, b, "> lightgbm    0.5908")
	assert.Contains(t, b, "  map = the gain per grade in force: 0=0,1=2,2=5,3=10\n")
	assert.Contains(t, flat(m), "ties expected → input: tied items keep their input order; DCG@3 13.762 → 11.262 · NDCG@3 0.7317 → 0.5987")
}

// trec_eval differs in four settings: all four reasons fit 80×24, the
// line on enter and u (the footer says it) and the preset's note giving
// way to them; at 80×26 they are back.
func TestConventionsFitWithFourReasons(t *testing.T) {
	m := tiesModel(t, 80, 24)
	press(m, "f4", "home", "down")
	s := body(m)
	for _, want := range []string{"gain exp → linear", "ties expected → docno", "IDCG from list → judged", "grades as given → integer",
		"effect on this list\n• grades", "here is whole · no effect on this list"} {
		assert.Contains(t, s, want)
	}
	assert.NotContains(t, s, "more line(s)")
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 26})
	s = body(m)
	assert.Contains(t, s, "trec_eval: trec_eval -m ndcg_cut.k")
	// The legend of the stars comes back before the line on enter and u,
	// which the footer says too.
	assert.Contains(t, s, "* departs from the conventions in force")
	assert.NotContains(t, s, "enter applies trec_eval")
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 27})
	assert.Contains(t, body(m), "enter applies trec_eval (k stays 3); u undoes")

	// Too short for them all, the reasons end on a line that says so.
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 20})
	assert.Contains(t, body(m), "↓ 5 more line(s): a taller terminal shows them")
}

// TestConventionsNarrowShowsWholeColumns: at 50 columns the table keeps
// the columns that fit whole (preset, NDCG@3, gain, discount) rather
// than cutting "expected" to "expecte".
func TestConventionsNarrowShowsWholeColumns(t *testing.T) {
	m := tiesModel(t, MinWidth, 24)
	press(m, "f4")
	s := body(m)
	assert.Contains(t, s, "  preset      NDCG@3    gain     discount\n")
	assert.Contains(t, s, "  in force    0.7263    exp      log2\n")
	assert.Contains(t, s, "  trec_eval   0.8707    linear*  log2\n")
	assert.NotContains(t, s, "expecte")
}

// TestTiesHeadAtTheSmallestSize: at 50 columns the ties view's first line
// still gives both ends of the band (0.5908 worst, 0.8618 best, from
// scikit-learn, see the top of this file).
func TestTiesHeadAtTheSmallestSize(t *testing.T) {
	m := tiesModel(t, MinWidth, MinHeight)
	press(m, "f3")
	first := strings.Split(body(m), "\n")[0]
	assert.Equal(t, "Ties 1 tie group(s): NDCG@3 0.5908 to 0.8618", first)
}

// Without a relevant item there is no ratio for the log base to cancel
// out of: the lesson says NDCG is the IDCG=0 rule under both bases, where
// it said IDCG grows by the same factor (0 × 3.3219 = 0).
func TestCurvesLessonWithoutRelevantItems(t *testing.T) {
	m := openSample(t, "zero-idcg", 80, 24)
	open(t, m, "curves")
	f := strings.Join(strings.Fields(screen(m)), " ")
	assert.Contains(t, f, "so DCG@all goes from 0.0000 (log2) to 0.0000 (log10); IDCG is 0 too, so NDCG@all is the IDCG=0 rule's 0 under both. Under jk:B the ranks before B get 1, which does not scale: there the base counts.")
	assert.NotContains(t, f, "IDCG grows")
	press(m, "z")
	assert.Contains(t, strings.Join(strings.Fields(screen(m)), " "), "NDCG@all is the IDCG=0 rule's 1 under both")
}

// The ties view points at the bar of the tie policy in force, whose value
// the explorer shows: expected (0.7263) on the default sample, worst
// (0.5908: C(0) at rank 3, 7 + 1/log2(3) = 7.631 over 12.917) after p p.
func TestTiesViewPointsAtThePolicyInForce(t *testing.T) {
	m := tiesModel(t, 80, 24)
	press(m, "f3")
	s := body(m)
	assert.Contains(t, s, "NDCG@3 by tie order (◂ in force)")
	assert.Regexp(t, `expected [^│\n]*0\.7263 ◂ │`, s)
	assert.Regexp(t, `worst    [^│\n]*0\.5908   │`, s)
	press(m, "p", "p")
	require.Equal(t, ndcg.Worst, m.c.WS.Settings.Ties)
	s = body(m)
	assert.Regexp(t, `worst    [^│\n]*0\.5908 ◂ │`, s)
	assert.Regexp(t, `expected [^│\n]*0\.7263   │`, s)
}

// Under a tie policy other than expected the working view says what the
// brackets of the ranking mean, as the working's text does, where they
// went unexplained: ties best puts D(3) before C(0), and by hand DCG@3 =
// 7/1 + 1/log2(3) + 7/2 = 7 + 0.631 + 3.5 = 11.131.
func TestWorkingViewSaysHowTiesAreOrdered(t *testing.T) {
	m := tiesModel(t, 80, 24)
	press(m, "f2", "p")
	require.Equal(t, ndcg.Best, m.c.WS.Settings.Ties)
	s := body(m)
	assert.Contains(t, s, "[D(3) | C(0)]")
	assert.Regexp(t, `      = 7\.000 \+ 0\.631 \+ 3\.500 = 11\.131 *\n\[…\] marks a tie group, ordered highest grade first \(ties best\)\.`, s)
	// Under expected ties the mean gain's note says it instead.
	press(m, "p", "p", "p", "p")
	require.Equal(t, ndcg.Expected, m.c.WS.Settings.Ties)
	assert.NotContains(t, body(m), "[…] marks")
	assert.Contains(t, body(m), "* ranks 3–4 tie (score 0.71)")
}

// The curves view names a gain map once, whole, where it read "gain
// 0=0,1=2,2=5,3=10 = map 0=0,1=2,2=…" at 80 columns; each grade's gain is
// on its bar (grade 3: 10).
func TestCurvesNameAGainMapOnce(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 3
	g, err := ndcg.ParseGain("0=0,1=2,2=5,3=10")
	require.NoError(t, err)
	s.Gain = g
	m := newModel(t, inlineDoc(t, tiesGrades, tiesScores), s, 80, 24)
	press(m, "f6")
	b := body(m)
	assert.Contains(t, b, "gain map 0=0,1=2,2=5,3=10\n")
	assert.NotContains(t, b, "= map")
	assert.Regexp(t, `3 █+ 10 ×2`, b)
}
