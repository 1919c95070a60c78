//! Constant parts of a condition, evaluated before it is read: a call, a local or a `for` that
//! refers to no variable and no value known only after apply (`lower("gating")`,
//! `range(0, 101)`, `keys(local.endpoints)` of a literal map, `concat(local.a, ["x"])`,
//! `[for r in ["a", "b"] : upper(r)]`) has one value whatever the input, the one Terraform
//! computes, so the translator can read it as a literal. The runtime evaluates it; a part that
//! fails, or whose value is not a primitive or a list of primitives, stays as written.

use std::collections::BTreeMap;

use tfvars_runtime::eval::{EvalError, Scope};
use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::{Expr, ModuleSpec, TerraformVersion, Value};

/// The longest list a constant becomes: each element is an `enum` entry of the schema.
const MOST_ELEMENTS: usize = 256;

/// How deep locals that refer to locals are followed.
const LOCAL_DEPTH: usize = 8;

/// Functions whose value is not the same on every run, or depends on files, the machine or
/// marks a literal cannot carry.
const NOT_CONSTANT: &[&str] = &[
    "timestamp",
    "plantimestamp",
    "uuid",
    "bcrypt",
    "file",
    "filebase64",
    "filebase64sha256",
    "filebase64sha512",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "fileexists",
    "fileset",
    "templatefile",
    "abspath",
    "pathexpand",
    "sensitive",
    "nonsensitive",
    "issensitive",
    "ephemeralasnull",
];

/// `e` with each constant call, local or `for` replaced by its value as a literal expression
/// (see [`as_literal`]).
pub(super) fn folded(e: &Expr, locals: &[LocalSpec], version: TerraformVersion) -> Expr {
    e.rewritten(&mut |inner| {
        let candidate = match inner.peel() {
            Expr::Call { .. } | Expr::For(_) => !literal_form(inner),
            Expr::Local(name) => locals
                .iter()
                .find(|l| l.name == *name)
                .is_some_and(|l| !literal_form(&l.expr)),
            _ => false,
        };
        if !candidate {
            return None;
        }
        as_literal(constant_value(inner, locals, version)?.ok()?)
    })
}

/// The value of `e` as the runtime evaluates it, or the error it fails with; `None` when `e`
/// is not constant (see [`expanded`]).
pub(super) fn constant_value(
    e: &Expr,
    locals: &[LocalSpec],
    version: TerraformVersion,
) -> Option<Result<Value, EvalError>> {
    let expanded = expanded(e, locals, &mut Vec::new(), 0)?;
    // Locals are expanded, and nothing else refers to the module.
    let (spec, values) = (ModuleSpec::default(), BTreeMap::new());
    Some(
        Scope::new(&spec, &values)
            .with_version(version)
            .eval(&expanded),
    )
}

/// `e` with every local replaced by its expression, or `None` when `e` is not constant: it
/// refers to a variable, a value known after apply, a name bound outside it, an unknown local
/// or a function [`NOT_CONSTANT`].
fn expanded(e: &Expr, locals: &[LocalSpec], bound: &mut Vec<String>, depth: usize) -> Option<Expr> {
    let mut constant = true;
    let out = e.rewritten(&mut |inner| match inner {
        Expr::Variable(_) | Expr::Unknown(_) | Expr::AmbiguousKey(_) => {
            constant = false;
            Some(inner.clone())
        }
        Expr::Bound(name) => {
            constant &= bound.contains(name);
            Some(inner.clone())
        }
        Expr::Local(name) => {
            let local = locals.iter().find(|l| l.name == *name);
            match local.filter(|_| depth < LOCAL_DEPTH) {
                // A local sees no `for` symbols of the condition.
                Some(l) => match expanded(&l.expr, locals, &mut Vec::new(), depth + 1) {
                    Some(x) => Some(x),
                    None => {
                        constant = false;
                        Some(inner.clone())
                    }
                },
                None => {
                    constant = false;
                    Some(inner.clone())
                }
            }
        }
        Expr::Call { name, .. } if name.contains("::") || NOT_CONSTANT.contains(&name.as_str()) => {
            constant = false;
            Some(inner.clone())
        }
        Expr::For(f) => {
            let before = bound.len();
            bound.push(f.value_var.clone());
            bound.extend(f.key_var.clone());
            let mut g = (**f).clone();
            let collection = expanded(&f.collection, locals, &mut bound[..before].to_vec(), depth);
            let parts = [Some(&f.value), f.key.as_ref(), f.condition.as_ref()]
                .map(|p| p.map(|p| expanded(p, locals, bound, depth)));
            bound.truncate(before);
            match (collection, parts) {
                (Some(c), [Some(Some(v)), k, cond])
                    if !matches!(k, Some(None)) && !matches!(cond, Some(None)) =>
                {
                    g.collection = c;
                    g.value = v;
                    g.key = k.flatten();
                    g.condition = cond.flatten();
                    Some(Expr::For(Box::new(g)))
                }
                _ => {
                    constant = false;
                    Some(inner.clone())
                }
            }
        }
        Expr::Splat {
            source,
            each,
            symbol,
        } => {
            let source = expanded(source, locals, bound, depth);
            bound.push(symbol.clone());
            let each = expanded(each, locals, bound, depth);
            bound.pop();
            match (source, each) {
                (Some(source), Some(each)) => Some(Expr::Splat {
                    source: Box::new(source),
                    each: Box::new(each),
                    symbol: symbol.clone(),
                }),
                _ => {
                    constant = false;
                    Some(inner.clone())
                }
            }
        }
        _ => None,
    });
    constant.then_some(out)
}

/// Whether `e` is already written as a literal: a primitive, a template without
/// interpolations, or a tuple of such, also under `tolist`/`toset`.
fn literal_form(e: &Expr) -> bool {
    match e.peel() {
        Expr::Literal(_) => true,
        Expr::Template(parts) => parts
            .iter()
            .all(|p| matches!(p, tfvars_runtime::expr::TemplatePart::Literal(_))),
        Expr::Tuple(items) => items.iter().all(literal_form),
        Expr::Unary(tfvars_runtime::expr::UnaryOp::Negate, inner) => literal_form(inner),
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if matches!(name.as_str(), "tolist" | "toset") => {
            matches!(args.as_slice(), [a] if literal_form(a))
        }
        _ => false,
    }
}

/// The value as a literal expression of its own type: a primitive; a tuple of primitives, or
/// `tolist` or `toset` of one for a list or set (Terraform compares a list and a tuple as
/// different values), of at most [`MOST_ELEMENTS`]; `None` for anything else or an unknown
/// value.
fn as_literal(value: Value) -> Option<Expr> {
    let primitive = |v: &Value| {
        matches!(
            v,
            Value::Null(_) | Value::Bool(_) | Value::Number(_) | Value::String(_)
        )
    };
    let tuple = |items: Vec<Value>| {
        (items.len() <= MOST_ELEMENTS && items.iter().all(primitive))
            .then(|| Expr::Tuple(items.into_iter().map(Expr::Literal).collect()))
    };
    let converted = |name: &str, tuple: Expr| Expr::Call {
        name: name.into(),
        args: vec![tuple],
        expand_final: false,
    };
    match value {
        v if primitive(&v) => Some(Expr::Literal(v)),
        Value::Tuple(items) => tuple(items),
        Value::List(_, items) => tuple(items).map(|t| converted("tolist", t)),
        Value::Set(_, items) => tuple(items).map(|t| converted("toset", t)),
        _ => None,
    }
}
