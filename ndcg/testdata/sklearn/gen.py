#!/usr/bin/python3
"""Writes cases.json: reference DCG, IDCG and NDCG values from scikit-learn.

Run from this directory with Debian's python3-sklearn:

    /usr/bin/python3 gen.py

Every case is one query: grades in input order, scores (or null: the list
order is the ranking), the gain ("linear": y_true = grade; "exp":
y_true = 2^grade - 1, the engine applies the gain itself) and k (null: the
whole list). Values are scikit-learn's with its default ignore_ties=False,
which averages over every order of each tie group:

  ndcg   ndcg_score(y_true, y_score, k=k)
  dcg    dcg_score(y_true, y_score, k=k)
  idcg   dcg_score(y_true, y_true, k=k, ignore_ties=True)

ndcg_score and dcg_score refuse a single document (its y_true is not a
multi-output target); for those cases the values come from the function
both call, sklearn.metrics._ranking._dcg_sample_scores, and NDCG is
dcg / idcg with NDCG = 0 when IDCG = 0, as ndcg_score does ("via" says so).

Some cases also carry dcg_score with log_base=10 and log_base=e, and their
IDCG, to show that the base of the logarithm cancels out of NDCG but not
out of DCG. The seeds' worked examples carry the values at every k.

Floats are written by json with repr, so they read back exactly.
"""

import json
import math
import os

import numpy as np
import sklearn
from sklearn.metrics import dcg_score, ndcg_score
from sklearn.metrics._ranking import _dcg_sample_scores

SEED = 20261121
rng = np.random.default_rng(SEED)


def y_true_of(grades, gain):
    g = np.asarray(grades, dtype=float)
    if gain == "exp":
        return np.power(2.0, g) - 1.0
    return g


def sk_dcg(y_true, y_score, k, log_base=2, ignore_ties=False):
    """dcg_score on one query; _dcg_sample_scores when dcg_score refuses it."""
    yt, ys = y_true[None, :], y_score[None, :]
    if len(y_true) > 1:
        return float(dcg_score(yt, ys, k=k, log_base=log_base, ignore_ties=ignore_ties)), "dcg_score"
    return float(_dcg_sample_scores(yt, ys, k=k, log_base=log_base, ignore_ties=ignore_ties)[0]), "_dcg_sample_scores"


def reference(grades, scores, gain, k):
    y_true = y_true_of(grades, gain)
    n = len(grades)
    # Without scores the list order is the ranking: strictly decreasing scores.
    y_score = np.asarray(scores, dtype=float) if scores is not None else np.arange(n, 0, -1, dtype=float)
    dcg, via = sk_dcg(y_true, y_score, k)
    idcg, _ = sk_dcg(y_true, y_true, k, ignore_ties=True)
    if n > 1:
        ndcg = float(ndcg_score(y_true[None, :], y_score[None, :], k=k))
        via_ndcg = "ndcg_score"
    else:
        ndcg = dcg / idcg if idcg != 0 else 0.0
        via_ndcg = "_dcg_sample_scores"
    return {"dcg": dcg, "idcg": idcg, "ndcg": ndcg, "via": via if via_ndcg == "ndcg_score" else via_ndcg}, y_true, y_score


cases = []


def add(name, grades, scores, gain, k, log_bases=False, per_k=False, orders=False):
    grades = [float(g) for g in grades]
    if scores is not None:
        scores = [float(s) for s in scores]
    ref, y_true, y_score = reference(grades, scores, gain, k)
    case = {"name": name, "grades": grades, "scores": scores, "gain": gain, "k": k}
    case.update(ref)
    if log_bases:
        for label, base in (("log10", 10), ("loge", math.e)):
            case["dcg_" + label], _ = sk_dcg(y_true, y_score, k, log_base=base)
            case["idcg_" + label], _ = sk_dcg(y_true, y_true, k, log_base=base, ignore_ties=True)
    if per_k:
        rows = []
        for kk in range(1, len(grades) + 1):
            r, _, _ = reference(grades, scores, gain, kk)
            rows.append({"k": kk, "dcg": r["dcg"], "idcg": r["idcg"], "ndcg": r["ndcg"]})
        case["per_k"] = rows
    if orders:
        # One concrete order per tie-breaking rule, each given to dcg_score as
        # strictly decreasing scores: ties by grade descending (best), by
        # grade ascending (worst) and in input order (input, a stable sort).
        g, s = np.asarray(grades), np.asarray(scores)
        idx = np.arange(len(g))
        for label, order in (
            ("best", np.lexsort((idx, -g, -s))),
            ("worst", np.lexsort((idx, g, -s))),
            ("input", np.lexsort((idx, -s))),
        ):
            forced = np.empty(len(g))
            forced[order] = np.arange(len(g), 0, -1)
            case["dcg_" + label], _ = sk_dcg(y_true, forced, k)
    cases.append(case)


GAINS = ("linear", "exp")


def pick_k(n):
    """A cutoff covering the interesting cases: none, 1, inside, n, beyond n."""
    return [None, 1, int(rng.integers(1, n + 1)), n, n + int(rng.integers(1, 6))][int(rng.integers(0, 5))]


# The seeds' worked examples (their correct values; some seeds print wrong ones).
seed_ranked = [3, 2, 3, 0, 1]
add("seed000 ranked list, exp", seed_ranked, None, "exp", 5, log_bases=True, per_k=True)
add("seed002 ranked list, linear", seed_ranked, None, "linear", 5, log_bases=True, per_k=True)
# seed 000's snippet passes the grades themselves as y_true: linear gain.
# Its scores only restate the list order.
add("seed000 sklearn snippet", seed_ranked, [0.9, 0.8, 0.3, 0.2, 0.1], "linear", 5, per_k=True)
add("seed000 scores, exp", seed_ranked, [0.9, 0.8, 0.3, 0.2, 0.1], "exp", 5)
add("seed004 movies, linear", [4, 2, 5, 3, 5], None, "linear", 3, log_bases=True, per_k=True)
add("seed004 sklearn snippet", [5, 5, 4, 3, 2], [3, 1, 5, 2, 4], "linear", 3, per_k=True)
eight_grades = [3, 2, 3, 0, 1, 2, 0, 1]
eight_scores = [0.60, 0.20, 0.80, 0.40, 0.10, 0.30, 0.05, 0.70]
for gain in GAINS:
    add("seed001 eight items, " + gain, eight_grades, eight_scores, gain, 5, per_k=True)
for gain in GAINS:
    add("seed001 tie example, " + gain, [3, 2, 1, 0, 0], [0.9, 0.8, 0.8, 0.8, 0.1], gain, 5,
        per_k=True, orders=True)

# Random lists with heavy ties: scores rounded to one decimal, integer grades.
for i in range(60):
    n = int(rng.integers(2, 21))
    grades = rng.integers(0, 5, size=n)
    scores = np.round(rng.random(n), 1)
    add(f"random ties {i}", grades, scores, GAINS[i % 2], pick_k(n), log_bases=(i % 5 == 0))

# Big tie groups, and groups straddling k.
for i in range(24):
    n = int(rng.integers(4, 40))
    grades = rng.integers(0, 4, size=n)
    levels = int(rng.integers(1, 4))  # 1: every item tied
    scores = rng.integers(0, levels, size=n).astype(float)
    order = np.argsort(-scores, kind="stable")
    # a cutoff inside the first group of two or more items
    counts = np.unique(-scores, return_counts=True)[1]
    start = 0
    k = None
    for c in counts:
        if c >= 2:
            k = start + int(rng.integers(1, c))
            break
        start += c
    add(f"big tie group {i}", grades, scores, GAINS[i % 2], k if i % 3 else pick_k(n))

# k = 1 and k beyond the list.
for i in range(16):
    n = int(rng.integers(2, 12))
    grades = rng.integers(0, 4, size=n)
    scores = np.round(rng.normal(size=n), 1)
    add(f"k=1 {i}", grades, scores, GAINS[i % 2], 1)
    add(f"k>n {i}", grades, scores, GAINS[i % 2], n + int(rng.integers(1, 10)))

# Float grades.
for i in range(20):
    n = int(rng.integers(2, 30))
    grades = np.round(rng.random(n) * 4, int(rng.integers(0, 4)))
    grades = [float(g) if rng.random() < 0.8 else float(rng.random() * 3) for g in grades]
    scores = np.round(rng.random(n), 2)
    add(f"float grades {i}", grades, scores, GAINS[i % 2], pick_k(n), log_bases=(i % 4 == 0))

# All-zero grades (IDCG = 0: NDCG is 0 by scikit-learn's convention).
for i in range(8):
    n = int(rng.integers(1, 10))
    scores = np.round(rng.random(n), 1) if i % 2 else None
    add(f"all zero {i}", [0] * n, scores, GAINS[i % 2], pick_k(n))

# Negative scores, including -0 and +0 (equal scores, one tie group).
for i in range(20):
    n = int(rng.integers(2, 25))
    grades = rng.integers(0, 5, size=n)
    scores = np.round(rng.normal(size=n) * 3, 0)
    if i % 4 == 0:
        scores[: min(2, n)] = [-0.0, 0.0][: min(2, n)]
    add(f"negative scores {i}", grades, scores, GAINS[i % 2], pick_k(n))

# No scores: the list order is the ranking.
for i in range(12):
    n = int(rng.integers(1, 15))
    grades = rng.integers(0, 4, size=n)
    add(f"unscored {i}", grades, None, GAINS[i % 2], pick_k(n), log_bases=(i % 3 == 0))

# Single documents.
for i, g in enumerate([0, 1, 2.5, 3]):
    add(f"one document {i}", [g], [0.5] if i % 2 else None, GAINS[i % 2], [None, 1, 3, None][i])

# Long lists: 1,000 items, scores rounded to two or three decimals.
for i in range(12):
    n = 1000
    grades = rng.integers(0, 5, size=n)
    if i % 3 == 2:
        grades = np.round(rng.random(n) * 4, 2)
    scores = np.round(rng.normal(size=n), 2 + i % 2)
    add(f"long list {i}", grades, scores, GAINS[i % 2], [None, 10, 100, 1000, 1500, 1][i % 6], log_bases=(i % 4 == 0))

# Long lists with huge tie groups (scores rounded to whole numbers or one
# decimal), cut inside a group.
for i in range(6):
    n = 1000
    grades = rng.integers(0, 5, size=n)
    scores = np.round(rng.normal(size=n) * 2, i % 2)
    add(f"long list, big ties {i}", grades, scores, GAINS[i % 2], [None, 7, 250, 500, 999, 1][i])

out = {
    "generator": "gen.py",
    "seed": SEED,
    "sklearn_version": sklearn.__version__,
    "numpy_version": np.__version__,
    "cases": cases,
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json")
with open(path, "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(f"{len(cases)} cases written to {path} (scikit-learn {sklearn.__version__})")
