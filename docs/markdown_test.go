package docs_test

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// readmeLimit is the README's size: a first page read in a few minutes,
// as the READMEs of the tools it sits beside are; the rest is in docs/.
const readmeLimit = 25000

// root is the repository's top directory.
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("..")
	require.NoError(t, err)
	return dir
}

// markdownFiles lists the repository's markdown pages, relative to root:
// every .md outside testdata (where .md files are golden outputs) and
// outside directories no page lives in.
func markdownFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "dist" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	require.NoError(t, err)
	require.Contains(t, files, "README.md")
	return files
}

func TestREADMEIsShort(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root(t), "README.md"))
	require.NoError(t, err)
	assert.LessOrEqual(t, len(data), readmeLimit,
		"README.md is %d characters: keep it to the first steps and move the rest to a page of docs/", len(data))
}

// Every page of docs/ is reachable from the README: a page nothing links
// to is a page nobody reads.
func TestEveryDocsPageLinkedFromREADME(t *testing.T) {
	dir := root(t)
	links := pageLinks(t, dir, "README.md")
	pages, err := filepath.Glob(filepath.Join(dir, "docs", "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, pages)
	for _, p := range pages {
		name := "docs/" + filepath.Base(p)
		assert.True(t, slices.Contains(links, name), "README.md does not link to %s", name)
	}
}

// pageLinks returns the files page (relative to dir) links to, relative
// to dir, without their anchors.
func pageLinks(t *testing.T, dir, page string) []string {
	t.Helper()
	doc := parse(t, dir, page)
	var out []string
	for _, l := range doc.links {
		if target, _, ok := localTarget(page, l.dest); ok && target != "" {
			out = append(out, target)
		}
	}
	return out
}

// TestMarkdownRenders parses every page as CommonMark (goldmark) and fails
// where what renders is not what the author wrote: a fence that nothing
// closes turns the rest of the page into code, and a heading that a code
// block swallows (a fence closed too late, or one opened inside another)
// vanishes from the page and its anchors.
func TestMarkdownRenders(t *testing.T) {
	dir := root(t)
	for _, page := range markdownFiles(t, dir) {
		for _, problem := range fenceProblems(mustRead(t, filepath.Join(dir, page))) {
			t.Errorf("%s:%s", page, problem)
		}
	}
}

// The checks catch the README as it was garbled: a block opened at
// "$ head -4 ada.md" that a whole section was pasted into.
func TestMarkdownRendersCatchesSwallowedHeading(t *testing.T) {
	page := "## Taking the list home\n\n```\n$ head -4 ada.md\n### A computer lab\n\nIn a lab.\n\n```\nyou are student-2\n```\n"
	problems := fenceProblems([]byte(page))
	require.NotEmpty(t, problems)
	assert.Contains(t, strings.Join(problems, "\n"), `"### A computer lab"`)

	unclosed := "# Title\n\n```console\n$ ndcg-explorer samples\n\n## Next\n"
	problems = fenceProblems([]byte(unclosed))
	assert.Contains(t, strings.Join(problems, "\n"), "never closed")

	nested := "# Title\n\n```\nsome output\n```console\n$ ndcg-explorer samples\n```\n"
	problems = fenceProblems([]byte(nested))
	assert.Contains(t, strings.Join(problems, "\n"), "opens a block inside one")

	// A report in markdown, shown inside a fence of four backticks, may
	// hold headings and fences of three.
	fine := "# Title\n\n````console\n$ ndcg-explorer report -f markdown x\n## x\n\n```text\nDCG\n```\n````\n\n- item\n\n  ```console\n  $ ndcg-explorer samples\n  ```\n"
	assert.Empty(t, fenceProblems([]byte(fine)))
}

var (
	headingLine = regexp.MustCompile(`^ {0,3}#{2,6} \S`)
	fenceLine   = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})(.*)$")
)

// fenceProblems returns, as "LINE: what", each fenced code block of src
// that is never closed, holds a line that reads as a section heading (##
// to ######; a single # is a shell or program comment) unless its
// fence is of four backticks or more or it is marked markdown (a report in
// markdown shown as an example), or holds a fence with an info string,
// which cannot close it and so opened a block inside one.
func fenceProblems(src []byte) []string {
	var problems []string
	md := goldmark.New()
	doc := md.Parser().Parse(text.NewReader(src))
	lineOf := func(pos int) int { return bytes.Count(src[:pos], []byte("\n")) + 1 }
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		block, ok := n.(*ast.FencedCodeBlock)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		open := block.Pos()
		openLine := lineAt(src, open)
		m := fenceLine.FindStringSubmatch(openLine)
		if m == nil {
			return ast.WalkContinue, nil
		}
		fence := m[1]
		info := strings.TrimSpace(m[2])
		// Where the block's content ends: after its last line, or after
		// the opening line when it has none.
		end := open + len(openLine) + 1
		if lines := block.Lines(); lines.Len() > 0 {
			end = lines.At(lines.Len() - 1).Stop
			if end > 0 && src[end-1] != '\n' {
				end++
			}
		}
		closing := ""
		if end <= len(src) {
			closing = lineAt(src, end)
		}
		c := fenceLine.FindStringSubmatch(closing)
		if end > len(src) || c == nil || c[1][0] != fence[0] || len(c[1]) < len(fence) || strings.TrimSpace(c[2]) != "" {
			problems = append(problems, fmt.Sprintf("%d: the code block opened here with %s is never closed: the rest renders as code", lineOf(open), fence))
			return ast.WalkContinue, nil
		}
		markdown := len(fence) > 3 || info == "markdown" || info == "md"
		lines := block.Lines()
		for i := range lines.Len() {
			seg := lines.At(i)
			line := strings.TrimRight(string(seg.Value(src)), "\n")
			if !markdown && headingLine.MatchString(line) {
				problems = append(problems, fmt.Sprintf("%d: the heading %q is inside the code block opened at line %d: close the block before it", lineOf(seg.Start), line, lineOf(open)))
			}
			if f := fenceLine.FindStringSubmatch(line); f != nil && f[1][0] == fence[0] && len(f[1]) >= len(fence) && strings.TrimSpace(f[2]) != "" {
				problems = append(problems, fmt.Sprintf("%d: %q opens a block inside one (opened at line %d), which it cannot close: close that one first", lineOf(seg.Start), line, lineOf(open)))
			}
		}
		return ast.WalkSkipChildren, nil
	})
	return problems
}

// lineAt returns the line of src that starts at pos, without its newline.
func lineAt(src []byte, pos int) string {
	if pos >= len(src) {
		return ""
	}
	line := src[pos:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	return string(line)
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}

// parsed is what the link test needs of a page: its links and the
// anchors of its headings.
type parsed struct {
	links   []link
	anchors map[string]bool
}

type link struct {
	dest string
	line int
}

func parse(t *testing.T, dir, page string) parsed {
	t.Helper()
	src := mustRead(t, filepath.Join(dir, page))
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	p := parsed{anchors: map[string]bool{}}
	seen := map[string]int{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			slug := githubSlug(plainText(n, src))
			if k := seen[slug]; k > 0 {
				p.anchors[fmt.Sprintf("%s-%d", slug, k)] = true
			} else {
				p.anchors[slug] = true
			}
			seen[slug]++
		case *ast.Link:
			p.links = append(p.links, link{string(n.Destination), lineOfNode(n, src)})
		case *ast.Image:
			p.links = append(p.links, link{string(n.Destination), lineOfNode(n, src)})
		}
		return ast.WalkContinue, nil
	})
	return p
}

// lineOfNode is the line of an inline node: that of the block it sits in.
func lineOfNode(n ast.Node, src []byte) int {
	for b := n; b != nil; b = b.Parent() {
		if b.Type() == ast.TypeBlock {
			if lines := b.Lines(); lines != nil && lines.Len() > 0 {
				return bytes.Count(src[:lines.At(0).Start], []byte("\n")) + 1
			}
		}
	}
	return 0
}

// plainText is a heading's text as GitHub reads it for its anchor: the
// text and code spans, without the markup.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// githubSlug is the anchor GitHub gives a heading: lower case, spaces as
// hyphens, every character other than a letter, digit, mark, hyphen or
// underscore left out.
func githubSlug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// localTarget resolves a link of page to a file of the repository and an
// anchor; ok is false for a link that leaves the repository (a URL).
func localTarget(page, dest string) (file, anchor string, ok bool) {
	u, err := url.Parse(dest)
	if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(dest, "//") {
		return "", "", false
	}
	anchor = u.Fragment
	if u.Path == "" {
		return page, anchor, true
	}
	return filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(page), u.Path))), anchor, true
}

// TestLinksResolve: every link between the pages reaches a file that
// exists, and every anchor a heading of its page, so moving a section
// from one page to another cannot leave a link pointing at nothing.
func TestLinksResolve(t *testing.T) {
	dir := root(t)
	pages := map[string]parsed{}
	files := markdownFiles(t, dir)
	for _, page := range files {
		pages[page] = parse(t, dir, page)
	}
	for _, page := range files {
		if page == "tools/cmdref/intro.md" {
			continue // the head of docs/reference.md, whose links are checked there
		}
		for _, l := range pages[page].links {
			file, anchor, ok := localTarget(page, l.dest)
			if !ok {
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, file)); err != nil {
				t.Errorf("%s:%d: link to %s: no such file", page, l.line, l.dest)
				continue
			}
			if anchor == "" {
				continue
			}
			target, isPage := pages[file]
			if !isPage {
				t.Errorf("%s:%d: link to %s: an anchor in a file that is not a page", page, l.line, l.dest)
				continue
			}
			if !target.anchors[anchor] {
				t.Errorf("%s:%d: link to %s: %s has no heading #%s", page, l.line, l.dest, file, anchor)
			}
		}
	}
}
