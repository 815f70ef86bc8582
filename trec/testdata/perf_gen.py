#!/usr/bin/env python3
"""Writes the performance test's run and qrels (not committed: large).

Usage: perf_gen.py QUERIES DOCS JUDGED OUTDIR
       perf_gen.py scatter RUN OUT
       perf_gen.py dict QRELS RUN
The dict form writes QRELS.json and RUN.json beside them: the same
judgments and run as dict JSON, one line, as json.dump writes it (what
ranx, ir_measures and pytrec_eval users save).
The run has QUERIES × DOCS lines, grouped by query, scores with two
decimals (so many ties); the qrels judge JUDGED documents per query,
two thirds of them retrieved, with rel 0..3. With scatter, writes the
lines of RUN to OUT in rank-major order: every query's first line, then
every query's second line, and so on, so that every query's lines are
spread over the whole file.
"""
import json
import os
import random
import sys


def scatter(run, out):
    queries = {}
    with open(run) as f:
        for line in f:
            queries.setdefault(line.split(None, 1)[0], []).append(line)
    lists = list(queries.values())
    with open(out, "w") as f:
        for i in range(max(len(l) for l in lists)):
            f.write("".join(l[i] for l in lists if i < len(l)))


def dict_json(path, col, cast):
    d = {}
    with open(path) as f:
        for line in f:
            fields = line.split()
            d.setdefault(fields[0], {})[fields[2]] = cast(fields[col])
    with open(path + ".json", "w") as f:
        json.dump(d, f)


def main():
    if sys.argv[1] == "scatter":
        scatter(sys.argv[2], sys.argv[3])
        return
    if sys.argv[1] == "dict":
        dict_json(sys.argv[2], 3, int)
        dict_json(sys.argv[3], 4, float)
        return
    nq, nd, nj, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(6)
    with open(os.path.join(out, "perf.run"), "w") as run, open(os.path.join(out, "perf.qrels"), "w") as qrels:
        for q in range(nq):
            qid = str(401 + q)
            docs = ["D%07d" % d for d in rng.sample(range(5_000_000), nd)]
            scores = sorted((round(rng.random() * 10, 2) for _ in range(nd)), reverse=True)
            run.write("".join("%s Q0 %s %d %.2f perf\n" % (qid, d, i + 1, s)
                              for i, (d, s) in enumerate(zip(docs, scores))))
            judged = rng.sample(docs, nj * 2 // 3) + ["U%07d" % d for d in rng.sample(range(5_000_000), nj - nj * 2 // 3)]
            rng.shuffle(judged)
            qrels.write("".join("%s 0 %s %d\n" % (qid, d, rng.choice((0, 0, 0, 1, 1, 2, 3)))
                                for d in judged))


if __name__ == "__main__":
    main()
