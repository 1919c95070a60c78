//! Loading a module directory: every `*.tf` and `*.tf.json` file directly in it, in name order,
//! into one [`Module`], with every problem reported at once.

use std::ops::Range;
use std::path::{Path, PathBuf};

use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::{Location, ModuleSpec, Type, Value, VariableSpec};

use crate::error::{LoadError, LoadErrorKind, Problem};
use crate::lower::LowerError;
use crate::model::Module;
use crate::source::{file_name, refused_replacement, SourceFile};
use crate::text_hash::TextMap;

mod checks;
mod cycles;
mod read;

use checks::check_references;
pub(crate) use checks::{check_condition, check_variable_name, RefSite};
pub use checks::{is_identifier, RESERVED_NAMES};
use read::read_sources;

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
    let mut problems = Vec::new();
    // Override files are merged after every primary file, as Terraform does.
    let (primary, overrides): (Vec<&PathBuf>, Vec<&PathBuf>) =
        files.iter().partition(|p| !is_override_file(p));
    let mut sources = Vec::with_capacity(files.len());
    for path in primary.into_iter().chain(overrides) {
        match read_module_file(path) {
            Ok(file) => sources.push(file),
            Err(problem) => problems.push(problem),
        }
    }
    let decls = read_sources(sources, &mut problems, crate::parallel::workers);
    finish_load(dir, files, decls, problems)
}

/// A module file, read as Terraform reads it: bytes that are not UTF-8 stand as U+FFFD, and
/// where Terraform refuses them ([`refused_replacement`]) the file is refused at the first one,
/// with Terraform's wording. (Decoding changes nothing before a bad byte, so the file's own line
/// and column counting places it.)
fn read_module_file(path: &Path) -> Result<SourceFile, Problem> {
    let (file, replaced) = SourceFile::read_lossy(path).map_err(|e| unreadable_file(path, &e))?;
    match refused_replacement(&file.name, &file.text, &replaced) {
        None => Ok(file),
        Some(at) => Err(Problem::at(
            file.location(at),
            "Invalid character encoding: all input files must be UTF-8 encoded; ensure that \
             UTF-8 encoding is selected in your editor",
        )),
    }
}

/// The problem for a module file that could not be read, naming the file and the reason.
fn unreadable_file(path: &Path, error: &std::io::Error) -> Problem {
    let name = file_name(path);
    if error.kind() == std::io::ErrorKind::NotFound {
        return Problem::general(format!(
            "Failed to read file: the file `{name}` could not be read ({error})"
        ));
    }
    Problem::general(format!("cannot read `{}`: {error}", path.display()))
}

/// Loads a module from files already in memory, as [`load`] loads them from `dir`: each
/// [`SourceFile`] is named as in the module directory (`variables.tf`, `x_override.tf.json`),
/// files are taken in name order with override files last, and the same problems are reported.
/// `dir` only names the module in messages and in [`Module::dir`]; nothing is read from disk.
pub fn load_sources(dir: impl AsRef<Path>, sources: Vec<SourceFile>) -> Result<Module, LoadError> {
    load_sources_on(dir.as_ref(), sources, crate::parallel::workers)
}

/// [`load_sources`] on `workers()` threads at most.
fn load_sources_on(
    dir: &Path,
    mut sources: Vec<SourceFile>,
    workers: impl FnOnce() -> usize,
) -> Result<Module, LoadError> {
    sources.sort_by(|a, b| a.name.cmp(&b.name));
    let (primary, overrides): (Vec<SourceFile>, Vec<SourceFile>) = sources
        .into_iter()
        .partition(|f| !is_override_file(Path::new(&*f.name)));
    let files: Vec<PathBuf> = primary
        .iter()
        .chain(&overrides)
        .map(|f| f.path.clone())
        .collect();
    let mut problems = Vec::new();
    let decls = read_sources(
        primary.into_iter().chain(overrides).collect(),
        &mut problems,
        workers,
    );
    finish_load(dir, files, decls, problems)
}

/// Checks references across the files read and builds the module, or reports every problem.
fn finish_load(
    dir: &Path,
    files: Vec<PathBuf>,
    decls: Decls,
    mut problems: Vec<Problem>,
) -> Result<Module, LoadError> {
    check_references(&decls, &mut problems);
    let (variables, locals) = decls.finish(&mut problems);
    // Terraform builds its graph, where cycles show, only from a module otherwise valid.
    if problems.is_empty() {
        cycles::check_cycles(&variables, &locals, &mut problems);
    }
    if !problems.is_empty() {
        // In file order, then by position; problems at one place keep the order found.
        problems.sort_by(|a, b| a.location.cmp(&b.location));
        return Err(LoadError {
            kind: LoadErrorKind::Invalid,
            problems,
        });
    }
    if variables.is_empty() {
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
        spec: ModuleSpec { variables, locals },
        warnings: Vec::new(),
    })
}

/// `override.tf`, `x_override.tf` and their `.tf.json` forms.
fn is_override_file(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let stem = name
        .strip_suffix(".tf.json")
        .or_else(|| name.strip_suffix(".tf"))
        .unwrap_or(&name);
    stem == "override" || stem.ends_with("_override")
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
        // Terraform skips hidden files (editor swap files and the like).
        if name.starts_with('.') {
            continue;
        }
        if !(name.ends_with(".tf") || name.ends_with(".tf.json")) {
            continue;
        }
        // Directories are skipped; anything else is read, so a file that cannot be (a dangling
        // symbolic link, a socket) is reported rather than silently left out, as Terraform
        // reports it.
        let path = entry.path();
        if !path.is_dir() {
            files.push((name, path));
        }
    }
    files.sort();
    Ok(files.into_iter().map(|(_, p)| p).collect())
}

/// What the files declare so far, with where each name was first declared.
#[derive(Default)]
pub(crate) struct Decls {
    pub variables: Vec<Declared>,
    pub locals: Vec<LocalSpec>,
    /// Where each of `locals` is defined, as Terraform names it.
    local_declared_at: Vec<String>,
    /// Expressions whose references are checked once every file is read.
    pub references: Vec<RefSite>,
    /// Where each name is in `variables` and `locals`, so that a module of many thousands of
    /// declarations is not searched once per declaration.
    variable_at: TextMap<String, usize>,
    local_at: TextMap<String, usize>,
}

/// What one file, or one part of a large file, declares, in order. Reading a file touches
/// nothing of the module's, so that files and parts can be read at once;
/// [`Decls::absorb`] then checks the names against the module's.
#[derive(Default)]
pub(crate) struct FileDecls {
    pub variables: Vec<Declared>,
    /// Each local, with the span of its name and its range as Terraform names it when the
    /// name is defined again (the whole `name = value`).
    pub locals: Vec<(LocalSpec, Option<Range<usize>>, String)>,
    /// Expressions whose references are checked once every file is read.
    pub references: Vec<RefSite>,
}

impl FileDecls {
    /// Converts every default read to its variable's type (see [`Declared::converted`]), so
    /// that the conversions are made on the threads that read the files.
    pub fn convert_defaults(&mut self) {
        self.variables
            .iter_mut()
            .for_each(Declared::convert_default);
    }

    /// Adds what `later` declares, after what this declares.
    pub fn append(&mut self, later: FileDecls) {
        self.variables.extend(later.variables);
        self.locals.extend(later.locals);
        self.references.extend(later.references);
    }
}

/// What reading a file, or a part of one, found.
pub(crate) struct FileRead {
    pub decls: FileDecls,
    pub problems: Vec<Problem>,
}

impl FileRead {
    /// What `read` finds in `file` (or a part of it), given a context whose problems go into
    /// the result.
    pub fn of<'f>(
        file: &'f SourceFile,
        is_override: bool,
        read: impl FnOnce(&mut FileCx<'f, '_>, &mut FileDecls),
    ) -> FileRead {
        let mut problems = Vec::new();
        let mut decls = FileDecls::default();
        let mut cx = FileCx {
            file,
            problems: &mut problems,
            is_override,
        };
        read(&mut cx, &mut decls);
        // An override file's defaults are converted once merged, to the type they end with.
        if !is_override {
            decls.convert_defaults();
        }
        FileRead { decls, problems }
    }
}

/// A place in a file with its source line, kept to report a problem after the file is read.
#[derive(Clone, Debug)]
pub(crate) struct Spot {
    pub location: Location,
    pub snippet: Option<String>,
}

impl Spot {
    fn problem(&self, summary: &str, detail: &str) -> Problem {
        Problem {
            location: Some(self.location.clone()),
            message: format!("{summary}: {}", detail.trim_end_matches('.')),
            snippet: self.snippet.clone(),
        }
    }
}

/// A `variable` block as read, before overrides are merged and the default converted.
pub(crate) struct Declared {
    /// The variable; `default` is left unset until [`Decls::finish`].
    pub spec: VariableSpec,
    /// The default as written, evaluated but not converted.
    pub raw_default: Option<Value>,
    /// Where the default is.
    pub default_at: Option<Spot>,
    /// False when the `type` argument was invalid (its default is then not checked).
    pub type_ok: bool,
    /// Which arguments were written (an override file replaces only those).
    pub description_set: bool,
    pub type_set: bool,
    pub sensitive_set: bool,
    pub ephemeral_set: bool,
    /// Where the block's header is.
    pub header: Spot,
    /// The declaration's range as Terraform names it when the name is declared again
    /// (`variables.tf:1,1-18`: the block type to the name's end; in JSON the body's `{`).
    pub declared_at: String,
    /// Set when an override file replaced the type or the default but not both: which one,
    /// and where the override block is.
    pub overridden: Option<(Overridden, Spot)>,
    /// The default converted to the type where the file was read (on its thread), until an
    /// override file replaces either.
    pub converted: Option<Converted>,
}

/// A default converted to its variable's type: the value and whether it converts once more
/// ([`convert_again`]), or why it does not convert.
pub(crate) type Converted = Result<(Value, Result<(), String>), String>;

impl Declared {
    /// Converts the default to the type, unless that was done or cannot be: without a valid
    /// type, or for `null` (which `nullable` decides on).
    fn convert_default(&mut self) {
        if let (None, Some(raw), true) = (&self.converted, &self.raw_default, self.type_ok) {
            if !raw.is_null() {
                self.converted = Some(converted(raw.clone(), &self.spec.ty));
            }
        }
    }
}

/// `raw` converted to `ty`, and whether the result converts again.
fn converted(raw: Value, ty: &Type) -> Converted {
    convert_value(raw, ty).map(|v| {
        let again = convert_again(&v, ty);
        (v, again)
    })
}

/// What an override file replaced, which decides how a default that no longer converts is
/// reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Overridden {
    Type,
    Default,
}

impl Decls {
    /// Adds what the file of `cx` declares, in its order: from a primary file, each variable
    /// and local whose name is not taken; from an override file, merged into the ones they
    /// override.
    pub fn absorb(&mut self, cx: &mut FileCx, file: FileDecls) {
        self.variables.reserve(file.variables.len());
        for declared in file.variables {
            if cx.is_override {
                self.override_variable(cx, declared);
            } else {
                self.add_variable(cx, declared);
            }
        }
        for (local, span, declared_at) in file.locals {
            self.add_local(cx, local, span, declared_at);
        }
        self.references.extend(file.references);
    }

    /// Adds a variable from a primary file, unless its name is taken.
    pub fn add_variable(&mut self, cx: &mut FileCx, declared: Declared) {
        if let Some(first) = self
            .variable_at
            .get(&declared.spec.name)
            .map(|&i| &self.variables[i])
        {
            let first = first.declared_at.clone();
            cx.problems.push(declared.header.problem(
                "Duplicate variable declaration",
                &format!(
                    "A variable named \"{}\" was already declared at {first}. Variable names \
                     must be unique within a module.",
                    declared.spec.name
                ),
            ));
            return;
        }
        self.variable_at
            .insert(declared.spec.name.clone(), self.variables.len());
        self.variables.push(declared);
    }

    /// Merges a variable from an override file into the one it overrides: the arguments it
    /// sets replace the original's, as Terraform merges override files.
    pub fn override_variable(&mut self, cx: &mut FileCx, over: Declared) {
        let Some(base) = self
            .variable_at
            .get(&over.spec.name)
            .map(|&i| &mut self.variables[i])
        else {
            cx.problems.push(over.header.problem(
                "Missing base variable declaration to override",
                &format!(
                    "There is no variable named \"{}\". An override file can only override a \
                     variable that was already declared in a primary configuration file.",
                    over.spec.name
                ),
            ));
            return;
        };
        let new_default = over.raw_default.is_some() || over.default_at.is_some();
        base.overridden = match (over.type_set, new_default) {
            (true, false) => Some((Overridden::Type, over.header.clone())),
            (false, true) => Some((Overridden::Default, over.header.clone())),
            _ => None,
        };
        if over.description_set {
            base.spec.description = over.spec.description;
            base.description_set = true;
        }
        if new_default || over.type_set {
            base.converted = None;
        }
        if new_default {
            base.raw_default = over.raw_default;
            base.default_at = over.default_at;
        }
        if over.type_set {
            base.spec.ty = over.spec.ty;
            base.spec.typed = over.spec.typed;
            base.type_ok = over.type_ok;
            base.type_set = true;
        }
        if over.spec.nullable_set {
            base.spec.nullable = over.spec.nullable;
            base.spec.nullable_set = true;
        }
        if over.sensitive_set {
            base.spec.sensitive = over.spec.sensitive;
            base.sensitive_set = true;
        }
        if over.ephemeral_set {
            base.spec.ephemeral = over.spec.ephemeral;
            base.ephemeral_set = true;
        }
    }

    /// Converts every default to its variable's type and applies the `nullable = false` rule.
    fn finish(self, problems: &mut Vec<Problem>) -> (Vec<VariableSpec>, Vec<LocalSpec>) {
        let mut out = Vec::with_capacity(self.variables.len());
        for d in self.variables {
            let mut spec = d.spec;
            if let (Some(raw), true) = (d.raw_default, d.type_ok) {
                let at = d.default_at.unwrap_or_else(|| d.header.clone());
                if raw.is_null() {
                    if spec.nullable {
                        spec.default = Some(Value::Null(spec.ty.clone()));
                    } else {
                        problems.push(at.problem(
                            "Invalid default value for variable",
                            "A null default value is not valid when nullable=false.",
                        ));
                    }
                } else {
                    let converted = d.converted.unwrap_or_else(|| converted(raw, &spec.ty));
                    match converted {
                        Ok((v, again)) => {
                            if let Err(detail) = again {
                                problems.push(d.header.problem(
                                    "Invalid default value for module argument",
                                    &format!(
                                        "The default value for variable \"{}\" is incompatible \
                                         with its type constraint: {detail}.",
                                        spec.name
                                    ),
                                ));
                            }
                            spec.default = Some(v);
                        }
                        Err(detail) => {
                            let (at, detail) = match d.overridden {
                                Some((Overridden::Type, over)) => (
                                    over,
                                    format!(
                                        "Overriding this variable's type constraint has made \
                                         its default value invalid: {detail}."
                                    ),
                                ),
                                Some((Overridden::Default, over)) => (
                                    over,
                                    format!(
                                        "The overridden default value for this variable is not \
                                         compatible with the variable's type constraint: \
                                         {detail}."
                                    ),
                                ),
                                None => (
                                    at,
                                    format!(
                                        "This default value is not compatible with the \
                                         variable's type constraint: {detail}."
                                    ),
                                ),
                            };
                            problems
                                .push(at.problem("Invalid default value for variable", &detail));
                        }
                    }
                }
            }
            out.push(spec);
        }
        (out, self.locals)
    }

    /// Adds a local unless its name is taken; in an override file, replaces the original.
    pub fn add_local(
        &mut self,
        cx: &mut FileCx,
        local: LocalSpec,
        span: Option<Range<usize>>,
        declared_at: String,
    ) {
        if cx.is_override {
            match self.local_at.get(&local.name).map(|&i| &mut self.locals[i]) {
                Some(base) => base.expr = local.expr,
                None => cx.problem(
                    span,
                    "Missing base local value definition to override",
                    &format!(
                        "There is no local value named \"{}\". An override file can only \
                         override a local value that was already defined in a primary configuration file.",
                        local.name
                    ),
                ),
            }
            return;
        }
        if let Some(&i) = self.local_at.get(&local.name) {
            let first = &self.local_declared_at[i];
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
        self.local_at.insert(local.name.clone(), self.locals.len());
        self.locals.push(local);
        self.local_declared_at.push(declared_at);
    }
}

/// Reading one file: where problems go.
pub(crate) struct FileCx<'f, 'p> {
    pub file: &'f SourceFile,
    pub problems: &'p mut Vec<Problem>,
    /// An override file (`override.tf`, `*_override.tf`, and `.tf.json` alike).
    pub is_override: bool,
}

impl FileCx<'_, '_> {
    /// A place in this file, kept for a later problem.
    pub fn spot(&self, span: Option<Range<usize>>) -> Spot {
        let offset = span.map_or(0, |s| s.start);
        Spot {
            location: self.file.location(offset),
            snippet: self.file.snippet_line(offset),
        }
    }

    /// Records a problem at `span`, worded `Summary: detail` as Terraform prints it.
    pub fn problem(&mut self, span: Option<Range<usize>>, summary: &str, detail: &str) {
        let offset = span.map_or(0, |s| s.start);
        let location = self.file.location(offset);
        self.problems.push(Problem {
            location: Some(location),
            message: format!("{summary}: {}", detail.trim_end_matches('.')),
            snippet: self.file.snippet_line(offset),
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

/// Converts a default, already converted to its type `ty`, once more, as Terraform does when it
/// plans (and validates): a conversion that unifies element types of `any` need not give a
/// value that converts again (`[[], [[1]]]` for `list(list(list(any)))`: the empty list's
/// element type is `list(any)` the second time, its sibling's `list(number)`). Without `any`
/// in the type, a converted value converts to itself.
fn convert_again(value: &Value, ty: &Type) -> Result<(), String> {
    if !ty.has_any() {
        return Ok(());
    }
    convert_value(value.clone(), ty).map(drop)
}

/// Converts a value to a type constraint with Terraform's rules.
pub(crate) fn convert_value(value: Value, ty: &Type) -> Result<Value, String> {
    tfvars_runtime::convert::convert_owned(value, ty).map_err(|e| {
        let path = e.path_string();
        if path.is_empty() {
            e.message().to_string()
        } else {
            format!("{path}: {}", e.message())
        }
    })
}
