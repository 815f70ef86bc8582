"""Worked examples of the catalogue of learner mistakes (docs/check.md).

Each example is one mistake made on a small list and the number it
gives, worked out with scikit-learn (dcg_score, ndcg_score: linear gain,
log discount, tied scores averaged) where scikit-learn can do the wrong
computation, and by hand otherwise. An exponential gain is scikit-learn's
linear gain of 2^g - 1. Run with /usr/bin/python3 (Debian's
python3-sklearn) from this directory:

    /usr/bin/python3 catalogue_examples.py > catalogue-examples.json
"""
import json
import math

import numpy as np
from sklearn.metrics import dcg_score, ndcg_score

TUTORIAL = [3, 2, 3, 0, 1]          # in rank order
SCORES = [0.9, 0.8, 0.7, 0.6, 0.5]  # no ties
TIES = [3, 1, 1, 3, 0]              # C, D and E tied at ranks 3-5
TIE_SCORES = [0.9, 0.8, 0.5, 0.5, 0.5]


def exp(gs):
    return [2 ** g - 1 for g in gs]


def dcg(gs, k, scores=SCORES, base=2):
    return float(dcg_score([gs], [scores[:len(gs)]], k=k, log_base=base))


def idcg(gs, k, base=2):
    return float(dcg_score([gs], [gs], k=k, log_base=base))


def ndcg(gs, k, scores=SCORES):
    return float(ndcg_score([gs], [scores[:len(gs)]], k=k))


def by_hand(gains, discount, k):
    return sum(g * discount(i + 1) for i, g in enumerate(gains[:k]))


g = exp(TUTORIAL)
ideal = sorted(g, reverse=True)
examples = []


def add(mid, quantity, k, gain, value, how, grades=TUTORIAL, scores=None, ties=None, decimals=2):
    examples.append({"id": mid, "grades": grades, "scores": scores, "k": k, "gain": gain, "ties": ties,
                     "quantity": quantity, "value": value, "claim": f"{value:.{decimals}f}", "how": how})


# The truth at k=3 and k=5, for the record.
truth3 = ndcg(g, 3)
add("gain_linear", "ndcg", 3, "exp", ndcg(TUTORIAL, 3), "ndcg_score with the grades as gains")
add("gain_exp", "ndcg", 3, "linear", truth3, "ndcg_score with 2^g-1 as gains, linear asked")
add("discount_ln", "dcg", 3, "exp", dcg(g, 3, base=math.e), "dcg_score(log_base=e)")
add("discount_log10", "dcg", 3, "exp", dcg(g, 3, base=10), "dcg_score(log_base=10)")
add("discount_from_rank_1", "dcg", 3, "exp", by_hand(g, lambda i: 1 / math.log2(max(i, 2)), 3), "7/1 + 3/1 + 7/log2 3")
add("discount_rank_1_dropped", "dcg", 3, "exp", by_hand(g, lambda i: 0 if i == 1 else 1 / math.log2(i), 3), "0 + 3/1 + 7/log2 3")
add("discount_shift_2", "dcg", 3, "exp", by_hand(g, lambda i: 1 / math.log2(i + 2), 3), "7/log2 3 + 3/2 + 7/log2 5")
add("k_all", "dcg", 3, "exp", dcg(g, None), "dcg_score without k")
add("k_minus_1", "ndcg", 3, "exp", ndcg(g, 2), "ndcg_score at k=2")
add("k_plus_1", "ndcg", 2, "exp", ndcg(g, 3), "ndcg_score at k=3", decimals=4)
top = exp([1, 3, 0, 2])
add("ideal_top_k", "idcg", 3, "exp", idcg(top[:3], 3), "dcg_score of the top 3 alone, sorted 3,1,0", grades=[1, 3, 0, 2])
add("ideal_whole", "ndcg", 2, "exp", dcg(g, 2) / idcg(g, None), "DCG@2 / IDCG over every rank")
add("ideal_unsorted", "idcg", 5, "exp", dcg(g, 5), "IDCG taken as DCG@5, the list's own order")
add("ratio_inverted", "ndcg", 5, "exp", idcg(g, 5) / dcg(g, 5), "IDCG@5 / DCG@5")
add("dcg_for_ndcg", "ndcg", 5, "exp", dcg(g, 5), "DCG@5 given for NDCG")
add("idcg_for_dcg", "dcg", 3, "exp", idcg(g, 3), "IDCG@3 given for DCG")
add("percent", "ndcg", 5, "exp", 100 * ndcg(g, 5), "100 x ndcg_score")
lin_ideal = sorted(TUTORIAL, reverse=True)
terms = [x / math.log2(i + 2) for i, x in enumerate(lin_ideal)]
add("rounded_terms", "idcg", 5, "linear", sum(round(t, 3) for t in terms), "each IDCG term rounded to 3 decimals, then added",
    decimals=3)
trunc = math.floor(ndcg(g, 5) * 100) / 100
add("truncated", "ndcg", 5, "exp", trunc, "ndcg_score cut after two decimals")
# Ties: C, D, E share a score; input order C(1) D(3) E(0); ids sorted
# highest first (docno) E D C. At k=4 ranks 3 and 4 count.
tg = exp(TIES)
id3 = idcg(tg, 4)


def tied(order):
    return by_hand([7, 1] + [2 ** x - 1 for x in order], lambda i: 1 / math.log2(i + 1), 4) / id3


tie = dict(grades=TIES, scores=TIE_SCORES)
add("ties_input", "ndcg", 4, "exp", tied([1, 3, 0]), "C, D, E as listed", decimals=4, **tie)
add("ties_best", "ndcg", 4, "exp", tied([3, 1, 0]), "D (grade 3) first", **tie)
add("ties_worst", "ndcg", 4, "exp", tied([0, 1, 3]), "E (grade 0) first", **tie)
add("ties_docno", "ndcg", 4, "exp", tied([0, 3, 1]), "E, D, C: ids highest first", **tie)
add("ties_expected", "ndcg", 4, "exp", ndcg(tg, 4, scores=TIE_SCORES), "ndcg_score: every order averaged", ties="input", **tie)
print(json.dumps({"about": __doc__.strip().splitlines()[0], "examples": examples}, indent=1))
