#!/usr/bin/python3
"""XGBoost 1.7's ndcg for the largest label it scores correctly, 31.

Run with Debian's python3-xgboost (1.7.4): /usr/bin/python3 xgboost_label31.py
XGBoost computes the gain as (1 << label) - 1 in an int: 2^31 - 1 for
label 31, still right; from 32 on the shift overflows. One query, labels
1 and 31, the 1 ranked first, so that the value depends on the gain:
(1 + (2^31-1)/log2(3)) / ((2^31-1) + 1/log2(3)).
"""
import numpy as np
import xgboost as xgb

X = np.zeros((2, 1))
d = xgb.DMatrix(X, label=np.array([1.0, 31.0]), base_margin=np.array([0.9, 0.1]))
d.set_group([2])
b = xgb.train({"objective": "rank:ndcg", "eval_metric": "ndcg", "base_score": 0}, d, num_boost_round=0)
print(xgb.__version__, b.eval(d))
