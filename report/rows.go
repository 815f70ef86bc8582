package report

import (
	"math"
	"strconv"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// rowFetcher hands the streaming writers (report --format json and csv)
// the ranks of a result in order. Ranks come in score order and items in
// file order, so each rank's item, and its id, sit anywhere in a list of
// a million: a cache miss each, which the formatting between two ranks
// leaves the processor no room to overlap. The fetcher first reads the
// items and ids of the next rowBatch ranks in a tight loop of
// independent loads, which the processor does overlap, and the writer
// then finds them in cache.
type rowFetcher struct {
	r *ndcg.Result
	// end is where the ranks read ahead end.
	end int
	// sink keeps the reads ahead from being optimised away.
	sink byte
}

// rowBatch is how many ranks are read ahead: their items and ids (a few
// kilobytes) stay in the first levels of cache until they are written.
const rowBatch = 64

// row is rank i+1, as Result.Row gives it; ranks are asked for in order.
func (f *rowFetcher) row(i int) ndcg.Rank {
	if i >= f.end {
		f.readAhead(i)
	}
	return f.r.Row(i)
}

func (f *rowFetcher) readAhead(from int) {
	r := f.r
	f.end = min(from+rowBatch, r.N)
	items := r.List.Items
	var s byte
	for _, idx := range r.Order[from:f.end] {
		if id := items[idx].ID; id != "" {
			s += id[0]
		}
	}
	f.sink += s
}

// floatColumn writes one column's numbers, copying the text of the last
// value when the same value comes again: a tie group's scores and mean
// gain repeat down the group, and IDCG stays put past the ideal
// ranking's last relevant item.
type floatColumn struct {
	bits uint64
	text []byte
	set  bool
}

func (c *floatColumn) append(b []byte, v float64, format func([]byte, float64) []byte) []byte {
	bits := math.Float64bits(v)
	if c.set && bits == c.bits {
		return append(b, c.text...)
	}
	start := len(b)
	b = format(b, v)
	c.text = append(c.text[:0], b[start:]...)
	c.bits, c.set = bits, true
	return b
}

// appendWholeFloat appends f in decimal digits when it is a whole number
// of magnitude below limit, as strconv writes such numbers in the
// shortest form ('f', or 'g' below 1e6), and reports whether it did:
// grades and gains are small whole numbers, and formatting an integer
// is a few times cheaper than finding the shortest digits of a float.
// Minus zero is left to strconv, which writes "-0".
func appendWholeFloat(b []byte, f, limit float64) ([]byte, bool) {
	if f != math.Trunc(f) || f <= -limit || f >= limit || (f == 0 && math.Signbit(f)) {
		return b, false
	}
	return strconv.AppendInt(b, int64(f), 10), true
}
