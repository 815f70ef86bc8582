package trec

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"unsafe"
)

// seed hashes docnos and query ids for every table, so that one hash of
// a run's docno serves both the duplicate check and the judgment
// lookup. It is drawn at start-up, so that no file can be written to
// make every docno land on one slot.
var seed = rand.Uint64() | 1

// hashDoc hashes a docno or query id. Ids are short, so it reads them a
// word at a time and mixes each word with one 64×64→128-bit multiply
// (as wyhash does), cheaper than a call into the runtime's general hash
// for the three million docnos of a large run.
func hashDoc(s string) uint64 {
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	return hashBytes(b)
}

// hashShort is hashDoc of a docno of 8 to 16 bytes, nearly every
// docno, small enough to be inlined where a run's docnos are hashed.
func hashShort(s string) uint64 {
	n := len(s)
	b := unsafe.Slice(unsafe.StringData(s), n)
	return mix(binary.LittleEndian.Uint64(b)^hashK1, binary.LittleEndian.Uint64(b[n-8:])^(seed^uint64(n)*hashK0))
}

// hashK0 and hashK1 are wyhash's constants.
const hashK0, hashK1 = 0xa0761d6478bd642f, 0xe7037ed1a0b428db

// hashBytes is hashDoc of b's bytes.
func hashBytes(b []byte) uint64 {
	const k1, k2 = hashK0, hashK1
	n := len(b)
	h := seed ^ uint64(n)*k1
	var x, y uint64
	switch {
	case n > 16:
		for p := b; len(p) > 16; p = p[16:] {
			h = mix(binary.LittleEndian.Uint64(p)^k1, binary.LittleEndian.Uint64(p[8:])^h)
		}
		// The last 16 bytes, overlapping what was mixed already.
		x, y = binary.LittleEndian.Uint64(b[n-16:]), binary.LittleEndian.Uint64(b[n-8:])
	case n >= 8: // as hashShort
		x, y = binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[n-8:])
	case n >= 4:
		x = uint64(binary.LittleEndian.Uint32(b))<<32 | uint64(binary.LittleEndian.Uint32(b[n-4:]))
	case n > 0:
		x = uint64(b[0])<<16 | uint64(b[n>>1])<<8 | uint64(b[n-1])
	}
	return mix(x^k2, y^h)
}

// mix folds the 128-bit product of a and b into 64 bits.
func mix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// seenSet finds repeated docnos in one query of a run: an open-
// addressing table, at most half full, of the high half of each docno's
// hash and its position plus one (0: empty). Its 8-byte slots for a
// query of 1,000 documents take 16 KB, cleared per query at less cost
// than the lookups.
type seenSet struct {
	slots []uint64
	mask  uint64
}

// reset empties the set and makes room for n docnos.
func (t *seenSet) reset(n int) {
	size := max(1<<bits.Len(uint(2*n)), 16)
	if size > len(t.slots) {
		t.slots = make([]uint64, size)
	} else {
		t.slots = t.slots[:size]
		clear(t.slots)
	}
	t.mask = uint64(size - 1)
}

// add records that position pos holds docno (hash h), which ranked[pos]
// will hold; if an earlier position holds the same docno, it returns
// that position and true instead. At most the n positions of reset may
// be added.
func (t *seenSet) add(h uint64, pos int, docno string, ranked []rankedDoc) (int, bool) {
	tag := h &^ 0xffffffff
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := t.slots[i]
		if s == 0 {
			t.slots[i] = tag | uint64(pos+1)
			return 0, false
		}
		if s&^0xffffffff == tag {
			if p := int(s&0xffffffff) - 1; ranked[p].docno == docno {
				return p, true
			}
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
