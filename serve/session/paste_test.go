package session

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// oneByteReader hands its input over one byte at a time, so that every
// marker is split across reads.
type oneByteReader struct{ s string }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	p[0] = r.s[0]
	r.s = r.s[1:]
	return 1, nil
}

func TestPasteLimiter(t *testing.T) {
	paste := func(s string) string { return "\x1b[200~" + s + "\x1b[201~" }
	for _, tc := range []struct{ in, want string }{
		{"abc", "abc"},
		{paste("12345"), paste("12345")},
		{paste("1234567890"), paste("12345")},
		{"x" + paste("1234567890") + "y" + paste("ab") + "z", "x" + paste("12345") + "y" + paste("ab") + "z"},
		{paste("123456"), paste("12345")},
		{paste(strings.Repeat("q", 100)), paste("qqqqq")},
		{"\x1b[200~12345678", "\x1b[200~12345"}, // a paste that never ends
	} {
		for _, r := range []io.Reader{strings.NewReader(tc.in), &oneByteReader{tc.in}} {
			got, err := io.ReadAll(LimitPaste(r, 5))
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(got), "%q", tc.in)
		}
	}
}

func FuzzPasteLimiter(f *testing.F) {
	f.Add("x\x1b[200~1234567890\x1b[201~y", 3)
	f.Add("\x1b[200~\x1b[201~", 0)
	f.Fuzz(func(t *testing.T, in string, limit int) {
		limit = min(max(limit, 0), 64)
		got, err := io.ReadAll(LimitPaste(&oneByteReader{in}, limit))
		require.NoError(t, err)
		// Outside pastes, the input passes unchanged; no paste passes
		// longer than the limit.
		if !strings.Contains(in, "\x1b[200~") {
			require.Equal(t, in, string(got))
		}
		for _, part := range strings.Split(string(got), "\x1b[200~")[1:] {
			body, _, _ := strings.Cut(part, "\x1b[201~")
			require.LessOrEqual(t, len(body), limit+len("\x1b[201~")-1, "paste %q", body)
		}
	})
}
