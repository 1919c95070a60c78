//! No sensitive value appears in anything a user sees from a failing run: `Debug` and `Display`
//! of the variables, of `Sensitive`, of reports and of each diagnostic, the errors of
//! `from_tfvars_json`, and panic messages. Only the writers (`to_tfvars_json`, `to_tfvars_hcl`,
//! `to_env`, `write_tfvars_json`), whose job it is, contain the values.
//!
//! Every secret carries the marker `zq7x` (searched for in any letter case, so `upper()` and
//! `lower()` of a secret are caught too) or the digits of the secret pin.

mod secrets {
    tfvars::terraform_vars!("modules/secrets");
}

use std::collections::BTreeMap;

use secrets::{Variables, VariablesDb};

const PIN: &str = "987654321013";

// Secrets with characters that JSON and Go quoting escape, to catch an escaped copy too.
const TOKEN: &str = "zq7x-Token\"quoted\\back";
const PASSWORD: &str = "Zq7xPassword";
const USER: &str = "Zq7xUser";
const KEY_NAME: &str = "Zq7xKeyName";
const KEY: &str = "Zq7xKeyValue";
const WORD: &str = "Zq7xWord";
const CIDR: &str = "Zq7xCidr";
const AMOUNT: &str = "Zq7xAmount";

/// Panics naming the first leak found in `what`.
fn assert_no_secret(context: &str, what: &str) {
    let lower = what.to_lowercase();
    for needle in ["zq7x", PIN, &PIN[..8], &PIN[4..]] {
        assert!(
            !lower.contains(needle),
            "{context} shows a secret ({needle}):\n{what}"
        );
    }
}

fn failing_vars() -> Variables {
    Variables::builder()
        .region("eu")
        .token(TOKEN)
        .pin(PIN.parse::<tfvars::Number>().unwrap())
        .db(VariablesDb::builder().user(USER).password(PASSWORD).build())
        .keys(BTreeMap::from([(KEY_NAME.to_string(), KEY.to_string())]))
        .words(vec![WORD.to_string()])
        .cidr(CIDR)
        .amount(AMOUNT)
        .build()
}

// Everything a report shows, every way it can be shown.
fn render_report(report: &tfvars::Report) -> String {
    let mut out = format!("{report}\n{report:?}\n{report:#?}\n");
    for d in &report.diagnostics {
        out.push_str(&format!("{d}\n{d:?}\n{}\n{}\n", d.detail, d.path));
    }
    out
}

fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let payload = std::panic::catch_unwind(f).expect_err("the closure panics");
    if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else {
        panic!("a panic message that is not text")
    }
}

#[test]
fn debug_and_display_of_values_hide_secrets() {
    let vars = failing_vars();
    assert_no_secret("Debug of Variables", &format!("{vars:?}"));
    assert_no_secret("pretty Debug of Variables", &format!("{vars:#?}"));
    assert_no_secret("Debug of a sensitive field", &format!("{:?}", vars.db));
    assert_no_secret("Display of a sensitive field", &format!("{}", vars.token));
    assert_no_secret("Debug of an optional one", &format!("{:?}", vars.keys));
    assert_no_secret("Debug of a sensitive number", &format!("{:?}", vars.pin));
    assert_no_secret("Display of a sensitive number", &format!("{}", vars.pin));
}

#[test]
fn a_failing_validate_never_shows_a_secret() {
    let report = failing_vars().validate().unwrap_err();
    // Every rule failed, and the report says so without the values.
    let failed: Vec<_> = report
        .errors()
        .filter_map(|d| d.variable.as_deref())
        .collect();
    for name in [
        "token", "pin", "db", "keys", "words", "cidr", "amount", "label",
    ] {
        assert!(failed.contains(&name), "{name} not rejected: {report}");
    }
    let hidden = report
        .errors()
        .filter(|d| {
            d.detail
                .starts_with(tfvars_runtime::sensitive::HIDDEN_MESSAGE)
        })
        .count();
    // `label`'s rule fails too; its message, which reaches `var.db` through a local, cannot be
    // worked out once `db` is rejected, and says so without a value.
    assert_eq!(hidden, 6, "{report}");
    assert!(
        report
            .errors()
            .any(|d| d.detail.contains("invalid CIDR address: (sensitive value)")),
        "{report}"
    );
    assert_no_secret("the report of validate()", &render_report(&report));
}

#[test]
fn a_message_reaching_a_secret_through_a_local_is_hidden() {
    // `db` passes its rule; `label` fails, and its message names `local.login` = `var.db.user`.
    let mut vars = failing_vars();
    vars.db = VariablesDb::builder()
        .user(USER)
        .password("x".repeat(41))
        .build()
        .into();
    let report = vars.validate().unwrap_err();
    let label = report
        .errors()
        .find(|d| d.variable.as_deref() == Some("label"))
        .unwrap_or_else(|| panic!("label is rejected: {report}"));
    assert!(
        label
            .detail
            .starts_with(tfvars_runtime::sensitive::HIDDEN_MESSAGE),
        "{label}"
    );
    assert_no_secret("the report of validate()", &render_report(&report));
}

#[test]
fn a_wrong_typed_secret_is_not_echoed_by_from_tfvars_json() {
    let text = format!(
        r#"{{"region": "eu", "token": ["{t}"], "pin": "{PIN}x", "db": {{"user": "u", "password": ["{PASSWORD}"]}}, "keys": {{"{KEY_NAME}": ["{KEY}"]}}, "words": "{WORD}", "cidr": {{"a": "{CIDR}"}}, "amount": ["{AMOUNT}"]}}"#,
        t = TOKEN.replace('\\', "\\\\").replace('"', "\\\"")
    );
    let report = Variables::from_tfvars_json(&text).unwrap_err();
    let rejected: Vec<_> = report
        .errors()
        .filter_map(|d| d.variable.as_deref())
        .collect();
    assert_eq!(
        rejected,
        ["token", "pin", "db", "keys", "words", "cidr", "amount"],
        "{report}"
    );
    // Terraform's wording for a sensitive variable: no value, only the type wanted.
    assert!(
        report
            .errors()
            .all(|d| d.detail.contains(", which is sensitive: ")),
        "{report}"
    );
    assert_no_secret("from_tfvars_json's report", &render_report(&report));
}

#[test]
fn malformed_json_around_a_secret_is_not_echoed() {
    let cases = [
        format!(r#"{{"token": {PASSWORD}}}"#),
        format!(r#"{{"token": "{PASSWORD}",}}"#),
        format!(r#"{{"token": "{PASSWORD}", "token": "{KEY}"}}"#),
        format!(r#"{{"token": "{PASSWORD}"#),
        format!(r#"{{"token": "{PASSWORD}" "pin": {PIN}}}"#),
        format!(r#"{{"pin": {PIN}e}}"#),
        format!(r#"{{"pin": 0{PIN}}}"#),
    ];
    for text in &cases {
        let report = Variables::from_tfvars_json(text).unwrap_err();
        assert!(!report.diagnostics.is_empty());
        assert_no_secret(&format!("the report for {text}"), &render_report(&report));
    }
}

#[test]
fn a_null_or_missing_secret_is_reported_without_values() {
    let text = format!(r#"{{"region": "eu", "token": null, "pin": {PIN}}}"#);
    let report = Variables::from_tfvars_json(&text).unwrap_err();
    assert_no_secret("from_tfvars_json's report", &render_report(&report));
}

#[test]
fn typed_and_output_errors_hide_secrets() {
    // A null the typed struct cannot hold, next to secrets.
    let text = format!(
        r#"{{"region": "eu", "token": "{PASSWORD}", "pin": {PIN}, "db": {{"user": null, "password": "{PASSWORD}"}}}}"#
    );
    let report = Variables::from_tfvars_json(&text).unwrap_err();
    assert_eq!(report.diagnostics.len(), 1, "{report}");
    assert_no_secret("a typed-struct error", &render_report(&report));
    // `null` cannot be a `TF_VAR_` value of a string.
    let err = failing_vars().null_cidr().to_env().unwrap_err();
    assert!(
        err.to_string().starts_with("cannot write `var.cidr`"),
        "{err}"
    );
    assert_no_secret("an output error", &format!("{err}\n{err:?}"));
}

#[test]
fn panics_on_errors_hide_secrets() {
    let msg = panic_message(|| {
        failing_vars().validate().unwrap();
    });
    assert!(msg.contains("Invalid value for variable"), "{msg}");
    assert_no_secret("the panic of validate().unwrap()", &msg);

    let text = format!(r#"{{"region": "eu", "token": ["{PASSWORD}"], "pin": {PIN}}}"#);
    let msg = panic_message(move || {
        Variables::from_tfvars_json(&text).unwrap();
    });
    assert_no_secret("the panic of from_tfvars_json().unwrap()", &msg);

    let vars = failing_vars();
    let msg = panic_message(move || {
        let _ = vars.validate().expect("valid variables");
    });
    assert_no_secret("the panic of validate().expect()", &msg);
}

#[test]
fn the_writers_do_contain_the_secrets() {
    let vars = failing_vars();
    let json = vars.to_tfvars_json();
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(parsed["token"], TOKEN);
    assert_eq!(parsed["db"]["password"], PASSWORD);
    assert_eq!(parsed["keys"][KEY_NAME], KEY);
    assert_eq!(parsed["words"][0], WORD);
    assert!(json.contains(&format!("\"pin\": {PIN}")), "{json}");
    let hcl = vars.to_tfvars_hcl();
    assert!(hcl.contains(PASSWORD) && hcl.contains(PIN), "{hcl}");
    let env: BTreeMap<String, String> = vars.to_env().unwrap().into_iter().collect();
    assert_eq!(env["TF_VAR_token"], TOKEN);
    assert_eq!(env["TF_VAR_pin"], PIN);
    assert!(env["TF_VAR_db"].contains(PASSWORD), "{env:?}");

    // And the round trip keeps them.
    let back = Variables::from_tfvars_json(&json).unwrap();
    assert_eq!(back.token.expose(), TOKEN);
    assert_eq!(back.db.expose().password, PASSWORD);
}

#[cfg(unix)]
#[test]
fn a_file_holding_secrets_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("tfvars-secrets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("secrets.auto.tfvars.json");
    failing_vars().write_tfvars_json(&path).unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert!(std::fs::read_to_string(&path).unwrap().contains(PASSWORD));
    // An error while writing names the path, not the content.
    let err = failing_vars().write_tfvars_json(&dir).unwrap_err();
    assert!(
        err.to_string().contains(&dir.display().to_string()),
        "{err}"
    );
    assert_no_secret("a write error", &format!("{err}\n{err:?}"));
    std::fs::remove_dir_all(&dir).unwrap();
}
