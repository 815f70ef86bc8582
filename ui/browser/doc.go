// Package browser is the query browser, the program `ndcg-explorer
// --qrels Q --run R` runs: every query of a TREC run in a list with its
// NDCG@k as trec_eval prints it, the spread over tie orders, the judged
// documents the run missed, sorted and filtered; enter opens a query in
// the explorer (ui.Model), esc comes back to the list with the query's
// edits kept.
//
// Files: browser.go (the model, opening a query), keys.go (its keys),
// list.go (the rows, their columns, sorting and filtering), draw.go (the
// screen).
package browser
