package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/internal/termsafe"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/report"
)

// pngHint answers --format png: PNG comes from any SVG renderer.
const pngHint = "--format png: not built in; draw the SVG and convert it, e.g. report --format svg FILE | rsvg-convert -o chart.png (Debian: librsvg2-bin)"

// newReportCmd prints the breakdown of one list.
func newReportCmd(env *Env) *cobra.Command {
	var lf listFlags
	var format string
	var chart, working, full bool
	width := -1
	cmd := &cobra.Command{
		Use:   "report [FILE]",
		Short: "Print the breakdown: --format text|markdown|csv|json|svg|html",
		Long: "Print every rank's gain, discount and contribution, DCG, IDCG and NDCG.\n" +
			"FILE is a list file, - for standard input, or sample:NAME; or use --grades.",
		Example: `ndcg-explorer report sample:idcg-slip
ndcg-explorer report --grades 3,2,3,0,1 -k 5 --chart --working
ndcg-explorer report --format json mylist.csv > breakdown.json
ndcg-explorer report --format html sample:ties-at-k > handout.html`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if helpWord(args) {
				return cmd.Help()
			}
			x := report.Extras{Chart: chart, Working: working}
			switch {
			case full:
			case width >= 0:
				x.Width = width
			case env.Columns != nil:
				x.Width = env.Columns()
			}
			return runReport(env, &lf, args, format, x)
		},
	}
	lf.register(cmd.Flags())
	completeListFlags(cmd)
	cmd.Flags().StringVarP(&format, "format", "f", "text", "output: text, markdown, csv, json, svg (the charts) or html (a handout: table, working, charts)")
	cmd.Flags().BoolVar(&chart, "chart", false, "add ASCII bar charts (text and markdown)")
	completeValues(cmd, "format", "text", "markdown", "csv", "json", "svg", "html")
	cmd.Flags().BoolVar(&working, "working", false, "add the working, term by term (text and markdown)")
	cmd.Flags().BoolVar(&full, "full", false, "text: every column of the table, however wide the terminal")
	cmd.Flags().IntVar(&width, "width", -1, "text: fit the table to `N` columns, also in a pipe (default: the terminal's width on a terminal; in a pipe, every column)")
	return cmd
}

func runReport(env *Env, lf *listFlags, args []string, format string, extras report.Extras) error {
	switch format {
	case "text", "markdown", "md", "html":
	case "csv", "json":
		if extras.Chart || extras.Working {
			return fmt.Errorf("--chart and --working go with --format text or markdown, not %s", format)
		}
	case "svg":
		if extras.Working {
			return errors.New("--working goes with --format text, markdown or html; the SVG holds the charts only")
		}
	case "png":
		return errors.New(pngHint)
	default:
		return fmt.Errorf("--format: unknown format %q: use text, markdown, csv, json, svg or html", format)
	}
	doc, err := lf.load(env, args, false)
	if err != nil {
		return err
	}
	s, err := lf.settings(doc)
	if err != nil {
		return err
	}
	r, err := ndcg.Compute(doc.List, s)
	if err != nil {
		return doc.Locate(err)
	}
	switch format {
	case "text":
		return terminalText(env.Stdout, func(w io.Writer) { report.Text(w, doc, r, extras) })
	case "markdown", "md":
		// Markdown escapes the data itself, as the explorer's copy key
		// puts it in the clipboard; buffered, it is one write.
		bw := bufio.NewWriter(env.Stdout)
		if err := report.Markdown(bw, doc, r, extras); err != nil {
			return err
		}
		return bw.Flush()
	case "csv":
		// CSV has no room for them, so the conventions go to stderr.
		fmt.Fprintf(env.Stderr, "%s: %s\n", termsafe.String(doc.Name), conventionsLine(s))
		return report.CSV(env.Stdout, r)
	case "json":
		return report.JSON(env.Stdout, doc, r)
	case "svg":
		return report.SVG(env.Stdout, doc, r)
	case "html":
		return report.HTML(env.Stdout, doc, r)
	}
	return nil
}

// conventionsLine states the conventions in force, as every output does.
func conventionsLine(s ndcg.Settings) string { return explain.Conventions(s) }
