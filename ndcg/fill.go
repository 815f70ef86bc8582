package ndcg

import "math"

// fill works out every number of the result from the items' grades and
// gains in sc and the ranking (nil: the list order), into prev's memory
// when prev is not nil. It runs the steps below in turn: the cutoffs and
// discounts, the arrays carved for them, one pass over the ranks, the
// sums each tie policy shares, and the ideal ranking.
func fill(prev *Result, list *List, s Settings, sc *scratch, ranked ranking, groups int) (*Result, error) {
	r, lay := resetResult(prev, list, s, sc, groups)
	c, sums := r.carve(lay)
	r.rankPass(sc, ranked, sums)
	r.shareOrders(sums)
	r.fillIdeal(sc, &c, lay.m)
	if err := r.idcgOverflow(); err != nil {
		return nil, err
	}
	r.Order = r.orderFor(s.Ties)
	return r, nil
}

// layout is what a result's arrays are carved for.
type layout struct {
	// n items, m ranks of the ideal ranking (the items, and the pool
	// when IDCG is from every judged item), groups tie groups.
	n, m, groups int
	// small: every grade that counts is an integer in [0, 64), kept as
	// a byte per rank rather than a gain.
	small bool
	// inputOrder: the settings' policy orders ties as the input does
	// (every policy does when there are no ties), so its running sums
	// are added up in the pass over the ranks; best and worst are worked
	// out by orderFor.
	inputOrder bool
}

// resetResult is fill's first step: the result, reset (into prev's memory when
// prev is not nil) to the settings, cutoffs, discounts and gain table of
// list under s, and the layout of its arrays.
func resetResult(prev *Result, list *List, s Settings, sc *scratch, groups int) (*Result, layout) {
	n := len(list.Items)
	m := n
	if s.IDCG == FromJudged {
		m += len(list.Pool)
	}
	var mem resultMemory
	r := prev
	if r == nil {
		r = new(Result)
	} else {
		mem = r.mem
	}
	*r = Result{Settings: s, List: list, N: n, mem: mem}
	r.K, r.IdealK = cut(s.K, n), cut(s.K, m)
	r.Discounts, r.discountsFall = discounts(s.Discount, max(n, m))
	r.table = sc.gains.small
	ties := groups > 0
	return r, layout{
		n: n, m: m, groups: groups,
		small:      sc.smallGrades,
		inputOrder: !ties || s.Ties == Expected || s.Ties == Input,
	}
}

// carver hands out consecutive pieces of the result's memory.
type carver struct {
	floats []float64
	int32s []int32
}

func (c *carver) takeF(k int) []float64 { s := c.floats[:k:k]; c.floats = c.floats[k:]; return s }
func (c *carver) takeI(k int) []int32   { s := c.int32s[:k:k]; c.int32s = c.int32s[k:]; return s }

// carve is fill's second step: it grows the result's memory to what lay
// needs, in a few allocations, and carves the arrays of the pass over
// the ranks from it: the input order, each rank's grade code or gain,
// the tie groups with their mean gains and folds, and the running sums
// of the policy (nil unless lay.inputOrder). The returned carver holds
// the rest, for the ideal ranking.
func (r *Result) carve(lay layout) (c carver, sums []float64) {
	n, m, groups := lay.n, lay.m, lay.groups
	ties := groups > 0
	nf := m // idcg
	if lay.inputOrder {
		nf += n // the policy's sums
	}
	if !lay.small {
		nf += n + 2*m // gains by rank; ideal grades and gains
	}
	if ties {
		nf += groups // tieMean
	}
	ni := n + m // order[Input], IdealOrder
	if ties {
		ni += groups // tieFold
	}
	mem := &r.mem
	mem.floats, mem.int32s = grow(mem.floats, nf), grow(mem.int32s, ni)
	if lay.small {
		mem.codes = grow(mem.codes, n)
		r.codes = mem.codes[:n:n]
	}
	if ties {
		mem.ties = grow(mem.ties, groups)
		r.Ties = mem.ties[:0]
	}
	c = carver{floats: mem.floats, int32s: mem.int32s}
	r.order[Input] = c.takeI(n)
	if lay.inputOrder {
		sums = c.takeF(n)
	}
	if !lay.small {
		r.gains = c.takeF(n)
	}
	if ties {
		r.tieMean, r.tieFold = c.takeF(groups), c.takeI(groups)
	}
	return c, sums
}

// rankPass is fill's third step, one pass over the ranks: the ranking
// (order[Input]), the tie groups and their mean gains, each rank's grade
// code (or gain) in input order, and, when sums is not nil, the running
// sums of the settings' policy, which orders ties by input order.
func (r *Result) rankPass(sc *scratch, ranked ranking, sums []float64) {
	n := r.N
	grade, gain := sc.grade, sc.gain // by item index
	input, codes, gi := r.order[Input], r.codes, r.gains
	small, inputOrder := codes != nil, sums != nil
	disc := r.Discounts[:n]
	sum := 0.0
	for i := 0; i < n; {
		j := i + 1
		if keys := ranked.keys; keys != nil {
			for j < n && keys[j] == keys[i] {
				j++
			}
		}
		if j > i+1 {
			sum = r.tieGroup(sc, ranked, i, j, sums, sum)
			i = j
			continue
		}
		idx := i
		if ranked.keys != nil {
			idx = int(ranked.idx[i])
		}
		g := gain[idx]
		input[i] = int32(idx)
		if small {
			codes[i] = uint8(grade[idx])
		} else {
			gi[i] = g
		}
		if inputOrder {
			sum += g * disc[i]
			sums[i] = sum
		}
		i = j
	}
}

// tieGroup is rankPass on the ranks i to j−1, which tie: it records the
// group, its fold (the ranks before it that share a score with the rank
// above them) and its mean gain, and adds the group's terms to sum,
// returning it. Under Expected each rank of the group counts the mean
// gain; under Input its own.
func (r *Result) tieGroup(sc *scratch, ranked ranking, i, j int, sums []float64, sum float64) float64 {
	grade, gain := sc.grade, sc.gain
	input, codes, gi := r.order[Input], r.codes, r.gains
	at := len(r.Ties)
	r.Ties = append(r.Ties, TieGroup{Start: i, End: j, Score: r.List.Items[ranked.idx[i]].Score})
	fold := int32(0)
	if at > 0 {
		prev := r.Ties[at-1]
		fold = r.tieFold[at-1] + int32(prev.End-prev.Start-1)
	}
	r.tieFold[at] = fold
	mean := 0.0
	for x := i; x < j; x++ {
		idx := ranked.idx[x]
		g := gain[idx]
		input[x] = idx
		if codes != nil {
			codes[x] = uint8(grade[idx])
		} else {
			gi[x] = g
		}
		mean += g
	}
	mean /= float64(j - i)
	r.tieMean[at] = mean
	if sums != nil {
		disc := r.Discounts
		expected := r.Settings.Ties == Expected
		for x := i; x < j; x++ {
			if expected {
				sum += mean * disc[x]
			} else {
				sum += gain[ranked.idx[x]] * disc[x]
			}
			sums[x] = sum
		}
	}
	return sum
}

// shareOrders is fill's fourth step: the orders and running sums the
// tie policies share. Without ties every policy has the input order and
// its sums; with them Expected ranks in input order (its sums are the
// policy's when it is the settings'), as does Input.
func (r *Result) shareOrders(sums []float64) {
	input := r.order[Input]
	switch {
	case len(r.Ties) == 0:
		for _, p := range TiePolicies {
			r.order[p], r.dcg[p] = input, sums
		}
	case sums != nil:
		r.order[Expected] = input
		r.dcg[r.Settings.Ties] = sums
	default:
		r.order[Expected] = input
	}
}

// fillIdeal is fill's fifth step: the ideal ranking of the first m
// items and pool items, every grade that counts highest first, ties in
// input order (list before pool), and IDCG at each of its ranks, in
// arrays carved by c.
func (r *Result) fillIdeal(sc *scratch, c *carver, m int) {
	r.IdealOrder = c.takeI(m)
	r.idcg = c.takeF(m)
	if sc.smallGrades {
		sc.idealBySmallGrade(r, m)
		r.idealSmall, r.idealCount = true, sc.count
		r.setIdealEnds()
		return
	}
	grade, gain := sc.grade, sc.gain
	r.idealGrades, r.idealGains = c.takeF(m), c.takeF(m)
	sc.sortGrades(r.IdealOrder, m)
	sum := 0.0
	for i, idx := range r.IdealOrder {
		g := gain[idx]
		r.idealGrades[i], r.idealGains[i] = grade[idx], g
		sum += g * r.Discounts[i]
		r.idcg[i] = sum
	}
}

// idcgOverflow is fill's last check: every order's DCG is at most the
// whole ideal ranking's, so a finite IDCG over every rank keeps every
// other sum finite. An infinite one is an error that says what to make
// smaller.
func (r *Result) idcgOverflow() error {
	m := len(r.idcg)
	if m == 0 || !math.IsInf(r.idcg[m-1], 0) {
		return nil
	}
	msg := "the gains add up beyond the largest float64 (IDCG overflows)"
	switch r.Settings.Gain.Kind {
	case GainLinear:
		msg += ": use smaller grades"
	case GainMap:
		msg += ": use smaller gains in the map"
	}
	return &GainError{Gain: r.Settings.Gain.Kind, Msg: msg}
}
