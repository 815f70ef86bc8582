package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

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
