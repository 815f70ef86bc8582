package textin

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSniff(t *testing.T) {
	for _, c := range []struct {
		name     string
		head     string
		atEOF    bool
		utf8Only bool
		want     Problem
	}{
		{"text", "id,grade\nA,1\n", true, true, OK},
		{"empty", "", true, true, OK},
		{"UTF-8 with a BOM", "\xef\xbb\xbfid,grade\n", true, true, OK},
		{"UTF-16 LE", "\xff\xfei\x00d\x00", true, true, UTF16},
		{"UTF-16 BE", "\xfe\xff\x00i\x00d", true, false, UTF16},
		{"NUL", "abc\x00def", false, true, NUL},
		{"NUL in a run", "1 Q0 d\x00 1 1 r\n", false, false, NUL},
		{"Latin-1", "id,grade\ncaf\xe9,1\n", true, true, Encoding},
		{"binary", "\x89PNG\r\n\x1a\n\xff\xd8\xff\xe0\xc3\x28\xa0\xa1\xe2\x28\xa1", true, true, Binary},
		{"bytes in a run are allowed", "1 Q0 caf\xe9 1 1 r\n", true, false, OK},
		{"a character cut by the block", "ab\xe6\x9d", false, true, OK},
		{"the same at the end of the input", "id,grade\nA,1\nB,2\nab\xe6\x9d", true, true, Encoding},
	} {
		assert.Equal(t, c.want, Sniff([]byte(c.head), c.atEOF, c.utf8Only), c.name)
	}
	assert.Equal(t, "this is not a text file (it holds NUL bytes)", NUL.Message())
	assert.True(t, strings.HasPrefix(UTF16.Message(), "the file is UTF-16 text"))
	assert.Equal(t, "abc", string(StripBOM([]byte("\xef\xbb\xbfabc"))))
}
