#!/usr/bin/env python3
"""Record Terraform's verdicts and effective values for the conformance suite.

Generates every case module under tests/conformance/cases/ (main.tf, inputs/, expected/),
runs `terraform plan` (and `terraform show -json` on acceptance) for each case, and writes
what Terraform decided. See README.md next to this script for the layout.

    python3 tests/conformance/record.py                 # everything
    python3 tests/conformance/record.py --only 'conv_set*'   # modules or module/case matching a glob
    python3 tests/conformance/record.py --list          # print the cases, run nothing

Python 3 standard library only. Output is deterministic: the same Terraform gives the same
files byte for byte.
"""

import argparse
import concurrent.futures
import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")
TERRAFORM_VERSION = "1.11.4"

# ---------------------------------------------------------------------------------------------
# Exact JSON: numbers are kept as their text, never turned into floats.


class Num(str):
    """A JSON number, kept as the exact text Terraform printed."""


def loads(text):
    return json.loads(text, parse_int=Num, parse_float=Num, object_pairs_hook=dict)


def dumps(value, indent=0):
    """Pretty JSON with exact numbers; object keys are sorted, so output is deterministic."""
    pad = "  " * indent
    inner = "  " * (indent + 1)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, Num):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=True)
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if isinstance(value, list):
        if not value:
            return "[]"
        items = [inner + dumps(v, indent + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [
            inner + json.dumps(k, ensure_ascii=True) + ": " + dumps(value[k], indent + 1)
            for k in sorted(value)
        ]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    raise TypeError(type(value))


# ---------------------------------------------------------------------------------------------
# Case definitions.


class Module:
    def __init__(self, name, family, tf, filename="main.tf"):
        self.filename = filename
        self.name = name
        self.family = family
        self.tf = tf
        self.cases = []  # (case name, [(file name, bytes)])
        self.unrecorded = []  # declared variables without an output (ephemeral)
        self.layout = []  # (file name, bytes) at the top of the module folder: auto-loaded files
        self.runs = {}  # case name -> {"args": [...], "env": {...}} for cases of input sources

    def top(self, fname, content):
        """A file in the module folder itself (`terraform.tfvars`, `*.auto.tfvars`, …)."""
        if isinstance(content, str):
            content = content.encode("utf-8")
        self.layout.append((fname, content))
        return self

    def run(self, name, *args, env=None, inputs=(), raw_env=None):
        """A case given as a `terraform plan` command line: `args` (`-var-file=inputs/F`,
        `-var`, `NAME=VALUE`, …), `TF_VAR_` variables `env` ({name: value}, without the
        prefix) and the files `inputs` ((file name, text)) it names under inputs/."""
        assert all(c.isalnum() or c in "_-" for c in name), name
        assert name not in [c[0] for c in self.cases], (self.name, name)
        files = [(f, c.encode("utf-8") if isinstance(c, str) else c) for f, c in inputs]
        self.cases.append((name, files))
        e = {"TF_VAR_" + k: v for k, v in (env or {}).items()}
        e.update(raw_env or {})
        self.runs[name] = {"args": list(args), "env": e}
        return self

    def case(self, name, *files):
        """A case with one or more var files, each (suffix, text-or-bytes), in order."""
        assert all(c.isalnum() or c in "_-" for c in name), name
        assert name not in [c[0] for c in self.cases], (self.name, name)
        out = []
        for i, (suffix, content) in enumerate(files):
            fname = name + (f".{i + 1}" if len(files) > 1 else "") + suffix
            if isinstance(content, str):
                content = content.encode("utf-8")
            out.append((fname, content))
        self.cases.append((name, out))
        return self

    def json(self, name, text):
        return self.case(name, (".tfvars.json", text))

    def hcl(self, name, text):
        return self.case(name, (".tfvars", text))

    def x(self, name, raw):
        """A `.tfvars.json` setting `x` to the raw JSON text `raw`."""
        return self.json(name, '{\n  "x": ' + raw + "\n}\n")


MODULES = []


def module(name, family, tf, filename="main.tf"):
    m = Module(name, family, tf, filename)
    MODULES.append(m)
    return m


def var(
    name, type=None, default=None, nullable=None, sensitive=False, ephemeral=False, exact=True, checks=()
):
    """A `variable` block plus its outputs (none for ephemeral variables).

    `output "NAME"` gives the value's type; `output "NAME__json"` (`jsonencode`) gives the value
    with every digit: the plan file rounds some numbers (`1/3`) to 16 digits. `exact=False` leaves
    out the second one, for values `jsonencode` cannot hold (infinity)."""
    lines = [f'variable "{name}" {{']
    if type is not None:
        lines.append(f"  type = {type}")
    if default is not None:
        lines.append(f"  default = {default}")
    if nullable is not None:
        lines.append(f"  nullable = {'true' if nullable else 'false'}")
    if sensitive:
        lines.append("  sensitive = true")
    if ephemeral:
        lines.append("  ephemeral = true")
    for condition, message in checks:
        lines.append("  validation {")
        lines.append(f"    condition     = {condition}")
        lines.append(f"    error_message = {message}")
        lines.append("  }")
    lines.append("}")
    if not ephemeral:
        lines.append(f'output "{name}" {{')
        lines.append(f"  value = var.{name}")
        if sensitive:
            lines.append("  sensitive = true")
        lines.append("}")
        if exact:
            lines.append(f'output "{name}__json" {{')
            lines.append(f"  value = jsonencode(var.{name})")
            if sensitive:
                lines.append("  sensitive = true")
            lines.append("}")
    return "\n".join(lines) + "\n"


def single(name, family, type=None, **kw):
    return module(name, family, var("x", type, **kw))


# The battery: one JSON value of every kind, run against every primitive type and `any`.
BIG60 = "123456789012345678901234567890123456789012345678901234567890"
BIG201 = "1" + "2345678901" * 20
BATTERY = [
    ("null", "null"),
    ("true", "true"),
    ("false", "false"),
    ("num_0", "0"),
    ("num_1", "1"),
    ("num_5", "5"),
    ("num_neg1", "-1"),
    ("num_1_5", "1.5"),
    ("num_1_50", "1.50"),
    ("num_1e3", "1e3"),
    ("num_1E_plus3", "1E+3"),
    ("num_1e_minus7", "1e-7"),
    ("num_neg0", "-0"),
    ("num_neg0_0", "-0.0"),
    ("num_0_1", "0.1"),
    ("num_2pow53_plus1", "9007199254740993"),
    ("num_60_digits", BIG60),
    ("num_201_digits", BIG201),
    ("num_1e400", "1e400"),
    ("num_neg1e400", "-1e400"),
    ("num_1e_minus400", "1e-400"),
    ("num_frac_long", "12345678901234567890.123456789012345678901"),
    ("str_empty", '""'),
    ("str_a", '"a"'),
    ("str_10", '"10"'),
    ("str_1e3", '"1e3"'),
    ("str_1_5", '"1.5"'),
    ("str_1_50", '"1.50"'),
    ("str_plus5", '"+5"'),
    ("str_dot5", '".5"'),
    ("str_5dot", '"5."'),
    ("str_0010", '"0010"'),
    ("str_neg0", '"-0"'),
    ("str_1p3", '"1p3"'),
    ("str_0x10", '"0x10"'),
    ("str_space5", '" 5"'),
    ("str_5space", '"5 "'),
    ("str_tab5", '"\\t5"'),
    ("str_1_000", '"1_000"'),
    ("str_Infinity", '"Infinity"'),
    ("str_NaN", '"NaN"'),
    ("str_arabic1", '"\\u0661"'),
    ("str_2pow53_plus1", '"9007199254740993"'),
    ("str_60_digits", '"' + BIG60 + '"'),
    ("str_1e400", '"1e400"'),
    ("str_1e_minus400", '"1e-400"'),
    ("str_true", '"true"'),
    ("str_false", '"false"'),
    ("str_1", '"1"'),
    ("str_0", '"0"'),
    ("str_True", '"True"'),
    ("str_FALSE", '"FALSE"'),
    ("str_yes", '"yes"'),
    ("str_interp", '"${1+1}"'),
    ("str_directive", '"%{if true}y%{endif}"'),
    ("str_null", '"null"'),
    ("arr_empty", "[]"),
    ("arr_1", "[1]"),
    ("arr_a", '["a"]'),
    ("arr_mixed", '["a", 1, true]'),
    ("arr_null", "[null]"),
    ("arr_nested", '[["a"]]'),
    ("obj_empty", "{}"),
    ("obj_a1", '{"a": 1}'),
    ("obj_0a", '{"0": "a"}'),
]
# Strings that parse as infinity: accepted by `plan`, but no plan file can hold them.
INF_STRINGS = [("str_inf", '"inf"'), ("str_Inf", '"Inf"'), ("str_neg_inf", '"-inf"')]


def battery(m, extra=()):
    for name, raw in list(BATTERY) + list(extra):
        m.x(name, raw)
    return m


def define():
    # -- conversion table: primitives and `any` against every kind of JSON value ----------------
    battery(single("conv_string", "conversion", "string"))
    battery(single("conv_number", "conversion", "number"))
    m = single("conv_number_inf", "conversion", "number", exact=False)
    for name, raw in INF_STRINGS:
        m.x(name, raw)
    battery(single("conv_bool", "conversion", "bool"))
    battery(single("conv_any", "conversion", "any"))
    battery(module("conv_untyped", "conversion", var("x")))

    # -- lists ---------------------------------------------------------------------------------
    m = single("conv_list_string", "conversion", "list(string)")
    m.x("empty", "[]").x("null", "null").x("mixed", '["a", 1, true]')
    m.x("null_elem", '["a", null]').x("dup", '["a", "a"]').x("numbers", "[1.50, 1e3, -0]")
    m.x("string", '"a"').x("object_indexed", '{"0": "a"}').x("object_empty", "{}")
    m.x("nested", '[["a"]]').x("second_bad", '["a", {"b": 1}]').x("big", "[" + BIG60 + "]")
    m = single("conv_list_number", "conversion", "list(number)")
    m.x("strings", '["1", "1e3", "0.5", "-0"]').x("bad_string", '["1", "x"]')
    m.x("bool", "[true]").x("exact", "[9007199254740993, 0.1, 1e400, 1e-400]")
    m.x("null_elem", "[1, null]").x("string_1p3", '["1p3"]')
    m = single("conv_list_bool", "conversion", "list(bool)")
    m.x("strings", '["true", "1", "0", "false"]').x("number", "[1]").x("upper", '["TRUE"]')
    m = single("conv_list_list", "conversion", "list(list(string))")
    m.x("ok", '[["a", 1], []]').x("inner_bad", '[["a"], [["b"]]]').x("inner_scalar", '["a"]')
    m.x("inner_null", '[null, ["a"]]')
    m = single("conv_list_bare", "conversion", "list")
    m.x("mixed_prim", '[1, "a", true]').x("num_bool", "[1, true]").x("empty", "[]")

    # -- sets ----------------------------------------------------------------------------------
    m = single("conv_set_string", "sets", "set(string)")
    m.x("dup", '["b", "a", "b"]').x("dedupe_after_conversion", '["1", 1]')
    m.x("dedupe_bool", '["true", true]').x("order_mixed", '["b", "B", "_", "10", "9", "a", "A"]')
    m.x("order_unicode", '["\\u00e9", "z", "e", "\\u4e2d", "\\ud83d\\ude00"]').x("empty", "[]")
    m.x("null_elem", '["a", null]').x("nfc_dedupe", '["e\\u0301", "\\u00e9"]')
    m.x("numbers", '[10, 9, 1.50, "1.5"]').x("object", '{"a": "b"}').x("string", '"a"')
    m = single("conv_set_number", "sets", "set(number)")
    m.x("order", "[3, 1, 2, 1, -5, 0.5]").x("dedupe_strings", '["1", 1, "1.0", "1e0"]')
    m.x("big", "[" + BIG60 + ", 9007199254740993, 9007199254740992, 1e400, 1e-400]")
    m.x("zero_neg_zero", "[-0, 0]").x("bad", '[1, "x"]').x("exact_point1", '[0.1, "0.1"]')
    m = single("conv_set_bool", "sets", "set(bool)")
    m.x("dup", "[true, false, true]").x("dedupe_strings", '["1", true, "0"]').x("bad", '["yes"]')
    m = single("conv_set_any", "sets", "set(any)")
    m.x("mixed_prim", '[1, "1", "a"]').x("objects_dup", '[{"a": 1}, {"a": 1}]')
    m.x("objects_unify", '[{"a": 1}, {"a": "x"}]').x("incompatible", '[1, [1]]')
    m = single("conv_set_list", "sets", "set(list(string))")
    m.x("dup", '[["a"], ["a"], ["b", "a"]]').x("dedupe_after_conversion", '[[1], ["1"]]')

    # -- maps ----------------------------------------------------------------------------------
    m = single("conv_map_number", "conversion", "map(number)")
    m.x("strings", '{"a": "1", "b": "1e3"}').x("bad", '{"a": "x"}')
    m.x("odd_keys", '{"": 1, "a b": 2, "\\u00e9": 3, "-": 4}').x("null_elem", '{"a": null}')
    m.x("array", "[1]").x("empty", "{}").x("nested_obj", '{"a": {"b": 1}}')
    m.x("nfc_keys", '{"e\\u0301": 1, "z": 2}')
    m = single("conv_map_string", "conversion", "map(string)")
    m.x("mixed", '{"a": 1, "b": true, "c": null, "d": "x"}').x("list_elem", '{"a": [1]}')
    m.x("comment_key_nested", '{"//": "data", "a": "b"}')
    m = single("conv_map_list", "conversion", "map(list(number))")
    m.x("ok", '{"a": [1, "2"], "b": []}').x("inner_bad", '{"a": [["x"]]}')
    m.x("inner_bad_second", '{"a": [1], "b": [1, "y"]}')
    m = single("conv_map_bare", "conversion", "map")
    m.x("same", '{"a": 1, "b": 2}').x("mixed_prim", '{"a": 1, "b": true}')

    # -- objects -------------------------------------------------------------------------------
    m = single("conv_object", "objects", "object({ a = string, b = number, c = bool })")
    m.x("converted", '{"a": 1, "b": "2", "c": "false"}').x("missing_b", '{"a": "x", "c": true}')
    m.x("missing_all", "{}").x("extra", '{"a": "x", "b": 1, "c": true, "d": [1]}')
    m.x("nulls", '{"a": null, "b": null, "c": null}').x("case_sensitive", '{"A": "x", "b": 1, "c": true}')
    m.x("array", "[]").x("string", '"x"').x("null", "null").x("bad_b", '{"a": "x", "b": "y", "c": true}')
    m.x("two_bad", '{"a": [], "b": "y", "c": true}')
    m.x("missing_and_unconvertible", '{"b": [1], "c": true}').x("missing_two_and_unconvertible", '{"c": [1]}')
    m = single(
        "conv_object_optional",
        "objects",
        'object({ a = string, b = optional(number), c = optional(bool, true), d = optional(string, 1) })',
    )
    m.x("only_a", '{"a": "x"}').x("c_null", '{"a": "x", "c": null}').x("c_false", '{"a": "x", "c": false}')
    m.x("empty", "{}").x("b_string", '{"a": "x", "b": "5"}').x("d_null", '{"a": "x", "d": null}')
    m.x("all", '{"a": "x", "b": 1, "c": "0", "d": 2}')
    m = single("conv_object_empty", "objects", "object({})")
    m.x("empty", "{}").x("extra", '{"a": 1}').x("array", "[]")
    m = single("conv_object_any", "objects", "object({ a = any, b = list(any) })")
    m.x("ok", '{"a": [1, "x"], "b": [1, "x"]}').x("b_bad", '{"a": 1, "b": [1, [2]]}')
    m.x("a_null", '{"a": null, "b": []}')

    # -- tuples --------------------------------------------------------------------------------
    m = single("conv_tuple", "tuples", "tuple([string, number])")
    m.x("converted", '[1, "2"]').x("short", '["a"]').x("long", '["a", 1, 2]').x("object", "{}")
    m.x("nulls", "[null, null]").x("string", '"a"').x("bad_second", '["a", "b"]')
    m = single("conv_tuple_empty", "tuples", "tuple([])")
    m.x("empty", "[]").x("one", "[1]")
    m = single("conv_tuple_nested", "tuples", "tuple([list(number), object({ a = bool })])")
    m.x("ok", '[["1", 2], {"a": "true"}]').x("bad_inner", '[[1], {"a": "maybe"}]')

    # -- any / list(any) / map(any) unification ------------------------------------------------
    m = single("conv_list_any", "unification", "list(any)")
    m.x("mixed_prim", '[1, "a", true]').x("maps", '[{"a": 1}, {"b": 2}]')
    m.x("lists", "[[1], [1, 2]]").x("num_bool", "[1, true]").x("num_list", "[1, [1]]")
    m.x("objects_bad", '[{"a": 1}, {"a": "x", "b": [1]}]').x("empty", "[]").x("null_elem", "[1, null]")
    m.x("objects_same_keys", '[{"a": 1}, {"a": "x"}]').x("all_null", "[null, null]")
    m.x("num_str", '[1, "1"]').x("nested_mixed", '[[1, "a"], [true]]')
    m = single("conv_map_any", "unification", "map(any)")
    m.x("num_bool", '{"a": 1, "b": true}').x("num_str", '{"a": 1, "b": "x"}')
    m.x("lists", '{"a": [1], "b": [1, 2]}').x("objects", '{"a": {"x": 1}, "b": {"y": "z"}}')
    m.x("empty", "{}").x("null_elem", '{"a": 1, "b": null}').x("list_num", '{"a": [1], "b": 2}')
    m = single("conv_any_nested", "unification", "list(map(any))")
    m.x("ok", '[{"a": 1, "b": "x"}, {"c": true}]').x("bad", '[{"a": 1, "b": [1]}]')
    # Elements whose converted types still differ once each is converted to the unified type
    # (an untyped null where another element has a structure): a tuple becoming a list is
    # unified a second time, a set or a list from a list is not, an object becoming a map is
    # when the element type is a structure.
    after_conversion = [
        ("null_beside_tuple", '[{"a": null}, {"a": [1]}]'),
        ("maps_with_null", '[{"a": {"p": 1, "r": null}}, {"a": {"q": "x"}}]'),
        ("maps_of_maps", '[{"a": {"p": {"x": 1}}}, {"a": {"q": {"y": "s"}}}]'),
        ("tuples_null_inner", "[[null], [[1]]]"),
        (
            "deep_maps_dropped_attr",
            '[{"a": {"b": {}, "c": {"d": {"e": 1}}}}, {"a": {"f": {"g": {"X": [], "e": null}}, "b": null}}]',
        ),
        ("objects_null_and_list", '[{"a": [1], "b": null}, {"a": null, "b": "x"}]'),
        (
            "fuzz_deep_maps",
            r'[{"":{"":{},"\u0000\u0000\u0004":{"":{"":{"":7315117399450354820e13}}}}},'
            r'{"":{"x-y":{"1":{"X":[],"":null}},"":null}}]',
        ),
    ]
    for type_name, type_expr in [("set", "set(any)"), ("list", "list(any)"), ("list_set", "list(set(any))")]:
        m = single("conv_unify_after_" + type_name, "unification", type_expr)
        for name, value in after_conversion:
            if type_name == "list_set":
                value = "[%s]" % value
            m.x(name, value)
    m = single("conv_unify_after_map", "unification", "map(any)")
    for name, value in after_conversion:
        # The same elements under keys: an object becoming a map.
        elems = json.loads(value)
        m.x(name, json.dumps({"k%d" % i: e for i, e in enumerate(elems)}))
    # A value converted with its nulls typed, written as JSON (untyped nulls) and read again:
    # Terraform accepts the first file and rejects the second, so a `.tfvars.json` written from
    # such a value is rejected by Terraform too (found by the `convert` fuzz target).
    m = single("conv_typed_nulls_written", "unification", "map(any)")
    m.x(
        "fuzz_raw",
        '{"": {"": {}, "a": null}, "\\u0000": {"": {"é": {"": null}}, "é": {"^": {"é": "true"}}},'
        ' "0": {"": {}, "é": {"": {"": {"^": false}}}}, "4e400E": {"a": null}}',
    )
    m.x(
        "fuzz_written",
        '{"": {"": {}, "a": null}, "\\u0000": {"": {}, "é": {}}, "0": {"": {}, "é": {}},'
        ' "4e400E": {"a": null}}',
    )
    m = module(
        "conv_unify_after_collections",
        "unification",
        var("set_of_maps", "set(map(any))", default="null")
        + var("list_of_maps", "list(map(any))", default="null")
        + var("map_of_maps", "map(map(any))", default="null")
        + var("set_of_lists", "set(list(any))", default="null")
        + var("list_of_lists", "list(list(any))", default="null"),
    )
    for name, second in [("num_and_bool", "true"), ("num_and_string", '"x"'), ("list_beside_number", "[1]")]:
        for v, text in [
            ("set_of_maps", '[{"a": 1}, {"c": %s}]'),
            ("list_of_maps", '[{"a": 1}, {"c": %s}]'),
            ("map_of_maps", '{"x": {"a": 1}, "y": {"c": %s}}'),
            ("set_of_lists", "[[1], [%s]]"),
            ("list_of_lists", "[[1], [%s]]"),
        ]:
            m.json(v + "_" + name, '{\n  "%s": %s\n}\n' % (v, text % second))

    # -- null, defaults and nullable -----------------------------------------------------------
    for name, kw in [
        ("null_default", dict(type="string", default='"d"')),
        ("null_default_nonnull", dict(type="string", default='"d"', nullable=False)),
        ("null_required", dict(type="string")),
        ("null_required_nonnull", dict(type="string", nullable=False)),
        ("null_default_null", dict(type="string", default="null")),
        ("null_untyped_default", dict(default='"d"')),
    ]:
        m = single(name, "null_default", **kw)
        m.x("explicit_null", "null").x("value", '"v"').json("omitted", "{}\n").case("no_files")
        m.x("empty_string", '""')
    m = single("null_nested_nonnull", "null_default", "list(string)", nullable=False, default='["d"]')
    m.x("null_elem", '["a", null]').x("explicit_null", "null").x("empty", "[]")
    m = single("null_default_conversion", "null_default", "object({ a = string })", default="{ a = 1, b = 2 }")
    m.case("no_files").x("explicit_null", "null").x("value", '{"a": "v"}')
    m = single(
        "null_default_optional",
        "null_default",
        'object({ a = optional(string, "d"), b = optional(list(number), [1]) })',
        default="{}",
    )
    m.case("no_files").x("explicit_null", "null").x("empty", "{}").x("a_null", '{"a": null}')
    m = module(
        "null_missing_hides",
        "null_default",
        var("req", "string") + var("n", "number", default="1") + var("nn", "string", nullable=False),
    )
    m.json("missing_req_and_bad_n", '{"n": "x", "nn": "a"}\n')
    m.json("missing_req_and_null_nn", '{"nn": null}\n')
    m.json("bad_n_and_null_nn", '{"req": "a", "n": "x", "nn": null}\n')
    m.json("all_ok", '{"req": null, "nn": "b"}\n')
    m.json("two_type_errors", '{"req": [], "n": "x", "nn": "b"}\n')

    # -- optional attribute defaults, nested ---------------------------------------------------
    m = single(
        "optdef_nested",
        "optional_defaults",
        'object({ c = optional(object({ d = optional(number, 7), e = string }), { e = "ee" }) })',
    )
    m.x("empty", "{}").x("c_null", '{"c": null}').x("c_empty_no_merge", '{"c": {}}')
    m.x("c_e", '{"c": {"e": "x"}}').x("c_d_null", '{"c": {"e": "x", "d": null}}')
    m.x("c_d_string", '{"c": {"e": "x", "d": "8"}}').x("null", "null")
    m = single(
        "optdef_no_default",
        "optional_defaults",
        "object({ o = optional(object({ p = optional(number, 1) })) })",
    )
    m.x("empty", "{}").x("o_empty", '{"o": {}}').x("o_null", '{"o": null}')
    m = single(
        "optdef_list",
        "optional_defaults",
        'list(object({ n = string, p = optional(number, 80), t = optional(list(string), ["x"]) }))',
    )
    m.x("fill", '[{"n": "a"}, {"n": "b", "p": 1, "t": []}]').x("null_attr", '[{"n": "a", "p": null}]')
    m.x("missing_required", '[{"n": "a"}, {"p": 1}]').x("empty", "[]")
    m = single(
        "optdef_map",
        "optional_defaults",
        'map(object({ n = optional(string, "dn"), m = optional(map(object({ q = optional(bool, true) })), { k = {} }) }))',
    )
    m.x("fill", '{"a": {}, "b": {"n": "x", "m": {"z": {}}}}').x("m_null", '{"a": {"m": null}}')
    m.x("m_empty", '{"a": {"m": {}}}').x("bad_q", '{"a": {"m": {"z": {"q": "maybe"}}}}')
    m = single(
        "optdef_set",
        "sets",
        "set(object({ n = string, p = optional(number, 80) }))",
    )
    m.x("dedupe_after_default", '[{"n": "a"}, {"n": "a", "p": 80}]')
    m.x("order", '[{"n": "b"}, {"n": "a", "p": 1}, {"n": "a"}]')
    m.x("extra_dropped_dedupe", '[{"n": "a", "x": 1}, {"n": "a"}]').x("missing_n", '[{"p": 1}]')
    m.x("null_n", '[{"n": null}, {"n": "a"}]').x("empty", "[]")
    m = single(
        "optdef_tuple",
        "optional_defaults",
        "tuple([object({ a = optional(number, 1) }), list(object({ b = optional(string, \"b\") }))])",
    )
    m.x("fill", "[{}, [{}, {\"b\": \"x\"}]]").x("nulls", "[null, [null]]")
    m = single(
        "optdef_in_default",
        "optional_defaults",
        'list(object({ a = optional(string, "d") }))',
        default='[{}, { a = "x" }]',
    )
    m.case("no_files").x("explicit_null", "null").x("value", '[{}]')

    # -- numbers: precision --------------------------------------------------------------------
    m = module(
        "numbers_exact",
        "numbers",
        var("n", "number", default="null")
        + var("s", "string", default="null")
        + var("l", "list(number)", default="null")
        + var("m", "map(string)", default="null"),
    )
    for name, raw in [
        ("n_2pow53_plus1", "9007199254740993"),
        ("n_60", BIG60),
        ("n_201", BIG201),
        ("n_1e400", "1e400"),
        ("n_1e_minus400", "1e-400"),
        ("n_0_1", "0.1"),
        ("n_neg0", "-0"),
        ("n_1e308", "1.7976931348623157e308"),
        ("n_5e_minus324", "5e-324"),
        ("n_trailing_zeros", "100.000"),
        ("n_exp_frac", "1.25e-2"),
        ("n_neg_big", "-" + BIG60),
    ]:
        m.json(name, f'{{"n": {raw}, "s": {raw}, "l": [{raw}], "m": {{"k": {raw}}}}}\n')
    for name, raw in [
        ("str_2pow53_plus1", '"9007199254740993"'),
        ("str_60", '"' + BIG60 + '"'),
        ("str_1e400", '"1e400"'),
        ("str_1e_minus400", '"1e-400"'),
        ("str_0_1", '"0.1"'),
        ("str_1p_minus2", '"1p-2"'),
        ("str_neg_dot5", '"-.5"'),
    ]:
        m.json(name, f'{{"n": {raw}, "l": [{raw}]}}\n')

    # -- unicode -------------------------------------------------------------------------------
    m = module(
        "unicode_nfc",
        "unicode",
        var("s", "string", default="null")
        + var("l", "list(string)", default="null")
        + var("m", "map(number)", default="null")
        + var("o", "object({ k = string })", default="null"),
    )
    for name, raw in [
        ("combining_acute", '"e\\u0301"'),
        ("precomposed", '"\\u00e9"'),
        ("angstrom_sign", '"\\u212b"'),
        ("ligature_fi", '"\\ufb01"'),
        ("hangul_jamo", '"\\u1100\\u1161\\u11a8"'),
        ("emoji_family", '"\\ud83d\\udc68\\u200d\\ud83d\\udc69\\u200d\\ud83d\\udc67"'),
        ("raw_utf8_decomposed", '"e\u0301"'),
        ("reordering_marks", '"a\\u0323\\u0302"'),
        ("greek_tonos", '"\\u1f71"'),
    ]:
        m.json(name, f'{{"s": {raw}, "l": [{raw}], "o": {{"k": {raw}}}}}\n')
    m.json("map_key_nfc", '{"m": {"e\\u0301": 1, "a": 2}}\n')
    m.json("map_key_nfc_collision", '{"m": {"e\\u0301": 1, "\\u00e9": 2}}\n')
    m.json("key_nfc_variable_name", '{"s\\u0301": "x"}\n')
    m.hcl("hcl_combining", 's = "e\\u0301"\nl = ["e\u0301"]\n')
    # Rules see NFC text: values (and keys) that NFC changes, against allowed values, patterns,
    # forbidden patterns, substrings, lengths (grapheme clusters) and keys.
    m = module(
        "unicode_nfc_rules",
        "unicode",
        var(
            "allowed",
            "string",
            default='"K"',
            checks=[('contains(["\\u00e9", "K", ";", "\\u00e1"], var.allowed)', '"Not allowed."')],
        )
        + var(
            "pattern",
            "string",
            default='"a"',
            checks=[('can(regex("^[a-z\\u00e9;K]+$", var.pattern))', '"No match."')],
        )
        + var(
            "forbidden",
            "string",
            default='"a"',
            checks=[('!can(regex("e|;", var.forbidden))', '"Forbidden."')],
        )
        + var(
            "substring",
            "string",
            default='"K"',
            checks=[('strcontains(var.substring, "K")', '"No K."')],
        )
        + var(
            "short",
            "string",
            default='"a"',
            checks=[("length(var.short) <= 1", '"Too long."')],
        )
        + var(
            "keys",
            "map(string)",
            default="{}",
            checks=[
                (
                    'alltrue([for k in keys(var.keys) : contains(["\\u00e9", "K"], k)])',
                    '"Bad key."',
                )
            ],
        )
        + var(
            "has_key",
            "map(string)",
            default='{ K = "v" }',
            checks=[('contains(keys(var.has_key), "K")', '"No key K."')],
        )
        + var("attr", "object({ K = string })", default='{ K = "v" }')
        + var(
            "untyped",
            default='"K"',
            checks=[('contains(["\\u00e9", "K"], var.untyped)', '"Not allowed."')],
        )
        + var(
            "items",
            "list(string)",
            default="[]",
            checks=[('alltrue([for s in var.items : can(regex("^[a-z\\u00e9]+$", s))])', '"No match."')],
        ),
    )
    for name, raw in [
        ("combining_acute", '"e\\u0301"'),
        ("acute_after_a", '"a\\u0301"'),
        ("kelvin_sign", '"\\u212a"'),
        ("greek_question_mark", '"\\u037e"'),
        ("plain_e", '"e"'),
        ("mark_after_x", '"x\\u0301"'),
        ("crlf", '"\\r\\n"'),
        ("zwj", '"a\\u200d"'),
        ("jamo_pair", '"\\u1100\\u1100"'),
        ("two_letters", '"ab"'),
    ]:
        for v in ("allowed", "pattern", "forbidden", "substring", "short"):
            m.json(f"{v}_{name}", f'{{"{v}": {raw}}}\n')
    for name, raw in [
        ("combining_acute", '"e\\u0301"'),
        ("kelvin_sign", '"\\u212a"'),
        ("plain_e", '"e"'),
    ]:
        m.json(f"keys_{name}", f'{{"keys": {{{raw}: "v"}}}}\n')
        m.json(f"has_key_{name}", f'{{"has_key": {{{raw}: "v"}}}}\n')
        m.json(f"attr_{name}", f'{{"attr": {{{raw}: "v"}}}}\n')
        m.json(f"untyped_{name}", f'{{"untyped": {raw}}}\n')
        m.json(f"items_{name}", f'{{"items": ["ok", {raw}]}}\n')

    # -- undeclared variables ------------------------------------------------------------------
    m = single("undeclared", "undeclared", "string", default='"d"')
    m.json("one", '{"x": "a", "nope": 1}\n')
    m.json("two", '{"nope1": 1, "nope2": 2}\n')
    m.json("three", '{"nope1": 1, "nope2": 2, "nope3": 3}\n')
    m.json("five", '{"a1": 1, "a2": 2, "a3": 3, "a4": 4, "a5": 5}\n')
    m.json("comment_key", '{"//": "a comment", "x": "v"}\n')
    m.json("case_differs", '{"X": "v"}\n')
    m.json("undeclared_and_type_error", '{"x": [], "nope": 1}\n')
    m.hcl("hcl_one", 'nope = 1\nx = "v"\n')
    m.case("two_files", (".tfvars.json", '{"nope1": 1}\n'), (".tfvars.json", '{"nope2": 2}\n'))

    # -- several var files ---------------------------------------------------------------------
    m = module(
        "multifile",
        "multifile",
        var("a", "string", default='"da"')
        + var("b", "number", default="0")
        + var("o", "object({ p = optional(string, \"dp\"), q = optional(number) })", default="null"),
    )
    m.case("later_wins", (".tfvars.json", '{"a": "one", "b": 1}\n'), (".tfvars.json", '{"a": "two"}\n'))
    m.case("json_then_hcl", (".tfvars.json", '{"a": "json"}\n'), (".tfvars", 'a = "hcl"\n'))
    m.case("hcl_then_json", (".tfvars", 'a = "hcl"\n'), (".tfvars.json", '{"a": "json"}\n'))
    m.case(
        "three",
        (".tfvars.json", '{"a": "1", "b": 1}\n'),
        (".tfvars", "b = 2\n"),
        (".tfvars.json", '{"a": "3"}\n'),
    )
    m.case("no_object_merge", (".tfvars.json", '{"o": {"q": 1}}\n'), (".tfvars.json", '{"o": {"p": "x"}}\n'))
    m.case("later_null", (".tfvars.json", '{"a": "x"}\n'), (".tfvars.json", '{"a": null}\n'))
    m.case("bad_then_good", (".tfvars.json", '{"b": "x"}\n'), (".tfvars.json", '{"b": 2}\n'))
    m.case("good_then_bad", (".tfvars.json", '{"b": 2}\n'), (".tfvars.json", '{"b": "x"}\n'))
    m.case("syntax_error_second", (".tfvars.json", '{"a": "x"}\n'), (".tfvars.json", '{"a": }\n'))
    m.case("same_file_twice_like", (".tfvars.json", '{"b": 1}\n'), (".tfvars.json", '{"b": 1}\n'))

    # -- .tfvars (HCL) -------------------------------------------------------------------------
    m = module(
        "hcl_values",
        "hcl",
        var("a", "any", default="null")
        + var("s", "string", default="null")
        + var("n", "number", default="null")
        + var("l", "list(string)", default="null")
        + var("o", "object({ p = string, q = optional(number, 5) })", default="null"),
    )
    for name, text in [
        ("arith", "n = 1 + 2 * 3 - 4 / 2\na = 7 % 3\n"),
        ("div_exact", "n = 1 / 3\na = 2 / 3\n"),
        ("neg_mod", "n = -5 % 3\n"),
        ("compare_logic", "a = [1 == 1.0, \"a\" != \"b\", 2 > 1, !true, true && false, false || true]\n"),
        ("conditional", 'a = 1 > 2 ? "yes" : "no"\ns = true ? 5 : 6\n'),
        ("template", 's = "a${1 + 1}b"\na = "${true}"\n'),
        ("template_number", 's = "${1.50}"\na = "x${1e3}"\n'),
        ("template_if", 's = "%{if 1 > 0}pos%{else}neg%{endif}"\n'),
        ("template_for", 's = "%{for i in [1, 2, 3]}${i},%{endfor}"\n'),
        ("heredoc", 's = <<EOT\nline one\n  line two\nEOT\n'),
        ("heredoc_indented", 's = <<-EOT\n    line one\n      line two\n    EOT\n'),
        ("for_list", "l = [for i in [1, 2, 3] : i * 2]\na = [for i in [1, 2, 3] : i if i > 1]\n"),
        ("for_map", 'a = { for k, v in { x = 1, y = 2 } : k => v * 10 }\n'),
        ("for_grouping", 'a = { for v in ["a", "b", "a"] : v => v... }\n'),
        ("comments", "# hash\n// slashes\n/* block */\ns = \"c\" # trailing\n"),
        ("hcl_objects", 'o = { p = "x" }\na = { "k-1" = 1, k2 = [true, null] }\n'),
        ("object_missing_p", "o = { q = 1 }\n"),
        ("index_attr", "a = [10, 20][1]\nn = { k = 3 }.k\ns = { k = \"v\" }[\"k\"]\n"),
        ("splat", 'a = [{ v = 1 }, { v = 2 }][*].v\n'),
        ("numbers", "a = [1e3, 1.50, 9007199254740993, " + BIG60 + ", 0.1]\nn = 1e400\n"),
        ("escapes", 's = "tab\\tq\\"uni\\u00e9"\na = "$${literal} %%{literal}"\n'),
        ("string_to_number", 'n = "12"\nl = [1, true]\n'),
        ("null_values", "a = null\ns = null\n"),
        ("type_error", "n = \"x\"\nl = { a = 1 }\n"),
        ("multiline_list", 'l = [\n  "a",\n  "b",\n]\n'),
        ("unicode_nfc", 's = "e\\u0301"\n'),
        ("interp_strip", 's = "a ${~ "b" ~} c"\n'),
        ("big_arith", "n = 9007199254740993 + 1\na = " + BIG60 + " * 10\n"),
        ("float_sum", "a = 0.1 + 0.2\nn = 0.1 + 0.2 == 0.3 ? 1 : 0\n"),
        ("empty_file", ""),
        ("only_comment", "# nothing\n"),
    ]:
        m.hcl(name, text)
    for name, text in [
        ("err_function", 's = upper("a")\n'),
        ("err_reference_var", "s = var.n\n"),
        ("err_reference_local", "s = local.x\n"),
        ("err_bare_word", "s = hello\n"),
        ("err_block", 'thing {\n  s = "a"\n}\n'),
        ("err_labeled_block", 'variable "s" {\n  default = "a"\n}\n'),
        ("err_redefined", 's = "a"\ns = "b"\n'),
        ("err_hex", "n = 0x10\n"),
        ("err_json_in_tfvars", '{"s": "a"}\n'),
        ("err_unterminated", 's = "abc\n'),
        ("err_missing_value", "s =\n"),
        ("err_div_type", 'n = "a" / 2\n'),
        ("err_for_null", "l = [for i in null : i]\n"),
        ("err_index_out", "a = [1][5]\n"),
        ("err_unknown_op", "n = 1 ** 2\n"),
    ]:
        m.hcl(name, text)
    m.case("err_uppercase_suffix", (".TFVARS.JSON", '{"s": "a"}\n'))
    m.case("upper_suffix_hcl_ok", (".TFVARS.JSON", 's = "a"\n'))

    # -- strict JSON ---------------------------------------------------------------------------
    m = module("json_syntax", "json_syntax", var("x", "any", default="null") + var("y", "any", default="null"))
    for name, text in [
        ("ok", '{"x": 1}\n'),
        ("dup_top", '{"x": 1, "x": 2}\n'),
        ("dup_nested", '{"x": {"a": 1, "a": 2}}\n'),
        ("dup_deep", '{"x": [{"a": {"b": 1, "b": 1}}]}\n'),
        # What is wrong inside a duplicate's value is reported too; a "//" comment's is not.
        ("dup_inside_dup", '{"x": {"a": 1, "a": {"z": 1, "z": 2}}}\n'),
        ("dup_inside_comment", '{"//": {"z": 1, "z": 2}, "x": {"a": {"q": 1, "q": 2}}}\n'),
        ("comment_line", '{\n  // c\n  "x": 1\n}\n'),
        ("comment_hash", '{\n  # c\n  "x": 1\n}\n'),
        ("comment_block", '{ /* c */ "x": 1 }\n'),
        ("trailing_comma_obj", '{"x": 1,}\n'),
        ("trailing_comma_arr", '{"x": [1, 2,]}\n'),
        ("top_array", '[{"x": 1}]\n'),
        ("top_string", '"x"\n'),
        ("top_number", "1\n"),
        ("top_null", "null\n"),
        ("empty", ""),
        ("whitespace_only", "  \n\n"),
        ("nan", '{"x": NaN}\n'),
        ("infinity", '{"x": Infinity}\n'),
        ("leading_zero", '{"x": 01}\n'),
        ("leading_plus", '{"x": +1}\n'),
        ("dot_start", '{"x": .5}\n'),
        ("two_documents", '{"x": 1}\n{"y": 2}\n'),
        ("single_quotes", "{'x': 1}\n"),
        ("unquoted_key", "{x: 1}\n"),
        ("bad_escape", '{"x": "\\q"}\n'),
        ("control_char", '{"x": "a\tb"}\n'),
        ("lone_surrogate", '{"x": "\\ud800"}\n'),
        ("unclosed", '{"x": 1\n'),
        ("missing_colon", '{"x" 1}\n'),
        ("true_caps", '{"x": True}\n'),
        ("nested_comment_key", '{"x": {"//": "kept"}}\n'),
        ("escaped_interp", '{"x": "${var.y}", "y": "%{ if true }a%{ endif }"}\n'),
        ("unicode_escape_key", '{"\\u0078": 5}\n'),
        ("crlf", '{\r\n  "x": 1,\r\n  "y": "a"\r\n}\r\n'),
        ("deep_nesting", '{"x": ' + "[" * 40 + "1" + "]" * 40 + "}\n"),
    ]:
        m.json(name, text)
    m.case("bom", (".tfvars.json", b"\xef\xbb\xbf" + b'{"x": 1}\n'))
    m.case("invalid_utf8", (".tfvars.json", b'{"x": "\xff\xfe"}\n'))

    # -- sensitive and ephemeral ---------------------------------------------------------------
    m = module(
        "sensitive",
        "sensitive",
        var("p", "string", sensitive=True, default='"dp"')
        + var("n", "number", sensitive=True, default="null")
        + var("e", "string", ephemeral=True, default='"de"'),
    )
    m.unrecorded = ["e"]
    m.json("ok", '{"p": "secret", "n": "5", "e": "eph"}\n')
    m.json("type_error", '{"n": "x"}\n').json("null_p", '{"p": null}\n').case("no_files")
    m.json("ephemeral_type_error", '{"e": []}\n')

    define_more()
    define_sources()
    define_files()


def define_more():
    # -- number syntaxes in strings and in JSON ------------------------------------------------
    m = single("conv_number_strings", "conversion", "number")
    for name, raw in [
        ("str_1P3", '"1P3"'),
        ("str_1p_minus2", '"1p-2"'),
        ("str_0x1p3", '"0x1p3"'),
        ("str_0b101", '"0b101"'),
        ("str_0o7", '"0o7"'),
        ("str_1e", '"1e"'),
        ("str_e3", '"e3"'),
        ("str_dot", '"."'),
        ("str_minus", '"-"'),
        ("str_plus", '"+"'),
        ("str_plusplus1", '"++1"'),
        ("str_1_2_3", '"1.2.3"'),
        ("str_1comma000", '"1,000"'),
        ("str_5newline", '"5\\n"'),
        ("str_underscore1", '"_1"'),
        ("str_1__0", '"1__0"'),
        ("str_nan_lower", '"nan"'),
        ("str_neg_dot5", '"-.5"'),
        ("str_1E_plus3", '"1E+3"'),
        ("str_1e_minus3", '"1e-3"'),
        ("str_exp_huge", '"1e4000"'),
        ("str_exp_tiny", '"1e-4000"'),
        ("str_long_frac", '"0.' + "3" * 80 + '"'),
        ("str_fullwidth5", '"\\uff15"'),
        ("json_1E400", "1E400"),
        ("json_neg1e_minus400", "-1e-400"),
        ("json_0e0", "0e0"),
        ("json_neg0e0", "-0e0"),
        ("json_1_0e0", "1.0e0"),
        ("json_exp_huge", "1e4000"),
        ("json_exp_tiny", "1e-4000"),
        ("json_long_frac", "0." + "3" * 80),
        ("json_long_int", "9" * 160),
    ]:
        m.x(name, raw)
    m = single("conv_number_inf_more", "conversion", "number", exact=False)
    for name, raw in [
        ("str_plus_inf", '"+inf"'),
        ("str_INF", '"INF"'),
        ("str_infinity", '"infinity"'),
        ("str_plus_Inf", '"+Inf"'),
    ]:
        m.x(name, raw)
    m = single("conv_bool_strings", "conversion", "bool")
    for name, raw in [
        ("str_t", '"t"'),
        ("str_T", '"T"'),
        ("str_1_0", '"1.0"'),
        ("str_01", '"01"'),
        ("str_space_true", '" true"'),
        ("str_TRUE", '"TRUE"'),
        ("str_False", '"False"'),
        ("str_on", '"on"'),
        ("num_2", "2"),
        ("num_0_0", "0.0"),
    ]:
        m.x(name, raw)
    m = single("conv_string_numbers", "conversion", "string")
    for name, raw in [
        ("num_1_0", "1.0"),
        ("num_100e_minus2", "100e-2"),
        ("num_1e21", "1e21"),
        ("num_1e_minus6", "0.000001"),
        ("num_frac", "123456789.123456789"),
        ("num_5e_minus324", "5e-324"),
        ("num_over_f64", "1.7976931348623157e309"),
        ("num_long_frac", "0." + "3" * 80),
        ("num_neg_frac", "-0.5"),
        ("num_exp_frac", "2.5E-3"),
        ("str_nul", '"a\\u0000b"'),
        ("str_escapes", '"\\"\\\\\\/\\b\\f\\n\\r\\t"'),
        ("str_lone_low_surrogate", '"\\udc00"'),
        ("str_flag", '"\\ud83c\\uddfa\\ud83c\\uddf8"'),
    ]:
        m.x(name, raw)

    # -- more collections and objects ----------------------------------------------------------
    m = single("conv_map_object", "objects", "map(object({ a = string, b = optional(number) }))")
    m.x("ok", '{"k": {"a": "x"}, "j": {"a": 1, "b": "2"}}').x("missing_a", '{"k": {"b": 1}}')
    m.x("null_elem", '{"k": null}').x("extra", '{"k": {"a": "x", "z": 1}}').x("array", '[{"a": "x"}]')
    m = single("conv_list_object_null", "objects", 'list(object({ a = optional(string, "d") }))')
    m.x("null_elem_no_default", '[null, {}]').x("nested_null", '[{"a": null}]')
    m = single("conv_map_set", "sets", "map(set(string))")
    m.x("ok", '{"a": ["b", "a", "b"], "c": []}').x("inner_null", '{"a": null}').x("inner_bad", '{"a": [[1]]}')
    m = single("conv_set_map", "sets", "set(map(string))")
    m.x("dup", '[{"a": "1"}, {"a": 1}, {"b": "x"}]').x("order", '[{"z": "1"}, {"a": "2"}, {}]')
    m = single("conv_set_object_nested", "sets", "set(object({ k = string, v = set(number) }))")
    m.x("dedupe_inner", '[{"k": "a", "v": [2, 1, 1]}, {"k": "a", "v": [1, 2]}]')
    m.x("order", '[{"k": "b", "v": []}, {"k": "a", "v": [3]}, {"k": "a", "v": [1]}]')
    m = single("conv_any_mixed", "unification", "any")
    m.x("arr_obj_null", '[{"a": 1}, null]').x("obj_nested", '{"a": [1, "x"], "b": {"c": null}}')
    m.x("arr_arrays", "[[1], [\"a\", true], []]")
    m = single("conv_list_any_deep", "unification", "list(any)")
    m.x("objects_diff_keys", '[{"a": 1}, {"b": "x"}]').x("obj_and_null", '[{"a": 1}, null]')
    m.x("maps_of_lists", '[{"a": [1]}, {"b": ["x"]}]').x("lists_of_objects", '[[{"a": 1}], [{"a": "x"}]]')
    m.x("bool_str", '[true, "false"]').x("nested_any_num", "[[1], [2.5, \"3\"]]")
    m = single("conv_object_attr_any", "objects", "object({ a = any, b = optional(any), c = optional(any, [1, \"x\"]) })")
    m.x("fill", '{"a": 1}').x("all", '{"a": [1, "x"], "b": {"k": true}, "c": null}').x("missing_a", "{}")
    m = single("conv_tuple_any", "tuples", "tuple([any, list(any), number])")
    m.x("ok", '[[1, "x"], [1, "x"], "7"]').x("bad_list", '[1, [1, [1]], 1]')

    # -- defaults in the module ----------------------------------------------------------------
    m = module(
        "defaults_module",
        "null_default",
        var("any_tuple", "any", default='[1, "a"]')
        + var("list_any", "list(any)", default='[1, "a"]')
        + var("set_dup", "set(string)", default='["b", "a", "b"]')
        + var("point1", "number", default="0.1")
        + var("div", "number", default="1 / 3")
        + var("str_num", "string", default="1.50")
        + var("obj_null", 'object({ a = optional(string, "x") })', default="null")
        + var("map_default", "map(number)", default='{ a = "1" }')
        + var("heredoc", "string", default="<<-EOT\n    text\n    EOT"),
    )
    m.case("no_files").json("override_some", '{"point1": 1, "set_dup": ["z"], "obj_null": {}}\n')
    m.json("nulls", '{"any_tuple": null, "obj_null": null, "div": null}\n')

    m = module(
        "defaults_big",
        "null_default",
        var("big", "number", default="1e400") + var("tiny", "number", default="-1e-400"),
    )
    m.case("no_files").json("override", '{"big": 1}\n')

    # -- HCL arithmetic and expressions --------------------------------------------------------
    m = module("hcl_arith", "hcl", var("a", "any", default="null") + var("n", "number", default="null"))
    for name, text in [
        ("div_2_3", "n = 2 / 3\n"),
        ("div_neg", "n = -1 / 3\n"),
        ("div_zero", "a = 0 / 5\n"),
        ("mod_frac", "n = 10 % 3.5\n"),
        ("mod_neg_divisor", "n = 7 % -3\n"),
        ("mod_neg_both", "n = -7 % -3\n"),
        ("mul_point1", "n = 0.1 * 3\n"),
        ("sum_point1", "n = 0.1 + 0.2\n"),
        ("big_mul", "n = 1e400 * 1e400\n"),
        ("tiny_mul", "n = 1e-400 * 1e-400\n"),
        ("big_add_small", "n = 1e20 + 1e-20\n"),
        ("int_precision", "n = 12345678901234567890123456789 * 98765432109876543210\n"),
        ("sub_exact", "n = 9007199254740993 - 1\n"),
        ("string_plus_number", 'n = "5" + 1\n'),
        ("unary_minus_string", 'n = -"5"\n'),
        ("neg_zero", "n = -0\na = 0 * -1\n"),
        ("compare_num_str", 'a = ["5" < 10, 1 == 1.0, "1" == 1, null == null, [1, 2] == [1, 2]]\n'),
        ("cond_unify", 'a = true ? 1 : "a"\n'),
        ("cond_unify_list", 'a = false ? [1] : ["a"]\n'),
        ("precedence", "n = 2 + 3 * 4 % 5 - -1\n"),
        ("parens", "n = (2 + 3) * (4 - 1) / 5\n"),
        ("bool_ops", "a = [!false && true, false || !true, 1 < 2 && 2 <= 2 && 3 >= 3 && 4 > 3]\n"),
        ("heredoc_interp", 'a = <<EOT\n${1 + 1} and %{ if true }yes%{ endif }\nEOT\n'),
        ("template_strip", 'a = "%{ for x in ["a", "b"] ~}\n${x}\n%{~ endfor }"\n'),
        ("unicode_escape_long", 'a = "\\U0001F600 \\u00e9"\n'),
        ("number_forms", "a = [1.5e3, 1E-2, 0.5, 10]\n"),
        ("object_key_expr", 'a = { "a b" = 1, (format) = 2 }\n'),
        ("object_key_paren", 'a = { ("k") = 1 }\n'),
        ("for_index", 'a = [for i, v in ["a", "b"] : "${i}=${v}"]\n'),
        ("for_object_filter", 'a = { for k, v in { a = 1, b = 2, c = 3 } : k => v if v != 2 }\n'),
        ("for_dup_key", 'a = { for v in ["a", "a"] : v => 1 }\n'),
        ("splat_full", "a = [[1, 2], [3]][*][0]\n"),
        ("null_attr", "a = { k = null }.k\n"),
        ("missing_attr", "a = { k = 1 }.j\n"),
        ("index_map", 'a = { k = 1 }["k"]\n'),
        ("index_string_key_list", 'a = [1, 2]["1"]\n'),
        ("string_mul", 'a = "a" * 2\n'),
        ("cond_non_bool", 'a = "x" ? 1 : 2\n'),
        ("cond_string_bool", 'a = "true" ? 1 : 2\n'),
        ("and_non_bool", "a = 1 && true\n"),
        ("compare_strings", 'a = "a" < "b"\n'),
        ("ellipsis_call", "a = [1, 2]...\n"),
    ]:
        m.hcl(name, text)

    m = module("hcl_inf", "hcl", var("a", "any", default="null", exact=False))
    m.hcl("div_by_zero", "a = 1 / 0\n").hcl("mod_by_zero", "a = 1 % 0\n").hcl("neg_div_by_zero", "a = -1 / 0\n")

    # -- validation blocks (Terraform 1.11 semantics) ------------------------------------------
    m = module(
        "validation",
        "validation",
        var(
            "name",
            "string",
            default='"ok"',
            checks=[("length(var.name) >= 2", '"Name too short: ${var.name}."')],
        )
        + var(
            "port",
            "number",
            default="80",
            checks=[
                ("var.port >= 1 && var.port <= 65535", '"Port out of range."'),
                ("var.port != 22", '"Port 22 is reserved."'),
            ],
        )
        + var(
            "cond",
            "string",
            default="null",
            checks=[('var.cond == null ? true : startswith(var.cond, "b")', '"Must start with b."')],
        )
        + var(
            "tags",
            "map(string)",
            default="{}",
            checks=[
                ("alltrue([for k, v in var.tags : can(regex(\"^[a-z]+$\", k))])", '"Tag keys must be lowercase letters."'),
                ("length(var.tags) <= 3", '"At most 3 tags."'),
            ],
        )
        + var(
            "min",
            "number",
            default="5",
        )
        + var(
            "above",
            "number",
            default="10",
            checks=[("var.above >= var.min", '"above (${var.above}) must be >= min (${var.min})."')],
        )
        + var(
            "items",
            "list(object({ n = string, size = optional(number, 1) }))",
            default="[]",
            checks=[
                ("alltrue([for i in var.items : i.size > 0])", '"Every size must be positive."'),
                ("length(distinct([for i in var.items : i.n])) == length(var.items)", '"Names must be unique."'),
            ],
        )
        + var(
            "bad_default",
            "string",
            default='"x"',
            checks=[("var.bad_default != \"x\"", '"The default is not allowed."')],
        ),
    )
    for name, text in [
        ("ok", '{"bad_default": "y"}\n'),
        ("defaults_validated", "{}\n"),
        ("name_short", '{"bad_default": "y", "name": "a"}\n'),
        ("name_null", '{"bad_default": "y", "name": null}\n'),
        ("port_two_rules", '{"bad_default": "y", "port": 22}\n'),
        ("port_both_fail", '{"bad_default": "y", "port": 70000}\n'),
        ("port_string", '{"bad_default": "y", "port": "443"}\n'),
        ("port_type_error", '{"bad_default": "y", "port": "x", "name": "a"}\n'),
        ("cond_null_ok", '{"bad_default": "y", "cond": null}\n'),
        ("cond_bad", '{"bad_default": "y", "cond": "x"}\n'),
        ("tags_ok", '{"bad_default": "y", "tags": {"env": "p", "app": 1}}\n'),
        ("tags_bad_key", '{"bad_default": "y", "tags": {"Env": "p"}}\n'),
        ("tags_too_many", '{"bad_default": "y", "tags": {"a": "1", "b": "2", "c": "3", "d": "4", "E": "5"}}\n'),
        ("other_var", '{"bad_default": "y", "above": 3}\n'),
        ("other_var_changed", '{"bad_default": "y", "above": 3, "min": 1}\n'),
        ("items_ok", '{"bad_default": "y", "items": [{"n": "a"}, {"n": "b", "size": "2"}]}\n'),
        ("items_bad", '{"bad_default": "y", "items": [{"n": "a", "size": 0}, {"n": "a"}]}\n'),
        ("items_null_size", '{"bad_default": "y", "items": [{"n": "a", "size": null}]}\n'),
        ("many_fail", '{"name": "", "port": 0, "above": 1, "tags": {"X": "y"}}\n'),
    ]:
        m.json(name, text)
    m = module(
        "validation_messages",
        "validation",
        var(
            "n",
            "number",
            default="1",
            checks=[
                ("var.n > 0", "var.n"),
                ("var.n < 100", '"  padded message  "'),
            ],
        )
        + var("s", "string", default='"a"', checks=[("var.s != \"bad\"", '"String was ${var.s}."')])
        + var("r", "string", default='"1"', checks=[("can(regex(\"^[0-9]+$\", var.r))", '"Digits only."')])
        + var("t", "string", default='"x"', checks=[('var.t == "x" ? true : "true"', '"Not x."')])
        + var("u", "bool", default="true", checks=[("var.u ? var.u : null", '"U failed."')]),
    )
    for name, text in [
        ("defaults", "{}\n"),
        ("numeric_message", '{"n": -5}\n'),
        ("trimmed_message", '{"n": 500}\n'),
        ("message_template", '{"s": "bad"}\n'),
        ("can_regex_null", '{"r": null}\n'),
        ("can_regex_ok", '{"r": "123"}\n'),
        ("can_regex_bad", '{"r": "12a"}\n'),
        ("string_true_result", '{"t": "y"}\n'),
        ("null_result", '{"u": false}\n'),
    ]:
        m.json(name, text)

    # `||` does not short-circuit in 1.11: a null default fails its own rule.
    m = module(
        "validation_or",
        "validation",
        var(
            "maybe",
            "string",
            default="null",
            checks=[('var.maybe == null || startswith(var.maybe, "a")', '"Must start with a."')],
        ),
    )
    m.case("no_files").json("null", '{"maybe": null}\n').json("ok", '{"maybe": "abc"}\n')
    m.json("bad", '{"maybe": "xyz"}\n')
    m = module(
        "validation_and",
        "validation",
        var(
            "o",
            "object({ a = optional(string) })",
            default="{}",
            checks=[('var.o.a != null && length(var.o.a) > 2', '"a must be longer than 2."')],
        ),
    )
    m.case("no_files").json("short", '{"o": {"a": "ab"}}\n').json("ok", '{"o": {"a": "abc"}}\n')
    m.json("null_object", '{"o": null}\n')
    # The error message is evaluated even when the condition holds.
    m = module(
        "validation_msg_list",
        "validation",
        var("l", "list(string)", default='["a"]', checks=[("length(var.l) > 0", "var.l")]),
    )
    m.case("no_files").json("empty", '{"l": []}\n')
    # Null values that fail a rule's expressions: `format` of a typed null (`%s` fails, `%v` writes
    # `null`; an untyped null gives an unknown result), in the message of a rule that fails; a
    # splat of a null list (an error; a splat of another null is an empty tuple). A message that
    # fails to evaluate in a rule that fails: a template leaving out a null interpolation still
    # has a value ("Failed to evaluate condition error message"), any other failure gives an
    # unknown message ("won't be known until the apply phase", and no failed rule).
    m = module(
        "validation_null_format_splat",
        "validation",
        var(
            "dbs",
            "map(object({ name = optional(string) }))",
            default="{}",
            nullable=False,
            checks=[
                (
                    'alltrue([for k in keys(var.dbs) : can(regex("^[a-z]+$", var.dbs[k].name))])',
                    'format("Bad names: %s", join(", ", [for k in keys(var.dbs) : format("%s -> %s", k, var.dbs[k].name) if !can(regex("^[a-z]+$", var.dbs[k].name))]))',
                )
            ],
        )
        + var(
            "tags",
            "map(object({ value = optional(string) }))",
            default="{}",
            nullable=False,
            checks=[
                (
                    'alltrue([for t in values(var.tags) : t.value != ""])',
                    'format("Empty values: %v", join(", ", [for k, t in var.tags : format("%s=%v", k, t.value)]))',
                )
            ],
        )
        + var(
            "acls",
            "list(object({ rules = list(object({ action = string })) }))",
            default="[]",
            checks=[
                (
                    'length([for r in flatten(var.acls[*].rules) : r if !contains(["allow", "deny"], r.action)]) == 0',
                    '"Actions are allow or deny."',
                )
            ],
        )
        + var(
            "name",
            "string",
            default='"a"',
            checks=[("length(var.name[*]) < 2", '"One name."')],
        )
        + var(
            "named",
            "object({ name = optional(string), ok = bool })",
            default='{ ok = true, name = "n" }',
            checks=[("var.named.ok", '"Name ${var.named.name} is not ok."')],
        ),
    )
    m.case("no_files")
    m.json("dbs_ok", '{"dbs": {"a": {"name": "x"}}}\n')
    m.json("dbs_bad_name", '{"dbs": {"a": {"name": "X1"}}}\n')
    m.json("dbs_null_name", '{"dbs": {"a": {"name": "x"}, "b": {}}}\n')
    m.json("tags_null_value", '{"tags": {"a": {}}}\n')
    m.json("tags_empty_value", '{"tags": {"a": {"value": ""}, "b": {}}}\n')
    m.json("acls_null", '{"acls": null}\n')
    m.json("acls_ok", '{"acls": [{"rules": [{"action": "allow"}]}]}\n')
    m.json("acls_bad", '{"acls": [{"rules": [{"action": "drop"}]}]}\n')
    m.json("name_null", '{"name": null}\n')
    m.json("named_fail", '{"named": {"ok": false, "name": "x"}}\n')
    m.json("named_fail_null", '{"named": {"ok": false}}\n')
    m.json("named_pass_null", '{"named": {"ok": true}}\n')
    # A rule that fails with a message Terraform does not know during plan: a function given an
    # untyped null, `timestamp()`, `uuid()`, `bcrypt()`. Terraform refuses the message ("won't be
    # known until the apply phase"); the rule does not pass.
    m = module(
        "validation_unknown_message",
        "validation",
        var("a", "any", default="null", checks=[("var.a == true", '"Bad ${format("%v", var.a)}."')])
        + var("t", "string", default='"x"', checks=[('var.t == "y"', '"At ${timestamp()}."')])
        + var("u", "string", default='"x"', checks=[('var.u == "y"', '"Id ${uuid()}."')])
        + var("b", "string", default='"x"', checks=[('var.b == "y"', '"Hash ${bcrypt(var.b)}."')]),
    )
    m.case("no_files")
    m.json("all_pass", '{"a": true, "t": "y", "u": "y", "b": "y"}\n')
    m.json("one_fails", '{"a": true, "t": "y", "u": "x", "b": "y"}\n')
    # An index or a `format` verb given a value that is no number or bool: cty says "number
    # required" for a bool or a collection, "a number is required" for a string.
    m = module(
        "validation_required_words",
        "validation",
        var("i", "any", default="true", checks=[("[1, 2, 3][var.i] == 2", '"i"')])
        + var("d", "any", default="true", checks=[('format("%d", var.d) == "1"', '"d"')])
        + var("t", "any", default="1", checks=[('format("%t", var.t) == "true"', '"t"')]),
    )
    m.case("no_files")
    m.json("strings", '{"i": "abc", "d": "abc", "t": "maybe"}\n')
    m.json("lists", '{"i": [1], "d": [1], "t": [true]}\n')
    # A failed rule's message that refers to another variable's sensitive or ephemeral value (or
    # its own ephemeral one): an error of its own at the message, and the message not shown.
    m = module(
        "validation_message_marks",
        "validation",
        var("s", "string", default='"s"', sensitive=True)
        + var("se", "string", default='"s"', sensitive=True, ephemeral=True)
        + var("e", "string", default='"e"', ephemeral=True,
              checks=[('var.e == "e"', '"Got ${var.e}."')])
        + var(
            "v",
            "string",
            default='"ok"',
            checks=[
                ('var.v == "ok"', '"Other ${var.s}."'),
                ('var.v == "ok"', '"Other ${var.se}."'),
            ],
        ),
    )
    m.unrecorded = ["e", "se"]
    m.case("no_files")
    m.json("failing", '{"v": "bad", "e": "bad"}\n')
    # A failed rule's message that fails to evaluate: Terraform looks at no marks, and says it
    # failed.
    m = module(
        "validation_message_fails_marked",
        "validation",
        var("n", "string", default="null", ephemeral=True,
            checks=[("var.n != null", '"Got ${var.n}."')])
        + var("l", "list(string)", default='["a"]', sensitive=True,
              checks=[("length(var.l) > 1", '"Got ${var.l}."')]),
    )
    m.unrecorded = ["n"]
    m.case("no_files")
    # Whole-number arguments and prefixes, as each function words their failure and where it
    # points: an argument error (`slice`, `cidrsubnets`, `parseint`, `range`) or the call's.
    def rule(name, default, condition):
        return var(name, "any", default=default, checks=[(condition, '"x"')])

    m = module(
        "validation_function_arguments",
        "validation",
        rule("a", "1", "length(slice([1, 2, 3], var.a, 2)) > 0")
        + rule("b", "1", "length(chunklist([1, 2], var.b)) > 0")
        + rule("c", "1", 'cidrsubnet("10.0.0.0/8", var.c, 1) != ""')
        + rule("d", "1", 'length(cidrsubnets("10.0.0.0/8", var.d)) > 0')
        + rule("e", "10", 'parseint("10", var.e) > 0')
        + rule("r", "4", "length(range(0, var.r, 2)) > 0")
        + rule("p", '"10.0.0.0/8"', "length(cidrsubnets(var.p, 4, 4)) > 0"),
    )
    m.case("no_files")
    m.json("fractions", '{"a": 1.5, "b": 1.5, "c": 1.5, "d": 1.5, "e": 1.5, "r": -2.5}\n')
    m.json("out_of_range", '{"b": -1, "e": 1, "r": -2, "p": "x"}\n')
    # CIDR prefixes as Terraform reads them (leading zeros, IPv6 forms), substrings, and
    # conditions compared with a literal bool or negated.
    m = module(
        "validation_functions",
        "validation",
        var(
            "cidr",
            "string",
            default='"10.0.0.0/16"',
            checks=[("can(cidrhost(var.cidr, 0))", '"Must be a CIDR prefix."')],
        )
        + var(
            "cidrs",
            "list(string)",
            default="[]",
            checks=[
                ("alltrue([for c in var.cidrs : can(cidrhost(c, 1))])", '"Each must hold host 1."')
            ],
        )
        + var(
            "path",
            "string",
            default='"a/b"',
            checks=[('strcontains(var.path, "/")', '"Must contain a slash."')],
        )
        + var(
            "flat",
            "string",
            default='"x"',
            checks=[('strcontains(var.flat, "/") == false', '"Must not contain a slash."')],
        )
        + var(
            "plain",
            "string",
            default='"b"',
            checks=[('!startswith(var.plain, "-")', '"Must not start with a dash."')],
        )
        + var(
            "gpu",
            "object({ driver = optional(string), nvidia = optional(object({ mode = optional(string) })) })",
            default="null",
            checks=[
                (
                    'try(var.gpu == null || var.gpu.driver == null || contains(["Install", "None"], var.gpu.driver), true)',
                    '"Unknown driver."',
                ),
                (
                    'try(var.gpu == null || var.gpu.nvidia == null || var.gpu.nvidia.mode == null || contains(["Managed"], var.gpu.nvidia.mode), true)',
                    '"Unknown mode."',
                ),
            ],
        )
        + var(
            "probes",
            "list(object({ protocol = string }))",
            default="[]",
            checks=[
                (
                    'length([for o in var.probes : true if contains(["Tcp", "Http"], o.protocol)]) == length(var.probes)',
                    '"Unknown protocol."',
                )
            ],
        )
        + var(
            "spaces",
            "list(object({ prefix = string }))",
            default="null",
            checks=[
                (
                    "alltrue([for a in (var.spaces == null ? [] : var.spaces) : can(cidrhost(a.prefix, 0))])",
                    '"Each prefix must be a CIDR prefix."',
                )
            ],
        )
        + var(
            "sku",
            "object({ capacity = optional(number), tier = optional(string) })",
            default='{ capacity = 5, tier = "Basic" }',
            checks=[
                (
                    "var.sku == null || var.sku.capacity == null || (var.sku.capacity >= 1 && var.sku.capacity <= 125)",
                    '"Capacity from 1 to 125."',
                ),
                (
                    'var.sku.tier == null || contains(["Basic", "Standard"], var.sku.tier)',
                    '"Unknown tier."',
                ),
            ],
        )
        + var(
            "tags",
            "list(string)",
            default="[]",
            checks=[
                (
                    '!anytrue([for t in var.tags : contains(["root", "admin"], t)])',
                    '"Reserved tag."',
                )
            ],
        ),
    )
    m.case("no_files").json("cidr_zeros", '{"cidr": "010.0.0.1/024"}\n')
    m.json("cidr_v6", '{"cidr": "::ffff:1.2.3.4/0120", "cidrs": ["2001:db8::/64", "0.0.0.0/0"]}\n')
    m.json("cidr_bad", '{"cidr": "10.0.0.0/33"}\n')
    m.json("cidr_zone", '{"cidr": "fe80::1%eth0/64"}\n')
    m.json("cidrs_full", '{"cidrs": ["10.0.0.0/31", "10.0.0.1/32"]}\n')
    m.json("cidr_null", '{"cidr": null}\n')
    m.json("substrings_ok", '{"path": "x/y", "flat": "xy", "plain": "a-"}\n')
    m.json("path_bad", '{"path": "xy"}\n')
    m.json("flat_bad", '{"flat": "x/y"}\n')
    m.json("plain_bad", '{"plain": "-a"}\n')
    m.json("gpu_empty", '{"gpu": {}}\n')
    m.json("gpu_ok", '{"gpu": {"driver": "None", "nvidia": {"mode": "Managed"}}}\n')
    m.json("gpu_driver_bad", '{"gpu": {"driver": "Other"}}\n')
    m.json("gpu_mode_bad", '{"gpu": {"nvidia": {"mode": "Other"}}}\n')
    m.json("gpu_mode_null", '{"gpu": {"nvidia": {"mode": null}}}\n')
    m.json("probes_ok", '{"probes": [{"protocol": "Tcp"}, {"protocol": "Http"}]}\n')
    m.json("probes_bad", '{"probes": [{"protocol": "Tcp"}, {"protocol": "Udp"}]}\n')
    m.json("spaces_ok", '{"spaces": [{"prefix": "10.0.0.0/8"}, {"prefix": "::/0"}]}\n')
    m.json("spaces_bad", '{"spaces": [{"prefix": "10.0.0.0/8"}, {"prefix": "10.0.0.0"}]}\n')
    m.json("spaces_null", '{"spaces": null}\n')
    # 1.11 evaluates every side of `||`: a null object or a null capacity fails.
    m.json("sku_null", '{"sku": null}\n')
    m.json("sku_empty", '{"sku": {}}\n')
    m.json("sku_big", '{"sku": {"capacity": 126, "tier": "Basic"}}\n')
    m.json("sku_no_capacity", '{"sku": {"tier": "Basic"}}\n')
    m.json("sku_tier", '{"sku": {"capacity": 2, "tier": "Basic"}}\n')
    m.json("sku_tier_bad", '{"sku": {"capacity": 2, "tier": "Gold"}}\n')
    m.json("tags_ok", '{"tags": ["web", "db"]}\n')
    m.json("tags_bad", '{"tags": ["web", "admin"]}\n')

    # `contains` over `lower` / `upper` of the variable: Go's simple case mapping, one character
    # to one (U+0130 lowers to "i", U+212A is "K" once in NFC, U+017F uppers to "S").
    m = module(
        "validation_case_mapping",
        "validation",
        var(
            "sku",
            "string",
            default='"standard"',
            checks=[('contains(["standard", "premium", "kit"], lower(var.sku))', '"Unknown SKU."')],
        )
        + var(
            "os",
            "string",
            default='"LINUX"',
            checks=[('contains(["LINUX", "WINDOWS", "SS", "IS"], upper(var.os))', '"Unknown OS."')],
        )
        + var(
            "tier",
            "string",
            default='"basic"',
            checks=[('!contains(["legacy"], lower(var.tier))', '"Legacy tier."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("sku_upper", '{"sku": "STANDARD"}'),
        ("sku_mixed", '{"sku": "PreMium"}'),
        ("sku_bad", '{"sku": "basic"}'),
        ("sku_space", '{"sku": "standard "}'),
        ("sku_dotted_i", '{"sku": "k\u0130t"}'),
        ("sku_kelvin", '{"sku": "\u212Ait"}'),
        ("sku_dotless_i", '{"sku": "k\u0131t"}'),
        ("sku_null", '{"sku": null}'),
        ("sku_number", '{"sku": 5}'),
        ("os_lower", '{"os": "linux"}'),
        ("os_long_s", '{"os": "\u017F\u017F"}'),
        ("os_dotless_i", '{"os": "\u0131s"}'),
        ("os_dotted_i", '{"os": "\u0130s"}'),
        ("os_sharp_s", '{"os": "\u00DF"}'),
        ("os_bad", '{"os": "macos"}'),
        ("tier_ok", '{"tier": "Gold"}'),
        ("tier_legacy", '{"tier": "LeGaCy"}'),
        ("tier_null", '{"tier": null}'),
        ("tier_bool", '{"tier": true}'),
    ]:
        m.json(name, text + "\n")

    # `can` around an expression that can fail: false exactly where evaluating it fails (a null
    # object or collection, a null operand, `regex` matching nothing), whatever the value.
    hub = (
        "map(object({ capture = optional(object({ encoding = string, size = optional(number),"
        ' target = object({ name = optional(string, "blob") }) })), status = optional(string) }))'
    )
    m = module(
        "validation_can",
        "validation",
        var(
            "hubs",
            hub,
            default="{}",
            checks=[
                (
                    'can([for k, c in var.hubs : (c.capture == null ? true : contains(["Avro", "AvroDeflate"], c.capture.encoding))])',
                    '"Bad encoding."',
                ),
                (
                    "can([for k, c in var.hubs : (c.capture == null ? true : c.capture.size == null ? true : c.capture.size >= 10 && c.capture.size <= 100)])",
                    '"Bad size."',
                ),
                (
                    'can([for k, c in var.hubs : (c.capture == null ? true : c.capture.target.name == null ? true : c.capture.target.name == "blob")])',
                    '"Bad target."',
                ),
                (
                    'can([for c in values(var.hubs) : c.status == null ? true : contains(["on", "off"], c.status)])',
                    '"Bad status."',
                ),
            ],
        )
        + var(
            "items",
            "list(object({ name = optional(string), on = optional(bool) }))",
            default="[]",
            checks=[('can([for o in var.items : startswith(o.name, "x") if o.on])', '"Bad item."')],
        )
        + var(
            "tags",
            "map(string)",
            default="{}",
            checks=[('can([for k, v in var.tags : regex("^[a-z]+$", v)])', '"Bad tag."')],
        )
        + var(
            "limits",
            "object({ max = optional(number) })",
            default="{ max = 1 }",
            checks=[("can(var.limits.max >= 1)", '"Bad limits."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("hubs_empty", '{"hubs": {}}'),
        ("hubs_null", '{"hubs": null}'),
        ("hubs_elem_null", '{"hubs": {"a": null}}'),
        ("hubs_no_capture", '{"hubs": {"a": {}}}'),
        ("hubs_capture_null", '{"hubs": {"a": {"capture": null, "status": "on"}}}'),
        ("hubs_ok", '{"hubs": {"a": {"capture": {"encoding": "Avro", "size": 50, "target": {"name": "blob"}}}}}'),
        ("hubs_bad_encoding", '{"hubs": {"a": {"capture": {"encoding": "zip", "target": {}}}}}'),
        ("hubs_null_encoding", '{"hubs": {"a": {"capture": {"encoding": null, "target": {}}}}}'),
        ("hubs_null_target", '{"hubs": {"a": {"capture": {"encoding": "Avro", "target": null}}}}'),
        ("hubs_null_name", '{"hubs": {"a": {"capture": {"encoding": "Avro", "target": {"name": null}}}}}'),
        ("hubs_size_low", '{"hubs": {"a": {"capture": {"encoding": "Avro", "size": 5, "target": {}}}}}'),
        ("hubs_size_null", '{"hubs": {"a": {"capture": {"encoding": "Avro", "size": null, "target": {}}}}}'),
        ("hubs_bad_status", '{"hubs": {"a": {"status": "broken"}, "b": {"status": null}}}'),
        ("hubs_second_bad", '{"hubs": {"a": {}, "b": {"capture": {"encoding": null, "target": {}}}}}'),
        ("items_empty", '{"items": []}'),
        ("items_off_null_name", '{"items": [{"name": null, "on": false}]}'),
        ("items_on_null_name", '{"items": [{"name": null, "on": true}]}'),
        ("items_on_other_name", '{"items": [{"name": "y", "on": true}]}'),
        ("items_null_on", '{"items": [{"name": "x"}]}'),
        ("items_null_elem", '{"items": [null]}'),
        ("items_null", '{"items": null}'),
        ("tags_ok", '{"tags": {"a": "abc"}}'),
        ("tags_upper", '{"tags": {"a": "abc", "b": "ABC"}}'),
        ("tags_null_value", '{"tags": {"a": null}}'),
        ("tags_number", '{"tags": {"a": 5}}'),
        ("tags_null", '{"tags": null}'),
        ("limits_ok", '{"limits": {"max": 3}}'),
        ("limits_low", '{"limits": {"max": 0}}'),
        ("limits_string", '{"limits": {"max": "0"}}'),
        ("limits_no_max", '{"limits": {}}'),
        ("limits_null", '{"limits": null}'),
    ]:
        m.json(name, text + "\n")

    # A number given for a string meets the string's rules as its decimal text (`1.50` as
    # `1.5`, `1e3` as `1000`, `-0` as `-0`), which the schema judges by its shape.
    m = module(
        "validation_number_texts",
        "validation",
        var(
            "name",
            "string",
            default='"ab"',
            checks=[('can(regex("^[a-z0-9][a-z0-9-]{0,10}[a-z0-9]$", var.name))', '"Bad name."')],
        )
        + var(
            "release",
            "string",
            default='"1.2"',
            checks=[(r'can(regex("^[0-9]+\\.[0-9]+$", var.release))', '"Bad release."')],
        )
        + var(
            "digits",
            "string",
            default='"1"',
            checks=[('can(regex("^[0-9]+$", var.digits))', '"Bad digits."')],
        )
        + var(
            "prefix",
            "string",
            default='""',
            checks=[('var.prefix == "" || can(regex("^[a-z0-9]+$", var.prefix))', '"Bad prefix."')],
        )
        + var(
            "short",
            "string",
            default='"abc"',
            checks=[("length(var.short) >= 3 && length(var.short) <= 5", '"Bad length."')],
        ),
    )
    m.case("no_files")
    numbers = [
        ("0", "0"),
        ("neg0", "-0"),
        ("neg0_0", "-0.0"),
        ("5", "5"),
        ("12", "12"),
        ("neg1", "-1"),
        ("neg12", "-12"),
        ("1_5", "1.5"),
        ("1_50", "1.50"),
        ("10_25", "10.25"),
        ("0_5", "0.5"),
        ("neg0_5", "-0.5"),
        ("1e3", "1e3"),
        ("1e_3", "1e-3"),
        ("12digits", "123456789012"),
        ("13digits", "1234567890123"),
        ("1e12", "1e12"),
        ("big_fraction", "1234567.5"),
    ]
    for var_name in ["name", "release", "digits", "prefix", "short"]:
        for case, raw in numbers:
            m.json(f"{var_name}_{case}", '{"%s": %s}\n' % (var_name, raw))
    for name, text in [
        ("name_true", '{"name": true}'),
        ("short_true", '{"short": true}'),
        ("short_false", '{"short": false}'),
        ("release_string", '{"release": "1.50"}'),
        ("digits_string", '{"digits": "-0"}'),
    ]:
        m.json(name, text + "\n")

    # `regex` over a number matches its decimal text.
    m = module(
        "validation_number_regex",
        "validation",
        var(
            "idle",
            "number",
            default="4",
            checks=[('can(regex("^[0-9]{1,4}$", var.idle))', '"Bad idle."')],
        )
        + var(
            "whole",
            "number",
            default="1",
            checks=[('can(regex("^-?[0-9]+$", var.whole))', '"Bad whole."')],
        )
        + var(
            "unsigned",
            "number",
            default="1",
            checks=[('!can(regex("^-", var.unsigned)) && var.unsigned < 1000', '"Bad unsigned."')],
        )
        + var(
            "points",
            "number",
            default="1",
            checks=[(r'length(regexall("[.]", var.points)) == 0', '"Bad points."')],
        )
        + var(
            "maybe",
            "number",
            default="null",
            checks=[('var.maybe == null || can(regex("^[0-9]{1,2}$", var.maybe))', '"Bad maybe."')],
        ),
    )
    m.case("no_files")
    values = [
        ("0", "0"),
        ("neg0", "-0"),
        ("5", "5"),
        ("9999", "9999"),
        ("10000", "10000"),
        ("2_5", "2.5"),
        ("neg1", "-1"),
        ("neg2_5", "-2.5"),
        ("1e3", "1e3"),
        ("1_50", "1.50"),
        ("string_12", '"12"'),
        ("string_1e3", '"1e3"'),
        ("null", "null"),
    ]
    for var_name in ["idle", "whole", "unsigned", "points", "maybe"]:
        for case, raw in values:
            m.json(f"{var_name}_{case}", '{"%s": %s}\n' % (var_name, raw))

    # Numeric strings given for numbers whose rules are allowed values, disjunctions of ranges
    # and excluded values: Terraform converts them (exponents and infinities too), then judges
    # the number.
    m = module(
        "validation_number_string_sets",
        "validation",
        var(
            "capacity",
            "number",
            default="1",
            checks=[("contains([1, 2, 4, 8, 16], var.capacity)", '"Bad capacity."')],
        )
        + var(
            "units",
            "number",
            default="5",
            checks=[("var.units == null || (var.units >= 1 && var.units <= 20)", '"Bad units."')],
        )
        + var(
            "storage",
            "number",
            default="0",
            checks=[("var.storage == 0 || (var.storage >= 21 && var.storage <= 200)", '"Bad storage."')],
        )
        + var(
            "nonzero",
            "number",
            default="1",
            checks=[("var.nonzero != 0", '"Bad nonzero."')],
        ),
    )
    m.case("no_files")
    values = [
        ("s1", '"1"'),
        ("s_plus1", '"+1"'),
        ("s01", '"01"'),
        ("s1_0", '"1.0"'),
        ("s2", '"2"'),
        ("s3", '"3"'),
        ("s16_00", '"16.00"'),
        ("s20_5", '"20.5"'),
        ("s0", '"0"'),
        ("s_neg0", '"-0"'),
        ("s0_0", '"0.0"'),
        ("s21", '"21"'),
        ("s200", '"200"'),
        ("s201", '"201"'),
        ("s_neg1", '"-1"'),
        ("s1e3", '"1e3"'),
        ("s2e1", '"2e1"'),
        ("s0_5e1", '"0.5e1"'),
        ("s1p3", '"1p3"'),
        ("s1p8", '"1p8"'),
        ("s_neg1e_3", '"-1e-3"'),
        ("s_inf", '"inf"'),
        ("s_neg_inf", '"-Inf"'),
        ("n3", "3"),
    ]
    for var_name in ["capacity", "units", "storage", "nonzero"]:
        for case, raw in values:
            if var_name == "nonzero" and "inf" in case:
                continue  # accepted: no output can hold an infinity
            m.json(f"{var_name}_{case}", '{"%s": %s}\n' % (var_name, raw))

    # `regex` over `lower`/`upper` with a pattern of a few whole texts (`contains` over them),
    # and `try(length(regex(…)) > 0, false)` with a pattern whose matches are never empty.
    m = module(
        "validation_regex_shapes",
        "validation",
        var(
            "admin",
            "string",
            default='"bob"',
            checks=[('!can(regex("^(administrator|admin|user[12]|1|a)$", lower(var.admin)))', '"Reserved."')],
        )
        + var(
            "on_off",
            "string",
            default='"on"',
            checks=[('can(regex("^(ON|OFF)$", upper(var.on_off)))', '"Bad switch."')],
        )
        + var(
            "repos",
            "map(object({ url = optional(string) }))",
            default="{}",
            checks=[
                (
                    r'alltrue([for k, v in var.repos : try(length(regex("^https://.*\\.git$", v.url)) > 0, false)])',
                    '"Bad url."',
                )
            ],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("admin_title", '{"admin": "Admin"}'),
        ("admin_upper", '{"admin": "ADMINISTRATOR"}'),
        ("admin_user2", '{"admin": "User2"}'),
        ("admin_user3", '{"admin": "User3"}'),
        ("admin_a", '{"admin": "A"}'),
        ("admin_number", '{"admin": 1}'),
        ("admin_number_2", '{"admin": 2}'),
        ("admin_dotted_i", '{"admin": "ADM\u0130N"}'),
        ("admin_long", '{"admin": "admins"}'),
        ("admin_null", '{"admin": null}'),
        ("on_off_lower", '{"on_off": "off"}'),
        ("on_off_mixed", '{"on_off": "oN"}'),
        ("on_off_short", '{"on_off": "of"}'),
        ("on_off_null", '{"on_off": null}'),
        ("on_off_bool", '{"on_off": true}'),
        ("repos_ok", '{"repos": {"a": {"url": "https://x.git"}}}'),
        ("repos_suffix", '{"repos": {"a": {"url": "https://x.gitx"}}}'),
        ("repos_upper", '{"repos": {"a": {"url": "HTTPS://X.GIT"}}}'),
        ("repos_null_elem", '{"repos": {"a": null}}'),
        ("repos_null_url", '{"repos": {"a": {"url": null}}}'),
        ("repos_no_url", '{"repos": {"a": {}}}'),
        ("repos_null", '{"repos": null}'),
        ("repos_second_bad", '{"repos": {"a": {"url": "https://x.git"}, "b": {"url": "git@x"}}}'),
    ]:
        m.json(name, text + "\n")

    # `length(trimspace(x)) > 0`: a character that is not white space (Go's `unicode.IsSpace`).
    m = module(
        "validation_trimspace",
        "validation",
        var(
            "path",
            "string",
            default='"a"',
            checks=[("length(trimspace(var.path)) > 0", '"Blank path."')],
        )
        + var(
            "blank",
            "string",
            default='""',
            checks=[("length(trimspace(var.blank)) == 0", '"Not blank."')],
        )
        + var(
            "paths",
            "object({ subnets = optional(list(string), []) })",
            default="{}",
            checks=[("alltrue([for p in var.paths.subnets : length(trimspace(p)) > 0])", '"Blank subnet path."')],
        )
        + var(
            "filters",
            "list(object({ filter = string }))",
            default="[]",
            checks=[("alltrue([for f in var.filters : length(trimspace(f.filter)) >= 1])", '"Blank filter."')],
        ),
    )
    m.case("no_files")
    for name, value in [
        ("empty", '""'),
        ("spaces", '" \\t\\n\\u000b\\f\\r"'),
        ("nel", '"\\u0085"'),
        ("nbsp", '"\\u00a0"'),
        ("ogham", '"\\u1680"'),
        ("en_quad", '"\\u2000"'),
        ("hair", '"\\u200a"'),
        ("line_sep", '"\\u2028"'),
        ("ideographic", '"\\u3000"'),
        ("mongolian_vowel", '"\\u180e"'),
        ("zero_width", '"\\u200b"'),
        ("padded", '" a "'),
        ("null", "null"),
        ("number", "5"),
        ("bool", "true"),
    ]:
        m.json(f"path_{name}", '{"path": %s}\n' % value)
        m.json(f"blank_{name}", '{"blank": %s}\n' % value)
    for name, text in [
        ("paths_null_elem", '{"paths": {"subnets": [null]}}'),
        ("paths_blank", '{"paths": {"subnets": ["x", " "]}}'),
        ("paths_ok", '{"paths": {"subnets": ["x"]}}'),
        ("paths_null_list", '{"paths": {"subnets": null}}'),
        ("paths_null", '{"paths": null}'),
        ("filters_null_filter", '{"filters": [{"filter": null}]}'),
        ("filters_null_elem", '{"filters": [null]}'),
        ("filters_blank", '{"filters": [{"filter": "\\u3000"}]}'),
        ("filters_ok", '{"filters": [{"filter": "x"}]}'),
    ]:
        m.json(name, text + "\n")

    # `can(coalesce(…))` over attributes: false where every argument is null (or an empty
    # string, for strings).
    m = module(
        "validation_can_coalesce",
        "validation",
        var(
            "proxy",
            "object({ http = optional(string), https = optional(string) })",
            default="null",
            checks=[("var.proxy == null ? true : can(coalesce(var.proxy.http, var.proxy.https))", '"Bad proxy."')],
        )
        + var(
            "gateway",
            "object({ id = optional(string), cidr = optional(string) })",
            default='{ id = "x" }',
            checks=[('can(coalesce(var.gateway.id, var.gateway.cidr, ""))', '"Bad gateway."')],
        )
        + var(
            "sizes",
            "object({ n = optional(number), m = optional(number) })",
            default="{ n = 1 }",
            checks=[("can(coalesce(var.sizes.n, var.sizes.m))", '"Bad sizes."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("proxy_null", '{"proxy": null}'),
        ("proxy_empty", '{"proxy": {}}'),
        ("proxy_http", '{"proxy": {"http": "h"}}'),
        ("proxy_https", '{"proxy": {"https": "h"}}'),
        ("proxy_blank_http", '{"proxy": {"http": "", "https": "h"}}'),
        ("proxy_both_blank", '{"proxy": {"http": "", "https": ""}}'),
        ("proxy_blank_null", '{"proxy": {"http": null, "https": ""}}'),
        ("proxy_number", '{"proxy": {"http": 5}}'),
        ("gateway_id", '{"gateway": {"id": "i"}}'),
        ("gateway_cidr", '{"gateway": {"cidr": "c"}}'),
        ("gateway_none", '{"gateway": {}}'),
        ("gateway_blank", '{"gateway": {"id": ""}}'),
        ("gateway_null", '{"gateway": null}'),
        ("sizes_n", '{"sizes": {"n": 0}}'),
        ("sizes_m", '{"sizes": {"m": 2}}'),
        ("sizes_none", '{"sizes": {}}'),
        ("sizes_null", '{"sizes": null}'),
        ("sizes_string", '{"sizes": {"m": "3"}}'),
    ]:
        m.json(name, text + "\n")

    # `try(var.x.a, false)` sides of a 1.11 `||` chain, which evaluates every side: a null
    # object gives the fallback, a null attribute fails the chain.
    m = module(
        "validation_try_bool_chain",
        "validation",
        var(
            "sasl",
            "object({ iam = optional(bool), scram = optional(bool) })",
            default="null",
            checks=[("var.sasl == null || try(var.sasl.iam, false) || try(var.sasl.scram, false)", '"Pick one."')],
        )
        + var(
            "feature",
            "object({ on = optional(bool) })",
            default="null",
            checks=[("var.feature == null || try(var.feature.on, true)", '"Off."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("sasl_null", '{"sasl": null}'),
        ("sasl_empty", '{"sasl": {}}'),
        ("sasl_iam", '{"sasl": {"iam": true}}'),
        ("sasl_iam_not_scram", '{"sasl": {"iam": true, "scram": false}}'),
        ("sasl_scram", '{"sasl": {"iam": false, "scram": true}}'),
        ("sasl_neither", '{"sasl": {"iam": false, "scram": false}}'),
        ("sasl_null_iam", '{"sasl": {"iam": null, "scram": true}}'),
        ("sasl_strings", '{"sasl": {"iam": "true", "scram": "0"}}'),
        ("feature_null", '{"feature": null}'),
        ("feature_empty", '{"feature": {}}'),
        ("feature_on", '{"feature": {"on": true}}'),
        ("feature_off", '{"feature": {"on": false}}'),
    ]:
        m.json(name, text + "\n")

    # 1.11 `||` chains whose sides compare an attribute (true or false on null) beside sides
    # that fail on a null attribute: every side is evaluated, so a null object fails the chain
    # whatever the other sides give; between variables too.
    m = module(
        "validation_eager_or_sides",
        "validation",
        var("kind", "string", default='"Default"')
        + var(
            "hub",
            "object({ resource_id = optional(string) })",
            default="{ resource_id = null }",
            checks=[
                ('var.kind == "Project" || var.hub.resource_id == null', '"Only for projects."'),
                ('var.kind != "Project" || var.hub.resource_id != null', '"Projects need one."'),
            ],
        )
        + var(
            "pool",
            "object({ mode = optional(string), size = optional(number) })",
            default="{ size = 3 }",
            checks=[('var.pool.mode == "fixed" || var.pool.size > 2', '"Too small."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("hub_null", '{"hub": null}'),
        ("hub_null_project", '{"hub": null, "kind": "Project"}'),
        ("hub_empty", '{"hub": {}}'),
        ("hub_empty_project", '{"hub": {}, "kind": "Project"}'),
        ("hub_given", '{"hub": {"resource_id": "r"}}'),
        ("hub_given_project", '{"hub": {"resource_id": "r"}, "kind": "Project"}'),
        ("hub_given_kind_null", '{"hub": {"resource_id": "r"}, "kind": null}'),
        ("hub_number_project", '{"hub": {"resource_id": 5}, "kind": "Project"}'),
        ("kind_project_only", '{"kind": "Project"}'),
        ("pool_null", '{"pool": null}'),
        ("pool_empty", '{"pool": {}}'),
        ("pool_fixed", '{"pool": {"mode": "fixed"}}'),
        ("pool_fixed_small", '{"pool": {"mode": "fixed", "size": 1}}'),
        ("pool_small", '{"pool": {"mode": "auto", "size": 1}}'),
        ("pool_big", '{"pool": {"size": 5}}'),
        ("pool_big_string", '{"pool": {"mode": null, "size": "5"}}'),
    ]:
        m.json(name, text + "\n")

    # Rules that accept nothing but ASCII text: only U+037E, U+1FEF and U+212A (whose NFC forms
    # are `;`, `` ` `` and `K`) can reach them from other text; a mark after a letter cannot.
    m = module(
        "unicode_nfc_ascii_rules",
        "unicode",
        var(
            "name",
            "string",
            default='"a"',
            checks=[('can(regex("^[a-zA-Z0-9-_]{1,60}$", var.name))', '"Bad name."')],
        )
        + var(
            "stack",
            "string",
            default='"IPV4_ONLY"',
            checks=[('contains(["IPV4_ONLY", "DUAL_STACK"], var.stack)', '"Bad stack."')],
        )
        + var(
            "domain",
            "string",
            default='"abc"',
            checks=[
                ('can(regex("^[a-z][a-z0-9-]*$", var.domain))', '"Bad domain."'),
                ("length(var.domain) >= 3 && length(var.domain) <= 8", '"Bad length."'),
            ],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("name_mark", '{"name": "name\\u0301"}'),
        ("name_mark_alone", '{"name": "\\u0301"}'),
        ("name_kelvin", '{"name": "\\u212Aelvin"}'),
        ("name_question_mark", '{"name": "a\\u037E"}'),
        ("stack_kelvin", '{"stack": "DUAL_STAC\\u212A"}'),
        ("stack_mark", '{"stack": "IPV4_ONLY\\u0301"}'),
        ("domain_mark", '{"domain": "a\\u0301"}'),
        ("domain_mark_long", '{"domain": "abc\\u0301"}'),
        ("domain_composed", '{"domain": "abc\\u00e9"}'),
        ("domain_marks_short", '{"domain": "ab\\u0301\\u0301\\u0301\\u0301"}'),
        ("domain_ok", '{"domain": "abcd"}'),
    ]:
        m.json(name, text + "\n")

    # Rules the schema leaves out, on values they cannot even be evaluated on: iteration over
    # null, an attribute of a null element, a null `for` filter, a splat of a null list, a
    # function argument that must not be null, a null operand (also of another variable's rule).
    # Terraform rejects these whatever the rule means; the schema refuses them too.
    m = module(
        "validation_evaluation_errors",
        "validation",
        var(
            "zones",
            "object({a = list(object({name = string, public = optional(bool)})), b = optional(list(object({name = string, public = optional(bool)})))})",
            default="{ a = [] }",
            checks=[
                (
                    "alltrue([for k, v in var.zones : v != null ? length([for s in v : s.name if s.public]) <= 1 : true])",
                    '"At most one public subnet per zone."',
                )
            ],
        )
        + var(
            "acls",
            "list(object({name = string, rules = list(object({action = string}))}))",
            default="[]",
            checks=[
                (
                    'length(distinct(flatten([for r in flatten(var.acls[*].rules) : false if !contains(["allow", "deny"], r.action)]))) == 0',
                    '"Bad action."',
                )
            ],
        )
        + var(
            "csv",
            "string",
            default='"a,b"',
            checks=[
                (
                    'length(split(",", var.csv)) == length(distinct(split(",", var.csv)))',
                    '"Repeated item."',
                )
            ],
        )
        + var("enabled", "bool", default="false")
        + var(
            "key",
            "string",
            default="null",
            checks=[('!(var.enabled && var.key == null)', '"A key is needed when enabled."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("zones_null", '{"zones": null}'),
        ("zones_null_element", '{"zones": {"a": [null]}}'),
        ("zones_null_filter", '{"zones": {"a": [{"name": "x"}]}}'),
        ("zones_null_zone_b", '{"zones": {"a": [{"name": "x", "public": true}], "b": [null]}}'),
        ("zones_two_public", '{"zones": {"a": [{"name": "x", "public": true}, {"name": "y", "public": true}]}}'),
        ("zones_ok", '{"zones": {"a": [{"name": "x", "public": true}, {"name": "y", "public": false}], "b": null}}'),
        ("acls_null", '{"acls": null}'),
        ("acls_null_element", '{"acls": [null]}'),
        ("acls_null_rule", '{"acls": [{"name": "a", "rules": [null]}]}'),
        ("acls_bad_action", '{"acls": [{"name": "a", "rules": [{"action": "drop"}]}]}'),
        ("acls_ok", '{"acls": [{"name": "a", "rules": [{"action": "allow"}]}]}'),
        ("csv_null", '{"csv": null}'),
        ("csv_repeated", '{"csv": "a,a"}'),
        ("csv_ok", '{"csv": "a,b,c"}'),
        ("enabled_null", '{"enabled": null}'),
        ("enabled_without_key", '{"enabled": true}'),
        ("enabled_with_key", '{"enabled": true, "key": "k"}'),
        ("key_null", '{"key": null}'),
    ]:
        m.json(name, text + "\n")

    # A mark after a letter it does not compose with (`d`, `h`, `-`, or nothing) stays as it is
    # under NFC; after one it composes with (`c`, `o`), NFC changes the text. Unanchored patterns
    # and allowed values beyond ASCII judge such text exactly where NFC leaves it.
    m = module(
        "unicode_nfc_pairs",
        "unicode",
        var(
            "endpoint",
            "string",
            default='"public"',
            checks=[('can(regex("public|private", var.endpoint))', '"Bad endpoint."')],
        )
        + var(
            "crn",
            "string",
            default='"crn:v1:a"',
            checks=[('can(regex("^crn:v1:[^:]+$", var.crn))', '"Bad CRN."')],
        )
        + var(
            "city",
            "string",
            default='"Zürich"',
            checks=[('contains(["Zürich", "Genève"], var.city)', '"Bad city."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("endpoint_mark_composes", '{"endpoint": "public\\u0301"}'),
        ("endpoint_mark_stays", '{"endpoint": "publi\\u0301c"}'),
        ("endpoint_mark_after_h", '{"endpoint": "h\\u0301public"}'),
        ("endpoint_mark_alone", '{"endpoint": "\\u0301"}'),
        ("endpoint_mark_after_d", '{"endpoint": "d\\u0301"}'),
        ("crn_mark_after_colon", '{"crn": "crn:v1:\\u0301"}'),
        ("crn_mark_after_d", '{"crn": "crn:v1:id\\u0301"}'),
        ("crn_mark_composes", '{"crn": "crn:v1:o\\u0301"}'),
        ("city_decomposed", '{"city": "Zu\\u0308rich"}'),
        ("city_mark_after_h", '{"city": "Zürich\\u0301"}'),
        ("city_ok", '{"city": "Genève"}'),
        ("city_other", '{"city": "Bern"}'),
    ]:
        m.json(name, text + "\n")

    # `length` of a collection defaulted to an empty one: `coalesce(P, [])` (the first non-null
    # argument; an empty list is not skipped) and `P == null ? [] : P`.
    m = module(
        "validation_length_defaulted",
        "validation",
        var(
            "scope",
            "object({ groups = optional(list(string)), subs = optional(list(string)) })",
            default='{ groups = ["g"] }',
            nullable=False,
            checks=[
                (
                    "length(coalesce(var.scope.groups, [])) > 0 || length(coalesce(var.scope.subs, [])) > 0",
                    '"Give one."',
                )
            ],
        )
        + var(
            "ids",
            "list(string)",
            default="null",
            checks=[("length(var.ids == null ? [] : var.ids) <= 2", '"Too many."')],
        )
        + var(
            "tags",
            "map(string)",
            default="null",
            checks=[("length(coalesce(var.tags, {})) < 3", '"Too many tags."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("scope_groups", '{"scope": {"groups": ["g"]}}'),
        ("scope_subs", '{"scope": {"subs": ["s"], "groups": []}}'),
        ("scope_empty_lists", '{"scope": {"groups": [], "subs": []}}'),
        ("scope_nulls", '{"scope": {"groups": null, "subs": null}}'),
        ("scope_null", '{"scope": null}'),
        ("ids_null", '{"ids": null}'),
        ("ids_two", '{"ids": ["a", "b"]}'),
        ("ids_three", '{"ids": ["a", "b", "c"]}'),
        ("tags_null", '{"tags": null}'),
        ("tags_two", '{"tags": {"a": "1", "b": "2"}}'),
        ("tags_three", '{"tags": {"a": "1", "b": "2", "c": "3"}}'),
    ]:
        m.json(name, text + "\n")

    # `try(…, true)` around a rule over elements whose failures are known: an attribute with a
    # default is never null (given null, it takes the default); one without fails `contains`,
    # which `try` turns into true.
    m = module(
        "validation_try_elements",
        "validation",
        var(
            "settings",
            'list(object({ id = string, lifecycle = optional(string, "All") }))',
            default="null",
            checks=[
                (
                    'try(var.settings == null ? true : alltrue([for s in var.settings : s == null ? true : contains(["Init", "All"], s.lifecycle)]), true)',
                    '"Bad lifecycle."',
                )
            ],
        )
        + var(
            "rules",
            "list(object({ action = optional(string) }))",
            default="null",
            checks=[
                (
                    'try(var.rules == null ? true : alltrue([for r in var.rules : contains(["Allow", "Deny"], r.action)]), true)',
                    '"Bad action."',
                )
            ],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("settings_ok", '{"settings": [{"id": "a", "lifecycle": "Init"}]}'),
        ("settings_default", '{"settings": [{"id": "a"}]}'),
        ("settings_null_lifecycle", '{"settings": [{"id": "a", "lifecycle": null}]}'),
        ("settings_bad", '{"settings": [{"id": "a", "lifecycle": "None"}]}'),
        ("settings_null_element", '{"settings": [null, {"id": "a", "lifecycle": "All"}]}'),
        ("settings_null_element_bad", '{"settings": [null, {"id": "a", "lifecycle": "x"}]}'),
        ("rules_ok", '{"rules": [{"action": "Allow"}]}'),
        ("rules_bad", '{"rules": [{"action": "Other"}]}'),
        ("rules_null_action", '{"rules": [{"action": null}]}'),
        ("rules_null_action_bad", '{"rules": [{"action": null}, {"action": "Other"}]}'),
        ("rules_null_element", '{"rules": [null]}'),
    ]:
        m.json(name, text + "\n")

    # `nonsensitive(x)` gives `x` to a rule; `lower(x) == "s"` compares as `contains(["s"],
    # lower(x))` does, failing alike on null.
    m = module(
        "validation_case_equality",
        "validation",
        var(
            "ext",
            "list(object({ type = string }))",
            default="[]",
            sensitive=True,
            checks=[('!anytrue([for e in nonsensitive(var.ext) : lower(e.type) == "ssh"])', '"No ssh."')],
        )
        + var(
            "user",
            "string",
            default='"me"',
            checks=[('upper(var.user) != "ROOT"', '"Not root."')],
        )
        + var(
            "os",
            "string",
            default='"linux"',
            checks=[('lower(var.os) == "linux" || lower(var.os) == "windows"', '"Unknown os."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("ext_ok", '{"ext": [{"type": "web"}]}'),
        ("ext_ssh", '{"ext": [{"type": "SsH"}]}'),
        ("ext_null_element", '{"ext": [null]}'),
        ("ext_null_type", '{"ext": [{"type": null}]}'),
        ("user_root", '{"user": "Root"}'),
        ("user_dotless_i", '{"user": "root\\u0131"}'),
        ("user_null", '{"user": null}'),
        ("os_upper", '{"os": "LINUX"}'),
        ("os_kelvin", '{"os": "\\u212Aali"}'),
        ("os_other", '{"os": "mac"}'),
        ("os_null", '{"os": null}'),
    ]:
        m.json(name, text + "\n")

    # Rules on every element written in other forms: an empty collection first, a count of the
    # failing ones through `distinct(flatten(…))`, values read back by key.
    m = module(
        "validation_every_element_forms",
        "validation",
        var(
            "rules",
            "list(object({ direction = string }))",
            default="[]",
            checks=[
                (
                    '(var.rules == null || length(var.rules) == 0) ? true : length(distinct(flatten([for r in var.rules : false if !contains(["in", "out"], r.direction)]))) == 0',
                    '"Bad direction."',
                )
            ],
        )
        + var(
            "dbs",
            "map(object({ name = string }))",
            default="{}",
            checks=[
                (
                    'alltrue([for k in keys(var.dbs) : can(regex("^[a-z]{1,8}$", var.dbs[k].name))])',
                    '"Bad name."',
                )
            ],
        )
        + var(
            "tags",
            "list(string)",
            default="[]",
            checks=[('length(var.tags) == 0 || alltrue([for t in var.tags : t == "a"])', '"Only a."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("rules_ok", '{"rules": [{"direction": "in"}, {"direction": "out"}]}'),
        ("rules_bad", '{"rules": [{"direction": "in"}, {"direction": "up"}]}'),
        ("rules_empty", '{"rules": []}'),
        ("rules_null_element", '{"rules": [null]}'),
        ("dbs_ok", '{"dbs": {"a": {"name": "main"}}}'),
        ("dbs_bad", '{"dbs": {"a": {"name": "main"}, "b": {"name": "Main"}}}'),
        ("dbs_null", '{"dbs": null}'),
        ("dbs_null_element", '{"dbs": {"a": null}}'),
        ("tags_ok", '{"tags": ["a", "a"]}'),
        ("tags_bad", '{"tags": ["a", "b"]}'),
        ("tags_null", '{"tags": null}'),
    ]:
        m.json(name, text + "\n")

    # `alltrue(concat(…))` over lists of conditions, a `for` over `coalesce(P, [])`, and
    # `contains` of a list of strings with `keys(…)`, which is never one of them.
    m = module(
        "validation_collection_forms",
        "validation",
        var(
            "peerings",
            "map(object({ local = optional(list(string)), remote = optional(list(string)) }))",
            default="{}",
            checks=[
                (
                    "alltrue([for _, p in var.peerings : alltrue(concat([for a in coalesce(p.local, []) : can(cidrhost(a, 0))], [for a in coalesce(p.remote, []) : can(cidrhost(a, 0))]))])",
                    '"Bad prefix."',
                )
            ],
        )
        + var(
            "capacity",
            "map(object({ weight = number }))",
            default="{}",
            checks=[('!contains(["FARGATE", "FARGATE_SPOT"], keys(var.capacity))', '"Reserved name."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("peerings_ok", '{"peerings": {"a": {"local": ["10.0.0.0/16"], "remote": null}}}'),
        ("peerings_bad_remote", '{"peerings": {"a": {"local": ["10.0.0.0/16"], "remote": ["10.0.0.0"]}}}'),
        ("peerings_none", '{"peerings": {"a": {}}}'),
        ("peerings_null_element", '{"peerings": {"a": null}}'),
        ("capacity_fargate", '{"capacity": {"FARGATE": {"weight": 1}}}'),
        ("capacity_other", '{"capacity": {"ec2": {"weight": 1}}}'),
        ("capacity_null", '{"capacity": null}'),
    ]:
        m.json(name, text + "\n")

    # `alltrue`/`anytrue` over a `for` that iterates a list literal (each element written
    # into the body, also into a pattern's template), a `for` whose index or key is not read,
    # and `x == floor(x)` / `ceil(x) == x` (a whole number).
    m = module(
        "validation_literal_iteration",
        "validation",
        var(
            "subnets",
            "map(number)",
            default="{ agents = 1, private_endpoints = 2 }",
            checks=[
                (
                    'alltrue([for k in ["agents", "private_endpoints"] : contains(keys(var.subnets), k)])',
                    '"Needs agents and private_endpoints."',
                )
            ],
        )
        + var(
            "endpoint",
            "string",
            default='"a.example.com"',
            checks=[
                (
                    r'anytrue([for r in ["us-south", "eu-de"] : can(regex("^(?:private\\.${r}\\.)?a\\.example\\.com$", var.endpoint))])',
                    '"Not an endpoint."',
                )
            ],
        )
        + var(
            "cells",
            "map(string)",
            default="{}",
            checks=[('alltrue([for _, k in keys(var.cells) : can(regex("^[a-z][a-z]-[a-z]+-[1-9]$", k))])', '"Bad region."')],
        )
        + var(
            "pairs",
            "list(string)",
            default='["a", "b"]',
            checks=[('alltrue([for i, s in ["a", "b"] : var.pairs[i] == s])', '"Not a then b."')],
        )
        + var(
            "processors",
            "number",
            default="2",
            checks=[("var.processors == floor(var.processors)", '"A whole number of processors."')],
        )
        + var(
            "memory",
            "number",
            default="null",
            checks=[("var.memory == null ? true : ceil(var.memory) == var.memory", '"A whole number."')],
        )
        + var(
            "flags",
            "map(bool)",
            default="{}",
            checks=[('anytrue([for k in ["x", "y"] : lookup(var.flags, k, false)]) || length(var.flags) == 0', '"x or y."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("subnets_both", '{"subnets": {"agents": 1, "private_endpoints": 2, "other": 3}}'),
        ("subnets_one", '{"subnets": {"agents": 1}}'),
        ("subnets_empty", '{"subnets": {}}'),
        ("subnets_null", '{"subnets": null}'),
        ("subnets_strings", '{"subnets": {"agents": "1", "private_endpoints": "2"}}'),
        ("endpoint_plain", '{"endpoint": "a.example.com"}'),
        ("endpoint_us", '{"endpoint": "private.us-south.a.example.com"}'),
        ("endpoint_eu", '{"endpoint": "private.eu-de.a.example.com"}'),
        ("endpoint_other", '{"endpoint": "private.jp-tok.a.example.com"}'),
        ("endpoint_dot", '{"endpoint": "private.us-southXa.example.com"}'),
        ("endpoint_null", '{"endpoint": null}'),
        ("endpoint_number", '{"endpoint": 5}'),
        ("cells_ok", '{"cells": {"us-east-1": "a", "eu-west-2": "b"}}'),
        ("cells_bad", '{"cells": {"us-east-1": "a", "US-EAST-1": "b"}}'),
        ("cells_null", '{"cells": null}'),
        ("pairs_ok", '{"pairs": ["a", "b", "c"]}'),
        ("pairs_bad", '{"pairs": ["b", "a"]}'),
        ("pairs_short", '{"pairs": ["a"]}'),
        ("pairs_null", '{"pairs": null}'),
        ("processors_whole", '{"processors": 4}'),
        ("processors_half", '{"processors": 2.5}'),
        ("processors_negative", '{"processors": -3}'),
        ("processors_negative_half", '{"processors": -0.5}'),
        ("processors_string", '{"processors": "8"}'),
        ("processors_string_half", '{"processors": "8.5"}'),
        ("processors_exponent", '{"processors": 1e3}'),
        ("processors_large", '{"processors": 123456789012345678901234567890}'),
        ("processors_large_fraction", '{"processors": 12345678901234567890.5}'),
        ("processors_null", '{"processors": null}'),
        ("memory_whole", '{"memory": 512}'),
        ("memory_fraction", '{"memory": 0.25}'),
        ("memory_null", '{"memory": null}'),
        ("flags_x", '{"flags": {"x": true}}'),
        ("flags_neither", '{"flags": {"z": true}}'),
        ("flags_false", '{"flags": {"x": false, "y": false}}'),
    ]:
        m.json(name, text + "\n")

    # `try(R, d)` of a reference `R` (a variable, a `for` symbol) gives `R`'s value, null too:
    # a reference fails nowhere.
    m = module(
        "validation_try_reference",
        "validation",
        var(
            "mode",
            "string",
            default='"http403"',
            checks=[
                (
                    'var.mode == null || contains(["http401WithBearerChallenge", "http403"], try(var.mode, ""))',
                    '"Bad mode."',
                )
            ],
        )
        + var(
            "level",
            "string",
            default='"x"',
            checks=[('contains(["x", "y"], try(var.level, "x"))', '"Bad level."')],
        )
        + var(
            "names",
            "list(string)",
            default="[]",
            checks=[("alltrue([for n in try(var.names, []) : length(try(n, \"\")) > 1])", '"Short name."')],
        )
        + var(
            "region",
            "string",
            default='"a"',
            checks=[('var.zone == null || try(var.region, "") != ""', '"A zone needs a region."')],
        )
        + var("zone", "string", default="null"),
    )
    m.case("no_files")
    for name, text in [
        ("mode_401", '{"mode": "http401WithBearerChallenge"}'),
        ("mode_other", '{"mode": "http500"}'),
        ("mode_empty", '{"mode": ""}'),
        ("mode_null", '{"mode": null}'),
        ("mode_number", '{"mode": 403}'),
        ("level_y", '{"level": "y"}'),
        ("level_z", '{"level": "z"}'),
        ("level_null", '{"level": null}'),
        ("names_ok", '{"names": ["ab", "cd"]}'),
        ("names_short", '{"names": ["ab", "c"]}'),
        ("names_null", '{"names": null}'),
        ("names_null_element", '{"names": ["ab", null]}'),
        ("zone_with_region", '{"zone": "z1", "region": "r1"}'),
        ("zone_empty_region", '{"zone": "z1", "region": ""}'),
        ("zone_null_region", '{"zone": "z1", "region": null}'),
        ("no_zone_empty_region", '{"region": ""}'),
    ]:
        m.json(name, text + "\n")

    # `can(base64decode(…))`: base64 syntax (padding, line breaks skipped), then UTF-8 bytes.
    m = module(
        "validation_base64",
        "validation",
        var(
            "data",
            "string",
            default="null",
            checks=[("var.data == null ? true : can(base64decode(var.data))", '"Not base64."')],
        )
        + var(
            "raw",
            "string",
            default='"x"',
            checks=[("!can(base64decode(var.raw))", '"Looks encoded."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("data_plain", '"dGVzdA=="'),
        ("data_newlines", '"\\r\\ndGV\\nzdA=\\n="'),
        ("data_unpadded", '"dGVzdA"'),
        ("data_bad_padding", '"dGVzdA="'),
        ("data_after_padding", '"dA==dA=="'),
        ("data_space", '"dGVz dA=="'),
        ("data_trailing_bits", '"dGVzdB=="'),
        ("data_empty", '""'),
        ("data_not_utf8", '"true"'),
        ("data_number", "1234"),
        ("data_bool", "true"),
        ("data_null", "null"),
    ]:
        m.json(name, '{"data": ' + text + "}\n")
    for name, text in [
        ("raw_plain", '"dGVzdA=="'),
        ("raw_text", '"hello world"'),
        ("raw_not_utf8", '"true"'),
        ("raw_null", "null"),
    ]:
        m.json(name, '{"raw": ' + text + "}\n")

    # `can(formatdate(F, …))`: an RFC 3339 timestamp, every field in range, 29 February only in
    # leap years; of a string, of an untyped value (read as text), of an attribute of each
    # element where it is not null.
    m = module(
        "validation_formatdate",
        "validation",
        var(
            "at",
            "string",
            default='"2024-01-01T00:00:00Z"',
            checks=[('can(formatdate("YYYY-MM-DD", var.at))', '"Not a timestamp."')],
        )
        + var(
            "loose",
            "any",
            default="null",
            checks=[('var.loose == null || can(formatdate("", var.loose))', '"Not a timestamp."')],
        )
        + var(
            "policies",
            "list(object({ name = string, expires = optional(string) }))",
            default="[]",
            nullable=False,
            checks=[
                (
                    'alltrue([for p in var.policies : can(formatdate("", p.expires)) if p.expires != null])',
                    '"An expiry is not a timestamp."',
                )
            ],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("at_utc", '"2023-06-15T12:30:30Z"'),
        ("at_fraction_offset", '"2023-06-15T12:30:30.123456789123-05:30"'),
        ("at_leap_day", '"2024-02-29T00:00:00Z"'),
        ("at_common_year_leap_day", '"2023-02-29T00:00:00Z"'),
        ("at_century_leap_day", '"1900-02-29T00:00:00Z"'),
        ("at_400_leap_day", '"2000-02-29T00:00:00Z"'),
        ("at_april_31", '"2023-04-31T00:00:00Z"'),
        ("at_hour_24", '"2023-06-15T24:00:00Z"'),
        ("at_second_60", '"2023-06-15T23:59:60Z"'),
        ("at_offset_24", '"2023-06-15T12:30:30+24:00"'),
        ("at_offset_23_59", '"2023-06-15T12:30:30-23:59"'),
        ("at_lower_t", '"2023-06-15t12:30:30Z"'),
        ("at_lower_z", '"2023-06-15T12:30:30z"'),
        ("at_comma_fraction", '"2023-06-15T12:30:30,5Z"'),
        ("at_one_digit_hour", '"2023-06-15T1:30:30Z"'),
        ("at_no_zone", '"2023-06-15T12:30:30"'),
        ("at_date_only", '"2023-06-15"'),
        ("at_trailing_newline", '"2023-06-15T12:30:30Z\\n"'),
        ("at_number", "20230615"),
        ("at_null", "null"),
    ]:
        m.json(name, '{"at": ' + text + "}\n")
    for name, text in [
        ("loose_timestamp", '"2023-06-15T12:30:30Z"'),
        ("loose_bad_day", '"2023-06-31T12:30:30Z"'),
        ("loose_number", "2023"),
        ("loose_bool", "true"),
        ("loose_list", '["2023-06-15T12:30:30Z"]'),
    ]:
        m.json(name, '{"loose": ' + text + "}\n")
    for name, text in [
        ("policies_ok", '[{"name": "a", "expires": "2030-01-01T00:00:00Z"}, {"name": "b"}]'),
        ("policies_bad", '[{"name": "a", "expires": "2030-13-01T00:00:00Z"}]'),
        ("policies_null_expiry", '[{"name": "a", "expires": null}]'),
        ("policies_null_element", '[null]'),
    ]:
        m.json(name, '{"policies": ' + text + "}\n")

    # `length(split(s, …))` counts the separators; `contains` over a constant list of more
    # than 256 consecutive whole numbers (`range` refuses more than 1,024) is a range.
    m = module(
        "validation_split_range",
        "validation",
        var(
            "schedule",
            "string",
            default='"on-demand"',
            checks=[('var.schedule == "on-demand" || length(split(" ", var.schedule)) == 6', '"Not a schedule."')],
        )
        + var(
            "release",
            "string",
            default='"1.0"',
            checks=[('length(split(".", var.release)) >= 2', '"Not a release."')],
        )
        + var(
            "port",
            "number",
            default="1024",
            checks=[("contains(range(1024, 2048), var.port)", '"Not a port here."')],
        )
        + var(
            "margin",
            "number",
            default="60",
            checks=[
                (
                    "contains(range(60, 600), var.margin) || contains(range(600, 1601), var.margin)",
                    '"Out of range."',
                )
            ],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("schedule_six", '"0 12 * * ? *"'),
        ("schedule_five", '"0 12 * * ?"'),
        ("schedule_double_space", '"0  12 * * ?"'),
        ("schedule_seven", '"0 12 * * ? * x"'),
        ("schedule_empty", '""'),
        ("schedule_null", "null"),
        ("schedule_number", "5"),
    ]:
        m.json(name, '{"schedule": ' + text + "}\n")
    for name, text in [
        ("release_two", '"1.2"'),
        ("release_one", '"1"'),
        ("release_dots", '"..."'),
        ("release_number_with_point", "1.5"),
        ("release_whole_number", "15"),
        ("release_null", "null"),
    ]:
        m.json(name, '{"release": ' + text + "}\n")
    for name, text in [
        ("port_first", "1024"),
        ("port_last", "2047"),
        ("port_past", "2048"),
        ("port_before", "1023"),
        ("port_fraction", "1500.5"),
        ("port_string", '"1500"'),
        ("port_null", "null"),
    ]:
        m.json(name, '{"port": ' + text + "}\n")
    for name, text in [
        ("margin_low", "60"),
        ("margin_join", "600"),
        ("margin_high", "1600"),
        ("margin_past", "1601"),
        ("margin_before", "59"),
    ]:
        m.json(name, '{"margin": ' + text + "}\n")

    # Rules between variables that name another variable's value (its keys, its elements, its
    # length): where the other variable is left out it holds its default, which the schema
    # knows; where it is given, the schema leaves the rule unchecked.
    m = module(
        "validation_others_left_out",
        "validation",
        var("clusters", "map(object({ size = number }))", default="{}")
        + var(
            "connectors",
            "map(object({ cluster = string }))",
            default="{}",
            nullable=False,
            checks=[
                (
                    "alltrue([for k, v in var.connectors : contains(keys(var.clusters), v.cluster)])",
                    '"Unknown cluster."',
                )
            ],
        )
        + var("zones", "list(string)", default='["a", "b"]')
        + var(
            "zone",
            "string",
            default='"a"',
            checks=[("contains(var.zones, var.zone)", '"Unknown zone."')],
        )
        + var("custom", "list(string)", default="[]")
        + var(
            "mode",
            "string",
            default='"auto"',
            checks=[('var.mode == "custom" ? length(var.custom) > 0 : true', '"Custom needs a list."')],
        )
        + var("key", "string", default="null")
        + var(
            "encrypted",
            "bool",
            default="false",
            checks=[("!(var.encrypted && var.key == null)", '"A key is needed."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("connectors_empty", '{"connectors": {}}'),
        ("connectors_one", '{"connectors": {"c": {"cluster": "x"}}}'),
        ("connectors_null_element", '{"connectors": {"c": null}}'),
        ("connectors_null", '{"connectors": null}'),
        ("connectors_known", '{"clusters": {"x": {"size": 1}}, "connectors": {"c": {"cluster": "x"}}}'),
        ("connectors_unknown", '{"clusters": {"x": {"size": 1}}, "connectors": {"c": {"cluster": "y"}}}'),
        ("connectors_clusters_null", '{"clusters": null, "connectors": {}}'),
        ("zone_b", '{"zone": "b"}'),
        ("zone_c", '{"zone": "c"}'),
        ("zone_number", '{"zone": 1}'),
        ("zone_null", '{"zone": null}'),
        ("zone_c_listed", '{"zone": "c", "zones": ["c"]}'),
        ("zone_a_unlisted", '{"zone": "a", "zones": ["c"]}'),
        ("mode_custom", '{"mode": "custom"}'),
        ("mode_manual", '{"mode": "manual"}'),
        ("mode_null", '{"mode": null}'),
        ("mode_custom_listed", '{"mode": "custom", "custom": ["p"]}'),
        ("mode_custom_empty", '{"mode": "custom", "custom": []}'),
        ("encrypted_true", '{"encrypted": true}'),
        ("encrypted_string", '{"encrypted": "true"}'),
        ("encrypted_false", '{"encrypted": "false"}'),
        ("encrypted_null", '{"encrypted": null}'),
        ("encrypted_keyed", '{"encrypted": true, "key": "k"}'),
        ("encrypted_key_null", '{"encrypted": true, "key": null}'),
    ]:
        m.json(name, text + "\n")

    # `lookup` with a default on the elements of a collection of `any`: an element that is not
    # an object or map fails, a missing key gives the default, a null value fails `contains`.
    m = module(
        "validation_any_lookup",
        "validation",
        var(
            "hooks",
            "map(any)",
            default="{}",
            checks=[
                (
                    'alltrue([for x in values(var.hooks) : contains(["CONTINUE", "ABANDON"], lookup(x, "result", "CONTINUE"))])',
                    '"Bad result."',
                ),
                (
                    'alltrue([for x in values(var.hooks) : contains(["launch", "stop"], lookup(x, "transition", "BLANK"))])',
                    '"Bad transition."',
                ),
            ],
        )
        + var(
            "rules",
            "list(any)",
            default="[]",
            checks=[('alltrue([for r in var.rules : contains(["allow", "deny"], lookup(r, "action", "allow"))])', '"Bad action."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("hooks_ok", '{"hooks": {"a": {"result": "ABANDON", "transition": "stop"}}}'),
        ("hooks_default_result", '{"hooks": {"a": {"transition": "launch"}}}'),
        ("hooks_no_transition", '{"hooks": {"a": {"result": "ABANDON"}}}'),
        ("hooks_bad_result", '{"hooks": {"a": {"result": "X", "transition": "stop"}}}'),
        ("hooks_null_result", '{"hooks": {"a": {"result": null, "transition": "stop"}}}'),
        ("hooks_number_result", '{"hooks": {"a": {"result": 1, "transition": "stop"}}}'),
        ("hooks_extra", '{"hooks": {"a": {"result": "ABANDON", "transition": "stop", "n": 1}}}'),
        ("hooks_string_elem", '{"hooks": {"a": "ABANDON"}}'),
        ("hooks_null_elem", '{"hooks": {"a": null}}'),
        ("hooks_null", '{"hooks": null}'),
        ("hooks_two", '{"hooks": {"a": {"transition": "stop"}, "b": {"result": "ABANDON", "transition": "launch"}}}'),
        ("hooks_two_bad", '{"hooks": {"a": {"transition": "stop"}, "b": {"result": "NO", "transition": "launch"}}}'),
        ("rules_ok", '{"rules": [{"action": "deny"}, {"name": "x"}]}'),
        ("rules_bad", '{"rules": [{"action": "maybe"}]}'),
        ("rules_list_elem", '{"rules": [["allow"]]}'),
        ("rules_null_action", '{"rules": [{"action": null}]}'),
        ("rules_null", '{"rules": null}'),
    ]:
        m.json(name, text + "\n")

    # A bool value used as a condition: true passes, false fails the rule, null fails (an error
    # even under `||`); `try` returns a null attribute rather than catching it.
    m = module(
        "validation_bool_values",
        "validation",
        var(
            "ip",
            "object({ create = optional(bool, true), id = optional(string) })",
            default="null",
            checks=[("var.ip == null ? true : var.ip.create && var.ip.id != null ? false : true", '"Not both."')],
        )
        + var(
            "flags",
            "object({ a = optional(bool), b = optional(bool) })",
            default="null",
            checks=[("var.flags == null || try(var.flags.a, false) || try(var.flags.b, false)", '"One flag."')],
        )
        + var("on", "bool", default="true", checks=[("var.on", '"Must be on."')])
        + var("off", "bool", default="false", checks=[("!var.off", '"Must be off."')])
        + var(
            "gate",
            "object({ enabled = optional(bool, false), level = optional(number, 1) })",
            default="{}",
            checks=[("!var.gate.enabled || var.gate.level > 1", '"Level above 1 when enabled."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("ip_both", '{"ip": {"id": "x"}}'),
        ("ip_create_false", '{"ip": {"create": false, "id": "x"}}'),
        ("ip_create_null", '{"ip": {"create": null, "id": "x"}}'),
        ("ip_create_string", '{"ip": {"create": "false", "id": "x"}}'),
        ("ip_no_id", '{"ip": {"create": true}}'),
        ("ip_null", '{"ip": null}'),
        ("flags_a", '{"flags": {"a": true}}'),
        ("flags_none", '{"flags": {"a": false, "b": false}}'),
        ("flags_null_a", '{"flags": {"b": true}}'),
        ("flags_empty", '{"flags": {}}'),
        ("on_false", '{"on": false}'),
        ("on_null", '{"on": null}'),
        ("on_one", '{"on": "1"}'),
        ("off_true", '{"off": true}'),
        ("off_null", '{"off": null}'),
        ("gate_enabled_low", '{"gate": {"enabled": true}}'),
        ("gate_enabled_high", '{"gate": {"enabled": true, "level": 2}}'),
        ("gate_disabled_low", '{"gate": {"enabled": false, "level": 0}}'),
        ("gate_null_enabled", '{"gate": {"enabled": null, "level": 0}}'),
        ("gate_null", '{"gate": null}'),
    ]:
        m.json(name, text + "\n")

    # `regex` over `coalesce` or a null default: null (and, for `coalesce`, the empty string)
    # is judged by the default, and without one `coalesce` fails (`can` is false).
    m = module(
        "validation_defaulted_regex",
        "validation",
        var(
            "roles",
            "map(object({ name = optional(string) }))",
            default="{}",
            checks=[
                (
                    'alltrue([for r in var.roles : r.name == null || can(regex("^[0-9a-f]{8}$", coalesce(r.name, "00000000")))])',
                    '"Bad name."',
                )
            ],
        )
        + var("label", "string", default='"abc"', checks=[('can(regex("^[a-z]+$", coalesce(var.label, "")))', '"Bad label."')])
        + var(
            "suffix",
            "string",
            default="null",
            checks=[('can(regex("^[a-z]*$", var.suffix == null ? "none" : var.suffix))', '"Bad suffix."')],
        )
        + var("code", "string", default='"x"', checks=[('can(regex("^x?$", coalesce(var.code, "bad")))', '"Bad code."')]),
    )
    for name, text in [
        ("roles_ok", '{"roles": {"a": {"name": "0123abcd"}}}'),
        ("roles_bad", '{"roles": {"a": {"name": "xyz"}}}'),
        ("roles_empty_name", '{"roles": {"a": {"name": ""}}}'),
        ("roles_null_name", '{"roles": {"a": {"name": null}, "b": {}}}'),
        ("roles_number_name", '{"roles": {"a": {"name": 12345678}}}'),
        ("label_ok", '{"label": "abc"}'),
        ("label_empty", '{"label": ""}'),
        ("label_null", '{"label": null}'),
        ("label_upper", '{"label": "ABC"}'),
        ("label_number", '{"label": 5}'),
        ("suffix_null", '{"suffix": null}'),
        ("suffix_empty", '{"suffix": ""}'),
        ("suffix_ok", '{"suffix": "x"}'),
        ("suffix_upper", '{"suffix": "X"}'),
        ("code_ok", '{"code": "x"}'),
        ("code_empty", '{"code": ""}'),
        ("code_null", '{"code": null}'),
        ("code_bad", '{"code": "y"}'),
    ]:
        m.json(name, text + "\n")

    # A sum of lengths compared with 0 or 1 (every term evaluated), `setintersection(L, X) == X`
    # on a set (every element listed), and a length that must differ from a number.
    m = module(
        "validation_sums_subsets",
        "validation",
        var(
            "policy",
            'map(object({ a = optional(set(string), []), b = optional(list(string), []), c = optional(string, "") }))',
            default="{}",
            checks=[
                (
                    "alltrue([for k, v in var.policy : length(v.a) + length(v.b) + length(v.c) > 0])",
                    '"Something must be set."',
                ),
                (
                    'alltrue([for k, v in var.policy : setintersection(["Get", "List"], v.a) == v.a])',
                    '"Unknown permission."',
                ),
            ],
        )
        + var(
            "perms",
            "set(string)",
            default="[]",
            checks=[('setintersection(var.perms, ["read", "write"]) == var.perms', '"Unknown permission."')],
        )
        + var(
            "pair",
            "object({ x = optional(list(string)), y = optional(list(string)) })",
            default="{ x = [], y = [] }",
            checks=[("length(var.pair.x) + length(var.pair.y) == 0", '"Both empty."')],
        )
        + var("not_one", "list(string)", default="[]", checks=[("length(var.not_one) != 1", '"Not one."')])
        + var("not_empty", "string", default='"x"', checks=[("length(var.not_empty) != 0", '"Not empty."')]),
    )
    for name, text in [
        ("policy_ok", '{"policy": {"k": {"a": ["Get"]}}}'),
        ("policy_nothing", '{"policy": {"k": {}}}'),
        ("policy_null_lists", '{"policy": {"k": {"a": null, "b": null, "c": "x"}}}'),
        ("policy_b_only", '{"policy": {"k": {"b": ["z"]}}}'),
        ("policy_bad_perm", '{"policy": {"k": {"a": ["Get", "Put"]}}}'),
        ("policy_dup_perm", '{"policy": {"k": {"a": ["List", "List"]}}}'),
        ("policy_null_perm", '{"policy": {"k": {"a": [null]}}}'),
        ("policy_null_elem", '{"policy": {"k": null}}'),
        ("perms_ok", '{"perms": ["read"]}'),
        ("perms_dup", '{"perms": ["read", "read", "write"]}'),
        ("perms_bad", '{"perms": ["read", "exec"]}'),
        ("perms_number", '{"perms": [1]}'),
        ("perms_null", '{"perms": null}'),
        ("perms_null_elem", '{"perms": [null]}'),
        ("pair_empty", '{"pair": {"x": [], "y": []}}'),
        ("pair_missing", '{"pair": {}}'),
        ("pair_one", '{"pair": {"x": ["a"], "y": []}}'),
        ("pair_null_y", '{"pair": {"x": []}}'),
        ("not_one_two", '{"not_one": ["a", "b"]}'),
        ("not_one_one", '{"not_one": ["a"]}'),
        ("not_one_null", '{"not_one": null}'),
        ("not_empty_empty", '{"not_empty": ""}'),
        ("not_empty_null", '{"not_empty": null}'),
        ("not_empty_number", '{"not_empty": 0}'),
    ]:
        m.json(name, text + "\n")

    # `length(setsubtract(X, L)) == 0` (and `0 ==`, `< 1`) for a list or set of strings or
    # the keys of a map, and `setunion(L, X) == toset(L)`: every element of X is in L; a null
    # element stays in the difference, and in the union.
    m = module(
        "validation_sets_within_literals",
        "validation",
        var(
            "names",
            "list(string)",
            default="[]",
            checks=[('length(setsubtract(var.names, ["a", "b"])) == 0', '"Unknown name."')],
        )
        + var(
            "tags",
            "map(string)",
            default="{}",
            checks=[('0 == length(setsubtract(keys(var.tags), ["env", "team"]))', '"Unknown tag."')],
        )
        + var(
            "conf",
            "object({ modes = optional(set(string), []) })",
            default="{}",
            checks=[('length(setsubtract(var.conf.modes, ["r", "w"])) < 1', '"Unknown mode."')],
        )
        + var(
            "ports",
            "list(string)",
            default="[]",
            checks=[('length(setsubtract(var.ports, ["80", "443"])) == 0', '"Unknown port."')],
        )
        + var(
            "zones",
            "list(string)",
            default="[]",
            checks=[('toset(["1", "2", "3"]) == setunion(var.zones, ["3", "2", "1", "1"])', '"Unknown zone."')],
        )
        + var(
            "sites",
            "set(string)",
            default="[]",
            checks=[('setunion(["x", "y"], var.sites) == toset(["x", "y"])', '"Unknown site."')],
        ),
    )
    for name, text in [
        ("names_ok", '{"names": ["a", "b", "a"]}'),
        ("names_empty", '{"names": []}'),
        ("names_bad", '{"names": ["a", "c"]}'),
        ("names_case", '{"names": ["A"]}'),
        ("names_null", '{"names": null}'),
        ("names_null_elem", '{"names": ["a", null]}'),
        ("names_number", '{"names": [1]}'),
        ("tags_ok", '{"tags": {"env": "x", "team": "y"}}'),
        ("tags_bad", '{"tags": {"env": "x", "owner": "y"}}'),
        ("tags_null", '{"tags": null}'),
        ("tags_null_value", '{"tags": {"env": null}}'),
        ("conf_ok", '{"conf": {"modes": ["r"]}}'),
        ("conf_bad", '{"conf": {"modes": ["r", "x"]}}'),
        ("conf_missing", '{"conf": {}}'),
        ("conf_null_modes", '{"conf": {"modes": null}}'),
        ("conf_null", '{"conf": null}'),
        ("ports_number", '{"ports": [80, 443]}'),
        ("ports_bad", '{"ports": [8080]}'),
        ("ports_float", '{"ports": [80.0]}'),
        ("zones_ok", '{"zones": ["1", "3", "3"]}'),
        ("zones_bad", '{"zones": ["1", "4"]}'),
        ("zones_number", '{"zones": [2]}'),
        ("zones_null", '{"zones": null}'),
        ("zones_null_elem", '{"zones": [null]}'),
        ("sites_ok", '{"sites": ["y"]}'),
        ("sites_bad", '{"sites": ["z"]}'),
        ("sites_null", '{"sites": null}'),
    ]:
        m.json(name, text + "\n")

    # An object's attribute read by index with a literal string (`var.o["k"]`), as
    # `var.o.k`: the old null-label `context` form, a nested one, and on the elements of a
    # `for` (`r["type"]`).
    m = module(
        "validation_object_index",
        "validation",
        var(
            "context",
            "object({ label_key_case = optional(string), id_length_limit = optional(number), inner = optional(object({ mode = string })) })",
            default="{}",
            checks=[
                (
                    'var.context["label_key_case"] == null ? true : contains(["lower", "title", "upper"], var.context["label_key_case"])',
                    '"Allowed values: `lower`, `title`, `upper`."',
                ),
                (
                    'var.context["id_length_limit"] == null ? true : var.context["id_length_limit"] >= 6',
                    '"At least 6."',
                ),
                (
                    'var.context["inner"] == null ? true : var.context["inner"]["mode"] != "x"',
                    '"Not x."',
                ),
            ],
        )
        + var(
            "rules",
            "list(object({ type = string, match = optional(map(object({ op = string })), {}) }))",
            default="[]",
            checks=[
                ('alltrue([for r in var.rules : contains(["allow", "deny"], r["type"])])', '"allow or deny."'),
                ('alltrue([for r in var.rules : alltrue([for k, m in r["match"] : m["op"] != "regex"])])', '"No regex."'),
            ],
        ),
    )
    for name, text in [
        ("ok", '{"context": {"label_key_case": "title", "id_length_limit": 8}}'),
        ("empty", '{"context": {}}'),
        ("null", '{"context": null}'),
        ("case_bad", '{"context": {"label_key_case": "snake"}}'),
        ("case_null", '{"context": {"label_key_case": null}}'),
        ("case_number", '{"context": {"label_key_case": 5}}'),
        ("case_bool", '{"context": {"label_key_case": true}}'),
        ("limit_low", '{"context": {"id_length_limit": 5}}'),
        ("limit_text", '{"context": {"id_length_limit": "7"}}'),
        ("limit_edge", '{"context": {"id_length_limit": 6}}'),
        ("inner_ok", '{"context": {"inner": {"mode": "y"}}}'),
        ("inner_x", '{"context": {"inner": {"mode": "x"}}}'),
        ("inner_null", '{"context": {"inner": null}}'),
        ("inner_missing_mode", '{"context": {"inner": {}}}'),
        ("extra_key", '{"context": {"other": 1}}'),
        ("rules_ok", '{"rules": [{"type": "allow"}, {"type": "deny", "match": {"a": {"op": "eq"}}}]}'),
        ("rules_bad_type", '{"rules": [{"type": "allow"}, {"type": "log"}]}'),
        ("rules_null_type", '{"rules": [{"type": null}]}'),
        ("rules_null_elem", '{"rules": [null]}'),
        ("rules_regex", '{"rules": [{"type": "deny", "match": {"a": {"op": "regex"}}}]}'),
        ("rules_null_match", '{"rules": [{"type": "deny", "match": null}]}'),
        ("rules_null_op", '{"rules": [{"type": "deny", "match": {"a": {"op": null}}}]}'),
    ]:
        m.json(name, text + "\n")

    # `contains([…], length(X))`: the length is one of the listed numbers (a number no length
    # equals matches nothing).
    m = module(
        "validation_length_among",
        "validation",
        var(
            "zones",
            "list(string)",
            default='["a"]',
            checks=[("contains([1, 3], length(var.zones))", '"One or three zones."')],
        )
        + var(
            "code",
            "string",
            default='"ab"',
            checks=[("contains([2, 4, 2.5, -1], length(var.code))", '"Two or four characters."')],
        )
        + var(
            "tags",
            "map(string)",
            default="{}",
            checks=[("contains([0, 2], length(var.tags))", '"None or two tags."')],
        ),
    )
    for name, text in [
        ("zones_one", '{"zones": ["a"]}'),
        ("zones_two", '{"zones": ["a", "b"]}'),
        ("zones_three", '{"zones": ["a", "b", "c"]}'),
        ("zones_empty", '{"zones": []}'),
        ("zones_null", '{"zones": null}'),
        ("code_two", '{"code": "ab"}'),
        ("code_three", '{"code": "abc"}'),
        ("code_four", '{"code": "abcd"}'),
        ("code_number", '{"code": 12}'),
        ("code_clusters", '{"code": "e\u0301e\u0301"}'),
        ("code_null", '{"code": null}'),
        ("tags_none", '{"tags": {}}'),
        ("tags_one", '{"tags": {"a": "x"}}'),
        ("tags_two", '{"tags": {"a": "x", "b": "y"}}'),
        ("tags_null", '{"tags": null}'),
    ]:
        m.json(name, text + "\n")

    # `can(cidrsubnet(X, K, N))` with literal numbers: a CIDR prefix with room for K more bits.
    m = module(
        "validation_can_cidrsubnet",
        "validation",
        var(
            "net",
            "string",
            default='"10.0.0.0/16"',
            checks=[("can(cidrsubnet(var.net, 0, 0))", '"A CIDR prefix."')],
        )
        + var(
            "block",
            "string",
            default='"10.0.0.0/16"',
            checks=[("can(cidrsubnet(var.block, 4, 15))", '"Room for sixteen subnets."')],
        )
        + var(
            "blocks",
            "list(string)",
            default="[]",
            checks=[("alltrue([for c in var.blocks : can(cidrsubnet(c, 8, 0))])", '"Room for /+8 subnets."')],
        ),
    )
    cases = []
    for text in ["10.0.0.0/16", "10.0.0.1/32", "10.0.0.0/33", "010.000.0.0/08", "10.0.0.0", "abc", "",
                 " 10.0.0.0/8", "fd00::/128", "fd00::/129", "::ffff:10.0.0.0/120"]:
        cases.append(("net", text))
    for text in ["10.0.0.0/28", "10.0.0.0/29", "fd00::/124", "fd00::/125", "10.0.0.0/0"]:
        cases.append(("block", text))
    for text in ["10.0.0.0/24", "10.0.0.0/25", "fd00::/120", "fd00::/121", "::ffff:10.0.0.0/120", "x"]:
        cases.append(("blocks", text))
    for i, (v, text) in enumerate(cases):
        value = json.dumps([text]) if v == "blocks" else json.dumps(text)
        m.json("%s_%02d" % (v, i), '{"%s": %s}\n' % (v, value))
    for name, text in [
        ("net_null", '{"net": null}'),
        ("net_number", '{"net": 10}'),
        ("blocks_null_elem", '{"blocks": [null]}'),
        ("blocks_empty", '{"blocks": []}'),
    ]:
        m.json(name, text + "\n")

    # `alltrue` over a `for` whose value is a list or an object for each element (a bool
    # wrapped in brackets by mistake): the call fails on any element, so only an empty
    # collection passes.
    m = module(
        "validation_alltrue_not_bools",
        "validation",
        var(
            "routes",
            "map(object({ next_hop_type = string }))",
            default="{}",
            checks=[('alltrue([for _, route in var.routes : [contains(["ResourceId"], route.next_hop_type)]])', '"ResourceId only."')],
        )
        + var(
            "names",
            "list(string)",
            default="[]",
            checks=[('alltrue([for n in var.names : { ok = n != "" }])', '"Not empty."')],
        ),
    )
    for name, text in [
        ("routes_empty", '{"routes": {}}'),
        ("routes_match", '{"routes": {"a": {"next_hop_type": "ResourceId"}}}'),
        ("routes_other", '{"routes": {"a": {"next_hop_type": "Internet"}}}'),
        ("routes_null", '{"routes": null}'),
        ("names_empty", '{"names": []}'),
        ("names_one", '{"names": ["a"]}'),
        ("names_null", '{"names": null}'),
    ]:
        m.json(name, text + "\n")

    # `alltrue` over a `for` with a filter (`… if v.x != null`): the rule holds for the
    # elements the filter keeps; a filter that fails or is null fails the rule.
    m = module(
        "validation_alltrue_filtered",
        "validation",
        var(
            "shares",
            "map(object({ quota = optional(number), tier = optional(string) }))",
            default="{}",
            checks=[
                ('alltrue([for _, v in var.shares : v.quota >= 1 && v.quota <= 5120 if v.quota != null])', '"Quota out of range."'),
                ('alltrue([for _, v in var.shares : contains(["Cool", "Hot"], v.tier) if v.tier != null])', '"Unknown tier."'),
            ],
        )
        + var(
            "ports",
            "list(number)",
            default="[]",
            checks=[('alltrue([for p in var.ports : p > 0 && p < 65536 if p != null])', '"Bad port."')],
        )
        + var(
            "fips",
            "list(object({ public_ip_id = optional(string), create_public_ip = optional(bool, false), public_ip_name = optional(string) }))",
            default="[]",
            checks=[('alltrue([for f in var.fips : f.create_public_ip == false && f.public_ip_name == null if f.public_ip_id != null])', '"Conflicting public IP."')],
        )
        + var(
            "nics",
            "list(object({ attach = optional(bool), pool_id = optional(string) }))",
            default="[]",
            checks=[('alltrue([for n in var.nics : n.pool_id != null if n.attach])', '"Pool needed."')],
        )
        + var(
            "disks",
            "map(object({ spec = optional(object({ size = optional(number) })) }))",
            default="{}",
            checks=[('alltrue([for _, d in var.disks : d.spec.size > 10 if d.spec.size != null])', '"Small disk."')],
        ),
    )
    for name, text in [
        ("shares_empty", '{"shares": {}}'),
        ("shares_null", '{"shares": null}'),
        ("shares_no_quota", '{"shares": {"a": {}}}'),
        ("shares_quota_ok", '{"shares": {"a": {"quota": 100}, "b": {"quota": null}}}'),
        ("shares_quota_low", '{"shares": {"a": {"quota": 0}}}'),
        ("shares_quota_high", '{"shares": {"a": {"quota": 5121}, "b": {}}}'),
        ("shares_quota_text", '{"shares": {"a": {"quota": "7"}}}'),
        ("shares_tier_ok", '{"shares": {"a": {"tier": "Hot"}}}'),
        ("shares_tier_bad", '{"shares": {"a": {"tier": "Cold"}}}'),
        ("shares_null_element", '{"shares": {"a": null}}'),
        ("ports_ok", '{"ports": [80, 443]}'),
        ("ports_null_element", '{"ports": [80, null]}'),
        ("ports_zero", '{"ports": [0]}'),
        ("ports_high", '{"ports": [65536, 22]}'),
        ("ports_null", '{"ports": null}'),
        ("fips_none", '{"fips": [{}]}'),
        ("fips_id_only", '{"fips": [{"public_ip_id": "x"}]}'),
        ("fips_id_and_name", '{"fips": [{"public_ip_id": "x", "public_ip_name": "n"}]}'),
        ("fips_id_and_create", '{"fips": [{"public_ip_id": "x", "create_public_ip": true}]}'),
        ("fips_name_only", '{"fips": [{"public_ip_name": "n", "create_public_ip": true}]}'),
        ("fips_create_null", '{"fips": [{"public_ip_id": "x", "create_public_ip": null}]}'),
        ("nics_attached", '{"nics": [{"attach": true, "pool_id": "p"}]}'),
        ("nics_attached_no_pool", '{"nics": [{"attach": true}]}'),
        ("nics_detached", '{"nics": [{"attach": false}]}'),
        ("nics_attach_null", '{"nics": [{"pool_id": "p"}]}'),
        ("disks_no_spec", '{"disks": {"a": {}}}'),
        ("disks_no_size", '{"disks": {"a": {"spec": {}}}}'),
        ("disks_big", '{"disks": {"a": {"spec": {"size": 20}}}}'),
        ("disks_small", '{"disks": {"a": {"spec": {"size": 5}}}}'),
    ]:
        m.json(name, text + "\n")

    # `lookup(O, "k", d)` on an object type that has the attribute `k`: the attribute itself,
    # also when it is null (the default is taken only for an object without `k`).
    m = module(
        "validation_lookup_attribute",
        "validation",
        var(
            "rev",
            "object({ name = optional(string), job = optional(any) })",
            default="{}",
            checks=[('lookup(var.rev, "job", null) == null', '"job has moved."')],
        )
        + var(
            "cfg",
            "object({ tier = optional(string) })",
            default='{ tier = "basic" }',
            checks=[('lookup(var.cfg, "tier", "basic") == "basic" || lookup(var.cfg, "tier", "basic") == "premium"', '"Unknown tier."')],
        )
        + var(
            "mode",
            "object({ mode = optional(string, \"a\") })",
            default="{}",
            checks=[('contains(["a", "b"], lookup(var.mode, "mode", "a"))', '"Unknown mode."')],
        )
        + var(
            "other",
            "object({ a = string })",
            default='{ a = "x" }',
            checks=[('lookup(var.other, "missing", "x") == "x"', '"Never."')],
        ),
    )
    for name, text in [
        ("rev_empty", '{"rev": {}}'),
        ("rev_job_null", '{"rev": {"job": null, "name": "n"}}'),
        ("rev_job_set", '{"rev": {"job": "x"}}'),
        ("rev_job_object", '{"rev": {"job": {"a": 1}}}'),
        ("rev_null", '{"rev": null}'),
        ("cfg_basic", '{"cfg": {"tier": "basic"}}'),
        ("cfg_premium", '{"cfg": {"tier": "premium"}}'),
        ("cfg_other", '{"cfg": {"tier": "gold"}}'),
        ("cfg_absent_tier", '{"cfg": {}}'),
        ("cfg_null", '{"cfg": null}'),
        ("mode_default", '{"mode": {}}'),
        ("mode_b", '{"mode": {"mode": "b"}}'),
        ("mode_c", '{"mode": {"mode": "c"}}'),
        ("mode_null_attr", '{"mode": {"mode": null}}'),
        ("mode_null", '{"mode": null}'),
        ("other_set", '{"other": {"a": "y"}}'),
        ("other_null", '{"other": null}'),
    ]:
        m.json(name, text + "\n")

    # A bool that can be null as the condition of a conditional (`var.enabled ? … : true`),
    # of one variable or between variables: Terraform fails on a null condition, whichever
    # branch would be taken. Also a comparison that fails on a null attribute, compared as a
    # truth value.
    m = module(
        "validation_nullable_truth_values",
        "validation",
        var("secondary", "bool", default="false")
        + var(
            "cluster_id",
            "string",
            default="null",
            checks=[
                ('var.secondary ? var.cluster_id != null : true', '"A secondary region needs a cluster."'),
                ('!var.secondary ? var.cluster_id == null : true', '"Only a secondary region takes a cluster."'),
            ],
        )
        + var("internal", "bool", default="false")
        + var("lb_type", "string", default='"alb"')
        + var(
            "hairpin",
            "bool",
            default="false",
            checks=[('var.internal && var.lb_type == "nlb" ? var.hairpin == true : true', '"Hairpin needed."')],
        )
        + var(
            "ip",
            "object({ create = optional(bool), id = optional(string) })",
            default="{ create = false }",
            checks=[('var.ip.create ? var.ip.id == null : true', '"Create or give an id."')],
        )
        + var(
            "sizes",
            "object({ a = optional(string), b = optional(number) })",
            default='{ b = 2 }',
            checks=[('(var.sizes.b > 1) == (var.sizes.a == null)', '"Both or neither."')],
        ),
    )
    for name, text in [
        ("primary", '{"secondary": false}'),
        ("primary_with_cluster", '{"secondary": false, "cluster_id": "c"}'),
        ("secondary_with_cluster", '{"secondary": true, "cluster_id": "c"}'),
        ("secondary_without_cluster", '{"secondary": true}'),
        ("secondary_null", '{"secondary": null}'),
        ("secondary_null_with_cluster", '{"secondary": null, "cluster_id": "c"}'),
        ("internal_nlb_hairpin", '{"internal": true, "lb_type": "nlb", "hairpin": true}'),
        ("internal_nlb_no_hairpin", '{"internal": true, "lb_type": "nlb"}'),
        ("internal_alb", '{"internal": true}'),
        ("internal_null", '{"internal": null, "lb_type": "nlb"}'),
        ("internal_nlb_hairpin_null", '{"internal": true, "lb_type": "nlb", "hairpin": null}'),
        ("external_hairpin_null", '{"hairpin": null}'),
        ("ip_create", '{"ip": {"create": true}}'),
        ("ip_create_with_id", '{"ip": {"create": true, "id": "x"}}'),
        ("ip_id", '{"ip": {"create": false, "id": "x"}}'),
        ("ip_create_absent", '{"ip": {"id": "x"}}'),
        ("ip_null", '{"ip": null}'),
        ("sizes_big_without_a", '{"sizes": {"b": 2}}'),
        ("sizes_big_with_a", '{"sizes": {"b": 2, "a": "x"}}'),
        ("sizes_small_with_a", '{"sizes": {"b": 1, "a": "x"}}'),
        ("sizes_small_without_a", '{"sizes": {"b": 1}}'),
        ("sizes_b_absent", '{"sizes": {"a": "x"}}'),
    ]:
        m.json(name, text + "\n")

    # A count of conditions whose attributes are read through `try`: a null object counts
    # none of them (no failure), so "at most one" holds on null and "at least one" does not.
    m = module(
        "validation_count_through_try",
        "validation",
        var(
            "hc",
            "object({ grpc = optional(object({ port = optional(number) })), http = optional(object({ port = optional(number) })) })",
            default="null",
            checks=[('(try(var.hc.grpc, null) == null ? 0 : 1) + (try(var.hc.http, null) == null ? 0 : 1) <= 1', '"Only one health check type."')],
        )
        + var(
            "src",
            "object({ a = optional(string), b = optional(string) })",
            default='{ a = "x" }',
            checks=[('(try(var.src.a, null) == null ? 0 : 1) + (try(var.src.b, null) == null ? 0 : 1) >= 1', '"A source is needed."')],
        ),
    )
    for name, text in [
        ("hc_absent", '{}'),
        ("hc_null", '{"hc": null}'),
        ("hc_empty", '{"hc": {}}'),
        ("hc_grpc", '{"hc": {"grpc": {}}}'),
        ("hc_both", '{"hc": {"grpc": {"port": 1}, "http": {}}}'),
        ("src_null", '{"src": null}'),
        ("src_empty", '{"src": {}}'),
        ("src_b", '{"src": {"b": "y"}}'),
        ("src_both", '{"src": {"a": "x", "b": "y"}}'),
    ]:
        m.json(name, text + "\n")

    # Rules that nest alternatives or read an attribute of another variable:
    # - `try(!(x != null && x.enabled == true && (x.config == null || x.config.id == "")), true)`
    #   (the alternatives of the `||` inside those of the `&&`);
    # - `var.region == null || var.vpn.enable == true`, which 1.11 evaluates whole, so a null
    #   `vpn` fails it whatever `region` is.
    m = module(
        "validation_nested_alternatives",
        "validation",
        var(
            "gateway",
            "object({ config = optional(object({ id = string })), enabled = bool })",
            default="null",
            checks=[('try(!(var.gateway != null && var.gateway.enabled == true && (var.gateway.config == null || var.gateway.config.id == "")), true)', '"An enabled gateway needs an id."')],
        )
        + var("vpn", "object({ enable = bool, pool = string })", default='{ enable = false, pool = "p" }')
        + var(
            "region",
            "string",
            default="null",
            checks=[('var.region == null || var.vpn.enable == true', '"A region needs the VPN."')],
        ),
    )
    for name, text in [
        ("gateway_absent", '{}'),
        ("gateway_disabled", '{"gateway": {"enabled": false}}'),
        ("gateway_enabled_no_config", '{"gateway": {"enabled": true}}'),
        ("gateway_enabled_empty_id", '{"gateway": {"enabled": true, "config": {"id": ""}}}'),
        ("gateway_enabled_id", '{"gateway": {"enabled": true, "config": {"id": "a"}}}'),
        ("gateway_enabled_null_id", '{"gateway": {"enabled": true, "config": {"id": null}}}'),
        ("gateway_enabled_null", '{"gateway": {"enabled": null}}'),
        ("vpn_null", '{"vpn": null}'),
        ("vpn_null_region", '{"vpn": null, "region": "r"}'),
        ("region_vpn_off", '{"region": "r"}'),
        ("region_vpn_on", '{"region": "r", "vpn": {"enable": true, "pool": "p"}}'),
        ("region_vpn_enable_null", '{"region": "r", "vpn": {"enable": null, "pool": "p"}}'),
    ]:
        m.json(name, text + "\n")

    # A `for` over a map or `{}` when it is null: `coalesce(var.m, {})`, `var.m == null ? {} :
    # var.m` (the map and the empty object unify; no element, so true, on null).
    m = module(
        "validation_map_or_empty",
        "validation",
        var(
            "vms",
            "map(object({ a = optional(string), b = optional(string) }))",
            default="null",
            checks=[('alltrue([for _, v in coalesce(var.vms, {}) : v.a != null || v.b != null])', '"a or b."')],
        )
        + var(
            "tags",
            "map(string)",
            default="null",
            checks=[('alltrue([for k, v in var.tags == null ? {} : var.tags : length(v) <= 8])', '"Tag too long."')],
        ),
    )
    for name, text in [
        ("vms_absent", '{}'),
        ("vms_null", '{"vms": null}'),
        ("vms_empty", '{"vms": {}}'),
        ("vms_a", '{"vms": {"x": {"a": "1"}}}'),
        ("vms_neither", '{"vms": {"x": {"a": "1"}, "y": {}}}'),
        ("vms_null_element", '{"vms": {"x": null}}'),
        ("tags_null", '{"tags": null}'),
        ("tags_short", '{"tags": {"k": "abc"}}'),
        ("tags_long", '{"tags": {"k": "abcdefghi"}}'),
        ("tags_null_value", '{"tags": {"k": null}}'),
    ]:
        m.json(name, text + "\n")

    # `alltrue(flatten(L))` where `L` is a `for` whose elements are conditions,
    # single-element tuples of one, lists of them built by a nested `for`, or a conditional
    # between such lists (branches of different lengths included).
    m = module(
        "validation_alltrue_flatten",
        "validation",
        var(
            "nets",
            "map(object({ subnets = list(string) }))",
            default="{}",
            checks=[('alltrue(flatten([for k, v in var.nets : [for s in v.subnets : length(s) <= 5]]))', '"Subnet names up to 5."')],
        )
        + var(
            "listeners",
            "map(object({ port = number, protocol = string }))",
            default="{}",
            checks=[
                ('alltrue(flatten([for _, l in var.listeners : (l.port >= 1 && l.port <= 65535)]))', '"Bad port."'),
                ('alltrue(flatten([for _, l in var.listeners : [contains(["Http", "Https"], l.protocol)]]))', '"Bad protocol."'),
            ],
        )
        + var(
            "containers",
            "list(object({ probes = optional(list(string)) }))",
            default="[]",
            checks=[('alltrue(flatten([for c in var.containers : c.probes == null ? [true] : [for p in c.probes : contains(["TCP", "HTTP"], p)]]))', '"Bad probe."')],
        )
        + var(
            "ssl",
            "map(object({ min = optional(string) }))",
            default="{}",
            checks=[('alltrue(flatten([for _, s in var.ssl : contains(["TLSv1_2", "TLSv1_3"], s.min) if s.min != null]))', '"Bad TLS version."')],
        ),
    )
    for name, text in [
        ("nets_ok", '{"nets": {"a": {"subnets": ["x", "yy"]}}}'),
        ("nets_long", '{"nets": {"a": {"subnets": ["x"]}, "b": {"subnets": ["abcdef"]}}}'),
        ("nets_empty_subnets", '{"nets": {"a": {"subnets": []}}}'),
        ("nets_null", '{"nets": null}'),
        ("nets_null_element", '{"nets": {"a": null}}'),
        ("nets_null_subnets", '{"nets": {"a": {"subnets": null}}}'),
        ("nets_null_subnet", '{"nets": {"a": {"subnets": [null]}}}'),
        ("listeners_ok", '{"listeners": {"a": {"port": 80, "protocol": "Http"}}}'),
        ("listeners_port", '{"listeners": {"a": {"port": 0, "protocol": "Http"}}}'),
        ("listeners_protocol", '{"listeners": {"a": {"port": 443, "protocol": "Tcp"}}}'),
        ("listeners_null_port", '{"listeners": {"a": {"port": null, "protocol": "Http"}}}'),
        ("listeners_null_protocol", '{"listeners": {"a": {"port": 1, "protocol": null}}}'),
        ("listeners_null", '{"listeners": null}'),
        ("containers_no_probes", '{"containers": [{}]}'),
        ("containers_one_probe", '{"containers": [{"probes": ["TCP"]}]}'),
        ("containers_two_probes", '{"containers": [{"probes": ["TCP", "HTTP"]}]}'),
        ("containers_bad_probe", '{"containers": [{"probes": ["TCP", "UDP"]}]}'),
        ("containers_bad_single", '{"containers": [{"probes": ["UDP"]}]}'),
        ("containers_empty_probes", '{"containers": [{"probes": []}, {}]}'),
        ("containers_null_probe", '{"containers": [{"probes": [null]}]}'),
        ("containers_null", '{"containers": null}'),
        ("containers_null_element", '{"containers": [null]}'),
        ("ssl_ok", '{"ssl": {"a": {"min": "TLSv1_2"}, "b": {}}}'),
        ("ssl_bad", '{"ssl": {"a": {"min": "TLSv1_0"}}}'),
        ("ssl_null_element", '{"ssl": {"a": null}}'),
    ]:
        m.json(name, text + "\n")

    # `trimspace(x)` compared with the empty string: blank or not, as
    # `length(trimspace(x))` compared with 0 (Unicode white space, as Go's `unicode.IsSpace`);
    # 1.11's `||` evaluates both sides, so a null `blank` fails in `trimspace`.
    m = module(
        "validation_trimspace_empty",
        "validation",
        var("name", "string", default='"a"', checks=[('trimspace(var.name) != ""', '"A name is needed."')])
        + var(
            "blank",
            "string",
            default='""',
            checks=[('var.blank == null || trimspace(var.blank) == ""', '"Blank or null."')],
        )
        + var(
            "items",
            "list(string)",
            default="[]",
            checks=[('alltrue([for s in var.items : trimspace(s) != ""])', '"No blank item."')],
        ),
    )
    for name, text in [
        ("name_empty", '{"name": ""}'),
        ("name_spaces", '{"name": "  "}'),
        ("name_tab_newline", '{"name": "\\t\\n"}'),
        ("name_padded", '{"name": " a "}'),
        ("name_nbsp", '{"name": "\\u00a0"}'),
        ("name_ideographic_space", '{"name": "\\u3000"}'),
        ("name_zero_width", '{"name": "\\u200b"}'),
        ("name_number", '{"name": 5}'),
        ("name_null", '{"name": null}'),
        ("blank_text", '{"blank": "x"}'),
        ("blank_spaces", '{"blank": "   "}'),
        ("blank_empty", '{"blank": ""}'),
        ("blank_null", '{"blank": null}'),
        ("items_blank", '{"items": ["a", " "]}'),
        ("items_ok", '{"items": ["a", " b"]}'),
        ("items_null_item", '{"items": [null]}'),
        ("items_null", '{"items": null}'),
    ]:
        m.json(name, text + "\n")

    # `alltrue` over a `for` whose collection is `try(P, [])` (`{}`) for an attribute path `P`:
    # true where an object on the way is null (`try` gives the empty literal), the rule on
    # `P`'s elements elsewhere, and a failure where `P` itself is null.
    m = module(
        "validation_alltrue_try_path",
        "validation",
        var(
            "cfg",
            "object({ sub = optional(object({ tags = optional(list(string)), labels = optional(map(string)) })) })",
            default="null",
            checks=[
                ('alltrue([for t in try(var.cfg.sub.tags, []) : contains(["a", "b"], t)])', '"Bad tag."'),
                ('alltrue([for k, v in try(var.cfg.sub.labels, {}) : length(v) <= 3])', '"Long label."'),
            ],
        ),
    )
    for name, text in [
        ("cfg_null", '{"cfg": null}'),
        ("cfg_empty", '{"cfg": {}}'),
        ("sub_null", '{"cfg": {"sub": null}}'),
        ("sub_empty", '{"cfg": {"sub": {}}}'),
        ("tags_ok", '{"cfg": {"sub": {"tags": ["a", "b"], "labels": {}}}}'),
        ("tags_bad", '{"cfg": {"sub": {"tags": ["a", "c"], "labels": {}}}}'),
        ("tags_null_element", '{"cfg": {"sub": {"tags": [null], "labels": {}}}}'),
        ("tags_empty_labels_null", '{"cfg": {"sub": {"tags": []}}}'),
        ("labels_ok", '{"cfg": {"sub": {"tags": [], "labels": {"x": "abc"}}}}'),
        ("labels_long", '{"cfg": {"sub": {"tags": [], "labels": {"x": "abcd"}}}}'),
        ("labels_null_value", '{"cfg": {"sub": {"tags": [], "labels": {"x": null}}}}'),
    ]:
        m.json(name, text + "\n")

    # Rules on the members and keys of untyped variables: `for` iterates a tuple's elements and
    # an object's attribute values and fails on anything else; `keys` fails on anything but an
    # object; `try(var.x, {})` is `var.x`, null included.
    m = module(
        "validation_untyped_members",
        "validation",
        var(
            "versions",
            default='["ikev1"]',
            checks=[('alltrue([for o in var.versions : contains(["ikev1", "ikev2"], o)])', '"Bad version."')],
        )
        + var(
            "groups",
            default="[14]",
            checks=[('alltrue([for o in try(var.groups, []) : contains([2, 14], o)])', '"Bad group."')],
        )
        + var(
            "vpcs",
            "any",
            default="{}",
            checks=[
                (
                    'alltrue([for vpc in try(var.vpcs, {}) : length(setsubtract(keys(vpc), ["type", "name"])) == 0])',
                    '"Unknown key."',
                ),
                ('alltrue([for vpc in try(var.vpcs, {}) : contains(["egress", "ingress"], vpc.type)])', '"Bad type."'),
            ],
        )
        + var(
            "network",
            default="{}",
            checks=[('length(setsubtract(keys(var.network), ["description", "tags"])) == 0', '"Unknown key."')],
        )
        + var(
            "share",
            default="{}",
            checks=[('length(setsubtract(keys(try(var.share, {})), ["name", "principals"])) == 0', '"Unknown key."')],
        ),
    )
    for name, text in [
        ("versions_ok", '{"versions": ["ikev1", "ikev2"]}'),
        ("versions_empty", '{"versions": []}'),
        ("versions_bad", '{"versions": ["ikev1", "ikev3"]}'),
        ("versions_object", '{"versions": {"a": "ikev1", "b": "ikev2"}}'),
        ("versions_object_bad", '{"versions": {"a": "ikev3"}}'),
        ("versions_empty_object", '{"versions": {}}'),
        ("versions_string", '{"versions": "ikev1"}'),
        ("versions_number", '{"versions": 1}'),
        ("versions_bool", '{"versions": true}'),
        ("versions_null", '{"versions": null}'),
        ("versions_null_element", '{"versions": [null]}'),
        ("versions_nested", '{"versions": [["ikev1"]]}'),
        ("versions_number_element", '{"versions": [1]}'),
        ("groups_ok", '{"groups": [2, 14]}'),
        ("groups_fraction", '{"groups": [14.0, 2.5]}'),
        ("groups_string", '{"groups": ["14"]}'),
        ("groups_null", '{"groups": null}'),
        ("groups_object", '{"groups": {"x": 2}}'),
        ("vpcs_ok", '{"vpcs": {"a": {"type": "egress", "name": "x"}}}'),
        ("vpcs_list_ok", '{"vpcs": [{"type": "ingress"}]}'),
        ("vpcs_extra_key", '{"vpcs": {"a": {"type": "egress", "cidr": "x"}}}'),
        ("vpcs_no_type", '{"vpcs": {"a": {"name": "x"}}}'),
        ("vpcs_bad_type", '{"vpcs": {"a": {"type": "other"}}}'),
        ("vpcs_member_null", '{"vpcs": {"a": null}}'),
        ("vpcs_member_string", '{"vpcs": {"a": "egress"}}'),
        ("vpcs_member_list", '{"vpcs": {"a": ["egress"]}}'),
        ("vpcs_null", '{"vpcs": null}'),
        ("vpcs_string", '{"vpcs": "x"}'),
        ("network_ok", '{"network": {"description": "d", "tags": {}}}'),
        ("network_empty", '{"network": {}}'),
        ("network_extra", '{"network": {"description": "d", "name": "n"}}'),
        ("network_list", '{"network": ["description"]}'),
        ("network_string", '{"network": "description"}'),
        ("network_null", '{"network": null}'),
        ("share_ok", '{"share": {"name": "n"}}'),
        ("share_extra", '{"share": {"name": "n", "x": 1}}'),
        ("share_null", '{"share": null}'),
        ("share_list", '{"share": []}'),
    ]:
        m.json(name, text + "\n")

    # A rule on one key of an untyped variable, judged on an object without the key: only the
    # rule decides, not the module's locals that read other variables.
    m = module(
        "validation_untyped_key_beside_locals",
        "validation",
        var("other", "object({ name = string })", default='{ name = "a" }', nullable=False)
        + var(
            "context",
            "any",
            default="{}",
            checks=[
                (
                    'lookup(var.context, "case", null) == null ? true : contains(["lower", "upper"], var.context["case"])',
                    '"Bad case."',
                )
            ],
        )
        # Terraform evaluates every local during plan, used or not.
        + 'locals {\n  other_name = var.other.name\n}\n',
    )
    for name, text in [
        ("context_empty", '{"context": {}}'),
        ("context_other_keys", '{"context": {"name": "x"}}'),
        ("context_case_ok", '{"context": {"case": "lower"}}'),
        ("context_case_bad", '{"context": {"case": "title"}}'),
        ("context_case_null", '{"context": {"case": null}}'),
        ("context_list", '{"context": []}'),
    ]:
        m.json(name, text + "\n")

    # Constant parts of conditions (calls, locals and `for` expressions that refer to no
    # variable), which the schema reads as the literals Terraform computes.
    m = module(
        "validation_constant_parts",
        "validation",
        'locals {\n  endpoints = { "us-south" = "a", "eu-de" = "b" }\n  allowed   = concat(["x"], ["y"])\n}\n'
        + var(
            "kind",
            "string",
            default='"gating"',
            checks=[('var.kind == lower("ASSERTION") || var.kind == lower("Gating")', '"Bad kind."')],
        )
        + var("percent", "number", default="5", checks=[("contains(range(0, 101), var.percent)", '"Bad percent."')])
        + var("step", "number", default="0", checks=[("contains(range(0, 2, 0.5), var.step)", '"Bad step."')])
        + var("region", "string", default='"eu-de"', checks=[("contains(keys(local.endpoints), var.region)", '"Bad region."')])
        + var("tag", "string", default='"x"', checks=[("contains(local.allowed, var.tag)", '"Bad tag."')])
        + var(
            "upper_name",
            "string",
            default='"A"',
            checks=[('contains([for r in ["a", "b"] : upper(r)], var.upper_name)', '"Bad name."')],
        )
        + var("mixed", "string", default='"a"', checks=[('contains(tolist(["a", 1]), var.mixed)', '"Bad value."')]),
    )
    for name, text in [
        ("kind_ok", '{"kind": "assertion"}'),
        ("kind_case", '{"kind": "Gating"}'),
        ("kind_other", '{"kind": "other"}'),
        ("kind_null", '{"kind": null}'),
        ("percent_zero", '{"percent": 0}'),
        ("percent_top", '{"percent": 100}'),
        ("percent_over", '{"percent": 101}'),
        ("percent_negative", '{"percent": -1}'),
        ("percent_fraction", '{"percent": 5.5}'),
        ("percent_string", '{"percent": "42"}'),
        ("percent_string_fraction", '{"percent": "42.5"}'),
        ("percent_null", '{"percent": null}'),
        ("step_half", '{"step": 1.5}'),
        ("step_quarter", '{"step": 0.25}'),
        ("step_two", '{"step": 2}'),
        ("region_ok", '{"region": "us-south"}'),
        ("region_value", '{"region": "a"}'),
        ("tag_ok", '{"tag": "y"}'),
        ("tag_bad", '{"tag": "z"}'),
        ("upper_ok", '{"upper_name": "B"}'),
        ("upper_lower", '{"upper_name": "b"}'),
        ("mixed_one", '{"mixed": "1"}'),
        ("mixed_number", '{"mixed": 1}'),
        ("mixed_two", '{"mixed": "2"}'),
    ]:
        m.json(name, text + "\n")

    # Any rule on a value that is the variable or a default (`coalesce`, a null conditional):
    # the rule judges the variable where it is itself, the default elsewhere.
    m = module(
        "validation_default_mapped",
        "validation",
        var("rg", "string", default="null", checks=[('length(coalesce(var.rg, "null")) <= 6', '"Long name."')])
        + var(
            "root",
            "string",
            default="null",
            checks=[('var.root == null || startswith(coalesce(var.root, "-"), "folders/")', '"Bad root."')],
        )
        + var("short", "string", default='"ab"', checks=[('length(coalesce(var.short, "toolong")) <= 4', '"Long."')])
        + var("n", "number", default="null", checks=[("(var.n == null ? 5 : var.n) > 3", '"Small."')])
        + var("suffix", "string", default='"a"', checks=[('endswith(coalesce(var.suffix, ""), "a")', '"Bad suffix."')]),
    )
    for name, text in [
        ("rg_null", '{"rg": null}'),
        ("rg_empty", '{"rg": ""}'),
        ("rg_six", '{"rg": "abcdef"}'),
        ("rg_seven", '{"rg": "abcdefg"}'),
        ("rg_number", '{"rg": 1234567}'),
        ("root_null", '{"root": null}'),
        ("root_empty", '{"root": ""}'),
        ("root_ok", '{"root": "folders/1"}'),
        ("root_bad", '{"root": "organizations/1"}'),
        ("short_null", '{"short": null}'),
        ("short_empty", '{"short": ""}'),
        ("short_ok", '{"short": "abcd"}'),
        ("short_long", '{"short": "abcde"}'),
        ("n_null", '{"n": null}'),
        ("n_four", '{"n": 4}'),
        ("n_three", '{"n": 3}'),
        ("n_string", '{"n": "10"}'),
        ("suffix_null", '{"suffix": null}'),
        ("suffix_empty", '{"suffix": ""}'),
        ("suffix_ok", '{"suffix": "ba"}'),
        ("suffix_bad", '{"suffix": "ab"}'),
    ]:
        m.json(name, text + "\n")

    # Numeric comparisons on untyped and string variables: the comparison converts the value
    # to a number, so a numeric string counts by its value and anything else fails.
    m = module(
        "validation_numeric_untyped",
        "validation",
        var("dpd", default="30", checks=[("(var.dpd>= 30)", '"At least 30."')])
        + var("week", "any", default="1", checks=[("var.week >= 1 && var.week <= 52", '"A week."')])
        + var(
            "timeout",
            "string",
            default='"900"',
            checks=[("var.timeout >= 900 && var.timeout <= 7200", '"Between 900 and 7200."')],
        )
        + var("ratio", default="1", checks=[("var.ratio < 2.5", '"Below 2.5."')]),
    )
    for name, text in [
        ("dpd_ok", '{"dpd": 30}'),
        ("dpd_low", '{"dpd": 29}'),
        ("dpd_fraction", '{"dpd": 30.5}'),
        ("dpd_string", '{"dpd": "30"}'),
        ("dpd_string_low", '{"dpd": "29"}'),
        ("dpd_string_plus", '{"dpd": "+31"}'),
        ("dpd_string_zeros", '{"dpd": "030"}'),
        ("dpd_string_exponent", '{"dpd": "3e1"}'),
        ("dpd_string_space", '{"dpd": " 30"}'),
        ("dpd_text", '{"dpd": "abc"}'),
        ("dpd_bool", '{"dpd": true}'),
        ("dpd_null", '{"dpd": null}'),
        ("dpd_list", '{"dpd": [40]}'),
        ("dpd_object", '{"dpd": {}}'),
        ("week_one", '{"week": 1}'),
        ("week_zero", '{"week": 0}'),
        ("week_top", '{"week": 52}'),
        ("week_over", '{"week": 53}'),
        ("week_string", '{"week": "52"}'),
        ("week_string_over", '{"week": "53"}'),
        ("week_text", '{"week": "x"}'),
        ("week_bool", '{"week": false}'),
        ("week_null", '{"week": null}'),
        ("timeout_ok", '{"timeout": "900"}'),
        ("timeout_low", '{"timeout": "899"}'),
        ("timeout_number", '{"timeout": 900}'),
        ("timeout_number_top", '{"timeout": 7200}'),
        ("timeout_number_over", '{"timeout": 7201}'),
        ("timeout_fraction", '{"timeout": "7200.0"}'),
        ("timeout_exponent", '{"timeout": "1e3"}'),
        ("timeout_text", '{"timeout": "abc"}'),
        ("timeout_bool", '{"timeout": true}'),
        ("timeout_null", '{"timeout": null}'),
        ("ratio_two", '{"ratio": 2}'),
        ("ratio_bound", '{"ratio": 2.5}'),
        ("ratio_string", '{"ratio": "2"}'),
        ("ratio_string_bound", '{"ratio": "2.5"}'),
        ("ratio_text", '{"ratio": "x"}'),
    ]:
        m.json(name, text + "\n")

    # `var.x % N == 0` for a whole N: a multiple of N (a fraction never is).
    m = module(
        "validation_multiple_of",
        "validation",
        var("throughput", "number", default="400", checks=[("var.throughput % 100 == 0", '"A multiple of 100."')])
        + var("negative", "number", default="0", checks=[("0 == var.negative % -3", '"A multiple of 3."')])
        + var("hosts", default="3", checks=[("var.hosts % 3 == 0", '"A multiple of 3."')])
        + var(
            "dbs",
            "map(object({ throughput = optional(number) }))",
            default="{}",
            checks=[
                (
                    "alltrue([for k, v in var.dbs : v.throughput != null ? v.throughput % 100 == 0 : true])",
                    '"Throughput in hundreds."',
                )
            ],
        ),
    )
    for name, text in [
        ("throughput_ok", '{"throughput": 200}'),
        ("throughput_zero", '{"throughput": 0}'),
        ("throughput_negative", '{"throughput": -300}'),
        ("throughput_off", '{"throughput": 250}'),
        ("throughput_fraction", '{"throughput": 100.5}'),
        ("throughput_float", '{"throughput": 300.0}'),
        ("throughput_exponent", '{"throughput": 1e3}'),
        ("throughput_large", '{"throughput": 12345678901234567890000}'),
        ("throughput_large_off", '{"throughput": 12345678901234567890001}'),
        ("throughput_string", '{"throughput": "500"}'),
        ("throughput_string_off", '{"throughput": "550"}'),
        ("throughput_null", '{"throughput": null}'),
        ("negative_ok", '{"negative": -9}'),
        ("negative_positive", '{"negative": 12}'),
        ("negative_off", '{"negative": 10}'),
        ("hosts_ok", '{"hosts": 6}'),
        ("hosts_off", '{"hosts": 7}'),
        ("hosts_string", '{"hosts": "9"}'),
        ("hosts_text", '{"hosts": "x"}'),
        ("hosts_bool", '{"hosts": true}'),
        ("hosts_null", '{"hosts": null}'),
        ("dbs_ok", '{"dbs": {"a": {"throughput": 400}, "b": {}}}'),
        ("dbs_off", '{"dbs": {"a": {"throughput": 450}}}'),
        ("dbs_null_attribute", '{"dbs": {"a": {"throughput": null}}}'),
    ]:
        m.json(name, text + "\n")

    # `anytrue([A, B, …])` of conditions: every element is evaluated (an error in any fails
    # the rule, whatever the others), and a null element counts as false.
    m = module(
        "validation_anytrue",
        "validation",
        var(
            "mode",
            "string",
            default='"a"',
            checks=[('anytrue([var.mode == "a", var.mode == "b", startswith(var.mode, "x-")])', '"Bad mode."')],
        )
        + var(
            "port",
            "number",
            default="80",
            checks=[("anytrue([var.port == 80, var.port == 443, var.port >= 8000 && var.port <= 8999])", '"Bad port."')],
        )
        + var(
            "flags",
            "object({ a = optional(bool), b = optional(bool) })",
            default='{ a = true }',
            checks=[("anytrue([var.flags.a == true, var.flags.b == true])", '"Set a flag."')],
        )
        + var(
            "name",
            "string",
            default="null",
            checks=[('anytrue([var.name == null, can(regex("^[a-z]+$", var.name))])', '"Bad name."')],
        )
        + var(
            "size",
            "string",
            default='"s"',
            checks=[('anytrue([startswith(var.size, "s"), endswith(var.size, "l")])', '"Bad size."')],
        )
        + var("enabled", "bool", default="true", checks=[("anytrue([var.enabled, var.port == 443])", '"Off."')]),
    )
    for name, text in [
        ("mode_a", '{"mode": "a"}'),
        ("mode_b", '{"mode": "b"}'),
        ("mode_prefixed", '{"mode": "x-1"}'),
        ("mode_other", '{"mode": "c"}'),
        ("mode_null", '{"mode": null}'),
        ("port_80", '{"port": 80}'),
        ("port_443", '{"port": 443, "enabled": false}'),
        ("port_range", '{"port": 8080}'),
        ("port_beyond", '{"port": 9000}'),
        ("port_null", '{"port": null}'),
        ("port_string", '{"port": "443"}'),
        ("flags_empty", '{"flags": {}}'),
        ("flags_a", '{"flags": {"a": true}}'),
        ("flags_b_false", '{"flags": {"b": false}}'),
        ("flags_b", '{"flags": {"a": null, "b": true}}'),
        ("flags_null", '{"flags": null}'),
        ("name_null", '{"name": null}'),
        ("name_ok", '{"name": "abc"}'),
        ("name_bad", '{"name": "ABC"}'),
        ("size_s", '{"size": "s"}'),
        ("size_xl", '{"size": "xl"}'),
        ("size_m", '{"size": "m"}'),
        ("size_null", '{"size": null}'),
        ("enabled_null_other_port", '{"enabled": null, "port": 80}'),
        ("enabled_null_443", '{"enabled": null, "port": 443}'),
        ("enabled_false", '{"enabled": false}'),
    ]:
        m.json(name, text + "\n")

    # `length()` of an untyped value: a string's grapheme clusters, an array's elements, an
    # object's attributes; a number, a bool or null fails.
    m = module(
        "validation_length_untyped",
        "validation",
        var("tags", default='["a"]', checks=[("length(var.tags) > 0", '"Give one."')])
        + var("code", "any", default='"ab"', checks=[("length(var.code) <= 3", '"Too long."')])
        + var("pair", "any", default='["a", "b"]', checks=[("length(var.pair) == 2", '"Two."')]),
    )
    for name, text in [
        ("tags_list", '{"tags": ["x"]}'),
        ("tags_empty_list", '{"tags": []}'),
        ("tags_object", '{"tags": {"a": 1}}'),
        ("tags_empty_object", '{"tags": {}}'),
        ("tags_string", '{"tags": "x"}'),
        ("tags_empty_string", '{"tags": ""}'),
        ("tags_number", '{"tags": 5}'),
        ("tags_bool", '{"tags": true}'),
        ("tags_null", '{"tags": null}'),
        ("code_short", '{"code": "abc"}'),
        ("code_long", '{"code": "abcd"}'),
        ("code_combining", '{"code": "e\\u0301e\\u0301e\\u0301"}'),
        ("code_list", '{"code": [1, 2, 3]}'),
        ("code_long_list", '{"code": [1, 2, 3, 4]}'),
        ("code_object", '{"code": {"a": 1, "b": 2, "c": 3, "d": 4}}'),
        ("code_number", '{"code": 1}'),
        ("code_null", '{"code": null}'),
        ("pair_list", '{"pair": [1, "x"]}'),
        ("pair_string", '{"pair": "ab"}'),
        ("pair_object", '{"pair": {"a": 1, "b": 2}}'),
        ("pair_one", '{"pair": ["a"]}'),
        ("pair_bool", '{"pair": false}'),
    ]:
        m.json(name, text + "\n")

    # `can(regex(p, var.x))` on an untyped value: `regex` reads a string, a number's decimal
    # text or a bool's; a list, an object or null fails it, which `can` makes false.
    m = module(
        "validation_regex_untyped",
        "validation",
        var("code", default='"ab"', checks=[('can(regex("^[a-z]+$", var.code))', '"Letters."')])
        + var("port", "any", default='"80"', checks=[('can(regex("^[0-9]+$", var.port))', '"Digits."')]),
    )
    for name, text in [
        ("code_ok", '{"code": "abc"}'),
        ("code_upper", '{"code": "ABC"}'),
        ("code_number", '{"code": 5}'),
        ("code_bool", '{"code": true}'),
        ("code_null", '{"code": null}'),
        ("code_list", '{"code": ["a"]}'),
        ("code_object", '{"code": {"a": "b"}}'),
        ("port_number", '{"port": 8080}'),
        ("port_negative", '{"port": -1}'),
        ("port_fraction", '{"port": 1.5}'),
        ("port_exponent", '{"port": 1e3}'),
        ("port_string", '{"port": "443"}'),
        ("port_text", '{"port": "x"}'),
        ("port_bool", '{"port": false}'),
        ("port_list", '{"port": [80]}'),
    ]:
        m.json(name, text + "\n")

    # A rule on a value that stands for a variable or a default (`coalesce(var.x, "")`,
    # `coalesce(var.x, "x")`) fails with an error where the default does (`coalesce` of nothing
    # but null and empty strings, `tonumber("x")`): in 1.11 both sides of `||` are evaluated,
    # so the error fails the rule whatever the other side says.
    m = module(
        "validation_coalesce_error",
        "validation",
        var("a", "string", default='""')
        + var("b", "string", default='"b"', checks=[
            ('var.a == "" || trimspace(coalesce(var.b, "")) != ""', '"Give b with a."')])
        + var("n", "string", default='"5"', checks=[
            ('var.a == "" || tonumber(coalesce(var.n, "x")) > 3', '"Give n above 3 with a."')])
        + var("c", "string", default='"c"', checks=[
            ('trimspace(coalesce(var.c, "")) != ""', '"Give c."')]),
    )
    for name, text in [
        ("b_empty_a_empty", '{"a": "", "b": ""}'),
        ("b_null_a_empty", '{"a": "", "b": null}'),
        ("b_space_a_empty", '{"a": "", "b": " "}'),
        ("b_given_a_empty", '{"a": "", "b": "s"}'),
        ("b_given_a_set", '{"a": "x", "b": "s"}'),
        ("b_space_a_set", '{"a": "x", "b": " "}'),
        ("b_empty_a_set", '{"a": "x", "b": ""}'),
        ("b_left_out_a_set", '{"a": "x"}'),
        ("b_null_a_set", '{"a": "x", "b": null}'),
        ("n_null_a_empty", '{"a": "", "n": null}'),
        ("n_empty_a_empty", '{"a": "", "n": ""}'),
        ("n_small_a_empty", '{"a": "", "n": "2"}'),
        ("n_text_a_empty", '{"a": "", "n": "abc"}'),
        ("n_small_a_set", '{"a": "x", "n": "2"}'),
        ("n_big_a_set", '{"a": "x", "n": "7"}'),
        ("n_number_a_set", '{"a": "x", "n": 9}'),
        ("n_null_a_set", '{"a": "x", "n": null}'),
        ("c_empty", '{"c": ""}'),
        ("c_space", '{"c": " "}'),
        ("c_null", '{"c": null}'),
        ("c_given", '{"c": "v"}'),
    ]:
        m.json(name, text + "\n")

    # `nullable = false` on an untyped variable (`any`, or no type at all): null is refused as
    # for a typed one ("required variable may not be set to null"), or replaced by the default.
    m = module(
        "nullable_false_untyped",
        "validation",
        var("x", "any", nullable=False)
        + var("u", nullable=False)
        + var("d", "any", default='"d"', nullable=False)
        + var("r", "any", nullable=False, checks=[
            ('var.r == null || var.r != "z"', '"Not z."')]),
    )
    base = '"x": "a", "u": "a", "r": "a"'
    for name, text in [
        ("all_given", "{%s}" % base),
        ("x_null", '{"x": null, "u": "a", "r": "a"}'),
        ("u_null", '{"x": "a", "u": null, "r": "a"}'),
        ("r_null", '{"x": "a", "u": "a", "r": null}'),
        ("d_null", '{%s, "d": null}' % base),
        ("d_list", '{%s, "d": [1]}' % base),
        ("x_list", '{"x": [1, "b"], "u": "a", "r": "a"}'),
        ("u_object", '{"x": "a", "u": {"k": null}, "r": "a"}'),
        ("x_left_out", '{"u": "a", "r": "a"}'),
        ("r_z", '{"x": "a", "u": "a", "r": "z"}'),
    ]:
        m.json(name, text + "\n")

    # `try(…)` around paths through optional objects on both sides of 1.11's `||`, which
    # evaluates both: a null object on the way is caught by `try`, not an error of the chain
    # (GoogleCloudPlatform's Firebase module). `keys`: the same through a null map element
    # (cloud-foundation-fabric's KMS module).
    m = module(
        "validation_try_paths_or",
        "validation",
        var(
            "apps",
            "object({ android = optional(object({ hashes = optional(list(string)), check = optional(object({ enable = optional(bool) })) })) })",
            default="{}",
            checks=[(
                "try(var.apps.android.check.enable, null) != true || try(length(var.apps.android.hashes), 0) > 0",
                '"Hashes are needed."',
            )],
        )
        + var(
            "keys",
            "map(object({ template = optional(object({ level = optional(string) })) }))",
            default="{}",
            checks=[(
                'alltrue([for k, v in var.keys : contains(["SOFTWARE", "HSM"], try(v.template.level, "SOFTWARE"))])',
                '"Bad level."',
            )],
        ),
    )
    for name, text in [
        ("key_null", '{"keys": {"a": null}}'),
        ("key_empty", '{"keys": {"a": {}}}'),
        ("key_template_null", '{"keys": {"a": {"template": null}}}'),
        ("key_level_null", '{"keys": {"a": {"template": {"level": null}}}}'),
        ("key_level_hsm", '{"keys": {"a": {"template": {"level": "HSM"}}}}'),
        ("key_level_other", '{"keys": {"a": {"template": {"level": "OTHER"}}, "b": null}}'),
        ("keys_null", '{"keys": null}'),
        ("left_out", "{}"),
        ("apps_null", '{"apps": null}'),
        ("apps_empty", '{"apps": {}}'),
        ("android_null", '{"apps": {"android": null}}'),
        ("android_empty", '{"apps": {"android": {}}}'),
        ("check_null", '{"apps": {"android": {"check": null}}}'),
        ("enable_false", '{"apps": {"android": {"check": {"enable": false}}}}'),
        ("enable_true", '{"apps": {"android": {"check": {"enable": true}}}}'),
        ("enable_true_empty", '{"apps": {"android": {"check": {"enable": true}, "hashes": []}}}'),
        ("enable_true_hashes", '{"apps": {"android": {"check": {"enable": true}, "hashes": ["h"]}}}'),
        ("hashes_only", '{"apps": {"android": {"hashes": ["h"]}}}'),
    ]:
        m.json(name, text + "\n")

    # The length of a string with a suffix or prefix trimmed once.
    m = module(
        "validation_trimmed_length",
        "validation",
        var(
            "cname",
            "string",
            default='"a.b"',
            checks=[('can(regex("^[a-z.]+$", var.cname)) && length(trimsuffix(var.cname, ".")) <= 5', '"Bad name."')],
        )
        + var("path", "string", default='"/ab"', checks=[('length(trimprefix(var.path, "/")) >= 2', '"Short path."')])
        + var("host", "string", default='"abc"', checks=[('length(trimsuffix(var.host, ".local")) < 4', '"Long host."')]),
    )
    for name, text in [
        ("cname_dot", '{"cname": "abcde."}'),
        ("cname_long", '{"cname": "abcdef"}'),
        ("cname_five", '{"cname": "abcde"}'),
        ("cname_two_dots", '{"cname": "abcde.."}'),
        ("cname_empty", '{"cname": ""}'),
        ("cname_null", '{"cname": null}'),
        ("path_ok", '{"path": "/ab"}'),
        ("path_short", '{"path": "/a"}'),
        ("path_no_slash", '{"path": "ab"}'),
        ("path_one", '{"path": "a"}'),
        ("path_two_slashes", '{"path": "//a"}'),
        ("path_null", '{"path": null}'),
        ("path_empty", '{"path": ""}'),
        ("path_number", '{"path": 12}'),
        ("host_local", '{"host": "abc.local"}'),
        ("host_long_local", '{"host": "abcd.local"}'),
        ("host_long", '{"host": "abcd"}'),
        ("host_locals", '{"host": "abc.locals"}'),
        ("host_only_suffix", '{"host": ".local"}'),
        ("host_null", '{"host": null}'),
    ]:
        m.json(name, text + "\n")

    # `try` around a value compared with a literal, or around a condition: the fallback where
    # evaluating fails (a null object or collection), the comparison elsewhere (also on a null
    # value `try` returns).
    exactly_one = (
        "(try(length(var.ids.a), 0) > 0 && !(try(length(var.ids.b), 0) > 0))"
        " || (!(try(length(var.ids.a), 0) > 0) && try(length(var.ids.b), 0) > 0)"
    )
    m = module(
        "validation_try_guarded",
        "validation",
        var(
            "ids",
            "object({ a = optional(list(string)), b = optional(list(string)) })",
            default="{ a = [\"x\"] }",
            checks=[(exactly_one, '"Exactly one of a and b."')],
        )
        + var(
            "port",
            "object({ n = optional(number) })",
            default="{ n = 1 }",
            checks=[("try(var.port.n, 0) >= 1", '"Port from 1."')],
        )
        + var(
            "named",
            "map(object({ name = optional(string) }))",
            default="{}",
            checks=[('alltrue([for k, v in var.named : try(startswith(v.name, "x"), true)])', '"Names start with x."')],
        )
        + var(
            "level",
            "object({ x = optional(object({ y = optional(number) })) })",
            default="{ x = { y = 1 } }",
            checks=[('try(var.level.x.y, "none") != "none"', '"Level needs x.y."')],
        ),
    )
    m.case("no_files")
    for name, text in [
        ("ids_a", '{"ids": {"a": ["x"]}}'),
        ("ids_b", '{"ids": {"b": ["x"], "a": []}}'),
        ("ids_both", '{"ids": {"a": ["x"], "b": ["y"]}}'),
        ("ids_none", '{"ids": {}}'),
        ("ids_empty", '{"ids": {"a": [], "b": []}}'),
        ("ids_null", '{"ids": null}'),
        ("port_ok", '{"port": {"n": 5}}'),
        ("port_zero", '{"port": {"n": 0}}'),
        ("port_missing", '{"port": {}}'),
        ("port_null", '{"port": null}'),
        ("named_ok", '{"named": {"a": {"name": "xa"}, "b": {}}}'),
        ("named_bad", '{"named": {"a": {"name": "ya"}}}'),
        ("named_null_elem", '{"named": {"a": null}}'),
        ("named_null", '{"named": null}'),
        ("level_ok", '{"level": {"x": {"y": 3}}}'),
        ("level_no_y", '{"level": {"x": {}}}'),
        ("level_no_x", '{"level": {}}'),
        ("level_null", '{"level": null}'),
    ]:
        m.json(name, text + "\n")

    # `keys` and `values` of an untyped value fail unless it is an object; `{}` equals only an
    # object without attributes.
    m = module(
        "validation_untyped_objects",
        "validation",
        var(
            "settings",
            default="{}",
            checks=[
                (
                    'can([for k in keys(var.settings) : contains(["a", "b"], k)]) || var.settings == {}',
                    '"An object."',
                )
            ],
        )
        + var("empty", default="{}", checks=[("var.empty == {}", '"Empty."')])
        + var("vals", "any", default="{}", checks=[("can(values(var.vals))", '"An object."')])
        + var("m", "map(string)", default="{}", checks=[("can(keys(var.m))", '"Not null."')]),
    )
    for name, text in [
        ("settings_listed", '{"settings": {"a": 1}}'),
        ("settings_unlisted", '{"settings": {"z": [1]}}'),
        ("settings_empty", '{"settings": {}}'),
        ("settings_list", '{"settings": ["a"]}'),
        ("settings_empty_list", '{"settings": []}'),
        ("settings_string", '{"settings": "a"}'),
        ("settings_number", '{"settings": 1}'),
        ("settings_bool", '{"settings": true}'),
        ("settings_null", '{"settings": null}'),
        ("empty_ok", '{"empty": {}}'),
        ("empty_not", '{"empty": {"a": 1}}'),
        ("empty_list", '{"empty": []}'),
        ("empty_string", '{"empty": ""}'),
        ("empty_null", '{"empty": null}'),
        ("vals_object", '{"vals": {"a": [1]}}'),
        ("vals_list", '{"vals": [1]}'),
        ("vals_string", '{"vals": "s"}'),
        ("vals_null", '{"vals": null}'),
        ("m_ok", '{"m": {"a": "b"}}'),
        ("m_null", '{"m": null}'),
    ]:
        m.json(name, text + "\n")

    # An element at a literal index (past the end fails), guarded by a length test; a
    # conditional's branch that fails where it is taken.
    m = module(
        "validation_first_element",
        "validation",
        var(
            "versions",
            "list(string)",
            default="[]",
            checks=[
                (
                    'length(var.versions) == 0 ? true : length(regexall("^\\\\d+\\\\.\\\\d+$", var.versions[0])) == 1',
                    '"Like 1.2."',
                )
            ],
        )
        + var("zones", "list(string)", default='["a", "b"]', checks=[('contains(["a", "b"], var.zones[1])', '"Second zone a or b."')])
        + var(
            "pair",
            "object({ a = optional(string), b = optional(string) })",
            default="null",
            checks=[('var.pair == null ? true : (var.pair.a == "x" ? var.pair.b != null && length(var.pair.b) > 0 : true)', '"b with x."')],
        ),
    )
    for name, text in [
        ("versions_empty", '{"versions": []}'),
        ("versions_ok", '{"versions": ["1.2"]}'),
        ("versions_three", '{"versions": ["1.2.3"]}'),
        ("versions_second_bad", '{"versions": ["1.2", "x"]}'),
        ("versions_null_elem", '{"versions": [null]}'),
        ("versions_null", '{"versions": null}'),
        ("versions_number", '{"versions": [1.5]}'),
        ("zones_ok", '{"zones": ["x", "b"]}'),
        ("zones_one", '{"zones": ["a"]}'),
        ("zones_bad", '{"zones": ["a", "c"]}'),
        ("zones_empty", '{"zones": []}'),
        ("zones_null", '{"zones": null}'),
        ("zones_null_second", '{"zones": ["a", null]}'),
        ("pair_null", '{"pair": null}'),
        ("pair_x_no_b", '{"pair": {"a": "x"}}'),
        ("pair_x_empty_b", '{"pair": {"a": "x", "b": ""}}'),
        ("pair_x_b", '{"pair": {"a": "x", "b": "y"}}'),
        ("pair_other", '{"pair": {"a": "z"}}'),
        ("pair_empty", '{"pair": {}}'),
    ]:
        m.json(name, text + "\n")

    # -- more null / nullable ------------------------------------------------------------------
    m = single(
        "null_object_nonnull",
        "null_default",
        'object({ a = optional(string, "x"), b = optional(list(string)) })',
        nullable=False,
        default="{}",
    )
    m.case("no_files").x("explicit_null", "null").x("inner_nulls", '{"a": null, "b": null}')
    m.x("b_null_elem", '{"b": [null]}')
    m = single("null_any_nonnull", "null_default", "any", nullable=False, default='{ k = [1, "a"] }')
    m.case("no_files").x("explicit_null", "null").x("value", '[1, "b"]')

    # -- nested error paths and more unification -----------------------------------------------
    m = single("paths_nested", "objects", "map(list(object({ a = number, b = optional(set(string)) })))")
    m.x("ok", '{"k": [{"a": "1", "b": ["y", "x", "y"]}]}')
    m.x("deep_bad_number", '{"k": [{"a": 1}, {"a": "x"}]}')
    m.x("deep_bad_set", '{"k": [{"a": 1, "b": [[1]]}]}')
    m.x("deep_missing", '{"j": [], "k": [{"b": []}]}')
    m.x("two_bad_keys", '{"b": [{"a": "x"}], "a": [{"a": "y"}]}')
    m.x("inner_not_list", '{"k": {"a": 1}}')
    m = single("paths_object_order", "objects", "object({ z = number, a = number, m = list(number) })")
    m.x("all_bad", '{"z": "x", "a": "y", "m": ["q"]}').x("two_missing", '{"m": []}')
    m.x("missing_and_bad", '{"z": "x", "m": []}')
    m = single("unify_more", "unification", "list(any)")
    m.x("empty_and_list", "[[], [1]]").x("empty_obj_and_obj", '[{}, {"a": 1}]')
    m.x("tuple_and_object", '[[1], {"a": 1}]').x("lists_of_mixed", '[[1, "a"], ["b"]]')
    m.x("null_and_list", "[null, [1]]").x("bools_strings_numbers", '[true, "x", 1.5]')
    m.x("objects_nested_diff", '[{"a": {"x": 1}}, {"a": {"y": "z"}}]')
    m.x("objects_missing_attr", '[{"a": 1, "b": 2}, {"a": 3}]')
    m = single("unify_map_more", "unification", "map(any)")
    m.x("empty_list_and_obj", '{"a": [], "b": {}}').x("lists_diff", '{"a": [1], "b": ["x"]}')
    m.x("objects_missing_attr", '{"a": {"x": 1, "y": 2}, "b": {"x": 3}}').x("all_null", '{"a": null}')
    m = single("unify_list_list_any", "unification", "list(list(any))")
    m.x("each_inner_separately", '[[1, "a"], [true]]').x("inner_mismatch", "[[1, [2]]]")
    m = single("unify_set_any_more", "unification", "set(any)")
    m.x("lists_dup", "[[1], [1], [2]]").x("num_strings", '[1, "1", 2, "02"]')
    m = single(
        "optdef_any",
        "optional_defaults",
        'object({ a = optional(any, { k = 1 }), b = optional(list(any), [1, "x"]), c = optional(map(any), { p = 1, q = "r" }) })',
    )
    m.x("empty", "{}").x("given", '{"a": [1, "s"], "b": [true], "c": {"x": [1]}}')
    m = single(
        "optdef_deep",
        "optional_defaults",
        'object({ l = optional(list(object({ m = optional(map(object({ n = optional(number, 3) })), { d = {} }) })), [{}]) })',
    )
    m.x("empty", "{}").x("l_empty", '{"l": []}').x("l_elem_empty", '{"l": [{}]}')
    m.x("m_given", '{"l": [{"m": {"x": {}, "y": {"n": 4}}}]}').x("l_null_elem", '{"l": [null]}')
    m = single(
        "optdef_set_nested",
        "sets",
        'set(object({ a = optional(string, "d"), s = optional(set(object({ b = optional(bool, false) })), [{}]) }))',
    )
    m.x("dedupe_deep", '[{}, {"a": "d"}, {"s": [{}]}, {"s": [{"b": false}]}]')
    m.x("distinct", '[{"s": []}, {"s": [{"b": true}, {}]}, {}]')

    # -- HCL syntax details in .tfvars --------------------------------------------------------
    m = module(
        "hcl_syntax",
        "hcl",
        var("a", "any", default="null") + var("a-b", "any", default="null") + var("n", "number", default="null"),
    )
    for name, text in [
        ("dash_name", "a-b = 1\n"),
        ("colon_object", "a = { k: 1, \"j\": 2 }\n"),
        ("newline_object", "a = {\n  k = 1\n  j = 2\n}\n"),
        ("dup_object_key", "a = { k = 1, k = 2 }\n"),
        ("leading_zero", "n = 010\n"),
        ("trailing_dot", "n = 1.\n"),
        ("leading_dot", "n = .5\n"),
        ("neg_exp", "n = -1e3\n"),
        ("underscore_number", "n = 1_000\n"),
        ("no_final_newline", "n = 5"),
        ("comment_no_newline", "n = 5 # end"),
        ("crlf", "n = 5\r\na = \"x\"\r\n"),
        ("tabs", "n\t=\t5\n"),
        ("heredoc_crlf", "a = <<EOT\r\nx\r\nEOT\r\n"),
        ("heredoc_quotes", 'a = <<EOT\n"quoted" and ${"interp"}\nEOT\n'),
        ("heredoc_escaped_interp", "a = <<EOT\n$${not} %%{not}\nEOT\n"),
        ("string_escaped_dollar", 'a = "$${x} \\\\ \\n"\n'),
        ("two_on_one_line", "n = 1 a = 2\n"),
        ("semicolon", "n = 1;\n"),
        ("bool_null_keywords", "a = [true, false, null]\n"),
        ("keyword_as_key", "a = { true = 1, null = 2, for = 3 }\n"),
        ("tuple_trailing_comma", "a = [1, 2,]\n"),
        ("nested_template", 'a = "${"${1 + 1}x"}"\n'),
        ("unicode_ident", "a = { \u00e9t\u00e9 = 1 }\n"),
        ("bom", "\ufeffn = 1\n"),
    ]:
        m.hcl(name, text)

    # -- a module written in JSON (main.tf.json) -----------------------------------------------
    tfjson = {"variable": {}, "output": {}}
    for name, decl in [
        ("l", {"type": "list(string)", "default": ["a", 1]}),
        ("o", {"type": 'object({ a = optional(string, "d"), n = optional(number) })', "default": {}}),
        ("n", {"type": "number", "default": "1e3"}),
        ("t", {"type": "string", "default": "${1 + 1}"}),
        ("u", {"default": {"k": [1, "a"]}}),
        ("nn", {"type": "string", "nullable": False, "default": "x"}),
        ("r", {"type": "set(number)"}),
    ]:
        tfjson["variable"][name] = decl
        tfjson["output"][name] = {"value": "${var.%s}" % name}
        tfjson["output"][name + "__json"] = {"value": "${jsonencode(var.%s)}" % name}
    m = module("tfjson_module", "tf_json", json.dumps(tfjson, indent=2) + "\n", filename="main.tf.json")
    m.json("defaults", '{"r": []}\n').json("values", '{"r": ["2", 1, 2], "o": {"n": "5"}, "nn": null, "t": 5}\n')
    m.json("missing_required", "{}\n").json("literal_template", '{"r": [], "t": "${1 + 1}"}\n')

    m = module(
        "sensitive_validation",
        "sensitive",
        var(
            "p",
            "object({ user = string, pass = optional(string) })",
            sensitive=True,
            default="null",
            checks=[('var.p == null ? true : length(coalesce(var.p.pass, "")) >= 8', '"Password too short."')],
        )
        + var("k", "list(string)", ephemeral=True, default="[]", checks=[("length(var.k) < 3", '"At most 2 keys: ${join(",", var.k)}."')]),
    )
    m.unrecorded = ["k"]
    m.case("no_files").json("ok", '{"p": {"user": "u", "pass": "longenough"}}\n')
    m.json("short", '{"p": {"user": "u", "pass": "short"}}\n').json("missing_user", '{"p": {"pass": "x"}}\n')
    m.json("ephemeral_fail", '{"k": ["a", "b", "c"]}\n')

    m = module("hcl_numbers", "numbers", var("n", "number", default="null") + var("s", "string", default="null"))
    for name, lit in [
        ("int_2pow53_plus1", "9007199254740993"),
        ("int_60", BIG60),
        ("int_201", BIG201),
        ("exp_1e400", "1e400"),
        ("exp_1e_minus400", "1e-400"),
        ("exp_1e308", "1.7976931348623157e308"),
        ("frac_0_1", "0.1"),
        ("frac_1_50", "1.50"),
        ("frac_long", "0." + "3" * 80),
        ("neg_big", "-" + BIG60),
        ("exp_upper", "2E5"),
        ("exp_plus", "2e+5"),
    ]:
        m.hcl(name, f"n = {lit}\ns = {lit}\n")
    m.hcl("arith_big_plus_one", f"n = {BIG60} + 1\n")
    m.hcl("arith_tiny_sum", "n = 1e-400 + 1e-400\n")
    m.hcl("arith_f64_edge", "n = 9007199254740992 + 1\n")
    m.hcl("template_big", f's = "${{{BIG60}}}"\n')

    m = single(
        "optdef_null_default",
        "optional_defaults",
        "object({ a = optional(string, null), b = optional(number, null), c = optional(list(string), null) })",
    )
    m.x("empty", "{}").x("given", '{"a": 1, "b": "2", "c": [3]}').x("nulls", '{"a": null, "c": null}')
    m = module(
        "hcl_objects",
        "hcl",
        var("o", 'object({ p = string, q = optional(number, 5), r = optional(set(string)) })', default="null"),
    )
    m.hcl("extra_dropped", 'o = { p = "x", extra = 1, r = ["b", "a", "b"] }\n')
    m.hcl("null_p", "o = { p = null }\n").hcl("q_string", 'o = { p = 1, q = "7" }\n')
    m.hcl("missing_p", "o = { q = 1 }\n").hcl("tuple_for_set", 'o = { p = "x", r = [1, "1", true] }\n')
    m.hcl("map_for_object", 'o = tomap({ p = "x" })\n')

    m = module("hcl_exprs", "hcl", var("a", "any", default="null") + var("s", "string", default="null"))
    for name, text in [
        ("double_neg", "a = -(-5)\n"),
        ("double_not", "a = !!true\n"),
        ("eq_num_string", 'a = 1 == "1"\n'),
        ("cond_null_branch", "a = true ? null : 1\n"),
        ("cond_unchosen_reference", "a = true ? 1 : var.b\n"),
        ("cond_refused_condition", "a = var.b ? var.c : 1\n"),
        ("for_body_reference", "a = [for x in [1] : var.b]\n"),
        ("for_empty_reference", "a = [for x in [] : var.b]\n"),
        ("cond_objects_differ", "a = true ? { a = 1 } : { b = 2 }\n"),
        ("cond_lists_differ", 'a = false ? [1] : [true, "x"]\n'),
        ("for_over_string", 'a = [for c in "abc" : c]\n'),
        ("for_object_order", "a = [for k, v in { b = 1, a = 2, c = 3 } : k]\n"),
        ("for_key_types", "a = { for i, v in [10, 20] : i => v }\n"),
        ("for_nested", "a = [for x in [1, 2] : [for y in [3, 4] : x * y]]\n"),
        ("for_cond_non_bool", 'a = [for x in [1] : x if "yes"]\n'),
        ("splat_object", "a = { k = 1 }[*]\n"),
        ("splat_null", "a = null[*]\n"),
        ("legacy_index", "a = [10, 20].1\n"),
        ("attr_on_list", "a = [{ k = 1 }].k\n"),
        ("index_negative", "a = [1, 2][-1]\n"),
        ("index_fraction", "a = [1, 2][0.5]\n"),
        ("index_null", "a = [1, 2][null]\n"),
        ("template_null", 's = "x${null}"\n'),
        ("template_list", 's = "x${[1]}"\n'),
        ("template_two_errors", 's = "${[1]}-${null}-${true}"\n'),
        ("template_bool_num", 's = "${true}-${1.0}-${1e21}-${0.000001}"\n'),
        ("template_else", 's = "%{ if false }a%{ else }b%{ endif }"\n'),
        ("template_for_strip", 's = "%{~ for x in [1, 2] ~} ${x} %{~ endfor ~}"\n'),
        ("template_nested_for", 's = "%{ for x in [1, 2] }%{ for y in ["a"] }${x}${y}%{ endfor }%{ endfor }"\n'),
        ("heredoc_no_escapes", 's = <<EOT\na\\nb \\u00e9\nEOT\n'),
        ("heredoc_tabs_indent", 's = <<-EOT\n\t  a\n\t  b\n\tEOT\n'),
        ("heredoc_mixed_indent", 's = <<-EOT\n    a\n  b\n      c\n  EOT\n'),
        ("heredoc_empty", "s = <<EOT\nEOT\n"),
        ("heredoc_unterminated", "s = <<EOT\nabc\n"),
        ("string_newline_escape", 's = "a\\r\\nb"\n'),
        ("string_bad_escape", 's = "a\\qb"\n'),
        ("string_unicode_escape_short", 's = "\\u00"\n'),
        ("mod_float", "a = 5.5 % 2\n"),
        ("compare_chain", "a = 1 < 2 == true\n"),
        ("null_eq", "a = [null == 1, null != null]\n"),
        ("list_eq_types", 'a = [[1] == [1], { a = 1 } == { a = 1 }, [1] == ["1"]]\n'),
        ("paren_newlines", "a = (\n  1 +\n  2\n)\n"),
        ("object_trailing_comma", "a = { x = 1, }\n"),
        ("object_numeric_key", "a = { 1 = 2 }\n"),
        ("object_key_template", 'a = { "${"k"}" = 1 }\n'),
    ]:
        m.hcl(name, text)
    m = module("defaults_tiny", "null_default", var("tiny", "number", default="-1e-400") + var("big60", "number", default=BIG60 + "1"))
    m.case("no_files")

    # -- more multi-file -----------------------------------------------------------------------
    m = module(
        "multifile_more",
        "multifile",
        var("a", "string", default='"da"') + var("s", "set(string)", default="[]"),
    )
    m.case("syntax_errors_both", (".tfvars.json", '{"a": }\n'), (".tfvars", "a = = 1\n"))
    m.case("undeclared_in_both", (".tfvars.json", '{"x1": 1}\n'), (".tfvars", "x2 = 2\n"))
    m.case("type_errors_both", (".tfvars.json", '{"a": []}\n'), (".tfvars.json", '{"a": {}}\n'))
    m.case("set_replaced", (".tfvars.json", '{"s": ["a", "b"]}\n'), (".tfvars", 's = ["c", "c"]\n'))
    m.case("hcl_redefined_across_files", (".tfvars", 'a = "1"\n'), (".tfvars", 'a = "2"\n'))
    m.case("empty_then_value", (".tfvars", ""), (".tfvars.json", '{"a": "v"}\n'))


def define_sources():
    """Input sources as `terraform plan` assembles them: `TF_VAR_` variables, the auto-loaded
    files of the working folder, `-var-file` and `-var` in command-line order."""
    # -- precedence: each source sets v<rank> and every later variable; the value says who won --
    names = ["env", "tfvars", "tfvars_json", "auto_a", "auto_b_json", "auto_c", "var_file", "var"]
    tf = "".join(var("v_" + n, "string", default='"default"') for n in names)
    m = module("src_layers", "sources", tf)

    def sets(rank, json_form=False):
        pairs = [("v_" + n, names[rank]) for n in names[rank:]]
        if json_form:
            return "{\n" + ",\n".join(f'  "{k}": "{v}"' for k, v in pairs) + "\n}\n"
        return "".join(f'{k} = "{v}"\n' for k, v in pairs)

    m.top("terraform.tfvars", sets(1)).top("terraform.tfvars.json", sets(2, True))
    m.top("a.auto.tfvars", sets(3)).top("b.auto.tfvars.json", sets(4, True)).top("c.auto.tfvars", sets(5))
    every_env = {"v_" + n: "env" for n in names}
    vf = ("f.tfvars", sets(6))
    vf2 = ("g.tfvars.json", '{"v_var_file": "g", "v_var": "g"}\n')
    m.run("all_sources", "-var-file=inputs/f.tfvars", "-var", "v_var=var", env=every_env, inputs=[vf])
    m.run("no_command_line", env=every_env)
    m.run("no_env")
    m.run("var_then_var_file", "-var", "v_var_file=var", "-var-file=inputs/f.tfvars", inputs=[vf])
    m.run("var_file_then_var", "-var-file=inputs/f.tfvars", "-var", "v_var_file=var", inputs=[vf])
    m.run("two_var_files", "-var-file=inputs/f.tfvars", "-var-file=inputs/g.tfvars.json", inputs=[vf, vf2])
    m.run("same_var_twice", "-var", "v_var=one", "-var", "v_var=two")
    m.run("equals_spelling", "-var=v_var=eq", "-var-file", "inputs/f.tfvars", inputs=[vf])
    m.run("var_overrides_auto", "-var", "v_env=var", "-var", "v_auto_c=var")
    m.run("double_dash_spelling", "--var-file=inputs/f.tfvars", "--var", "v_var=dd", inputs=[vf])
    m.run("var_file_missing_then_var", "-var-file=inputs/none.tfvars", "-var", "v_var=x")

    # -- which files are auto-loaded, and in which order -----------------------------------------
    tf = "".join(
        var(n, "string", default='"default"') for n in ["p", "q", "r", "s", "h", "u", "t", "k", "z"]
    )
    m = module("src_lexical", "sources", tf)
    m.top("B.auto.tfvars", 'p = "B"\n')
    m.top("a.auto.tfvars", 'p = "a"\nq = "a.auto.tfvars"\ns = "a"\n')
    m.top("a.auto.tfvars.json", '{"q": "a.auto.tfvars.json", "z": "a.auto.tfvars.json"}\n')
    m.top("b.auto.tfvars", 'z = "b.auto.tfvars"\n')
    m.top("10.auto.tfvars", 'r = "10"\n').top("9.auto.tfvars", 'r = "9"\n')
    m.top("_.auto.tfvars", 's = "_"\n')
    m.top(".h.auto.tfvars", 'h = "hidden"\n')
    m.top("U.AUTO.TFVARS", 'u = "upper"\n')
    m.top("terraform.tfvars", 't = "terraform.tfvars"\nk = "terraform.tfvars"\n')
    m.top("terraform.tfvars.json", '{"t": "terraform.tfvars.json"}\n')
    m.top("0.auto.tfvars", 'k = "0.auto"\n')
    m.top("x.auto.tfvars.bak", "this is = = not read\n")
    m.top("auto.tfvars", "this is = = not read\n")
    m.top("other.tfvars", "this is = = not read\n")
    m.run("auto_loaded")

    # -- literal or HCL: TF_VAR_ and -var values by declared type ---------------------------------
    tf = (
        var("s", "string", default='"d"')
        + var("n", "number", default="0")
        + var("b", "bool", default="false")
        + var("u", None, default='"d"')
        + var("a", "any", default='"d"')
        + var("l", "list(string)", default="[]")
        + var("o", "object({ a = number })", default='{ a = 0 }')
        + var("m", "map(string)", default="{}")
    )
    m = module("src_parse", "sources", tf)
    values = [
        ("string_quoted", "s", '"q"'),
        ("string_expr", "s", "1+1"),
        ("string_empty", "s", ""),
        ("string_null", "s", "null"),
        ("string_newline", "s", "a\nb"),
        ("number_ok", "n", "1e3"),
        ("number_expr", "n", "1+1"),
        ("number_space", "n", " 5"),
        ("number_empty", "n", ""),
        ("bool_true", "b", "true"),
        ("bool_one", "b", "1"),
        ("bool_yes", "b", "yes"),
        ("untyped_list", "u", "[1]"),
        ("untyped_quoted", "u", '"x"'),
        ("any_list", "a", '[1, "x"]'),
        ("any_word", "a", "hello"),
        ("any_quoted", "a", '"hi"'),
        ("any_number", "a", "5"),
        ("any_empty", "a", ""),
        ("list_ok", "l", '["a", 1, true]'),
        ("list_bad_syntax", "l", '["a",'),
        ("list_function", "l", 'tolist(["a"])'),
        ("list_reference", "l", "[var.s]"),
        ("list_multiline", "l", '[\n  "a",\n  "b",\n]'),
        ("list_null", "l", "null"),
        ("list_type_error", "l", "[[1]]"),
        ("list_empty_text", "l", ""),
        ("list_trailing", "l", '["a"] x'),
        ("list_interp", "l", '["${1 + 1}"]'),
        ("list_bare_word", "l", "a"),
        ("object_ok", "o", '{ a = "1" }'),
        ("object_missing", "o", "{}"),
        ("object_type_error", "o", '{ a = "x" }'),
        ("map_template", "m", '{ k = "v-${2 * 3}" }'),
        ("map_json", "m", '{"k": "v"}'),
        ("map_second_line_error", "m", '{\n  k = [1]\n}'),
    ]
    for case, name, value in values:
        m.run("env_" + case, env={name: value})
        m.run("var_" + case, "-var", f"{name}={value}")
    m.run("var_no_equals", "-var", "s")
    m.run("var_empty_name", "-var", "=x")
    m.run("var_spaces", "-var", "s = x")
    m.run("var_value_with_equals", "-var", "s=a=b")
    m.run("var_bad_then_good", "-var", "l=[", "-var", 'l=["ok"]')
    m.run("env_bad_var_good", "-var", 'l=["ok"]', env={"l": "["})
    m.run("env_bad_file_good", "-var-file=inputs/l.tfvars", env={"l": "["}, inputs=[("l.tfvars", 'l = ["ok"]\n')])
    m.run("env_two_errors", env={"l": "[", "n": "x"})
    m.run("env_upper_case_name", env={"S": "upper"})

    # -- null for a variable that is not nullable, per source: a text names its source -----------
    m = module(
        "src_null_not_nullable",
        "sources",
        var("l", "list(string)", nullable=False) + var("s", "string", nullable=False, default='"d"'),
    )
    m.run("var", "-var", "l=null")
    m.run("env", env={"l": "null"})
    m.run("file", "-var-file=inputs/n.tfvars", inputs=[("n.tfvars", "l = null\n")])
    m.run("var_with_default", "-var", 'l=["a"]', "-var", "s=null")

    # -- undeclared names, per source --------------------------------------------------------------
    m = module("src_undeclared", "sources", var("a", "string", default='"d"'))
    m.run("env", env={"zz": "1", "a": "env"})
    m.run("env_bad_syntax", env={"zz": "["})
    m.run("var", "-var", "zz=1")
    m.run("var_two", "-var", "zz=1", "-var", "yy=2")
    m.run("var_and_file", "-var", "zz=1", "-var-file=inputs/u.tfvars", inputs=[("u.tfvars", "yy = 2\n")])
    m.run("var_file", "-var-file=inputs/u.tfvars", inputs=[("u.tfvars", "yy = 2\n")])
    m.run("var_file_missing", "-var-file=inputs/nope.tfvars")
    m = module("src_undeclared_auto", "sources", var("a", "string", default='"d"'))
    m.top("terraform.tfvars", 'zz = 1\na = "tfvars"\n').top("x.auto.tfvars.json", '{"yy": 1}\n')
    m.run("auto_files")
    m.run("auto_files_and_var_file", "-var-file=inputs/u.tfvars", inputs=[("u.tfvars", "ww = 2\n")])

    # -- malformed auto-loaded files ---------------------------------------------------------------
    m = module("src_auto_malformed", "sources", var("a", "string", default='"d"'))
    m.top("terraform.tfvars", "a = = 1\n").top("z.auto.tfvars.json", '{"a": }\n')
    m.run("both_malformed")
    m.run("with_good_var", "-var", "a=x")
    m = module("src_auto_type_error", "sources", var("n", "number", default="0"))
    m.top("terraform.tfvars", 'n = "x"\n')
    m.run("type_error")
    m.run("overridden_by_var", "-var", "n=5")

    # -- only the value that counts is evaluated ---------------------------------------------------
    tf = var("s", "string", default='"d"') + var("r", "string") + var("l", "list(string)", default="[]")
    m = module("src_values_that_count", "sources", tf)
    calls = ("calls.tfvars", 's = upper("a")\nr = var.x\nl = [1][5]\nzz = upper("q")\nyy = 2\n')
    m.run("failing_values_replaced", "-var-file=inputs/calls.tfvars", "-var", "s=ok", "-var", "r=x",
          "-var", 'l=["y"]', inputs=[calls])
    m.run("failing_values_counted", "-var-file=inputs/calls.tfvars", inputs=[calls])
    m.run("failing_value_and_good_ones", "-var-file=inputs/calls.tfvars", "-var", "r=x", inputs=[calls])
    m.run("failing_file_replaced_by_file", "-var-file=inputs/calls.tfvars",
          "-var-file=inputs/good.tfvars", inputs=[calls, ("good.tfvars", 's = "a"\nr = "b"\nl = []\n')])
    m.run("text_error_with_required_missing", "-var", "l=[")
    m.run("undeclared_var_with_required_missing", "-var", "zz=1")
    m.run("env_error_with_required_missing", env={"l": "[1,"})
    m = module("src_values_that_count_auto", "sources", tf)
    m.top("a.auto.tfvars", 's = upper("a")\nqq = var.x\n')
    m.run("auto_failing_replaced", "-var", "s=ok", "-var", "r=x")
    m.run("auto_failing_counted", "-var", "r=x")

    # -- required variables and validation: where each source's value is located -----------------
    tf = var("r", "string") + var(
        "v", "string", default='"long enough"', checks=[("length(var.v) > 3", '"v is too short."')]
    )
    m = module("src_positions", "sources", tf)
    m.run("required_missing")
    m.run("required_from_env", env={"r": "x"})
    m.run("validation_env", env={"r": "x", "v": "ab"})
    m.run("validation_var", "-var", "r=x", "-var", "v=ab")
    m.run("validation_var_file", "-var", "r=x", "-var-file=inputs/v.tfvars", inputs=[("v.tfvars", '\nv = "ab"\n')])
    m = module("src_positions_auto", "sources", tf)
    m.top("terraform.tfvars", 'r = "x"\n\n  v = "ab"\n')
    m.run("validation_auto")
    m.run("env_does_not_override_file", env={"v": "long value"})


def define_files():
    """File functions and `path.*` in validation rules, over a scratch folder: a rule that
    always fails with `jsonencode(EXPR)` as its message shows each value; a rule that uses EXPR
    in its condition shows each error."""
    values = [
        ("file", 'file("data/a.txt")'),
        ("file_dotdot", 'file("./data/../data/a.txt")'),
        ("file_path_module", 'file("${path.module}/data/a.txt")'),
        ("file_nfc", 'file("nfc.txt")'),
        ("file_abs", 'file(abspath("data/a.txt"))'),
        ("fileexists_yes", 'fileexists("data/a.txt")'),
        ("fileexists_no", 'fileexists("data/none.txt")'),
        ("fileexists_home", 'fileexists("~/none")'),
        ("fileset_star", 'fileset("data", "*")'),
        ("fileset_doublestar", 'fileset("data", "**")'),
        ("fileset_doublestar_txt", 'fileset("data", "**/*.txt")'),
        ("fileset_from_module", 'fileset(".", "data/*.txt")'),
        ("fileset_braces", 'fileset("data", "{a,e}.*")'),
        ("fileset_class", 'fileset("data", "[ab].*")'),
        ("fileset_question", 'fileset("data", "sub/?.txt")'),
        ("fileset_none", 'fileset("data", "none*")'),
        ("fileset_path_module", 'fileset(path.module, "data/sub/**")'),
        ("fileset_dir_only", 'fileset("data", "sub")'),
        ("fileset_missing_folder", 'fileset(pathexpand("./none"), "**/*")'),
        ("fileset_file_as_folder", 'fileset("data/a.txt", "*")'),
        ("fileset_dot_pattern", 'fileset("data", "./sub/*")'),
        ("fileset_up_pattern", 'fileset("data/sub", "../*.txt")'),
        ("fileexists_zip_rule", 'try(fileexists(pathexpand("none.zip")), null) != null'),
        ("pathexpand_empty", 'pathexpand("")'),
        ("abspath_empty", 'abspath("")'),
        ("filebase64", 'filebase64("data/b.bin")'),
        ("filemd5", 'filemd5("data/a.txt")'),
        ("filesha1", 'filesha1("data/a.txt")'),
        ("filesha256", 'filesha256("data/b.bin")'),
        ("filesha512", 'filesha512("data/a.txt")'),
        ("filebase64sha256", 'filebase64sha256("data/a.txt")'),
        ("filebase64sha512", 'filebase64sha512("data/b.bin")'),
        ("templatefile", 'templatefile("t.tpl", { name = "x", items = [1, 2] })'),
        ("templatefile_single", 'templatefile("t_single.tpl", { v = [1, "a"] })'),
        ("pathexpand_home", 'pathexpand("~/x/../y")'),
        ("pathexpand_tilde", 'pathexpand("~")'),
        ("pathexpand_plain", 'pathexpand("a/~")'),
        ("abspath", 'abspath("data/../x")'),
        ("abspath_absolute", 'abspath("/a/./b/..")'),
        ("path_module_root", "[path.module, path.root]"),
        ("path_cwd", "path.cwd"),
    ]
    errors = [
        ("file_missing", 'file("data/none.txt")'),
        ("file_not_utf8", 'file("data/b.bin")'),
        ("file_directory", 'file("data")'),
        ("filemd5_missing", 'filemd5("none")'),
        ("fileexists_directory", 'fileexists("data")'),
        ("fileexists_user_home", 'fileexists("~x/y")'),
        ("pathexpand_user_home", 'pathexpand("~x")'),
        ("fileset_bad_pattern", 'fileset("data", "[a")'),
        ("templatefile_missing_var", 'templatefile("t.tpl", {})'),
        ("templatefile_var_ref", 'templatefile("t_var.tpl", {})'),
        ("templatefile_syntax", 'templatefile("t_bad.tpl", {})'),
        ("file_null", "file(null)"),
        ("file_empty", 'file("")'),
        ("fileexists_empty", 'fileexists("")'),
        ("fileset_null_pattern", 'fileset("data", null)'),
        ("templatefile_vars_list", 'templatefile("t.tpl", [])'),
        ("templatefile_eval_error", 'templatefile("t_eval.tpl", {})'),
        ("templatefile_two_errors", 'templatefile("t_two.tpl", {})'),
    ]
    # Terraform reports no failed rule once a rule's condition errors: two modules.
    tf_values = ""
    for name, expr in values:
        tf_values += f'variable "v_{name}" {{\n  default = "x"\n  validation {{\n'
        tf_values += f'    condition     = var.v_{name} == "never"\n'
        tf_values += f"    error_message = jsonencode({expr})\n  }}\n}}\n"
    tf_errors = ""
    for name, expr in errors:
        tf_errors += f'variable "e_{name}" {{\n  default = "x"\n  validation {{\n'
        tf_errors += f'    condition     = var.e_{name} == "x" && length(jsonencode({expr})) > 0\n'
        tf_errors += '    error_message = "unreachable"\n  }\n}\n'
    for name, tf in [("files_values", tf_values), ("files_errors", tf_errors)]:
        m = module(name, "files", tf)
        m.top("data/a.txt", "hello\n").top("data/b.bin", b"\xff\x00\x01")
        m.top("data/sub/c.txt", "c").top("data/sub/deep/d.txt", "d").top("data/.hidden.txt", "h")
        m.top("data/e.json", "{}")
        m.top("nfc.txt", "e\u0301")
        m.top("t.tpl", "Hello ${name}! %{ for x in items }[${x}]%{ endfor }\n")
        m.top("t_single.tpl", "${v}")
        m.top("t_bad.tpl", "a ${\n")
        m.top("t_var.tpl", "${var.x}")
        m.top("t_eval.tpl", "${ true ? [1] :\n {a=1} }\n")
        m.top("t_two.tpl", "${1 +\n\"a\"}\n${ {a=1}.c }\n")
        m.run("scratch", raw_env={"HOME": "/tfvars-home"})


# ---------------------------------------------------------------------------------------------
# Running Terraform.


def env():
    e = dict(os.environ)
    cfg = os.path.join(tempfile.gettempdir(), "tfvars-conformance-empty.tfrc")
    if not os.path.exists(cfg):
        open(cfg, "w").close()
    e.update(CHECKPOINT_DISABLE="1", TF_CLI_CONFIG_FILE=cfg, TF_IN_AUTOMATION="1")
    for k in list(e):
        if k.startswith("TF_VAR_") or k in ("TF_CLI_ARGS", "TF_CLI_ARGS_plan", "TF_DATA_DIR"):
            del e[k]
    return e


def location(rng):
    if not rng:
        return None
    s = rng["start"]
    return f'{rng["filename"]}:{s["line"]}:{s["column"]}'


def diagnostics_of(stdout):
    diags = []
    for line in stdout.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        msg = loads(line)
        if msg.get("type") != "diagnostic":
            continue
        d = msg["diagnostic"]
        entry = {"severity": d["severity"], "summary": d["summary"], "detail": d.get("detail", "")}
        loc = location(d.get("range"))
        if loc:
            entry["location"] = loc
        diags.append(entry)
    if any(d["summary"] == "Values for undeclared variables" for d in diags):
        # With more than two undeclared variables Terraform shows two of them in full, picked in
        # Go map order: which names appear differs from run to run, so the detail is not kept.
        for d in diags:
            if d["summary"] == "Value for undeclared variable":
                d["detail"] = None
                d["note"] = "the variable named here varies between runs"
    key = lambda d: (d["severity"], d["summary"], d["detail"] or "", d.get("location", ""))
    return sorted(diags, key=key)


def plan(mdir, var_files, out, run=None):
    args = ["terraform", "plan", "-input=false", "-no-color", "-lock=false", "-json"]
    if out:
        args.append("-out=" + out)
    e = env()
    if run is None:
        args += ["-var-file=" + f for f in var_files]
    else:
        args += run["args"]
        e.update(run["env"])
    return subprocess.run(args, cwd=mdir, env=e, capture_output=True, text=True)


def output_lines(tf):
    """The line numbers (1-based) of main.tf that belong to `output` blocks."""
    lines, inside = set(), False
    for i, line in enumerate(tf.splitlines(), 1):
        if line.startswith("output "):
            inside = True
        if inside:
            lines.add(i)
        if line == "}":
            inside = False
    return lines


def record_case(mdir, m, case_name, var_files):
    """Runs Terraform on one case and returns the expected record."""
    with tempfile.TemporaryDirectory(prefix="tfvars-conf-") as tmp:
        out = os.path.join(tmp, "p.tfplan")
        run = m.runs.get(case_name)
        if run is not None:
            var_files = []
        p = plan(mdir, var_files, out, run)
        diags = diagnostics_of(p.stdout)
        note = None
        if p.returncode == 0 or any(d["summary"] == "Failed to write plan file" for d in diags):
            if any(d["summary"] == "Failed to write plan file" for d in diags):
                # Values such as infinity cannot be saved in a plan: the verdict comes from a plan
                # without -out, and the values cannot be recorded.
                p = plan(mdir, var_files, None, run)
                diags = diagnostics_of(p.stdout)
                note = "values not recordable: the plan file cannot hold them"
        out_lines = output_lines(m.tf) if m.filename == "main.tf" else set()
        for d in diags:
            loc = d.get("location", "")
            if loc.startswith("main.tf:") and int(loc.split(":")[1]) in out_lines:
                # An output of the recording module failed (jsonencode of infinity, ...): the
                # verdict would be about the recording, not the input. Use exact=False.
                raise RuntimeError(f"{m.name}/{case_name}: an output failed: {d['summary']}: {d['detail']}")
        rec = {"var_files": var_files, "exit": p.returncode}
        if run is not None:
            rec["args"] = run["args"]
            rec["env"] = run["env"]
            rec["layout"] = sorted(f for f, _ in m.layout)
        if p.returncode not in (0, 1):
            raise RuntimeError(f"{m.name}/{case_name}: terraform exited {p.returncode}\n{p.stderr}")
        if p.returncode == 0 and note is None:
            s = subprocess.run(
                ["terraform", "show", "-json", out], cwd=mdir, env=env(), capture_output=True, text=True
            )
            if s.returncode != 0:
                raise RuntimeError(f"{m.name}/{case_name}: terraform show failed\n{s.stderr}")
            outputs = loads(s.stdout)["planned_values"]["outputs"]
            values, types = {}, {}
            for k, v in outputs.items():
                if k.endswith("__json"):
                    continue
                types[k] = v["type"]
                exact = outputs.get(k + "__json")
                values[k] = loads(exact["value"]) if exact else v["value"]
            rec["values"] = values
            rec["types"] = types
        if note:
            rec["note"] = note
        if m.unrecorded:
            rec["unrecorded"] = sorted(m.unrecorded)
        # `path.cwd` and `abspath` give this machine's folder: recorded as a placeholder.
        real = os.path.realpath(mdir)
        for d in diags:
            if d.get("detail"):
                d["detail"] = d["detail"].replace(real, "<MODULE_DIR>")
        rec["diagnostics"] = diags
        return rec


def write_if_changed(path, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def prepare_module(m, selected, full):
    """Writes main.tf and the input files; removes stale files when the whole module is rerun."""
    mdir = os.path.join(CASES, m.name)
    write_if_changed(os.path.join(mdir, m.filename), m.tf)
    for other in ("main.tf", "main.tf.json"):
        if other != m.filename and os.path.exists(os.path.join(mdir, other)):
            os.remove(os.path.join(mdir, other))
    layout = {f for f, _ in m.layout}
    for fname, content in m.layout:
        write_if_changed(os.path.join(mdir, fname), content)
    for f in os.listdir(mdir):
        if f not in layout and os.path.isfile(os.path.join(mdir, f)) and f not in ("main.tf", "main.tf.json"):
            os.remove(os.path.join(mdir, f))
    keep_inputs, keep_expected = set(), set()
    for case_name, files in m.cases:
        keep_expected.add(case_name + ".json")
        for fname, content in files:
            keep_inputs.add(fname)
            if case_name in selected:
                write_if_changed(os.path.join(mdir, "inputs", fname), content)
    if full:
        for sub, keep in (("inputs", keep_inputs), ("expected", keep_expected)):
            d = os.path.join(mdir, sub)
            if os.path.isdir(d):
                for f in os.listdir(d):
                    if f not in keep:
                        os.remove(os.path.join(d, f))
    r = subprocess.run(
        ["terraform", "init", "-input=false", "-backend=false", "-no-color"],
        cwd=mdir,
        env=env(),
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        raise RuntimeError(f"{m.name}: terraform init failed\n{r.stdout}{r.stderr}")
    return mdir


def check_version():
    r = subprocess.run(["terraform", "version", "-json"], capture_output=True, text=True, env=env())
    v = json.loads(r.stdout)["terraform_version"]
    if v != TERRAFORM_VERSION:
        sys.exit(f"record.py: terraform {v} found, the recordings are for {TERRAFORM_VERSION}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", help="glob on MODULE or MODULE/CASE (repeatable)")
    ap.add_argument("--list", action="store_true", help="print the cases and exit")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel terraform runs (default 2)")
    args = ap.parse_args()

    define()
    pats = args.only or ["*"]
    work = []  # (module, {selected case names}, full)
    for m in MODULES:
        sel = {
            c
            for c, _ in m.cases
            if any(fnmatch.fnmatchcase(m.name, p) or fnmatch.fnmatchcase(f"{m.name}/{c}", p) for p in pats)
        }
        if sel:
            work.append((m, sel, len(sel) == len(m.cases)))

    if args.list:
        for m, sel, _ in work:
            for c, files in m.cases:
                if c in sel:
                    print(f"{m.family:18} {m.name}/{c}  {' '.join(f for f, _ in files)}")
        return

    check_version()
    if not args.only and os.path.isdir(CASES):
        # A full run also drops modules that are no longer defined.
        defined = {m.name for m in MODULES}
        for d in sorted(os.listdir(CASES)):
            if d not in defined and os.path.isdir(os.path.join(CASES, d)):
                shutil.rmtree(os.path.join(CASES, d))
    start = time.monotonic()
    jobs = []
    for m, sel, full in work:
        mdir = prepare_module(m, sel, full)
        for c, files in m.cases:
            if c in sel:
                jobs.append((m, c, mdir, ["inputs/" + f for f, _ in files]))

    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(record_case, mdir, m, c, vf): (m, c, mdir) for m, c, mdir, vf in jobs}
        for fut in concurrent.futures.as_completed(futs):
            m, c, mdir = futs[fut]
            try:
                rec = fut.result()
            except Exception as e:  # keep going; report at the end
                failures.append(str(e))
                continue
            write_if_changed(os.path.join(mdir, "expected", c + ".json"), dumps(rec) + "\n")

    elapsed = time.monotonic() - start
    fams = {}
    for m, c, _, _ in jobs:
        fams[m.family] = fams.get(m.family, 0) + 1
    for fam in sorted(fams):
        print(f"{fam:20} {fams[fam]:5} cases")
    print(f"{'total':20} {len(jobs):5} cases in {len(work)} modules, recorded in {elapsed:.1f}s")
    if failures:
        for f in failures:
            print("FAILED:", f, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
