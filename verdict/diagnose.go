package verdict

import (
	"github.com/ndcg-explorer/ndcg-explorer/ndcg"
	"github.com/ndcg-explorer/ndcg-explorer/verify"
)

// Diagnose is the finding on the wrong NDCG answer w to list under s, in
// a few words (Finding.Summary), as check finds it and in its order:
// what the quiz tells a learner and a workshop's tally groups a room's
// answers by. It is "" for an answer that holds, and Unexplained (as a
// string) for one nothing explains.
func Diagnose(list *ndcg.List, s ndcg.Settings, w verify.Written) string {
	rep, err := verify.Check(list, s, verify.Claims{NDCG: &w})
	if err != nil || len(rep.Verdicts) == 0 {
		return string(Unexplained)
	}
	return Of(rep, 0).Summary()
}
