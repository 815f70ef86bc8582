#!/usr/bin/env bash
# Measures `report --format json`, `report --format csv` and `check` (with
# failing claims) on a generated list of N items, against a whole Python
# process running scikit-learn's ndcg_score on the same file
# (sklearn_ndcg.py), in alternating runs. Prints each command's median
# wall time, CPU time and peak memory (/usr/bin/time), and the ratios:
# each command's CPU time over scikit-learn's (target < 1; CPU time is
# steadier than wall time on a shared machine), the same of wall time,
# and check's CPU over report's.
#
# Usage: report_perf.sh [N] [RUNS]   (defaults: 1000000 items, 3 runs)
# Environment: PERF_DIR keeps the generated list (default: a temporary
# directory); NDCG_EXPLORER names a binary instead of building this
# checkout. Needs /usr/bin/python3 with python3-sklearn and /usr/bin/time.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
n=${1:-1000000} runs=${2:-3}
for need in /usr/bin/time /usr/bin/python3; do
  [ -x "$need" ] || { echo "report_perf.sh needs $need" >&2; exit 2; }
done
/usr/bin/python3 -c 'import sklearn' 2>/dev/null || { echo "report_perf.sh needs scikit-learn: apt-get install python3-sklearn" >&2; exit 2; }
dir=${PERF_DIR:-}
if [ -z "$dir" ]; then
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"
list=$dir/list-$n.json
[ -s "$list" ] || /usr/bin/python3 "$here/big_list.py" "$n" "$list"
ne=${NDCG_EXPLORER:-}
if [ -z "$ne" ]; then
  (cd "$here/.." && go build -o "$dir/ndcg-explorer" .)
  ne=$dir/ndcg-explorer
fi
# measure NAME CMD...: appends "wall_s peak_rss_kb cpu_s" to $dir/NAME.times;
# check exits 1 (a claim fails), which is what is measured.
measure() {
  local name=$1
  shift
  /usr/bin/time -f "%e %M %U %S" -o "$dir/time.tmp" "$@" >/dev/null 2>&1 || true
  tail -1 "$dir/time.tmp" | awk '{printf "%s %s %.2f\n", $1, $2, $3 + $4}' >>"$dir/$name.times"
}
rm -f "$dir"/*.times
for _ in $(seq "$runs"); do
  measure sklearn /usr/bin/python3 "$here/sklearn_ndcg.py" "$list"
  measure json "$ne" report --format json "$list"
  measure csv "$ne" report --format csv "$list"
  measure check "$ne" check "$list"
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
col() { cut -d' ' -f"$2" "$dir/$1.times" | median; }
echo "median of $runs alternating runs, $n items, $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg):"
for name in sklearn json csv check; do
  printf '  %-28s %7.2f s wall %7.2f s CPU %9d KB peak RSS\n' "$name" "$(col $name 1)" "$(col $name 3)" "$(col $name 2)"
done
# ratios NAME FIELD: each command's median over scikit-learn's.
ratios() {
  awk -v sk="$(col sklearn "$2")" -v js="$(col json "$2")" -v cs="$(col csv "$2")" -v ck="$(col check "$2")" -v what="$1" 'BEGIN {
    printf "  %s over scikit-learn'"'"'s: json %.2f, csv %.2f, check %.2f; check over report --format json: %.2f\n", what, js/sk, cs/sk, ck/sk, ck/js }'
}
ratios CPU 3
ratios wall 1
