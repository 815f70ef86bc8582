// Package ndcg is the engine: it ranks a list of graded items and works
// out DCG, IDCG and NDCG at a cutoff, term by term, under conventions
// that are all explicit. It imports nothing of this module and knows no
// interface, so its errors say what is wrong and what would fix it
// without naming a flag or a key: the command line and the explorer
// each add the words of their own.
//
// Conventions of the API:
//
//   - Ranks are 0-based: index r of Result.Order, Gains, Discounts and
//     the other per-rank slices is rank r+1 on screen. Row(r).Rank is the
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
// Compute returns a new Result; Recompute reuses an earlier result's
// memory (the caller gives it up), which is how the explorer recomputes
// on every keystroke without allocating. When the scores and ids have
// not changed (a grade edit, other settings), Derive, DeriveInto and
// Regrade keep an earlier result's ranking: no sort, no check of the ids
// and scores, and to the bit what Compute gives. RegradeAt goes further
// when only a few items' grades changed (the explorer's grade edit): it
// updates the result in place from the edited ranks on, in a pass over
// the running sums instead of a recomputation, again to the bit. A
// Result does not copy the list: the list must not change while the
// result is in use, except through Regrade and RegradeAt.
package ndcg
