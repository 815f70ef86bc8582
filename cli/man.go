package cli

import (
	mango "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
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
			page, err := mango.NewManPage(1, cmd.Root())
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write([]byte(page.Build(roff.NewDocument())))
			return err
		},
	}
}
