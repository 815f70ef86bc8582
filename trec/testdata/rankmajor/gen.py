#!/usr/bin/env python3
"""Writes a run sorted by rank (every query's first line, then every
query's second line...) and its qrels, for the tests of the scattered
path: query ids of 1 to 16 bytes (some of the same length), queries of
different lengths (some end early), scores with ties (negative, signed,
longer than eight bytes), lines laid out otherwise and a comment among
them, decimal and negative rels and a query only in the run.

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
    # Scores as runs write them: most with one decimal, some negative,
    # signed, or longer than eight bytes; a few lines laid out otherwise
    # (a tab, two spaces, a seventh field) and a comment among them.
    def score(q, i):
        v = scores[q][i]
        k = qids.index(q) % 5
        if k == 1:
            return "%.1f" % (v - 2)
        if k == 2:
            return "+%.1f" % v
        if k == 3:
            return "%.9f" % (v / 3)
        return "%s" % v

    layouts = ["%s Q0 %s %d %s rm\n", "%s\tQ0\t%s\t%d\t%s\trm\n", "%s  Q0 %s %d %s rm\n",
               "%s Q0 %s %d %s rm extra\n"]
    with open(os.path.join(out, "rankmajor.run"), "w") as run:
        for i in range(max(lengths.values())):
            if i == 30:
                run.write("# halfway\n")
            for q in qids:
                if i < lengths[q]:
                    layout = layouts[0] if rng.random() < 0.97 else rng.choice(layouts[1:])
                    run.write(layout % (q, docs[q][i], i + 1, score(q, i)))
    with open(os.path.join(out, "rankmajor.qrels"), "w") as qrels:
        for q in qids:
            if q == "run-only":
                continue
            pool = docs.get(q, []) + ["U%06d" % d for d in range(12)]
            for d in rng.sample(pool, min(len(pool), 25)):
                qrels.write("%s 0 %s %s\n" % (q, d, rng.choice(("0", "1", "2", "3", "1.5", "-1"))))


if __name__ == "__main__":
    main()
