//! The function library: each builtin is a plain Rust function over converted arguments,
//! listed once in a table built on first use.
//!
//! Terraform's rules for calls apply to every builtin here: a null argument is an error unless
//! the function accepts null (`argument must not be null`), an argument that is (or contains)
//! an unknown value makes the result unknown unless the function looks inside unknowns, and
//! arguments are converted to the parameter types with the usual conversions.

mod args;
mod collections;
mod digest;
mod encoding;
mod files;
mod hash;
mod ipnet;
mod maps;
mod numeric;
mod paths;
mod regex;
mod sets;
mod signatures;
pub(super) mod strings;
mod text;
mod time;
mod timestamp;
mod types;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::expr::Expr;
use crate::types::Type;
use crate::value::Value;

pub(crate) use args::Args;
pub(crate) use encoding::to_json;
pub(crate) use files::path_value;

use super::error::EvalError;
use super::scope::Scope;

/// The longest text a function builds (1 GiB): Terraform runs out of memory building longer
/// ones, and the runtime leaves them unevaluated rather than try.
pub(crate) const MAX_BUILT_TEXT: usize = 1 << 30;

/// `len` bytes of text a call would build, refused past [`MAX_BUILT_TEXT`]: `call` says what
/// (``calls `indent` with 1099511627776 spaces``), and the value is left unknown.
pub(crate) fn check_built_len(len: usize, call: impl FnOnce() -> String) -> Result<(), EvalError> {
    if len > MAX_BUILT_TEXT {
        return Err(EvalError::unsupported(format!(
            "{}, a result of more than {MAX_BUILT_TEXT} bytes",
            call()
        )));
    }
    Ok(())
}

/// The signature of a builtin.
pub(crate) type Impl = fn(&Args) -> Result<Value, EvalError>;

/// Accepts null arguments (otherwise `argument must not be null`).
pub(crate) const NULL_OK: u8 = 1;
/// Looks inside unknown arguments (otherwise an unknown argument gives an unknown result).
pub(crate) const UNKNOWN_OK: u8 = 2;

/// One builtin function.
pub(crate) struct Builtin {
    /// Parameter names, for arity and error messages.
    pub params: &'static [&'static str],
    /// The name of the variadic parameter, if any.
    pub variadic: Option<&'static str>,
    /// [`NULL_OK`], [`UNKNOWN_OK`].
    pub flags: u8,
    /// The implementation.
    pub f: Impl,
}

/// Of [`NOT_EVALUATED`], the functions whose results Terraform does not know during plan
/// either (`plantimestamp` it knows: the plan's time).
const UNKNOWN_AT_PLAN: &[&str] = &["timestamp", "uuid", "bcrypt"];

/// Functions whose results are not known before apply, or that Terraform evaluates outside a
/// pure context (the file system, the clock, randomness): a condition using one is unchecked.
const NOT_EVALUATED: &[(&str, &str)] = &[
    ("timestamp", "returns a different value on every run"),
    ("plantimestamp", "returns a different value on every run"),
    ("uuid", "returns a different value on every run"),
    ("bcrypt", "returns a different value on every run"),
    ("file", "reads files, which the runtime does only when `CheckOptions::files` names a folder"),
    ("fileexists", "reads files, which the runtime does only when `CheckOptions::files` names a folder"),
    ("fileset", "reads files, which the runtime does only when `CheckOptions::files` names a folder"),
    ("filebase64", "reads files, which the runtime does only when `CheckOptions::files` names a folder"),
    (
        "filebase64sha256",
        "reads files, which the runtime does only when `CheckOptions::files` names a folder",
    ),
    (
        "filebase64sha512",
        "reads files, which the runtime does only when `CheckOptions::files` names a folder",
    ),
    ("filemd5", "reads files, which the runtime does only when `CheckOptions::files` names a folder"),
    ("filesha1", "reads files, which the runtime does only when `CheckOptions::files` names a folder"),
    ("filesha256", "reads files, which the runtime does only when `CheckOptions::files` names a folder"),
    ("filesha512", "reads files, which the runtime does only when `CheckOptions::files` names a folder"),
    ("templatefile", "reads files, which the runtime does only when `CheckOptions::files` names a folder"),
    ("abspath", "depends on the working directory, which the runtime knows only from `CheckOptions::files`"),
    ("pathexpand", "depends on the home directory, which the runtime reads only when `CheckOptions::files` is given"),
    (
        "issensitive",
        "depends on sensitivity marks, which the runtime does not track",
    ),
    (
        "templatestring",
        "renders a template at run time, which the runtime does not do",
    ),
    ("yamlencode", "is not supported by the runtime"),
    ("yamldecode", "is not supported by the runtime"),
    ("base64gzip", "is not supported by the runtime"),
    ("rsadecrypt", "is not supported by the runtime"),
];

macro_rules! table {
    ($($name:literal => $f:path, [$($p:literal),*] $(, ...$v:literal)? $(, flags: $flags:expr)?;)*) => {
        vec![$(
            ($name, Builtin {
                params: &[$($p),*],
                variadic: table!(@v $($v)?),
                flags: 0 $(| $flags)?,
                f: $f,
            }),
        )*]
    };
    (@v) => { None };
    (@v $v:literal) => { Some($v) };
}

fn registry() -> &'static BTreeMap<&'static str, Builtin> {
    static TABLE: OnceLock<BTreeMap<&'static str, Builtin>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut entries = Vec::new();
        entries.extend(strings::table());
        entries.extend(collections::table());
        entries.extend(maps::table());
        entries.extend(sets::table());
        entries.extend(numeric::table());
        entries.extend(encoding::table());
        entries.extend(hash::table());
        entries.extend(ipnet::table());
        entries.extend(regex::table());
        entries.extend(types::table());
        entries.extend(paths::table());
        entries.extend(time::table());
        entries.extend(text::table());
        entries.into_iter().collect()
    })
}

pub(crate) use table;

/// Every function name the evaluator knows, including `can` and `try` and the ones whose
/// results are unknown (`timestamp`, `file`, …), sorted.
pub fn function_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = registry().keys().copied().collect();
    names.extend(["can", "try"]);
    names.extend(NOT_EVALUATED.iter().map(|(n, _)| *n));
    names.sort();
    names.dedup();
    names
}

/// True when a condition calling `name` can be evaluated (it is a pure builtin); false for
/// unknown names, provider functions and functions whose results are unknown before apply.
pub fn is_supported_function(name: &str) -> bool {
    matches!(name, "can" | "try") || registry().contains_key(name)
}

impl Scope<'_> {
    pub(crate) fn eval_call(
        &mut self,
        name: &str,
        arg_exprs: &[Expr],
        expand_final: bool,
    ) -> Result<Value, EvalError> {
        if self.is_constant() {
            return Err(EvalError::fixed(
                "Function calls not allowed",
                "Functions may not be called here.",
            ));
        }
        match name {
            "can" | "try" if !expand_final => return self.eval_try(name, arg_exprs),
            // Values derived from an ephemeral variable become null; the runtime tracks no
            // marks, so it follows the references.
            "ephemeralasnull" if !expand_final && arg_exprs.len() == 1 => {
                let v = self.eval(&arg_exprs[0])?;
                let ephemeral = super::refs::marked_variables(&arg_exprs[0])
                    .into_iter()
                    .any(|n| self.is_ephemeral(n));
                return Ok(if ephemeral && !v.is_unknown() {
                    Value::Null(v.ty())
                } else {
                    v
                });
            }
            _ => {}
        }
        if name.starts_with("provider::") {
            self.eval_args(arg_exprs)?;
            return Ok(self.unknown(format!(
                "calls the provider function `{name}`, which the runtime cannot run"
            )));
        }
        if let (Some(files), Some(params)) = (self.files(), files::params(name)) {
            if !expand_final && arg_exprs.len() != params.len() {
                return Err(arity_error(name, params, None, arg_exprs.len()));
            }
            let mut values = Vec::with_capacity(arg_exprs.len());
            for a in arg_exprs {
                values.push(self.eval(a)?);
            }
            if expand_final {
                return Ok(self.unknown(format!(
                    "calls `{name}` with an expanded argument, which the runtime does not evaluate"
                )));
            }
            return match self.call_file_function(files, name, values) {
                Err(e) if e.kind == super::error::ErrorKind::Unsupported => {
                    Ok(self.unknown(format!("calls `{name}`, which {}", e.detail)))
                }
                other => other,
            };
        }
        if let Some((_, why)) = NOT_EVALUATED.iter().find(|(n, _)| *n == name) {
            self.eval_args(arg_exprs)?;
            let reason = format!("calls `{name}`, which {why}");
            return Ok(if UNKNOWN_AT_PLAN.contains(&name) {
                self.unknown_at_plan(reason)
            } else {
                self.unknown(reason)
            });
        }
        let Some((name, builtin)) = registry().get_key_value(name) else {
            return Err(EvalError::new(
                "Call to unknown function",
                format!("There is no function named \"{name}\"."),
            ));
        };
        // HCL checks the number of arguments before evaluating them.
        if !expand_final {
            let n = arg_exprs.len();
            if n < builtin.params.len() || (builtin.variadic.is_none() && n > builtin.params.len())
            {
                return Err(arity_error(name, builtin.params, builtin.variadic, n));
            }
        }
        let mut values = self.eval_args(arg_exprs)?;
        if expand_final {
            match values.pop() {
                Some(Value::List(_, xs) | Value::Tuple(xs) | Value::Set(_, xs)) => {
                    values.extend(xs)
                }
                Some(Value::Unknown(_)) => return Ok(Value::Unknown(Type::Any)),
                Some(Value::Null(_)) => {
                    return Err(EvalError::new(
                        "Invalid expanding argument value",
                        "The expanding argument (indicated by ...) must not be null.",
                    ))
                }
                Some(_) => {
                    return Err(EvalError::new(
                        "Invalid expanding argument value",
                        "The expanding argument (indicated by ...) must be of a tuple, list, or \
                         set type.",
                    ))
                }
                None => {}
            }
        }
        match call(name, builtin, values) {
            Err(e) if e.kind == super::error::ErrorKind::Unsupported => {
                Ok(self.unknown(format!("calls `{name}`, which {}", e.detail)))
            }
            other => other,
        }
    }

    /// `can(expr)` and `try(expr, …)`: dynamic errors are caught, static ones are not, and an
    /// expression that depends on unknown values gives an unknown result.
    /// Every argument, or every error among them (HCL evaluates them all).
    fn eval_args(&mut self, arg_exprs: &[Expr]) -> Result<Vec<Value>, EvalError> {
        let mut results = Vec::with_capacity(arg_exprs.len());
        for a in arg_exprs {
            results.push(self.eval(a));
        }
        super::error::all_ok(results)
    }

    fn eval_try(&mut self, name: &str, arg_exprs: &[Expr]) -> Result<Value, EvalError> {
        if name == "can" && arg_exprs.len() != 1 {
            return Err(arity_error(name, &["expression"], None, arg_exprs.len()));
        }
        if arg_exprs.is_empty() {
            return Err(EvalError::new(
                "Invalid function call",
                "At least one argument is required.",
            ));
        }
        let mut errors = Vec::new();
        for a in arg_exprs {
            if self.depends_on_unknowns(a) {
                return Ok(
                    self.unknown(format!("passes a value that is not known yet to `{name}`"))
                );
            }
            let mark = self.unknown_mark();
            let result = self.eval(a);
            if self.unknown_mark() > mark {
                // The outcome depends on values not known yet.
                return Ok(Value::Unknown(Type::Any));
            }
            match result {
                Ok(v) if v.has_unknown() => return Ok(Value::Unknown(Type::Any)),
                Ok(v) => {
                    return Ok(if name == "can" { Value::Bool(true) } else { v });
                }
                Err(e) if !e.is_dynamic() => return Err(e),
                Err(e) => {
                    if name == "can" {
                        return Ok(Value::Bool(false));
                    }
                    for e in e.all() {
                        errors.push(format!("- {}\n  {}", e.summary, e.detail));
                    }
                }
            }
        }
        Err(EvalError::new(
            "Error in function call",
            format!(
                "Call to function \"try\" failed: no expression succeeded:\n{}\n\nAt least one \
                 expression must produce a successful result.",
                errors.join("\n")
            ),
        ))
    }
}

fn arity_error(name: &str, params: &[&str], variadic: Option<&str>, got: usize) -> EvalError {
    if got < params.len() {
        EvalError::new(
            "Not enough function arguments",
            format!(
                "Function \"{name}\" expects {} argument(s). Missing value for \"{}\".",
                params.len(),
                params[got]
            ),
        )
    } else {
        let _ = variadic;
        let mut e = EvalError::new(
            "Too many function arguments",
            format!(
                "Function \"{name}\" expects only {} argument(s).",
                params.len()
            ),
        );
        // Terraform points at the first argument too many.
        e.arg = Some(params.len() as u32);
        e
    }
}

/// Calls a builtin on evaluated arguments, applying the null and unknown rules.
pub(crate) fn call(
    name: &'static str,
    b: &Builtin,
    values: Vec<Value>,
) -> Result<Value, EvalError> {
    let n = values.len();
    if n < b.params.len() || (b.variadic.is_none() && n > b.params.len()) {
        return Err(arity_error(name, b.params, b.variadic, n));
    }
    // First every argument is converted to its parameter's type, then null is checked.
    let types = signatures::param_types(name);
    let variadic_ty = if b.variadic.is_some() {
        types.last()
    } else {
        None
    };
    // HCL converts every argument, and reports each one that does not convert.
    let mut unsuitable = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let param = b.params.get(i).copied().or(b.variadic).unwrap_or("value");
        if let Some(Some(ty)) = types.get(i).or(variadic_ty) {
            // A typed null must still have a convertible type; an untyped `null` always does.
            if !matches!(v, Value::Null(Type::Any)) {
                if let Err(e) = super::conv::convert(v, ty) {
                    unsuitable.push(super::error::arg_error(i, param, e.0));
                }
            }
        }
    }
    if let Some(e) = super::error::joined(unsuitable) {
        return Err(e);
    }
    for (i, v) in values.iter().enumerate() {
        let param = b.params.get(i).copied().or(b.variadic).unwrap_or("value");
        if v.is_null() && b.flags & NULL_OK == 0 {
            return Err(super::error::arg_error(
                i,
                param,
                "argument must not be null",
            ));
        }
    }
    if b.flags & UNKNOWN_OK == 0 && values.iter().any(Value::has_unknown) {
        return Ok(Value::Unknown(Type::Any));
    }
    let args = Args::new(name, b.params, b.variadic, values);
    (b.f)(&args)
}
