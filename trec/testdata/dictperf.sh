#!/usr/bin/env bash
# Measures dict JSON against TREC text: for runs of N queries × 100
# documents (20 judgments a query; N = 1,000, 4,000 and 20,000 unless
# given), `trec -m ndcg QRELS RUN` and `report --qrels QRELS --run RUN
# --query Q` on the files as TREC text and as dict JSON (json.dump's one
# line, perf_gen.py dict), alternating, RUNS times each; prints the
# median wall time, CPU time and peak memory of each, and the ratio of
# dict JSON over TREC text measured in the same run, with the outputs
# checked equal. The ratios are what to read on a shared machine.
#
# Usage: dictperf.sh [RUNS [N…]]
# Environment: PERF_DIR keeps the generated files (default: a temporary
# directory, removed at the end); NDCG_EXPLORER names a binary to
# measure instead of building this checkout.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
runs=${1:-5}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 4000 20000)
if [ ! -x /usr/bin/time ]; then
  echo "dictperf.sh needs /usr/bin/time: apt-get install time" >&2
  exit 2
fi
dir=${PERF_DIR:-}
if [ -z "$dir" ]; then
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
fi
ne=${NDCG_EXPLORER:-}
if [ -z "$ne" ]; then
  (cd "$here/../.." && go build -o "$dir/ndcg-explorer" .)
  ne=$dir/ndcg-explorer
fi
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "medians of $runs alternating runs, $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg) at the start"
printf '%-8s %-7s %12s %12s %12s   %s\n' queries command "wall ×" "CPU ×" "memory ×" "dict JSON ÷ TREC text (TREC: wall s, CPU s, peak KB)"
for n in "${sizes[@]}"; do
  d=$dir/$n
  if [ ! -s "$d/perf.run.json" ]; then
    python3 "$here/perf_gen.py" "$n" 100 20 "$d"
    python3 "$here/perf_gen.py" dict "$d/perf.qrels" "$d/perf.run"
  fi
  q=$d/perf.qrels r=$d/perf.run
  for form in text json; do
    sfx=""
    [ $form = json ] && sfx=.json
    "$ne" trec -q -m ndcg "$q$sfx" "$r$sfx" >"$d/trec.$form.out"
    "$ne" report --qrels "$q$sfx" --run "$r$sfx" --query 401 >"$d/report.$form.out"
  done
  cmp "$d/trec.text.out" "$d/trec.json.out"
  # The report names its files; the rest is the same.
  diff <(sed 's/perf\.\(qrels\|run\)\.json/perf.\1/g' "$d/report.json.out") "$d/report.text.out" >/dev/null
  rm -f "$d"/*.times
  for _ in $(seq "$runs"); do
    for form in text json; do
      sfx=""
      [ $form = json ] && sfx=.json
      /usr/bin/time -f "%e %U %S %M" -o "$d/t" "$ne" trec -m ndcg "$q$sfx" "$r$sfx" >/dev/null
      awk '{printf "%s %.2f %s\n", $1, $2 + $3, $4}' "$d/t" >>"$d/trec.$form.times"
      /usr/bin/time -f "%e %U %S %M" -o "$d/t" "$ne" report --qrels "$q$sfx" --run "$r$sfx" --query 401 >/dev/null
      awk '{printf "%s %.2f %s\n", $1, $2 + $3, $4}' "$d/t" >>"$d/report.$form.times"
    done
  done
  for cmd in trec report; do
    col() { cut -d' ' -f"$2" "$d/$cmd.$1.times" | median; }
    tw=$(col text 1) tc=$(col text 2) tm=$(col text 3)
    jw=$(col json 1) jc=$(col json 2) jm=$(col json 3)
    awk -v n="$n" -v c="$cmd" -v tw="$tw" -v tc="$tc" -v tm="$tm" -v jw="$jw" -v jc="$jc" -v jm="$jm" \
      'function r(a, b) { return b > 0 ? a / b : 0 }
       BEGIN {printf "%-8s %-7s %11.2f× %11.2f× %11.2f×   (%.2f s, %.2f s, %d KB)\n", n, c, r(jw, tw), r(jc, tc), r(jm, tm), tw, tc, tm}'
  done
done
