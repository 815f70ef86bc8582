package serve

import (
	"fmt"
	"strings"
	"time"
)

// How the server words counts and durations for the people it talks to:
// the attendees, and the instructor on the dashboard.

// ShortDuration writes a duration as a person says it: whole hours,
// minutes and seconds, each only when not zero (20s, 10m, 1h30m, 1h0m30s
// as 1h30s would read as ninety seconds to some). time.Duration's own
// String gives 10m0s; cutting its trailing zeros cut 10m to 1.
func ShortDuration(d time.Duration) string {
	if d <= 0 {
		return "never"
	}
	if d < time.Second {
		return d.String()
	}
	d = d.Round(time.Second)
	h, m, s := int(d/time.Hour), int(d%time.Hour/time.Minute), int(d%time.Minute/time.Second)
	var b strings.Builder
	if h > 0 {
		fmt.Fprintf(&b, "%dh", h)
	}
	if m > 0 || h > 0 && s > 0 {
		fmt.Fprintf(&b, "%dm", m)
	}
	if s > 0 {
		fmt.Fprintf(&b, "%ds", s)
	}
	return b.String()
}

// Plural counts: "1 attendee", "2 attendees".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
