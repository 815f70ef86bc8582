#!/usr/bin/env python3
"""Generates the qrels/run pairs the trec package is tested on.

Each case exercises trec_eval's rules: tied scores (ordered by docno),
unjudged and unretrieved documents, rel values written as decimals (2.7)
and negative (unjudged), queries without a relevant document, queries
only in the run or only in the qrels, lines in no particular order, and
runs whose queries are split across the file.

Usage: gen.py OUTDIR   (deterministic: the same files every time)
Then expected.sh runs trec_eval on them; see it for the command lines.
"""
import os
import random
import sys


def docno(rng):
    return rng.choice(["FT", "LA", "FBIS", "doc"]) + "-" + str(rng.randint(1, 400))


def make_case(rng, nq, maxdocs, score_decimals, qrels_only, run_only, shuffle, split, with_decimals):
    qrels, run = [], []
    qids = ["%d" % (100 + i) for i in range(nq)]
    # Query ids in an order that is not numeric, so byte order matters.
    qids += ["q%d" % i for i in range(3)]
    for n, qid in enumerate(qids):
        docs = set()
        while len(docs) < rng.randint(5, maxdocs):
            docs.add(docno(rng))
        docs = sorted(docs)
        judged = rng.sample(docs, k=len(docs) * 2 // 3)
        # Judged documents the run will not retrieve.
        missing = ["U%d-%d" % (n, i) for i in range(rng.randint(0, 6))]
        zero_rel = n % 7 == 3  # a query without a relevant document
        for d in judged + missing:
            r = 0 if zero_rel else rng.choice([0, 0, 0, 1, 1, 2, 3, -1])
            text = str(r)
            if with_decimals and r > 0 and rng.random() < 0.2:
                text = "%d.%d" % (r, rng.randint(1, 9))  # atol: 2.7 is 2
            if with_decimals and r == 0 and rng.random() < 0.1:
                text = "-0.%d" % rng.randint(1, 9)  # atol: -0.5 is 0, judged
            qrels.append("%s 0 %s %s" % (qid, d, text))
        if not qrels_only or n % 5 != 1:
            for rank, d in enumerate(docs):
                score = round(rng.uniform(0, 3), score_decimals)
                if score_decimals == 0:
                    score = int(score)
                run.append((qid, "%s Q0 %s %d %s run%d" % (qid, d, rank + 1, score, n % 2)))
    if run_only:
        for i in range(3):
            for rank in range(4):
                run.append(("zz%d" % i, "zz%d Q0 X-%d %d %d.5 runZ" % (i, rank, rank + 1, rank)))
    if shuffle:
        rng.shuffle(qrels)
        if split:
            rng.shuffle(run)
        else:
            # Lines of each query together, queries and lines in random order.
            by_q = {}
            for q, l in run:
                by_q.setdefault(q, []).append(l)
            keys = list(by_q)
            rng.shuffle(keys)
            run = []
            for k in keys:
                lines = by_q[k]
                rng.shuffle(lines)
                run += [(k, l) for l in lines]
    return qrels, [l for _, l in run]


CASES = {
    # name: (queries, max docs, score decimals, qrels-only, run-only, shuffle, split, decimals)
    "basic": (6, 12, 2, False, False, False, False, False),
    "ties": (30, 60, 1, False, True, True, False, True),
    "allties": (12, 40, 0, False, False, True, False, False),
    "missing": (20, 30, 1, True, True, True, False, True),
    "split": (15, 30, 1, False, True, True, True, True),
    "long": (4, 300, 1, False, False, True, False, False),
}


# Small cases, each isolating one of trec_eval's rules: (qrels, run).
RULES = {
    # The rank column is ignored: d1 has rank 3 but the highest score.
    "rule_rank_ignored": (
        "1 0 d1 3\n1 0 d2 1\n1 0 d3 0\n",
        "1 Q0 d1 3 0.9 r\n1 Q0 d2 1 0.1 r\n1 Q0 d3 2 0.5 r\n"),
    # Equal scores are ordered by docno, descending bytes: d9 > d10 > d1 > D9.
    "rule_docno_ties": (
        "1 0 d1 3\n1 0 d10 2\n1 0 d9 0\n1 0 D9 1\n",
        "1 Q0 d1 1 1 r\n1 Q0 d10 2 1 r\n1 Q0 d9 3 1 r\n1 Q0 D9 4 1 r\n"),
    # rel is read with atol: 2.7 is 2, -0.5 is 0 (judged), 1e3 is 1.
    "rule_rel_integer": (
        "1 0 a 2.7\n1 0 b -0.5\n1 0 c 1e3\n1 0 d 3\n",
        "1 Q0 a 1 4 r\n1 Q0 b 2 3 r\n1 Q0 c 3 2 r\n1 Q0 d 4 1 r\n"),
    # A negative rel is unjudged: no gain when retrieved, not in the ideal.
    "rule_negative_rel": (
        "1 0 a -1\n1 0 b 1\n1 0 c -2\n1 0 e 2\n",
        "1 Q0 a 1 4 r\n1 Q0 b 2 3 r\n1 Q0 c 3 2 r\n"),
    # Retrieved documents not in the qrels gain 0.
    "rule_unjudged_zero": (
        "1 0 a 1\n1 0 b 2\n",
        "1 Q0 x 1 4 r\n1 Q0 a 2 3 r\n1 Q0 y 3 2 r\n1 Q0 b 4 1 r\n"),
    # The ideal holds every relevant judged document, retrieved or not,
    # cut at k for ndcg_cut.
    "rule_ideal_unretrieved": (
        "1 0 a 1\n1 0 m1 3\n1 0 m2 3\n1 0 m3 2\n1 0 b 0\n",
        "1 Q0 a 1 4 r\n1 Q0 b 2 3 r\n"),
    # A query without a relevant document scores 0 and counts in all.
    "rule_no_relevant": (
        "1 0 a 1\n2 0 a 0\n2 0 b 0\n",
        "1 Q0 a 1 4 r\n2 Q0 a 1 4 r\n2 Q0 b 2 3 r\n"),
    # Queries only in the run are ignored.
    "rule_run_only": (
        "1 0 a 1\n",
        "0 Q0 a 1 4 r\n1 Q0 b 1 4 r\n1 Q0 a 2 3 r\n9 Q0 a 1 4 r\n"),
    # Queries only in the qrels: skipped (9.0.8), or 0 with -c.
    "rule_qrels_only": (
        "1 0 a 1\n2 0 a 1\n3 0 b 2\n",
        "1 Q0 a 1 4 r\n3 Q0 b 1 4 r\n3 Q0 a 2 5 r\n"),
    # A query whose only judgments are negative has no relevant document
    # (trec_eval fails on one that is evaluated first, so it is second).
    "rule_all_unjudged": (
        "1 0 a 1\n2 0 a -1\n2 0 b -1\n",
        "1 Q0 a 1 4 r\n2 Q0 a 1 4 r\n2 Q0 b 2 3 r\n"),
    # Scores are numbers, however written: 1e-3 and 0.001 tie, as do -0
    # and 0, and the tie goes to the higher docno.
    "rule_score_formats": (
        "1 0 a 1\n1 0 b 2\n1 0 c 3\n1 0 d 1\n1 0 e 2\n1 0 f 3\n",
        "1 Q0 a 1 1e-3 r\n1 Q0 b 2 0.001 r\n1 Q0 c 3 -0 r\n1 Q0 d 4 0 r\n"
        "1 Q0 e 5 +1.0E2 r\n1 Q0 f 6 100 r\n"),
    # Comments and blank lines in the run, tabs, CRLF, extra columns.
    "rule_layout": (
        "# judged by hand\n1\t0\ta\t1\r\n1 0 b 2\n",
        "# a run\n\n1 Q0 a 1 4 r extra\n   \n1\tQ0\tb\t2\t3.0e0\tr\r\n"),
}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, params in CASES.items():
        rng = random.Random(name)
        qrels, run = make_case(rng, *params)
        with open(os.path.join(out, name + ".qrels"), "w") as f:
            f.write("\n".join(qrels) + "\n")
        with open(os.path.join(out, name + ".run"), "w") as f:
            f.write("\n".join(run) + "\n")
    for name, (qrels, run) in RULES.items():
        with open(os.path.join(out, name + ".qrels"), "w") as f:
            f.write(qrels)
        with open(os.path.join(out, name + ".run"), "w") as f:
            f.write(run)


if __name__ == "__main__":
    main()
