#!/usr/bin/python3
"""Reference values for the verify tests, computed by scikit-learn.

Run from this directory: /usr/bin/python3 gen.py > reference.json

scikit-learn's dcg_score and ndcg_score use the linear gain (the grade
itself). The exponential gain 2^g-1 is obtained by passing the gains
2^g-1 as y_true: the linear gain of a gain is that gain. IDCG is
dcg_score of the grades ranked by themselves. Ties are scikit-learn's
default (ignore_ties=False): the expected value over tie orders.
"""
import json

import numpy as np
import sklearn
from sklearn.metrics import dcg_score, ndcg_score

CASES = [
    # seed 000's worked example: grades in ranking order, exponential gain.
    dict(name="seed000-exp", grades=[3, 2, 3, 0, 1], scores=None, gain="exp", log_base=2),
    # seed 000's scikit-learn snippet: linear gain, distinct scores.
    dict(name="seed000-sklearn", grades=[3, 2, 3, 0, 1], scores=[0.9, 0.8, 0.3, 0.2, 0.1], gain="linear", log_base=2),
    # seed 004's movie example: linear gain.
    dict(name="seed004-movies", grades=[4, 2, 5, 3, 5], scores=None, gain="linear", log_base=2),
    # The same list with the natural log and log10 discounts (dcg_score's log_base).
    dict(name="seed000-exp-ln", grades=[3, 2, 3, 0, 1], scores=None, gain="exp", log_base=float(np.e)),
    dict(name="seed000-exp-log10", grades=[3, 2, 3, 0, 1], scores=None, gain="exp", log_base=10),
    # seed 001's tie example: three items share a score.
    dict(name="seed001-ties-exp", grades=[3, 2, 1, 0, 0], scores=[0.9, 0.8, 0.8, 0.8, 0.1], gain="exp", log_base=2),
    dict(name="seed001-ties-linear", grades=[3, 2, 1, 0, 0], scores=[0.9, 0.8, 0.8, 0.8, 0.1], gain="linear", log_base=2),
    # The report golden list: a tie group straddling k=3.
    dict(name="report-golden", grades=[3, 0, 2, 1, 0], scores=[0.9, 0.7, 0.7, 0.4, 0.2], gain="exp", log_base=2),
]


def main():
    out = {"sklearn": sklearn.__version__, "cases": []}
    for c in CASES:
        g = np.asarray([c["grades"]], dtype=float)
        n = g.shape[1]
        s = np.asarray([c["scores"]]) if c["scores"] else np.asarray([list(range(n, 0, -1))], dtype=float)
        y = 2.0 ** g - 1.0 if c["gain"] == "exp" else g
        per_k = []
        for k in range(1, n + 1):
            dcg = dcg_score(y, s, k=k, log_base=c["log_base"])
            idcg = dcg_score(y, y, k=k, log_base=c["log_base"])
            ndcg = ndcg_score(y, s, k=k)
            per_k.append({"k": k, "dcg": dcg, "idcg": idcg, "ndcg": ndcg})
        case = dict(c)
        case["per_k"] = per_k
        out["cases"].append(case)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
