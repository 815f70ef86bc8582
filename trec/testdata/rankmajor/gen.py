#!/usr/bin/env python3
"""Writes a run sorted by rank (every query's first line, then every
query's second line...) and its qrels, for the tests of the scattered
path: query ids of 1 to 16 bytes (some of the same length), queries of
different lengths (some end early), scores with ties, decimal and
negative rels and a query only in the run.

Usage: gen.py OUTDIR   (writes OUTDIR/rankmajor.run, rankmajor.qrels)
"""
import os
import random
import sys


def main():
    out = sys.argv[1]
    rng = random.Random(11)
    qids = ["7", "8", "q1", "q2", "t03", "t04", "abcdefgh", "abcdefgi",
            "topic-000000012", "topic-000000013", "x", "run-only"]
    qids += ["%d" % (500 + i) for i in range(28)]
    lengths = {q: rng.choice((40, 60, 80, 80, 80)) for q in qids}
    docs = {q: ["D%06d" % d for d in rng.sample(range(100000), lengths[q])] for q in qids}
    scores = {q: sorted((round(rng.random() * 4, 1) for _ in docs[q]), reverse=True) for q in qids}
    with open(os.path.join(out, "rankmajor.run"), "w") as run:
        for i in range(max(lengths.values())):
            for q in qids:
                if i < lengths[q]:
                    run.write("%s Q0 %s %d %s rm\n" % (q, docs[q][i], i + 1, scores[q][i]))
    with open(os.path.join(out, "rankmajor.qrels"), "w") as qrels:
        for q in qids:
            if q == "run-only":
                continue
            pool = docs.get(q, []) + ["U%06d" % d for d in range(12)]
            for d in rng.sample(pool, min(len(pool), 25)):
                qrels.write("%s 0 %s %s\n" % (q, d, rng.choice(("0", "1", "2", "3", "1.5", "-1"))))


if __name__ == "__main__":
    main()
