package ndcg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
)

// The brute force below knows nothing of the engine: it ranks by score
// with its own stable sort, enumerates every order of every tie group and
// sums gains times discounts written out from the definitions.

func bruteGain(g Gain, grade float64) float64 {
	if g.Kind == GainLinear {
		return grade
	}
	return math.Pow(2, grade) - 1
}

// bruteDiscount is 1/log2(i+1) at the 1-based rank i.
func bruteDiscount(i int) float64 { return 1 / math.Log2(float64(i+1)) }

// bruteStable ranks item indices by score descending, ties in input order.
func bruteStable(l *List) []int {
	idx := make([]int, len(l.Items))
	for i := range idx {
		idx[i] = i
	}
	if !l.Scored() {
		return idx
	}
	sort.SliceStable(idx, func(a, b int) bool { return l.Items[idx[a]].Score > l.Items[idx[b]].Score })
	return idx
}

// bruteGroups returns the [start, end) rank ranges of equal scores in order.
func bruteGroups(l *List, order []int) [][2]int {
	var out [][2]int
	for i := 0; i < len(order); {
		j := i + 1
		for l.Scored() && j < len(order) && l.Items[order[j]].Score == l.Items[order[i]].Score {
			j++
		}
		out = append(out, [2]int{i, j})
		i = j
	}
	return out
}

// eachTieOrder calls f with every ranking obtained by permuting the items
// inside each tie group (every permutation of each group, all groups
// combined).
func eachTieOrder(order []int, groups [][2]int, f func([]int)) {
	cur := slices.Clone(order)
	var rec func(gi int)
	rec = func(gi int) {
		if gi == len(groups) {
			f(cur)
			return
		}
		g := groups[gi]
		permute(cur[g[0]:g[1]], 0, func() { rec(gi + 1) })
	}
	rec(0)
}

// permute visits every permutation of s in place.
func permute(s []int, i int, f func()) {
	if i >= len(s)-1 {
		f()
		return
	}
	for j := i; j < len(s); j++ {
		s[i], s[j] = s[j], s[i]
		permute(s, i+1, f)
		s[i], s[j] = s[j], s[i]
	}
}

func bruteDCG(l *List, g Gain, order []int, k int) float64 {
	sum := 0.0
	for i := 0; i < k && i < len(order); i++ {
		sum += bruteGain(g, l.Items[order[i]].Grade) * bruteDiscount(i+1)
	}
	return sum
}

func bruteIDCG(l *List, g Gain, k int) float64 {
	grades := make([]float64, len(l.Items))
	for i, it := range l.Items {
		grades[i] = it.Grade
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(grades)))
	sum := 0.0
	for i := 0; i < k && i < len(grades); i++ {
		sum += bruteGain(g, grades[i]) * bruteDiscount(i+1)
	}
	return sum
}

// idPool holds ids whose byte order differs from case-insensitive and
// numeric order, to test the docno policy's strcmp order.
var idPool = []string{"A", "B", "a", "b", "AA", "Ab", "aB", "é", "e", "z", "Z", "10", "9", "_", "~", "doc-2", "doc-10", "Ä"}

// randomTiedList draws a list of n items with grades that repeat and
// scores from a small set, so that most lists have tie groups.
func randomTiedList(rng *rand.Rand, n int) *List {
	ids := slices.Clone(idPool)
	rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	gradeSet := []float64{0, 1, 2, 3, 0.5, 2.25}[:2+rng.IntN(5)]
	scoreSet := []float64{0.5, -1, 0, 2, 0.25, 7}[:1+rng.IntN(6)]
	l := &List{Items: make([]Item, n)}
	for i := range l.Items {
		l.Items[i] = Item{ID: ids[i], Grade: gradeSet[rng.IntN(len(gradeSet))],
			Score: scoreSet[rng.IntN(len(scoreSet))], HasScore: true}
	}
	return l
}

func TestBruteForceTiePolicies(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(2, 8))
	orders := 0
	for trial := 0; trial < 400; trial++ {
		n := 1 + trial%8
		l := randomTiedList(rng, n)
		for _, g := range []Gain{Linear, Exp} {
			name := fmt.Sprintf("trial %d %s", trial, g)
			stable := bruteStable(l)
			groups := bruteGroups(l, stable)

			// max, min and sum of DCG@k over every tie order, k = 1..n.
			hi, lo, sum := make([]float64, n+1), make([]float64, n+1), make([]float64, n+1)
			for k := range hi {
				hi[k], lo[k] = math.Inf(-1), math.Inf(1)
			}
			count := 0
			eachTieOrder(stable, groups, func(order []int) {
				count++
				acc := 0.0
				for k := 1; k <= n; k++ {
					acc += bruteGain(g, l.Items[order[k-1]].Grade) * bruteDiscount(k)
					hi[k], lo[k], sum[k] = math.Max(hi[k], acc), math.Min(lo[k], acc), sum[k]+acc
				}
			})
			orders += count

			r, err := Compute(l, Settings{Gain: g, Discount: Log2})
			require.NoError(t, err, name)
			for k := 1; k <= n; k++ {
				at := fmt.Sprintf("%s k=%d (%d orders)", name, k, count)
				requireRel(t, hi[k], r.DCGAt(Best, k), at+" best = max")
				requireRel(t, lo[k], r.DCGAt(Worst, k), at+" worst = min")
				requireRel(t, sum[k]/float64(count), r.DCGAt(Expected, k), at+" expected = mean")
				requireRel(t, bruteDCG(l, g, stable, k), r.DCGAt(Input, k), at+" input = stable sort")
				idcg := bruteIDCG(l, g, k)
				requireRel(t, idcg, r.IDCGAt(k), at+" IDCG")
				if idcg > 0 {
					requireAbs(t, hi[k]/idcg, r.NDCGAt(Best, k), at+" NDCG best")
					requireAbs(t, lo[k]/idcg, r.NDCGAt(Worst, k), at+" NDCG worst")
					requireAbs(t, sum[k]/float64(count)/idcg, r.NDCGAt(Expected, k), at+" NDCG expected")
				}
			}
			// k = 0 and k past the end are the whole list.
			requireRel(t, hi[n], r.DCGAt(Best, 0), name+" best, whole list")
			requireRel(t, lo[n], r.DCGAt(Worst, n+3), name+" worst, k > n")
		}
	}
	t.Logf("%d tie orders enumerated", orders)
}

// TestBruteForceOrders checks the concrete orders: input is a stable sort
// by score; docno breaks ties by id in descending byte order; best and
// worst put higher (lower) grades first within each group and keep every
// item in its own group.
func TestBruteForceOrders(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for trial := 0; trial < 300; trial++ {
		l := randomTiedList(rng, 1+trial%8)
		stable := bruteStable(l)
		docno := slices.Clone(stable)
		sort.SliceStable(docno, func(a, b int) bool {
			ia, ib := l.Items[docno[a]], l.Items[docno[b]]
			if ia.Score != ib.Score {
				return ia.Score > ib.Score
			}
			return ia.ID > ib.ID // Go compares strings bytewise, as strcmp
		})
		want := map[TiePolicy][]int{Input: stable, Docno: docno, Expected: stable}
		for _, p := range TiePolicies {
			r, err := Compute(l, Settings{Gain: Exp, Ties: p})
			require.NoError(t, err)
			if w, ok := want[p]; ok {
				require.Equal(t, w, ints(r.Order), "trial %d %s order", trial, p)
			}
			for i, idx := range r.Order {
				// Every policy keeps each item within its score's ranks.
				require.Equal(t, l.Items[stable[i]].Score, l.Items[idx].Score, "trial %d %s rank %d", trial, p, i+1)
				if i > 0 && r.TieAt(i) >= 0 && r.TieAt(i) == r.TieAt(i-1) {
					prev := l.Items[r.Order[i-1]].Grade
					switch p {
					case Best:
						require.GreaterOrEqual(t, prev, l.Items[idx].Grade, "trial %d best rank %d", trial, i+1)
					case Worst:
						require.LessOrEqual(t, prev, l.Items[idx].Grade, "trial %d worst rank %d", trial, i+1)
					}
				}
			}
			require.ElementsMatch(t, stable, ints(r.Order))
			// Docno's DCG follows its order.
			for k := 1; k <= r.N; k++ {
				requireRel(t, bruteDCG(l, Exp, docno, k), r.DCGAt(Docno, k), fmt.Sprintf("trial %d docno DCG@%d", trial, k))
			}
		}
	}
}

// TestBruteForceTieGroups checks the tie groups the engine reports
// against the runs of equal scores.
func TestBruteForceTieGroups(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 10))
	for trial := 0; trial < 200; trial++ {
		l := randomTiedList(rng, 1+trial%8)
		r, err := Compute(l, DefaultSettings())
		require.NoError(t, err)
		var want []TieGroup
		for gi, g := range bruteGroups(l, bruteStable(l)) {
			for i := g[0]; i < g[1]; i++ {
				require.EqualValues(t, gi+1, r.scoreGroup(i), "trial %d rank %d score group", trial, i+1)
			}
			if g[1]-g[0] > 1 {
				for i := g[0]; i < g[1]; i++ {
					require.EqualValues(t, len(want), r.TieAt(i))
				}
				want = append(want, TieGroup{Start: g[0], End: g[1], Score: l.Items[bruteStable(l)[g[0]]].Score})
			} else {
				require.EqualValues(t, -1, r.TieAt(g[0]))
			}
		}
		require.Equal(t, want, r.Ties, "trial %d", trial)
	}
}
