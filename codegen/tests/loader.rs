//! Loading good modules: every variable attribute, locals, `.tf.json`, and everything else a
//! module may hold left alone.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use tfvars_codegen::load;
use tfvars_runtime::{Expr, Number, Type, Value};

/// A fresh module directory holding `files`.
fn module(name: &str, files: &[(&str, &str)]) -> PathBuf {
    // Process id and a counter: a directory of its own per call, whichever tests run at once.
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("tfvars-loader-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

fn num(s: &str) -> Value {
    Value::Number(Number::parse_json(s).unwrap())
}

fn obj(v: &Value) -> &tfvars_runtime::ValueMap {
    match v {
        Value::Object(m) => m,
        other => panic!("not an object: {other:?}"),
    }
}

const FULL: &str = r#"
terraform {
  required_version = ">= 1.9"
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

provider "aws" {
  region = var.region
}

locals {
  min     = 3
  doubled = [for i in range(3) : i * 2]
}

resource "aws_instance" "web" {
  count = 2
  ami   = data.aws_ami.a.id
  dynamic "ebs_block_device" {
    for_each = var.disks
    content {
      device_name = ebs_block_device.value
    }
  }
  user_data = <<-EOT
    #!/bin/sh
    echo ${var.region}
  EOT
  tags = { for k, v in var.tags : k => upper(v) }
}

data "aws_ami" "a" {
  most_recent = true
}

module "m" {
  source = "./m"
}

output "o" {
  value = provider::aws::arn_parse("arn:aws:iam::1:role/x")
}

variable "region" {
  type        = string
  description = "The region."
  default     = "eu-west-1"
  sensitive   = false
  nullable    = false
  ephemeral   = false

  validation {
    condition     = can(regex("^[a-z]+-[a-z]+-[0-9]$", var.region))
    error_message = "Bad region ${var.region}."
  }
  validation {
    condition     = length(var.region) > local.min
    error_message = <<-EOT
      Too short.
    EOT
  }
}

variable "disks" {
  type    = list(string)
  default = []
}

variable "tags" {
  type    = map(string)
  default = { a = 1 }
}

variable "obj" {
  type = object({
    a = string
    b = optional(number, 5)
    c = optional(object({ d = optional(bool, true), e = string }), { e = "ee" })
    f = optional(list(object({ g = optional(string, "gg") })), [{}])
    h = optional(string)
    i = optional(string, null)
  })
  default = { a = 1, extra = 2 }
}

variable "big" {
  default = 123456789012345678901234567890.5
}

variable "untyped" {}

variable "bare_list" {
  type = list
}

variable "template_default" {
  default = "a${1 + 1}"
}

variable "secret" {
  type      = string
  sensitive = true
  ephemeral = true
  nullable  = true
}
"#;

#[test]
fn full_module() {
    let dir = module("full", &[("main.tf", FULL)]);
    let m = load(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.files, vec![dir.join("main.tf")]);
    let names: Vec<_> = m.variables().iter().map(|v| v.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "region",
            "disks",
            "tags",
            "obj",
            "big",
            "untyped",
            "bare_list",
            "template_default",
            "secret"
        ]
    );
    let v = |n: &str| m.variables().iter().find(|v| v.name == n).unwrap();

    let region = v("region");
    assert_eq!(region.ty, Type::String);
    assert!(region.typed);
    assert_eq!(region.description.as_deref(), Some("The region."));
    assert_eq!(region.default, Some(Value::String("eu-west-1".into())));
    assert!(!region.nullable && region.nullable_set);
    assert!(!region.sensitive && !region.ephemeral);
    assert_eq!(region.location.to_string(), "main.tf:46:1");
    assert_eq!(region.validations.len(), 2);
    let rule = &region.validations[0];
    // Terraform: "This was checked by the validation rule at main.tf:54,3-13".
    assert_eq!(rule.location.to_string(), "main.tf:54:3");
    assert_eq!(
        rule.condition_source,
        r#"can(regex("^[a-z]+-[a-z]+-[0-9]$", var.region))"#
    );
    assert_eq!(rule.error_message_source, r#""Bad region ${var.region}.""#);
    assert!(matches!(rule.condition.peel(), Expr::Call { name, .. } if name == "can"));
    assert_eq!(
        region.validations[1].error_message.without_sites(),
        Expr::Literal(Value::String("Too short.\n".into()))
    );

    assert_eq!(v("disks").ty, Type::list(Type::String));
    assert!(matches!(&v("disks").default, Some(Value::List(_, items)) if items.is_empty()));
    // `{ a = 1 }` converted to map(string).
    match &v("tags").default {
        Some(Value::Map(_, m)) => assert_eq!(m["a"], Value::String("1".into())),
        other => panic!("{other:?}"),
    }

    // The default is converted: optional defaults filled (nested too), extra attributes
    // dropped, `optional(T, null)` the same as `optional(T)`.
    let o = v("obj");
    let Type::Object(attrs) = &o.ty else {
        panic!("{:?}", o.ty)
    };
    assert_eq!(attrs.len(), 6);
    assert_eq!(attrs[1].default, Some(num("5")));
    assert!(attrs[4].optional && attrs[4].default.is_none());
    assert!(attrs[5].optional && attrs[5].default.is_none());
    let c_default = attrs[2].default.as_ref().unwrap();
    assert_eq!(obj(c_default)["d"], Value::Bool(true));
    let d = o.default.as_ref().unwrap();
    let d = obj(d);
    assert_eq!(d["a"], Value::String("1".into()));
    assert_eq!(d["b"], num("5"));
    assert_eq!(obj(&d["c"])["d"], Value::Bool(true));
    assert_eq!(obj(&d["c"])["e"], Value::String("ee".into()));
    match &d["f"] {
        Value::List(_, items) => assert_eq!(obj(&items[0])["g"], Value::String("gg".into())),
        other => panic!("{other:?}"),
    }
    assert!(d["h"].is_null());
    assert!(!d.contains_key("extra"));

    assert_eq!(
        v("big").default,
        Some(num("123456789012345678901234567890.5"))
    );
    let untyped = v("untyped");
    assert!(untyped.required() && !untyped.typed && untyped.ty == Type::Any);
    assert_eq!(v("bare_list").ty, Type::list(Type::Any));
    assert_eq!(
        v("template_default").default,
        Some(Value::String("a2".into()))
    );
    let secret = v("secret");
    assert!(secret.sensitive && secret.ephemeral && secret.nullable && secret.nullable_set);

    let locals: Vec<_> = m.spec.locals.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(locals, ["min", "doubled"]);
    assert_eq!(m.spec.locals[0].location.to_string(), "main.tf:14:3");
}

#[test]
fn files_are_read_in_name_order_and_subdirectories_ignored() {
    let dir = module(
        "order",
        &[
            ("b.tf", "variable \"b\" {}\n"),
            ("a.tf", "variable \"a\" {}\n"),
            ("c.tf.json", r#"{"variable": {"c": {}}}"#),
            ("notes.txt", "variable \"not_read\" {}\n"),
            ("x.tfvars", "a = 1\n"),
            // Hidden files are skipped, as Terraform skips them.
            (".hidden.tf", "variable \"hidden\" {}\n"),
        ],
    );
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/d.tf"), "variable \"d\" {}\n").unwrap();
    let m = load(&dir).unwrap();
    let names: Vec<_> = m.variables().iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);
    let files: Vec<_> = m
        .files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files, ["a.tf", "b.tf", "c.tf.json"]);
}

const JSON: &str = r#"{
  "variable": {
    "a": {
      "type": "list(string)",
      "default": ["${1+1}", "x", 5],
      "description": "A ${literal} description."
    },
    "b": {
      "type": "object({p = optional(number, 3)})",
      "default": {},
      "validation": {"condition": "${var.b.p > 1}", "error_message": "bad ${var.b.p}"}
    },
    "c": {
      "type": "string",
      "sensitive": true,
      "nullable": false,
      "validation": [
        {"condition": "${length(var.c) > 1}", "error_message": "c is ${var.c}"},
        {"condition": "${var.c != \"\"}", "error_message": "e"}
      ]
    }
  },
  "locals": {"l": "${1 + 2}", "m": {"k": "${local.l}"}},
  "output": {"a": {"value": "${var.a}"}},
  "//": "a comment"
}
"#;

#[test]
fn json_module() {
    let dir = module(
        "json",
        &[
            ("main.tf.json", JSON),
            (
                "more.tf.json",
                r#"{"variable": [{"d": {"type": "number", "default": 1.50}}, {"e": [{"type": "map(string)"}]}, {"n": {"description": 5}}]}"#,
            ),
        ],
    );
    let m = load(&dir).unwrap_or_else(|e| panic!("{e}"));
    let v = |n: &str| m.variables().iter().find(|v| v.name == n).unwrap();
    // Defaults in JSON are literal: no template interpretation (Terraform keeps "${1+1}").
    match &v("a").default {
        Some(Value::List(_, items)) => assert_eq!(
            items,
            &[
                Value::String("${1+1}".into()),
                Value::String("x".into()),
                Value::String("5".into())
            ]
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        v("a").description.as_deref(),
        Some("A ${literal} description.")
    );
    assert_eq!(v("a").location.to_string(), "main.tf.json:3:10");
    // Converted to a string, as Terraform decodes it.
    assert_eq!(v("n").description.as_deref(), Some("5"));
    assert_eq!(obj(v("b").default.as_ref().unwrap())["p"], num("3"));
    let b_rule = &v("b").validations[0];
    // Terraform: "checked by the validation rule at main.tf.json:11,21-22" (the object).
    assert_eq!(b_rule.location.to_string(), "main.tf.json:11:21");
    assert_eq!(b_rule.condition_source, "${var.b.p > 1}");
    assert!(matches!(b_rule.condition, Expr::Binary(..)));
    let c = v("c");
    assert!(c.sensitive && !c.nullable);
    assert_eq!(c.validations.len(), 2);
    // In array form Terraform names the array's `[` for every element.
    assert_eq!(c.validations[0].location.to_string(), "main.tf.json:17:21");
    assert_eq!(c.validations[1].location.to_string(), "main.tf.json:17:21");
    assert_eq!(v("d").default, Some(num("1.5")));
    assert_eq!(v("e").ty, Type::map(Type::String));
    let locals: Vec<_> = m.spec.locals.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(locals, ["l", "m"]);
}

#[test]
fn large_module_loads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/modules/large");
    let m = load(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.variables().len(), 250);
    assert_eq!(m.spec.locals.len(), 2);
    let with_rules = m
        .variables()
        .iter()
        .filter(|v| !v.validations.is_empty())
        .count();
    assert_eq!(with_rules, 200);
}

#[test]
fn columns_count_characters_not_bytes() {
    let dir = module(
        "unicode",
        &[(
            "main.tf",
            "# é€𝄞\nvariable \"x\" {\n  description = \"é€𝄞\" \n  type = strin\n}\n",
        )],
    );
    let err = load(&dir).unwrap_err();
    assert_eq!(
        err.problems[0].location.as_ref().unwrap().to_string(),
        "main.tf:4:10"
    );
    let dir = module(
        "unicode2",
        &[(
            "main.tf",
            "variable \"x\" { default = \"é€𝄞\" + upper(1) }\n",
        )],
    );
    let err = load(&dir).unwrap_err();
    assert_eq!(
        err.problems[0].location.as_ref().unwrap().to_string(),
        "main.tf:1:34"
    );
}

#[test]
fn override_files_are_merged_last() {
    // Terraform: the override's type applies and the original default is converted to it
    // (`c = "1"`); validation blocks stay; only the arguments the override sets change.
    let dir = module(
        "override",
        &[
            (
                "main.tf",
                "variable \"c\" {\n  type = number\n  default = 1\n  description = \"base\"\n  validation {\n    condition = var.c != \"2\"\n    error_message = \"m\"\n  }\n}\nlocals {\n  l = 1\n}\n",
            ),
            (
                "a_override.tf",
                "variable \"c\" {\n  type = string\n  sensitive = true\n}\nlocals {\n  l = 2\n}\n",
            ),
            ("override.tf.json", r#"{"variable": {"c": {"nullable": false}}}"#),
            ("z.tf", "variable \"z\" {}\n"),
        ],
    );
    let m = load(&dir).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<_> = m.variables().iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["c", "z"]);
    let c = &m.variables()[0];
    assert_eq!(c.ty, Type::String);
    assert_eq!(c.default, Some(Value::String("1".into())));
    assert_eq!(c.description.as_deref(), Some("base"));
    assert!(c.sensitive && !c.nullable && c.nullable_set);
    assert_eq!(c.validations.len(), 1);
    assert_eq!(c.location.to_string(), "main.tf:1:1");
    assert_eq!(
        m.spec.locals[0].expr.without_sites(),
        Expr::Literal(Value::Number(Number::from(2)))
    );
    assert_eq!(m.files.len(), 4);
}

#[test]
fn constant_defaults_are_evaluated() {
    // Values as Terraform 1.11.4 plans them for the same defaults.
    let dir = module(
        "constants",
        &[(
            "main.tf",
            r#"
variable "a" {
  default = [for x in [1, 2] : x * 2 if x > 0]
}
variable "b" {
  type    = string
  default = true ? "y${1 + 1}" : "n"
}
variable "c" {
  type    = number
  default = 1 + 2 * 3 - 0.5
}
variable "d" {
  type    = list(number)
  default = [{ a = 1 }, { a = 2 }][*].a
}
variable "e" {
  default = 01.50
}
variable "f" {
  type    = number
  default = 1e400
}
variable "g" {
  type = object({ a = optional(number, -5e400) })
}
"#,
        )],
    );
    let m = load(&dir).unwrap_or_else(|e| panic!("{e}"));
    let d = |i: usize| m.variables()[i].default.clone().unwrap();
    assert_eq!(d(0), Value::Tuple(vec![num("2"), num("4")]));
    assert_eq!(d(1), Value::String("y2".into()));
    assert_eq!(d(2), num("6.5"));
    match d(3) {
        Value::List(_, items) => assert_eq!(items, [num("1"), num("2")]),
        other => panic!("{other:?}"),
    }
    assert_eq!(d(4), num("1.5"));
    // Beyond f64, kept exactly as Terraform keeps it.
    assert_eq!(d(5), num("1e400"));
    let Type::Object(attrs) = &m.variables()[6].ty else {
        panic!()
    };
    assert_eq!(attrs[0].default, Some(num("-5e400")));
}

#[test]
fn crlf_files_load() {
    let dir = module(
        "crlf",
        &[(
            "main.tf",
            "variable \"a\" {\r\n  type    = string\r\n  default = \"x\"\r\n  validation {\r\n    condition     = var.a != \"\"\r\n    error_message = \"m\"\r\n  }\r\n}\r\n",
        )],
    );
    let m = load(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.variables()[0].default, Some(Value::String("x".into())));
    assert_eq!(
        m.variables()[0].validations[0].location.to_string(),
        "main.tf:4:3"
    );
    assert_eq!(
        m.variables()[0].validations[0].condition_source,
        "var.a != \"\""
    );
}

#[test]
fn object_keys_as_terraform_reads_them() {
    // Values as Terraform 1.11.4 plans them for the same module: a UTF-8 BOM is skipped, a
    // bare keyword is a key name, a repeated key keeps its last value (bare or quoted alike).
    let dir = module(
        "object-keys",
        &[(
            "main.tf",
            "\u{feff}variable \"a\" {\n  default = { k = 1, k = 2, true = 3, null = 4, for = 5, false = 6, \"x\" = 7, x = 8 }\n}\nlocals {\n  l = { null = 1, if = 2, in = 3 }\n}\nvariable \"b\" {\n  type    = object({ null = number, true = string })\n  default = { null = 1, true = \"x\" }\n  validation {\n    condition     = var.b == { null = 1, true = \"x\" }\n    error_message = \"bad ${local.l.null}\"\n  }\n}\n",
        )],
    );
    let m = load(&dir).unwrap_or_else(|e| panic!("{e}"));
    let a = m.variables()[0].default.clone().unwrap();
    let keys: Vec<(&str, Value)> = obj(&a)
        .iter()
        .map(|(k, v)| (k.as_str(), v.clone()))
        .collect();
    assert_eq!(
        keys,
        [
            ("false", num("6")),
            ("for", num("5")),
            ("k", num("2")),
            ("null", num("4")),
            ("true", num("3")),
            ("x", num("8")),
        ]
    );
    let Type::Object(attrs) = &m.variables()[1].ty else {
        panic!("{:?}", m.variables()[1].ty)
    };
    let names: Vec<&str> = attrs.iter().map(|a| &*a.name).collect();
    assert_eq!(names, ["null", "true"]);
    // Columns count from after the BOM, as Terraform's do.
    assert_eq!(m.variables()[0].location.to_string(), "main.tf:1:1");
    let local = m.spec.locals[0].expr.without_sites();
    let Expr::Object(items) = &local else {
        panic!("{local:?}")
    };
    let keys: Vec<&Expr> = items.iter().map(|(k, _)| k).collect();
    assert_eq!(
        keys,
        [
            &Expr::Literal(Value::String("null".into())),
            &Expr::Literal(Value::String("if".into())),
            &Expr::Literal(Value::String("in".into())),
        ]
    );
}

#[test]
fn repeated_object_type_attributes_are_an_error() {
    let dir = module(
        "repeated-type-attr",
        &[(
            "main.tf",
            "variable \"a\" {\n  type = object({ a = string, b = number, a = bool })\n}\n",
        )],
    );
    let err = load(&dir).unwrap_err();
    assert_eq!(
        err.problems[0].to_string().lines().next().unwrap(),
        "main.tf:2:43: Invalid type specification: Object constructor map keys must be unique"
    );
}

/// Texts Terraform 1.11.4 reads (`terraform validate` accepts each module) that need the
/// front end's exact rules: empty heredocs close on the next line (the next block must not be
/// swallowed), line breaks anywhere inside a `for` expression, also inside braces.
#[test]
fn heredocs_and_for_expressions_as_terraform_reads_them() {
    let dir = module(
        "front-end",
        &[(
            "main.tf",
            "variable \"a\" {\n  description = <<EOT\nEOT\n}\n\
             variable \"b\" {\n  description = <<-EOT\n  EOT\n}\n\
             variable \"c\" {\n  description = <<-EOT\n    EOT\n}\n\
             variable \"d\" {\n  description = <<EOT\nd\nEOT\n  default = [\"x\"]\n}\n\
             locals {\n  names = { for k in var.d : k => k == \"a\" ? upper(k) :\n    lower(k) }\n  \
             all = { for k in var.d : k => k != \"\" &&\n    k != \"b\" }\n  \
             sum = { for k in var.d : k => length(k) +\n    1 }\n}\n",
        )],
    );
    let module = load(&dir).expect("loads");
    let described: Vec<_> = module
        .variables()
        .iter()
        .map(|v| (v.name.as_str(), v.description.as_deref()))
        .collect();
    assert_eq!(
        described,
        [
            ("a", Some("")),
            ("b", Some("")),
            ("c", Some("")),
            ("d", Some("d\n"))
        ]
    );
    let locals: Vec<_> = module.spec.locals.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(locals, ["names", "all", "sum"]);
}

/// Bytes that are not UTF-8, as Terraform 1.11.4 reads them: in a comment of the native syntax
/// they are no error (`terraform validate` succeeds); in a string, a heredoc or anywhere else
/// the file is refused at the first one; JSON takes them anywhere, as U+FFFD.
#[test]
fn bytes_that_are_not_utf8() {
    let dir = module("misencoded", &[]);
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).unwrap();
    write(
        "main.tf",
        b"# comment \xfe here\nvariable \"s\" {\n  default = \"ok\" # \xff\n}\n// \xe9t\xe9\n/* \xff */\n",
    );
    write(
        "json.tf.json",
        b"{\"variable\": {\"j\": {\"default\": \"a\xffb\", \"description\": \"d\xfe\"}}}\n",
    );
    let m = load(&dir).unwrap();
    let j = m.variables().iter().find(|v| v.name == "j").unwrap();
    assert_eq!(j.default, Some(Value::String("a\u{fffd}b".into())));

    // A heredoc's byte is where Terraform reports the file (line 5), not the comment's before.
    write(
        "main.tf",
        b"# comment \xfe here\nvariable \"s\" {\n  default = \"ok\" # \xff\n  description = <<EOT\nheredoc \xfe text\nEOT\n}\n",
    );
    let err = load(&dir).unwrap_err();
    let shown: Vec<String> = err.problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(err.problems.len(), 1, "{shown:?}");
    assert!(
        shown[0].starts_with("main.tf:5:9: Invalid character encoding"),
        "{shown:?}"
    );
}
