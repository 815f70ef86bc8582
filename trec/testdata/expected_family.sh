#!/usr/bin/env bash
# Records trec_eval 10.0's output for the NDCG measures beyond ndcg and
# ndcg_cut (ndcg_rel, Rndcg, gain parameters) on the generated cases.
#
# Usage: expected_family.sh TREC_EVAL_10
# Reads cases/*.qrels and *.run (gen.py, run by expected.sh), writes
# expected/family/NAME.N.out and expected/family/MANIFEST, one line per
# output: "FILE<TAB>VERSION<TAB>ARGS". A flag set without -c that
# trec_eval 10.0 stops on (a qrels query missing from the run) is not
# recorded.
set -euo pipefail
cd "$(dirname "$0")"
te10=$1
rm -rf expected/family && mkdir -p expected/family
flagsets=(
  "-q -c -m ndcg_rel -m Rndcg"
  "-q -c -m ndcg.1=0,2=3 -m ndcg_cut.5,10"
  # Fractional gains: trec_eval sorts levels by a difference truncated
  # to an integer, so 0.5 and 0 compare equal.
  "-q -c -m ndcg.0=1,1=2.5,2=0.5,3=10 -m ndcg_rel.1=3,2=1 -m Rndcg.2=0.5"
  # No positive gain: Rndcg is 0/0, printed -nan.
  "-q -c -m Rndcg.1=0,2=0,3=0"
  # Negative gains, gains for unretrieved (-1) and unjudged (-2) codes,
  # a level no document has.
  "-q -c -m ndcg.1=-1,2=0.5,3=0.7 -m ndcg_rel.-1=2,-2=3 -m Rndcg.4=2"
  "-m ndcg_rel -m Rndcg -m ndcg"
  # The first parameters given count; a level given twice.
  "-q -c -m ndcg.1=2 -m ndcg.2=5 -m ndcg -m Rndcg.2=1,2=5"
  # -l moves what Rndcg counts as relevant (0/0 when level 0 counts).
  "-q -c -l 0 -m Rndcg -m ndcg_rel"
  "-q -c -l 3 -m Rndcg.1=2"
  # -J and -M cut the ranking first; -M 0 cuts -c's made-up ranking too.
  "-q -c -J -m ndcg_rel -m Rndcg -m ndcg.1=3"
  "-q -c -M 3 -m ndcg_rel -m Rndcg.2=1"
  "-q -c -M 0 -m Rndcg -m ndcg_rel.-1=2"
)
for qrels in cases/*.qrels; do
  name=$(basename "$qrels" .qrels)
  for i in "${!flagsets[@]}"; do
    flags=${flagsets[$i]}
    out=expected/family/$name.$i.out
    # shellcheck disable=SC2086
    if "$te10" $flags "$qrels" "cases/$name.run" >"$out" 2>/dev/null; then
      printf '%s\t%s\t%s\n' "$(basename "$out")" 10.0 "$flags cases/$name.qrels cases/$name.run" >>expected/family/MANIFEST
    else
      rm -f "$out"
    fi
  done
done
