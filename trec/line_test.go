package trec

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// checkDecimal8 asserts that decimal8 reads s (at most eight bytes) as
// strconv.ParseFloat does, to the bit, when s is a plain unsigned
// decimal, and refuses anything else; bytes past s in the word must
// not matter.
func checkDecimal8(t *testing.T, s string, junk uint64) {
	t.Helper()
	var b [8]byte
	copy(b[:], s)
	x := binary.LittleEndian.Uint64(b[:])
	if len(s) < 8 {
		x |= junk << (8 * len(s))
	}
	got, ok := decimal8(x, len(s))
	plain := len(s) > 0
	dots, digits := 0, 0
	for _, c := range []byte(s) {
		switch {
		case c == '.':
			dots++
		case c >= '0' && c <= '9':
			digits++
		default:
			plain = false
		}
	}
	plain = plain && dots <= 1 && digits > 0
	if !plain {
		require.False(t, ok, "%q read as %v", s, got)
		return
	}
	want, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, "%q", s)
	require.True(t, ok, "%q refused", s)
	require.Equal(t, math.Float64bits(want), math.Float64bits(got), "%q: strconv %v, decimal8 %v", s, want, got)
}

// TestDecimal8: every string of up to five bytes of digits, dots and a
// few others, and random ones of six to eight, with junk past them.
func TestDecimal8(t *testing.T) {
	t.Parallel()
	alphabet := []byte("0179.-e x\x00/:")
	var walk func(s []byte)
	walk = func(s []byte) {
		checkDecimal8(t, string(s), 0)
		checkDecimal8(t, string(s), 0x2e2e2e2e2e2e2e2e)
		if len(s) == 5 {
			return
		}
		for _, c := range alphabet {
			walk(append(s, c))
		}
	}
	walk(nil)
	rng := rand.New(rand.NewPCG(5, 8))
	for range 300_000 {
		n := 6 + rng.IntN(3)
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
		}
		if rng.IntN(8) > 0 {
			b[rng.IntN(n)] = '.'
		}
		if rng.IntN(10) == 0 {
			b[rng.IntN(n)] = alphabet[rng.IntN(len(alphabet))]
		}
		checkDecimal8(t, string(b), rng.Uint64())
	}
}

// FuzzDecimal8: decimal8 against strconv on any eight bytes and length.
func FuzzDecimal8(f *testing.F) {
	for _, s := range []string{"9.99", "0", ".5", "5.", ".", "12345678", "1234.567", "1..2", "0.000001", "99999999"} {
		f.Add(s, uint64(0))
	}
	f.Fuzz(func(t *testing.T, s string, junk uint64) {
		if len(s) > 8 {
			s = s[:8]
		}
		checkDecimal8(t, s, junk)
	})
}

// TestSepScanBits: the bitmap marks exactly the bytes up to ' ', for
// blocks of every length around the 64-byte words.
func TestSepScanBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 7))
	var r sepScan
	for n := 0; n < 300; n++ {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(rng.IntN(256))
			if rng.IntN(3) == 0 {
				data[i] = byte(rng.IntN(0x22))
			}
		}
		r.reset(data)
		r.fill(len(data))
		for i, c := range data {
			require.Equal(t, c <= ' ', r.words[i/64]>>(i%64)&1 == 1, "byte %d (%#x) of %d", i, c, n)
		}
	}
}

// TestHashShort: the inlined hash of an 8- to 16-byte docno is
// hashDoc's, which the judgments' index is built with.
func TestHashShort(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for range 10_000 {
		b := make([]byte, 8+rng.IntN(9))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		require.Equal(t, hashDoc(string(b)), hashShort(string(b)), "%q", b)
	}
}

// TestSameQueryIDs: runs of lines of query ids of 1 to 20 bytes, some
// differing only in their last byte or past their eighth, and scores
// of every length, read as parseRunLine reads each line.
func TestSameQueryIDs(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for range 300 {
		var b []byte
		for range 1 + rng.IntN(6) {
			qid := []byte("abcdefghijklmnopqrst")[:1+rng.IntN(20)]
			if rng.IntN(2) == 0 {
				qid[len(qid)-1] = 'z'
			}
			for d := range 1 + rng.IntN(30) {
				score := strconv.FormatFloat(rng.Float64()*float64(rng.IntN(100000)), 'f', rng.IntN(9), 64)
				if rng.IntN(5) == 0 {
					score = "-" + score
				}
				b = fmt.Appendf(b, "%s Q0 doc%d %d %s tag\n", qid, d, d+1, score)
			}
		}
		wantLines, wantErr := readLines(b)
		gotLines, gotErr := readBlock(b)
		require.Equal(t, wantLines, gotLines)
		require.Equal(t, wantErr, gotErr)
	}
}

// TestSameQrelsIDs: qrels lines of query ids of 1 to 20 bytes, one
// query's lines together or not, rels of one digit and others, read
// with their docno, rel and line as written.
func TestSameQrelsIDs(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	for range 200 {
		var b []byte
		type judged struct {
			docno string
			rel   int64
			line  int
		}
		want := map[string][]judged{}
		line := 0
		for range 1 + rng.IntN(6) {
			qid := string([]byte("abcdefghijklmnopqrst")[:1+rng.IntN(20)])
			for range 1 + rng.IntN(30) {
				line++
				d := fmt.Sprintf("doc%d", line)
				rel := int64(rng.IntN(10))
				text := strconv.FormatInt(rel, 10)
				switch rng.IntN(8) {
				case 0:
					rel, text = -1, "-1"
				case 1:
					rel, text = 12, "12"
				}
				b = fmt.Appendf(b, "%s 0 %s %s\n", qid, d, text)
				want[qid] = append(want[qid], judged{d, rel, line})
			}
		}
		q, err := ParseQrels("q", b)
		require.NoError(t, err)
		got := map[string][]judged{}
		for _, j := range q.Queries {
			for i := range j.Len() {
				d := j.Doc(i)
				got[j.QID] = append(got[j.QID], judged{d.Docno, d.Rel, d.Line})
			}
		}
		require.Equal(t, want, got)
	}
}
