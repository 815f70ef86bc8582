package trec

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The NDCG measures trec_eval 10.0 builds besides ndcg and ndcg_cut
// (m_ndcg.c, m_ndcg_rel.c, m_Rndcg.c, with gain_init.c for their gain
// parameters):
//
//   - ndcg.REL=GAIN,…: ndcg with the gain of some rel values replaced;
//   - ndcg_rel: NDCG averaged over the ranks of the relevant documents
//     retrieved, each relevant document missed counting the whole run's
//     DCG over the ideal;
//   - Rndcg: NDCG averaged at the R levels, the ranks where the ideal
//     ranking's gain changes.
//
// They follow trec_eval's code step by step, oddities included: the gain
// levels are sorted by a comparison that truncates the difference of
// two gains to an integer (gains 0.5 apart compare equal), with glibc's
// merge sort; the ideal ranking walks the levels in that order; ndcg
// and ndcg_rel stop scoring at the first level whose gain is not
// positive; Rndcg of a query whose gains are all 0 is 0/0, printed -nan.

// gainPair is one REL=GAIN parameter.
type gainPair struct {
	rel  int64
	gain float64
}

// GainParams are the gain parameters of ndcg, ndcg_rel or Rndcg, as
// given after the dot ("1=0,2=3"); empty for none.
type GainParams struct {
	Text  string
	pairs []gainPair
}

// parseGainParams reads "REL=GAIN,…" as trec_eval does, but refuses
// what trec_eval silently reads otherwise: a rel that is not an integer
// (trec_eval ignores the pair) or a gain that is not a number (atof
// reads it as 0, or as its leading digits).
func parseGainParams(measure, s string) (GainParams, error) {
	p := GainParams{Text: s}
	for _, part := range strings.Split(s, ",") {
		rs, gs, ok := strings.Cut(part, "=")
		if !ok || strings.Contains(gs, "=") {
			return p, fmt.Errorf("measure %s.%s: %q is not REL=GAIN; give pairs as in %s.1=0,2=3", measure, s, part, measure)
		}
		rel, err := strconv.ParseInt(strings.TrimPrefix(rs, "+"), 10, 64)
		if err != nil || rs == "" || strings.HasPrefix(rs, "+-") {
			return p, fmt.Errorf("measure %s.%s: rel %q is not a whole number (trec_eval would ignore the pair silently; trec refuses it)", measure, s, rs)
		}
		gain, err := strconv.ParseFloat(gs, 64)
		if err != nil || math.IsInf(gain, 0) || math.IsNaN(gain) || strings.ContainsAny(gs, "xXpP_") {
			return p, fmt.Errorf("measure %s.%s: gain %q is not a number (trec_eval would read it as atof does; trec refuses it)", measure, s, gs)
		}
		if math.Abs(gain) >= 1<<30 {
			return p, fmt.Errorf("measure %s.%s: gain %s is too large: trec_eval compares gains as ints, which overflow", measure, s, gs)
		}
		p.pairs = append(p.pairs, gainPair{rel, gain})
	}
	return p, nil
}

// relLevel is trec_eval's REL_GAIN: a rel value, its gain and how many
// judged documents of the query have it.
type relLevel struct {
	rel  int64
	gain float64
	n    int64
}

// gains is trec_eval's GAINS for one query.
type gains struct {
	levels []relLevel
	// total is the number of judged documents at the levels.
	total int64
}

// setupGains is trec_eval's setup_gains: the parameters' levels first,
// then every rel value 0…max of the query not among them (gain = rel),
// counted from the judgments, sorted by gain.
func setupGains(p GainParams, relCounts []int64, scratch []relLevel) gains {
	lv := scratch[:0]
	for _, pr := range p.pairs {
		lv = append(lv, relLevel{rel: pr.rel, gain: pr.gain})
	}
	nParams := len(lv)
	for r, n := range relCounts {
		j := 0
		for j < nParams && lv[j].rel != int64(r) {
			j++
		}
		if j < nParams {
			lv[j].n = n
		} else {
			lv = append(lv, relLevel{rel: int64(r), gain: float64(r), n: n})
		}
	}
	tmp := make([]relLevel, len(lv))
	mergeSort(lv, tmp)
	g := gains{levels: lv}
	for _, l := range lv {
		g.total += l.n
	}
	return g
}

// compareGain is trec_eval's comp_rel_gain: the difference of the
// gains, converted to int as C converts it (truncated toward zero).
func compareGain(a, b *relLevel) int {
	return int(a.gain - b.gain) // |gains| < 2^30: no overflow
}

// mergeSort sorts as glibc 2.36's qsort does for small arrays
// (msort_with_tmp): top-down, the first half n/2 long, ties taken from
// the first half. With compareGain, which is not a consistent order,
// only this exact procedure gives trec_eval's order.
func mergeSort(b, tmp []relLevel) {
	n := len(b)
	if n <= 1 {
		return
	}
	n1 := n / 2
	b1, b2 := b[:n1], b[n1:]
	mergeSort(b1, tmp)
	mergeSort(b2, tmp)
	out := tmp[:0]
	i, j := 0, 0
	for i < len(b1) && j < len(b2) {
		if compareGain(&b1[i], &b2[j]) <= 0 {
			out = append(out, b1[i])
			i++
		} else {
			out = append(out, b2[j])
			j++
		}
	}
	out = append(out, b1[i:]...)
	copy(b, out) // what is left of b2 is already in place
}

// gainOf is trec_eval's get_gain: the first level with that rel value.
func (g *gains) gainOf(rel int64) float64 {
	for _, l := range g.levels {
		if l.rel == rel {
			return l.gain
		}
	}
	return 0
}

// idealWalk steps through the ideal ranking as trec_eval's loops do:
// from the last (highest-gain) level down, a level's n documents each.
type idealWalk struct {
	g     *gains
	level int
	at    int64
	gain  float64
}

func newIdealWalk(g *gains) idealWalk {
	w := idealWalk{g: g, level: len(g.levels) - 1}
	if w.level >= 0 {
		w.gain = g.levels[w.level].gain
	}
	return w
}

// next moves to the next rank and returns its ideal gain.
func (w *idealWalk) next() float64 {
	w.at++
	for w.level >= 0 && w.at > w.g.levels[w.level].n {
		w.at = 1
		w.level--
		w.gain = 0
		if w.level >= 0 {
			w.gain = w.g.levels[w.level].gain
		}
	}
	return w.gain
}

// Rel values of retrieved documents not judged, as trec_eval codes them.
const (
	relNonpool  = -1 // not in the qrels
	relUnjudged = -2 // in the qrels with a negative rel
)

// disc is the divisor of the gain at 0-based rank i, as trec_eval
// computes it: log2(i+2).
func disc(i int) float64 { return math.Log2(float64(i + 2)) }

// familyNDCG is m_ndcg.c's te_calc_ndcg.
func familyNDCG(rels []int64, g *gains) float64 {
	var dcg, idcg float64
	w := newIdealWalk(g)
	i := 0
	for ; i < len(rels) && w.gain > 0; i++ {
		if rg := g.gainOf(rels[i]); rg != 0 {
			dcg += rg / disc(i)
		}
		if ig := w.next(); ig > 0 {
			idcg += ig / disc(i)
		}
	}
	for ; i < len(rels); i++ {
		if rg := g.gainOf(rels[i]); rg != 0 {
			dcg += rg / disc(i)
		}
	}
	for ; w.gain > 0; i++ {
		if ig := w.next(); ig > 0 {
			idcg += ig / disc(i)
		}
	}
	if idcg > 0 {
		return dcg / idcg
	}
	return 0
}

// familyNDCGRel is m_ndcg_rel.c's te_calc_ndcg_rel.
func familyNDCGRel(rels []int64, g *gains) float64 {
	var dcg, idcg, sum float64
	var numRel, numRelRet int64
	w := newIdealWalk(g)
	i := 0
	for ; i < len(rels) && w.gain > 0; i++ {
		rg := g.gainOf(rels[i])
		if rg != 0 {
			dcg += rg / disc(i)
		}
		if ig := w.next(); ig > 0 {
			numRel++
			idcg += ig / disc(i)
		}
		if rg > 0 {
			sum += dcg / idcg
			numRelRet++
		}
	}
	for ; i < len(rels); i++ {
		rg := g.gainOf(rels[i])
		if rg != 0 {
			dcg += rg / disc(i)
		}
		if rg > 0 {
			sum += dcg / idcg
			numRelRet++
		}
	}
	for ; w.gain > 0; i++ {
		if ig := w.next(); ig > 0 {
			numRel++
			idcg += ig / disc(i)
		}
	}
	sum += float64(numRel-numRelRet) * dcg / idcg
	if sum > 0 {
		return sum / float64(numRel)
	}
	return 0
}

// familyRNDCG is m_Rndcg.c's te_calc_Rndcg; numRel counts the judged
// documents with rel ≥ trec_eval's -l (1 by default).
func familyRNDCG(rels []int64, g *gains, numRel int) float64 {
	if numRel == 0 {
		return 0
	}
	var dcg, idcg, sum float64
	var changes int64
	w := newIdealWalk(g)
	old := w.gain
	i := 0
	for ; i < len(rels) && w.gain > 0; i++ {
		rg := g.gainOf(rels[i])
		ig := w.next()
		if old != ig {
			if idcg > 0 {
				sum += dcg / idcg
				changes++
			}
			old = ig
		}
		if rg != 0 {
			dcg += rg / disc(i)
		}
		if ig > 0 {
			idcg += ig / disc(i)
		}
	}
	if i < len(rels) {
		for ; i < len(rels); i++ {
			if rg := g.gainOf(rels[i]); rg != 0 {
				dcg += rg / disc(i)
			}
		}
		if idcg > 0 {
			sum += dcg / idcg
			changes++
		}
	}
	for ; w.gain > 0; i++ {
		ig := w.next()
		if old != ig {
			if idcg > 0 {
				sum += dcg / idcg
				changes++
			}
			old = ig
		}
		if ig > 0 {
			idcg += ig / disc(i)
		}
	}
	return sum / float64(changes) // 0/0 when no gain is positive, as in trec_eval
}

// familyQuery is what the family measures need of one query: the rel
// code of each retrieved document in rank order, and how many judged
// documents have each rel value 0…max.
type familyQuery struct {
	rels      []int64
	relCounts []int64
	// stale says every rel of the query is negative (see load).
	stale  bool
	levels []relLevel
}

// maxFamilyRel bounds the rel values the family measures take: like
// trec_eval, they keep a count per rel value from 0 to the largest.
const maxFamilyRel = 1 << 20

// relCounts counts the judged documents of j at each rel value 0…max,
// appending to out; it returns nil when every rel is negative.
func relCounts(j *Judgments, out []int64) ([]int64, error) {
	out = out[:0]
	if j == nil || len(j.docs) == 0 {
		return nil, nil
	}
	maxRel := int64(j.docs[0].rel)
	for _, d := range j.docs[1:] {
		maxRel = max(maxRel, int64(d.rel))
	}
	if maxRel < 0 {
		return nil, nil
	}
	if maxRel > maxFamilyRel {
		return nil, fmt.Errorf("query %q has rel %d: ndcg_rel, Rndcg and ndcg with gains keep a count per rel value, so trec takes rels up to %d with them", j.QID, maxRel, maxFamilyRel)
	}
	for range maxRel + 1 {
		out = append(out, 0)
	}
	for _, d := range j.docs {
		if d.rel >= 0 {
			out[d.rel]++
		}
	}
	return out, nil
}

// load fills q from a ranking and the query's judgments (nil: none).
// It reports stale when every rel of the query is negative: trec_eval
// then keeps the rel counts of the query it evaluated before (its
// num_rel_levels and rel_levels are not reset, form_res_rels.c), which
// only the whole run's order can tell (see fixStale).
func (q *familyQuery) load(ranked []rankedDoc, j *Judgments) (stale bool, err error) {
	q.rels = q.rels[:0]
	counts, err := relCounts(j, q.relCounts)
	if err != nil {
		return false, err
	}
	if counts != nil {
		q.relCounts = counts
	} else {
		q.relCounts = q.relCounts[:0]
	}
	stale = j != nil && counts == nil
	q.stale = stale
	for _, r := range ranked {
		rel := int64(relNonpool)
		if j != nil {
			if i := j.index.find(j, r.docno, hashDoc(r.docno)); i >= 0 {
				rel = int64(j.docs[i].rel)
				if rel < 0 {
					rel = relUnjudged
				}
			}
		}
		q.rels = append(q.rels, rel)
	}
	return stale, nil
}

// value computes one family column on the loaded query.
func (q *familyQuery) value(col Column) float64 {
	g := setupGains(col.Gains, q.relCounts, q.levels)
	q.levels = g.levels[:0]
	switch col.Kind {
	case KindNDCGRel:
		return familyNDCGRel(q.rels, &g)
	case KindRNDCG:
		// num_rel: the judged documents at rel ≥ -l (form_res_rels.c);
		// none for a stale query, whose loop over its rels is empty.
		numRel := 0
		if !q.stale {
			for r := max(col.Level, 0); r < int64(len(q.relCounts)); r++ {
				numRel += int(q.relCounts[r])
			}
		}
		return familyRNDCG(q.rels, &g, numRel)
	}
	return familyNDCG(q.rels, &g)
}

// familyValues computes the family columns of the query just ranked;
// a stale query keeps its rels in res for fixStale.
func (e *evaluator) familyValues(res *QueryResult, j *Judgments) error {
	stale, err := e.family.load(e.ranked, j)
	if err != nil {
		return err
	}
	for c, col := range e.cols {
		if col.family() {
			res.Values[c] = e.family.value(col)
		}
	}
	if stale {
		res.staleRels = append([]int64{}, e.family.rels...)
	}
	return nil
}

// fixStale recomputes the family columns of the queries whose rels are
// all negative with the rel counts trec_eval has left from the query it
// evaluated before, in its order (qrels query ids, byte order), and
// none before the first query with a rel ≥ 0.
func fixStale(rs []QueryResult, q *Qrels, cols []Column) error {
	var last []int64
	fq := &familyQuery{}
	for i := range rs {
		r := &rs[i]
		if r.staleRels == nil {
			counts, err := relCounts(q.Query(r.QID), nil)
			if err != nil {
				return err
			}
			if counts != nil {
				last = counts
			}
			continue
		}
		fq.rels, fq.relCounts, fq.stale = r.staleRels, last, true
		for c, col := range cols {
			if col.family() {
				r.Values[c] = fq.value(col)
			}
		}
		r.staleRels = nil
	}
	return nil
}
