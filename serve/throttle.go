package serve

import (
	"sync"
	"time"
)

// Defaults of the throttle on failed authentication, after OpenSSH's
// failure delay and PerSourcePenalties. A source is an address: a room
// behind one NAT is one source, so the budget is generous enough for a
// roomful of mistyped passphrases, and the penalty short.
const (
	// DefaultFailDelay is how long every failed attempt waits before the
	// client hears of it.
	DefaultFailDelay = time.Second
	// DefaultFailBudget is how many failures one address may have within
	// DefaultFailWindow before it is refused.
	DefaultFailBudget = 30
	DefaultFailWindow = 10 * time.Minute
	// DefaultPenalty is how long an address over its budget is refused
	// (every connection from it closed at once, the right passphrase
	// too).
	DefaultPenalty = 5 * time.Minute
)

// maxSources bounds the addresses the throttle remembers; past it the
// oldest without a penalty running are forgotten.
const maxSources = 10_000

// throttle counts failed attempts (wrong passphrases, and resume codes
// that find no list) per source address.
type throttle struct {
	delay, window, penalty time.Duration
	budget                 int
	log                    func(format string, args ...any)
	// changed is told of every failure, for the dashboard's count.
	changed func()

	mu      sync.Mutex
	sources map[string]*source
	// failures and refused count every wrong attempt and every
	// connection refused under a penalty, for the dashboard.
	failures, refused int
}

type source struct {
	fails int
	first time.Time // of the failures counted
	until time.Time // refused until then
}

func newThrottle(cfg Config, log func(format string, args ...any)) *throttle {
	t := &throttle{delay: cfg.FailDelay, window: cfg.FailWindow, penalty: cfg.Penalty, budget: cfg.FailBudget, log: log,
		sources: map[string]*source{}}
	if t.delay == 0 {
		t.delay = DefaultFailDelay
	}
	if t.budget <= 0 {
		t.budget = DefaultFailBudget
	}
	if t.window <= 0 {
		t.window = DefaultFailWindow
	}
	if t.penalty <= 0 {
		t.penalty = DefaultPenalty
	}
	t.delay = max(t.delay, 0)
	return t
}

// fail counts a failure from host and waits the failure delay (the
// caller is the connection's own authentication, which no other
// connection waits for). The failure that spends the budget starts the
// penalty and is logged, once for the whole penalty.
func (t *throttle) fail(host string) {
	now := time.Now()
	t.mu.Lock()
	t.failures++
	s := t.sources[host]
	if s == nil {
		t.prune(now)
		s = &source{first: now}
		t.sources[host] = s
	}
	if now.Sub(s.first) > t.window {
		s.fails, s.first = 0, now
	}
	s.fails++
	if s.fails >= t.budget && !now.Before(s.until) {
		s.until = now.Add(t.penalty)
		s.fails, s.first = 0, now
		t.log("%s: %d failed attempts (wrong passphrases or resume codes); connections from there refused for %s",
			host, t.budget, ShortDuration(t.penalty))
	}
	t.mu.Unlock()
	if t.changed != nil {
		t.changed()
	}
	time.Sleep(t.delay)
}

// blocked reports whether host is under a penalty, counting the refusal.
func (t *throttle) blocked(host string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if s := t.sources[host]; s != nil && time.Now().Before(s.until) {
		t.refused++
		return true
	}
	return false
}

// prune forgets, when the map is full, the sources with no penalty
// running whose failures are oldest.
func (t *throttle) prune(now time.Time) {
	if len(t.sources) < maxSources {
		return
	}
	for h, s := range t.sources {
		if now.After(s.until) && now.Sub(s.first) > t.window {
			delete(t.sources, h)
		}
	}
	for h, s := range t.sources {
		if len(t.sources) < maxSources {
			break
		}
		if now.After(s.until) {
			delete(t.sources, h)
		}
	}
}

// counts are the failures and the refusals so far.
func (t *throttle) counts() (failures, refused int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.failures, t.refused
}

// forgive lifts every penalty and forgets every failure: the instructor's
// way out when a room behind one address spent the budget on typos. It
// reports how many addresses were refused.
func (t *throttle) forgive() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	now := time.Now()
	for _, s := range t.sources {
		if now.Before(s.until) {
			n++
		}
	}
	clear(t.sources)
	return n
}
