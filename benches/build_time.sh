#!/usr/bin/env bash
# What `terraform_vars!` costs on each build of a user crate, against the same crate with the
# expansion pasted in (the `tfvars rust` output, `include!`d), for examples/network and the
# 250-variable tests/modules/large.
#
#   benches/build_time.sh [RUNS]        (default 5 runs of each build)
#   MODULES="large" benches/build_time.sh 3
#   KINDS="macro" benches/build_time.sh (only the crate using the macro: the pasted crate does
#                                        not change with the macro's speed)
#   MACRO_OPT=3 benches/build_time.sh   (the proc macro built with `opt-level = 3` through
#                                        `[profile.dev.build-override]`, as a user may set)
#
# For each module, two user crates are created in a temporary directory, locked to this
# repository's Cargo.lock and sharing one target dir (their dependencies are the same and are
# built once, before any timing):
#   macro    `mod vars { tfvars::terraform_vars!("<module>"); }`
#   pasted   `mod vars { include!("expanded.rs"); }`, expanded.rs being `tfvars rust` output
# (both `#[allow(dead_code)]`: a binary uses few of the generated methods)
# Both have the same `main`, which only reads `Variables::VARIABLES` and `JSON_SCHEMA`, so it
# suits any module; every generated item is still parsed, expanded and type-checked.
# Timed, `cargo build` (dev profile), median over RUNS:
#   clean_s  after `cargo clean -p <crate>`: the user crate alone from scratch
#   incr_s   after `touch src/main.rs`: the rebuild on every edit (incremental compilation on)
# and the ratios macro / pasted. The machine's load shows in the figures: run it when the
# machine is quiet (the load average is printed), and compare medians.
set -euo pipefail
runs=${1:-5}
modules=${MODULES:-network large}
kinds=${KINDS:-macro pasted}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tfvars-build-time.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset RUSTC_WRAPPER CARGO_BUILD_RUSTC_WRAPPER
export CARGO_TERM_COLOR=never

module_dir() {
  case $1 in
    network) echo "$root/examples/network" ;;
    large) echo "$root/tests/modules/large" ;;
    *) echo "unknown module: $1" >&2; exit 2 ;;
  esac
}

# `tfvars rust`, from this checkout.
(cd "$root" && cargo build -q -p tfvars-cli)
tfvars_bin="${CARGO_TARGET_DIR:-$root/target}/debug/tfvars"
export CARGO_TARGET_DIR="$work/target"

profile_extra=""
if [ -n "${MACRO_OPT:-}" ]; then
  profile_extra="[profile.dev.build-override]
opt-level = ${MACRO_OPT}"
fi

make_crate() { # name kind module
  local name=$1 kind=$2 module=$3 dir="$work/$1"
  mkdir -p "$dir/src"
  cat >"$dir/Cargo.toml" <<EOF
[package]
name = "$name"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
tfvars = { path = "$root" }

$profile_extra
EOF
  cp "$root/Cargo.lock" "$dir/Cargo.lock"
  if [ "$kind" = macro ]; then
    echo "#[allow(dead_code)] mod vars { tfvars::terraform_vars!(\"$(module_dir "$module")\"); }" >"$dir/src/main.rs"
  else
    "$tfvars_bin" rust -i "$(module_dir "$module")" >"$dir/src/expanded.rs"
    echo '#[allow(dead_code)] mod vars { include!("expanded.rs"); }' >"$dir/src/main.rs"
  fi
  cat >>"$dir/src/main.rs" <<'EOF'

fn main() {
    println!(
        "{} variables, schema of {} bytes",
        vars::Variables::VARIABLES.len(),
        vars::Variables::JSON_SCHEMA.len()
    );
}
EOF
}

now() { date +%s.%N; }
median() {
  sort -g | awk '{a[NR]=$1} END {printf "%.2f", (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'
}
timed_build() { # crate
  local t0 t1
  t0=$(now)
  (cd "$work/$1" && cargo build -q --offline 2>"$work/log") || { cat "$work/log" >&2; exit 1; }
  t1=$(now)
  echo "$t1 - $t0" | bc
}

declare -A result
for module in $modules; do
  for kind in $kinds; do
    make_crate "$module-$kind" "$kind" "$module"
    # Dependencies, and a first build: not timed.
    (cd "$work/$module-$kind" && { cargo fetch -q --offline 2>/dev/null || cargo fetch -q; } &&
      cargo build -q --offline 2>"$work/log") || { cat "$work/log" >&2; exit 1; }
  done
  for kind in $kinds; do
    crate="$module-$kind"
    : >"$work/clean"
    : >"$work/incr"
    for i in $(seq "$runs"); do
      (cd "$work/$crate" && cargo clean -q --offline -p "$crate")
      t=$(timed_build "$crate")
      echo "$t" >>"$work/clean"
      touch "$work/$crate/src/main.rs"
      u=$(timed_build "$crate")
      echo "$u" >>"$work/incr"
      echo "  $crate run $i: clean ${t}s, incremental ${u}s" >&2
    done
    result[$crate,clean]=$(median <"$work/clean")
    result[$crate,incr]=$(median <"$work/incr")
  done
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

echo "runs=$runs, medians in seconds, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)${MACRO_OPT:+, macro built with opt-level=$MACRO_OPT}"
printf '%-8s %9s %10s %6s %9s %10s %6s\n' module macro_clean pasted_clean ratio macro_incr pasted_incr ratio
for module in $modules; do
  printf '%-8s %11s %12s %6s %10s %11s %6s\n' "$module" \
    "${result[$module-macro,clean]:--}" "${result[$module-pasted,clean]:--}" \
    "$(ratio "${result[$module-macro,clean]:-0}" "${result[$module-pasted,clean]:-0}")" \
    "${result[$module-macro,incr]:--}" "${result[$module-pasted,incr]:--}" \
    "$(ratio "${result[$module-macro,incr]:-0}" "${result[$module-pasted,incr]:-0}")"
done
