package serve

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/testenv"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

// loadSessions is how many attendees the load test connects at once:
// the default --max-sessions.
const loadSessions = DefaultMaxSessions

// attendeeEdits are the keys session i types (two grades set), the
// grades its list has then, starting from 3,2,3,0,1, and whether either
// key changed a grade (a grade set to what it was is no edit).
func attendeeEdits(i int) (keys string, grades []float64, edited bool) {
	grades = []float64{3, 2, 3, 0, 1}
	a, d1 := i%5, (i/5)%4
	b, d2 := (i/20)%5, (i*7+1)%4
	keys = strings.Repeat("\x1b[B", a) + strconv.Itoa(d1) + "\x1b[H" + strings.Repeat("\x1b[B", b) + strconv.Itoa(d2)
	grades[a] = float64(d1)
	grades[b] = float64(d2)
	// The explorer asks before quitting when the list differs from the
	// one it opened, not when keys were pressed: a second edit may undo
	// the first.
	edited = !slices.Equal(grades, []float64{3, 2, 3, 0, 1})
	return keys, grades, edited
}

// expectedNDCG is the summary line the explorer draws for grades, from
// the engine (itself checked against scikit-learn in package ndcg).
func expectedNDCG(t testing.TB, grades []float64) string {
	l := &ndcg.List{}
	for i, g := range grades {
		l.Items = append(l.Items, ndcg.Item{ID: strconv.Itoa(i), Grade: g})
	}
	r, err := ndcg.Compute(l, ndcg.DefaultSettings())
	require.NoError(t, err)
	return fmt.Sprintf("NDCG@all = %.4f", r.NDCG())
}

// TestHundredSessions connects 100 attendees at once; each types its own
// edits and must see the NDCG of its own list (had the lists been
// shared, each would show the sum of everyone's edits), then quits. All
// sessions end, the room empties and, once the server is shut, the
// goroutine count is back where it started. Bounded: 100 sessions, 2
// minutes.
func TestHundredSessions(t *testing.T) {
	testenv.Slow(t)
	start := runtime.NumGoroutine()
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	s, err := New(Config{Listen: "127.0.0.1:0", HostKeyPath: filepath.Join(t.TempDir(), "key"), Doc: doc, Settings: ndcg.DefaultSettings()})
	require.NoError(t, err)
	ln, err := s.Listen()
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- s.Serve(ln) }()
	addr := ln.Addr().String()

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	distinct := map[string]bool{}
	var wg sync.WaitGroup
	errs := make(chan error, loadSessions)
	for i := range loadSessions {
		keys, grades, edited := attendeeEdits(i)
		want := expectedNDCG(t, grades)
		distinct[want] = true
		wg.Go(func() {
			if err := attendee(ctx, t, addr, i, keys, want, edited); err != nil {
				errs <- fmt.Errorf("session %d: %w", i, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	assert.Greater(t, len(distinct), 10, "the sessions' lists should end different")
	require.Eventually(t, func() bool { return s.Room().Count() == 0 }, 10*time.Second, 20*time.Millisecond)

	sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer scancel()
	require.NoError(t, s.Shutdown(sctx))
	require.NoError(t, <-served)
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > start && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if now := runtime.NumGoroutine(); now > start {
		buf := make([]byte, 1<<20)
		t.Fatalf("goroutines: %d at the start, %d at the end:\n%s", start, now, buf[:runtime.Stack(buf, true)])
	}
}

func attendee(ctx context.Context, t *testing.T, addr string, i int, keys, want string, edited bool) error {
	c, err := sshtest.ConnectWith(t, addr, fmt.Sprintf("attendee%d", i), "", nil, 80, 24)
	if err != nil {
		return err
	}
	defer c.Close()
	within := func() time.Duration {
		d, _ := ctx.Deadline()
		return time.Until(d)
	}
	if err := c.WaitFor(ndcgStart, within()); err != nil {
		return err
	}
	c.Send(keys)
	if err := c.RedrawUntil(want, 90, 24, within()); err != nil {
		return err
	}
	c.Send("q")
	if edited {
		// Quitting with edits not copied asks first.
		if err := c.RedrawUntil("w: copy it and quit", 80, 24, within()); err != nil {
			return err
		}
		// Read, then answered: a y typed in one go with the q would
		// not answer the question.
		time.Sleep(400 * time.Millisecond)
		c.Send("y")
	}
	code, err := c.ExitStatus(within())
	if err != nil {
		return err
	}
	if code != 0 {
		return fmt.Errorf("exit status %d", code)
	}
	return nil
}
