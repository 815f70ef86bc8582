package listio

import (
	"strings"
	"testing"
)

// FuzzReadLETOR: any bytes give queries or an error naming the file,
// never a panic; every row read is in exactly one query, with its line.
func FuzzReadLETOR(f *testing.F) {
	f.Add([]byte(letorData), []byte(""))
	f.Add([]byte("3 1:0.5\n2:0.5 1:0.2 #docid=x\n\n# c\n1 1:1\n"), []byte("2\n1\n"))
	f.Add([]byte("0 qid: 1:nan\n"), []byte("0\n"))
	f.Fuzz(func(t *testing.T, data, groupFile []byte) {
		var groups []int
		if len(groupFile) > 0 {
			g, err := ReadGroups("g", groupFile)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "g") {
					t.Fatalf("error does not name the file: %v", err)
				}
				return
			}
			groups = g
		}
		ds, rows, err := readLETOR("d", data, groups, "")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "d") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		n := 0
		for _, q := range ds.Queries {
			if len(q.Labels) == 0 || len(q.Lines) != len(q.Labels) || (q.DocIDs != nil && len(q.DocIDs) != len(q.Labels)) {
				t.Fatalf("query %q: %d labels, %d lines, %d docids", q.QID, len(q.Labels), len(q.Lines), len(q.DocIDs))
			}
			n += len(q.Labels)
		}
		if n != rows {
			t.Fatalf("%d rows counted, %d in queries", rows, n)
		}
	})
}

// FuzzReadPredictions: numbers or an error naming file and line.
func FuzzReadPredictions(f *testing.F) {
	f.Add([]byte(letorPreds))
	f.Add([]byte("1e3\t2\n\n-0.5,\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadPredictions("p", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "p") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if len(p) == 0 {
			t.Fatal("no predictions and no error")
		}
	})
}
