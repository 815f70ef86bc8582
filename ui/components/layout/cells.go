package layout

import (
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Fixed prints x with dec decimals; fit shortens it for a table cell.
func Fixed(x float64, dec int) string {
	return strconv.FormatFloat(x, 'f', dec, 64)
}

// FmtShort prints x exactly when it fits in width, else rounded.
func FmtShort(x float64, width int) string {
	s := FmtNum(x)
	if len(s) <= width {
		return s
	}
	return Fit(strconv.FormatFloat(x, 'f', -1, 64), width)
}

// Fit makes a number string at most width characters: fewer decimals
// first, then exponent form, so a cell never spills into the next.
func Fit(s string, width int) string {
	if CellWidth(s) <= width {
		return s
	}
	x, err := strconv.ParseFloat(strings.TrimSuffix(s, "*"), 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return ansi.Truncate(s, width, "…")
	}
	star := strings.HasSuffix(s, "*")
	w := width
	if star {
		w--
	}
	for d := 6; d >= 0; d-- {
		if t := strconv.FormatFloat(x, 'f', d, 64); len(t) <= w {
			if star {
				t += "*"
			}
			return t
		}
	}
	for d := 3; d >= 0; d-- {
		if t := strconv.FormatFloat(x, 'e', d, 64); len(t) <= width {
			return t
		}
	}
	return strings.Repeat("#", width)
}

func PadLeft(s string, w int) string {
	if d := w - CellWidth(s); d > 0 {
		return strings.Repeat(" ", d) + s
	}
	return s
}

func PadRight(s string, w int) string {
	if d := w - CellWidth(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

func FmtNum(x float64) string { return ndcg.FormatNumber(x) }

// TruncateCells cuts s (which may carry escape codes) to width cells.
func TruncateCells(s string, width int) string {
	if CellWidth(s) <= width {
		return s
	}
	return Block(s, width, 1)
}

// Hang wraps text to width with every line indented by indent cells.
func Hang(text string, indent, width int) []string {
	pad := strings.Repeat(" ", indent)
	lines := strings.Split(Wrap(text, max(width-indent, 10)), "\n")
	for i, l := range lines {
		lines[i] = pad + l
	}
	return lines
}

// KeepEnd is s cut to w cells from its start, "…" in front when cut: a
// path keeps the end that names its file.
func KeepEnd(s string, w int) string {
	sw := ansi.StringWidth(s)
	if sw <= w {
		return s
	}
	if w <= 1 {
		return "…"
	}
	return "…" + ansi.TruncateLeft(s, sw-(w-1), "")
}
