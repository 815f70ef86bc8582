//go:build unix

package cli

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// writeBigList writes a JSON list of n items as testdata/big_list.py
// does (grades 0–3, most 0; scores with three decimals, so many ties)
// and returns its path and size.
func writeBigList(tb testing.TB, n int) (string, int64) {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "big.json")
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(11, 0))
	grades := []int{0, 0, 0, 0, 1, 1, 2, 3}
	fmt.Fprintf(w, "{\n  \"title\": \"%d generated items\",\n  \"items\": [\n", n)
	for i := range n {
		g := grades[rng.IntN(len(grades))]
		sep := ",\n"
		if i == n-1 {
			sep = "\n"
		}
		fmt.Fprintf(w, "    {\"id\": \"d%07d\", \"grade\": %d, \"score\": %.3f}%s", i, g, rng.Float64()+float64(g)*0.2, sep)
	}
	w.WriteString("  ]\n}\n")
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		tb.Fatal(err)
	}
	return path, st.Size()
}

// BenchmarkFirstFrame is opening the explorer on a JSON file as
// `ndcg-explorer FILE` does, up to its first frame: reading the file,
// the settings, the one computation, the model and a 120×40 frame. It
// reports the live heap after the frame as a multiple of the file's
// size (heap/file; the list's own size in memory is about the file's)
// and the process's CPU time per opening (cpu-s/op, the garbage
// collector's included), steadier than wall time on a loaded machine.
func BenchmarkFirstFrame(b *testing.B) {
	for _, n := range []int{10_000, 1_000_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			path, size := writeBigList(b, n)
			env := &Env{Stdin: os.Stdin}
			var heap uint64
			var cpu time.Duration
			for b.Loop() {
				before := cpuTime()
				var lf listFlags
				doc, s, err := openList(env, &lf, []string{path})
				if err != nil {
					b.Fatal(err)
				}
				m, err := newExplorer(doc, ui.Options{Doc: doc, Settings: s})
				if err != nil {
					b.Fatal(err)
				}
				m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
				_ = m.View()
				cpu += cpuTime() - before
				b.StopTimer()
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				heap = max(heap, ms.HeapAlloc)
				runtime.KeepAlive(m)
				b.StartTimer()
			}
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(heap)/float64(size), "heap/file")
			b.ReportMetric(float64(size)/1e6, "file-MB")
		})
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
