#!/usr/bin/env bash
# Measures start-up: `--version`, `report` on a 5-item list and `samples`,
# each against a hello-world Go binary built the same way in the same run
# (hyperfine, no shell, alternating rounds). Prints each command's median
# wall time and its ratio to hello world's (the target is ≤ 2×), and its
# CPU time and that ratio.
#
# Two more hello worlds, built the same way, show the floor that no change
# to our own code moves: one that also imports net and os/user (which a
# plain `go build` links against the C library, as it does ndcg-explorer:
# cobra's pflag imports net, the terminal's colour profile os/user), and
# one that imports every outside package our packages import, so that
# all their package initialisation runs, and prints hello world.
#
# INTERLEAVE=1 times them with testdata/startuptimer instead: every run of
# every command in turn, so that all meet the same load (hyperfine runs
# one command's runs, then the next's); its wall times include os/exec's
# own cost, the same for every command, and its CPU times are the
# kernel's accounting of each child.
#
# Usage: startup.sh [RUNS [ROUNDS]]
#   RUNS: runs of each command per round (default 100).
#   ROUNDS: rounds (default 3; more steady the medians on a busy machine).
# Environment: GO_BUILD_ENV is put before every `go build` command, e.g.
#   GO_BUILD_ENV=CGO_ENABLED=0 for static binaries. BEFORE=REV (a commit,
#   a branch) also builds the program as it was at REV, the same way, and
#   times its three commands in the same rounds (rows "REV: ...").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
runs=${1:-100}
rounds=${2:-3}
if [ -z "${INTERLEAVE:-}" ] && ! command -v hyperfine >/dev/null 2>&1; then
  echo "startup.sh needs hyperfine: apt-get install hyperfine" >&2
  exit 2
fi
dir=$(mktemp -d)
# The floor program is built inside the module, so that it gets the same
# versions of the same packages; testdata keeps it out of ./... .
floor=$(mktemp -d "$here/startup-floor.XXXXXX")
trap 'rm -rf "$dir" "$floor"' EXIT
mkdir "$dir/hello" "$dir/hello-libc"
cat >"$dir/hello/main.go" <<'GO'
package main

import "fmt"

func main() { fmt.Println("hello, world") }
GO
cat >"$dir/hello-libc/main.go" <<'GO'
package main

import (
	"fmt"
	_ "net"
	_ "os/user"
)

func main() { fmt.Println("hello, world") }
GO
printf 'module hello\n\ngo 1.26.0\n' >"$dir/hello/go.mod"
printf 'module hello\n\ngo 1.26.0\n' >"$dir/hello-libc/go.mod"
module=$(cd "$root" && go list -m)
# The outside packages (a dot in the first path element) that our own
# packages in the binary import.
outside=$(cd "$root" && go list -f '{{join .Imports "\n"}}' $(go list -deps . | grep "^$module") |
  grep -E '^[^/]*\.' | grep -v "^$module" | sort -u)
{
  echo 'package main'
  echo
  echo 'import ('
  echo '	"fmt"'
  for p in $outside; do echo "	_ \"$p\""; done
  echo ')'
  echo
  echo 'func main() { fmt.Println("hello, world") }'
} >"$floor/main.go"
build_env=${GO_BUILD_ENV:-}
(cd "$dir/hello" && env $build_env go build -o "$dir/hello-world" .)
(cd "$dir/hello-libc" && env $build_env go build -o "$dir/hello+net+os-user" .)
(cd "$root" && env $build_env go build -o "$dir/hello+dependencies" "./testdata/$(basename "$floor")")
(cd "$root" && env $build_env go build -o "$dir/ndcg-explorer" .)
if [ -n "${BEFORE:-}" ]; then
  mkdir "$dir/before"
  git -C "$root" archive "$BEFORE" | tar -x -C "$dir/before"
  (cd "$dir/before" && env $build_env go build -buildvcs=false -o "$dir/${BEFORE//\//-}:" .)
fi
# Every binary is copied once built. The linker writes its output
# through a memory map, and a program started from a file written so
# starts slower than from the same bytes copied with cp (or read back
# from disk), by more the larger the file: 15-25% for ndcg-explorer,
# 2-3% for hello+dependencies, with the same number of page faults. An
# installed binary is rarely in that state for long; copying them all
# compares them in the same one.
for b in "$dir"/hello-world "$dir"/hello+net+os-user "$dir"/hello+dependencies "$dir"/ndcg-explorer "$dir"/*:; do
  [ -f "$b" ] || continue
  cp "$b" "$b.copy" && mv "$b.copy" "$b"
done
list=$dir/five.json
cat >"$list" <<'JSON'
{"items": [{"id": "A", "grade": 3}, {"id": "B", "grade": 2}, {"id": "C", "grade": 3}, {"id": "D", "grade": 0}, {"id": "E", "grade": 1}]}
JSON
ne=$dir/ndcg-explorer
cmds=("$dir/hello-world" "$dir/hello+net+os-user" "$dir/hello+dependencies" "$ne --version" "$ne report $list" "$ne samples")
if [ -n "${BEFORE:-}" ]; then
  b="$dir/${BEFORE//\//-}:"
  cmds+=("$b --version" "$b report $list" "$b samples")
fi
for c in "${cmds[@]}"; do
  $c >/dev/null 2>"$dir/stderr" || { cat "$dir/stderr" >&2; exit 2; }
done
label() { local l=${1//$dir\//}; echo "${l// \/*\// }"; }
if [ -n "${INTERLEAVE:-}" ]; then
  (cd "$root" && go build -o "$dir/startuptimer" ./testdata/startuptimer)
  echo "start-up, interleaved, median of $rounds rounds of $runs runs each, built with \`${build_env:+$build_env }go build\`, $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg):"
  "$dir/startuptimer" "$runs" "$rounds" "${cmds[@]}" | while IFS=$'\t' read -r c wall ratio cpu cratio; do
    printf "  %-36s %5.2f ms  %4.2f× hello world   CPU %5.2f ms  %4.2f×\n" "$(label "$c")" "$wall" "$ratio" "$cpu" "$cratio"
  done
  exit 0
fi
for round in $(seq "$rounds"); do
  hyperfine -N -w 10 -r "$runs" --export-csv "$dir/round$round.csv" "${cmds[@]}" >/dev/null 2>&1
done
echo "start-up, median of $rounds rounds of $runs runs each, built with \`${build_env:+$build_env }go build\`, $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg):"
# Each round's CSV has a header then one row per command: command,mean,
# stddev,median,user,system,... in seconds. The ratios are taken within a
# round, then the median over rounds: of the wall time (the target), and
# of the CPU time (user + system, means), which other processes on a busy
# machine disturb less.
awk -F, -v dir="$dir" '
  FNR == 1 { next }
  { row = FNR - 1; rows = row; k = ++n[row]; name[row] = $1
    if (FNR == 2) { hw[FILENAME] = $4; hcpu[FILENAME] = $5 + $6 }
    med[row, k] = $4; ratio[row, k] = $4 / hw[FILENAME]
    cpu[row, k] = $5 + $6; cratio[row, k] = ($5 + $6) / hcpu[FILENAME] }
  function mid(a, r,   i, j, k, t, v) {
    k = n[r]
    for (i = 1; i <= k; i++) v[i] = a[r, i]
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
  }
  END {
    for (r = 1; r <= rows; r++) {
      label = name[r]; sub(dir "/", "", label); gsub(/ [^ ]*\//, " ", label)
      printf "  %-36s %5.2f ms  %4.2f× hello world   CPU %5.2f ms  %4.2f×\n", label, mid(med, r) * 1000, mid(ratio, r), mid(cpu, r) * 1000, mid(cratio, r)
    }
  }' "$dir"/round*.csv
