package webterm

import (
	"sync"
	"time"
)

// ThrottleConfig is how failed joins from one address are slowed down:
// each failure waits Delay before its answer; Budget failures within
// Window block the address for Block.
type ThrottleConfig struct {
	Delay  time.Duration
	Budget int
	Window time.Duration
	Block  time.Duration
}

// DefaultThrottle follows OpenSSH's habits: a second's pause after each
// wrong passphrase, and ten wrong in ten minutes keep the address out for
// five.
var DefaultThrottle = ThrottleConfig{Delay: time.Second, Budget: 10, Window: 10 * time.Minute, Block: 5 * time.Minute}

// Throttle counts failures by address. It forgets an address once its
// window and block have passed, so it holds at most one entry per
// address that failed recently.
type Throttle struct {
	cfg ThrottleConfig
	now func() time.Time

	mu    sync.Mutex
	addrs map[string]*failures
}

type failures struct {
	first   time.Time
	count   int
	blocked time.Time // until when; zero when not blocked
}

// NewThrottle makes a Throttle.
func NewThrottle(cfg ThrottleConfig) *Throttle {
	return &Throttle{cfg: cfg, now: time.Now, addrs: map[string]*failures{}}
}

// Blocked reports whether addr is refused now, and for how long still.
func (t *Throttle) Blocked(addr string) (time.Duration, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f := t.entry(addr)
	if f == nil || f.blocked.IsZero() {
		return 0, false
	}
	return f.blocked.Sub(t.now()), true
}

// Failed counts a failure from addr: it returns how long to wait before
// answering, and whether this failure is the one that blocks the
// address (to be logged once, not at every try).
func (t *Throttle) Failed(addr string) (time.Duration, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	f := t.entry(addr)
	if f == nil {
		f = &failures{first: now}
		t.addrs[addr] = f
	}
	f.count++
	if f.count >= t.cfg.Budget && f.blocked.IsZero() {
		f.blocked = now.Add(t.cfg.Block)
		return t.cfg.Delay, true
	}
	return t.cfg.Delay, false
}

// Succeeded forgets addr's failures: a right passphrase ends the count.
func (t *Throttle) Succeeded(addr string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.addrs, addr)
}

// Failures is how many addresses are counted now, and how many of them
// are blocked: for the dashboard.
func (t *Throttle) Failures() (counted, blocked int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for a := range t.addrs {
		if f := t.entry(a); f != nil {
			counted++
			if !f.blocked.IsZero() {
				blocked++
			}
		}
	}
	return counted, blocked
}

// entry is addr's count, dropped when it has expired.
func (t *Throttle) entry(addr string) *failures {
	f := t.addrs[addr]
	if f == nil {
		return nil
	}
	now := t.now()
	expired := f.blocked.IsZero() && now.Sub(f.first) > t.cfg.Window ||
		!f.blocked.IsZero() && now.After(f.blocked)
	if expired {
		delete(t.addrs, addr)
		return nil
	}
	return f
}
