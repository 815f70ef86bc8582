package listio

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// zeros is an endless stream of NUL bytes, as /dev/zero is.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// repeat is an endless stream of one line, as `yes 1,2` is.
type repeat struct {
	line string
	off  int
}

func (r *repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.line[r.off]
		r.off = (r.off + 1) % len(r.line)
	}
	return len(p), nil
}

// hostileFiles writes the large and binary inputs into dir: they are
// made here rather than committed. It returns their paths by name.
func hostileFiles(t testing.TB, dir string) map[string]string {
	rng := rand.New(rand.NewPCG(1, 2))
	files := map[string][]byte{}
	random := make([]byte, 16<<20)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	files["random.bin"] = random
	noNUL := make([]byte, 16<<20)
	for i := range noNUL {
		noNUL[i] = byte(rng.IntN(255) + 1)
	}
	files["noise.dat"] = noNUL
	png := append([]byte("\x89PNG\r\n\x1a\n"), random[:1<<20]...)
	files["picture.png"] = png
	files["utf16.csv"] = []byte("\xff\xfei\x00d\x00,\x00g\x00r\x00a\x00d\x00e\x00\n\x00")
	files["latin1.csv"] = []byte("id,grade\ncaf\xe9,1\n")
	var late bytes.Buffer
	late.WriteString("id,grade\nA,one\n")
	for late.Len() < 8<<20 {
		fmt.Fprintf(&late, "d%d,%d\n", late.Len(), late.Len()%4)
	}
	files["error-line-2.csv"] = late.Bytes()
	files["nested.json"] = []byte(`{"items": ` + strings.Repeat("[", 1<<20))
	files["big.csv"] = bytes.Repeat([]byte("x,1\n"), (2<<20)/4+1)
	out := map[string]string{}
	for name, data := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o644))
		out[name] = p
	}
	return out
}

// allocated is how many bytes f allocates, from runtime.MemStats.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestHostileInputs gives Load what a user could give it by mistake or
// on purpose; each is refused with a message naming the file (and the
// line where there is one) while the memory allocated stays within twice
// the input's size plus 1 MiB, and within 1 MiB when the first block
// already decides.
func TestHostileInputs(t *testing.T) {
	paths := hostileFiles(t, t.TempDir())
	old := MaxSize
	t.Cleanup(func() { MaxSize = old })
	const limit = 64 << 20
	cases := []struct {
		name  string
		file  string    // a path, or "-" with in
		in    io.Reader // standard input
		want  []string  // in the message
		bound uint64    // allocated bytes at most
	}{
		{"/dev/zero", "/dev/zero", nil, []string{"/dev/zero: this is not a text file (it holds NUL bytes)"}, 1 << 20},
		{"endless NULs on standard input", "-", zeros{}, []string{"-: this is not a text file"}, 1 << 20},
		{"random bytes", paths["random.bin"], nil, []string{"random.bin: this is not a text file"}, 1 << 20},
		{"random bytes without NUL", paths["noise.dat"], nil, []string{"noise.dat: this is not a text file (its first bytes are not UTF-8)"}, 1 << 20},
		{"a picture", paths["picture.png"], nil, []string{"picture.png: this is not a text file"}, 1 << 20},
		{"UTF-16", paths["utf16.csv"], nil, []string{"utf16.csv: the file is UTF-16 text; save it as UTF-8"}, 1 << 20},
		{"Latin-1", paths["latin1.csv"], nil, []string{"latin1.csv:2: the file is not UTF-8 text"}, 1 << 20},
		{"a file over the limit", paths["big.csv"], nil, []string{"big.csv: the file is 2097156 bytes, over the 1MiB limit for a list file; if the list is really that large, raise the limit with --max-size 4MiB"}, 1 << 20},
		{"endless text on standard input", "-", &repeat{line: "A,1\n"}, []string{"-: the input goes on past the 1MiB limit for a list file; if the list is really that large, raise the limit with --max-size"}, 2*(1<<20) + 1<<20 + 1<<20},
		{"an error on line 2 of 8 MiB", paths["error-line-2.csv"], nil, []string{"error-line-2.csv:2: column grade: \"one\" is a word; a grade is a number ≥ 0"}, 2*(8<<20) + 1<<20},
		{"nested a million deep", paths["nested.json"], nil, []string{"nested.json:1", "nested too deeply"}, 2*(1<<20) + 1<<20},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			MaxSize = limit
			if c.name == "a file over the limit" || c.name == "endless text on standard input" {
				MaxSize = 1 << 20
			}
			var err error
			got := allocated(func() { _, err = Load(c.file, c.in, "") })
			require.Error(t, err)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
			assert.LessOrEqual(t, got, c.bound, "bytes allocated")
			t.Logf("%s: %d bytes allocated: %v", c.name, got, err)
		})
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"2G": 2 << 30, "512MiB": 512 << 20, "100": 100, "64k": 64 << 10, "3 MB": 3 << 20} {
		got, err := ParseSize(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "G", "-1", "2T", "1.5G", "0"} {
		_, err := ParseSize(in)
		assert.Error(t, err, in)
	}
	assert.Equal(t, "1GiB", FormatSize(1<<30))
	assert.Equal(t, "1000B", FormatSize(1000))
}

// TestErrorsCutLongValues: a value echoed in an error is cut to a
// readable length with its size, whatever its size in the file.
func TestErrorsCutLongValues(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("x", 10<<20)
	digits := strings.Repeat("9", 10<<20)
	cases := map[string]string{
		"a grade cell":         "id,grade\nA," + big + "\n",
		"a column name":        "id,grade," + big + "\nA,1,2\n",
		"a grade string":       `{"items": [{"grade": "` + big + `"}]}`,
		"an overflowing grade": `{"items": [{"grade": 1` + digits + `}]}`,
		"a gain":               `{"settings": {"gain": "` + big + `"}, "items": [{"grade": 1}]}`,
		"an unknown field":     `{"settings": {"` + big + `": 1}, "items": [{"grade": 1}]}`,
		"a duplicate id":       `{"items": [{"id": "` + big + `", "grade": 1}, {"id": "` + big + `", "grade": 1}]}`,
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) {
			file := "list.csv"
			if in[0] == '{' {
				file = "list.json"
			}
			doc, err := Read(file, []byte(in), "")
			if err == nil {
				// Settings are checked when they are applied.
				_, err = doc.Settings.Apply(ndcg.DefaultSettings())
			}
			require.Error(t, err)
			msg := err.Error()
			assert.Less(t, len(msg), 400, msg)
			size := len(big)
			if name == "an overflowing grade" {
				size++
			}
			assert.Contains(t, msg, fmt.Sprintf("(%d bytes in all)", size))
		})
	}
}
