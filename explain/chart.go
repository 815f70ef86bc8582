package explain

import (
	"fmt"
	"math"
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
	// Key is the bar's category without the text layout's padding and
	// marks ("3", "k=5", "worst"); empty on the second bar of a pair.
	// Pictures label bars with it.
	Key string
	// Series tells apart the bars that share a category ("actual",
	// "ideal"), so that a picture can pattern them, not only colour them.
	Series string
	// Marked singles the bar out (the k in force); Label already shows
	// it to the text layout.
	Marked bool
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
	// Axis says what the values measure, for a picture's value axis.
	Axis string
	// Category says what the bars stand for, for a picture's other axis.
	Category string
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

// Words the charts use that a picture tells them apart by.
const (
	// KMarkNote explains the text layout's "<" mark; a picture marks the
	// bar in words of its own and drops the note.
	KMarkNote = "< marks the k in force"
	// CategoryTieOrder is the category of TieChart's bars.
	CategoryTieOrder = "tie order"
	// AxisProbability is the value axis of DistributionChart.
	AxisProbability = "probability"
)

// maxChartRanks bounds the rows of the per-rank charts of long lists.
const maxChartRanks = 25

// ContributionsAt are the terms at 0-based rank i: the list's term of
// DCG (gain × discount, the gain being the tie group's mean under
// expected ties) and the ideal ranking's term of IDCG, each 0 past its
// ranking's end; k is not applied. ContributionChart and the explorer's
// chart both draw them.
func ContributionsAt(r *ndcg.Result, i int) (actual, ideal float64) {
	if i < r.N {
		g := r.Gain(i)
		if r.Settings.Ties == ndcg.Expected {
			g = r.ExpectedGain(i)
		}
		actual = g * r.Discounts[i]
	}
	if i < len(r.IdealOrder) {
		ideal = r.IdealGain(i) * r.Discounts[i]
	}
	return actual, ideal
}

// ContributionChart draws each rank's contribution to DCG beside the
// ideal ranking's contribution at that rank, for the ranks that count.
func ContributionChart(r *ndcg.Result) Chart {
	k := r.Settings.KString()
	c := Chart{Title: fmt.Sprintf("Contribution per rank, actual vs ideal (DCG@%s vs IDCG@%s)", k, k),
		Axis: "contribution: gain × discount", Category: "rank"}
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
			Bar{Label: fmt.Sprintf("%*d actual", w, i+1), Value: actual, Gap: i > 0, Key: strconv.Itoa(i + 1), Series: "actual"},
			Bar{Label: fmt.Sprintf("%*s ideal", w, ""), Value: ideal, Series: "ideal"})
	}
	if shown < n {
		c.Note = fmt.Sprintf("(ranks %d–%d not shown)", shown+1, n)
	}
	return c
}

// NDCGByKBar is the bar of NDCG@k for cutoff k under the tie policy in
// force, as NDCGByKChart and a screen's chart of the ranks in view draw
// it: its Key is "k=…" and it is Marked when k is the k in force, the
// last rank when k is 0 (all of them). Cutoffs run to Ranks, past the
// list's end, as NDCG@k still moves while the ideal ranking (the judged
// pool) goes on.
func NDCGByKBar(r *ndcg.Result, k int) Bar {
	at := r.Ranks()
	if r.Settings.K > 0 {
		at = min(r.Settings.K, at)
	}
	return Bar{Key: "k=" + strconv.Itoa(k), Value: r.NDCGAt(r.Settings.Ties, k), Marked: k == at}
}

// NDCGByKChart draws NDCG@k for every cutoff k, on the scale 0 to 1.
// A long list shows its first cutoffs; when the k in force lies past
// them, its bar takes the last place, so the chart always shows it.
func NDCGByKChart(r *ndcg.Result) Chart {
	c := Chart{Title: fmt.Sprintf("NDCG@k for every k (ties %s)", r.Settings.Ties), Scale: 1,
		Axis: "NDCG@k", Category: "cutoff k"}
	n := r.Ranks()
	shown := min(n, maxChartRanks)
	ks := make([]int, 0, shown)
	for k := 1; k <= shown; k++ {
		ks = append(ks, k)
	}
	var hidden []string
	if at := min(r.Settings.K, n); r.Settings.K != 0 && at > shown {
		ks[shown-1] = at
		hidden = append(hidden, kRange(shown, at-1))
		if at < n {
			hidden = append(hidden, kRange(at+1, n))
		}
	} else if shown < n {
		hidden = append(hidden, kRange(shown+1, n))
	}
	w := 1
	if len(ks) > 0 {
		w = len(strconv.Itoa(ks[len(ks)-1]))
	}
	for _, k := range ks {
		b := NDCGByKBar(r, k)
		b.Label = fmt.Sprintf("k=%*d", w, k)
		// With every rank counted (k 0) no cutoff is marked.
		b.Marked = b.Marked && r.Settings.K != 0
		if b.Marked {
			b.Label += " <"
		} else {
			b.Label += "  "
		}
		c.Bars = append(c.Bars, b)
	}
	if len(hidden) > 0 {
		c.Note = fmt.Sprintf("(k=%s not shown)", strings.Join(hidden, ", "))
	}
	if r.Settings.K != 0 {
		c.Note = strings.TrimSpace(c.Note + " " + KMarkNote)
	}
	return c
}

// kRange writes the cutoffs from a to b as "a–b", or "a" when they are
// one.
func kRange(a, b int) string {
	if a == b {
		return strconv.Itoa(a)
	}
	return fmt.Sprintf("%d–%d", a, b)
}

// TieBand are the bars of NDCG@k with the tie groups in their worst
// order, in expectation over their orders, and in their best order,
// labelled and keyed "worst", "expected", "best"; the expected one is
// Marked when expected ties are in force. Without ties the three are
// equal.
func TieBand(r *ndcg.Result) []Bar {
	b := r.NDCGBand(r.Settings.K)
	return tieBars(b, r.Settings.Ties, false)
}

// tieBars are the bars of band b, with the input order's between the
// expected and the best when input is set.
func tieBars(b ndcg.Band, ties ndcg.TiePolicy, input bool) []Bar {
	bars := []Bar{
		{Label: "worst", Value: b.Worst, Key: "worst"},
		{Label: "expected", Value: b.Expected, Key: "expected", Marked: ties == ndcg.Expected},
	}
	if input {
		bars = append(bars, Bar{Label: "input order", Value: b.Input, Key: "input order", Marked: ties == ndcg.Input})
	}
	return append(bars, Bar{Label: "best", Value: b.Best, Key: "best"})
}

// TieChart draws NDCG@k under the worst, expected, input and best orders
// of the tie groups: how much of the score is tie luck. ok is false when
// the list has no ties.
func TieChart(r *ndcg.Result) (c Chart, ok bool) {
	if len(r.Ties) == 0 {
		return Chart{}, false
	}
	b := r.NDCGBand(r.Settings.K)
	c = Chart{
		Title: fmt.Sprintf("NDCG@%s over the orders of the tie groups", r.Settings.KString()),
		Scale: 1,
		Axis:  "NDCG@" + r.Settings.KString(), Category: CategoryTieOrder,
		Bars: tieBars(b, r.Settings.Ties, true),
		Note: fmt.Sprintf("spread (best − worst) %s", Num(b.Spread())),
	}
	return c, true
}

// DistributionChart draws how likely each value of NDCG@k is when every
// order of the tie groups is equally likely: one bar per distinct value,
// or per equal-width bin when there are more than maxBars values (at
// least 2). ok is false when the list has no ties.
func DistributionChart(r *ndcg.Result, maxBars int) (c Chart, ok bool) {
	if len(r.Ties) == 0 {
		return Chart{}, false
	}
	maxBars = max(maxBars, 2)
	d := r.Distribution(r.Settings.K)
	how := ArrangementsText(d, false)
	c = Chart{
		Title: fmt.Sprintf("Distribution of NDCG@%s over %s", r.Settings.KString(), how),
		Scale: 0, Axis: AxisProbability, Category: "NDCG@" + r.Settings.KString(),
		Note: fmt.Sprintf("mean %s (the expected NDCG)", Num(d.Mean())),
	}
	if len(d.Values) <= maxBars {
		for i, v := range d.Values {
			c.Bars = append(c.Bars, Bar{Label: Num(v), Key: Num(v), Value: d.Weights[i]})
		}
		return c, true
	}
	lo, hi := d.Values[0], d.Values[len(d.Values)-1]
	width := (hi - lo) / float64(maxBars)
	for i, p := range d.Histogram(maxBars, lo, hi) {
		from := Num(lo + float64(i)*width)
		c.Bars = append(c.Bars, Bar{Label: from + "+", Key: from + "+", Value: p})
	}
	c.Note += fmt.Sprintf("; %d bins of width %s", maxBars, strconv.FormatFloat(width, 'g', 3, 64))
	return c, true
}

// ArrangementsText says what a distribution of NDCG@k is taken over:
// "all 2 arrangements, exact" when each order of the tie groups is an
// arrangement of its own; otherwise what is counted, the orders and the
// distinct arrangements of grades they give in the top k: "all 40320 tie
// orders (265 distinct in the top 5), exact"; "20000 sampled orders"
// when sampled. Short leaves out ", exact" (and the distinct count),
// for a narrow title.
func ArrangementsText(d ndcg.Distribution, short bool) string {
	switch {
	case !d.Exact:
		return fmt.Sprintf("%d sampled orders", d.Samples)
	case d.Orders == d.Arrangements && short:
		return fmt.Sprintf("all %s arrangements", ArrangementCount(d.Arrangements))
	case d.Orders == d.Arrangements:
		return fmt.Sprintf("all %s arrangements, exact", ArrangementCount(d.Arrangements))
	case short:
		return fmt.Sprintf("all %s tie orders", ArrangementCount(d.Orders))
	}
	return fmt.Sprintf("all %s tie orders (%s distinct in the top %d), exact", ArrangementCount(d.Orders), ArrangementCount(d.Arrangements), d.K)
}

// ArrangementCount writes a count of tie arrangements, "many" past what
// a float64 counts exactly.
func ArrangementCount(x float64) string {
	if math.IsInf(x, 0) || x > 1e15 {
		return "many"
	}
	return strconv.FormatFloat(x, 'f', 0, 64)
}
