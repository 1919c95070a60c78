#!/usr/bin/env python3
"""Loads every module directory of a corpus of published Terraform modules with tfvars and
compares it with Terraform.

For each module directory (a directory holding `.tf` or `.tf.json` files; hidden directories
such as `.terraform` are skipped):

- Terraform's verdict on the syntax: `terraform fmt -check -list=false` on the directory, and
  on each `.tf` file when the directory fails (exit 2 is a syntax error); `.tf.json` files are
  parsed as JSON.
- The variables it declares, read here independently of tfvars: top-level `variable` blocks
  (a small scanner that knows strings, templates, heredocs and comments), the `variable` key of
  `.tf.json` files; override files (`override.tf`, `*_override.tf` and their `.tf.json` forms)
  add no variable, and one that overrides a variable not declared elsewhere, or a variable
  declared twice, is an error in Terraform.
- `tfvars schema --stdout --allow-empty` in the directory: the JSON Schema's `properties` are
  the variables it loaded.

A module Terraform parses must load in tfvars with exactly the variables it declares. When
tfvars rejects such a module, `terraform validate -json` (no init needed for configuration
errors) is run on a copy of the directory's files: if Terraform reports an error in those
files too, both reject it and it is listed with Terraform's reason; otherwise it is a mismatch.
A module Terraform cannot parse must be rejected by tfvars, at the line Terraform names.

The corpus holds one directory per repository, named `owner+name`. It is laid out from
`repos.txt` (`owner/name commit` per line) with git alone, from local git directories:

    check.py --layout '/path/to/clones/{owner}/{name}' [CORPUS]

writes the `.tf` and `.tf.json` files of each listed commit (symbolic links kept as links)
under CORPUS/owner+name. The same with plain git, for one repository:

    git clone https://github.com/OWNER/NAME /tmp/NAME && mkdir -p CORPUS/OWNER+NAME &&
    git -C /tmp/NAME archive COMMIT | tar -x -C CORPUS/OWNER+NAME

Then `check.py [CORPUS]` (default /work/corpus) prints a summary and exits 1 on any mismatch.
It needs Terraform (1.11.4 was used; set TERRAFORM to its path if it is not on PATH) and a built
CLI (`cargo build --release -p tfvars-cli`; TFVARS to use another binary).
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENV = dict(os.environ, CHECKPOINT_DISABLE="1", TF_CLI_CONFIG_FILE="/dev/null")


# ---------------------------------------------------------------------------------------------
# Declared variables, read independently of tfvars.


class ScanError(Exception):
    pass


IDENT_RE = re.compile(r"[^\W\d][\w-]*", re.UNICODE)
HEREDOC_RE = re.compile(r"<<(-?)([^\W\d][\w-]*)\r?\n", re.UNICODE)


class Scanner:
    """Enough of HCL's native syntax to find the top-level blocks of a file: it skips strings,
    templates (with their interpolations), heredocs and comments, and counts brackets."""

    def __init__(self, text):
        self.t = text
        self.n = len(text)

    def comment(self, i):
        """If a comment starts at i, the index after it (a line comment stops before its
        newline); otherwise None."""
        t = self.t
        if t.startswith("#", i) or t.startswith("//", i):
            j = t.find("\n", i)
            return self.n if j < 0 else j
        if t.startswith("/*", i):
            j = t.find("*/", i + 2)
            if j < 0:
                raise ScanError("unterminated comment")
            return j + 2
        return None

    def expression(self, i):
        """Skips an interpolation's expression from i to its closing `}`; returns the index
        after it."""
        depth = 0
        t = self.t
        while i < self.n:
            c = t[i]
            j = self.comment(i)
            if j is not None:
                i = j
            elif c == '"':
                i = self.quoted(i + 1)[0]
            elif c == "<" and HEREDOC_RE.match(t, i):
                i = self.heredoc(i)
            elif c in "([{":
                depth += 1
                i += 1
            elif c in ")]}":
                if depth == 0:
                    if c != "}":
                        raise ScanError("unbalanced %r" % c)
                    return i + 1
                depth -= 1
                i += 1
            else:
                i += 1
        raise ScanError("unterminated interpolation")

    def template_part(self, i):
        """At i in a template: if an interpolation or directive starts there, the index after
        it, else None."""
        t = self.t
        if t.startswith("$${", i) or t.startswith("%%{", i):
            return i + 3
        if t.startswith("${", i) or t.startswith("%{", i):
            return self.expression(i + 2)
        return None

    def quoted(self, i):
        """From just after an opening quote: (index after the closing quote, the literal text
        when the string has no interpolation)."""
        t = self.t
        out = []
        plain = True
        while i < self.n:
            c = t[i]
            if c == '"':
                return i + 1, ("".join(out) if plain else None)
            if c == "\\" and i + 1 < self.n:
                esc = t[i + 1]
                out.append({"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}.get(esc, "\\" + esc))
                i += 2
                continue
            if c == "\n":
                raise ScanError("newline in a quoted string")
            j = self.template_part(i)
            if j is not None:
                plain = plain and t[i] == t[i + 1]  # an escaped `$${` keeps it literal
                out.append(t[i + 1 : j] if t[i] == t[i + 1] else "")
                i = j
                continue
            out.append(c)
            i += 1
        raise ScanError("unterminated string")

    def heredoc(self, i):
        """From `<<`: the index after the heredoc's closing marker line."""
        m = HEREDOC_RE.match(self.t, i)
        marker = m.group(2)
        i = m.end()
        line_start = True
        t = self.t
        while i < self.n:
            if line_start:
                j = i
                while j < self.n and t[j] in " \t":
                    j += 1
                if t.startswith(marker, j):
                    # Terraform closes the heredoc on a line holding the marker and blanks.
                    k = j + len(marker)
                    while k < self.n and t[k] in " \t\r":
                        k += 1
                    if k == self.n or t[k] == "\n":
                        return k
                line_start = False
            c = t[i]
            if c == "\n":
                line_start = True
                i += 1
                continue
            j = self.template_part(i)
            if j is not None:
                i = j
                continue
            i += 1
        raise ScanError("unterminated heredoc %s" % marker)

    def top_blocks(self):
        """[(block type, [labels], start, end)] of the top-level blocks, in order."""
        t = self.t
        i = 0
        depth = 0
        line = []  # the tokens of the current top-level line: (kind, value, start)
        blocks = []
        opened = None  # the top-level block being read
        while i < self.n:
            c = t[i]
            j = self.comment(i)
            if j is not None:
                i = j
                continue
            start = i
            if c == "\n":
                if depth == 0:
                    line = []
                i += 1
                continue
            if c in " \t\r":
                i += 1
                continue
            if c == '"':
                i, lit = self.quoted(i + 1)
                token = ("str", lit)
            elif c == "<" and HEREDOC_RE.match(t, i):
                i = self.heredoc(i)
                token = ("other", None)
            elif c in "([{":
                if depth == 0 and c == "{" and line and line[0][0] == "id":
                    if all(k in ("id", "str") and v is not None for k, v, _ in line[1:]):
                        opened = (line[0][1], [v for _, v, _ in line[1:]], line[0][2])
                depth += 1
                i += 1
                continue
            elif c in ")]}":
                depth -= 1
                if depth < 0:
                    raise ScanError("unbalanced %r" % c)
                i += 1
                if depth == 0 and opened:
                    blocks.append(opened + (i,))
                    opened = None
                token = ("other", None)
            else:
                m = IDENT_RE.match(t, i)
                if m:
                    token = ("id", m.group(0))
                    i = m.end()
                else:
                    token = ("other", c)
                    i += 1
            if depth == 0:
                line.append(token + (start,))
        if depth != 0:
            raise ScanError("unbalanced brackets at the end")
        return blocks


def is_override(name):
    stem = name[: -len(".tf.json")] if name.endswith(".tf.json") else name[: -len(".tf")]
    return stem == "override" or stem.endswith("_override")


def file_variables(path):
    """The variable names a file declares, in order."""
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    if path.endswith(".tf.json"):
        data = json.loads(text)
        blocks = data.get("variable") if isinstance(data, dict) else None
        items = blocks if isinstance(blocks, list) else [blocks] if blocks is not None else []
        names = []
        for item in items:
            if not isinstance(item, dict):
                raise ScanError("`variable` is not an object")
            names.extend(item.keys())
        return names
    if text.startswith("\ufeff"):
        text = text[1:]
    return [labels[0] for kind, labels, _, _ in Scanner(text).top_blocks() if kind == "variable" and len(labels) == 1]


def declared(dir, files):
    """(the variable names, problems Terraform reports about the declarations)."""
    names = []
    problems = []
    overrides = []
    for name in files:
        try:
            vs = file_variables(os.path.join(dir, name))
        except OSError:
            # A dangling symbolic link, say: Terraform fails to read the file.
            problems.append("%s: Failed to read file" % name)
            continue
        if is_override(name):
            overrides.append((name, vs))
            continue
        for v in vs:
            if v in names:
                problems.append("%s: Duplicate variable declaration %r" % (name, v))
            else:
                names.append(v)
    for name, vs in overrides:
        for v in vs:
            if v not in names:
                problems.append("%s: Missing base variable declaration to override %r" % (name, v))
    return names, problems


# ---------------------------------------------------------------------------------------------
# Terraform and tfvars.


def run(cmd, cwd=None, timeout=120):
    p = subprocess.run(cmd, cwd=cwd, env=ENV, capture_output=True, text=True, errors="replace", timeout=timeout)
    return p.returncode, p.stdout, p.stderr


FMT_LOCATION = re.compile(r"on (.+?) line (\d+)")


def terraform_syntax(terraform, dir, files):
    """Terraform's syntax errors in the files, in file name order, each "file:line: summary";
    none when every file parses."""
    errors = []
    tf_fails = False
    for name in files:
        if name.endswith(".tf.json"):
            try:
                with open(os.path.join(dir, name), encoding="utf-8") as f:
                    data = json.load(f)
                if not isinstance(data, dict):
                    errors.append("%s:1: the root is not an object" % name)
            except json.JSONDecodeError as e:
                errors.append("%s:%d: %s" % (name, e.lineno, e.msg))
            except (ValueError, UnicodeDecodeError) as e:
                errors.append("%s:1: %s" % (name, e))
    tf = [n for n in files if n.endswith(".tf")]
    if tf:
        rc, out, err = run([terraform, "fmt", "-no-color", "-check", "-list=false", "."], cwd=dir)
        tf_fails = rc not in (0, 3)
    if tf_fails:
        # The directory also holds .tfvars and .tftest.hcl files that fmt reads: ask per file.
        for name in tf:
            rc, out, err = run([terraform, "fmt", "-no-color", "-check", "-list=false", name], cwd=dir)
            if rc in (0, 3):
                continue
            lines = [l.lstrip("\u2577\u2502\u2575 ") for l in err.splitlines()]
            summary = None
            for l in lines:
                if l.startswith("Error: "):
                    summary = l[len("Error: ") :]
                m = FMT_LOCATION.search(l)
                if m and summary:
                    errors.append("%s:%s: %s" % (m.group(1), m.group(2), summary))
                    summary = None
            if not any(e.startswith(name + ":") for e in errors):
                errors.append("%s: %s" % (name, err.strip()[:200]))
    return sorted(errors, key=lambda e: (e.split(":")[0], int(e.split(":")[1]) if e.split(":")[1].isdigit() else 0))


# Terraform's diagnostics that only say the module is not initialised, and the ones a copy that
# keeps only the variables and locals causes.
NOT_INIT = ("Missing required provider", "Module not installed", "Backend initialization required")
# A module asking for a newer Terraform than the one at hand is not an invalid module.
NEWER_TERRAFORM = ("Unsupported Terraform Core version",)
CUT_OUT = ("Reference to undeclared resource", "Reference to undeclared module")


# In the copy of the declarations, every reference to a resource, data source or module call the
# directory declares stands as this variable's (unknown) value: the blocks it names are left out,
# and Terraform would otherwise stop at "Reference to undeclared resource" in a local, leaving
# unreported another error of the same expression (an undeclared variable beside it).
STUB = "check_py_declared_elsewhere"


def json_blocks(data):
    """The (block type, labels) of the resources, data sources and module calls of a `.tf.json`
    document."""
    for kind in ("resource", "data"):
        section = data.get(kind)
        if isinstance(section, dict):
            for ty, named in section.items():
                if isinstance(named, dict):
                    for name in named:
                        yield kind, [ty, name]
    if isinstance(data.get("module"), dict):
        for name in data["module"]:
            yield "module", [name]


def declared_objects(dir, files):
    """The reference prefixes of the resources, data sources and module calls `files` declare:
    `TYPE.NAME`, `data.TYPE.NAME`, `module.NAME`."""
    prefixes = set()
    for name in files:
        path = os.path.join(dir, name)
        if name.endswith(".tf.json"):
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            blocks = list(json_blocks(data)) if isinstance(data, dict) else []
        else:
            with open(path, encoding="utf-8", errors="surrogateescape") as f:
                text = f.read().lstrip("\ufeff")
            try:
                blocks = [(kind, labels) for kind, labels, _, _ in Scanner(text).top_blocks()]
            except ScanError:
                continue
        for kind, labels in blocks:
            if kind == "resource" and len(labels) == 2:
                prefixes.add("%s.%s" % tuple(labels))
            elif kind == "data" and len(labels) == 2:
                prefixes.add("data.%s.%s" % tuple(labels))
            elif kind == "module" and len(labels) == 1:
                prefixes.add("module.%s" % labels[0])
    return prefixes


def stubbed(text, prefixes):
    """`text` with every reference that starts with one of `prefixes` starting with
    `var.STUB` instead."""
    if not prefixes:
        return text
    alternatives = "|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
    return re.sub(r"(?<![\w.-])(?:%s)(?![\w-])" % alternatives, "var." + STUB, text)


def reduced(dir, name, prefixes=()):
    """A file's text with only its `variable` and `locals` blocks, the rest blanked (lines kept),
    and the references starting with one of `prefixes` made references to `var.STUB`."""
    with open(os.path.join(dir, name), encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    if name.endswith(".tf.json"):
        data = json.loads(text)
        return stubbed(json.dumps({k: v for k, v in data.items() if k in ("variable", "locals")}), prefixes)
    if text.startswith("\ufeff"):
        text = text[1:]
    keep = [(a, b) for kind, _, a, b in Scanner(text).top_blocks() if kind in ("variable", "locals")]
    out = [ch if ch == "\n" else " " for ch in text]
    for a, b in keep:
        out[a:b] = text[a:b]
    return "\n".join(stubbed(line, prefixes) for line in "".join(out).split("\n"))


UNDECLARED = re.compile(r'(?:No module call named "([^"]+)"|A (managed|data) resource "([^"]+)" "([^"]+)" has not)')


def cut_out(detail, prefixes):
    """Whether Terraform's "Reference to undeclared module/resource" on the copy of the
    declarations names a module call or resource that the directory does declare (one of
    `prefixes`, see `declared_objects`)."""
    m = UNDECLARED.search(detail)
    if not m:
        return False
    if m.group(1):
        wanted = "module.%s" % m.group(1)
    elif m.group(2) == "managed":
        wanted = "%s.%s" % (m.group(3), m.group(4))
    else:
        wanted = "data.%s.%s" % (m.group(3), m.group(4))
    return wanted in prefixes


def terraform_config_errors(terraform, dir, files):
    """Terraform's errors about the directory's own files ("file:line: summary"), from
    `terraform validate -json` on a copy of them (child modules and providers are not installed,
    and their absence is not an error here), then on a copy that keeps only the `variable` and
    `locals` blocks (at their lines), their references to the resources, data sources and module
    calls left out standing as an unknown value (`STUB`): Terraform validates those without any
    provider, where on the whole module it stops at the missing providers or at an error in
    another block."""
    errors = []
    prefixes = declared_objects(dir, files)
    for only_declarations in (False, True):
        with tempfile.TemporaryDirectory() as tmp:
            if only_declarations:
                with open(os.path.join(tmp, STUB + ".tf"), "w") as f:
                    f.write('variable "%s" {}\n' % STUB)
            for name in files:
                if only_declarations:
                    with open(os.path.join(tmp, name), "w", encoding="utf-8", errors="surrogateescape") as f:
                        f.write(reduced(dir, name, prefixes))
                else:
                    shutil.copyfile(os.path.join(dir, name), os.path.join(tmp, name))
            rc, out, err = run([terraform, "validate", "-json", "-no-color"], cwd=tmp)
        try:
            diags = json.loads(out)["diagnostics"]
        except (ValueError, KeyError):
            return ["terraform validate gave no JSON: %s" % (err or out).strip()[:200]]
        for d in diags:
            if d["severity"] != "error" or d["summary"] in NOT_INIT + NEWER_TERRAFORM:
                continue
            if only_declarations and d["summary"] in CUT_OUT and cut_out(d["detail"], prefixes):
                continue
            r = d.get("range")
            where = "%s:%s" % (r["filename"], r["start"]["line"]) if r else "-"
            errors.append("%s: %s" % (where, d["summary"]))
    return errors


TFVARS_LOCATION = re.compile(r"([^\s:]+\.tf(?:\.json)?):(\d+)(?::(\d+))?")


def tfvars_load(tfvars, dir):
    """(variable names, or None and every line of the error that names a place; the first line
    when none does)."""
    rc, out, err = run([tfvars, "schema", "--stdout", "--allow-empty"], cwd=dir)
    if rc != 0:
        lines = [l.strip() for l in err.splitlines() if l.strip() and not l.startswith(("Error:", "  |"))]
        located = [l for l in lines if TFVARS_LOCATION.match(l)]
        return None, located + [l for l in lines if l not in located] or [err.strip() or "(no message)"]
    schema = json.loads(out)
    return list(schema.get("properties", {}).keys()), None


def common(ours, theirs):
    """(tfvars's error, Terraform's) at the first place both name, or None. Terraform's errors
    without a place ("-: Cycle: ...") match a tfvars error without one of the same summary."""
    places = [first_location(e) for e in theirs]
    for e in ours:
        if first_location(e) is not None and first_location(e) in places:
            return e, theirs[places.index(first_location(e))]
    for t in theirs:
        if t.startswith("-: "):
            summary = t[3:].split(":")[0]
            for e in ours:
                if first_location(e) is None and e.split(":")[0] == summary:
                    return e, t
        # A file neither can read (a dangling symbolic link) is named, without a line, by both.
        unreadable = re.match(r"([^:]+): Error: No file or directory", t)
        if unreadable:
            for e in ours:
                if "the file `%s` could not be read" % unreadable.group(1) in e:
                    return e, t
    return None


def first_location(text):
    """(file, line) of a "file:line..." text."""
    m = TFVARS_LOCATION.match(text or "")
    return (os.path.basename(m.group(1)), int(m.group(2))) if m else None


# ---------------------------------------------------------------------------------------------
# The corpus.


def module_files(dir):
    return sorted(
        n
        for n in os.listdir(dir)
        if not n.startswith(".")
        and (n.endswith(".tf") or n.endswith(".tf.json"))
        and not os.path.isdir(os.path.join(dir, n))
    )


def module_dirs(repo_dir):
    for root, dirs, names in os.walk(repo_dir):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        if any(not n.startswith(".") and (n.endswith(".tf") or n.endswith(".tf.json")) for n in names):
            yield root


def check(args, dir):
    files = module_files(dir)
    result = {"dir": dir}
    syntax_errors = terraform_syntax(args.terraform, dir, files)
    syntax_ok = not syntax_errors
    result["terraform_parses"] = syntax_ok
    try:
        names, problems = declared(dir, files)
    except (ScanError, ValueError) as e:
        names, problems = None, ["the declarations could not be read here: %s" % e]
    loaded, errors = tfvars_load(args.tfvars, dir)
    result["loaded"] = loaded is not None
    if syntax_ok:
        if loaded is None:
            tf_errors = terraform_config_errors(args.terraform, dir, files)
            both = common(errors, tf_errors)
            if both:
                result["verdict"] = "both reject"
                result["why"] = "Terraform: %s | tfvars: %s" % (both[1], both[0])
            elif tf_errors and all(": Reference to undeclared " in e for e in tf_errors):
                # Terraform skips what depends on a reference to something the module does not
                # declare, so it may not reach the place tfvars names.
                result["verdict"] = "both reject"
                result["why"] = "Terraform (first an undeclared reference): %s | tfvars: %s" % (tf_errors[0], errors[0])
            elif tf_errors:
                result["verdict"] = "mismatch"
                result["why"] = "both reject, at other places: Terraform: %s | tfvars: %s" % (tf_errors[0], errors[0])
            else:
                result["verdict"] = "mismatch"
                result["why"] = "Terraform loads it, tfvars: %s" % errors[0]
        elif names is None:
            result["verdict"] = "mismatch"
            result["why"] = problems[0]
        elif problems:
            result["verdict"] = "mismatch"
            result["why"] = "tfvars loads it, Terraform rejects: %s" % problems[0]
        elif sorted(names) != sorted(loaded):
            result["verdict"] = "mismatch"
            missing = sorted(set(names) - set(loaded))
            extra = sorted(set(loaded) - set(names))
            result["why"] = "variables differ: missing %s, extra %s" % (missing, extra)
        else:
            result["verdict"] = "loaded"
            result["variables"] = len(loaded)
            if args.rust and loaded:
                rc, out, err = run([args.tfvars, "rust"], cwd=dir)
                if rc != 0:
                    result["verdict"] = "mismatch"
                    result["why"] = "tfvars rust fails: %s" % (err.strip().splitlines() or ["(no message)"])[0]
    elif loaded is not None:
        result["verdict"] = "mismatch"
        result["why"] = "tfvars loads it, Terraform: %s" % syntax_errors[0]
    else:
        both = common(errors, syntax_errors)
        if both:
            result["verdict"] = "both reject"
            result["why"] = "Terraform: %s | tfvars: %s" % (both[1], both[0])
        else:
            result["verdict"] = "mismatch"
            result["why"] = "both reject, not at the same line: Terraform: %s | tfvars: %s" % (syntax_errors[0], errors[0])
    return result


def layout(args):
    """Writes the .tf and .tf.json files of each repository's listed commit into the corpus."""
    with open(args.repos) as f:
        lines = [l.split() for l in f if l.strip() and not l.startswith("#")]
    for repo, commit in lines:
        owner, name = repo.split("/")
        git_dir = args.layout.format(owner=owner, name=name)
        dest = os.path.join(args.corpus, "%s+%s" % (owner, name))
        git = ["git", "-C", git_dir] if os.path.isdir(os.path.join(git_dir, ".git")) else ["git", "--git-dir", git_dir]
        tree = subprocess.run(git + ["ls-tree", "-r", "-z", commit], capture_output=True, check=True).stdout
        blobs = {}
        for entry in tree.split(b"\0"):
            if not entry:
                continue
            meta, path = entry.split(b"\t", 1)
            mode, kind, oid = meta.split()
            if kind == b"blob":
                blobs[path.decode()] = (mode, oid)
        wanted = [p for p in blobs if p.endswith((".tf", ".tf.json"))]
        bodies = {}
        # A `.tf` file may be a symbolic link to a file of another name (`*.tfshared`): what
        # links point to is written too, or the links would dangle.
        while wanted:
            batch = subprocess.run(
                git + ["cat-file", "--batch"],
                input=b"".join(blobs[p][1] + b"\n" for p in wanted),
                capture_output=True, check=True,
            ).stdout
            at = 0
            for path in wanted:
                header_end = batch.index(b"\n", at)
                size = int(batch[at:header_end].split()[2])
                bodies[path] = batch[header_end + 1 : header_end + 1 + size]
                at = header_end + 1 + size + 1
            targets = [
                os.path.normpath(os.path.join(os.path.dirname(p), bodies[p].decode()))
                for p in wanted if blobs[p][0] == b"120000"
            ]
            wanted = sorted({t for t in targets if t in blobs and t not in bodies})
        entries = [(blobs[p][0], p) for p in sorted(bodies)]
        for mode, path in entries:
            body = bodies[path]
            target = os.path.join(dest, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if os.path.lexists(target):
                os.remove(target)
            if mode == b"120000":
                os.symlink(body.decode(), target)
            else:
                with open(target, "wb") as out:
                    out.write(body)
        print("%s: %d files" % (repo, len(entries)))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("corpus", nargs="?", default="/work/corpus")
    p.add_argument("--repos", default=os.path.join(HERE, "repos.txt"))
    p.add_argument("--layout", metavar="GIT_DIR_PATTERN",
                   help="lay out the corpus from repos.txt, with git directories at this pattern "
                   "({owner} and {name} are replaced), then stop")
    p.add_argument("--terraform", default=os.environ.get("TERRAFORM", "terraform"))
    p.add_argument("--tfvars", default=os.environ.get("TFVARS", os.path.join(ROOT, "target", "release", "tfvars")))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--rust", action="store_true",
                   help="also generate the Rust code (`tfvars rust`) of each module that loads with variables")
    p.add_argument("--verbose", action="store_true", help="list every module directory and its verdict")
    args = p.parse_args()
    if args.layout:
        layout(args)
        return 0
    for tool in (args.terraform, args.tfvars):
        if not shutil.which(tool):
            print("check.py: %s not found" % tool, file=sys.stderr)
            return 2
    repos = sorted(d for d in os.listdir(args.corpus) if os.path.isdir(os.path.join(args.corpus, d)) and not d.startswith("."))
    if os.path.exists(args.repos):
        with open(args.repos) as f:
            listed = {l.split()[0].replace("/", "+", 1) for l in f if l.strip() and not l.startswith("#")}
        missing = sorted(listed - set(repos))
        if missing and listed & set(repos):
            print("not laid out (listed in %s): %s" % (os.path.basename(args.repos), ", ".join(missing)))
    dirs = [d for r in repos for d in module_dirs(os.path.join(args.corpus, r))]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda d: check(args, d), dirs))
    parsed = [r for r in results if r["terraform_parses"]]
    loaded = [r for r in results if r["verdict"] == "loaded"]
    both = [r for r in results if r["verdict"] == "both reject"]
    mismatches = [r for r in results if r["verdict"] == "mismatch"]
    rel = lambda d: os.path.relpath(d, args.corpus)
    if args.verbose:
        for r in results:
            print("%-12s %s %s" % (r["verdict"], rel(r["dir"]), r.get("why", "")))
    print("repositories:          %d" % len(repos))
    print("module directories:    %d" % len(results))
    print("Terraform parses:      %d" % len(parsed))
    print("loaded, same variables: %d (%d variables)" % (len(loaded), sum(r["variables"] for r in loaded)))
    print("both reject:           %d" % len(both))
    for r in both:
        print("  %s: %s" % (rel(r["dir"]), r["why"]))
    print("mismatches:            %d" % len(mismatches))
    for r in mismatches:
        print("  %s: %s" % (rel(r["dir"]), r["why"]))
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
