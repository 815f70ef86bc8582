package learn

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// TestPathMistakesNamed: the mistakes of the catalogue a learner makes on
// the path are named by the lesson as check names them. Step 3 and 4's
// list is 3,2,3,0,1 under exp gain at k=5: DCG@5 = 7 + 3/log2 3 + 7/2 +
// 0 + 1/log2 6 = 12.7796, IDCG@5 = 7 + 7/log2 3 + 3/2 + 1/log2 5 =
// 13.3472. Step 6's, 4,2,5,3,5 under linear gain at k=3, with 1/log2(i)
// and rank 1 left out: (2 + 5/log2 3)/(5 + 4/log2 3) = 5.1546/7.5237 =
// 0.6851. Step 8's DCG@3 under worst ties is 7 + 1/log2 3 + 0 = 7.6309;
// step 9's DCG@5 under linear gain is 1 + 1/log2 3 + 1/2 + 1/log2 5 +
// 3/log2 6 = 3.7222; step 13's DCG@5, 3 + 2/log2 3 + 3/2 + 0 + 1/log2 6
// = 6.1487, is its
// IDCG with the ideal left in the list's order. Step 2's DCG@3 given
// as its IDCG@3, 7 + 7/log2 3 + 3/2 = 12.9165 (on screen in the ideal
// column), is IDCG for DCG; 1.00 for step 4's NDCG is the ideal left
// unsorted, IDCG = DCG.
func TestPathMistakesNamed(t *testing.T) {
	for _, c := range []struct {
		step       int
		answer     string
		id         verify.MistakeID
		impossible bool
	}{
		{2, "12.92", verify.IDCGForDCG, false},
		{3, "12.78", verify.IdealUnsorted, false},
		{4, "1.00", verify.IdealUnsorted, false},
		{4, "1.04", verify.RatioInverted, true},
		{4, "12.78", verify.DCGForNDCG, true},
		{4, "96", verify.Percent, true},
		{6, "0.69", verify.DiscountRank1Left, false},
		{8, "7.63", verify.DCGForNDCG, true},
		{9, "3.72", verify.DCGForNDCG, true},
		{13, "6.1487", verify.IdealUnsorted, false},
	} {
		w, err := verify.ParseWritten(c.answer)
		require.NoError(t, err)
		d := Steps[c.step-1].Diagnose(w)
		require.NotEmpty(t, d.Mistakes, "step %d, %s", c.step, c.answer)
		assert.Equal(t, c.id, d.Mistakes[0], "step %d, %s", c.step, c.answer)
		assert.Equal(t, verify.Lookup(c.id).Did, d.Slip[len("you "):], "step %d, %s: the catalogue's words", c.step, c.answer)
		assert.Equal(t, c.impossible, d.Impossible != "", "step %d, %s", c.step, c.answer)
	}
}
