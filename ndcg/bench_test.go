package ndcg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// benchList is a list of n items graded 0..4 whose scores are rounded to
// two decimals (n ≤ 1000) or three, so that a good share of them tie, as
// a model's rounded scores do.
func benchList(n int) *List {
	rng := rand.New(rand.NewPCG(uint64(n), 42))
	l := &List{Items: make([]Item, n)}
	scale := 1000.0
	if n <= 1000 {
		scale = 100
	}
	for i := range l.Items {
		l.Items[i] = Item{
			ID:       DefaultID(i),
			Grade:    float64(rng.IntN(5)),
			Score:    math.Round(rng.NormFloat64()*scale) / scale,
			HasScore: true,
		}
	}
	return l
}

// BenchmarkRecompute measures a full recompute (validation, ranking by
// score, tie groups, the per-rank breakdown, IDCG, and best, worst and
// expected DCG at every rank) against sorting the same scores alone with
// slices.Sort, interleaved in the same run, and reports
//
//	ratio-to-sort          Recompute (the explorer's path on every edit:
//	                       the new result reuses the previous one's
//	                       memory) ÷ the sort; target ≤ 2.5
//	compute-ratio-to-sort  Compute into fresh memory ÷ the sort, which
//	                       adds zeroing the result's arrays and the
//	                       garbage collector's work
//
// One sort is the floor of any recompute. The copy of the scores into
// the sort's buffer is outside both timings.
func BenchmarkRecompute(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			list := benchList(n)
			scores := make([]float64, n)
			for i, it := range list.Items {
				scores[i] = it.Score
			}
			buf := make([]float64, n)
			s := DefaultSettings()
			s.K = 10
			var sortTime, recomputeTime, computeTime time.Duration
			var sink float64
			var prev *Result
			for b.Loop() {
				copy(buf, scores)
				t0 := time.Now()
				slices.Sort(buf)
				t1 := time.Now()
				r, err := Recompute(prev, list, s)
				if err != nil {
					b.Fatal(err)
				}
				band := r.NDCGBand(s.K)
				t2 := time.Now()
				fresh, err := Compute(list, s)
				if err != nil {
					b.Fatal(err)
				}
				band2 := fresh.NDCGBand(s.K)
				t3 := time.Now()
				prev = r
				sortTime += t1.Sub(t0)
				recomputeTime += t2.Sub(t1)
				computeTime += t3.Sub(t2)
				sink += band.Expected + band2.Best + buf[0]
			}
			if math.IsNaN(sink) {
				b.Fatal("NaN")
			}
			ops := float64(b.N)
			b.ReportMetric(float64(recomputeTime)/float64(sortTime), "ratio-to-sort")
			b.ReportMetric(float64(computeTime)/float64(sortTime), "compute-ratio-to-sort")
			b.ReportMetric(float64(sortTime.Nanoseconds())/ops, "sort-ns/op")
			b.ReportMetric(float64(recomputeTime.Nanoseconds())/ops, "recompute-ns/op")
			b.ReportMetric(float64(computeTime.Nanoseconds())/ops, "compute-ns/op")
		})
	}
}

// BenchmarkRegrade is the explorer's grade edit: one grade changes and
// the result is worked out again keeping the ranking (Regrade), against
// a full Recompute of the same list in the same iteration. It reports
// regrade-ns/op, recompute-ns/op and regrade/recompute.
func BenchmarkRegrade(b *testing.B) {
	for _, n := range []int{10000, 1000000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			list := benchList(n)
			s := DefaultSettings()
			s.K = 10
			r, err := Compute(list, s)
			if err != nil {
				b.Fatal(err)
			}
			full, err := Compute(list, s)
			if err != nil {
				b.Fatal(err)
			}
			var regrade, recompute time.Duration
			i := 0
			for b.Loop() {
				list.Items[r.Order[0]].Grade = float64(i % 4)
				i++
				t0 := time.Now()
				if r, err = Regrade(r, s); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				if full, err = Recompute(full, list, s); err != nil {
					b.Fatal(err)
				}
				recompute += time.Since(t1)
				regrade += t1.Sub(t0)
			}
			ops := float64(b.N)
			b.ReportMetric(float64(regrade.Nanoseconds())/ops, "regrade-ns/op")
			b.ReportMetric(float64(recompute.Nanoseconds())/ops, "recompute-ns/op")
			b.ReportMetric(float64(regrade)/float64(recompute), "regrade/recompute")
		})
	}
}
