package cli

import (
	"strings"

	"github.com/spf13/pflag"
)

// expandLongPrefixes writes each long option given by a prefix in full,
// as getopt_long reads trec_eval's: --meas ndcg is --measure ndcg. A
// prefix of several options, or of none, is left for pflag to refuse.
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
