//! `tfvars schema`: terraschema's command, with its flags, messages and output, but a non-zero
//! exit status on every error.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tfvars_codegen::export::{self, ExportOptions};
use tfvars_codegen::json_text::WriteOptions;
use tfvars_codegen::schema::{self, Rendered, SchemaOptions};
use tfvars_codegen::{LoadError, Module};
use tfvars_runtime::TerraformVersion;

/// Arguments of `tfvars schema`.
#[derive(clap::Args)]
pub struct Args {
    /// Input folder containing a Terraform module (`.tf` and `.tf.json` files directly in it).
    #[arg(short = 'i', long = "input", default_value = ".", value_name = "DIR")]
    pub(crate) input: PathBuf,
    /// Output path for the JSON Schema file; missing parent folders are created.
    #[arg(
        short = 'o',
        long = "output",
        default_value = "schema.json",
        value_name = "FILE"
    )]
    output: String,
    /// Output the JSON Schema to stdout instead of a file, and nothing else unless an error
    /// occurs. Overrides `--debug` and `--output`.
    #[arg(long)]
    stdout: bool,
    /// Allow overwriting an existing file.
    #[arg(long)]
    overwrite: bool,
    /// Allow an empty JSON Schema (`{}`) if no `.tf` files or variables are found.
    #[arg(long)]
    allow_empty: bool,
    /// Set all variables to be required in the JSON Schema, even if a default value is
    /// specified, and every `optional()` object attribute too.
    #[arg(long)]
    require_all: bool,
    /// Set `additionalProperties` to false in the JSON Schema and in nested objects.
    #[arg(long)]
    disallow_additional_properties: bool,
    /// Make all variables nullable unless `nullable` is set explicitly, as Terraform does.
    #[arg(long)]
    nullable_all: bool,
    /// Export the variables as JSON instead of creating a JSON Schema.
    #[arg(long)]
    export_variables: bool,
    /// Escape `<`, `>` and `&` in the output, so that it can be used in a web context.
    #[arg(long)]
    escape_json: bool,
    /// Print the files and variables found, and why each untranslated validation rule was left
    /// out. Does not work with `--stdout`.
    #[arg(long)]
    debug: bool,
    /// Leave a variable out of the schema or export; repeatable, or comma-separated.
    #[arg(long = "ignore-variable", value_name = "NAME", value_delimiter = ',')]
    ignore_variable: Vec<String>,
    /// Add a string-valued key at the root of the JSON Schema, such as `$id` or `title`;
    /// repeatable, or comma-separated.
    #[arg(long = "property", value_name = "KEY=VALUE", value_delimiter = ',')]
    property: Vec<String>,
    /// Accept what Terraform's type conversions accept: numbers as numeric strings, strings
    /// from numbers and bools, bools from "true"/"false"/"1"/"0", nulls inside values, unknown
    /// object attributes; top-level nulls follow Terraform's `nullable` rules.
    #[arg(long)]
    terraform_conversions: bool,
    /// Put each translated rule's `error_message` (when constant) on the variable's node as
    /// `errorMessage`, which ajv-errors and JSON Schema form libraries show.
    #[arg(long)]
    error_messages: bool,
    /// Also write cfn-lint's compact keywords (`requiredOr`, `requiredXor`,
    /// `dependentRequired`, `dependentExcluded`) beside the standard form of cross-variable rules.
    #[arg(long)]
    cfn_lint_keywords: bool,
    /// Which Terraform release decides whether a validation rule accepts `null` (`&&`/`||`
    /// short-circuit since 1.12).
    #[arg(long, value_name = "1.11|latest", default_value = "latest")]
    terraform_version: TerraformVersion,
}

struct Out {
    quiet: bool,
    debug: bool,
}

impl Out {
    fn info(&self, msg: &str) {
        if !self.quiet {
            println!("{msg}");
        }
    }

    fn debug(&self, msg: &str) {
        if self.debug {
            println!("Debug: {msg}");
        }
    }
}

/// Runs `tfvars schema`; exit status 1 on any error.
pub fn run(args: Args) -> ExitCode {
    match execute(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("Error: {msg}");
            ExitCode::from(1)
        }
    }
}

fn execute(args: &Args) -> Result<(), String> {
    let out = Out {
        quiet: args.stdout,
        debug: args.debug && !args.stdout,
    };
    let input = args.input.display().to_string();
    match std::fs::metadata(&args.input) {
        Err(e) => return Err(format!("could not access directory {input:?}: {e}")),
        Ok(m) if !m.is_dir() => return Err(format!("input path {input:?} is not a directory")),
        Ok(_) => {}
    }
    if !args.stdout {
        check_output(&args.output, args.overwrite)?;
        if !args.output.ends_with(".json") {
            out.info(&format!(
                "Warning: output path {:?} does not have a .json extension, continuing",
                args.output
            ));
        }
    }

    let what = if args.export_variables {
        "exporting variables"
    } else {
        "creating schema"
    };
    let rendered = match tfvars_codegen::load(&args.input) {
        Ok(module) => {
            debug_files(&out, &module);
            render(args, &module, &out).map_err(|e| format!("error {what}: {e}"))?
        }
        Err(e) if e.is_empty_module() => empty(args, &e, &input, what)?,
        Err(e) => {
            return Err(format!(
                "error {what}: error reading tf files at {input:?}:\n{e}"
            ))
        }
    };
    for w in &rendered.warnings {
        out.info(&format!("Warning: {w}"));
    }
    for d in &rendered.debug {
        out.debug(d);
    }

    if args.stdout {
        use std::io::Write;
        let mut stdout = std::io::stdout().lock();
        return match stdout
            .write_all(rendered.text.as_bytes())
            .and_then(|()| stdout.flush())
        {
            // A closed pipe (`| head`) is not an error of ours.
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                Err(format!("error writing schema to stdout: {e}"))
            }
            _ => Ok(()),
        };
    }
    let path = Path::new(&args.output);
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("error creating folder for {:?}: {e}", args.output))?;
    }
    // Atomic: an interrupted or failed write leaves any earlier schema file as it was.
    tfvars_runtime::output::write_atomic(path, rendered.text.as_bytes(), false)
        .map_err(|e| format!("error writing schema: {e}"))?;
    out.info(&format!("Info: schema written to {:?}", args.output));
    Ok(())
}

fn check_output(output: &str, overwrite: bool) -> Result<(), String> {
    if let Ok(meta) = std::fs::metadata(output) {
        if !overwrite {
            return Err(format!(
                "output path {output:?} already exists, use --overwrite to overwrite"
            ));
        }
        if meta.is_dir() {
            return Err(format!(
                "output path {output:?} is an existing directory, please specify a file path"
            ));
        }
    }
    Ok(())
}

fn debug_files(out: &Out, module: &Module) {
    if !out.debug {
        return;
    }
    out.debug(&format!(
        "found the following files in {:?}:",
        module.dir.display().to_string()
    ));
    for file in &module.files {
        println!("\t{:?}, with variable(s):", file.display().to_string());
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for v in module
            .variables()
            .iter()
            .filter(|v| *v.location.file == *name)
        {
            println!("\t\t{}", v.name);
        }
    }
}

fn render(args: &Args, module: &Module, out: &Out) -> Result<Rendered, String> {
    if args.export_variables {
        let mut o = ExportOptions::new();
        o.escape_json(args.escape_json)
            .allow_empty(args.allow_empty);
        for name in &args.ignore_variable {
            o.ignore_variable(name);
        }
        return export::render(module, &o).map_err(|e| e.to_string());
    }
    let mut o = SchemaOptions::new();
    o.require_all(args.require_all)
        .disallow_additional_properties(args.disallow_additional_properties)
        .nullable_all(args.nullable_all)
        .escape_json(args.escape_json)
        .allow_empty(args.allow_empty)
        .terraform_conversions(args.terraform_conversions)
        .error_messages(args.error_messages)
        .cfn_lint_keywords(args.cfn_lint_keywords)
        .terraform_version(args.terraform_version);
    for name in &args.ignore_variable {
        o.ignore_variable(name);
    }
    for prop in &args.property {
        match prop.split_once('=') {
            Some((k, v)) => {
                o.property(k, v);
            }
            None if args.stdout => eprintln!("Warning: invalid property {prop:?}, skipping"),
            None => out.info(&format!("Warning: invalid property {prop:?}, skipping")),
        }
    }
    schema::render(module, &o).map_err(|e| e.to_string())
}

/// `--allow-empty` on a module without files or variables: `{}` and a warning; otherwise
/// terraschema's error.
fn empty(args: &Args, e: &LoadError, input: &str, what: &str) -> Result<Rendered, String> {
    let no_files = e.kind == tfvars_codegen::LoadErrorKind::NoFiles;
    let file = if args.export_variables {
        "variables"
    } else {
        "schema"
    };
    let write = WriteOptions {
        escape_html: args.escape_json,
    };
    schema::empty_document(input, no_files, args.allow_empty, file, write)
        .map_err(|e| format!("error {what}: {e}"))
}
