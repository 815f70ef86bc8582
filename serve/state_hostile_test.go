package serve

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// threeKept is a room's state with ada, bob and cy gone home, each on a
// list of their own (cy's grades 1,0,2), a round answered by ada and a
// list sent.
func threeKept(t *testing.T) roomState {
	r := newRoom(10, 100, nil)
	var ms []*Member
	for _, name := range []string{"ada", "bob", "cy"} {
		m, _ := r.Join(name, "", "127.0.0.1:1", "")
		ms = append(ms, m)
	}
	rd := r.StartRound(7, 1, ndcg.DefaultSettings())
	r.Answer(ms[0].ID, ui.RoomAnswer{ID: rd.ID, Text: "0.83"})
	sent, err := listio.Inline("2,2,0", "")
	require.NoError(t, err)
	_, err = r.SendList(sent, ndcg.DefaultSettings())
	require.NoError(t, err)
	for i, m := range ms {
		r.Leave(m)
		doc, err := listio.Inline([]string{"3,2,1", "1,1,1", "1,0,2"}[i], "")
		require.NoError(t, err)
		r.left[len(r.left)-1].doc, r.left[len(r.left)-1].settings = doc, ndcg.DefaultSettings()
	}
	data, err := r.snapshot()
	require.NoError(t, err)
	var st roomState
	require.NoError(t, json.Unmarshal(data, &st))
	return st
}

// Each hostile value in a kept room is set aside, and said so at start,
// and the rest of the room is served: cy takes their list home. Before,
// each refused the whole room (the way out, --forget, deleting every
// list), or, next_id at its largest, loaded and overflowed on the next
// join, and the start after refused the room.
func TestHostileStateSetAside(t *testing.T) {
	long := strings.Repeat("abcdefghijklmnopqrstuvwx", 1)
	for name, tc := range map[string]struct {
		edit func(st *roomState)
		want string
	}{
		"name cut after its number": {func(st *roomState) {
			st.Attendees[0].Name, st.Attendees[0].Login = long, long
			st.Attendees[1].Name, st.Attendees[1].Login = long+"-2", long
		}, `attendee 2 ("abcdefghijklmnopqrstuvwx-2") set aside: a name empty or unsafe to show`},
		"next_id at its largest": {func(st *roomState) { st.NextID = math.MaxInt64 },
			"next_id 9223372036854775807 out of range: counted again from the ids kept"},
		"a negative count": {func(st *roomState) { st.Rounds = -1 },
			"rounds -1 out of range: counted again from the rounds kept"},
		"two with one code": {func(st *roomState) { st.Attendees[1].Code = st.Attendees[0].Code },
			`attendee 1 ("ada") set aside: a resume code another attendee has too`},
		"an escape in a name": {func(st *roomState) { st.Attendees[0].Name = "\x1b[2J" },
			`attendee 1 ("\x1b[2J") set aside: a name empty or unsafe to show`},
		"a list past --max-items": {func(st *roomState) {
			doc, _ := listio.Inline(strings.Repeat("1,", 200)+"1", "")
			st.Attendees[0].List, _ = listio.WriteJSON(doc, ndcg.DefaultSettings())
		}, `attendee 1 ("ada") set aside: their list: 201 items, more than --max-items 100`},
		"a round's settings": {func(st *roomState) { cubic := "cubic"; st.Round.Settings.Gain = &cubic },
			"round 1: "},
		"a timer a year ahead": {func(st *roomState) { st.Round.Deadline = time.Now().AddDate(1, 0, 0) },
			"round 1: its timer ends "},
		"an answer under an escape": {func(st *roomState) { st.Round.Answers[0].Name = "\x1b[2J" },
			"round 1: 1 answer set aside"},
		"the list sent": {func(st *roomState) { st.OfferSource = "\x1b]0;x\x07" },
			"the list sent to the room set aside"},
	} {
		t.Run(name, func(t *testing.T) {
			st := threeKept(t)
			cy := st.Attendees[2].Code
			tc.edit(&st)
			data, err := json.Marshal(st)
			require.NoError(t, err)
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, StateFile), data, 0o600))
			s, addr := serveOn(t, dir, Config{MaxItems: 100})
			banner := strings.Join(s.Banner(nil), "\n")
			assert.Contains(t, banner, "set aside from the room kept: "+tc.want)
			assert.Contains(t, banner, "the file as it was is kept in "+filepath.Join(dir, SetAsidePrefix))
			out, stderr, status := run(t, addr, "cy+"+cy, "list")
			require.Equal(t, 0, status, stderr)
			assert.Equal(t, []float64{1, 0, 2}, grades(t, out))
			// A newcomer gets an id of their own, and the room as saved
			// loads again with nothing set aside.
			m, ok := s.room.Join("dee", "", "127.0.0.1:9", "")
			require.True(t, ok)
			for _, k := range s.room.left {
				assert.NotEqual(t, k.id, m.ID)
			}
			again, err := s.room.snapshot()
			require.NoError(t, err)
			problems, err := newRoom(10, 100, nil).load(again)
			require.NoError(t, err)
			assert.Empty(t, problems)
		})
	}
}

// A second attendee on a name of NameCells cells is numbered within
// them: the name was cut after its number, and the file refused.
func TestNumberedNameFits(t *testing.T) {
	r := newRoom(10, 100, nil)
	long := "abcdefghijklmnopqrstuvwx"
	a, _ := r.Join(long, "", "127.0.0.1:1", "")
	b, _ := r.Join(long, "", "127.0.0.1:2", "")
	assert.Equal(t, long, a.Name)
	assert.Equal(t, "abcdefghijklmnopqrstuv-2", b.Name)
	data, err := r.snapshot()
	require.NoError(t, err)
	problems, err := newRoom(10, 100, nil).load(data)
	require.NoError(t, err)
	assert.Empty(t, problems)
}

// A named pipe, a device or an oversized file at room.json is refused
// at once: a pipe hung serve through TERM, INT and HUP. --forget removes
// each without reading it.
func TestStateFileNotAFile(t *testing.T) {
	for name, mk := range map[string]func(path string) error{
		"a named pipe": func(path string) error { return syscall.Mkfifo(path, 0o600) },
		"a device":     func(path string) error { return os.Symlink("/dev/zero", path) },
		"oversized": func(path string) error {
			f, err := os.Create(path)
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(maxStateBytes + 1) // sparse: nothing written
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, StateFile)
			require.NoError(t, mk(path))
			done := make(chan error, 1)
			go func() {
				_, err := New(Config{StateDir: dir, HostKeyPath: filepath.Join(dir, "key"), Doc: testDoc(t), Settings: ndcg.DefaultSettings()})
				done <- err
			}()
			select {
			case err := <-done:
				require.Error(t, err)
				assert.Contains(t, err.Error(), "cannot read the room kept in "+path)
				assert.Contains(t, err.Error(), "serve --forget removes it without reading it")
			case <-time.After(5 * time.Second):
				t.Fatal("serve waited on the file")
			}
			n, ok := KeptCount(dir)
			assert.True(t, ok)
			assert.Equal(t, -1, n)
			require.NoError(t, Forget(dir))
			_, err := os.Lstat(path)
			assert.ErrorIs(t, err, os.ErrNotExist)
		})
	}
}
