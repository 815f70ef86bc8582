package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ndcg-explorer/ndcg-explorer/samples"
)

// newSamplesCmd lists the built-in samples, or prints one sample's file
// so that it can be saved and edited.
func newSamplesCmd(env *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "samples [NAME]",
		Short: "List the built-in samples, or print one's file",
		Long: "List the built-in samples in lesson order, one per line with its description.\n" +
			"With NAME, print that sample's list file (JSON), to save and edit.\n" +
			"Open a sample with ndcg-explorer sample:NAME or ndcg-explorer report sample:NAME.",
		Example: `ndcg-explorer samples
ndcg-explorer samples ties-at-k > mine.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return fmt.Errorf("samples takes at most one NAME, got %d: %s", len(args), strings.Join(args, " "))
			}
			return nil
		},
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			var names []string
			for _, s := range samples.List() {
				names = append(names, s.Name+"\t"+s.Title)
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSamples(env, args)
		},
	}
}

func runSamples(env *Env, args []string) error {
	if len(args) == 0 {
		list := samples.List()
		width := 0
		for _, s := range list {
			width = max(width, len(s.Name))
		}
		// One write for the whole list, not one a line.
		var b strings.Builder
		for _, s := range list {
			fmt.Fprintf(&b, "%-*s  %s", width, s.Name, s.Title)
			if s.Name == samples.Default {
				b.WriteString(" (default)")
			}
			b.WriteByte('\n')
		}
		_, err := io.WriteString(env.Stdout, b.String())
		fmt.Fprintf(env.Stderr, "Open one with ndcg-explorer sample:NAME; ndcg-explorer samples NAME prints its file.\n")
		return err
	}
	data, err := samples.Read(strings.TrimPrefix(args[0], "sample:"))
	if err != nil {
		return err
	}
	_, err = env.Stdout.Write(data)
	return err
}
