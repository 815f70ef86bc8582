package common

import (
	"math"
	"strings"
)

// Bar draws v on a scale where full is width cells. Bars are exact to an
// eighth of a cell in Unicode and to a cell in ASCII (#); negative values
// (possible with a gain map) draw nothing and rely on the printed value.
// The result is always exactly width cells wide.
func (g Glyphs) Bar(v, full float64, width int) string {
	if width <= 0 {
		return ""
	}
	if !(full > 0) || !(v > 0) || math.IsInf(v, 0) {
		return strings.Repeat(" ", width)
	}
	cells := math.Min(v/full, 1) * float64(width)
	if g.ASCII {
		n := int(math.Round(cells))
		if n == 0 {
			n = 1 // a positive value is never invisible
		}
		n = min(n, width)
		return strings.Repeat(g.Block, n) + strings.Repeat(" ", width-n)
	}
	e := int(math.Round(cells * 8))
	if e == 0 {
		e = 1
	}
	whole, part := e/8, e%8
	if whole >= width {
		return strings.Repeat(g.Block, width)
	}
	s := strings.Repeat(g.Block, whole) + eighths[part]
	used := whole
	if part > 0 {
		used++
	}
	return s + strings.Repeat(" ", width-used)
}

// eighths are the partial blocks of a Unicode bar, from one eighth of a
// cell to a full cell.
var eighths = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}
