package dashboard

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve"
)

// The dashboard's tests drive a real server on loopback, with attendees
// connected over SSH (serve/internal/sshtest) where what they see matters,
// and seated straight in the room (Room.Join) where only the room's
// state does.

// ndcgStart is the served list's score as every attendee first reads it:
// grades 3,2,3,0,1 under the default conventions.
const ndcgStart = "NDCG@all = 0.9575"

// startServer serves cfg (grades 3,2,3,0,1 when it names no list) on a
// loopback port for the test's length.
func startServer(t testing.TB, cfg serve.Config) (*serve.Server, string) {
	t.Helper()
	cfg.Listen = "127.0.0.1:0"
	if cfg.HostKeyPath == "" {
		cfg.HostKeyPath = filepath.Join(t.TempDir(), "host_key")
	}
	if cfg.Doc == nil {
		doc, err := listio.Inline("3,2,3,0,1", "")
		require.NoError(t, err)
		cfg.Doc = doc
		cfg.Settings = ndcg.DefaultSettings()
	}
	s, err := serve.New(cfg)
	require.NoError(t, err)
	ln, err := s.Listen()
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() { done <- s.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = s.Shutdown(ctx)
		<-done
	})
	return s, ln.Addr().String()
}

// serveOn is startServer keeping the room in dir.
func serveOn(t *testing.T, dir string, cfg serve.Config) (*serve.Server, string) {
	t.Helper()
	cfg.StateDir = dir
	cfg.HostKeyPath = filepath.Join(dir, "host_key")
	return startServer(t, cfg)
}

// emptied waits until no one is connected to s: the sessions closed
// have left the room, their lists kept.
func emptied(t testing.TB, s *serve.Server) {
	t.Helper()
	require.Eventually(t, func() bool { return s.Room().Count() == 0 }, 5*time.Second, 20*time.Millisecond)
}
