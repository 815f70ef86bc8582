package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

// serveOn starts a server keeping its room in dir.
func serveOn(t *testing.T, dir string, cfg Config) (*Server, string) {
	t.Helper()
	cfg.StateDir = dir
	cfg.HostKeyPath = filepath.Join(dir, "host_key")
	return startServer(t, cfg)
}

// A server that stops without a word (the state as it was within a
// second of the last change, as kill -9 leaves it) and starts again on
// the same state gives each attendee back their list, name and answer
// when they reconnect with their code or key; others get nothing.
func TestRoomSurvivesARestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, addr := serveOn(t, dir, Config{})
	ada := sshtest.Connect(t, addr, "ada", 100, 30)
	require.NoError(t, ada.WaitFor(ndcgStart, 10*time.Second))
	code := ada.Code("ada")
	key := newKey(t)
	kim := sshtest.ConnectKey(t, addr, "student", key, 100, 30)
	require.NoError(t, kim.WaitFor(ndcgStart, 10*time.Second))
	student := sshtest.Connect(t, addr, "student", 100, 30)
	require.NoError(t, student.WaitFor(ndcgStart, 10*time.Second))
	ada.Send("\x1b[B0")
	require.NoError(t, ada.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
	kim.Send("0")
	require.NoError(t, kim.RedrawUntil(ndcgFirstZero, 100, 30, 10*time.Second))
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.NoError(t, ada.RedrawUntil("the instructor started a", 100, 30, 10*time.Second))
	ada.Send("0.83\r")
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == 1 }, 10*time.Second, 20*time.Millisecond)

	// The state as a kill leaves it: what the file held a second later,
	// with the server still running, once it holds both edits (ada's
	// list 3,0,3,0,1 and kim's 0,2,3,0,1 have two grades 0 each: with
	// one of them, a slow machine copied the file before kim's edit).
	path := filepath.Join(dir, StateFile)
	require.Eventually(t, func() bool {
		data, err := os.ReadFile(path)
		return err == nil && strings.Contains(string(data), "0.83") && strings.Count(string(data), `"grade": 0`) >= 4
	}, 5*time.Second, 50*time.Millisecond)
	killed, err := os.ReadFile(path)
	require.NoError(t, err)
	other := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(other, StateFile), killed, 0o600))

	s2, addr2 := serveOn(t, other, Config{})
	assert.Equal(t, 3, s2.Restored())
	imp := sshtest.Connect(t, addr2, "ada", 100, 30)
	defer imp.Close()
	require.NoError(t, imp.RedrawUntil("Quiz", 100, 30, 10*time.Second))
	assert.NotContains(t, imp.Text(), "0.83")
	back := sshtest.Connect(t, addr2, "ada+"+code, 100, 30)
	defer back.Close()
	require.NoError(t, back.WaitFor("NDCG@3 = [0.83", 10*time.Second))
	require.NoError(t, back.WaitFor("welcome back: your list and your answer are as you left them", 10*time.Second))
	tally := s2.Room().Tally()
	require.NotNil(t, tally)
	assert.Equal(t, rd.ID, tally.Round.ID)
	assert.Equal(t, 1, tally.Answered)
	s2.Room().EndRound()
	require.NoError(t, back.RedrawUntil("Right: NDCG@3 = 0.8262", 100, 30, 10*time.Second))
	require.NoError(t, back.RedrawUntil("1 of 1 right", 100, 30, 10*time.Second))
	// The score is kept too, through a second restart.
	path2 := filepath.Join(other, StateFile)
	require.Eventually(t, func() bool {
		data, err := os.ReadFile(path2)
		return err == nil && strings.Contains(string(data), `"right": 1`)
	}, 5*time.Second, 50*time.Millisecond)
	out, stderr, status := runKey(t, addr2, "student", key, "list")
	require.Equal(t, 0, status, stderr)
	assert.Equal(t, []float64{0, 2, 3, 0, 1}, grades(t, out))
	back.Send("\x1b")
}

// A clean stop keeps every list: attendees read their take-home lines on
// the way out, and `ssh … list` gives the list back once serve runs
// again on the state.
func TestCleanStopKeepsTheLists(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := New(Config{Listen: "127.0.0.1:0", StateDir: dir, HostKeyPath: filepath.Join(dir, "host_key"), Doc: testDoc(t), Settings: ndcg.DefaultSettings()})
	require.NoError(t, err)
	ln, err := s.Listen()
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() { done <- s.Serve(ln) }()
	c := sshtest.Connect(t, ln.Addr().String(), "ada", 100, 30)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	code := c.Code("ada")
	c.Send("\x1b[B0")
	require.NoError(t, c.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
	assert.Equal(t, "1 list not taken home", s.ListsNotTaken())
	s.ShutdownWithGrace()
	require.NoError(t, <-done)
	_, err = c.ExitStatus(5 * time.Second)
	require.NoError(t, err)
	assert.Contains(t, c.Text(), EndedLine+"\r\nndcg-explorer: your list is kept for the next serve; then, to take it home:\r\n")
	assert.Contains(t, c.Text(), "ada+"+code+"@127.0.0.1 list > ada.json")

	s2, addr := serveOn(t, dir, Config{})
	assert.Equal(t, 1, s2.Restored())
	out, stderr, status := run(t, addr, "ada+"+code, "list")
	require.Equal(t, 0, status, stderr)
	assert.Equal(t, []float64{3, 0, 3, 0, 1}, grades(t, out))
	require.Eventually(t, func() bool { return s2.room.NotTaken() == 0 }, 5*time.Second, 20*time.Millisecond)
}

// serve --forget removes the kept room, saying how many lists it held.
func TestForget(t *testing.T) {
	dir := t.TempDir()
	r := newRoom(10, 100, nil)
	m, _ := r.Join("ada", "", "127.0.0.1:1", "")
	r.Leave(m)
	data, err := r.snapshot()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, StateFile), data, 0o600))
	n, ok := KeptCount(dir)
	assert.True(t, ok)
	assert.Equal(t, 1, n)
	require.NoError(t, Forget(dir))
	_, ok = KeptCount(dir)
	assert.False(t, ok)
	require.NoError(t, Forget(dir))
}

func testDoc(t *testing.T) *listio.Document {
	t.Helper()
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	return doc
}

// A list given back after a restart keeps the name it came from: an
// attendee's heading read "room.json: A tie at the cutoff…", the state
// file's name, where it read "sample:ties-at-k" before the restart; the
// list sent to the room (F2) kept its name too.
func TestARestartKeepsWhereTheListCameFrom(t *testing.T) {
	doc, err := listio.Load("sample:ties-at-k", nil, "")
	require.NoError(t, err)
	dir := t.TempDir()
	s, addr := serveOn(t, dir, Config{Doc: doc, Settings: ndcg.DefaultSettings()})
	ada := sshtest.Connect(t, addr, "ada", 100, 30)
	require.NoError(t, ada.WaitFor("sample:ties-at-k: A tie at the cutoff", 10*time.Second))
	code := ada.Code("ada")
	_, err = s.Room().SendList(doc, ndcg.DefaultSettings())
	require.NoError(t, err)
	// The offer's notice takes the status line: the edit is typed after
	// it is seen, or the notice could arrive after the edit and replace
	// the line this test waits for.
	require.NoError(t, ada.WaitFor("list from the instructor: enter open it", 10*time.Second))
	ada.Send("0")
	require.NoError(t, ada.RedrawUntil("grade of A 3 → 0", 100, 30, 10*time.Second))
	path := filepath.Join(dir, StateFile)
	require.Eventually(t, func() bool {
		data, err := os.ReadFile(path)
		return err == nil && strings.Contains(string(data), `"offer"`) && strings.Contains(string(data), `"grade": 0,`)
	}, 5*time.Second, 50*time.Millisecond)
	kept, err := os.ReadFile(path)
	require.NoError(t, err)
	other := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(other, StateFile), kept, 0o600))

	s2, addr2 := serveOn(t, other, Config{Doc: doc, Settings: ndcg.DefaultSettings()})
	back := sshtest.Connect(t, addr2, "ada+"+code, 100, 30)
	defer back.Close()
	require.NoError(t, back.WaitFor("welcome back", 10*time.Second))
	assert.Contains(t, back.Text(), "sample:ties-at-k: A tie at the cutoff")
	assert.NotContains(t, back.Text(), "room.json")
	s2.room.mu.Lock()
	offer := s2.room.offer
	s2.room.mu.Unlock()
	require.NotNil(t, offer)
	assert.Equal(t, "sample:ties-at-k", offer.Doc.Name)
}

// A timed round's deadline is kept with the round: a server started
// again on the state shows the clock to an attendee who comes back (its
// dashboard goes on counting down: dashboard's room_test.go).
func TestARestartKeepsTheRoundsDeadline(t *testing.T) {
	r := newRoom(10, 100, nil)
	ada, ok := r.Join("ada", "", "127.0.0.1:1", "")
	require.True(t, ok)
	rd := r.StartRound(7, 1, ndcg.DefaultSettings())
	at := time.Now().Add(-time.Minute).Truncate(time.Second)
	_, deadline, ok := r.AddTime(at, 2*time.Minute)
	require.True(t, ok)
	assert.Equal(t, at.Add(2*time.Minute), deadline)
	data, err := r.snapshot()
	require.NoError(t, err)
	assert.Contains(t, string(data), `"deadline": "`+deadline.UTC().Format(time.RFC3339)+`"`)

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, StateFile), data, 0o600))
	s, addr := serveOn(t, dir, Config{})
	id, kept := s.Room().Timer()
	assert.Equal(t, rd.ID, id)
	assert.True(t, kept.Equal(deadline), "kept %s, set %s", kept, deadline)
	back := sshtest.Connect(t, addr, "ada+"+ada.Code, 80, 24)
	defer back.Close()
	require.NoError(t, back.WaitFor("Quiz · round 1 · only ", 10*time.Second), "a minute of the two left, or less")
	assert.Regexp(t, `Quiz · round 1 · only (1:00|0:5\d) left`, back.Text())

	// Ended, a round keeps no deadline.
	s.Room().EndRound()
	data, err = s.Room().snapshot()
	require.NoError(t, err)
	assert.NotContains(t, string(data), `"deadline"`)
}

// A server stopped by a signal (SIGTERM: a restart) while it keeps the
// room tells attendees the room will be back, not that the workshop
// ended: before, a restart read "the instructor ended the workshop.
// Thank you for coming."
func TestAStopBySignalSaysTheRoomWillBeBack(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := New(Config{Listen: "127.0.0.1:0", StateDir: dir, HostKeyPath: filepath.Join(dir, "host_key"), Doc: testDoc(t), Settings: ndcg.DefaultSettings()})
	require.NoError(t, err)
	ln, err := s.Listen()
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() { done <- s.Serve(ln) }()
	c := sshtest.Connect(t, ln.Addr().String(), "ada", 100, 30)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	s.StopBySignal()
	s.ShutdownWithGrace()
	require.NoError(t, <-done)
	_, err = c.ExitStatus(5 * time.Second)
	require.NoError(t, err)
	assert.Contains(t, c.Text(), RestartLine+"\r\nndcg-explorer: your list is kept for the next serve; then, to take it home:\r\n")
	assert.NotContains(t, c.Text(), "Thank you for coming")
}
