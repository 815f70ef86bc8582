package trec

import (
	"bytes"
	"encoding/binary"
	"slices"
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
	// Once a block is seen scattered, its lines from ents[gstart] on
	// are not cut into segments: gis holds each one's group.
	gstart int
	gis    []int32
	// groups are the queries wanted in the block, in the order they
	// first come; group maps a qrels index to 1 + its group (0: none
	// yet). touched lists the indexes to clear.
	group   []int32
	touched []int
	groups  []group
	// order lists, for each batch of the block in turn, its segment or
	// group, or -1 for a stretch not wanted: read makes the groups',
	// handSegments the segments'.
	order []int
	// scan finds the block's separators.
	scan sepScan
	// view evaluates a stretch in place, its docnos read from the block.
	view batch
	// batches are a scattered block's, while handGroups fills them.
	batches []batch
	cursors []cursor
	// heldScattered says the last block was scattered, its lines held;
	// startScattered has read take the block as scattered from its
	// first line: in a run sorted by rank, each block would otherwise
	// start with a line of every query, each looked up in the hash
	// table, before one comes again.
	heldScattered, startScattered bool
}

// segment is a stretch of a block's lines with one query id.
type segment struct {
	qid        string
	qi         int
	keep       bool
	start, end int // in parser.ents
	size       int // docno bytes
	// gi is the query's group in the block, -1 if not wanted.
	gi int32
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
// docno bytes they stand for. With hold, a scattered block's batches
// hold their lines as parts (heldEntry), not entries.
func (p *parser) parse(bl *block, name string, want func([]byte) (int, bool), eval func(*batch) (QueryResult, error), count, hold bool) {
	defer p.clearGroups()
	// Once the parser has read a scattered block while every query's
	// lines are held, the next is read as scattered from its first line.
	p.startScattered = hold && !count && p.heldScattered
	p.heldScattered = false
	if p.read(bl, name, want) {
		bl.scattered = true
		p.heldScattered = hold && !count
		p.handGroups(bl, count, hold)
		return
	}
	p.handSegments(bl, eval, count)
}

// read reads the block's lines into p.ents and p.segs, and reports
// whether some query's lines in the block are not together. On a
// malformed line it sets bl.err and stops: the lines before it are
// still handed on, as far as they go.
//
// A plain line, six fields one separator apart and a line end, is read
// from a bitmap of the block's separators (sepScan), and its score by
// plainScore. Any other line goes to parseRunLine.
func (p *parser) read(bl *block, name string, want func([]byte) (int, bool)) (scattered bool) {
	p.ents, p.segs, p.gis = p.ents[:0], p.segs[:0], p.gis[:0]
	p.groups, p.order = p.groups[:0], p.order[:0]
	data, line := bl.data, bl.firstLine
	p.scan.reset(data)
	var (
		slot   = -1
		l      runLine
		curQID []byte
		seg    *segment
		last   int32 // the group of the line before, once scattered
		oi     int32 // the place of its query id in p.ids.order
	)
	if p.startScattered {
		scattered, p.gstart, last, oi = true, 0, -1, -1
	}
	for at := 0; at < len(data); line++ {
		if scattered && oi >= 0 {
			// A line of the query that came next last time, read in a
			// loop of its own (scatter.go).
			at, line, oi, last = p.scatteredLines(at, line, oi, last)
			if at >= len(data) {
				break
			}
		}
		if !scattered && seg != nil && seg.keep {
			// The lines that go on with the query before, read in a
			// loop of their own.
			n0 := len(p.ents)
			at, p.ents = p.scan.sameQuery(at, line, curQID, p.ents)
			for _, e := range p.ents[n0:] {
				seg.size += int(e.n)
			}
			seg.end += len(p.ents) - n0
			line += int64(len(p.ents) - n0)
			if at >= len(data) {
				break
			}
		}
		var qs, qe, ds, de int
		var score float64
		var seps [6]int
		if p.scan.plain(at, seps[:]) {
			s0, s1, s2, s3, s4, s5 := seps[0], seps[1], seps[2], seps[3], seps[4], seps[5]
			b := data[s3+1 : s4]
			v, plain := plainScore(b)
			if !plain {
				var err error
				if v, err = parseScore(b); err != nil {
					bl.err = &LineError{File: name, Line: int(line), Msg: err.Error() + "; run lines are \"qid Q0 docno rank score tag\"" + headerHint(b)}
					return scattered
				}
			}
			qs, qe, ds, de, score = at, s0, s1+1, s2, v
			at = s5 + 1
		} else {
			// Anything but a plain line: a blank line, a comment, more
			// spaces, more fields, an error, the block's last bytes.
			end := len(data)
			if i := bytes.IndexByte(data[at:], '\n'); i >= 0 {
				end = at + i
			}
			ok, msg := parseRunLine(data[at:end], &l)
			if msg != "" {
				bl.err = &LineError{File: name, Line: int(line), Msg: msg}
				return scattered
			}
			at = end + 1
			p.scan.seek(at)
			if !ok {
				continue
			}
			// The fields are slices of data: their capacities say where.
			qs, ds = cap(data)-cap(l.qid), cap(data)-cap(l.docno)
			qe, de = qs+len(l.qid), ds+len(l.docno)
			score = l.score
		}
		qid := data[qs:qe]
		if !scattered {
			if seg == nil || !bytes.Equal(qid, curQID) {
				curQID = qid
				slot = p.ids.want(slot, qid, want)
				a := &p.ids.slots[slot]
				if a.keep && a.qi < len(p.group) && p.group[a.qi] != 0 {
					// Met before in the block: from here on, each
					// line's query is noted by line (below).
					scattered, p.gstart, last, oi = true, len(p.ents), -1, a.at
				} else {
					p.segs = append(p.segs, segment{qid: a.qid, qi: a.qi, gi: -1, keep: a.keep, start: len(p.ents), end: len(p.ents)})
					seg = &p.segs[len(p.segs)-1]
					if !a.keep {
						p.notWanted()
					} else {
						seg.gi = p.newGroup(a)
					}
				}
			}
			if !scattered {
				if seg.keep {
					n := de - ds
					p.ents = append(p.ents, entry{off: uint32(ds), n: uint32(n), score: score, line: line})
					seg.end++
					seg.size += n
				}
				continue
			}
		} else {
			// The id table tries the id that came after this one last
			// time first: in a run sorted by rank, it is this one.
			oi = p.ids.wantAt(oi, data, qs, qe, want)
		}
		o := &p.ids.order[oi]
		if o.qi < 0 {
			p.notWanted()
			last = -1
			continue
		}
		if qi := int(o.qi); qi >= len(p.group) || p.group[qi] == 0 {
			last = p.newGroup(&p.ids.slots[o.slot])
		} else if gi := p.group[qi] - 1; gi != last {
			p.groups[gi].split = true
			last = gi
		}
		// Counted here, while the group is in the cache.
		g := &p.groups[last]
		g.lines++
		g.size += de - ds
		p.ents = append(p.ents, entry{off: uint32(ds), n: uint32(de - ds), score: score, line: line})
		p.gis = append(p.gis, last)
	}
	return scattered
}

// notWanted notes a stretch of lines not wanted in the order of the
// block's batches.
func (p *parser) notWanted() {
	if n := len(p.order); n == 0 || p.order[n-1] != -1 {
		p.order = append(p.order, -1)
	}
}

// newGroup starts the group of a query met first in the block.
func (p *parser) newGroup(a *qidAnswer) int32 {
	if a.qi >= len(p.group) {
		p.group = append(p.group, make([]int32, a.qi+1-len(p.group))...)
	}
	gi := int32(len(p.groups))
	p.groups = append(p.groups, group{qid: a.qid, qi: a.qi})
	p.group[a.qi] = gi + 1
	p.touched = append(p.touched, a.qi)
	p.order = append(p.order, int(gi))
	return gi
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
// order. With hold, the lines are parts of held lines, 16 bytes each.
func (p *parser) handGroups(bl *block, count, hold bool) {
	for si := range p.segs {
		if s := &p.segs[si]; s.keep {
			g := &p.groups[s.gi]
			g.lines += s.end - s.start
			g.size += s.size
		}
	}
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
	if hold {
		p.holdGroups(bl, size)
	} else {
		p.entryGroups(bl, size)
	}
	for _, gi := range p.order {
		if gi < 0 {
			bl.segs = append(bl.segs, nil)
		} else {
			bl.segs = append(bl.segs, &p.batches[gi])
		}
	}
	p.batches = nil
}

// entryGroups fills p.batches with the groups' lines as entries.
func (p *parser) entryGroups(bl *block, size int) {
	ents, arena := make([]entry, len(p.ents)), make([]byte, size)
	batches := make([]batch, len(p.groups))
	p.batches = batches
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
	for si := range p.segs {
		s := &p.segs[si]
		if !s.keep {
			continue
		}
		g := &p.groups[s.gi]
		for _, e := range p.ents[s.start:s.end] {
			n := int(e.n)
			copyDocno(arena[g.ao:g.ao+n], data[e.off:int(e.off)+n])
			e.off = uint32(g.ao - g.a0)
			ents[g.eo] = e
			g.eo++
			g.ao += n
		}
	}
	for x, e := range p.ents[p.gstart : p.gstart+len(p.gis)] {
		g := &p.groups[p.gis[x]]
		n := int(e.n)
		copyDocno(arena[g.ao:g.ao+n], data[e.off:int(e.off)+n])
		e.off = uint32(g.ao - g.a0)
		ents[g.eo] = e
		g.eo++
		g.ao += n
	}
}

// holdGroups fills p.batches with the groups' lines as one part each of
// held lines, their line numbers counted from the block's first. Where
// each group's next line goes is kept in p.cursors, 12 bytes a group,
// not in the groups (72): a block of a run sorted by rank has a line of
// every query, one after the other.
func (p *parser) holdGroups(bl *block, size int) {
	ents, arena := make([]heldEntry, len(p.ents)), make([]byte, size)
	batches := make([]batch, len(p.groups))
	parts := make([]part, len(p.groups))
	p.batches = batches
	p.cursors = slices.Grow(p.cursors[:0], len(p.groups))[:len(p.groups)]
	cur := p.cursors
	eo, ao := 0, 0
	for gi := range p.groups {
		g := &p.groups[gi]
		b := &batches[gi]
		b.qid, b.qi, b.scattered, b.slab = g.qid, g.qi, g.split, true
		b.lines, b.size = g.lines, g.size
		parts[gi] = part{ents: ents[eo : eo+g.lines : eo+g.lines], arena: arena[ao : ao+g.size : ao+g.size], line0: bl.firstLine}
		b.parts = parts[gi : gi+1 : gi+1]
		cur[gi] = cursor{eo: uint32(eo), ao: uint32(ao), a0: uint32(ao)}
		eo, ao = eo+g.lines, ao+g.size
	}
	data, first := bl.data, bl.firstLine
	for si := range p.segs {
		s := &p.segs[si]
		if !s.keep {
			continue
		}
		c := &cur[s.gi]
		for _, e := range p.ents[s.start:s.end] {
			c.put(ents, arena, data, e, first)
		}
	}
	// put, written out: the call costs as much as the copy.
	gis := p.gis
	for x, e := range p.ents[p.gstart : p.gstart+len(gis)] {
		c := &cur[gis[x]]
		n := e.n
		copyDocno(arena[c.ao:c.ao+n], data[e.off:e.off+n])
		ents[c.eo] = heldEntry{score: e.score, off: c.ao - c.a0, line: uint32(e.line - first)}
		c.eo++
		c.ao += n
	}
}

// cursor is where a group's next held line and docno go.
type cursor struct{ eo, ao, a0 uint32 }

// put writes e, whose docno is in data, as the group's next held line.
func (c *cursor) put(ents []heldEntry, arena, data []byte, e entry, first int64) {
	n := e.n
	copyDocno(arena[c.ao:c.ao+n], data[e.off:e.off+n])
	ents[c.eo] = heldEntry{score: e.score, off: c.ao - c.a0, line: uint32(e.line - first)}
	c.eo++
	c.ao += n
}

// copyDocno copies src to dst, of the same length: a docno of 8 to 16
// bytes as two words (overlapping), cheaper than a call to memmove.
func copyDocno(dst, src []byte) {
	if n := len(src); n >= 8 && n <= 16 && len(dst) == n {
		a, b := binary.LittleEndian.Uint64(src), binary.LittleEndian.Uint64(src[n-8:])
		binary.LittleEndian.PutUint64(dst, a)
		binary.LittleEndian.PutUint64(dst[n-8:], b)
		return
	}
	copy(dst, src)
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

// Every byte C's isspace accepts is at most ' ', and so are few others.
const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)
