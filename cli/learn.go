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
// explorer, each with one instruction and one question; or a lesson
// file an instructor wrote, walked the same way.
func newLearnCmd(env *Env) *cobra.Command {
	var ascii, export, answers, plain bool
	var format string
	path := learn.BuiltinPath()
	cmd := &cobra.Command{
		Use:   "learn [FILE] [STEP]",
		Short: fmt.Sprintf("Learn NDCG on a guided path: %d steps, about 20 minutes", path.Count()),
		Long: "Walk through NDCG alone, one step at a time: each step opens a list in the explorer\n" +
			"with one thing to do and one question; type the answer and press enter.\n" +
			"Steps:\n" + stepTitles(path) +
			"Progress is kept in ndcg-explorer/learn.json in the configuration directory\n" +
			"($XDG_CONFIG_HOME, usually ~/.config): learn resumes at the first step not yet\n" +
			"answered right, learn STEP opens that step.\n" +
			"learn FILE walks a lesson file (markdown, a ## heading a step; docs/teaching.md\n" +
			"says how to write one), its progress kept apart, in ndcg-explorer/lessons/, so\n" +
			"that learn FILE resumes too; learn --export writes the built-in path out as one\n" +
			"to start from; learn --answers [FILE] prints each step's answer, for the\n" +
			"instructor.",
		Example: `# start, or resume where you left off
ndcg-explorer learn
# open step 8 (ties at the cutoff)
ndcg-explorer learn 8
# write a lesson of your own, starting from the built-in one
ndcg-explorer learn --export > lesson.md
ndcg-explorer learn --answers lesson.md
ndcg-explorer learn lesson.md`,
		Args: func(cmd *cobra.Command, args []string) error {
			if helpWord(args) {
				return nil
			}
			_, _, err := learnArgs(args)
			return err
		},
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			var steps []string
			for i, s := range path.Steps {
				steps = append(steps, fmt.Sprintf("%d\t%s", i+1, s.Title))
			}
			return steps, cobra.ShellCompDirectiveDefault
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if helpWord(args) {
				return cmd.Help()
			}
			if format != "text" && format != "json" {
				return fmt.Errorf("--format: unknown format %q: use text or json", format)
			}
			if format == "json" && !answers {
				return fmt.Errorf("--format json is for --answers: ndcg-explorer learn --answers --format json")
			}
			file, n, _ := learnArgs(args)
			switch {
			case export && (file != "" || n != 0 || answers):
				return fmt.Errorf("--export writes the built-in path and takes nothing else: ndcg-explorer learn --export > lesson.md")
			case export:
				_, err := env.Stdout.Write(learn.Builtin())
				return err
			}
			if file == "-" && !answers && accessibleMode(plain) {
				return fmt.Errorf("the plain lines read your answers from standard input, so the lesson cannot come from it too: save it to a file, then ndcg-explorer learn --accessible lesson.md")
			}
			p := path
			if file != "" {
				var err error
				if p, err = readLesson(env, file); err != nil {
					return err
				}
			}
			if answers {
				if n != 0 {
					return fmt.Errorf("--answers prints every step's answer; leave out STEP %d", n)
				}
				return p.WriteAnswers(env.Stdout, format == "json")
			}
			if n > p.Count() {
				return fmt.Errorf("STEP is a number from 1 to %d, not %d; ndcg-explorer learn --help lists the steps", p.Count(), n)
			}
			if accessibleMode(plain) {
				return runLearnPlain(env, p, file, n)
			}
			return runLearn(env, p, file, n, ascii)
		},
	}
	cmd.Flags().BoolVar(&ascii, "ascii", false, "bars with # and tie brackets in ASCII")
	accessibleFlag(cmd.Flags(), &plain)
	cmd.Flags().BoolVar(&export, "export", false, "write the built-in path out as a lesson file, to edit")
	cmd.Flags().BoolVar(&answers, "answers", false, "print each step's number, title and answer (the instructor's key)")
	cmd.Flags().StringVarP(&format, "format", "f", "text", "--answers output: text, or json")
	completeValues(cmd, "format", "text", "json")
	return cmd
}

// learnArgs reads [FILE] [STEP]: a lesson file, a step's number, both
// (the file first), or neither. A lone argument that is a number is
// STEP.
func learnArgs(args []string) (file string, n int, err error) {
	switch len(args) {
	case 0:
		return "", 0, nil
	case 1:
		if _, aerr := strconv.Atoi(args[0]); aerr == nil {
			n, err = stepArg(args[0], learn.Count())
			return "", n, err
		}
		return args[0], 0, nil
	case 2:
		if _, aerr := strconv.Atoi(args[0]); aerr == nil {
			return "", 0, fmt.Errorf("learn takes one STEP, got 2: %s; a lesson FILE comes first: ndcg-explorer learn FILE STEP", strings.Join(args, " "))
		}
		n, err = strconv.Atoi(args[1])
		if err != nil || n < 1 {
			return "", 0, fmt.Errorf("STEP is a step's number, not %q: ndcg-explorer learn FILE STEP", args[1])
		}
		return args[0], n, nil
	}
	return "", 0, fmt.Errorf("learn takes a lesson FILE and a STEP at most, got %d: %s", len(args), strings.Join(args, " "))
}

// readLesson reads the lesson file named, or standard input for "-"
// (ndcg-explorer learn --export | … | ndcg-explorer learn --answers -).
func readLesson(env *Env, file string) (*learn.Path, error) {
	if file != "-" {
		return learn.ReadFile(file)
	}
	b, err := io.ReadAll(io.LimitReader(env.Stdin, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("cannot read the lesson from standard input: %w", err)
	}
	return learn.Parse("standard input", b)
}

// stepArg reads STEP: a step's number, 1 to count.
func stepArg(s string, count int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > count {
		return 0, fmt.Errorf("STEP is a number from 1 to %d, not %q; ndcg-explorer learn --help lists the steps", count, s)
	}
	return n, nil
}

// stepTitles lists the steps, numbered, a line each.
func stepTitles(p *learn.Path) string {
	var b strings.Builder
	for i, s := range p.Steps {
		fmt.Fprintf(&b, "  %2d  %s\n", i+1, s.Title)
	}
	return b.String()
}

// runLearn walks path from step n (0: where the learner left off). The
// progress is kept for the built-in path and for each lesson file apart
// (learn.LoadLessonProgress); a lesson read from standard input has
// none to resume.
func runLearn(env *Env, path *learn.Path, file string, n int, ascii bool) error {
	var (
		p      learn.Progress
		save   func(learn.Progress) error
		unkept error
		err    error
	)
	if file != "-" {
		if p, save, unkept, err = learnProgress(file, path); err != nil {
			return err
		}
		if n == 0 {
			n = p.Resume()
		}
	}
	n = max(n, 1)
	if err := needsTerminal(env, "the guided path", "it runs in the explorer; ndcg-explorer learn --answers prints its answers"); err != nil {
		return err
	}
	o := ui.LessonOptions{Step: n, Progress: p, ASCII: ascii, NoColor: os.Getenv("NO_COLOR") != "", Save: save}
	if file != "" {
		o.Path = path
	}
	l, err := ui.NewLesson(o)
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
	if file == "-" {
		_, err = fmt.Fprintf(env.Stdout, "Steps answered right: %d of %d (a lesson read from standard input has no progress kept).\n", len(l.Progress().Right), path.Count())
		return err
	}
	if err := sayCovered(env.Stdout, l.Progress(), unkept); err != nil {
		return err
	}
	if right, asked := l.Review(); asked > 0 {
		_, err = fmt.Fprintf(env.Stdout, "Closing review: %d of %d right at the first answer.\n", right, asked)
	}
	return err
}

// runLearnPlain walks path, the built-in one or the lesson file named,
// in plain lines (package accessible) from step n (0: where the learner
// left off).
func runLearnPlain(env *Env, path *learn.Path, file string, n int) error {
	var fp *learn.Path
	if file != "" {
		fp = path
	}
	p, save, unkept, err := learnProgress(file, fp)
	if err != nil {
		return err
	}
	if n == 0 {
		n = p.Resume()
	}
	p, err = accessible.Learn(env.Stdin, env.Stdout, path, max(n, 1), p, save)
	if err != nil {
		return err
	}
	return sayCovered(env.Stdout, p, unkept)
}

// learnProgress is the progress kept through the built-in path, or
// through the lesson file named (its steps path), and how to keep it.
// Without a
// configuration directory (no $HOME, no $XDG_CONFIG_HOME) the path still
// runs, from step 1, and unkept says why nothing is kept; a progress
// file that cannot be read stops it, as the learner decides what to do
// with the file.
func learnProgress(file string, path *learn.Path) (p learn.Progress, save func(learn.Progress) error, unkept, err error) {
	if _, perr := learn.ProgressPath(); perr != nil {
		if file != "" {
			p, _ = learn.LoadLessonProgress(file, path) // the start, of the lesson
		}
		return p, nil, perr, nil
	}
	if file != "" {
		p, err = learn.LoadLessonProgress(file, path)
	} else {
		p, err = learn.LoadProgress()
	}
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
