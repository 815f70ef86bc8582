package trec

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkScore asserts that parseScore reads s as strconv.ParseFloat does,
// to the bit, and refuses what strconv refuses or reads as ±Inf or NaN.
func checkScore(t *testing.T, s string) {
	t.Helper()
	want, werr := strconv.ParseFloat(s, 64)
	got, err := parseScore([]byte(s))
	if werr != nil || math.IsInf(want, 0) || math.IsNaN(want) {
		require.Error(t, err, "%q", s)
		return
	}
	require.NoError(t, err, "%q", s)
	require.Equal(t, math.Float64bits(want), math.Float64bits(got), "%q: strconv %v, parseScore %v", s, want, got)
}

// FuzzParseScore: the plain-decimal fast path of parseScore gives
// strconv.ParseFloat's value, bit for bit, and everything else goes to
// strconv.
func FuzzParseScore(f *testing.F) {
	for _, s := range []string{"9.99", "-0", "-0.0", "+1", "1.", ".5", "-.5", "+.", ".", "-", "",
		"123456789012345", "1234567890123456", "0.000000000000001", "999999999999999.9",
		"1e5", "1E-5", "0x1p-2", "inf", "-Inf", "nan", "1e400", "00.10", "1_000", "1..2", "4.9e-324"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkScore(t, s) })
}

// TestParseScoreDecimals: random plain decimals of up to 17 digits, the
// dot anywhere, signed or not, against strconv.
func TestParseScoreDecimals(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 2))
	for range 200_000 {
		n := 1 + rng.IntN(17)
		digits := make([]byte, n)
		for i := range digits {
			digits[i] = byte('0' + rng.IntN(10))
		}
		s := string(digits)
		if dot := rng.IntN(n + 2); dot <= n {
			s = s[:dot] + "." + s[dot:]
		}
		switch rng.IntN(4) {
		case 0:
			s = "-" + s
		case 1:
			s = "+" + s
		}
		checkScore(t, s)
	}
}

// readLines is the block reader's reference: each line cut at '\n' and
// read by parseRunLine.
func readLines(data []byte) (lines []string, err string) {
	n := 0
	for len(data) > 0 {
		n++
		b := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			b, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		var l runLine
		ok, msg := parseRunLine(b, &l)
		if msg != "" {
			return lines, strconv.Itoa(n) + ": " + msg
		}
		if ok {
			lines = append(lines, strconv.Itoa(n)+" "+string(l.qid)+" "+string(l.docno)+" "+strconv.FormatFloat(l.score, 'g', -1, 64))
		}
	}
	return lines, ""
}

// readBlock reads data as one block of the run and lists its lines as
// readLines does.
func readBlock(data []byte) (lines []string, err string) {
	var p parser
	bl := &block{data: data, firstLine: 1}
	index := map[string]int{} // as the qrels index: one per query id
	p.read(bl, "r", func(qid []byte) (int, bool) {
		i, ok := index[string(qid)]
		if !ok {
			i = len(index)
			index[string(qid)] = i
		}
		return i, true
	})
	// Lines are in p.ents in file order; their query is their segment's
	// or, once the block is seen scattered, their group's.
	qids := make([]string, len(p.ents))
	for _, s := range p.segs {
		for x := s.start; x < s.end; x++ {
			qids[x] = s.qid
		}
	}
	for x, gi := range p.gis {
		qids[p.gstart+x] = p.groups[gi].qid
	}
	for x, e := range p.ents {
		lines = append(lines, strconv.FormatInt(e.line, 10)+" "+qids[x]+" "+string(data[e.off:e.off+e.n])+" "+strconv.FormatFloat(e.score, 'g', -1, 64))
	}
	if bl.err != nil {
		err = strings.TrimPrefix(bl.err.Error(), "r:")
	}
	return lines, err
}

// FuzzReadBlock: the block reader, which looks at eight bytes at a time,
// finds the same lines, fields, scores and first error as parseRunLine
// on each line.
func FuzzReadBlock(f *testing.F) {
	for _, s := range []string{
		"401 Q0 D1 1 9.99 perf\n402 Q0 D2 1 9.98 perf\n",
		"1 Q0 a 1 2 t\n\n# comment with six or more fields here\n1\tQ0\ta2\t2\t1.5\tt\r\n",
		"1 Q0 a 1 2 t extra fields\n  1   Q0   b   2   1   t  \n1 Q0 c 3 -0 t",
		"1 Q0 \x01a 1 2 t\n1 Q0 b\v 1 2\f t\n",
		"1 Q0 a 1 x t\n", "1 Q0 a 1\n", "#\n", "1 Q0 a 1 1e999 t\n", "\xff Q0 é 1 .5 t\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		wantLines, wantErr := readLines(data)
		gotLines, gotErr := readBlock(data)
		assert.Equal(t, wantLines, gotLines)
		assert.Equal(t, wantErr, gotErr)
	})
}

// TestReadBlockLines: lines of every length around the eight-byte words
// and the end of the block, with every separator.
func TestReadBlockLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	seps := []string{" ", "  ", "\t", "\r", "\v", "\f", " \t "}
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(6) {
			fields := []string{strconv.Itoa(rng.IntN(3)), "Q0", strings.Repeat("d", 1+rng.IntN(20)), "1", strconv.FormatFloat(rng.Float64()*10, 'f', rng.IntN(4), 64), "tag"}
			n := 6
			if rng.IntN(8) == 0 {
				n = rng.IntN(9)
			}
			for i := 0; i < n; i++ {
				if i > 0 || rng.IntN(4) == 0 {
					b.WriteString(seps[rng.IntN(len(seps))])
				}
				if i < len(fields) {
					b.WriteString(fields[i])
				} else {
					b.WriteString("x")
				}
			}
			if rng.IntN(10) > 0 {
				b.WriteString("\n")
			}
		}
		data := []byte(b.String())
		wantLines, wantErr := readLines(data)
		gotLines, gotErr := readBlock(data)
		require.Equal(t, wantLines, gotLines, "%q", data)
		require.Equal(t, wantErr, gotErr, "%q", data)
	}
}

// FuzzQrelsLines: ParseQrels, which reads plain lines eight bytes at a
// time, reads the judgments and the first bad line that a line-by-line
// reader (blankOrComment, splitFields, parseRel) reads.
func FuzzQrelsLines(f *testing.F) {
	for _, s := range []string{
		"1 0 a 1\n1 0 b 2.7\n2 0 a -1\n", "# c\n1\t0\ta\t1\r\n", "1 0 a 1\n\n", "1 0 a 1e3",
		"1 0 a 1 x\n", "1 0 a\n", "  1  0  a  1  \n1\v0\fa\t3\n", "1 0 \x01a 1\n#x y z w\n1 0 b x\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var want []string
		wantErr := ""
		n := 0
		for rest := data; len(rest) > 0 && wantErr == ""; {
			n++
			line := rest
			if i := bytes.IndexByte(rest, '\n'); i >= 0 {
				line, rest = rest[:i], rest[i+1:]
			} else {
				rest = nil
			}
			blank, comment := blankOrComment(line)
			if comment {
				continue
			}
			var fields [4][]byte
			k, more := splitFields(line, fields[:])
			rel, err := parseRel(fields[3])
			switch {
			case blank:
				wantErr = strconv.Itoa(n) + ": blank line"
			case k < 4 || more:
				wantErr = strconv.Itoa(n) + ": fields"
			case err != nil:
				wantErr = strconv.Itoa(n) + ": rel"
			default:
				want = append(want, strconv.Itoa(n)+" "+string(fields[0])+" "+string(fields[2])+" "+strconv.FormatInt(rel, 10))
			}
		}
		q, err := ParseQrels("q", data)
		var le *LineError
		if wantErr != "" {
			require.ErrorAs(t, err, &le)
			got := strconv.Itoa(le.Line) + ": "
			switch {
			case strings.HasPrefix(le.Msg, "blank line"):
				got += "blank line"
			case strings.Contains(le.Msg, "(4 fields)"):
				got += "fields"
			case strings.HasPrefix(le.Msg, "rel "):
				got += "rel"
			}
			assert.Equal(t, wantErr, got, le.Msg)
			return
		}
		if err != nil {
			return // no judgments, or one judged twice
		}
		var got []string
		for _, j := range q.Queries {
			for i := range j.Len() {
				d := j.Doc(i)
				got = append(got, strconv.Itoa(d.Line)+" "+j.QID+" "+d.Docno+" "+strconv.FormatInt(d.Rel, 10))
			}
		}
		slices.SortFunc(got, func(a, b string) int {
			x, _ := strconv.Atoi(strings.Fields(a)[0])
			y, _ := strconv.Atoi(strings.Fields(b)[0])
			return x - y
		})
		assert.Equal(t, want, got)
	})
}

// TestScatteredBlock: a run whose lines are shuffled, with queries the
// qrels lack among them, evaluates as the same run grouped by query,
// whether the scattered queries are held, counted and read again, or
// read for one query.
func TestScatteredBlock(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	var qrels strings.Builder
	var lines []string
	for q := range 60 {
		for d := range 200 {
			if q < 50 && d%7 == 0 {
				fmt.Fprintf(&qrels, "q%02d 0 d%03d %d\n", q, d, rng.IntN(4))
			}
			lines = append(lines, fmt.Sprintf("q%02d Q0 d%03d %d %.1f r", q, d, d+1, float64(rng.IntN(40))/4))
		}
	}
	q, err := ParseQrels("q", []byte(qrels.String()))
	require.NoError(t, err)
	opt := Options{Measures: Measures{NDCG: true, Cutoffs: []int{5}}, Ties: true}
	grouped, err := Evaluate(q, stringSource("r", strings.Join(lines, "\n")), opt)
	require.NoError(t, err)
	rng.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	run := strings.Join(lines, "\n")
	held, err := Evaluate(q, stringSource("r", run), opt)
	require.NoError(t, err)
	assert.Equal(t, grouped.Queries, held.Queries)
	assert.Equal(t, grouped.All, held.All)
	assert.Equal(t, 50, held.SplitQueries)

	defer func(m int) { passMemory = m }(passMemory)
	passMemory = 1 << 10
	reread, err := Evaluate(q, stringSource("r", run), opt)
	require.NoError(t, err)
	assert.Equal(t, grouped.Queries, reread.Queries)

	docs, found, err := readQuery(stringSource("r", run), "q07")
	require.NoError(t, err)
	require.True(t, found)
	require.Len(t, docs, 200)
	for _, d := range docs {
		assert.Contains(t, run, "q07 Q0 "+d.Docno+" ")
	}
}

// TestHeldDuplicate: in a run scattered over many blocks, a document
// retrieved twice is reported at the line numbers of both of its lines,
// read from the held lines' parts.
func TestHeldDuplicate(t *testing.T) {
	q, err := ParseQrels("q", []byte("a 0 d0001 1\nb 0 d0002 1\n"))
	require.NoError(t, err)
	var run strings.Builder
	n := 0
	// Rank-major: a, b, a, b… over several blocks.
	for d := 0; run.Len() < 3*blockSize; d++ {
		for _, qid := range []string{"a", "b"} {
			fmt.Fprintf(&run, "%s Q0 d%04d %d %d.5 r\n", qid, d, d+1, 90000-d)
			n++
		}
	}
	first := 2*777 + 2 // the line of b's d0777
	fmt.Fprintf(&run, "b Q0 d0777 1 1 r\n")
	n++
	opt := Options{Measures: Measures{NDCG: true}}
	_, err = Evaluate(q, stringSource("r", run.String()), opt)
	assert.EqualError(t, err, fmt.Sprintf(`r:%d: document "d0777" is retrieved twice for query "b" (first on line %d); trec_eval stops on this too: keep one line`, n, first))
}
