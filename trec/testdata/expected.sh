#!/usr/bin/env bash
# Runs trec_eval on the generated cases and records its output as the
# expected output of the trec package's tests.
#
# Usage: expected.sh TREC_EVAL_10 TREC_EVAL_9
#   TREC_EVAL_10: a trec_eval 10.0 binary (the reference);
#   TREC_EVAL_9:  a trec_eval 9.0.8 binary, used only where trec_eval 10.0
#                 stops (a qrels query missing from the run without -c):
#                 9.0.8 skips such queries, the rule `trec` follows.
# Writes cases/*.qrels and *.run (gen.py) and expected/NAME.N.out, and
# expected/MANIFEST: one line per output, "FILE<TAB>VERSION<TAB>ARGS".
set -euo pipefail
cd "$(dirname "$0")"
te10=$1 te9=$2
python3 gen.py cases
rm -rf expected && mkdir expected
flagsets=(
  "-q -m ndcg -m ndcg_cut.1,3,5,10,20,100"
  "-q -c -m ndcg -m ndcg_cut.1,3,5,10,20,100"
  "-m ndcg_cut"
  "-q -m ndcg_cut -m ndcg"
  "-c -m ndcg_cut.10 -m ndcg_cut.5"
)
for qrels in cases/*.qrels; do
  name=$(basename "$qrels" .qrels)
  for i in "${!flagsets[@]}"; do
    flags=${flagsets[$i]}
    out=expected/$name.$i.out
    # shellcheck disable=SC2086
    if "$te10" $flags "$qrels" "cases/$name.run" >"$out" 2>/dev/null; then
      version=10.0
    else
      "$te9" $flags "$qrels" "cases/$name.run" >"$out"
      version=9.0.8
    fi
    printf '%s\t%s\t%s\n' "$(basename "$out")" "$version" "$flags cases/$name.qrels cases/$name.run" >>expected/MANIFEST
  done
done
