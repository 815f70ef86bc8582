package serve

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 200 wrong passphrases from one address, as a guessing client sends
// them: each of the first FailBudget waits at least the failure delay;
// past the budget every connection from the address is refused at once,
// the right passphrase too, and the instructor reads one line for it all.
func TestPassphraseGuessingIsThrottled(t *testing.T) {
	const delay, budget = 40 * time.Millisecond, 10
	var mu sync.Mutex
	var logged []string
	s, addr := startServer(t, Config{Passphrase: "ndcg at 5", FailDelay: delay, FailBudget: budget, Penalty: time.Minute,
		Log: func(l string) { mu.Lock(); logged = append(logged, l); mu.Unlock() }})
	start := time.Now()
	for i := range budget {
		t0 := time.Now()
		_, err := dial(addr, "mallory", "guess")
		require.Error(t, err, "guess %d", i)
		assert.GreaterOrEqual(t, time.Since(t0), delay, "guess %d answered before the delay", i)
	}
	assert.GreaterOrEqual(t, time.Since(start), budget*delay)
	for i := budget; i < 200; i++ {
		_, err := dial(addr, "mallory", "guess")
		require.Error(t, err, "guess %d", i)
	}
	_, err := dial(addr, "alice", "ndcg at 5")
	require.Error(t, err, "the address is refused, the right passphrase too")
	failures, refused := s.throttle.counts()
	assert.Equal(t, budget, failures, "past the budget no passphrase is even compared")
	assert.Equal(t, 200-budget+1, refused)
	mu.Lock()
	defer mu.Unlock()
	var lines []string
	for _, l := range logged {
		if strings.Contains(l, "failed attempts") {
			lines = append(lines, l)
		}
	}
	assert.Equal(t, []string{"127.0.0.1: 10 failed attempts (wrong passphrases or resume codes); connections from there refused for 1m"}, lines)
}

// The penalty ends: the address gets in again with the right passphrase.
func TestPenaltyEnds(t *testing.T) {
	_, addr := startServer(t, Config{Passphrase: "ndcg at 5", FailDelay: -1, FailBudget: 2, Penalty: 300 * time.Millisecond})
	for range 2 {
		_, err := dial(addr, "mallory", "guess")
		require.Error(t, err)
	}
	_, err := dial(addr, "alice", "ndcg at 5")
	require.Error(t, err)
	require.Eventually(t, func() bool {
		c, err := dial(addr, "alice", "ndcg at 5")
		if err == nil {
			c.Close()
		}
		return err == nil
	}, 5*time.Second, 50*time.Millisecond)
}
