#!/usr/bin/env python3
"""Measures the share of `validation` blocks that `tfvars schema` translates into JSON Schema,
over a corpus of published modules (laid out by check.py: one directory per repository under
CORPUS, default /work/corpus; the corpus itself stays outside the repository).

For every module directory (as check.py finds them):
- `tfvars schema --export-variables --stdout` counts the validation blocks the module declares;
- `tfvars schema --debug [FLAGS]` writes the schema and prints one warning per block it leaves
  out, with `--debug` naming the construct that stopped it.

Prints the totals, the share translated, and the most frequent reasons a block was left out
(with `--reasons N`). FLAGS default to the invocation the README recommends for a schema that
judges like Terraform (`--terraform-conversions --nullable-all --terraform-version 1.11`);
`--flags ''` measures the default output. Needs a built CLI (TFVARS, default target/debug/tfvars).
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from check import module_dirs  # noqa: E402

DEBUG_RE = re.compile(r"^Debug: condition located at \"[^\"]*\": (.*)$")


def measure(tfvars, flags, dir):
    exported = subprocess.run(
        [tfvars, "schema", "-i", dir, "--stdout", "--export-variables"],
        capture_output=True, text=True, timeout=120)
    if exported.returncode != 0:
        return dir, None, None, []
    try:
        variables = json.loads(exported.stdout)
    except json.JSONDecodeError:
        return dir, None, None, []
    blocks = sum(len(v.get("validation") or []) for v in variables.values())
    if blocks == 0:
        return dir, 0, 0, []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "schema.json")
        run = subprocess.run(
            [tfvars, "schema", "-i", dir, "-o", out, "--debug"] + flags,
            capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        return dir, blocks, None, []
    left_out = sum(1 for l in run.stdout.splitlines()
                   if l.startswith("Warning: couldn't apply validation"))
    reasons = [m.group(1) for m in map(DEBUG_RE.match, run.stdout.splitlines()) if m]
    return dir, blocks, left_out, reasons


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("corpus", nargs="?", default="/work/corpus")
    p.add_argument("--tfvars", default=os.environ.get(
        "TFVARS", os.path.join(ROOT, "target", "debug", "tfvars")))
    p.add_argument("--flags", default="--terraform-conversions --nullable-all --terraform-version 1.11")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--reasons", type=int, default=0, help="print the N most frequent reasons")
    args = p.parse_args()
    flags = args.flags.split()
    dirs = []
    for repo in sorted(os.listdir(args.corpus)):
        path = os.path.join(args.corpus, repo)
        if os.path.isdir(path):
            dirs.extend(module_dirs(path))
    totals = collections.Counter()
    reasons = collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for dir, blocks, left_out, why in pool.map(lambda d: measure(args.tfvars, flags, d), dirs):
            totals["dirs"] += 1
            if blocks is None or left_out is None:
                totals["not loaded"] += 1
                continue
            if blocks:
                totals["dirs with rules"] += 1
            totals["blocks"] += blocks
            totals["left out"] += left_out
            for r in why:
                # Quoted details (patterns, names) vary; the construct is what counts.
                reasons[re.sub(r'"[^"]*"|`[^`]*`', "…", r)] += 1
    translated = totals["blocks"] - totals["left out"]
    share = 100.0 * translated / totals["blocks"] if totals["blocks"] else 0.0
    print(f"module directories: {totals['dirs']} ({totals['not loaded']} not loaded), "
          f"with validation blocks: {totals['dirs with rules']}")
    print(f"validation blocks: {totals['blocks']}, translated: {translated} ({share:.1f}%), "
          f"left out: {totals['left out']}  [flags: {' '.join(flags) or '(none)'}]")
    for why, n in reasons.most_common(args.reasons):
        print(f"{n:6}  {why}")


if __name__ == "__main__":
    main()
