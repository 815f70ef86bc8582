// Package ndcg is the engine: it ranks a list of graded items and works
// out DCG, IDCG and NDCG at a cutoff, term by term, under conventions
// that are all explicit. It imports nothing of this module and knows no
// interface, so its errors say what is wrong and what would fix it
// without naming a flag or a key: the command line and the explorer
// each add the words of their own.
//
// Conventions of the API:
//
//   - Ranks are 0-based: index r of Result.Order, Discounts and
//     IdealOrder, and the argument r of Grade, Gain, ExpectedGain, TieAt,
//     IdealGrade and IdealGain, is rank r+1 on screen. Row(r).Rank is the
//     1-based rank, for display. Item indices are positions in List.Items.
//   - K = 0 means the whole list; a K above the list's length counts
//     every item.
//   - Settings say everything a number depends on: the gain (exponential
//     2^grade − 1, linear, or a map per grade), the discount, the cutoff,
//     the tie policy (how items with equal scores are ordered), where the
//     ideal ranking comes from (the list, or every judged item including
//     the pool) and NDCG's value when IDCG is 0. Presets name the
//     settings of common libraries.
//   - A gain is defined for a grade when Gain.Check accepts it; Gain.Of
//     is then its value. Compute's lookup table is built from those two.
//
// A Result keeps per rank only what cannot be worked out cheaply (about
// 33 bytes a rank at a million items, against 120 when every per-rank
// number was an array): the ranking and the ideal ranking as int32 item
// indices, the running DCG sums of the settings' tie policy and of IDCG,
// and each rank's grade as a byte when every grade is an integer below
// 64 (its gain otherwise). A rank's grade, gain, expected gain and
// contribution are methods computed from the grade, the rank and its tie
// group (each group keeps its mean gain), bit for bit what a stored
// array held. The sums of the other tie policies are added up when
// asked for: a single cutoff's (the tie band at k) is kept beside the
// result, and a policy asked for at many cutoffs gets its whole array.
//
// Compute returns a new Result; Recompute reuses an earlier result's
// memory (the caller gives it up), which is how the explorer recomputes
// on every keystroke without allocating. When the scores and ids have
// not changed (a grade edit, other settings), Derive, DeriveInto and
// Regrade keep an earlier result's ranking: no sort, no check of the ids
// and scores, and to the bit what Compute gives. RegradeAt goes further
// when only a few items' grades changed (the explorer's grade edit): it
// updates the result in place from the edited ranks on, in a pass over
// the running sums instead of a recomputation, again to the bit.
// DeleteAt and InsertAt do the same for an item deleted from or
// inserted into the list: one rank less or more, found by binary search
// under the sort's rule, the tie groups around it laid out again and the
// sums added up from there, with no sort; SwapScoresAt for two items
// that exchanged scores (a move): the tie groups keep their ranks and
// the two items change groups. A Result does not copy the list: the
// list must not change while the result is in use, except through
// Regrade, RegradeAt, DeleteAt, InsertAt and SwapScoresAt.
package ndcg
