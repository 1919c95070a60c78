#!/usr/bin/env python3
"""Holds the JSON Schema of published modules to Terraform's own verdicts on real inputs.

The schema is `tfvars schema --terraform-conversions --nullable-all --terraform-version 1.11`
(the invocation the README recommends for a schema that judges like Terraform 1.11), the
validator Python's `jsonschema` (Draft7Validator), the judge Terraform 1.11.4's `terraform plan`.

Two modes:

    judged.py record [CORPUS]   # Terraform judges new inputs; writes tests/real_modules/judged/
    judged.py [check] [CORPUS]  # re-checks the schema against the recorded verdicts, no Terraform

`record` samples module directories with `validation` blocks from the corpus (laid out by
check.py, one directory per repository, default /work/corpus), spread over the repositories;
only variables whose rules were not met in a directory sampled before are varied (many
directories repeat others' rules), plus a few variables without rules.
For each, a scratch module holds only the directory's `variable` blocks (same file names), plus
its `locals` blocks when a rule refers to `local.`; `terraform init -backend=false` and
`terraform validate` must pass on it (a local that refers to anything but variables fails
there, and the directory is counted as skipped). The candidate values come from the generator
of codegen/tests/schema_oracle.rs (`dump_candidates`, an ignored test: values from each
variable's type and the literals of its rules, boundaries, mutations, converted spellings,
null, absent) together with a base document the runtime accepts. Terraform judges the base
document first (a directory whose base it rejects is skipped); then each input is the base with
one variable replaced or left out, so a verdict belongs to that one variable:
`terraform plan -input=false -lock=false -json -var-file=INPUT.tfvars.json`, exit status and
diagnostics recorded. The records (inputs and verdicts, never the modules' files) go to
judged/OWNER+NAME.jsonl: one line per input, keyed by repository, commit and directory.
`record` replaces every judged/*.jsonl; with `--new-repos-only` it passes over the repositories
that already have one (their files are left as they are, byte for byte) and writes files only for
the others, and the rules of the directories already recorded count as seen (a directory
whose rules were all judged before is not picked again). A variable whose rules call a
provider-defined function, directly or through a local, is not varied: the scratch module has no
provider, and there Terraform fails every such call, which the module with its provider would run.

`check` renders the schema of each recorded directory with the CLI and validates every
recorded input against it. It prints the inputs judged, the agreement, the inputs Terraform
accepts that the schema rejects (must be none: a schema never rejects what Terraform accepts),
and the inputs Terraform rejects that the schema accepts, by cause: a rule of the variable (or
one that refers to it) not translated, the variable listed as inexact (`--debug`: "accepts more
than Terraform"), text that NFC could change (an input holding text of the class the
schema lets through its rules unchecked, by design: Terraform judges the NFC form), or other
(a bug).
It exits 1 when either of the two bug classes is not empty, or when a recorded directory is
missing from the corpus (listed).

Needs: Python 3 with `jsonschema` (pip install --user jsonschema), a release CLI
(`cargo build --release -p tfvars-cli`; TFVARS for another binary); for `record` also
Terraform 1.11.4 (TERRAFORM) and the generator
(`cargo test -p tfvars-codegen --test schema_oracle --no-run`; ORACLE_TEST for the binary).
"""

import argparse
import collections
import concurrent.futures
import glob
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from check import Scanner, ScanError, module_dirs, module_files  # noqa: E402

ENV = dict(os.environ, CHECKPOINT_DISABLE="1", TF_CLI_CONFIG_FILE="/dev/null")
FLAGS = ["--terraform-conversions", "--nullable-all", "--terraform-version", "1.11"]
JUDGED = os.path.join(HERE, "judged")
WARN_RE = re.compile(r'^Warning: couldn\'t apply validation for "([^"]*)"')
REASON_RE = re.compile(r'^Debug: condition located at "[^"]*": (.*)$')
INEXACT_RE = re.compile(r'^Debug: variable "([^"]*)" accepts more than Terraform')


# `--present-only`, in this script, typed.py and written.py.
PRESENT_ONLY_HELP = ("check only the recorded directories the corpus holds (a round's own corpus): "
                     "the others are counted, not listed, and do not fail the run")


def need_jsonschema():
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        sys.exit("judged.py needs Python's jsonschema package: pip install --user jsonschema")
    return jsonschema.Draft7Validator


def repos(path):
    out = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and not line.startswith("#"):
                out[parts[0].replace("/", "+")] = (parts[0], parts[1])
    return out


def run(cmd, cwd=None, timeout=300, env=ENV):
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, errors="replace",
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def exported(tfvars, dir):
    rc, out, _ = run([tfvars, "schema", "-i", dir, "--stdout", "--export-variables"])
    if rc != 0:
        return None
    try:
        return json.loads(out)
    except json.JSONDecodeError:
        return None


def schema_of(tfvars, dir):
    """(schema, {variable with a rule left out: [why, for each such rule]}, names listed as
    inexact)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "schema.json")
        rc, stdout, stderr = run([tfvars, "schema", "-i", dir, "-o", out, "--debug"] + FLAGS)
        if rc != 0:
            raise RuntimeError("%s: tfvars schema failed: %s" % (dir, stderr.strip()))
        with open(out) as f:
            schema = json.load(f)
    # One warning per rule left out, and one `--debug` reason per such rule, in the same order.
    names = []
    reasons = []
    inexact = set()
    for line in stdout.splitlines():
        m = WARN_RE.match(line)
        if m:
            names.append(m.group(1))
        m = REASON_RE.match(line)
        if m:
            # Quoted details (patterns, places) vary; the construct is what counts.
            reasons.append(re.sub(r'"[^"]*"', "…", m.group(1)))
        m = INEXACT_RE.match(line)
        if m:
            inexact.add(m.group(1))
    if len(reasons) != len(names):
        reasons = ["?"] * len(names)
    left_out = {}
    for name, why in zip(names, reasons):
        left_out.setdefault(name, []).append(why)
    return schema, left_out, inexact


# ---------------------------------------------------------------------------------------------
# Recording.


def scratch_module(dir, with_locals, into):
    """Writes the variable blocks (and locals blocks) of dir's files under `into`, file by file."""
    for name in module_files(dir):
        path = os.path.join(dir, name)
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        kinds = ("variable", "locals") if with_locals else ("variable",)
        if name.endswith(".tf.json"):
            data = json.loads(text)
            kept = {k: v for k, v in data.items() if k in kinds} if isinstance(data, dict) else {}
            if kept:
                with open(os.path.join(into, name), "w") as f:
                    json.dump(kept, f)
            continue
        if text.startswith("\ufeff"):
            text = text[1:]
        parts = [text[start:end] for kind, _, start, end in Scanner(text).top_blocks() if kind in kinds]
        if parts:
            with open(os.path.join(into, name), "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write("\n\n".join(parts) + "\n")


def corpus_dir(corpus, key):
    """The directory of `corpus` a record's key (repository, commit, directory) names."""
    repo, _, rel = key
    return os.path.normpath(os.path.join(corpus, repo.replace("/", "+"), rel))


def uses_locals(variables):
    """Whether a rule of `variables` (as `tfvars schema --export-variables` gives them) refers
    to `local.`: then the module Terraform judges keeps the `locals` blocks."""
    return any("local." in (rule.get("condition") or "")
               for v in variables.values() for rule in (v.get("validation") or []))


def judged_module(tfvars, corpus, key, into):
    """Writes under `into` the module Terraform judged for directory `key` (its `variable`
    blocks, and its `locals` blocks when a rule refers to `local.`, as `record` writes it) and
    returns its variables as `tfvars schema --export-variables` gives them."""
    dir = corpus_dir(corpus, key)
    variables = exported(tfvars, dir) or {}
    scratch_module(dir, uses_locals(variables), into)
    return variables


def describe(key, r):
    """A record's input, for messages: the directory and the variable varied."""
    repo, commit, rel = key
    if r["var"] is None:
        return "%s@%s %s: the base document" % (repo, commit[:12], rel)
    return "%s@%s %s: var.%s = %s" % (
        repo, commit[:12], rel, r["var"],
        "(left out)" if r.get("absent") else json.dumps(r.get("value"))[:200])


def plan(terraform, module, doc, tmp):
    """Terraform's verdict on a document: (accepted, [diagnostics])."""
    var_file = os.path.join(tmp, "input.tfvars.json")
    with open(var_file, "w") as f:
        json.dump(doc, f)
    rc, out, err = run([terraform, "plan", "-input=false", "-lock=false", "-json",
                        "-var-file=" + var_file], cwd=module)
    diags = []
    for line in out.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        d = msg.get("diagnostic")
        if d and d.get("severity") == "error":
            detail = (d.get("detail") or "").split("\n")[0][:160]
            diags.append("%s: %s" % (d.get("summary"), detail))
    if rc != 0 and not diags:
        diags.append("exit %d: %s" % (rc, (err or out).strip()[-300:]))
    return rc == 0, diags


def unjudged_variables(dir, rules):
    """The variables of `rules` whose verdict the scratch module cannot give as the module would:
    a rule that calls a provider-defined function (`provider::azapi::parse_resource_id`),
    directly or through a local. The scratch module declares no provider, and there Terraform
    fails every such call (so `can(...)` is false whatever the value), where the module, with
    its provider installed, runs it."""
    locals_call = False
    if any("local." in c for cs in rules.values() for c in cs):
        for name in module_files(dir):
            with open(os.path.join(dir, name), encoding="utf-8", errors="surrogateescape") as f:
                if "provider::" in f.read():
                    locals_call = True
                    break
    return {v for v, cs in rules.items()
            if any("provider::" in c or (locals_call and "local." in c) for c in cs)}


def pick(dir, var, cands, n):
    """Up to n candidates of a variable: left out and null first, then a deterministic sample."""
    rng = random.Random(hashlib.sha256(("%s\0%s" % (dir, var)).encode()).hexdigest())
    first = [c for c in cands if c.get("absent") or ("value" in c and c["value"] is None)]
    rest = [c for c in cands if c not in first]
    # Keep both verdicts of the runtime represented.
    ok = [c for c in rest if c.get("runtime") is True]
    bad = [c for c in rest if c.get("runtime") is not True]
    rng.shuffle(ok)
    rng.shuffle(bad)
    chosen = first[:]
    while len(chosen) < n and (ok or bad):
        for side in (bad, ok):
            if side and len(chosen) < n:
                chosen.append(side.pop())
    return chosen


def judge_dir(args, terraform, repo, commit, rel, dir, dump):
    """Terraform judges one directory's inputs; returns (records, skipped reason or None)."""
    with tempfile.TemporaryDirectory() as tmp:
        module = os.path.join(tmp, "module")
        os.mkdir(module)
        scratch_module(dir, dump["with_locals"], module)
        rc, out, err = run([terraform, "init", "-input=false", "-backend=false"], cwd=module)
        if rc != 0:
            return [], "terraform init failed: " + (err or out).strip()[-200:]
        rc, out, err = run([terraform, "validate", "-no-color"], cwd=module)
        if rc != 0:
            return [], "the scratch module is not valid (locals that refer to more than variables?): " + \
                " ".join((err or out).split())[:300]
        base = dump["base"]
        ok, diags = plan(terraform, module, base, tmp)
        head = {"repo": repo, "commit": commit, "dir": rel}
        if not ok:
            return [], "Terraform rejects the base document: %s" % "; ".join(diags)[:300]
        records = [dict(head, var=None, base=base, terraform=True, runtime=dump["base_runtime"], diagnostics=[])]
        with_rules = [v for v in dump["variables"] if v["rules"] and v["name"] in dump["novel"]]
        without = [v for v in dump["variables"] if not v["rules"]]
        rng = random.Random(hashlib.sha256(rel.encode()).hexdigest())
        rng.shuffle(without)
        chosen = [(v, pick(rel, v["name"], v["candidates"], args.per_rule_variable)) for v in with_rules]
        chosen += [(v, pick(rel, v["name"], v["candidates"], args.per_plain_variable))
                   for v in without[: args.plain_variables]]
        budget = args.per_dir
        for v, cands in chosen:
            for c in cands:
                if budget <= 0:
                    break
                budget -= 1
                doc = dict(base)
                if c.get("absent"):
                    doc.pop(v["name"], None)
                else:
                    doc[v["name"]] = c["value"]
                ok, diags = plan(terraform, module, doc, tmp)
                rec = dict(head, var=v["name"])
                if c.get("absent"):
                    rec["absent"] = True
                else:
                    rec["value"] = c["value"]
                rec.update(terraform=ok, runtime=c.get("runtime"), diagnostics=diags)
                records.append(rec)
        return records, None


def oracle_binary():
    if os.environ.get("ORACLE_TEST"):
        return os.environ["ORACLE_TEST"]
    found = [p for p in glob.glob(os.path.join(ROOT, "target", "debug", "deps", "schema_oracle-*"))
             if os.access(p, os.X_OK) and not p.endswith(".d")]
    if not found:
        sys.exit("no generator: cargo test -p tfvars-codegen --test schema_oracle --no-run "
                 "(or set ORACLE_TEST to the test binary)")
    return max(found, key=os.path.getmtime)


def record(args):
    tfvars, terraform = args.tfvars, args.terraform
    if not shutil.which(terraform):
        sys.exit("record needs Terraform (1.11.4; TERRAFORM=path)")
    listed = repos(os.path.join(HERE, "repos.txt"))
    # With --new-repos-only, the repositories recorded before, and their directories recorded.
    kept = {}
    if args.new_repos_only:
        for path in sorted(glob.glob(os.path.join(JUDGED, "*.jsonl"))):
            dirs = kept.setdefault(os.path.basename(path)[: -len(".jsonl")], set())
            with open(path) as f:
                for line in f:
                    r = json.loads(line)
                    dirs.add(corpus_dir(args.corpus, (r["repo"], r["commit"], r["dir"])))
    # Directories with validation blocks, per repository.
    per_repo = collections.OrderedDict()
    for key in sorted(listed):
        path = os.path.join(args.corpus, key)
        if not os.path.isdir(path):
            print("missing from the corpus: %s" % key, file=sys.stderr)
            continue
        if key in kept:
            continue
        per_repo[key] = list(module_dirs(path))
    candidates = []
    def rules_of(dir):
        """{variable: [its rules' conditions, whitespace collapsed]} of the variables with rules."""
        vs = exported(tfvars, dir) or {}
        return {name: [" ".join(r.get("condition", "").split()) for r in v.get("validation") or []]
                for name, v in vs.items() if v.get("validation")}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        flat = [(k, d) for k, ds in per_repo.items() for d in ds]
        for (k, d), rules in zip(flat, pool.map(lambda kd: rules_of(kd[1]), flat)):
            if rules:
                candidates.append((k, d, rules))
    # Spread over repositories: round-robin, at most `--per-repo` directories from each, each
    # repository's directories in a deterministic shuffled order. Many directories repeat the
    # rules of others (Cloud Posse's context.tf, examples that copy their module's variables):
    # only the variables with a rule not seen in a directory picked before are judged, and a
    # directory without one is passed over.
    by_repo = collections.OrderedDict()
    for k, d, rules in candidates:
        by_repo.setdefault(k, []).append((d, rules))
    for k, ds in by_repo.items():
        random.Random(k).shuffle(ds)
    picked = []
    seen = set()
    recorded = sorted(d for ds in kept.values() for d in ds if os.path.isdir(d))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for rules in pool.map(rules_of, recorded):
            seen.update(c for cs in rules.values() for c in cs)
    if kept:
        print("%d repositories recorded before passed over (their %d directories' rules count as seen)" %
              (len(kept), len(recorded)), file=sys.stderr)
    for round_ in range(args.per_repo):
        for k, ds in by_repo.items():
            if round_ >= len(ds) or len(picked) >= args.dirs:
                continue
            d, rules = ds[round_]
            unjudged = unjudged_variables(d, rules)
            novel = sorted(v for v, cs in rules.items()
                           if v not in unjudged and any(c not in seen for c in cs))
            if not novel:
                continue
            seen.update(c for cs in rules.values() for c in cs)
            with_locals = any("local." in c for cs in rules.values() for c in cs)
            picked.append((k, d, with_locals, novel))
    print("%d directories with rules in %d repositories; %d picked" %
          (len(candidates), len(by_repo), len(picked)), file=sys.stderr)
    # The generator's candidates, in one run.
    with tempfile.TemporaryDirectory() as tmp:
        listing = os.path.join(tmp, "dirs.txt")
        out = os.path.join(tmp, "candidates.jsonl")
        with open(listing, "w") as f:
            f.write("".join(d + "\n" for _, d, _, _ in picked))
        env = dict(os.environ, TFVARS_CANDIDATES_DIRS=listing, TFVARS_CANDIDATES_OUT=out)
        rc, stdout, stderr = run([oracle_binary(), "--ignored", "--exact", "dump_candidates",
                                  "--nocapture"], env=env, timeout=3600)
        if rc != 0:
            sys.exit("the generator failed:\n%s%s" % (stdout, stderr[-3000:]))
        dumps = {}
        with open(out) as f:
            for line in f:
                d = json.loads(line)
                dumps[d["dir"]] = d
    records = collections.defaultdict(list)
    skipped = []
    judged_dirs = 0

    def one(item):
        k, d, loc, novel = item
        dump = dumps.get(d)
        if dump is None or "error" in dump:
            return k, d, [], "does not load: %s" % (dump or {}).get("error")
        if dump.get("base_runtime") is not True:
            return k, d, [], "the runtime found no base document it accepts"
        dump["with_locals"] = loc
        dump["novel"] = novel
        repo, commit = listed[k]
        rel = os.path.relpath(d, os.path.join(args.corpus, k))
        try:
            recs, why = judge_dir(args, terraform, repo, commit, rel, d, dump)
        except ScanError as e:
            return k, d, [], "scan: %s" % e
        return k, d, recs, why

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for k, d, recs, why in pool.map(one, picked):
            if why:
                skipped.append((d, why))
                print("skipped %s: %s" % (d, why), file=sys.stderr)
                continue
            judged_dirs += 1
            records[k].extend(recs)
            print("%s: %d inputs" % (d, len(recs)), file=sys.stderr)
    os.makedirs(JUDGED, exist_ok=True)
    if not args.new_repos_only:
        for old in glob.glob(os.path.join(JUDGED, "*.jsonl")):
            os.remove(old)
    total = agree_runtime = 0
    for k, recs in records.items():
        # "x": a file recorded before is never overwritten (--new-repos-only passed its
        # repository over; without it, every file was removed above).
        with open(os.path.join(JUDGED, k + ".jsonl"), "x") as f:
            for r in recs:
                f.write(json.dumps(r, separators=(",", ":"), sort_keys=True) + "\n")
                total += 1
                agree_runtime += r["runtime"] == r["terraform"]
    print("recorded %d inputs over %d directories of %d repositories; skipped %d directories" %
          (total, judged_dirs, len(records), len(skipped)))
    for d, why in skipped:
        print("  skipped %s: %s" % (d, why))
    print("the runtime (at recording) agreed with Terraform on %d of %d" % (agree_runtime, total))


# ---------------------------------------------------------------------------------------------
# Checking.


def validate_verdict(tfvars, module, doc):
    """Whether `tfvars validate` (Terraform 1.11's semantics, this document alone) accepts."""
    with tempfile.NamedTemporaryFile("w", suffix=".tfvars.json", delete=False) as f:
        json.dump(doc, f)
    try:
        rc, _, _ = run([tfvars, "validate", "--no-env", "--no-auto-files", "--terraform-version", "1.11",
                        "-i", module, f.name])
    finally:
        os.unlink(f.name)
    return rc == 0


def holds_text(value, patterns):
    """Whether a string or object key in value matches one of patterns."""
    if isinstance(value, str):
        return any(p.search(value) for p in patterns)
    if isinstance(value, list):
        return any(holds_text(v, patterns) for v in value)
    if isinstance(value, dict):
        return any(holds_text(k, patterns) or holds_text(v, patterns) for k, v in value.items())
    return False


def refers(condition, name):
    return re.search(r"\bvar\.%s\b" % re.escape(name), condition) is not None


def recorded_document(base, r):
    """The input a record was judged on: the directory's base document with the record's
    variable replaced, or left out."""
    doc = dict(base)
    if r["var"] is not None:
        if r.get("absent"):
            doc.pop(r["var"], None)
        else:
            doc[r["var"]] = r["value"]
    return doc


def check(args):
    Draft7Validator = need_jsonschema()
    files = sorted(glob.glob(os.path.join(JUDGED, "*.jsonl")))
    if not files:
        sys.exit("no recorded verdicts under %s (judged.py record)" % JUDGED)
    by_dir = collections.OrderedDict()
    for path in files:
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                by_dir.setdefault((r["repo"], r["commit"], r["dir"]), []).append(r)
    missing = []
    tally = collections.Counter()
    bad_accepts = []
    others = []
    validate_differs = []
    why_untranslated = collections.Counter()
    checked_repos = set()
    for key, recs in by_dir.items():
        repo, commit, rel = key
        dir = corpus_dir(args.corpus, key)
        if not os.path.isdir(dir):
            missing.append("%s@%s %s" % (repo, commit[:12], rel))
            continue
        checked_repos.add(repo)
        schema, left_out, inexact = schema_of(args.tfvars, dir)
        variables = exported(args.tfvars, dir) or {}
        validator = Draft7Validator(schema)
        # The classes of text the schema lets through its rules unchecked (NFC could change it):
        # nfc-changeable-string, nfc-changeable-or-clustered-string, and nfc-singleton-string
        # (ASCII with U+037E, U+1FEF or U+212A, where a rule accepts nothing but ASCII).
        escapes = [re.compile(d["pattern"]) for k, d in (schema.get("definitions") or {}).items()
                   if k.startswith(("nfc-changeable", "nfc-singleton"))]
        base = next(r["base"] for r in recs if r["var"] is None)
        tally["directories"] += 1
        scratch = None
        if args.validate:
            # The module Terraform judged: the variable blocks, and the locals when a rule
            # refers to one (as `record` built it).
            scratch = tempfile.TemporaryDirectory()
            scratch_module(dir, uses_locals(variables), scratch.name)
        for r in recs:
            doc = recorded_document(base, r)
            if scratch is not None:
                validated = validate_verdict(args.tfvars, scratch.name, doc)
                tally["validate agrees"] += validated == r["terraform"]
                if validated != r["terraform"]:
                    validate_differs.append("%s@%s %s: var.%s  [Terraform: %s]" % (
                        repo, commit[:12], rel, r["var"], "; ".join(r["diagnostics"])[:200]))
            ours = validator.is_valid(doc)
            tally["inputs"] += 1
            tally["terraform accepts" if r["terraform"] else "terraform rejects"] += 1
            what = describe(key, r)
            if ours == r["terraform"]:
                tally["agree"] += 1
            elif r["terraform"]:
                bad_accepts.append(what)
            else:
                v = r["var"]
                untranslated = v in left_out or any(
                    refers(rule.get("condition", ""), v)
                    for w in left_out if w != v
                    for rule in (variables.get(w, {}).get("validation") or []))
                if untranslated:
                    tally["rejects-accepts: rule not translated"] += 1
                    for why in set(left_out.get(v) or ["a rule of another variable that refers to it"]):
                        why_untranslated[why] += 1
                elif v in inexact:
                    tally["rejects-accepts: listed inexact"] += 1
                elif escapes and holds_text(doc, escapes):
                    # The input holds text that NFC could change, which the schema accepts
                    # without checking it (README: "Text that NFC could change is accepted
                    # without checking it"): Terraform judges the NFC form.
                    tally["rejects-accepts: text NFC could change"] += 1
                else:
                    tally["rejects-accepts: other"] += 1
                    others.append("%s  [Terraform: %s]" % (what, "; ".join(r["diagnostics"])[:300]))
                if args.verbose:
                    print("Terraform rejects, schema accepts: %s  [%s]" % (what, "; ".join(r["diagnostics"])[:200]))
        if scratch is not None:
            scratch.cleanup()
    n = tally["inputs"]
    repos_judged = len(checked_repos)
    print("inputs judged by Terraform: %d (%d accepted, %d rejected) in %d directories of %d repositories" %
          (n, tally["terraform accepts"], tally["terraform rejects"], tally["directories"], repos_judged))
    print("schema verdict equals Terraform's: %d (%.2f%%)  [tfvars schema %s]" %
          (tally["agree"], 100.0 * tally["agree"] / max(n, 1), " ".join(FLAGS)))
    print("Terraform accepts, schema rejects: %d" % len(bad_accepts))
    for w in bad_accepts[:50]:
        print("  " + w)
    rej = sum(v for k, v in tally.items() if k.startswith("rejects-accepts"))
    print("Terraform rejects, schema accepts: %d (rule not translated %d, listed inexact %d, "
          "text NFC could change %d, other %d)" % (
              rej, tally["rejects-accepts: rule not translated"], tally["rejects-accepts: listed inexact"],
              tally["rejects-accepts: text NFC could change"], tally["rejects-accepts: other"]))
    for w in others[:50]:
        print("  " + w)
    if args.validate:
        print("tfvars validate --terraform-version 1.11 equals Terraform's verdict: %d of %d" % (
            tally["validate agrees"], n))
        for w in validate_differs[:50]:
            print("  " + w)
    if args.reasons:
        print("why the rules behind the untranslated cases were left out (inputs; a variable may have several):")
        for why, k in why_untranslated.most_common(args.reasons):
            print("%6d  %s" % (k, why))
    if missing and args.present_only:
        print("not in the corpus at %s, passed over (--present-only): %d directories" % (args.corpus, len(missing)))
        missing = []
    if missing:
        print("MISSING from the corpus at %s (%d directories, their inputs not checked):" % (args.corpus, len(missing)))
        for m in missing:
            print("  " + m)
    sys.exit(1 if bad_accepts or others or missing or validate_differs else 0)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("mode", nargs="?", default="check", choices=["check", "record"])
    p.add_argument("corpus", nargs="?", default="/work/corpus")
    p.add_argument("--tfvars", default=os.environ.get(
        "TFVARS", os.path.join(ROOT, "target", "release", "tfvars")))
    p.add_argument("--terraform", default=os.environ.get("TERRAFORM", "terraform"))
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--dirs", type=int, default=110, help="directories to pick (record); some are skipped")
    p.add_argument("--per-repo", type=int, default=3, help="at most this many directories of a repository")
    p.add_argument("--new-repos-only", action="store_true",
                   help="record: pass over the repositories that have a judged/*.jsonl file, keep those files")
    p.add_argument("--per-dir", type=int, default=90, help="inputs per directory at most")
    p.add_argument("--per-rule-variable", type=int, default=16)
    p.add_argument("--per-plain-variable", type=int, default=3)
    p.add_argument("--plain-variables", type=int, default=4,
                   help="variables without rules judged per directory")
    p.add_argument("--verbose", action="store_true")
    p.add_argument("--validate", action="store_true",
                   help="check: also hold `tfvars validate` to every recorded verdict")
    p.add_argument("--present-only", action="store_true", help=PRESENT_ONLY_HELP)
    p.add_argument("--reasons", type=int, default=0,
                   help="check: the N most frequent reasons behind untranslated disagreements")
    # Options may come before or after the mode and the corpus.
    args = p.parse_intermixed_args()
    if not os.access(args.tfvars, os.X_OK):
        sys.exit("no CLI at %s: cargo build --release -p tfvars-cli (or TFVARS=path)" % args.tfvars)
    if args.mode == "record":
        need_jsonschema()
        record(args)
    else:
        check(args)


if __name__ == "__main__":
    main()
