#!/usr/bin/env bash
# Runs trec_eval on the argument vectors in ./vectors and records, for
# each, its standard output (N.out) and exit status (MANIFEST: one line
# per vector, "N<TAB>KIND<TAB>STATUS<TAB>ARGUMENTS").
#
# Usage: record.sh TREC_EVAL_10   (a trec_eval 10.0 binary)
set -uo pipefail
cd "$(dirname "$0")"
te=$1
rm -f ./*.out MANIFEST
n=0
while IFS=$'\t' read -r kind args; do
  case $kind in ''|'#'*) continue ;; esac
  # shellcheck disable=SC2086
  "$te" $args >"$n.out" 2>/dev/null </dev/null
  status=$?
  printf '%s\t%s\t%s\t%s\n' "$n" "$kind" "$status" "$args" >>MANIFEST
  n=$((n + 1))
done <vectors
