package trec

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// evalArgs runs the trec command's core on trec_eval-style arguments:
// [-q] [-c] [-l N] [-M N] [-J] [-m MEASURE]... QRELS RUN.
func evalArgs(t *testing.T, args []string) string {
	t.Helper()
	var perQuery, complete, levelSet bool
	var measures, files []string
	var limits Limits
	level := 0
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-q":
			perQuery = true
		case "-c":
			complete = true
		case "-m":
			i++
			measures = append(measures, args[i])
		case "-l":
			i++
			levelSet = true
			_, err := fmt.Sscan(args[i], &level)
			require.NoError(t, err)
		case "-M":
			i++
			limits.LimitDocs = true
			_, err := fmt.Sscan(args[i], &limits.MaxDocs)
			require.NoError(t, err)
		case "-J":
			limits.JudgedOnly = true
		default:
			files = append(files, args[i])
		}
	}
	require.Len(t, files, 2)
	m, err := ParseMeasures(measures)
	require.NoError(t, err)
	q, err := ReadQrelsFile(filepath.Join("testdata", files[0]))
	require.NoError(t, err)
	res, err := Evaluate(q, FileSource(filepath.Join("testdata", files[1])), Options{Measures: m, Complete: complete, Ties: !m.HasFamily(), RelevanceLevel: level, LevelSet: levelSet, Limits: limits})
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, WriteTrecEval(&out, res, perQuery))
	return out.String()
}

// TestTrecEvalOutput compares the output with trec_eval's on every
// generated case (testdata/gen.py, testdata/expected.sh): the same
// bytes. The rule_* cases each isolate one of trec_eval's rules (see
// gen.py); the others mix them all, with ties, unsorted and split runs.
func TestTrecEvalOutput(t *testing.T) {
	manifest, err := os.ReadFile("testdata/expected/MANIFEST")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(manifest)), "\n")
	require.NotEmpty(t, lines)
	for _, line := range lines {
		parts := strings.Split(line, "\t")
		require.Len(t, parts, 3, line)
		file, version, args := parts[0], parts[1], strings.Fields(parts[2])
		t.Run(file, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata/expected", file))
			require.NoError(t, err)
			require.Equal(t, string(want), evalArgs(t, args), "trec_eval %s %s", version, parts[2])
		})
	}
}

// TestTrecEvalFamilyOutput compares ndcg_rel, Rndcg and ndcg with gain
// parameters with trec_eval 10.0's output on every generated case
// (testdata/expected_family.sh): the same bytes, -nan included.
func TestTrecEvalFamilyOutput(t *testing.T) {
	manifest, err := os.ReadFile("testdata/expected/family/MANIFEST")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(manifest)), "\n")
	require.Greater(t, len(lines), 100)
	for _, line := range lines {
		parts := strings.Split(line, "\t")
		require.Len(t, parts, 3, line)
		file, args := parts[0], strings.Fields(parts[2])
		t.Run(file, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata/expected/family", file))
			require.NoError(t, err)
			require.Equal(t, string(want), evalArgs(t, args), "trec_eval %s", parts[2])
		})
	}
}
