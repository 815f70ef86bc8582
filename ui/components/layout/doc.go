// Package layout is how every part of the screen is cut to its cells:
// block makes a part exactly w×h, so that no terminal size makes one part
// spill into another; wrap, hang and joinColumns lay text out; cellWidth
// counts terminal cells cheaply; scrollTo and rowLines are the one
// scrolling rule of every list; fixed, fmtNum, fmtShort and fit write a
// number in the cells its column has.
//
// It knows nothing of styles, keys or the explorer: every package of the
// interface may import it.
//
// Files: layout.go (blocks, wrapping, scrolling), cells.go (widths,
// padding and numbers in cells).
package layout
