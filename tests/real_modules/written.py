#!/usr/bin/env python3
"""Holds the writers of the code `terraform_vars!` generates to Terraform, on published modules.

For a sample of the inputs Terraform accepted in tests/real_modules/judged/ (recorded by
`judged.py record`), the module Terraform judged is given to `tfvars rust` as in typed.py, and
the generated code reads each input (`Variables::from_tfvars_json`, then `validate()`) and
writes it back the three ways a deployment tool hands values to Terraform:
`to_tfvars_json()` (a `.tfvars.json` file), `to_tfvars_hcl()` (a `.tfvars` file) and `to_env()`
(`TF_VAR_` environment variables). Terraform then plans the module with the input itself and
with each written form; the module has one output per variable (`value = var.NAME`, all but
ephemeral variables), read back with `terraform show -json`. Every written form must be
accepted, and must give every output the value and type the input gave it. `to_env` refuses a
`null` for a variable of a primitive type (a `TF_VAR_` value of one is literal text, so `null`
has no form there): such an input is checked in the two file forms only, and counted.

    written.py [CORPUS] [--dirs N] [--per-dir K]   # default /work/corpus, every directory, 2

It prints the inputs written, how many of each form Terraform read back unchanged, every
difference (the input, the form, the variable, both values), the inputs the generated code did
not read (a `null` where its Rust type has no `Option`, see typed.py) and those without a
`TF_VAR_` form, each with the generated code's reason, and exits 1 on any difference. It needs
what typed.py needs (a release CLI, cargo) and Terraform 1.11.4 (TERRAFORM for another binary).
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import typed  # noqa: E402
from judged import ENV, PRESENT_ONLY_HELP, describe, judged_module, recorded_document, run  # noqa: E402

# The judge binary: for each line `INDEX<TAB>DOCUMENT`, one line of JSON: the three written
# forms (`env_refused` in place of `env` when `to_env` refuses the values, with why), or why the
# document was not read.
MAIN = typed.main_text("""match verdict {
            Ok((json, hcl, Ok(env))) => serde_json::json!({"json": json, "hcl": hcl, "env": env}),
            Ok((json, hcl, Err(why))) => {
                serde_json::json!({"json": json, "hcl": hcl, "env_refused": why})
            }
            Err(why) => serde_json::json!({"error": why}),
        }""")

RETURNS = "(String, String, Result<Vec<(String, String)>, String>)"


def written_arm(i):
    """Module i's arm: read and validate the document, then write it three ways (`to_env` may
    refuse: a `null` for a variable of a primitive type has no `TF_VAR_` form)."""
    return [
        "let v = m%d::Variables::from_tfvars_json(doc).map_err(|r| format!(\"read: {r}\"))?;" % i,
        "v.validate().map_err(|r| format!(\"validate: {r}\"))?;",
        "let env = v.to_env().map_err(|e| e.to_string());",
        "Ok((v.to_tfvars_json(), v.to_tfvars_hcl(), env))",
    ]


def sample(recs, k):
    """Up to k inputs Terraform accepted, a deterministic pick spread over the variables varied
    (the base document first, when it is recorded)."""
    accepted = [r for r in recs if r["terraform"]]
    key = lambda r: hashlib.sha256(json.dumps(r, sort_keys=True).encode()).hexdigest()
    accepted.sort(key=lambda r: (r["var"] is not None, key(r)))
    picked, seen = [], set()
    for r in accepted:
        if len(picked) < k and r["var"] not in seen:
            picked.append(r)
            seen.add(r["var"])
    for r in accepted:
        if len(picked) < k and r not in picked:
            picked.append(r)
    return picked


def outputs_of(terraform, module, var_file=None, env=None):
    """Terraform's plan of `module` with one variables file or extra environment variables:
    (accepted, {output: {value, type, sensitive}} or the error text)."""
    with tempfile.TemporaryDirectory() as tmp:
        plan = os.path.join(tmp, "plan")
        cmd = [terraform, "plan", "-input=false", "-lock=false", "-no-color", "-out=" + plan]
        if var_file:
            cmd.append("-var-file=" + var_file)
        rc, out, err = run(cmd, cwd=module, env=dict(ENV, **(env or {})))
        if rc != 0:
            return False, (err or out).strip()[-600:]
        rc, out, err = run([terraform, "show", "-json", plan], cwd=module)
        if rc != 0:
            return False, "terraform show: " + (err or out).strip()[-300:]
        return True, json.loads(out).get("planned_values", {}).get("outputs", {})


def prepare(terraform, tfvars, corpus, key, tmp):
    """The module Terraform judged for directory `key`, with one output per variable that is
    not ephemeral, initialised under `tmp`; None when it cannot be."""
    module = os.path.join(tmp, "module")
    os.makedirs(module)
    variables = judged_module(tfvars, corpus, key, module)
    with open(os.path.join(module, "zz_written_outputs.tf"), "w") as f:
        for name, v in variables.items():
            if not v.get("ephemeral"):
                f.write('output "v_%s" {\n  value     = var.%s\n  sensitive = true\n}\n\n' % (name, name))
    rc, out, err = run([terraform, "init", "-input=false", "-backend=false"], cwd=module)
    return module if rc == 0 else None


def differences(want, got):
    """The outputs whose value or type differ, as text."""
    found = []
    for name in sorted(set(want) | set(got)):
        a, b = want.get(name), got.get(name)
        if a != b:
            found.append("%s: input %s, written %s" % (
                name[2:], json.dumps(a)[:300], json.dumps(b)[:300]))
    return found


def check_dir(args, key, recs, answers):
    """(forms read back unchanged per form, [differences], [inputs not read], [inputs `to_env`
    refused]) for one directory."""
    same = {"json": 0, "hcl": 0, "env": 0}
    differ, refused, env_refused = [], [], []
    repo, commit, rel = key
    with tempfile.TemporaryDirectory() as tmp:
        module = prepare(args.terraform, args.tfvars, args.corpus, key, tmp)
        if module is None:
            return same, ["%s@%s %s: terraform init failed" % (repo, commit[:12], rel)], refused, env_refused
        for r, answer in zip(recs, answers):
            what = describe(key, r)
            if "error" in answer:
                refused.append("%s  [%s]" % (what, answer["error"].replace("\n", " ")[:300]))
                continue
            doc = recorded_document(r["_base"], r)
            given = os.path.join(tmp, "given.tfvars.json")
            with open(given, "w") as f:
                json.dump(doc, f)
            ok, want = outputs_of(args.terraform, module, var_file=given)
            if not ok:
                differ.append("%s  [the input itself is no longer accepted: %s]" % (what, want))
                continue
            forms = {}
            for form, name in (("json", "written.tfvars.json"), ("hcl", "written.tfvars")):
                path = os.path.join(tmp, name)
                with open(path, "w") as f:
                    f.write(answer[form])
                forms[form] = outputs_of(args.terraform, module, var_file=path)
            if "env" in answer:
                forms["env"] = outputs_of(args.terraform, module, env=dict(answer["env"]))
            else:
                env_refused.append("%s  [%s]" % (what, answer["env_refused"].replace("\n", " ")[:300]))
            for form, (ok, got) in forms.items():
                if not ok:
                    differ.append("%s  [%s form rejected: %s]" % (what, form, got))
                    continue
                found = differences(want, got)
                if found:
                    differ.append("%s  [%s form: %s]" % (what, form, "; ".join(found)))
                else:
                    same[form] += 1
    return same, differ, refused, env_refused


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("corpus", nargs="?", default="/work/corpus")
    p.add_argument("--tfvars", default=os.environ.get(
        "TFVARS", os.path.join(typed.ROOT, "target", "release", "tfvars")))
    p.add_argument("--terraform", default=os.environ.get("TERRAFORM", "terraform"))
    p.add_argument("--dirs", type=int, default=0, help="directories to sample (0: every one)")
    p.add_argument("--per-dir", type=int, default=2, help="accepted inputs per directory")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--keep", metavar="DIR", help="build the scratch crate in DIR and keep it")
    p.add_argument("--present-only", action="store_true", help=PRESENT_ONLY_HELP)
    args = p.parse_args()
    if not shutil.which(args.terraform):
        sys.exit("written.py: %s not found" % args.terraform)

    by_dir = typed.recorded_by_dir()
    keys = sorted(by_dir, key=lambda k: hashlib.sha256(repr(k).encode()).hexdigest())
    if args.dirs:
        keys = keys[:args.dirs]
    chosen = {}
    for k in keys:
        base = next(r["base"] for r in by_dir[k] if r["var"] is None)
        picked = [dict(r, _base=base) for r in sample(by_dir[k], args.per_dir)]
        if picked:
            chosen[k] = picked
    work = args.keep or tempfile.mkdtemp(prefix="tfvars-written-")
    modules, missing, failed = typed.generate(args.tfvars, args.corpus, chosen, work)
    typed.write_workspace(work, len(modules), main=MAIN, arm=written_arm, returns=RETURNS,
                          deps='serde_json = "1"\n')
    print("compiling the code of %d modules..." % len(modules), flush=True)
    binary = typed.build(work)
    lines = []
    for i, (key, recs) in enumerate(modules):
        for r in recs:
            lines.append("%d\t%s" % (i, json.dumps(recorded_document(r["_base"], r))))
    answers = [json.loads(line) for line in typed.ask(binary, lines)]
    per_module, at = [], 0
    for key, recs in modules:
        per_module.append((key, recs, answers[at:at + len(recs)]))
        at += len(recs)

    same = {"json": 0, "hcl": 0, "env": 0}
    differ, refused, env_refused = [], [], []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for s, d, r, e in pool.map(lambda m: check_dir(args, *m), per_module):
            for form in same:
                same[form] += s[form]
            differ += d
            refused += r
            env_refused += e
    written = len(lines) - len(refused)
    print("inputs Terraform accepted, read by the generated code and written: %d of %d, in %d "
          "directories of %d repositories" % (written, len(lines), len(modules),
                                              len({k[0] for k, _ in modules})))
    print("read back by Terraform unchanged: .tfvars.json %d and .tfvars %d of %d, TF_VAR_ %d of %d" % (
        same["json"], same["hcl"], written, same["env"], written - len(env_refused)))
    print("differences: %d" % len(differ))
    for d in differ[:100]:
        print("  " + d)
    print("not read by the generated code (it says why): %d" % len(refused))
    for r in refused[:50]:
        print("  " + r)
    print("no TF_VAR_ form (to_env says why): %d" % len(env_refused))
    for r in env_refused[:50]:
        print("  " + r)
    typed.finish(missing, failed, work, args.keep, differ, args.present_only)


if __name__ == "__main__":
    main()
