#!/usr/bin/python3
"""A practitioner's files, from a real XGBoost training run, with the
values XGBoost and scikit-learn report on them.

Run with Debian's interpreter, python3-xgboost (1.7.4) and
python3-sklearn (1.2.1):

    /usr/bin/python3 practitioner_gen.py

It writes, beside itself:

- practitioner.svm: 14 queries in svmlight form with qid, written by
  sklearn's dump_svmlight_file (0-based feature indices, as it writes
  them): some queries without a relevant document, some with labels
  1.5 and 2.5, two with a single document;
- practitioner.pred: what the trained model predicts for each row, as
  np.savetxt writes it ("%.18e"); a model of two depth-1 trees gives
  few distinct values, so predictions tie within queries, as early
  models' do;
- practitioner.json: each query's labels and predictions as read back
  from those files, XGBoost's own evaluation of ndcg@5, ndcg@5- and
  ndcg@10 on the training set (evals_result, the number training logs
  print), and scikit-learn's ndcg_score(k=5) and (k=10) of each query
  on its own, or the ValueError it raises (a query of one document),
  and the mean over the queries it scores: what a loop over the
  queries that skips the ones ndcg_score refuses reports.

Deterministic: the same files every time.
"""
import json
import os

import numpy as np
import sklearn
import xgboost as xgb
from sklearn.datasets import dump_svmlight_file, load_svmlight_file
from sklearn.metrics import ndcg_score

HERE = os.path.dirname(os.path.abspath(__file__))
SIZES = [8, 1, 12, 5, 9, 3, 7, 1, 10, 6, 4, 11, 2, 8]


def main():
    rng = np.random.default_rng(20261124)
    X, y, qid = [], [], []
    for q, n in enumerate(SIZES, start=1):
        f = rng.normal(size=(n, 3))
        rel = np.clip(np.round(f[:, 0] + 0.5 * f[:, 1] + rng.normal(scale=0.7, size=n)), 0, 3)
        if q in (4, 11):
            rel[:] = 0  # no relevant document
        if q in (3, 9):
            rel = rel + 0.5 * (rel > 0)  # labels 1.5, 2.5, 3.5
        X.append(f)
        y.append(rel)
        qid += [q] * n
    X, y, qid = np.vstack(X), np.concatenate(y), np.array(qid)
    svm = os.path.join(HERE, "practitioner.svm")
    dump_svmlight_file(X, y, svm, query_id=qid)

    # As a practitioner does: read the file back and train on it.
    X2, y2, q2 = load_svmlight_file(svm, query_id=True)
    _, counts = np.unique(q2, return_counts=True)
    dm = xgb.DMatrix(X2, label=y2)
    dm.set_group(counts)
    evals = {}
    metrics = ["ndcg@5", "ndcg@5-", "ndcg@10"]
    bst = xgb.train({"objective": "rank:ndcg", "eval_metric": metrics, "max_depth": 1, "eta": 0.3,
                     "seed": 1, "nthread": 1}, dm, num_boost_round=2, evals=[(dm, "train")],
                    evals_result=evals, verbose_eval=False)
    preds = bst.predict(dm)
    np.savetxt(os.path.join(HERE, "practitioner.pred"), preds)
    preds = np.loadtxt(os.path.join(HERE, "practitioner.pred"))

    queries = []
    start = 0
    for q, n in zip(np.unique(q2), counts):
        yt, yp = y2[start:start + n], preds[start:start + n]
        start += n
        rec = {"qid": str(int(q)), "labels": yt.tolist(), "predictions": yp.tolist()}
        for k in (5, 10):
            try:
                rec["sklearn@%d" % k] = ndcg_score([yt], [yp], k=k)
            except ValueError as e:
                rec["sklearn_error"] = str(e)
        queries.append(rec)
    scored = [r for r in queries if "sklearn_error" not in r]
    out = {
        "xgboost_version": xgb.__version__,
        "sklearn_version": sklearn.__version__,
        "xgboost": {m: evals["train"][m][-1] for m in metrics},
        "distinct_predictions": len(np.unique(preds)),
        "queries": queries,
        "sklearn_mean_scored": {"ndcg@%d" % k: float(np.mean([r["sklearn@%d" % k] for r in scored])) for k in (5, 10)},
    }
    with open(os.path.join(HERE, "practitioner.json"), "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
