#!/usr/bin/env bash
# Instructions per operation of the scheduling cases, counted by callgrind: unlike times, they do
# not vary between runs, so two builds can be compared exactly (docs/PERFORMANCE.md,
# "Instruction counts"). Each case runs 20,000 operations; the cost of an empty run is
# subtracted.
#
# Usage: tools/instructions/run.sh [TASKHOST_BINARY]   (default: target/release/taskhost)
# Needs valgrind (Debian: `apt-get install valgrind`).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/target/release/taskhost}
ops=20000
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat "$root/src/bench/userland_scheduler.js" "$here/userland_chain.tail.mjs" >"$tmp/userland_chain.mjs"

count() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bin" run "$1" 2>&1 \
    | sed -n 's/.*I *refs: *//p' | tr -d ,
}

empty=$(count "$here/empty.mjs")
floor=""
printf '%-18s %14s %12s\n' case instructions/op 'vs floor'
for case in microtask_chain postTask_chain yield_loop postTask_burst distinct_signals userland_chain; do
  file=$here/$case.mjs
  [ "$case" = userland_chain ] && file=$tmp/userland_chain.mjs
  total=$(count "$file")
  per_op=$(((total - empty) / ops))
  [ -z "$floor" ] && floor=$per_op
  printf '%-18s %14d %12s\n' "$case" "$per_op" "$(awk -v a="$per_op" -v b="$floor" 'BEGIN { printf "%.2f", a / b }')"
done
