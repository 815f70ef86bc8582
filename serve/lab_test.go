package serve

import (
	"crypto/ed25519"
	"crypto/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// A computer lab: every machine logged in as student, behind one
// address. The served list is 3,2,3,0,1 (ndcgStart); the edits give
// 3,0,3,0,1 (ndcgEdited) and 0,2,3,0,1, whose NDCG under exp gain and
// log2 is, by hand: DCG = 0 + 3/log2 3 + 7/2 + 0 + 1/log2 6
// = 1.89279 + 3.5 + 0.38685 = 5.77964, IDCG (3,2,1,0,0)
// = 7 + 1.89279 + 0.5 = 9.39279, NDCG = 0.6153.
const ndcgFirstZero = "NDCG@all = 0.6153"

func newKey(t *testing.T) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	s, err := gossh.NewSignerFromKey(priv)
	require.NoError(t, err)
	return s
}

// Attendees with one user name are told apart by a number, in the order
// they join, wherever they come from: the dashboard's names, the tally's
// and the log's.
func TestLabNamesToldApart(t *testing.T) {
	r := newRoom(10, 10, nil)
	var names []string
	for _, addr := range []string{"10.0.0.1:1", "10.0.0.1:2", "10.0.0.1:3", "10.0.0.9:1"} {
		m, ok := r.Join("student", "", addr, "")
		require.True(t, ok)
		names = append(names, m.Name)
	}
	assert.Equal(t, []string{"student", "student-2", "student-3", "student-4"}, names)
	// A user name that is someone's display name already is numbered too.
	m, _ := r.Join("student-2", "", "10.0.0.5:1", "")
	assert.Equal(t, "student-2-2", m.Name)
}

// Two attendees named student from one address, each with a key: each
// edits, both drop, and each comes back, in the other order, to their
// own list, name and answer.
func TestLabKeysBringEachBack(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	k1, k2 := newKey(t), newKey(t)
	a := sshtest.ConnectKey(t, addr, "student", k1, 80, 24)
	require.NoError(t, a.WaitFor(ndcgStart, 10*time.Second))
	b := sshtest.ConnectKey(t, addr, "student", k2, 80, 24)
	require.NoError(t, b.WaitFor(ndcgStart, 10*time.Second))
	require.NoError(t, b.WaitFor("you are student-2 here, as student was taken; your SSH key brings you back to\r\nthis list", 10*time.Second))
	a.Send("\x1b[B0") // down, grade 0
	require.NoError(t, a.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
	b.Send("0") // rank 1 graded 0
	require.NoError(t, b.RedrawUntil(ndcgFirstZero, 100, 30, 10*time.Second))
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	// The quiz's heading names student-2 as the tally does.
	require.NoError(t, b.RedrawUntil("Quiz · round 1 · student-2's answers: 0 of 0 right", 100, 30, 10*time.Second))
	members := s.Room().Members()
	require.Len(t, members, 2)
	assert.Equal(t, gossh.FingerprintSHA256(k1.PublicKey()), members[0].Key)
	s.room.Answer(members[1].ID, ui.RoomAnswer{ID: rd.ID, Text: "0.83"})
	a.Close()
	b.Close()
	emptied(t, s)

	b = sshtest.ConnectKey(t, addr, "student", k2, 80, 24)
	defer b.Close()
	require.NoError(t, b.WaitFor("NDCG@3 = [0.83", 10*time.Second))
	require.NoError(t, b.WaitFor("welcome back, student-2: your list and your answer are as you left them", 10*time.Second))
	assert.Equal(t, 1, s.Room().Tally().Answered)
	s.Room().EndRound() // a comes back to the explorer, not the quiz
	a = sshtest.ConnectKey(t, addr, "student", k1, 80, 24)
	defer a.Close()
	require.NoError(t, a.WaitFor(ndcgEdited, 10*time.Second))
	members = s.Room().Members()
	require.Len(t, members, 2)
	assert.Equal(t, []string{"student", "student-2"}, []string{members[0].Name, members[1].Name})
	assert.True(t, members[0].Back && members[1].Back)
}

// grades are the grades of the list a take-home list command printed.
func grades(t *testing.T, out string) []float64 {
	t.Helper()
	doc, err := listio.ReadJSON("list.json", []byte(out))
	require.NoError(t, err)
	var g []float64
	for _, it := range doc.List.Items {
		g = append(g, it.Grade)
	}
	return g
}

// Under --passphrase-file a key says who and the passphrase still says
// whether: a key without the passphrase does not get in, a key with it
// does and is recorded, and the passphrase alone gets in as before.
func TestLabKeyAndPassphrase(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{Passphrase: "ndcg at five"})
	key := newKey(t)
	_, err := sshtest.Dial(addr, "student", "", key)
	require.Error(t, err, "a key alone is not the passphrase")
	_, err = sshtest.Dial(addr, "student", "ndcg at four", key)
	require.Error(t, err)
	c, err := sshtest.ConnectWith(t, addr, "student", "ndcg at five", key, 80, 24)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	p, err := sshtest.ConnectWith(t, addr, "student", "ndcg at five", nil, 80, 24)
	require.NoError(t, err)
	defer p.Close()
	require.NoError(t, p.WaitFor(ndcgStart, 10*time.Second))
	members := s.Room().Members()
	require.Len(t, members, 2)
	assert.Equal(t, gossh.FingerprintSHA256(key.PublicKey()), members[0].Key)
	assert.Empty(t, members[1].Key)
	assert.Equal(t, "student-2", members[1].Name)
}

// The terminal's title names the attendee as the room does, where that
// is not their user name.
func TestLabTitleNamesTheAttendee(t *testing.T) {
	doc, err := listio.Inline("3,2,3,0,1", "")
	require.NoError(t, err)
	m := ui.NewWorkshop(ui.Options{Doc: doc, Settings: ndcg.DefaultSettings(), Remote: &ui.Remote{Name: "student-2"}})
	assert.Equal(t, "ndcg-explorer: inline · student-2", m.View().WindowTitle)
	m = ui.NewWorkshop(ui.Options{Doc: doc, Settings: ndcg.DefaultSettings(), Remote: &ui.Remote{}})
	assert.Equal(t, "ndcg-explorer: inline", m.View().WindowTitle)
}

// lyingSigner offers another's public key and signs with its own.
type lyingSigner struct {
	shown gossh.PublicKey
	gossh.Signer
}

func (l lyingSigner) PublicKey() gossh.PublicKey { return l.shown }

// A public key is anyone's to offer: one offered without proof that the
// client holds it (a signature that does not verify) identifies no one.
// The server ends such a connection; it never takes the victim's list.
func TestLabAKeyOfferedIsNotAKeyHeld(t *testing.T) {
	t.Parallel()
	s, addr := startServer(t, Config{})
	victim, thief := newKey(t), newKey(t)
	c := sshtest.ConnectKey(t, addr, "student", victim, 80, 24)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	c.Send("\x1b[B0")
	require.NoError(t, c.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
	c.Close()
	emptied(t, s)

	conn, err := sshtest.Dial(addr, "student", "", lyingSigner{shown: victim.PublicKey(), Signer: thief})
	if err == nil {
		conn.Close()
	}
	_, stderr, status := runKey(t, addr, "student", thief, "list")
	assert.Equal(t, 1, status)
	assert.Contains(t, stderr, "no list kept for student with the key ssh offered")
	for _, m := range s.Room().Members() {
		assert.NotEqual(t, gossh.FingerprintSHA256(victim.PublicKey()), m.Key)
	}
	out, stderr, status := runKey(t, addr, "student", victim, "list")
	require.Equal(t, 0, status, stderr)
	assert.Equal(t, []float64{3, 0, 3, 0, 1}, grades(t, out))
}
