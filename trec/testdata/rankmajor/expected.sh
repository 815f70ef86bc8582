#!/usr/bin/env bash
# Writes the run sorted by rank of the scattered path's tests (gen.py)
# and records trec_eval 10.0's output on it, the expected output.
#
# Usage: expected.sh TREC_EVAL_10
set -euo pipefail
cd "$(dirname "$0")"
te=$1
python3 gen.py .
"$te" -q -m ndcg -m ndcg_cut.5,10 rankmajor.qrels rankmajor.run >rankmajor.q.out
"$te" -c -m ndcg_cut rankmajor.qrels rankmajor.run >rankmajor.c.out
