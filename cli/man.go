package cli

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

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
			page, err := datePage(manPage(cmd.Root()), os.Getenv("SOURCE_DATE_EPOCH"))
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write([]byte(page))
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

// thDate is the date on the page's .TH line, which mango takes from the
// clock.
// Compiled on first use: start-up, which every command pays, does not.
var thDate = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(\.TH [^\n"]*)"\d{4}-\d{2}-\d{2}"`)
})

// datePage dates the page by SOURCE_DATE_EPOCH (seconds since 1970)
// when it is set, as reproducible builds set it, so that a package built
// twice holds the same manual page; otherwise the page keeps today's date.
func datePage(page, epoch string) (string, error) {
	if epoch == "" {
		return page, nil
	}
	sec, err := strconv.ParseInt(epoch, 10, 64)
	if err != nil {
		return "", fmt.Errorf("SOURCE_DATE_EPOCH=%q is not a number of seconds since 1970; unset it or give one", epoch)
	}
	date := time.Unix(sec, 0).UTC().Format("2006-01-02")
	return thDate().ReplaceAllString(page, `${1}"`+date+`"`), nil
}
