package browser

import (
	"cmp"
	"slices"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/trec"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/layout"
)

// sortKey is a column the list can be sorted by.
type sortKey int

const (
	byNDCG sortKey = iota
	bySpread
	byMissed
	byQID
	nSortKeys
)

func (s sortKey) String() string {
	return [...]string{"NDCG", "tie spread", "unretrieved relevant", "query id"}[s]
}

// queryRow is one query of the list, its cells formatted once: the
// values never change while the program runs, so a frame only copies.
type queryRow struct {
	qid    string
	lower  string // the query id in lower case, for the filter
	res    trec.QueryResult
	spread float64
	cells  [nCols]string
}

// The list's columns after the query id, in the order they are drawn.
const (
	colDocs = iota
	colNDCG
	colWorst
	colBest
	colSpread
	colRel
	colMissed
	nCols
)

// baseWidths are the columns' widths; NDCG's grows with its heading.
var baseWidths = [nCols]int{5, 7, 6, 6, 7, 7, 7}

// dropOrder is the order columns leave a narrow terminal: the least
// needed first; the query id, NDCG, spread and unretrieved count stay.
var dropOrder = []int{colWorst, colBest, colDocs, colRel}

// tieEps separates a real spread from the rounding noise of subtracting
// two sums of the same terms in different orders.
const tieEps = 1e-12

// refilter recomputes the rows shown after the filter or the order
// changed, keeping the cursor on the same query when it is still shown.
// It is one pass over the rows in the order already sorted: a keystroke
// in the filter never sorts.
func (b *Model) refilter() {
	keep := b.selected()
	f := strings.ToLower(b.filter.Value())
	sorted := b.sorted(b.sortBy)
	b.order = b.order[:0]
	for j := range sorted {
		if b.reverse {
			j = len(sorted) - 1 - j
		}
		i := int(sorted[j])
		if f == "" || strings.Contains(b.rows[i].lower, f) {
			b.order = append(b.order, i)
		}
	}
	b.follow(keep)
}

// sorted is every row in the key's natural order (the queries to look at
// first: low NDCG, large spread, many unretrieved), query id breaking
// ties; reverse reads it backwards. Each order is sorted once, when
// first asked for, since the values never change.
func (b *Model) sorted(by sortKey) []int32 {
	if b.orders[by] != nil {
		return b.orders[by]
	}
	rows := b.rows
	order := make([]int32, len(rows))
	for i := range order {
		order[i] = int32(i)
	}
	var key func(r *queryRow) float64
	switch by {
	case byNDCG:
		key = func(r *queryRow) float64 { return r.res.Values[0] }
	case bySpread:
		key = func(r *queryRow) float64 { return -r.spread }
	case byMissed:
		key = func(r *queryRow) float64 { return -float64(r.res.UnretrievedRelevant()) }
	default:
		key = func(*queryRow) float64 { return 0 }
	}
	// Rows are in query id order already (trec_eval's), so a stable
	// sort on the value alone breaks ties by query id.
	slices.SortStableFunc(order, func(x, y int32) int {
		return cmp.Compare(key(&rows[x]), key(&rows[y]))
	})
	b.orders[by] = order
	return order
}

func (b *Model) sortLabel() string {
	dirs := [...][2]string{{"lowest first", "highest first"}, {"largest first", "smallest first"},
		{"most first", "fewest first"}, {"ascending", "descending"}}
	d := 0
	if b.reverse {
		d = 1
	}
	return b.sortBy.String() + ", " + dirs[b.sortBy][d]
}

// follow puts the cursor on row r if it is shown, else on the first row.
func (b *Model) follow(r *queryRow) {
	b.cursor = 0
	if r != nil {
		for i, idx := range b.order {
			if &b.rows[idx] == r {
				b.cursor = i
				break
			}
		}
	}
	b.clamp()
}

func (b *Model) move(d int) {
	b.cursor += d
	b.clamp()
}

// clamp keeps the cursor on a row and the row on screen.
func (b *Model) clamp() {
	n := len(b.order)
	b.cursor = max(min(b.cursor, n-1), 0)
	b.offset = layout.ScrollTo(b.offset, b.cursor, n, b.rowsShown())
}

// The screen: title, summary, column heads, rows, status, help.
const browserChrome = 5

func (b *Model) rowsShown() int { return max(b.height-browserChrome, 1) }

// layout picks the columns that fit the width; it runs on resize only.
func (b *Model) layout() {
	b.help.SetWidth(b.width)
	b.layoutHelp()
	// Room for the prompt and the count of matches after the text.
	b.filter.SetWidth(max(b.width-23, 2))
	shown := [nCols]bool{}
	for i := range shown {
		shown[i] = true
	}
	const markW, qidMin = 2, 6
	need := func() int {
		w := markW + qidMin
		for c, on := range shown {
			if on {
				w += 1 + b.colW[c]
			}
		}
		return w
	}
	for _, c := range dropOrder {
		if need() <= b.width {
			break
		}
		shown[c] = false
	}
	b.cols = b.cols[:0]
	rest := b.width - markW
	for c, on := range shown {
		if on {
			b.cols = append(b.cols, c)
			rest -= 1 + b.colW[c]
		}
	}
	// The id column takes what the longest id needs, and no more: the
	// numbers stay next to the ids they belong to on a wide terminal.
	b.qidW = max(min(rest, max(b.qidMax, len("query")+1)), 1)
	b.clamp()
}
