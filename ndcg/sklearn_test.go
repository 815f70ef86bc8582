package ndcg

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/sklearnref"
)

// sklearnCase is one query of testdata/sklearn/cases.json, written by
// testdata/sklearn/gen.py from scikit-learn's ndcg_score and dcg_score.
type sklearnCase struct{ sklearnref.Case }

type sklearnData struct {
	SklearnVersion string
	Cases          []sklearnCase
}

func loadSklearnCases(t testing.TB) sklearnData {
	t.Helper()
	f, err := sklearnref.Load(filepath.Join("testdata", "sklearn", "cases.json"))
	require.NoError(t, err)
	d := sklearnData{SklearnVersion: f.SklearnVersion}
	for _, c := range f.Cases {
		d.Cases = append(d.Cases, sklearnCase{c})
	}
	return d
}

func (c sklearnCase) k() int {
	if c.K == nil {
		return 0
	}
	return *c.K
}

func (c sklearnCase) settings(t testing.TB) Settings {
	t.Helper()
	g, err := ParseGain(c.Gain)
	require.NoError(t, err)
	return Settings{Gain: g, Discount: Log2, K: c.k(), Ties: Expected, IDCG: FromList, Zero: 0}
}

func (c sklearnCase) list(t testing.TB) *List {
	t.Helper()
	l, err := FromGrades(c.Grades, c.Scores)
	require.NoError(t, err)
	return l
}

// requireRel asserts got equals want to a relative 1e-12, or an absolute
// 1e-12 for values below 1 in magnitude.
func requireRel(t testing.TB, want, got float64, what string) {
	t.Helper()
	tol := 1e-12 * math.Max(1, math.Abs(want))
	if math.Abs(want-got) <= tol {
		return
	}
	require.InDeltaf(t, want, got, tol, "%s: want %v, got %v", what, want, got)
}

func requireAbs(t testing.TB, want, got float64, what string) {
	t.Helper()
	if math.Abs(want-got) <= 1e-12 {
		return
	}
	require.InDeltaf(t, want, got, 1e-12, "%s: want %v, got %v", what, want, got)
}

func TestSklearnReference(t *testing.T) {
	d := loadSklearnCases(t)
	require.GreaterOrEqual(t, len(d.Cases), 200)
	t.Logf("%d cases from scikit-learn %s", len(d.Cases), d.SklearnVersion)
	for i, c := range d.Cases {
		t.Run(fmt.Sprintf("%03d %s", i, c.Name), func(t *testing.T) {
			r, err := Compute(c.list(t), c.settings(t))
			require.NoError(t, err)
			requireRel(t, c.DCG, r.DCG(), "DCG")
			requireRel(t, c.IDCG, r.IDCG(), "IDCG")
			requireAbs(t, c.NDCG, r.NDCG(), "NDCG")
			// The band's expected value is the same number.
			requireAbs(t, c.NDCG, r.NDCGBand(c.k()).Expected, "NDCG band, expected")
			for _, pk := range c.PerK {
				requireRel(t, pk.DCG, r.DCGAt(Expected, pk.K), fmt.Sprintf("DCG@%d", pk.K))
				requireRel(t, pk.IDCG, r.IDCGAt(pk.K), fmt.Sprintf("IDCG@%d", pk.K))
				requireAbs(t, pk.NDCG, r.NDCGAt(Expected, pk.K), fmt.Sprintf("NDCG@%d", pk.K))
				// The breakdown's row at rank k carries the same running values.
				if pk.K <= r.N {
					row := r.Row(pk.K - 1)
					requireRel(t, pk.DCG, row.DCG, fmt.Sprintf("row %d DCG", pk.K))
					requireRel(t, pk.IDCG, row.IDCG, fmt.Sprintf("row %d IDCG", pk.K))
					requireAbs(t, pk.NDCG, row.NDCG, fmt.Sprintf("row %d NDCG", pk.K))
				}
			}
			if c.DCGBest != nil {
				requireRel(t, *c.DCGBest, r.DCGAt(Best, c.k()), "DCG best")
				requireRel(t, *c.DCGWorst, r.DCGAt(Worst, c.k()), "DCG worst")
				requireRel(t, *c.DCGInput, r.DCGAt(Input, c.k()), "DCG input")
			}
		})
	}
}

// TestSklearnLogBase checks the lesson that the base of the standard
// discount's logarithm cancels out of NDCG but not out of DCG, against
// dcg_score(log_base=10) and dcg_score(log_base=e).
func TestSklearnLogBase(t *testing.T) {
	d := loadSklearnCases(t)
	bases := []struct {
		name       string
		discount   Discount
		dcg, idcg  func(sklearnCase) *float64
		lnBaseOver float64 // ln(B)/ln(2): DCG_B = DCG_2 · ln(B)/ln(2)
	}{
		{"log:10", Discount{Kind: DiscountLog, Base: 10}, func(c sklearnCase) *float64 { return c.DCGLog10 }, func(c sklearnCase) *float64 { return c.IDCGLog10 }, math.Log(10) / math.Ln2},
		{"log:e", Discount{Kind: DiscountLog, Base: math.E}, func(c sklearnCase) *float64 { return c.DCGLogE }, func(c sklearnCase) *float64 { return c.IDCGLogE }, 1 / math.Ln2},
	}
	count := 0
	for i, c := range d.Cases {
		if c.DCGLog10 == nil {
			continue
		}
		count++
		for _, b := range bases {
			t.Run(fmt.Sprintf("%03d %s %s", i, c.Name, b.name), func(t *testing.T) {
				s := c.settings(t)
				s.Discount = b.discount
				r, err := Compute(c.list(t), s)
				require.NoError(t, err)
				requireRel(t, *b.dcg(c), r.DCG(), "DCG")
				requireRel(t, *b.idcg(c), r.IDCG(), "IDCG")
				// NDCG is the log2 NDCG: the base cancels.
				requireAbs(t, c.NDCG, r.NDCG(), "NDCG")
				// DCG is not: it scales by ln(B)/ln(2).
				requireRel(t, c.DCG*b.lnBaseOver, r.DCG(), "DCG scaled")
				if c.DCG > 0 {
					require.NotEqual(t, c.DCG, r.DCG())
				}
			})
		}
	}
	require.GreaterOrEqual(t, count, 10, "cases with log_base=10 and e")
}
