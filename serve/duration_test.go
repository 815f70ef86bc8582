package serve

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// Durations as --idle-timeout and the penalty are printed: whole, where
// trimming time.Duration's zeros made 20s "2" and 10m "1".
func TestShortDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                          "never",
		-time.Second:               "never",
		500 * time.Millisecond:     "500ms",
		time.Second:                "1s",
		20 * time.Second:           "20s",
		90 * time.Second:           "1m30s",
		10 * time.Minute:           "10m",
		30 * time.Minute:           "30m",
		time.Hour:                  "1h",
		90 * time.Minute:           "1h30m",
		time.Hour + 30*time.Second: "1h0m30s",
		2*time.Hour + time.Minute + 5*time.Second: "2h1m5s",
		100 * time.Hour:                       "100h",
		10*time.Second + 400*time.Millisecond: "10s",
	} {
		assert.Equal(t, want, ShortDuration(d), "%v", d)
	}
}
