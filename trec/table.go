package trec

import (
	"hash/maphash"
	"math/bits"
)

// seed hashes docnos for every table, so that one hash of a run's docno
// serves both the duplicate check and the judgment lookup.
var seed = maphash.MakeSeed()

func hashDoc(s string) uint64 { return maphash.String(seed, s) }

// docTable maps docnos to small integers by open addressing. It is what
// a map[string]int32 does, but takes the hash from the caller, so one
// hash per run line serves two tables, and it empties in O(1) by
// bumping a generation, which matters when it is refilled for each of
// thousands of queries.
type docTable struct {
	hashes []uint64
	vals   []int32
	gens   []uint32
	keys   []string
	gen    uint32
	mask   uint64
	n      int
}

// reset empties the table and makes room for n keys.
func (t *docTable) reset(n int) {
	size := 1 << bits.Len(uint(2*n+1))
	if size < 8 {
		size = 8
	}
	if size > len(t.hashes) || t.gen == ^uint32(0) {
		t.hashes = make([]uint64, size)
		t.vals = make([]int32, size)
		t.gens = make([]uint32, size)
		t.keys = make([]string, size)
		t.gen = 0
	}
	t.gen++
	t.mask = uint64(len(t.hashes) - 1)
	t.n = 0
}

// get returns the value of key (whose hash is h).
func (t *docTable) get(key string, h uint64) (int32, bool) {
	if t.mask == 0 {
		return 0, false
	}
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		if t.gens[i] != t.gen {
			return 0, false
		}
		if t.hashes[i] == h && t.keys[i] == key {
			return t.vals[i], true
		}
	}
}

// put stores key → v unless key is there; it returns the value already
// stored and true in that case. The table grows as needed.
func (t *docTable) put(key string, h uint64, v int32) (int32, bool) {
	if t.mask == 0 || 2*(t.n+1) > len(t.hashes) {
		t.grow()
	}
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		if t.gens[i] != t.gen {
			t.gens[i], t.hashes[i], t.keys[i], t.vals[i] = t.gen, h, key, v
			t.n++
			return 0, false
		}
		if t.hashes[i] == h && t.keys[i] == key {
			return t.vals[i], true
		}
	}
}

func (t *docTable) grow() {
	old := *t
	t.hashes, t.vals, t.gens, t.keys = nil, nil, nil, nil
	t.reset(max(2*old.n, 8))
	for i, g := range old.gens {
		if g == old.gen && old.mask != 0 {
			t.put(old.keys[i], old.hashes[i], old.vals[i])
		}
	}
}

// judgIndex finds a query's judgments by docno: an open-addressing table
// of positions in Judgments.Docs, built once when the qrels are read.
type judgIndex struct {
	slots []judgSlot
	mask  uint64
}

type judgSlot struct {
	hash uint64
	// pos is the judgment's index in Docs plus one; 0 is an empty slot.
	pos int32
}

// build indexes docs; it returns the positions of the first duplicate
// docno (first, second) or -1, -1.
func (x *judgIndex) build(docs []Judgment) (int, int) {
	size := 1 << bits.Len(uint(len(docs)+len(docs)/2))
	x.slots = make([]judgSlot, size)
	x.mask = uint64(size - 1)
	for d := range docs {
		h := hashDoc(docs[d].Docno)
		for i := h & x.mask; ; i = (i + 1) & x.mask {
			s := &x.slots[i]
			if s.pos == 0 {
				s.hash, s.pos = h, int32(d+1)
				break
			}
			if s.hash == h && docs[s.pos-1].Docno == docs[d].Docno {
				return int(s.pos - 1), d
			}
		}
	}
	return -1, -1
}

// find returns the index in docs of docno (hash h), or -1.
func (x *judgIndex) find(docs []Judgment, docno string, h uint64) int {
	if len(x.slots) == 0 {
		return -1
	}
	for i := h & x.mask; ; i = (i + 1) & x.mask {
		s := x.slots[i]
		if s.pos == 0 {
			return -1
		}
		if s.hash == h && docs[s.pos-1].Docno == docno {
			return int(s.pos - 1)
		}
	}
}
