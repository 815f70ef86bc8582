#!/usr/bin/python3
"""What XGBoost 1.7 does with weights when it evaluates ndcg@k.

Run with Debian's interpreter and python3-xgboost (1.7.4):

    /usr/bin/python3 xgboost_weights.py > xgboost_weights.json

On two queries of three documents (labels 3 0 1 and 0 2 1), with the
predictions of weights.pred:

- row weights, as a libsvm file's LABEL:WEIGHT gives them (weights.svm):
  XGBoost stops, and the first line of its message is recorded;
- one weight per query (set_weight on the grouped DMatrix): ndcg@5 is
  recorded without weights and with weights 1,1 and 10,1; the three
  are equal, since its metric takes the unweighted mean over queries.
"""
import json
import os

import numpy as np
import xgboost as xgb

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    labels = np.array([3, 0, 1, 0, 2, 1], dtype=np.float64)
    weights = [2, 2, 2, 1, 1, 1]
    preds = np.array([0.1, 0.9, 0.5, 0.3, 0.2, 0.8], dtype=np.float32)
    rows = ["%d:%d qid:%d 1:0.5" % (l, w, 1 + i // 3) for i, (l, w) in enumerate(zip(labels, weights))]
    svm = os.path.join(HERE, "weights.svm")
    with open(svm, "w") as f:
        f.write("\n".join(rows) + "\n")
    np.savetxt(os.path.join(HERE, "weights.pred"), preds)

    out = {"xgboost_version": xgb.__version__}
    dm = xgb.DMatrix(svm + "?format=libsvm")
    dm.set_base_margin(preds)
    try:
        xgb.Booster({"objective": "rank:pairwise", "eval_metric": ["ndcg@5"], "nthread": 1}, [dm]).eval(dm)
        out["row_weights"] = "accepted"
    except xgb.core.XGBoostError as e:
        msg = str(e).splitlines()[0]
        out["row_weights"] = msg[msg.index("Size of weights"):] if "Size of weights" in msg else msg

    out["ndcg@5"] = {}
    for name, w in [("none", None), ("1,1", [1, 1]), ("10,1", [10, 1])]:
        d = xgb.DMatrix(np.zeros((6, 1)), label=labels)
        d.set_group([3, 3])
        if w:
            d.set_weight(np.array(w, dtype=np.float64))
        d.set_base_margin(preds)
        bst = xgb.Booster({"objective": "rank:pairwise", "eval_metric": ["ndcg@5"], "nthread": 1}, [d])
        out["ndcg@5"][name] = float(bst.eval(d).split(":")[1])
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
