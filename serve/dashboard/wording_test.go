package dashboard

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve"
)

// A save that fails is on the dashboard's first line until one works,
// through a timed round's countdown, which rewrites the status line
// every second: before, the one warning went within a second and the
// instructor read only "round 1 closes in 2:27…" for as long as the
// room was not kept.
func TestSaveBannerSurvivesTheCountdown(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "state")
	s, _ := startServer(t, serve.Config{StateDir: dir, HostKeyPath: filepath.Join(root, "host_key")})
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF10})

	require.NoError(t, os.RemoveAll(dir))
	require.NoError(t, os.WriteFile(dir, []byte("in the way"), 0o600))
	s.Room().Join("ada", "", "127.0.0.1:1", "")
	require.Eventually(t, func() bool { return s.SaveProblem() != "" }, 5*time.Second, 20*time.Millisecond)
	d.Update(roomChanged{})
	for range 3 {
		d.Update(timerTick{})
		lines := strings.Split(ansi.Strip(d.View().Content), "\n")
		banner := lines[0] + " " + lines[1]
		assert.True(t, strings.HasPrefix(banner, "NOT SAVED: cannot keep the room in "+filepath.Join(dir, serve.StateFile)), banner)
		assert.Contains(t, ansi.Strip(d.View().Content), "round 1 closes in ")
		require.Len(t, lines, 30)
	}

	require.NoError(t, os.Remove(dir))
	require.Eventually(t, func() bool { return s.SaveProblem() == "" }, 10*time.Second, 20*time.Millisecond)
	d.Update(roomChanged{})
	assert.NotContains(t, ansi.Strip(d.View().Content), "NOT SAVED")
}

// Started again on a room whose round is under way, the dashboard opens
// on its tally, not on the explorer.
func TestARestartOpensOnTheRoundUnderWay(t *testing.T) {
	dir := t.TempDir()
	s, _ := serveOn(t, dir, serve.Config{})
	s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.NoError(t, s.Close())

	// (A lock left as a crash leaves it: the dashboard says so first.)
	require.NoError(t, os.WriteFile(filepath.Join(dir, serve.LockFile), []byte("process 4242, listening on ssh 127.0.0.1:1\n"), 0o600))
	s2, _ := serveOn(t, dir, serve.Config{})
	d := New(s2, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	assert.Contains(t, ansi.Strip(d.View().Content), "Quiz round 1 · seed 7, question 1")
	assert.True(t, strings.HasPrefix(d.status, "the last serve on it (process 4242, listening on ssh 127.0.0.1:1) did not stop cleanly"), d.status)
}

// startWeb serves with the room's page too, as serve --web does.
func startWeb(t *testing.T) *serve.Server {
	t.Helper()
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	s, _, done, err := serve.Start(serve.Config{Listen: "127.0.0.1:0", Web: "127.0.0.1:0", HostKeyPath: filepath.Join(t.TempDir(), "host_key"),
		Doc: doc, Settings: ndcg.DefaultSettings(), Passphrase: "tea"})
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = s.Shutdown(ctx)
		<-done
	})
	return s
}

// F12's QR code gives way to the tally when a round starts: it stayed
// over it, and the instructor did not see the round begin.
func TestTheQRCodeGivesWayToTheRound(t *testing.T) {
	s := startWeb(t)
	d := New(s, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	d.Update(tea.KeyPressMsg{Code: tea.KeyF12})
	require.True(t, d.showCode)
	d.Update(tea.KeyPressMsg{Code: tea.KeyF3})
	assert.Contains(t, ansi.Strip(d.View().Content), "Quiz round 1")
}

// At 80 columns the first line keeps the room's addresses whole: the
// page's goes on a line of its own when both do not fit. Before, the
// first line cut it.
func TestTheFirstLineKeepsTheAddressAt80Columns(t *testing.T) {
	s := startWeb(t)
	d := New(s, &net.TCPAddr{IP: net.IPv4(192, 168, 1, 23), Port: 23234}, &eventLog{}, true)
	d.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	lines := strings.Split(ansi.Strip(d.View().Content), "\n")
	assert.Equal(t, "ndcg-explorer serve · 0 connected · passphrase on · ssh -p 23234 192.168.1.23", lines[0])
	assert.Equal(t, "the room's page: "+s.WebURL(s.WebAddr()), lines[1])
	require.Len(t, lines, 24)
	for _, l := range lines[:d.headerH] {
		assert.NotContains(t, l, "…")
	}
}
