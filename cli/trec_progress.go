package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/ndcg-explorer/ndcg-explorer/ui/components/loading"
)

// progressDelay is how long a run is read before its progress is shown:
// a run that takes less never prints it.
const progressDelay = time.Second

// progressLine tells a person at a terminal how far a long run has been
// read, on one line of standard error that it rewrites and clears at the
// end; standard output, where the measures go, is never touched.
type progressLine struct {
	w     io.Writer
	start time.Time
	mu    sync.Mutex
	last  time.Time
	shown bool
}

// newProgressLine returns a progress line on stderr when it is a
// terminal, else nil (no progress: a pipe or a file gets only results).
func newProgressLine(stderr io.Writer) *progressLine {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return nil
	}
	return &progressLine{w: stderr, start: time.Now()}
}

// update is trec.Options.Progress: it redraws the line at most ten times
// a second, once the run has been read for progressDelay.
func (p *progressLine) update(pass int, lines int64) {
	now := time.Now()
	if now.Sub(p.start) < progressDelay {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last, p.shown = now, true
	what := "reading the run"
	if pass > 1 {
		what = fmt.Sprintf("reading the run again for its scattered queries (pass %d)", pass)
	}
	fmt.Fprintf(p.w, "\r%s: %s lines\x1b[K", what, loading.GroupDigits(lines))
}

// done clears the line, if it was shown; nil does nothing.
func (p *progressLine) done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}
