#!/usr/bin/python3
"""The baseline of report_perf.sh: a whole Python process that reads a
list file and prints scikit-learn's ndcg_score (linear gain, log2
discount, ties averaged) over every item.

Usage: /usr/bin/python3 sklearn_ndcg.py LIST.json
"""
import json
import sys

import numpy as np
from sklearn.metrics import ndcg_score


def main():
    with open(sys.argv[1]) as f:
        items = json.load(f)["items"]
    grades = np.array([[it["grade"] for it in items]], dtype=float)
    scores = np.array([[it["score"] for it in items]], dtype=float)
    print(ndcg_score(grades, scores))


if __name__ == "__main__":
    main()
