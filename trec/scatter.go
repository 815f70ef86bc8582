package trec

import "encoding/binary"

// This file holds what makes a run whose queries are scattered through
// it (a run sorted by rank: every query's first line, then every
// query's second line…) cheaper to read: in a scattered block the query
// changes on nearly every line.

// blockSizes are the sizes of the blocks the run is cut into: a
// variable so that tests can cut a small run into many blocks.
var blockSizes = struct{ plain, held int }{blockSize, heldBlockSize}

// qidOrder is what a scattered block's line needs of its query id, 24
// bytes kept in the order the ids were first met: in a run sorted by
// rank that is the order they come in, over and over, so that reading
// them walks this list from one end to the other instead of hopping
// over the hash table's slots, which do not stay in the cache.
type qidOrder struct {
	// head is the id's bytes as a little-endian word, for an id of at
	// most 8 bytes; n is its length.
	head uint64
	n    int32
	// next is 1 + the place of the id asked for after this one, last
	// time.
	next int32
	// qi is the id's qrels index, -1 if its lines are not wanted.
	qi int32
	// slot is the id's slot in the hash table.
	slot int32
}

func newQIDOrder(a *qidAnswer, slot int32) qidOrder {
	o := qidOrder{n: int32(len(a.qid)), qi: -1, slot: slot}
	if a.keep {
		o.qi = int32(a.qi)
	}
	if len(a.qid) <= 8 {
		var w [8]byte
		copy(w[:], a.qid)
		o.head = binary.LittleEndian.Uint64(w[:])
	}
	return o
}

// wantAt returns the place in t.order of the id data[qs:qe], asking
// want when it is new; prev is the place of the id asked for before
// (-1: none). The id that came after prev's last time is tried first,
// with one load and one comparison for an id of up to 8 bytes.
func (t *qidTable) wantAt(prev int32, data []byte, qs, qe int, want func([]byte) (int, bool)) int32 {
	if prev >= 0 {
		if n := t.order[prev].next - 1; n >= 0 {
			o := &t.order[n]
			l := qe - qs
			if int(o.n) == l {
				if l <= 8 && qs+8 <= len(data) {
					if binary.LittleEndian.Uint64(data[qs:])&(^uint64(0)>>(64-8*l)) == o.head {
						return n
					}
				} else if t.slots[o.slot].qid == string(data[qs:qe]) {
					return n
				}
			}
		}
	}
	at := t.slots[t.want(-1, data[qs:qe], want)].at
	if prev >= 0 {
		t.order[prev].next = at + 1
	}
	return at
}

// scatteredLines reads the plain lines of a scattered block from byte
// at on (the cursor there), numbered from line, while each one's query
// is the one that came, last time, after the query of the line before
// (oi: its place in p.ids.order) and already has a group in the block:
// in a run sorted by rank, nearly every line. last is the group of the
// line before. It stops at the first other line (a query met first, or
// not wanted, or not next; a line that is not plain; a score that is
// not a decimal of up to eight bytes; the data's last bytes), the
// cursor at it, and returns where that line starts, its number, and
// the place and group of the query of the line before it.
func (p *parser) scatteredLines(at int, line int64, oi, last int32) (int, int64, int32, int32) {
	r := &p.scan
	for {
		if r.n < len(r.words) && at+scanAhead > r.n*64 {
			r.fill(at + scanAhead)
		}
		from := at
		at, line, oi, last = p.nextLines(at, line, oi, last)
		if at == from || r.n == len(r.words) || at+scanAhead <= r.n*64 {
			r.seek(at)
			return at, line, oi, last
		}
		// The bitmap ran out: work out more of it and go on.
		r.seek(at)
	}
}

// nextLines is scatteredLines' loop, over the lines within the bitmap
// worked out, as sepScan.lines is sameQuery's: its query id compared as
// one word with the one expected, its separators read from the bitmap
// without a call.
func (p *parser) nextLines(at int, line int64, oi, last int32) (int, int64, int32, int32) {
	r := &p.scan
	data, words := r.data, r.words[:r.n]
	pos, cur := r.pos, r.cur
	order, group, groups := p.ids.order, p.group, p.groups
	for at+8 <= len(data) && oi >= 0 {
		n := order[oi].next - 1
		if n < 0 {
			break
		}
		o := &order[n]
		ql := int(o.n)
		if ql > 8 || o.qi < 0 || int(o.qi) >= len(group) {
			break
		}
		gi := group[o.qi] - 1
		if gi < 0 {
			break
		}
		qmask := ^uint64(0) >> ((64 - 8*uint(ql)) & 63)
		var s0, s1, s2, s3, s4, s5 int
		if s0, pos, cur = nextBit(words, pos, cur); s0 != at+ql || binary.LittleEndian.Uint64(data[at:])&qmask != o.head || !innerSep[data[s0]] {
			break
		}
		if s1, pos, cur = nextBit(words, pos, cur); s1 <= s0+1 || !innerSep[data[s1]] {
			break
		}
		if s2, pos, cur = nextBit(words, pos, cur); s2 <= s1+1 || !innerSep[data[s2]] {
			break
		}
		if s3, pos, cur = nextBit(words, pos, cur); s3 <= s2+1 || !innerSep[data[s3]] {
			break
		}
		if s4, pos, cur = nextBit(words, pos, cur); s4 <= s3+1 || !innerSep[data[s4]] {
			break
		}
		if s5, pos, cur = nextBit(words, pos, cur); s5 <= s4+1 || data[s5] != '\n' {
			break
		}
		if s3+9 > len(data) {
			break
		}
		x := binary.LittleEndian.Uint64(data[s3+1:])
		k := s4 - s3 - 1
		neg := false
		if c := byte(x); c == '-' || c == '+' {
			neg, x, k = c == '-', x>>8, k-1
		}
		score, ok := decimal8(x, k)
		if !ok {
			break
		}
		if neg {
			score = -score
		}
		if gi != last {
			groups[gi].split = true
			last = gi
		}
		dn := s2 - s1 - 1
		g := &groups[gi]
		g.lines++
		g.size += dn
		p.ents = append(p.ents, entry{off: uint32(s1 + 1), n: uint32(dn), score: score, line: line})
		p.gis = append(p.gis, gi)
		oi, at, line = n, s5+1, line+1
	}
	return at, line, oi, last
}
