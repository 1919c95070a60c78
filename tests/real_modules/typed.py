#!/usr/bin/env python3
"""Holds the code `terraform_vars!` generates for published modules to Terraform's own verdicts.

For every directory with inputs recorded by `judged.py record` (tests/real_modules/judged/), the
module Terraform judged (the directory's `variable` blocks, and its `locals` blocks when a rule
refers to `local.`, written by judged.py's `scratch_module`) is given to
`tfvars rust --terraform-version 1.11`, and the code of all of them goes into a scratch workspace
that depends on this checkout's `tfvars`: crates of `GROUP` modules each (one crate of them all
would take rustc over 20 GB), and a binary that hands each input to its module. Each recorded input is then read and judged by the
generated code alone, as a deployment tool would: `Variables::from_tfvars_json(text)` (Terraform's
strict JSON rules and conversions), then `validate()` (every variable's type, nullability and
`validation` rules). The verdict, accepted or not, must equal Terraform's on every input.

    typed.py [CORPUS]        # default /work/corpus, laid out by check.py
    typed.py --whole [CORPUS]  # the code of each whole directory (resources, outputs and all)

It prints the inputs judged, the agreement and every input where the two differ (with
Terraform's diagnostics and the generated code's first error), and exits 1 on any difference,
or when a recorded directory is missing from the corpus or its code does not compile. With
`--whole` the code is generated from each directory as published; it must compile, and the
verdicts that differ are listed but do not fail the run: a local of the whole module may fail on
an input that the module Terraform judged (its variables, and the locals their rules use)
accepts, and Terraform, which evaluates every local, fails on it too. It needs a
release CLI (`cargo build --release -p tfvars-cli`; TFVARS for another binary) and cargo; the
crate is built in a temporary directory (`--keep DIR` builds it there and keeps it), with
`CARGO_TARGET_DIR` shared across runs when it is set.
"""

import argparse
import collections
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from judged import (  # noqa: E402
    JUDGED, PRESENT_ONLY_HELP, corpus_dir, describe, judged_module, recorded_document, run)

# Modules per crate of the scratch workspace.
GROUP = 40

def main_text(answer):
    """The judge binary's `main`: for each line `INDEX<TAB>DOCUMENT` of its input, one line of
    output, `answer` (Rust code making a displayable value of `verdict`, the result of that
    module's `judge`)."""
    return r'''
use std::io::{BufRead, Write};

include!("modules.rs");

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout());
    for line in stdin.lock().lines() {
        let line = line.expect("a line of input");
        let (index, doc) = line.split_once('\t').expect("INDEX<TAB>DOCUMENT");
        let verdict = judge(index.parse().expect("a module index"), doc);
        let answer = ANSWER;
        writeln!(out, "{answer}").expect("output written");
    }
}
'''.replace("ANSWER", answer)


# Accepted, left undecided (a rule `validate()` cannot decide without the module's files, which
# it reports as unchecked), or rejected with the generated code's first error.
MAIN = main_text("""match verdict {
            Ok(false) => "accepted".to_string(),
            Ok(true) => "unchecked".to_string(),
            Err(why) => format!("rejected\\t{}", why.replace(['\\n', '\\r', '\\t'], " ")),
        }""")


def judge_arm(i):
    """The body of `judge` for module `i`: read the document, then validate it; `Ok(true)` when
    the report leaves a rule unchecked."""
    return ["let v = m%d::Variables::from_tfvars_json(doc).map_err(|r| r.to_string())?;" % i,
            "v.validate().map(|r| r.unchecked().next().is_some()).map_err(|r| r.to_string())"]


def group_text(first, count, arm=judge_arm, returns="()"):
    """A crate of `count` modules, from module `first`, and its `judge`: `arm(i)` gives the
    lines of module i's match arm, which evaluates to a `Result<RETURNS, String>`."""
    lines = ["#![allow(warnings)]", ""]
    for i in range(first, first + count):
        lines.append('pub mod m%d { include!("m%d.rs"); }' % (i, i))
    lines.append("")
    lines.append("pub fn judge(index: usize, doc: &str) -> Result<%s, String> {" % returns)
    lines.append("    match index {")
    for i in range(first, first + count):
        lines.append("        %d => {" % i)
        lines.extend("            " + line for line in arm(i))
        lines.append("        }")
    lines.append('        _ => panic!("no module {index}"),')
    lines.append("    }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_workspace(work, count, main=MAIN, arm=judge_arm, returns="()", deps=""):
    """The scratch workspace: crates g0, g1, … of the generated modules (already written as
    g*/src/m*.rs), and the binary `typed-judge` (its `main`, and `deps` more dependencies)
    dispatching to them (see `group_text` for `arm` and `returns`)."""
    groups = range(0, count, GROUP)
    members = []
    for first in groups:
        name = "g%d" % (first // GROUP)
        members.append(name)
        with open(os.path.join(work, name, "src", "lib.rs"), "w") as f:
            f.write(group_text(first, min(GROUP, count - first), arm, returns))
        with open(os.path.join(work, name, "Cargo.toml"), "w") as f:
            f.write('[package]\nname = "%s"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
                    '[dependencies]\ntfvars = { path = %s }\n' % (name, json.dumps(ROOT)))
    dispatch = ["fn judge(index: usize, doc: &str) -> Result<%s, String> {" % returns,
                "    match index / %d {" % GROUP]
    for k, name in enumerate(members):
        dispatch.append("        %d => %s::judge(index, doc)," % (k, name))
    dispatch += ['        _ => panic!("no module {index}"),', "    }", "}"]
    os.makedirs(os.path.join(work, "src"), exist_ok=True)
    with open(os.path.join(work, "src", "modules.rs"), "w") as f:
        f.write("\n".join(dispatch) + "\n")
    with open(os.path.join(work, "src", "main.rs"), "w") as f:
        f.write(main)
    deps += "".join('%s = { path = "%s" }\n' % (m, m) for m in members)
    with open(os.path.join(work, "Cargo.toml"), "w") as f:
        f.write('[package]\nname = "typed-judge"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
                '[dependencies]\n%s\n[workspace]\nmembers = [%s]\n\n'
                '# Type checking and code generation only: no debug information to build and hold.\n'
                '[profile.dev]\ndebug = 0\n' % (deps, ", ".join(json.dumps(m) for m in members)))


def recorded_by_dir():
    """The records of judged/, by (repository, commit, directory), in file order."""
    by_dir = collections.OrderedDict()
    for path in sorted(glob.glob(os.path.join(JUDGED, "*.jsonl"))):
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                by_dir.setdefault((r["repo"], r["commit"], r["dir"]), []).append(r)
    if not by_dir:
        sys.exit("no recorded verdicts under %s (judged.py record)" % JUDGED)
    return by_dir


def generate(tfvars, corpus, by_dir, work, whole=False):
    """`tfvars rust` on the module Terraform judged for each directory of `by_dir` (with
    `whole`, on the corpus directory itself: every file, resources and outputs included), written
    as g*/src/m*.rs under `work`: (the modules generated, as (key, records), in module order; the
    directories missing from `corpus`; the directories without code, with why)."""
    missing, failed = [], []
    modules = []
    for key, recs in by_dir.items():
        repo, commit, rel = key
        dir = corpus_dir(corpus, key)
        if not os.path.isdir(dir):
            missing.append("%s@%s %s" % (repo, commit[:12], rel))
            continue
        if whole:
            rc, out, err = run([tfvars, "rust", "-i", dir, "--terraform-version", "1.11"])
        else:
            with tempfile.TemporaryDirectory() as scratch:
                judged_module(tfvars, corpus, key, scratch)
                rc, out, err = run([tfvars, "rust", "-i", scratch, "--terraform-version", "1.11"])
        if rc != 0:
            failed.append("%s@%s %s: tfvars rust: %s" % (repo, commit[:12], rel, err.strip()[:300]))
            continue
        src = os.path.join(work, "g%d" % (len(modules) // GROUP), "src")
        os.makedirs(src, exist_ok=True)
        with open(os.path.join(src, "m%d.rs" % len(modules)), "w") as f:
            f.write(out)
        modules.append((key, recs))
    return modules, missing, failed


def build(work):
    """Builds the scratch workspace's binary (exits with the compiler's errors when the
    generated code does not compile) and returns its path."""
    built = subprocess.run(["cargo", "build", "-q", "--message-format", "short"], cwd=work,
                           capture_output=True, text=True)
    if built.returncode != 0:
        print(built.stderr[-6000:])
        sys.exit("the generated code does not compile (crate in %s)" % work)
    return binary_in(work)


def binary_in(work):
    """The path of the scratch workspace's binary."""
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(work, "target")
    return os.path.join(target, "debug", "typed-judge")


def ask(binary, lines):
    """The binary's answer to each line, one line each (exits when it fails)."""
    answered = subprocess.run([binary], input="\n".join(lines) + "\n", capture_output=True, text=True)
    if answered.returncode != 0:
        print(answered.stderr[-3000:])
        sys.exit("the judge failed")
    # One answer a line, cut at line feeds alone: an error message quoting the input may hold a
    # character `splitlines` would also cut at (a form feed, U+2028).
    answers = answered.stdout.split("\n")[:-1]
    assert len(answers) == len(lines), (len(answers), len(lines))
    return answers


def finish(missing, failed, work, keep, differ, present_only=False):
    """Lists the directories missing or without code, removes the workspace unless it is
    kept, and exits: 1 on any difference, directory missing (unless `present_only`: then they
    are counted) or without code."""
    if missing and present_only:
        print("not in the corpus, passed over (--present-only): %d directories" % len(missing))
        missing = []
    for m in missing:
        print("missing from the corpus: " + m)
    for m in failed:
        print("no code: " + m)
    if not keep:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if differ or missing or failed else 0)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("corpus", nargs="?", default="/work/corpus")
    p.add_argument("--tfvars", default=os.environ.get(
        "TFVARS", os.path.join(ROOT, "target", "release", "tfvars")))
    p.add_argument("--keep", metavar="DIR", help="build the scratch crate in DIR and keep it")
    p.add_argument("--whole", action="store_true",
                   help="generate the code of each whole module directory (resources, locals and "
                   "outputs included) instead of the module Terraform judged: the code must "
                   "compile; a verdict that differs is listed, since Terraform judged the "
                   "variables and locals alone")
    p.add_argument("--present-only", action="store_true", help=PRESENT_ONLY_HELP)
    p.add_argument("--no-build", action="store_true",
                   help="judge with the binary already built in the --keep DIR (same recordings)")
    args = p.parse_args()
    if args.no_build and not args.keep:
        sys.exit("--no-build needs --keep DIR")

    by_dir = recorded_by_dir()
    work = args.keep or tempfile.mkdtemp(prefix="tfvars-typed-")
    if args.no_build:
        modules, missing, failed = list(by_dir.items()), [], []
        binary = binary_in(work)
    else:
        modules, missing, failed = generate(args.tfvars, args.corpus, by_dir, work, args.whole)
        write_workspace(work, len(modules), returns="bool")
        print("compiling the code of %d modules..." % len(modules), flush=True)
        binary = build(work)

    lines, expected = [], []
    for i, (key, recs) in enumerate(modules):
        base = next(r["base"] for r in recs if r["var"] is None)
        for r in recs:
            doc = recorded_document(base, r)
            lines.append("%d\t%s" % (i, json.dumps(doc)))
            expected.append((r["terraform"], describe(key, r), r["diagnostics"]))
    verdicts = ask(binary, lines)
    differ, unrepresentable, unchecked = [], [], []
    for verdict, (terraform, what, diags) in zip(verdicts, expected):
        if verdict == "unchecked":
            # A rule reading the module's files (`fileexists`, `file`, …), which `validate()`
            # leaves unchecked and says so (`validate_in(dir)` reads them): undecided, not a
            # verdict.
            unchecked.append(what)
            continue
        ours = verdict == "accepted"
        if ours != terraform:
            line = "%s  [Terraform: %s] [generated code: %s]" % (
                what, "; ".join(diags)[:200] if diags else "accepted", verdict[:200])
            # A null where the Rust type has no `Option` (a required variable or attribute,
            # a collection element): the typed struct refuses it by name, by design (see the
            # README's "Typed values").
            if terraform and "Value not representable by the typed struct" in verdict:
                unrepresentable.append(line)
            else:
                differ.append(line)
    accepted = sum(t for t, _, _ in expected)
    print("inputs judged by Terraform: %d (%d accepted, %d rejected) in %d directories of %d repositories" % (
        len(expected), accepted, len(expected) - accepted, len(modules), len({k[0] for k, _ in modules})))
    print("generated code (from_tfvars_json, validate) equals Terraform's verdict: %d of %d" % (
        len(expected) - len(differ) - len(unrepresentable) - len(unchecked), len(expected)))
    print("Terraform accepts, the typed struct cannot hold the value (a null without `Option`): %d"
          % len(unrepresentable))
    print("left unchecked by validate(), which says so (a rule reading the module's files): %d"
          % len(unchecked))
    print("other differences%s: %d" % (
        " (listed for reading, not a failure: Terraform judged the variables and the locals their rules use, not the whole module)" if args.whole else "",
        len(differ)))
    for d in differ[:100]:
        print("  " + d)
    # The whole module's code may rightly differ (a local of the whole module that fails on the
    # input, which the module Terraform judged leaves out): listed, for reading, not a failure.
    finish(missing, failed, work, args.keep, [] if args.whole else differ, args.present_only)


if __name__ == "__main__":
    main()
