#!/usr/bin/env python3
"""Records Terraform's verdicts on `can(cidrhost(s, n))` for many strings `s` and host numbers
`n` into cidr.recorded.json, which codegen/tests/schema_cidr.rs holds the schema's CIDR
patterns and the runtime's `cidrhost` to.

Usage: codegen/tests/data/cidr_record.py   (needs terraform 1.11 on the PATH; offline)
"""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "cidr.recorded.json")
HOSTNUMS = [0, 1, 2, 3, 4, 255, 256, 65535, 65536, 4294967295, 4294967296, -1, -2, -3, -256, -257]


def strings():
    fixed = [
        "10.0.0.0/16", "10.0.0.0/32", "10.0.0.0/31", "10.0.0.0/0", "010.000.000.001/24",
        "0010.0.0.0/8", "00000000010.0.0.0/8", "256.0.0.0/8", "10.0.0/8", "10.0.0.0.0/8",
        "10.0.0.0/33", "10.0.0.0/032", "10.0.0.0/0032", "10.0.0.0/", "10.0.0.0", " 10.0.0.0/8",
        "10.0.0.0/8 ", "10.0.0.0 /8", "10.0.0.0/ 8", "10.0.0.0/+8", "10.0.0.0/-8", "10.0.0.0/8\n",
        "\t10.0.0.0/8", "1e1.0.0.0/8", "::/0", "::/128", "::1/128", "::1/127", "2001:db8::/32",
        "2001:DB8::/32", "2001:0db8::/32", "2001:00000db8::/32", "2001:db8:0:0:0:0:0:0/64",
        "2001:db8:0:0:0:0:0:0:0/64", "2001:db8::0:0:0:0:0:0/64", "2001:db8::0:0:0:0:0/64",
        "::ffff:1.2.3.4/120", "::1.2.3.4/96", "1:2:3:4:5:6:1.2.3.4/96", "1:2:3:4:5:6:7:1.2.3.4/96",
        "1::3:4:5:6:1.2.3.4/96", "1::4:5:6:1.2.3.4/96", "1:2:3:4:5::1.2.3.4/96",
        "1:2:3:4:5:6::1.2.3.4/96", "1:2:3:4::1.2.3.4/96", "::ffff:001.002.003.004/120",
        "::ffff:1.2.3.4.5/120", "fe80::1%eth0/64", "fe80::1%25eth0/64", "[::1]/128", "::1/0129",
        "::1/129", "1:2:3:4:5:6:7:8::/64", "1:2:3:4:5:6:7::/64", "::1:2:3:4:5:6:7/64",
        "::1:2:3:4:5:6:7:8/64", ":1::/64", "1::/64", "1:::/64", "1::2::/64", "12345::/16",
        "0ffff::/16", "fffff::/16", "10000::/16", "1.2.3.4/0000000000000000000024", "a.b.c.d/8",
        "10.0.0.0/8/8", "10.0.0.0//8", "1:2:3:4:5:6:7:8/64", "1:2:3:4:5:6:7:8:/64", ":/0",
        "::1.2.3.4.5/96", "1.2.3.4::/64", "::1.2.3/96", "::01.2.3.4/96", "::0001.2.3.4/96",
        "::256.2.3.4/96", "::1.2.3.4/128", "::1.2.3.4/33", "10.0.0.0\uff0f8", "10.0.0.0/\uff18",
        "\uff110.0.0.0/8", "::ffff:0:1.2.3.4/96", "", "/", "/8", "::", "::/", "0.0.0.0/0",
        "255.255.255.255/32", "255.255.255.255/0", "1.2.3.04/8", "1.2.3.0004/8", "1.2.3.4/8 ",
        "1.2.3.4/16777215", "1.2.3.4/16777216", "1.2.3.4/99999999", "::/000000000000000000128",
        "1.2.3.4/08", "1.2.3.4/0x8", "0x1.2.3.4/8", "1.2.3.4/8.0", "1.2.3.4/8e0", "1..3.4/8",
        ".1.2.3/8", "1.2.3./8", "G::/8", "g::/8", "FFFF::/8", "ffff::/8", "::FFFF:FFFF/8",
        "0000000000000000000000000000ffff::/8", "00000000000000000000000000010000::/8",
        "1:2:3:4:5:6:7:8:9/64", "1:2:3:4:5:6:7/64", "::0.0.0.0/0", "::ffff:255.255.255.255/128",
        "\u0661.2.3.4/8", "1.2.3.4/\u0668", "1.2.3.4/8\u0000", "\u00a01.2.3.4/8",
    ]
    rng = random.Random(12)
    octets = ["0", "1", "9", "10", "99", "100", "199", "200", "249", "250", "255", "256", "300",
              "999", "00", "000", "0000", "001", "0255", "00256", "", "a", "-1", "1e1"]
    groups = ["0", "1", "f", "F", "ffff", "FFFF", "fffg", "10000", "0ffff", "00000", "000001",
              "abcd", "", "12345", "0000ffff"]
    lengths = ["0", "1", "7", "8", "16", "24", "30", "31", "32", "33", "64", "96", "120", "126",
               "127", "128", "129", "200", "00", "032", "0033", "0128", "00129", "", "a", "-0",
               "+1", "1 "]
    out = list(fixed)
    good_octets = [o for o in octets[:11] + ["00", "000", "001", "0255"]]
    good_groups = ["0", "1", "f", "F", "ffff", "FFFF", "abcd", "00000", "000001", "0000ffff"]
    for _ in range(400):
        # Mostly well-formed: leading zeros, every ellipsis position, embedded IPv4.
        if rng.random() < 0.4:
            addr = ".".join(rng.choice(good_octets) for _ in range(4))
            length = str(rng.randint(0, 34)).zfill(rng.choice([1, 1, 2, 3]))
        else:
            total = rng.randint(0, 8)
            parts = [rng.choice(good_groups) for _ in range(total)]
            if total >= 2 and rng.random() < 0.3:
                parts = parts[:-2] + [".".join(rng.choice(good_octets) for _ in range(4))]
            if total < 8 or rng.random() < 0.2:
                at = rng.randint(0, len(parts))
                left, right = ":".join(parts[:at]), ":".join(parts[at:])
                addr = left + "::" + right
            else:
                addr = ":".join(parts)
            length = str(rng.randint(0, 130)).zfill(rng.choice([1, 1, 2, 4]))
        out.append(addr + "/" + length)
    for _ in range(900):
        if rng.random() < 0.5:
            n = rng.choice([4, 4, 4, 4, 3, 5])
            addr = ".".join(rng.choice(octets) for _ in range(n))
        else:
            total = rng.choice([8, 8, 7, 6, 5, 3, 2, 1, 9])
            parts = [rng.choice(groups) for _ in range(total)]
            v4 = rng.random() < 0.3
            if v4 and total >= 2:
                parts = parts[:-2] + [".".join(rng.choice(octets[:12]) for _ in range(4))]
            if rng.random() < 0.7:
                at = rng.randint(0, len(parts))
                parts = parts[:at] + [""] + parts[at:]
                if at == 0:
                    parts = [""] + parts
                if at == len(parts) - 1:
                    parts = parts + [""]
            addr = ":".join(parts)
        out.append(addr + "/" + rng.choice(lengths))
    seen = set()
    return [s for s in out if not (s in seen or seen.add(s))]


def main():
    cases = strings()
    expr = "jsonencode([for s in %s : join(\"\", [for n in %s : can(cidrhost(s, n)) ? \"T\" : \".\"])])" % (
        json.dumps(cases), json.dumps(HOSTNUMS))
    env = dict(os.environ, CHECKPOINT_DISABLE="1", TF_CLI_CONFIG_FILE="/dev/null")
    version = subprocess.run(["terraform", "version", "-json"], capture_output=True, text=True,
                             env=env, check=True)
    r = subprocess.run(["terraform", "console"], input=expr + "\n", capture_output=True,
                       text=True, env=env, cwd=HERE)
    if r.returncode != 0:
        sys.exit("terraform console failed: " + r.stderr)
    verdicts = json.loads(json.loads(r.stdout.strip()))
    assert len(verdicts) == len(cases)
    record = {
        "terraform": json.loads(version.stdout)["terraform_version"],
        "expression": "can(cidrhost(s, n))",
        "hostnums": HOSTNUMS,
        "cases": [[s, v] for s, v in zip(cases, verdicts)],
    }
    with open(OUT, "w") as f:
        f.write("{\n")
        f.write('"terraform": %s,\n' % json.dumps(record["terraform"]))
        f.write('"expression": %s,\n' % json.dumps(record["expression"]))
        f.write('"hostnums": %s,\n' % json.dumps(HOSTNUMS))
        f.write('"cases": [\n')
        f.write(",\n".join(json.dumps(c) for c in record["cases"]))
        f.write("\n]\n}\n")
    print("recorded %d strings x %d host numbers" % (len(cases), len(HOSTNUMS)))


if __name__ == "__main__":
    main()
