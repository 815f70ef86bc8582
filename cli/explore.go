package cli

import (
	"fmt"
	"io"
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

func runExplore(env *Env, args []string) int {
	fs := newFlagSet(env, "ndcg-explorer", "[flags] [FILE]",
		"Open the explorer on a list: edit it and watch every NDCG number change.\n"+
			"FILE is a list file, - for standard input, or sample:NAME; or use --grades.\n"+
			"Without FILE it opens the default sample. Press ? inside for every key.\n"+
			"Other commands: report, check, trec, samples (ndcg-explorer help lists them).\n"+
			"With --qrels and --run but no --query: the run's queries with NDCG@k (-k, default 10),\n"+
			"tie spread and missed relevant documents; enter opens one, esc comes back.")
	var lf listFlags
	lf.register(fs)
	ascii := fs.Bool("ascii", false, "draw bar charts with # and tie brackets with ASCII characters")
	seed := fs.Int64("seed", 0, "seed for the random lists of the quiz (0: from the clock)")
	if code, ok := parse(env, fs, args); !ok {
		return code
	}
	if lf.browsing(fs.Args()) {
		return runBrowse(env, &lf, *ascii)
	}
	doc, err := lf.load(env, fs.Args(), true)
	if err != nil {
		return fail(env, err)
	}
	s, err := lf.settings(doc)
	if err != nil {
		return fail(env, err)
	}
	// A list that cannot be computed is still opened when only a setting
	// rejects it (the explorer shows the error and lets the user fix it),
	// but reading errors stop here, as in every command.
	if _, err := ndcg.Compute(doc.List, s); err != nil && doc.List.Validate(ndcg.Settings{Gain: ndcg.Linear}) != nil {
		return fail(env, doc.Locate(err))
	}
	if env.IsTerminal == nil || !env.IsTerminal() {
		fmt.Fprintln(env.Stderr, "ndcg-explorer: the explorer needs a terminal; for a printed breakdown use: ndcg-explorer report [flags] [FILE]")
		return ExitBadInput
	}
	return runProgram(env, ui.New(ui.Options{Doc: doc, Settings: s, ASCII: *ascii, NoColor: os.Getenv("NO_COLOR") != "", Seed: *seed, Markdown: markdownReport}))
}

// runProgram runs a Bubble Tea model on the terminal until it quits.
func runProgram(env *Env, m tea.Model) int {
	opts := []tea.ProgramOption{tea.WithOutput(terminalOutput(env))}
	if f, ok := env.Stdin.(*os.File); ok && term.IsTerminal(f.Fd()) {
		opts = append(opts, tea.WithInput(f))
	}
	if _, err := tea.NewProgram(m, opts...).Run(); err != nil {
		fmt.Fprintf(env.Stderr, "ndcg-explorer: %v\n", err)
		return ExitBadInput
	}
	return ExitOK
}

// terminalOutput is where the explorer draws: standard output when it is
// a terminal, else standard error (as in `ndcg-explorer > out`).
func terminalOutput(env *Env) io.Writer {
	if f, ok := env.Stdout.(*os.File); ok && term.IsTerminal(f.Fd()) {
		return f
	}
	return env.Stderr
}

// stdTerminal reports whether the process can draw on a terminal and
// read keys from one.
func stdTerminal() bool {
	out := term.IsTerminal(os.Stdout.Fd()) || term.IsTerminal(os.Stderr.Fd())
	if !out {
		return false
	}
	if term.IsTerminal(os.Stdin.Fd()) {
		return true
	}
	// Standard input is taken (a list piped in with -): keys come from
	// the controlling terminal, which Bubble Tea opens itself.
	f, err := os.Open("/dev/tty")
	if err != nil {
		return false
	}
	f.Close()
	return true
}
