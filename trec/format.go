package trec

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
)

// appendLine appends one line in trec_eval's layout.
func appendLine(buf []byte, measure, qid string, v float64) []byte {
	if math.IsNaN(v) { // Rndcg's 0/0, as C's printf writes it
		nan := "nan"
		if math.Signbit(v) {
			nan = "-nan"
		}
		return fmt.Appendf(buf, "%-22s\t%s\t%6s\n", measure, qid, nan)
	}
	return fmt.Appendf(buf, "%-22s\t%s\t%6.4f\n", measure, qid, v)
}

// WriteTrecEval prints the result as trec_eval does: with perQuery, each
// query's values (measures in order), then the means as query "all".
func WriteTrecEval(w io.Writer, r *Result, perQuery bool) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var buf []byte
	if perQuery {
		for _, q := range r.Queries {
			buf = buf[:0]
			for c, col := range r.Columns {
				buf = appendLine(buf, col.Name, q.QID, q.Values[c])
			}
			bw.Write(buf)
		}
	}
	buf = buf[:0]
	for c, col := range r.Columns {
		buf = appendLine(buf, col.Name, "all", r.All[c])
	}
	bw.Write(buf)
	return bw.Flush()
}

// spreadEpsilon is the spread below which a value does not depend on tie
// order: rounding noise, not luck.
const spreadEpsilon = 1e-12

// TieSummary is what ties do to one measure across a run.
type TieSummary struct {
	Column Column
	// Queries is the number of queries; Dependent those whose value
	// depends on the order of tied documents.
	Queries, Dependent int
	// MeanSpread is the mean of best − worst over all queries;
	// MaxSpread the largest, in query MaxQID.
	MeanSpread, MaxSpread float64
	MaxQID                string
	// All is the run's mean as trec_eval computes it; AllBand the range
	// it could take under other tie orders, and its expectation.
	All     float64
	AllBand Band
}

// TieSummaries sums up the tie bands of r, one per column; r must have
// been computed with Options.Ties.
func TieSummaries(r *Result) []TieSummary {
	out := make([]TieSummary, len(r.Columns))
	for c, col := range r.Columns {
		s := TieSummary{Column: col, Queries: len(r.Queries), All: r.All[c], AllBand: r.AllBands[c]}
		for _, q := range r.Queries {
			sp := q.Bands[c].Spread()
			s.MeanSpread += sp
			if sp > spreadEpsilon {
				s.Dependent++
			}
			if sp > s.MaxSpread {
				s.MaxSpread, s.MaxQID = sp, q.QID
			}
		}
		if s.Queries > 0 {
			s.MeanSpread /= float64(s.Queries)
		}
		out[c] = s
	}
	return out
}

// WriteTies prints the tie bands: with perQuery, one line per query and
// measure (worst, expected, best, spread, and the value trec_eval's
// docno order gives), then a summary per measure.
func WriteTies(w io.Writer, r *Result, perQuery bool) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	if perQuery {
		fmt.Fprintf(bw, "\n# tie bands: measure, query, worst, expected, best, spread (best − worst), trec_eval's value\n")
		for _, q := range r.Queries {
			for c, col := range r.Columns {
				b := q.Bands[c]
				fmt.Fprintf(bw, "%-22s\t%s\t%s\t%s\t%s\t%s\t%s\n", col.Name, q.QID,
					f(b.Worst), f(b.Expected), f(b.Best), f(b.Spread()), f(q.Values[c]))
			}
		}
	}
	fmt.Fprintf(bw, "\n# ties: how much of each score is the luck of tie order (docno order is trec_eval's)\n")
	for _, s := range TieSummaries(r) {
		maxQ := ""
		if s.MaxQID != "" {
			maxQ = " (query " + s.MaxQID + ")"
		}
		fmt.Fprintf(bw, "%-22s\t%d of %d queries depend on tie order; spread mean %s, largest %s%s; all %s could be %s to %s (expected %s)\n",
			s.Column.Name, s.Dependent, s.Queries, f(s.MeanSpread), f(s.MaxSpread), maxQ,
			f(s.All), f(s.AllBand.Worst), f(s.AllBand.Best), f(s.AllBand.Expected))
	}
	return bw.Flush()
}
