// Package verdict puts check's results in words: the one home of the
// verdicts and explanations that check (text and JSON), the explorer's
// check view and the quiz give a claim, so that they never disagree.
// It does no I/O: each interface prints or styles what it gets.
//
// Of is the verdict on one claim, a Finding: the claim holds, or is the
// true value cut off, the sum of rounded terms, another tool's
// convention (not a slip), a known mistake (the ideal ranking built from
// the top k retrieved only, IDCG over the whole ideal ranking, k off by
// one, a discount of 1/log2(i)), one slipped term, or an NDCG that only
// inherits what is wrong with the claimed DCG or IDCG; or nothing tried
// explains it. A finding rests on the most plausible of the report's
// leads (verify.Report.Leads, where "likely" is defined), and is a Guess
// when that lead is not likely. Summary says it in a few words, as the
// quiz tells a learner and a workshop's tally groups a room's answers
// (Diagnose).
//
// Explain says the whole explanation of a wrong claim as Lines of styled
// Spans: check's full form, with every convention found and the true
// working, or the check view's brief form, addressed to the person
// typing. A guess is said to be one ("may be chance"), and left out
// beside a likely explanation. A mistake says what the learner most
// likely did before the convention it coincides with: "discount 1/log2(i)
// with rank 1 undiscounted (not 1/log2(i+1))", ranks counted from 0 or
// log2(i) written for log2(i+1), which is Järvelin and Kekäläinen's
// original discount.
//
// Impossible says, before anything else, that an NDCG above 1 or below
// 0 cannot be; Ambiguity says that two or more mistakes give the claim
// as written, and how many decimals would tell them apart. A finding
// carries the claim's verify.Diagnosis, the catalogue's ids of every
// mistake that fits; FindingOf is the finding on one NDCG answer, what
// the quiz says and a room's tally and export record.
//
// TrueText, OffText and Tolerance write the numbers of a verdict as both
// interfaces show them.
//
// The table of verdict/testdata/check-cases.json, each case worked out
// by hand, is run through this package, check and the check view alike.
package verdict
