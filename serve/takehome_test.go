package serve

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

// run runs command as user over a new connection, without a terminal,
// as `ssh -p PORT user@HOST command > file` does; it returns what the
// session printed on each output and its exit status.
func run(t *testing.T, addr, user, command string) (stdout, stderr string, status int) {
	t.Helper()
	return runKey(t, addr, user, nil, command)
}

// runKey is run offering key, when it is not nil.
func runKey(t *testing.T, addr, user string, key gossh.Signer, command string) (stdout, stderr string, status int) {
	t.Helper()
	conn, err := sshtest.Dial(addr, user, "", key)
	require.NoError(t, err)
	defer conn.Close()
	sess, err := conn.NewSession()
	require.NoError(t, err)
	var out, errOut strings.Builder
	sess.Stdout, sess.Stderr = &out, &errOut
	if err := sess.Run(command); err != nil {
		var ee interface{ ExitStatus() int }
		require.ErrorAs(t, err, &ee)
		return out.String(), errOut.String(), ee.ExitStatus()
	}
	return out.String(), errOut.String(), 0
}

// An attendee takes their list home through ssh, with nothing
// installed and whatever their terminal's clipboard does: once they
// quit, `list` prints the list they left with (their edit: NDCG 0.9136,
// as in TestSaveAsCopiesTheReport) and `report` its report. Before they
// quit, and for one who never came, each says why there is nothing.
func TestTakeTheListHome(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var logged []string
	s, addr := startServer(t, Config{Log: func(l string) {
		mu.Lock()
		defer mu.Unlock()
		logged = append(logged, l)
	}})

	_, stderr, status := run(t, addr, "ada", "list")
	assert.Equal(t, 1, status)
	assert.Regexp(t, `^ndcg-explorer: no list kept for ada without a key or a code: give the user name your take-home lines show \(NAME\+CODE\), or connect with the key you used \(ssh -p \d+ ada@127\.0\.0\.1\)\n$`, stderr)

	c := sshtest.Connect(t, addr, "ada", 80, 24)
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))
	code := c.Code("ada")
	ada := "ada+" + code
	c.Send("\x1b[B0") // down, grade 0
	require.NoError(t, c.RedrawUntil(ndcgEdited, 100, 30, 10*time.Second))

	_, stderr, status = run(t, addr, ada, "report")
	assert.Equal(t, 1, status)
	assert.Equal(t, "ndcg-explorer: ada is still in the explorer: quit it (q) first, then run this again\n", stderr)

	c.Send("q")
	require.NoError(t, c.WaitFor("Edits not copied", 5*time.Second))
	c.Answer("y")
	_, err := c.ExitStatus(5 * time.Second)
	require.NoError(t, err)
	assert.Regexp(t, `ndcg-explorer: your list stays here until the workshop ends; to take it home:\r\n`+
		`  ssh -p \d+ ada\+`+code+`@127\.0\.0\.1 report > ada\.md   \(the report, to read\)\r\n`+
		`  ssh -p \d+ ada\+`+code+`@127\.0\.0\.1 list > ada\.json   \(the list, for ndcg-explorer\)\r\n`, c.Text())
	emptied(t, s)

	out, stderr, status := run(t, addr, ada, "list")
	require.Equal(t, 0, status, stderr)
	doc, err := listio.ReadJSON("ada.json", []byte(out))
	require.NoError(t, err)
	var grades []string
	for _, it := range doc.List.Items {
		grades = append(grades, fmt.Sprint(it.Grade))
	}
	assert.Equal(t, "3,0,3,0,1", strings.Join(grades, ","))

	out, _, status = run(t, addr, ada, " Report ")
	assert.Equal(t, 0, status)
	assert.True(t, strings.HasPrefix(out, "## inline\n\n"), out)
	assert.Regexp(t, `\n- \*\*NDCG@\S+\*\* = 0\.9136\n`, out)

	// Another name, ada's without the code, or another command, gets
	// nothing of ada's.
	_, _, status = run(t, addr, "bob", "list")
	assert.Equal(t, 1, status)
	_, _, status = run(t, addr, "ada", "list")
	assert.Equal(t, 1, status)
	_, stderr, status = run(t, addr, "ada", "list ada")
	assert.Equal(t, 1, status)
	assert.Contains(t, stderr, "this server runs the explorer, not commands")
	assert.Contains(t, stderr, "(report or list after it print the list you left with; accessible gives it in plain lines)")

	mu.Lock()
	defer mu.Unlock()
	assert.Contains(t, logged, "ada took their list home (list)")
	assert.Contains(t, logged, "ada took their list home (report)")
}
