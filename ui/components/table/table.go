package table

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
)

// Column is one column of the per-rank table.
type Column struct {
	head  string
	width int
	// cell formats rank i of the result; it is not called when the list
	// cannot be computed, except for the columns marked raw.
	cell func(t *Layout, r *ndcg.Result, row *ndcg.Rank) string
	// raw columns show the item itself and need no result.
	raw func(it ndcg.Item) string
	// flex columns take the width left over.
	flex bool
}

// Layout is the table's geometry for one width, worked out on
// resize, never per frame.
type Layout struct {
	Width   int
	dec     int // decimals of the computed columns
	rankW   int
	TieW    int // tieWidth of the list
	cols    []Column
	idWidth int
}

// The columns in the order they appear and the order they are dropped
// in (last first) when the terminal is narrow.
func allColumns(dec int) []Column {
	n := func(x float64) string { return layout.Fixed(x, dec) }
	return []Column{
		{head: "id / title", flex: true, raw: func(it ndcg.Item) string {
			if it.Title == "" {
				return common.Shown(it.ID)
			}
			return common.Shown(it.ID) + " " + common.Shown(it.Title)
		}},
		{head: "grade", width: 5, raw: func(it ndcg.Item) string { return layout.FmtNum(it.Grade) }},
		{head: "score", width: 7, raw: func(it ndcg.Item) string {
			if !it.HasScore {
				return "-"
			}
			return layout.FmtNum(it.Score)
		}},
		{head: "gain", width: 6, cell: func(t *Layout, r *ndcg.Result, row *ndcg.Rank) string {
			if r.Settings.Ties == ndcg.Expected && row.Tied {
				return layout.Fixed(row.ExpectedGain, min(t.dec, 2)) + "*"
			}
			return layout.FmtShort(row.Gain, 6)
		}},
		{head: "disc", width: 5, cell: func(t *Layout, r *ndcg.Result, row *ndcg.Rank) string { return layout.Fixed(row.Discount, 3) }},
		{head: "contrib", width: 7, cell: func(t *Layout, r *ndcg.Result, row *ndcg.Rank) string { return n(row.Contribution) }},
		{head: "DCG@i", width: 7, cell: func(t *Layout, r *ndcg.Result, row *ndcg.Rank) string { return n(row.DCG) }},
		{head: "ideal", width: 5, cell: func(t *Layout, r *ndcg.Result, row *ndcg.Rank) string {
			if row.IdealID == "" {
				return "-"
			}
			return layout.FmtShort(row.IdealGrade, 5)
		}},
		{head: "IDCG@i", width: 7, cell: func(t *Layout, r *ndcg.Result, row *ndcg.Rank) string { return n(row.IDCG) }},
		{head: "NDCG@i", width: 6, cell: func(t *Layout, r *ndcg.Result, row *ndcg.Rank) string { return layout.Fixed(row.NDCG, 4) }},
	}
}

const (
	MarkW = 1 // cursor mark
	tieW  = 4 // tie bracket and label, up to T99 (see tieWidth)
	idMin = 6
)

// presentColumns are the columns of the projector mode, renamed in
// full: rank, id, grade, score (of a scored list: a tie is equal
// scores), gain, discount, contribution, DCG@i.
var presentColumns = map[string]Column{
	"id / title": {head: "id / title"}, "grade": {head: "grade", width: 5}, "score": {head: "score", width: 7},
	"gain": {head: "gain", width: 6},
	"disc": {head: "discount", width: 8}, "contrib": {head: "contribution", width: 12}, "DCG@i": {head: "DCG@i", width: 8},
}

// NewPresent is the table of the projector mode: fewer, wider
// columns, for a room; the score only for a scored list.
func NewPresent(width, n int, scored bool) Layout {
	t := Layout{Width: width, dec: 4, rankW: max(4, len(strconv.Itoa(n))), TieW: TieWidth(n)}
	fixedW := MarkW + t.TieW + t.rankW
	for _, c := range allColumns(t.dec) {
		p, ok := presentColumns[c.head]
		if !ok || c.head == "score" && !scored {
			continue
		}
		c.head = p.head
		if !c.flex {
			c.width = p.width
			fixedW += c.width
		}
		fixedW++
		t.cols = append(t.cols, c)
	}
	t.idWidth = max(1, width-fixedW)
	return t
}

// New fits the columns into width for a list of n items.
func New(width, n int) Layout {
	dec := 3
	if width >= 100 {
		dec = 4
	}
	t := Layout{Width: width, dec: dec, rankW: max(4, len(strconv.Itoa(n))), TieW: TieWidth(n)}
	cols := allColumns(dec)
	if dec == 4 {
		for i := range cols {
			if !cols[i].flex && cols[i].head != "disc" && cols[i].head != "grade" && cols[i].head != "ideal" {
				cols[i].width++
			}
		}
	}
	fixedW := func(cs []Column) int {
		w := MarkW + t.TieW + t.rankW
		for _, c := range cs {
			w++ // the space before each column
			if !c.flex {
				w += c.width
			}
		}
		return w
	}
	// Drop the least needed columns until the rest fit with a readable id.
	dropOrder := []string{"disc", "ideal", "gain", "IDCG@i", "score", "DCG@i"}
	for _, h := range dropOrder {
		if fixedW(cols)+idMin <= width {
			break
		}
		for i, c := range cols {
			if c.head == h {
				cols = append(cols[:i:i], cols[i+1:]...)
				break
			}
		}
	}
	t.cols = cols
	t.idWidth = max(1, width-fixedW(cols))
	return t
}

// TieWidth is the width of the tie column for a list of n items: the
// bracket and the label of the last tie group there can be (a group
// holds two items at least), so that T120 is never cut to T12, which
// names another group.
func TieWidth(n int) int { return max(tieW, 2+len(strconv.Itoa(n/2))) }

// Header is the table's heading line.
func (t *Layout) Header() string {
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", MarkW+t.TieW))
	b.WriteString(layout.PadLeft("rank", t.rankW))
	for _, c := range t.cols {
		b.WriteByte(' ')
		if c.flex {
			head := c.head
			if layout.CellWidth(head) > t.idWidth {
				head = "id"
			}
			b.WriteString(layout.PadRight(ansi.Truncate(head, t.idWidth, ""), t.idWidth))
		} else {
			b.WriteString(layout.PadLeft(c.head, c.width))
		}
	}
	return b.String()
}

// Cells formats rank i (the item at input position i when r is nil).
func (t *Layout) Cells(r *ndcg.Result, it ndcg.Item, i int) string {
	var b strings.Builder
	b.WriteString(layout.PadLeft(strconv.Itoa(i+1), t.rankW))
	var row ndcg.Rank
	if r != nil {
		row = r.Row(i)
	}
	for _, c := range t.cols {
		b.WriteByte(' ')
		var s string
		switch {
		case c.raw != nil:
			s = c.raw(it)
		case r != nil:
			s = c.cell(t, r, &row)
		default:
			s = "-"
		}
		switch {
		case c.flex:
			b.WriteString(layout.PadRight(ansi.Truncate(s, t.idWidth, "…"), t.idWidth))
		case c.raw != nil && layout.CellWidth(s) > c.width:
			// A value as typed (a score, a grade) that must be rounded to
			// fit says so: 0.123457 and 0.123456 would otherwise both read
			// 0.12346, as if tied.
			b.WriteString(layout.PadLeft(layout.Fit(s, c.width-1)+"~", c.width))
		default:
			b.WriteString(layout.PadLeft(layout.Fit(s, c.width), c.width))
		}
	}
	return b.String()
}

// ColumnStart is the offset of the named column within cells' output,
// and its width, so an editor can be drawn over it.
func (t *Layout) ColumnStart(head string) (int, int) {
	x := t.rankW
	for _, c := range t.cols {
		x++
		w := c.width
		if c.flex {
			w = t.idWidth
		}
		if c.head == head {
			return x, w
		}
		x += w
	}
	return -1, 0
}

// TieMark is the bracket that joins the ranks of a tie group, with the
// group's label on its first rank.
func TieMark(r *ndcg.Result, i int, gl common.Glyphs) (mark string, straddles bool) {
	if r == nil || i >= r.N || r.TieAt(i) < 0 {
		return "", false
	}
	gi := r.TieAt(i)
	g := r.Ties[gi]
	top, mid, bot := gl.TieTop, gl.TieMid, gl.TieBottom
	switch i {
	case g.Start:
		mark = top + ndcg.TieLabel(gi+1)
	case g.End - 1:
		mark = bot
	default:
		mark = mid
	}
	return mark, g.Straddles(r.K)
}
