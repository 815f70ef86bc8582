package cli

import (
	"os"
	"strings"
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/report"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A sample's notes say what it teaches; a printed handout carries them,
// in text and in markdown, before the table.
func TestReportPrintsNotes(t *testing.T) {
	const lesson = "C and D share a score and k=3 falls between them"
	code, out, _ := execCLI("report", "sample:ties-at-k")
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, "\nnotes: "+lesson)
	assert.Less(t, strings.Index(out, "notes: "), strings.Index(out, "rank  id"), "the notes come before the table")
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "notes:") {
			assert.LessOrEqual(t, len([]rune(line)), report.Width, "the paragraph is wrapped")
		}
	}

	code, out, _ = execCLI("report", "--format", "markdown", "sample:ties-at-k")
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, "\n> **Notes:** "+lesson)

	// A list without notes has no paragraph.
	_, out, _ = execCLI("report", "--grades", "3,2,1")
	assert.NotContains(t, out, "notes:")
}

// The tie groups are numbered T1, T2, … in rank order, as the explorer's
// table numbers them, not by their place among the distinct scores.
// Scores 0.9 | 0.8 0.8 | 0.5 | 0.3 0.3: the groups at ranks 2–3 and 5–6 are
// T1 and T2 (the distinct scores would number them 2 and 4).
func TestReportTieLabels(t *testing.T) {
	code, out, _ := execCLI("report", "sample:ties-at-k")
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, " T1|k ")
	assert.NotContains(t, out, "T3")

	code, out, _ = execCLI("report", "--grades", "1,2,3,0,1,2", "--scores", "0.9,0.8,0.8,0.5,0.3,0.3", "-k", "6")
	require.Equal(t, ExitOK, code)
	var labels []string
	for _, line := range strings.Split(out, "\n") {
		for _, f := range strings.Fields(line) {
			if len(f) == 2 && f[0] == 'T' {
				labels = append(labels, f)
			}
		}
	}
	assert.Equal(t, []string{"T1", "T1", "T2", "T2"}, labels)
}

// An empty list has no NDCG: the report says undefined and why, as the
// explorer does, rather than 0.0000 from the IDCG=0 rule.
func TestReportEmptyListUndefined(t *testing.T) {
	for _, format := range []string{"text", "markdown"} {
		code, out, _ := reportRun(`{"items": []}`, "report", "--format", format, "-")
		require.Equal(t, ExitOK, code)
		assert.Regexp(t, `NDCG@all\**  ?= undefined`, out, format)
		assert.Contains(t, out, "the list is empty", format)
		assert.NotContains(t, out, "by convention", format)
	}
	// With judged items in the pool the empty list missed them all: 0.
	code, out, _ := reportRun(`{"items": [], "pool": [{"id": "Z", "grade": 2}], "settings": {"idcg": "judged"}}`, "report", "-")
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, "NDCG@all = 0.0000\n")
}

// The summary line agrees in number: one failing claim out of several
// "does not hold", a single claim is "the claim".
func TestCheckSummaryGrammar(t *testing.T) {
	// Grades 1,3 and a judged item of grade 2 (pool), k=2, exp gain:
	// DCG = 1 + 7/1.585 = 5.4165; IDCG from the list 7 + 1/1.585 = 7.6309;
	// IDCG with the pool 7 + 3/1.585 = 8.8928.
	const pool = `{"items": [{"id": "A", "grade": 1}, {"id": "B", "grade": 3}], "pool": [{"id": "P", "grade": 2}], "settings": {"k": 2}}`
	code, out, _ := reportRun(pool, "check", "-", "--dcg", "5.42", "--idcg", "8.89")
	assert.Equal(t, ExitMismatch, code)
	assert.Contains(t, out, "\n1 of 2 claims does not hold.\n")
	code, out, _ = reportRun(pool, "check", "-", "--idcg", "8.89")
	assert.Equal(t, ExitMismatch, code)
	assert.Contains(t, out, "\nThe claim does not hold.\n")
	code, out, _ = reportRun(pool, "check", "-", "--dcg", "5.4", "--idcg", "8.9", "--ndcg", "0.61")
	assert.Equal(t, ExitMismatch, code)
	assert.Contains(t, out, "\n2 of 3 claims do not hold.\n")
}

// An IDCG claim computed with the judged pool is a convention, and an
// NDCG claimed as DCG over that IDCG follows it: no "slip" (5.42 / 8.89 =
// 0.6097).
func TestCheckPoolIDCGNotASlip(t *testing.T) {
	const pool = `{"items": [{"id": "A", "grade": 1}, {"id": "B", "grade": 3}], "pool": [{"id": "P", "grade": 2}], "settings": {"k": 2}}`
	_, out, _ := reportRun(pool, "check", "-", "--dcg", "5.42", "--idcg", "8.89", "--ndcg", "0.61")
	assert.Contains(t, out, "IDCG from judged (not list): 8.8928")
	assert.Contains(t, out, "0.61 is the claimed DCG ÷ the claimed IDCG (5.42 / 8.89 = 0.6097): it follows the convention IDCG@2 was computed with, IDCG from judged (not list): not a slip.")
	assert.NotContains(t, out, "slip in")

	// Claimed DCG terms are not IDCG's: no departure at a DCG term under IDCG.
	_, out, _ = execCLI("check", "--grades", "1,3", "-k", "2", "--contributions", "2,4.42", "--idcg", "9")
	idcg := out[strings.Index(out, "✗ IDCG@2"):strings.Index(out, "contribution at rank 1 (A)  claimed")]
	assert.NotContains(t, idcg, "claimed terms depart")
}

// --grades given empty is a mistake, not a request for the default
// sample; so is an empty --scores.
func TestEmptyGradesFlag(t *testing.T) {
	for _, args := range [][]string{{"--grades", ""}, {"report", "--grades", ""}, {"check", "--grades=", "--ndcg", "1"}} {
		code, _, stderr := execCLI(args...)
		assert.Equal(t, ExitBadInput, code, "%v", args)
		assert.Contains(t, stderr, "--grades is empty: give the grades in ranking order, e.g. --grades 3,2,3,0,1", "%v", args)
	}
	code, _, stderr := execCLI("report", "--grades", "3,2", "--scores", "")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, stderr, "--scores is empty")
}

// A .json file that does not exist opens as a new, empty list (here the
// explorer then stops for want of a terminal, past loading); other
// missing files are still errors, and report does not invent a list.
func TestMissingFileStartsANewList(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := execCLI(dir + "/new.json")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, stderr, "the explorer needs a terminal", "the new list loaded")
	_, err := os.Stat(dir + "/new.json")
	assert.True(t, os.IsNotExist(err), "nothing is written before a save")

	_, _, stderr = execCLI(dir + "/new.csv")
	assert.Contains(t, stderr, "to start a new list, name a .json file")
	_, _, stderr = execCLI(dir + "/no/such/dir/new.json")
	assert.Contains(t, stderr, "no such file, and no directory")
	code, _, stderr = execCLI("report", dir+"/new.json")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, stderr, "no such file or directory")
}

// A claim with a decimal comma says how to write it.
func TestCheckDecimalComma(t *testing.T) {
	code, _, stderr := execCLI("check", "--grades", "3,2", "--dcg", "12,78")
	assert.Equal(t, ExitBadInput, code)
	assert.Contains(t, stderr, `--dcg: "12,78" has a decimal comma: use a point: 12.78`)
}
