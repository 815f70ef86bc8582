package trec

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
)

// This file cuts a block of the run into each query's lines: first every
// line is read into the parser's scratch space (a docno is kept as its
// place in the block), then the lines are handed on, by stretch of one
// query when each query's lines are together, by query when they are
// not.

// parser reads blocks on one goroutine, keeping its scratch space from
// block to block.
type parser struct {
	ids qidTable
	// ents are the block's lines wanted, in file order, their docnos
	// offsets into the block's data; segs its stretches of one query id.
	ents []entry
	segs []segment
	// groups are the queries wanted in the block, in the order they
	// first come; group maps a qrels index to 1 + its group (0: none
	// yet), gis each line in ents to its group. touched lists the
	// indexes to clear.
	group   []int32
	gis     []int32
	touched []int
	groups  []group
	// order lists, for each batch of the block in turn, its segment or
	// group, or -1 for a stretch not wanted: read makes the groups',
	// handSegments the segments'.
	order []int
	// view evaluates a stretch in place, its docnos read from the block.
	view batch
}

// segment is a stretch of a block's lines with one query id.
type segment struct {
	qid        string
	qi         int
	keep       bool
	start, end int // in parser.ents
	size       int // docno bytes
}

// group is every line of one query in a block.
type group struct {
	qid         string
	qi          int
	lines, size int
	// split says its lines came in more than one stretch.
	split bool
	// eo, ao are where its next line and docno go in handGroups, a0
	// where its docnos start.
	eo, ao, a0 int
}

// parse cuts the block into batches; want is read-only, so blocks are
// parsed in parallel. When eval is set, it is called on the stretches
// between the block's first and last, whose queries cannot go on in a
// neighbouring block, on the lines where they lie in the block: they
// are not copied. With count, batches keep only how many lines and
// docno bytes they stand for.
func (p *parser) parse(bl *block, name string, want func([]byte) (int, bool), eval func(*batch) (QueryResult, error), count bool) {
	defer p.clearGroups()
	if p.read(bl, name, want) {
		bl.scattered = true
		p.handGroups(bl, count)
		return
	}
	p.handSegments(bl, eval, count)
}

// read reads the block's lines into p.ents and p.segs, and reports
// whether some query's lines in the block are not together. On a
// malformed line it sets bl.err and stops: the lines before it are
// still handed on, as far as they go.
func (p *parser) read(bl *block, name string, want func([]byte) (int, bool)) (scattered bool) {
	p.ents, p.segs, p.gis = p.ents[:0], p.segs[:0], p.gis[:0]
	p.groups, p.order = p.groups[:0], p.order[:0]
	var (
		g      *group
		gi     int32
		slot   = -1
		l      runLine
		curQID []byte
		seg    *segment
	)
	data, line := bl.data, bl.firstLine
	for at := 0; at < len(data); line++ {
		var (
			f      lineFields
			next   int
			ok     bool
			ds, de int
			score  float64
		)
		if qe, ds, de, ss, se, n := scanRunLine(data, at); n > 0 {
			f.at[0], f.at[2], f.at[4], next, ok = [2]int{at, qe}, [2]int{ds, de}, [2]int{ss, se}, n, true
		} else {
			f, next, ok = scanLine(data, at, 6, math.MaxInt)
		}
		if ok {
			var err error
			if score, err = parseScore(data[f.at[4][0]:f.at[4][1]]); err != nil {
				bl.err = &LineError{File: name, Line: int(line), Msg: err.Error() + "; run lines are \"qid Q0 docno rank score tag\""}
				return scattered
			}
		} else {
			// Anything but a plain line of six or more fields: a blank
			// line, a comment, an error, or the block's last bytes.
			end := len(data)
			if i := bytes.IndexByte(data[at:], '\n'); i >= 0 {
				end = at + i
			}
			next = end + 1
			var msg string
			if ok, msg = parseRunLine(data[at:end], &l); msg != "" {
				bl.err = &LineError{File: name, Line: int(line), Msg: msg}
				return scattered
			}
			if !ok {
				at = next
				continue
			}
			// The fields are slices of data: their capacities say where.
			qs, ds := cap(data)-cap(l.qid), cap(data)-cap(l.docno)
			f.at[0], f.at[2] = [2]int{qs, qs + len(l.qid)}, [2]int{ds, ds + len(l.docno)}
			score = l.score
		}
		at = next
		qid := data[f.at[0][0]:f.at[0][1]]
		ds, de = f.at[2][0], f.at[2][1]
		if seg == nil || !bytes.Equal(qid, curQID) {
			curQID = qid
			slot = p.ids.want(slot, qid, want)
			a := &p.ids.slots[slot]
			p.segs = append(p.segs, segment{qid: a.qid, qi: a.qi, keep: a.keep, start: len(p.ents), end: len(p.ents)})
			seg = &p.segs[len(p.segs)-1]
			if !a.keep {
				if n := len(p.order); n == 0 || p.order[n-1] != -1 {
					p.order = append(p.order, -1)
				}
			} else {
				if a.qi >= len(p.group) {
					p.group = append(p.group, make([]int32, a.qi+1-len(p.group))...)
				}
				if gi = p.group[a.qi] - 1; gi >= 0 {
					scattered = true
					p.groups[gi].split = true
				} else {
					gi = int32(len(p.groups))
					p.groups = append(p.groups, group{qid: a.qid, qi: a.qi})
					p.group[a.qi] = gi + 1
					p.touched = append(p.touched, a.qi)
					p.order = append(p.order, int(gi))
				}
				g = &p.groups[gi]
			}
		}
		if seg.keep {
			n := de - ds
			p.ents = append(p.ents, entry{off: uint32(ds), n: uint32(n), score: score, line: line})
			p.gis = append(p.gis, gi)
			seg.end++
			seg.size += n
			g.lines++
			g.size += n
		}
	}
	return scattered
}

func (p *parser) clearGroups() {
	for _, qi := range p.touched {
		p.group[qi] = 0
	}
	p.touched = p.touched[:0]
}

// handSegments makes a batch of each stretch, in order (nil for one not
// wanted); with eval, the stretches between the first and the last are
// evaluated where they lie.
func (p *parser) handSegments(bl *block, eval func(*batch) (QueryResult, error), count bool) {
	p.order = p.order[:0]
	for si := range p.segs {
		s := &p.segs[si]
		if !s.keep {
			if n := len(bl.segs); n == 0 || bl.segs[n-1] != nil {
				bl.segs = append(bl.segs, nil)
				p.order = append(p.order, -1)
			}
			continue
		}
		b := batchPool.Get().(*batch)
		b.reset(s.qid, s.qi)
		bl.segs = append(bl.segs, b)
		p.order = append(p.order, si)
	}
	for i, b := range bl.segs {
		if b == nil {
			continue
		}
		s := &p.segs[p.order[i]]
		ents := p.ents[s.start:s.end]
		switch {
		case count:
			b.counted, b.lines, b.size = true, len(ents), s.size
		case eval != nil && bl.err == nil && i > 0 && i < len(bl.segs)-1:
			v := &p.view
			v.qid, v.qi, v.entries, v.arena = s.qid, s.qi, ents, bl.data
			res, err := eval(v)
			b.res, b.err = &res, err
			b.evaluated, b.lines, b.size = true, len(ents), s.size
		default:
			b.fill(ents, bl.data, s.size)
		}
	}
	p.view.entries, p.view.arena = nil, nil
}

// handGroups makes a batch of each query's lines in a scattered block,
// in the order the queries first come (with nil for stretches not
// wanted, as handSegments has them). The batches share two allocations
// sized for the block's lines, filled in one pass over the lines, so
// that a scattered run costs no more allocations per line than one in
// order.
func (p *parser) handGroups(bl *block, count bool) {
	if count {
		for _, gi := range p.order {
			if gi < 0 {
				bl.segs = append(bl.segs, nil)
				continue
			}
			g := &p.groups[gi]
			b := batchPool.Get().(*batch)
			b.reset(g.qid, g.qi)
			b.counted, b.lines, b.size, b.scattered = true, g.lines, g.size, g.split
			bl.segs = append(bl.segs, b)
		}
		return
	}
	size := 0
	for i := range p.groups {
		size += p.groups[i].size
	}
	ents, arena := make([]entry, len(p.ents)), make([]byte, size)
	batches := make([]batch, len(p.groups))
	eo, ao := 0, 0
	for gi := range p.groups {
		g := &p.groups[gi]
		b := &batches[gi]
		b.qid, b.qi, b.scattered, b.slab = g.qid, g.qi, g.split, true
		b.entries, b.arena = ents[eo:eo+g.lines:eo+g.lines], arena[ao:ao+g.size:ao+g.size]
		g.eo, g.ao, g.a0 = eo, ao, ao
		eo, ao = eo+g.lines, ao+g.size
	}
	data := bl.data
	for x, e := range p.ents {
		g := &p.groups[p.gis[x]]
		n := int(e.n)
		copy(arena[g.ao:g.ao+n], data[e.off:int(e.off)+n])
		e.off = uint32(g.ao - g.a0)
		ents[g.eo] = e
		g.eo++
		g.ao += n
	}
	for _, gi := range p.order {
		if gi < 0 {
			bl.segs = append(bl.segs, nil)
		} else {
			bl.segs = append(bl.segs, &batches[gi])
		}
	}
}

// fill sets b's lines to ents, whose docnos (size bytes in all) are in
// data.
func (b *batch) fill(ents []entry, data []byte, size int) {
	if cap(b.arena) < size {
		b.arena = make([]byte, 0, size)
	}
	b.append(ents, data)
}

// append adds ents, whose docnos are in data, to b's lines.
func (b *batch) append(ents []entry, data []byte) {
	for _, e := range ents {
		d := data[e.off : e.off+e.n]
		e.off = uint32(len(b.arena))
		b.entries = append(b.entries, e)
		b.arena = append(b.arena, d...)
	}
}

// scanRunLine reads the plainest run lines, nearly all of them: six or
// more fields, the first six apart by one space (' ', '\t', '\r', '\v',
// '\f') each, the line not starting with one. It returns where the qid
// ends (it starts at at), where the docno and the score start and end,
// and where the next line starts; next is 0 for any other line, which
// scanLine then reads. Looking only at the first six separators, it
// takes a third of scanLine's work.
func scanRunLine(data []byte, at int) (qe, ds, de, ss, se, next int) {
	var sep [8]int
	k := 0
	for q := at; q+8 <= len(data); q += 8 {
		w := binary.LittleEndian.Uint64(data[q:])
		m := ^((w&^highs + (0x80-0x21)*lows) | w) & highs
		for m != 0 {
			sep[k&7] = q + bits.TrailingZeros64(m)>>3
			m &= m - 1
			if k++; k == 6 {
				goto found
			}
		}
	}
	return
found:
	if sep[0] == at || data[at] == '#' {
		return
	}
	for i := range 5 {
		if c := data[sep[i]]; !spaces[c] || c == '\n' || sep[i+1] == sep[i]+1 {
			return
		}
	}
	switch c := data[sep[5]]; {
	case c == '\n':
		next = sep[5] + 1
	case spaces[c]:
		nl := bytes.IndexByte(data[sep[5]:], '\n')
		if nl < 0 {
			return
		}
		next = sep[5] + nl + 1
	default:
		return
	}
	return sep[0], sep[1] + 1, sep[2], sep[3] + 1, sep[4], next
}

// lineFields are the offsets of a line's first six fields in its block
// (start and end of each), and how many fields the line has.
type lineFields struct {
	at [6][2]int
	n  int
}

// Every byte C's isspace accepts is at most ' ', and so are few others.
const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// scanLine finds the fields of the line at data[at:] and the start of
// the next line. It reads eight bytes at a time, marking those up to
// ' ', and looks at the marked bytes only: a run line of 30 bytes costs
// four words and its seven separators, not a test per byte. ok is false
// for a line with fewer than min fields, more than max, or whose first
// starts with '#', and for a line within eight bytes of the end of
// data: parseRunLine or the qrels reader read those.
func scanLine(data []byte, at, min, max int) (f lineFields, next int, ok bool) {
	ws := at // where the current word would start
	for q := at; q+8 <= len(data); q += 8 {
		w := binary.LittleEndian.Uint64(data[q:])
		// A byte's high bit is set in m when the byte is below 0x21:
		// its low seven bits plus 0x5f do not reach 0x80, nor is its
		// own high bit set.
		m := ^((w&^highs + (0x80-0x21)*lows) | w) & highs
		for m != 0 {
			i := q + bits.TrailingZeros64(m)>>3
			m &= m - 1
			c := data[i]
			if !spaces[c] {
				continue // a control character inside a word
			}
			if i > ws {
				if f.n < len(f.at) {
					f.at[f.n] = [2]int{ws, i}
				}
				f.n++
			}
			ws = i + 1
			if c == '\n' {
				if f.n < min || f.n > max || data[f.at[0][0]] == '#' {
					return f, 0, false
				}
				return f, i + 1, true
			}
		}
	}
	return f, 0, false
}
