// Package verify checks numbers a person computed by hand (a slide, a
// blog post, an exam answer) against the true values and, when a number
// is wrong, finds the convention or the term that explains it. It does no
// I/O and knows no terminal: package verdict puts its results into the
// words that the command line and the explorer show.
//
// # A written number
//
// A claim is a Written number: its value and its digits as written, read
// by ParseWritten in decimal notation only ("0.94", "13", "1.0e-3"; not
// hexadecimal, digit underscores or Inf, which say nothing of precision).
// A decimal comma ("12,78") is a *CommaError carrying the number with a
// point, as it must be typed. Decimals is the power of ten of the last
// digit written, negated: 2 for 0.94, 0 for 13, 4 for 1.0e-3, -2 for 3e2.
//
// A claim holds when the true value rounds to it: within half a unit of
// its last digit (Tolerance), bounds included, widened by 1e-9 of the
// tolerance plus 1e-12 for binary floating point. So 0.94 holds for every
// true value in [0.935, 0.945], and 0.9400 for far fewer. A wrong claim
// that is the true value cut off after its digits rather than rounded
// (0.9575 written 0.95) is marked Truncated.
//
// # What explains a wrong claim
//
// Check computes the list under the settings in force, whose K and Gain
// are the cutoff and gain the claims were made at, and gives a Verdict
// per claim (DCG, IDCG, NDCG, and contributions: gain × discount at ranks
// 1, 2, …). For a claim that does not hold it looks for:
//
//   - Matches: conventions under which the claim holds. One setting
//     changed at a time (gain exp or linear; discount log2, ln, log10 or
//     jk:2; each tie policy, when the list has ties; the IDCG source,
//     when it has a pool; the IDCG=0 rule, when IDCG is 0; k±1; IDCG over
//     the whole ideal ranking; the ideal ranking from the top k retrieved
//     items), then pairs of changes to two settings, neither of which
//     reproduces the claim alone. A single common change comes first,
//     then a single exotic one (a discount other than log2, ties best or
//     worst), then pairs; at most 8. Each names the presets, if any,
//     whose conventions these are, and is marked Chance when the values
//     that the settings at least as plausible give (for a mistake, every
//     setting tried), each widened by the
//     match's distance from the claim (at least a tenth of the
//     tolerance), cover a third of their range or more: many settings
//     would hit a claim anywhere near it. Odds is that measure over every
//     setting tried, at the claim's tolerance.
//   - Quotient: an NDCG claim read as the claimed DCG over the claimed
//     IDCG, when both are claimed, since a wrong NDCG often only inherits
//     a slip made upstream.
//   - Rounded: a DCG or IDCG claim that is the sum of its terms each
//     rounded first, to the claim's decimals or to 1 to 4 decimals.
//   - Departure, unless a single change reproduces the claim, not by
//     chance (Verdict.Explained): the first claimed contribution that
//     does not hold, the sum of the claimed contributions when every rank
//     that counts has one, and Slips: single terms which, written
//     differently (another grade of the list, the other gain, a
//     neighbouring rank's discount, the gain not discounted or multiplied
//     by the denominator, the term left out or counted twice), give the
//     claim; at most 6. The terms are not tried when the claim is
//     further from the true sum than any one slip could move it.
//
// The code follows these steps: claim.go holds what a claim and a
// change are, report.go what a check finds, check.go Check itself,
// search.go the variants tried and their trials, read.go how a claim
// reads a result, matches.go which trials match and how likely by
// chance, depart.go where the working departs, likely.go and
// diagnosis.go what is likely and its ids.
//
// On a long list the trials of every wrong claim are grouped by the
// computation they need, so that each gain and discount tried is derived
// (ndcg.DeriveInto) once, into the memory of the one before.
//
// Change.String and Match.String say the changes in words ("gain linear
// (not exp) and k=4 (not 5)"), TriedName what the search varied.
// Change.Mistake tells a mistake (k off by one, IDCG over the whole ideal
// ranking, the ideal ranking from the top k, a discount other than
// log2, ties best or worst) from another tool's convention.
//
// A learner's own rules are tried too, after the settings, each
// reproduced exactly by reading the result another way (no
// recomputation): the discount 1/log2(i+2) or 1/log2(i) with rank 1
// left out, the ideal ranking left in the list's order (IDCG = DCG), and
// another quantity given than the one asked (IDCG/DCG, DCG or a
// percentage for NDCG, IDCG for DCG). They are one list, learnerRules
// (rules.go), each with its catalogue id, the Change it is shown as,
// when it applies, how a claim reads the result under it and the
// quantities it gives: the search adds a variant per rule that
// applies, and Change.ID, Change.Mistake and Change.String find a rule
// by its change. Every rule that applies is tried for every claim of
// its quantities; none is skipped by a bound. They are tried alone, not
// in pairs, but for the quantity given, whose values are weighed against
// their own family (a percentage against the percentages the settings
// tried give); none is a Report's Tried. An NDCG claim above 1 or below
// 0 is Impossible; a slipped term never explains it confidently.
//
// # The catalogue of mistakes
//
// Catalogue lists every mistake check names, with a stable MistakeID
// ("gain_linear", "ratio_inverted", …; a pair "a+b"), the sentence that
// says what the learner did, and how check reproduces it. Change.ID and
// Match.ID give a change's id. Report.Diagnosis names every mistake
// that reproduces one claim, most likely first, and says whether two or
// more single ones fit (Ambiguous: the digits cannot tell which), the
// first may be chance (MayBeChance, the one rule for that), and what a
// tally groups it by (Key). A new mistake of a learner's own is an entry
// of the catalogue and a rule of learnerRules (docs/CONTRIBUTING.md,
// "A check mistake"); package verdict words it from the catalogue.
//
// # What is likely
//
// Report.Leads ranks the explanations of a wrong claim by plausibility,
// the one definition of "likely" that check, the explorer and the quiz
// share: a cut-off value or rounded terms; a single change not marked
// Chance, a mistake weighed against every setting tried; any match
// corroborated by another claim of the report (DCG and IDCG computed with
// the same discount); a slipped term not marked Chance, where a slip is
// weighed against every setting and every other slip tried, at the
// claim's tolerance. Everything else is a guess. Package verdict puts
// leads and verdicts into words.
package verify
