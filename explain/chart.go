package explain

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Bar is one labelled value of a chart.
type Bar struct {
	Label string
	Value float64
	// Gap puts a blank line before the bar, to group bars.
	Gap bool
}

// Chart is a horizontal bar chart with one scale for all its bars, so
// that bars can be compared by length; every value is also printed.
type Chart struct {
	Title string
	Bars  []Bar
	// Scale is the value a full-width bar stands for; 0 means the
	// largest value in the chart.
	Scale float64
	// Width is the length of a full bar in characters (default 40).
	Width int
	// Note is printed under the chart.
	Note string
}

// Text draws the chart with '#' bars.
func (c Chart) Text() string {
	width := c.Width
	if width <= 0 {
		width = 40
	}
	scale := c.Scale
	if scale <= 0 {
		for _, b := range c.Bars {
			scale = max(scale, b.Value)
		}
	}
	labelW := 0
	for _, b := range c.Bars {
		labelW = max(labelW, len([]rune(b.Label)))
	}
	var out strings.Builder
	out.WriteString(c.Title + "\n")
	if len(c.Bars) == 0 {
		out.WriteString("(no ranks: the list is empty)\n")
	}
	for _, b := range c.Bars {
		if b.Gap {
			out.WriteString("\n")
		}
		n := 0
		if scale > 0 && b.Value > 0 {
			n = int(b.Value/scale*float64(width) + 0.5)
			n = min(n, width)
		}
		pad := strings.Repeat(" ", labelW-len([]rune(b.Label)))
		fmt.Fprintf(&out, "%s%s |%s%s %s\n", b.Label, pad, strings.Repeat("#", n), strings.Repeat(" ", width-n), Num(b.Value))
	}
	if c.Note != "" {
		out.WriteString(c.Note + "\n")
	}
	return out.String()
}

// Markdown wraps the chart in a fenced block, ready for a slide.
func (c Chart) Markdown() string {
	return "```text\n" + c.Text() + "```\n"
}

// maxChartRanks bounds the rows of the per-rank charts of long lists.
const maxChartRanks = 25

// ContributionsAt are the terms at 0-based rank i: the list's term of
// DCG (gain × discount, the gain being the tie group's mean under
// expected ties) and the ideal ranking's term of IDCG, each 0 past its
// ranking's end; k is not applied. ContributionChart and the explorer's
// chart both draw them.
func ContributionsAt(r *ndcg.Result, i int) (actual, ideal float64) {
	if i < r.N {
		g := r.Gains[i]
		if r.Settings.Ties == ndcg.Expected {
			g = r.ExpectedGains[i]
		}
		actual = g * r.Discounts[i]
	}
	if i < len(r.IdealGains) {
		ideal = r.IdealGains[i] * r.Discounts[i]
	}
	return actual, ideal
}

// ContributionChart draws each rank's contribution to DCG beside the
// ideal ranking's contribution at that rank, for the ranks that count.
func ContributionChart(r *ndcg.Result) Chart {
	k := r.Settings.KString()
	c := Chart{Title: fmt.Sprintf("Contribution per rank, actual vs ideal (DCG@%s vs IDCG@%s)", k, k)}
	n := max(r.K, r.IdealK)
	shown := min(n, maxChartRanks)
	w := len(strconv.Itoa(shown))
	for i := 0; i < shown; i++ {
		actual, ideal := ContributionsAt(r, i)
		if i >= r.K {
			actual = 0
		}
		if i >= r.IdealK {
			ideal = 0
		}
		c.Bars = append(c.Bars,
			Bar{Label: fmt.Sprintf("%*d actual", w, i+1), Value: actual, Gap: i > 0},
			Bar{Label: fmt.Sprintf("%*s ideal", w, ""), Value: ideal})
	}
	if shown < n {
		c.Note = fmt.Sprintf("(ranks %d–%d not shown)", shown+1, n)
	}
	return c
}

// NDCGByKChart draws NDCG@k for every cutoff k, on the scale 0 to 1.
func NDCGByKChart(r *ndcg.Result) Chart {
	c := Chart{Title: fmt.Sprintf("NDCG@k for every k (ties %s)", r.Settings.Ties), Scale: 1}
	n := r.Ranks()
	shown := min(n, maxChartRanks)
	w := len(strconv.Itoa(shown))
	for k := 1; k <= shown; k++ {
		label := fmt.Sprintf("k=%*d", w, k)
		// k past the end of both rankings reads as their length.
		if r.Settings.K != 0 && k == min(r.Settings.K, n) {
			label += " <"
		} else {
			label += "  "
		}
		c.Bars = append(c.Bars, Bar{Label: label, Value: r.NDCGAt(r.Settings.Ties, k)})
	}
	if shown < n {
		c.Note = fmt.Sprintf("(k=%d–%d not shown)", shown+1, n)
	}
	if r.Settings.K != 0 {
		c.Note = strings.TrimSpace(c.Note + " < marks the k in force")
	}
	return c
}

// TieChart draws NDCG@k under the worst, expected, input and best orders
// of the tie groups: how much of the score is tie luck. ok is false when
// the list has no ties.
func TieChart(r *ndcg.Result) (c Chart, ok bool) {
	if len(r.Ties) == 0 {
		return Chart{}, false
	}
	k := r.Settings.K
	b := r.NDCGBand(k)
	c = Chart{
		Title: fmt.Sprintf("NDCG@%s over the orders of the tie groups", r.Settings.KString()),
		Scale: 1,
		Bars: []Bar{
			{Label: "worst", Value: b.Worst},
			{Label: "expected", Value: b.Expected},
			{Label: "input order", Value: b.Input},
			{Label: "best", Value: b.Best},
		},
		Note: fmt.Sprintf("spread (best − worst) %s", Num(b.Spread())),
	}
	return c, true
}
