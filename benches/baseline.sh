#!/usr/bin/env bash
# A criterion bench of this checkout against the same bench at another revision, run
# alternately in the same session, with the medians and their ratio.
#
#   benches/baseline.sh REV PACKAGE BENCH FILTER [ROUNDS]
#   benches/baseline.sh 0b47d72 tfvars-codegen loader load_large_module 3
#
# REV is checked out (git worktree) under target/baseline/REV with its own target directory;
# each round runs the bench there, then here, so both see the same machine load. The bench and
# FILTER must exist at both revisions. Prints each round's medians (criterion's median of the
# sample, in ms) and the ratio of the medians of the rounds.
#
# On a machine shared with other builds, CORE=N runs the benches on that one core (taskset), and
# FASTEST=1 takes each run's fastest sample (per iteration) instead of its median: both make the
# comparison less sensitive to the other load. The last line gives the least time of the rounds,
# the figure least disturbed by other processes.
set -euo pipefail
rev=$1 pkg=$2 bench=$3 filter=$4 rounds=${5:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
base="$root/target/baseline/$rev"
if [ ! -d "$base" ]; then
  git -C "$root" worktree add --detach "$base" "$rev" >/dev/null
fi

# The median of one criterion benchmark's last run, in ms.
median_ms() {
  python3 - "$1" "${FASTEST:-}" <<'PY'
import json, pathlib, sys
if sys.argv[2]:
    hits = sorted(pathlib.Path(sys.argv[1]).glob("**/new/sample.json"), key=lambda p: p.stat().st_mtime)
    s = json.load(open(hits[-1]))
    print(min(t / i for t, i in zip(s["times"], s["iters"])) / 1e6)
else:
    hits = sorted(pathlib.Path(sys.argv[1]).glob("**/new/estimates.json"), key=lambda p: p.stat().st_mtime)
    print(json.load(open(hits[-1]))["median"]["point_estimate"] / 1e6)
PY
}

pin=()
if [ -n "${CORE:-}" ]; then
  pin=(taskset -c "$CORE")
fi

run() {
  local dir=$1
  (cd "$dir" && "${pin[@]}" cargo bench -q -p "$pkg" --bench "$bench" -- --noplot "$filter" >/dev/null 2>&1)
  median_ms "$dir/target/criterion"
}

echo "building both revisions' benches..."
(cd "$base" && cargo bench -q -p "$pkg" --bench "$bench" --no-run >/dev/null 2>&1)
(cd "$root" && cargo bench -q -p "$pkg" --bench "$bench" --no-run >/dev/null 2>&1)
printf '%-6s %14s %14s %8s\n' round "$rev(ms)" "HEAD(ms)" ratio
ours=() theirs=()
for i in $(seq "$rounds"); do
  t=$(run "$base")
  o=$(run "$root")
  theirs+=("$t") ours+=("$o")
  python3 -c 'import sys; t, o = map(float, sys.argv[2:]); print(f"{sys.argv[1]:<6} {t:14.3f} {o:14.3f} {t/o:7.2f}x")' "$i" "$t" "$o"
done
python3 -c '
import statistics, sys
n = len(sys.argv) // 2
t = statistics.median(map(float, sys.argv[1:1 + n])); o = statistics.median(map(float, sys.argv[1 + n:]))
print(f"median {t:14.3f} {o:14.3f} {t/o:7.2f}x faster")
t, o = min(map(float, sys.argv[1:1 + n])), min(map(float, sys.argv[1 + n:]))
print(f"least  {t:14.3f} {o:14.3f} {t/o:7.2f}x faster")' "${theirs[@]}" "${ours[@]}"
