package cli

import (
	"strings"

	"github.com/muesli/mango"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newManCmd prints the manual page (roff) of every command, for
//
//	ndcg-explorer man > ndcg-explorer.1
//
// fang has one too, but it writes to the process's standard output
// rather than the command's, which tests cannot read.
func newManCmd(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:                   "man",
		Short:                 "Print the manual page (roff): ndcg-explorer man > ndcg-explorer.1",
		Args:                  cobra.NoArgs,
		DisableFlagsInUseLine: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := cmd.OutOrStdout().Write([]byte(manPage(cmd.Root())))
			return err
		},
	}
}

// manPage builds the page from the command tree. mango-cobra would do it
// in one call, but it lists hidden flags and writes a short flag as
// "--k --cutoff".
func manPage(root *cobra.Command) string {
	page := mango.NewManPage(1, root.Name(), root.Short).WithLongDescription(strings.ReplaceAll(root.Long, "\n", " "))
	addManFlags(&page.Root, root)
	for _, c := range root.Commands() {
		addManCommand(&page.Root, c)
	}
	page = page.WithSection("Exit status",
		"0 success; 1 check: some claim does not hold, or trec: a usage error (as trec_eval); 2 bad input or usage.")
	return page.Build(roff.NewDocument())
}

func addManCommand(parent *mango.Command, c *cobra.Command) {
	if c.Hidden || c.Name() == "help" {
		return
	}
	use := strings.TrimSpace(strings.TrimPrefix(c.Use, c.Name()))
	item := mango.NewCommand(c.Name(), c.Short, use)
	_ = parent.AddCommand(item)
	addManFlags(item, c)
	for _, sub := range c.Commands() {
		addManCommand(item, sub)
	}
}

func addManFlags(item *mango.Command, c *cobra.Command) {
	c.LocalFlags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Name == "help" {
			return
		}
		name := f.Name
		if f.Shorthand != "" {
			name += ", -" + f.Shorthand
		}
		_ = item.AddFlag(mango.Flag{Name: name, Usage: f.Usage, PFlag: true})
	})
}
