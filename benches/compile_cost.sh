#!/usr/bin/env bash
# What `tfvars` costs a user crate at compile time, against a baseline crate that depends only
# on serde (derive) and serde_json and writes a similar struct as JSON.
#
#   benches/compile_cost.sh [RUNS]     (default 3 runs per crate and profile)
#   PROFILES="debug" benches/compile_cost.sh 5
#   REF_ROOT=/tmp/old benches/compile_cost.sh   also measure another checkout of this repository
#                                               (e.g. `git archive OLD | tar -x -C /tmp/old`)
#
# User crates are created in a temporary directory, all locked to this repository's Cargo.lock
# so they build the same versions:
#   baseline   serde + serde_json; a hand-written `Variables` struct shaped like the
#              examples/network module's variables, written with `serde_json::to_string_pretty`
#   tfvars     `tfvars` as a path dependency on this repository (default features);
#              `terraform_vars!` on examples/network, the builder, `validate()` and
#              `write_tfvars_json`
#   ref        the same program against REF_ROOT's `tfvars` (with its Cargo.lock), if given
# Runs are interleaved (run 1 of every crate, then run 2, …), so a change in the machine's load
# hits every crate alike. For each crate it reports:
#   crates     distinct packages in `cargo tree -e normal,build` (the crate itself included)
#   units      `Compiling` lines of a clean build (a package built for both the host and the
#              target counts twice)
#   debug_s    clean `cargo build` wall time, median over RUNS (each run in a fresh target dir)
#   debug_cpu  its CPU time (user + system, all rustc processes): steadier on a busy machine
#   release_s, release_cpu   the same for `cargo build --release` (RELEASE_RUNS runs, default RUNS)
#   touch_s    rebuild after touching main.rs (debug): the macro's cost on every build
# and the ratios to the baseline. The machine's load shows in the absolute figures: compare
# ratios and medians.
set -euo pipefail
runs=${1:-3}
profiles=${PROFILES:-debug release}
root=$(cd "$(dirname "$0")/.." && pwd)
ref_root=${REF_ROOT:-}
work=$(mktemp -d "${TMPDIR:-/tmp}/tfvars-compile-cost.XXXXXX")
trap 'rm -rf "$work"' EXIT
# A compiler cache would turn clean builds into cache hits.
unset RUSTC_WRAPPER CARGO_BUILD_RUSTC_WRAPPER
export CARGO_TERM_COLOR=never

mkdir -p "$work/baseline/src"

cat >"$work/baseline/Cargo.toml" <<'EOF'
[package]
name = "baseline-user"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
serde = { version = "1", features = ["derive"] }
serde_json = "1"
EOF

cat >"$work/baseline/src/main.rs" <<'EOF'
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Subnet {
    cidr: String,
    zone: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    public: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tags: Option<BTreeMap<String, String>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Nat {
    #[serde(skip_serializing_if = "Option::is_none")]
    mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    eip_allocations: Option<Vec<String>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct FlowLogs {
    enabled: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    retention_days: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Variables {
    region: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    vpc_cidr: Option<String>,
    availability_zones: BTreeSet<String>,
    subnets: BTreeMap<String, Subnet>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nat: Option<Nat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    flow_logs: Option<FlowLogs>,
    bastion_admin_password: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    tags: Option<BTreeMap<String, String>>,
}

fn main() {
    let subnet = Subnet {
        cidr: "10.20.0.0/24".into(),
        zone: "eu-west-1a".into(),
        public: Some(true),
        tags: None,
    };
    let vars = Variables {
        region: "eu-west-1".into(),
        vpc_cidr: Some("10.20.0.0/16".into()),
        availability_zones: ["eu-west-1a", "eu-west-1b"].map(String::from).into(),
        subnets: BTreeMap::from([("public-0".to_string(), subnet)]),
        nat: Some(Nat { mode: Some("single".into()), eip_allocations: None }),
        flow_logs: Some(FlowLogs { enabled: true, retention_days: Some(90.0) }),
        bastion_admin_password: "correct-horse-battery".into(),
        tags: None,
    };
    let text = serde_json::to_string_pretty(&vars).unwrap();
    let back: Variables = serde_json::from_str(&text).unwrap();
    assert_eq!(back, vars);
    std::fs::write("network.tfvars.json", text).unwrap();
}
EOF

# A user crate of `tfvars`: user_crate DIR_NAME REPO_ROOT
user_crate() {
  mkdir -p "$work/$1/src"
  cat >"$work/$1/Cargo.toml" <<EOF
[package]
name = "tfvars-user"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
tfvars = { path = "$2" }
EOF

  cat >"$work/$1/src/main.rs" <<EOF
use std::collections::BTreeMap;

mod network {
    tfvars::terraform_vars!("$2/examples/network");
}

use network::{Variables, VariablesFlowLogs, VariablesNat, VariablesSubnets};

fn main() {
    let subnet = VariablesSubnets::builder()
        .cidr("10.20.0.0/24")
        .zone("eu-west-1a")
        .public(true)
        .build();
    let vars = Variables::builder()
        .region("eu-west-1")
        .vpc_cidr("10.20.0.0/16")
        .availability_zones(["eu-west-1a", "eu-west-1b"].map(String::from).into())
        .subnets(BTreeMap::from([("public-0".to_string(), subnet)]))
        .nat(VariablesNat::builder().mode("single").build())
        .flow_logs(VariablesFlowLogs::builder().enabled(true).retention_days(90).build())
        .bastion_admin_password("correct-horse-battery")
        .build();
    vars.validate().unwrap();
    let back = Variables::from_tfvars_json(&vars.to_tfvars_json()).unwrap();
    assert_eq!(back.to_tfvars_json(), vars.to_tfvars_json());
    vars.write_tfvars_json("network.tfvars.json").unwrap();
}
EOF
  cp "$2/Cargo.lock" "$work/$1/Cargo.lock"
}

crates=(baseline tfvars)
user_crate tfvars "$root"
if [ -n "$ref_root" ]; then
  crates+=(ref)
  user_crate ref "$ref_root"
fi
cp "$root/Cargo.lock" "$work/baseline/Cargo.lock"

# The same versions as the workspace; cargo drops the entries a crate does not use.
for c in "${crates[@]}"; do
  (cd "$work/$c" && { cargo fetch -q --offline 2>/dev/null || cargo fetch -q; })
done

now() { date +%s.%N; }

median() {
  sort -g | awk '{a[NR]=$1} END {printf "%.1f", (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'
}

# crates: distinct packages of the normal and build dependency graph.
crates() {
  (cd "$work/$1" && cargo tree -q --offline -e normal,build --prefix none --no-dedupe) |
    sed -e 's/ (\*)$//' -e 's/ (proc-macro)$//' | awk '{print $1, $2}' | sort -u | wc -l
}

# One clean build in a fresh target dir: prints "<wall seconds> <CPU seconds> <units compiled>".
# CPU time (user + system of cargo and every rustc it ran) barely moves with the machine's
# load, where wall time does: on a shared machine, compare CPU times.
clean_build() {
  local crate=$1 profile=$2 target="$work/target-$1-$2-$3" flag=()
  [ "$profile" = release ] && flag=(--release)
  (cd "$work/$crate" && CARGO_TARGET_DIR="$target" /usr/bin/time -f '%e %U %S' -o "$work/time" \
    cargo build --offline "${flag[@]}" 2>"$work/log")
  read -r wall user sys <"$work/time"
  echo "$wall $(echo "$user + $sys" | bc) $(grep -c '^ *Compiling ' "$work/log")"
}

declare -A result
for crate in "${crates[@]}"; do
  result[$crate,crates]=$(crates "$crate")
done
for profile in $profiles; do
  n=$runs
  [ "$profile" = release ] && n=${RELEASE_RUNS:-$runs}
  for crate in "${crates[@]}"; do : >"$work/wall-$crate"; : >"$work/cpu-$crate"; done
  for i in $(seq "$n"); do
    for crate in "${crates[@]}"; do
      read -r wall cpu units < <(clean_build "$crate" "$profile" "$i")
      echo "$wall" >>"$work/wall-$crate"
      echo "$cpu" >>"$work/cpu-$crate"
      result[$crate,units]=$units
      echo "  $crate $profile run $i: ${wall}s wall, ${cpu}s CPU, $units units" >&2
      [ "$i" -lt "$n" ] && rm -rf "$work/target-$crate-$profile-$i"
    done
  done
  for crate in "${crates[@]}"; do
    result[$crate,$profile]=$(median <"$work/wall-$crate")
    result[$crate,$profile-cpu]=$(median <"$work/cpu-$crate")
  done
done
# Rebuild after an edit of the invoking file, in the last debug target dir.
if [[ " $profiles " == *" debug "* ]]; then
  for crate in "${crates[@]}"; do : >"$work/times-$crate"; done
  for i in $(seq "$runs"); do
    for crate in "${crates[@]}"; do
      touch "$work/$crate/src/main.rs"
      t0=$(now)
      (cd "$work/$crate" && CARGO_TARGET_DIR="$work/target-$crate-debug-$runs" cargo build -q --offline)
      t1=$(now)
      echo "$t1 - $t0" | bc >>"$work/times-$crate"
    done
  done
  for crate in "${crates[@]}"; do result[$crate,touch]=$(median <"$work/times-$crate"); done
fi
rm -rf "$work"/target-*

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

echo "runs=$runs (release ${RELEASE_RUNS:-$runs}), medians in seconds, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
row() { printf '%-16s %6s %5s %8s %8s %10s %9s %7s\n' "$@"; }
row crate crates units debug_s debug_cpu release_s release_cpu touch_s
for crate in "${crates[@]}"; do
  row "$crate" "${result[$crate,crates]}" "${result[$crate,units]}" \
    "${result[$crate,debug]:--}" "${result[$crate,debug-cpu]:--}" \
    "${result[$crate,release]:--}" "${result[$crate,release-cpu]:--}" "${result[$crate,touch]:--}"
done
for crate in "${crates[@]:1}"; do
  r=()
  for k in crates units debug debug-cpu release release-cpu touch; do
    r+=("$(ratio "${result[$crate,$k]:-0}" "${result[baseline,$k]:-0}")")
  done
  row "$crate/baseline" "${r[@]}"
done
