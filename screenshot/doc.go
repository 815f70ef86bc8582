// Package screenshot turns a screen of ANSI-styled text, as a Bubble Tea
// view draws it, into an SVG image: the text stays text (sharp at any
// size, selectable, searchable) in its colours, bold, faint, italic,
// underline and reverse video, on a grid of monospace cells. It is how
// the explorer writes its screen to a file and how the pictures of the
// screen in the README and docs/ are made, the animated demo's frames
// included.
//
// The styled text is laid on a cell grid by ultraviolet (the screen model
// under Bubble Tea), so wide characters and every SGR form (basic, 256
// and true colour) are read the way the terminal reads them. Each run of
// cells with one style becomes one <text> whose textLength is the run's
// cells, so columns line up whatever monospace font the viewer picks.
package screenshot
