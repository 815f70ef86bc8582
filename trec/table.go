package trec

import (
	"hash/maphash"
	"math/bits"
)

// seed hashes docnos for every table, so that one hash of a run's docno
// serves both the duplicate check and the judgment lookup.
var seed = maphash.MakeSeed()

func hashDoc(s string) uint64 { return maphash.String(seed, s) }

// seenSet finds repeated docnos in one query of a run: an open-
// addressing table of positions in the query's lines, keyed by the
// docno's hash. It empties in O(1) by bumping a generation, which
// matters when it is refilled for each of thousands of queries, and a
// slot is one small struct, so a probe costs one cache line.
type seenSet struct {
	slots []seenSlot
	gen   uint32
	mask  uint64
}

type seenSlot struct {
	hash uint32
	gen  uint32
	pos  int32
}

// reset empties the set and makes room for n docnos.
func (t *seenSet) reset(n int) {
	size := max(1<<bits.Len(uint(4*n)), 16)
	if size > len(t.slots) || t.gen == ^uint32(0) {
		t.slots = make([]seenSlot, size)
		t.gen = 0
	}
	t.gen++
	t.mask = uint64(len(t.slots) - 1)
}

// add records that position pos holds docno (hash h); if an earlier
// position holds the same docno (same(p) reports it), it returns that
// position and true instead. At most the n positions of reset may be
// added.
func (t *seenSet) add(h uint64, pos int32, same func(p int32) bool) (int32, bool) {
	h32 := uint32(h >> 32)
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = seenSlot{hash: h32, gen: t.gen, pos: pos}
			return 0, false
		}
		if s.hash == h32 && same(s.pos) {
			return s.pos, true
		}
	}
}

// judgIndex finds a query's judgments by docno: an open-addressing table
// of positions in Judgments.docs, built once when the qrels are read,
// at most half full so that the probe for a docno not judged (most of a
// run's) ends soon. A slot is four bytes, a 16-bit tag of the docno's
// hash and the position plus one (0: empty), so the tables of thousands
// of queries stay small; a query with more judgments than 16 bits can
// count uses a map instead.
type judgIndex struct {
	slots []uint32
	mask  uint64
	big   map[string]int32
}

// maxSmallIndex is the most judgments a table of 16-bit positions holds.
const maxSmallIndex = 1<<16 - 2

// build indexes docs; it returns the positions of the first duplicate
// docno (first, second) or -1, -1.
func (x *judgIndex) build(j *Judgments) (int, int) {
	if len(j.docs) > maxSmallIndex {
		x.big = make(map[string]int32, len(j.docs))
		for d := range j.docs {
			docno := j.docno(d)
			if first, dup := x.big[docno]; dup {
				return int(first), d
			}
			x.big[docno] = int32(d)
		}
		return -1, -1
	}
	size := 1 << bits.Len(uint(2*len(j.docs)))
	x.slots = make([]uint32, size)
	x.mask = uint64(size - 1)
	for d := range j.docs {
		docno := j.docno(d)
		h := hashDoc(docno)
		tag := uint32(h >> 48)
		for i := h & x.mask; ; i = (i + 1) & x.mask {
			s := x.slots[i]
			if s == 0 {
				x.slots[i] = tag<<16 | uint32(d+1)
				break
			}
			if s>>16 == tag && j.docno(int(s&0xffff)-1) == docno {
				return int(s&0xffff) - 1, d
			}
		}
	}
	return -1, -1
}

// find returns the index in docs of docno (hash h), or -1.
func (x *judgIndex) find(j *Judgments, docno string, h uint64) int {
	if x.big != nil {
		if d, ok := x.big[docno]; ok {
			return int(d)
		}
		return -1
	}
	if len(x.slots) == 0 {
		return -1
	}
	tag := uint32(h >> 48)
	for i := h & x.mask; ; i = (i + 1) & x.mask {
		s := x.slots[i]
		if s == 0 {
			return -1
		}
		if s>>16 == tag && j.docno(int(s&0xffff)-1) == docno {
			return int(s&0xffff) - 1
		}
	}
}
