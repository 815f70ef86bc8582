package listio

import (
	"fmt"
	"strings"
	"testing"
)

// bigList is a list of n scored items in the JSON format and as CSV.
func bigList(n int) (jsonData, csvData []byte) {
	var j, c strings.Builder
	j.WriteString("{\"items\": [\n")
	c.WriteString("id,title,grade,score\n")
	for i := 0; i < n; i++ {
		sep := ","
		if i == n-1 {
			sep = ""
		}
		fmt.Fprintf(&j, "  {\"id\": \"d%d\", \"title\": \"Document %d\", \"grade\": %d, \"score\": %g}%s\n", i, i, i%4, float64(i%1000)/7, sep)
		fmt.Fprintf(&c, "d%d,Document %d,%d,%g\n", i, i, i%4, float64(i%1000)/7)
	}
	j.WriteString("]}\n")
	return []byte(j.String()), []byte(c.String())
}

// Locating every item by line must stay linear in the file: a 100,000-item
// list once took quadratic time counting newlines for each item.
func BenchmarkReadJSON(b *testing.B) {
	data, _ := bigList(100_000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ReadJSON("big.json", data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadCSV(b *testing.B) {
	_, data := bigList(100_000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ReadCSV("big.csv", data); err != nil {
			b.Fatal(err)
		}
	}
}
