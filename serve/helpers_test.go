package serve

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// startServer serves doc on a loopback port for the test's length.
func startServer(t testing.TB, cfg Config) (*Server, string) {
	t.Helper()
	cfg.Listen = "127.0.0.1:0"
	if cfg.HostKeyPath == "" {
		cfg.HostKeyPath = filepath.Join(t.TempDir(), "host_key")
	}
	if cfg.Doc == nil {
		doc, err := listio.Inline("3,2,3,0,1", "")
		if err != nil {
			t.Fatal(err)
		}
		cfg.Doc = doc
		cfg.Settings = ndcg.DefaultSettings()
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := s.Listen()
	if err != nil {
		t.Fatal(err)
	}
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

// emptied waits until no one is connected to s: the sessions closed
// have left the room, their lists kept.
func emptied(t testing.TB, s *Server) {
	t.Helper()
	require.Eventually(t, func() bool { return s.Room().Count() == 0 }, 5*time.Second, 20*time.Millisecond)
}
