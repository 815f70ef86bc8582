package trec

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withBlocks runs f with the run cut into blocks of plain and held
// bytes (0: the default sizes).
func withBlocks(t *testing.T, plain, held int, f func()) {
	t.Helper()
	saved := blockSizes
	defer func() { blockSizes = saved }()
	if plain > 0 {
		blockSizes.plain, blockSizes.held = plain, held
	}
	f()
}

// rankMajorSources are the ways a run reaches Evaluate: a file, standard
// input (read once, kept in a temporary file), and bytes in memory.
func rankMajorSources(t *testing.T, name string, run []byte) map[string]func() Source {
	return map[string]func() Source{
		"file": func() Source {
			path := filepath.Join(t.TempDir(), name)
			require.NoError(t, os.WriteFile(path, run, 0o644))
			src := FileSource(path)
			src.Name = name
			return src
		},
		"stdin": func() Source {
			src, done := ReaderSource(name, bytes.NewReader(run))
			t.Cleanup(done)
			return src
		},
		"memory": func() Source { return stringSource(name, string(run)) },
	}
}

// TestRankMajorTrecEval: a run sorted by rank (testdata/rankmajor: every
// query's first line, then every query's second line…; trec_eval's
// output recorded by its expected.sh) prints trec_eval's bytes, read
// from a file, standard input or memory; in blocks of the usual size
// (one block) or of 1 and 2 KiB, so that every query's lines are split
// across many blocks, each block holding a part of each query, some
// of its queries ending in it; with its lines held to the end or, past
// a small memory bound, counted and read again.
func TestRankMajorTrecEval(t *testing.T) {
	dir := filepath.Join("testdata", "rankmajor")
	q, err := ReadQrelsFile(filepath.Join(dir, "rankmajor.qrels"))
	require.NoError(t, err)
	run, err := os.ReadFile(filepath.Join(dir, "rankmajor.run"))
	require.NoError(t, err)
	outputs := []struct {
		file     string
		measures []string
		perQuery bool
		complete bool
	}{
		{"rankmajor.q.out", []string{"ndcg", "ndcg_cut.5,10"}, true, false},
		{"rankmajor.c.out", []string{"ndcg_cut"}, false, true},
	}
	for _, blocks := range [][2]int{{0, 0}, {1 << 10, 2 << 10}} {
		for _, memory := range []int{passMemory, 16 << 10} {
			for name, source := range rankMajorSources(t, "rankmajor.run", run) {
				for _, o := range outputs {
					t.Run(fmt.Sprintf("%s/blocks=%d/memory=%d/%s", o.file, blocks[0], memory, name), func(t *testing.T) {
						want, err := os.ReadFile(filepath.Join(dir, o.file))
						require.NoError(t, err)
						m, err := ParseMeasures(o.measures)
						require.NoError(t, err)
						defer func(m int) { passMemory = m }(passMemory)
						passMemory = memory
						withBlocks(t, blocks[0], blocks[1], func() {
							res, err := Evaluate(q, source(), Options{Measures: m, Complete: o.complete, Ties: true})
							require.NoError(t, err)
							var out bytes.Buffer
							require.NoError(t, WriteTrecEval(&out, res, o.perQuery))
							assert.Equal(t, string(want), out.String())
							// Every query of the qrels has lines all over the
							// run: 40 query ids, one of them only in the run.
							assert.Equal(t, 39, res.SplitQueries)
						})
					})
				}
			}
		}
	}
}

// TestRankMajorErrors: in a run sorted by rank cut into many blocks
// whose lines are held, a malformed line near the end and a document
// retrieved a second time on the last line, its first on line 3, are
// reported at their line numbers, counted here from the file.
func TestRankMajorErrors(t *testing.T) {
	dir := filepath.Join("testdata", "rankmajor")
	q, err := ReadQrelsFile(filepath.Join(dir, "rankmajor.qrels"))
	require.NoError(t, err)
	run, err := os.ReadFile(filepath.Join(dir, "rankmajor.run"))
	require.NoError(t, err)
	lines := strings.SplitAfter(string(run), "\n")
	lines = lines[:len(lines)-1]       // after the last line end
	require.Equal(t, 2721, len(lines)) // a comment among them

	// Line 2720 with a score that is not a number.
	bad := append([]string(nil), lines...)
	f := strings.Fields(bad[2719])
	f[4] = "x"
	bad[2719] = strings.Join(f, " ") + "\n"
	// Line 2722: line 3's query and document again.
	third := strings.Fields(lines[2])
	dup := strings.Join(lines, "") + fmt.Sprintf("%s Q0 %s 999 0.5 rm\n", third[0], third[2])

	opt := Options{Measures: Measures{NDCG: true, Cutoffs: []int{10}}}
	for _, blocks := range [][2]int{{0, 0}, {1 << 10, 2 << 10}} {
		for name, source := range rankMajorSources(t, "r", []byte(strings.Join(bad, ""))) {
			withBlocks(t, blocks[0], blocks[1], func() {
				_, err := Evaluate(q, source(), opt)
				assert.EqualError(t, err, `r:2720: score "x" is not a finite number; run lines are "qid Q0 docno rank score tag"`, "%s, blocks of %d", name, blocks[0])
			})
		}
		for name, source := range rankMajorSources(t, "r", []byte(dup)) {
			withBlocks(t, blocks[0], blocks[1], func() {
				_, err := Evaluate(q, source(), opt)
				assert.EqualError(t, err, fmt.Sprintf(`r:2722: document "%s" is retrieved twice for query "%s" (first on line 3); trec_eval stops on this too: keep one line`, third[2], third[0]), "%s, blocks of %d", name, blocks[0])
			})
		}
	}
}
