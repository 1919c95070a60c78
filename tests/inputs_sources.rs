//! `tfvars::inputs` against the recorded `terraform plan` answers of the conformance suite's
//! precedence cases (`tests/conformance/cases/src_layers`): every case's environment and
//! command line, read into the typed struct, gives Terraform's verdict and, for every variable
//! a source set, Terraform's value.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use tfvars::inputs::{from_sources, CommandLineInput, InputSources};

mod layers {
    tfvars::terraform_vars!("conformance/cases/src_layers");
}
use layers::Variables;

fn module_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/cases/src_layers")
}

/// Terraform's arguments as command-line inputs (paths made relative to the test's folder).
fn command_line(args: &[serde_json::Value]) -> Vec<CommandLineInput> {
    let args: Vec<&str> = args.iter().map(|a| a.as_str().unwrap()).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].trim_start_matches('-');
        let (flag, value) = match a.split_once('=') {
            Some((f, v)) if f == "var" || f == "var-file" => (f, v.to_string()),
            _ => {
                i += 1;
                (a, args[i].to_string())
            }
        };
        out.push(match flag {
            "var" => CommandLineInput::Var(value.into()),
            "var-file" => CommandLineInput::VarFile(module_dir().join(value)),
            other => panic!("unexpected argument -{other}"),
        });
        i += 1;
    }
    out
}

#[test]
fn typed_variables_from_every_source_as_terraform_plan() {
    let mut checked = 0;
    for entry in std::fs::read_dir(module_dir().join("expected")).unwrap() {
        let path = entry.unwrap().path();
        let rec: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let env: Vec<(OsString, OsString)> = rec["env"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.into(), v.as_str().unwrap().into()))
            .collect();
        let sources = InputSources {
            env,
            auto_dir: Some(module_dir()),
            command_line: command_line(rec["args"].as_array().unwrap()),
        };
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let result = from_sources::<Variables>(&module_dir(), &sources);
        let exit = rec["exit"].as_i64().unwrap();
        match result {
            Err(report) => assert_eq!(exit, 1, "{name}: rejected, terraform accepts: {report}"),
            Ok((vars, _)) => {
                assert_eq!(exit, 0, "{name}: accepted, terraform rejects");
                let given: serde_json::Value =
                    serde_json::from_str(&vars.to_tfvars_json()).unwrap();
                for (var, value) in rec["values"].as_object().unwrap() {
                    if value != "default" {
                        assert_eq!(&given[var], value, "{name}: var.{var}");
                    } else {
                        assert!(given.get(var).is_none(), "{name}: var.{var} set");
                    }
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} cases");
}

#[test]
fn an_undeclared_var_option_is_an_error_and_a_bad_file_too() {
    let dir = module_dir();
    let sources = InputSources {
        env: vec![],
        auto_dir: Some(dir.clone()),
        command_line: vec![CommandLineInput::Var("nope=1".into())],
    };
    let err = from_sources::<Variables>(&dir, &sources).unwrap_err();
    assert!(
        err.to_string()
            .contains("A variable named \"nope\" was assigned on the command line"),
        "{err}"
    );
    let sources = InputSources {
        env: vec![],
        auto_dir: None,
        command_line: vec![CommandLineInput::VarFile(dir.join("inputs/none.tfvars"))],
    };
    let err = from_sources::<Variables>(&dir, &sources).unwrap_err();
    assert!(
        err.to_string().contains("Failed to read variables file"),
        "{err}"
    );
}

// Every rule uses a file function: the macro's warnings about them are expected here.
#[allow(deprecated)]
mod files {
    tfvars::terraform_vars!("conformance/cases/files_values");
}

/// `validate_in(dir)` evaluates the file functions and `path.*` against the module folder:
/// each rule of `files_values` fails with its function's result as its message, which must be
/// the one Terraform recorded; `validate()` rejects them all too, each message replaced by why
/// it cannot be worked out without the folder.
#[test]
fn generated_validate_in_evaluates_file_functions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/cases/files_values");
    let vars = files::Variables::builder().build();
    let without_files = vars.validate().expect_err("every rule fails");
    assert_eq!(without_files.errors().count(), 41, "{without_files}");
    assert!(
        without_files.errors().all(|d| d
            .detail
            .starts_with("The validation rule failed; the error message")),
        "{without_files}"
    );

    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("expected/scratch.json")).unwrap())
            .unwrap();
    let real = std::fs::canonicalize(&dir).unwrap();
    // `pathexpand("~")` was recorded with HOME=/tfvars-home. (No other test of this binary
    // reads HOME.)
    std::env::set_var("HOME", "/tfvars-home");
    let report = vars.validate_in(&dir).unwrap_err();
    let mut ours: Vec<String> = report
        .errors()
        .map(|d| {
            let first = d.detail.split("\n\n").next().unwrap();
            first.replace(real.to_str().unwrap(), "<MODULE_DIR>")
        })
        .collect();
    let mut theirs: Vec<String> = rec["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            d["detail"]
                .as_str()
                .unwrap()
                .split("\n\n")
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs);
}
