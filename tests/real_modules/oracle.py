#!/usr/bin/env python3
"""Holds the JSON Schema of published modules to the runtime's verdicts, with no Terraform.

The runtime agrees with Terraform (the conformance cases, and `judged.py check --validate` on
inputs Terraform judged), so it can judge the schema on far more inputs than Terraform could:
`codegen/tests/schema_oracle.rs` generates values for every variable of a module (from its type
and the literals of its rules) and compares the schema's verdict with the runtime's, under every
combination of the schema flags. By default it runs on the repository's fixtures; this script
runs it on every module directory of a corpus (laid out by check.py, default /work/corpus) that
declares a `validation` block, or on the first N of them (`--limit N`).

    oracle.py [CORPUS] [--limit N] [--failures FILE] [--seed N]

Prints the test's tallies and, on a disagreement (the schema rejecting a document the runtime
accepts, or accepting one it rejects for a variable whose rules are all translated), the first
disagreements with their module, variable, value and flags (all of them to FILE with
`--failures`); exits as the test does. `--seed N` draws other random values (mutated strings,
collections) than the fixed seed the repository's own run uses.
Needs the Rust toolchain (the test is built in release mode).
"""

import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from check import module_dirs  # noqa: E402


def has_rules(dir):
    for name in sorted(os.listdir(dir)):
        if name.endswith(".tf"):
            try:
                with open(os.path.join(dir, name), encoding="utf-8", errors="replace") as f:
                    if "validation" in f.read():
                        return True
            except OSError:
                pass
    return False


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("corpus", nargs="?", default="/work/corpus")
    p.add_argument("--limit", type=int, default=0, help="at most this many directories")
    p.add_argument("--failures", help="write every disagreement to this file")
    p.add_argument("--seed", type=int, help="another seed for the generated values")
    args = p.parse_args()
    dirs = []
    for repo in sorted(os.listdir(args.corpus)):
        path = os.path.join(args.corpus, repo)
        if os.path.isdir(path):
            dirs.extend(d for d in module_dirs(path) if has_rules(d))
    if args.limit:
        dirs = dirs[: args.limit]
    print("%d module directories with validation blocks" % len(dirs), flush=True)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(dirs) + "\n")
    try:
        env = dict(os.environ, TFVARS_ORACLE_DIRS=listing.name)
        if args.failures:
            env["TFVARS_ORACLE_FAILURES"] = os.path.abspath(args.failures)
        if args.seed is not None:
            env["TFVARS_ORACLE_SEED"] = str(args.seed)
        cmd = ["cargo", "test", "--release", "-q", "-p", "tfvars-codegen", "--test", "schema_oracle",
               "schema_verdicts_equal_the_runtime", "--", "--nocapture"]
        sys.exit(subprocess.run(cmd, cwd=ROOT, env=env).returncode)
    finally:
        os.unlink(listing.name)


if __name__ == "__main__":
    main()
