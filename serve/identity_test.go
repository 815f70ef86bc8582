package serve

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// codeOn is the resume code the attendee read for the name name: the
// user name NAME+CODE their first screen or their take-home lines show.
func codeOn(t *testing.T, c *client, name string) string {
	t.Helper()
	re := regexp.MustCompile(regexp.QuoteMeta(name) + `\+([a-z2-9]{8})@`)
	var m []string
	require.Eventually(t, func() bool { m = re.FindStringSubmatch(c.text()); return m != nil }, 10*time.Second, 20*time.Millisecond,
		"no resume code for %s on screen: %q", name, lastLines(c.text(), 400))
	return m[1]
}

// The impostors of a room behind one address: each has the name and the
// address of an attendee who left, and none has what only the attendee
// has (their resume code, their key). Each gets a new list and nothing of
// the other's; the attendee then gets theirs back.
func TestImpostorWithNameAndAddressGetsNothing(t *testing.T) {
	s, addr := startServer(t, Config{})

	// isoada, keyless, titles a list and quits.
	ada := connect(t, addr, "isoada", 100, 30)
	require.NoError(t, ada.waitFor(ndcgStart, 10*time.Second))
	code := codeOn(t, ada, "isoada")
	ada.send("\x1b[B0")
	require.NoError(t, ada.redrawUntil(ndcgEdited, 100, 30, 10*time.Second))
	ada.close()
	emptied(t, s)
	_, stderr, status := run(t, addr, "isoada", "list")
	assert.Equal(t, 1, status)
	assert.Contains(t, stderr, "no list kept for isoada without a key or a code")
	imp := connect(t, addr, "isoada", 100, 30)
	require.NoError(t, imp.waitFor(ndcgStart, 10*time.Second))
	assert.NotContains(t, imp.text(), "welcome back")
	imp.close()

	// A keyless cy leaves; a never-seen key under her name gets nothing.
	cy := connect(t, addr, "cy", 100, 30)
	require.NoError(t, cy.waitFor(ndcgStart, 10*time.Second))
	cyCode := codeOn(t, cy, "cy")
	cy.send("0")
	require.NoError(t, cy.redrawUntil(ndcgFirstZero, 100, 30, 10*time.Second))
	cy.close()
	require.Eventually(t, func() bool { return len(s.Room().Members()) == 0 }, 5*time.Second, 20*time.Millisecond)
	_, stderr, status = runKey(t, addr, "cy", newKey(t), "list")
	assert.Equal(t, 1, status)
	assert.Contains(t, stderr, "no list kept for cy with the key ssh offered")

	// dora answers during a round and drops; her name brings nothing back.
	dora := connect(t, addr, "dora", 100, 30)
	require.NoError(t, dora.waitFor(ndcgStart, 10*time.Second))
	doraCode := codeOn(t, dora, "dora")
	rd := s.Room().StartRound(7, 1, ndcg.DefaultSettings())
	require.NoError(t, dora.redrawUntil("the instructor started a", 100, 30, 10*time.Second))
	dora.send("0.95\r")
	require.Eventually(t, func() bool { return s.Room().Tally().Answered == 1 }, 10*time.Second, 20*time.Millisecond)
	dora.close()
	require.Eventually(t, func() bool { return s.Room().Count() == 1 || s.Room().Count() == 0 }, 5*time.Second, 20*time.Millisecond)
	fake := connect(t, addr, "dora", 100, 30)
	require.NoError(t, fake.redrawUntil("Quiz", 100, 30, 10*time.Second))
	assert.NotContains(t, fake.text(), "0.95")
	assert.NotContains(t, fake.text(), "welcome back")
	fake.close()

	// Each with their code gets their own back, from anywhere.
	out, stderr, status := run(t, addr, "isoada+"+code, "list")
	require.Equal(t, 0, status, stderr)
	assert.Equal(t, []float64{3, 0, 3, 0, 1}, grades(t, out))
	out, stderr, status = run(t, addr, "cy+"+cyCode, "list")
	require.Equal(t, 0, status, stderr)
	assert.Equal(t, []float64{0, 2, 3, 0, 1}, grades(t, out))
	back := connect(t, addr, "dora+"+doraCode, 100, 30)
	defer back.close()
	require.NoError(t, back.waitFor("NDCG@3 = [0.95", 10*time.Second))
	require.NoError(t, back.waitFor("welcome back: your list and your answer are as you left them", 10*time.Second))
	assert.Equal(t, rd.ID, s.Room().Tally().Round.ID)
	assert.Equal(t, 1, s.Room().Tally().Answered, "dora's answer, once")
}

// The first screen tells each attendee what brings them back: their key,
// or the ssh line with their resume code; a numbered name says why.
func TestFirstScreenSaysWhatBringsYouBack(t *testing.T) {
	_, addr := startServer(t, Config{})
	a := connect(t, addr, "student", 120, 30)
	defer a.close()
	require.NoError(t, a.waitFor(ndcgStart, 10*time.Second))
	code := codeOn(t, a, "student")
	require.NoError(t, a.waitFor("student+"+code+"@127.0.0.1 brings you back to this list", 10*time.Second))
	b := connect(t, addr, "student", 120, 30)
	defer b.close()
	bc := codeOn(t, b, "student-2")
	assert.NotEqual(t, code, bc)
	require.NoError(t, b.waitFor("you are student-2 here, as student was taken; ssh -p ", 10*time.Second))
	k := connectKey(t, addr, "kim", newKey(t), 120, 30)
	defer k.close()
	require.NoError(t, k.waitFor("your SSH key brings you back to this list", 10*time.Second))
}

// A code that finds no list starts a new one and says so, and counts as
// a failed attempt from its address.
func TestWrongCodeStartsANewList(t *testing.T) {
	s, addr := startServer(t, Config{FailDelay: -1})
	c := connect(t, addr, "ada+abcdefgh", 120, 30)
	defer c.close()
	require.NoError(t, c.waitFor("no list kept for that code: a new list, as ada;", 10*time.Second))
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
	c := connect(t, addr, "ada", 100, 30)
	defer c.close()
	code := codeOn(t, c, "ada")
	require.NoError(t, c.waitFor("welcome to IR course, week 3, ada: ssh -p "+addr[strings.LastIndex(addr, ":")+1:]+" ada+"+code+"@127.0.0.1 brings you back to this list; while you wait, digits set grades and v shows the views", 10*time.Second))
	// The help says the line again, once the status line has moved on.
	c.send("\x1bOQ") // F2: the working view
	c.send("?")
	require.NoError(t, c.redrawUntil("Your list comes back with ssh -p "+addr[strings.LastIndex(addr, ":")+1:]+" ada+"+code+"@127.0.0.1", 100, 30, 10*time.Second))

	for _, bad := range []string{"IR\x1b[2Jcourse", "week\n3", strings.Repeat("x", MaxWorkshop+1)} {
		_, err := New(Config{Listen: "127.0.0.1:0", Doc: testDoc(t), Settings: ndcg.DefaultSettings(), Workshop: bad, HostKeyPath: filepath.Join(t.TempDir(), "k")})
		require.Error(t, err, "%q", bad)
		assert.Contains(t, err.Error(), "--workshop")
	}
}
