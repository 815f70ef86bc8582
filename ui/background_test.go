package ui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
)

// finish runs what cmd starts off the update loop, as the program
// would, and hands the results (never the spinner's ticks, which only
// turn it) back to m until nothing is left to run. It returns the time
// m took over them, as the update loop pays it, and the longest one.
func finish(t testing.TB, m *Model, cmd tea.Cmd) (loop, longest time.Duration) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case background.Done:
			start := time.Now()
			_, next := m.Update(msg)
			_ = m.View()
			took := time.Since(start)
			loop, longest = loop+took, max(longest, took)
			queue = append(queue, next)
		case spinner.TickMsg:
		}
	}
	return loop, longest
}

// pending collects the results of what cmd starts without handing them
// to the model, for a test that chooses when they arrive.
func pending(cmd tea.Cmd) []background.Done {
	var out []background.Done
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case background.Done:
			out = append(out, msg)
		}
	}
	return out
}

// drawnBothWays sets the length from which views work off the update
// loop for the rest of the test.
func drawnBothWays(t *testing.T, from int) {
	t.Helper()
	was := background.From
	background.From = from
	t.Cleanup(func() { background.From = was })
}

// openView opens the view called name and returns what that starts.
func openView(t *testing.T, m *Model, name string) tea.Cmd {
	t.Helper()
	for i := range m.views {
		if viewName(i) == name {
			_, cmd := m.Update(tea.KeyPressMsg{Code: fKeys[i]})
			return cmd
		}
	}
	t.Fatalf("no view called %s", name)
	return nil
}

// Off the update loop, each view draws exactly what it draws when it
// works on the keystroke, after the same keys; meanwhile it shows its
// spinner.
func TestViewsDrawTheSameOffTheUpdateLoop(t *testing.T) {
	keys := []string{"g", "[", "d"}
	for _, name := range []string{"working", "ties", "conventions", "swap", "curves", "pool", "pool with a pool"} {
		t.Run(name, func(t *testing.T) {
			doc := func() *listio.Document { return benchDoc(300) }
			if name == "pool with a pool" {
				name = "pool"
				doc = func() *listio.Document { return sampleDoc(t, "missing-relevant") }
			}
			drawnBothWays(t, 1<<62)
			sync := newModel(t, doc(), ndcg.DefaultSettings(), 100, 30)
			openView(t, sync, name)
			press(sync, keys...)
			want := screen(sync)

			drawnBothWays(t, 1)
			m := newModel(t, doc(), ndcg.DefaultSettings(), 100, 30)
			cmd := openView(t, m, name)
			assert.Contains(t, screen(m), "working out")
			finish(t, m, cmd)
			for _, k := range keys {
				_, cmd := m.Update(keyMsg(k))
				assert.Contains(t, screen(m), "working out", "after %s", k)
				finish(t, m, cmd)
			}
			assert.NotContains(t, want, "working out")
			assert.Equal(t, want, screen(m))
		})
	}
}

// A result that arrives after a newer edit is dropped: the view keeps
// its spinner, works the numbers out again for the list as it is now,
// and draws those.
func TestStaleResultIsDropped(t *testing.T) {
	drawnBothWays(t, 1<<62)
	want := newModel(t, benchDoc(300), ndcg.DefaultSettings(), 100, 30)
	openView(t, want, "ties")
	press(want, "[")

	drawnBothWays(t, 1)
	m := newModel(t, benchDoc(300), ndcg.DefaultSettings(), 100, 30)
	old := pending(openView(t, m, "ties"))
	require.Len(t, old, 1, "opening the view starts one computation")
	recomputed := pending(press(m, "["))
	require.Len(t, recomputed, 1, "the view's computation runs already: the next waits for it")
	assert.Same(t, &m.later, recomputed[0].W, "only the workspace's own recomputation starts")
	_, cmd := m.Update(old[0]) // worked out at the old k
	assert.Contains(t, screen(m), "working out", "the result for the old k is not drawn")
	assert.Nil(t, pending(cmd), "the view waits for the workspace's result")
	_, cmd = m.Update(recomputed[0])
	next := pending(cmd)
	require.Len(t, next, 1, "the workspace's result in, the computation for the new k starts")
	_, cmd = m.Update(next[0])
	assert.Nil(t, pending(cmd))
	assert.Equal(t, screen(want), screen(m))
}

// The check view: the true values at once, the search for the
// explanation of a wrong claim off the loop; a search overtaken by an
// edit is dropped.
func TestCheckSearchOffTheUpdateLoop(t *testing.T) {
	// Grades as gains, as a map: a gain g's cycle does not hold, which
	// one g takes to exp however many gains it cycles.
	s := linearK5()
	s.Gain = ndcg.Gain{Kind: ndcg.GainMap, Map: map[float64]float64{0: 0, 1: 1, 2: 2, 3: 3}}
	drawnBothWays(t, 1<<62)
	want := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), s, 80, 24)
	openView(t, want, "check")
	press(want, "down", "down")
	typeText(want, "0.5")
	press(want, "g")

	drawnBothWays(t, 1)
	m := newModel(t, inlineDoc(t, "3,2,3,0,1", ""), s, 80, 24)
	openView(t, m, "check")
	press(m, "down", "down")
	var cmds []tea.Cmd
	for _, r := range "0.5" {
		_, cmd := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		cmds = append(cmds, cmd)
	}
	assert.Contains(t, screen(m), "looking for the convention or the slip")
	old := pending(tea.Batch(cmds...))
	require.NotEmpty(t, old)
	_, cmd := m.Update(keyMsg("g"))
	recomputed := pending(cmd)
	require.Len(t, recomputed, 1, "the search runs already")
	assert.Same(t, &m.later, recomputed[0].W, "only the workspace's own recomputation starts")
	assert.Contains(t, screen(m), "⠋ gain exp", "its spinner on the conventions line")
	assert.NotContains(t, screen(m), "true 0.", "no verdict from the result under the old gain")
	v := m.views[m.active]
	_, cmd = m.Update(old[0])
	assert.Nil(t, *fieldAs[*explain.Working](v, "work"), "worked out under the old gain: dropped")
	assert.NotContains(t, screen(m), "true 0.", "nor drawn")
	assert.Nil(t, pending(cmd), "the search waits for the workspace's result")
	_, cmd = m.Update(recomputed[0])
	finish(t, m, cmd)
	assert.Equal(t, screen(want), screen(m))
}

// In the running program, on a list of 100,000 items: the ties view
// shows its spinner while the tie distribution is worked out, then the
// distribution.
func TestSpinnerThenResultOnALongList(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.K = 10
	m := New(Options{Doc: benchDoc(100_000), Settings: s, NoColor: true})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	for i := range m.views {
		if viewName(i) == "ties" {
			tm.Send(tea.KeyPressMsg{Code: fKeys[i]})
		}
	}
	// One wait for both: the renderer writes each change once, and a
	// result that comes quickly can arrive in the same read as the
	// spinner, where a second wait would never see it.
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		spin := bytes.Index(b, []byte("working out NDCG@10 over every tie order for 100000 items"))
		return spin >= 0 && bytes.Contains(b[spin:], []byte("arrangements"))
	}, teatest.WithDuration(60*time.Second))
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	out := ansi.Strip(final.View().Content)
	assert.Contains(t, out, "tie group(s): NDCG@10 from")
	assert.NotContains(t, out, "working out")
}

// On a long list the explorer's own recomputation after a change of
// settings runs off the loop: the key changes the conventions line at
// once, with a spinner, and the numbers follow; a recomputation
// overtaken by another key is dropped, and the screen ends as the one
// worked out on each key.
func TestBackgroundRecomputationOfTheExplorer(t *testing.T) {
	drawnBothWays(t, 1<<62)
	want := newModel(t, benchDoc(300), ndcg.DefaultSettings(), 120, 30)
	press(want, "g", "d", "[")

	drawnBothWays(t, 1)
	m := newModel(t, benchDoc(300), ndcg.DefaultSettings(), 120, 30)
	before := screen(m)
	first := pending(press(m, "g"))
	require.Len(t, first, 1)
	assert.Same(t, &m.later, first[0].W)
	assert.True(t, m.c.WS.Pending())
	assert.Contains(t, screen(m), "⠋ gain linear", "the new gain at once, and the spinner")
	body := func(s string) string { return strings.Join(strings.Split(s, "\n")[3:20], "\n") }
	assert.Equal(t, body(before), body(screen(m)), "the numbers from before until the new ones are in")
	assert.Empty(t, pending(press(m, "d", "[")), "one runs already: the next waits for it")
	_, cmd := m.Update(first[0])
	assert.True(t, m.c.WS.Pending(), "worked out before d and [: dropped")
	second := pending(cmd)
	require.Len(t, second, 1, "the one for the list as it is now")
	_, cmd = m.Update(second[0])
	assert.Nil(t, pending(cmd))
	assert.False(t, m.c.WS.Pending())
	assert.Equal(t, screen(want), screen(m))
}

// While a change of k is worked out off the loop, the summary keeps the
// labels of the numbers it shows (the old k's), and the conventions line
// shows the new k with its spinner: never the old numbers under the new
// k.
func TestBackgroundSummaryLabelsItsOwnNumbers(t *testing.T) {
	drawnBothWays(t, 1)
	s := ndcg.DefaultSettings()
	s.K = 5
	m := newModel(t, benchDoc(300), s, 120, 30)
	dcg5 := layout.Fixed(m.c.WS.Result.DCG(), 4)
	work := pending(press(m, "]"))
	require.Len(t, work, 1)
	sc := screen(m)
	assert.Contains(t, sc, "k=6", "the conventions line says what is coming")
	assert.Contains(t, sc, "DCG@5 = "+dcg5, "the numbers shown are k=5's, and say so")
	assert.NotContains(t, sc, "DCG@6")
	assert.Contains(t, sc, "NDCG@5 by tie order")
	_, cmd := m.Update(work[0])
	finish(t, m, cmd)
	sc = screen(m)
	assert.Contains(t, sc, "DCG@6 = "+layout.Fixed(m.c.WS.Result.DCG(), 4))
	assert.Contains(t, sc, "NDCG@6 by tie order")
}

// A move within a tie under expected or input ties keeps the ranking
// (a group is ordered by list position): it is worked out at once, the
// two ranks regraded, and the next key does not wait.
func TestBackgroundMoveWithinATieInPlace(t *testing.T) {
	for _, ties := range []ndcg.TiePolicy{ndcg.Expected, ndcg.Input, ndcg.Best} {
		s := ndcg.DefaultSettings()
		s.Ties = ties
		drawnBothWays(t, 1<<62)
		want := newModel(t, benchDoc(300), s, 120, 30)
		press(want, "shift+down", "shift+up", "shift+down", "down", "shift+down")

		drawnBothWays(t, 1)
		m := newModel(t, benchDoc(300), s, 120, 30)
		for _, k := range []string{"shift+down", "shift+up", "shift+down", "down", "shift+down"} { // ranks 1 and 2 share the top score
			assert.Empty(t, pending(press(m, k)), "%s: key %s", ties, k)
			assert.False(t, m.c.WS.Pending(), "%s: key %s", ties, k)
		}
		assert.Equal(t, screen(want), screen(m), "%s", ties)
	}
}

// A move that exchanges two items' scores on a long list is worked out
// at once, in place (the two items change tie groups): nothing is left
// for later, and the next key does not wait.
func TestBackgroundMoveInPlace(t *testing.T) {
	drawnBothWays(t, 1<<62)
	want := newModel(t, benchDoc(300), ndcg.DefaultSettings(), 120, 30)
	press(want, "down", "shift+down", "shift+up", "down", "down", "shift+down")

	drawnBothWays(t, 1)
	m := newModel(t, benchDoc(300), ndcg.DefaultSettings(), 120, 30)
	press(m, "down")
	for _, k := range []string{"shift+down", "shift+up", "down", "down", "shift+down"} {
		assert.Empty(t, pending(press(m, k)), "key %s", k)
		assert.False(t, m.c.WS.Pending(), "key %s", k)
	}
	assert.Equal(t, screen(want), screen(m))
}

// A move within a tie (the two items swap input order) on a long list
// under docno ties, where the ids order a group: the key is made at
// once and the list sorted again off the loop; the next key waits for
// that ranking, since it may be an edit from the rank under the cursor.
func TestBackgroundResortAfterAMove(t *testing.T) {
	s := ndcg.DefaultSettings()
	s.Ties = ndcg.Docno
	drawnBothWays(t, 1<<62)
	want := newModel(t, benchDoc(300), s, 120, 30)
	press(want, "shift+down")
	wantOne := screen(want)
	press(want, "shift+up", "shift+down", "down", "shift+down")

	drawnBothWays(t, 1)
	m := newModel(t, benchDoc(300), s, 120, 30)
	moved := pending(press(m, "shift+down")) // ranks 1 and 2 share the top score
	require.Len(t, moved, 1)
	assert.True(t, m.c.WS.Resorting())
	_, cmd := m.Update(moved[0])
	finish(t, m, cmd)
	assert.Equal(t, wantOne, screen(m))

	// Keys faster than the sort: each waits for the ranking before it
	// (without, the next K would move the wrong item: the item is
	// still on its old rank until the list is sorted again).
	press(m, "shift+up", "shift+down", "down", "shift+down")
	if m.c.WS.Resorting() {
		require.True(t, m.c.WS.Settle())
		recomputed(m.c, m.views)
	}
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 30}) // a frame
	assert.Equal(t, screen(want), screen(m))
}

// While a change of settings is worked out off the loop, the spinner
// before the conventions line takes its room from whole settings, which
// give way from the end with · …, never from a word cut short: trec_eval's
// line at k=all or k=299 is 79 cells at 80 columns, and the spinner cut
// it at "zero→0 ·…"; a line without the preset, inside "integer grad…".
func TestSpinnerLeavesTheConventionsLineWhole(t *testing.T) {
	drawnBothWays(t, 1)
	dropped := 0
	for _, p := range ndcg.Presets {
		for _, k := range []string{"z", "p", "i", "d", "g"} {
			s := p.Settings
			m := newModel(t, benchDoc(300), s, 80, 24)
			work := pending(press(m, k))
			require.True(t, m.c.WS.Pending(), "%s, %s", p.Name, k)
			busy := strings.Split(screen(m), "\n")[1]
			for _, w := range work {
				m.Update(w)
			}
			require.False(t, m.c.WS.Pending())
			settled := strings.Split(screen(m), "\n")[1]
			parts := strings.Split(settled, " · ")
			_, line, ok := strings.Cut(busy, " ")
			require.True(t, ok)
			require.True(t, strings.HasPrefix(busy, "⠋ "), busy)
			for _, part := range strings.Split(line, " · ") {
				if part == "…" {
					continue
				}
				assert.Contains(t, parts, part, "%s, %s: %q cut from %q", p.Name, k, busy, settled)
			}
			if line != settled {
				dropped++
			}
		}
	}
	assert.Positive(t, dropped, "some lines give way to the spinner")

	s := ndcg.Presets[1].Settings
	require.Equal(t, "trec_eval", ndcg.Presets[1].Name)
	m := newModel(t, benchDoc(300), s, 80, 24)
	require.Len(t, pending(press(m, "[")), 1, "k=all to k=299")
	assert.Equal(t, "⠋ =trec_eval · gain linear · log2 · k=299 · ties docno · IDCG judged · …", strings.Split(screen(m), "\n")[1])
}
