package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// hostileSequences are what a file could use against a terminal: every
// C0 and C1 control and DEL, and whole CSI, OSC and DCS sequences.
func hostileSequences() []string {
	seqs := []string{
		"\x1b[2J\x1b[H",              // CSI: clear the screen
		"\x1b]0;owned\x07",           // OSC 0: the window title
		"\x1b]52;c;cm0gLXJmIH4=\x07", // OSC 52: write the clipboard
		"\x1b]8;;http://x\x1b\\",     // OSC 8: a hidden link
		"\x1bP+q544e\x1b\\",          // DCS: ask the terminal
		"\u009b31m",                  // 8-bit CSI
		"\u009d0;t\u009c",            // 8-bit OSC and ST
		"\u202egnp.exe",              // right-to-left override
	}
	for r := rune(0); r <= 0x9f; r++ {
		if r < 0x20 || r >= 0x7f {
			seqs = append(seqs, "c"+string(r)+"c")
		}
	}
	return seqs
}

// hostileList is a list whose every string holds one of seqs, NUL aside:
// an id or title holding one is refused where it is read
// (listio.TestNULIDRefusedByEveryReader), so it reaches no output.
func hostileList(seqs []string) string {
	seqs = slices.DeleteFunc(slices.Clone(seqs), func(s string) bool { return strings.Contains(s, "\x00") })
	type item struct {
		ID    string  `json:"id"`
		Title string  `json:"title"`
		Grade float64 `json:"grade"`
		Score float64 `json:"score"`
	}
	var items []item
	for i, s := range seqs {
		items = append(items, item{ID: fmt.Sprintf("%d%s", i, s), Title: "t" + s, Grade: float64(i % 4), Score: float64(i % 3)})
	}
	data, err := json.Marshal(map[string]any{
		"title": "list " + strings.Join(seqs[:8], " "), "notes": strings.Join(seqs, "|"),
		"items": items, "claims": map[string]any{"ndcg": 0.5, "dcg": 3.1},
	})
	if err != nil {
		panic(err)
	}
	return string(data)
}

// assertShownNotObeyed: nothing in out would be obeyed by a terminal.
func assertShownNotObeyed(t *testing.T, what, out string) {
	t.Helper()
	if i := termsafe.FirstUnsafe(out, true); i >= 0 {
		t.Errorf("%s: a control character reaches the terminal at byte %d: %q", what, i, out[max(i-20, 0):min(i+20, len(out))])
	}
}

// TestEveryTerminalOutputShowsControls feeds every C0/C1 control and
// CSI/OSC/DCS sequence through each output a person reads (report text
// and markdown with charts and working, check, trec's tables, error
// messages): each is shown escaped; CSV and JSON keep the bytes exact.
func TestEveryTerminalOutputShowsControls(t *testing.T) {
	seqs := hostileSequences()
	list := hostileList(seqs)
	dir := t.TempDir()
	var qrels, run strings.Builder
	for i, s := range seqs {
		if strings.Contains(s, "\x00") {
			continue // a NUL byte makes it not a text file, refused before any output
		}
		fmt.Fprintf(&qrels, "q%s 0 d%d%s %d\n", strings.Map(noSpace, s), i, strings.Map(noSpace, s), i%3)
		fmt.Fprintf(&run, "q%s Q0 d%d%s %d %d r\n", strings.Map(noSpace, s), i, strings.Map(noSpace, s), i, i%2)
	}
	qp, rp := filepath.Join(dir, "q.qrels"), filepath.Join(dir, "r.run")
	require.NoError(t, os.WriteFile(qp, []byte(qrels.String()), 0o644))
	require.NoError(t, os.WriteFile(rp, []byte(run.String()), 0o644))

	for _, args := range [][]string{
		{"report", "-"},
		{"report", "--chart", "--working", "-"},
		{"report", "-f", "markdown", "--chart", "--working", "-"},
		{"check", "-"},
		{"check", "--contributions", "1,2,3", "-"},
		{"trec", "-q", "--ties", qp, rp},
		{"trec", "-q", "-n", qp, rp},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			_, out, errOut := reportRun(list, args...)
			assert.NotEmpty(t, out)
			assertShownNotObeyed(t, "standard output", out)
			assertShownNotObeyed(t, "standard error", errOut)
			if args[0] != "trec" {
				assert.Contains(t, out, `\x1b]52;c;cm0gLXJmIH4=\x07`, "shown, not dropped")
			}
		})
	}

	// Error messages: a bad field name, a bad grade, a file name.
	for _, in := range []string{
		`{"items": [{"grade": 1, "g` + "\x1b[2J" + `": 2}]}`,
		`{"items": [{"grade": "` + "\x1b]0;x\x07" + `"}]}`,
		"id,grade\n\x1b[31mA,x\x1b[0m\n",
	} {
		code, out, errOut := reportRun(in, "report", "-")
		assert.Equal(t, ExitBadInput, code)
		assert.Empty(t, out)
		assertShownNotObeyed(t, "error", errOut)
		assert.Contains(t, errOut, `\x1b`)
	}
	code, _, errOut := reportRun("", "report", filepath.Join(dir, "no\x1b[2Jsuch.json"))
	assert.Equal(t, ExitBadInput, code)
	assertShownNotObeyed(t, "error", errOut)

	// CSV and JSON are read by programs: exact.
	_, out, _ := reportRun(list, "report", "-f", "csv", "-")
	assert.Contains(t, out, "\x1b]52;c;cm0gLXJmIH4=\x07")
	_, out, _ = reportRun(list, "report", "-f", "json", "-")
	var rep struct{ Ranks []struct{ ID string } }
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	ids := map[string]bool{}
	for _, r := range rep.Ranks {
		ids[r.ID] = true
	}
	assert.True(t, ids["1\x1b]0;owned\x07"])
}

// noSpace keeps a TREC field one field: whitespace becomes '_'.
func noSpace(r rune) rune {
	if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' {
		return '_'
	}
	return r
}

// FuzzTerminalOutputs: whatever an id, a title or the notes hold, no
// control character from them reaches the terminal through report text,
// markdown or check.
func FuzzTerminalOutputs(f *testing.F) {
	for _, s := range hostileSequences()[:12] {
		f.Add("a"+s, "t"+s, s)
	}
	f.Fuzz(func(t *testing.T, id, title, notes string) {
		if !utf8.ValidString(id + title + notes) {
			return // JSON carries text; invalid bytes are refused before any output
		}
		data, _ := json.Marshal(map[string]any{"notes": notes, "title": title, "items": []map[string]any{
			{"id": id, "title": title, "grade": 2, "score": 1}, {"id": id + "2", "grade": 1, "score": 1}},
			"claims": map[string]any{"ndcg": 0.5}})
		for _, args := range [][]string{{"report", "--chart", "--working", "-"}, {"report", "-f", "md", "--working", "-"}, {"check", "-"}} {
			_, out, errOut := reportRun(string(data), args...)
			if i := termsafe.FirstUnsafe(out, true); i >= 0 {
				t.Fatalf("%v: unsafe byte at %d of %q", args, i, out)
			}
			if i := termsafe.FirstUnsafe(errOut, true); i >= 0 {
				t.Fatalf("%v: unsafe byte at %d of the error %q", args, i, errOut)
			}
		}
	})
}

// TestReportColumnsByDisplayWidth: ids in CJK, with combining accents or
// escaped controls still line the columns up on the terminal.
func TestReportColumnsByDisplayWidth(t *testing.T) {
	in := `{"items": [{"id": "東京", "grade": 3}, {"id": "e\u0301te\u0301", "grade": 2}, {"id": "plain-id", "grade": 1}, {"id": "a\u001b[2J", "grade": 0}]}`
	code, out, errOut := reportRun(in, "report", "-")
	require.Equal(t, ExitOK, code, errOut)
	var widths []int
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "  ") {
			widths = append(widths, ansi.StringWidth(line))
		}
	}
	require.Len(t, widths, 5, out)
	for _, w := range widths {
		assert.Equal(t, widths[0], w, "every table line ends in the same column:\n%s", out)
	}
}

// TestDumbTerminalGetsTheReportMessage: TERM=dumb cannot draw the
// explorer or the browser; each says what to run instead.
func TestDumbTerminalGetsTheReportMessage(t *testing.T) {
	t.Setenv("TERM", "dumb")
	var out, errOut strings.Builder
	env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return true }}
	assert.Equal(t, ExitBadInput, Main([]string{"sample:ranked-by-score"}, env))
	assert.Equal(t, "ndcg-explorer: the explorer needs a terminal that can draw a screen (TERM=dumb cannot); for a printed breakdown use: ndcg-explorer report [flags] [FILE]\n", errOut.String())
}

// FuzzErrorAndReportOutputs: whatever bytes come in on standard input,
// neither the report nor an error message carries a control character
// to the terminal.
func FuzzErrorAndReportOutputs(f *testing.F) {
	f.Add([]byte("id,grade\n\x1b[2J,x\n"))
	f.Add([]byte(`{"items": [{"grade": 1, "\u001b]0;t\u0007": 2}]}`))
	f.Add([]byte("grade\n1\n\x9b2J\n"))
	f.Add([]byte(`{"title": "\u009d0;x\u009c", "items": [{"id": "\r\b", "grade": 1}]}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, args := range [][]string{{"report", "-"}, {"check", "--ndcg", "0.5", "-"}} {
			_, out, errOut := reportRun(string(in), args...)
			if i := termsafe.FirstUnsafe(out, true); i >= 0 {
				t.Fatalf("%v: unsafe byte at %d of %q", args, i, out)
			}
			if i := termsafe.FirstUnsafe(errOut, true); i >= 0 {
				t.Fatalf("%v: unsafe byte at %d of the error %q", args, i, errOut)
			}
		}
	})
}

// FuzzTrecOutput: a qid or docno with any bytes but blanks and NUL
// comes out of trec's tables and warnings escaped.
func FuzzTrecOutput(f *testing.F) {
	f.Add("q\x1b]0;x\x07", "d\x1b[2J")
	f.Add("\u009b1m", "\u202e")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, qid, docno string) {
		qid, docno = strings.Map(noSpace, qid), strings.Map(noSpace, docno)
		if qid == "" || docno == "" || strings.ContainsRune(qid+docno, 0) || strings.HasPrefix(qid, "#") {
			return
		}
		qp, rp := filepath.Join(dir, "q"), filepath.Join(dir, "r")
		require.NoError(t, os.WriteFile(qp, []byte(qid+" 0 "+docno+" 1\nother 0 x 1\n"), 0o644))
		require.NoError(t, os.WriteFile(rp, []byte(qid+" Q0 "+docno+" 1 1 r\n"), 0o644))
		for _, args := range [][]string{{"trec", "-q", "--ties", qp, rp}, {"trec", "-q", "-n", qp, rp}} {
			_, out, errOut := reportRun("", args...)
			if i := termsafe.FirstUnsafe(out, true); i >= 0 {
				t.Fatalf("%v: unsafe byte at %d of %q", args, i, out)
			}
			if i := termsafe.FirstUnsafe(errOut, true); i >= 0 {
				t.Fatalf("%v: unsafe byte at %d of the error %q", args, i, errOut)
			}
		}
	})
}
