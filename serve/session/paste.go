package session

import (
	"bytes"
	"io"
)

// MaxPaste is the most bytes of one bracketed paste a session passes on
// to its explorer; the rest is dropped. Bubble Tea holds a paste whole
// until it ends, so a paste that never ends would otherwise grow
// without bound. No field of the explorer takes more than a few hundred
// characters.
const MaxPaste = 64 << 10

var (
	pasteStart = []byte("\x1b[200~")
	pasteEnd   = []byte("\x1b[201~")
)

// pasteLimiter passes a session's input through, cutting each bracketed
// paste to limit bytes.
type pasteLimiter struct {
	r     io.Reader
	limit int

	inPaste bool
	n       int    // bytes of the current paste seen
	recent  []byte // the last bytes seen, to find a marker split across reads
	pending []byte // what passes, not yet read
	buf     []byte
	err     error
}

// LimitPaste is r with each bracketed paste cut to limit bytes, as
// io.LimitReader cuts a whole stream.
func LimitPaste(r io.Reader, limit int) io.Reader {
	return &pasteLimiter{r: r, limit: limit, buf: make([]byte, 32<<10)}
}

func (p *pasteLimiter) Read(out []byte) (int, error) {
	for len(p.pending) == 0 {
		if p.err != nil {
			return 0, p.err
		}
		n, err := p.r.Read(p.buf)
		for _, b := range p.buf[:n] {
			p.pending = p.feed(b, p.pending)
		}
		p.err = err
	}
	k := copy(out, p.pending)
	p.pending = p.pending[k:]
	if len(p.pending) == 0 {
		p.pending = p.pending[:0:0]
	}
	return k, nil
}

// feed takes one byte of input and appends what passes to out.
func (p *pasteLimiter) feed(b byte, out []byte) []byte {
	p.recent = append(p.recent, b)
	if len(p.recent) > len(pasteEnd) {
		p.recent = p.recent[1:]
	}
	if !p.inPaste {
		if bytes.HasSuffix(p.recent, pasteStart) {
			p.inPaste, p.n = true, 0
		}
		return append(out, b)
	}
	if bytes.HasSuffix(p.recent, pasteEnd) {
		p.inPaste = false
		// The marker's bytes before this one were counted as the
		// paste's: those past the cut were dropped, so they pass now.
		dropped := min(max(p.n-p.limit, 0), len(pasteEnd)-1)
		return append(out, pasteEnd[len(pasteEnd)-1-dropped:]...)
	}
	p.n++
	if p.n > p.limit {
		return out
	}
	return append(out, b)
}
