#!/usr/bin/python3
"""Reference values for the built-in samples, computed by scikit-learn.

Run from the repository root with Debian's python3-sklearn:

    /usr/bin/python3 samples/testdata/gen.py

It reads every samples/*.json, resolves its settings (preset first, then
each field, as the program does), and writes samples/testdata/reference.json:
for every cutoff k from 1 to the length of the longer of the list and the
ideal ranking, DCG@k under each tie policy, IDCG@k, and NDCG@k under each
tie policy. The Go test compares the engine with these to 1e-12.

How each number is obtained, none of it by the program under test:

* Gain: scikit-learn's dcg_score and ndcg_score take y_true as the gain
  itself (linear gain). For exponential gain we pass 2**grade - 1, whose
  order is the grades' order, so the ideal ranking is unchanged.
* expected (ties averaged): dcg_score(..., ignore_ties=False), which is
  McSherry & Najork's tie-averaged DCG.
* input, best, worst, docno: these fix an order within each tie group. We
  compute that order in numpy (a stable sort on the score, with the grade
  or the id as the tie-breaker), then hand scikit-learn strictly
  decreasing scores in that order, so it has no ties left to break.
* Lists without scores are ranked in row order: the scores n, n-1, ..., 1.
* IDCG from the list: dcg_score(gains, gains). IDCG from every judged
  document (idcg "judged"): the same over the list's gains and the pool's.
  The pool is never retrieved, so it adds nothing to DCG.
* NDCG = DCG / IDCG, and the sample's IDCG=0 rule (0 or 1) when IDCG is 0.

Only the log2 discount is used by the samples; the script refuses others.
"""
import glob
import json
import os

import numpy as np
import sklearn
from sklearn.metrics import dcg_score

PRESETS = {
    "sklearn": dict(gain="linear", discount="log2", ties="expected", idcg="list", zero=0),
    "lightgbm": dict(gain="exp", discount="log2", ties="input", idcg="list", zero=1),
    "tf-ranking": dict(gain="exp", discount="log2", ties="expected", idcg="list", zero=0),
}
DEFAULTS = dict(gain="exp", discount="log2", k=None, ties="expected", idcg="list", zero=0)
POLICIES = ["expected", "best", "worst", "input", "docno"]


def resolve(fs):
    s = dict(DEFAULTS)
    if "preset" in fs:
        s.update(PRESETS[fs["preset"]])
    for key in ("gain", "discount", "k", "ties", "idcg", "zero"):
        if key in fs:
            s[key] = fs[key]
    if s["discount"] != "log2" or s["gain"] not in ("exp", "linear"):
        raise SystemExit("gen.py handles exp or linear gain with the log2 discount only")
    return s


def dcg(gains, scores, k, ignore_ties):
    return float(dcg_score(np.array([gains]), np.array([scores]), k=k, ignore_ties=ignore_ties))


def ordered_scores(order):
    """Strictly decreasing scores that rank the items in `order`."""
    out = np.zeros(len(order))
    for pos, i in enumerate(order):
        out[i] = len(order) - pos
    return out


def orders(scores, grades, ids):
    n = len(scores)
    idx = list(range(n))
    # Python's sort is stable: sorting by the tie-breaker first, then by
    # descending score, breaks ties by the tie-breaker.
    by_score = lambda o: sorted(o, key=lambda i: -scores[i])
    return {
        "input": by_score(idx),
        "best": by_score(sorted(idx, key=lambda i: -grades[i])),
        "worst": by_score(sorted(idx, key=lambda i: grades[i])),
        # trec_eval: ties in descending byte order of the document id.
        "docno": by_score(sorted(idx, key=lambda i: ids[i].encode(), reverse=True)),
    }


def reference(path):
    doc = json.load(open(path))
    s = resolve(doc.get("settings", {}))
    items = doc["items"]
    grades = np.array([float(it["grade"]) for it in items])
    ids = [it["id"] for it in items]
    scored = "score" in items[0]
    scores = np.array([float(it["score"]) for it in items]) if scored else np.arange(len(items), 0, -1.0)
    pool = np.array([float(p["grade"]) for p in doc.get("pool", [])])
    gain = (lambda g: 2.0 ** g - 1) if s["gain"] == "exp" else (lambda g: g)
    gains = gain(grades)
    judged = np.concatenate([gains, gain(pool)]) if s["idcg"] == "judged" else gains
    ords = orders(list(scores), list(grades), ids)
    by_k = []
    for k in range(1, max(len(gains), len(judged)) + 1):
        row = {"k": k, "dcg": {}, "ndcg": {}}
        row["idcg"] = dcg(judged, judged, k, False)
        for p in POLICIES:
            if p == "expected":
                d = dcg(gains, scores, k, False)
            else:
                d = dcg(gains, ordered_scores(ords[p]), k, True)
            row["dcg"][p] = d
            row["ndcg"][p] = d / row["idcg"] if row["idcg"] > 0 else float(s["zero"])
        by_k.append(row)
    k = s["k"] or len(by_k)
    at = by_k[min(k, len(by_k)) - 1]
    return {
        "settings": s,
        "dcg": at["dcg"][s["ties"]],
        "idcg": at["idcg"],
        "ndcg": at["ndcg"][s["ties"]],
        "by_k": by_k,
    }


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ref = {
        "generator": "samples/testdata/gen.py with scikit-learn %s, numpy %s" % (sklearn.__version__, np.__version__),
        "samples": {},
    }
    for path in sorted(glob.glob(os.path.join(here, "..", "*.json"))):
        name = os.path.basename(path)[: -len(".json")]
        ref["samples"][name] = reference(path)
    with open(os.path.join(here, "reference.json"), "w") as f:
        json.dump(ref, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
