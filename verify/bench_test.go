package verify

import (
	"testing"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// BenchmarkCheckWrongClaim measures the convention search on a long list
// with ties, reported against one computation of the same list.
func BenchmarkCheckWrongClaim(b *testing.B) {
	const n = 10000
	gs, sc := make([]float64, n), make([]float64, n)
	for i := range gs {
		gs[i] = float64((i * 7) % 4)
		sc[i] = float64((i * 13) % 500)
	}
	l, _ := ndcg.FromGrades(gs, sc)
	s := ndcg.DefaultSettings()
	s.K = 10
	w, _ := ParseWritten("0.123")
	b.Run("compute", func(b *testing.B) {
		for b.Loop() {
			ndcg.Compute(l, s)
		}
	})
	b.Run("check", func(b *testing.B) {
		for b.Loop() {
			Check(l, s, Claims{NDCG: &w})
		}
	})
}
