#!/usr/bin/env python3
"""Writes a list of N items for report_perf.sh (not committed: large).

Usage: big_list.py N OUT.json
Grades 0..3 (most 0), scores with three decimals so that many tie, and
check claims that fail (NDCG and DCG written with the wrong gain).
"""
import json
import random
import sys


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(11)
    with open(out, "w") as f:
        f.write('{\n  "title": "%d generated items",\n' % n)
        f.write('  "claims": {"ndcg": 0.5, "dcg": 1.25},\n')
        f.write('  "items": [\n')
        rows = []
        for i in range(n):
            g = rng.choice((0, 0, 0, 0, 1, 1, 2, 3))
            s = round(rng.random() + g * 0.2, 3)
            rows.append('    {"id": "d%07d", "grade": %d, "score": %s}' % (i, g, s))
        f.write(",\n".join(rows))
        f.write("\n  ]\n}\n")


if __name__ == "__main__":
    main()
