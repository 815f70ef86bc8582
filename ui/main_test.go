package ui

import (
	"os"
	"sync/atomic"
	"testing"
	"time"
)

// TestMain times keys by a clock that moves a second at each reading: a
// person who reads what is on screen before the next key, as most tests
// mean. A test of keys typed in one go sets a faster one (burstClock).
func TestMain(m *testing.M) {
	now = steadyClock(time.Second)
	os.Exit(m.Run())
}

// steadyClock is a clock that moves step at each reading.
func steadyClock(step time.Duration) func() time.Time {
	var ticks atomic.Int64
	start := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	return func() time.Time { return start.Add(time.Duration(ticks.Add(1)) * step) }
}

// useClock times keys by clock until the test ends.
func useClock(t *testing.T, clock func() time.Time) {
	was := now
	now = clock
	t.Cleanup(func() { now = was })
}
