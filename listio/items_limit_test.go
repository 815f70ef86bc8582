package listio

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withMaxItems sets MaxItems for one test.
func withMaxItems(t *testing.T, n int) {
	old := MaxItems
	MaxItems = n
	t.Cleanup(func() { MaxItems = old })
}

// A list past MaxItems is refused in every reader, naming the flag that
// raises the limit and the line where the list went past it: a CSV of
// one-character grades holds an item every two bytes, so the size limit
// alone let a 100 MB file take gigabytes.
func TestMaxItemsRefused(t *testing.T) {
	withMaxItems(t, 3)
	for _, c := range []struct{ name, data string }{
		{"l.csv", "grade\n1\n1\n1\n1\n"},
		{"l.tsv", "id\tgrade\nA\t1\nB\t1\nC\t1\nD\t1\n"},
		{"l.json", "{\"items\": [\n{\"grade\": 1},\n{\"grade\": 1},\n{\"grade\": 1},\n{\"grade\": 1}\n]}\n"},
		// An unknown field in an item sends the JSON reader down its slow path.
		{"slow.json", "{\"items\": [\n{\"grade\": 1},\n{\"grade\": 1},\n{\"grade\": 1},\n{\"grade\": 1, \"x\": 1}\n]}\n"},
	} {
		_, err := Read(c.name, []byte(c.data), "")
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.name+":5: the list goes on past 3 items", c.name)
		assert.Contains(t, err.Error(), "--max-items", c.name)
	}
	doc, err := Read("l.csv", []byte("grade\n1\n1\n1\n"), "")
	require.NoError(t, err)
	assert.Len(t, doc.List.Items, 3)
}

// Reading a CSV of one-character grades allocates little more than the
// items themselves (56 bytes each), their made-up ids (a few bytes each,
// cut from one string) and the engine's check (its scratch, kept for
// the computing that follows): growing the items' slice row by row, a
// new record and a new id for every row, and a map of every made-up id
// cost twice as much (228 bytes an item).
func TestReadCSVAllocationsPerItem(t *testing.T) {
	const n = 200_000
	data := []byte("grade\n" + strings.Repeat("1\n", n))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	doc, err := ReadCSV("ones.csv", data)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Len(t, doc.List.Items, n)
	perItem := float64(after.TotalAlloc-before.TotalAlloc) / n
	t.Logf("%.1f bytes allocated per item", perItem)
	assert.Less(t, perItem, 130.0)
}
