package browser

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/trec"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

func reversed(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[len(s)-1-i] = x
	}
	return out
}

func TestBrowserSort(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	assert.Equal(t, basicOrder, listed(b), "NDCG, lowest first, by default")
	assert.Contains(t, bscreen(b), "▲NDCG@10")
	bpress(t, b, "r")
	assert.Equal(t, reversed(basicOrder), listed(b))
	assert.Contains(t, bscreen(b), "▼NDCG@10")

	bpress(t, b, "s")
	got := listed(b)
	assert.Contains(t, bscreen(b), "▼spread")
	assert.Equal(t, "105", got[0], "the one query with a tie band first")
	for _, f := range rowsOnScreen(b)[1:] {
		assert.Equal(t, "-", f[5], "no spread for %s", f[0])
	}

	bpress(t, b, "s")
	assert.Contains(t, bscreen(b), "▼missed")
	missed := missedByHand(t, "basic")
	got = listed(b)
	for i := 1; i < len(got); i++ {
		assert.GreaterOrEqual(t, missed[got[i-1]], missed[got[i]], "%v", got)
		assert.Equal(t, strconv.Itoa(missed[got[i]]), row(t, b, got[i])[7], "missed of %s", got[i])
	}
	assert.Equal(t, "100", got[0])

	bpress(t, b, "s")
	assert.Equal(t, []string{"100", "101", "102", "103", "104", "105", "q0", "q1", "q2"}, listed(b))
	assert.Contains(t, bscreen(b), "query▲")
	bpress(t, b, "s")
	assert.Equal(t, basicOrder, listed(b), "back to NDCG")
}

// TestBrowserSortKeepsCursor: the selected query stays selected when the
// order changes.
func TestBrowserSortKeepsCursor(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "down", "down") // q2
	require.Equal(t, "q2", b.selected().qid)
	bpress(t, b, "r")
	assert.Equal(t, "q2", b.selected().qid)
	assert.Contains(t, bscreen(b), "> q2")
}

func TestBrowserFilter(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "/", "q")
	assert.Equal(t, []string{"q2", "q0", "q1"}, listed(b), "filtered live, sort kept")
	assert.Contains(t, bscreen(b), "/ q")
	bpress(t, b, "1")
	assert.Equal(t, []string{"q1"}, listed(b))
	bpress(t, b, "backspace", "backspace", "1", "0")
	assert.Equal(t, []string{"100", "103", "104", "105", "102", "101"}, listed(b))
	bpress(t, b, "z")
	assert.Empty(t, listed(b))
	assert.Contains(t, bscreen(b), `no query id contains "10z"`)
	bpress(t, b, "enter")
	assert.Nil(t, b.current, "nothing to open")
	assert.Contains(t, bscreen(b), "the filter matches none")

	bpress(t, b, "/", "esc")
	assert.Equal(t, basicOrder, listed(b), "esc clears the filter")

	// j and k are text while filtering; the arrows move.
	b = newTestBrowser(t, "ties", 10, 80, 24)
	bpress(t, b, "/", "k")
	assert.True(t, b.filtering)
	assert.Equal(t, "k", b.filter.Value())
}

// TestBrowserScrolls: View draws only the rows that fit, and the cursor
// is always among them.
func TestBrowserScrolls(t *testing.T) {
	b := newTestBrowser(t, "ties", 10, 80, 24)
	n := len(b.rows)
	require.Greater(t, n, 24)
	shown := len(listed(b))
	assert.Equal(t, 24-browserChrome, shown)
	for i := 0; i < n+3; i++ {
		bpress(t, b, "down")
		assert.Contains(t, bscreen(b), "> "+b.selected().qid)
	}
	assert.Equal(t, n-1, b.cursor)
	bpress(t, b, "home")
	assert.Equal(t, 0, b.cursor)
	bpress(t, b, "pgdown")
	assert.Equal(t, shown, b.cursor)
	bpress(t, b, "pgup")
	assert.Equal(t, 0, b.cursor)
}

// TestBrowserAnySize: no size panics; every line fits; below the
// minimum the screen says so; narrow screens drop the least needed
// columns first.
func TestBrowserAnySize(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	for w := 0; w <= 130; w += 3 {
		for h := 0; h <= 40; h += 2 {
			b.Update(tea.WindowSizeMsg{Width: w, Height: h})
			s := bscreen(b)
			lines := strings.Split(s, "\n")
			if w > 0 && h > 0 {
				assert.Len(t, lines, h, "%dx%d", w, h)
			}
			for _, l := range lines {
				assert.LessOrEqual(t, ansi.StringWidth(l), w, "%dx%d: %q", w, h, l)
			}
			if w >= 20 && h >= 4 && (w < MinWidth || h < MinHeight) {
				assert.Contains(t, strings.ReplaceAll(s, "\n", " "), "too small", "%dx%d", w, h)
			}
		}
	}
	b.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	s := bscreen(b)
	assert.Contains(t, s, "NDCG@10")
	assert.Contains(t, s, "spread")
	assert.Contains(t, s, "missed")
	assert.NotContains(t, s, "worst")

	// Opened queries resize too, and survive any size.
	b.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	bpress(t, b, "enter")
	for _, sz := range [][2]int{{30, 8}, {0, 0}, {1, 1}, {120, 40}} {
		b.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		_ = bscreen(b)
	}
}

func TestBrowserHelp(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "?")
	s := bscreen(b)
	for _, want := range []string{"Keys of the query list", "filter", "reverse", "open", "trec_eval's value"} {
		assert.Contains(t, s, want)
	}
	bpress(t, b, "esc")
	assert.Equal(t, basicOrder, listed(b))

	// At 50×12 the notes are wrapped, and ↓ scrolls down to the last one.
	b = newTestBrowser(t, "basic", 10, 50, 12)
	bpress(t, b, "?")
	assert.Contains(t, bscreen(b), "lines 1–")
	for range 30 {
		bpress(t, b, "down")
	}
	assert.Contains(t, bscreen(b), "as the pool.")
	for _, l := range strings.Split(bscreen(b), "\n") {
		assert.LessOrEqual(t, ansi.StringWidth(l), 50)
	}
	bpress(t, b, "esc")
	assert.False(t, b.keysHelp.Open)
	assert.Contains(t, bscreen(b), "> 100")
}

func TestBrowserFilterIgnoresCase(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "/", "Q", "1")
	assert.Equal(t, []string{"q1"}, listed(b))
}

// syntheticBrowser lists n queries without reading files: the list's
// cost per keystroke, not the evaluation's, is what is measured.
func syntheticBrowser(n int) *Model {
	res := &trec.Result{Columns: []trec.Column{{Name: "ndcg_cut_10", K: 10}}, All: []float64{0.5}, AllBands: []trec.Band{{}}}
	for i := range n {
		v := float64(i%997) / 997
		res.Queries = append(res.Queries, trec.QueryResult{
			QID: strconv.Itoa(100000 + i), Values: []float64{v}, Bands: []trec.Band{{Worst: v * 0.9, Expected: v, Best: v}},
			Retrieved: 1000, Relevant: 20, RelevantRetrieved: i % 21,
		})
	}
	b := New(Options{Settings: trec.Settings(10), NoColor: true}, res)
	b.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return b
}

// BenchmarkBrowserKeystroke: a cursor move and a frame on lists of
// 1,000 and 100,000 queries cost the same, since View draws only the
// visible rows. Sorting (s) and filtering (a typed character) touch
// every row and are measured apart.
func BenchmarkBrowserKeystroke(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		br := syntheticBrowser(n)
		b.Run("move/"+strconv.Itoa(n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				k := "down"
				if i%50 >= 25 {
					k = "up"
				}
				br.Update(uitest.Key(k))
				_ = br.View()
			}
		})
		b.Run("sort/"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				br.Update(uitest.Key("s"))
				_ = br.View()
			}
		})
		b.Run("filter/"+strconv.Itoa(n), func(b *testing.B) {
			br.Update(uitest.Key("/"))
			for i := 0; b.Loop(); i++ {
				k := "1"
				if i%2 == 1 {
					k = "backspace"
				}
				br.Update(uitest.Key(k))
				_ = br.View()
			}
			br.Update(uitest.Key("esc"))
		})
	}
}

// TestBrowserManyQueries: a long list scrolls, sorts and filters.
func TestBrowserManyQueries(t *testing.T) {
	b := syntheticBrowser(5000)
	bpress(t, b, "end")
	assert.Equal(t, 4999, b.cursor)
	assert.Len(t, listed(b), 40-browserChrome)
	bpress(t, b, "/", "1", "0", "4", "9", "9", "9")
	assert.Equal(t, []string{"104999"}, listed(b))
}

// TestBrowserMouse: the wheel moves the cursor; a click selects a row,
// a click on the selected row opens it.
func TestBrowserMouse(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	b.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	assert.Equal(t, basicOrder[1], b.selected().qid)
	b.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	assert.Equal(t, basicOrder[0], b.selected().qid)

	b.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: 5, Y: 3 + 7}) // the eighth row
	assert.Equal(t, basicOrder[7], b.selected().qid)
	assert.Nil(t, b.current)
	b.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: 5, Y: 1}) // the summary: nothing
	assert.Equal(t, basicOrder[7], b.selected().qid)
	_, cmd := b.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: 5, Y: 3 + 7})
	require.NotNil(t, cmd)
	b.Update(uitest.RunCmd(cmd))
	require.NotNil(t, b.current)
	assert.Contains(t, bscreen(b), "query "+basicOrder[7])
}

func TestBrowserFilterPasteAndCtrlC(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "/")
	b.Update(tea.PasteMsg{Content: "q2"})
	assert.Equal(t, []string{"q2"}, listed(b))
	_, cmd := b.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	require.NotNil(t, cmd, "ctrl+c quits even while filtering")
	assert.IsType(t, tea.QuitMsg{}, cmd())
}

// TestBrowserClickHead: a click on a column heading sorts by it; a
// second click reverses.
func TestBrowserClickHead(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	head := strings.Split(bscreen(b), "\n")[2]
	at := func(word string) int { return utf8.RuneCountInString(head[:strings.Index(head, word)]) }
	click := func(x int) { b.Update(tea.MouseClickMsg{Button: tea.MouseLeft, X: x, Y: 2}) }

	click(at("spread"))
	assert.Equal(t, "105", listed(b)[0])
	assert.Contains(t, bscreen(b), "▼spread")
	click(at("query"))
	assert.Equal(t, []string{"100", "101", "102", "103", "104", "105", "q0", "q1", "q2"}, listed(b))
	click(at("query"))
	assert.Equal(t, reversed([]string{"100", "101", "102", "103", "104", "105", "q0", "q1", "q2"}), listed(b))
	click(at("NDCG@10"))
	assert.Equal(t, basicOrder, listed(b))
	click(at("docs"))
	assert.Equal(t, basicOrder, listed(b), "docs is not a sort key")
}

func TestBrowserASCII(t *testing.T) {
	qrels, run := trecCase("basic")
	res, err := trec.BrowseAs(qrels, "", run, "", 10)
	require.NoError(t, err)
	b := New(Options{Qrels: qrels, Run: run, Settings: trec.Settings(10), ASCII: true, NoColor: true}, res)
	b.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.Contains(t, bscreen(b), "^NDCG@10")
	bpress(t, b, "r")
	assert.Contains(t, bscreen(b), "vNDCG@10")
}
