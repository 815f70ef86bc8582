package verify

import (
	"fmt"
	"strings"

	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
)

// Unexplained labels a wrong answer no convention or slip explains.
const Unexplained = "unexplained"

// Diagnose says in a few words which mistake gives the wrong NDCG answer
// w to list under s, as `check` finds it and in its order: digits cut
// instead of rounded, a convention changed ("used gain linear (not
// exp)", after "may be chance: " when check marks the match so), terms
// rounded before they were added, a slipped term, or Unexplained.
func Diagnose(list *ndcg.List, s ndcg.Settings, w Written) string {
	return DiagnoseLast(list, s, Claims{NDCG: &w})
}

// DiagnoseLast is Diagnose for the last of the claims c as Check lists
// them (the last contribution claimed, else NDCG, IDCG, DCG): a lesson
// asks for one DCG, one IDCG or the term of one rank, the terms above it
// given, and tells a wrong answer what check finds behind it in the
// same words as the quiz.
func DiagnoseLast(list *ndcg.List, s ndcg.Settings, c Claims) string {
	rep, err := Check(list, s, c)
	if err != nil || len(rep.Verdicts) == 0 {
		return Unexplained
	}
	v := rep.Verdicts[len(rep.Verdicts)-1]
	switch {
	case v.Holds:
		return ""
	case v.Truncated:
		// The true value cut off: check says so first, before any
		// convention that lands near it.
		return "cut the digits off instead of rounding"
	case len(v.Matches) > 0:
		var parts []string
		for _, c := range v.Matches[0].Changes {
			parts = append(parts, c.String())
		}
		used := "used " + strings.Join(parts, " and ")
		if v.Matches[0].Chance {
			// As check marks it: at two decimals the settings tried
			// cover much of the range, so the match proves little.
			return "may be chance: " + used
		}
		return used
	case v.Rounded != nil:
		return fmt.Sprintf("added terms rounded to %d decimals", v.Rounded.Decimals)
	case v.Departure != nil && len(v.Departure.Slips) > 0:
		sl := v.Departure.Slips[0]
		sum := "DCG"
		if sl.Ideal {
			sum = "IDCG"
		}
		return fmt.Sprintf("%s at rank %d: %s", sum, sl.Rank, sl.What)
	}
	return Unexplained
}
