//! `tfvars validate`: checks a module's input values as `terraform plan` would, reading every
//! source Terraform reads: `TF_VAR_` variables, the auto-loaded files of the module folder,
//! then `--var-file` and `--var` options (and positional variables files) in command-line order.
//!
//! Exit status: 0 accepted (warnings on stderr), 1 rejected (diagnostics on stderr, or on stdout
//! with `--json`), 2 the module or the arguments cannot be used.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::ArgMatches;
use tfvars_codegen::inputs::{assemble, CommandLineInput, InputSources};
use tfvars_runtime::check::check_owned;
use tfvars_runtime::expr::{SourcePos, SourceRange};
use tfvars_runtime::{
    CheckOptions, Diagnostic, FileAccess, Location, ModuleSpec, Severity, TerraformVersion, Value,
};

/// Arguments of `tfvars validate`.
#[derive(clap::Args)]
pub struct Args {
    /// The module folder (its `.tf` and `.tf.json` files), also the working folder whose
    /// `terraform.tfvars`, `terraform.tfvars.json` and `*.auto.tfvars(.json)` are read, as
    /// `terraform -chdir=DIR plan` reads them.
    #[arg(short = 'i', long = "input", default_value = ".", value_name = "DIR")]
    pub(crate) input: PathBuf,
    /// On acceptance, print one JSON object with every declared variable's effective value:
    /// after conversion, defaults, optional-attribute defaults and null rules.
    #[arg(long)]
    values: bool,
    /// Print the diagnostics on stdout as `terraform validate -json` does (with `--values`,
    /// the values are added as a `values` member).
    #[arg(long)]
    json: bool,
    /// Exit 1 when a validation rule could not be decided (a non-deterministic function, a
    /// resource reference): for CI that wants certainty.
    #[arg(long = "fail-on-unchecked")]
    fail_on_unchecked: bool,
    /// Do not read `TF_VAR_` environment variables.
    #[arg(long = "no-env")]
    no_env: bool,
    /// Do not read `terraform.tfvars`, `terraform.tfvars.json` and `*.auto.tfvars(.json)`.
    #[arg(long = "no-auto-files")]
    no_auto_files: bool,
    /// Whose semantics to follow where Terraform releases differ: `1.11` or `latest`.
    #[arg(
        long = "terraform-version",
        default_value = "latest",
        value_name = "VERSION"
    )]
    terraform_version: String,
    /// A variables file, like Terraform's `-var-file=FILE` (which is accepted too): `*.json`
    /// files are read as JSON, others as HCL `.tfvars`.
    #[arg(long = "var-file", value_name = "FILE")]
    var_file: Vec<PathBuf>,
    /// One variable, like Terraform's `-var 'NAME=VALUE'` (accepted too): the value is literal
    /// text for a primitive-typed or untyped variable, an HCL expression otherwise.
    #[arg(long = "var", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    var: Vec<std::ffi::OsString>,
    /// Variables files, like `--var-file`, in command-line order with it.
    #[arg(value_name = "VARFILE")]
    var_files: Vec<PathBuf>,
}

/// Terraform's single-dash spellings of `validate`'s options, made clap's: `-var-file=F`,
/// `-var-file F`, `-var N=V`, `-var=N=V`, `-json`. Arguments after `--` are left alone.
pub fn terraform_spellings(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let Some(at) = args.iter().position(|a| a == "validate") else {
        return args;
    };
    let mut out = Vec::with_capacity(args.len());
    let mut rest = false;
    let mut value_next = false;
    for (i, a) in args.into_iter().enumerate() {
        if i <= at || rest || value_next {
            value_next = false;
            out.push(a);
            continue;
        }
        let Some(s) = a.to_str() else {
            out.push(a);
            continue;
        };
        if s == "--" {
            rest = true;
            out.push(a);
            continue;
        }
        let mapped = match s {
            "-var-file" | "-var" | "-json" => format!("-{s}"),
            _ if s.starts_with("-var-file=") || s.starts_with("-var=") => format!("-{s}"),
            _ => s.to_string(),
        };
        // The value of `--var` may start with a dash; clap is told so. The values of the other
        // options are taken as they come.
        value_next = matches!(
            mapped.as_str(),
            "--var-file" | "--var" | "-i" | "--input" | "--terraform-version"
        );
        out.push(mapped.into());
    }
    out
}

// The `--var-file`, `--var` and positional files, in command-line order.
fn command_line(args: &Args, matches: Option<&ArgMatches>) -> Vec<CommandLineInput> {
    let mut at: Vec<(usize, CommandLineInput)> = Vec::new();
    let indices = |id: &str| -> Vec<usize> {
        matches
            .and_then(|m| m.indices_of(id))
            .map(|i| i.collect())
            .unwrap_or_default()
    };
    for (i, f) in indices("var_file").into_iter().zip(&args.var_file) {
        at.push((i, CommandLineInput::VarFile(f.clone())));
    }
    for (i, v) in indices("var").into_iter().zip(&args.var) {
        at.push((i, CommandLineInput::Var(v.clone())));
    }
    for (i, f) in indices("var_files").into_iter().zip(&args.var_files) {
        at.push((i, CommandLineInput::VarFile(f.clone())));
    }
    let complete = at.len() == args.var_file.len() + args.var.len() + args.var_files.len();
    if !complete {
        // Without positions (not parsed from a command line): files, then options.
        at = args
            .var_file
            .iter()
            .chain(&args.var_files)
            .map(|f| CommandLineInput::VarFile(f.clone()))
            .chain(args.var.iter().map(|v| CommandLineInput::Var(v.clone())))
            .enumerate()
            .collect();
    }
    at.sort_by_key(|(i, _)| *i);
    at.into_iter().map(|(_, c)| c).collect()
}

/// Runs `tfvars validate`; `matches` gives the order of the input options.
pub fn run(args: Args, matches: Option<&ArgMatches>) -> ExitCode {
    let version: TerraformVersion = match args.terraform_version.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // The module and the results live until the process exits: freeing them piece by piece
    // would only cost time.
    let module = match tfvars_codegen::load(&args.input) {
        Ok(m) => std::mem::ManuallyDrop::new(m),
        Err(e) => {
            eprintln!("error: cannot use the module in `{}`", args.input.display());
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    for w in &module.warnings {
        eprintln!("warning: {w}");
    }

    let mut sources = InputSources::terraform_plan(&args.input, command_line(&args, matches));
    if args.no_env {
        sources.env.clear();
    }
    if args.no_auto_files {
        sources.auto_dir = None;
    }
    let assembled = assemble(&module.spec, &sources);
    let out = Output::new(&args, &sources, &module.spec);
    if !assembled.syntax_errors.is_empty() {
        return out.finish(&assembled.syntax_errors, None);
    }

    // File functions and `path.*` read the module folder, Terraform's working directory.
    let files = FileAccess {
        dir: args.input.clone(),
        home: None,
        template_parser: Some(tfvars_codegen::lower::template_file),
    };
    let options = CheckOptions {
        version,
        files: Some(files),
    };
    // Terraform stops at the values that count failing, before any conversion.
    if let Some(diags) = assembled.value_stage(&module.spec) {
        return out.finish(&diags, None);
    }
    let checked = check_owned(&module.spec, assembled.inputs, &options);
    let ok = checked.is_ok();
    let report = checked.report;
    let values = ok.then_some(Value::Object(checked.values.into()));
    let code = out.finish(&report.diagnostics, values.as_ref());
    std::mem::forget((report, values));
    code
}

// Where and how the outcome is printed.
struct Output<'a> {
    args: &'a Args,
    // The text of each pseudo-file `<value for var.NAME>`, for byte offsets in `--json`.
    texts: BTreeMap<String, String>,
    // Where each variable is declared: a diagnostic there spans its `variable "name"` header.
    declarations: BTreeMap<Location, String>,
}

impl<'a> Output<'a> {
    fn new(args: &'a Args, sources: &InputSources, spec: &ModuleSpec) -> Output<'a> {
        let mut texts = BTreeMap::new();
        for (k, v) in &sources.env {
            if let Some(name) = k.to_str().and_then(|k| k.strip_prefix("TF_VAR_")) {
                let text = v.to_string_lossy().into_owned();
                texts.insert(format!("<value for var.{name}>"), text);
            }
        }
        for c in &sources.command_line {
            if let CommandLineInput::Var(text) = c {
                if let Some((name, value)) = text.to_string_lossy().split_once('=') {
                    texts.insert(format!("<value for var.{name}>"), value.to_string());
                }
            }
        }
        let declarations = spec
            .variables
            .iter()
            .map(|v| (v.location.clone(), v.name.clone()))
            .collect();
        Output {
            args,
            texts,
            declarations,
        }
    }

    fn finish(&self, diags: &[Diagnostic], values: Option<&Value>) -> ExitCode {
        let errors = diags.iter().any(|d| d.severity == Severity::Error);
        let unchecked = diags.iter().any(|d| d.severity == Severity::Unchecked);
        let failed = errors || (unchecked && self.args.fail_on_unchecked);
        let values_text = match (values, self.args.values, failed) {
            (Some(v), true, false) => values_json(v),
            _ => None,
        };
        if self.args.json {
            // Unchecked rules are no Terraform diagnostic: stderr, as without `--json`, unless
            // they fail the run.
            for d in diags.iter().filter(|d| d.severity == Severity::Unchecked) {
                eprintln!("{d}");
            }
            println!(
                "{}",
                self.json(diags, values_text.as_deref(), self.args.fail_on_unchecked)
            );
        } else {
            for d in diags {
                eprintln!("{d}");
            }
            if let Some(text) = &values_text {
                println!("{text}");
            }
            if unchecked && self.args.fail_on_unchecked && !errors {
                eprintln!("error: a validation rule could not be checked (--fail-on-unchecked)");
            }
        }
        if failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }

    // `terraform validate -json`'s object.
    fn json(&self, diags: &[Diagnostic], values: Option<&str>, unchecked_fail: bool) -> String {
        let mut list = Vec::new();
        let (mut errors, mut warnings) = (0, 0);
        for d in diags {
            let severity = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Unchecked if unchecked_fail => "error",
                Severity::Unchecked => continue,
            };
            if severity == "error" {
                errors += 1;
            } else {
                warnings += 1;
            }
            let mut summary = d.summary.clone();
            if d.severity == Severity::Unchecked {
                summary = format!("Validation rule not checked: {summary}");
            }
            // Terraform's member order.
            let q = |s: &str| serde_json::to_string(s).expect("JSON of a string");
            let mut entry = format!(
                "    {{\n      \"severity\": {},\n      \"summary\": {},\n      \"detail\": {}",
                q(severity),
                q(&summary),
                q(&d.detail)
            );
            if let Some(loc) = &d.location {
                let range = match loc.range {
                    // Terraform shows an empty range (the end of a file) one character wide.
                    Some(mut r) if r.start == r.end => {
                        r.end.column += 1;
                        r.end.byte += 1;
                        r
                    }
                    Some(r) => r,
                    None => self.range_from_start(loc),
                };
                let pos = |name: &str, p: SourcePos| {
                    format!(
                        "        \"{name}\": {{\n          \"line\": {},\n          \"column\": {},\n          \"byte\": {}\n        }}",
                        p.line, p.column, p.byte
                    )
                };
                entry.push_str(&format!(
                    ",\n      \"range\": {{\n        \"filename\": {},\n{},\n{}\n      }}",
                    q(&loc.file),
                    pos("start", range.start),
                    pos("end", range.end),
                ));
            }
            entry.push_str("\n    }");
            list.push(entry);
        }
        let diagnostics = if list.is_empty() {
            "[]".to_string()
        } else {
            format!("[\n{}\n  ]", list.join(",\n"))
        };
        let text = format!(
            "{{\n  \"format_version\": \"1.0\",\n  \"valid\": {},\n  \"error_count\": {errors},\n  \"warning_count\": {warnings},\n  \"diagnostics\": {diagnostics}\n}}",
            errors == 0
        );
        match values {
            // The values keep every digit: spliced in as our own exact JSON text.
            Some(v) => format!(
                "{},\n  \"values\": {}\n}}",
                text.trim_end().trim_end_matches('}').trim_end(),
                v.replace('\n', "\n  ")
            ),
            None => text,
        }
    }

    // The range of a diagnostic that knows only where it starts: a `variable "name"` header
    // ends after its label (in a `.tf.json` file the range is the opening brace); anything
    // else is given as its start.
    fn range_from_start(&self, loc: &Location) -> SourceRange {
        let byte = self.byte_offset(&loc.file, loc.line, loc.column) as u32;
        let start = SourcePos {
            line: loc.line,
            column: loc.column,
            byte,
        };
        let (columns, bytes) = match self.declarations.get(loc) {
            Some(_) if loc.file.ends_with(".json") => (1, 1),
            Some(name) => (
                "variable \"\"".len() + name.chars().count(),
                "variable \"\"".len() + name.len(),
            ),
            None => (0, 0),
        };
        let end = SourcePos {
            column: start.column + columns as u32,
            byte: start.byte + bytes as u32,
            ..start
        };
        SourceRange { start, end }
    }

    // The byte offset of a 1-based line and character column in the named file (relative to
    // the current folder, or to the module folder), or of a `-var`/`TF_VAR_` text.
    fn byte_offset(&self, file: &str, line: u32, column: u32) -> usize {
        let text = self.texts.get(file).cloned().or_else(|| {
            let bytes = std::fs::read(file)
                .or_else(|_| std::fs::read(self.args.input.join(file)))
                .ok()?;
            Some(String::from_utf8_lossy(&bytes).into_owned())
        });
        let Some(text) = text else {
            return 0;
        };
        let mut offset = 0;
        for (i, l) in text.split_inclusive('\n').enumerate() {
            if i + 1 == line as usize {
                let col: usize = l
                    .chars()
                    .take(column.saturating_sub(1) as usize)
                    .map(char::len_utf8)
                    .sum();
                return offset + col;
            }
            offset += l.len();
        }
        offset
    }
}

fn values_json(all: &Value) -> Option<String> {
    match all.to_json_pretty() {
        Ok(text) => Some(text),
        Err(e) => {
            // Terraform accepts an infinite number but cannot write it out either.
            let mut which = Vec::new();
            if let Value::Object(values) = all {
                for (k, v) in values {
                    if v.to_json().is_err() {
                        which.push(format!("`var.{k}`"));
                    }
                }
            }
            eprintln!(
                "warning: the values cannot be printed: {} ({e}); the input is accepted",
                which.join(", ")
            );
            None
        }
    }
}
