//! Loading a module directory: every `*.tf` and `*.tf.json` file directly in it, in name order,
//! into one [`Module`], with every problem reported at once.

use std::ops::Range;
use std::path::{Path, PathBuf};

use tfvars_runtime::eval::eval_constant;
use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::{Expr, Location, ModuleSpec, Type, Value, VariableSpec};

use crate::error::{LoadError, LoadErrorKind, Problem};
use crate::lower::{has_references, variables_used, LowerError};
use crate::model::Module;
use crate::source::SourceFile;
use crate::{hcl_file, json_file};

/// Names Terraform reserves for module-block arguments; no variable may use them.
pub const RESERVED_NAMES: &[&str] = &[
    "source",
    "version",
    "count",
    "for_each",
    "depends_on",
    "providers",
    "lifecycle",
    "locals",
    "provider",
    "_",
];

/// Loads the module in `dir`.
///
/// Fails with [`LoadErrorKind::Directory`] when `dir` cannot be read,
/// [`LoadErrorKind::NoFiles`] when it holds no `.tf`/`.tf.json` file,
/// [`LoadErrorKind::NoVariables`] when the files declare no variable, and
/// [`LoadErrorKind::Invalid`] with every problem found otherwise.
pub fn load(dir: impl AsRef<Path>) -> Result<Module, LoadError> {
    let dir = dir.as_ref();
    let files = module_files(dir)?;
    if files.is_empty() {
        return Err(LoadError {
            kind: LoadErrorKind::NoFiles,
            problems: vec![Problem::general(format!(
                "no `.tf` or `.tf.json` files in `{}`: point at a Terraform module directory",
                dir.display()
            ))],
        });
    }
    let mut decls = Decls::default();
    let mut problems = Vec::new();
    for path in &files {
        let file = match SourceFile::read(path) {
            Ok(f) => f,
            Err(e) => {
                problems.push(Problem::general(format!(
                    "cannot read `{}`: {e}",
                    path.display()
                )));
                continue;
            }
        };
        let mut cx = FileCx {
            file: &file,
            problems: &mut problems,
        };
        if file.name.ends_with(".tf.json") {
            json_file::read(&mut cx, &mut decls);
        } else {
            hcl_file::read(&mut cx, &mut decls);
        }
    }
    check_references(&decls, &mut problems);
    if !problems.is_empty() {
        return Err(LoadError {
            kind: LoadErrorKind::Invalid,
            problems,
        });
    }
    if decls.variables.is_empty() {
        return Err(LoadError {
            kind: LoadErrorKind::NoVariables,
            problems: vec![Problem::general(format!(
                "no `variable` blocks in `{}`",
                dir.display()
            ))],
        });
    }
    Ok(Module {
        dir: dir.to_path_buf(),
        files,
        spec: ModuleSpec {
            variables: decls.variables,
            locals: decls.locals,
        },
        warnings: Vec::new(),
    })
}

/// The `.tf` and `.tf.json` files directly in `dir`, sorted by name.
fn module_files(dir: &Path) -> Result<Vec<PathBuf>, LoadError> {
    let fail = |msg: String| LoadError {
        kind: LoadErrorKind::Directory,
        problems: vec![Problem::general(msg)],
    };
    if !dir.exists() {
        return Err(fail(format!(
            "module directory `{}` does not exist",
            dir.display()
        )));
    }
    if !dir.is_dir() {
        return Err(fail(format!("`{}` is not a directory", dir.display())));
    }
    let entries = std::fs::read_dir(dir)
        .map_err(|e| fail(format!("cannot read `{}`: {e}", dir.display())))?;
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| fail(format!("cannot read `{}`: {e}", dir.display())))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        // Terraform skips editor backups and hidden files.
        if name.starts_with('.') || name.starts_with('#') || name.ends_with('~') {
            continue;
        }
        if !(name.ends_with(".tf") || name.ends_with(".tf.json")) {
            continue;
        }
        let path = entry.path();
        if path.is_file() {
            files.push((name, path));
        }
    }
    files.sort();
    Ok(files.into_iter().map(|(_, p)| p).collect())
}

/// What the files declare so far, with where each name was first declared.
#[derive(Default)]
pub(crate) struct Decls {
    pub variables: Vec<VariableSpec>,
    pub locals: Vec<LocalSpec>,
    /// Where each variable's name label is (for duplicate messages).
    pub variable_names: Vec<Location>,
    /// Expressions whose references are checked once every file is read.
    pub references: Vec<RefSite>,
}

/// An expression to check for undeclared `var.x` and `local.x`, with its source text and where
/// that text starts, to point at the reference itself.
pub(crate) struct RefSite {
    pub expr: Expr,
    pub text: String,
    pub start: Location,
}

impl RefSite {
    /// Where `needle` first occurs in the text as a whole reference, or the text's start.
    fn locate(&self, needle: &str) -> Location {
        let found = self.text.match_indices(needle).find(|(i, _)| {
            let before = self.text[..*i].chars().next_back();
            let after = self.text[i + needle.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-')
        });
        let Some((i, _)) = found else {
            return self.start.clone();
        };
        let prefix = &self.text[..i];
        match prefix.rfind('\n') {
            None => Location {
                column: self.start.column + prefix.chars().count() as u32,
                ..self.start.clone()
            },
            Some(nl) => Location {
                line: self.start.line + prefix.matches('\n').count() as u32,
                column: prefix[nl + 1..].chars().count() as u32 + 1,
                ..self.start.clone()
            },
        }
    }
}

impl Decls {
    /// Adds a variable unless its name is taken; `header` is the block's header location.
    pub fn add_variable(
        &mut self,
        cx: &mut FileCx,
        spec: VariableSpec,
        span: Option<Range<usize>>,
    ) {
        if let Some(i) = self.variables.iter().position(|v| v.name == spec.name) {
            let first = &self.variable_names[i];
            cx.problem(
                span,
                "Duplicate variable declaration",
                &format!(
                    "A variable named \"{}\" was already declared at {first}. Variable names \
                     must be unique within a module.",
                    spec.name
                ),
            );
            return;
        }
        self.variable_names.push(spec.location.clone());
        self.variables.push(spec);
    }

    /// Adds a local unless its name is taken.
    pub fn add_local(&mut self, cx: &mut FileCx, local: LocalSpec, span: Option<Range<usize>>) {
        if let Some(first) = self.locals.iter().find(|l| l.name == local.name) {
            let first = first.location.clone();
            cx.problem(
                span,
                "Duplicate local value definition",
                &format!(
                    "A local value named \"{}\" was already defined at {first}. Local value \
                     names must be unique within a module.",
                    local.name
                ),
            );
            return;
        }
        self.locals.push(local);
    }
}

/// Reading one file: where problems go.
pub(crate) struct FileCx<'a> {
    pub file: &'a SourceFile,
    pub problems: &'a mut Vec<Problem>,
}

impl FileCx<'_> {
    /// Records a problem at `span`, worded `Summary: detail` as Terraform prints it.
    pub fn problem(&mut self, span: Option<Range<usize>>, summary: &str, detail: &str) {
        let offset = span.map_or(0, |s| s.start);
        let location = self.file.location(offset);
        let line = self.file.line_text(offset).trim();
        self.problems.push(Problem {
            location: Some(location),
            message: format!("{summary}: {}", detail.trim_end_matches('.')),
            snippet: (!line.is_empty()).then(|| line.to_string()),
        });
    }

    /// Records lowering errors; `base` shifts spans parsed from a substring of the file.
    pub fn lower_errors(&mut self, errors: Vec<LowerError>, base: Option<Range<usize>>) {
        for e in errors {
            let span = match (&base, e.span) {
                (Some(b), _) => Some(b.clone()),
                (None, s) => s,
            };
            self.problem(span, &e.summary, &e.detail);
        }
    }
}

/// Checks a variable name: an identifier (dashes allowed) and not reserved.
pub(crate) fn check_variable_name(cx: &mut FileCx, name: &str, span: Option<Range<usize>>) {
    if !is_identifier(name) {
        cx.problem(
            span,
            "Invalid variable name",
            "A name must start with a letter or underscore and may contain only letters, \
             digits, underscores, and dashes.",
        );
    } else if RESERVED_NAMES.contains(&name) {
        cx.problem(
            span,
            "Invalid variable name",
            &format!(
                "The variable name \"{name}\" is reserved due to its special meaning inside \
                 module blocks."
            ),
        );
    }
}

/// HCL's identifier rule: a letter or `_`, then letters, digits, `_` and `-`.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c.is_alphabetic() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// Checks a validation condition: it must refer to the variable itself (Terraform 1.9+ allows
/// other variables and locals besides).
pub(crate) fn check_condition(
    cx: &mut FileCx,
    variable: &str,
    condition: &Expr,
    span: Option<Range<usize>>,
) {
    if !has_references(condition) {
        cx.problem(
            span.clone(),
            "Invalid validation expression",
            "The condition expression must refer to at least one object from elsewhere in the \
             configuration, or else its result would not be checking anything.",
        );
    }
    if !variables_used(condition).contains(&variable) {
        cx.problem(
            span,
            "Invalid variable validation condition",
            &format!(
                "The condition for variable \"{variable}\" must refer to var.{variable} in order \
                 to test incoming values."
            ),
        );
    }
}

/// Every `var.x` and `local.x` used in conditions, messages and locals must be declared.
fn check_references(decls: &Decls, problems: &mut Vec<Problem>) {
    for site in &decls.references {
        let expr = &site.expr;
        let mut seen: Vec<String> = Vec::new();
        for name in variables_used(expr) {
            if decls.variables.iter().all(|v| v.name != name) && !seen.iter().any(|s| s == name) {
                seen.push(name.to_string());
                problems.push(Problem::at(
                    site.locate(&format!("var.{name}")),
                    format!(
                        "Reference to undeclared input variable: An input variable with the \
                         name \"{name}\" has not been declared. This variable can be declared \
                         with a variable \"{name}\" {{}} block"
                    ),
                ));
            }
        }
        for name in crate::lower::locals_used(expr) {
            if decls.locals.iter().all(|l| l.name != name) && !seen.iter().any(|s| s == name) {
                seen.push(name.to_string());
                problems.push(Problem::at(
                    site.locate(&format!("local.{name}")),
                    format!(
                        "Reference to undeclared local value: A local value with the name \
                         \"{name}\" has not been declared"
                    ),
                ));
            }
        }
    }
}

/// Evaluates a constant expression and converts it to `ty` (filling optional-attribute
/// defaults, dropping extra attributes). The error is the conversion's or evaluation's detail.
pub(crate) fn constant_value(expr: &Expr, ty: &Type) -> Result<Value, String> {
    let value = eval_constant(expr).map_err(|e| e.detail)?;
    convert_value(&value, ty)
}

/// Converts a value to a type constraint with Terraform's rules.
pub(crate) fn convert_value(value: &Value, ty: &Type) -> Result<Value, String> {
    tfvars_runtime::convert::convert(value, ty).map_err(|e| {
        let path = e.path_string();
        if path.is_empty() {
            e.message().to_string()
        } else {
            format!("{path}: {}", e.message())
        }
    })
}

/// Finishes a variable once its arguments are read: converts the default to the type and
/// applies the `nullable = false` rule. `default_span` locates the default for messages.
pub(crate) fn finish_default(
    cx: &mut FileCx,
    spec: &mut VariableSpec,
    raw_default: Option<Value>,
    default_span: Option<Range<usize>>,
) {
    let Some(raw) = raw_default else {
        return;
    };
    if raw.is_null() {
        if !spec.nullable {
            cx.problem(
                default_span,
                "Invalid default value for variable",
                "A null default value is not valid when nullable=false.",
            );
            return;
        }
        spec.default = Some(Value::Null(spec.ty.clone()));
        return;
    }
    match convert_value(&raw, &spec.ty) {
        Ok(v) => spec.default = Some(v),
        Err(detail) => cx.problem(
            default_span,
            "Invalid default value for variable",
            &format!(
                "This default value is not compatible with the variable's type constraint: \
                 {detail}."
            ),
        ),
    }
}
