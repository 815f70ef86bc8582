package trec

import (
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// BenchmarkDictJSON evaluates a generated run of N queries × 100
// documents (20 judged a query) given as dict JSON (one line, as
// json.dump writes it) and as TREC text, both in each iteration, from
// bytes in memory: qrels read, run streamed, ndcg computed. Metrics:
// json/trec-wall, json/trec-cpu and json/trec-alloc (the ratios of the
// two readings' wall time, CPU time and bytes allocated, target ≤ 2 at
// every size), and json-ns/doc and json-B/doc (flat across sizes when
// the reader is linear). The 20,000-query size is run only with
// NDCG_BENCH_LARGE=1: it takes a minute to generate.
func BenchmarkDictJSON(b *testing.B) {
	sizes := []int{1000, 4000}
	if os.Getenv("NDCG_BENCH_LARGE") == "1" {
		sizes = append(sizes, 20000)
	}
	for _, n := range sizes {
		run := makeBenchRun(n, 100, 20)
		jqrels, jrun := dictOf(run.qrels, 3, 0), dictOf(run.inOrder, 4, 0)
		docs := float64(run.lines)
		eval := func(qname string, qrels []byte, rname string, data []byte) float64 {
			q, err := ParseQrelsAs(qname, qrels, "")
			if err != nil {
				b.Fatal(err)
			}
			src, err := RunSourceFrom(rname, data, "")
			if err != nil {
				b.Fatal(err)
			}
			res, err := Evaluate(q, src, Options{Measures: Measures{NDCG: true}})
			if err != nil {
				b.Fatal(err)
			}
			return res.All[0]
		}
		if a, j := eval("q", run.qrels, "r", run.inOrder), eval("q.json", jqrels, "r.json", jrun); a != j {
			b.Fatalf("%d queries: ndcg %v from TREC text, %v from dict JSON", n, a, j)
		}
		b.Run(strconv.Itoa(n)+"x100", func(b *testing.B) {
			var tw, tc, jw, jc time.Duration
			var ta, ja uint64
			for b.Loop() {
				w, c, a := measuredAlloc(func() { eval("q", run.qrels, "r", run.inOrder) })
				tw, tc, ta = tw+w, tc+c, ta+a
				w, c, a = measuredAlloc(func() { eval("q.json", jqrels, "r.json", jrun) })
				jw, jc, ja = jw+w, jc+c, ja+a
			}
			b.ReportMetric(float64(jw)/float64(tw), "json/trec-wall")
			b.ReportMetric(float64(jc)/float64(tc), "json/trec-cpu")
			b.ReportMetric(float64(ja)/float64(ta), "json/trec-alloc")
			b.ReportMetric(float64(jw.Nanoseconds())/docs/float64(b.N), "json-ns/doc")
			b.ReportMetric(float64(ja)/docs/float64(b.N), "json-B/doc")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// measuredAlloc is measured, with the bytes allocated meanwhile.
func measuredAlloc(f func()) (wall, cpu time.Duration, alloc uint64) {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	wall, cpu = measured(f)
	runtime.ReadMemStats(&m1)
	return wall, cpu, m1.TotalAlloc - m0.TotalAlloc
}
