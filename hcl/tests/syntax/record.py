#!/usr/bin/env python3
"""Records Terraform's verdict on generated HCL, for the differential test `hcl/tests/syntax.rs`.

    python3 hcl/tests/syntax/record.py            # regenerate hcl/tests/syntax/cases.json
    python3 hcl/tests/syntax/record.py --count N  # N generated texts per generator (default 1500)
    python3 hcl/tests/syntax/record.py --check K  # re-judge every K-th recorded case, exit 1 on drift

The texts come from three generators, all seeded so a re-run reproduces them:
  grammar   bodies built from HCL's grammar (every kind of expression, templates, heredocs,
            `for` expressions, splats, operators), valid by construction; then one line break,
            comment or heredoc is inserted at a random token boundary, legal or not;
  mutation  windows of the repository's own `.tf` and `.tfvars` files with one edit: a token
            or character deleted, inserted or doubled, a line duplicated or cut short;
  construct hand-written cases for the constructs the parser is known to find hard.

Terraform judges every text as a `.tf` file: `terraform fmt -check` names the syntax errors
(file, line, summary; it only parses) and `terraform validate -json` (which needs no `init` for
this) gives their exact ranges. A diagnostic is a syntax error when `fmt` reports it too; the
others (`Unsupported argument`, ...) are about what the blocks mean and are left out.

Needs terraform (1.11.4) on the PATH.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
OUT = HERE / "cases.json"
BATCH = 250

# ---------------------------------------------------------------------------------------------
# Grammar generator.


class Grammar:
    def __init__(self, rng):
        self.rng = rng

    def ident(self):
        return self.rng.choice(
            ["a", "b", "name", "x_1", "with-dash", "ñame", "v2", "count", "each", "self", "true_", "in_"]
        )

    def number(self):
        return self.rng.choice(
            ["0", "1", "42", "3.5", "1e3", "2E-2", "0.000", "5.63937047203182096022e400", "007", "1.0e+10"]
        )

    def string_chars(self):
        return self.rng.choice(
            ["", "text", "a b", "\\n", "\\\"q\\\"", "\\u00e9", "$${x}", "%%{x}", "$", "%", "é", "\\\\", "100%"]
        )

    def template_body(self, depth, heredoc=False):
        parts = []
        for _ in range(self.rng.randint(0, 3)):
            r = self.rng.random()
            if r < 0.45 or depth <= 0:
                parts.append(self.string_chars())
            elif r < 0.75:
                strip_l = self.rng.choice(["", "~"])
                strip_r = self.rng.choice(["", "~"])
                parts.append("${" + strip_l + self.expr(depth - 1) + strip_r + "}")
            elif r < 0.88:
                parts.append(
                    "%{ if " + self.expr(depth - 1) + " }" + self.string_chars()
                    + self.rng.choice(["", "%{ else }" + self.string_chars()]) + "%{ endif }"
                )
            else:
                parts.append(
                    "%{ for " + self.ident() + " in " + self.expr(depth - 1) + " ~}"
                    + self.string_chars() + "%{ endfor }"
                )
            if heredoc and self.rng.random() < 0.3:
                parts.append("\n")
        return "".join(parts)

    def heredoc(self, depth):
        marker = self.rng.choice(["EOT", "EOF", "END_X"])
        op = self.rng.choice(["<<", "<<-"])
        lines = []
        for _ in range(self.rng.randint(0, 3)):
            indent = self.rng.choice(["", "  ", "    ", "\t"])
            lines.append(indent + self.template_body(depth, heredoc=False))
        closer = self.rng.choice(["", "  "]) + marker
        return op + marker + "\n" + "".join(line + "\n" for line in lines) + closer

    def primary(self, depth):
        r = self.rng.random()
        if depth <= 0 or r < 0.25:
            return self.rng.choice(
                [self.number(), "true", "false", "null", self.ident(), "var." + self.ident(),
                 '"' + self.string_chars() + '"']
            )
        if r < 0.35:
            return '"' + self.template_body(depth - 1) + '"'
        if r < 0.40:
            return self.heredoc(depth - 1)
        if r < 0.50:
            items = [self.expr(depth - 1) for _ in range(self.rng.randint(0, 3))]
            return "[" + ", ".join(items) + self.rng.choice(["", ","]) + "]"
        if r < 0.60:
            items = []
            for _ in range(self.rng.randint(0, 3)):
                key = self.rng.choice([self.ident(), '"' + self.string_chars() + '"',
                                       "(" + self.expr(depth - 1) + ")"])
                sep = self.rng.choice([" = ", ": "])
                items.append(key + sep + self.expr(depth - 1))
            joiner = self.rng.choice([", ", "\n"])
            return "{" + joiner.join(items) + self.rng.choice(["", ","]) + "}"
        if r < 0.70:
            name = self.rng.choice(["max", "length", "lookup", "provider::aws::arn_parse", "coalesce", "f"])
            args = [self.expr(depth - 1) for _ in range(self.rng.randint(0, 3))]
            return name + "(" + ", ".join(args) + self.rng.choice(["", "...", ","]) + ")"
        if r < 0.80:
            k = self.rng.choice(["", self.ident() + ", "])
            if self.rng.random() < 0.5:
                return ("[for " + k + self.ident() + " in " + self.expr(depth - 1) + " : "
                        + self.expr(depth - 1) + self.rng.choice(["", " if " + self.expr(depth - 1)]) + "]")
            return ("{for " + k + self.ident() + " in " + self.expr(depth - 1) + " : "
                    + self.expr(depth - 1) + " => " + self.expr(depth - 1) + self.rng.choice(["", "..."])
                    + self.rng.choice(["", " if " + self.expr(depth - 1)]) + "}")
        if r < 0.86:
            return "(" + self.expr(depth - 1) + ")"
        if r < 0.92:
            return self.rng.choice(["-", "!"]) + self.primary(depth - 1)
        return self.primary(depth - 1) + self.traversal(depth - 1)

    def traversal(self, depth):
        steps = []
        for _ in range(self.rng.randint(1, 3)):
            steps.append(self.rng.choice(
                ["." + self.ident(), "[0]", '["k"]', "[" + self.expr(max(depth - 1, 0)) + "]",
                 "[*]", ".*", ".0", "[*]." + self.ident(), ".*." + self.ident()]
            ))
        return "".join(steps)

    def expr(self, depth):
        r = self.rng.random()
        if depth <= 0 or r < 0.55:
            return self.primary(depth)
        if r < 0.85:
            op = self.rng.choice(["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||"])
            return self.primary(depth - 1) + " " + op + " " + self.expr(depth - 1)
        return self.expr(depth - 1) + " ? " + self.expr(depth - 1) + " : " + self.expr(depth - 1)

    def body(self, depth, indent=""):
        lines = []
        for _ in range(self.rng.randint(1, 3)):
            if depth > 0 and self.rng.random() < 0.35:
                labels = " ".join(self.rng.choice(['"l"', "bare", '"x y"']) for _ in range(self.rng.randint(0, 2)))
                head = self.ident() + (" " + labels if labels else "")
                if self.rng.random() < 0.15:
                    lines.append(indent + head + " { " + self.ident() + " = " + self.expr(1) + " }")
                elif self.rng.random() < 0.1:
                    lines.append(indent + head + " {}")
                else:
                    lines.append(indent + head + " {\n" + self.body(depth - 1, indent + "  ") + indent + "}")
            else:
                lines.append(indent + self.ident() + " = " + self.expr(3))
        return "".join(line + "\n" for line in lines)


TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|<<-?[A-Za-z_]+|[A-Za-z_][A-Za-z0-9_-]*|\d+(?:\.\d+)?|&&|\|\||==|!=|<=|>=|=>|\.\.\.|\$\{|%\{|.', re.S)


def boundaries(text):
    """Offsets between tokens (and inside strings, where a break is never legal)."""
    return sorted({m.start() for m in TOKEN.finditer(text)} | {len(text)})


def insert_noise(rng, text):
    at = rng.choice(boundaries(text))
    noise = rng.choice([
        "\n", "\n", "\n\n", "\r\n", " # comment\n", " // comment\n", " /* c */ ", "/* multi\nline */",
        "\n# comment\n", " \\\n", "<<EOT\nEOT\n", "<<-EOT\n  x\n  EOT\n", "~", " ", "\t",
    ])
    return text[:at] + noise + text[at:]


def grammar_cases(rng, count):
    g = Grammar(rng)
    out = []
    for _ in range(count):
        text = g.body(2)
        if rng.random() < 0.8:
            text = insert_noise(rng, text)
        out.append(text)
    return out


# ---------------------------------------------------------------------------------------------
# Mutations of the repository's files.

INSERTS = ["{", "}", "(", ")", "[", "]", '"', "'", "\n", "<<EOT\n", "${", "%{", "~", "#", "/*", "*/",
           ",", "=", ":", "?", "...", "*", ".", "=>", "\\", "`", ";", "&", "|", "^", "\u201c", "@", "!",
           "-", "0.", "1e", "\r", "\t", "for ", "if ", "in ", "\u00e9", "EOT\n", "%", "$"]


def fixture_files():
    files = []
    for pattern in ("**/*.tf", "**/*.tfvars"):
        for p in ROOT.glob(pattern):
            rel = p.relative_to(ROOT)
            if rel.parts[0] in ("target", "fuzz") or any(part.startswith(".") for part in rel.parts):
                continue
            try:
                text = p.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
            if text.strip():
                files.append((str(rel), text))
    files.sort()
    return files


def window(rng, text):
    lines = text.splitlines(keepends=True)
    if len(lines) <= 40:
        return text
    start = rng.randrange(0, len(lines) - 10)
    return "".join(lines[start:start + rng.randint(10, 40)])


def mutate(rng, text):
    r = rng.random()
    if not text:
        return rng.choice(INSERTS)
    at = rng.randrange(0, len(text) + 1)
    if r < 0.3:
        end = min(len(text), at + rng.choice([1, 1, 2, 3]))
        return text[:at] + text[end:]
    if r < 0.7:
        return text[:at] + rng.choice(INSERTS) + text[at:]
    if r < 0.8:
        m = list(TOKEN.finditer(text))
        tok = rng.choice(m)
        return text[:tok.start()] + tok.group(0) + text[tok.start():]
    if r < 0.9:
        lines = text.splitlines(keepends=True)
        i = rng.randrange(len(lines))
        return "".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
    return text[:at]


def mutation_cases(rng, count):
    files = fixture_files()
    out = []
    for _ in range(count):
        _, text = rng.choice(files)
        out.append(mutate(rng, window(rng, text)))
    return out


# ---------------------------------------------------------------------------------------------
# Constructs.

CONSTRUCTS = [
    # Empty heredocs, closed by the next line; the next block must survive.
    'variable "a" {\n  description = <<EOT\nEOT\n}\nvariable "b" {\n  description = <<EOT\nb\nEOT\n}\n',
    'variable "a" {\n  description = <<-EOT\n  EOT\n}\nvariable "b" {}\n',
    'variable "a" {\n  description = <<-EOT\n    EOT\n  type = string\n}\n',
    'a = <<EOT\r\nx\r\nEOT\r\n',
    'a = <<EOT\nno closer\n',
    'a = <<EOT\nx\nEOT',
    'a = <<EOT\nline ending in $\n$\nEOT\n',
    'a = <<EOT\n${\n  1 +\n  2\n}\nEOT\n',
    'a = <<-EOT\n    four\n  two\n\tEOT\n',
    'a = <<EOT\n  EOTX\nEOT\n',
    # Line breaks inside `for` expressions, also in braces; not in object constructors.
    'locals {\n  x = { for k in local.names : k => local.x == "a" ? upper(k) :\n    lower(k) }\n}\n',
    'locals {\n  x = { for k in local.names : k => k != "" &&\n    k != "b" }\n}\n',
    'locals {\n  x = { for k in local.names : k => k ||\n    false }\n}\n',
    'locals {\n  x = { for k in local.names : k => k +\n    1 }\n}\n',
    'locals {\n  x = { for k in local.names : k => k ?\n    1 : 2 }\n}\n',
    'locals {\n  x = {\n    for k, v in local.m :\n    k => v\n    if v != null\n  }\n}\n',
    'locals {\n  x = { a = true &&\n    false }\n}\n',
    'locals {\n  x = { a = true\n    && false }\n}\n',
    'locals {\n  x = [\n    1 +\n    2,\n    3\n  ]\n}\n',
    'locals {\n  x = (\n    1\n    + 2\n  )\n}\n',
    'locals {\n  x = max(\n    1,\n    2\n  )\n}\n',
    'locals {\n  x = 1 +\n  2\n}\n',
    'locals {\n  x = true ?\n  1 : 2\n}\n',
    # Numbers.
    'a = 5.63937047203182096022e400\n',
    'a = 1e\n', 'a = 1.\n', 'a = .5\n', 'a = 0x10\n', 'a = 1_000\n', 'a = 1e+\n', 'a = 1.5.2\n',
    # Unicode identifiers and columns.
    'ñ = 1\n', 'a\u0301 = "\u00e9\u0301" +\n', 'x = "\U0001F600" +\n', '\u00b7a = 1\n', 'a\u00b7 = 1\n',
    # Templates, strip markers, directives.
    'a = "${~ 1 ~}"\n', 'a = "%{ if true ~} x %{~ endif }"\n', 'a = "%{ for x in [1] }${x}%{ endfor }"\n',
    'a = "%{ if true }"\n', 'a = "%{ endif }"\n', 'a = "%{ else }"\n', 'a = "%{ for x in y }"\n',
    'a = "${"\n', 'a = "${}"\n', 'a = "$${x}"\n', 'a = "%%{x}"\n', 'a = "\\q"\n', 'a = "\\u12"\n',
    'a = "\\U0001F600"\n', 'a = "\\uD800"\n', 'a = "x\n', 'a = "x\ny"\n',
    # Operators, splats, traversals.
    'a = 1 + + 2\n', 'a = !!true\n', 'a = --1\n', 'a = x[*].y[0]\n', 'a = x.*.y\n', 'a = x.0.1\n',
    'a = x.\n', 'a = x[\n', 'a = x[]\n', 'a = f(1,,2)\n', 'a = f(1...)\n', 'a = f(x..., y)\n',
    'a = 1 ? 2\n', 'a = 1 ?: 2\n', 'a = a.b.c.d.e.f\n', 'a = x[*][*]\n', 'a = [for x in y : x if]\n',
    'a = {for x in y : x}\n', 'a = [for x in y : x => x]\n', 'a = [for x, y, z in w : x]\n',
    'a = {for x in y : x => x... ...}\n', 'a = 1 &\n', 'a = 1 | 2\n', 'a = ~1\n', 'a = 1 ^ 2\n',
    # Bodies.
    'a = 1 b = 2\n', 'a = 1, b = 2\n', 'a = 1; b = 2\n', 'a = 1\na = 2\n', 'b {\n}\n', 'b { a = 1 }\n',
    'b { a = 1\n}\n', 'b {\n  a = 1 }\n', 'b { c {} }\n', 'b "x" "y" {\n}\n', 'b x y {\n}\n',
    'b "x\n', 'b {', 'b }\n', '}\n', '{\n', '= 1\n', 'a\n', 'a =\n', 'b "l" = 1\n', 'b 1 {\n}\n',
    "a = 'single'\n", 'a = `back`\n', 'a = \u201cx\u201d\n', 'a = 1 /* open\n', '/* */ a = 1 // x\n',
    '# only a comment', '', '\n\n\n', '\ufeffa = 1\n', 'a = 1\r\nb = 2\r\n', 'a = 1\rb = 2\n',
    'a = {\n  b = 1,\n  c = 2\n}\n', 'a = {\n  b = 1\n  c = 2,\n}\n', 'a = { b = 1 c = 2 }\n',
    'a = {\n  (b) = 1\n  "c" = 2\n  d: 3\n}\n', 'a = {\n  b.c = 1\n}\n', 'a = { 1 = 2 }\n',
]


# ---------------------------------------------------------------------------------------------
# Terraform.

FMT_DIAG = re.compile(r"^Error: (.*)\n\n  on ([ck]\d+\.tf) line (\d+)", re.M)


def terraform_env():
    env = dict(os.environ)
    env["CHECKPOINT_DISABLE"] = "1"
    rc = Path(tempfile.gettempdir()) / "tfvars-empty.tfrc"
    rc.write_text("")
    env["TF_CLI_CONFIG_FILE"] = str(rc)
    return env


def batch_name(i):
    return f"c{i % BATCH:04}.tf"


def judge(texts, names=None):
    """Terraform's syntax diagnostics for each text: a list of {summary, detail, start, end}.
    `names` are the file names to judge them under (distinct within each batch)."""
    env = terraform_env()
    names = names or [batch_name(i) for i in range(len(texts))]
    verdicts = []
    for first in range(0, len(texts), BATCH):
        batch = texts[first:first + BATCH]
        with tempfile.TemporaryDirectory() as d:
            names_here = names[first:first + BATCH]
            for name, text in zip(names_here, batch):
                Path(d, name).write_bytes(text.encode("utf-8"))
            fmt = subprocess.run(["terraform", "fmt", "-no-color", "-check", "-list=false", "."],
                                 cwd=d, env=env, capture_output=True, text=True)
            syntax = {}
            for m in FMT_DIAG.finditer(fmt.stderr):
                key = (m.group(2), int(m.group(3)), m.group(1))
                syntax[key] = syntax.get(key, 0) + 1
            val = subprocess.run(["terraform", "validate", "-json", "-no-color", "."],
                                 cwd=d, env=env, capture_output=True, text=True)
            report = json.loads(val.stdout)
            per_file = {name: [] for name in names_here}
            for diag in report.get("diagnostics", []):
                rng = diag.get("range")
                if not rng or rng["filename"] not in per_file:
                    continue
                key = (rng["filename"], rng["start"]["line"], diag["summary"])
                if syntax.get(key, 0) > 0:
                    syntax[key] -= 1
                    per_file[rng["filename"]].append({
                        "summary": diag["summary"],
                        "detail": diag.get("detail", ""),
                        "start": [rng["start"]["line"], rng["start"]["column"], rng["start"]["byte"]],
                        "end": [rng["end"]["line"], rng["end"]["column"], rng["end"]["byte"]],
                    })
            left = {k: v for k, v in syntax.items() if v}
            if left:
                sys.exit(f"fmt reported syntax errors validate did not: {left}")
            verdicts.extend(per_file[name] for name in names_here)
    return verdicts


def version():
    out = subprocess.run(["terraform", "version", "-json"], capture_output=True, text=True, env=terraform_env())
    return json.loads(out.stdout)["terraform_version"]


def check(path, every):
    """Re-judges every `every`-th recorded case; exits 1 when Terraform now answers otherwise."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    sample = doc["cases"][::every]
    # Judged under names of their own; details that quote the name are compared with it put back.
    names = [f"k{i:04}.tf" for i in range(len(sample))]
    verdicts = judge([c["text"] for c in sample], names)
    drift = []
    for case, name, now in zip(sample, names, verdicts):
        now = json.loads(json.dumps(now).replace(name, case["file"]))
        if now != case["diagnostics"]:
            drift.append((case, now))
    for case, now in drift:
        print(f"drift: {case['text']!r}\n  recorded: {case['diagnostics']}\n  now:      {now}")
    print(f"{len(sample)} recorded cases re-judged by Terraform {version()}: {len(drift)} differ")
    sys.exit(1 if drift else 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", type=int, metavar="EVERY",
                    help="re-judge every EVERY-th recorded case instead of recording")
    ap.add_argument("--count", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    if args.check:
        check(args.out, args.check)

    rng = random.Random(args.seed)
    generated = [("construct", t) for t in CONSTRUCTS]
    generated += [("grammar", t) for t in grammar_cases(rng, args.count)]
    generated += [("mutation", t) for t in mutation_cases(rng, args.count)]
    seen = set()
    cases = []
    for origin, text in generated:
        if text in seen:
            continue
        seen.add(text)
        cases.append({"origin": origin, "text": text})
    verdicts = judge([c["text"] for c in cases])
    for i, (case, diags) in enumerate(zip(cases, verdicts)):
        # The name Terraform read the text under (some details quote it).
        case["file"] = batch_name(i)
        case["diagnostics"] = diags
    doc = {
        "terraform": version(),
        "about": "Terraform's syntax diagnostics for each text as a .tf file; recorded by record.py",
        "cases": cases,
    }
    args.out.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    rejected = sum(1 for c in cases if c["diagnostics"])
    print(f"{len(cases)} cases ({rejected} rejected by Terraform) -> {args.out}")


if __name__ == "__main__":
    main()
