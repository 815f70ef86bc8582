package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/serve/internal/sshtest"
)

func TestCleanName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"alice", "alice"},
		{"", "anonymous"},
		{"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},                         // shown, not obeyed
		{"\x1b]52;c;aGk=\x07bob", `\x1b]52;c;aGk=\x07bob`},                   // a clipboard write hidden in a name
		{"\x1b]8;;http://x\x07link\x1b]8;;\x07", `\x1b]8;;http://x\x07link`}, // a hyperlink, cut at 24 cells
		{"a\x00b\x07c\x7fd", `a\x00b\x07c\x7fd`},
		{"a\tb\n\nc", "a b c"},
		{"\u202eevil\u200b", `\u202eevil`}, // right-to-left override shown, zero-width space dropped
		{"\xff\xfebob\xc0", `\xff\xfebob\xc0`},
		{"\x9b31mc1", `\x9b31mc1`}, // a C1 CSI, as a byte that is not UTF-8 or as U+009B
		{"\u009b31mc1", `\x9b31mc1`},
		{strings.Repeat("x", 30), strings.Repeat("x", 24)},
		{strings.Repeat("漢", 30), strings.Repeat("漢", 12)},
		{"   ", "anonymous"},
	} {
		got := CleanName(tc.in)
		assert.Equal(t, tc.want, got, "CleanName(%q)", tc.in)
	}
	long := strings.Repeat("\x1b[31m", 1<<20) + "x"
	assert.LessOrEqual(t, ansi.StringWidth(CleanName(long)), NameCells)
}

func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"alice", "\x1b[31mred", "\xff\xfe", "漢字", "\u202e", "a\x00b", strings.Repeat("é", 40)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := CleanName(s)
		if !utf8.ValidString(got) {
			t.Fatalf("CleanName(%q) = %q: not UTF-8", s, got)
		}
		for _, r := range got {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
				t.Fatalf("CleanName(%q) = %q keeps %U", s, got, r)
			}
		}
		if w := ansi.StringWidth(got); w > NameCells || w == 0 {
			t.Fatalf("CleanName(%q) = %q is %d cells", s, got, w)
		}
		if again := CleanName(got); again != got {
			t.Fatalf("CleanName is not idempotent: %q then %q", got, again)
		}
	})
}

func TestClampWindow(t *testing.T) {
	for _, tc := range []struct{ w, h, wantW, wantH int }{
		{80, 24, 80, 24},
		{0, 0, 0, 0},
		{-5, -5, 0, 0},
		{1 << 30, 1 << 30, MaxWidth, MaxHeight},
	} {
		w, h := clampWindow(tc.w, tc.h)
		assert.Equal(t, [2]int{tc.wantW, tc.wantH}, [2]int{w, h}, "%d×%d", tc.w, tc.h)
	}
}

// TestHostileSession sends what a careless or hostile client can: bytes
// that are not UTF-8, a flood of window sizes (some absurd), a huge
// paste into a title; the session keeps working and its own numbers
// stay right.
//
// It runs alone, not in parallel with the other sessions' tests: there,
// under the race detector's delays, the key after the flood of window
// sizes was lost in two runs of four.
func TestHostileSession(t *testing.T) {
	_, addr := startServer(t, Config{})
	c := sshtest.Connect(t, addr, "\x1b[2J\x1b]52;c;aGk=\x07mallory", 80, 24)
	defer c.Close()
	require.NoError(t, c.WaitFor(ndcgStart, 10*time.Second))

	c.Send("\xff\xfe\xc0\x80\xed\xa0\x80")
	for i := range 2000 {
		sizes := [][2]int{{1 << 20, 1 << 20}, {0, 0}, {1, 1}, {80 + i%50, 24 + i%20}}
		sz := sizes[i%len(sizes)]
		if err := c.Sess.WindowChange(sz[1], sz[0]); err != nil {
			t.Fatalf("window change %d: %v", i, err)
		}
	}
	// The session has read all that before the next key: a key that
	// arrives in the same read as bytes that are not UTF-8 may be taken
	// as part of them, and this test is about what follows.
	require.NoError(t, c.RedrawUntil(ndcgStart, 100, 30, 20*time.Second))
	// A megabyte pasted into the title of rank 1, then enter.
	c.Send("e")
	require.NoError(t, c.RedrawUntil("title of", 100, 30, 20*time.Second))
	c.Send("\x1b[200~" + strings.Repeat("paste ", 1<<20/6) + "\x1b[201~\r")
	c.Send("\x1b[B0")
	require.NoError(t, c.RedrawUntil(ndcgEdited, 100, 30, 20*time.Second))
}

// A refusal's ssh line keeps the user name only when it can be typed as
// it is.
func TestPlainName(t *testing.T) {
	for name, want := range map[string]bool{
		"ada": true, "ada.l-ovelace_2": true, "": false, "-oProxyCommand=x": false,
		"a b": false, "ada;ls": false, "\x1b[31m": false, "日本": false,
	} {
		assert.Equal(t, want, plainName(name), "%q", name)
	}
}

// A host key file that is not a key is named in the error, with the
// flag that chooses another.
func TestHostKeyNotAKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "host_key")
	require.NoError(t, os.WriteFile(path, []byte("not a key\n"), 0o600))
	doc, err := listio.Inline("3,2,1", "")
	require.NoError(t, err)
	_, err = New(Config{HostKeyPath: path, Doc: doc, Settings: ndcg.DefaultSettings()})
	require.Error(t, err)
	assert.Equal(t, "cannot use "+path+" as the host key: ssh: no key found (give another path with --host-key; a missing file is made)", err.Error())
}

// Look-alike names are told apart on the tally and the room view: a
// Cyrillic а among Latin letters, or a name of such letters alone, is
// written out; a decomposed accent or full-width letters are the name
// they look like, so a second one is numbered; a name in one script of
// its own is left as it is.
func TestLookAlikeNamesAreToldApart(t *testing.T) {
	for in, want := range map[string]string{
		"\u0430da":           `\u0430da`,
		"\u0430\u0441\u0435": `\u0430\u0441\u0435`, // асе, all Cyrillic, reads as ace
		"pa\u03bfla":         `pa\u03bfla`,         // a Greek omicron
		"zoe\u0308":          "zoë",
		"ａｄａ":                "ada",
		"Анна":               "Анна",
		"Ωμέγα":              "Ωμέγα",
		"José":               "José",
	} {
		assert.Equal(t, want, CleanName(in), "%q", in)
	}
	r := newRoom(10, 10, nil)
	_, _ = r.Join(CleanName("zoë"), "", "10.0.0.1:1", "")
	_, _ = r.Join(CleanName("zoe\u0308"), "", "10.0.0.1:2", "")
	_, _ = r.Join(CleanName("\u0430da"), "", "10.0.0.1:3", "")
	_, _ = r.Join(CleanName("ada"), "", "10.0.0.1:4", "")
	var names []string
	for _, s := range r.Seats(time.Now()) {
		names = append(names, s.Name)
	}
	assert.Equal(t, []string{"zoë", "zoë-2", `\u0430da`, "ada"}, names)
}
