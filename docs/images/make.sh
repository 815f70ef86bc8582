#!/usr/bin/env bash
# Regenerates every image the README shows, from the current code, into
# the directory given (default: the directory of this script):
#
#   explorer.svg     the explorer on the default sample, 100×30
#   ties.svg         its ties view (F3)
#   conventions.svg  its conventions view (F4), sklearn chosen (home)
#   check.svg        a check run that catches a wrong claim
#   charts.svg       report --format svg on the default sample
#   demo.svg         the README's animated demo: the explorer's own screens,
#                    one per step of a short session, joined by
#                    tools/svganim into one animated SVG
#
# The explorer's screens are written by the explorer itself: the script
# drives the real binary in tmux, as a person would, and presses y s (the
# screen as an SVG image), typing the file name. The check run is captured
# from the terminal and drawn by the same code (tools/termsvg).
# e2e/readme_images_test.go runs this script and compares its images with
# the committed ones. Needs: go, tmux.
#
# DEMO_GIF=FILE also writes the demo as a GIF, for places that show no
# animated SVG (slides, release notes): each frame rendered by rsvg-convert
# (librsvg2-bin) and joined by ffmpeg, with the same times. The GIF is not
# committed: its pixels depend on the fonts and the ffmpeg at hand.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$(cd "${1:-$root/docs/images}" && pwd)"
work="$(mktemp -d)"
sock="$work/tmux.sock"
cleanup() {
  tmux -S "$sock" kill-server 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

(cd "$root" && go build -o "$work/ndcg-explorer" . && go build -o "$work/termsvg" ./tools/termsvg &&
  go build -o "$work/svganim" ./tools/svganim)
bin="$work/ndcg-explorer"

# t runs tmux on a server of our own, without the user's configuration,
# so that the pictures do not depend on it.
t() { tmux -S "$sock" -f /dev/null "$@"; }
# A session that lives until the end keeps the server up between the
# pictures' sessions (a server that has just exited refuses a new one).
t new-session -d -s keep -x 80 -y 24 "sleep 600"

# wait_for polls session $1 until its screen shows $2.
wait_for() {
  for _ in $(seq 200); do
    if t capture-pane -p -t "$1" | grep -qF -- "$2"; then return 0; fi
    sleep 0.05
  done
  echo "make.sh: session $1 never showed: $2" >&2
  t capture-pane -p -t "$1" >&2
  return 1
}

# wait_file waits until the explorer has written $1.
wait_file() {
  for _ in $(seq 200); do
    if [ -s "$1" ]; then return 0; fi
    sleep 0.05
  done
  echo "make.sh: $1 was never written" >&2
  return 1
}

# screen NAME KEYS...: start the explorer at 100×30 on the default sample,
# press KEYS, then y s, and type the file name of the image.
screen() {
  local name="$1"; shift
  t new-session -d -s "$name" -x 100 -y 30 -c "$work" "$bin; sleep 30"
  wait_for "$name" "NDCG@3 = "
  for k in "$@"; do t send-keys -t "$name" "$k"; done
  t send-keys -t "$name" y s
  wait_for "$name" "screen as SVG:"
  t send-keys -t "$name" C-u "$work/$name.svg" Enter
  wait_file "$work/$name.svg"
  t kill-session -t "$name"
  cp "$work/$name.svg" "$out/$name.svg"
}

screen explorer
screen ties F3
screen conventions F4 Home

# A command run: the prompt line, then what the command prints; the pane
# signals when the command is done, and its blank bottom lines are cut.
t new-session -d -s check -x 100 -y 40 -c "$work" \
  "printf '\$ ndcg-explorer check sample:sklearn-gain\n'; $bin check sample:sklearn-gain; tmux -S '$sock' wait-for -S check-done; sleep 30"
t wait-for check-done
t capture-pane -e -p -t check | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' |
  "$work/termsvg" -w 100 -title "ndcg-explorer check" > "$out/check.svg"
t kill-session -t check

"$bin" report --format svg sample:ties-at-k > "$out/charts.svg"

# The demo: one explorer session at 100×30 on the default sample; after
# each step the explorer writes its screen (y s) under a name relative to
# its directory, so that the status line it shows next names no temporary
# directory; another view clears that line, and each edit replaces it
# with what the edit did. Each step waits for what it changes on the
# screen, and each change is a frame.
t new-session -d -s demo -x 100 -y 30 -c "$work" "$bin; sleep 30"
wait_for demo "NDCG@3 = "
n=0
frames=()
frame() {
  n=$((n + 1))
  t send-keys -t demo y s
  wait_for demo "screen as SVG:"
  t send-keys -t demo C-u "demo-$n.svg" Enter
  wait_file "$work/demo-$n.svg"
  frames+=("$work/demo-$n.svg")
}
frame                                     # the default sample: a tie across k=3
t send-keys -t demo Down Down 3           # C, in the tie at k, from grade 0 to 3
wait_for demo "grade of C 0 → 3"
frame
t send-keys -t demo u                     # undo: C's grade back to 0, shown
wait_for demo "undid: grade of C"
frame
t send-keys -t demo p                     # the tie policy: expected → best
wait_for demo "ties best"
frame
t send-keys -t demo p                     # → worst
wait_for demo "ties worst"
frame
t send-keys -t demo F3                    # the ties view
wait_for demo "NDCG@3 by tie order"
frame
t send-keys -t demo F2                    # the working, term by term
wait_for demo "IDCG@3 ="
frame
t send-keys -t demo F4                    # every preset side by side
wait_for demo "tf-ranking"
frame
t kill-session -t demo
durations=(3.5 2.5 2.5 2.5 2.5 3.5 3.5 3.5)
"$work/svganim" -title "ndcg-explorer: a grade edited and undone, the tie policy cycled, then the ties view, the working and the presets side by side" \
  -d "$(IFS=,; echo "${durations[*]}")" "${frames[@]}" > "$out/demo.svg"

if [ -n "${DEMO_GIF:-}" ]; then
  list="$work/frames.txt"
  : > "$list"
  for i in "${!frames[@]}"; do
    rsvg-convert -w 864 "${frames[$i]}" -o "$work/demo-$((i + 1)).png"
    printf "file '%s'\nduration %s\n" "$work/demo-$((i + 1)).png" "${durations[$i]}" >> "$list"
  done
  ffmpeg -loglevel error -y -f concat -safe 0 -i "$list" \
    -vf "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=none" \
    -loop 0 "$DEMO_GIF"
fi
