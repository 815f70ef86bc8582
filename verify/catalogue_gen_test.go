package verify_test

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// This file makes every mistake of the catalogue by hand, on random
// lists, with a small implementation of its own (none of check's code),
// writes each wrong number as a learner would (two and four decimals),
// and asks check to name it. Right answers at one to six decimals must
// all hold.

// learner is how one person computes: exp or linear gain, a discount,
// a cutoff, an order for tied items, an ideal ranking, and what they
// hand in.
type learner struct {
	exp      bool
	discount func(rank int) float64
	k        int // 0: every rank
	ties     string
	ideal    string // "sorted", "topk", "whole", "unsorted"
	gives    string // "", "inverted", "dcg", "percent", "idcg"
}

func log2Discount(i int) float64 { return 1 / math.Log2(float64(i)+1) }

// genList is a ranked list: grades in the order of their scores (a
// stable sort, highest first), and its tie groups as [start, end) runs.
type genList struct {
	grades []float64
	groups [][2]int
}

func (l genList) gain(g float64, exp bool) float64 {
	if exp {
		return math.Exp2(g) - 1
	}
	return g
}

// gains are the gains at each rank under a tie order: expected (each
// rank of a group gets its mean gain), input, best, worst or docno (ids
// A, B, … in list order, so docno, highest id first, reverses a group).
func (l genList) gains(exp bool, ties string) []float64 {
	out := make([]float64, len(l.grades))
	for i, g := range l.grades {
		out[i] = l.gain(g, exp)
	}
	for _, grp := range l.groups {
		seg := out[grp[0]:grp[1]]
		switch ties {
		case "expected":
			mean := 0.0
			for _, x := range seg {
				mean += x
			}
			mean /= float64(len(seg))
			for i := range seg {
				seg[i] = mean
			}
		case "best":
			slices.SortFunc(seg, func(a, b float64) int { return cmp.Compare(b, a) })
		case "worst":
			slices.Sort(seg)
		case "docno":
			slices.Reverse(seg)
		}
	}
	return out
}

func sumTo(gains []float64, k int, d func(int) float64) float64 {
	if k <= 0 || k > len(gains) {
		k = len(gains)
	}
	s := 0.0
	for i := range k {
		s += gains[i] * d(i+1)
	}
	return s
}

func (l genList) dcg(p learner) float64 { return sumTo(l.gains(p.exp, p.ties), p.k, p.discount) }

func (l genList) idcg(p learner, asked int) float64 {
	switch p.ideal {
	case "unsorted":
		return l.dcg(p)
	case "topk":
		top := l.gains(p.exp, "input")[:asked]
		top = slices.Clone(top)
		slices.SortFunc(top, func(a, b float64) int { return cmp.Compare(b, a) })
		return sumTo(top, p.k, p.discount)
	}
	all := l.gains(p.exp, "input")
	slices.SortFunc(all, func(a, b float64) int { return cmp.Compare(b, a) })
	if p.ideal == "whole" {
		return sumTo(all, 0, p.discount)
	}
	return sumTo(all, p.k, p.discount)
}

// value is what the learner hands in for quantity q (asked at cutoff
// asked); false when it has none.
func (l genList) value(p learner, q verify.Quantity, asked int) (float64, bool) {
	d, i := l.dcg(p), l.idcg(p, asked)
	switch q {
	case verify.DCG:
		if p.gives == "idcg" {
			return i, true
		}
		return d, true
	case verify.IDCG:
		return i, true
	}
	switch p.gives {
	case "dcg":
		return d, true
	case "inverted":
		return i / d, d != 0
	}
	if i == 0 {
		return 0, false
	}
	if p.gives == "percent" {
		return 100 * d / i, true
	}
	return d / i, true
}

// mistake is one catalogue entry made by hand: the learner asked for,
// changed; false when it cannot be made on this list (k−1 at k=1) or
// is the same as the right computation.
type mistake struct {
	id   verify.MistakeID
	on   []verify.Quantity // the quantities it can be handed in for
	make func(l genList, p learner) (learner, bool)
}

var genMistakes = []mistake{
	{verify.GainLinear, qAll, func(l genList, p learner) (learner, bool) { ok := p.exp; p.exp = false; return p, ok }},
	{verify.GainExp, qAll, func(l genList, p learner) (learner, bool) { ok := !p.exp; p.exp = true; return p, ok }},
	{verify.DiscountLn, qAll, func(l genList, p learner) (learner, bool) {
		p.discount = func(i int) float64 { return 1 / math.Log(float64(i)+1) }
		return p, true
	}},
	{verify.DiscountLog10, qAll, func(l genList, p learner) (learner, bool) {
		p.discount = func(i int) float64 { return 1 / math.Log10(float64(i)+1) }
		return p, true
	}},
	{verify.DiscountFromRank1, qAll, func(l genList, p learner) (learner, bool) {
		p.discount = func(i int) float64 { return 1 / math.Log2(max(float64(i), 2)) }
		return p, true
	}},
	{verify.DiscountRank1Left, qAll, func(l genList, p learner) (learner, bool) {
		p.discount = func(i int) float64 {
			if i == 1 {
				return 0
			}
			return 1 / math.Log2(float64(i))
		}
		return p, true
	}},
	{verify.DiscountShift2, qAll, func(l genList, p learner) (learner, bool) {
		p.discount = func(i int) float64 { return 1 / math.Log2(float64(i)+2) }
		return p, true
	}},
	// Every rank, when that is more than k+1 of them (at k = n−1 it is
	// k+1; at k = n, the truth).
	{verify.KAll, qAll, func(l genList, p learner) (learner, bool) { ok := p.k+1 < len(l.grades); p.k = 0; return p, ok }},
	{verify.KMinus1, qAll, func(l genList, p learner) (learner, bool) { ok := p.k >= 2; p.k--; return p, ok }},
	{verify.KPlus1, qAll, func(l genList, p learner) (learner, bool) { ok := p.k+1 <= len(l.grades); p.k++; return p, ok }},
	{verify.IdealTopK, qIdeal, func(l genList, p learner) (learner, bool) { p.ideal = "topk"; return p, true }},
	{verify.IdealWhole, qIdeal, func(l genList, p learner) (learner, bool) { ok := p.k < len(l.grades); p.ideal = "whole"; return p, ok }},
	{verify.IdealUnsorted, qIdeal, func(l genList, p learner) (learner, bool) { p.ideal = "unsorted"; return p, true }},
	{verify.RatioInverted, qNDCG, func(l genList, p learner) (learner, bool) { p.gives = "inverted"; return p, true }},
	{verify.DCGForNDCG, qNDCG, func(l genList, p learner) (learner, bool) { p.gives = "dcg"; return p, true }},
	{verify.Percent, qNDCG, func(l genList, p learner) (learner, bool) { p.gives = "percent"; return p, true }},
	{verify.IDCGForDCG, []verify.Quantity{verify.DCG}, func(l genList, p learner) (learner, bool) { p.gives = "idcg"; return p, true }},
	{verify.TiesInput, qAll, tieOrder("input")},
	{verify.TiesBest, qAll, tieOrder("best")},
	{verify.TiesWorst, qAll, tieOrder("worst")},
	{verify.TiesDocno, qAll, tieOrder("docno")},
}

var (
	qAll   = []verify.Quantity{verify.DCG, verify.IDCG, verify.NDCG}
	qIdeal = []verify.Quantity{verify.IDCG, verify.NDCG}
	qNDCG  = []verify.Quantity{verify.NDCG}
)

func tieOrder(p string) func(genList, learner) (learner, bool) {
	return func(l genList, q learner) (learner, bool) { q.ties = p; return q, len(l.groups) > 0 }
}

// randomList draws 4–10 grades 0–3 (at least one above 0), with
// scores that tie or not.
func randomList(rng *rand.Rand) (genList, []float64, []float64) {
	n := 4 + rng.IntN(7)
	ties := rng.IntN(2) == 0
	grades, scores := make([]float64, n), make([]float64, n)
	for {
		for i := range grades {
			grades[i] = float64(rng.IntN(4))
			if ties {
				scores[i] = float64(rng.IntN(n / 2))
			} else {
				scores[i] = rng.Float64()
			}
		}
		if slices.Max(grades) > 0 {
			break
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(scores[b], scores[a]) })
	var l genList
	for r, i := range order {
		l.grades = append(l.grades, grades[i])
		if r > 0 && scores[i] == scores[order[r-1]] {
			if len(l.groups) > 0 && l.groups[len(l.groups)-1][1] == r {
				l.groups[len(l.groups)-1][1] = r + 1
			} else {
				l.groups = append(l.groups, [2]int{r - 1, r + 1})
			}
		}
	}
	return l, grades, scores
}

// holds says whether text, as written, is value rounded: within half
// a unit of its last digit.
func holds(text string, value float64) bool {
	x, _ := strconv.ParseFloat(text, 64)
	d := 0
	if _, frac, ok := strings.Cut(text, "."); ok {
		d = len(frac)
	}
	tol := 0.5 * math.Pow(10, -float64(d))
	return math.Abs(x-value) <= tol*(1+1e-9)+1e-12
}

// roundedSums are the sums of the terms each rounded to 1–4 decimals.
func roundedSums(gains []float64, k int, d func(int) float64) []float64 {
	var out []float64
	for dec := 1; dec <= 4; dec++ {
		p := math.Pow(10, float64(dec))
		s := 0.0
		if k <= 0 || k > len(gains) {
			k = len(gains)
		}
		for i := range k {
			s += math.Round(gains[i]*d(i+1)*p) / p
		}
		out = append(out, s)
	}
	return out
}

// decimalsOf counts the decimals written.
func decimalsOf(text string) int {
	_, frac, _ := strings.Cut(text, ".")
	return len(frac)
}

// sameTie says two tie orders give one value.
func sameTie(x, y float64) bool { return math.Abs(x-y) <= 1e-12*max(1, math.Abs(y)) }

// tieAlias says a tie order of that value is in out already.
func tieAlias(out map[verify.MistakeID]float64, x float64) bool {
	for id, y := range out {
		if strings.HasPrefix(string(id), "ties_") && sameTie(x, y) {
			return true
		}
	}
	return false
}

// tally counts, per mistake, what check said of the claims made with it.
type tally struct {
	claims, alone, first, aloneListed, listed, collided, ambiguous, unexplained, misnamed, confidentInCollision int
}

func TestCatalogueGenerated(t *testing.T) {
	lists := 120
	if os.Getenv("NDCG_SLOW") == "1" {
		lists = 1500
	}
	rng := rand.New(rand.NewPCG(33, 2026))
	stats := map[verify.MistakeID]*tally{}
	right, rightHeld, wrong, wrongRejected := 0, 0, 0, 0
	for range lists {
		l, grades, scores := randomList(rng)
		list, err := ndcg.FromGrades(grades, scores)
		require.NoError(t, err)
		n := len(l.grades)
		k := 1 + rng.IntN(n)
		exp := rng.IntN(3) > 0
		asked := learner{exp: exp, discount: log2Discount, k: k, ties: "expected", ideal: "sorted"}
		s := ndcg.DefaultSettings()
		s.K = k
		if !exp {
			s.Gain = ndcg.Linear
		}
		check := func(q verify.Quantity, text string) verify.Diagnosis {
			w, err := verify.ParseWritten(text)
			require.NoError(t, err)
			var c verify.Claims
			switch q {
			case verify.DCG:
				c.DCG = &w
			case verify.IDCG:
				c.IDCG = &w
			default:
				c.NDCG = &w
			}
			rep, err := verify.Check(list, s, c)
			require.NoError(t, err)
			if rep.Verdicts[0].Holds {
				return verify.Diagnosis{Mistakes: []verify.MistakeID{"(holds)"}}
			}
			return rep.Diagnosis(0)
		}
		// Right answers, at 1 to 6 decimals.
		for _, q := range qAll {
			truth, ok := l.value(asked, q, k)
			if !ok {
				continue
			}
			for d := 1; d <= 6; d++ {
				right++
				if got := check(q, strconv.FormatFloat(truth, 'f', d, 64)); slices.Equal(got.Mistakes, []verify.MistakeID{"(holds)"}) {
					rightHeld++
				} else {
					t.Errorf("%v k=%d exp=%v: the right %s %.*f is refused", l.grades, k, exp, q, d, truth)
				}
			}
		}
		// fits lists every mistake whose number the claim text is, for q.
		// Two tie orders that give one value are one order: the
		// learner's own stands for both.
		fits := func(own verify.MistakeID, q verify.Quantity, text string) map[verify.MistakeID]float64 {
			out := map[verify.MistakeID]float64{}
			ties := map[verify.MistakeID]float64{}
			for _, m := range genMistakes {
				p, ok := m.make(l, asked)
				if !ok || !slices.Contains(m.on, q) {
					continue
				}
				x, ok := l.value(p, q, k)
				if !ok || !holds(text, x) {
					continue
				}
				if strings.HasPrefix(string(m.id), "ties_") {
					ties[m.id] = x
					continue
				}
				out[m.id] = x
			}
			if x, ok := ties[own]; ok {
				out[own] = x
			}
			for _, id := range slices.Sorted(maps.Keys(ties)) {
				if _, dup := out[id]; !dup && !tieAlias(out, ties[id]) {
					out[id] = ties[id]
				}
			}
			truth, _ := l.value(asked, q, k)
			if dec := decimalsOf(text); text == strconv.FormatFloat(math.Trunc(truth*math.Pow(10, float64(dec)))/math.Pow(10, float64(dec)), 'f', dec, 64) {
				out[verify.TruncatedDigits] = truth
			}
			if q != verify.NDCG {
				gains, d := l.gains(exp, "expected"), log2Discount
				if q == verify.IDCG {
					gains = l.gains(exp, "input")
					slices.SortFunc(gains, func(a, b float64) int { return cmp.Compare(b, a) })
				}
				for _, x := range roundedSums(gains, k, d) {
					if holds(text, x) {
						out[verify.RoundedTerms] = x
					}
				}
			}
			return out
		}
		claim := func(id verify.MistakeID, q verify.Quantity, text string) {
			truth, _ := l.value(asked, q, k)
			if holds(text, truth) {
				return // not wrong as written
			}
			wrong++
			st := stats[id]
			if st == nil {
				st = &tally{}
				stats[id] = st
			}
			st.claims++
			got := check(q, text)
			if slices.Equal(got.Mistakes, []verify.MistakeID{"(holds)"}) {
				t.Errorf("%v k=%d exp=%v: the wrong %s %s (%s) holds", l.grades, k, exp, q, text, id)
				return
			}
			wrongRejected++
			fit := fits(id, q, text)
			// The first named is the learner's own when it is another
			// tie order that gives the very same value.
			first := got.First()
			if f := string(first); strings.HasPrefix(f, "ties_") && strings.HasPrefix(string(id), "ties_") {
				if x, ok := fit[id]; ok && sameTie(got.Values[0], x) {
					first = id
				}
			}
			if _, ok := fit[id]; !ok && id != verify.SlipTerm && id != verify.TruncatedDigits {
				fit[id] = 0 // the learner's own, though written so that
			}
			if id == verify.SlipTerm {
				fit[id] = 0
			}
			listed := slices.Contains(got.Mistakes, id) || first == id
			if len(fit) == 1 {
				st.alone++
				if first == id {
					st.first++
				}
				if listed {
					st.aloneListed++
				}
			} else {
				st.collided++
				if got.Ambiguous && listed {
					st.ambiguous++
				}
				if got.Confident() {
					st.confidentInCollision++
				}
			}
			if listed {
				st.listed++
			}
			if len(got.Mistakes) == 0 {
				st.unexplained++
			} else if _, ok := fit[first]; !ok && !strings.Contains(string(first), "+") && first != verify.SlipTerm &&
				!(strings.HasPrefix(string(first), "ties_") && tieAlias(fit, got.Values[0])) {
				st.misnamed++
				if testing.Verbose() {
					t.Logf("misnamed %s: %v k=%d exp=%v ties %v, %s %s: %v %v", id, l.grades, k, exp, l.groups, q, text, got, fit)
				}
			}
		}
		for _, m := range genMistakes {
			p, ok := m.make(l, asked)
			if !ok {
				continue
			}
			q := m.on[len(m.on)-1] // NDCG where it can be, else what it is about
			if m.id == verify.IdealUnsorted {
				q = verify.IDCG // its NDCG is always 1
			}
			x, ok := l.value(p, q, k)
			if !ok {
				continue
			}
			for _, d := range []int{2, 4} {
				claim(m.id, q, strconv.FormatFloat(x, 'f', d, 64))
			}
		}
		// The digits cut off, not rounded.
		truth, _ := l.value(asked, verify.NDCG, k)
		for _, d := range []int{2, 4} {
			p := math.Pow(10, float64(d))
			claim(verify.TruncatedDigits, verify.NDCG, strconv.FormatFloat(math.Trunc(truth*p)/p, 'f', d, 64))
		}
		// Terms rounded first: to two decimals, written with two; to
		// three, written with four (6.3240).
		for _, r := range [][2]int{{1, 2}, {2, 2}, {3, 4}} {
			sums := roundedSums(l.gains(exp, "expected"), k, log2Discount)
			claim(verify.RoundedTerms, verify.DCG, strconv.FormatFloat(sums[r[0]-1], 'f', r[1], 64))
		}
		// One term wrong: rank j's gain under the discount of rank j−1.
		if k >= 2 {
			j := 2 + rng.IntN(k-1)
			gains := l.gains(exp, "expected")
			x := sumTo(gains, k, log2Discount) + gains[j-1]*(log2Discount(j-1)-log2Discount(j))
			for _, d := range []int{2, 4} {
				claim(verify.SlipTerm, verify.DCG, strconv.FormatFloat(x, 'f', d, 64))
			}
		}
	}

	ids := make([]verify.MistakeID, 0, len(stats))
	for id := range stats {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var b strings.Builder
	fmt.Fprintf(&b, "%-24s %6s %6s %6s %6s %6s %6s %6s %6s\n", "id", "claims", "alone", "first", "listed", "collid", "ambig", "unexpl", "misnam")
	var total tally
	for _, id := range ids {
		st := stats[id]
		fmt.Fprintf(&b, "%-24s %6d %6d %6d %6d %6d %6d %6d %6d\n", id, st.claims, st.alone, st.first, st.listed, st.collided, st.ambiguous, st.unexplained, st.misnamed)
		if id == verify.SlipTerm {
			// One term wrong is no single procedure: any number is some
			// slip of some term, so a slip that lands on a catalogue
			// mistake's number is named as that mistake, which gives it
			// exactly. Its row is reported, not counted below.
			continue
		}
		total.claims += st.claims
		total.alone += st.alone
		total.first += st.first
		total.aloneListed += st.aloneListed
		total.listed += st.listed
		total.collided += st.collided
		total.ambiguous += st.ambiguous
		total.unexplained += st.unexplained
		total.misnamed += st.misnamed
		total.confidentInCollision += st.confidentInCollision
	}
	fmt.Fprintf(&b, "%-24s %6d %6d %6d %6d %6d %6d %6d %6d\n", "all but slip", total.claims, total.alone, total.first, total.listed, total.collided, total.ambiguous, total.unexplained, total.misnamed)
	fmt.Fprintf(&b, "right %d/%d held; wrong %d/%d refused; confident in a collision: %d\n", rightHeld, right, wrongRejected, wrong, total.confidentInCollision)
	t.Log("\n" + b.String())

	assert.Equal(t, right, rightHeld, "every right answer holds")
	assert.Equal(t, wrong, wrongRejected, "every wrong answer is refused")
	assert.GreaterOrEqual(t, float64(total.first), 0.85*float64(total.alone), "named first when only one mistake fits")
	assert.GreaterOrEqual(t, float64(total.aloneListed), 0.95*float64(total.alone), "named when only one fits")
	assert.GreaterOrEqual(t, float64(total.ambiguous), 0.90*float64(total.collided), "collisions said to be")
	assert.Zero(t, total.confidentInCollision, "no mistake named confidently when another fits")
}
