package trec

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// benchRun is a generated run and its qrels, the shape of
// testdata/perf_gen.py's: scores with two decimals (many ties), docnos
// drawn at random, a third of the judged documents not retrieved, rel 0–3.
type benchRun struct {
	qrels, inOrder, scattered []byte
	lines                     int
}

func makeBenchRun(queries, docs, judged int) benchRun {
	rng := rand.New(rand.NewPCG(6, 11))
	var out benchRun
	var qrels []byte
	perQuery := make([][][]byte, queries)
	for q := range queries {
		qid := strconv.Itoa(401 + q)
		scores := make([]float64, docs)
		for i := range scores {
			scores[i] = math.Round(rng.Float64()*1000) / 100
		}
		slices.Sort(scores)
		slices.Reverse(scores)
		names := make([]string, docs)
		for i := range names {
			names[i] = fmt.Sprintf("D%07d", rng.IntN(5_000_000))
		}
		slices.Sort(names)
		names = slices.Compact(names)
		rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		for i, d := range names {
			line := fmt.Appendf(nil, "%s Q0 %s %d %.2f perf\n", qid, d, i+1, scores[i])
			perQuery[q] = append(perQuery[q], line)
			out.inOrder = append(out.inOrder, line...)
			out.lines++
		}
		for i := range judged {
			d := names[rng.IntN(len(names))]
			if i%3 == 2 {
				d = fmt.Sprintf("U%07d", i)
			}
			qrels = fmt.Appendf(qrels, "%s 0 %s %d\n", qid, d, []int{0, 0, 0, 1, 1, 2, 3}[rng.IntN(7)])
		}
	}
	// The scattered run holds the same lines in rank-major order: every
	// query's first document, then every query's second, and so on, as a
	// run sorted by rank would be.
	for i := 0; ; i++ {
		any := false
		for q := range perQuery {
			if i < len(perQuery[q]) {
				out.scattered = append(out.scattered, perQuery[q][i]...)
				any = true
			}
		}
		if !any {
			break
		}
	}
	out.qrels = dedupQrels(qrels)
	return out
}

// dedupQrels keeps the first judgment of each query's docno.
func dedupQrels(qrels []byte) []byte {
	seen := map[string]bool{}
	var out []byte
	for line := range bytes.Lines(qrels) {
		f := bytes.Fields(line)
		key := string(f[0]) + " " + string(f[2])
		if !seen[key] {
			seen[key] = true
			out = append(out, line...)
		}
	}
	return out
}

// floorDoc is one run line as the floor reader keeps it.
type floorDoc struct {
	docno []byte
	score float64
	gain  float64
}

// floorEval is the floor a run reader is measured against: one pass on
// one goroutine over a run already in memory, the standard library's
// parts (bytes.IndexByte, strconv.ParseFloat, a map of the qrels, a
// sort per query), no checks. It returns the mean ndcg and ndcg_cut.10.
func floorEval(qrels map[string]map[string]float64, ideal map[string][]float64, run []byte) (float64, float64) {
	byQuery := map[string][]floorDoc{}
	var order []string
	for len(run) > 0 {
		end := bytes.IndexByte(run, '\n')
		line := run[:end]
		run = run[end+1:]
		var f [6][]byte
		n := 0
		for n < 6 {
			for len(line) > 0 && line[0] == ' ' {
				line = line[1:]
			}
			i := bytes.IndexByte(line, ' ')
			if i < 0 {
				i = len(line)
			}
			f[n], line = line[:i], line[i:]
			n++
		}
		score, _ := strconv.ParseFloat(bstr(f[4]), 64)
		docs, ok := byQuery[bstr(f[0])]
		if !ok {
			order = append(order, string(f[0]))
		}
		byQuery[bstr(f[0])] = append(docs, floorDoc{docno: f[2], score: score})
	}
	var sumAll, sum10 float64
	for _, qid := range order {
		docs, judged := byQuery[qid], qrels[qid]
		for i := range docs {
			docs[i].gain = judged[bstr(docs[i].docno)]
		}
		slices.SortFunc(docs, func(a, b floorDoc) int {
			if a.score != b.score {
				if a.score > b.score {
					return -1
				}
				return 1
			}
			return -bytes.Compare(a.docno, b.docno)
		})
		dcg := func(gains func(int) float64, n, k int) float64 {
			s := 0.0
			for i := 0; i < n && (k == 0 || i < k); i++ {
				if g := gains(i); g > 0 {
					s += g / math.Log2(float64(i+2))
				}
			}
			return s
		}
		id := ideal[qid]
		got := func(i int) float64 { return docs[i].gain }
		best := func(i int) float64 { return id[i] }
		sumAll += dcg(got, len(docs), 0) / dcg(best, len(id), 0)
		sum10 += dcg(got, len(docs), 10) / dcg(best, len(id), 10)
	}
	return sumAll / float64(len(order)), sum10 / float64(len(order))
}

func floorQrels(data []byte) (map[string]map[string]float64, map[string][]float64) {
	qrels, ideal := map[string]map[string]float64{}, map[string][]float64{}
	for line := range bytes.Lines(data) {
		f := bytes.Fields(line)
		rel, _ := strconv.Atoi(string(f[3]))
		if qrels[string(f[0])] == nil {
			qrels[string(f[0])] = map[string]float64{}
		}
		qrels[string(f[0])][string(f[2])] = float64(rel)
		if rel > 0 {
			ideal[string(f[0])] = append(ideal[string(f[0])], float64(rel))
		}
	}
	for _, id := range ideal {
		slices.Sort(id)
		slices.Reverse(id)
	}
	return qrels, ideal
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measured runs f and returns its wall and CPU time (every goroutine's).
func measured(f func()) (wall, cpu time.Duration) {
	runtime.GC()
	c0, t0 := cpuTime(), time.Now()
	f()
	return time.Since(t0), cpuTime() - c0
}

// BenchmarkTrec evaluates a generated run of 300 queries × 1,000
// documents (ndcg and ndcg_cut.10) in rank order and scattered (rank-
// major: every query's first line, then every second line…), against
// the floor reader on the same lines in the same iteration. Metrics:
// ns/line and cpu-ns/line of Evaluate, floor-cpu-ns/line, cpu/floor (the
// ratio of their CPU times, target ≤ 1.3) and, for the scattered run,
// wall/in-order and cpu/in-order (its wall and CPU time per line over
// the in-order run's, measured in the same iteration; target ≤ 1).
func BenchmarkTrec(b *testing.B) {
	run := makeBenchRun(300, 1000, 200)
	q, err := ParseQrels("bench.qrels", run.qrels)
	if err != nil {
		b.Fatal(err)
	}
	fq, fideal := floorQrels(run.qrels)
	opt := Options{Measures: Measures{NDCG: true, Cutoffs: []int{10}}}
	evaluate := func(data []byte) *Result {
		res, err := Evaluate(q, Source{Name: "bench.run", Open: func() (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(data)), nil
		}}, opt)
		if err != nil {
			b.Fatal(err)
		}
		return res
	}
	// The floor computes the same values: it is a fair floor.
	all, cut10 := floorEval(fq, fideal, run.inOrder)
	res := evaluate(run.inOrder)
	if math.Abs(res.All[0]-all) > 1e-9 || math.Abs(res.All[1]-cut10) > 1e-9 {
		b.Fatalf("floor reader: ndcg %v ndcg_cut_10 %v; Evaluate: %v", all, cut10, res.All)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{{"in-order", run.inOrder}, {"scattered", run.scattered}} {
		b.Run(c.name, func(b *testing.B) {
			var wall, cpu, floorCPU, inOrderWall, inOrderCPU time.Duration
			for b.Loop() {
				_, fc := measured(func() { floorEval(fq, fideal, c.data) })
				w, cc := measured(func() { evaluate(c.data) })
				floorCPU, wall, cpu = floorCPU+fc, wall+w, cpu+cc
				if c.name == "scattered" {
					w, c := measured(func() { evaluate(run.inOrder) })
					inOrderWall, inOrderCPU = inOrderWall+w, inOrderCPU+c
				}
			}
			lines := float64(b.N * run.lines)
			b.ReportMetric(float64(wall.Nanoseconds())/lines, "ns/line")
			b.ReportMetric(float64(cpu.Nanoseconds())/lines, "cpu-ns/line")
			b.ReportMetric(float64(floorCPU.Nanoseconds())/lines, "floor-cpu-ns/line")
			b.ReportMetric(float64(cpu)/float64(floorCPU), "cpu/floor")
			if inOrderWall > 0 {
				b.ReportMetric(float64(wall)/float64(inOrderWall), "wall/in-order")
				b.ReportMetric(float64(cpu)/float64(inOrderCPU), "cpu/in-order")
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}
