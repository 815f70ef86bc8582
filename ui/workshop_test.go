package ui

import (
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/samples"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/textfield"
	"github.com/ndcg-explorer/ndcg-explorer/ui/dialogs"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
	"github.com/ndcg-explorer/ndcg-explorer/workspace"
)

// A decimal comma is refused with the number as it must be typed, in
// the check view's fields (typed or pasted) and in the quiz, rather than
// dropped (12,78 read as 1278).
func TestDecimalCommaRefused(t *testing.T) {
	m := start(t)
	open(t, m, "check")
	typeText(m, "6,149")
	s := screen(m)
	assert.Contains(t, s, "[6,149")
	assert.Contains(t, s, "use a point: 6.149")
	assert.NotContains(t, s, "6149")

	press(m, "down")
	m.Update(tea.PasteMsg{Content: "6,323"})
	assert.Contains(t, screen(m), "use a point: 6.323")

	q := New(Options{Doc: inlineDoc(t, "1,2", ""), Settings: ndcg.DefaultSettings(), NoColor: true, Seed: 42})
	q.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	open(t, q, "quiz")
	typeText(q, "0,59")
	press(q, "enter")
	s = screen(q)
	assert.Contains(t, s, "use a point: 0.59")
	assert.NotContains(t, s, "Not quite")
	assert.NotContains(t, s, "Right")
}

// t in the ties view ties rank k with rank k+1; on the default sample C
// and D already tie across k=3, and t says so instead of tying C with E
// (which would remove the tie the sample is about).
func TestTiesViewTieAtK(t *testing.T) {
	m := openSample(t, "ties-at-k", 80, 24)
	press(m, "f3")
	before := body(m)
	press(m, "t")
	assert.Contains(t, screen(m), "ranks 3 and 4 (C and D) already tie at score 0.71")
	assert.Equal(t, before, body(m), "nothing changed")
	assert.False(t, m.c.WS.Dirty())

	// Scores 0.9, 0.8, 0.7, 0.5, 0.1 and k=3: C (rank 3) takes D's score
	// 0.5, and the tie straddles k.
	s := ndcg.DefaultSettings()
	s.K = 3
	m = newModel(t, inlineDoc(t, "3,2,3,0,1", "0.9,0.8,0.7,0.5,0.1"), s, 80, 24)
	press(m, "f3", "t")
	assert.Contains(t, screen(m), "tied C with D (score 0.5)")
	assert.Contains(t, body(m), "k cuts it")
}

// The cursor follows its item when the ranking reorders under it. Grades
// 3,2,3,0,1, k=3: j j selects C, t ties C with D (C takes D's score), and
// p p switches the tie policy to worst, which ranks D (grade 0) before
// C (grade 3) in their group; 1 then sets C's grade, not D's.
func TestCursorFollowsItsItem(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 3
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), s, 80, 24)
	press(m, "down", "down", "t", "p", "p")
	assert.Equal(t, ndcg.Worst, m.c.WS.Settings.Ties)
	assert.Equal(t, "D", m.c.WS.List().Items[m.c.WS.ItemAt(2)].ID, "D now ranks third")
	press(m, "1")
	items := m.c.WS.List().Items
	assert.Equal(t, 1.0, items[2].Grade, "C's grade set")
	assert.Equal(t, 0.0, items[3].Grade, "D untouched")

	// A swap made in the swap view moves the item; the cursor goes with it.
	m = newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	press(m, "down") // B, rank 2
	m.c.ApplyAside(mustEdit(t)(m.c.WS.Move(1, 1)))
	assert.Equal(t, 2, m.views[0].(*explorer.Model).Cursor, "the cursor is on B, now third")
}

func mustEdit(t *testing.T) func(workspace.Edit, string) workspace.Edit {
	return func(e workspace.Edit, why string) workspace.Edit {
		t.Helper()
		if why != "" {
			t.Fatal(why)
		}
		return e
	}
}

// N shows the list's notes, what a sample teaches, above the charts; N
// again hides them. A list without notes says so.
func TestNotesPanel(t *testing.T) {
	m := openSample(t, "ties-at-k", 80, 24)
	assert.Contains(t, screen(m), "n shows its notes")
	assert.NotContains(t, screen(m), "notes: C and D")
	press(m, "N")
	s := screen(m)
	assert.Contains(t, s, "notes: C and D share a score and k=3 falls between them")
	assert.Contains(t, s, "NDCG@3 = 0.7263", "the summary stays")
	for _, l := range strings.Split(s, "\n") {
		assert.LessOrEqual(t, ansi.StringWidth(l), 80)
	}
	golden.RequireEqual(t, s)
	press(m, "N")
	assert.NotContains(t, screen(m), "notes: C and D")

	m = start(t)
	press(m, "N")
	assert.Contains(t, screen(m), "this list has no notes")
}

// The quiz's round 2 with --seed 485781 at 80×24 sets the IDCG trap: G,
// grade 3, ranked seventh, is first in the ideal order. IDCG@6 = 7/1 +
// 3/1.585 + 3/2 + 3/2.322 + 3/2.585 + 1/2.807 = 7 + 1.893 + 1.5 + 1.292 +
// 1.161 + 0.356 = 13.202, and NDCG@6 = 7.195/13.202 = 0.5450. The
// solution keeps the IDCG line and the division, and ↑/↓ scroll the
// whole working, the division staying in sight.
func TestQuizSolutionKeepsIDCGAndScrolls(t *testing.T) {
	doc := sampleDoc(t, "ties-at-k")
	s, _ := doc.Settings.Apply(ndcg.DefaultSettings())
	m := New(Options{Doc: doc, Settings: s, NoColor: true, Seed: 485781})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "f10", "n")
	typeText(m, "0.545")
	press(m, "enter")
	sc := screen(m)
	assert.Contains(t, sc, "Right: NDCG@6 = 0.54501")
	assert.Contains(t, sc, "IDCG@6 = 7/1.000 + 3/1.585 + 3/2.000 + 3/2.322 + 3/2.585 + 1/2.807")
	assert.Contains(t, sc, "= 7.000 + 1.893 + 1.500 + 1.292 + 1.161 + 0.356 = 13.202")
	assert.Contains(t, sc, "NDCG@6 = DCG@6 / IDCG@6 = 7.195 / 13.202 = 0.5450")
	assert.Contains(t, sc, "↑/↓ scroll the whole working")

	press(m, "up")
	sc = screen(m)
	assert.Contains(t, sc, "working, lines")
	assert.Contains(t, sc, "= 0.5450")
	for range 20 {
		press(m, "up")
	}
	sc = screen(m)
	assert.Contains(t, sc, "working, lines 1–")
	assert.Contains(t, sc, "gain 2^g−1, discount 1/log2(i+1), k=6", "the top of the working")
	assert.Contains(t, sc, "= 0.5450", "the division stays")
	for range 20 {
		press(m, "down")
	}
	assert.Contains(t, screen(m), "= 13.202")
	for _, l := range strings.Split(screen(m), "\n") {
		assert.LessOrEqual(t, ansi.StringWidth(l), 80)
	}
	// The next round starts condensed again.
	press(m, "n")
	assert.NotContains(t, screen(m), "working, lines")
}

// A key that does nothing in the view says so: digits in the working
// view set no grade there.
func TestIgnoredKeySaysSo(t *testing.T) {
	m := start(t)
	press(m, "f2", "5")
	assert.Contains(t, screen(m), `"5" does nothing in the working view (? lists the keys)`)
	assert.Equal(t, 3.0, m.c.WS.List().Items[0].Grade)
	// A digit in the explorer sets a grade; moving past an end is no news.
	press(m, "f1", "5")
	assert.NotContains(t, screen(m), "does nothing")
	assert.Equal(t, 5.0, m.c.WS.List().Items[0].Grade)
	press(m, "up")
	assert.NotContains(t, screen(m), "does nothing")
}

// The title is edited in a field as wide as the row, not the five cells
// of the id and title column at 80 columns.
func TestTitleEditorIsWide(t *testing.T) {
	m := start(t)
	press(m, "e")
	typeText(m, "Trail runner X, men's size 42")
	row := cursorRow(t, m)
	assert.Contains(t, row, "Trail runner X, men's size 42")
	assert.LessOrEqual(t, ansi.StringWidth(row), 80)
	press(m, "enter")
	assert.Equal(t, "Trail runner X, men's size 42", m.c.WS.List().Items[0].Title)
	assert.Contains(t, cursorRow(t, m), "1.0000", "the row's numbers are back")
}

// Ranks past k are marked "·" in the first column, readable on a
// projector and without colour, and drawn faint (SGR 2) only where the
// colour profile says faint survives (256 colours or more): on 16
// colours, or before the profile is known, the marker alone says it,
// and never a grey foreground a projector washes out.
func TestPastKIsProjectorSafe(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 2
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), s, 80, 24)
	m.Update(tea.ColorProfileMsg{Profile: colorprofile.TrueColor})
	lines := strings.Split(screen(m), "\n")
	assert.True(t, strings.HasPrefix(lines[7], "·       3 C"), lines[7])
	assert.True(t, strings.HasPrefix(lines[4], "▸       1 A"), lines[4])
	assert.True(t, strings.HasPrefix(lines[5], "        2 B"), lines[5])
	assert.NotContains(t, m.View().Content, "\x1b[2m", "NO_COLOR: no faint either")

	rowC := func(p *colorprofile.Profile) string {
		c := New(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: s})
		c.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		if p != nil {
			c.Update(tea.ColorProfileMsg{Profile: *p})
		}
		for _, l := range strings.Split(c.View().Content, "\n") {
			if strings.Contains(ansi.Strip(l), "3 C ") {
				return l
			}
		}
		t.Fatal("no row C on screen")
		return ""
	}
	for _, p := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.TrueColor} {
		row := rowC(&p)
		assert.Contains(t, row, "\x1b[2m", "faint past k under %s", p)
		assert.True(t, strings.HasPrefix(ansi.Strip(row), "·"), "the marker too under %s", p)
		assert.NotContains(t, row, "140;140;140", "no grey foreground past k")
	}
	for _, p := range []colorprofile.Profile{colorprofile.ANSI, colorprofile.Ascii} {
		row := rowC(&p)
		assert.NotContains(t, row, "\x1b[2m", "no faint under %s: it may not survive a projector", p)
		assert.True(t, strings.HasPrefix(ansi.Strip(row), "·"), "the marker says it under %s", p)
	}
	assert.NotContains(t, rowC(nil), "\x1b[2m", "no faint before the profile is known")
}

// ? explains the screen's marks under the keys: zero→0, the * of a
// mean gain, the ideal column (a grade), the · of ranks past k.
func TestHelpLegend(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 120, 40)
	press(m, "?", "?")
	s := screen(m)
	for _, want := range []string{"On the screen", "zero→0   NDCG when IDCG is 0", "3.50*    a tied rank's gain under expected ties",
		"ideal    the grade at rank i of the ideal ranking (a grade, not a gain)", "·        a rank past k"} {
		assert.Contains(t, s, want)
	}
	// At 80 columns a meaning too long for its line goes on under
	// itself, clear of the marks' column.
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	s = screen(m)
	assert.Regexp(t, `ideal    the grade at rank i of the ideal ranking \(a grade, not a gain\); IDCG@i *\n         sums its gains`, s)
	assert.Regexp(t, `3\.50\*    a tied rank's gain under expected ties: the mean gain of its tie group *\n`, s)
	// The curves view says what ×n counts.
	press(m, "esc", "f6")
	assert.Contains(t, screen(m), "×n: n items of the list have this grade")
}

// presentScreen runs the program in projector mode on the default
// sample at w×h and compares the screen with a golden file. The numbers:
// DCG@3 = 7 + 1/1.585 + 3.5/2 = 9.3809, IDCG@3 = 7 + 7/1.585 + 3/2 =
// 12.9165, NDCG@3 = 0.7263 (scikit-learn: samples/testdata/reference.json).
func presentScreen(t *testing.T, w, h int) {
	doc := sampleDoc(t, "ties-at-k")
	s, err := doc.Settings.Apply(ndcg.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Doc: doc, Settings: s, NoColor: true, Present: true})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	golden.RequireEqual(t, ansi.Strip(final.View().Content))
}

func TestPresentGolden80x24(t *testing.T)  { presentScreen(t, 80, 24) }
func TestPresentGolden100x30(t *testing.T) { presentScreen(t, 100, 30) }

// R switches the projector mode: the columns a room needs, NDCG three
// lines tall, the contribution bars across the whole width.
func TestPresentKey(t *testing.T) {
	m := openSample(t, "ties-at-k", 80, 24)
	press(m, "R")
	s := screen(m)
	assert.Contains(t, s, "rank id / title         grade   score   gain discount contribution    DCG@i")
	assert.NotContains(t, s, "IDCG@i")
	assert.Contains(t, s, "NDCG@3 = █ █")
	assert.Contains(t, s, "DCG@3 = 9.3809     IDCG@3 = 12.9165")
	press(m, "R")
	assert.Contains(t, screen(m), "IDCG@i NDCG@i")
}

// At 80×24 the table and the charts show the ranks around the cursor and
// k, and say what they hide. ranked-by-score has 8 items and k=5: the
// table ends "↓ 3 more (ranks 6–8)"; the charts, three rows high, show
// rank 1, "⋮ 3 more" and rank 5 with the k mark, not ranks 1–3 alone.
func TestHiddenRanksAreSaid(t *testing.T) {
	m := openSample(t, "ranked-by-score", 80, 24)
	s := screen(m)
	assert.Contains(t, s, "      ↓ 3 more (ranks 6–8)")
	assert.Contains(t, s, "⋮ 3 more")
	assert.Regexp(t, `@5 \S+\s+0\.8421 ◂k`, s)
	press(m, "end")
	s = screen(m)
	assert.Contains(t, s, "      ↑ 4 more (ranks 1–4)")
	assert.Regexp(t, `▸\s+8 G`, s)
	assert.Contains(t, s, "↑ 6 more")
	// A click on a marker line selects nothing.
	m.Update(tea.MouseClickMsg{X: 10, Y: 4, Button: tea.MouseLeft})
	assert.Regexp(t, `▸\s+8 G`, screen(m))
}

// o opens another list: the samples with their titles, or a typed path
// (a .json that does not exist starts a new list there).
func TestOpenPicker(t *testing.T) {
	m := start(t)
	press(m, "o")
	s := screen(m)
	assert.Contains(t, s, "Open")
	assert.Contains(t, s, "idcg-slip")
	assert.Contains(t, s, "An IDCG slip: a tutorial's grades 3,2,3,0,1")
	press(m, "down", "enter") // the second sample, idcg-slip
	assert.Equal(t, "sample:idcg-slip", m.c.WS.Doc.Name)
	assert.Contains(t, screen(m), "NDCG@5 = 0.9575")
	assert.False(t, m.c.WS.Dirty())

	path := t.TempDir() + "/new.json"
	press(m, "o")
	typeText(m, path)
	press(m, "enter")
	assert.Contains(t, screen(m), "new.json (new file")
	assert.True(t, m.c.WS.Doc.New)
	assert.Equal(t, 0, m.c.WS.N())

}

// o with unsaved edits asks, on the quit question's line: w saves and
// then opens, y opens without saving, esc cancels (the edits stay).
func TestOpenAsksAboutUnsavedEdits(t *testing.T) {
	m := start(t)
	path := t.TempDir() + "/new.json"
	press(m, "o")
	typeText(m, path)
	press(m, "enter")
	require.True(t, m.c.WS.Doc.New)

	press(m, "a", "3", "o")
	assert.Contains(t, screen(m), "Unsaved edits. w: save, then open · y: open without saving · esc: cancel")
	assert.Nil(t, dialogOf[*dialogs.Opener](m))
	press(m, "esc")
	assert.Nil(t, dialogOf[*dialogs.Opener](m))
	assert.Contains(t, screen(m), "not opening another list")
	assert.True(t, m.c.WS.Dirty(), "cancel keeps the edits")
	assert.Equal(t, 1, m.c.WS.N())

	// w: saved to new.json, then the open dialog.
	cmd := press(m, "o", "w")
	require.NotNil(t, cmd)
	m.Update(cmd())
	require.NotNil(t, dialogOf[*dialogs.Opener](m), "the open dialog follows the save")
	assert.False(t, m.c.WS.Dirty())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"grade": 3`)
	press(m, "esc")

	// y: the open dialog without saving; the edits go once a list opens.
	press(m, "4", "o", "y")
	require.NotNil(t, dialogOf[*dialogs.Opener](m))
	assert.True(t, m.c.WS.Dirty())
	press(m, "down", "enter")
	assert.Equal(t, "sample:idcg-slip", m.c.WS.Doc.Name)
	assert.False(t, m.c.WS.Dirty())
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.NotContains(t, string(data), `"grade": 4`, "not saved")
}

// Over the network the open dialog offers the samples, not the server's
// files.
func TestOpenPickerRemoteRefusesPaths(t *testing.T) {
	m := New(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true, Remote: &Remote{}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "o")
	s := screen(m)
	assert.Contains(t, s, "Open a sample")
	assert.Contains(t, s, "over the network only the samples open: no paths")
	assert.NotContains(t, s, "type a path")
	assert.NotContains(t, s, "path:")
	typeText(m, "/etc/passwd")
	assert.NotContains(t, screen(m), "/etc/passwd", "no field takes a path")
	press(m, "enter")
	assert.Equal(t, "sample:"+samples.List()[0].Name, m.c.WS.Doc.Name, "enter opens the sample under the cursor")

	// The local dialog still takes a path.
	m = newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	press(m, "o")
	assert.Contains(t, screen(m), "or type a path")
}

// Over the network the save keys copy: the help and the footer say so,
// from the one key map.
func TestRemoteHelpSaysCopy(t *testing.T) {
	m := New(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true, Remote: &Remote{}})
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 40})
	assert.Contains(t, screen(m), "w/^s copy list", "the footer")
	assert.NotContains(t, screen(m), "w/^s save")
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "?")
	s := screen(m)
	assert.Contains(t, s, "w/^s/W copy list, report")
	assert.NotContains(t, s, "save, save as")

	m = newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	press(m, "?")
	assert.Contains(t, screen(m), "w/^s/W save, save as", "the local explorer saves")
}

// A wide screen says what its marks mean under the summary.
func TestWideLegend(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1,2,0,1", "0.9,0.8,0.7,0.7,0.6,0.5,0.5,0.4"), linearK5(), 160, 40)
	s := strings.Join(strings.Fields(screen(m)), " ")
	assert.Contains(t, s, "zero→0: NDCG when IDCG is 0 · 3.50*: a tie group's mean gain")
	assert.Contains(t, s, "ideal: the ideal ranking's grade (not a gain) · ·: past k")
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.NotContains(t, screen(m), "a tie group's mean gain", "no room at 80×24: ? has it")
}

// k is the cutoff on the keyboard as on the screen: it opens a field in
// the status line where the cutoff is typed (digits, enter; esc leaves
// it), and moves no cursor; ↑/↓ do. The quiz is Z, so that Q, one shift
// from q (quit), is nothing.
func TestKTypesTheCutoff(t *testing.T) {
	m := start(t) // k=5
	press(m, "down", "k")
	assert.Regexp(t, `^▸\s+2 B `, cursorRow(t, m), "k moves no cursor")
	s := screen(m)
	assert.Contains(t, s, "k = ")
	assert.Contains(t, s, "digits, enter sets (0: the whole list) · esc cancels")
	typeText(m, "3")
	press(m, "enter")
	assert.Equal(t, 3, m.c.WS.Settings.K)
	assert.Contains(t, screen(m), "NDCG@3 = ")
	assert.Regexp(t, `^▸\s+2 B `, cursorRow(t, m))

	press(m, "k")
	typeText(m, "x")
	assert.Contains(t, screen(m), "k takes digits: enter sets the cutoff, esc leaves it")
	assert.Equal(t, 3, m.c.WS.Settings.K, "x is neither typed nor an edit")
	typeText(m, "12")
	press(m, "backspace", "esc")
	assert.Equal(t, 3, m.c.WS.Settings.K, "esc cancels")
	assert.Contains(t, screen(m), "k unchanged")

	// Past 9 digits the field says so rather than drop the digit unseen.
	press(m, "k")
	typeText(m, "1234567890")
	assert.Equal(t, "123456789", dialogOf[*dialogs.Cutoff](m).Value())
	assert.Contains(t, screen(m), "k takes at most 9 digits")
	press(m, "esc")

	press(m, "k", "0", "enter")
	assert.Equal(t, 0, m.c.WS.Settings.K, "0 is the whole list")
	assert.Contains(t, screen(m), "NDCG@all = ")
	press(m, "u")
	assert.Equal(t, 3, m.c.WS.Settings.K, "undone like ] and [")

	// Every view: k opens the field (here the working view).
	press(m, "f2", "k", "2", "enter")
	assert.Equal(t, 2, m.c.WS.Settings.K)

	press(m, "f1", "up", "up")
	assert.Regexp(t, `^▸\s+1 A `, cursorRow(t, m))
	press(m, "Q")
	assert.Equal(t, 0, m.active, "Q opens nothing")
	assert.Nil(t, press(m, "f10"))
	assert.Equal(t, "quiz", viewName(m.active))
}

// ctrl+c leaves the cutoff field as it leaves any other: quitting, and
// asking first with unsaved edits.
func TestCtrlCFromTheCutoffField(t *testing.T) {
	m := start(t)
	press(m, "k")
	assert.True(t, uitest.IsQuit(press(m, "ctrl+c")))
	m = start(t)
	press(m, "0", "k")
	assert.False(t, uitest.IsQuit(press(m, "ctrl+c")))
	assert.Contains(t, screen(m), "Unsaved edits")
}

// q in the quiz with an answer typed and not sent asks before quitting
// (q is not a character of a number, so it cannot be typed into the
// answer); with nothing typed, or once answered, q quits.
func TestQuizQuitAsksWithAnAnswerTyped(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	press(m, "f10")
	typeText(m, "0.8")
	assert.False(t, uitest.IsQuit(press(m, "q")), "the typed answer is not thrown away unasked")
	assert.Contains(t, screen(m), "The answer is not sent yet. y: quit · esc: stay and answer")
	press(m, "esc")
	assert.Contains(t, screen(m), "0.8", "the answer is still there")
	typeText(m, "7")
	assert.False(t, uitest.IsQuit(press(m, "q")))
	assert.True(t, uitest.IsQuit(press(m, "y")))

	m = newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	press(m, "f10")
	assert.True(t, uitest.IsQuit(press(m, "q")), "nothing typed: q quits")
}

// n in the quiz with an answer typed and not sent says so instead of
// skipping the round; a second n skips it, another key keeps the answer.
func TestQuizNextAsksWithAnAnswerTyped(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	press(m, "f10")
	typeText(m, "0.4")
	press(m, "n")
	assert.Contains(t, screen(m), "your answer 0.4 is not sent: enter sends it, n again skips the round")
	assert.Contains(t, screen(m), "round 1")
	typeText(m, "2")
	press(m, "n")
	assert.Contains(t, screen(m), "your answer 0.42 is not sent", "asked again after another key")
	press(m, "n")
	assert.Contains(t, screen(m), "round 1 skipped (not scored)")

	m = newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	press(m, "f10", "n")
	assert.Contains(t, screen(m), "round 1 skipped (not scored)", "nothing typed: n skips")
}

// In the instructor's round the attendee's screen gives nothing away
// before the round ends: one line says the answer was sent, and the
// score counts the round only once the instructor ends it. The worked
// solution then scrolls at 80×24.
func TestRoomRoundKeepsTheVerdictUntilTheEnd(t *testing.T) {
	var sent []RoomAnswer
	m := NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true,
		Remote: &Remote{OnAnswer: func(a RoomAnswer) { sent = append(sent, a) }}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(RoomRound{ID: 1, Seed: 7, Round: 1, Settings: linearK5()})
	typeText(m, "0.01")
	press(m, "enter")
	require.Len(t, sent, 1)
	s := screen(m)
	assert.Equal(t, 1, strings.Count(s, "answer sent"), "one message: %s", s)
	assert.Contains(t, s, "0 of 0 right", "the round is not scored yet")
	assert.NotContains(t, s, "of 1 right")
	assert.NotContains(t, s, "Not quite")

	m.Update(RoomRoundEnd{ID: 1})
	s = screen(m)
	assert.Contains(t, s, "0 of 1 right")
	assert.Contains(t, s, "Not quite")
	assert.Contains(t, s, "the round is over: the working is below · ↑/↓ scroll the whole working")
	press(m, "down")
	assert.Contains(t, screen(m), "↑/↓ scroll", "the working scrolls")
	t.Log(screen(m))
}

// At the end of the round an attendee reads the mistake the server's
// check found behind their wrong answer, as the instructor's tally
// groups it; none when there is none to tell.
func TestRoomRoundEndSaysTheMistake(t *testing.T) {
	for _, c := range []struct{ mistake, want string }{
		{"used gain linear (not exp)", "(±0.005 allowed). What check finds behind it: used gain linear (not exp)."},
		{"", "(±0.005 allowed).\n"},
	} {
		m := NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true,
			Remote: &Remote{OnAnswer: func(RoomAnswer) {}}})
		m.Update(tea.WindowSizeMsg{Width: 200, Height: 40})
		m.Update(RoomRound{ID: 1, Seed: 7, Round: 1, Settings: linearK5()})
		typeText(m, "0.01")
		press(m, "enter")
		m.Update(RoomRoundEnd{ID: 1, Mistake: c.mistake})
		assert.Contains(t, screen(m), c.want)
		if c.mistake == "" {
			assert.NotContains(t, screen(m), "What check finds")
		}
	}
}

// A refused answer is selected: what is typed next replaces it, as the
// field shows by its selection's ink; an arrow key keeps it to correct.
func TestQuizRefusedAnswerIsTypedOver(t *testing.T) {
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), linearK5(), 80, 24)
	press(m, "f10")
	typeText(m, "0.5")
	press(m, "enter")
	assert.Contains(t, screen(m), "decimals or more")
	in := fieldAs[textfield.Model](m.views[m.active], "in")
	assert.True(t, in.Selected())
	typeText(m, "0.58")
	assert.Equal(t, "0.58", in.Value())
	assert.Contains(t, screen(m), "[0.58")

	typeText(m, ",")
	press(m, "enter")
	assert.Contains(t, screen(m), "as a number")
	press(m, "left", "backspace")
	assert.Equal(t, "0.5,", in.Value(), "an arrow key keeps the refused answer to correct")
}

// n does not leave the instructor's round, answered or not: the round's
// end shows its working and scores the answer, where n had drawn a
// practice list under "the round is over: the working is below" with no
// working below it, and the answer sent was never scored.
func TestRoomRoundNextKeepsTheRound(t *testing.T) {
	m := NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true,
		Remote: &Remote{OnAnswer: func(RoomAnswer) {}}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(RoomRound{ID: 1, Seed: 7, Round: 1, Settings: linearK5()})
	s := screen(m)
	assert.Contains(t, s, "enter sends it to the instructor")
	assert.NotContains(t, s, "n skips", "the field's line offers no way out of the round")
	assert.NotContains(t, s, "n next quiz round", "nor does the footer")
	press(m, "n")
	assert.Contains(t, screen(m), "round 1 is the instructor's: n draws the next list once it ends")

	typeText(m, "0.01")
	press(m, "enter")
	s = screen(m)
	assert.NotContains(t, s, "n: next list")
	assert.NotContains(t, s, "n next list")
	press(m, "n")
	s = screen(m)
	assert.Contains(t, s, "round 1 is the instructor's")
	assert.Contains(t, s, "answer sent to the instructor", "still the round's question")
	press(m, "5")
	assert.Contains(t, screen(m), "answer sent: the working comes when the round ends")

	m.Update(RoomRoundEnd{ID: 1})
	s = screen(m)
	assert.Contains(t, s, "0 of 1 right", "the answer is scored")
	assert.Contains(t, s, "Not quite")
	assert.Contains(t, s, "n: next list", "once ended, n goes on")
	press(m, "n")
	assert.Contains(t, screen(m), "Quiz · practice 1 (after round 1)")
}

// An attendee who answered and went on to another view reads, when the
// round ends, where its working is, rather than "the working is below"
// over the explorer; in the quiz, that it is below.
func TestRoomRoundEndSeenFromAnotherView(t *testing.T) {
	m := NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true,
		Remote: &Remote{OnAnswer: func(RoomAnswer) {}}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(RoomRound{ID: 1, Seed: 7, Round: 1, Settings: linearK5()})
	typeText(m, "0.01")
	press(m, "enter")
	press(m, "f1")
	m.Update(RoomRoundEnd{ID: 1})
	s := screen(m)
	assert.Contains(t, s, "the round is over: the quiz (F10) shows its working")
	assert.NotContains(t, s, "below")
	press(m, "f10")
	s = screen(m)
	assert.Contains(t, s, "Not quite", "the verdict and the working are there")
	assert.Contains(t, s, "the round is over: the working is below", "the status no longer points to Z")
	assert.NotContains(t, s, "(F10) shows its working")
}

// An attendee who had not answered when the instructor ended the round
// reads its working, true value included: an answer typed then is not
// scored (it read 0.83, right, 1 of 1 right, off the working on screen),
// and the field's line and footer offer the next list, as n gives.
func TestRoomRoundMissedIsNotScored(t *testing.T) {
	m := NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true,
		Remote: &Remote{OnAnswer: func(RoomAnswer) {}}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(RoomRound{ID: 1, Seed: 7, Round: 1, Settings: linearK5()})
	m.Update(RoomRoundEnd{ID: 1})
	s := screen(m)
	assert.Contains(t, s, "n: next list")
	assert.Contains(t, s, "n next list")
	assert.NotContains(t, s, "enter answer")
	// Linear gain, grades 2,0,0,1,0,0 at k=3: 2 / (2 + 1/log2 3) = 0.7602.
	require.InDelta(t, 0.7602, (*fieldAs[*ndcg.Result](m.views[m.active], "result")).NDCG(), 5e-5)
	typeText(m, "0.7602")
	press(m, "enter")
	s = screen(m)
	assert.Contains(t, s, "round 1 is over and its working shows: n draws the next list to answer")
	assert.Contains(t, s, "0 of 0 right", "not scored")
	assert.NotContains(t, s, "Right:")
	press(m, "n")
	s = screen(m)
	assert.Contains(t, s, "Quiz · practice 1 (after round 1)")
	assert.Contains(t, s, "enter answer • n next list", "the footer names what n does")
}

// The projector keeps the lesson: the notes that N shows, the tie band
// (worst 0.5908 · expected 0.7263 · best 0.8618 on the default sample,
// the numbers of ui_test's summary) and the ranks past k marked in the
// contribution chart, where no faint ink reaches a room.
func TestPresentKeepsTheLesson(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {100, 30}, {60, 30}} {
		m := openSample(t, "ties-at-k", size[0], size[1])
		press(m, "R")
		assert.Regexp(t, `(?m)^·4 `, screen(m), "%dx%d: rank 4 is past k=3", size[0], size[1])
		press(m, "N")
		s := screen(m)
		assert.Contains(t, s, "notes shown", "%dx%d", size[0], size[1])
		assert.Contains(t, s, "notes: ", "%dx%d: N shows the notes on the projector too", size[0], size[1])
		flat := strings.Join(strings.Fields(s), " ")
		for _, want := range []string{"worst", "0.5908", "expected", "0.7263", "best", "0.8618"} {
			assert.Contains(t, flat, want, "%dx%d", size[0], size[1])
		}
	}
}

// TestPresentShowsTheScores: a tie is items with equal scores, and the
// default sample's notes say "C and D share a score": the projector's
// table shows the score where the list has scores (C and D at 0.71, the
// sample's file), and leaves the column out of an unscored list.
func TestPresentShowsTheScores(t *testing.T) {
	m := openSample(t, "ties-at-k", 100, 30)
	press(m, "R")
	s := screen(m)
	assert.Regexp(t, `grade\s+score\s+gain discount contribution`, s)
	assert.Regexp(t, `3 C Shoe cleaning kit\s+0\s+0\.71\s+3\.50\*`, s)
	assert.Regexp(t, `4 D Trail runner X, women's\s+3\s+0\.71\s+3\.50\*`, s)

	m = openSample(t, "idcg-slip", 100, 30)
	press(m, "R")
	assert.NotRegexp(t, `grade\s+score`, screen(m))
}

// TestPresentFooterHasTheLessonsKeys: a lesson on the projector shows
// the notes (N), the conventions (P), the tie policy (p) and k ([ and ]),
// and goes to the other views (v): the footer of the projector mode says
// those, where it said how to edit a score and tie two items and left N
// and P to be remembered. At 100 columns every one of them is on it.
func TestPresentFooterHasTheLessonsKeys(t *testing.T) {
	m := openSample(t, "ties-at-k", 100, 30)
	press(m, "R")
	lines := strings.Split(screen(m), "\n")
	foot := lines[len(lines)-1]
	for _, k := range []string{"n notes", "F4 presets", "p tie policy", "] k + 1", "[ k − 1", "v views", "? help", "q quit"} {
		assert.Contains(t, foot, k)
	}
	assert.NotContains(t, foot, "edit score")
	press(m, "R")
	lines = strings.Split(screen(m), "\n")
	assert.Contains(t, lines[len(lines)-1], "edit score", "the full table's footer stays the editor's")
}

// After the instructor's round 2, the attendee's n draws practice
// questions headed as such: "round 3" would name the instructor's next
// round too, another list. The instructor's next round is headed by its
// number again.
func TestPracticeAfterARoomRoundIsNotARound(t *testing.T) {
	m := NewWorkshop(Options{Doc: inlineDoc(t, "3,2,3,0,1", ""), Settings: linearK5(), NoColor: true,
		Remote: &Remote{OnAnswer: func(RoomAnswer) {}}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(RoomRound{ID: 2, Seed: 8, Round: 2, Settings: linearK5()})
	assert.Contains(t, screen(m), "Quiz · round 2 ·")
	m.Update(RoomRoundEnd{ID: 2})
	press(m, "n")
	s := screen(m)
	assert.Contains(t, s, "Quiz · practice 1 (after round 2) ·")
	assert.NotContains(t, s, "round 3")
	press(m, "n")
	assert.Contains(t, screen(m), "practice 1 (after round 2) skipped (not scored)")
	assert.Contains(t, screen(m), "Quiz · practice 2 (after round 2) ·")
	m.Update(RoomRound{ID: 3, Seed: 9, Round: 3, Settings: linearK5()})
	assert.Contains(t, screen(m), "Quiz · round 3 ·")
}
