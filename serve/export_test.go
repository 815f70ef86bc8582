package serve

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// A class of 20, two rounds on seed 7's first question (grades
// 2,0,0,1,0,0 at k=3; by hand DCG@3 = 3, IDCG@3 = 3 + 1/log2 3 =
// 3.63093, NDCG@3 = 0.8262), exported: every answer with its verdict and
// the mistake behind it, as worked out by hand for each answer
// (classAnswers): 0.76 is linear gain (2 / 2.63093 = 0.7602), 0.82 the
// digits cut, 0.83 right, 0.70 the IDCG's second term twice (3 /
// 4.26186 = 0.7039), 0.31 explained by nothing. Round 2: s00–s09 answer
// 0.83, s10–s19 0.76. The export survives a restart (state file).
func TestClassExportsTheRounds(t *testing.T) {
	dir := t.TempDir()
	s, _ := serveOn(t, dir, Config{})
	var ids []int
	for i := range classSize {
		m, ok := s.room.Join(fmt.Sprintf("s%02d", i), "", "127.0.0.1:1", "")
		require.True(t, ok)
		ids = append(ids, m.ID)
	}
	var first []string
	for _, a := range classAnswers {
		for range a.n {
			first = append(first, a.answer)
		}
	}
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	for i, id := range ids {
		s.room.Answer(id, ui.RoomAnswer{ID: rd.ID, Text: first[i]})
	}
	s.Room().EndRound()
	rd = s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	for i, id := range ids {
		s.room.Answer(id, ui.RoomAnswer{ID: rd.ID, Text: map[bool]string{true: "0.83", false: "0.76"}[i < 10]})
	}
	s.Room().EndRound()

	byHand := map[string][3]string{
		"0.76": {"wrong", "gain_linear", "used gain linear (not exp)"},
		"0.82": {"wrong", "truncated", "cut the digits off instead of rounding"},
		"0.83": {"right", "", ""},
		"0.70": {"wrong", "slip", "IDCG at rank 2: the term counted twice"},
		"0.31": {"wrong", "", "unexplained"},
	}
	want := []string{}
	row := func(round, i int, answer string) string {
		v := byHand[answer]
		return fmt.Sprintf("%d,%d,s%02d,%s,%s,%s,%s", round, ids[i], i, answer, v[0], v[1], v[2])
	}
	for i := range classSize {
		want = append(want, row(1, i, first[i]))
	}
	for i := range classSize {
		want = append(want, row(2, i, map[bool]string{true: "0.83", false: "0.76"}[i < 10]))
	}
	project := func(e ClassExport) []string {
		var got []string
		for _, r := range e.Roster {
			got = append(got, fmt.Sprintf("%d,%d,%s,%s,%s,%s,%s", r.Round, r.Attendee, r.Name, r.Answer, r.Verdict, r.Mistake, r.Diagnosis))
		}
		return got
	}
	assert.Equal(t, want, project(s.Room().Export(time.Now())))
	path, err := s.ExportRounds(dir, time.Now())
	require.NoError(t, err)
	js, err := os.ReadFile(strings.TrimSuffix(path, ".csv") + ".json")
	require.NoError(t, err)
	assert.Contains(t, string(js), `"diagnosis": "IDCG at rank 2: the term counted twice"`)

	// Kept in the state: a restarted server exports the same.
	s.finishSaving()
	other := t.TempDir()
	data, err := os.ReadFile(filepath.Join(dir, StateFile))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(other, StateFile), data, 0o600))
	s2, _ := serveOn(t, other, Config{})
	assert.Equal(t, want, project(s2.Room().Export(time.Now())))
}

// A cell an attendee typed never starts a spreadsheet formula.
func TestCSVSafe(t *testing.T) {
	for in, want := range map[string]string{
		"0.83": "0.83", "-0.5": "-0.5", "=HYPERLINK(\"x\")": "'=HYPERLINK(\"x\")", "+1+1": "'+1+1", "@SUM(A1)": "'@SUM(A1)", "": "",
	} {
		assert.Equal(t, want, csvSafe(in), in)
	}
}

// The take-home report carries the attendee's rounds, their answer, its
// verdict and the mistake behind it (round 1 of seed 7: 0.8262, and 0.76
// is linear gain, as above).
func TestReportCarriesTheRounds(t *testing.T) {
	s, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "ada", 100, 30)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	code := c.Code("ada")
	s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.NoError(t, c.RedrawUntil("the instructor started a", 100, 30, 10*time.Second))
	c.Send("0.76\r")
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == 1 }, 10*time.Second, 20*time.Millisecond)
	s.Room().EndRound()
	c.Close()
	emptied(t, s)
	out, stderr, status := run(t, addr, "ada+"+code, "report")
	require.Equal(t, 0, status, stderr)
	assert.Contains(t, out, "## Your quiz rounds\n\n| round | question | your answer | NDCG@k | verdict | the mistake behind it |\n|---|---|---|---|---|---|\n"+
		"| 1 | seed 7, question 1 | 0.76 | NDCG@3 = 0.8262 | wrong | used gain linear (not exp) |\n")
}
