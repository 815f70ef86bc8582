package cli

import (
	"context"
	"io"
	"os"
	"sync"

	"charm.land/fang/v2"
	"github.com/spf13/cobra"
)

// Env is what a command may touch of the outside world, so tests can
// run commands without a process.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// IsTerminal reports whether the explorer can draw on this terminal.
	IsTerminal func() bool
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
	// What cobra and fang print themselves (help, version, completion
	// scripts, the manual page) goes through out; the commands write to
	// env.Stdout.
	out := &trimWriter{w: env.Stdout}
	root := newRoot(env)
	root.SetOut(out)
	if args == nil {
		// cobra reads os.Args when given nil.
		args = []string{}
	}
	root.SetArgs(args)
	err := fang.Execute(context.Background(), root,
		fang.WithVersion(Version()),
		fang.WithoutManpage(), // ours writes to the command's output, see man.go
		fang.WithErrorHandler(printError),
	)
	if ferr := out.Flush(); err == nil && ferr != nil {
		return ExitBadInput
	}
	return exitStatus(err)
}

// unsortedCommands makes the help list the commands in the order they are
// added (lesson order), not alphabetically: a switch cobra keeps in a
// package variable, set once so that concurrent runs do not race on it.
var unsortedCommands sync.Once

// newRoot builds the command tree for one run: the explorer at the root,
// each command below it. Adding a command is one file with a
// newXxxCmd(env) function and one line here (see doc.go).
func newRoot(env *Env) *cobra.Command {
	unsortedCommands.Do(func() { cobra.EnableCommandSorting = false })
	root := newExploreCmd(env)
	root.SetIn(env.Stdin)
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	root.SetFlagErrorFunc(flagError)
	root.SetHelpCommand(newHelpCmd())
	root.AddCommand(
		newReportCmd(env),
		newCheckCmd(env),
		newTrecCmd(env),
		newLtrCmd(env),
		newSamplesCmd(env),
		newServeCmd(env),
		newManCmd(env),
		newVersionCmd(env),
	)
	return root
}

// OSEnv is the process's own environment.
func OSEnv() *Env {
	return &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, IsTerminal: stdTerminal}
}
