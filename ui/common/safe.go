package common

import "github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"

// Shown is a string from the data (an id, a title, a qid, a file name)
// as the screen shows it: a control character in it is written out
// (\x1b) rather than obeyed or silently dropped by the renderer, so the
// data is neither hidden nor able to move the cursor, retitle the window
// or write the clipboard. Every view passes data through it.
func Shown(s string) string { return termsafe.String(s) }
