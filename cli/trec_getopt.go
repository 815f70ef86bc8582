package cli

import (
	"strings"

	"github.com/spf13/pflag"
)

// trecEvalLongOptions are trec_eval 10.0's long options (trec_eval.c's
// long_options), the ones a prefix may abbreviate there.
var trecEvalLongOptions = map[string]bool{
	"help": true, "version": true, "query_eval_wanted": true, "measure": true,
	"complete_rel_info_wanted": true, "level_for_rel": true, "nosummary": true,
	"Debug_level": true, "Judged_docs_only": true, "Number_docs_in_coll": true,
	"Max_retrieved_per_topic": true, "Rel_info_format": true, "Results_format": true,
	"Zscore": true, "Output_old_results_format": true,
}

// expandLongPrefixes writes each long option given by a prefix in full,
// as getopt_long reads trec_eval's: --meas ndcg is --measure ndcg. A
// prefix of several options (unless exactly one is trec_eval's), or of
// none, is left for pflag to refuse.
// Arguments after "--", and an option's separate value, stay as they are.
func expandLongPrefixes(fs *pflag.FlagSet, args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if !strings.HasPrefix(a, "--") {
			out = append(out, a)
			// A short option that takes a value and has none attached
			// takes the next argument, whatever it looks like.
			if len(a) == 2 && a[0] == '-' {
				if f := fs.ShorthandLookup(a[1:]); f != nil && f.NoOptDefVal == "" && i+1 < len(args) {
					i++
					out = append(out, args[i])
				}
			}
			continue
		}
		name, value, hasValue := strings.Cut(a[2:], "=")
		f := fs.Lookup(name)
		if f == nil {
			var match []*pflag.Flag
			fs.VisitAll(func(c *pflag.Flag) {
				if strings.HasPrefix(c.Name, name) {
					match = append(match, c)
				}
			})
			if len(match) > 1 {
				// trec_eval's own options come first: --q is its
				// --query_eval_wanted, though --qrels-format starts so too,
				// since a script's trec_eval line must run unchanged.
				var own []*pflag.Flag
				for _, c := range match {
					if trecEvalLongOptions[c.Name] {
						own = append(own, c)
					}
				}
				if len(own) == 1 {
					match = own
				}
			}
			if len(match) != 1 || name == "" {
				out = append(out, a)
				continue
			}
			f = match[0]
			a = "--" + f.Name
			if hasValue {
				a += "=" + value
			}
		}
		out = append(out, a)
		if !hasValue && f.NoOptDefVal == "" && i+1 < len(args) {
			i++
			out = append(out, args[i])
		}
	}
	return out
}
