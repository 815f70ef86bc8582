package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A passphrase file as editors write it gives the phrase typed: a byte
// order mark (Windows Notepad), a CRLF, spaces around it are dropped. One
// no attendee could type is refused at start, saying what to do.
func TestReadPassphrase(t *testing.T) {
	dir := t.TempDir()
	write := func(data string) string {
		p := filepath.Join(dir, "pass.txt")
		require.NoError(t, os.WriteFile(p, []byte(data), 0o600))
		return p
	}
	for data, want := range map[string]string{
		"ndcg at 5\n":             "ndcg at 5",
		"\uFEFFndcg at 5\r\n":     "ndcg at 5",
		"  ndcg at 5  \r\nmore\n": "ndcg at 5",
		"ndcg at 5":               "ndcg at 5",
		"naïve ranking\n":         "naïve ranking",
	} {
		got, err := ReadPassphrase(write(data))
		require.NoError(t, err, "%q", data)
		assert.Equal(t, want, got, "%q", data)
	}
	for data, says := range map[string]string{
		"\n":                                 "empty first line",
		"\uFEFF\r\n":                         "empty first line",
		"   \n":                              "empty first line",
		"ndcg\x1b[2Jat 5\n":                  "control characters",
		"ndcg\x00at 5\n":                     "control characters",
		"ndcg\tat 5\n":                       "control characters",
		"\x89PNG\x0d\x0a\x1a\x0a\x00":        "not text",
		strings.Repeat("a", MaxPassphrase+1): "201 characters",
	} {
		_, err := ReadPassphrase(write(data))
		require.Error(t, err, "%q", data)
		assert.Contains(t, err.Error(), says, "%q", data)
		assert.Contains(t, err.Error(), "--passphrase-file", "%q", data)
	}
}
