package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// block makes s exactly h lines of at most w cells: longer lines are cut,
// missing lines are blank. Every part of the screen goes through it, so
// no size of terminal can make a part spill into another.
func block(s string, w, h int) string {
	if h <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if cellWidth(l) > w {
			lines[i] = ansi.Truncate(l, max(w, 0), "")
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// joinColumns puts b to the right of a (a padded to aw cells), h lines.
func joinColumns(a string, aw int, b string, bw int, h int, gap string) string {
	al := strings.Split(block(a, aw, h), "\n")
	bl := strings.Split(block(b, bw, h), "\n")
	out := make([]string, h)
	for i := range out {
		out[i] = padRight(al[i], aw) + gap + bl[i]
	}
	return strings.Join(out, "\n")
}

// wrap breaks text into lines of at most w cells.
func wrap(text string, w int) string {
	if w <= 0 {
		return ""
	}
	return ansi.Wrap(text, w, " ")
}

// width is the cells s takes. Most of what the table draws is plain
// ASCII, which needs no grapheme segmentation: this keeps a frame cheap.
func cellWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c == 0x1b || c < 0x20 {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}
