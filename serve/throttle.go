package serve

import (
	"fmt"
	"sync"
	"time"
)

// The throttle on failed attempts (wrong passphrases, resume codes that
// find no list), after OpenSSH's failure delay and PerSourcePenalties,
// with one difference: it never refuses. A source is an address, and a
// classroom behind one NAT is one address: a penalty that refused the
// address refused the whole room, the right passphrase too, and one
// student with a script could keep it so. So every failure waits the
// failure delay; past the budget, an address's failures wait the
// penalty each, one after another (a guesser with a hundred connections
// guesses no faster than with one); and the right passphrase gets in at
// once whatever the address has failed. Whoever waits is told why.
const (
	// DefaultFailDelay is how long every failed attempt waits before the
	// client hears of it.
	DefaultFailDelay = time.Second
	// DefaultFailBudget is how many failures one address may have before
	// each of its failures waits DefaultPenalty; the count starts again
	// once the address has had none for DefaultFailWindow.
	DefaultFailBudget = 30
	DefaultFailWindow = 10 * time.Minute
	// DefaultPenalty is how long each failure past the budget waits, in
	// turn with the address's other failures: at most 120 guesses an
	// hour from one address, where a resume code is one of 8.5e11.
	DefaultPenalty = 30 * time.Second
)

// maxSources bounds the addresses the throttle remembers; past it the
// oldest whose last failure is past the window are forgotten.
const maxSources = 10_000

// throttle counts failed attempts per source address.
type throttle struct {
	delay, window, penalty time.Duration
	budget                 int
	log                    func(format string, args ...any)
	// changed is told of every failure, for the dashboard's count.
	changed func()

	mu      sync.Mutex
	sources map[string]*source
	// failures counts every wrong attempt, slowed those that waited the
	// penalty, for the dashboard; worst is the address with the most
	// failures in its window, and worstFails how many.
	failures, slowed int
	worst            string
	worstFails       int
}

type source struct {
	fails int
	last  time.Time // of the failures counted
	next  time.Time // when the last failure waiting the penalty is answered
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

// fail counts a failure from host and waits: the failure delay, or past
// the budget the penalty after the address's other failures waiting
// theirs. tell, when not nil, is given what the client reads of why it
// waits, before it does. The caller is the connection's own
// authentication (or session), which no other connection waits for.
func (t *throttle) fail(host string, tell func(string)) {
	now := time.Now()
	t.mu.Lock()
	t.failures++
	s := t.sources[host]
	if s == nil {
		t.prune(now)
		s = &source{}
		t.sources[host] = s
	}
	if now.Sub(s.last) > t.window && !s.next.After(now) {
		// A window with no failure: the budget is whole again.
		s.fails = 0
	}
	s.fails, s.last = s.fails+1, now
	if s.fails > t.worstFails || host == t.worst {
		t.worst, t.worstFails = host, s.fails
	}
	wait := t.delay
	var notice string
	if s.fails > t.budget {
		t.slowed++
		s.next = later(now, s.next).Add(t.penalty)
		wait = s.next.Sub(now)
		notice = t.notice(s.fails, wait)
		if s.fails == t.budget+1 {
			t.log("%s: %d failed attempts (wrong passphrases or resume codes); each one more waits %s in turn until %s pass without one (the right passphrase still gets in: F11 forgives)",
				host, t.budget, ShortDuration(t.penalty), ShortDuration(t.window))
		}
	}
	t.mu.Unlock()
	if t.changed != nil {
		t.changed()
	}
	if tell != nil && notice != "" {
		tell(notice)
	}
	time.Sleep(wait)
}

// notice is what a client past its address's budget reads as it waits.
func (t *throttle) notice(fails int, wait time.Duration) string {
	return fmt.Sprintf("ndcg-explorer: %d wrong passphrases or resume codes from your address (a whole room may share it): this answer waits %s. "+
		"The right passphrase gets in at once: check it with your instructor.", fails, ShortDuration(max(wait.Round(time.Second), time.Second)))
}

// later is the later of a and b.
func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// prune forgets, when the map is full, the sources whose failures are
// oldest and none waiting.
func (t *throttle) prune(now time.Time) {
	if len(t.sources) < maxSources {
		return
	}
	for h, s := range t.sources {
		if now.After(s.next) && now.Sub(s.last) > t.window {
			delete(t.sources, h)
		}
	}
	for h, s := range t.sources {
		if len(t.sources) < maxSources {
			break
		}
		if now.After(s.next) {
			delete(t.sources, h)
		}
	}
}

// counts are the failures so far, how many of them waited the penalty,
// and the address with the most failures in its window, with how many.
func (t *throttle) counts() (failures, slowed int, worst string, worstFails int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.failures, t.slowed, t.worst, t.worstFails
}

// forgive forgets every failure: the instructor's way out when a room
// behind one address spent the budget on typos. It reports how many
// addresses were past their budget.
func (t *throttle) forgive() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, s := range t.sources {
		if s.fails > t.budget {
			n++
		}
	}
	clear(t.sources)
	t.worst, t.worstFails = "", 0
	return n
}
