//! Terraform accepts what the examples write, and sees the same values whichever way they are
//! given: the example's `.tfvars.json`, `to_tfvars_hcl()` as a `.tfvars` file, or `to_env()` as
//! `TF_VAR_` variables. `tests/writers_edge` does the same with text every writer must escape
//! (or must not): there the values Terraform sees must also be those of the document given.
//!
//! With `terraform` on the PATH, each example module is applied (it declares only variables and
//! outputs, so `init` needs no network) once per form, and the outputs (every variable, through
//! `jsonencode`) must agree. The inputs and Terraform's outputs are recorded in
//! `tests/examples_terraform.recorded.json`; without Terraform the inputs generated now must
//! equal the recorded ones, so the recorded verdict still applies (and the test says so loudly).
//! Re-record with `UPDATE_RECORDED=1` (needs Terraform).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{json, Value};

mod network {
    tfvars::terraform_vars!("../examples/network");
}

mod database {
    tfvars::terraform_vars!("../examples/database", name = Database);
}

mod writers_edge {
    tfvars::terraform_vars!("writers_edge");
}

const RECORD: &str = "tests/examples_terraform.recorded.json";
const DB_PASSWORD: &str = "an-example-password-42";

/// What one example gives Terraform, in the three forms.
#[derive(Debug, PartialEq)]
struct Inputs {
    json: String,
    hcl: String,
    env: Vec<(String, String)>,
    /// Given in the environment with every form (the ephemeral password).
    extra_env: Vec<(String, String)>,
    /// The document the values were read from, when Terraform must see exactly its values.
    given: Option<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh directory of its own: the tests run in parallel and several reach the same call
/// site (`network_inputs()`), so the process id alone would let one test delete another's.
fn scratch(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir =
        std::env::temp_dir().join(format!("tfvars-examples-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The example binaries sit next to this test's directory: `target/debug/examples/`.
fn example_binary(name: &str) -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let debug = exe.parent().unwrap().parent().unwrap();
    let path = debug.join("examples").join(name);
    assert!(
        path.exists(),
        "`{}` is missing: `cargo test` builds the examples, run it without `--test` filters or `cargo build --examples` first",
        path.display()
    );
    path
}

fn run_example(name: &str, out: &Path, env: &[(&str, &str)]) -> String {
    let status = Command::new(example_binary(name))
        .arg(out)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "example `{name}` failed:\n{}",
        String::from_utf8_lossy(&status.stderr)
    );
    std::fs::read_to_string(out.join(format!("{name}.tfvars.json"))).unwrap()
}

fn network_inputs() -> Inputs {
    let dir = scratch("network-run");
    let json = run_example("network", &dir, &[]);
    let vars = network::Variables::from_tfvars_json(&json).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!(
        vars.to_tfvars_json(),
        json,
        "the example's file reads back unchanged"
    );
    Inputs {
        hcl: vars.to_tfvars_hcl(),
        env: vars.to_env().unwrap(),
        json,
        extra_env: vec![],
        given: None,
    }
}

fn database_inputs() -> Inputs {
    let dir = scratch("database-run");
    let json = run_example("database", &dir, &[("DB_MASTER_PASSWORD", DB_PASSWORD)]);
    // The file leaves out the ephemeral password; add it back to read the whole value.
    let mut doc: serde_json::Map<String, Value> = serde_json::from_str(&json).unwrap();
    doc.insert("master_password".into(), json!(DB_PASSWORD));
    let full = serde_json::to_string(&doc).unwrap();
    let vars = database::Database::from_tfvars_json(&full).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!(vars.to_tfvars_json_filtered(|v| !v.ephemeral), json);
    Inputs {
        hcl: vars.to_tfvars_hcl_filtered(|v| !v.ephemeral),
        env: vars.to_env_filtered(|v| !v.ephemeral).unwrap(),
        extra_env: vars.to_env_filtered(|v| v.ephemeral).unwrap(),
        json,
        given: None,
    }
}

/// Text that HCL or a `TF_VAR_` value reads specially: template sequences and their escapes,
/// backslash escapes, quotes, line breaks, control and non-ASCII characters (a combining mark,
/// which Terraform normalises to NFC), comment and heredoc markers, blanks.
const EDGE_TEXTS: &[&str] = &[
    "${x}",
    "%{ if true }y%{ endif }",
    "$${",
    "%%{",
    "$${x}",
    "$$",
    "%%",
    "$",
    "%",
    "x${",
    "x%{",
    "~}",
    "\\",
    "\\n",
    "\\${x}",
    "\\u0041",
    "\"",
    "'",
    "a\nb",
    "a\r\nb",
    "\t",
    "\u{1}",
    "\u{1b}[0m",
    "\u{7f}",
    "\u{0}",
    "é",
    "e\u{301}",
    "😀",
    "\u{2028}",
    "\u{feff}",
    "<<EOT",
    "EOT\n",
    "#c",
    "//c",
    "/*c*/",
    "  lead",
    "trail  ",
    "",
];

/// An object with each edge text in a key (after its index: `é` and `e` with a combining acute
/// are one key once normalised), holding `value` of the text.
fn keyed(value: impl Fn(&str) -> Value) -> Value {
    EDGE_TEXTS
        .iter()
        .enumerate()
        .map(|(i, t)| (format!("{i}{t}"), value(t)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// The edge texts as values of every kind of variable, and as map and object keys.
fn edge_inputs() -> Inputs {
    // A `TF_VAR_` value cannot hold a NUL byte: the primitive-typed variables go without it.
    let plain: String = EDGE_TEXTS
        .iter()
        .filter(|t| !t.contains('\0'))
        .copied()
        .collect();
    let doc = json!({
        "text": plain,
        "texts": EDGE_TEXTS,
        "by_key": keyed(|t| json!(t)),
        "settings": {"lines": EDGE_TEXTS},
        "loose": {
            "keys": keyed(|t| json!([t, 1.5])),
            "texts": EDGE_TEXTS,
        },
        "untyped": plain,
    });
    let given = serde_json::to_string_pretty(&doc).unwrap();
    let vars = writers_edge::Variables::from_tfvars_json(&given).unwrap_or_else(|r| panic!("{r}"));
    Inputs {
        json: vars.to_tfvars_json(),
        hcl: vars.to_tfvars_hcl(),
        env: vars.to_env().unwrap(),
        extra_env: vec![],
        given: Some(given),
    }
}

fn terraform_available() -> bool {
    Command::new("terraform")
        .arg("version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn terraform(dir: &Path, args: &[&str], env: &[(String, String)]) -> std::process::Output {
    Command::new("terraform")
        .args(args)
        .current_dir(dir)
        .env("CHECKPOINT_DISABLE", "1")
        .env("TF_CLI_CONFIG_FILE", dir.join("empty.tfrc"))
        .env("TF_IN_AUTOMATION", "1")
        .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .output()
        .unwrap()
}

/// Applies the module (a folder of the repository) with the inputs in one form (`given` is the
/// document they were read from); returns the outputs, or Terraform's error.
fn apply(module: &str, form: &str, inputs: &Inputs) -> Result<Value, String> {
    let name = module.rsplit('/').next().unwrap();
    let dir = scratch(&format!("{name}-{form}"));
    for entry in std::fs::read_dir(root().join(module)).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    std::fs::write(dir.join("empty.tfrc"), "").unwrap();
    let init = terraform(
        &dir,
        &["init", "-input=false", "-backend=false", "-no-color"],
        &[],
    );
    assert!(
        init.status.success(),
        "{}",
        String::from_utf8_lossy(&init.stderr)
    );
    let mut env = inputs.extra_env.clone();
    let mut args = vec!["apply", "-auto-approve", "-input=false", "-no-color"];
    match form {
        "json" => {
            std::fs::write(dir.join("x.tfvars.json"), &inputs.json).unwrap();
            args.push("-var-file=x.tfvars.json");
        }
        "hcl" => {
            std::fs::write(dir.join("x.tfvars"), &inputs.hcl).unwrap();
            args.push("-var-file=x.tfvars");
        }
        "given" => {
            let given = inputs.given.as_deref().expect("a document given");
            std::fs::write(dir.join("x.tfvars.json"), given).unwrap();
            args.push("-var-file=x.tfvars.json");
        }
        _ => env.extend(inputs.env.iter().cloned()),
    }
    let applied = terraform(&dir, &args, &env);
    if !applied.status.success() {
        return Err(String::from_utf8_lossy(&applied.stderr).into_owned());
    }
    let out = terraform(&dir, &["output", "-json", "-no-color"], &[]);
    assert!(out.status.success());
    let outputs: BTreeMap<String, Value> = serde_json::from_slice(&out.stdout).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    Ok(outputs
        .into_iter()
        .map(|(k, v)| (k, v["value"].clone()))
        .collect::<serde_json::Map<_, _>>()
        .into())
}

fn record_entry(inputs: &Inputs, outputs: &Value) -> Value {
    json!({
        "accepted": true,
        "input_json": inputs.json,
        "input_hcl": inputs.hcl,
        "input_env": inputs.env,
        "outputs": outputs,
    })
}

fn recorded() -> serde_json::Map<String, Value> {
    let text = std::fs::read_to_string(root().join(RECORD)).unwrap_or_else(|_| "{}".into());
    serde_json::from_str(&text).unwrap()
}

/// Each case: its name in the record, its module folder and what is written for it.
fn all_inputs() -> Vec<(&'static str, &'static str, Inputs)> {
    vec![
        ("network", "examples/network", network_inputs()),
        ("database", "examples/database", database_inputs()),
        ("writers_edge", "tests/writers_edge", edge_inputs()),
    ]
}

#[test]
fn examples_write_what_terraform_accepted_when_recorded() {
    let record = recorded();
    for (name, _, inputs) in all_inputs() {
        let entry = record.get(name).unwrap_or_else(|| {
            panic!("no recorded Terraform verdict for example `{name}`: run with Terraform and UPDATE_RECORDED=1")
        });
        assert_eq!(entry["accepted"], json!(true));
        assert_eq!(
            entry["input_json"].as_str(),
            Some(inputs.json.as_str()),
            "example `{name}` writes something else than what Terraform accepted: re-run with Terraform and UPDATE_RECORDED=1"
        );
        assert_eq!(entry["input_hcl"].as_str(), Some(inputs.hcl.as_str()));
        assert_eq!(entry["input_env"], json!(inputs.env));
    }
}

#[test]
fn examples_accepted_by_live_terraform_in_every_form() {
    if !terraform_available() {
        eprintln!(
            "\n*** TERRAFORM NOT FOUND ON PATH: the examples were NOT run through Terraform. ***\n\
             *** Only the recorded verdicts in {RECORD} were checked (see the test          ***\n\
             *** `examples_write_what_terraform_accepted_when_recorded`).                   ***\n"
        );
        return;
    }
    let mut record = recorded();
    let update = std::env::var_os("UPDATE_RECORDED").is_some();
    for (name, module, inputs) in all_inputs() {
        let from_json = apply(module, "json", &inputs)
            .unwrap_or_else(|e| panic!("Terraform rejected `{name}`'s .tfvars.json:\n{e}"));
        let from_hcl = apply(module, "hcl", &inputs).unwrap_or_else(|e| {
            panic!(
                "Terraform rejected `{name}`'s .tfvars:\n{e}\n{}",
                inputs.hcl
            )
        });
        let from_env = apply(module, "env", &inputs).unwrap_or_else(|e| {
            panic!(
                "Terraform rejected `{name}`'s TF_VAR_ values:\n{e}\n{:?}",
                inputs.env
            )
        });
        assert_eq!(
            from_hcl, from_json,
            "`{name}`: .tfvars and .tfvars.json give different values"
        );
        assert_eq!(
            from_env, from_json,
            "`{name}`: TF_VAR_ and .tfvars.json give different values"
        );
        if inputs.given.is_some() {
            let from_given = apply(module, "given", &inputs)
                .unwrap_or_else(|e| panic!("Terraform rejected `{name}`'s document:\n{e}"));
            assert_eq!(
                from_json, from_given,
                "`{name}`: the written values differ from the document's"
            );
        }
        let entry = record_entry(&inputs, &from_json);
        if update {
            record.insert(name.to_string(), entry);
        } else {
            assert_eq!(
                record.get(name),
                Some(&entry),
                "the recorded verdict for `{name}` is stale: re-run with UPDATE_RECORDED=1"
            );
        }
    }
    if update {
        let text = serde_json::to_string_pretty(&Value::Object(record)).unwrap() + "\n";
        std::fs::write(root().join(RECORD), text).unwrap();
    }
}
