package views

import (
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/check"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/companions"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/conventions"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/curves"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/explorer"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/pool"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/quiz"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/swap"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/ties"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/view"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views/working"
)

// Registered is a view as the program knows it: the capital letter
// that opens it (F1, F2, … open them in this order too), its name for
// the title line and the help, and how it is made.
type Registered struct {
	Letter, Name string
	Make         func(*common.Common) view.View
}

// All is every view, in the order of their keys: the explorer, then
// those that take the list apart (working, ties, conventions, swap,
// curves), then those that put a person to work on it (pool,
// companions, check, quiz). A new view is a file and a line here.
//
// A view's letter is the first letter of its name that no key (or
// earlier view) has taken, as a capital: W is save as, so working is
// O; T is untie, so ties is I. Q would sit next to q (quit), one shift
// away from ending a lesson, so quiz is Z.
var All = []Registered{
	{"E", "explorer", func(c *common.Common) view.View { return explorer.New(c) }},
	{"O", "working", func(c *common.Common) view.View { return working.New(c) }},
	{"I", "ties", func(c *common.Common) view.View { return ties.New(c) }},
	{"C", "conventions", func(c *common.Common) view.View { return conventions.New(c) }},
	{"S", "swap", func(c *common.Common) view.View { return swap.New(c) }},
	{"U", "curves", func(c *common.Common) view.View { return curves.New(c) }},
	{"L", "pool", func(c *common.Common) view.View { return pool.New(c) }},
	{"M", "companions", func(c *common.Common) view.View { return companions.New(c) }},
	{"H", "check", func(c *common.Common) view.View { return check.New(c) }},
	{"Z", "quiz", func(c *common.Common) view.View { return quiz.New(c) }},
}
