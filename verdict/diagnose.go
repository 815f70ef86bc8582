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
	return DiagnoseLast(list, s, verify.Claims{NDCG: &w})
}

// FindingOf is the finding on the answer w to list under s, as check
// finds it: what Diagnose says in words, with the mistakes' ids
// (Finding.Diagnosis) that a tally groups answers by
// (verify.Diagnosis.Key) and an export writes beside each answer. A
// claim that cannot be checked is Unexplained.
func FindingOf(list *ndcg.List, s ndcg.Settings, w verify.Written) Finding {
	rep, err := verify.Check(list, s, verify.Claims{NDCG: &w})
	if err != nil || len(rep.Verdicts) == 0 {
		return Finding{Cause: Unexplained}
	}
	return Of(rep, 0)
}

// DiagnoseLast is Diagnose for the last of the claims c as Check lists
// them (the last contribution claimed, else NDCG, IDCG, DCG): a lesson
// asks for one DCG, one IDCG or the term of one rank, the terms above it
// given, and tells a wrong answer what check finds behind it in the
// same words as the quiz.
func DiagnoseLast(list *ndcg.List, s ndcg.Settings, c verify.Claims) string {
	rep, err := verify.Check(list, s, c)
	if err != nil || len(rep.Verdicts) == 0 {
		return string(Unexplained)
	}
	return Of(rep, len(rep.Verdicts)-1).Summary()
}
