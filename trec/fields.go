package trec

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
)

// spaces marks C's isspace in the "C" locale, which trec_eval splits
// fields on.
var spaces = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true, '\f': true}

func isSpace(c byte) bool { return spaces[c] }

// splitFields cuts line into at most len(out) whitespace-separated
// fields, stores them in out and returns how many it found. The last
// field stored is only the next word, not the rest of the line; more
// reports whether words remain after it.
func splitFields(line []byte, out [][]byte) (n int, more bool) {
	i := 0
	for n < len(out) {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		if i == len(line) {
			return n, false
		}
		start := i
		for i < len(line) && !isSpace(line[i]) {
			i++
		}
		out[n] = line[start:i]
		n++
	}
	for i < len(line) && isSpace(line[i]) {
		i++
	}
	return n, i < len(line)
}

// blankOrComment reports whether a line holds nothing to read: only
// whitespace, or a comment starting with '#'.
func blankOrComment(line []byte) (blank, comment bool) {
	for _, c := range line {
		if !isSpace(c) {
			return false, c == '#'
		}
	}
	return true, false
}

// bstr views b as a string without copying; the string is valid only as
// long as b is not modified.
func bstr(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseScore reads a run's score: any finite number strconv reads.
// Plain decimals, nearly every score, take plainScore's fast path.
func parseScore(b []byte) (float64, error) {
	if v, ok := plainScore(b); ok {
		return v, nil
	}
	v, err := strconv.ParseFloat(bstr(b), 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("score %s is not a finite number", termsafe.Quote(string(b)))
	}
	return v, nil
}

// maxRel bounds rel values so that gains and sums stay exact integers in
// float64 and counts cannot overflow.
const maxRel = 1<<31 - 1

// parseRel reads a qrels rel value as trec_eval does, with C's atol: the
// leading integer of the field, so 2.7 is 2 and -0.5 is 0. Unlike atol it
// rejects a field that is not a number at all ("abc"), which trec_eval
// would silently read as 0.
func parseRel(b []byte) (int64, error) {
	if len(b) == 1 && b[0] >= '0' && b[0] <= '9' {
		return int64(b[0] - '0'), nil // the usual case
	}
	if f, err := strconv.ParseFloat(bstr(b), 64); err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, fmt.Errorf("rel %s is not a finite number", termsafe.Quote(string(b)))
	}
	i, neg := 0, false
	if i < len(b) && (b[i] == '+' || b[i] == '-') {
		neg = b[i] == '-'
		i++
	}
	var v int64
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		v = v*10 + int64(b[i]-'0')
		if v > maxRel {
			return 0, fmt.Errorf("rel %s is too large (at most %d)", termsafe.Quote(string(b)), maxRel)
		}
	}
	if neg {
		v = -v
	}
	return v, nil
}

// countFields says how many fields a line has, for error messages.
// headerHint is what a score or rel that is a column's name adds to its
// error: the line is a header, which TREC files do not have.
func headerHint(field []byte) string {
	switch strings.ToLower(string(field)) {
	case "score", "scores", "sim", "similarity", "rel", "relevance", "label", "grade", "judgment", "judgement":
		return ", with no header line: delete it"
	}
	return ""
}

func countFields(n int) string {
	if n == 1 {
		return "1 field"
	}
	return strconv.Itoa(n) + " fields"
}
