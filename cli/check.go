package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ndcg-explorer/ndcg-explorer/accessible"
	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// claimFlags are check's claims given on the command line.
type claimFlags struct {
	dcg, idcg, ndcg, contributions string
}

func (c *claimFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&c.dcg, "dcg", "", "the claimed DCG@k, digits as written: 12.78")
	fs.StringVar(&c.ndcg, "ndcg", "", "the claimed NDCG@k: 0.94")
	fs.StringVar(&c.contributions, "contributions", "", "the claimed gain × discount per rank: 7,1.89,3.5")
}

// newCheckCmd checks hand-computed claims against the true values.
func newCheckCmd(env *Env) *cobra.Command {
	var lf listFlags
	var cf claimFlags
	var format string
	var plain bool
	cmd := &cobra.Command{
		Use:   "check [FILE]",
		Short: "Verify hand-computed claims; exit 0 all hold, 1 some do not, 2 bad input",
		Long: "Check hand-computed DCG, IDCG, NDCG and per-rank contributions: the file's \"claims\",\n" +
			"or --dcg, --idcg, --ndcg, --contributions (which override them), at the k and gain\n" +
			"the claims state (claims.k, claims.gain), else the flags or the defaults.\n" +
			"A claim holds when the true value rounds to the digits written (0.94 means ±0.005).\n" +
			"For a wrong claim it names every convention or mistake that gives it, or shows the true terms.\n" +
			"Exit status: 0 every claim holds, 1 some claim does not, 2 bad input.",
		Example: `ndcg-explorer check sample:idcg-slip
ndcg-explorer check --grades 3,2,3,0,1 -k 5 --ndcg 0.94 --dcg 12.78
ndcg-explorer check --format json answer.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(env, lf, cf, format, accessibleMode(plain), args)
		},
	}
	lf.register(cmd.Flags())
	completeListFlags(cmd)
	cf.register(cmd.Flags())
	cmd.Flags().StringVarP(&format, "format", "f", "text", "output: text, or json for autograding")
	completeValues(cmd, "format", "text", "json")
	accessibleFlag(cmd.Flags(), &plain)
	// --idcg names both the IDCG source and the IDCG claim; the values
	// cannot be confused, so a number is the claim.
	cmd.Flags().Lookup("idcg").Usage = "the claimed IDCG@k: 13.65; or list or judged"
	nameValue(cmd.Flags(), "idcg", "VALUE")
	return cmd
}

func runCheck(env *Env, lf listFlags, cf claimFlags, format string, plain bool, args []string) error {
	if format != "text" && format != "json" {
		return fmt.Errorf("--format: unknown format %q: use text or json", format)
	}
	if _, err := strconv.ParseFloat(strings.TrimSpace(lf.idcg), 64); err == nil {
		cf.idcg, lf.idcg = lf.idcg, ""
	}
	doc, err := lf.load(env, args, false)
	if err != nil {
		return err
	}
	claims, err := gatherClaims(doc.Claims, cf)
	if err != nil {
		return err
	}
	if claims.Empty() {
		return fmt.Errorf("%s: nothing to check: give claims in the file (\"claims\": {\"k\": 5, \"ndcg\": 0.94}) "+
			"or with --dcg, --idcg, --ndcg or --contributions, e.g. check --grades 3,2,3,0,1 -k 5 --ndcg 0.94", doc.Name)
	}
	s, err := lf.settings(doc)
	if err != nil {
		return err
	}
	if s, err = claimSettings(s, doc.Claims, lf); err != nil {
		return fmt.Errorf("%s: claims: %w", doc.Name, err)
	}
	rep, err := verify.Check(doc.List, s, claims)
	if err != nil {
		return doc.Locate(err)
	}
	if format == "json" {
		if err := writeCheckJSON(env.Stdout, doc, rep, claimFixed(doc.Claims, lf)); err != nil {
			return err
		}
	} else if err := terminalText(env.Stdout, func(w io.Writer) { writeCheck(w, doc, rep, claimedAt(doc.Claims, lf), plain) }); err != nil {
		return err
	}
	if !rep.Holds() {
		return withStatus(ExitMismatch, nil)
	}
	return nil
}

// claimSettings applies the cutoff and gain the claims were made at, over
// the file's settings and --preset; -k and --gain override the claims.
func claimSettings(s ndcg.Settings, c *listio.Claims, lf listFlags) (ndcg.Settings, error) {
	if c == nil {
		return s, nil
	}
	if c.K != nil && lf.k == "" {
		if *c.K < 1 {
			return s, fmt.Errorf("k must be ≥ 1, not %d", *c.K)
		}
		s.K = *c.K
	}
	if c.Gain != nil && lf.gain == "" {
		g, err := ndcg.ParseGain(*c.Gain)
		if err != nil {
			return s, fmt.Errorf("gain: %w", err)
		}
		s.Gain = g
	}
	return s, nil
}

// gatherClaims takes the file's claims, each replaced by its flag when given.
func gatherClaims(file *listio.Claims, cf claimFlags) (verify.Claims, error) {
	var c verify.Claims
	if file != nil {
		num := func(n *listio.Number) *verify.Written {
			if n == nil {
				return nil
			}
			return &verify.Written{Value: n.Value, Text: n.Text}
		}
		c.DCG, c.IDCG, c.NDCG = num(file.DCG), num(file.IDCG), num(file.NDCG)
		for _, n := range file.Contributions {
			c.Contributions = append(c.Contributions, verify.Written{Value: n.Value, Text: n.Text})
		}
	}
	for _, f := range []struct {
		name, text string
		dst        **verify.Written
	}{{"--dcg", cf.dcg, &c.DCG}, {"--idcg", cf.idcg, &c.IDCG}, {"--ndcg", cf.ndcg, &c.NDCG}} {
		if f.text == "" {
			continue
		}
		w, err := verify.ParseWritten(f.text)
		if err != nil {
			return c, fmt.Errorf("%s: %w", f.name, err)
		}
		*f.dst = &w
	}
	if cf.contributions != "" {
		c.Contributions = nil
		for i, part := range strings.Split(cf.contributions, ",") {
			w, err := verify.ParseWritten(part)
			if err != nil {
				return c, fmt.Errorf("--contributions: value %d: %w", i+1, err)
			}
			c.Contributions = append(c.Contributions, w)
		}
	}
	return c, nil
}

// claimedAt says which settings the claims themselves fixed, unless a
// flag overrode them.
func claimedAt(c *listio.Claims, lf listFlags) string {
	if c == nil {
		return ""
	}
	var fixed []string
	if c.K != nil && lf.k == "" {
		fixed = append(fixed, "k")
	}
	if c.Gain != nil && lf.gain == "" {
		fixed = append(fixed, "gain")
	}
	if len(fixed) == 0 {
		return ""
	}
	return " (" + strings.Join(fixed, " and ") + " as the claims state)"
}

// writeCheck prints the verdicts: aligned, with marks, or in plain
// sentences for a screen reader (accessible.WriteClaims), between the
// same heading and last line.
func writeCheck(w io.Writer, doc *listio.Document, rep *verify.Report, at string, plain bool) {
	r, s := rep.Result, rep.Settings
	k := s.KString()
	title := doc.Heading()
	fmt.Fprintf(w, "%s (%s)\nclaims checked under: %s%s\n\n", title, count(r.N, "item"), conventionsLine(s), at)
	if plain {
		accessible.WriteClaims(w, rep)
	} else {
		writeVerdicts(w, rep, k)
	}
	fmt.Fprintln(w)
	switch n, all := rep.Failed(), len(rep.Verdicts); {
	case n > 0 && all == 1:
		fmt.Fprintln(w, "The claim does not hold.")
	case n == 1:
		fmt.Fprintf(w, "1 of %d claims does not hold.\n", all)
	case n > 0:
		fmt.Fprintf(w, "%d of %d claims do not hold.\n", n, all)
	case all == 1:
		fmt.Fprintln(w, "The claim holds.")
	default:
		fmt.Fprintf(w, "All %d claims hold.\n", all)
	}
}

// writeVerdicts prints a line per claim, marked ✓ or ✗, aligned, and
// package verdict's explanation under a wrong one.
func writeVerdicts(w io.Writer, rep *verify.Report, k string) {
	r := rep.Result
	work := explain.NewShown(r)
	labels := make([]string, len(rep.Verdicts))
	width := 0
	for i, v := range rep.Verdicts {
		labels[i] = v.Claim.Label(k)
		if v.Claim.Quantity == verify.Contribution {
			labels[i] += " (" + r.Row(v.Claim.Rank-1).Item.ID + ")"
		}
		width = max(width, len(labels[i]))
	}
	claimW := 0
	for _, v := range rep.Verdicts {
		claimW = max(claimW, len(v.Claim.String())+len(tolText(v.Claim))+1)
	}
	for i, v := range rep.Verdicts {
		mark := "✓"
		if !v.Holds {
			mark = "✗"
		}
		claimed := v.Claim.String() + " " + tolText(v.Claim)
		fmt.Fprintf(w, "%s %-*s  claimed %-*s  true %s", mark, width, labels[i], claimW, claimed, verdict.TrueText(v.True, v.Claim.Written))
		if !v.Holds {
			fmt.Fprintf(w, "  (off by %s)", verdict.OffText(v))
		}
		fmt.Fprintln(w)
		if !v.Holds {
			writeWhy(w, rep, work, i)
		}
	}
}

// count writes n things: "1 item", "5 items".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

func tolText(c verify.Claim) string {
	return "(" + verdict.Tolerance(c.Written) + ")"
}

// writeWhy explains a wrong claim, as package verdict words it: the
// conventions or mistakes that give it, the claims it follows from, or
// where the arithmetic departs.
func writeWhy(w io.Writer, rep *verify.Report, work *explain.Working, i int) {
	for _, l := range verdict.Explain(rep, work, i, verdict.Form{Width: 72}) {
		fmt.Fprintf(w, "    %s%s\n", strings.Repeat("  ", l.Indent), l.Text())
	}
}
