package serve

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

// Wrong passphrases from one address, as a guessing client sends them,
// many at once: each of the first FailBudget waits the failure delay;
// past the budget each waits the penalty in turn (ten connections
// guess no faster than one), the client told why in a banner; and all
// the while the right passphrase from the same address gets in at once
// (a classroom behind one NAT), with one line in the log for it all.
func TestPassphraseGuessingIsThrottled(t *testing.T) {
	t.Parallel()
	const delay, budget, penalty, guessers = 20 * time.Millisecond, 10, time.Second, 10
	var mu sync.Mutex
	var logged []string
	s, addr := startServer(t, Config{Passphrase: "ndcg at 5", FailDelay: delay, FailBudget: budget, Penalty: penalty,
		Log: func(l string) { mu.Lock(); logged = append(logged, l); mu.Unlock() }})
	for i := range budget {
		t0 := time.Now()
		_, err := sshtest.Dial(addr, "mallory", "guess", nil)
		require.Error(t, err, "guess %d", i)
		assert.GreaterOrEqual(t, time.Since(t0), delay, "guess %d answered before the delay", i)
	}
	// Past the budget, ten guessers at once: one penalty each, in turn.
	start := time.Now()
	var wg sync.WaitGroup
	var banners sync.Map
	var answered atomic.Int32
	for i := range guessers {
		wg.Go(func() {
			defer answered.Add(1)
			cfg := &gossh.ClientConfig{User: "mallory", HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 30 * time.Second,
				Auth:           []gossh.AuthMethod{gossh.Password("guess")},
				BannerCallback: func(msg string) error { banners.Store(i, msg); return nil }}
			_, err := gossh.Dial("tcp", addr, cfg)
			assert.Error(t, err)
		})
	}
	// Meanwhile the room gets in, not queued behind the guesses.
	for range 5 {
		c, err := sshtest.Dial(addr, "alice", "ndcg at 5", nil)
		require.NoError(t, err, "the right passphrase is never refused")
		c.Close()
	}
	assert.Less(t, int(answered.Load()), guessers/2, "the right passphrase does not wait for the guesses")
	wg.Wait()
	assert.GreaterOrEqual(t, time.Since(start), guessers*penalty, "past the budget, failures are answered one at a time")
	msg, ok := banners.Load(0)
	require.True(t, ok, "the client is told why it waits")
	assert.Contains(t, msg, "wrong passphrases or resume codes from your address")
	assert.Contains(t, msg, "The right passphrase gets in at once")
	failures, slowed, worst, _ := s.throttle.counts()
	assert.Equal(t, budget+guessers, failures)
	assert.Equal(t, guessers, slowed)
	assert.Equal(t, "127.0.0.1", worst)
	mu.Lock()
	defer mu.Unlock()
	var lines []string
	for _, l := range logged {
		if strings.Contains(l, "failed attempts") {
			lines = append(lines, l)
		}
	}
	assert.Equal(t, []string{"127.0.0.1: 10 failed attempts (wrong passphrases or resume codes); each one more waits 1s in turn until 10m pass without one (the right passphrase still gets in: F11 forgives)"}, lines)
}
