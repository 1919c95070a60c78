#!/usr/bin/env bash
# A short fuzz session of every target: `fuzz/run.sh [SECONDS] [TARGET...]`.
#
# Each target runs SECONDS (default 60) on one core, starting from its checked-in corpus in
# fuzz/corpus/<target>/ (read, never written: new inputs go to a scratch directory). Prints,
# per target, the executions, executions per second, coverage and findings; a crash, hang or
# out-of-memory input is saved under fuzz/artifacts/<target>/. Exits 1 when anything was found.
#
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
set -uo pipefail

cd "$(dirname "$0")"
secs=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(hcl loader tfvars_json tfvars_hcl convert eval eval_ir)
fi

dict_for() {
    case "$1" in
        hcl | loader | tfvars_hcl | eval) echo "-dict=dict/hcl.dict" ;;
        tfvars_json | convert) echo "-dict=dict/json.dict" ;;
        *) echo "" ;;
    esac
}

# Inputs beyond these lengths mostly test nesting depth, which has its own limits and tests.
max_len_for() {
    case "$1" in
        hcl | loader | tfvars_hcl | tfvars_json) echo 8192 ;;
        *) echo 4096 ;;
    esac
}

# Built once (release, debug assertions and overflow checks on, no sanitizer: the code is safe
# Rust), then each binary is run directly.
cargo +nightly fuzz build -s none -a >/dev/null 2>build.log || {
    cat build.log >&2
    exit 2
}
rm -f build.log

found=0
printf '%-12s %12s %9s %8s %8s %s\n' target executions exec/s cov ft findings
for t in "${targets[@]}"; do
    scratch=$(mktemp -d)
    mkdir -p "corpus/$t" "artifacts/$t"
    log="artifacts/$t/last-run.log"
    before=$(find "artifacts/$t" -type f ! -name '*.log' | wc -l)
    # shellcheck disable=SC2046
    "target/x86_64-unknown-linux-gnu/release/$t" -artifact_prefix="artifacts/$t/" \
        "$scratch" "corpus/$t" \
        -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 \
        -max_len=$(max_len_for "$t") $(dict_for "$t") -print_final_stats=1 \
        >"$log" 2>&1
    after=$(find "artifacts/$t" -type f ! -name '*.log' | wc -l)
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
    new=$((after - before))
    what="none"
    if [ "$new" -gt 0 ]; then
        found=1
        what="$new new in artifacts/$t/ (see $log)"
    fi
    printf '%-12s %12s %9s %8s %8s %s\n' "$t" "${runs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$what"
    rm -rf "$scratch"
done
exit $found
