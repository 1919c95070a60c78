#!/usr/bin/env python3
"""Checks that every schema `tfvars schema` writes is valid draft-07, with a second validator
(Python's `jsonschema`; the Rust tests use the `jsonschema` crate): the fixture modules of this
repository and the module directories of a corpus (default /work/corpus, laid out by check.py),
each with the default flags, the recommended `--terraform-conversions --nullable-all
--terraform-version 1.11 --error-messages --cfn-lint-keywords`, and `--require-all
--disallow-additional-properties --nullable-all`. Every schema is checked against the draft-07
meta-schema and compiled (its regexes compiled too); a few sample documents (`{}` and the
defaults) are validated to exercise every keyword. Exits 1 on any invalid schema.

Needs a built CLI (TFVARS, default target/debug/tfvars) and `pip install jsonschema`.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from check import module_dirs  # noqa: E402

FLAG_SETS = [
    [],
    ["--terraform-conversions", "--nullable-all", "--terraform-version", "1.11",
     "--error-messages", "--cfn-lint-keywords"],
    ["--require-all", "--disallow-additional-properties", "--nullable-all"],
]


def patterns(node, out):
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "pattern" and isinstance(v, str):
                out.append(v)
            else:
                patterns(v, out)
    elif isinstance(node, list):
        for v in node:
            patterns(v, out)


def check(tfvars, dir):
    problems = []
    schemas = 0
    for flags in FLAG_SETS:
        run = subprocess.run([tfvars, "schema", "-i", dir, "--stdout"] + flags,
                             capture_output=True, text=True, timeout=120)
        if run.returncode != 0:
            continue
        schemas += 1
        try:
            schema = json.loads(run.stdout)
            jsonschema.Draft7Validator.check_schema(schema)
            validator = jsonschema.Draft7Validator(schema)
            defaults = {k: v["default"] for k, v in schema.get("properties", {}).items()
                        if isinstance(v, dict) and "default" in v}
            for doc in ({}, defaults):
                list(validator.iter_errors(doc))
            found = []
            patterns(schema, found)
            for p in found:
                # Python's `re` reads the ECMA-262 subset the translation writes.
                re.compile(p)
        except Exception as e:  # noqa: BLE001 - any failure is a finding
            problems.append(f"{dir} {' '.join(flags)}: {type(e).__name__}: {str(e)[:300]}")
    return schemas, problems


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("corpus", nargs="?", default="/work/corpus")
    p.add_argument("--tfvars", default=os.environ.get(
        "TFVARS", os.path.join(ROOT, "target", "debug", "tfvars")))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = p.parse_args()
    dirs = []
    for parent in ["tests/modules", "examples", "tests/conformance/cases"]:
        for d in sorted(os.listdir(os.path.join(ROOT, parent))):
            if os.path.isdir(os.path.join(ROOT, parent, d)):
                dirs.append(os.path.join(ROOT, parent, d))
    if os.path.isdir(args.corpus):
        for repo in sorted(os.listdir(args.corpus)):
            dirs.extend(module_dirs(os.path.join(args.corpus, repo)))
    total, problems = 0, []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for n, found in pool.map(lambda d: check(args.tfvars, d), dirs):
            total += n
            problems.extend(found)
    print(f"{len(dirs)} module directories, {total} schemas checked against the draft-07 "
          f"meta-schema (Python jsonschema {jsonschema.__version__}): {len(problems)} invalid")
    for line in problems[:50]:
        print(line)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
