#!/usr/bin/env python3
"""Records Terraform's diagnostics for the bad modules, for `codegen/tests/loader_bad.rs`.

    python3 tests/modules/bad/record.py [CASE...]   # every case by default

For each case directory, `terraform validate -json` (no `init`: configuration errors need
none) runs on a copy of its files, and its errors go to `<case>/terraform.txt` in the loader's
own form, one per line: `file:line:column: summary: detail` (the detail without its final
period), in file and position order, each once (Terraform reports some errors more than once,
and in an order that varies between runs). The test holds the loader's problems, as a set, to
that list for every case that has one. The cases in UNRECORDED differ from Terraform in a way
the list says, and get no recording.

Needs terraform (1.11.4) on the PATH.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ENV = dict(os.environ, CHECKPOINT_DISABLE="1", TF_CLI_CONFIG_FILE="/dev/null")

# Cases the loader reports differently from Terraform, and why.
UNRECORDED = {
    "no_files": "tfvars refuses a directory without configuration files; Terraform accepts it",
    "no_variables": "tfvars refuses a module without variables; Terraform accepts it",
    "cycles": "Terraform names the cycle's members in an order that varies between runs",
    "json_syntax_error": "after a JSON syntax error Terraform goes on to report what the "
    "partial document lacks; tfvars reports the syntax errors only",
}


def diagnostics(case):
    with tempfile.TemporaryDirectory() as tmp:
        for name in os.listdir(os.path.join(HERE, case)):
            if name.endswith((".tf", ".tf.json")):
                shutil.copy(os.path.join(HERE, case, name), tmp)
        out = subprocess.run(
            ["terraform", "validate", "-json", "-no-color"],
            cwd=tmp, env=ENV, capture_output=True, text=True, check=False,
        )
    lines = set()
    for d in json.loads(out.stdout)["diagnostics"]:
        if d["severity"] != "error":
            continue
        r = d.get("range")
        at = f'{r["filename"]}:{r["start"]["line"]}:{r["start"]["column"]}: ' if r else ""
        detail = d["detail"].rstrip(".")
        lines.add(at + d["summary"] + (": " + detail if detail else ""))
    return sorted(lines, key=position)


def position(line):
    parts = line.split(":", 3)
    try:
        return (parts[0], int(parts[1]), int(parts[2]))
    except (ValueError, IndexError):
        return ("", 0, 0)


def main():
    cases = sys.argv[1:] or sorted(
        c for c in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, c))
    )
    for case in cases:
        recording = os.path.join(HERE, case, "terraform.txt")
        if case in UNRECORDED:
            if os.path.exists(recording):
                os.remove(recording)
            print(f"{case}: not recorded: {UNRECORDED[case]}")
            continue
        lines = diagnostics(case)
        with open(recording, "w") as f:
            f.write("".join(l + "\n" for l in lines))
        print(f"{case}: {len(lines)} errors")


if __name__ == "__main__":
    main()
