#!/usr/bin/env python3
"""Records real Terraform plans as fixtures for the plan checks (`tests/plan_*.rs`).

Each case below is a configuration made only of `terraform_data` resources (built into
Terraform, no provider needed). For each, in a scratch directory, this script runs
`terraform init -input=false -backend=false`, `terraform plan -out`, `terraform show -json`
and writes the plan JSON to `<case>.json` beside this script,
byte for byte as Terraform prints it (one line: a JSON round trip through Python would round
numbers to floats). Terraform runs offline: CHECKPOINT_DISABLE=1 and an empty CLI
configuration file.

Run: python3 runtime/tests/data/plans/record.py [CASE...]   (Terraform 1.11.4 on the PATH)
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

CASES = {
    # One instance per seed example: the firewall-like `rule` resources carry the values
    # the spec tests look at.
    "rules": {
        "main.tf": r'''
resource "terraform_data" "rule" {
  for_each = {
    ssh   = { port = 22, cidrs = ["10.0.0.0/8"], logging = true, owner = "net" }
    https = { port = 443, cidrs = ["10.1.0.0/16", "10.2.0.0/16"], logging = null, owner = "web" }
    alt   = { port = 8080, cidrs = [], logging = false, owner = null }
  }
  input = {
    port        = each.value.port
    cidrs       = each.value.cidrs
    logging     = each.value.logging
    owner       = each.value.owner
    description = "rule ${each.key}"
    big         = 123456789012345678901234567890
    ratio       = 0.1
  }
}

resource "terraform_data" "worker" {
  count = 2
  input = {
    name     = "worker-${count.index}"
    location = count.index == 0 ? "us-west1" : "asia-east1"
    allow    = count.index == 0 ? [{ protocol = "tcp", ports = ["22"] }, { protocol = "icmp", ports = [] }] : [{ protocol = "udp", ports = ["53"] }]
    labels   = { team = "infra", tier = count.index }
  }
}
''',
    },
    # Child modules (nested twice, with count on a module call) and nested object values.
    "modules": {
        "main.tf": r'''
module "net" {
  source = "./net"
  name   = "core"
}

module "edge" {
  source = "./net"
  count  = 2
  name   = "edge-${count.index}"
}

resource "terraform_data" "root" {
  input = { name = "root", nested = { deep = { deeper = [1, 2, { x = "y" }] } } }
}
''',
        "net/main.tf": r'''
variable "name" {
  type = string
}

resource "terraform_data" "subnet" {
  for_each = toset(["a", "b"])
  input = {
    name = "${var.name}-${each.key}"
    cidr = each.key == "a" ? "10.0.1.0/24" : "192.168.0.0/24"
  }
}

module "leaf" {
  source = "./leaf"
  name   = var.name
}
''',
        "net/leaf/main.tf": r'''
variable "name" {
  type = string
}

resource "terraform_data" "leaf" {
  input = { name = "${var.name}-leaf", tags = { "kubernetes.io/role" = "leaf" } }
}
''',
    },
    # Values only known after apply: another resource's `id` and `output`, whole and nested,
    # and a list with one unknown element.
    "unknown": {
        "main.tf": r'''
resource "terraform_data" "source" {
  input = "seed"
}

resource "terraform_data" "consumer" {
  input = {
    port      = 22
    source_id = terraform_data.source.id
    output    = terraform_data.source.output
    nested    = { known = "yes", unknown = terraform_data.source.id }
    list      = ["a", terraform_data.source.id]
  }
}

resource "terraform_data" "whole" {
  input = terraform_data.source.output
}
''',
    },
    # Sensitive values: from a sensitive variable, whole and nested.
    "sensitive": {
        "main.tf": r'''
variable "password" {
  type      = string
  sensitive = true
  default   = "hunter2-secret"
}

resource "terraform_data" "db" {
  input = {
    engine   = "postgres"
    password = var.password
    port     = 5432
  }
}

resource "terraform_data" "secret_whole" {
  input = var.password
}
''',
    },
    # Changes to existing resources: a first configuration is applied (local state, in the
    # scratch directory), then the second one planned: an update, a replacement, a deletion,
    # an unchanged instance and a create.
    "changes": {
        "applied first": {
            "main.tf": r'''
resource "terraform_data" "kept" {
  input = { size = 1 }
}

resource "terraform_data" "updated" {
  input = { size = 1 }
}

resource "terraform_data" "replaced" {
  input            = { size = 1 }
  triggers_replace = ["v1"]
}

resource "terraform_data" "deleted" {
  input = { size = 1, legacy = true }
}
''',
        },
        "main.tf": r'''
resource "terraform_data" "kept" {
  input = { size = 1 }
}

resource "terraform_data" "updated" {
  input = { size = 2 }
}

resource "terraform_data" "replaced" {
  input            = { size = 3 }
  triggers_replace = ["v2"]
}

resource "terraform_data" "created" {
  input = { size = 4 }
}
''',
    },
}


def write_files(root, files):
    for path, text in files.items():
        if isinstance(text, dict):
            continue
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text.lstrip())


def record(name, files, terraform):
    env = dict(os.environ)
    env["CHECKPOINT_DISABLE"] = "1"
    env.pop("TF_LOG", None)
    work = tempfile.mkdtemp(prefix=f"tfvars-plan-{name}-")
    try:
        config = os.path.join(work, "empty.tfrc")
        open(config, "w").close()
        env["TF_CLI_CONFIG_FILE"] = config
        env["TF_IN_AUTOMATION"] = "1"
        root = os.path.join(work, "root")
        first = files.get("applied first")
        write_files(root, first or files)

        def run(*args):
            done = subprocess.run([terraform, *args], cwd=root, env=env,
                                  capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"{name}: terraform {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
            return done.stdout

        run("init", "-input=false", "-backend=false", "-no-color")
        if first:
            run("apply", "-input=false", "-no-color", "-auto-approve")
            for path in first:
                os.remove(os.path.join(root, path))
            write_files(root, files)
        run("plan", "-input=false", "-no-color", "-out=plan.tfplan")
        text = run("show", "-json", "plan.tfplan")
        json.loads(text)  # a sanity check only: the file keeps Terraform's exact text
        out = os.path.join(HERE, f"{name}.json")
        with open(out, "w") as f:
            f.write(text)
        print(f"recorded {os.path.relpath(out)}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    terraform = shutil.which("terraform")
    if terraform is None:
        sys.exit("terraform is not on the PATH: the recorded plans stay as they are")
    names = sys.argv[1:] or list(CASES)
    for name in names:
        if name not in CASES:
            sys.exit(f"unknown case `{name}`: one of {', '.join(CASES)}")
        record(name, CASES[name], terraform)


if __name__ == "__main__":
    main()
