package serve

import (
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

// Wrong passphrases from one address, as a guessing client sends them,
// many at once: each of the first FailBudget waits the failure delay;
// past the budget each waits the penalty in turn (twenty connections
// guess no faster than one), the client told why in a banner; and all
// the while the right passphrase from the same address gets in at once
// (a classroom behind one NAT), with one line in the log for it all.
func TestPassphraseGuessingIsThrottled(t *testing.T) {
	const delay, budget, penalty, guessers = 20 * time.Millisecond, 10, 250 * time.Millisecond, 20
	var mu sync.Mutex
	var logged []string
	s, addr := startServer(t, Config{Passphrase: "ndcg at 5", FailDelay: delay, FailBudget: budget, Penalty: penalty,
		Log: func(l string) { mu.Lock(); logged = append(logged, l); mu.Unlock() }})
	for i := range budget {
		t0 := time.Now()
		_, err := dial(addr, "mallory", "guess")
		require.Error(t, err, "guess %d", i)
		assert.GreaterOrEqual(t, time.Since(t0), delay, "guess %d answered before the delay", i)
	}
	// Past the budget, twenty guessers at once: one penalty each, in turn.
	start := time.Now()
	var wg sync.WaitGroup
	var banners sync.Map
	for i := range guessers {
		wg.Go(func() {
			cfg := &gossh.ClientConfig{User: "mallory", HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 30 * time.Second,
				Auth:           []gossh.AuthMethod{gossh.Password("guess")},
				BannerCallback: func(msg string) error { banners.Store(i, msg); return nil }}
			_, err := gossh.Dial("tcp", addr, cfg)
			assert.Error(t, err)
		})
	}
	// Meanwhile the room gets in, not queued behind the guesses.
	for range 5 {
		c, err := dial(addr, "alice", "ndcg at 5")
		require.NoError(t, err, "the right passphrase is never refused")
		c.Close()
	}
	assert.Less(t, time.Since(start), guessers*penalty/2, "the right passphrase does not wait for the guesses")
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
	assert.Equal(t, []string{"127.0.0.1: 10 failed attempts (wrong passphrases or resume codes); each one more waits 250ms in turn until 10m pass without one (the right passphrase still gets in: F11 forgives)"}, lines)
}

// The dashboard counts failed attempts, those slowed past the budget,
// and the address most of them came from.
func TestDashboardCountsFailedAttempts(t *testing.T) {
	s, addr := startServer(t, Config{Passphrase: "ndcg at 5", FailDelay: -1, FailBudget: 2, Penalty: time.Millisecond})
	d := NewDashboard(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	d.Update(roomChanged{})
	assert.NotContains(t, ansi.Strip(d.View().Content), "failed attempt")
	for range 3 {
		_, err := dial(addr, "mallory", "guess")
		require.Error(t, err)
	}
	d.Update(roomChanged{})
	assert.Contains(t, ansi.Strip(d.View().Content), "0 connected · passphrase on · 3 failed attempts, 1 slowed, most from 127.0.0.1 · ssh -p 23234 127.0.0.1")
}

// At 80 columns the failed attempts leave the ssh command whole on the
// first line and go to the host key's line.
func TestDashboardFailedAttemptsAt80Columns(t *testing.T) {
	s, addr := startServer(t, Config{Passphrase: "ndcg at 5", FailDelay: -1, FailBudget: 2, Penalty: time.Millisecond})
	for range 3 {
		_, err := dial(addr, "mallory", "guess")
		require.Error(t, err)
	}
	d := NewDashboard(s, &net.TCPAddr{IP: net.IPv4(192, 168, 100, 123), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 80, Height: 30})
	d.log.add("ada connected")
	d.Update(roomChanged{})
	lines := strings.Split(ansi.Strip(d.View().Content), "\n")
	assert.Equal(t, "ndcg-explorer serve · 0 connected · passphrase on · ssh -p 23234 192.168.100.123", lines[0])
	assert.Equal(t, "host key "+s.Fingerprint()+" · 3 failed", lines[3])
	for _, l := range lines[:d.headerH] {
		assert.NotContains(t, l, "…")
	}
}

// F11 forgives an address its failed attempts: its next wrong passphrase
// waits the failure delay again, not the penalty.
func TestDashboardForgivesSlowedAddresses(t *testing.T) {
	s, addr := startServer(t, Config{Passphrase: "ndcg at 5", FailDelay: -1, FailBudget: 2, Penalty: time.Hour})
	for range 2 {
		_, err := dial(addr, "mallory", "guess")
		require.Error(t, err)
	}
	d := NewDashboard(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF11})
	assert.Equal(t, "failed attempts forgotten: 0 addresses no longer slowed", d.status)
	t0 := time.Now()
	_, err := dial(addr, "mallory", "guess")
	require.Error(t, err)
	assert.Less(t, time.Since(t0), time.Minute)
	c, err := dial(addr, "alice", "ndcg at 5")
	require.NoError(t, err)
	c.Close()
}
