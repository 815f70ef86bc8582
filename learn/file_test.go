package learn

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// TestBuiltinIsItsFile: the built-in path is its lesson file, read back
// whole: what --export writes walks as the built-in path does.
func TestBuiltinIsItsFile(t *testing.T) {
	p, err := Parse("exported.md", Builtin())
	require.NoError(t, err)
	require.Len(t, p.Steps, len(Steps))
	for i := range Steps {
		assert.Equal(t, Steps[i].Title, p.Steps[i].Title)
		assert.Equal(t, Steps[i].Instruction, p.Steps[i].Instruction)
		a, err := Steps[i].Truth()
		require.NoError(t, err)
		b, err := p.Steps[i].Truth()
		require.NoError(t, err)
		assert.Equal(t, a, b)
	}
	assert.Equal(t, "NDCG, step by step", p.Title)
	assert.LessOrEqual(t, len(Steps), 14, "about twenty minutes")
}

// TestInstructorsLesson: the lesson in docs/lessons reads, and its
// answers are the hand arithmetic: DCG@3 of 2,3,0,1 under linear gain,
// 2 + 3/log2 3 + 0 = 3.8928; NDCG@2 of 3,[0,2],1 with worst ties, B's 0
// before C's 2: 3 / (3 + 2/log2 3) = 3/4.2619 = 0.7039; IDCG@3 of the
// judged grades 3,1,1,0 under exp gain: 7 + 1/log2 3 + 1/2 = 8.1309;
// the first k at which NDCG@k of 3,3,1,0,2 (linear gain, ideal
// 3,3,2,1,0) falls below 0.9 is 4 (TestWholeQuestions works it).
func TestInstructorsLesson(t *testing.T) {
	p, err := ReadFile(filepath.Join("..", "docs", "lessons", "ties-and-cutoffs.md"))
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, p.WriteAnswers(&b, true))
	var key struct{ Steps []Answer }
	require.NoError(t, json.Unmarshal(b.Bytes(), &key))
	want := []float64{2 + 3/l2(3), 3 / (3 + 2/l2(3)), 7 + 1/l2(3) + 1/l2(4), 4}
	require.Len(t, key.Steps, len(want))
	for i, a := range key.Steps {
		assert.Equal(t, i+1, a.Step)
		assert.InDelta(t, want[i], a.Answer, 5e-5, a.Title)
	}
	assert.Equal(t, []Key{KeyKDown, KeyKUp}, p.Steps[0].Keys)
	assert.Equal(t, "add grade × 1/log2(i+1) over ranks 1 to 3 only.", p.Steps[0].Hint)
	w, err := verify.ParseWritten(p.Steps[0].Slip)
	require.NoError(t, err)
	assert.Contains(t, p.Steps[0].Diagnose(w).Slip, p.Steps[0].SlipIs)
	d, err := p.Steps[2].Doc()
	require.NoError(t, err)
	require.Len(t, d.List.Pool, 1)
	assert.Equal(t, 3.0, d.List.Pool[0].Grade)
}

// TestAnswersText: the answer key a line a step, and as JSON the layout
// the instructor's tools read.
func TestAnswersText(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, BuiltinPath().WriteAnswers(&b, false))
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	require.Len(t, lines, Count())
	assert.Equal(t, " 1  gain and discount               rank 2's term = 1.8928", lines[0])
	assert.Equal(t, "13  checking a hand computation     IDCG@5 = 6.3235", lines[12])
	b.Reset()
	require.NoError(t, BuiltinPath().WriteAnswers(&b, true))
	assert.True(t, strings.HasPrefix(b.String(), `{"steps":[{"step":1,"title":"gain and discount","answer":1.8928},`), b.String())
}

// TestRefusedLessons: a lesson file with an error is refused with its
// line, the field and what to write instead.
func TestRefusedLessons(t *testing.T) {
	step := func(fields string) string {
		return "# A lesson\n\n## a step\n" + fields + "\n\nWhat to do.\n"
	}
	for _, c := range []struct{ name, file, says string }{
		{"missing question", step("list: 3,2,1\nask: ndcg"),
			"lesson.md:3: step 1 (a step) has no question; add a line question: What is … , to two decimals?"},
		{"unknown field", step("list: 3,2,1\nask: ndcg\nquestoin: What?"),
			`lesson.md:6: unknown field "questoin"; a step's fields are list, scores, pool, settings, asked, keys, ask, question, decimals, hint, slip`},
		{"unknown key", step("list: 3,2,1\nkeys: kdown tab\nask: ndcg\nquestion: What?"),
			`lesson.md:5: keys: unknown key "tab"; write the keys the step needs, separated by spaces, from: kdown kup ties gain idcg zero working tiesview conventions pool check back`},
		{"bad list", step("list: 3,x,1\nask: ndcg\nquestion: What?"),
			`lesson.md:4: list: number 2, "x", is not a number; write the grades in rank order`},
		{"bad list", step("list: 3,x,1\nask: ndcg\nquestion: What?"),
			"write the grades in rank order separated by commas (list: 3,2,3,0,1) or a built-in sample (list: sample:ties-at-k)"},
		{"unknown sample", step("list: sample:nope\nask: ndcg\nquestion: What?"), "lesson.md:4: list: "},
		{"no list", step("ask: ndcg\nquestion: What?"), "lesson.md:3: step 1 (a step) has no list; add a line list: 3,2,3,0,1 (or list: sample:NAME)"},
		{"negative grade", step("list: 3,-2,1\nask: ndcg\nquestion: What?"), "lesson.md:3: step 1 (a step) has a list that does not read: "},
		{"scores not one a grade", step("list: 3,2,1\nscores: 0.5,0.4\nask: ndcg\nquestion: What?"), "3 grades but 2 scores"},
		{"bad quantity", step("list: 3,2,1\nask: ndgc\nquestion: What?"),
			`lesson.md:5: ask: "ndgc" is not a quantity; write dcg, idcg, ndcg, term N (what rank N adds), k below X`},
		{"bad settings", step("list: 3,2,1\nsettings: gain=exp k=three\nask: ndcg\nquestion: What?"), "lesson.md:5: settings: k must be a whole number"},
		{"rank past the list", step("list: 3,2,1\nask: term 5\nquestion: What?"), "asks for rank 5's term of a list of 3; ask: term N with N from 1 to 3"},
		{"a key misspelt in the instruction", "# L\n\n## a step\nlist: 3,2,1\nask: ndcg\nquestion: What?\n\nPress {kdwon}.\n",
			"lesson.md:3: step 1 (a step): its instruction names the key {kdwon}, which is none; name one of kdown kup"},
		{"no step", "# Only a title\n", "lesson.md: no step: each step starts with a heading ## TITLE"},
		{"a line that is no field", step("list: 3,2,1\nthe gain is exp"), `lesson.md:5: "the gain is exp"; a step's fields are`},
	} {
		_, err := Parse("lesson.md", []byte(c.file))
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.says, c.name)
	}
	_, err := ReadFile(filepath.Join(t.TempDir(), "none.md"))
	assert.ErrorContains(t, err, "ndcg-explorer learn --export > lesson.md writes one to start from")
}

// TestExportedLessonEdited: the exported path, edited (a step's list
// and question changed), reads as the instructor wrote it.
func TestExportedLessonEdited(t *testing.T) {
	text := strings.Replace(string(Builtin()), "list: sample:idcg-slip\nsettings: gain=exp k=5\nask: term 2", "list: 1,1\nsettings: gain=linear k=2\nask: term 2", 1)
	path := filepath.Join(t.TempDir(), "lesson.md")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	p, err := ReadFile(path)
	require.NoError(t, err)
	got, err := p.Steps[0].Truth()
	require.NoError(t, err)
	assert.InDelta(t, 1/l2(3), got, 1e-12, "grade 1 at rank 2, linear")
}
