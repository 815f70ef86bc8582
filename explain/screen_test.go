package explain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// The screen lines say what Text says, wrapped to the width. Seed 002's
// example, grades 3,2,3,0,1 with linear gain and k=5: scikit-learn gives
// ndcg_score([[3,2,3,0,1]], [[5,4,3,2,1]], k=5) = 0.9723642841729145.
func TestLines(t *testing.T) {
	s := ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 5}
	w := New(compute(t, grades(t, 3, 2, 3, 0, 1), s))
	for _, width := range []int{80, 40, 24} {
		lines := w.Lines(width)
		var text []string
		kinds := map[LineKind]int{}
		for _, l := range lines {
			assert.LessOrEqual(t, len([]rune(l.Text)), width, "%q", l.Text)
			text = append(text, l.Text)
			kinds[l.Kind]++
		}
		all := strings.Join(strings.Fields(strings.Join(text, " ")), " ")
		// 2/log2(3) = 1.262, 1/log2(6) = 0.387.
		assert.Contains(t, all, "DCG@5 = 3/1.000 + 2/1.585 + 3/2.000 + 0/2.322 + 1/2.585 = 3.000 + 1.262 + 1.500 + 0.000 + 0.387 = 6.149")
		assert.Contains(t, all, "A(3) C(3) B(2) E(1) D(0)")
		assert.Equal(t, LineResult, lines[len(lines)-1].Kind)
		assert.GreaterOrEqual(t, kinds[LineHeading], 2)
		assert.GreaterOrEqual(t, kinds[LineSum], 2)
	}
	assert.Equal(t, "NDCG@5 = DCG@5 / IDCG@5 = 6.149 / 6.323 = 0.9724", w.ResultLine())
}

// A tie group of many items is summed up, not listed gain by gain, on a
// screen and in the printed working alike.
func TestLinesElideALargeTieGroup(t *testing.T) {
	n := 100
	g, sc := make([]float64, n), make([]float64, n)
	for i := range g {
		g[i], sc[i] = float64(i%2), 1
	}
	l, err := ndcg.FromGrades(g, sc)
	if err != nil {
		t.Fatal(err)
	}
	w := New(compute(t, l, ndcg.Settings{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 5}))
	lines := w.Lines(80)
	assert.Less(t, len(lines), 20)
	var all []string
	for _, l := range lines {
		all = append(all, l.Text)
	}
	// 50 ones among 100 gains: the mean is 0.5.
	want := "(0 + 1 + 0 + 1 + 0 + 1 + 0 + 1 + … + 1 + 0 + 1)/100 = 0.5"
	assert.Contains(t, strings.Join(all, " "), want)
	for _, text := range []string{w.Text(), w.Markdown()} {
		assert.Contains(t, text, want)
		assert.Less(t, len(text), 2000)
	}
}
