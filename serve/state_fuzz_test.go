package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// keptRoom is the state of a room with two attendees who left (one with
// a key) and a round answered.
func keptRoom(t testing.TB) []byte {
	r := newRoom(10, 100, nil)
	a, _ := r.Join("ada", "", "127.0.0.1:1", "")
	b, _ := r.Join("bob", "", "127.0.0.1:2", "SHA256:abc")
	rd := r.StartRound(7, 1, ndcg.DefaultSettings())
	r.Answer(a.ID, ui.RoomAnswer{ID: rd.ID, Text: "0.83"})
	r.Leave(a)
	r.Leave(b)
	data, err := r.snapshot()
	require.NoError(t, err)
	return data
}

// A state file that is not one the server wrote at all is refused
// whole, with what is wrong, and the server does not start on it (what
// one it wrote holds that is wrong is set aside: TestHostileStateSetAside).
func TestHostileStateRefused(t *testing.T) {
	good := string(keptRoom(t))
	r := newRoom(10, 100, nil)
	_, err := r.load([]byte(good))
	require.NoError(t, err)
	require.Len(t, r.left, 2)
	for name, tc := range map[string]struct{ data, want string }{
		"truncated":     {good[:len(good)/2], "not a room this server wrote"},
		"empty":         {"", "not a room this server wrote"},
		"future format": {strings.Replace(good, `"version": 1`, `"version": 9`, 1), "written in format 9"},
		"unknown field": {strings.Replace(good, `"next_id"`, `"admin": true, "next_id"`, 1), "unknown field"},
	} {
		_, err := newRoom(10, 100, nil).load([]byte(tc.data))
		if assert.Error(t, err, name) {
			assert.Contains(t, err.Error(), tc.want, name)
		}
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, StateFile), []byte(good[:len(good)/2]), 0o600))
	_, err = New(Config{StateDir: dir, HostKeyPath: filepath.Join(dir, "key"), Doc: testDoc(t), Settings: ndcg.DefaultSettings()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot read the room kept in "+filepath.Join(dir, StateFile))
	assert.Contains(t, err.Error(), "serve --forget removes it")
}

// Whatever the file holds, reading it never panics, and a room read from
// it gives no two attendees one code or one name: no attendee can reach
// another's list.
func FuzzStateFile(f *testing.F) {
	good := keptRoom(f)
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add([]byte(`{"version":1,"next_id":2,"attendees":[{"id":1,"name":"a","login":"a","code":"abcdefgh"},{"id":2,"name":"b","login":"b","code":"abcdefgh"}]}`))
	f.Add([]byte(`{"version":1,"next_id":1,"rounds":1,"round":{"id":1,"seed":1,"number":1,"settings":{},"answers":[{"id":1,"name":"a","text":"1"}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := newRoom(10, 100, nil)
		if _, err := r.load(data); err != nil {
			return
		}
		codes, names, ids := map[string]bool{}, map[string]bool{}, map[int]bool{}
		for _, k := range r.left {
			if !wellFormedCode(k.code) || codes[k.code] || names[k.name] || ids[k.id] || k.id > r.nextID {
				t.Fatalf("read a room with %+v", k)
			}
			codes[k.code], names[k.name], ids[k.id] = true, true, true
			if k.doc != nil && len(k.doc.List.Items)+len(k.doc.List.Pool) > 100 {
				t.Fatalf("a list past --max-items")
			}
		}
		// What was read is written again and read back alike.
		again, err := r.snapshot()
		if err != nil {
			t.Fatal(err)
		}
		if problems, err := newRoom(10, 100, nil).load(again); err != nil || len(problems) > 0 {
			t.Fatalf("the room written again is refused: %v %q", err, problems)
		}
	})
}
