package serve

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

// The impostors of a room behind one address: each has the name and the
// address of an attendee who left, and none has what only the attendee
// has (their resume code, their key). Each gets a new list and nothing of
// the other's; the attendee then gets theirs back.
func TestImpostorWithNameAndAddressGetsNothing(t *testing.T) {
	s, addr := startServer(t, Config{})

	// isoada, keyless, titles a list and quits.
	ada := sshtest.Connect(t, addr, "isoada", 100, 30)
	require.NoError(t, ada.WaitFor(ndcgStart, 10*time.Second))
	code := ada.Code("isoada")
	ada.Send("\x1b[B0")
	require.NoError(t, ada.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))
	ada.Close()
	emptied(t, s)
	_, stderr, status := run(t, addr, "isoada", "list")
	assert.Equal(t, 1, status)
	assert.Contains(t, stderr, "no list kept for isoada without a key or a code")
	imp := sshtest.Connect(t, addr, "isoada", 100, 30)
	require.NoError(t, imp.WaitFor(ndcgStart, 10*time.Second))
	assert.NotContains(t, imp.Text(), "welcome back")
	imp.Close()

	// A keyless cy leaves; a never-seen key under her name gets nothing.
	cy := sshtest.Connect(t, addr, "cy", 100, 30)
	require.NoError(t, cy.WaitFor(ndcgStart, 10*time.Second))
	cyCode := cy.Code("cy")
	cy.Send("0")
	require.NoError(t, cy.RedrawUntil(ndcgFirstZero, 100, 30, 10*time.Second))
	cy.Close()
	require.Eventually(t, func() bool { return len(s.Room().Members()) == 0 }, 5*time.Second, 20*time.Millisecond)
	_, stderr, status = runKey(t, addr, "cy", newKey(t), "list")
	assert.Equal(t, 1, status)
	assert.Contains(t, stderr, "no list kept for cy with the key ssh offered")

	// dora answers during a round and drops; her name brings nothing back.
	dora := sshtest.Connect(t, addr, "dora", 100, 30)
	require.NoError(t, dora.WaitFor(ndcgStart, 10*time.Second))
	doraCode := dora.Code("dora")
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.NoError(t, dora.RedrawUntil("the instructor started a", 100, 30, 10*time.Second))
	dora.Send("0.95\r")
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == 1 }, 10*time.Second, 20*time.Millisecond)
	dora.Close()
	require.Eventually(t, func() bool { return s.Room().Count() == 1 || s.Room().Count() == 0 }, 5*time.Second, 20*time.Millisecond)
	fake := sshtest.Connect(t, addr, "dora", 100, 30)
	require.NoError(t, fake.RedrawUntil("Quiz", 100, 30, 10*time.Second))
	assert.NotContains(t, fake.Text(), "0.95")
	assert.NotContains(t, fake.Text(), "welcome back")
	fake.Close()

	// Each with their code gets their own back, from anywhere.
	out, stderr, status := run(t, addr, "isoada+"+code, "list")
	require.Equal(t, 0, status, stderr)
	assert.Equal(t, []float64{3, 0, 3, 0, 1}, grades(t, out))
	out, stderr, status = run(t, addr, "cy+"+cyCode, "list")
	require.Equal(t, 0, status, stderr)
	assert.Equal(t, []float64{0, 2, 3, 0, 1}, grades(t, out))
	back := sshtest.Connect(t, addr, "dora+"+doraCode, 100, 30)
	defer back.Close()
	require.NoError(t, back.WaitFor("NDCG@3 = [0.95", 10*time.Second))
	require.NoError(t, back.WaitFor("welcome back: your list and your answer are as you left them", 10*time.Second))
	assert.Equal(t, rd.ID, s.Room().Tally().Round.ID)
	assert.Equal(t, 1, s.Room().Tally().Answered, "dora's answer, once")
}

// The first screen tells each attendee what brings them back: their key,
// or the ssh line with their resume code; a numbered name says why.
func TestFirstScreenSaysWhatBringsYouBack(t *testing.T) {
	_, addr := startServer(t, Config{})
	a := sshtest.Connect(t, addr, "student", 120, 30)
	defer a.Close()
	require.NoError(t, a.WaitFor(ndcgStart, 10*time.Second))
	code := a.Code("student")
	require.NoError(t, a.WaitFor("student+"+code+"@127.0.0.1 brings you back to this list", 10*time.Second))
	b := sshtest.Connect(t, addr, "student", 120, 30)
	defer b.Close()
	bc := b.Code("student-2")
	assert.NotEqual(t, code, bc)
	require.NoError(t, b.WaitFor("you are student-2 here, as student was taken; ssh -p ", 10*time.Second))
	k := sshtest.ConnectKey(t, addr, "kim", newKey(t), 120, 30)
	defer k.Close()
	require.NoError(t, k.WaitFor("your SSH key brings you back to this list", 10*time.Second))
}

// A code that finds no list starts a new one and says so, and counts as
// a failed attempt from its address.
func TestWrongCodeStartsANewList(t *testing.T) {
	s, addr := startServer(t, Config{FailDelay: -1})
	c := sshtest.Connect(t, addr, "ada+abcdefgh", 120, 30)
	defer c.Close()
	require.NoError(t, c.WaitFor("no list kept for that code: a new list, as ada;", 10*time.Second))
	failures, _, _, _ := s.throttle.counts()
	assert.Equal(t, 1, failures)
	members := s.Room().Members()
	require.Len(t, members, 1)
	assert.Equal(t, "ada", members[0].Login)
	assert.NotEqual(t, "abcdefgh", members[0].Code)
}

// The room's rule, by itself: the code finds its list whatever the name
// and address; a known key its list under the same user name; a new key,
// a name or an address nothing.
func TestClaimNeedsWhatOnlyTheAttendeeHas(t *testing.T) {
	r := newRoom(10, 10, nil)
	a, _ := r.Join("student", "", "10.0.0.1:1", "")
	k, _ := r.Join("student", "", "10.0.0.1:2", "SHA256:k")
	r.Leave(a)
	r.Leave(k)
	m, _ := r.Join("student", "", "10.0.0.1:3", "")
	assert.False(t, m.Back, "a name and an address find nothing")
	r.Leave(m)
	m, _ = r.Join("student", "", "10.0.0.1:4", "SHA256:new")
	assert.False(t, m.Back, "a key new to the room finds nothing")
	r.Leave(m)
	m, _ = r.Join("anyone", a.Code, "192.0.2.9:1", "")
	assert.True(t, m.Back)
	assert.Equal(t, a.ID, m.ID)
	assert.Equal(t, "student", m.Name)
	m2, _ := r.Join("student", "", "192.0.2.9:2", "SHA256:k")
	assert.True(t, m2.Back)
	assert.Equal(t, k.ID, m2.ID)
	// The code of an attendee connected now finds nothing for another.
	m3, _ := r.Join("student", a.Code, "10.0.0.1:5", "")
	assert.False(t, m3.Back)
	assert.Equal(t, missedOpen, m3.Missed)
}

func TestSplitCode(t *testing.T) {
	for _, tc := range []struct{ in, name, code string }{
		{"ada", "ada", ""},
		{"ada+k7m2p9xq", "ada", "k7m2p9xq"},
		{"ada+K7M2P9XQ", "ada", "k7m2p9xq"},
		{"a+b+k7m2p9xq", "a+b", "k7m2p9xq"},
		// A code mistyped is still a code, never part of the name the
		// projector shows (the caller finds it malformed).
		{"ada+k7m2p9x", "ada", "k7m2p9x"},
		{"ada+k7m2p9x1", "ada", "k7m2p9x1"},
		{"ada+", "ada", ""},
		{"ada＋k7m2p9xq", "ada", "k7m2p9xq"}, // a full-width plus
		{"+k7m2p9xq", "", "k7m2p9xq"},
	} {
		name, code := splitCode(tc.in)
		assert.Equal(t, [2]string{tc.name, tc.code}, [2]string{name, code}, "%q", tc.in)
	}
	for range 100 {
		assert.True(t, wellFormedCode(newCode()))
	}
}

// A newcomer is welcomed by name, to the workshop when it has one, with
// what brings them back and what to do while waiting; a workshop name
// that would not read as one on their screens is refused at start.
func TestWelcomeNamesTheWorkshop(t *testing.T) {
	t.Parallel()
	_, addr := startServer(t, Config{Workshop: "IR course, week 3"})
	c := sshtest.Connect(t, addr, "ada", 100, 30)
	defer c.Close()
	code := c.Code("ada")
	require.NoError(t, c.WaitFor("welcome to IR course, week 3, ada: ssh -p "+addr[strings.LastIndex(addr, ":")+1:]+" ada+"+code+"@127.0.0.1 brings you back to this list; while you wait, digits set grades and v shows the views", 10*time.Second))
	// The help says the line again, once the status line has moved on.
	c.Send("\x1bOQ") // F2: the working view
	c.Send("?")
	require.NoError(t, c.RedrawUntil("Your list comes back with ssh -p "+addr[strings.LastIndex(addr, ":")+1:]+" ada+"+code+"@127.0.0.1", 100, 30, 10*time.Second))

	for _, bad := range []string{"IR\x1b[2Jcourse", "week\n3", strings.Repeat("x", MaxWorkshop+1)} {
		_, err := New(Config{Listen: "127.0.0.1:0", Doc: testDoc(t), Settings: ndcg.DefaultSettings(), Workshop: bad, HostKeyPath: filepath.Join(t.TempDir(), "k")})
		require.Error(t, err, "%q", bad)
		assert.Contains(t, err.Error(), "--workshop")
	}
}
