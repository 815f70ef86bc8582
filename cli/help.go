package cli

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"

	"charm.land/fang/v2"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// showHelp is every command's help: fang's, with each flag followed by
// the name of its value (--listen ADDR, -k --cutoff K), as man pages and
// GNU tools write them; fang's own shows the flag's name alone.
func showHelp(c *cobra.Command, args []string) {
	withValueNames(c, func() { fangHelp()(c, args) })
}

// fangHelp is fang's help renderer. fang sets it on the root of the
// tree it executes and exports it no other way, so it is taken from a
// command that does nothing, executed once, when help is first shown.
// The command's streams are the process's, which prints nothing on
// them: on Windows, fang turns on their escape sequences, as it does
// for the streams of every tree it executes.
var fangHelp = sync.OnceValue(func() func(*cobra.Command, []string) {
	var help func(*cobra.Command, []string)
	probe := &cobra.Command{Use: rootUse, Run: func(c *cobra.Command, _ []string) { help = c.HelpFunc() }}
	probe.SetArgs([]string{})
	probe.SetOut(os.Stdout)
	probe.SetErr(os.Stderr)
	_ = fang.Execute(context.Background(), probe, fang.WithoutVersion(), fang.WithoutManpage(), fang.WithoutCompletions())
	return help
})

// withValueNames runs show with the name of each flag of c that takes a
// value followed by that value's name (valueName), then puts the names
// back: fang's help prints a flag as -SHORT --NAME. Parsing is over by
// the time help is shown; nothing looks a flag up by its Name field in
// between (the flag set's maps keep the real names).
func withValueNames(c *cobra.Command, show func()) {
	type renamed struct {
		f    *pflag.Flag
		name string
	}
	var names []renamed
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if v := valueName(f); v != "" {
			names = append(names, renamed{f, f.Name})
			f.Name += " " + v
		}
	})
	defer func() {
		for _, r := range names {
			r.f.Name = r.name
		}
	}()
	show()
}

// valueAnnotation is the flag annotation that names a flag's value where
// the name valueNames gives for the flag's name does not fit it.
const valueAnnotation = "ndcg-explorer/value"

// valueNames name the values of the flags, by flag name, across the
// commands: one name for one kind of value wherever it is taken.
var valueNames = map[string]string{
	// The list flags (listFlags.register).
	"gain": "GAIN", "discount": "DISCOUNT", "cutoff": "K", "ties": "ORDER", "idcg": "SOURCE",
	"zero": "0|1", "preset": "NAME", "grades": "GRADES", "scores": "SCORES",
	"qrels": "QRELS", "run": "RUN", "query": "QID", "qrels-format": "FORMAT", "run-format": "FORMAT",
	"ltr": "DATA", "predictions": "FILE", "input-format": "FORMAT", "max-size": "SIZE",
	// The explorer, report, check.
	"seed": "N", "format": "FORMAT", "width": "COLUMNS", "dcg": "VALUE", "ndcg": "VALUE", "contributions": "VALUES",
	// ltr.
	"label-gain": "GAINS", "compare": "PRESETS",
	// serve.
	"listen": "ADDR", "web": "ADDR", "workshop": "NAME", "lesson": "FILE", "state-dir": "DIR", "tls-cert": "FILE", "tls-key": "FILE", "host-key": "FILE", "max-sessions": "N", "idle-timeout": "DURATION",
	"passphrase-file": "FILE", "max-items": "N", "fail-budget": "N", "web-host": "NAME",
	// trec, named as trec_eval's usage names them.
	"measure": "MEASURE", "Max_retrieved_per_topic": "N", "level_for_rel": "REL",
	"Debug_level": "N", "Number_docs_in_coll": "N", "Rel_info_format": "FORMAT",
	"Results_format": "FORMAT", "Zscore": "FILE",
}

// valueName is the name help and the manual page give the value of f:
// its annotation, else valueNames' entry for its name; "" for a flag that
// takes no value (a boolean, help).
func valueName(f *pflag.Flag) string {
	if f.NoOptDefVal != "" {
		return ""
	}
	if v := f.Annotations[valueAnnotation]; len(v) > 0 {
		return v[0]
	}
	if v, ok := valueNames[f.Name]; ok {
		return v
	}
	return strings.ToUpper(f.Value.Type())
}

// nameValue names the value of the flag name of fs as value, where the
// name valueNames gives does not fit this command's use of the flag.
func nameValue(fs *pflag.FlagSet, name, value string) {
	_ = fs.SetAnnotation(name, valueAnnotation, []string{value})
}

// newHelpCmd is "help [command]". cobra's own shows the explorer's help
// for a name it does not know (the explorer takes a FILE, so any word
// "finds" it); this one says the command does not exist, and which was
// meant.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		RunE: func(cmd *cobra.Command, args []string) error {
			root := cmd.Root()
			if len(args) == 0 {
				return root.Help()
			}
			target, rest, err := root.Find(args)
			if err != nil || target == nil || (target == root && len(rest) > 0) {
				msg := fmt.Sprintf("no command called %q", args[0])
				if s := root.SuggestionsFor(args[0]); len(s) > 0 {
					msg += "; did you mean " + strings.Join(s, " or ") + "?"
				}
				return &usageError{command: root.CommandPath(), err: fmt.Errorf("help: %s", msg),
					hint: "Run ndcg-explorer help for the commands."}
			}
			return target.Help()
		},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var names []string
			for _, c := range cmd.Root().Commands() {
				if c.IsAvailableCommand() {
					names = append(names, c.Name()+"\t"+c.Short)
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
	}
}

// takeHelpWord makes c, and every command below it, take help as its one
// argument (ndcg-explorer trec help, man help), as users of git and go
// type it: the command's help, exit 0, whatever arguments the command
// itself takes. A file called help in the working directory still wins
// (see helpWord).
func takeHelpWord(c *cobra.Command) {
	for _, sub := range c.Commands() {
		takeHelpWord(sub)
	}
	if c.RunE == nil && c.Run == nil {
		return
	}
	args, runE, run := c.Args, c.RunE, c.Run
	c.Args = func(cmd *cobra.Command, a []string) error {
		if helpWord(a) || args == nil {
			return nil
		}
		return args(cmd, a)
	}
	c.Run = nil
	c.RunE = func(cmd *cobra.Command, a []string) error {
		if helpWord(a) {
			return cmd.Help()
		}
		if run != nil {
			run(cmd, a)
			return nil
		}
		return runE(cmd, a)
	}
}
