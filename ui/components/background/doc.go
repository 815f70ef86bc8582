// Package background runs a view's heavier computations off the update
// loop on a long list (Needed: from From items), in a tea.Cmd, while a
// spinner turns and every key keeps working. A Job counts the changes of
// what its view works from; a result (Done) made stale by an edit
// meanwhile is dropped when it arrives.
//
// Files: background.go.
package background
