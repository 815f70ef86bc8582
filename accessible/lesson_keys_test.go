package accessible

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/learn"
)

// TestEveryStepKeyIsAPlainCommand: a step's instruction names its keys
// ("Press {idcg}"), and in plain lines each reads as a command; typed
// as read, on every step of the built-in path that names it, each must
// be one the lines know. "idcg", "zero", "pool" and "tiesview" were
// once read out as commands that did not exist.
func TestEveryStepKeyIsAPlainCommand(t *testing.T) {
	path := learn.BuiltinPath()
	named := map[learn.Key]bool{}
	for n := 1; n <= path.Count(); n++ {
		st, err := path.At(n)
		require.NoError(t, err)
		for _, k := range st.Keys {
			var out bytes.Buffer
			l := &lesson{out: &out, path: path}
			require.NoError(t, l.open(n))
			out.Reset()
			cmd := l.commandOf(k)
			_, err := l.line(cmd)
			require.NoError(t, err)
			said := out.String()
			assert.NotContains(t, said, "is not a command here", "step %d, key %s read as %q", n, k, cmd)
			assert.NotContains(t, said, "what?", "step %d, key %s read as %q: %s", n, k, cmd, said)
			assert.NotEmpty(t, strings.TrimSpace(said), "step %d, key %s read as %q says nothing", n, k, cmd)
			named[k] = true
		}
	}
	// Every key a lesson file may name is read as a command too.
	for _, k := range learn.AllKeys {
		if named[k] {
			continue
		}
		var out bytes.Buffer
		l := &lesson{out: &out, path: path}
		require.NoError(t, l.open(11))
		out.Reset()
		_, err := l.line(l.commandOf(k))
		require.NoError(t, err)
		assert.NotContains(t, out.String(), "is not a command here", "key %s read as %q", k, l.commandOf(k))
	}
}
