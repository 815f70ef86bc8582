package accessible

import (
	"fmt"
	"io"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/explain"
	"github.com/ndcg-explorer/ndcg-explorer/verdict"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// WriteClaims says check's verdict on each claim of rep as a paragraph:
// a sentence with the claim, the true value and whether it holds, then,
// for one that does not, package verdict's explanation, a line each, as
// check prints it but without its marks and indents. It is what check
// --accessible prints between its heading and its last line, and what
// the explorer's check command answers.
func WriteClaims(w io.Writer, rep *verify.Report) {
	k := rep.Settings.KString()
	work := explain.NewShown(rep.Result)
	for i, v := range rep.Verdicts {
		label := v.Claim.Label(k)
		if v.Claim.Quantity == verify.Contribution {
			label += " (" + rep.Result.Row(v.Claim.Rank-1).Item.ID + ")"
		}
		if v.Holds {
			fmt.Fprintf(w, "%s: claimed %s (%s), true %s. It holds.\n", label, v.Claim, verdict.Tolerance(v.Claim.Written),
				verdict.TrueText(v.True, v.Claim.Written))
			continue
		}
		fmt.Fprintf(w, "%s: claimed %s (%s), true %s, off by %s. It does not hold.\n", label, v.Claim,
			verdict.Tolerance(v.Claim.Written), verdict.TrueText(v.True, v.Claim.Written), verdict.OffText(v))
		for _, l := range verdict.Explain(rep, work, i, verdict.Form{Width: 1 << 16}) {
			if t := strings.TrimSpace(l.Text()); t != "" {
				fmt.Fprintln(w, t)
			}
		}
	}
}
