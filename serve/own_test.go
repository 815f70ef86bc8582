package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

// openSent sends grades 1,0,2 to the room and has c open it. By hand,
// under exponential gain: DCG = 1 + 0 + 3/2 = 2.5, IDCG = 3 + 1/log2 3 =
// 3.63093, NDCG = 0.6885.
func openSent(t *testing.T, s *Server, c *sshtest.Client) {
	t.Helper()
	sent, err := listio.Inline("1,0,2", "")
	require.NoError(t, err)
	_, err = s.Room().SendList(sent, ndcg.DefaultSettings())
	require.NoError(t, err)
	require.NoError(t, c.RedrawUntil("enter open it", 100, 30, 10*time.Second))
	time.Sleep(400 * time.Millisecond) // read before answered (frame.ReadingPause)
	c.Answer("\r")
	require.NoError(t, c.RedrawUntil("NDCG@all = 0.6885", 100, 30, 10*time.Second))
}

// An attendee who edits their list, opens the instructor's and drops
// finds, back by their code, the instructor's list with their own under
// it: u takes the instructor's back, to their edited list (grade 0 on
// the second item: 0.9136), as the screen had promised. Before, u said
// "nothing to undo": the list under it was gone with the session.
func TestOwnListKeptAcrossAReconnect(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	ada := sshtest.Connect(t, addr, "ada", 100, 30)
	require.NoError(t, ada.WaitFor(ndcgStart, 10*time.Second))
	code := ada.Code("ada")
	ada.Send("\x1b[B0")
	require.NoError(t, ada.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
	openSent(t, s, ada)
	ada.Close()
	emptied(t, s)

	back := sshtest.Connect(t, addr, "ada+"+code, 100, 30)
	defer back.Close()
	require.NoError(t, back.WaitFor("NDCG@all = 0.6885", 10*time.Second))
	back.Send("u")
	require.NoError(t, back.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
}

// The same through a server killed and started again on its state: the
// file keeps the own list beside the one on screen.
func TestOwnListKeptAcrossARestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, addr := serveOn(t, dir, Config{})
	ada := sshtest.Connect(t, addr, "ada", 100, 30)
	require.NoError(t, ada.WaitFor(ndcgStart, 10*time.Second))
	code := ada.Code("ada")
	ada.Send("\x1b[B0")
	require.NoError(t, ada.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
	openSent(t, s, ada)
	path := filepath.Join(dir, StateFile)
	require.Eventually(t, func() bool {
		data, err := os.ReadFile(path)
		return err == nil && strings.Contains(string(data), `"own"`)
	}, 5*time.Second, 50*time.Millisecond)
	killed, err := os.ReadFile(path)
	require.NoError(t, err)
	other := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(other, StateFile), killed, 0o600))

	_, addr2 := serveOn(t, other, Config{})
	back := sshtest.Connect(t, addr2, "ada+"+code, 100, 30)
	defer back.Close()
	require.NoError(t, back.WaitFor("NDCG@all = 0.6885", 10*time.Second))
	back.Send("u")
	require.NoError(t, back.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
}
