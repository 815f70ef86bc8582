package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ndcg-explorer/ndcg-explorer/internal/suggest"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// statusError ends a command with an exit status other than 2. Its
// message, when there is one, is printed like any error; an empty one
// means the command has already said everything (check's verdicts).
type statusError struct {
	code int
	err  error
}

func (e *statusError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

func (e *statusError) Unwrap() error { return e.err }

// withStatus makes err end the program with code.
func withStatus(code int, err error) error { return &statusError{code: code, err: err} }

// usageError is a command line the command cannot run: an unknown flag
// or command, a missing argument. It names the command so that the
// message can say where the help is.
type usageError struct {
	command string // as the user types it: "ndcg-explorer report"
	err     error
	hint    string // where to look, when not the command's flags
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// flagError is every command's flag error handler: pflag's message, then
// where to find the flags.
func flagError(cmd *cobra.Command, err error) error {
	return &usageError{command: cmd.CommandPath(), err: flagSuggestion(cmd, longFlagHint(cmd, plainFlagError(err)))}
}

// flagSuggestion adds, to an unknown long flag, the flags it is close to
// (--gian: did you mean --gain?), as a mistyped command is answered; and
// to a long flag's name mistyped after one dash (-gian), which pflag
// reads as short flags, the same. A bundle of short flags (-qc) is
// shorter than four letters and left alone.
func flagSuggestion(cmd *cobra.Command, err error) error {
	var ne *pflag.NotExistError
	if !errors.As(err, &ne) {
		return err
	}
	name, _, _ := strings.Cut(ne.GetSpecifiedName(), "=")
	if short := ne.GetSpecifiedShortnames(); short != "" {
		name, _, _ = strings.Cut(short, "=")
		if len(name) < 4 || cmd.Flags().Lookup(name) != nil {
			// Too short to tell from a bundle, or a flag's very name,
			// which longFlagHint has named.
			return err
		}
	}
	var names []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	meant := suggest.Closest(name, names)
	if len(meant) == 0 {
		return err
	}
	return fmt.Errorf("%w; did you mean --%s?", err, strings.Join(meant, " or --"))
}

// longFlagHint adds, to an unknown short flag written like a long one
// (-gain, which earlier versions took), the flag to write instead.
func longFlagHint(cmd *cobra.Command, err error) error {
	var ne *pflag.NotExistError
	if !errors.As(err, &ne) {
		return err
	}
	word := ne.GetSpecifiedShortnames()
	if word == "" {
		return err
	}
	name, _, _ := strings.Cut(word, "=")
	if len(name) < 2 || cmd.Flags().Lookup(name) == nil {
		return err
	}
	return fmt.Errorf("%w: long flags take two dashes: --%s", err, name)
}

// plainFlagError says a bad flag value in the user's words, where pflag
// would quote strconv ("strconv.ParseInt: parsing ...: invalid syntax").
func plainFlagError(err error) error {
	var ive *pflag.InvalidValueError
	var ne *strconv.NumError
	if !errors.As(err, &ive) || !errors.As(err, &ne) {
		return err
	}
	f := ive.GetFlag()
	name := "--" + f.Name
	if f.Shorthand != "" {
		name = "-" + f.Shorthand + " (" + name + ")"
	}
	switch ne.Func {
	case "ParseBool":
		return fmt.Errorf("%s: %q is not true or false", name, ive.GetValue())
	case "ParseInt", "ParseUint", "Atoi":
		if errors.Is(ne.Err, strconv.ErrRange) {
			return fmt.Errorf("%s: %s is too large", name, ive.GetValue())
		}
		return fmt.Errorf("%s: %q is not a whole number", name, ive.GetValue())
	}
	return err
}

// writeError writes err for the user on standard error: one line naming
// the program, and for a usage error where the flags are listed. Plain
// text, so that scripts and terminals read the same thing.
func writeError(w io.Writer, err error) {
	msg := err.Error()
	if msg == "" {
		return
	}
	// The engine names no flag: the way out of an exponential gain that
	// overflows is said here, in the command line's words.
	if ge := (*ndcg.GainError)(nil); errors.As(err, &ge) && ge.Gain == ndcg.GainExp {
		msg += "; use --gain linear or smaller grades"
	}
	// A message may echo a file's bytes (an id, a qid, a path): they are
	// shown, never obeyed.
	var ue *usageError
	usage := errors.As(err, &ue)
	if usage && !strings.HasSuffix(msg, ".") && !strings.HasSuffix(msg, "?") {
		// The line that follows is a sentence of its own; read on one
		// line (a log, a CI report) the two ran together.
		msg += "."
	}
	fmt.Fprintf(w, "ndcg-explorer: %s\n", termsafe.Text(msg))
	if usage {
		if ue.hint != "" {
			fmt.Fprintln(w, ue.hint)
		} else {
			fmt.Fprintf(w, "Run %s --help for its flags.\n", ue.command)
		}
	}
}

// exitStatus is the status the program ends with after err.
func exitStatus(err error) int {
	if err == nil {
		return ExitOK
	}
	var se *statusError
	if errors.As(err, &se) {
		return se.code
	}
	return ExitBadInput
}

// helpWord reports whether args ask for help the way a user of git or go
// might: "report help". A file called help in the working directory
// still wins.
func helpWord(args []string) bool {
	if len(args) != 1 || args[0] != "help" {
		return false
	}
	_, err := os.Stat("help")
	return err != nil
}
