package workspace

import (
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// BenchmarkAddDeleteMillion is the update loop's part of adding an item
// (a in the explorer) and deleting one (x), each followed by its undo
// (the other way round), on a list of 1,000,000 scored items with many
// two-item ties, under expected ties: the edit, the in-place
// recomputation (ndcg.InsertAt, DeleteAt), the ranks and the scales, the
// modified flag. The sort sub-benchmarks make the same keys with the
// recomputation from scratch (a sort by score) that these edits had
// before, in the same run. ms/key is a key's mean, median-ms/key the
// median key's time.
func BenchmarkAddDeleteMillion(b *testing.B) {
	const n = million
	w := millionWorkspace(b)
	// The first edit takes the saved state's fingerprints: not a part of
	// what is measured here.
	e, _ := w.SetGrade(0, 3)
	w.Apply(e)
	keys := map[string]func(r int) (Edit, string){
		"delete": w.Delete,
		"add":    w.Add,
	}
	for _, name := range []string{"delete", "add"} {
		edit := keys[name]
		for _, sorted := range []bool{false, true} {
			sub := name
			if sorted {
				sub += "_sort"
			}
			b.Run(sub, func(b *testing.B) {
				keyAndUndo(b, w, func() (Edit, string) { return edit(n / 3) }, sorted)
			})
		}
	}
}

// BenchmarkMoveMillion is the update loop's part of moving an item down
// one rank (J in the explorer: it exchanges scores with the item below,
// or within a tie, move_in_tie, places in the list) and its undo, on the list of BenchmarkAddDeleteMillion: the edit, the
// in-place recomputation (ndcg.SwapScoresAt), the ranks and the scales,
// the modified flag. The sort sub-benchmark makes the same keys with the
// recomputation from scratch (a sort by score) that a move had before,
// in the same run: left for work off the loop, which the next move
// waited for. ms/key is a key's mean, median-ms/key the median key's time.
func BenchmarkMoveMillion(b *testing.B) {
	const n = million
	w := millionWorkspace(b)
	e, _ := w.SetGrade(0, 3) // the saved state's fingerprints, as above
	w.Apply(e)
	// A rank whose item and the one below have different scores, each
	// in a two-item tie: the move changes two groups.
	r := n / 3
	for w.List().Items[w.ItemAt(r)].Score == w.List().Items[w.ItemAt(r+1)].Score {
		r++
	}
	// And a rank tied with the one below: the move swaps the two items'
	// places in the list (ndcg.RegradeAt of the two ranks).
	rt := n / 3
	for w.List().Items[w.ItemAt(rt)].Score != w.List().Items[w.ItemAt(rt+1)].Score {
		rt++
	}
	for _, c := range []struct {
		name string
		rank int
	}{{"move", r}, {"move_in_tie", rt}} {
		for _, sorted := range []bool{false, true} {
			sub := c.name
			if sorted {
				sub += "_sort"
			}
			b.Run(sub, func(b *testing.B) {
				keyAndUndo(b, w, func() (Edit, string) { return w.Move(c.rank, 1) }, sorted)
			})
		}
	}
}

// BenchmarkRescoreMillion is the update loop's part of a new score for
// one item and its undo, on the list of BenchmarkAddDeleteMillion: the
// edit, the in-place recomputation (ndcg.RescoreAt), the ranks and the
// scales, the modified flag. score gives the item at rank n/3 a score
// that takes it 1,000 ranks up (s in the explorer), far one that takes
// it to the top (333,333 ranks), tie the score of its neighbour (t).
// The _sort sub-benchmarks make the same keys with the recomputation
// from scratch (a sort by score) that these edits had before, in the
// same run: left for work off the loop, which the next key from a rank
// waited for. ms/key is a key's mean, median-ms/key the median key's
// time.
func BenchmarkRescoreMillion(b *testing.B) {
	const n = million
	w := millionWorkspace(b)
	e, _ := w.SetGrade(0, 3) // the saved state's fingerprints, as above
	w.Apply(e)
	r := n / 3
	items := w.List().Items
	keys := map[string]func() (Edit, string){
		"score": func() (Edit, string) { return w.SetScore(r, items[w.ItemAt(r-1000)].Score+0.5) },
		"far":   func() (Edit, string) { return w.SetScore(r, items[w.ItemAt(0)].Score+1) },
		"tie":   func() (Edit, string) { return w.Tie(r) },
	}
	for _, name := range []string{"score", "far", "tie"} {
		edit := keys[name]
		for _, sorted := range []bool{false, true} {
			sub := name
			if sorted {
				sub += "_sort"
			}
			b.Run(sub, func(b *testing.B) {
				keyAndUndo(b, w, edit, sorted)
			})
		}
	}
}

// BenchmarkFirstEditMillion is the update loop's part of the first
// grade edit after a list of 1,000,000 items is opened: with the saved
// state's fingerprints taken off the loop beforehand (Fingerprinting,
// which the explorer starts with its first frame), and taken on the key
// as before, in the same run. ms/key is a key's mean, median-ms/key the
// median key's time.
func BenchmarkFirstEditMillion(b *testing.B) {
	w := millionWorkspace(b)
	for _, off := range []bool{true, false} {
		name := "off-the-loop"
		if !off {
			name = "on-the-key"
		}
		b.Run(name, func(b *testing.B) {
			var keys []time.Duration
			for b.Loop() {
				w.MarkSaved(w.Version()) // as opened: no fingerprints taken
				if take := w.Fingerprinting(); take != nil && off {
					take()
				}
				start := time.Now()
				e, _ := w.StepGrade(0, 1)
				w.Apply(e)
				keys = append(keys, time.Since(start))
			}
			reportKeys(b, keys)
		})
	}
}

// million is the length of the benchmarks' list.
const million = 1_000_000

// millionWorkspace edits a list of a million scored items with many
// two-item ties (grades 0–3, 500,001 scores), under expected ties.
func millionWorkspace(b *testing.B) *Workspace {
	grades, scores := make([]float64, million), make([]float64, million)
	for i := range grades {
		grades[i] = float64((i * 7) % 4)
		scores[i] = float64((i * 7919) % (million/2 + 1))
	}
	list, err := ndcg.FromGrades(grades, scores)
	require.NoError(b, err)
	return New(&listio.Document{Name: "big", List: list}, ndcg.DefaultSettings())
}

// keyAndUndo times the key edit makes and its undo, as the update loop
// pays for them, until b is done, and reports them (reportKeys); sorted
// recomputes each from scratch (a sort by score), as such edits were
// before, instead of by Apply and Undo.
func keyAndUndo(b *testing.B, w *Workspace, edit func() (Edit, string), sorted bool) {
	var keys []time.Duration
	for b.Loop() {
		start := time.Now()
		e, why := edit()
		require.Empty(b, why)
		if sorted {
			w.change(e, false)
			w.hist.push(e)
			w.recompute(false)
			w.updateDirty()
		} else {
			w.Apply(e)
		}
		undo := time.Now()
		if sorted {
			_, ok := w.hist.undo()
			require.True(b, ok)
			w.change(e, true)
			w.recompute(false)
			w.updateDirty()
		} else {
			_, ok := w.Undo()
			require.True(b, ok)
		}
		keys = append(keys, undo.Sub(start), time.Since(undo))
	}
	reportKeys(b, keys)
}

// reportKeys reports the mean and the median of the keys' times, in ms:
// the median is the typical key, the mean adds the collections that
// fall on some keys.
func reportKeys(b *testing.B, keys []time.Duration) {
	var sum time.Duration
	for _, k := range keys {
		sum += k
	}
	slices.Sort(keys)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(sum)/float64(len(keys)), "ms/key")
	b.ReportMetric(ms(keys[len(keys)/2]), "median-ms/key")
}
