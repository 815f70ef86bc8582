package ui

import (
	"fmt"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// benchDoc is a scored list of n items with grades 0–3 and ties.
func benchDoc(n int) *listio.Document {
	grades := make([]float64, n)
	scores := make([]float64, n)
	for i := range grades {
		grades[i] = float64((i * 7) % 4)
		scores[i] = float64((i * 7919) % (n/2 + 1))
	}
	l, _ := ndcg.FromGrades(grades, scores)
	return &listio.Document{Name: "bench", List: l}
}

// BenchmarkKeystroke is one grade edit as a person makes it: the key
// press (which recomputes everything) and the next frame. The baseline
// metric is the time to sort the list's scores alone, measured in the
// same run, since these machines are noisy.
func BenchmarkKeystroke(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000, 1000000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			s := ndcg.DefaultSettings()
			s.K = 10
			m := New(Options{Doc: benchDoc(n), Settings: s})
			m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
			keys := []tea.KeyPressMsg{keyMsg("0"), keyMsg("3")}
			i := 0
			for b.Loop() {
				m.Update(keys[i%2])
				_ = m.View()
				i++
			}
			b.StopTimer()
			scores := make([]float64, n)
			for i, it := range m.Workspace().List().Items {
				scores[i] = it.Score
			}
			const reps = 20
			start := time.Now()
			for range reps {
				c := slices.Clone(scores)
				slices.Sort(c)
			}
			sortNs := float64(time.Since(start).Nanoseconds()) / reps
			perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(perOp/sortNs, "x-sort")
		})
	}
}
