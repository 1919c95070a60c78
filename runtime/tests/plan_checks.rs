//! Plan checks against recorded Terraform plans (`tests/data/plans/*.json`, from `record.py`)
//! and hand-written plans of provider resources: one test per example of the spec's design
//! (required, forbidden, Any, Deny, Opt, Anything, All, List with `min`), unknown and
//! sensitive values.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tfvars_runtime::plan::{FindingKind, Plan, Report, Spec, Validator};
use tfvars_runtime::Number;

fn plan(name: &str) -> Plan {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/plans/{name}.json"));
    let text = std::fs::read_to_string(&path).expect("fixture");
    Plan::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn yaml(text: &str) -> Spec {
    Spec::from_yaml(text, "spec.yaml").unwrap_or_else(|e| panic!("{e}"))
}

fn lines(report: &Report) -> Vec<String> {
    report.findings.iter().map(ToString::to_string).collect()
}

fn check(plan_name: &str, spec: &str) -> Vec<String> {
    lines(&yaml(spec).check(&plan(plan_name)))
}

#[test]
fn a_literal_value_is_required() {
    // The design's first example: every firewall has `enable_logging = true`.
    let found = check(
        "provider",
        "resources:\n  google_compute_firewall:\n    enable_logging: true\n",
    );
    assert_eq!(
        found,
        ["google_compute_firewall.dns: enable_logging: expected true, found false"]
    );
    // A required attribute that is absent or null.
    let found = check(
        "rules",
        "resources:\n  terraform_data:\n    input:\n      location: us-west1\n",
    );
    assert_eq!(
        found,
        [
            r#"terraform_data.rule["alt"]: input.location: expected "us-west1", found nothing"#,
            r#"terraform_data.rule["https"]: input.location: expected "us-west1", found nothing"#,
            r#"terraform_data.rule["ssh"]: input.location: expected "us-west1", found nothing"#,
            r#"terraform_data.worker[1]: input.location: expected "us-west1", found "asia-east1""#,
        ]
    );
}

#[test]
fn a_nested_spec_requires_its_keys_and_a_closure_checks_the_value() {
    // `labels: {foo: str}` of the design: the key is required, its value a string.
    let spec = Spec::new().resource(
        "google_compute_firewall",
        Validator::object().key(
            "labels",
            Validator::object().key("foo", Validator::func("a string", |v| v.as_str().is_some())),
        ),
    );
    let report = spec.check(&plan("provider"));
    assert_eq!(
        lines(&report),
        ["google_compute_firewall.dns: labels.foo: expected a string, found nothing"]
    );
    // The same from a file, with `anything` for the value.
    let found = check(
        "provider",
        "resources:\n  google_compute_firewall:\n    labels:\n      foo: anything\n",
    );
    assert_eq!(
        found,
        ["google_compute_firewall.dns: labels.foo: expected a value (not null), found nothing"]
    );
}

#[test]
fn a_forbidden_type_fails_every_planned_instance_but_deletions() {
    let found = check("provider", "resources:\n  aws_instance: forbid\n");
    assert_eq!(
        found,
        ["aws_instance.web[0]: expected no `aws_instance` instance (the type is forbidden), found a create"]
    );
    let spec = Spec::new().forbid("terraform_data");
    let report = spec.check(&plan("changes"));
    assert_eq!(
        lines(&report),
        [
            "terraform_data.created: expected no `terraform_data` instance (the type is forbidden), found a create",
            "terraform_data.replaced: expected no `terraform_data` instance (the type is forbidden), found a replace",
            "terraform_data.updated: expected no `terraform_data` instance (the type is forbidden), found an update",
        ]
    );
    assert_eq!((report.checked, report.skipped), (3, 2));
}

#[test]
fn a_forbidden_key_must_be_absent_or_null() {
    let found = check(
        "rules",
        "resources:\n  terraform_data:\n    input:\n      owner: forbid\n",
    );
    assert_eq!(
        found,
        [
            r#"terraform_data.rule["https"]: input.owner: expected nothing (absent or null), found "web""#,
            r#"terraform_data.rule["ssh"]: input.owner: expected nothing (absent or null), found "net""#,
        ]
    );
}

#[test]
fn any_passes_when_one_validator_passes() {
    // The example of the issue, on a real plan.
    let found = check(
        "rules",
        "resources:\n  terraform_data:\n    input:\n      port: {opt: {any: [22, 443]}}\n",
    );
    assert_eq!(
        found,
        [r#"terraform_data.rule["alt"]: input.port: expected one of 22, 443, found 8080"#]
    );
    let spec = Spec::new().resource(
        "terraform_data",
        Validator::object().key(
            "input",
            Validator::object().key(
                "location",
                Validator::opt(Validator::any(["us-west1", "us-east1"])),
            ),
        ),
    );
    assert_eq!(
        lines(&spec.check(&plan("rules"))),
        [
            r#"terraform_data.worker[1]: input.location: expected one of "us-west1", "us-east1", found "asia-east1""#
        ]
    );
}

#[test]
fn deny_fails_when_one_validator_passes() {
    let spec = "resources:\n  google_kms_key_ring:\n    location: {deny: [asia-east1, asia-east2, australia-southeast1]}\n";
    // The deposed key ring in `asia-east2` is being deleted: not checked.
    assert_eq!(
        check("provider", spec),
        [
            r#"module.keys.google_kms_key_ring.main: location: expected none of "asia-east1", "asia-east2", "australia-southeast1", found "asia-east1""#
        ]
    );
    // A key under `deny` is still required.
    let found = check(
        "rules",
        "resources:\n  terraform_data:\n    input:\n      port: {deny: [8080]}\n",
    );
    assert_eq!(
        found,
        [
            r#"terraform_data.rule["alt"]: input.port: expected not 8080, found 8080"#,
            "terraform_data.worker[0]: input.port: expected not 8080, found nothing",
            "terraform_data.worker[1]: input.port: expected not 8080, found nothing",
        ]
    );
}

#[test]
fn opt_accepts_absent_or_null_or_the_value() {
    // `ssh` has `true`, `https` null, `alt` false; the workers have no `logging` at all.
    let found = check(
        "rules",
        "resources:\n  terraform_data:\n    input:\n      logging: {opt: true}\n",
    );
    assert_eq!(
        found,
        [r#"terraform_data.rule["alt"]: input.logging: expected true, found false"#]
    );
    // `Opt(v)` is `Any(None, v)`.
    let same = check(
        "rules",
        "resources:\n  terraform_data:\n    input:\n      logging: {any: [null, true]}\n",
    );
    assert_eq!(
        same,
        [r#"terraform_data.rule["alt"]: input.logging: expected one of null, true, found false"#]
    );
}

#[test]
fn anything_requires_a_value_that_is_not_null() {
    let found = check(
        "provider",
        "resources:\n  google_compute_firewall:\n    description: anything\n",
    );
    assert_eq!(
        found,
        ["google_compute_firewall.dns: description: expected a value (not null), found null"]
    );
}

#[test]
fn all_requires_every_validator_closures_included() {
    // The design's `All(lambda x: len(x) < 30, lambda x: 'foo' in x)`.
    let spec = Spec::new().resource(
        "google_kms_key_ring",
        Validator::object().key(
            "name",
            Validator::all([
                Validator::func("a name shorter than 30 characters", |v| {
                    v.as_str().is_some_and(|s| s.chars().count() < 30)
                }),
                Validator::func("a name containing `foo`", |v| {
                    v.as_str().is_some_and(|s| s.contains("foo"))
                }),
            ]),
        ),
    );
    assert_eq!(
        lines(&spec.check(&plan("provider"))),
        ["module.keys.google_kms_key_ring.main: name: expected a name shorter than 30 characters, found \"a-key-ring-named-foo-that-is-long\""]
    );
    // From a file, with regular expressions: both fail, both are reported.
    let found = check(
        "provider",
        "resources:\n  google_kms_key_ring:\n    name: {all: [{regex: '^[a-z-]{1,29}$'}, {regex: bar}]}\n",
    );
    assert_eq!(
        found,
        [
            r#"module.keys.google_kms_key_ring.main: name: expected a string matching "^[a-z-]{1,29}$", found "a-key-ring-named-foo-that-is-long""#,
            r#"module.keys.google_kms_key_ring.main: name: expected a string matching "bar", found "a-key-ring-named-foo-that-is-long""#,
        ]
    );
}

#[test]
fn list_checks_its_length_and_every_element() {
    // The design's example: at least one `allow` block, each for TCP or ICMP.
    let spec = r#"
resources:
  google_compute_firewall:
    allow:
      list:
        of:
          - protocol: tcp
          - protocol: icmp
        min: 1
"#;
    assert_eq!(
        check("provider", spec),
        [
            r#"google_compute_firewall.dns: allow[0]: expected one of {protocol: "tcp"}, {protocol: "icmp"}, found {"ports": ["53"], "protocol": "udp"}"#
        ]
    );
    // The issue's `cidrs`: `alt` has none.
    let found = check(
        "rules",
        "resources:\n  terraform_data:\n    input:\n      cidrs: {opt: {list: {of: [{regex: \"^10\\\\.\"}], min: 1}}}\n",
    );
    assert_eq!(
        found,
        [
            r#"terraform_data.rule["alt"]: input.cidrs: expected a list of at least 1 element, each a string matching "^10\\.", found a list of 0 elements"#
        ]
    );
    // One alternative reports its own findings, at the element's path; `max` bounds too.
    let spec = Spec::new().resource(
        "terraform_data",
        Validator::object().key(
            "input",
            Validator::object().opt(
                "allow",
                Validator::list([Validator::object().key("protocol", Validator::deny(["udp"]))])
                    .max(1),
            ),
        ),
    );
    assert_eq!(
        lines(&spec.check(&plan("rules"))),
        [
            r#"terraform_data.worker[0]: input.allow: expected a list of at most 1 element, each {protocol: not "udp"}, found a list of 2 elements"#,
            r#"terraform_data.worker[1]: input.allow[0].protocol: expected not "udp", found "udp""#,
        ]
    );
}

#[test]
fn child_modules_and_instance_keys_are_read() {
    let p = plan("modules");
    let addresses: Vec<(&str, Option<&str>, String)> = p
        .instances
        .iter()
        .map(|i| {
            (
                i.address.as_str(),
                i.module_address.as_deref(),
                i.index
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
            )
        })
        .collect();
    assert!(addresses.contains(&(
        r#"module.edge[1].terraform_data.subnet["b"]"#,
        Some("module.edge[1]"),
        r#""b""#.to_string()
    )));
    assert!(addresses.contains(&(
        "module.net.module.leaf.terraform_data.leaf",
        Some("module.net.module.leaf"),
        String::new()
    )));
    assert!(addresses.contains(&("terraform_data.root", None, String::new())));
    assert_eq!(p.instances.len(), 10);
    assert_eq!(p.terraform_version.as_deref(), Some("1.11.4"));
    // A spec names types, in every module; keys that are not identifiers are quoted in paths.
    let found = check(
        "modules",
        r#"
resources:
  terraform_data:
    input:
      cidr: {opt: {regex: "^10\\."}}
      tags: {opt: {"kubernetes.io/role": worker}}
      nested: {opt: {deep: {deeper: {list: {of: [1, 2, {x: z}]}}}}}
"#,
    );
    assert_eq!(
        found,
        [
            r#"terraform_data.root: input.nested.deep.deeper[2]: expected one of 1, 2, {x: "z"}, found {"x": "y"}"#,
            r#"module.edge[0].terraform_data.subnet["b"]: input.cidr: expected a string matching "^10\\.", found "192.168.0.0/24""#,
            r#"module.edge[1].terraform_data.subnet["b"]: input.cidr: expected a string matching "^10\\.", found "192.168.0.0/24""#,
            r#"module.net.terraform_data.subnet["b"]: input.cidr: expected a string matching "^10\\.", found "192.168.0.0/24""#,
            r#"module.edge[0].module.leaf.terraform_data.leaf: input.tags["kubernetes.io/role"]: expected "worker", found "leaf""#,
            r#"module.edge[1].module.leaf.terraform_data.leaf: input.tags["kubernetes.io/role"]: expected "worker", found "leaf""#,
            r#"module.net.module.leaf.terraform_data.leaf: input.tags["kubernetes.io/role"]: expected "worker", found "leaf""#,
        ]
    );
}

#[test]
fn numbers_compare_by_exact_value() {
    // 123456789012345678901234567890 and …891 are one and the same f64.
    let p = plan("rules");
    let big = p.instances[0]
        .after
        .as_ref()
        .unwrap()
        .get("input")
        .unwrap()
        .get("big")
        .unwrap();
    assert_eq!(
        big.as_number().unwrap().to_string(),
        "123456789012345678901234567890"
    );
    let passes = |spec: &str| yaml(spec).check(&p).findings.is_empty();
    assert!(passes(
        "resources: {terraform_data: {input: {big: {opt: 123456789012345678901234567890}}}}"
    ));
    assert!(!passes(
        "resources: {terraform_data: {input: {big: {opt: 123456789012345678901234567891}}}}"
    ));
    assert!(passes(
        "resources: {terraform_data: {input: {big: {opt: 1.2345678901234567890123456789e29}}}}"
    ));
    assert!(passes(
        "resources: {terraform_data: {input: {ratio: {opt: 0.10}}}}"
    ));
    assert!(!passes("resources: {terraform_data: {input: {ratio: {opt: 0.1000000000000000055511151231257827}}}}"));
    // A quoted scalar is a string, and a string is not a number.
    assert!(!passes(
        "resources: {terraform_data: {input: {ratio: {opt: \"0.1\"}}}}"
    ));
    let exact = Number::parse("0.1").unwrap();
    let spec = Spec::new().resource(
        "terraform_data",
        Validator::object().key("input", Validator::object().opt("ratio", exact)),
    );
    assert!(spec.check(&p).findings.is_empty());
}

#[test]
fn unknown_values_never_pass() {
    let spec = r#"
resources:
  terraform_data:
    input:
      any:
        - seed
        - port: 22
          source_id: {regex: "."}
          output: forbid
          nested: {known: "yes", unknown: {deny: [x]}}
          list: {list: {of: [{regex: "^a$"}]}}
"#;
    let report = yaml(spec).check(&plan("unknown"));
    assert_eq!(
        lines(&report),
        [
            r#"terraform_data.consumer: input: expected one of "seed", {list: a list, each a string matching "^a$", nested: {known: "yes", unknown: not "x"}, output: nothing (absent or null), port: 22, source_id: a string matching "."}, found {"list": ["a", (known after apply)], "nested": {"known": "yes", "unknown": (known after apply)}, "output": (known after apply), "port": 22, "source_id": (known after apply)}"#,
            r#"terraform_data.whole: input: expected one of "seed", {list: a list, each a string matching "^a$", nested: {known: "yes", unknown: not "x"}, output: nothing (absent or null), port: 22, source_id: a string matching "."}, found (known after apply)"#,
        ]
    );
    assert!(report
        .findings
        .iter()
        .all(|f| f.kind == FindingKind::Unknown));
    assert!(!report.passes(false));
    assert!(report.passes(true));

    // Each validator on its own: every unknown place is named, none passes.
    let spec = r#"
resources:
  terraform_data:
    input:
      opt:
        port: 22
        source_id: {regex: "."}
        output: forbid
        nested: {known: "yes", unknown: {deny: [x]}}
        list: {list: {of: [{regex: "^a$"}], min: 2}}
"#;
    let report = yaml(spec).check(&plan("unknown"));
    assert_eq!(
        lines(&report),
        [
            r#"terraform_data.consumer: input.list[1]: expected a string matching "^a$", found (known after apply)"#,
            r#"terraform_data.consumer: input.nested.unknown: expected not "x", found (known after apply)"#,
            "terraform_data.consumer: input.output: expected nothing (absent or null), found (known after apply)",
            r#"terraform_data.consumer: input.source_id: expected a string matching ".", found (known after apply)"#,
            r#"terraform_data.source: input: expected {list: a list of at least 2 elements, each a string matching "^a$", nested: {known: "yes", unknown: not "x"}, output: nothing (absent or null), port: 22, source_id: a string matching "."}, found "seed""#,
            r#"terraform_data.whole: input: expected nothing or {list: a list of at least 2 elements, each a string matching "^a$", nested: {known: "yes", unknown: not "x"}, output: nothing (absent or null), port: 22, source_id: a string matching "."}, found (known after apply)"#,
        ]
    );
    let kinds: Vec<FindingKind> = report.findings.iter().map(|f| f.kind).collect();
    use FindingKind::{Unknown, Violation};
    assert_eq!(
        kinds,
        [Unknown, Unknown, Unknown, Unknown, Violation, Unknown]
    );
    assert!(!report.passes(true));

    // A closure is never given a value with unknown parts.
    let calls = Arc::new(AtomicUsize::new(0));
    let seen = calls.clone();
    let spec = Spec::new().resource(
        "terraform_data",
        Validator::object().key(
            "input",
            Validator::func("anything known", move |_| {
                seen.fetch_add(1, Ordering::SeqCst);
                true
            }),
        ),
    );
    let report = spec.check(&plan("unknown"));
    assert_eq!(calls.load(Ordering::SeqCst), 1, "only `source` is known");
    assert_eq!(
        lines(&report),
        [
            r#"terraform_data.consumer: input: expected anything known, found {"list": ["a", (known after apply)], "nested": {"known": "yes", "unknown": (known after apply)}, "output": (known after apply), "port": 22, "source_id": (known after apply)}"#,
            "terraform_data.whole: input: expected anything known, found (known after apply)",
        ]
    );
}

#[test]
fn sensitive_values_are_never_printed() {
    let spec = r#"
resources:
  terraform_data:
    input:
      any:
        - {engine: mysql, password: {regex: "^x"}, port: 3306}
        - [1]
"#;
    let err = Spec::from_yaml(spec, "s.yaml").unwrap_err();
    assert!(
        err.message().starts_with(
            "s.yaml:7:11: resources.terraform_data.input.any[1]: a list is not a validator"
        ),
        "{err}"
    );

    let spec = r#"
resources:
  terraform_data:
    input:
      any:
        - {engine: mysql, password: {regex: "^x"}, port: 3306}
        - {regex: "^hunter1$"}
"#;
    let report = yaml(spec).check(&plan("sensitive"));
    assert_eq!(
        lines(&report),
        [
            r#"terraform_data.db: input: expected one of {engine: "mysql", password: a string matching "^x", port: 3306}, a string matching "^hunter1$", found {"engine": "postgres", "password": (sensitive value), "port": 5432}"#,
            r#"terraform_data.secret_whole: input: expected one of {engine: "mysql", password: a string matching "^x", port: 3306}, a string matching "^hunter1$", found (sensitive value)"#,
        ]
    );
    let report = yaml(
        "resources: {terraform_data: {input: {opt: {password: {regex: '^x'}, engine: mysql}}}}",
    )
    .check(&plan("sensitive"));
    let text = format!("{:?} {}", report, lines(&report).join("\n"));
    assert!(
        text.contains("input.password: expected a string matching \"^x\", found (sensitive value)"),
        "{text}"
    );
    assert!(!text.contains("hunter2"), "{text}");
    // The value is still checked: a matching rule passes.
    assert!(
        yaml("resources: {terraform_data: {input: {opt: {password: {regex: '^hunter2-'}}}}}")
            .check(&plan("sensitive"))
            .violations()
            .all(|f| f.address == "terraform_data.secret_whole")
    );
}

#[test]
fn deletions_no_ops_reads_and_deposed_objects_are_not_checked() {
    let p = plan("changes");
    let changes: Vec<(&str, &str, bool)> = p
        .instances
        .iter()
        .map(|i| (i.address.as_str(), i.change(), i.is_checked()))
        .collect();
    assert_eq!(
        changes,
        [
            ("terraform_data.created", "create", true),
            ("terraform_data.deleted", "delete", false),
            ("terraform_data.kept", "no-op", false),
            ("terraform_data.replaced", "replace", true),
            ("terraform_data.updated", "update", true),
        ]
    );
    let found = check(
        "changes",
        "resources:\n  terraform_data:\n    input: {size: {any: [1, 2, 3]}, legacy: forbid}\n",
    );
    assert_eq!(
        found,
        ["terraform_data.created: input.size: expected one of 1, 2, 3, found 4"]
    );
    let report =
        yaml("resources: {google_project: forbid, google_kms_key_ring: {location: us-east1}}")
            .check(&plan("provider"));
    assert_eq!(
        lines(&report),
        [
            r#"module.keys.google_kms_key_ring.main: location: expected "us-east1", found "asia-east1""#
        ]
    );
    assert_eq!((report.checked, report.skipped), (4, 3));
}

#[test]
fn yaml_and_json_specs_are_one_model() {
    let yaml_spec = r#"
resources:
  terraform_data:                 # every planned instance of this type, in any module
    input:
      port: {any: [22, 443]}
      cidrs: {list: {of: [{regex: "^10\\."}], min: 1}}
      logging: {opt: true}
      owner: anything
      legacy: forbid
  aws_instance: forbid            # no instance of this type may be created
"#;
    let json_spec = r#"{"resources": {
      "terraform_data": {"input": {
        "port": {"any": [22, 443]},
        "cidrs": {"list": {"of": [{"regex": "^10\\."}], "min": 1}},
        "logging": {"opt": true},
        "owner": "anything",
        "legacy": "forbid"}},
      "aws_instance": "forbid"}}"#;
    let a = yaml(yaml_spec);
    let b = Spec::from_json(json_spec, "spec.json").unwrap();
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
    let expected = [
        r#"terraform_data.rule["alt"]: input.cidrs: expected a list of at least 1 element, each a string matching "^10\\.", found a list of 0 elements"#,
        r#"terraform_data.rule["alt"]: input.logging: expected true, found false"#,
        r#"terraform_data.rule["alt"]: input.owner: expected a value (not null), found null"#,
        r#"terraform_data.rule["alt"]: input.port: expected one of 22, 443, found 8080"#,
        r#"terraform_data.rule["https"]: input.cidrs[0]: expected a string matching "^10\\.", found "10.1.0.0/16""#,
    ];
    // `^10\.` matches "10.1.0.0/16": only the first five lines are real failures.
    let got = lines(&a.check(&plan("rules")));
    assert_eq!(&got[..4], &expected[..4]);
    assert_eq!(got, lines(&b.check(&plan("rules"))));
    assert!(got.iter().all(|l| !l.contains("https\"]: input.cidrs")));
    // The workers lack `port`, `cidrs` and `owner`.
    assert!(got.contains(&"terraform_data.worker[0]: input.cidrs: expected a list of at least 1 element, each a string matching \"^10\\\\.\", found nothing".to_string()), "{got:#?}");
}

#[test]
fn bad_specs_say_what_and_where() {
    let err = |text: &str| Spec::from_yaml(text, "spec.yaml").unwrap_err().to_string();
    assert_eq!(
        err("resources:\n  t:\n    a: {list: {of: [1], mni: 2}}\n"),
        "spec.yaml:3:30: resources.t.a.list.mni: unknown key `mni` of `list`: expected `of`, `min` or `max`"
    );
    assert_eq!(
        err("resources:\n  t:\n    a: {regex: '\\i'}\n"),
        r#"spec.yaml:3:16: resources.t.a.regex: invalid regular expression "\\i": invalid escape sequence in \i"#
    );
    assert_eq!(
        err("resource:\n  t: forbid\n"),
        "spec.yaml:2:3: resource: unknown key `resource` at the top of the spec: expected `resources`"
    );
    assert_eq!(
        err("resources:\n  t: {any: []}\n"),
        "spec.yaml:2:12: resources.t.any: expected a non-empty list of validators, found a list"
    );
    assert_eq!(
        err("resources:\n  t: {a: 1, a: 2}\n"),
        "spec.yaml:2:13: duplicate key `a`"
    );
    assert_eq!(
        err("resources:\n  t: {list: {min: -1}}\n"),
        "spec.yaml:2:19: resources.t.list.min: expected a whole number, 0 or more"
    );
    assert!(
        err("resources: [").starts_with("spec.yaml:2:1: invalid YAML: "),
        "{}",
        err("resources: [")
    );
    assert_eq!(err(""), "spec.yaml: the spec is empty");
    let json = Spec::from_json(r#"{"resources": {"t": {"any": [1, [2]]}}}"#, "s.json").unwrap_err();
    assert_eq!(
        json.to_string(),
        "s.json: resources.t.any[1]: a list is not a validator: write `{any: [...]}` for one of several values, or `{list: {of: [...]}}` for a list"
    );
    let json = Spec::from_json("{\"resources\": {\"t\": 1,}}", "s.json").unwrap_err();
    assert_eq!(
        json.to_string(),
        "s.json:1:23: expected a string key, found `}`"
    );
    // `object` names attributes that are also keywords.
    let spec =
        yaml("resources:\n  terraform_data:\n    input:\n      object: {list: {list: {min: 3}}}\n");
    assert_eq!(
        lines(&spec.check(&plan("unknown"))),
        [
            "terraform_data.consumer: input.list: expected a list of at least 3 elements, found a list of 2 elements",
            "terraform_data.source: input: expected {list: a list of at least 3 elements}, found \"seed\"",
            "terraform_data.whole: input: expected {list: a list of at least 3 elements}, found (known after apply)",
        ]
    );
}
