package cli

import (
	"fmt"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/samples"
)

// runSamples lists the built-in samples, or prints one sample's file so
// that it can be saved and edited.
func runSamples(env *Env, args []string) int {
	fs := newFlagSet(env, "samples", "samples [NAME]",
		"List the built-in samples in lesson order, one per line with its description.\n"+
			"With NAME, print that sample's list file (JSON), to save and edit:\n"+
			"  ndcg-explorer samples ties-at-k > mine.json\n"+
			"Open a sample with ndcg-explorer sample:NAME or ndcg-explorer report sample:NAME.")
	if code, ok := parse(env, fs, args); !ok {
		return code
	}
	switch fs.NArg() {
	case 0:
		list := samples.List()
		width := 0
		for _, s := range list {
			width = max(width, len(s.Name))
		}
		for _, s := range list {
			line := fmt.Sprintf("%-*s  %s", width, s.Name, s.Title)
			if s.Name == samples.Default {
				line += " (default)"
			}
			fmt.Fprintln(env.Stdout, line)
		}
		fmt.Fprintf(env.Stderr, "Open one with ndcg-explorer sample:NAME; ndcg-explorer samples NAME prints its file.\n")
		return ExitOK
	case 1:
		name := strings.TrimPrefix(fs.Arg(0), "sample:")
		data, err := samples.Read(name)
		if err != nil {
			return fail(env, err)
		}
		env.Stdout.Write(data)
		return ExitOK
	}
	return fail(env, fmt.Errorf("samples takes at most one NAME, got %d: %s", fs.NArg(), strings.Join(fs.Args(), " ")))
}
