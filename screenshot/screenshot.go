package screenshot

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/internal/xmltext"
)

// Theme is the terminal's default text and background colours, used
// where the screen sets none.
type Theme struct {
	Foreground, Background color.Color
}

// Dark and Light are common terminal defaults.
var (
	Dark  = Theme{Foreground: color.RGBA{0xd0, 0xd0, 0xd0, 0xff}, Background: color.RGBA{0x1c, 0x1c, 0x1c, 0xff}}
	Light = Theme{Foreground: color.RGBA{0x1c, 0x1c, 0x1c, 0xff}, Background: color.RGBA{0xfa, 0xfa, 0xfa, 0xff}}
)

// Options shape the image.
type Options struct {
	// Width and Height are the screen's size in cells; 0 means the size
	// of the text (its widest line, its number of lines).
	Width, Height int
	Theme         Theme
	// Title names the image for screen readers and viewers.
	Title string
}

// The cell grid, in SVG user units: a 14px monospace font advances about
// 0.6 em, and lines are 1.2 em apart.
const (
	fontSize = 14.0
	cellW    = 8.4
	cellH    = 17.0
	padding  = 12.0
	baseline = 13.0 // from the top of a cell to the text's baseline
	fonts    = "DejaVu Sans Mono, Menlo, Consolas, monospace"
)

// SVG draws screen (lines of text with ANSI escape sequences) as an SVG
// document.
func SVG(screen string, o Options) string {
	lines := strings.Split(strings.TrimSuffix(screen, "\n"), "\n")
	w, h := o.Width, o.Height
	if w <= 0 {
		for _, l := range lines {
			w = max(w, ansi.StringWidth(l))
		}
	}
	if h <= 0 {
		h = len(lines)
	}
	theme := o.Theme
	if theme.Foreground == nil || theme.Background == nil {
		theme = Dark
	}
	buf := uv.NewScreenBuffer(max(w, 1), max(h, 1))
	buf.Method = ansi.GraphemeWidth
	uv.NewStyledString(strings.Join(lines, "\n")).Draw(buf, buf.Bounds())

	pw, ph := 2*padding+float64(w)*cellW, 2*padding+float64(h)*cellH
	var b strings.Builder
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %s %s\" width=\"%s\" height=\"%s\" font-family=\"%s\" font-size=\"%s\" xml:space=\"preserve\" role=\"img\">\n",
		f(pw), f(ph), f(pw), f(ph), fonts, f(fontSize))
	if o.Title != "" {
		fmt.Fprintf(&b, "<title>%s</title>\n", esc(o.Title))
	}
	fmt.Fprintf(&b, "<rect width=\"%s\" height=\"%s\" rx=\"6\" fill=\"%s\"/>\n", f(pw), f(ph), hex(theme.Background))
	var text strings.Builder
	for y := 0; y < h; y++ {
		x := 0
		for x < w {
			c := buf.CellAt(x, y)
			if c == nil {
				break
			}
			// A run: cells of one style.
			start, style := x, c.Style
			var run strings.Builder
			for x < w {
				c = buf.CellAt(x, y)
				if c == nil || !c.Style.Equal(&style) {
					break
				}
				run.WriteString(c.Content)
				// A wide character's second cell is skipped with it.
				x += max(c.Width, 1)
			}
			drawRun(&b, &text, start, x, y, run.String(), style, theme)
		}
	}
	b.WriteString(text.String())
	b.WriteString("</svg>\n")
	return b.String()
}

// drawRun writes the background of cells [from, to) of row y to bg and
// their text to fg, so that all text draws over all backgrounds.
func drawRun(bg, fg *strings.Builder, from, to, y int, s string, st uv.Style, theme Theme) {
	fgc, bgc := st.Fg, st.Bg
	if fgc == nil {
		fgc = theme.Foreground
	}
	if st.Attrs&uv.AttrReverse != 0 {
		fgc, bgc = orDefault(bgc, theme.Background), fgc
	}
	x0, y0 := padding+float64(from)*cellW, padding+float64(y)*cellH
	if bgc != nil {
		fmt.Fprintf(bg, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"/>\n",
			f(x0), f(y0), f(float64(to-from)*cellW), f(cellH), hex(bgc))
	}
	if strings.TrimSpace(s) == "" && st.Underline == uv.UnderlineNone {
		return
	}
	// Trailing blanks need no glyphs; leading ones keep their place
	// through x.
	trimmed := strings.TrimLeft(s, " ")
	lead := len(s) - len(trimmed)
	trimmed = strings.TrimRight(trimmed, " ")
	cells := ansi.StringWidth(trimmed)
	var attrs strings.Builder
	if st.Attrs&uv.AttrBold != 0 {
		attrs.WriteString(` font-weight="bold"`)
	}
	if st.Attrs&uv.AttrItalic != 0 {
		attrs.WriteString(` font-style="italic"`)
	}
	if st.Attrs&uv.AttrFaint != 0 {
		attrs.WriteString(` opacity="0.6"`)
	}
	if st.Underline != uv.UnderlineNone {
		attrs.WriteString(` text-decoration="underline"`)
	}
	if st.Attrs&uv.AttrStrikethrough != 0 {
		attrs.WriteString(` text-decoration="line-through"`)
	}
	fmt.Fprintf(fg, "<text x=\"%s\" y=\"%s\" fill=\"%s\" textLength=\"%s\" lengthAdjust=\"spacingAndGlyphs\"%s>%s</text>\n",
		f(x0+float64(lead)*cellW), f(y0+baseline), hex(fgc), f(float64(cells)*cellW), attrs.String(), esc(trimmed))
}

func orDefault(c, d color.Color) color.Color {
	if c == nil {
		return d
	}
	return c
}

// hex writes a colour as #rrggbb (basic and 256 colours as xterm's
// defaults).
func hex(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

// f writes a coordinate with at most two decimals, so output is stable.
func f(x float64) string {
	return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
}

func esc(s string) string {
	return xmltext.Escape(s)
}
