package trec

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// This file reads a plain run line from a bitmap of the block's
// separators, and a plain decimal score without strconv. Any other
// line is left to parseRunLine.

// innerSep marks the bytes that separate two fields within a line: C's
// isspace but '\n'.
var innerSep = [256]bool{' ': true, '\t': true, '\r': true, '\v': true, '\f': true}

// inner reports whether c separates two fields within a line: a space,
// tested first, or another of innerSep.
func inner(c byte) bool { return c == ' ' || innerSep[c] }

// sepMask sets the high bit of each byte of w that is at most ' ' (every
// byte C's isspace accepts, and a few control characters), and no
// other: a byte's low seven bits plus 0x5f reach 0x80 from 0x21 on,
// without a carry into the next byte, and a byte's own high bit rules
// it out.
func sepMask(w uint64) uint64 { return ^((w&^highs + (0x80-0x21)*lows) | w) & highs }

// sepScan finds a block's separators (its bytes up to ' ') from a
// bitmap: bit i%64 of words[i/64] is set when data[i] is one. The
// bitmap is worked out 4 KB at a time, eight bytes at a step, as the
// lines reach it; a line's separators are then its next set bits, a
// few instructions each.
type sepScan struct {
	data  []byte
	words []uint64
	// n is how many words are worked out; pos and cur are the cursor:
	// the offset of the word it is in and that word's bits not yet
	// passed.
	n   int
	pos int
	cur uint64
}

// scanAhead is how far past a line's start the bitmap is worked out
// before the line is read: a plain line longer than that is read by
// parseRunLine.
const scanAhead = 1024

// reset starts on data, the cursor at its start.
func (r *sepScan) reset(data []byte) {
	r.data = data
	r.words = slices.Grow(r.words[:0], len(data)/64+1)[:len(data)/64+1]
	r.n = 0
	r.fill(0)
	r.pos, r.cur = 0, r.words[0]
}

// fill works out the bitmap up to at least byte to (or the end).
func (r *sepScan) fill(to int) {
	want := min(max(to/64+1, r.n+64), len(r.words))
	data := r.data
	for ; r.n < want; r.n++ {
		base := r.n * 64
		if base+64 > len(data) {
			var x uint64
			for i := base; i < len(data); i++ {
				if data[i] <= ' ' {
					x |= 1 << (i - base)
				}
			}
			r.words[r.n] = x
			continue
		}
		b := (*[64]byte)(data[base : base+64])
		r.words[r.n] = gather(b[0:8]) | gather(b[8:16])<<8 | gather(b[16:24])<<16 | gather(b[24:32])<<24 |
			gather(b[32:40])<<32 | gather(b[40:48])<<40 | gather(b[48:56])<<48 | gather(b[56:64])<<56
	}
}

// gather returns a bit for each of the eight bytes, set when the byte
// is at most ' ': sepMask's high bits, brought together by a multiply
// that moves bit 8k to bit 56+k (the other products fall below bit 56
// or past bit 63, without carries into the top byte).
func gather(b []byte) uint64 {
	return (sepMask(binary.LittleEndian.Uint64(b)) >> 7) * 0x0102040810204080 >> 56
}

// seek puts the cursor at byte at, working out the bitmap ahead.
func (r *sepScan) seek(at int) {
	if at >= len(r.data) {
		r.pos, r.cur = (len(r.words)-1)*64, 0
		return
	}
	if at+scanAhead > r.n*64 {
		r.fill(at + scanAhead)
	}
	r.pos = at &^ 63
	r.cur = r.words[at>>6] &^ (1<<(at&63) - 1)
}

// nextBit returns the offset of the next set bit after the cursor (pos,
// cur) among words, or -1, and the cursor past it.
func nextBit(words []uint64, pos int, cur uint64) (int, int, uint64) {
	for cur == 0 {
		pos += 64
		if pos>>6 >= len(words) {
			return -1, pos - 64, 0
		}
		cur = words[pos>>6]
	}
	return pos + bits.TrailingZeros64(cur), pos, cur & (cur - 1)
}

// plain finds the separators of a plain line of len(seps) fields (six
// for a run line, four for a qrels line) starting at the cursor, at byte
// at: the fields one separator apart, the first not starting with '#',
// and '\n' right after the last. It puts in seps the offset of the
// separator after each field (the last: the line's end), the cursor
// then past the line, and reports true; or false for any other line, the
// cursor anywhere, and for a line not within scanAhead bytes.
func (r *sepScan) plain(at int, seps []int) bool {
	if at+scanAhead > r.n*64 && r.n < len(r.words) {
		r.fill(at + scanAhead)
	}
	data, words, pos, cur := r.data, r.words[:r.n], r.pos, r.cur
	if at >= len(data) || data[at] == '#' || len(seps) == 0 {
		return false
	}
	prev, last := at-1, len(seps)-1
	var x int
	for k := range seps[:last] {
		if x, pos, cur = nextBit(words, pos, cur); x <= prev+1 || !innerSep[data[x]] {
			return false
		}
		seps[k], prev = x, x
	}
	if x, pos, cur = nextBit(words, pos, cur); x <= prev+1 || data[x] != '\n' {
		return false
	}
	seps[last] = x
	r.pos, r.cur = pos, cur
	return true
}

// plainScore reads a plain decimal score: an optional sign, digits with
// at most one dot among them, 1 to 15 digits in all. Digits and the
// power of ten are then exact in float64, so one division rounds
// correctly (Clinger's fast path), to the value strconv.ParseFloat
// gives. It reports false for anything else, which parseScore reads.
func plainScore(b []byte) (float64, bool) {
	i, neg := 0, false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg, i = b[0] == '-', 1
	}
	digits, dot := len(b)-i, -1
	var m uint64
	for ; i < len(b); i++ {
		if c := b[i] - '0'; c <= 9 {
			m = m*10 + uint64(c)
		} else if b[i] != '.' || dot >= 0 {
			return 0, false
		} else {
			dot = i
		}
	}
	frac := 0
	if dot >= 0 {
		digits--
		frac = len(b) - 1 - dot
	}
	if digits == 0 || digits > 15 {
		return 0, false
	}
	v := float64(m) / pow10[frac]
	if neg {
		v = -v
	}
	return v, true
}

// sameQuery reads the plain lines from byte at on (the cursor there)
// whose query id is qid, numbered from line, appending them to ents
// with their docnos as offsets into the data. It stops at the first
// other line (another query, a line that is not plain, a score that is
// not a plain decimal, the data's last bytes), the cursor at it, and
// returns where that line starts and ents. A query id longer than 16
// bytes is left to the caller.
func (r *sepScan) sameQuery(at int, line int64, qid []byte, ents []entry) (int, []entry) {
	key, ok := newQIDKey(qid)
	if !ok {
		return at, ents
	}
	base := line - int64(len(ents)) // the line of ents[k] is base+k
	for {
		if r.n < len(r.words) && at+scanAhead > r.n*64 {
			r.fill(at + scanAhead)
		}
		from := at
		at, ents = r.lines(at, base, key, ents)
		if at == from || r.n == len(r.words) || at+scanAhead <= r.n*64 {
			// Not a line of the query, or the data's end: the line
			// at at is read elsewhere.
			r.seek(at)
			return at, ents
		}
		// The bitmap ran out: work out more of it and go on.
		r.seek(at)
	}
}

// newQIDKey makes qid's key, if it has 1 to 16 bytes.
func newQIDKey(qid []byte) (qidKey, bool) {
	ql := len(qid)
	if ql == 0 || ql > 16 {
		return qidKey{}, false
	}
	var qb [16]byte
	copy(qb[:], qid)
	key := qidKey{n: ql,
		m0: ^uint64(0) >> ((64 - 8*uint(min(ql, 8))) & 63), m1: ^uint64(0) >> ((128 - 8*uint(max(ql, 8))) & 63)}
	if ql <= 8 {
		key.m1 = 0
	}
	key.w0 = binary.LittleEndian.Uint64(qb[:8]) & key.m0
	key.w1 = binary.LittleEndian.Uint64(qb[8:]) & key.m1
	return key, true
}

// sameQrels is sameQuery for qrels lines: it reads the plain lines from
// byte at on (the cursor there) whose query id is key's and whose rel is
// one digit, the first numbered line+1, appending their judgments to
// slab (fileBase is data's offset in the file); it stops at any other
// line, the cursor at it, and returns where that line starts, the
// number of the last line read and slab.
func (r *sepScan) sameQrels(at, line int, key qidKey, slab []judg, fileBase int) (int, int, []judg) {
	for {
		if r.n < len(r.words) && at+scanAhead > r.n*64 {
			r.fill(at + scanAhead)
		}
		from := at
		at, line, slab = r.qrelsLines(at, line, key, slab, fileBase)
		if at == from || r.n == len(r.words) || at+scanAhead <= r.n*64 {
			r.seek(at)
			return at, line, slab
		}
		r.seek(at)
	}
}

// qrelsLines is sameQrels's loop, as lines is sameQuery's.
func (r *sepScan) qrelsLines(at, line int, key qidKey, slab []judg, fileBase int) (int, int, []judg) {
	data, words := r.data, r.words[:r.n]
	pos, cur := r.pos, r.cur
	for at+8 <= len(data) {
		var s0, s1, s2, s3 int
		if s0, pos, cur = nextBit(words, pos, cur); s0 != at+key.n || binary.LittleEndian.Uint64(data[at:])&key.m0 != key.w0 || !inner(data[s0]) {
			break
		}
		if key.n > 8 && (at+16 > len(data) || binary.LittleEndian.Uint64(data[at+8:])&key.m1 != key.w1) {
			break
		}
		if s1, pos, cur = nextBit(words, pos, cur); s1 <= s0+1 || !inner(data[s1]) {
			break
		}
		if s2, pos, cur = nextBit(words, pos, cur); s2 <= s1+1 || !inner(data[s2]) {
			break
		}
		if s3, pos, cur = nextBit(words, pos, cur); s3 != s2+2 || data[s3] != '\n' {
			break
		}
		rel := data[s2+1] - '0'
		if rel > 9 {
			break
		}
		line++
		slab = append(slab, judg{off: uint32(fileBase + s1 + 1), n: uint32(s2 - s1 - 1), rel: int32(rel), line: uint32(line)})
		at = s3 + 1
	}
	return at, line, slab
}

// qidKey is a query id of up to 16 bytes as two words, to compare with
// the first n bytes of a line: w0 and w1 its bytes, m0 and m1 the masks
// of its bytes in each.
type qidKey struct {
	w0, m0, w1, m1 uint64
	n              int
}

// lines is sameQuery's loop, over the lines within the bitmap worked
// out, each read without a call: nextBit and decimal8 are written out,
// and as few values as can be are kept from one line to the next, so
// that they stay in registers. It returns where it stopped (the cursor
// then anywhere).
func (r *sepScan) lines(at int, base int64, key qidKey, ents []entry) (int, []entry) {
	data, words := r.data, r.words[:r.n]
	pos, cur := r.pos, r.cur
	for at+8 <= len(data) {
		var s0, s1, s2, s3, s4, s5 int
		if s0, pos, cur = nextBit(words, pos, cur); s0 != at+key.n || binary.LittleEndian.Uint64(data[at:])&key.m0 != key.w0 || !inner(data[s0]) {
			break
		}
		if key.n > 8 && (at+16 > len(data) || binary.LittleEndian.Uint64(data[at+8:])&key.m1 != key.w1) {
			break
		}
		if s1, pos, cur = nextBit(words, pos, cur); s1 <= s0+1 || !inner(data[s1]) {
			break
		}
		if s2, pos, cur = nextBit(words, pos, cur); s2 <= s1+1 || !inner(data[s2]) {
			break
		}
		if s3, pos, cur = nextBit(words, pos, cur); s3 <= s2+1 || !inner(data[s3]) {
			break
		}
		if s4, pos, cur = nextBit(words, pos, cur); s4 <= s3+1 || !inner(data[s4]) {
			break
		}
		if s5, pos, cur = nextBit(words, pos, cur); s5 <= s4+1 || data[s5] != '\n' {
			break
		}
		// The score: decimal8 on its bytes after a sign, written out
		// (each break leaves the switch); plainScore for any other.
		score, ok := 0.0, false
		switch x, n := uint64(0), uint(s4-s3-1); {
		default:
			if n > 9 || s3+9 > len(data) {
				break
			}
			x = binary.LittleEndian.Uint64(data[s3+1:])
			neg := false
			if c := byte(x); c == '-' || c == '+' {
				neg, x, n = c == '-', x>>8, n-1
			}
			if n-1 > 7 {
				break
			}
			keep := ^uint64(0) >> ((64 - 8*n) & 63)
			x &= keep
			d := x ^ 0x2e2e2e2e2e2e2e2e
			z := ^((d&^highs + 0x7f7f7f7f7f7f7f7f) | d | 0x7f7f7f7f7f7f7f7f)
			frac := uint(0)
			if z != 0 {
				if z&(z-1) != 0 {
					break
				}
				dot := uint(bits.TrailingZeros64(z)) &^ 7
				frac = n - 1 - dot/8
				x = x&(1<<dot-1) | x>>8>>dot<<dot
				n--
				keep >>= 8
				if n == 0 {
					break
				}
			}
			t := x | 0x3030303030303030&^keep
			if t&0xf0f0f0f0f0f0f0f0|(t+0x0606060606060606)&0xf0f0f0f0f0f0f0f0>>4 != 0x3333333333333333 {
				break
			}
			v := (t - 0x3030303030303030) << ((64 - 8*n) & 63)
			v = v * (10<<8 + 1) >> 8 & 0x00ff00ff00ff00ff
			v = v * (100<<16 + 1) >> 16 & 0x0000ffff0000ffff
			v = v * (10000<<32 + 1) >> 32
			score, ok = float64(v)/pow10[frac&15], true
			if neg {
				score = -score
			}
		}
		if !ok {
			if score, ok = plainScore(data[s3+1 : s4]); !ok {
				break
			}
		}
		ents = append(ents, entry{off: uint32(s1 + 1), n: uint32(s2 - s1 - 1), score: score, line: base + int64(len(ents))})
		at = s5 + 1
	}
	return at, ents
}

// decimal8 reads the n bytes (1 to 8) in x's low bytes as a plain
// unsigned decimal, digits with at most one dot among them and at least
// one digit, as strconv.ParseFloat reads it; it reports false for
// anything else. Its eight digits at most are exact in float64, and so
// is the power of ten, so one division rounds as strconv does
// (Clinger's fast path). The dot is found, taken out and the digits
// checked and added up eight at a time, each step a few operations on
// the whole word.
func decimal8(x uint64, n int) (float64, bool) {
	if uint(n-1) > 7 {
		return 0, false
	}
	// Shifts by a multiple of 8 below 64 (masked so that the compiler
	// leaves out the check for 64 and more).
	un := uint(n)
	keep := ^uint64(0) >> ((64 - 8*un) & 63)
	x &= keep
	// The dot: a byte of x^'.' that is zero, found exactly (no carry
	// out of a byte, as sepMask).
	d := x ^ 0x2e2e2e2e2e2e2e2e
	z := ^((d&^highs + 0x7f7f7f7f7f7f7f7f) | d | 0x7f7f7f7f7f7f7f7f)
	frac := uint(0)
	if z != 0 {
		if z&(z-1) != 0 {
			return 0, false // two dots
		}
		at := uint(bits.TrailingZeros64(z)) &^ 7 // the dot's bit offset
		frac = un - 1 - at/8
		x = x&(1<<at-1) | x>>8>>at<<at
		un--
		keep >>= 8
	}
	if un == 0 {
		return 0, false
	}
	// Every byte a digit once the bytes past n read '0': its high
	// nibble 3, and adding 6 leaves it 3.
	t := x | 0x3030303030303030&^keep
	if t&0xf0f0f0f0f0f0f0f0|(t+0x0606060606060606)&0xf0f0f0f0f0f0f0f0>>4 != 0x3333333333333333 {
		return 0, false
	}
	// The digits' values, the first the most significant, moved up so
	// that the eight bytes read as an eight-digit number with leading
	// zeros, then added up pairwise: 2 digits, 4, 8.
	v := (t - 0x3030303030303030) << ((64 - 8*un) & 63)
	v = v * (10<<8 + 1) >> 8 & 0x00ff00ff00ff00ff
	v = v * (100<<16 + 1) >> 16 & 0x0000ffff0000ffff
	v = v * (10000<<32 + 1) >> 32
	return float64(v) / pow10[frac&15], true
}
