package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui/components/background"
	"github.com/ndcg-explorer/ndcg-explorer/ui/views"
)

// BenchmarkViewKey is a key that changes the conventions (g, d, [ and ]
// in turn) pressed in each view of a list of 100,000 items: the press
// and the next frame, as the update loop pays for them (ms/key); the
// frames the loop draws when the work the key started off the loop
// comes back (result-ms/key: the workspace's recomputation, then the
// view's own numbers); the longest single frame, a key's or a result's
// (max-frame-ms, the one a person waits for); and, apart, the work off
// the loop (bg-ms/key, run to the end after each key, as the program
// runs it while the spinner turns). The check view checks a wrong NDCG
// claim, so each key sets it looking for the convention or slip behind
// it. x-explorer is a view's ms/key over the explorer's, measured on a
// second model in the same loop with the same keys, since these
// machines are shared and noisy. Each view is measured a second time
// working on the keystroke, as every view did before (on-the-key).
func BenchmarkViewKey(b *testing.B) {
	const n = 100_000
	for _, r := range views.All {
		b.Run(r.Name, func(b *testing.B) { benchViewKey(b, r, n) })
		// The same on the keystroke, as every view worked before: what
		// the work off the loop saves the loop.
		b.Run(r.Name+"/on-the-key", func(b *testing.B) {
			was := background.From
			background.From = 1 << 62
			defer func() { background.From = was }()
			benchViewKey(b, r, n)
		})
	}
}

// BenchmarkViewKeyMillion is BenchmarkViewKey's key in each view of a
// list of 1,000,000 items, working off the loop only (on the keystroke
// the check view takes minutes a key there).
func BenchmarkViewKeyMillion(b *testing.B) {
	for _, r := range views.All {
		b.Run(r.Name, func(b *testing.B) { benchViewKey(b, r, 1_000_000) })
	}
}

func benchViewKey(b *testing.B, r views.Registered, n int) {
	s := ndcg.DefaultSettings()
	s.K = 10
	m := New(Options{Doc: benchDoc(n), Settings: s})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	_, cmd := m.Update(keyMsg(r.Letter))
	finish(b, m, cmd)
	if r.Name == "check" {
		// A wrong NDCG claim, so that every key looks for what
		// would explain it.
		press(m, "down", "down")
		for _, c := range "0.5" {
			_, cmd := m.Update(tea.KeyPressMsg{Code: c, Text: string(c)})
			finish(b, m, cmd)
		}
	}
	keys := []tea.KeyPressMsg{keyMsg("g"), keyMsg("d"), keyMsg("["), keyMsg("]")}
	base := New(Options{Doc: benchDoc(n), Settings: s})
	base.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	var bg, inBase, results, longest time.Duration
	i := 0
	for b.Loop() {
		key := keys[i%len(keys)]
		start := time.Now()
		_, cmd := m.Update(key)
		_ = m.View()
		longest = max(longest, time.Since(start))
		i++
		b.StopTimer()
		start = time.Now()
		loop, most := finish(b, m, cmd)
		bg += time.Since(start) - loop
		results += loop
		longest = max(longest, most)
		start = time.Now()
		_, cmd = base.Update(key)
		_ = base.View()
		inBase += time.Since(start)
		finish(b, base, cmd)
		b.StartTimer()
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
	perKey := ms(b.Elapsed()) / float64(b.N)
	b.ReportMetric(perKey, "ms/key")
	b.ReportMetric(ms(results)/float64(b.N), "result-ms/key")
	b.ReportMetric(ms(longest), "max-frame-ms")
	b.ReportMetric(ms(bg)/float64(b.N), "bg-ms/key")
	b.ReportMetric(perKey/(ms(inBase)/float64(b.N)), "x-explorer")
}
