package uitest

import (
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/ui/common"
)

// SteadyClock is a clock that moves step at each reading.
func SteadyClock(step time.Duration) func() time.Time {
	var ticks atomic.Int64
	start := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	return func() time.Time { return start.Add(time.Duration(ticks.Add(1)) * step) }
}

// UseClock times keys by clock until the test ends: now is the
// program's clock (frame.Now).
func UseClock(t *testing.T, now *func() time.Time, clock func() time.Time) {
	was := *now
	*now = clock
	t.Cleanup(func() { *now = was })
}

// RunCmd runs a command unless it is Bubble Tea's own (a cursor blink,
// quitting), which tests do not need.
func RunCmd(cmd tea.Cmd) tea.Msg {
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case m := <-done:
		return m
	case <-time.After(5 * time.Second):
		return nil
	}
}

// NamedTB names a golden file browser_*.golden whatever the test's name.
type NamedTB struct {
	testing.TB
	name string
}

// Named is t under another name, for a golden file named name.golden
// whatever the test's name.
func Named(t testing.TB, name string) NamedTB { return NamedTB{t, name} }

// Name is the golden file's name.
func (n NamedTB) Name() string { return n.name }

// StatusOnScreen checks that s is a frame of h lines of at most w cells
// and returns its last two lines, the status and the footer's line,
// joined as one text.
func StatusOnScreen(t *testing.T, s string, w, h int) string {
	t.Helper()
	lines := strings.Split(s, "\n")
	require.Len(t, lines, h, s)
	for _, l := range lines {
		require.LessOrEqual(t, ansi.StringWidth(l), w, "%q", l)
	}
	return strings.Join(strings.Fields(lines[h-2]+" "+lines[h-1]), " ")
}

// ReadsWhole asserts that text, a status longer than w, is on screen
// whole on the status line and the footer's, or, when not even two lines
// hold it, with the directories of its file left out.
func ReadsWhole(t *testing.T, text, s string, w, h int) {
	t.Helper()
	require.Greater(t, ansi.StringWidth(text), w, "a long status: %q", text)
	got := StatusOnScreen(t, s, w, h)
	whole := strings.Join(strings.Fields(text), " ")
	short := strings.Join(strings.Fields(common.ShortenPath(text)), " ")
	if got != whole {
		assert.Equal(t, short, got, "the status, whole or its file's directories left out")
	}
	assert.NotContains(t, got, "? help • q quit", "the footer gives its line to the status")
}

// OwnStyling is the only escape sequence the screen may hold: SGR
// (colours, bold), which the style sheet writes.
var OwnStyling = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// AssertNothingObeyed: after the style sheet's own SGR sequences, no
// control character is left on the screen.
func AssertNothingObeyed(t *testing.T, what string, v tea.View) {
	t.Helper()
	rest := OwnStyling.ReplaceAllString(v.Content, "")
	if i := termsafe.FirstUnsafe(rest, true); i >= 0 {
		t.Errorf("%s: a control character from the data at byte %d: %q", what, i, rest[max(i-30, 0):min(i+30, len(rest))])
	}
	if i := termsafe.FirstUnsafe(v.WindowTitle, false); i >= 0 {
		t.Errorf("%s: window title %q", what, v.WindowTitle)
	}
}

func IsQuit(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

// TypingClock times keys step apart, a step the test changes: 20 ms
// for keys typed in one go, a second for a person who reads the screen.
func TypingClock(t *testing.T, now *func() time.Time) *time.Duration {
	at, step := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC), 20*time.Millisecond
	UseClock(t, now, func() time.Time { at = at.Add(step); return at })
	return &step
}
