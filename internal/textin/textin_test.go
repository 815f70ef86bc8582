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
	// The magic bytes of each format, as gzip, bzip2, xz, zstd and zip
	// write them (their file formats' specifications); "BZh" and "PK"
	// open text too, which stays text.
	for _, c := range []struct{ head, name, msg string }{
		{"\x1f\x8b\x08\x08\x00\x00\x00\x00", "gzip", "the file is gzip-compressed; decompress it first: gunzip -k train.txt.gz"},
		{"BZh91AY&SY\x00\x01", "bzip2", "the file is bzip2-compressed; decompress it first: bunzip2 -k train.txt.gz"},
		{"\xfd7zXZ\x00\x00\x04", "xz", "the file is xz-compressed; decompress it first: unxz -k train.txt.gz"},
		{"\x28\xb5\x2f\xfd\x24\x00", "zstd", "the file is zstd-compressed; decompress it first: unzstd train.txt.gz"},
		{"PK\x03\x04\x14\x00\x00\x00", "zip", "the file is zip-compressed; decompress it first: unzip train.txt.gz"},
	} {
		p := Sniff([]byte(c.head), false, false)
		assert.Equal(t, Compressed, p, c.name)
		assert.Equal(t, c.msg, Explain("train.txt.gz", []byte(c.head), p), c.name)
	}
	assert.Equal(t, "the input is gzip-compressed; decompress it into the pipe: gunzip -c FILE | ndcg-explorer … -",
		Explain("-", []byte("\x1f\x8b\x08"), Compressed))
	assert.Equal(t, OK, Sniff([]byte("BZh is a word\n"), true, true))
	assert.True(t, strings.HasPrefix(UTF16.Message(), "the file is UTF-16 text"))
	assert.Equal(t, "abc", string(StripBOM([]byte("\xef\xbb\xbfabc"))))
}

// The first line end decides: a carriage return alone is old Mac text;
// CR LF is Windows text; a CR inside a line further on is data.
func TestSniffLoneCR(t *testing.T) {
	for head, want := range map[string]Problem{
		"a,b\r1,2\r":         LoneCR,
		"a,b\r":              LoneCR,
		"a,b\r\n1,2\r\n":     OK,
		"a,b\n\"x\ry\",2\n":  OK,
		"no line end at all": OK,
	} {
		assert.Equal(t, want, Sniff([]byte(head), true, false), "%q", head)
	}
	assert.Equal(t, OK, Sniff([]byte("a,b\r"), false, false), "the \\n may be in the next block")
}
