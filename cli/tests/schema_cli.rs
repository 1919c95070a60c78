//! `tfvars schema`: exit statuses, messages and output files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use tfvars_codegen::export::{self, ExportOptions};
use tfvars_codegen::schema::{self, SchemaOptions};

fn modules() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/modules")
}

/// A fresh scratch directory.
fn scratch() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "tfvars-schema-cli-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn tfvars(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tfvars"))
        .arg("schema")
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

fn module_with(files: &[(&str, &str)]) -> PathBuf {
    let dir = scratch();
    for (name, body) in files {
        std::fs::write(dir.join(name), body).expect("write");
    }
    dir
}

const UNTRANSLATED: &str = r#"
variable "encoded" {
  type = string
  validation {
    condition     = !can(base64decode(var.encoded))
    error_message = "Must not be Base64."
  }
}
"#;

#[test]
fn stdout_prints_only_the_schema_the_renderer_makes() {
    let dir = modules().join("schema_validation");
    let out = tfvars(
        &["-i", dir.to_str().unwrap(), "--stdout", "--debug"],
        &scratch(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    let module = tfvars_codegen::load(&dir).expect("loads");
    let expected = schema::render(&module, &SchemaOptions::default()).expect("renders");
    assert!(!expected.warnings.is_empty());
    assert_eq!(text(&out.stdout), expected.text);
}

#[test]
fn export_variables_to_stdout() {
    let dir = modules().join("schema_types");
    let out = tfvars(
        &[
            "-i",
            dir.to_str().unwrap(),
            "--stdout",
            "--export-variables",
        ],
        &scratch(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let module = tfvars_codegen::load(&dir).expect("loads");
    let expected = export::render(&module, &ExportOptions::default()).expect("renders");
    assert_eq!(text(&out.stdout), expected.text);
}

#[test]
fn writes_the_file_creating_parents_and_reports() {
    let module = module_with(&[("variables.tf", UNTRANSLATED)]);
    let cwd = scratch();
    let out = tfvars(
        &["-i", module.to_str().unwrap(), "-o", "a/b/schema.json"],
        &cwd,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout,
        "Warning: couldn't apply validation for \"encoded\" with condition \"!can(base64decode(var.encoded))\": no translation rules are supported for this condition\nInfo: schema written to \"a/b/schema.json\"\n"
    );
    let written = std::fs::read_to_string(cwd.join("a/b/schema.json")).expect("written");
    assert!(written.starts_with("{\n\t\"$schema\": \"http://json-schema.org/draft-07/schema#\",\n"));
    assert!(written.ends_with("}\n"));

    // Again without --overwrite: an error, and the file is untouched.
    let again = tfvars(
        &["-i", module.to_str().unwrap(), "-o", "a/b/schema.json"],
        &cwd,
    );
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(
        text(&again.stderr),
        "Error: output path \"a/b/schema.json\" already exists, use --overwrite to overwrite\n"
    );
    assert_eq!(text(&again.stdout), "");
    let over = tfvars(
        &[
            "-i",
            module.to_str().unwrap(),
            "-o",
            "a/b/schema.json",
            "--overwrite",
            "--disallow-additional-properties",
        ],
        &cwd,
    );
    assert!(over.status.success());
    let rewritten = std::fs::read_to_string(cwd.join("a/b/schema.json")).expect("written");
    assert!(rewritten.contains("\"additionalProperties\": false"));
}

#[test]
fn debug_says_why_a_condition_was_left_out() {
    let module = module_with(&[("variables.tf", UNTRANSLATED)]);
    let out = tfvars(
        &["-i", module.to_str().unwrap(), "-o", "s.json", "--debug"],
        &scratch(),
    );
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Debug: found the following files in"),
        "{stdout}"
    );
    assert!(stdout.contains("\t\tencoded\n"), "{stdout}");
    assert!(
        stdout.contains("Debug: condition located at \"variables.tf:"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "`can(base64decode(…))` negated: its pattern also accepts the base64 of bytes that are not UTF-8"
        ),
        "{stdout}"
    );
}

#[test]
fn output_checks() {
    let module = module_with(&[("variables.tf", "variable \"a\" {}\n")]);
    let cwd = scratch();
    std::fs::create_dir_all(cwd.join("dir.json")).unwrap();
    let out = tfvars(
        &[
            "-i",
            module.to_str().unwrap(),
            "-o",
            "dir.json",
            "--overwrite",
        ],
        &cwd,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "Error: output path \"dir.json\" is an existing directory, please specify a file path\n"
    );
    let out = tfvars(&["-i", module.to_str().unwrap(), "-o", "schema.txt"], &cwd);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "Warning: output path \"schema.txt\" does not have a .json extension, continuing\nInfo: schema written to \"schema.txt\"\n"
    );
}

#[test]
fn input_checks() {
    let cwd = scratch();
    let out = tfvars(&["-i", "missing", "--stdout"], &cwd);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("Error: could not access directory \"missing\": "),
        "{err}"
    );
    assert_eq!(text(&out.stdout), "");
    std::fs::write(cwd.join("file.tf"), "").unwrap();
    let out = tfvars(&["-i", "file.tf", "--stdout"], &cwd);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "Error: input path \"file.tf\" is not a directory\n"
    );
}

#[test]
fn empty_modules_fail_unless_allowed() {
    let cwd = scratch();
    std::fs::create_dir_all(cwd.join("empty")).unwrap();
    let out = tfvars(&["-i", "empty", "--stdout"], &cwd);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "Error: error creating schema: error reading tf files at \"empty\": no .tf files found\n"
    );
    let out = tfvars(&["-i", "empty", "--stdout", "--allow-empty"], &cwd);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "{}\n");
    let out = tfvars(&["-i", "empty", "--allow-empty", "-o", "e.json"], &cwd);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "Warning: directory \"empty\": no .tf files found, creating empty schema file\nInfo: schema written to \"e.json\"\n"
    );
    assert_eq!(std::fs::read_to_string(cwd.join("e.json")).unwrap(), "{}\n");

    std::fs::create_dir_all(cwd.join("novars")).unwrap();
    std::fs::write(cwd.join("novars/main.tf"), "locals {\n  a = 1\n}\n").unwrap();
    let out = tfvars(&["-i", "novars", "--stdout", "--export-variables"], &cwd);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "Error: error exporting variables: error reading tf files at \"novars\": tf files don't contain any variables\n"
    );
}

#[test]
fn bad_modules_name_the_place() {
    let module = module_with(&[
        ("a.tf", "variable \"x\" {\n  type = string\n}\n"),
        ("b.tf", "variable \"x\" {\n  type = number\n}\n"),
    ]);
    let out = tfvars(&["-i", module.to_str().unwrap(), "--stdout"], &scratch());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("Error: error creating schema: error reading tf files at"),
        "{err}"
    );
    assert!(err.contains("b.tf:1:"), "{err}");
    assert_eq!(text(&out.stdout), "");

    let module = module_with(&[("main.tf", "variable \"x\" {\n  type = strin\n}\n")]);
    let out = tfvars(&["-i", module.to_str().unwrap(), "--stdout"], &scratch());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("main.tf:2:"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn properties_and_ignored_variables() {
    let module = module_with(&[(
        "variables.tf",
        "variable \"keep\" {}\nvariable \"drop\" {}\nvariable \"also\" {}\n",
    )]);
    let out = tfvars(
        &[
            "-i",
            module.to_str().unwrap(),
            "--stdout",
            "--ignore-variable",
            "drop",
            "--ignore-variable=also",
            "--property",
            "title=My <module>",
            "--property",
            "nonsense",
            "--escape-json",
        ],
        &scratch(),
    );
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(
        !stdout.contains("drop") && !stdout.contains("also"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\"title\": \"My \\u003cmodule\\u003e\""),
        "{stdout}"
    );
    assert_eq!(
        text(&out.stderr),
        "Warning: invalid property \"nonsense\", skipping\n"
    );
}

#[test]
fn bad_flags_exit_non_zero() {
    let out = tfvars(&["--no-such-flag"], &scratch());
    assert_eq!(out.status.code(), Some(2));
    let out = tfvars(&["--terraform-version", "0.12", "--stdout"], &scratch());
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn error_messages_go_on_the_node_of_translated_rules() {
    let dir = module_with(&[(
        "main.tf",
        r#"
variable "mode" {
  type    = string
  default = "a"
  validation {
    condition     = contains(["a", "b"], var.mode)
    error_message = "Mode must be a or b."
  }
  validation {
    condition     = var.mode != ""
    error_message = "Not empty, got ${var.mode}."
  }
  validation {
    condition     = !can(base64decode(var.mode))
    error_message = "Untranslated."
  }
}
"#,
    )]);
    let with = tfvars(&["--stdout", "--error-messages"], &dir);
    assert!(with.status.success(), "{}", text(&with.stderr));
    let schema: serde_json::Value = serde_json::from_slice(&with.stdout).expect("json");
    // Only the constant message of a translated rule.
    assert_eq!(
        schema["properties"]["mode"]["errorMessage"],
        "Mode must be a or b."
    );
    let without = tfvars(&["--stdout"], &dir);
    assert!(!text(&without.stdout).contains("errorMessage"));
}
