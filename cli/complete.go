package cli

import (
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/samples"
	"github.com/ndcg-explorer/ndcg-explorer/trec"
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
	_ = cmd.RegisterFlagCompletionFunc("query", completeQuery)
	if cmd.ValidArgsFunction == nil {
		cmd.ValidArgsFunction = completeListFile
	}
}

// completeListFile completes a command's FILE: sample:NAME once the word
// starts with sample: (every built-in sample, with its description),
// else the shell's own file names. The shell lists the commands as well
// as files where the word could be either (ndcg-explorer tr<TAB>).
func completeListFile(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		// One list at a time.
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	if !strings.HasPrefix(toComplete, listio.SamplePrefix) {
		return nil, cobra.ShellCompDirectiveDefault
	}
	var names []string
	for _, s := range samples.List() {
		names = append(names, listio.SamplePrefix+s.Name+"\t"+s.Title)
	}
	return names, cobra.ShellCompDirectiveNoFileComp
}

// completeQuery completes --query with the query ids of the files
// already on the command line: --qrels, --ltr (with --predictions), or
// a table FILE. Nothing is offered before them, or when they cannot be
// read (the command will say why when it runs).
func completeQuery(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	none := cobra.ShellCompDirectiveNoFileComp
	fs := cmd.Flags()
	value := func(name string) string {
		if f := fs.Lookup(name); f != nil {
			return f.Value.String()
		}
		return ""
	}
	// Only regular files are read to complete a word: a FIFO or a
	// device named on the line would hold up the shell, and reading
	// standard input is not what a Tab asks for.
	regular := func(paths ...string) bool {
		for _, p := range paths {
			if p != "" && !trec.Rereadable(p) {
				return false
			}
		}
		return true
	}
	switch {
	case value("qrels") != "" && !regular(value("qrels")), value("ltr") != "" && !regular(value("ltr"), value("predictions")):
		return nil, none
	case value("qrels") != "":
		q, err := trec.ReadQrelsAs(value("qrels"), trec.Format(value("qrels-format")))
		if err != nil {
			return nil, none
		}
		qids := make([]string, len(q.Queries))
		for i, j := range q.Queries {
			qids[i] = j.QID
		}
		return qids, none
	case value("ltr") != "" && value("ltr") != "-":
		ds, err := listio.LoadLTR(value("ltr"), value("predictions"), strings.NewReader(""))
		if err != nil {
			return nil, none
		}
		qids := make([]string, len(ds.Queries))
		for i, q := range ds.Queries {
			qids[i] = q.QID
		}
		return qids, none
	case len(args) == 1 && regular(args[0]):
		data, err := os.ReadFile(args[0])
		if err != nil || !listio.IsMultiQuery(data) {
			return nil, none
		}
		t, err := trec.ParseTable(args[0], data, trec.DetectFormat(data))
		if err != nil {
			return nil, none
		}
		return t.QIDs(), none
	}
	return nil, none
}

// formatWords are the names of trec's input formats, as a format flag
// takes them.
func formatWords(fs []trec.Format) []string {
	words := make([]string, len(fs))
	for i, f := range fs {
		words[i] = string(f)
	}
	return words
}

// completeOwnFlags completes a command that reads its own command line
// (trec, for trec_eval's getopt rules): the shell asks cobra, which then
// completes neither its flags nor their values, so the word before the
// cursor is read here as the command reads it, prefixes included, and
// a flag's values come from values by its long name. Anything else is a
// file.
func completeOwnFlags(values map[string][]string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		fs := cmd.Flags()
		if n := len(args); n > 0 {
			if f := flagTakingValue(fs, args[n-1]); f != nil {
				return values[f.Name], cobra.ShellCompDirectiveNoFileComp
			}
		}
		if strings.HasPrefix(toComplete, "-") {
			var names []string
			fs.VisitAll(func(f *pflag.Flag) {
				if !f.Hidden && strings.HasPrefix("--"+f.Name, toComplete) {
					names = append(names, "--"+f.Name+"\t"+f.Usage)
				}
			})
			return names, cobra.ShellCompDirectiveNoFileComp
		}
		return nil, cobra.ShellCompDirectiveDefault
	}
}

// flagTakingValue is the flag arg names when that flag takes its value
// from the next argument (-m, --measure, --meas), else nil.
func flagTakingValue(fs *pflag.FlagSet, arg string) *pflag.Flag {
	var f *pflag.Flag
	switch a := expandLongPrefixes(fs, []string{arg})[0]; {
	case strings.HasPrefix(a, "--") && !strings.Contains(a, "="):
		f = fs.Lookup(a[2:])
	case len(a) == 2 && a[0] == '-':
		f = fs.ShorthandLookup(a[1:])
	}
	if f == nil || f.NoOptDefVal != "" {
		return nil
	}
	return f
}
