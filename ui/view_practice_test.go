package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

// Reference values for the practice views. Unless the comment gives the
// hand arithmetic, each was printed by scikit-learn (Debian
// python3-sklearn): dcg_score over the gains in ideal order for IDCG,
// ndcg_score for NDCG, average_precision_score for AP (which equals AP@k
// when k is the whole list and every relevant item is retrieved).
//
// The missing-relevant sample: retrieved grades 2,1,1,0 in rank order,
// pool 3,3,2, exponential gain, k=5.
//
//	DCG@5            = dcg_score([[3,1,1,0]], …, k=5)                 = 4.130929753571458
//	IDCG@5 judged    = dcg_score([[7,7,3,3,1,1,0]], …, k=5)           = 14.595390756454924
//	NDCG@5 judged    = 4.130929753571458 / 14.595390756454924         = 0.2830297470278089
//	P1 graded 0      : IDCG@5 = dcg of 7,3,3,1,1,0,0 = 11.210318626022309, NDCG = 0.36849351846096556
//	A graded 3       : DCG@5 = 8.130929753571458, IDCG@5 judged = 16.595390756454925, NDCG = 0.4899510877988131
//
// IDCG from the list only is the DCG itself here (the list is already in
// ideal order), so NDCG from the list is 1.
const (
	poolDCG          = "4.1309"
	poolIDCGJudged   = "14.5954"
	poolNDCGJudged   = "0.2830"
	poolP1ZeroIDCG   = "11.2103"
	poolP1ZeroNDCG   = "0.3685"
	poolAThreeDCG    = "8.1309"
	poolAThreeJudged = "0.4900"
)

func sampleDoc(t testing.TB, name string) *listio.Document {
	t.Helper()
	doc, err := listio.Load(listio.SamplePrefix+name, nil, "")
	require.NoError(t, err)
	return doc
}

// openSample opens a sample under its own settings at w×h.
func openSample(t testing.TB, name string, w, h int) *Model {
	t.Helper()
	doc := sampleDoc(t, name)
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	require.NoError(t, err)
	return newModel(t, doc, s, w, h)
}

// fKeys are the view keys as the terminal sends them.
var fKeys = []rune{tea.KeyF1, tea.KeyF2, tea.KeyF3, tea.KeyF4, tea.KeyF5, tea.KeyF6,
	tea.KeyF7, tea.KeyF8, tea.KeyF9, tea.KeyF10, tea.KeyF11, tea.KeyF12}

// open presses the one key that opens the view called name.
func open(t testing.TB, m *Model, name string) {
	t.Helper()
	for i := range m.views {
		if viewName(i) == name {
			require.Less(t, i, len(fKeys))
			require.Equal(t, "f"+strconv.Itoa(i+1), m.c.Keys.Views[i].Keys()[0], "the view key of %s", name)
			m.Update(tea.KeyPressMsg{Code: fKeys[i]})
			require.Equal(t, name, viewName(m.active))
			return
		}
	}
	t.Fatalf("no view called %s", name)
}

// lineWith is the first screen line containing s.
func lineWith(t *testing.T, m *Model, s string) string {
	t.Helper()
	for _, l := range strings.Split(screen(m), "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	t.Fatalf("no line with %q on screen:\n%s", s, screen(m))
	return ""
}

func TestPracticeViewsHaveOneKeyEachAndAreInHelp(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 160, 50)
	for _, name := range []string{"pool", "companions", "check", "quiz"} {
		open(t, m, name)
		assert.Contains(t, screen(m), "["+name+"]")
	}
	// Each view's help lists its own key.
	for name, desc := range map[string]string{"companions": "relevance threshold", "check": "the file's claims", "quiz": "next quiz list"} {
		open(t, m, name)
		press(m, "?")
		assert.Contains(t, screen(m), desc, name)
		press(m, "esc")
	}
}

func TestPoolShowsGhostsAndBothSources(t *testing.T) {
	m := openSample(t, "missing-relevant", 80, 24)
	open(t, m, "pool")
	s := screen(m)
	// The ideal ranking from every judged item: P1, P2 (3), A, P3 (2), B (1) in the top 5.
	assert.Regexp(t, `▸\s+1 ◌ P1\s+3\s+7\s+7\.000\s+7\.000\s+no: in the pool`, s)
	assert.Regexp(t, `\s+3   A\s+2\s+3\s+1\.500\s+12\.917\s+at rank 1`, s)
	assert.Contains(t, s, "k=5: ideal ranks below do not count")
	assert.Regexp(t, `DCG@5\s+`+poolDCG+`\s+`+poolDCG, s)
	assert.Regexp(t, `IDCG@5\s+`+poolDCG+`\s+`+poolIDCGJudged, s)
	assert.Regexp(t, `NDCG@5\s+1\.0000\s+`+poolNDCGJudged, s)
	assert.Contains(t, s, "cannot see the 3 relevant judged items")
	// The sample computes with the IDCG from judged items: that column is in force.
	inForce := lineWith(t, m, "(in force)")
	assert.Greater(t, strings.Index(inForce, "(in force)"), 35)
	press(m, "i")
	inForce = lineWith(t, m, "(in force)")
	assert.Less(t, strings.Index(inForce, "(in force)"), 35, "i switches the source in force")
	// The numbers under each source do not change with the switch.
	assert.Regexp(t, `NDCG@5\s+1\.0000\s+`+poolNDCGJudged, screen(m))
}

// The table says how many ideal ranks it has no room for: ↑/↓ visit the
// pool's items only, so the retrieved ones below them may never scroll
// in. missing-relevant's 7 judged items at 80×24: ranks 1–5, the k line,
// and C (rank 6), D (rank 7) counted; with a pool item added (a, grade
// 2, then 0: it ranks last, 8th) the window scrolls to it, the last.
func TestPoolCountsRanksBelow(t *testing.T) {
	m := openSample(t, "missing-relevant", 80, 24)
	open(t, m, "pool")
	s := screen(m)
	assert.Contains(t, s, "  ↓ 2 more ideal rank(s) below")
	assert.NotContains(t, s, "at rank 3")
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 30})
	s = screen(m)
	assert.NotContains(t, s, "more ideal rank(s) below")
	assert.Regexp(t, `7   D\s+0\s+0\s+0\.000\s+14\.952\s+at rank 4`, s)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "a", "0")
	s = screen(m)
	assert.Regexp(t, `▸\s+8 ◌ P4\s+0`, s, "the new pool item, selected, is in view")
	assert.NotContains(t, s, "more ideal rank(s) below")
}

func TestPoolEditsAreUndoable(t *testing.T) {
	m := openSample(t, "missing-relevant", 80, 24)
	open(t, m, "pool")
	ws := m.Workspace()

	press(m, "0") // P1, the selected ghost, graded 0
	assert.Equal(t, 0.0, ws.List().Pool[0].Grade)
	assert.Regexp(t, `IDCG@5\s+`+poolDCG+`\s+`+poolP1ZeroIDCG, screen(m))
	assert.Regexp(t, `NDCG@5\s+1\.0000\s+`+poolP1ZeroNDCG, screen(m))
	assert.True(t, ws.Dirty())
	press(m, "u")
	assert.Equal(t, 3.0, ws.List().Pool[0].Grade)
	assert.Regexp(t, `NDCG@5\s+1\.0000\s+`+poolNDCGJudged, screen(m))

	// Removing P1 leaves the same ideal ranking as grading it 0.
	press(m, "x")
	require.Len(t, ws.List().Pool, 2)
	assert.NotContains(t, screen(m), "◌ P1")
	assert.Regexp(t, `NDCG@5\s+1\.0000\s+`+poolP1ZeroNDCG, screen(m))
	press(m, "u")
	require.Len(t, ws.List().Pool, 3)
	assert.Equal(t, "P1", ws.List().Pool[0].ID)

	// Adding one: a new id, the list's best grade, undoable.
	press(m, "a")
	require.Len(t, ws.List().Pool, 4)
	assert.Equal(t, "P4", ws.List().Pool[3].ID)
	assert.Equal(t, 2.0, ws.List().Pool[3].Grade)
	assert.Regexp(t, `▸.*◌ P4`, screen(m), "the new item is selected")
	press(m, "+")
	assert.Equal(t, 3.0, ws.List().Pool[3].Grade)
	press(m, "u", "u")
	assert.Len(t, ws.List().Pool, 3)
	assert.False(t, ws.Dirty())

	// Moving down the ghosts: P2 is next, then P3.
	press(m, "down", "down", "1")
	assert.Equal(t, 1.0, ws.List().Pool[2].Grade)
}

func TestPoolFollowsEditsInTheExplorer(t *testing.T) {
	m := openSample(t, "missing-relevant", 80, 24)
	open(t, m, "pool")
	press(m, "f1", "3") // rank 1 (A) graded 3 in the explorer
	open(t, m, "pool")
	assert.Regexp(t, `DCG@5\s+`+poolAThreeDCG+`\s+`+poolAThreeDCG, screen(m))
	assert.Regexp(t, `NDCG@5\s+1\.0000\s+`+poolAThreeJudged, screen(m))
}

func TestPoolEmpty(t *testing.T) {
	m := start(t)
	open(t, m, "pool")
	s := screen(m)
	assert.Contains(t, s, "No pool")
	// 3,2,3,0,1 linear, k=5: scikit-learn's 0.9724 under both sources.
	assert.Regexp(t, `NDCG@5\s+`+ndcgStart+`\s+`+ndcgStart, s)
	press(m, "x")
	assert.Contains(t, screen(m), "the pool is empty")
	press(m, "a")
	assert.Len(t, m.Workspace().List().Pool, 1)
	assert.Contains(t, screen(m), "P1")
}

// Companions of 3,2,3,0,1 at k=5 (linear gain; NDCG 0.9724 by
// scikit-learn). By hand, with relevant meaning grade ≥ 1: 4 relevant
// items, all in the top 5: P@5 = 4/5, R@5 = 4/4, RR = 1/1, AP = (1/1 +
// 2/2 + 3/3 + 4/5)/4 = 0.95 (average_precision_score agrees). Grade ≥ 2:
// 3 relevant at ranks 1–3, P = 3/5, AP = 1. Grade ≥ 3: ranks 1 and 3,
// P = 2/5, AP = (1/1 + 2/3)/2 = 0.8333 (average_precision_score agrees).
func TestCompanionsAndThreshold(t *testing.T) {
	m := start(t)
	open(t, m, "companions")
	s := screen(m)
	assert.Contains(t, s, "relevant means grade ≥ 1")
	assert.Regexp(t, `NDCG@5\s+`+ndcgStart, s)
	assert.Regexp(t, `Precision@5\s+0\.8000`, s)
	assert.Regexp(t, `Recall@5\s+1\.0000`, s)
	assert.Regexp(t, `RR\s+1\.0000`, s)
	assert.Regexp(t, `AP@5\s+0\.9500`, s)
	assert.Contains(t, s, "AP = (1/1 + 2/2 + 3/3 + 4/5) / 4 = 0.9500")

	press(m, ">")
	s = screen(m)
	assert.Contains(t, s, "relevant means grade ≥ 2")
	assert.Regexp(t, `Precision@5\s+0\.6000`, s)
	assert.Regexp(t, `AP@5\s+1\.0000`, s)
	press(m, ">")
	s = screen(m)
	assert.Regexp(t, `Precision@5\s+0\.4000`, s)
	assert.Regexp(t, `AP@5\s+0\.8333`, s)
	assert.Regexp(t, `NDCG@5\s+`+ndcgStart, s, "the threshold does not touch NDCG")
	press(m, ">")
	assert.Contains(t, screen(m), "relevant means grade ≥ 3", "no grade above 3: the threshold stops")
	assert.Contains(t, screen(m), "no item has a grade above 3: the threshold stays at 3")
	press(m, "<", "<", "<")
	assert.Contains(t, screen(m), "relevant means grade ≥ 1")
	assert.Contains(t, screen(m), "already 1")
}

// With rank 1 graded 0 (0,2,3,0,1): NDCG@5 0.6612 (scikit-learn); by hand
// 3 relevant at ranks 2, 3, 5: P = 3/5, RR = 1/2, AP = (1/2 + 2/3 + 3/5)/3
// = 0.5889 (average_precision_score gives 0.5888888888888889).
// Without a relevant item every companion has nothing to divide by: the
// lines say which convention gives 0 (or, for NDCG, what z gives),
// where they read ÷ 0 relevant items.
func TestCompanionsWithoutRelevantItems(t *testing.T) {
	m := openSample(t, "zero-idcg", 80, 24)
	open(t, m, "companions")
	f := strings.Join(strings.Fields(screen(m)), " ")
	assert.Contains(t, f, "÷ the ideal ranking's DCG, which is 0 here: the IDCG=0 rule gives 0 (z switches it)")
	assert.Contains(t, f, "Recall@all 0.0000 no relevant item: 0 by convention, as there is nothing to find")
	assert.Contains(t, f, "AP@all 0.0000 no relevant item: 0 by convention, as there is nothing to divide by")
	assert.NotContains(t, f, "÷ 0 relevant")
	press(m, "z")
	f = strings.Join(strings.Fields(screen(m)), " ")
	assert.Contains(t, f, "NDCG@all 1.0000")
	assert.Contains(t, f, "the IDCG=0 rule gives 1 (z switches it)")
}

// The closing lesson names two grades of the list that the threshold
// makes equal: grades 3,2,3,0,1 at ≥ 1, a grade 3 and a grade 1; at
// ≥ 3, the highest grade, none is above it, so no pair is named (it
// read "a grade 3 and a grade 3").
func TestCompanionsLessonNamesTwoGrades(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	open(t, m, "companions")
	f := strings.Join(strings.Fields(screen(m)), " ")
	assert.Contains(t, f, "so a grade 3 and a grade 1 count the same")
	press(m, ">")
	f = strings.Join(strings.Fields(screen(m)), " ")
	assert.Contains(t, f, "so a grade 3 and a grade 2 count the same")
	press(m, ">")
	f = strings.Join(strings.Fields(screen(m)), " ")
	assert.Contains(t, f, "relevant means grade ≥ 3")
	assert.Contains(t, f, "so every relevant item counts the same, whatever its grade,")
	assert.NotContains(t, f, "a grade 3 and a grade 3")
	// Graded up to 5 (all-claims-hold's movies), at ≥ 4: a grade 5 and a
	// grade 4, where it said a grade 3, which is not relevant there.
	m = newModel(t, inlineDoc(t, "4,2,5,3,5", ""), linearK5(), 80, 24)
	open(t, m, "companions")
	press(m, ">", ">", ">")
	f = strings.Join(strings.Fields(screen(m)), " ")
	assert.Contains(t, f, "relevant means grade ≥ 4")
	assert.Contains(t, f, "so a grade 5 and a grade 4 count the same")
}

func TestCompanionsFollowTheExplorer(t *testing.T) {
	m := start(t)
	open(t, m, "companions")
	press(m, "f1", "0")
	open(t, m, "companions")
	s := screen(m)
	assert.Regexp(t, `NDCG@5\s+`+ndcgRank1Zero, s)
	assert.Regexp(t, `Precision@5\s+0\.6000`, s)
	assert.Regexp(t, `RR\s+0\.5000`, s)
	assert.Contains(t, s, "1/2")
	assert.Regexp(t, `AP@5\s+0\.5889`, s)
}

// Seed 42, round 1 is grades 1,1,2,3,0,0,1,0 with scores
// .8,.7,.6,.5,.5,.3,.2,.1 (D and E tied) at k=5. With exponential gain,
// scikit-learn's ndcg_score([[1,1,3,7,0,0,1,0]], [[.8,.7,.6,.5,.5,.3,.2,.1]], k=5)
// is 0.5868849691798185; with linear gain 0.6913344614818007.
func TestQuizRounds(t *testing.T) {
	doc := inlineDoc(t, "3,2,3,0,1", "")
	m := New(Options{Doc: doc, Settings: ndcg.DefaultSettings(), NoColor: true, Seed: 42})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	open(t, m, "quiz")
	s := screen(m)
	assert.Contains(t, s, "seed 42")
	assert.Contains(t, s, "round 1 · 0 of 0 right")
	assert.Contains(t, s, "NDCG@5 of this ranking?")
	assert.Regexp(t, `grade\s+1\s+1\s+2\s+3\s+0 │\s+0\s+1\s+0`, s)
	assert.Contains(t, s, "D, E share the score 0.5: under ties expected, each of their ranks gets the")
	assert.NotContains(t, s, "IDCG@5 =", "no working before the answer")
	assert.Contains(t, footer(s), "enter answer")

	typeText(m, "0.5")
	press(m, "enter")
	assert.Contains(t, screen(m), "write NDCG@5 with 2 decimals or more (e.g. 0.87): 0.5 fits too many values", "whole at 80 columns")
	assert.Contains(t, screen(m), "0 of 0 right")
	typeText(m, "0.59") // typed over the refused answer
	press(m, "enter")
	s = screen(m)
	assert.Contains(t, s, "1 of 1 right")
	assert.Contains(t, s, "✓ Right: NDCG@5 = 0.5869")
	assert.Contains(t, s, "NDCG@5 = DCG@5 / IDCG@5")
	// Once answered, enter does nothing: the footer offers what does.
	assert.NotContains(t, footer(s), "enter answer")
	assert.Contains(t, footer(s), "n next list")
	typeText(m, "1")
	assert.Contains(t, screen(m), "answered: n draws the next list")

	// A change of conventions updates the answer shown, not the score.
	press(m, "g")
	s = screen(m)
	assert.Contains(t, s, "NDCG@5 = 0.6913")
	assert.Contains(t, s, "1 of 1 right")
	press(m, "g")

	press(m, "n")
	s = screen(m)
	assert.Contains(t, s, "round 2 · 1 of 1 right")
	typeText(m, "0.00")
	press(m, "enter")
	s = screen(m)
	assert.Contains(t, s, "1 of 2 right")
	assert.Contains(t, s, "✗ Not quite")
	press(m, "n", "n")
	assert.Contains(t, screen(m), "round 3 skipped")
	assert.Contains(t, screen(m), "round 4 · 1 of 2 right")
}

func TestQuizSeedFromTheClock(t *testing.T) {
	m := start(t)
	open(t, m, "quiz")
	seed := *fieldAs[int64](m.views[m.active], "seed")
	assert.Positive(t, seed)
	assert.Contains(t, screen(m), "seed "+strconv.Itoa(int(seed)))
}

// TestPracticeViewsNeverPanic draws each view after edits at sizes from
// 1×1 up, and checks every frame fits.
func TestPracticeViewsNeverPanic(t *testing.T) {
	sizes := [][2]int{{1, 1}, {10, 3}, {49, 11}, {50, 12}, {60, 15}, {80, 24}, {100, 30}, {200, 60}}
	keys := []string{"0", "3", "+", "-", "a", "x", "down", "up", ">", "<", "f", "1", ".", "5", "enter", "n", "backspace", "esc", "i", "[", "]", "b", "u"}
	for _, doc := range []*listio.Document{sampleDoc(t, "missing-relevant"), inlineDoc(t, "1", ""), inlineDoc(t, "0,0", "")} {
		m := newModel(t, doc, linearK5(), 80, 24)
		for _, name := range []string{"pool", "companions", "check", "quiz"} {
			open(t, m, name)
			for i, k := range keys {
				press(m, k)
				sz := sizes[i%len(sizes)]
				m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				lines := strings.Split(screen(m), "\n")
				require.LessOrEqual(t, len(lines), sz[1], "%s at %dx%d", name, sz[0], sz[1])
				for _, l := range lines {
					require.LessOrEqual(t, ansi.StringWidth(l), sz[0], "%s at %dx%d: %q", name, sz[0], sz[1], l)
				}
			}
			m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		}
	}
}

// goldenView records a view at 80×24 (ANSI stripped); go test ./ui
// -update rewrites the files. The numbers on them are those asserted in
// the tests above.
func goldenView(t *testing.T, m *Model, name, file string, keys ...string) {
	t.Helper()
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	for i := range m.views {
		if viewName(i) == name {
			tm.Send(tea.KeyPressMsg{Code: fKeys[i]})
		}
	}
	for _, k := range keys {
		tm.Send(keyMsg(k))
	}
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	golden.RequireEqual(uitest.Named(t, file), ansi.Strip(final.View().Content))
}

func practiceModel(t *testing.T, doc *listio.Document, s ndcg.Settings) *Model {
	return New(Options{Doc: doc, Settings: s, NoColor: true, Seed: 42})
}

func TestPoolGolden80x24(t *testing.T) {
	doc := sampleDoc(t, "missing-relevant")
	s, _ := doc.Settings.Apply(ndcg.DefaultSettings())
	goldenView(t, practiceModel(t, doc, s), "pool", "pool_80x24", "down")
}

func TestCompanionsGolden80x24(t *testing.T) {
	goldenView(t, practiceModel(t, inlineDoc(t, "3,2,3,0,1,2,0,1", "0.9,0.8,0.7,0.7,0.6,0.5,0.5,0.4"), linearK5()), "companions", "companions_80x24", ">")
}

func TestQuizGolden80x24(t *testing.T) {
	goldenView(t, practiceModel(t, inlineDoc(t, "3,2,3,0,1", ""), ndcg.DefaultSettings()), "quiz", "quiz_80x24", "0", ".", "5", "9", "enter")
}

// A long top k is elided, not drawn rank by rank: 30 items of grade 1 at
// k=all are all relevant, so by hand P = R = RR = AP = 1.
func TestCompanionsLongList(t *testing.T) {
	grades := strings.TrimSuffix(strings.Repeat("1,", 30), ",")
	s := linearK5()
	s.K = 0
	m := newModel(t, inlineDoc(t, grades, ""), s, 80, 24)
	open(t, m, "companions")
	out := screen(m)
	assert.Contains(t, out, "… (10 more)")
	assert.Contains(t, out, "10/10 + …) / 30 =")
	assert.Regexp(t, `Precision@all 1\.0000`, out)
}

// Seed 7's first list ties D, E and F at 0.3, all below k=3: the note
// says their order cannot matter.
func TestQuizTieBelowK(t *testing.T) {
	m := New(Options{Doc: inlineDoc(t, "1,2", ""), Settings: ndcg.DefaultSettings(), NoColor: true, Seed: 7})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	open(t, m, "quiz")
	assert.Contains(t, screen(m), "D, E, F share the score 0.3, all below k: their order cannot change NDCG@3.")
}

// footer is the last line of a screen: the keys the view offers.
func footer(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestQuizHeadingOneLine: the quiz's heading says how to share its lists
// where that fits on its line, and leaves it out rather than wrap a word
// of it onto a second line.
func TestQuizHeadingOneLine(t *testing.T) {
	for _, tc := range []struct {
		w     int
		share bool
	}{{80, false}, {100, true}} {
		m := New(Options{Doc: inlineDoc(t, "1,2", ""), Settings: ndcg.DefaultSettings(), NoColor: true, Seed: 485781})
		m.Update(tea.WindowSizeMsg{Width: tc.w, Height: 24})
		press(m, "f10")
		lines := strings.Split(screen(m), "\n")
		assert.True(t, strings.HasPrefix(lines[3], "Quiz · round 1 · 0 of 0 right · seed 485781"), "%q", lines[3])
		assert.True(t, strings.HasPrefix(lines[4], "NDCG@"), "the question follows on the next line: %q", lines[4])
		assert.Equal(t, tc.share, strings.Contains(lines[3], "(--seed 485781 gives everyone these lists)"), "at %d: %q", tc.w, lines[3])
	}
}

// A wrong answer to a list of the quiz's own is told what check finds
// behind it, as an instructor's round is. Seed 7's first list, grades
// 2,0,0,1,0,0 at k=3: NDCG@3 = 3 / (3 + 1/log2 3) = 0.8262 under
// exponential gain, and under linear gain 2 / (2 + 1/log2 3) = 0.7602,
// so 0.76 is the linear gain's value. Switched to linear gain (g), the
// same answer holds under it, and no mistake is told; the score, 0 of 1,
// keeps the verdict given, which the verdict says.
func TestQuizSaysTheMistake(t *testing.T) {
	m := New(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: ndcg.DefaultSettings(), NoColor: true, Seed: 7})
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 40})
	open(t, m, "quiz")
	typeText(m, "0.76")
	press(m, "enter")
	s := screen(m)
	assert.Contains(t, s, "✗ Not quite: NDCG@3 = 0.8262")
	assert.Contains(t, s, "What check finds behind it: used gain linear (not exp).")
	gainTo(t, m, ndcg.Linear)
	s = screen(m)
	assert.Contains(t, s, "✓ Right under the conventions now in force: NDCG@3 = 0.7602; your 0.76 holds to ±0.005. "+
		"The score keeps the verdict given when you answered.")
	assert.Contains(t, s, "0 of 1 right")
	assert.NotContains(t, s, "What check finds")
	gainTo(t, m, ndcg.Exp) // back to exponential gain: the verdict as answered
	s = screen(m)
	assert.Contains(t, s, "✗ Not quite: NDCG@3 = 0.8262")
	assert.NotContains(t, s, "now in force")
}

// On sample:all-tied the companions follow expected ties, as NDCG@3 does
// beside them: P@3 0.5, RR 0.7 and AP@3 0.3833 are the means over every
// order (worked by hand in ndcg's TestCompanionsUnderExpectedTiesByHand),
// where the input order gave 0.6667, 1 and 0.5556.
func TestCompanionsFollowExpectedTies(t *testing.T) {
	doc := sampleDoc(t, "all-tied")
	s, _ := doc.Settings.Apply(ndcg.DefaultSettings())
	m := newModel(t, doc, s, 80, 30)
	open(t, m, "companions")
	out := screen(m)
	assert.Regexp(t, `NDCG@3\s+0\.4159`, out)
	assert.Regexp(t, `Precision@3\s+0\.5000`, out)
	assert.Regexp(t, `RR\s+0\.7000`, out)
	assert.Regexp(t, `AP@3\s+0\.3833`, out)
	assert.Contains(t, out, "1.5 on average of 3 relevant items")
	assert.Contains(t, out, "mean over every order of the tied items")
}

// The header states the quiz's conventions, at the question's cutoff,
// not the list's k: k=3 sat above "NDCG@4 of this ranking?".
func TestQuizHeaderStatesTheQuestionsK(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 3
	m := practiceModel(t, inlineDoc(t, "3,2,3,0,1", ""), s)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	open(t, m, "quiz")
	out := screen(m)
	q := regexp.MustCompile(`NDCG@(\d+) of this ranking\?`).FindStringSubmatch(out)
	require.NotNil(t, q, out)
	require.NotEqual(t, "3", q[1], "the seed's first question should ask another k than the list's, for this test to say anything")
	header := strings.Split(out, "\n")[1]
	assert.Contains(t, header, "k="+q[1]+" ", header)
	assert.NotContains(t, header, "k=3 ", header)
	// Back in the explorer, the list's own k.
	press(m, "f1")
	assert.Contains(t, strings.Split(screen(m), "\n")[1], "k=3 ")
}
