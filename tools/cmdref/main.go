// Command cmdref writes docs/reference.md, the command reference, from the
// commands themselves: after the hand-written introduction (intro.md),
// the help of ndcg-explorer and of each command it lists, as the binary
// prints them. Run it from the repository's top
// directory after changing a command, a flag or a help text:
//
//	go run ./tools/cmdref
//
// A test fails when the committed page is not what it writes today.
package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/cli"
)

// Path is the page's place, from the repository's top directory.
const Path = "docs/reference.md"

// intro is the page's hand-written head: what the commands are, how the
// command line reads, errors and exit statuses. Edit it there.
//
//go:embed intro.md
var intro string

func main() {
	page, err := Generate()
	if err == nil {
		err = os.WriteFile(Path, []byte(page), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "cmdref:", err)
		os.Exit(1)
	}
}

// help runs the command line args and returns what it prints.
func help(args ...string) (string, error) {
	var out, errOut bytes.Buffer
	env := &cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, IsTerminal: func() bool { return false }}
	if code := cli.Main(args, env); code != cli.ExitOK {
		return "", fmt.Errorf("ndcg-explorer %s: exit status %d: %s", strings.Join(args, " "), code, errOut.String())
	}
	// Lines as a terminal shows them: no padding at their ends.
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n") + "\n", nil
}

// commandLine is a line of the COMMANDS block of the top help:
// "    report [FILE] [--flags]   Print the breakdown…".
var commandLine = regexp.MustCompile(`^    ([a-z]+)\b`)

// Generate returns the page: the top help, then each command's, each in
// a fence of four backticks, since the texts hold lines that read as
// markdown headings (completion's "#### Linux:").
func Generate() (string, error) {
	top, err := help("help")
	if err != nil {
		return "", err
	}
	names := commands(top)
	if len(names) == 0 {
		return "", fmt.Errorf("ndcg-explorer help lists no commands")
	}
	var b strings.Builder
	b.WriteString(intro + "\n")
	b.WriteString("Commands: " + link("ndcg-explorer", "ndcg-explorer"))
	for _, n := range names {
		b.WriteString(" · " + link(n, "ndcg-explorer "+n))
	}
	b.WriteString("\n\n## ndcg-explorer\n\n````text\n" + top + "````\n")
	for _, n := range names {
		h, err := help(n, "--help")
		if err != nil {
			return "", err
		}
		b.WriteString("\n## ndcg-explorer " + n + "\n\n````text\n" + h + "````\n")
		// A command's own commands (completion's shells).
		for _, sub := range commands(h) {
			sh, err := help(n, sub, "--help")
			if err != nil {
				return "", err
			}
			b.WriteString("\n### ndcg-explorer " + n + " " + sub + "\n\n````text\n" + sh + "````\n")
		}
	}
	return b.String(), nil
}

// commands returns the names a help text lists under COMMANDS, but help.
func commands(helpText string) []string {
	var names []string
	in := false
	for _, l := range strings.Split(helpText, "\n") {
		switch {
		case strings.TrimSpace(l) == "COMMANDS":
			in = true
		case in && l != "" && !strings.HasPrefix(l, "    "):
			in = false
		case in:
			if m := commandLine.FindStringSubmatch(l); m != nil && m[1] != "help" {
				names = append(names, m[1])
			}
		}
	}
	return names
}

// link is a markdown link to the heading text on this page.
func link(label, heading string) string {
	return "[" + label + "](#" + strings.ReplaceAll(heading, " ", "-") + ")"
}
