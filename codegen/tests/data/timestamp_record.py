#!/usr/bin/env python3
"""Records Terraform's verdicts on `can(formatdate(f, s))` for many strings `s` and a few
formats `f` into timestamps.recorded.json, which codegen/tests/schema_timestamp.rs holds the
schema's RFC 3339 pattern and the runtime's `formatdate` to.

Usage: codegen/tests/data/timestamp_record.py   (needs terraform 1.11 on the PATH; offline)
"""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "timestamps.recorded.json")
# Valid formats (the verdict is the timestamp's), and ones formatdate refuses whatever the time.
FORMATS = ["", "YYYY", "DD MMM YYYY hh:mm ZZZ", "'literal'", "YYYYX", "'open"]


def strings():
    rng = random.Random(3)
    out = []
    years = ["0000", "0001", "0004", "0100", "0400", "1582", "1900", "1970", "1996", "1999",
             "2000", "2023", "2024", "2100", "2400", "9996", "9999"]
    # Every month's last days, in leap and common years, century years among them.
    for y in years:
        for m in range(0, 14):
            for d in ["00", "01", "28", "29", "30", "31", "32"]:
                out.append("%s-%02d-%sT00:00:00Z" % (y, m, d))
    # Every hour, minute and second at and past its range; offsets likewise.
    for h in ["00", "09", "10", "19", "20", "23", "24", "25", "29", "30", "99", "0", "9", "000"]:
        out.append("2023-06-15T%s:30:30Z" % h)
    for v in ["00", "09", "10", "50", "59", "60", "61", "69", "70", "99", "0", "5", "000"]:
        out.append("2023-06-15T12:%s:30Z" % v)
        out.append("2023-06-15T12:30:%sZ" % v)
    for sign in ["+", "-", "", " ", "~"]:
        for h in ["00", "01", "09", "12", "19", "20", "23", "24", "25", "30", "99", "0", "1a"]:
            for m in ["00", "30", "59", "60", "61", "99", "0"]:
                out.append("2023-06-15T12:30:30%s%s:%s" % (sign, h, m))
    for frac in ["", ".", ".0", ".5", ".123", ".123456789", ".1234567890", ".0000000000000001",
                 ",5", ".5.5", ".a", "..5", ". 5"]:
        for zone in ["Z", "+01:00", "z", ""]:
            out.append("2023-06-15T12:30:30%s%s" % (frac, zone))
    fixed = ["", "x", "2023", "2023-06-15", "2023-06-15T", "2023-06-15T12", "2023-06-15T12:30",
             "2023-06-15T12:30:30", "2023-06-15t12:30:30Z", "2023-06-15 12:30:30Z",
             " 2023-06-15T12:30:30Z", "2023-06-15T12:30:30Z ", "2023-06-15T12:30:30Z\n",
             "+2023-06-15T12:30:30Z", "-2023-06-15T12:30:30Z", "20230-06-15T12:30:30Z",
             "202-06-15T12:30:30Z", "2023/06/15T12:30:30Z", "2023-06-15T12-30-30Z",
             "2023-6-15T12:30:30Z", "2023-06-5T12:30:30Z", "\uff12023-06-15T12:30:30Z",
             "2023-06-15T12:30:30\uff3a", "2023-06-15\uff3412:30:30Z", "\u0662023-06-15T12:30:30Z",
             "2023-06-15T12:30:30ZZ", "2023-06-15T12:30:30Z+01:00", "2023-06-15T12:30:30+01:00Z",
             "2023-06-15T12:30:30+0100", "2023-06-15T12:30:30+01", "2023-06-15T12:30:30+01:000",
             "2023-06-15T12:30:30UTC", "2023-06-15T12:30:30GMT", "2023-06-15T12:30:30.5 Z"]
    out += fixed
    # Mutations of valid timestamps: a character replaced, dropped or added, once or twice.
    bases = ["2023-01-02T03:04:05Z", "2024-02-29T23:59:59.5+05:30", "1999-12-31T00:00:00-00:00",
             "2000-06-15T12:30:45.123456Z", "2400-02-29T10:20:30-23:59"]
    alphabet = "0123456789:-+TZ.,tz 9"
    for _ in range(600):
        s = rng.choice(bases)
        for _ in range(rng.choice([1, 1, 2])):
            k = rng.randrange(len(s) + 1)
            op = rng.choice("rdi")
            c = rng.choice(alphabet)
            if op == "r" and k < len(s):
                s = s[:k] + c + s[k + 1:]
            elif op == "d" and k < len(s):
                s = s[:k] + s[k + 1:]
            else:
                s = s[:k] + c + s[k:]
        out.append(s)
    # Random valid ones across the calendar.
    for _ in range(300):
        out.append("%04d-%02d-%02dT%02d:%02d:%02d%s%s" % (
            rng.randint(0, 9999), rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
            rng.randint(0, 59), rng.randint(0, 59),
            rng.choice(["", ".%d" % rng.randint(0, 10**rng.randint(1, 12))]),
            rng.choice(["Z", "%s%02d:%02d" % (rng.choice("+-"), rng.randint(0, 23),
                                              rng.randint(0, 59))])))
    seen = set()
    return [s for s in out if not (s in seen or seen.add(s))]


def main():
    cases = strings()
    env = dict(os.environ, CHECKPOINT_DISABLE="1", TF_CLI_CONFIG_FILE="/dev/null")
    version = subprocess.run(["terraform", "version", "-json"], capture_output=True, text=True,
                             env=env, check=True)
    verdicts = []
    # The console reads a line of at most 64 KiB: a batch of strings per line.
    for at in range(0, len(cases), 500):
        batch = cases[at:at + 500]
        expr = "jsonencode([for s in %s : join(\"\", [for f in %s : can(formatdate(f, s)) ? \"T\" : \".\"])])" % (
            json.dumps(batch), json.dumps(FORMATS))
        r = subprocess.run(["terraform", "console"], input=expr + "\n", capture_output=True,
                           text=True, env=env, cwd=HERE)
        if r.returncode != 0 or not r.stdout.strip():
            sys.exit("terraform console failed: " + r.stderr)
        verdicts += json.loads(json.loads(r.stdout.strip()))
    assert len(verdicts) == len(cases)
    with open(OUT, "w") as f:
        f.write("{\n")
        f.write('"terraform": %s,\n' % json.dumps(json.loads(version.stdout)["terraform_version"]))
        f.write('"expression": %s,\n' % json.dumps("can(formatdate(f, s))"))
        f.write('"formats": %s,\n' % json.dumps(FORMATS))
        f.write('"cases": [\n')
        f.write(",\n".join(json.dumps([s, v]) for s, v in zip(cases, verdicts)))
        f.write("\n]\n}\n")
    print("recorded %d strings x %d formats" % (len(cases), len(FORMATS)))


if __name__ == "__main__":
    main()
