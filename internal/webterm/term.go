package webterm

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// queueFrames is how many screen writes wait for a slow browser before
// the program's writes block; after SlowTimeout blocked, it is dropped.
const queueFrames = 64

// Term is one browser's terminal, as the program sees it: Read gives
// the keys typed, Write draws on the screen, Size and Resized follow the
// window, Offer hands the browser a file, and Done closes when the
// browser leaves.
type Term struct {
	ctx  context.Context
	conn *websocket.Conn
	slow time.Duration

	in  *io.PipeReader
	inW *io.PipeWriter

	// outMu guards out against a Write racing finish's close.
	outMu   sync.RWMutex
	out     chan []byte
	outDone bool
	flushed chan struct{}

	mu      sync.Mutex
	size    [2]int
	resized chan [2]int
}

func newTerm(ctx context.Context, c *websocket.Conn, size [2]int, slow time.Duration) *Term {
	r, w := io.Pipe()
	return &Term{
		ctx: ctx, conn: c, slow: slow, in: r, inW: w,
		out: make(chan []byte, queueFrames), flushed: make(chan struct{}),
		size: size, resized: make(chan [2]int, 1),
	}
}

// Read reads the keys typed in the browser.
func (t *Term) Read(p []byte) (int, error) { return t.in.Read(p) }

// Write queues p for the browser's screen. It blocks while the queue is
// full, and fails once the browser has left or been dropped as slow.
func (t *Term) Write(p []byte) (int, error) {
	t.outMu.RLock()
	defer t.outMu.RUnlock()
	if t.outDone {
		return 0, io.ErrClosedPipe
	}
	b := append([]byte(nil), p...)
	timer := time.NewTimer(t.slow)
	defer timer.Stop()
	select {
	case t.out <- b:
		return len(p), nil
	case <-t.ctx.Done():
		return 0, io.ErrClosedPipe
	case <-timer.C:
		_ = t.conn.Close(websocket.StatusPolicyViolation, "the screen went unread")
		return 0, io.ErrClosedPipe
	}
}

// Size is the window's size, in cells, as the browser last said.
func (t *Term) Size() (cols, rows int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.size[0], t.size[1]
}

// Resized delivers each new size (the latest one, when several come
// before it is read).
func (t *Term) Resized() <-chan [2]int { return t.resized }

// Done is closed when the browser has left.
func (t *Term) Done() <-chan struct{} { return t.ctx.Done() }

// Offer hands the browser a file to save (the take-home list), by name,
// type and content: the page offers it as a download.
func (t *Term) Offer(name, mime string, content []byte) error {
	return writeControl(t.ctx, t.conn, control{Type: "file", File: name, Mime: mime,
		Data: base64.StdEncoding.EncodeToString(content)})
}

// End tells the page why the session ended, for it to show once the
// terminal closes.
func (t *Term) End(message string) {
	t.finish()
	_ = writeControl(t.ctx, t.conn, control{Type: "end", Message: message})
}

// readLoop feeds typed bytes to Read and sizes to Resized until the
// browser leaves, then cancels the session.
func (t *Term) readLoop(cancel context.CancelFunc) {
	defer cancel()
	defer func() { _ = t.inW.Close() }()
	for {
		typ, data, err := t.conn.Read(t.ctx)
		if err != nil {
			return
		}
		if typ == websocket.MessageBinary {
			if _, err := t.inW.Write(data); err != nil {
				return
			}
			continue
		}
		var m control
		if json.Unmarshal(data, &m) != nil || m.Type != "resize" {
			continue
		}
		size := clampSize(m.Cols, m.Rows)
		t.mu.Lock()
		t.size = size
		t.mu.Unlock()
		select {
		case <-t.resized:
		default:
		}
		t.resized <- size
	}
}

// writeLoop sends the queued screen to the browser, joining what has
// piled up into one message.
func (t *Term) writeLoop(cancel context.CancelFunc) {
	defer close(t.flushed)
	for b := range t.out {
		for more := true; more && len(b) < 1<<16; {
			select {
			case next, ok := <-t.out:
				if !ok {
					more = false
					break
				}
				b = append(b, next...)
			default:
				more = false
			}
		}
		ctx, stop := context.WithTimeout(t.ctx, t.slow)
		err := t.conn.Write(ctx, websocket.MessageBinary, b)
		stop()
		if err != nil {
			cancel()
			for range t.out {
			}
			return
		}
	}
}

// finish closes the screen's queue and waits until what was queued has
// been sent, so the program's last screen reaches the browser.
func (t *Term) finish() {
	t.outMu.Lock()
	if !t.outDone {
		t.outDone = true
		close(t.out)
	}
	t.outMu.Unlock()
	select {
	case <-t.flushed:
	case <-time.After(t.slow):
	}
}

func (t *Term) close() {
	t.finish()
	_ = t.in.Close()
	_ = t.conn.Close(websocket.StatusNormalClosure, "")
}
