package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/listio"
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
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
	cmd := &cobra.Command{
		Use:   "check [FILE]",
		Short: "Verify hand-computed claims; exit 0 all hold, 1 some do not, 2 bad input",
		Long: "Check hand-computed DCG, IDCG, NDCG and per-rank contributions: the file's \"claims\",\n" +
			"or --dcg, --idcg, --ndcg, --contributions (which override them), at the k and gain\n" +
			"the claims state (claims.k, claims.gain), else the flags or the defaults.\n" +
			"A claim holds when the true value rounds to the digits written (0.94 means ±0.005).\n" +
			"For a wrong claim it names the conventions that would give it, or shows the true terms.\n" +
			"Exit status: 0 every claim holds, 1 some claim does not, 2 bad input.",
		Example: `ndcg-explorer check sample:idcg-slip
ndcg-explorer check --grades 3,2,3,0,1 -k 5 --ndcg 0.94 --dcg 12.78
ndcg-explorer check --format json answer.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(env, lf, cf, format, args)
		},
	}
	lf.register(cmd.Flags())
	completeListFlags(cmd)
	cf.register(cmd.Flags())
	cmd.Flags().StringVarP(&format, "format", "f", "text", "output: text, or json for autograding")
	completeValues(cmd, "format", "text", "json")
	// --idcg names both the IDCG source and the IDCG claim; the values
	// cannot be confused, so a number is the claim.
	cmd.Flags().Lookup("idcg").Usage = "the claimed IDCG@k: 13.65; or list or judged"
	nameValue(cmd.Flags(), "idcg", "VALUE")
	return cmd
}

func runCheck(env *Env, lf listFlags, cf claimFlags, format string, args []string) error {
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
	} else if err := terminalText(env.Stdout, func(w io.Writer) { writeCheck(w, doc, rep, claimedAt(doc.Claims, lf)) }); err != nil {
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

// trueText prints a true value with two more digits than the claim, and
// at least four decimals.
func trueText(v float64, claim verify.Written) string {
	d := max(4, claim.Decimals()+2)
	return strconv.FormatFloat(v, 'f', min(d, 15), 64)
}

func changesText(m verify.Match) string {
	s := m.String()
	if len(m.Presets) > 0 {
		s += " [the conventions of " + andList(m.Presets) + "]"
	}
	return s
}

// matchNote qualifies a match that is less likely than one listed first.
func matchNote(m verify.Match) string {
	switch {
	case m.Chance:
		return " (may be chance)"
	case len(m.Changes) > 1:
		return " (two changes together)"
	case m.Exotic:
		return " (a less common setting)"
	}
	return ""
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
	return " (" + andList(fixed) + " as the claims state)"
}

func writeCheck(w io.Writer, doc *listio.Document, rep *verify.Report, at string) {
	r := rep.Result
	s := rep.Settings
	k := s.KString()
	title := doc.Heading()
	fmt.Fprintf(w, "%s (%s)\nclaims checked under: %s%s\n\n", title, count(r.N, "item"), conventionsLine(s), at)
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
		fmt.Fprintf(w, "%s %-*s  claimed %-*s  true %s", mark, width, labels[i], claimW, claimed, trueText(v.True, v.Claim.Written))
		if !v.Holds {
			off := trueText(v.Claim.Value-v.True, v.Claim.Written)
			if !strings.HasPrefix(off, "-") {
				off = "+" + off
			}
			fmt.Fprintf(w, "  (off by %s)", off)
		}
		fmt.Fprintln(w)
		if !v.Holds {
			writeWhy(w, rep, work, v)
		}
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

// count writes n things: "1 item", "5 items".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// tolerance writes half a unit of the last digit in plain decimals:
// ±0.00005 rather than ±5e-05.
func tolerance(w verify.Written) string {
	return "±" + strconv.FormatFloat(w.Tolerance(), 'f', max(0, w.Decimals()+1), 64)
}

func tolText(c verify.Claim) string {
	return "(" + tolerance(c.Written) + ")"
}

// writeWhy explains a wrong claim: the conventions that give it, the
// claims it follows from, or where the arithmetic departs.
func writeWhy(w io.Writer, rep *verify.Report, work *explain.Working, v verify.Verdict) {
	const in = "    "
	r := rep.Result
	if v.Truncated {
		fmt.Fprintf(w, "%s%s is the true value cut off after the digits written, not rounded.\n", in, v.Claim)
	}
	if rs := v.Rounded; rs != nil {
		fmt.Fprintf(w, "%sThe terms rounded to %d decimals add up to %s: the claim adds rounded terms; the exact sum is %s.\n",
			in, rs.Decimals, strconv.FormatFloat(rs.Value, 'f', rs.Decimals, 64), trueText(v.True, v.Claim.Written))
	}
	if q := v.Quotient; q != nil {
		if q.Holds {
			// A wrong DCG or IDCG that one convention explains (IDCG from
			// the judged pool, say) is not a slip: the NDCG follows it.
			var slipped, other []string
			var how []string
			for _, o := range rep.Verdicts {
				if o.Holds || (o.Claim.Quantity != verify.DCG && o.Claim.Quantity != verify.IDCG) {
					continue
				}
				label := o.Claim.Label(rep.Settings.KString())
				if o.Explained() {
					other = append(other, label)
					how = append(how, o.Matches[0].Changes[0].String())
				} else {
					slipped = append(slipped, label)
				}
			}
			inherits := "the division is right"
			switch {
			case len(slipped) > 0:
				inherits = "it inherits the slip in " + andList(slipped)
			case len(other) > 0:
				inherits = "it follows the convention " + andList(other) + " was computed with, " + andList(how) + ": not a slip"
			}
			fmt.Fprintf(w, "%s%s is the claimed DCG ÷ the claimed IDCG (%s / %s = %s): %s.\n",
				in, v.Claim, q.DCG, q.IDCG, strconv.FormatFloat(q.Value, 'f', 4, 64), inherits)
		} else {
			fmt.Fprintf(w, "%sThe claimed DCG ÷ the claimed IDCG is %s / %s = %s, not %s: the division does not give the claimed NDCG either.\n",
				in, q.DCG, q.IDCG, strconv.FormatFloat(q.Value, 'f', 4, 64), v.Claim)
		}
	}
	if len(v.Matches) > 0 {
		tol := tolerance(v.Claim.Written)
		head := fmt.Sprintf("Reproduced, within %s, by:", tol)
		switch {
		case v.Matches[0].Chance:
			o := v.Odds
			head = fmt.Sprintf("Within %s only by what may be chance (the %d settings tried give %s to %s; %s around them covers %.0f%% of that range):",
				tol, o.Settings, trueText(o.Lo, v.Claim.Written), trueText(o.Hi, v.Claim.Written), tol, 100*o.Covered)
		case len(v.Matches[0].Changes) > 1:
			head = fmt.Sprintf("No single change of convention gives it; two together do, within %s:", tol)
		}
		fmt.Fprintf(w, "%s%s\n", in, head)
		for _, m := range v.Matches {
			fmt.Fprintf(w, "%s  %s: %s%s\n", in, changesText(m), trueText(m.Value, v.Claim.Written), matchNote(m))
		}
	} else {
		tried := make([]string, len(rep.Tried))
		for i, t := range rep.Tried {
			tried[i] = verify.TriedName(t)
		}
		fmt.Fprintf(w, "%sNo change of convention gives %s (tried %s, singly and in pairs).\n", in, v.Claim, strings.Join(tried, ", "))
		if u := untried(rep); u != "" {
			fmt.Fprintf(w, "%s%s\n", in, u)
		}
	}
	d := v.Departure
	if d == nil {
		return
	}
	if d.Rank > 0 && v.Claim.Quantity != verify.Contribution {
		row := r.Row(d.Rank - 1)
		fmt.Fprintf(w, "%sThe claimed terms depart at rank %d (%s): claimed %s, true %s = %s.\n",
			in, d.Rank, row.Item.ID, d.Claimed, termText(work, row), explain.Num(d.True))
	}
	if v.Claim.Quantity == verify.Contribution {
		row := r.Row(v.Claim.Rank - 1)
		fmt.Fprintf(w, "%sTrue term: %s = %s (grade %s, gain %s).\n", in, termText(work, row), explain.Num(row.Contribution),
			ndcg.FormatNumber(row.Grade), ndcg.FormatNumber(row.Gain))
	}
	if d.Summed {
		verb := "is not"
		if v.Claim.Quantity == verify.DCG && v.Claim.Holds(d.ClaimedSum) {
			verb = "is"
		}
		if v.Claim.Quantity == verify.DCG {
			fmt.Fprintf(w, "%sThe claimed terms to rank %d add up to %s, which %s the claimed DCG.\n",
				in, r.K, strconv.FormatFloat(d.ClaimedSum, 'f', 4, 64), verb)
		}
	}
	for _, sl := range d.Slips {
		sum := "DCG"
		if sl.Ideal {
			sum = "IDCG"
		}
		fmt.Fprintf(w, "%sIt holds with one term of %s changed: rank %d with %s, a term of %s instead of %s.\n",
			in, sum, sl.Rank, sl.What, explain.Num(sl.Instead), explain.Num(sl.Term))
	}
	if v.Claim.Quantity == verify.Contribution {
		return
	}
	fmt.Fprintf(w, "%sThe true working:\n", in)
	for _, q := range d.Sums {
		sum := work.DCG
		switch q {
		case verify.DCG:
			fmt.Fprintf(w, "%s  ranking: %s\n", in, work.SpellRanking())
		case verify.IDCG:
			fmt.Fprintf(w, "%s  ideal order: %s\n", in, work.SpellIdeal())
			sum = work.IDCG
		}
		fmt.Fprintf(w, "%s  %s\n", in, indentLines(sum.Wrapped(72), in+"  "))
		// The terms as written may add up to another total than the
		// true one; said, unless the claim is that sum (Rounded says it).
		if n := sum.RoundingNote(); n != "" && v.Rounded == nil {
			fmt.Fprintf(w, "%s  %s\n", in, n)
		}
	}
	if v.Claim.Quantity == verify.NDCG {
		if work.ZeroIDCG {
			fmt.Fprintf(w, "%s  IDCG@%s is 0, so NDCG@%s is %s by the IDCG=0 rule\n", in, work.K, work.K, ndcg.FormatNumber(rep.Settings.Zero))
		} else {
			fmt.Fprintf(w, "%s  NDCG@%s = %s / %s = %s\n", in, work.K, explain.Num(work.DCG.Total), explain.Num(work.IDCG.Total),
				strconv.FormatFloat(v.True, 'f', 4, 64))
		}
	}
}

// untried says which conventions cannot matter for this list.
func untried(rep *verify.Report) string {
	r := rep.Result
	var has, moot []string
	if len(r.Ties) == 0 {
		has, moot = append(has, "no ties"), append(moot, "the tie order")
	}
	if len(r.List.Pool) == 0 {
		has, moot = append(has, "no pool"), append(moot, "the IDCG source")
	}
	if r.IDCG() != 0 {
		has, moot = append(has, "a non-zero IDCG"), append(moot, "the IDCG=0 rule")
	}
	if len(has) == 0 {
		return ""
	}
	return "With " + andList(has) + " here, " + andList(moot) + " cannot matter."
}

// andList joins words as a sentence does: "a", "a and b", "a, b and c".
func andList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// termText writes a rank's true term as the working does.
func termText(work *explain.Working, row ndcg.Rank) string {
	return work.DCG.TermText(explain.Term{Rank: row.Rank, Gain: row.TermGain, Averaged: row.Averaged, Discount: row.Discount})
}

func indentLines(s, in string) string {
	return strings.ReplaceAll(s, "\n", "\n"+in)
}
