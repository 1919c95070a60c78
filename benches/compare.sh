#!/usr/bin/env bash
# Whole-process time and peak memory of `tfvars validate` (release build) against
# `terraform plan` on the same module and var file, as medians over repeated runs.
#
#   benches/compare.sh [RUNS]        (default 15 runs per command; needs terraform and
#                                     hyperfine on the PATH, and GNU time at /usr/bin/time)
#
# Two workloads:
#   large      tests/modules/large (250 variables, deep optional object types, 438 KB of .tf)
#              with a var file setting every variable (benches/gen_large_vars.py, ~850 KB)
#   network    runtime/tests/data/realistic_conditions/network (16 variables, 26 validation
#              rules: CIDR functions, maps of objects) with its `pass_full` var file
# and, when REAL_VARIABLES names a published module's variables.tf (kept outside the
# repository, e.g. terraform-aws-modules/terraform-aws-ecs 8d25f4e, modules/service: 44 KB,
# 121 variables), a third:
#   real       that file alone, with the var file REAL_VALUES (default: `{}`)
set -euo pipefail
runs=${1:-15}
root=$(cd "$(dirname "$0")/.." && pwd)
export CHECKPOINT_DISABLE=1
rc=$(mktemp)
export TF_CLI_CONFIG_FILE="$rc"
work=$(mktemp -d)
trap 'rm -rf "$work" "$rc"' EXIT

cargo build --release -q -p tfvars-cli --manifest-path "$root/Cargo.toml"
tfvars="$root/target/release/tfvars"

workloads="large network"
if [ -n "${REAL_VARIABLES:-}" ]; then
  workloads="$workloads real"
  mkdir -p "$work/real"
  cp "$REAL_VARIABLES" "$work/real/variables.tf"
  if [ -n "${REAL_VALUES:-}" ]; then cp "$REAL_VALUES" "$work/real/values.tfvars.json"; else echo '{}' >"$work/real/values.tfvars.json"; fi
fi
mkdir -p "$work/large" "$work/network"
cp "$root/tests/modules/large/variables.tf" "$work/large/"
python3 "$root/benches/gen_large_vars.py" "$work/large/values.tfvars.json"
cp "$root/runtime/tests/data/realistic_conditions/network/main.tf" "$work/network/"
cp "$root/runtime/tests/data/realistic_conditions/network/inputs/pass_full.tfvars.json" \
  "$work/network/values.tfvars.json"

# The median of a hyperfine JSON export's run times, in seconds.
median() {
  python3 -c 'import json,statistics,sys; print(statistics.median(json.load(open(sys.argv[1]))["results"][0]["times"]))' "$1"
}

# The median peak RSS in KiB over `runs` runs of a command.
peak_rss() {
  local dir=$1; shift
  for _ in $(seq "$runs"); do
    (cd "$dir" && /usr/bin/time -f '%M' "$@" >/dev/null 2>"$work/time.err" || true)
    tail -n 1 "$work/time.err"
  done | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'
}

printf '%-8s %12s %12s %8s %12s %12s\n' workload tfvars_ms terraform_ms ratio tfvars_MiB terraform_MiB
for w in $workloads; do
  dir="$work/$w"
  (cd "$dir" && terraform init -input=false -backend=false >/dev/null)
  # Both must accept the file, or the comparison means nothing.
  (cd "$dir" && terraform plan -input=false -no-color -lock=false -var-file=values.tfvars.json >/dev/null)
  "$tfvars" validate -i "$dir" --terraform-version 1.11 "$dir/values.tfvars.json"
  hyperfine -N -w 2 -r "$runs" --export-json "$work/t.json" \
    "$tfvars validate -i $dir --terraform-version 1.11 $dir/values.tfvars.json" >/dev/null 2>&1
  t_ours=$(median "$work/t.json")
  (cd "$dir" && hyperfine -N -w 1 -r "$runs" --export-json "$work/p.json" \
    "terraform plan -input=false -no-color -lock=false -var-file=values.tfvars.json" >/dev/null 2>&1)
  t_tf=$(median "$work/p.json")
  m_ours=$(peak_rss "$dir" "$tfvars" validate -i "$dir" --terraform-version 1.11 "$dir/values.tfvars.json")
  m_tf=$(peak_rss "$dir" terraform plan -input=false -no-color -lock=false -var-file=values.tfvars.json)
  python3 -c '
import sys
w, to, tt, mo, mt = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
print(f"{w:<8} {to*1000:12.1f} {tt*1000:12.1f} {tt/to:7.1f}x {mo/1024:12.1f} {mt/1024:12.1f}")
' "$w" "$t_ours" "$t_tf" "$m_ours" "$m_tf"
done
