package picture

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/internal/xmltext"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Heading titles every picture: the list's title and the conventions in
// force, so that a chart pasted into a slide still says what it measures.
type Heading struct {
	Title       string
	Conventions string
}

// Charts are the charts a picture of the result shows: contribution per
// rank, NDCG@k for every k, and with ties the band of tie orders and the
// distribution over the arrangements.
func Charts(r *ndcg.Result) []explain.Chart {
	out := []explain.Chart{explain.ContributionChart(r), explain.NDCGByKChart(r)}
	if c, ok := explain.TieChart(r); ok {
		out = append(out, c)
	}
	if c, ok := explain.DistributionChart(r, maxHistogramBars); ok {
		out = append(out, c)
	}
	return out
}

// maxHistogramBars bounds the distribution chart: past it, values are
// binned.
const maxHistogramBars = 20

// Layout, in SVG user units (pixels at 100%). Text widths are estimated
// from the character count, which is enough to keep labels clear of bars
// at these sizes with a sans-serif font.
const (
	width      = 760.0
	margin     = 16.0
	barHeight  = 16.0
	rowStep    = 20.0
	gapStep    = 8.0
	valueRoom  = 150.0 // value text and the "◂ k in force" mark right of a bar
	labelChar  = 7.2   // width of a character of a 12px label
	smallChar  = 6.0   // width of a character of 11px text
	titleChar  = 11.5  // width of a bold character of the 18px title
	titleSize  = 18.0
	chartTitle = 14.0
)

// Okabe–Ito colours, told apart by people with any common colour-vision
// deficiency; every series also differs by pattern or by its label.
const (
	colActual  = "#0072B2" // blue
	colIdeal   = "#E69F00" // orange, hatched
	colNDCG    = "#009E73" // bluish green
	colBand    = "#56B4E9" // sky blue
	colDist    = "#CC79A7" // reddish purple
	colMarked  = "#D55E00" // vermillion, outlined and labelled
	colText    = "#000000"
	colAxis    = "#333333"
	colGrid    = "#BBBBBB"
	fontFamily = "DejaVu Sans, Verdana, Arial, sans-serif"
)

// SVG draws the heading and the charts stacked in one SVG document.
func SVG(h Heading, charts []explain.Chart) string {
	var body strings.Builder
	y := margin
	y = writeHeading(&body, h, y)
	for i, c := range charts {
		y += 12
		fmt.Fprintf(&body, "<g class=\"chart\" id=\"chart-%d\" transform=\"translate(0 %s)\">\n", i+1, f(y))
		y += writeChart(&body, c, "p")
		body.WriteString("</g>\n")
	}
	y += margin
	return document(h.Title, y, "p", body.String())
}

// ChartSVG draws one chart as a standalone SVG document, without the
// heading; idPrefix keeps its pattern ids apart from those of other
// pictures on the same page.
func ChartSVG(c explain.Chart, idPrefix string) string {
	var body strings.Builder
	body.WriteString("<g class=\"chart\">\n")
	y := margin + writeChart(&body, c, idPrefix) + margin
	body.WriteString("</g>\n")
	return document(c.Title, y, idPrefix, body.String())
}

// document wraps a drawing in the svg element, with the hatch pattern the
// ideal bars use and a title for screen readers.
func document(title string, height float64, idPrefix, body string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %s %s\" width=\"%s\" height=\"%s\" font-family=\"%s\" role=\"img\">\n",
		f(width), f(height), f(width), f(height), fontFamily)
	fmt.Fprintf(&b, "<title>%s</title>\n", esc(title))
	fmt.Fprintf(&b, "<defs><pattern id=\"%s-hatch\" patternUnits=\"userSpaceOnUse\" width=\"6\" height=\"6\" patternTransform=\"rotate(45)\">"+
		"<rect width=\"6\" height=\"6\" fill=\"#FFFFFF\"/><rect width=\"3\" height=\"6\" fill=\"%s\"/></pattern></defs>\n", idPrefix, colIdeal)
	fmt.Fprintf(&b, "<rect width=\"%s\" height=\"%s\" fill=\"#FFFFFF\"/>\n", f(width), f(height))
	b.WriteString(body)
	b.WriteString("</svg>\n")
	return b.String()
}

// writeHeading writes the list's title and the conventions, wrapped, and
// returns the y below them.
func writeHeading(b *strings.Builder, h Heading, y float64) float64 {
	for _, line := range wrap(h.Title, " ", int(math.Floor((width-2*margin)/titleChar))) {
		y += titleSize + 4
		fmt.Fprintf(b, "<text class=\"heading\" x=\"%s\" y=\"%s\" font-size=\"%s\" font-weight=\"bold\" fill=\"%s\">%s</text>\n",
			f(margin), f(y), f(titleSize), colText, esc(line))
	}
	for _, line := range wrap("conventions: "+h.Conventions, ", ", int(math.Floor((width-2*margin)/smallChar))) {
		y += 15
		fmt.Fprintf(b, "<text class=\"conventions\" x=\"%s\" y=\"%s\" font-size=\"11\" fill=\"%s\">%s</text>\n",
			f(margin), f(y), colAxis, esc(line))
	}
	return y + 4
}

// wrap breaks text after each sep (a space, or a comma between
// conventions) so that no line is longer than n characters when that can
// be helped.
func wrap(text, sep string, n int) []string {
	var lines []string
	line := ""
	for _, part := range strings.SplitAfter(text, sep) {
		if line != "" && len([]rune(line+part)) > n {
			lines = append(lines, strings.TrimSpace(line))
			line = ""
		}
		line += part
	}
	if line != "" {
		lines = append(lines, strings.TrimSpace(line))
	}
	return lines
}

// barLabel is what a picture writes left of a bar: its category and the
// series ("3 actual", "ideal", "k=5").
func barLabel(b explain.Bar) string {
	label := strings.TrimSpace(b.Key + " " + b.Series)
	if label == "" {
		label = strings.TrimSpace(b.Label)
	}
	return label
}

// writeChart draws one chart from y=0 down and returns its height.
func writeChart(b *strings.Builder, c explain.Chart, idPrefix string) float64 {
	labelW := 0
	for _, bar := range c.Bars {
		labelW = max(labelW, len([]rune(barLabel(bar))))
	}
	labelW = max(labelW, len([]rune(c.Category)))
	x0 := margin + float64(labelW)*labelChar + 10
	plotW := width - margin - valueRoom - x0
	top, hi := axisMax(c)
	ticks := tickValues(top)

	y := chartTitle
	fmt.Fprintf(b, "<text class=\"chart-title\" x=\"%s\" y=\"%s\" font-size=\"%s\" font-weight=\"bold\" fill=\"%s\">%s</text>\n",
		f(margin), f(y), f(chartTitle), colText, esc(c.Title))
	y += 8
	if legend := legendOf(c); legend != nil {
		y += 14
		b.WriteString(legend(y, idPrefix))
	}
	if c.Category != "" {
		y += 16
		fmt.Fprintf(b, "<text class=\"category\" x=\"%s\" y=\"%s\" font-size=\"11\" font-style=\"italic\" text-anchor=\"end\" fill=\"%s\">%s</text>\n",
			f(x0-6), f(y), colAxis, esc(c.Category))
	}
	y += 6
	plotTop := y
	if len(c.Bars) == 0 {
		y += rowStep
		fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\" font-size=\"12\" fill=\"%s\">(no ranks: the list is empty)</text>\n", f(x0), f(y-5), colText)
	}
	var bars strings.Builder
	for _, bar := range c.Bars {
		if bar.Gap {
			y += gapStep
		}
		w := 0.0
		if top > 0 && bar.Value > 0 {
			w = math.Min(bar.Value, hi) / top * plotW
		}
		fill, stroke := barStyle(c, bar, idPrefix)
		fmt.Fprintf(&bars, "<g class=\"bar\"><text class=\"label\" x=\"%s\" y=\"%s\" font-size=\"12\" text-anchor=\"end\" fill=\"%s\">%s</text>",
			f(x0-6), f(y+barHeight-4), colText, esc(barLabel(bar)))
		fmt.Fprintf(&bars, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"%s/>",
			f(x0), f(y), f(w), f(barHeight), fill, stroke)
		weight := ""
		mark := ""
		if bar.Marked {
			weight = " font-weight=\"bold\""
			mark = markText(c)
		}
		fmt.Fprintf(&bars, "<text class=\"value\" x=\"%s\" y=\"%s\" font-size=\"12\"%s fill=\"%s\">%s</text>",
			f(x0+w+5), f(y+barHeight-4), weight, colText, esc(explain.Num(bar.Value)))
		if mark != "" {
			fmt.Fprintf(&bars, "<text class=\"mark\" x=\"%s\" y=\"%s\" font-size=\"11\" fill=\"%s\">%s</text>",
				f(x0+w+5+float64(len(explain.Num(bar.Value)))*labelChar+10), f(y+barHeight-4), colText, esc(mark))
		}
		bars.WriteString("</g>\n")
		y += rowStep
	}
	plotBottom := y
	// Grid lines first, so the bars draw over them.
	for _, t := range ticks {
		x := x0 + t/top*plotW
		fmt.Fprintf(b, "<line class=\"grid\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-width=\"0.5\" stroke-dasharray=\"2 3\"/>\n",
			f(x), f(plotTop), f(x), f(plotBottom), colGrid)
	}
	b.WriteString(bars.String())
	fmt.Fprintf(b, "<line class=\"axis\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\"/>\n", f(x0), f(plotTop), f(x0), f(plotBottom), colAxis)
	fmt.Fprintf(b, "<line class=\"axis\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\"/>\n", f(x0), f(plotBottom), f(x0+plotW), f(plotBottom), colAxis)
	for _, t := range ticks {
		x := x0 + t/top*plotW
		fmt.Fprintf(b, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\"/>", f(x), f(plotBottom), f(x), f(plotBottom+4), colAxis)
		fmt.Fprintf(b, "<text class=\"tick\" x=\"%s\" y=\"%s\" font-size=\"11\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n",
			f(x), f(plotBottom+16), colAxis, tickText(t))
	}
	y = plotBottom + 32
	if c.Axis != "" {
		fmt.Fprintf(b, "<text class=\"axis-title\" x=\"%s\" y=\"%s\" font-size=\"12\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n",
			f(x0+plotW/2), f(y), colText, esc(c.Axis))
	}
	if c.Note != "" {
		note := strings.TrimSpace(strings.ReplaceAll(c.Note, explain.KMarkNote, ""))
		if note != "" {
			y += 16
			fmt.Fprintf(b, "<text class=\"note\" x=\"%s\" y=\"%s\" font-size=\"11\" font-style=\"italic\" fill=\"%s\">%s</text>\n",
				f(margin), f(y), colAxis, esc(note))
		}
	}
	return y + 4
}

// axisMax is the value at the right end of the axis (the chart's scale,
// or a round number above its largest value) and the largest value a bar
// may show (longer bars are clipped to the axis, as the text chart does).
func axisMax(c explain.Chart) (top, hi float64) {
	if c.Scale > 0 {
		return c.Scale, c.Scale
	}
	m := 0.0
	for _, bar := range c.Bars {
		m = math.Max(m, bar.Value)
	}
	if m <= 0 {
		return 1, 1
	}
	step := niceStep(m)
	return math.Ceil(m/step-1e-9) * step, m
}

// niceStep is a round tick step (1, 2, 2.5 or 5 times a power of ten)
// giving four to eight ticks up to m.
func niceStep(m float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(m)))
	for _, s := range []float64{0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10} {
		if m/(s*p) <= 6 {
			return s * p
		}
	}
	return 10 * p
}

// tickValues are the ticks from 0 to top.
func tickValues(top float64) []float64 {
	step := niceStep(top)
	if top == 1 {
		step = 0.25
	}
	var ticks []float64
	for i := 0; ; i++ {
		t := float64(i) * step
		if t > top*(1+1e-9) {
			break
		}
		ticks = append(ticks, t)
	}
	return ticks
}

func tickText(t float64) string {
	return strconv.FormatFloat(math.Round(t*1e6)/1e6, 'f', -1, 64)
}

// barStyle gives a bar's fill and extra attributes: hatched for the
// ideal series, outlined when marked.
func barStyle(c explain.Chart, bar explain.Bar, idPrefix string) (fill, extra string) {
	fill = colNDCG
	switch {
	case bar.Series == "actual":
		fill = colActual
	case bar.Series == "ideal":
		fill = "url(#" + idPrefix + "-hatch)"
		extra = " stroke=\"" + colIdeal + "\" stroke-width=\"1\""
	case c.Category == explain.CategoryTieOrder:
		fill = colBand
	case c.Axis == explain.AxisProbability:
		fill = colDist
	}
	if bar.Marked {
		fill = colMarked
		extra = " stroke=\"#000000\" stroke-width=\"2\""
	}
	return fill, extra
}

// markText says in words why a bar is outlined.
func markText(c explain.Chart) string {
	if c.Category == explain.CategoryTieOrder {
		return "◂ the tie policy in force"
	}
	return "◂ the k in force"
}

// legendOf returns a legend drawer for charts with two series.
func legendOf(c explain.Chart) func(y float64, idPrefix string) string {
	for _, bar := range c.Bars {
		if bar.Series == "ideal" {
			return func(y float64, idPrefix string) string {
				return fmt.Sprintf("<g class=\"legend\">"+
					"<rect x=\"%s\" y=\"%s\" width=\"14\" height=\"10\" fill=\"%s\"/>"+
					"<text x=\"%s\" y=\"%s\" font-size=\"11\" fill=\"%s\">actual ranking (solid)</text>"+
					"<rect x=\"%s\" y=\"%s\" width=\"14\" height=\"10\" fill=\"url(#%s-hatch)\" stroke=\"%s\"/>"+
					"<text x=\"%s\" y=\"%s\" font-size=\"11\" fill=\"%s\">ideal ranking (hatched)</text></g>\n",
					f(margin), f(y-9), colActual, f(margin+20), f(y), colText,
					f(margin+180), f(y-9), idPrefix, colIdeal, f(margin+200), f(y), colText)
			}
		}
	}
	return nil
}

// f writes a coordinate with at most two decimals, so output is stable.
func f(x float64) string {
	return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
}

// esc escapes text for XML character data and attributes. Titles and
// ids come from files: control characters and bidirectional overrides
// are shown as visible escapes (termsafe), as on a terminal, since XML
// cannot hold the one and a viewer would obey the other.
func esc(s string) string {
	return xmltext.Escape(termsafe.String(s))
}
