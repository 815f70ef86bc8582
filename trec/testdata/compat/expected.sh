#!/usr/bin/env bash
# Records trec_eval's output on the cases where trec once differed from
# it: a fractional cutoff (trec_eval's own tests give ndcg_cut.10,20,23.4,
# which its atol reads as 23) and -M with a duplicate docno below rank M
# (trec_eval cuts each ranking to M documents, then looks for duplicates).
#
# Usage: expected.sh TREC_EVAL
#   TREC_EVAL: a trec_eval 10.0 binary, built from
#   https://github.com/usnistgov/trec_eval in a temporary directory.
# Writes dup.qrels, dup.run, NAME.out and MANIFEST: one line per case,
# "NAME<TAB>STATUS<TAB>ARGS" (ARGS relative to this directory), where
# STATUS is trec_eval's exit status (its stdout is then NAME.out).
set -euo pipefail
cd "$(dirname "$0")"
te=$1
printf '1 0 a 1\n1 0 b 1\n2 0 c 2\n' >dup.qrels
printf '1 Q0 a 1 2 r\n1 Q0 b 2 1 r\n1 Q0 b 3 0.5 r\n2 Q0 c 1 1 r\n2 Q0 d 2 0.5 r\n' >dup.run
: >MANIFEST
run_case() {
  local name=$1
  shift
  local status=0
  "$te" "$@" >"$name.out" 2>/dev/null || status=$?
  printf '%s\t%s\t%s\n' "$name" "$status" "$*" >>MANIFEST
}
run_case fraction-q -q -m ndcg_cut.10,20,23.4 ../cases/basic.qrels ../cases/basic.run
run_case fraction-all -m ndcg_cut.10,20,23.4 -m ndcg ../cases/ties.qrels ../cases/ties.run
run_case fraction-first -q -m ndcg_cut.5.9,10 ../cases/basic.qrels ../cases/basic.run
run_case dup-M1 -q -M 1 -m ndcg dup.qrels dup.run
run_case dup-M2 -q -M 2 -m ndcg -m ndcg_cut.1,2 dup.qrels dup.run
run_case dup-M3 -q -M 3 -m ndcg dup.qrels dup.run
run_case dup-M2-J -q -M 2 -J -m ndcg dup.qrels dup.run
