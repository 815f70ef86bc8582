package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"
)

// Env is what a command may touch of the outside world, so tests can
// run commands without a process.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// IsTerminal reports whether the explorer can draw on this terminal.
	IsTerminal func() bool
	// Columns is the width of the terminal standard output writes to,
	// 0 when it is not a terminal (a pipe, a file) or nil.
	Columns func() int
}

// Exit statuses.
const (
	ExitOK       = 0
	ExitMismatch = 1 // check: some claim does not hold
	ExitBadInput = 2 // invalid input or usage
	// ExitTrecUsage is trec's status for a usage error, trec_eval's own,
	// so that scripts written for trec_eval see the same status.
	ExitTrecUsage = 1
)

// Main runs the command line args (without the program name) and returns
// the exit status.
func Main(args []string, env *Env) int {
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-v") {
		return printVersion(env)
	}
	need := needed(args)
	if !need("") {
		// A named command has no --version (cobra puts the flag on the
		// root alone), so the version is not read from the build
		// information, which takes a while to parse.
		return run(args, env, newRoot(env, need), "")
	}
	return run(args, env, newRoot(env, need), Version())
}

// run executes args on the command tree root, with version the root's
// --version ("": none). It does what fang.Execute does for a run
// (errors printed once, no usage dump, the version flag) but shows help
// through showHelp, which gives each flag its value's name: fang.Execute
// would set its own help on the root, which every command shows. Its
// stack frame of 28 KB, besides, made every run copy the main
// goroutine's stack to 32 KB, then to 64 KB under the first file it
// opened; fang's help is now built only when help is shown.
func run(args []string, env *Env, root *cobra.Command, version string) int {
	// What cobra prints itself (help, version, completion scripts, the
	// manual page) goes through out; the commands write to env.Stdout.
	out := &trimWriter{w: env.Stdout}
	root.SetOut(out)
	if args == nil {
		// cobra reads os.Args when given nil.
		args = []string{}
	}
	root.SetArgs(args)
	root.SilenceUsage = true
	root.SilenceErrors = true
	root.Version = version
	root.SetHelpFunc(showHelp)
	err := root.ExecuteContext(context.Background())
	if err != nil {
		writeError(colorprofile.NewWriter(env.Stderr, os.Environ()), err)
	}
	if ferr := out.Flush(); err == nil && ferr != nil {
		// Help to a full disk or a closed pipe: said, as every other
		// output's failed write is, not left to the status alone.
		writeError(colorprofile.NewWriter(env.Stderr, os.Environ()), ferr)
		return ExitBadInput
	}
	return exitStatus(err)
}

// printVersion is a bare --version (or -v): what cobra prints with its
// version template, without building the command tree to print it.
func printVersion(env *Env) int {
	if _, err := fmt.Fprintf(env.Stdout, "ndcg-explorer version %s\n", Version()); err != nil {
		writeError(env.Stderr, err)
		return ExitBadInput
	}
	return ExitOK
}

// unsortedCommands makes the help list the commands in the order they are
// added (lesson order), not alphabetically: a switch cobra keeps in a
// package variable, set once so that concurrent runs do not race on it.
var unsortedCommands sync.Once

// commands are the commands below the explorer, in the order help lists
// them (lesson order). name is the command's name (the first word of its
// Use), so that a run can build only the command it runs; a test checks
// that the two agree. Adding a command is one file with a
// newXxxCmd(env) function and one line here (see doc.go).
var commands = []struct {
	name  string
	build func(*Env) *cobra.Command
}{
	{"learn", newLearnCmd},
	{"report", newReportCmd},
	{"check", newCheckCmd},
	{"trec", newTrecCmd},
	{"ltr", newLtrCmd},
	{"samples", newSamplesCmd},
	{"serve", newServeCmd},
	{"man", newManCmd},
	{"completion", newCompletionCmd},
	{"version", newVersionCmd},
}

// needed says which commands a run of args must build. Building them
// all (their flags, completions and help) is most of what a short
// command costs once the program has started, so a run whose first word
// names a command builds only that one, and a bare --version none.
// Everything else builds the whole tree: help and the manual page list
// every command, completion completes their names, and a mistyped name
// is answered with the names it resembles. need("") reports whether the
// run may be the root's own (the explorer, its help, --version).
func needed(args []string) func(name string) bool {
	all := func(string) bool { return true }
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-v") {
		return func(name string) bool { return name == "" }
	}
	if len(args) == 0 || args[0] == "man" {
		return all
	}
	for _, c := range commands {
		if c.name == args[0] {
			return func(name string) bool { return name == args[0] }
		}
	}
	return all
}

// newRoot builds the command tree for one run: the explorer at the root,
// and below it each of commands that need(name) asks for.
func newRoot(env *Env, need func(name string) bool) *cobra.Command {
	unsortedCommands.Do(func() { cobra.EnableCommandSorting = false })
	var root *cobra.Command
	if need("") {
		root = newExploreCmd(env)
	} else {
		// A run of a named command parses none of the explorer's flags
		// (they are its own, not persistent), and its help does not
		// show them: the root is only the command path's first word.
		root = &cobra.Command{Use: rootUse}
	}
	root.SetIn(env.Stdin)
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	root.SetFlagErrorFunc(flagError)
	root.SetHelpCommand(newHelpCmd())
	// completion is ours (completion.go), not cobra's.
	root.CompletionOptions.DisableDefaultCmd = true
	for _, c := range commands {
		if need(c.name) {
			sub := c.build(env)
			takeHelpWord(sub)
			root.AddCommand(sub)
		}
	}
	return root
}

// OSEnv is the process's own environment.
func OSEnv() *Env {
	return &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, IsTerminal: stdTerminal, Columns: stdoutColumns}
}
