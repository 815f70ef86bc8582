package learn

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWholeQuestions: a question whose answer is a k or a rank, worked
// by hand.
//
// The instructor's lesson's step 4, 3,3,1,0,2 under linear gain, ideal
// 3,3,2,1,0:
//
//	DCG@k   3, 3 + 3/log2 3 = 4.8928, + 1/2 = 5.3928, + 0 = 5.3928
//	IDCG@k  3, 4.8928,               + 2/2 = 5.8928, + 1/log2 5 = 6.3235
//	NDCG@k  1, 1, 5.3928/5.8928 = 0.9152, 5.3928/6.3235 = 0.8528
//
// so the smallest k at which NDCG@k falls below 0.9 is 4.
//
// 1,3,2 with scores 0.9,0.5,0.5 under exp gain: worst ties put the 2
// at rank 2, the 3 at rank 3; the terms are 1, 3/log2 3 = 1.8928 and
// 7/log2 4 = 3.5: rank 3 adds most. Expected ties give ranks 2 and 3
// the mean gain (3+7)/2 = 5: 5/log2 3 = 3.1546 against 5/2 = 2.5, and
// rank 2 adds most. Linear 1,0,2 has two: 1/1 = 2/log2 4.
func TestWholeQuestions(t *testing.T) {
	p, err := ReadFile(filepath.Join("..", "docs", "lessons", "ties-and-cutoffs.md"))
	require.NoError(t, err)
	st := p.Steps[3]
	require.True(t, st.Whole())
	got, err := st.Truth()
	require.NoError(t, err)
	assert.Equal(t, 4.0, got)
	assert.Equal(t, "k", st.Label())
	assert.Equal(t, 0, st.MinDecimals())

	g, right, words, refused := st.JudgeWhole("3")
	assert.Equal(t, "", refused)
	assert.Equal(t, 3, g)
	assert.False(t, right)
	// 5.3928/5.8928 to four decimals.
	assert.Equal(t, "NDCG@3 is still 0.9152, not below 0.9.", words)
	_, right, words, _ = st.JudgeWhole("5")
	assert.False(t, right)
	// 6.1665/6.3235: the 2 at rank 5 adds 2/log2 6 = 0.7737 to DCG,
	// the ideal's 0 nothing; above 0.9 again.
	assert.Equal(t, "NDCG@5 is still 0.9752, not below 0.9.", words)
	cut, err := Parse("cut.md", []byte("# C\n\n## k\nlist: 3,3,1,0,2\nsettings: gain=linear\nask: k below 0.95\nquestion: Which k?\n\nFind it.\n"))
	require.NoError(t, err)
	_, right, words, _ = cut.Steps[0].JudgeWhole("4")
	assert.False(t, right)
	assert.Equal(t, "NDCG@4 is 0.8528, below 0.95, but a smaller k is already below it.", words)
	_, right, words, _ = st.JudgeWhole(" 4 ")
	assert.True(t, right)
	assert.Equal(t, "NDCG@4 = 0.8528 is the first below 0.9.", words)
	for _, bad := range []string{"4.0", "0", "6", "four"} {
		_, _, _, refused = st.JudgeWhole(bad)
		assert.Equal(t, "type the k as a whole number from 1 to 5, e.g. 2", refused, bad)
	}

	// What gives a k away: each NDCG@i below 1, as written.
	hidden, err := st.Hidden()
	require.NoError(t, err)
	var values []float64
	for _, h := range hidden {
		values = append(values, h.Value)
	}
	assert.InDelta(t, 5.3928/5.8928, values[indexNear(values, 0.9152)], 5e-5)
	assert.GreaterOrEqual(t, indexNear(values, 0.8528), 0)

	rank := func(ties string) Step {
		p, err := Parse("rank.md", []byte("# R\n\n## most\nlist: 1,3,2\nscores: 0.9,0.5,0.5\nasked: gain=exp ties="+ties+"\nask: rank most\nquestion: Which rank adds most?\n\nFind it.\n"))
		require.NoError(t, err)
		return p.Steps[0]
	}
	worst := rank("worst")
	got, err = worst.Truth()
	require.NoError(t, err)
	assert.Equal(t, 3.0, got)
	assert.Equal(t, "rank", worst.Label())
	_, right, words, _ = worst.JudgeWhole("2")
	assert.False(t, right)
	assert.Equal(t, "rank 2 adds 1.8928; another rank adds more.", words)
	got, err = rank("expected").Truth()
	require.NoError(t, err)
	assert.Equal(t, 2.0, got)
}

// indexNear is the index of the first of xs within 5e-5 of x, or -1.
func indexNear(xs []float64, x float64) int {
	for i, v := range xs {
		if v > x-5e-5 && v < x+5e-5 {
			return i
		}
	}
	return -1
}

// TestRefusedWholeQuestions: a k or rank question with no answer, or
// written otherwise, is refused with its line, field and what to write.
func TestRefusedWholeQuestions(t *testing.T) {
	step := func(fields string) string {
		return "# A lesson\n\n## a step\n" + fields + "\nquestion: Which?\n\nFind it.\n"
	}
	for _, c := range []struct{ name, file, says string }{
		{"threshold past 1", step("list: 3,2,1\nask: k below 1.5"),
			`lesson.md:5: ask: "1.5" is not an NDCG above 0 and at most 1; write dcg, idcg, ndcg, term N (what rank N adds), k below X`},
		{"no k below", step("list: 3,2,1\nask: k below 0.9"),
			"lesson.md:3: step 1 (a step) asks for the k at which NDCG@k falls below 0.9, but it never does (its lowest is 1.0000); ask: k below X with X above 1.0000"},
		{"two ranks add most", step("list: 1,0,2\nsettings: gain=linear\nask: rank most"),
			"lesson.md:3: step 1 (a step) asks which rank adds most, but ranks 1 and 3 add the same"},
		{"not a question", step("list: 3,2,1\nask: k above 0.9"), `lesson.md:5: ask: "k above 0.9" is not a question; write dcg`},
	} {
		_, err := Parse("lesson.md", []byte(c.file))
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.says, c.name)
	}
}
