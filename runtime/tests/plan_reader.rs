//! Reading `terraform show -json` plans: what is read, and the errors for documents that are
//! not plans, plans of another format, and malformed plans.

use tfvars_runtime::plan::{Action, ErrorKind, InstanceKey, Mode, Plan, PlanValue};

fn err(text: &str) -> String {
    let e = Plan::from_json(text).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Plan);
    e.to_string()
}

fn one_change(change: &str) -> String {
    format!(
        r#"{{"format_version": "1.2", "resource_changes": [{{"address": "x.y", "mode": "managed", "type": "x", "name": "y", "change": {change}}}]}}"#
    )
}

#[test]
fn reads_instances_with_their_keys_actions_and_marks() {
    let text = r#"{
  "format_version": "1.1",
  "terraform_version": "1.5.7",
  "prior_state": {"values": {"root_module": {"resources": [{"deep": [[[[{}]]]]}]}}},
  "resource_changes": [
    {"address": "module.m[\"k\"].x.y[3]", "module_address": "module.m[\"k\"]", "mode": "managed",
     "type": "x", "name": "y", "index": 3, "provider_name": "p",
     "change": {"actions": ["create", "delete"], "before": {"a": 1}, "after": {"a": "\u00e9\ud83d\ude00\n", "lone": "\ud800x"},
                "after_unknown": {"b": true}, "before_sensitive": {}, "after_sensitive": {"a": true},
                "replace_paths": [["a"]]},
     "action_reason": "replace_because_tainted"},
    {"address": "data.d.e[\"k\"]", "mode": "data", "type": "d", "name": "e", "index": "k",
     "change": {"actions": ["read"], "after": {}, "after_unknown": true, "after_sensitive": false}}
  ]
}"#;
    let plan = Plan::from_json(text).unwrap();
    assert_eq!(plan.format_version, "1.1");
    assert_eq!(plan.terraform_version.as_deref(), Some("1.5.7"));
    let [a, b] = &plan.instances[..] else {
        panic!("two instances")
    };
    assert_eq!(a.address, r#"module.m["k"].x.y[3]"#);
    assert_eq!(a.module_address.as_deref(), Some(r#"module.m["k"]"#));
    assert_eq!(
        (a.mode, a.resource_type.as_str(), a.name.as_str()),
        (Mode::Managed, "x", "y")
    );
    assert_eq!(a.index, Some(InstanceKey::Int(3)));
    assert_eq!(a.actions, [Action::Create, Action::Delete]);
    assert_eq!(a.change(), "replace");
    assert!(a.is_checked());
    assert_eq!(
        a.after.as_ref().unwrap().get("a"),
        Some(&PlanValue::String("é😀\n".to_string()))
    );
    assert_eq!(
        a.after.as_ref().unwrap().get("lone"),
        Some(&PlanValue::String("\u{FFFD}x".to_string()))
    );
    assert_eq!(a.after_unknown.get("b"), Some(&PlanValue::Bool(true)));
    assert_eq!(a.after_sensitive.get("a"), Some(&PlanValue::Bool(true)));
    assert_eq!(b.index, Some(InstanceKey::String("k".to_string())));
    assert_eq!(
        (b.mode, b.change(), b.is_checked()),
        (Mode::Data, "read", false)
    );
    assert_eq!(b.after_unknown, PlanValue::Bool(true));
}

#[test]
fn keys_out_of_order_are_found_and_duplicates_still_caught() {
    let v = PlanValue::from_json(r#"{"b": 1, "c": {"z": true, "y": false}, "a": [2]}"#).unwrap();
    let o = v.as_object().unwrap();
    assert_eq!(o.keys().collect::<Vec<_>>(), ["a", "b", "c"]);
    assert_eq!(v.get("c").unwrap().get("y"), Some(&PlanValue::Bool(false)));
    assert_eq!(
        PlanValue::from_json(r#"{"b": 1, "a": 2, "b": 3}"#)
            .unwrap_err()
            .to_string(),
        "1:18: duplicate key in an object"
    );
}

#[test]
fn a_plan_without_changes_has_no_instances() {
    let plan = Plan::from_json(
        r#"{"format_version": "1.2", "planned_values": {"root_module": {}}, "applyable": false}"#,
    )
    .unwrap();
    assert!(plan.instances.is_empty());
}

#[test]
fn documents_that_are_not_plans() {
    assert_eq!(
        err("[1, 2]"),
        "not a plan: the document is an array, not the object `terraform show -json PLANFILE` prints"
    );
    assert_eq!(
        err(r#"{"resource_changes": []}"#),
        "not a plan: there is no `format_version` (expected the output of `terraform show -json PLANFILE`)"
    );
    assert_eq!(
        err(r#"{"format_version": "1.0", "terraform_version": "1.11.4", "values": {"root_module": {}}}"#),
        "not a plan: it has neither `resource_changes` nor `planned_values` (is it `terraform show -json` of a state rather than of a plan file?)"
    );
    assert_eq!(
        err(r#"{"format_version": "2.0", "resource_changes": [{"what": "new"}]}"#),
        "unsupported plan format_version `2.0`: plans of format 1.x can be checked"
    );
    assert_eq!(
        err(r#"{"format_version": 1.2, "resource_changes": []}"#),
        "malformed plan: `format_version` is a number, not a string"
    );
    assert_eq!(
        err(r#"{"format_version": "1.2", "resource_changes": [], "errored": true}"#),
        "the plan is incomplete: Terraform reported errors while planning (`errored` is true)"
    );
}

#[test]
fn json_errors_name_line_and_column() {
    assert_eq!(
        err(""),
        "not valid JSON: 1:1: expected a JSON value, found the end of the input"
    );
    assert_eq!(
        err("{\"a\": [1,]}"),
        "not valid JSON: 1:10: expected a JSON value, found `]`"
    );
    assert_eq!(
        err("{\n  \"format_version\": \"1.2\",\n  \"resource_changes\": [],\n}"),
        "not valid JSON: 4:1: expected a string key, found `}`"
    );
    assert_eq!(err("{\"é\": 01}"), "not valid JSON: 1:8: invalid number");
    assert_eq!(
        err("{\"a\": \"\\x\"}"),
        "not valid JSON: 1:8: invalid escape in a string"
    );
    assert_eq!(
        err("{\"a\": \"\\u12\"}"),
        "not valid JSON: 1:8: invalid `\\u` escape: expected four hex digits"
    );
    assert_eq!(
        err("{\"a\": \"tab\there\"}"),
        "not valid JSON: 1:11: control character in a string"
    );
    assert_eq!(
        err("{\"a\": \"open"),
        "not valid JSON: 1:7: unterminated string"
    );
    assert_eq!(
        err("{} {}"),
        "not valid JSON: 1:4: unexpected data after the JSON value"
    );
    assert_eq!(
        err("{\"a\": tru}"),
        "not valid JSON: 1:7: expected a JSON value, found `t`"
    );
    // Skipped parts are checked too.
    assert_eq!(
        err(r#"{"format_version": "1.2", "configuration": {"a": [1 2]}}"#),
        "not valid JSON: 1:53: expected `,` or `]`, found `2`"
    );
    let deep = format!("{}{}", "[".repeat(300), "]".repeat(300));
    assert_eq!(
        err(&format!(r#"{{"format_version": "1.2", "x": {deep}}}"#)),
        "not valid JSON: 1:287: nesting deeper than 256 levels"
    );
    // A duplicate key is an error in the parts that are read.
    assert_eq!(
        err(&one_change(
            r#"{"actions": ["create"], "after": {"a": 1, "a": 2}}"#
        )),
        "not valid JSON: 1:164: duplicate key in an object"
    );
}

#[test]
fn malformed_resource_changes_name_the_entry_and_the_field() {
    assert_eq!(
        err(r#"{"format_version": "1.2", "resource_changes": {}}"#),
        "malformed plan: `resource_changes` is not an array"
    );
    assert_eq!(
        err(r#"{"format_version": "1.2", "resource_changes": [{"mode": "managed"}]}"#),
        "malformed plan: resource_changes[0].address: expected a string, found nothing"
    );
    assert_eq!(
        err(r#"{"format_version": "1.2", "resource_changes": [7]}"#),
        "malformed plan: resource_changes[0]: expected an object, found a number"
    );
    assert_eq!(
        err(&one_change(r#"{"actions": ["create", "explode"], "after": {}}"#)),
        "malformed plan: resource_changes[0] (`x.y`).change.actions[1]: expected one of `no-op`, `create`, `read`, `update`, `delete`, `forget`, found `explode`"
    );
    assert_eq!(
        err(&one_change(r#"{"actions": [], "after": {}}"#)),
        "malformed plan: resource_changes[0] (`x.y`).change.actions: expected a non-empty array of actions, found an array"
    );
    assert_eq!(
        err(&one_change(r#"{"actions": ["create"], "after": {}, "after_unknown": "yes"}"#)),
        "malformed plan: resource_changes[0] (`x.y`).change.after_unknown: expected marks (a boolean, an object or an array), found a string"
    );
    assert_eq!(
        err(&one_change(r#"{"actions": ["update"]}"#)),
        "malformed plan: resource_changes[0] (`x.y`).change.after: expected the planned value (the change is `update`), found nothing"
    );
    assert_eq!(
        err(r#"{"format_version": "1.2", "resource_changes": [{"address": "a.b", "mode": "resource", "type": "a", "name": "b", "change": {"actions": ["create"]}}]}"#),
        "malformed plan: resource_changes[0] (`a.b`).mode: expected `managed` or `data`, found `resource`"
    );
    assert_eq!(
        err(
            r#"{"format_version": "1.2", "resource_changes": [{"address": "a.b", "mode": "managed", "type": "a", "name": "b", "index": 1.5, "change": {"actions": ["create"]}}]}"#
        ),
        "malformed plan: resource_changes[0] (`a.b`).index: expected an integer, found 1.5"
    );
}
