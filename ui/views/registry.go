package views

import (
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/arithmetic"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/compare"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/order"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/practice"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
)

// Registered is a view as the program knows it (F1, F2, … and the view
// menu's digits open them in this order): its name for the title line
// and the help, what it is for, and how it is made.
type Registered struct {
	Name string
	// Purpose is what the view is for, in a line a learner can read
	// (the view menu, v).
	Purpose string
	Make    func(*common.Common) view.View
}

// All is every view, in the order of their keys: the explorer, then
// those that take the list apart (working, ties, conventions, swap,
// curves), then those that put a person to work on it (pool,
// companions, check, quiz). A new view is a type in the package of the
// views it teaches with, and a line here.
//
// The view menu (v), F1…F10 and tab reach every view, and no letter: a
// letter's other case would have to do nothing, the same or its
// reverse, and none did. E, O, C, S and U were one Shift away from e
// (title), o (open), c (duplicate), s (score) and u (undo), M from m
// (the swap view's best swap), I, Z, L and H from i (the IDCG source),
// z (the IDCG=0 rule), l and h (across the swap map). F4 opens the
// conventions view on the preset in force (KeyMap.Preset).
var All = []Registered{
	{"explorer", "the ranked list: grades, gains, discounts, DCG, IDCG and NDCG",
		func(c *common.Common) view.View { return explorer.New(c) }},
	{"working", "every number written out as a sum, as by hand",
		func(c *common.Common) view.View { return arithmetic.NewWorking(c) }},
	{"ties", "what the order of tied items does to NDCG (worst, expected, best)",
		func(c *common.Common) view.View { return order.NewTies(c) }},
	{"conventions", "the same list under each library's conventions, side by side",
		func(c *common.Common) view.View { return compare.NewConventions(c) }},
	{"swap", "how much swapping two ranks changes NDCG: the weights learning to rank trains on",
		func(c *common.Common) view.View { return order.NewSwap(c) }},
	{"curves", "the discount per rank and the gain per grade as charts: what NDCG is built from",
		func(c *common.Common) view.View { return arithmetic.NewCurves(c) }},
	{"pool", "relevant items the ranking missed, and what they do to IDCG",
		func(c *common.Common) view.View { return arithmetic.NewPool(c) }},
	{"companions", "precision, reciprocal rank and average precision beside NDCG",
		func(c *common.Common) view.View { return compare.NewCompanions(c) }},
	{"check", "check a DCG, IDCG or NDCG you worked out by hand",
		func(c *common.Common) view.View { return practice.NewCheck(c) }},
	{"quiz", "work out NDCG yourself and see where a wrong answer went wrong",
		func(c *common.Common) view.View { return practice.NewQuiz(c) }},
}
