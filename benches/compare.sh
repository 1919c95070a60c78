#!/usr/bin/env bash
# Whole-process time and peak memory of `tfvars validate` (release build: the static-pie one
# where it can be built, and the default dynamically linked one) against `terraform plan` (a
# static binary) on the same module and var file, as medians over repeated runs. Peak memory is
# the static build's where there is one.
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
#   real       that file alone, with the var file REAL_VALUES (default: `{}`; for the ECS
#              file, benches/ecs_service_values.tfvars.json sets 9 of its variables)
set -euo pipefail
runs=${1:-15}
root=$(cd "$(dirname "$0")/.." && pwd)
export CHECKPOINT_DISABLE=1
rc=$(mktemp)
export TF_CLI_CONFIG_FILE="$rc"
work=$(mktemp -d)
trap 'rm -rf "$work" "$rc"' EXIT

cargo build --release -q -p tfvars-cli --manifest-path "$root/Cargo.toml"
dynamic="$root/target/release/tfvars"
# On x86-64 Linux with glibc, also the static-pie build the README gives for a CLI install:
# no dynamic loader at start (libc, libgcc_s and libm found, mapped and bound), still
# position-independent (ASLR kept). Elsewhere the column shows `-`.
static=""
# (`ldd --version` is read whole first: `grep -q` stops at the first match, and under pipefail
# the SIGPIPE that leaves `ldd` would count as no glibc.)
libc=$(ldd --version 2>&1 || true)
if [ "$(uname -sm)" = "Linux x86_64" ] && grep -qi 'glibc\|gnu libc' <<<"$libc"; then
  RUSTFLAGS="-C target-feature=+crt-static" cargo build --release -q -p tfvars-cli \
    --manifest-path "$root/Cargo.toml" --target x86_64-unknown-linux-gnu
  static="$root/target/x86_64-unknown-linux-gnu/release/tfvars"
fi

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

# Medians over `runs` runs of `tfvars validate` (binary $1) on workload dir $2, in seconds.
time_validate() {
  hyperfine -N -w 2 -r "$runs" --export-json "$work/t.json" \
    "$1 validate -i $2 --terraform-version 1.11 $2/values.tfvars.json" >/dev/null 2>&1
  median "$work/t.json"
}

printf '%-8s %10s %10s %12s %8s %9s %11s %13s\n' workload static_ms dynamic_ms terraform_ms \
  static_x dynamic_x tfvars_MiB terraform_MiB
for w in $workloads; do
  dir="$work/$w"
  (cd "$dir" && terraform init -input=false -backend=false >/dev/null)
  # Both must accept the file, or the comparison means nothing.
  (cd "$dir" && terraform plan -input=false -no-color -lock=false -var-file=values.tfvars.json >/dev/null)
  "$dynamic" validate -i "$dir" --terraform-version 1.11 "$dir/values.tfvars.json"
  t_static=0
  if [ -n "$static" ]; then
    "$static" validate -i "$dir" --terraform-version 1.11 "$dir/values.tfvars.json"
    t_static=$(time_validate "$static" "$dir")
  fi
  t_dynamic=$(time_validate "$dynamic" "$dir")
  (cd "$dir" && hyperfine -N -w 1 -r "$runs" --export-json "$work/p.json" \
    "terraform plan -input=false -no-color -lock=false -var-file=values.tfvars.json" >/dev/null 2>&1)
  t_tf=$(median "$work/p.json")
  m_ours=$(peak_rss "$dir" "${static:-$dynamic}" validate -i "$dir" --terraform-version 1.11 "$dir/values.tfvars.json")
  m_tf=$(peak_rss "$dir" terraform plan -input=false -no-color -lock=false -var-file=values.tfvars.json)
  python3 -c '
import sys
w = sys.argv[1]
ts, td, tt, mo, mt = (float(a) for a in sys.argv[2:])
static = f"{ts*1000:10.1f}" if ts else "-".rjust(10)
ratio = f"{tt/ts:7.1f}x" if ts else "-".rjust(8)
print(f"{w:<8} {static} {td*1000:10.1f} {tt*1000:12.1f} {ratio} {tt/td:8.1f}x {mo/1024:11.1f} {mt/1024:13.1f}")
' "$w" "$t_static" "$t_dynamic" "$t_tf" "$m_ours" "$m_tf"
done
