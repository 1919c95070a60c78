#!/usr/bin/env bash
# Records evaluator cases from `terraform console` (Terraform 1.11.4):
#   record_eval.sh < expressions.txt > eval_family.tsv
# One expression per input line; each output line is the expression, a tab, then either
# `=> VALUE` (the console output, newlines written as \n) or `!! Error: SUMMARY (source code not
# available) DETAIL` with runs of white space collapsed. Lines starting with `#` in a .tsv file
# are comments; `#known:` marks a recorded case the runtime does not match yet, with the reason.
set -euo pipefail
export CHECKPOINT_DISABLE=1
empty_rc=$(mktemp)
export TF_CLI_CONFIG_FILE="$empty_rc"
work=$(mktemp -d)
trap 'rm -rf "$work" "$empty_rc"' EXIT
cd "$work"
while IFS= read -r line; do
  [ -z "$line" ] && continue
  if out=$(printf '%s\n' "$line" | terraform console -no-color 2>&1); then
    printf '%s\t=> %s\n' "$line" "$(printf '%s' "$out" | tr '\n' '\r' | sed 's/\r/\\n/g')"
  else
    msg=$(printf '%s' "$out" | grep -v '^╷\|^╵\|^│ *$' | sed 's/^│ //' \
      | grep -v '^ *on <console-input>\|^ *[0-9]*: \|^  *├\|^  *│' | tr '\n' ' ' | sed 's/  */ /g')
    printf '%s\t!! %s\n' "$line" "$msg"
  fi
done
