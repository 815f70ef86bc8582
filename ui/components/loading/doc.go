// Package loading is the small program the terminal runs while a long
// run is read before the query browser opens: what is being read, a
// spinner and the count of lines so far (GroupDigits), and ctrl+c to
// stop (ErrInterrupted).
//
// Files: loading.go.
package loading
