package cli

import (
	"github.com/spf13/cobra"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// completeValues makes the shell complete flag name with values.
func completeValues(cmd *cobra.Command, name string, values ...string) {
	_ = cmd.RegisterFlagCompletionFunc(name, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	})
}

// completeListFlags completes the values of the list flags (register)
// that take one of a few words.
func completeListFlags(cmd *cobra.Command) {
	completeValues(cmd, "gain", "exp", "linear")
	completeValues(cmd, "discount", "log2", "jk:2")
	completeValues(cmd, "ties", "expected", "best", "worst", "input", "docno")
	completeValues(cmd, "idcg", "list", "judged")
	completeValues(cmd, "zero", "0", "1")
	completeValues(cmd, "preset", ndcg.PresetNames()...)
	completeValues(cmd, "input-format", "json", "csv", "tsv")
	completeValues(cmd, "cutoff", "all", "1", "3", "5", "10")
}
