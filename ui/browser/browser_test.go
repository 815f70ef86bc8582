package browser

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
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
	"github.com/ndcg-explorer/ndcg-explorer/trec"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

// The qrels and run pairs of the trec package's tests, with trec_eval
// 10.0's output for them (trec/testdata/expected.sh made it).
var trecCases = filepath.Join("..", "..", "trec", "testdata")

func trecCase(name string) (qrels, run string) {
	return filepath.Join(trecCases, "cases", name+".qrels"), filepath.Join(trecCases, "cases", name+".run")
}

// trecEvalValues reads trec_eval's printed values of one measure from
// an expected output file: query id → value as printed (4 decimals).
func trecEvalValues(t *testing.T, file, measure string) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(trecCases, "expected", file))
	require.NoError(t, err)
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == measure {
			out[fields[1]] = fields[2]
		}
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out, "no %s lines in %s", measure, file)
	return out
}

func newTestBrowser(t testing.TB, name string, k, w, h int) *Model {
	t.Helper()
	qrels, run := trecCase(name)
	res, err := trec.BrowseAs(qrels, "", run, "", k)
	require.NoError(t, err)
	b := New(Options{Qrels: qrels, Run: run, Settings: trec.Settings(k), NoColor: true}, res)
	b.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return b
}

// bpress sends keys; a command that reads a query is run and its
// message delivered, as the program would.
func bpress(t testing.TB, b *Model, keys ...string) {
	t.Helper()
	for _, k := range keys {
		_, cmd := b.Update(uitest.Key(k))
		if cmd == nil {
			continue
		}
		if msg, ok := uitest.RunCmd(cmd).(queryLoadedMsg); ok {
			b.Update(msg)
		}
	}
}

func bscreen(b *Model) string { return ansi.Strip(b.View().Content) }

// rowsOnScreen is the list's rows as drawn, each split into cells; the
// cursor and edit marks are dropped.
func rowsOnScreen(b *Model) [][]string {
	var rows [][]string
	lines := strings.Split(bscreen(b), "\n")
	if len(lines) < 5 {
		return nil
	}
	for _, l := range lines[3 : len(lines)-2] {
		f := strings.Fields(strings.TrimLeft(l, ">* "))
		if len(f) < 4 {
			continue
		}
		// A row ends with the count of unretrieved relevant documents.
		if _, err := strconv.Atoi(f[len(f)-1]); err == nil {
			rows = append(rows, f)
		}
	}
	return rows
}

// listed is the query ids of the rows on screen, top to bottom.
func listed(b *Model) []string {
	var ids []string
	for _, r := range rowsOnScreen(b) {
		ids = append(ids, r[0])
	}
	return ids
}

// row is the screen line of query qid, split into cells.
func row(t *testing.T, b *Model, qid string) []string {
	t.Helper()
	for _, r := range rowsOnScreen(b) {
		if r[0] == qid {
			return r
		}
	}
	t.Fatalf("query %s is not on screen:\n%s", qid, bscreen(b))
	return nil
}

// TestBrowserShowsTrecEvalValues: every query's NDCG@k on the list is
// trec_eval's ndcg_cut.k, the mean is trec_eval's `all`, for k = 10, 5
// and the whole ranking (trec_eval's ndcg).
func TestBrowserShowsTrecEvalValues(t *testing.T) {
	for _, c := range []struct {
		k       int
		measure string
		head    string
	}{{10, "ndcg_cut_10", "NDCG@10"}, {5, "ndcg_cut_5", "NDCG@5"}, {0, "ndcg", "NDCG"}} {
		t.Run(c.measure, func(t *testing.T) {
			for _, name := range []string{"basic", "ties", "missing"} {
				want := trecEvalValues(t, name+".0.out", c.measure)
				b := newTestBrowser(t, name, c.k, 100, 20+len(want))
				s := bscreen(b)
				assert.Contains(t, s, "mean "+c.head+" = "+want["all"]+" (trec_eval all)", name)
				assert.Contains(t, s, " "+c.head+" ")
				delete(want, "all")
				assert.Len(t, b.rows, len(want), name)
				for qid, v := range want {
					// query, docs, NDCG@k, …
					assert.Equal(t, v, row(t, b, qid)[2], "%s query %s", name, qid)
				}
			}
		})
	}
}

// TestBrowserTieBand: the four documents of rule_docno_ties all score 1,
// with grades d1=3, d10=2, d9=0, D9=1. trec_eval orders them by docno
// descending: d9, d10, d1, D9, and prints 0.6704. By hand:
//
//	IDCG  = 3 + 2/log2(3) + 1/log2(4)            = 3 + 1.2619 + 0.5     = 4.7619
//	best  = the ideal order                                              = 1.0000
//	worst = 0 + 1/log2(3) + 2/log2(4) + 3/log2(5) = 0.6309 + 1 + 1.2920 = 2.9230 → 0.6138
//	spread = 1 − 0.6138 = 0.3862 (0.38617 unrounded)
func TestBrowserTieBand(t *testing.T) {
	b := newTestBrowser(t, "rule_docno_ties", 10, 100, 24)
	// query, docs, NDCG@10, worst, best, spread, ret/rel, missed
	assert.Equal(t, []string{"1", "4", "0.6704", "0.6138", "1.0000", "0.3862", "3/3", "0"}, row(t, b, "1"))
	assert.Contains(t, bscreen(b), "1 depends on tie order: mean 0.6138–1.0000")
}

// TestBrowserUnretrieved: in rule_ideal_unretrieved the run retrieves
// a (rel 1) and b (rel 0) and misses m1, m2 (rel 3) and m3 (rel 2): one
// of four relevant documents retrieved, three missed; trec_eval 0.1581.
func TestBrowserUnretrieved(t *testing.T) {
	b := newTestBrowser(t, "rule_ideal_unretrieved", 10, 80, 24)
	assert.Equal(t, []string{"1", "2", "0.1581", "0.1581", "0.1581", "-", "1/4", "3"}, row(t, b, "1"))
}

// basicOrder is the basic case's queries by trec_eval's ndcg_cut_10,
// lowest first, query id breaking ties: 100 and 103 0.0000, q2 0.2941,
// 104 0.3562, q0 0.3869, 105 0.3995, 102 0.4035, 101 0.4229, q1 0.5000.
var basicOrder = []string{"100", "103", "q2", "104", "q0", "105", "102", "101", "q1"}

// missedByHand counts, from the files themselves, each query's judged
// documents with rel > 0 that the run does not retrieve.
func missedByHand(t *testing.T, name string) map[string]int {
	t.Helper()
	qrels, run := trecCase(name)
	read := func(path string) [][]string {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		var out [][]string
		for _, l := range strings.Split(string(data), "\n") {
			if f := strings.Fields(l); len(f) > 0 {
				out = append(out, f)
			}
		}
		return out
	}
	retrieved := map[string]bool{}
	inRun := map[string]bool{}
	for _, f := range read(run) {
		retrieved[f[0]+" "+f[2]] = true
		inRun[f[0]] = true
	}
	missed := map[string]int{}
	for _, f := range read(qrels) {
		if inRun[f[0]] && f[3] != "0" && !strings.HasPrefix(f[3], "-") && !retrieved[f[0]+" "+f[2]] {
			missed[f[0]]++
		}
	}
	return missed
}

// TestBrowserOpenAndBack: enter opens the query in the explorer under
// trec_eval's preset with the missed documents as the pool; the
// explorer shows the value the list showed; esc comes back to the list
// with the cursor on the query.
func TestBrowserOpenAndBack(t *testing.T) {
	want := trecEvalValues(t, "basic.0.out", "ndcg_cut_10")
	b := newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "/", "1", "0", "1", "enter")
	require.NotNil(t, b.current, bscreen(b))
	s := bscreen(b)
	assert.Contains(t, s, "NDCG@10 = "+want["101"])
	assert.Regexp(t, `^ndcg-explorer \.\./\.\./trec/testdata/cases/basic\.run query 101 +\[explorer\]`, s, "the query named once")
	assert.Contains(t, s, "=trec_eval · gain linear · log2 · k=10 · ties docno · IDCG judged · zero→0 · …", "trec_eval's preset, named first when the line is too long, a setting that does not fit whole left out")
	assert.Contains(t, s, "esc: back to the query list")
	relevant := 0
	for _, j := range b.current.Workspace().List().Pool {
		if j.Grade > 0 {
			relevant++
		}
	}
	assert.Equal(t, missedByHand(t, "basic")["101"], relevant, "the missed relevant documents are in the pool")
	assert.Equal(t, 3, relevant)

	bpress(t, b, "esc")
	assert.Nil(t, b.current)
	assert.Contains(t, bscreen(b), "> 101")
	assert.Contains(t, bscreen(b), "back from query 101")

	// Another query, by moving the cursor.
	bpress(t, b, "esc") // clear the filter
	bpress(t, b, "end", "enter")
	assert.Contains(t, bscreen(b), "NDCG@10 = "+want["q1"])
	bpress(t, b, "esc")
	assert.Contains(t, bscreen(b), "> q1")
}

// TestBrowserEscInsideExplorer: esc that cancels something in the
// explorer does only that.
func TestBrowserEscInsideExplorer(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "enter")
	require.NotNil(t, b.current)
	for _, open := range []string{"s", "e", "?", "f4"} { // score, title, help, presets
		bpress(t, b, open)
		require.True(t, b.current.CapturesEsc(), "after %s", open)
		bpress(t, b, "esc")
		require.NotNil(t, b.current, "esc after %s closed it and stayed", open)
		require.False(t, b.current.CapturesEsc(), "after %s esc", open)
	}
	bpress(t, b, "esc")
	assert.Nil(t, b.current)
}

// TestBrowserKeepsEdits: leaving a query keeps its edits; the list marks
// it; quitting asks first.
func TestBrowserKeepsEdits(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "end", "enter") // q1: its relevant document is at rank 3
	require.NotNil(t, b.current)
	bpress(t, b, "3") // rank 1 gets grade 3
	require.True(t, b.current.Workspace().Dirty())
	bpress(t, b, "esc")
	assert.Contains(t, bscreen(b), ">*q1")
	assert.Contains(t, bscreen(b), "its edits are kept")

	bpress(t, b, "enter")
	assert.True(t, b.current.Workspace().Dirty(), "the same explorer, edits and all")
	bpress(t, b, "u", "esc")
	assert.NotContains(t, bscreen(b), "*q1")

	bpress(t, b, "enter", "3", "esc")
	_, cmd := b.Update(uitest.Key("q"))
	assert.Nil(t, cmd, "asks before quitting")
	assert.Contains(t, bscreen(b), "Edited queries not saved (q1)")
	_, cmd = b.Update(uitest.Key("x"))
	assert.Nil(t, cmd)
	assert.Contains(t, bscreen(b), "Answer first. y: quit · esc: stay", "a stray key leaves the question up")
	bpress(t, b, "esc")
	assert.Contains(t, bscreen(b), "not quitting")
	bpress(t, b, "q")
	_, cmd = b.Update(uitest.Key("y"))
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd())
}

func TestBrowserQuit(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	_, cmd := b.Update(uitest.Key("q"))
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd())
}

func TestBrowserBadInput(t *testing.T) {
	qrels, run := trecCase("basic")
	_, err := trec.BrowseAs(filepath.Join(t.TempDir(), "none"), "", run, "", 10)
	assert.ErrorContains(t, err, "qrels")
	bad := filepath.Join(t.TempDir(), "bad.run")
	require.NoError(t, os.WriteFile(bad, []byte("100 Q0 FT-1 1 notanumber r\n"), 0o600))
	_, err = trec.BrowseAs(qrels, "", bad, "", 10)
	assert.ErrorContains(t, err, "bad.run")
}

// browserGolden runs the program at w×h on the basic case, moves the
// cursor down twice and records the screen. The numbers are trec_eval's
// (see TestBrowserShowsTrecEvalValues); go test ./ui/browser -update rewrites.
func browserGolden(t *testing.T, name string, w, h int, keys ...string) {
	qrels, run := trecCase("basic")
	res, err := trec.BrowseAs(qrels, "", run, "", 10)
	require.NoError(t, err)
	// The title names the files as a command run in ui/ names them, as
	// when the screens were recorded: the list reads no file again.
	named := func(p string) string { return filepath.Join("..", "trec", "testdata", "cases", filepath.Base(p)) }
	b := New(Options{Qrels: named(qrels), Run: named(run), Settings: trec.Settings(10)}, res)
	tm := teatest.NewTestModel(t, b, teatest.WithInitialTermSize(w, h))
	for _, k := range keys {
		tm.Send(uitest.Key(k))
	}
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	golden.RequireEqual(uitest.Named(t, "browser_"+name), ansi.Strip(final.View().Content))
}

func TestBrowserGolden80x24(t *testing.T)  { browserGolden(t, "80x24", 80, 24, "down", "down") }
func TestBrowserGolden120x40(t *testing.T) { browserGolden(t, "120x40", 120, 40, "s") }
func TestBrowserGolden50x12(t *testing.T)  { browserGolden(t, "50x12", 50, 12, "/", "1") }

// TestBrowserQuitFromExplorer: q inside a query whose own list is clean
// still asks when another query has edits.
func TestBrowserQuitFromExplorer(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "end", "enter", "3", "esc", "home", "enter") // edit q1, open 100
	require.NotNil(t, b.current)
	_, cmd := b.Update(uitest.Key("q"))
	assert.Nil(t, cmd)
	assert.Nil(t, b.current, "back on the list to ask")
	assert.Contains(t, bscreen(b), "Edited queries not saved (q1)")

	// With nothing edited, q quits from the explorer at once.
	b = newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "enter")
	_, cmd = b.Update(uitest.Key("q"))
	require.NotNil(t, cmd)
	assert.IsType(t, tea.QuitMsg{}, cmd())
}

// TestBrowserEveryQueryOpensAtItsValue: every query of the ties and
// missing cases, opened from the list, shows in the explorer the
// NDCG@10 trec_eval printed for it.
func TestBrowserEveryQueryOpensAtItsValue(t *testing.T) {
	for _, name := range []string{"ties", "missing"} {
		want := trecEvalValues(t, name+".0.out", "ndcg_cut_10")
		b := newTestBrowser(t, name, 10, 120, 40)
		bpress(t, b, "s", "s", "s", "home") // query id order, from the first
		for i := range b.rows {
			qid := b.selected().qid
			bpress(t, b, "enter")
			require.NotNil(t, b.current, "%s %s", name, qid)
			assert.Contains(t, bscreen(b), "NDCG@10 = "+want[qid], "%s query %s", name, qid)
			bpress(t, b, "esc")
			require.Nil(t, b.current)
			require.Equal(t, i, b.cursor)
			bpress(t, b, "down")
		}
	}
}

// TestBrowserSaveAsNamesTheQuery: save as in an opened query suggests a
// file named after the run and the query, beside the run, a different
// one per query and the one the query opened alone suggests (the
// browser suggested RUN-QID.json in the current directory); saving there
// writes that query's list.
func TestBrowserSaveAsNamesTheQuery(t *testing.T) {
	dir := t.TempDir()
	srcQ, srcR := trecCase("basic")
	qrels, run := filepath.Join(dir, "basic.qrels"), filepath.Join(dir, "basic.run")
	for src, dst := range map[string]string{srcQ: qrels, srcR: run} {
		data, err := os.ReadFile(src)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(dst, data, 0o644))
	}
	res, err := trec.BrowseAs(qrels, "", run, "", 10)
	require.NoError(t, err)
	b := New(Options{Qrels: qrels, Run: run, Settings: trec.Settings(10), NoColor: true}, res)
	b.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	t.Chdir(t.TempDir()) // not where the run is
	bpress(t, b, "/", "1", "0", "1", "enter", "W")
	require.NotNil(t, b.current)
	want := filepath.Join(dir, "basic-query-101.json")
	assert.Contains(t, bscreen(b), "basic-query-101.json", "save as asks, its field on the name beside the run")
	assert.Equal(t, want, b.current.FileName())

	doc, err := listio.LoadTRECQuery(qrels, run, "101")
	require.NoError(t, err)
	alone := ui.New(ui.Options{Doc: doc, Settings: trec.Settings(10)})
	assert.Equal(t, want, alone.FileName(), "the query opened alone")

	_, cmd := b.Update(uitest.Key("enter"))
	require.NotNil(t, cmd)
	b.Update(uitest.RunCmd(cmd))
	assert.Contains(t, bscreen(b), "saved 7 items to")
	data, err := os.ReadFile(want)
	require.NoError(t, err)
	saved, err := listio.ReadJSON(want, data)
	require.NoError(t, err)
	assert.Equal(t, b.current.Workspace().N(), len(saved.List.Items))
	assert.Equal(t, want, b.current.FileName(), "saved: its file from now on")

	bpress(t, b, "esc", "esc", "end", "enter", "W")
	assert.Contains(t, bscreen(b), "basic-query-q1.json", "another query, another file")
	assert.Equal(t, filepath.Join(dir, "basic-query-q1.json"), b.current.FileName(), "where a stop keeps its edits beside")
	bpress(t, b, "esc")
}

// TestBrowserLongStatusReadsWhole: the longest messages the query
// browser puts on the status line read whole at 80×24, on the status
// line and the footer's below it; the next key brings the footer back.
func TestBrowserLongStatusReadsWhole(t *testing.T) {
	const w, h = 80, 24
	t.Run("a query opened from a run named by its whole path", func(t *testing.T) {
		qrels, run := trecCase("long")
		qrels, err := filepath.Abs(qrels)
		require.NoError(t, err)
		run, err = filepath.Abs(run)
		require.NoError(t, err)
		res, err := trec.BrowseAs(qrels, "", run, "", 10)
		require.NoError(t, err)
		b := New(Options{Qrels: qrels, Run: run, Settings: trec.Settings(10), NoColor: true}, res)
		b.Update(tea.WindowSizeMsg{Width: w, Height: h})
		bpress(t, b, "down", "enter")
		require.NotNil(t, b.current)
		uitest.ReadsWhole(t, b.current.StatusText(), bscreen(b), w, h)
		assert.Contains(t, uitest.StatusOnScreen(t, bscreen(b), w, h), "…/long.qrels")
	})

	t.Run("the query browser's greeting", func(t *testing.T) {
		b := newTestBrowser(t, "basic", 10, w, h)
		uitest.ReadsWhole(t, b.status.Text, bscreen(b), w, h)
		b.Update(uitest.Key("down"))
		lines := strings.Split(bscreen(b), "\n")
		assert.True(t, strings.HasSuffix(lines[h-1], "? help • q quit"), "%q", lines[h-1])
	})
}

// TestBrowserShowsControls: a qid with control characters in the query
// browser's list, its status line and the query it opens.
func TestBrowserShowsControls(t *testing.T) {
	dir := t.TempDir()
	qid := "q\x1b]0;x\x07"
	qrels := filepath.Join(dir, "q.qrels")
	run := filepath.Join(dir, "r.run")
	require.NoError(t, os.WriteFile(qrels, []byte(fmt.Sprintf("%s 0 d\x1b[2J 1\n%s 0 e 2\n", qid, qid)), 0o644))
	require.NoError(t, os.WriteFile(run, []byte(fmt.Sprintf("%s Q0 d\x1b[2J 1 2 r\n%s Q0 e 2 1 r\n", qid, qid)), 0o644))
	res, err := trec.BrowseAs(qrels, "", run, "", 10)
	require.NoError(t, err)
	b := New(Options{Qrels: qrels, Run: run, Settings: trec.Settings(10), NoColor: true}, res)
	b.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	uitest.AssertNothingObeyed(t, "query list", b.View())
	assert.Contains(t, ansi.Strip(b.View().Content), `q\x1b]0;x\x07`)
	_, cmd := b.Update(uitest.Key("enter"))
	for cmd != nil {
		msg := uitest.RunCmd(cmd)
		if msg == nil {
			break
		}
		_, cmd = b.Update(msg)
	}
	uitest.AssertNothingObeyed(t, "opened query", b.View())
	assert.True(t, strings.Contains(ansi.Strip(b.View().Content), `d\x1b[2J`), ansi.Strip(b.View().Content))
}

// TestBrowserTypedAheadDoesNotQuit: the query list's question about
// edited queries takes y only after a pause too.
func TestBrowserTypedAheadDoesNotQuit(t *testing.T) {
	step := uitest.TypingClock(t, &frame.Now)
	b := newTestBrowser(t, "basic", 10, 80, 24)
	*step = time.Second
	bpress(t, b, "end", "enter", "3", "esc")
	*step = 20 * time.Millisecond
	b.Update(uitest.Key("q"))
	_, cmd := b.Update(uitest.Key("y"))
	assert.Nil(t, cmd, "y in one go with q does not quit")
	assert.Contains(t, bscreen(b), "Read first: edited queries not saved (q1). y: quit · esc: stay")
	*step = time.Second
	_, cmd = b.Update(uitest.Key("y"))
	require.NotNil(t, cmd)
	assert.True(t, uitest.IsQuit(cmd))
}

// TestBrowserViewIsTheDrawnList: the query list too is drawn in Update.
func TestBrowserViewIsTheDrawnList(t *testing.T) {
	b := newTestBrowser(t, "basic", 10, 80, 24)
	bpress(t, b, "down", "s")
	list := b.View().Content
	require.Contains(t, list, "101")
	assert.Equal(t, b.render(), list, "View is what a render gives")
	assert.Equal(t, list, b.View().Content, "and stays so without a message")
}
