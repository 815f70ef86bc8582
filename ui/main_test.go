package ui

import (
	"os"
	"testing"
	"time"

	"github.com/ndcg-explorer/ndcg-explorer/ui/components/frame"
	"github.com/ndcg-explorer/ndcg-explorer/ui/internal/uitest"
)

// TestMain times keys by a clock that moves a second at each reading: a
// person who reads what is on screen before the next key, as most tests
// mean. A test of keys typed in one go sets a faster one (burstClock).
func TestMain(m *testing.M) {
	frame.Now = uitest.SteadyClock(time.Second)
	os.Exit(m.Run())
}
