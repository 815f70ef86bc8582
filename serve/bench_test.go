package serve

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

// BenchmarkIdleSessionMemory connects 50 sessions, lets each draw its
// first screen, and reports the heap they hold per session (target:
// at most 5 MB). The clients live in the same process, so their side of
// each connection counts too: the figure is an upper bound.
func BenchmarkIdleSessionMemory(b *testing.B) {
	b.Run("ssh", func(b *testing.B) { idleSessionMemory(b, false) })
	b.Run("web", func(b *testing.B) { idleSessionMemory(b, true) })
}

func idleSessionMemory(b *testing.B, web bool) {
	const sessions = 50
	for range b.N {
		var addr string
		var srv *Server
		if web {
			srv, addr = startWebServer(b, Config{})
		} else {
			_, addr = startServer(b, Config{})
		}
		before := heap()
		cs := make([]typist, sessions)
		for i := range cs {
			name := fmt.Sprintf("idle%d", i)
			if web {
				p, err := openPage(b, addr, srv.webCode, nil)
				if err != nil {
					b.Fatal(err)
				}
				p.join(name, "", "")
				p.WaitFor(ndcgStart)
				p.Stamp(func() {})
				cs[i] = p
				continue
			}
			c := sshtest.Connect(b, addr, name, 80, 24)
			if err := c.WaitFor(ndcgStart, 20*time.Second); err != nil {
				b.Fatal(err)
			}
			c.Forget()
			cs[i] = sshTypist{c}
		}
		time.Sleep(200 * time.Millisecond) // the last frames flushed
		after := heap()
		b.ReportMetric(float64(after-before)/sessions/(1<<20), "MB/session")
		for _, c := range cs {
			c.Close()
		}
	}
}

func heap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkKeyToFrame: 100 sessions each type 10 keys a second (a grade
// set on rank 1, alternately 0 and 3, so every key changes the screen);
// the latency of a key is the time from writing it to the first bytes
// of the next frame arriving. Each iteration is one round of a key per
// session; p50 and p99 are reported in milliseconds (target: p99 at
// most 50 ms). One session typing alone is the baseline on the same
// machine in the same run: the machine's load shows in both.
//
// sessions=300 is three times the default --max-sessions; flood=2 adds two
// clients typing as fast as they can (a million bytes of grade keys each),
// which the server drops past session.MaxKeysPerSecond.
func BenchmarkKeyToFrame(b *testing.B) {
	for _, n := range []int{1, DefaultMaxSessions, 300} {
		b.Run(fmt.Sprintf("sessions=%d", n), func(b *testing.B) { keyToFrame(b, n, 0, false) })
	}
	b.Run("sessions=50,flood=2", func(b *testing.B) { keyToFrame(b, 50, 2, false) })
	// The same room from browsers (--web): the page's WebSocket in place
	// of an SSH channel, beside it in the same run.
	for _, n := range []int{1, DefaultMaxSessions} {
		b.Run(fmt.Sprintf("web,sessions=%d", n), func(b *testing.B) { keyToFrame(b, n, 0, true) })
	}
}

// typist is one attendee the benchmark types for: over SSH (client) or
// from the room's page (browser).
type typist interface {
	Send(keys string)
	// Stamp makes f see each write of output instead of it being kept.
	Stamp(f func())
	Close()
}

// sshTypist is an attendee over SSH as the benchmark types for them.
type sshTypist struct{ *sshtest.Client }

func (c sshTypist) Stamp(f func()) {
	c.Forget()
	c.Tap(func(int) { f() })
}

func keyToFrame(b *testing.B, sessions, flooders int, web bool) {
	cfg := Config{MaxSessions: max(sessions+flooders, DefaultMaxSessions)}
	var addr, webAddr string
	var srv *Server
	if web {
		srv, webAddr = startWebServer(b, cfg)
	} else {
		_, addr = startServer(b, cfg)
	}
	for i := range flooders {
		c := sshtest.Connect(b, addr, fmt.Sprintf("flood%d", i), 80, 24)
		if err := c.WaitFor(ndcgStart, 30*time.Second); err != nil {
			b.Fatal(err)
		}
		c.Tap(func(int) {}) // its frames are not kept
		go func() {
			defer c.Close()
			chunk := strings.Repeat("03", 4096)
			for range 1_000_000 / len(chunk) {
				if _, err := io.WriteString(c.In, chunk); err != nil {
					return
				}
			}
		}()
	}
	type timed struct {
		c       typist
		mu      sync.Mutex
		written atomic.Int64 // when the last key was written, in ns; 0 when its frame has come
		lat     []time.Duration
	}
	ts := make([]*timed, sessions)
	var wg sync.WaitGroup
	for i := range ts {
		wg.Go(func() {
			name := fmt.Sprintf("key%d", i)
			if web {
				p, err := openPage(b, webAddr, srv.webCode, nil)
				if err != nil {
					b.Error(err)
					return
				}
				p.join(name, "", "")
				p.WaitFor(ndcgStart)
				ts[i] = &timed{c: p}
				return
			}
			c := sshtest.Connect(b, addr, name, 80, 24)
			if err := c.WaitFor(ndcgStart, 30*time.Second); err != nil {
				b.Error(err)
			}
			ts[i] = &timed{c: sshTypist{c}}
		})
	}
	wg.Wait()
	if b.Failed() {
		b.FailNow()
	}
	// From here on, each session's output only stamps the first bytes
	// after a key.
	for _, t := range ts {
		t.c.Stamp(func() {
			if at := t.written.Swap(0); at != 0 {
				t.mu.Lock()
				t.lat = append(t.lat, time.Duration(time.Now().UnixNano()-at))
				t.mu.Unlock()
			}
		})
	}
	cpu0 := cpuTime()
	b.ResetTimer()
	tick := time.NewTicker(100 * time.Millisecond) // 10 keys a second each
	defer tick.Stop()
	var typing sync.WaitGroup
	for n := range b.N {
		<-tick.C
		key := []string{"0", "3"}[n%2]
		for i, t := range ts {
			typing.Go(func() {
				// Spread the room's keys over the tenth of a second.
				time.Sleep(time.Duration(i) * time.Millisecond)
				// A key whose frame has not come yet keeps its stamp:
				// the slow frame is the one measured.
				t.written.CompareAndSwap(0, time.Now().UnixNano())
				t.c.Send(key)
			})
		}
	}
	typing.Wait()
	time.Sleep(500 * time.Millisecond)
	b.StopTimer()
	cpu := cpuTime() - cpu0
	var all []time.Duration
	for _, t := range ts {
		t.mu.Lock()
		all = append(all, t.lat...)
		t.mu.Unlock()
		t.c.Close()
	}
	if len(all) == 0 {
		b.Fatal("no frame came after any key")
	}
	slices.Sort(all)
	pct := func(p float64) float64 { return float64(all[int(p*float64(len(all)-1))]) / float64(time.Millisecond) }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(len(all))/float64(b.N*sessions), "frames/key")
	// The process's CPU time per key typed (server and clients, which
	// share the process): what the room costs, whatever the machine's
	// other load does to the latency.
	b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(b.N*sessions), "cpu-ms/key")
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
