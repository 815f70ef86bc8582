package serve

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

// TestAccessibleOverSSH: an attendee who asks (ssh NAME@HOST accessible)
// gets the explorer in plain lines on the served list, 3,2,3,0,1 under
// exp gain, without a terminal. By hand: grade 2 3 makes rank 2's gain
// 7, 7 × 1/log2(3) = 4.417; DCG = 7 + 4.4165 + 3.5 + 0 + 0.3869 =
// 15.3034, IDCG (3,3,3,1,0) = 15.3472, NDCG = 0.997.
func TestAccessibleOverSSH(t *testing.T) {
	t.Parallel()
	_, addr := startServer(t, Config{})
	conn, err := sshtest.Dial(addr, "ada", "", nil)
	require.NoError(t, err)
	defer conn.Close()
	sess, err := conn.NewSession()
	require.NoError(t, err)
	sess.Stdin = strings.NewReader("grade 2 3\nquit\n")
	out, err := sess.Output(AccessibleCommand)
	require.NoError(t, err)
	assert.Contains(t, string(out), "Rank 2, B, grade 3: gain 7, discount 0.631, adds 4.417. DCG@all is 15.30, IDCG@all 15.35, NDCG@all 0.997.\n")
	assert.True(t, strings.HasSuffix(string(out), "Goodbye.\n"))
	assert.NotContains(t, string(out), "\x1b")
}
