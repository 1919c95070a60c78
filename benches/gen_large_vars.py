#!/usr/bin/env python3
"""Writes a var file that sets every variable of tests/modules/large (250 variables) to a value
its type and validation rules accept: nested objects, optional attributes left out or set,
numbers as strings where Terraform converts them. Deterministic.

Usage: python3 benches/gen_large_vars.py OUT.tfvars.json
"""
import json
import sys

COUNT = 250
PRIMS = ["string", "number", "bool"]


def leaf_value(kind, j):
    return {"string": f"s{j}", "number": j, "bool": j % 2 == 0}[kind]


def obj_value(i, depth, j):
    """A value for generate.py's obj_type(i, depth): some optional attributes set, some not."""
    o = {"name": f"n{i}-{j}"}
    if j % 2 == 0:
        o["size"] = str(j + 1)  # converted to a number
        o["labels"] = {"team": f"t{j}", "app": "web"}
        o["tags"] = [leaf_value(PRIMS[(i + depth) % 3], k) for k in range(3)]
        o["ports"] = [443, 80, 8080, 80]
        o["pair"] = ["p", j]
    else:
        o["enabled"] = False
    if depth > 0:
        if j % 3 != 2:
            o["child"] = obj_value(i + 1, depth - 1, j + 1)
        o["children"] = {f"k{k}": obj_value(i + 2, depth - 1, k) for k in range(1)}
    return o


def value(i):
    kind = i % 5
    if kind == 0:
        return f"name-{i}"
    if kind == 1:
        return (i * 37) % 100000
    if kind == 2:
        return [obj_value(i, 1 + i % 3, j) for j in range(3)]
    if kind == 3:
        return {f"key{j}": obj_value(i, 2 + i % 2, j) for j in range(3)}
    return {
        "region": ["eu-west-1", "us-east-1"][i % 2],
        "zones": ["a", "b", "c"],
        "limits": {"cpu": i % 16 + 1, "extra": {"burst": 2, "iops": "3000"}},
    }


def main():
    values = {f"var_{i:03d}": value(i) for i in range(COUNT)}
    with open(sys.argv[1], "w") as f:
        json.dump(values, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
