//! The `tfvars` binary on hostile nesting: modules and variable files nested 10,000 to 100,000
//! levels deep end with an error that names the file, line and column and the usual exit
//! status, never with a crash; a module at every limit works through all three commands.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

const DEPTHS: [usize; 3] = [10_000, 50_000, 100_000];

/// A fresh scratch directory holding `files`.
fn scratch(files: &[(&str, &str)]) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "tfvars-limits-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    for (name, text) in files {
        std::fs::write(dir.join(name), text).expect("write");
    }
    dir
}

fn tfvars(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tfvars"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("runs")
}

/// The exit status and stderr; a run killed by a signal (a stack overflow aborts) fails here.
fn status_and_stderr(out: &Output) -> (i32, String) {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let code = out
        .status
        .code()
        .unwrap_or_else(|| panic!("killed by a signal: {:?}\n{stderr}", out.status));
    (code, stderr)
}

fn wrap(n: usize, open: &str, inner: &str, close: &str) -> String {
    let mut s = String::with_capacity(n * (open.len() + close.len()) + inner.len());
    for _ in 0..n {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..n {
        s.push_str(close);
    }
    s
}

const NESTING: &str = "Expression too deeply nested: Expressions, templates and blocks may nest \
                       at most 256 levels deep";
const EXPRESSION_NESTING: &str =
    "Expression too deeply nested: expressions may nest at most 200 levels deep";
const JSON_NESTING: &str =
    "Nesting too deep: arrays and objects may be nested at most 128 levels deep";

#[test]
fn deep_modules_are_errors_in_every_command() {
    for n in DEPTHS {
        let modules = [
            (
                "main.tf",
                format!(
                    "variable \"x\" {{\n  type = {}\n}}\n",
                    wrap(n, "list(", "string", ")")
                ),
                format!("main.tf:2:1285: {NESTING}"),
            ),
            (
                "main.tf",
                format!(
                    "variable \"x\" {{\n  type = any\n  validation {{\n    condition = {} == \
                     var.x\n    error_message = \"m\"\n  }}\n}}\n",
                    wrap(n, "[for v in ", "[1]", " : v]")
                ),
                format!("main.tf:4:2557: {NESTING}"),
            ),
            (
                "main.tf.json",
                format!(
                    "{{\"variable\": {{\"x\": {{\"default\": {}}}}}}}\n",
                    wrap(n, "[", "1", "]")
                ),
                format!("main.tf.json:1:157: {JSON_NESTING}"),
            ),
        ];
        for (name, text, expected) in &modules {
            let dir = scratch(&[(name, text), ("x.tfvars.json", "{}")]);
            for (args, status) in [
                (&["schema", "--stdout"][..], 1),
                (&["rust"][..], 2),
                (&["validate", "x.tfvars.json"][..], 2),
            ] {
                let (code, stderr) = status_and_stderr(&tfvars(args, &dir));
                assert_eq!(code, status, "{args:?} {n}: {stderr}");
                assert!(stderr.contains(expected), "{args:?} {n}: {stderr}");
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

#[test]
fn deep_variable_files_are_located_errors() {
    let module = "variable \"x\" {\n  type = any\n}\n";
    for n in DEPTHS {
        let json = format!("{{\"x\": {}}}", wrap(n, "[", "1", "]"));
        let hcl = format!("x = {}\n", wrap(n, "{a = ", "1", "}"));
        let chain = format!("x = {}\n", vec!["1"; n].join(" + "));
        let dir = scratch(&[
            ("main.tf", module),
            ("x.tfvars.json", &json),
            ("x.tfvars", &hcl),
            ("chain.tfvars", &chain),
        ]);
        for (file, expected) in [
            ("x.tfvars.json", "x.tfvars.json:1:134"),
            ("x.tfvars", "x.tfvars:1:1281"),
            ("chain.tfvars", "chain.tfvars:1:1027"),
        ] {
            let (code, stderr) = status_and_stderr(&tfvars(&["validate", file], &dir));
            assert_eq!(code, 1, "{file} {n}: {stderr}");
            assert!(stderr.contains(expected), "{file} {n}: {stderr}");
            assert!(
                stderr.contains("too deep") || stderr.contains("too deeply"),
                "{stderr}"
            );
        }
    }
}

#[test]
fn a_module_at_the_limits_works_in_every_command() {
    // The limits: JSON values nest 128 levels (the root object is one), expressions 200
    // (a `for` expression is one level, a chain of `&&` one per operator).
    let module = |lists: usize, fors: usize, conditions: usize| {
        format!(
            "variable \"x\" {{\n  type = {}\n  validation {{\n    condition = {}\n    \
             error_message = \"m\"\n  }}\n}}\nvariable \"f\" {{\n  type = any\n  default = {}\n}}\n",
            wrap(lists, "list(", "string", ")"),
            vec!["var.x != null"; conditions].join(" && "),
            wrap(fors, "[for v in ", "[1]", " : v]")
        )
    };
    let value = format!("{{\"x\": {}}}", wrap(127, "[", "\"v\"", "]"));
    for past in [module(127, 199, 199), module(127, 198, 200)] {
        let dir = scratch(&[("main.tf", &past), ("x.tfvars.json", &value)]);
        let (code, stderr) = status_and_stderr(&tfvars(&["schema", "--stdout"], &dir));
        assert_eq!(code, 1, "{stderr}");
        assert!(stderr.contains(EXPRESSION_NESTING), "{stderr}");
        let _ = std::fs::remove_dir_all(&dir);
    }
    let dir = scratch(&[
        ("main.tf", &module(127, 198, 199)),
        ("x.tfvars.json", &value),
    ]);

    let out = tfvars(&["schema", "--stdout"], &dir);
    let (code, stderr) = status_and_stderr(&out);
    assert_eq!(code, 0, "{stderr}");
    // Deeper than serde_json reads by default: checked as text.
    let schema = String::from_utf8_lossy(&out.stdout);
    assert!(schema.contains("\"x\": {"), "{schema}");
    assert_eq!(schema.matches("\"items\"").count(), 127);

    let out = tfvars(&["rust"], &dir);
    let (code, stderr) = status_and_stderr(&out);
    assert_eq!(code, 0, "{stderr}");
    let code = String::from_utf8_lossy(&out.stdout).into_owned();
    let field = code.find("pub x:").expect("the field of `x`");
    let vecs = code[field..]
        .split_once(',')
        .unwrap()
        .0
        .matches("Vec<")
        .count();
    assert_eq!(vecs, 127);

    let out = tfvars(&["validate", "--values", "x.tfvars.json"], &dir);
    let (code, stderr) = status_and_stderr(&out);
    assert_eq!(code, 0, "{stderr}");
    // Deeper than serde_json reads by default: checked as text.
    let values: String = String::from_utf8_lossy(&out.stdout)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let x = format!("\"x\":{}\"v\"{}", "[".repeat(127), "]".repeat(127));
    assert!(values.contains(&x), "{values}");
    let _ = std::fs::remove_dir_all(&dir);
}
