//go:build linux || darwin

package cli

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Completing --query with a FIFO named on the line offers nothing, at
// once, where reading the FIFO held up the shell.
func TestCompleteQueryIgnoresFIFOs(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "q.fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	run := filepath.Join(dir, "r.txt")
	require.NoError(t, os.WriteFile(run, []byte("1 Q0 a 1 0.5 r\n"), 0o644))
	for _, args := range [][]string{
		{"__complete", "report", "--qrels", fifo, "--run", run, "--query", ""},
		{"__complete", "report", fifo, "--query", ""},
		{"__complete", "report", "--ltr", run, "--predictions", fifo, "--query", ""},
	} {
		done := make(chan struct{})
		go func() { mainWith("", args...); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				f.Close()
			}
			t.Fatalf("%v waits on the FIFO", args)
		}
	}
}
