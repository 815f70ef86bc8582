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
