package cli

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeExample is one "$ ndcg-explorer …" command of the README or a
// page of docs/ with the output pasted under it.
type readmeExample struct {
	page   string // README.md or docs/NAME.md
	line   int    // the page's line of the command
	cmd    string
	stdin  string // a here-document, if any
	want   []string
	status int    // the "[exit status N]" under the output; -1 if none
	indent string // the block's indentation on the page
}

// updateExamples rewrites a page's pasted output with what the binary
// prints, where the two differ: go test ./cli -run READMEExamples
// -update-examples, then read the diff.
var updateExamples = flag.Bool("update-examples", false, "rewrite the outputs pasted in README.md and docs/ with what the binary prints")

// readmeExamples reads the console blocks of a page (README.md or a page
// of docs/): each "$ " command, its here-document, its pasted output and
// its "[exit status N]". A "cat FILE" command's output is the file,
// written to dir for the commands after it.
func readmeExamples(t *testing.T, page, readme, dir string) []readmeExample {
	t.Helper()
	var out []readmeExample
	lines := strings.Split(readme, "\n")
	fence := regexp.MustCompile("^(`{3,})[a-z]*$")
	for i := 0; i < len(lines); i++ {
		m := fence.FindStringSubmatch(strings.TrimSpace(lines[i]))
		if m == nil {
			continue
		}
		start := i + 1
		indent := len(lines[i]) - len(strings.TrimLeft(lines[i], " "))
		var body []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != m[1]; i++ {
			body = append(body, strings.TrimPrefix(lines[i], strings.Repeat(" ", indent)))
		}
		for j := 0; j < len(body); {
			if !strings.HasPrefix(body[j], "$ ") {
				j++
				continue
			}
			ex := readmeExample{page: page, line: start + j + 1, cmd: strings.TrimPrefix(body[j], "$ "), status: -1,
				indent: strings.Repeat(" ", indent)}
			j++
			for (strings.HasSuffix(ex.cmd, "|") || strings.HasSuffix(ex.cmd, `\`)) && j < len(body) {
				ex.cmd += "\n" + body[j]
				j++
			}
			if h := regexp.MustCompile(`<<'?(\w+)'?`).FindStringSubmatch(ex.cmd); h != nil {
				var doc []string
				for ; j < len(body) && body[j] != h[1]; j++ {
					doc = append(doc, body[j])
				}
				j++
				ex.stdin = strings.Join(doc, "\n") + "\n"
			}
			for ; j < len(body) && !strings.HasPrefix(body[j], "$ "); j++ {
				ex.want = append(ex.want, body[j])
			}
			for len(ex.want) > 0 && ex.want[len(ex.want)-1] == "" {
				ex.want = ex.want[:len(ex.want)-1]
			}
			if n := len(ex.want); n > 0 {
				if s := regexp.MustCompile(`^\[exit status (\d+)\]$`).FindStringSubmatch(ex.want[n-1]); s != nil {
					ex.status, _ = strconv.Atoi(s[1])
					ex.want = ex.want[:n-1]
				}
			}
			if f := regexp.MustCompile(`^cat (\S+)$`).FindStringSubmatch(ex.cmd); f != nil {
				require.NoError(t, os.WriteFile(filepath.Join(dir, f[1]), []byte(strings.Join(ex.want, "\n")+"\n"), 0o644))
				continue
			}
			out = append(out, ex)
		}
	}
	return out
}

// splitWords splits a command line as the shell does for the plain
// forms the README uses: words, '…' and "…" quoting.
func splitWords(s string) []string {
	var words []string
	var w strings.Builder
	inWord, quote := false, rune(0)
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// docPages lists the pages whose examples are run: the README and every
// page of docs/, relative to root.
func docPages(t *testing.T, root string) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	out := []string{"README.md"}
	for _, p := range pages {
		out = append(out, "docs/"+filepath.Base(p))
	}
	return out
}

// TestREADMEExamples runs every "$ ndcg-explorer …" example of the
// README and of every page of docs/ that reads files of the repository
// (or ones a "cat" in the same block shows) and compares its output with
// the one pasted under it, so that the documentation cannot drift from
// the binary. Examples that need a terminal, a server, another program
// (jq, cut) or files the pages do not give are left out; "…" in a pasted
// output stands for lines left out there. Commands run from the
// repository's top directory, whichever page shows them.
func TestREADMEExamples(t *testing.T) {
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	var examples []readmeExample
	dir := t.TempDir()
	entries, err := os.ReadDir(root)
	require.NoError(t, err)
	for _, e := range entries {
		require.NoError(t, os.Symlink(filepath.Join(root, e.Name()), filepath.Join(dir, e.Name())))
	}
	t.Chdir(dir)

	for _, page := range docPages(t, root) {
		data, err := os.ReadFile(filepath.Join(root, page))
		require.NoError(t, err)
		examples = append(examples, readmeExamples(t, page, string(data), dir)...)
	}

	pipe := regexp.MustCompile(`^(.*?)\s*\|\s*(tail|head) -(\d+)$`)
	rewrites := map[string][][2]string{} // page: pasted output, the binary's
	checked := 0
	perPage := map[string]int{}
	for _, ex := range examples {
		cmd := strings.ReplaceAll(strings.ReplaceAll(ex.cmd, "\n", " "), "go run . ", "ndcg-explorer ")
		cwd := ""
		if c, rest, ok := strings.Cut(cmd, " && "); ok && strings.HasPrefix(c, "cd ") {
			cwd, cmd = strings.TrimPrefix(c, "cd "), rest
		}
		status := false
		if c, ok := strings.CutSuffix(cmd, `; echo "exit status $?"`); ok {
			cmd, status = c, true
		}
		filter, n := "", 0
		if m := pipe.FindStringSubmatch(cmd); m != nil {
			cmd, filter = m[1], m[2]
			n, _ = strconv.Atoi(m[3])
		}
		noStderr := false
		if c, ok := strings.CutSuffix(cmd, " 2>/dev/null"); ok {
			cmd, noStderr = c, true
		}
		stdin := ex.stdin
		if m := regexp.MustCompile(`^(echo|printf) '([^']*)' \| (ndcg-explorer .*)$`).FindStringSubmatch(cmd); m != nil {
			stdin, cmd = unescape(m[2]), m[3]
			if m[1] == "echo" {
				stdin = m[2] + "\n"
			}
		}
		if i := strings.Index(cmd, " <<"); i >= 0 {
			cmd = cmd[:i]
		}
		if c, f, ok := strings.Cut(cmd, " < "); ok {
			b, err := os.ReadFile(filepath.Join(dir, cwd, f))
			if err != nil {
				continue // a file the README does not give
			}
			cmd, stdin = c, string(b)
		}
		args := splitWords(cmd)
		if len(args) == 0 || (args[0] != "ndcg-explorer") || strings.ContainsAny(cmd, "|;<>$") {
			t.Logf("%s:%d: not run: %s", ex.page, ex.line, ex.cmd)
			continue // another program, or the shell's work
		}
		args = args[1:]
		if len(args) == 0 || args[0] == "serve" {
			continue // the explorer or a server: a terminal's work
		}
		if cwd != "" {
			t.Chdir(filepath.Join(dir, cwd))
		}
		code, stdout, stderr := mainWith(stdin, args...)
		t.Chdir(dir)
		if strings.Contains(stderr, "no such file or directory") {
			// An example of an error on a file the page shows only by
			// name (bad.json).
			t.Logf("%s:%d: not run (a file the page does not give): %s", ex.page, ex.line, ex.cmd)
			continue
		}
		// A terminal shows standard error and output in the order they
		// were written, which two buffers do not keep: either order
		// matches.
		orders := []string{stdout}
		if !noStderr && stderr != "" {
			orders = []string{stderr + stdout, stdout + stderr}
		}
		var best []string
		for _, got := range orders {
			lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
			switch {
			case filter == "tail" && len(lines) > n:
				lines = lines[len(lines)-n:]
			case filter == "head" && len(lines) > n:
				lines = lines[:n]
			}
			for len(lines) > 0 && lines[len(lines)-1] == "" {
				lines = lines[:len(lines)-1] // as the README's blocks end
			}
			if status {
				lines = append(lines, "exit status "+strconv.Itoa(code))
			}
			if best == nil || matches(ex.want, lines) {
				best = lines
			}
		}
		if !matches(ex.want, best) {
			if *updateExamples && len(ex.want) > 0 {
				indented := func(lines []string) string {
					var b strings.Builder
					for _, l := range lines {
						if l != "" {
							b.WriteString(ex.indent)
						}
						b.WriteString(l + "\n")
					}
					return "\n" + b.String()
				}
				rewrites[ex.page] = append(rewrites[ex.page], [2]string{indented(ex.want), indented(best)})
			} else {
				assert.Equal(t, strings.Join(ex.want, "\n"), strings.Join(best, "\n"), "%s:%d: %s", ex.page, ex.line, ex.cmd)
			}
		}
		if ex.status >= 0 {
			assert.Equal(t, ex.status, code, "%s:%d: %s: exit status", ex.page, ex.line, ex.cmd)
		}
		checked++
		perPage[ex.page]++
	}
	for page, rw := range rewrites {
		path := filepath.Join(root, page)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		text := string(data)
		for _, r := range rw {
			require.Contains(t, text, r[0], "%s: the pasted output to rewrite", page)
			text = strings.Replace(text, r[0], r[1], 1)
		}
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		t.Logf("%s: %d outputs rewritten", page, len(rw))
	}
	assert.Greater(t, checked, 30, "examples checked")
	// The pages whose examples are the point of them: a change to the
	// test that ran none of theirs would pass unseen.
	for _, page := range []string{"README.md", "docs/check.md", "docs/report.md", "docs/trec.md", "docs/ltr.md", "docs/formats.md", "docs/safety.md"} {
		assert.Positive(t, perPage[page], "examples checked in %s", page)
	}
	t.Logf("%d examples checked: %v", checked, perPage)
}

// unescape reads printf's escapes the README uses: \n, \t, \\ and \xHH.
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'x':
			v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err == nil {
				b.WriteByte(byte(v))
				i += 2
			}
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// matches reports whether got is the pasted output want, where a line
// "…" or "..." stands for any lines left out.
func matches(want, got []string) bool {
	if !slices.Contains(want, "...") && !slices.Contains(want, "…") {
		return slices.Equal(want, got)
	}
	j := 0
	for _, w := range want {
		if w == "..." || w == "…" {
			continue
		}
		for j < len(got) && got[j] != w {
			j++
		}
		if j == len(got) {
			return false
		}
		j++
	}
	return true
}
