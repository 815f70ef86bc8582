package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/ndcg-explorer/ndcg-explorer/accessible"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// rootUse is the root command's use line.
const rootUse = "ndcg-explorer [FILE]"

// newExploreCmd is the root command: the explorer, on FILE or the
// default sample, or the query browser with --qrels and --run.
func newExploreCmd(env *Env) *cobra.Command {
	var lf listFlags
	var ascii, present, plain bool
	var seed int64
	cmd := &cobra.Command{
		Use:   rootUse,
		Short: "An interactive explorer for NDCG",
		Long: "Open the explorer on a list: edit it and watch every NDCG number change.\n" +
			"FILE is a list file, - for standard input, or sample:NAME; or use --grades.\n" +
			"Without FILE it opens the default sample. Press ? inside for every key.\n" +
			"With --qrels and --run but no --query: the run's queries with NDCG@k (-k, default 10),\n" +
			"tie spread and missed relevant documents; enter opens one, esc comes back.\n" +
			"With --ltr DATA --predictions P: the same for learning-to-rank data (XGBoost's rules, or --preset's).",
		Example: `# the default sample
ndcg-explorer
# a list of your own, or one of the samples (ndcg-explorer samples lists them)
ndcg-explorer mylist.json
ndcg-explorer sample:idcg-slip
# a new list, saved (w) to new.json
ndcg-explorer new.json
# grades inline, in ranking order, with scores that tie
ndcg-explorer --grades 3,2,3,0,1 --scores 0.9,0.8,0.8,0.5,0.1 -k 3
# the queries of a TREC run
ndcg-explorer --qrels QRELS --run RUN
# the queries of learning-to-rank data with a model's predictions
ndcg-explorer --ltr train.txt --predictions train.pred`,
		Args: rootArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if lf.browsing(args) {
				return runBrowse(env, &lf, ascii)
			}
			if accessibleMode(plain) {
				doc, s, err := openList(env, &lf, args)
				if err != nil {
					return err
				}
				return accessible.Explore(env.Stdin, env.Stdout, doc.Heading(), doc.List, s)
			}
			return runExplore(env, &lf, args, ascii, present, seed)
		},
	}
	// cobra leaves this 0, which suggests only by prefix.
	cmd.SuggestionsMinimumDistance = 2
	lf.register(cmd.Flags())
	completeListFlags(cmd)
	cmd.Flags().BoolVar(&ascii, "ascii", false, "bars with # and tie brackets in ASCII")
	cmd.Flags().BoolVar(&present, "present", false, "projector mode: fewer columns, NDCG large, wide bars (R switches)")
	cmd.Flags().Int64Var(&seed, "seed", 0, "seed of the quiz's random lists (0: the clock)")
	accessibleFlag(cmd.Flags(), &plain)
	return cmd
}

// rootArgs takes at most one FILE; a first word that is no file but
// close to a command's name is a mistyped command, not a missing file.
func rootArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	// A command after the file (ndcg-explorer run.json report), as
	// some tools take them: said so, with the order that works.
	for i, w := range args[1:] {
		if sub, _, err := cmd.Find([]string{w}); err == nil && sub != cmd {
			rest := append([]string{w}, args[:i+1]...)
			rest = append(rest, args[i+2:]...)
			return &usageError{command: cmd.CommandPath(), err: fmt.Errorf("%s is a command: the command comes first: ndcg-explorer %s", w, strings.Join(rest, " ")),
				hint: "Run ndcg-explorer --help for the commands."}
		}
	}
	a := args[0]
	if a == "-" || strings.HasPrefix(a, "sample:") {
		return nil
	}
	if _, err := os.Stat(a); err == nil {
		return nil
	}
	if s := cmd.SuggestionsFor(a); len(s) > 0 {
		return &usageError{command: cmd.CommandPath(), err: fmt.Errorf("unknown command %q: did you mean %s?", a, strings.Join(s, " or ")),
			hint: "Run ndcg-explorer --help for the commands."}
	}
	return nil
}

func runExplore(env *Env, lf *listFlags, args []string, ascii, present bool, seed int64) error {
	doc, s, err := openList(env, lf, args)
	if err != nil {
		return err
	}
	// Nothing named, not even a flag: likely someone new to the tool,
	// whom the greeting offers the guided path.
	newcomer := len(args) == 0 && lf.fs != nil && lf.fs.NFlag() == 0
	m, err := newExplorer(doc, ui.Options{Doc: doc, Settings: s, ASCII: ascii, Present: present, NoColor: os.Getenv("NO_COLOR") != "", Seed: seed,
		Notice: recoveryNotice(doc.Name), Newcomer: newcomer})
	if err != nil {
		return err
	}
	if err := needsTerminal(env, "the explorer", "for a printed breakdown use: ndcg-explorer report [flags] [FILE]"); err != nil {
		return err
	}
	return runExplorer(env, m)
}

// openList reads the explorer's list and its settings.
func openList(env *Env, lf *listFlags, args []string) (*listio.Document, ndcg.Settings, error) {
	doc, err := lf.load(env, args, true)
	if err != nil && len(args) == 1 && missingFile(args[0]) {
		// A file that does not exist yet is a new list: it starts empty
		// and the first save creates it.
		doc, err = listio.NewDocument(args[0])
	}
	if err != nil {
		return nil, ndcg.Settings{}, err
	}
	if len(doc.List.Items) >= bigList {
		// The file's bytes and the reader's working memory are garbage
		// now; collecting them before the first computation lets it
		// reuse their memory instead of growing the process by as much
		// (at a million items, about 30 MB less peak RSS).
		runtime.GC()
	}
	s, err := lf.settings(doc)
	return doc, s, err
}

// bigList is the number of items from which opening a list collects the
// reading's garbage before computing.
const bigList = 1 << 16

// newExplorer builds the explorer on doc, whose list it computes once
// (a million items take a while). A list that cannot be computed is
// still opened when only a setting rejects it (the explorer shows the
// error and lets the user fix it), but reading errors stop here, as in
// every command.
func newExplorer(doc *listio.Document, o ui.Options) (*ui.Model, error) {
	m := ui.New(o)
	if err := m.Workspace().Err; err != nil && doc.List.Validate(ndcg.Settings{Gain: ndcg.Linear}) != nil {
		return nil, doc.Locate(err)
	}
	return m, nil
}

// missingFile reports whether name is a path to a file that does not
// exist (not standard input or a sample).
func missingFile(name string) bool {
	if name == "-" || strings.HasPrefix(name, listio.SamplePrefix) {
		return false
	}
	_, err := os.Stat(name)
	return errors.Is(err, fs.ErrNotExist)
}

// needsTerminal refuses to start the full-screen interface where it
// cannot draw: without a terminal, or on one that declares it cannot
// move the cursor (TERM=dumb, as in an editor's shell buffer), where the
// screen would come out as garbage. instead says what to run there.
func needsTerminal(env *Env, what, instead string) error {
	switch {
	case env.IsTerminal == nil || !env.IsTerminal():
		return fmt.Errorf("%s needs a terminal; %s", what, instead)
	case os.Getenv("TERM") == "dumb":
		return fmt.Errorf("%s needs a terminal that can draw a screen (TERM=dumb cannot); %s", what, instead)
	}
	return nil
}

// terminalOutput is where the explorer draws: standard output when it is
// a terminal, else standard error (as in `ndcg-explorer > out`).
func terminalOutput(env *Env) io.Writer {
	if f, ok := env.Stdout.(*os.File); ok && term.IsTerminal(f.Fd()) {
		return f
	}
	return env.Stderr
}

// stdoutColumns is the width of the terminal standard output writes to:
// $COLUMNS when set to a number (as a shell sets it, and as a person sets
// it to ask for another width), else the terminal's own; 0 when standard
// output is not a terminal, where output is left as it is.
func stdoutColumns() int {
	if !term.IsTerminal(os.Stdout.Fd()) {
		return 0
	}
	if n, err := strconv.Atoi(strings.TrimSpace(os.Getenv("COLUMNS"))); err == nil && n > 0 {
		return n
	}
	w, _, err := term.GetSize(os.Stdout.Fd())
	if err != nil {
		return 0
	}
	return w
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
