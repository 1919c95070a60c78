//! Every type form of the type mapping, built, written, read back and validated.

mod all {
    tfvars::terraform_vars!("modules/all_types");
}

use std::collections::{BTreeMap, BTreeSet};

use all::*;

fn sample() -> Variables {
    Variables::builder()
        .name("web")
        .zones(vec!["a".into(), "b".into()])
        .password("hunter2")
        .server(
            VariablesServer::builder()
                .host("example.com")
                .tls(VariablesServerTls::builder().cert("c").build())
                .build(),
        )
        .count_of(5)
        .type_("premium")
        .with_dash("dash")
        .with_dash_2("under")
        .ports(BTreeSet::from([80.into(), 443.into()]))
        .pair(("b".to_string(), tfvars::IntoNumber::into_number(2.5)))
        .anything(serde_json::json!({"k": [1, "x"]}))
        .pools(BTreeMap::from([(
            "p".to_string(),
            VariablesPools::builder()
                .size(2)
                .zones(BTreeSet::from(["z".to_string()]))
                .build(),
        )]))
        .rules(BTreeSet::from([VariablesRules::builder().port(22).build()]))
        .build()
}

#[test]
fn type_mapping() {
    let v = sample();
    let _: &String = &v.name;
    let _: &Option<tfvars::Number> = &v.count_of;
    let _: &Option<bool> = &v.enabled;
    let _: &Option<BTreeMap<String, String>> = &v.tags;
    let _: &Vec<String> = &v.zones;
    let _: &Option<BTreeSet<tfvars::Number>> = &v.ports;
    let _: &Option<(String, tfvars::Number)> = &v.pair;
    let _: &Option<tfvars::AnyValue> = &v.anything;
    let _: &Option<tfvars::AnyValue> = &v.untyped;
    let _: &Option<String> = &v.type_;
    let _: &Option<String> = &v.self_;
    let _: &tfvars::Sensitive<String> = &v.password;
    let _: &Option<tfvars::Sensitive<String>> = &v.token;
    let _: &Option<Vec<tfvars::AnyValue>> = &v.loose;
    let _: &Option<(VariablesMixed0, Vec<VariablesMixed1>)> = &v.mixed;
    let _: &Option<tfvars::Number> = &v.server.port;
}

#[test]
fn debug_redacts_sensitive_values() {
    let text = format!("{:?}", sample());
    assert!(!text.contains("hunter2"), "{text}");
    assert!(text.contains("example.com"));
}

#[test]
fn json_output_is_exact_and_only_what_was_set() {
    let text = sample().to_tfvars_json();
    assert!(
        text.starts_with("{\n  \"name\": \"web\",\n  \"count_of\": 5,\n"),
        "{text}"
    );
    assert!(text.contains("\"with-dash\": \"dash\""), "{text}");
    assert!(text.contains("\"with_dash\": \"under\""), "{text}");
    assert!(text.contains("\"type\": \"premium\""), "{text}");
    assert!(text.contains("2.5"), "{text}");
    assert!(!text.contains("\"enabled\""), "{text}");
    assert!(!text.contains("\"port\": 443"), "{text}");
}

#[test]
fn metadata_table() {
    let pw = Variables::VARIABLES
        .iter()
        .find(|v| v.name == "password")
        .unwrap();
    assert!(pw.sensitive && pw.required);
    let token = Variables::VARIABLES
        .iter()
        .find(|v| v.name == "token")
        .unwrap();
    assert!(token.ephemeral && !token.required);
    let server = Variables::VARIABLES
        .iter()
        .find(|v| v.name == "server")
        .unwrap();
    assert_eq!(
        server.type_text,
        "object({host = string, port = optional(number, 443), tls = optional(object({cert = string, key = optional(string)})), labels = optional(map(string), {})})"
    );
    let dash = Variables::VARIABLES
        .iter()
        .find(|v| v.name == "with-dash")
        .unwrap();
    assert_eq!(dash.field, "with_dash");
    assert!(
        !Variables::VARIABLES
            .iter()
            .find(|v| v.name == "strict")
            .unwrap()
            .nullable
    );
}

#[test]
fn round_trip_through_json() {
    let v = sample();
    let text = v.to_tfvars_json();
    let back = Variables::from_tfvars_json(&text).unwrap_or_else(|r| panic!("{r}\n{text}"));
    assert_eq!(back, v);
    assert_eq!(back.to_tfvars_json(), text);
}

#[test]
fn explicit_null_round_trips() {
    let v = sample().null_type_().null_count_of();
    let text = v.to_tfvars_json();
    assert!(text.contains("\"type\": null"), "{text}");
    assert!(text.contains("\"count_of\": null"), "{text}");
    let back = Variables::from_tfvars_json(&text).unwrap();
    assert_eq!(back, v);
    // `strict` is `nullable = false` and `self` defaults to null: a null means nothing more
    // than leaving them unset, so they have no `null_…` method (checked by compilation).
}

#[test]
fn explicit_null_from_the_builder() {
    // `count_of` is a number, `type_` a string: the builder's `null_…` setters send the same
    // explicit null as the struct's, and the member counts as set.
    let v = Variables::builder()
        .name("web")
        .zones(vec![])
        .password("p")
        .server(VariablesServer::builder().host("h").build())
        .null_count_of()
        .null_type_()
        .build();
    assert_eq!(v.count_of, None);
    let text = v.to_tfvars_json();
    assert!(text.contains("\"count_of\": null"), "{text}");
    assert!(text.contains("\"type\": null"), "{text}");
    let by_struct = Variables::builder()
        .name("web")
        .zones(vec![])
        .password("p")
        .server(VariablesServer::builder().host("h").build())
        .build()
        .null_count_of()
        .null_type_();
    assert_eq!(v, by_struct);
    assert_eq!(Variables::from_tfvars_json(&text).unwrap(), v);
    // Without the call, nothing is sent.
    let unset = Variables::builder()
        .name("web")
        .zones(vec![])
        .password("p")
        .server(VariablesServer::builder().host("h").build())
        .build();
    assert!(!unset.to_tfvars_json().contains("count_of"));
}

#[test]
fn from_json_uses_terraform_conversions() {
    let text = r#"{
        "name": 5,
        "zones": ["a", 1, true],
        "password": "p",
        "server": {"host": "h", "port": "8080", "extra": 1},
        "count_of": "1e3",
        "ports": [2, "1", 2],
        "undeclared": 1
    }"#;
    let v = Variables::from_tfvars_json(text).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!(v.name, "5");
    assert_eq!(v.zones, vec!["a", "1", "true"]);
    assert_eq!(v.server.port, Some(8080.into()));
    assert_eq!(v.count_of, Some(1000.into()));
    assert_eq!(v.ports, Some(BTreeSet::from([1.into(), 2.into()])));
    assert_eq!(v.server.labels, None, "defaults are not filled in");
}

#[test]
fn from_json_reports_every_bad_variable() {
    let text = r#"{"name": [1], "zones": "a", "password": "p", "server": {"port": 1}}"#;
    let report = Variables::from_tfvars_json(text).unwrap_err();
    let vars: Vec<_> = report
        .errors()
        .map(|d| d.variable.clone().unwrap_or_default())
        .collect();
    assert_eq!(vars, ["name", "zones", "server"], "{report}");
    assert!(
        report
            .to_string()
            .contains("attribute \"host\" is required"),
        "{report}"
    );
    let syntax = Variables::from_tfvars_json("{\"name\": 1,}").unwrap_err();
    assert!(!syntax.is_ok());
}

#[test]
fn validate_runs_the_runtime_pipeline() {
    let report = sample().validate().unwrap_or_else(|r| panic!("{r}"));
    assert!(report.is_ok());
}

#[test]
fn debug_shows_explicit_nulls_only_when_set() {
    let plain = format!("{:?}", sample());
    assert!(!plain.contains("nulls"), "{plain}");
    let with_null = format!("{:?}", sample().null_enabled());
    assert!(
        with_null.contains("explicit_nulls: {\"enabled\"}"),
        "{with_null}"
    );
}

#[test]
fn json_schema_is_the_schema_renderers_output() {
    let module = tfvars_codegen::load("tests/modules/all_types").unwrap();
    let rendered =
        tfvars_codegen::schema::render(&module, &tfvars_codegen::schema::SchemaOptions::new())
            .unwrap();
    assert_eq!(Variables::JSON_SCHEMA, rendered.text);
}

// Runs with `--features schemars` (or `--all-features`).
#[cfg(feature = "schemars")]
#[test]
fn schemars_returns_the_module_schema() {
    use tfvars::__private::schemars;
    let mut generator = schemars::SchemaGenerator::default();
    let schema = <Variables as schemars::JsonSchema>::json_schema(&mut generator);
    let expected: serde_json::Value = serde_json::from_str(Variables::JSON_SCHEMA).unwrap();
    assert_eq!(schema.as_value(), &expected);
    assert_eq!(
        <Variables as schemars::JsonSchema>::schema_name(),
        "Variables"
    );
}
