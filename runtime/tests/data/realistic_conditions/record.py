#!/usr/bin/env python3
"""Records Terraform's verdicts on realistic validation conditions.

For every module here (`<module>/main.tf` + `<module>/cases.json`), each case's var file is the
module's `base` values with the case's overrides on top; it is written to
`<module>/inputs/<case>.tfvars.json`, then `terraform plan -json` runs on it (Terraform 1.11.4,
from a scratch copy of the module) and its exit status and diagnostics are written to
`<module>/recorded.json`:

    {"<case>": {"exit": 1, "diagnostics": [{"severity": "error", "summary": "…",
                "detail": "…", "range": "inputs/<case>.tfvars.json:3:17",
                "range_end": "3:25"}]}}

Diagnostics are sorted (Terraform evaluates variables concurrently, so their order varies).

    python3 record.py            # every module
    python3 record.py naming     # some modules
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))


def env():
    e = dict(os.environ)
    e["CHECKPOINT_DISABLE"] = "1"
    rc = os.path.join(tempfile.gettempdir(), "tfvars-empty.tfrc")
    open(rc, "a").close()
    e["TF_CLI_CONFIG_FILE"] = rc
    e.pop("TF_CLI_ARGS", None)
    return e


def plan(work, case):
    out = subprocess.run(
        ["terraform", "plan", "-input=false", "-no-color", "-json", "-lock=false",
         f"-var-file=inputs/{case}.tfvars.json"],
        cwd=work, env=env(), capture_output=True, text=True)
    diags = []
    for line in out.stdout.splitlines():
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if msg.get("type") != "diagnostic":
            continue
        d = msg["diagnostic"]
        entry = {"severity": d["severity"], "summary": d["summary"], "detail": d.get("detail", "")}
        r = d.get("range")
        if r:
            entry["range"] = f'{r["filename"]}:{r["start"]["line"]}:{r["start"]["column"]}'
            entry["range_end"] = f'{r["end"]["line"]}:{r["end"]["column"]}'
        diags.append(entry)
    diags.sort(key=lambda d: json.dumps(d, sort_keys=True))
    return {"exit": out.returncode, "diagnostics": diags}


def record(module):
    mdir = os.path.join(HERE, module)
    spec = json.load(open(os.path.join(mdir, "cases.json")))
    inputs = os.path.join(mdir, "inputs")
    shutil.rmtree(inputs, ignore_errors=True)
    os.makedirs(inputs)
    for case, overrides in spec["cases"].items():
        values = dict(spec["base"])
        values.update(overrides)
        with open(os.path.join(inputs, f"{case}.tfvars.json"), "w") as f:
            json.dump(values, f, indent=2, ensure_ascii=False)
            f.write("\n")
    work = tempfile.mkdtemp(prefix=f"tfvars-rc-{module}-")
    try:
        shutil.copy(os.path.join(mdir, "main.tf"), work)
        shutil.copytree(inputs, os.path.join(work, "inputs"))
        subprocess.run(["terraform", "init", "-input=false", "-backend=false"], cwd=work,
                       env=env(), check=True, capture_output=True)
        with ThreadPoolExecutor(max_workers=3) as pool:
            results = dict(zip(spec["cases"], pool.map(lambda c: plan(work, c), spec["cases"])))
    finally:
        shutil.rmtree(work)
    with open(os.path.join(mdir, "recorded.json"), "w") as f:
        json.dump(results, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")
    bad = sum(1 for r in results.values() if r["exit"] != 0)
    print(f"{module}: {len(results)} cases, {bad} rejected")


def main():
    modules = sys.argv[1:] or sorted(
        d for d in os.listdir(HERE) if os.path.isfile(os.path.join(HERE, d, "cases.json")))
    for m in modules:
        record(m)


if __name__ == "__main__":
    main()
