#!/usr/bin/python3
"""Records XGBoost 1.7's ndcg@k and ndcg@k- on generated queries.

Run with Debian's interpreter and python3-xgboost (1.7.4):

    /usr/bin/python3 xgboost_gen.py > xgboost.json

Each query gets labels (grades 0-4, some fractional, some that float32
rounds up to the next whole number) and predictions with heavy ties
(few distinct values, and values that differ only beyond float32's
precision, so that XGBoost ties them in input order). Some queries have
no relevant document. XGBoost evaluates them through a Booster with no
trees whose base_margin is the predictions: its prediction is then the
margin itself, so the metric sees exactly these predictions.

Output: JSON with the XGBoost version, the cutoffs, every query (qid,
labels, predictions, and XGBoost's value of each metric on that query
alone) and the metrics on all queries at once (the unweighted mean).
Deterministic: the same file every time.
"""
import json
import random
import re
import sys

import numpy as np
import xgboost as xgb

CUTOFFS = [1, 2, 3, 5, 10, 20, 50]


def metrics():
    names = ["ndcg", "ndcg-"]
    for k in CUTOFFS:
        names += ["ndcg@%d" % k, "ndcg@%d-" % k]
    return names


def evaluate(labels, preds, groups):
    dm = xgb.DMatrix(np.zeros((len(labels), 1), dtype=np.float32), label=np.array(labels, dtype=np.float64))
    dm.set_group(groups)
    dm.set_base_margin(np.array(preds, dtype=np.float64))
    bst = xgb.Booster({"objective": "rank:pairwise", "eval_metric": metrics(), "nthread": 1}, [dm])
    out = bst.eval(dm, name="d")
    vals = {}
    for part in out.split("\t")[1:]:
        name, value = part.split(":")
        vals[name[len("d-"):]] = float(value)
    assert sorted(vals) == sorted(metrics()), out
    return vals


def make_query(rng, n):
    kind = rng.random()
    if kind < 0.12:
        labels = [0] * n  # no relevant document
    elif kind < 0.25:
        labels = [rng.choice([0, 0.5, 0.999, 1.5, 2.7, 3.2, 4.9, 2.9999999999]) for _ in range(n)]
    else:
        labels = [rng.choice([0, 0, 0, 1, 1, 2, 3, 4]) for _ in range(n)]
    distinct = rng.choice([1, 2, 3, 5, n + 1])
    values = [round(rng.uniform(-2, 2), 2) for _ in range(distinct)]
    preds = []
    for _ in range(n):
        v = rng.choice(values)
        if rng.random() < 0.15:
            v += rng.choice([1e-9, -1e-9, 3e-10])  # equal in float32
        preds.append(v)
    return labels, preds


def main():
    rng = random.Random(20261123)
    queries = []
    sizes = list(range(1, 51)) * 6 + [rng.randint(1, 50) for _ in range(20)]
    for i, n in enumerate(sizes):
        labels, preds = make_query(rng, n)
        vals = evaluate(labels, preds, [n])
        queries.append({"qid": "q%d" % (i + 1), "labels": labels, "predictions": preds, "xgboost": vals})
    labels = [x for q in queries for x in q["labels"]]
    preds = [x for q in queries for x in q["predictions"]]
    groups = [len(q["labels"]) for q in queries]
    out = {
        "xgboost_version": xgb.__version__,
        "cutoffs": CUTOFFS,
        "metrics": metrics(),
        "queries": queries,
        "all": evaluate(labels, preds, groups),
    }
    json.dump(out, sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
