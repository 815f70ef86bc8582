package trec

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseQrels: any bytes give judgments or an error naming a line,
// never a panic; every judgment read is as the line says.
func FuzzParseQrels(f *testing.F) {
	f.Add([]byte("1 0 a 1\n1 0 b 2.7\n2 0 a -1\n"))
	f.Add([]byte("# c\n1\t0\ta\t1\r\n"))
	f.Add([]byte("1 0 a 1\n\n"))
	f.Add([]byte("1 0 a 1e3"))
	f.Fuzz(func(t *testing.T, data []byte) {
		q, err := ParseQrels("q", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "q:") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for _, j := range q.Queries {
			if q.Query(j.QID) != j {
				t.Fatalf("query %q not found by id", j.QID)
			}
			for i := range j.Len() {
				d := j.Doc(i)
				got, ok := j.Lookup(d.Docno)
				if !ok || got != d {
					t.Fatalf("judgment %q not found by docno", d.Docno)
				}
			}
		}
	})
}

// FuzzEvaluate: any run against any qrels is evaluated or rejected with
// an error naming a line; values lie in [0, 1] and inside their bands.
func FuzzEvaluate(f *testing.F) {
	f.Add([]byte("1 0 a 1\n1 0 b 0\n"), []byte("1 Q0 a 1 1 r\n1 Q0 b 1 1 r\n"))
	f.Add([]byte("1 0 a 3\n2 0 b 2\n"), []byte("# x\n\n2 Q0 b 1 0.5 r\n1 Q0 a 1 -1 r\n2 Q0 c 2 0.5 r x\n"))
	f.Add([]byte("1 0 a 1\n"), []byte("1 Q0 a 1 1 r\n1 Q0 a 2 1 r\n"))
	f.Add([]byte("1 0 a 1\n"), []byte("1 Q0 a 1 1e999 r"))
	f.Fuzz(func(t *testing.T, qrels, run []byte) {
		q, err := ParseQrels("q", qrels)
		if err != nil {
			return
		}
		m := Measures{NDCG: true, Cutoffs: []int{1, 3}}
		res, err := Evaluate(q, stringSource("r", string(run)), Options{Measures: m, Ties: true, Workers: 2})
		if err != nil {
			var le *LineError
			if errors.As(err, &le) && le.File != "r" {
				t.Fatalf("error names %q, not the run: %v", le.File, err)
			}
			return
		}
		for _, qr := range res.Queries {
			for c, v := range qr.Values {
				b := qr.Bands[c]
				if !(v >= 0 && v <= 1+1e-12) || v < b.Worst-1e-12 || v > b.Best+1e-12 ||
					b.Expected < b.Worst-1e-12 || b.Expected > b.Best+1e-12 {
					t.Fatalf("query %q column %d: value %v band %+v", qr.QID, c, v, b)
				}
			}
		}
	})
}
