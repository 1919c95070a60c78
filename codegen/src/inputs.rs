//! Assembling a module's input values from every source `terraform plan` reads, in its order:
//!
//! 1. `TF_VAR_name` environment variables;
//! 2. `terraform.tfvars`, then `terraform.tfvars.json`, in the working folder;
//! 3. every `*.auto.tfvars` and `*.auto.tfvars.json` of the working folder, in byte order of
//!    file name (both suffixes in one order; hidden files too; the suffix is case-sensitive);
//! 4. `-var-file=FILE` and `-var 'NAME=VALUE'` options, in command-line order.
//!
//! A later source replaces an earlier one's value of a variable whole. The rules below were
//! recorded from Terraform 1.11.4 (`tests/conformance/cases/src_*`):
//!
//! - Files are read and parsed when they are met: a syntax error, a block or an attribute set
//!   twice in any file is an error, even when a later source sets the same variable. Syntax
//!   errors (files, malformed `-var` options, missing files) stop everything else: only they are
//!   reported.
//! - A value is evaluated only when it is the value that counts: a file's expression, or the
//!   text of a `TF_VAR_` variable or a `-var` option, which a primitive-typed (`string`,
//!   `number`, `bool`) or untyped variable takes as a literal string and any other type (`any`
//!   included) as one constant HCL expression, located in `<value for var.NAME>`. A bad value
//!   replaced by a later source is no error.
//! - A name the module does not declare is ignored in the environment, a warning in a file
//!   (none when its value fails to evaluate: it is dropped), and an error in a `-var` option
//!   ("Value for undeclared variable").
//! - The errors of the values that count, undeclared `-var` names among them, reject the input
//!   before any conversion, together with the files' warnings about undeclared names and an
//!   error for each required variable left without a value ([`Assembled::value_errors`]).

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use tfvars_runtime::json::parse_tfvars_json;
use tfvars_runtime::value::go_quote;
use tfvars_runtime::{Diagnostic, InputSource, InputVariable, ModuleSpec, Severity};

use crate::source::{decode_lossy, misencoded_byte, refused_replacement, Decoded, SourceFile};
use crate::tfvars_hcl::{parse_tfvars_value, read_tfvars};

/// One input option of the command line, in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandLineInput {
    /// `-var-file=FILE` (or a positional variables file).
    VarFile(PathBuf),
    /// `-var 'NAME=VALUE'`: the text after `-var`, as the command line gave it (bytes that are
    /// not UTF-8 are read as Terraform reads them).
    Var(OsString),
}

/// What to read: the environment, the auto-loaded files of a folder, the command line.
#[derive(Clone, Debug, Default)]
pub struct InputSources {
    /// The environment variables (all of them; only `TF_VAR_` ones are used), as the process
    /// has them: a value that is not UTF-8 is read as Terraform reads it (U+FFFD for each bad
    /// byte in a literal; "Invalid character encoding" outside comments in an expression).
    pub env: Vec<(OsString, OsString)>,
    /// The working folder whose `terraform.tfvars` and `*.auto.tfvars(.json)` are read, if any.
    pub auto_dir: Option<PathBuf>,
    /// `-var-file` and `-var` options, in command-line order.
    pub command_line: Vec<CommandLineInput>,
}

impl InputSources {
    /// The process's environment, the auto-loaded files of `dir`, then `command_line`.
    pub fn terraform_plan(dir: &Path, command_line: Vec<CommandLineInput>) -> InputSources {
        InputSources {
            env: std::env::vars_os().collect(),
            auto_dir: Some(dir.to_path_buf()),
            command_line,
        }
    }
}

/// The inputs of every source, ready for [`tfvars_runtime::check::check`].
#[derive(Clone, Debug, Default)]
pub struct Assembled {
    /// The values, in source order (a later one replaces an earlier one of the same name).
    pub inputs: Vec<InputVariable>,
    /// Errors that stop before any check: unreadable or malformed files, malformed `-var`
    /// options. When there are any, only they are reported.
    pub syntax_errors: Vec<Diagnostic>,
    /// Errors of the values that count: values and texts that do not evaluate (their
    /// variables are left without a value), `-var` options naming undeclared variables. They
    /// reject the input before any conversion; [`Assembled::value_stage`] gives everything
    /// Terraform reports with them.
    pub value_errors: Vec<Diagnostic>,
}

impl Assembled {
    /// What Terraform reports for the module `spec` when there are [`Self::value_errors`]:
    /// those errors, the warnings about undeclared names among [`Self::inputs`], and an error
    /// for each required variable left without a value; conversion and validation never happen.
    /// `None` when there are no such errors.
    pub fn value_stage(&self, spec: &ModuleSpec) -> Option<Vec<Diagnostic>> {
        if self.value_errors.is_empty() {
            return None;
        }
        let mut diags = self.value_errors.clone();
        diags.extend(tfvars_runtime::check::before_conversion(spec, &self.inputs));
        Some(diags)
    }
}

/// The names of the files of `dir` that Terraform loads by itself, in its order. A folder
/// named like one is listed too: Terraform fails to read it.
pub fn auto_loaded_files(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut names = Vec::new();
    for fixed in ["terraform.tfvars", "terraform.tfvars.json"] {
        if dir.join(fixed).is_file() {
            names.push(fixed.to_string());
        }
    }
    let mut auto: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        if name.ends_with(".auto.tfvars") || name.ends_with(".auto.tfvars.json") {
            auto.push(name);
        }
    }
    // Byte order of the name, as Go's `os.ReadDir` lists them.
    auto.sort();
    names.extend(auto);
    Ok(names)
}

// A value before the source that counts is known: read from a file (evaluated, or why not),
// or a text (env, `-var`).
enum Raw {
    Read {
        name: String,
        value: Result<InputVariable, Vec<Diagnostic>>,
    },
    Text {
        name: String,
        text: String,
        /// Where bytes that were not UTF-8 stand as U+FFFD in `text` (see [`decode_lossy`]).
        replaced: Vec<usize>,
        source: InputSource,
    },
}

impl Raw {
    fn name(&self) -> &str {
        match self {
            Raw::Read { name, .. } => name,
            Raw::Text { name, .. } => name,
        }
    }
}

/// Reads every source of `sources` for the module `spec`.
pub fn assemble(spec: &ModuleSpec, sources: &InputSources) -> Assembled {
    let mut out = Assembled::default();
    let mut raw: Vec<Raw> = Vec::new();

    // A name that is not UTF-8 cannot be a declared variable's: the environment's undeclared
    // names are ignored.
    let mut env: Vec<(&str, &OsString)> = sources
        .env
        .iter()
        .filter_map(|(k, v)| {
            let name = k.to_str()?.strip_prefix("TF_VAR_")?;
            (!name.is_empty()).then_some((name, v))
        })
        .collect();
    env.sort();
    for (name, v) in env {
        let (text, replaced) = decode_lossy(v.as_encoded_bytes().to_vec());
        raw.push(Raw::Text {
            name: name.to_string(),
            text,
            replaced,
            source: InputSource::Environment,
        });
    }

    if let Some(dir) = &sources.auto_dir {
        match auto_loaded_files(dir) {
            Ok(names) => {
                for name in names {
                    let shown = if dir.as_os_str().is_empty() || dir == Path::new(".") {
                        PathBuf::from(&name)
                    } else {
                        dir.join(&name)
                    };
                    read_file(&shown, &mut raw, &mut out.syntax_errors);
                }
            }
            Err(e) => out.syntax_errors.push(error(
                "Failed to read the working directory",
                format!("Cannot list {}: {e}.", dir.display()),
            )),
        }
    }

    for option in &sources.command_line {
        match option {
            CommandLineInput::VarFile(path) => read_file(path, &mut raw, &mut out.syntax_errors),
            CommandLineInput::Var(text) => match parse_var_option(text) {
                Ok((name, (text, replaced))) => raw.push(Raw::Text {
                    name,
                    text,
                    replaced,
                    source: InputSource::CommandLine,
                }),
                Err(d) => out.syntax_errors.push(*d),
            },
        }
    }

    // Only the value that counts is read; the others are replaced whole.
    let mut last_of: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (i, r) in raw.iter().enumerate() {
        last_of.insert(r.name(), i);
    }
    let last: Vec<bool> = (0..raw.len())
        .map(|i| last_of[raw[i].name()] == i)
        .collect();
    drop(last_of);
    for (raw, _) in raw.into_iter().zip(last).filter(|(_, last)| *last) {
        let declared = |name: &str| spec.variables.iter().find(|v| v.name == name);
        match raw {
            Raw::Read {
                value: Ok(input), ..
            } => out.inputs.push(input),
            Raw::Read {
                name,
                value: Err(diags),
            } => {
                if declared(&name).is_some() {
                    out.value_errors.extend(diags);
                }
            }
            Raw::Text {
                name,
                text,
                replaced,
                source,
            } => {
                let Some(var) = declared(&name) else {
                    if source == InputSource::CommandLine {
                        out.value_errors.push(error(
                            "Value for undeclared variable",
                            format!(
                                "A variable named {} was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration.",
                                go_quote(&name)
                            ),
                        ));
                    }
                    continue;
                };
                let literal = !var.typed || var.ty.is_primitive();
                let parsed = if literal {
                    Ok(InputVariable {
                        value: tfvars_runtime::Value::String(nfc_text(&text)),
                        name,
                        location: None,
                        source,
                    })
                } else {
                    let file = format!("<value for var.{name}>");
                    match refuse_misencoded(&file, Path::new(&file), (text, replaced)) {
                        Err(e) => Err(vec![Diagnostic {
                            variable: Some(name),
                            ..*e
                        }]),
                        Ok(text) => parse_tfvars_value(&text, &name).map(|mut i| {
                            i.source = source;
                            i
                        }),
                    }
                };
                match parsed {
                    Ok(input) => out.inputs.push(input),
                    Err(diags) => out.value_errors.extend(diags),
                }
            }
        }
    }
    // The inputs keep their source order (each name appears once now).
    out
}

// Terraform normalises every string it reads to NFC; literal texts too.
fn nfc_text(text: &str) -> String {
    crate::lower::nfc(text)
}

fn error(summary: &str, detail: String) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        summary: summary.to_string(),
        detail,
        variable: None,
        path: String::new(),
        location: None,
    }
}

// `NAME=VALUE`, as Terraform splits and checks it: the name, and the value's text with where
// bytes that were not UTF-8 stand as U+FFFD in it.
fn parse_var_option(option: &OsStr) -> Result<(String, Decoded), Box<Diagnostic>> {
    let bytes = option.as_encoded_bytes();
    let Some(eq) = bytes.iter().position(|&b| b == b'=') else {
        return Err(Box::new(error(
            "Invalid -var option",
            format!(
                "The given -var option {} is not correctly specified. Must be a variable name and value separated by an equals sign, like -var=\"key=value\".",
                go_quote(&String::from_utf8_lossy(bytes))
            ),
        )));
    };
    let name = String::from_utf8_lossy(&bytes[..eq]).into_owned();
    let value = decode_lossy(bytes[eq + 1..].to_vec());
    if name.ends_with(char::is_whitespace) {
        let suggestion = format!("{}={}", name.trim(), value.0.trim());
        return Err(Box::new(error(
            "Invalid -var option",
            format!(
                "Variable name {} is invalid due to trailing space. Did you mean -var={}?",
                go_quote(&name),
                go_quote(&suggestion)
            ),
        )));
    }
    Ok((name, value))
}

// The decoded text of the file or text `name`, or "Invalid character encoding" at its first byte
// that is not UTF-8 where Terraform refuses one (see [`refused_replacement`]), one byte wide (see
// [`misencoded_byte`]).
fn refuse_misencoded(
    name: &str,
    path: &Path,
    (text, replaced): Decoded,
) -> Result<String, Box<Diagnostic>> {
    let Some(at) = refused_replacement(name, &text, &replaced) else {
        return Ok(text);
    };
    let src = SourceFile::new(name, path, text);
    let mut e = error(
        "Invalid character encoding",
        "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your \
         editor."
            .to_string(),
    );
    e.location = Some(misencoded_byte(&src, at, &replaced));
    Err(Box::new(e))
}

// Reads one variables file into `raw`; its errors into `errors`.
fn read_file(path: &Path, raw: &mut Vec<Raw>, errors: &mut Vec<Diagnostic>) {
    let name = path.to_string_lossy().into_owned();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            errors.push(error(
                "Failed to read variables file",
                format!("Given variables file {name} does not exist."),
            ));
            return;
        }
        Err(e) => {
            // Worded as Go words it: `read d.auto.tfvars: is a directory`.
            let op = if path.is_dir() { "read" } else { "open" };
            let reason = e.to_string();
            let reason = reason.split(" (os error").next().unwrap_or(&reason);
            let mut chars = reason.chars();
            let reason: String = chars
                .next()
                .map(|c| c.to_lowercase().chain(chars).collect())
                .unwrap_or_default();
            errors.push(error(
                "Failed to read variables file",
                format!("Error while reading {name}: {op} {name}: {reason}."),
            ));
            return;
        }
    };
    // Bytes that are not UTF-8 stand as U+FFFD, where Terraform takes them.
    let text = match refuse_misencoded(&name, path, decode_lossy(bytes)) {
        Ok(text) => text,
        Err(e) => {
            errors.push(*e);
            return;
        }
    };
    let read = if name.ends_with(".json") {
        parse_tfvars_json(&text, &name).map(|vars| {
            vars.into_iter()
                .map(|input| Raw::Read {
                    name: input.name.clone(),
                    value: Ok(input),
                })
                .collect::<Vec<_>>()
        })
    } else {
        read_tfvars(&text, &name).map(|values| {
            values
                .into_iter()
                .map(|v| Raw::Read {
                    name: v.name,
                    value: v.value,
                })
                .collect()
        })
    };
    match read {
        Ok(read) => raw.extend(read),
        Err(diags) => errors.extend(diags),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn var_options_split_at_the_first_equals_sign() {
        let option = |text: &str| parse_var_option(OsStr::new(text));
        assert_eq!(
            option("s=a=b").unwrap(),
            ("s".to_string(), ("a=b".to_string(), vec![]))
        );
        assert_eq!(
            option("=x").unwrap(),
            (String::new(), ("x".to_string(), vec![]))
        );
        let e = option("s = x").unwrap_err();
        assert!(e.detail.contains("Did you mean -var=\"s=x\"?"), "{e}");
        let e = option("s").unwrap_err();
        assert_eq!(e.summary, "Invalid -var option");
    }

    /// Recorded from Terraform 1.11.4: a folder named like an auto-loaded file fails the run.
    #[test]
    fn a_folder_named_like_an_auto_loaded_file_is_an_error() {
        let dir = std::env::temp_dir().join(format!("tfvars-auto-dir-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("d.auto.tfvars")).unwrap();
        let sources = InputSources {
            env: Vec::new(),
            auto_dir: Some(dir.clone()),
            command_line: Vec::new(),
        };
        let assembled = assemble(&ModuleSpec::default(), &sources);
        let shown = dir.join("d.auto.tfvars").display().to_string();
        let errors: Vec<String> = assembled
            .syntax_errors
            .iter()
            .map(|e| format!("{}: {}", e.summary, e.detail))
            .collect();
        assert_eq!(
            errors,
            [format!(
                "Failed to read variables file: Error while reading {shown}: read {shown}: is a \
                 directory."
            )]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Recorded from Terraform 1.11.4: a byte that is not UTF-8 in a `.tfvars` value is
    /// "Invalid character encoding" at that byte; in a comment, or in a JSON file, it is read
    /// as U+FFFD.
    #[test]
    fn var_files_with_bytes_that_are_not_utf8() {
        let dir = std::env::temp_dir().join(format!("tfvars-inputs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let read = |name: &str, bytes: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            let (mut raw, mut errors) = (Vec::new(), Vec::new());
            read_file(&path, &mut raw, &mut errors);
            let values: Vec<String> = raw
                .into_iter()
                .map(|r| match r {
                    Raw::Read { value: Ok(i), .. } => format!("{}={:?}", i.name, i.value),
                    _ => "other".to_string(),
                })
                .collect();
            let errors: Vec<String> = errors
                .iter()
                .map(|e| format!("{}: {}", e.location.as_ref().unwrap(), e.summary))
                .collect();
            (values, errors)
        };
        let (_, errors) = read("x.tfvars", b"s = \"a\xffb\"\n");
        let at = dir.join("x.tfvars").display().to_string();
        assert_eq!(errors, [format!("{at}:1:7: Invalid character encoding")]);
        // One byte wide, in the file's bytes: the comment's two bad bytes count one each.
        let path = dir.join("w.tfvars");
        std::fs::write(&path, b"# \xfe\xfe\ns = \"a\xffb\"\n").unwrap();
        let mut errors = Vec::new();
        read_file(&path, &mut Vec::new(), &mut errors);
        let range = errors[0].location.as_ref().unwrap().range.unwrap();
        assert_eq!(
            [range.start, range.end].map(|p| (p.line, p.column, p.byte)),
            [(2, 7, 11), (2, 8, 12)]
        );
        let (values, errors) = read("z.tfvars", b"a = 1\n# comment \xfe here\ns = \"ok\"\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(values.len(), 2);
        let (values, errors) = read("y.tfvars.json", b"{\"s\": \"a\xffb\"}\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            values,
            [format!(
                "s={:?}",
                tfvars_runtime::Value::String("a\u{fffd}b".into())
            )]
        );
        // A cut sequence is a replacement for each of its bytes (`length` is 4 in Terraform).
        let (values, _) = read("v.tfvars.json", b"{\"s\": \"a\xe2\x82b\"}\n");
        assert_eq!(
            values,
            [format!(
                "s={:?}",
                tfvars_runtime::Value::String("a\u{fffd}\u{fffd}b".into())
            )]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Recorded from Terraform 1.11.4 (`TF_VAR_x=$'…'`, `-var $'x=…'`): a `TF_VAR_` or `-var` text
/// that is not UTF-8 is a string with U+FFFD for a primitive type; for another type it is
/// "Invalid character encoding" at the first bad byte outside a comment.
#[cfg(all(test, unix))]
mod misencoded_texts {
    use std::os::unix::ffi::OsStringExt;

    use super::*;

    fn assembled(env: &[(&str, &[u8])], vars: &[&[u8]]) -> Assembled {
        // A folder of its own for each call: the tests of a binary may run side by side.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let dir =
            std::env::temp_dir().join(format!("tfvars-misencoded-{}-{call}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("variables.tf"),
            "variable \"s\" {\n  type = string\n}\nvariable \"l\" {\n  type = list(string)\n}\n",
        )
        .unwrap();
        let module = crate::load(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let sources = InputSources {
            env: env
                .iter()
                .map(|(k, v)| (OsString::from(k), OsString::from_vec(v.to_vec())))
                .collect(),
            auto_dir: None,
            command_line: vars
                .iter()
                .map(|v| CommandLineInput::Var(OsString::from_vec(v.to_vec())))
                .collect(),
        };
        assemble(&module.spec, &sources)
    }

    fn errors(a: &Assembled) -> Vec<String> {
        a.syntax_errors
            .iter()
            .chain(&a.value_errors)
            .map(|e| format!("{}: {}", e.location.as_ref().unwrap(), e.summary))
            .collect()
    }

    fn value(a: &Assembled, name: &str) -> tfvars_runtime::Value {
        a.inputs
            .iter()
            .find(|i| i.name == name)
            .unwrap()
            .value
            .clone()
    }

    #[test]
    fn a_string_takes_the_replacement_character() {
        let a = assembled(&[("TF_VAR_s", b"a\xffb")], &[]);
        assert!(errors(&a).is_empty(), "{:?}", errors(&a));
        assert_eq!(value(&a, "s"), tfvars_runtime::Value::string("a\u{fffd}b"));
        let a = assembled(&[], &[b"s=a\xffb"]);
        assert_eq!(value(&a, "s"), tfvars_runtime::Value::string("a\u{fffd}b"));
    }

    #[test]
    fn an_expression_refuses_the_byte_outside_comments() {
        let a = assembled(&[("TF_VAR_l", b"[\"a\xffb\"]")], &[]);
        assert_eq!(
            errors(&a),
            ["<value for var.l>:1:4: Invalid character encoding"]
        );
        assert_eq!(a.value_errors[0].variable.as_deref(), Some("l"));
        let a = assembled(&[], &[b"l=[\"a\xffb\"]"]);
        assert_eq!(
            errors(&a),
            ["<value for var.l>:1:4: Invalid character encoding"]
        );
        let a = assembled(&[("TF_VAR_l", b"\xff")], &[]);
        assert_eq!(
            errors(&a),
            ["<value for var.l>:1:1: Invalid character encoding"]
        );
        // The range is one byte of the text as given, earlier bad bytes counted as one each.
        let a = assembled(&[("TF_VAR_l", b"# \xfe\xfe\n[\"a\xffb\"]")], &[]);
        let range = a.value_errors[0].location.as_ref().unwrap().range.unwrap();
        assert_eq!(
            [range.start, range.end].map(|p| (p.line, p.column, p.byte)),
            [(2, 4, 8), (2, 5, 9)]
        );
        let a = assembled(&[("TF_VAR_l", b"[\"ab\"] # \xff")], &[]);
        assert!(errors(&a).is_empty(), "{:?}", errors(&a));
        assert_eq!(value(&a, "l").to_json().unwrap(), r#"["ab"]"#);
    }

    #[test]
    fn a_name_that_is_not_utf8_is_ignored_in_the_environment() {
        let mut env = vec![(
            OsString::from_vec(b"TF_VAR_\xff".to_vec()),
            OsString::from("1"),
        )];
        env.push((OsString::from("TF_VAR_s"), OsString::from("x")));
        let sources = InputSources {
            env,
            auto_dir: None,
            command_line: Vec::new(),
        };
        let a = assemble(&ModuleSpec::default(), &sources);
        assert!(errors(&a).is_empty());
    }
}
