package cli

import (
	"cmp"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newManCmd prints the manual page (roff) of every command, for
//
//	ndcg-explorer man > ndcg-explorer.1
//
// fang has one too, but it writes to the process's standard output
// rather than the command's, which tests cannot read, and like
// mango-cobra it gives one generic SYNOPSIS line, runs each command's
// name into its arguments (check[FILE]) and has none of the sections a
// page is looked up for (EXAMPLES, ENVIRONMENT, FILES, SEE ALSO).
func newManCmd(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:                   "man",
		Short:                 "Print the manual page (roff): ndcg-explorer man > ndcg-explorer.1",
		Args:                  cobra.NoArgs,
		DisableFlagsInUseLine: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			date, err := manDate(os.Getenv("SOURCE_DATE_EPOCH"), time.Now())
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write([]byte(manPage(cmd.Root(), date)))
			return err
		},
	}
}

// manDate is the date on the page: SOURCE_DATE_EPOCH (seconds since
// 1970) when it is set, as reproducible builds set it, so that a package
// built twice holds the same manual page; otherwise today.
func manDate(epoch string, now time.Time) (string, error) {
	if epoch == "" {
		return now.Format("2006-01-02"), nil
	}
	sec, err := strconv.ParseInt(epoch, 10, 64)
	if err != nil {
		return "", fmt.Errorf("SOURCE_DATE_EPOCH=%q is not a number of seconds since 1970; unset it or give one", epoch)
	}
	return time.Unix(sec, 0).UTC().Format("2006-01-02"), nil
}

// manWidth is the widest line a preformatted block (an example) may
// have: a page read at 80 columns indents it by 7.
const manWidth = 73

// manPage is the page of the command tree under root, dated date.
func manPage(root *cobra.Command, date string) string {
	var p roffPage
	name := root.Name()
	p.line(fmt.Sprintf(`.TH %s 1 "%s" "%s" "User Commands"`, strings.ToUpper(name), date, name))
	// Flags and file names are not hyphenated across lines (--predic‐
	// tions cannot be typed back), nor the lines stretched to the right
	// margin.
	p.line(".nh")
	p.line(".ad l")
	p.section("NAME")
	p.text(name + " - " + strings.ToLower(root.Short[:1]) + root.Short[1:])

	p.section("SYNOPSIS")
	cmds := manCommands(root)
	for i, c := range append([]*cobra.Command{root}, cmds...) {
		if i > 0 {
			p.line(".br")
		}
		p.synopsis(c)
	}
	p.line(".br")
	p.line(".B " + name + " help")
	p.line(`[\fIcommand\fR]`)

	p.section("DESCRIPTION")
	p.prose(root.Long)

	p.section("OPTIONS")
	p.options(root)

	p.section("COMMANDS")
	for _, c := range cmds {
		p.line(".SS " + quoteArg(c.CommandPath()+manArgs(c)))
		p.prose(cmp.Or(c.Long, c.Short))
		if hasOptions(c) {
			p.line(".PP")
			p.line("Options:")
			p.options(c)
		}
		if c.Example != "" {
			p.line(".PP")
			p.line("Examples:")
			p.example(c.Example)
		}
	}

	p.section("EXAMPLES")
	p.example(root.Example)

	p.section("ENVIRONMENT")
	for _, e := range manEnvironment {
		p.tagged(`\fB`+e[0]+`\fR`, e[1])
	}

	p.section("FILES")
	for _, f := range manFiles {
		p.tagged(`\fI`+escapeRoff(f[0])+`\fR`, f[1])
	}

	p.section("EXIT STATUS")
	for _, s := range manExitStatus {
		p.tagged(`\fB`+s[0]+`\fR`, s[1])
	}

	p.section("SEE ALSO")
	p.line(`.BR ssh (1),`)
	p.line(`.BR bash (1),`)
	p.text("trec_eval 10.0 (https://github.com/usnistgov/trec_eval), whose NDCG measures trec computes; " +
		"the README and docs/ of https://github.com/ndcg-explorer/ndcg-explorer.")
	return p.String()
}

// manEnvironment are the variables the program reads, and what for.
var manEnvironment = [][2]string{
	{"NO_COLOR", "When set and not empty, the explorer, the query browser and serve's dashboard draw without colour " +
		"(an attendee's own NO_COLOR, sent by ssh -o SendEnv=NO_COLOR, does the same for their session), and help prints plain text."},
	{"ACCESSIBLE", "When set (and not 0 or false), the explorer, learn and check speak in plain lines for a screen reader " +
		"or a pipe, as --accessible asks: no drawing, no cursor movement, no colour."},
	{"TERM", "dumb (as in an editor's shell buffer) makes the explorer refuse to start, since it cannot draw a screen there; " +
		"report prints the same numbers."},
	{"CLICOLOR_FORCE, COLORTERM", "Read, with TERM and NO_COLOR, to tell how many colours help may use."},
	{"XDG_CONFIG_HOME, HOME", "The configuration directory, where serve keeps its host key and learn the learner's progress (FILES): " +
		"$XDG_CONFIG_HOME, else $HOME/.config, on Linux; $HOME/Library/Application Support on macOS; %AppData% on Windows."},
	{"GOMEMLIMIT", "When set, the memory the Go runtime aims to stay under, as Go programs read it; otherwise a list read holds the program to about ten times its file's size plus 1.5 GiB."},
	{"COLUMNS", "The width report fits its text to on a terminal (else the terminal's own); --width N sets it, --full prints every column."},
	{"XDG_DATA_HOME", "Where serve keeps the room (--state-dir's default): $XDG_DATA_HOME/ndcg-explorer/serve, else ~/.local/share/ndcg-explorer/serve on Linux."},
	{"TMPDIR", "Where trec keeps a copy of a run read from standard input while it reads it again."},
	{"SOURCE_DATE_EPOCH", "Dates this manual page (seconds since 1970), as reproducible builds set it; otherwise the page is dated today."},
	{"NDCG_EXPLORER_COMPLETION_DESCRIPTIONS", "false leaves the descriptions out of shell completion, as completion --no-descriptions does."},
}

// manFiles are the files the program keeps besides the lists it is given.
var manFiles = [][2]string{
	{"~/.config/ndcg-explorer/ssh_host_ed25519_key", "serve's SSH host key, made on its first start, so that attendees see the same " +
		"fingerprint from one workshop to the next (under the configuration directory: ENVIRONMENT); --host-key names another."},
	{"~/.config/ndcg-explorer/learn.json", "learn's progress: the steps answered and the one to resume at (under the configuration directory: ENVIRONMENT)."},
	{"LIST.recovered.json", "The unsaved edits of LIST.json (or .csv, .tsv), kept beside it when the explorer is stopped by a signal; " +
		"opening LIST says so. For a sample, standard input or --grades: NAME.recovered.json or list.recovered.json in the current directory."},
}

// manExitStatus are the exit statuses, as doc.go states them.
var manExitStatus = [][2]string{
	{"0", "Success."},
	{"1", "check: some claim does not hold; trec: a usage error, as trec_eval exits."},
	{"2", "Bad input or usage: a file that cannot be read, an unknown flag or command."},
}

// manCommands are the commands the page lists: root's, in the order help
// lists them, without help and hidden ones.
func manCommands(root *cobra.Command) []*cobra.Command {
	var out []*cobra.Command
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() && c.Name() != "help" {
			out = append(out, c)
		}
	}
	return out
}

// hasOptions reports whether c takes a flag besides --help.
func hasOptions(c *cobra.Command) bool {
	has := false
	c.LocalFlags().VisitAll(func(f *pflag.Flag) { has = has || !f.Hidden && f.Name != "help" })
	return has
}

// manArgs is c's arguments as its use line gives them (" [FILE]"), after
// "[options]" when it takes any.
func manArgs(c *cobra.Command) string {
	s := ""
	if hasOptions(c) {
		s = " [options]"
	}
	if _, args, ok := strings.Cut(c.Use, " "); ok {
		s += " " + args
	}
	return s
}

// roffPage builds a manual page in roff (man(7) macros).
type roffPage struct{ b strings.Builder }

func (p *roffPage) String() string { return p.b.String() }

// line writes a line of roff as it is.
func (p *roffPage) line(s string) { p.b.WriteString(s + "\n") }

func (p *roffPage) section(name string) { p.line(".SH " + quoteArg(name)) }

// text writes s as filled text.
func (p *roffPage) text(s string) { p.line(escapeLine(s)) }

// tagged writes a tagged paragraph: tag (roff) above, text indented.
func (p *roffPage) tagged(tag, text string) {
	p.line(".TP")
	p.line(tag)
	p.text(text)
}

// synopsis writes c's synopsis line: the command path in bold, the
// options and argument names in italics.
func (p *roffPage) synopsis(c *cobra.Command) {
	p.line(".B " + c.CommandPath())
	var words []string
	for _, w := range strings.Fields(manArgs(c)) {
		words = append(words, italicNames(escapeRoff(w)))
	}
	if len(words) > 0 {
		p.line(strings.Join(words, " "))
	}
}

// italicNames sets the upper-case names in w (FILE, QRELS, options) in
// italics, the brackets and bars around them upright.
func italicNames(w string) string {
	var b strings.Builder
	word := func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r == ':' || r == '_' }
	in := false
	for _, r := range w {
		switch {
		case word(r) && !in:
			b.WriteString(`\fI`)
			in = true
		case !word(r) && in:
			b.WriteString(`\fR`)
			in = false
		}
		b.WriteRune(r)
	}
	if in {
		b.WriteString(`\fR`)
	}
	return b.String()
}

// prose writes a help text written for a terminal: its lines, which
// break where an 80-column terminal needs them to, fill paragraphs; a
// blank line starts a new one; indented lines (a command to type, a
// table) keep their lines and, less the indentation they share, their
// indentation.
func (p *roffPage) prose(s string) {
	p.line(".PP")
	var para, block []string
	flush := func() {
		if len(para) > 0 {
			p.text(strings.Join(para, " "))
			para = nil
		}
		if len(block) > 0 {
			indent := len(block[0])
			for _, l := range block {
				indent = min(indent, len(l)-len(strings.TrimLeft(l, " ")))
			}
			p.line(".nf")
			for _, l := range block {
				p.line(escapeLine(l[indent:]))
			}
			p.line(".fi")
			block = nil
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		switch {
		case strings.TrimSpace(l) == "":
			flush()
			p.line(".PP")
		case strings.HasPrefix(l, " "):
			if len(para) > 0 {
				flush()
			}
			block = append(block, strings.TrimRight(l, " "))
		default:
			if len(block) > 0 {
				flush()
			}
			para = append(para, strings.TrimSpace(l))
		}
	}
	flush()
}

// options writes c's flags, each with its value's name (valueName).
func (p *roffPage) options(c *cobra.Command) {
	c.LocalFlags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Name == "help" {
			return
		}
		tag := `\fB\-\-` + escapeRoff(f.Name) + `\fR`
		if f.Shorthand != "" {
			tag = `\fB\-` + escapeRoff(f.Shorthand) + `\fR, ` + tag
		}
		if v := valueName(f); v != "" {
			tag += ` \fI` + escapeRoff(v) + `\fR`
		}
		usage := f.Usage
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "[]" {
			usage += " (default " + f.DefValue + ")"
		}
		p.tagged(tag, usage)
	})
}

// example writes examples, one command a line as typed, a line too long
// for the page continued on the next.
func (p *roffPage) example(s string) {
	p.line(".PP")
	p.line(".nf")
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		for _, part := range fitExample(strings.TrimSpace(l), manWidth) {
			p.line(escapeLine(part))
		}
	}
	p.line(".fi")
}

// fitExample breaks an example line wider than width at spaces: a
// comment into comment lines, a command with a backslash at the end of
// each line but the last, as the shell reads it.
func fitExample(l string, width int) []string {
	if len(l) > width && !strings.HasPrefix(l, "#") {
		// A comment after the command goes on a line of its own, above.
		if cmd, comment, ok := strings.Cut(l, " # "); ok {
			return append(fitExample("# "+strings.TrimSpace(comment), width), fitExample(strings.TrimSpace(cmd), width)...)
		}
	}
	comment := strings.HasPrefix(l, "#")
	var out []string
	for len(l) > width {
		cut := strings.LastIndex(l[:width-2], " ")
		if cut <= 0 {
			break
		}
		head, rest := l[:cut], strings.TrimLeft(l[cut:], " ")
		if comment {
			out = append(out, head)
			l = "# " + rest
		} else {
			out = append(out, head+` \`)
			l = "    " + rest
		}
	}
	return append(out, l)
}

// escapeRoff makes s literal text for roff: a backslash and a dash are
// escaped (\- is the minus a flag is typed with; - prints as a hyphen,
// which does not paste back into a shell).
func escapeRoff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	return strings.ReplaceAll(s, "-", `\-`)
}

// escapeLine is escapeRoff for a whole line, which must not start with a
// control character (. or ').
func escapeLine(s string) string {
	s = escapeRoff(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// quoteArg quotes a macro argument that holds spaces.
func quoteArg(s string) string {
	return `"` + strings.ReplaceAll(escapeRoff(s), `"`, `\(dq`) + `"`
}
