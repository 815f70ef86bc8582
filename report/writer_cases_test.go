package report

import (
	"math"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// writerSettings are the conventions the report writers' tests compute
// each list under: the whole list, a cutoff inside a tie under worst
// ties with the other zero rule, and k=1 from the judged items with
// truncated grades.
var writerSettings = []ndcg.Settings{
	{Gain: ndcg.Linear, Discount: ndcg.Log2},
	{Gain: ndcg.Linear, Discount: ndcg.JK2, K: 2, Ties: ndcg.Worst, Zero: 1},
	{Gain: ndcg.Linear, Discount: ndcg.Log2, K: 1, IDCG: ndcg.FromJudged, TruncateGrades: true},
}

// writerLists are the lists the report writers' tests write: odd, the
// items whose text the format must escape, followed by numbers at the
// edges of each number form (whole, −0, past 2^53, exponent); a long
// tied list; one without scores; one with a pool judging poolID; and
// the empty list.
func writerLists(poolID string, odd []ndcg.Item) map[string]*ndcg.List {
	numbers := []ndcg.Item{
		{ID: "plain", Grade: 700, Score: 123456789.125, HasScore: true},
		{ID: "minus zero", Grade: math.Copysign(0, -1), Score: math.Copysign(0, -1), HasScore: true},
		{ID: "whole", Grade: 1e15, Score: 999999, HasScore: true},
		{ID: "whole too", Grade: 999999999999999, Score: 1e6, HasScore: true},
		{ID: "larger", Grade: 123456789012345678, Score: -999999, HasScore: true},
		{ID: "exponent", Grade: 1e21, Score: -1e6, HasScore: true},
	}
	return map[string]*ndcg.List{
		"empty":                {},
		"odd text and numbers": {Items: append(odd, numbers...)},
		"long, tied, repeated": longTiedList(300),
		"no scores":            {Items: []ndcg.Item{{ID: "A", Grade: 3}, {ID: "B", Grade: 0}, {ID: "C", Grade: 2}}},
		"a pool":               {Items: []ndcg.Item{{ID: "A", Grade: 0}, {ID: "B", Grade: 1}}, Pool: []ndcg.Judged{{ID: poolID, Grade: 3}, {ID: "Y", Grade: 2}}},
	}
}
