#!/usr/bin/env bash
# Measures `ndcg-explorer trec` against trec_eval on a generated run of
# 3,000 queries × 1,000 documents (3M lines, scores with ties) with 200
# judgments a query: checks that both print the same bytes (with and
# without -q), then reports each tool's wall time and peak memory
# (/usr/bin/time -v), the median of several alternating runs. It also
# times `trec` on the same lines in rank-major order (every query's
# first line, then every second line…: each query scattered over the
# whole file) and reports its time over the grouped run's.
#
# Usage: perf.sh TREC_EVAL [RUNS]
#   TREC_EVAL: path of a trec_eval binary (not built by this script);
#   RUNS: timed runs of each tool (default 5).
# Environment: PERF_DIR keeps the generated files (default: a temporary
# directory, removed at the end); QUERIES, DOCS, JUDGED resize the run;
# NDCG_EXPLORER names a binary to measure instead of building this
# checkout.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
te=$(realpath "$1")
runs=${2:-5}
queries=${QUERIES:-3000} docs=${DOCS:-1000} judged=${JUDGED:-200}
if [ ! -x /usr/bin/time ]; then
  echo "perf.sh needs /usr/bin/time: apt-get install time" >&2
  exit 2
fi
dir=${PERF_DIR:-}
if [ -z "$dir" ]; then
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"
if [ ! -s "$dir/perf.run" ]; then
  echo "generating $queries queries × $docs documents, $judged judgments a query in $dir" >&2
  python3 "$here/perf_gen.py" "$queries" "$docs" "$judged" "$dir"
fi
if [ ! -s "$dir/perf.scattered.run" ]; then
  python3 "$here/perf_gen.py" scatter "$dir/perf.run" "$dir/perf.scattered.run"
fi
ne=${NDCG_EXPLORER:-}
if [ -z "$ne" ]; then
  (cd "$here/../.." && go build -o "$dir/ndcg-explorer" .)
  ne=$dir/ndcg-explorer
fi
q=$dir/perf.qrels r=$dir/perf.run s=$dir/perf.scattered.run
measures=(-m ndcg_cut.10 -m ndcg)

"$ne" trec "${measures[@]}" "$q" "$r" >"$dir/ours.out"
"$te" "${measures[@]}" "$q" "$r" >"$dir/trec_eval.out"
"$ne" trec -q "${measures[@]}" "$q" "$r" >"$dir/ours.q.out"
"$te" -q "${measures[@]}" "$q" "$r" >"$dir/trec_eval.q.out"
"$ne" trec -q "${measures[@]}" "$q" "$s" >"$dir/ours.s.q.out"
"$te" -q "${measures[@]}" "$q" "$s" >"$dir/trec_eval.s.q.out"
cmp "$dir/ours.out" "$dir/trec_eval.out"
cmp "$dir/ours.q.out" "$dir/trec_eval.q.out"
cmp "$dir/ours.s.q.out" "$dir/trec_eval.s.q.out"
echo "same output as trec_eval ($(wc -l <"$dir/ours.q.out") lines with -q):" >&2
cat "$dir/ours.out" >&2

# measure NAME CMD...: appends "wall_s peak_rss_kb cpu_s" to $dir/NAME.times
measure() {
  local name=$1
  shift
  /usr/bin/time -f "%e %M %U %S" -o "$dir/time.tmp" "$@" >/dev/null
  awk '{printf "%s %s %.2f\n", $1, $2, $3 + $4}' "$dir/time.tmp" >>"$dir/$name.times"
}
rm -f "$dir"/*.times
for _ in $(seq "$runs"); do
  measure trec_eval "$te" "${measures[@]}" "$q" "$r"
  measure ours "$ne" trec "${measures[@]}" "$q" "$r"
  measure scattered "$ne" trec "${measures[@]}" "$q" "$s"
done
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
col() { cut -d' ' -f"$2" "$dir/$1.times" | median; }
te_wall=$(col trec_eval 1) te_rss=$(col trec_eval 2) te_cpu=$(col trec_eval 3)
ne_wall=$(col ours 1) ne_rss=$(col ours 2) ne_cpu=$(col ours 3)
sc_wall=$(col scattered 1) sc_rss=$(col scattered 2) sc_cpu=$(col scattered 3)
echo "median of $runs alternating runs each, $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), $(wc -l <"$r") run lines:"
printf '  %-24s %6.2f s wall %6.2f s CPU %8d KB peak RSS\n' "trec_eval $("$te" -v 2>&1 | awk '{print $NF}')" "$te_wall" "$te_cpu" "$te_rss"
printf '  %-24s %6.2f s wall %6.2f s CPU %8d KB peak RSS\n' "ndcg-explorer trec" "$ne_wall" "$ne_cpu" "$ne_rss"
printf '  %-24s %6.2f s wall %6.2f s CPU %8d KB peak RSS\n' "trec, rank-major run" "$sc_wall" "$sc_cpu" "$sc_rss"
awk -v a="$te_wall" -v b="$ne_wall" -v c="$te_rss" -v d="$ne_rss" -v e="$te_cpu" -v f="$ne_cpu" \
  'BEGIN {printf "  ndcg-explorer trec: %.1f× faster (wall), %.1f× less CPU time, %.2f× the memory\n", a/b, e/f, d/c}'
awk -v a="$sc_wall" -v b="$ne_wall" -v c="$sc_cpu" -v d="$ne_cpu" \
  'BEGIN {printf "  scattered ÷ grouped, the same lines: %.2f× the wall time, %.2f× the CPU time\n", a/b, c/d}'
