package cli

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ndcg-explorer/ndcg-explorer/accessible"
	"github.com/ndcg-explorer/ndcg-explorer/learn"
	"github.com/ndcg-explorer/ndcg-explorer/ui"
)

// newLearnCmd is the guided path through NDCG: a step at a time in the
// explorer, each with one instruction and one question.
func newLearnCmd(env *Env) *cobra.Command {
	var ascii, plain bool
	cmd := &cobra.Command{
		Use:   "learn [STEP]",
		Short: "Learn NDCG on a guided path: 8 steps, about 15 minutes",
		Long: "Walk through NDCG alone, one step at a time: each step opens a list in the explorer\n" +
			"with one thing to do and one question; type the answer and press enter.\n" +
			"Steps:\n" + stepTitles() +
			"Progress is kept in ndcg-explorer/learn.json in the configuration directory\n" +
			"($XDG_CONFIG_HOME, usually ~/.config): learn resumes where you left off,\n" +
			"learn STEP opens that step.",
		Example: `# start, or resume where you left off
ndcg-explorer learn
# open step 6 (ties at the cutoff)
ndcg-explorer learn 6`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) > 1:
				return fmt.Errorf("learn takes at most one STEP, got %d: %s", len(args), strings.Join(args, " "))
			case len(args) == 1 && !helpWord(args):
				if _, err := stepArg(args[0]); err != nil {
					return err
				}
			}
			return nil
		},
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			var steps []string
			for i, s := range learn.Steps {
				steps = append(steps, fmt.Sprintf("%d\t%s", i+1, s.Title))
			}
			return steps, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if helpWord(args) {
				return cmd.Help()
			}
			if accessibleMode(plain) {
				return runLearnPlain(env, args)
			}
			return runLearn(env, args, ascii)
		},
	}
	cmd.Flags().BoolVar(&ascii, "ascii", false, "bars with # and tie brackets in ASCII")
	accessibleFlag(cmd.Flags(), &plain)
	return cmd
}

// stepArg reads STEP: a step's number.
func stepArg(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > learn.Count() {
		return 0, fmt.Errorf("STEP is a number from 1 to %d, not %q; ndcg-explorer learn --help lists the steps", learn.Count(), s)
	}
	return n, nil
}

// stepTitles lists the steps, numbered, a line each.
func stepTitles() string {
	var b strings.Builder
	for i, s := range learn.Steps {
		fmt.Fprintf(&b, "  %d  %s\n", i+1, s.Title)
	}
	return b.String()
}

func runLearn(env *Env, args []string, ascii bool) error {
	p, save, unkept, err := learnProgress()
	if err != nil {
		return err
	}
	n := p.Resume()
	if len(args) == 1 {
		n, _ = stepArg(args[0])
	}
	if err := needsTerminal(env, "the guided path", "it runs in the explorer; ndcg-explorer learn --help lists its steps"); err != nil {
		return err
	}
	l, err := ui.NewLesson(ui.LessonOptions{Step: n, Progress: p, ASCII: ascii, NoColor: os.Getenv("NO_COLOR") != "", Save: save})
	if err != nil {
		return err
	}
	_, err = newProgram(env, l).Run()
	if save != nil {
		// Kept once more as the lesson ends, in case the last save had
		// not run when the program quit.
		if serr := save(l.Progress()); serr != nil {
			unkept = serr
		}
	}
	if err != nil {
		return err
	}
	return sayCovered(env.Stdout, l.Progress(), unkept)
}

// runLearnPlain walks the path in plain lines (package accessible).
func runLearnPlain(env *Env, args []string) error {
	p, save, unkept, err := learnProgress()
	if err != nil {
		return err
	}
	n := p.Resume()
	if len(args) == 1 {
		n, _ = stepArg(args[0])
	}
	p, err = accessible.Learn(env.Stdin, env.Stdout, n, p, save)
	if err != nil {
		return err
	}
	return sayCovered(env.Stdout, p, unkept)
}

// learnProgress is the progress kept and how to keep it. Without a
// configuration directory (no $HOME, no $XDG_CONFIG_HOME) the path still
// runs, from step 1, and unkept says why nothing is kept; a progress
// file that cannot be read stops it, as the learner decides what to do
// with the file.
func learnProgress() (p learn.Progress, save func(learn.Progress) error, unkept, err error) {
	if _, perr := learn.ProgressPath(); perr != nil {
		return learn.Progress{}, nil, perr, nil
	}
	p, err = learn.LoadProgress()
	return p, func(p learn.Progress) error { return p.Save() }, nil, err
}

// sayCovered tells the learner, back at the shell, what they covered and
// how to go on, and why the progress was not kept if it was not.
func sayCovered(w io.Writer, p learn.Progress, unkept error) error {
	text := p.Covered()
	if unkept != nil {
		text += "Your progress is not kept: " + unkept.Error() + "\n"
	}
	_, err := io.WriteString(w, text)
	return err
}
