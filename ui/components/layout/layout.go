package layout

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Block makes s exactly h lines of at most w cells: longer lines are cut,
// missing lines are blank. Every part of the screen goes through it, so
// no size of terminal can make a part spill into another.
func Block(s string, w, h int) string {
	if h <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if CellWidth(l) > w {
			lines[i] = ansi.Truncate(l, max(w, 0), "")
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// JoinColumns puts b to the right of a (a padded to aw cells), h lines.
func JoinColumns(a string, aw int, b string, bw int, h int, gap string) string {
	al := strings.Split(Block(a, aw, h), "\n")
	bl := strings.Split(Block(b, bw, h), "\n")
	out := make([]string, h)
	for i := range out {
		out[i] = PadRight(al[i], aw) + gap + bl[i]
	}
	return strings.Join(out, "\n")
}

// Wrap breaks text into lines of at most w cells.
func Wrap(text string, w int) string {
	if w <= 0 {
		return ""
	}
	return ansi.Wrap(text, w, " ")
}

// CellWidth is the cells s takes on screen. What the explorer draws is
// ASCII, SGR colour codes, box-drawing and block characters, all one
// cell wide and needing no grapheme segmentation; counting those
// directly keeps a frame cheap. Anything else goes to ansi.StringWidth.
func CellWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b && i+1 < len(s) && s[i+1] == '[':
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j + 1
			continue
		case c >= 0x20 && c < 0x7f:
			n++
			i++
			continue
		case c < 0x80:
			return ansi.StringWidth(s)
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r < 0xa0 || r >= 0x300) && (r < 0x2010 || r >= 0x2c00) {
			return ansi.StringWidth(s)
		}
		n++
		i += size
	}
	return n
}

// ScrollTo is the first row a window of rows lines shows of a list of
// n rows, from offset moved just enough to bring row cursor into view
// (no row when cursor < 0) and no further than the end allows. Every
// scrolled list goes through it: the explorer's table and charts, the
// query list, the tie groups and the ideal ranking.
func ScrollTo(offset, cursor, n, rows int) int {
	if cursor >= 0 {
		if cursor < offset {
			offset = cursor
		}
		if cursor >= offset+rows {
			offset = cursor - rows + 1
		}
	}
	return max(min(offset, n-rows), 0)
}

// RowLines lays rows offset, offset+1, … of n out on at most free
// lines, with a line for the cutoff before row cut unless that row is
// the first shown: each line's row, −1 for the cutoff's. Drawing a
// table and finding the row under a click both read it.
func RowLines(offset, n, cut, free int) []int {
	out := make([]int, 0, max(free, 0))
	for i := offset; i < n && len(out) < free; i++ {
		if i == cut && cut < n && i > offset {
			out = append(out, -1)
			if len(out) >= free {
				break
			}
		}
		out = append(out, i)
	}
	return out
}

func JoinNonEmpty(parts []string, sep string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}
