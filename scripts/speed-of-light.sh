#!/usr/bin/env bash
# The engine against the deliberately minimal playout loop of ../shared/bench/speed-of-light,
# side by side in one run (docs/FIGURES.md, "The engine's speed").
#
# Usage: scripts/speed-of-light.sh [SECONDS [PAIRS [RAJAPASU...]]]
#   defaults: 4 seconds a run, 3 rounds, target/release/rajapasu.
# Each round runs the minimal loop, then every rajapasu binary given (`rajapasu bench`), each
# under /usr/bin/time. On a shared machine the wall clock swings with the load, so rates are
# per CPU-second (user time): the minimal loop's playouts are its rate times its seconds, the
# engine's are the count it prints. Prints each round's ratios and their medians.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-4}
pairs=${2:-3}
shift $(($# < 2 ? $# : 2))
bins=("$@")
[ ${#bins[@]} -gt 0 ] || bins=(target/release/rajapasu)
sol=${SPEED_OF_LIGHT:-../shared/bench/speed-of-light/run}
[ -x "$sol" ] || sol=/work/shared/bench/speed-of-light/run
"$sol" 0.01 >/dev/null # build it first, outside the timings

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for round in $(seq "$pairs"); do
  /usr/bin/time -f %U -o "$tmp/t" "$sol" "$seconds" >"$tmp/out"
  sol_rate=$(awk -v s="$seconds" -v u="$(cat "$tmp/t")" '/^playouts\/s/ {printf "%.0f", $2 * s / u}' "$tmp/out")
  echo "$sol_rate" >>"$tmp/sol"
  line="round $round: speed-of-light $sol_rate playouts/cpu-s"
  for k in "${!bins[@]}"; do
    /usr/bin/time -f %U -o "$tmp/t" "${bins[$k]}" bench --seconds "$seconds" >"$tmp/out"
    rate=$(awk -v u="$(cat "$tmp/t")" '/^playouts [0-9]/ {printf "%.0f", $2 / u}' "$tmp/out")
    ratio=$(awk -v a="$rate" -v b="$sol_rate" 'BEGIN {printf "%.3f", a / b}')
    echo "$rate" >>"$tmp/rate$k"
    echo "$ratio" >>"$tmp/ratio$k"
    line="$line; ${bins[$k]} $rate (ratio $ratio)"
  done
  echo "$line"
done
echo "medians: speed-of-light $(median <"$tmp/sol") playouts/cpu-s"
for k in "${!bins[@]}"; do
  echo "  ${bins[$k]}: $(median <"$tmp/rate$k") playouts/cpu-s, ratio $(median <"$tmp/ratio$k")"
done
