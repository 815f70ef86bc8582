package trec

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"
	"unsafe"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// Band is one measure of one query over the orders of its tied
// documents: the least and most favourable orders and the mean over all
// of them (every rank of a tie group gets the group's mean gain).
type Band struct {
	Worst, Expected, Best float64
}

// Spread is how much of the value is tie luck: Best − Worst.
func (b Band) Spread() float64 { return b.Best - b.Worst }

// QueryResult is one query's evaluation.
type QueryResult struct {
	QID string
	// Values holds each column's value, computed as trec_eval computes it.
	Values []float64
	// Bands holds each column's tie band, when ties were asked for.
	Bands []Band
	// InRun is false for a query only in the qrels, scored 0 under -c.
	InRun bool
	// Retrieved counts the run's documents for the query; Relevant the
	// judged documents with rel > 0; RelevantRetrieved those retrieved.
	Retrieved, Relevant, RelevantRetrieved int
	// TiedDocs counts the retrieved documents that share their score
	// with another whose gain differs: the ones whose order is luck.
	TiedDocs int
	// staleRels holds, for a query whose rels are all negative, its
	// ranking's rel codes, until fixStale computes its family measures.
	staleRels []int64
}

// UnretrievedRelevant is the number of relevant documents the run missed.
func (q *QueryResult) UnretrievedRelevant() int { return q.Relevant - q.RelevantRetrieved }

// rankedDoc is a retrieved document on its way to a rank.
type rankedDoc struct {
	// key orders scores descending as unsigned integers ascending.
	key   uint64
	docno string
	gain  float64
}

// scoreKey maps a score to a key whose ascending order is the scores'
// descending order, with −0 and +0 equal as C's comparison has them.
func scoreKey(f float64) uint64 {
	if f == 0 {
		f = 0
	}
	b := math.Float64bits(f)
	if b>>63 == 1 {
		b = ^b
	} else {
		b |= 1 << 63
	}
	return ^b
}

// compareRanked orders by score descending, then docno descending: the
// order of trec_eval's comp_sim_docno.
func compareRanked(a, b rankedDoc) int {
	switch {
	case a.key < b.key:
		return -1
	case a.key > b.key:
		return 1
	}
	return strings.Compare(b.docno, a.docno)
}

// evaluator evaluates queries one at a time, reusing its buffers; each
// worker has its own.
type evaluator struct {
	cols   []Column
	ties   bool
	limits Limits
	// disc[i] is log2(i+2), the divisor of rank i+1's gain.
	disc   []float64
	ranked []rankedDoc
	// sortKeys and sortBuf are the radix sort's scratch space for runs
	// out of score order.
	sortKeys []uint64
	sortBuf  []rankedDoc
	seen     seenSet
	cum      []float64
	ideal    []float64
	scr      []float64
	// family holds the rels of the ranking for ndcg_rel, Rndcg and ndcg
	// with gains; nil when none is asked for.
	family *familyQuery
}

func newEvaluator(cols []Column, ties bool, limits Limits) *evaluator {
	e := &evaluator{cols: cols, ties: ties, limits: limits}
	for _, c := range cols {
		if c.family() {
			e.family = &familyQuery{}
		}
	}
	return e
}

func (e *evaluator) discounts(n int) {
	for i := len(e.disc); i < n; i++ {
		e.disc = append(e.disc, math.Log2(float64(i+2)))
	}
}

// cumulate stores in out[i] the DCG of gains down to rank i+1, adding
// gain/log2(rank+1) in rank order for positive gains, as trec_eval does,
// so the sums are the same to the last bit.
func (e *evaluator) cumulate(gains []float64, out []float64) []float64 {
	out = slices.Grow(out[:0], len(gains))[:len(gains)]
	sum := 0.0
	for i, g := range gains {
		if g > 0 {
			sum += g / e.disc[i]
		}
		out[i] = sum
	}
	return out
}

// cumulateRanked is cumulate on the gains of e.ranked.
func (e *evaluator) cumulateRanked(out []float64) []float64 {
	out = slices.Grow(out[:0], len(e.ranked))[:len(e.ranked)]
	sum := 0.0
	for i, r := range e.ranked {
		if r.gain > 0 {
			sum += r.gain / e.disc[i]
		}
		out[i] = sum
	}
	return out
}

// at returns the sum of cum down to cutoff k (0: all of it).
func at(cum []float64, k int) float64 {
	if k == 0 || k > len(cum) {
		k = len(cum)
	}
	if k == 0 {
		return 0
	}
	return cum[k-1]
}

func ratio(dcg, idcg float64) float64 {
	if idcg > 0 {
		return dcg / idcg
	}
	return 0
}

// evaluate ranks a query's run lines and computes every column; j is
// nil for a query without judgments.
func (e *evaluator) evaluate(b *batch, j *Judgments) (QueryResult, error) {
	n := b.lineCount()
	res := QueryResult{QID: b.qid, InRun: true, Retrieved: n}
	e.seen.reset(n)
	e.ranked = e.ranked[:0]
	if j != nil && n >= 64 {
		j.warm() // worth it only for many lookups
	}
	// The same loop twice, for lines as entries and as held parts: a
	// shared function for its body costs a tenth of a scattered run's
	// evaluation.
	entries := b.entries
	if b.parts != nil {
		entries = nil
	}
	for _, en := range entries {
		d := b.docno(en)
		var h uint64
		if uint(len(d)-8) <= 8 {
			h = hashShort(d)
		} else {
			h = hashDoc(d)
		}
		if first, dup := e.seen.add(h, len(e.ranked), d, e.ranked); dup && !e.limits.LimitDocs {
			return res, duplicate(b, d, first, en.line)
		}
		gain := 0.0
		if j != nil {
			if i := j.index.find(j, d, h); i >= 0 && j.docs[i].rel > 0 {
				gain = float64(j.docs[i].rel)
				res.RelevantRetrieved++
			}
		}
		e.ranked = append(e.ranked, rankedDoc{key: scoreKey(en.score), docno: d, gain: gain})
	}
	for pi := range b.parts {
		p := &b.parts[pi]
		for x, en := range p.ents {
			end := len(p.arena)
			if x+1 < len(p.ents) {
				end = int(p.ents[x+1].off)
			}
			d := bstr(p.arena[en.off:end])
			var h uint64
			if uint(len(d)-8) <= 8 {
				h = hashShort(d)
			} else {
				h = hashDoc(d)
			}
			if first, dup := e.seen.add(h, len(e.ranked), d, e.ranked); dup && !e.limits.LimitDocs {
				return res, duplicate(b, d, first, p.line0+int64(en.line))
			}
			gain := 0.0
			if j != nil {
				if i := j.index.find(j, d, h); i >= 0 && j.docs[i].rel > 0 {
					gain = float64(j.docs[i].rel)
					res.RelevantRetrieved++
				}
			}
			e.ranked = append(e.ranked, rankedDoc{key: scoreKey(en.score), docno: d, gain: gain})
		}
	}
	e.rank()
	if e.limits.LimitDocs {
		if err := e.duplicateWithin(b, max(e.limits.MaxDocs, 0)); err != nil {
			return res, err
		}
	}
	e.limits.cut(e, j, &res)
	var ideal []float64
	if j != nil {
		ideal = j.Ideal
		res.Relevant = len(ideal)
	}
	e.discounts(max(len(e.ranked), len(ideal)))
	e.cum = e.cumulateRanked(e.cum)
	e.ideal = e.cumulate(ideal, e.ideal)
	res.Values = make([]float64, len(e.cols))
	for c, col := range e.cols {
		res.Values[c] = ratio(at(e.cum, col.K), at(e.ideal, col.K))
	}
	if e.family != nil {
		if err := e.familyValues(&res, j); err != nil {
			return res, err
		}
	}
	if e.ties {
		res.Bands, res.TiedDocs = e.bands(res.Values)
	}
	return res, nil
}

// duplicateWithin is the error of a docno retrieved twice among the
// first m documents in trec_eval's order, nil when there is none: under
// -M trec_eval cuts each query's ranking to M documents first and looks
// for duplicates among those alone, so a duplicate below rank M is no
// error there.
func (e *evaluator) duplicateWithin(b *batch, m int) error {
	top := e.ranked[:min(len(e.ranked), m)]
	e.seen.reset(len(top))
	for i, r := range top {
		var h uint64
		if uint(len(r.docno)-8) <= 8 {
			h = hashShort(r.docno)
		} else {
			h = hashDoc(r.docno)
		}
		if _, dup := e.seen.add(h, i, r.docno, top); dup {
			lines := b.linesOf(r.docno)
			return &LineError{Line: int(lines[1]),
				Msg: fmt.Sprintf("document %s is retrieved twice for query %s within the first %d (first on line %d); trec_eval stops on this too: keep one line", termsafe.Quote(r.docno), termsafe.Quote(b.qid), m, lines[0])}
		}
	}
	return nil
}

// duplicate is the error of docno d retrieved a second time on line,
// first as b's line first.
func duplicate(b *batch, d string, first int, line int64) error {
	return &LineError{Line: int(line),
		Msg: fmt.Sprintf("document %s is retrieved twice for query %s (first on line %d); trec_eval stops on this too: keep one line", termsafe.Quote(d), termsafe.Quote(b.qid), b.line(first))}
}

// rank sorts e.ranked into trec_eval's order. Runs are nearly always
// written in score order already; then only the tie groups need
// sorting, by docno, done in the same pass that checks the order: each
// document of a group is put in its place among the ones before it
// (a group larger than maxInsertion is sorted whole at its end). Other
// runs are radix sorted on their score keys.
func (e *evaluator) rank() {
	r := e.ranked
	start := 0 // the tie group's first document
	for i := 1; i < len(r); i++ {
		k := r[i].key
		if k != r[i-1].key {
			if k < r[i-1].key {
				if len(r) < radixMin || len(r) > radixMax {
					slices.SortFunc(r, compareRanked)
				} else {
					e.sortKeys, e.sortBuf = radixSort(r, e.sortKeys, e.sortBuf)
				}
				return
			}
			if i-start > maxInsertion {
				slices.SortFunc(r[start:i], compareRanked)
			}
			start = i
			continue
		}
		if i-start >= maxInsertion {
			continue // sorted whole at the group's end
		}
		if x := r[i]; docnoAfter(x.docno, r[i-1].docno) {
			j := i
			for j > start && docnoAfter(x.docno, r[j-1].docno) {
				r[j] = r[j-1]
				j--
			}
			r[j] = x
		}
	}
	if len(r)-start > maxInsertion {
		slices.SortFunc(r[start:], compareRanked)
	}
}

// maxInsertion is the largest tie group sorted by insertion: groups are
// mostly two or three documents, which an insertion sort handles best.
const maxInsertion = 12

// docnoAfter reports whether docno a comes before b in trec_eval's
// order of equal scores (docno descending, as strcmp orders bytes):
// a > b, decided by the first eight bytes as one number when they
// differ, without a call.
func docnoAfter(a, b string) bool {
	if len(a) >= 8 && len(b) >= 8 {
		x := binary.BigEndian.Uint64(unsafe.Slice(unsafe.StringData(a), 8))
		y := binary.BigEndian.Uint64(unsafe.Slice(unsafe.StringData(b), 8))
		if x != y {
			return x > y
		}
	}
	return a > b
}

// radixMin is the query size from which the radix sort beats pdqsort;
// radixMax keeps a document's index within the 16 bits radixSort packs
// it in.
const (
	radixMin = 64
	radixMax = 1 << 16
)

// radixSort sorts r into trec_eval's order. It sorts 8-byte words, each
// the top 48 bits of a score key with the document's index below them,
// by least significant digit radix a byte at a time, skipping the bytes
// every word shares; moves the documents once; then sorts each run of
// documents whose keys share those 48 bits (equal scores, nearly always)
// with compareRanked. keys and buf are scratch space, returned for reuse.
func radixSort(r []rankedDoc, keys []uint64, buf []rankedDoc) ([]uint64, []rankedDoc) {
	n := len(r)
	keys = slices.Grow(keys[:0], 2*n)[:2*n]
	src, dst := keys[:n], keys[n:]
	var counts [6][256]int32
	for i := range r {
		w := r[i].key&^0xffff | uint64(i)
		src[i] = w
		for d := range 6 {
			counts[d][byte(w>>(16+8*d))]++
		}
	}
	for d := range 6 {
		c := &counts[d]
		shift := 16 + 8*d
		if int(c[byte(src[0]>>shift)]) == n {
			continue // every key has this byte
		}
		var at int32
		for v := range c {
			c[v], at = at, at+c[v]
		}
		for _, w := range src {
			v := byte(w >> shift)
			dst[c[v]] = w
			c[v]++
		}
		src, dst = dst, src
	}
	buf = slices.Grow(buf[:0], n)[:n]
	for i, w := range src {
		buf[i] = r[w&0xffff]
	}
	copy(r, buf)
	for i := 0; i < n; {
		j := i + 1
		for j < n && r[j].key>>16 == r[i].key>>16 {
			j++
		}
		if g := r[i:j]; len(g) > maxInsertion {
			slices.SortFunc(g, compareRanked)
		} else {
			for x := 1; x < len(g); x++ {
				for k := x; k > 0 && compareRanked(g[k], g[k-1]) < 0; k-- {
					g[k], g[k-1] = g[k-1], g[k]
				}
			}
		}
		i = j
	}
	return keys, buf
}

// bands works out each column's worst, expected and best value from the
// ranking in e.ranked and the ideal sums in e.ideal.
func (e *evaluator) bands(values []float64) ([]Band, int) {
	bands := make([]Band, len(e.cols))
	n := len(e.ranked)
	tied := 0
	for i := 0; i < n; {
		j := i + 1
		for j < n && e.ranked[j].key == e.ranked[i].key {
			j++
		}
		for x := i + 1; x < j; x++ {
			if e.ranked[x].gain != e.ranked[i].gain {
				tied += j - i
				break
			}
		}
		i = j
	}
	if tied == 0 {
		for c, v := range values {
			bands[c] = Band{v, v, v}
		}
		return bands, 0
	}
	g := slices.Grow(e.scr[:0], n)[:n]
	for i := range g {
		g[i] = e.ranked[i].gain
	}
	// Within each tie group: highest gains first (best), lowest first
	// (worst), or every rank the group's mean (expected).
	arrange := func(within func(grp []float64)) []float64 {
		out := make([]float64, n)
		copy(out, g)
		for i := 0; i < n; {
			j := i + 1
			for j < n && e.ranked[j].key == e.ranked[i].key {
				j++
			}
			if j-i > 1 {
				within(out[i:j])
			}
			i = j
		}
		return e.cumulate(out, nil)
	}
	best := arrange(func(grp []float64) { slices.Sort(grp); slices.Reverse(grp) })
	worst := arrange(func(grp []float64) { slices.Sort(grp) })
	expected := arrange(func(grp []float64) {
		sum := 0.0
		for _, x := range grp {
			sum += x
		}
		mean := sum / float64(len(grp))
		for i := range grp {
			grp[i] = mean
		}
	})
	e.scr = g
	for c, col := range e.cols {
		idcg := at(e.ideal, col.K)
		bands[c] = Band{
			Worst:    ratio(at(worst, col.K), idcg),
			Expected: ratio(at(expected, col.K), idcg),
			Best:     ratio(at(best, col.K), idcg),
		}
	}
	return bands, tied
}
