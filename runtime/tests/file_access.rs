//! The file functions and `path.*` are unknown to the runtime unless `CheckOptions::files`
//! names the folder to read: then they are evaluated against it, as Terraform evaluates them
//! under `terraform -chdir=DIR plan`.

use std::path::PathBuf;

use tfvars_runtime::check::check;
use tfvars_runtime::{CheckOptions, FileAccess, InputSource, InputVariable, Severity, Value};

fn module() -> (PathBuf, tfvars_runtime::ModuleSpec) {
    let dir = std::env::temp_dir().join(format!("tfvars-file-access-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("keys")).unwrap();
    std::fs::write(dir.join("keys/id.pub"), "ssh-ed25519 AAAA\n").unwrap();
    std::fs::write(
        dir.join("main.tf"),
        r#"variable "key" {
  type = string
  validation {
    condition     = fileexists("${path.module}/${var.key}") && length(fileset(path.module, "keys/*")) == 1
    error_message = "No such key: ${var.key}."
  }
}
"#,
    )
    .unwrap();
    let spec = tfvars_codegen::load(&dir).unwrap().spec;
    (dir, spec)
}

fn key(name: &str) -> Vec<InputVariable> {
    vec![InputVariable {
        name: "key".into(),
        value: Value::String(name.into()),
        location: None,
        source: InputSource::File,
    }]
}

#[test]
fn unchecked_by_default_evaluated_with_a_folder() {
    let (dir, spec) = module();
    let by_default = check(&spec, &key("keys/none.pub"), &CheckOptions::default());
    assert!(by_default.is_ok());
    let unchecked: Vec<_> = by_default.report.unchecked().collect();
    assert_eq!(unchecked.len(), 1, "{}", by_default.report);
    assert!(
        unchecked[0].detail.contains("fileexists"),
        "{}",
        unchecked[0]
    );

    let options = CheckOptions {
        files: Some(FileAccess::new(&dir)),
        ..CheckOptions::default()
    };
    let missing = check(&spec, &key("keys/none.pub"), &options);
    let errors: Vec<_> = missing.report.errors().collect();
    assert_eq!(errors.len(), 1, "{}", missing.report);
    assert_eq!(errors[0].severity, Severity::Error);
    assert!(
        errors[0].detail.contains("No such key: keys/none.pub."),
        "{}",
        errors[0]
    );

    let present = check(&spec, &key("keys/id.pub"), &options);
    assert!(present.report.diagnostics.is_empty(), "{}", present.report);
    let _ = std::fs::remove_dir_all(&dir);
}
