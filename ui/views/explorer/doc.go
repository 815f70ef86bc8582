// Package explorer is the explorer view (F1), the main one: the ranked
// list with its per-rank table, the summary and the bar charts, the
// cursor and the in-place editor of a score or a title; the list itself
// lives in the shared workspace (Common.WS). The projector mode (R)
// draws fewer columns, the headline numbers large and wide bars; the
// notes (n) show what a sample teaches.
//
// Files: explorer.go (the model, its layout and keys), draw.go (the
// table, the summary and the side panel), charts.go (the bar charts),
// aids.go (the notes, the projector mode, the lines that say what a
// table or chart hides, the cursor that follows its item).
package explorer
