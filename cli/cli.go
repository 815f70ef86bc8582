// Package cli holds the ndcg-explorer commands: it parses their command
// lines, reads their inputs and prints their outputs.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Version is the program's version, printed by --version.
var Version = "0.1.0"

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
)

type command struct {
	name, usage, summary string
	run                  func(env *Env, args []string) int
}

// commands in the order -h lists them; the explorer is the default.
var commands = []command{
	{"report", "report [flags] [FILE]", "print the breakdown: --format text|markdown|csv|json", runReport},
	{"check", "check [flags] [FILE]", "verify hand-computed claims; exit 0 all hold, 1 some do not, 2 bad input", runCheck},
	{"trec", "trec [flags] QRELS RUN", "evaluate a whole run as trec_eval does, plus tie bands", runTrec},
	{"samples", "samples", "list the built-in samples", runSamples},
}

// Main runs the command line args (without the program name) and returns
// the exit status.
func Main(args []string, env *Env) int {
	if len(args) > 0 {
		switch args[0] {
		case "--version", "-version", "version":
			fmt.Fprintf(env.Stdout, "ndcg-explorer %s\n", Version)
			return ExitOK
		case "help":
			usage(env.Stdout)
			return ExitOK
		}
		for _, c := range commands {
			if args[0] == c.name {
				return c.run(env, args[1:])
			}
		}
	}
	return runExplore(env, args)
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "ndcg-explorer: an interactive explorer for NDCG\n\nUsage:\n")
	lines := [][2]string{{"ndcg-explorer [flags] [FILE]", "the explorer (no FILE: the default sample)"}}
	for _, c := range commands {
		lines = append(lines, [2]string{"ndcg-explorer " + c.usage, c.summary})
	}
	width := 0
	for _, l := range lines {
		width = max(width, len(l[0]))
	}
	for _, l := range lines {
		fmt.Fprintf(w, "  %-*s  %s\n", width, l[0], l[1])
	}
	fmt.Fprintf(w, "\nRun ndcg-explorer COMMAND -h for a command's flags; --version prints the version.\n")
}

// newFlagSet makes a flag set that reports errors instead of exiting.
func newFlagSet(env *Env, name, usageLine, about string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: ndcg-explorer %s\n\n%s\n\nFlags:\n", usageLine, about)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args, printing help to stdout on -h. It returns the exit
// status to use and false when the command should stop.
func parse(env *Env, fs *flag.FlagSet, args []string) (int, bool) {
	// Help asked for goes to standard output, once; the flag package
	// would print it to the error output before saying ErrHelp.
	errOut := fs.Output()
	fs.SetOutput(io.Discard)
	err := fs.Parse(interspersed(fs, args))
	fs.SetOutput(errOut)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(env.Stdout)
		fs.Usage()
		return ExitOK, false
	}
	if err != nil {
		fmt.Fprintf(errOut, "ndcg-explorer: %v\n", err)
		fmt.Fprintf(errOut, "Run %s -h for its flags.\n", commandLine(fs.Name()))
		return ExitBadInput, false
	}
	return ExitOK, true
}

// commandLine is how a user runs the command a flag set belongs to.
func commandLine(name string) string {
	if name == "" || name == "explore" || name == "ndcg-explorer" {
		return "ndcg-explorer"
	}
	return "ndcg-explorer " + name
}

// interspersed moves positional arguments after the flags, so that
// "report FILE -k 5" works as "report -k 5 FILE".
func interspersed(fs *flag.FlagSet, args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := a[1:]
		if name[0] == '-' {
			name = name[1:]
		}
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return append(flags, pos...)
}

// fail prints err for the user and returns the bad-input status.
func fail(env *Env, err error) int {
	fix := ""
	if ge := (*ndcg.GainError)(nil); errors.As(err, &ge) && ge.Gain == ndcg.GainExp {
		fix = "; use --gain linear or smaller grades"
	}
	fmt.Fprintf(env.Stderr, "ndcg-explorer: %v%s\n", err, fix)
	return ExitBadInput
}

// OSEnv is the process's own environment.
func OSEnv() *Env {
	return &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, IsTerminal: stdTerminal}
}
