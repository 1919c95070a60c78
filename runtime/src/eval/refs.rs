//! What an expression refers to: used to check references before evaluating (as Terraform
//! validates them statically) and to tell whether `can`/`try` depend on unknown values (as
//! HCL's `dependsOnUnknowns` does).

use crate::expr::{Expr, TemplatePart};
use crate::value::Value;

use super::error::EvalError;
use super::scope::Scope;

/// The root of a reference.
pub(crate) enum Root<'e> {
    Variable(&'e str),
    Local(&'e str),
    Bound(&'e str),
    /// `path.module`, a resource attribute, …: the text as written.
    Unknown(&'e str),
}

/// A static step after the root: `.name` or `[literal]`.
pub(crate) enum Step<'e> {
    Attr(&'e str),
    Key(&'e Value),
}

/// A reference with its static traversal.
pub(crate) struct Reference<'e> {
    pub root: Root<'e>,
    pub steps: Vec<Step<'e>>,
}

/// The longest static traversal of a reference expression, innermost root first.
fn traversal(e: &Expr) -> Option<Reference<'_>> {
    match e.peel() {
        Expr::Variable(n) => Some(Reference {
            root: Root::Variable(n),
            steps: vec![],
        }),
        Expr::Local(n) => Some(Reference {
            root: Root::Local(n),
            steps: vec![],
        }),
        Expr::Bound(n) => Some(Reference {
            root: Root::Bound(n),
            steps: vec![],
        }),
        Expr::Unknown(what) => Some(Reference {
            root: Root::Unknown(what),
            steps: vec![],
        }),
        Expr::GetAttr(t, name) => {
            let mut r = traversal(t)?;
            r.steps.push(Step::Attr(name));
            Some(r)
        }
        Expr::Index(t, k) => {
            let mut r = traversal(t)?;
            if let Expr::Literal(v) = k.peel() {
                r.steps.push(Step::Key(v));
            }
            Some(r)
        }
        _ => None,
    }
}

/// Every reference in `e`, with the names bound by `for` expressions and splats inside `e`
/// left out.
pub(crate) fn references(e: &Expr) -> Vec<Reference<'_>> {
    let mut out = Vec::new();
    walk(e, &mut Vec::new(), &mut out);
    out
}

fn walk<'e>(e: &'e Expr, bound: &mut Vec<&'e str>, out: &mut Vec<Reference<'e>>) {
    if let Some(r) = traversal(e) {
        match r.root {
            Root::Bound(n) if bound.contains(&n) => {}
            _ => out.push(r),
        }
        // Dynamic index keys inside the traversal still count.
        let mut cur = e;
        loop {
            match cur.peel() {
                Expr::GetAttr(t, _) => cur = t,
                Expr::Index(t, k) => {
                    walk(k, bound, out);
                    cur = t;
                }
                _ => break,
            }
        }
        return;
    }
    match e.peel() {
        Expr::At(..) => unreachable!("peeled"),
        Expr::Literal(_)
        | Expr::Variable(_)
        | Expr::Local(_)
        | Expr::Bound(_)
        | Expr::Unknown(_) => {}
        Expr::AmbiguousKey(t) => walk(t, bound, out),
        Expr::Template(parts) => walk_parts(parts, bound, out),
        Expr::Tuple(xs) => xs.iter().for_each(|x| walk(x, bound, out)),
        Expr::Object(kvs) => kvs.iter().for_each(|(k, v)| {
            walk(k, bound, out);
            walk(v, bound, out);
        }),
        Expr::GetAttr(t, _) => walk(t, bound, out),
        Expr::Index(t, k) => {
            walk(t, bound, out);
            walk(k, bound, out);
        }
        Expr::Splat {
            source,
            each,
            symbol,
        } => {
            walk(source, bound, out);
            bound.push(symbol);
            walk(each, bound, out);
            bound.pop();
        }
        Expr::Unary(_, x) => walk(x, bound, out),
        Expr::Binary(_, a, b) => {
            walk(a, bound, out);
            walk(b, bound, out);
        }
        Expr::Conditional(c, a, b) => {
            walk(c, bound, out);
            walk(a, bound, out);
            walk(b, bound, out);
        }
        Expr::Call { args, .. } => args.iter().for_each(|x| walk(x, bound, out)),
        Expr::For(f) => {
            walk(&f.collection, bound, out);
            let n = bound.len();
            bound.push(&f.value_var);
            if let Some(k) = &f.key_var {
                bound.push(k);
            }
            if let Some(k) = &f.key {
                walk(k, bound, out);
            }
            walk(&f.value, bound, out);
            if let Some(c) = &f.condition {
                walk(c, bound, out);
            }
            bound.truncate(n);
        }
    }
}

fn walk_parts<'e>(
    parts: &'e [TemplatePart],
    bound: &mut Vec<&'e str>,
    out: &mut Vec<Reference<'e>>,
) {
    for p in parts {
        match p {
            TemplatePart::Literal(_) => {}
            TemplatePart::Interpolation(e) => walk(e, bound, out),
            TemplatePart::If {
                condition,
                then,
                otherwise,
            } => {
                walk(condition, bound, out);
                walk_parts(then, bound, out);
                walk_parts(otherwise, bound, out);
            }
            TemplatePart::For {
                key_var,
                value_var,
                collection,
                body,
            } => {
                walk(collection, bound, out);
                let n = bound.len();
                bound.push(value_var);
                if let Some(k) = key_var {
                    bound.push(k);
                }
                walk_parts(body, bound, out);
                bound.truncate(n);
            }
        }
    }
}

impl Scope<'_> {
    /// Terraform's static check: every `var.*` and `local.*` named in `e` is declared.
    pub(crate) fn check_references(&self, e: &Expr) -> Result<(), EvalError> {
        for r in references(e) {
            match r.root {
                Root::Variable(n) if !self.declares_variable(n) => {
                    return Err(super::scope::undeclared_variable(n))
                }
                Root::Local(n) if !self.declares_local(n) => {
                    return Err(super::scope::undeclared_local(n))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// HCL's `dependsOnUnknowns`: does a reference in `e`, followed as far as its static
    /// traversal goes, reach a value that is not wholly known?
    pub(crate) fn depends_on_unknowns(&mut self, e: &Expr) -> bool {
        for r in references(e) {
            let root = match r.root {
                Root::Unknown(what) => {
                    match self
                        .files()
                        .and_then(|f| super::functions::path_value(f, what))
                    {
                        Some(v) => v,
                        None => return true,
                    }
                }
                Root::Variable(n) => match self.variable_value(n) {
                    Some(v) => v.clone(),
                    None => return true,
                },
                Root::Local(n) => match self.local_value(n) {
                    Some(v) => v,
                    None => continue,
                },
                Root::Bound(n) => match self.bound_value(n) {
                    Some(v) => v.clone(),
                    None => continue,
                },
            };
            let mut v = root;
            let mut failed = false;
            for step in &r.steps {
                let next = match step {
                    Step::Attr(a) => super::access::get_attr(&v, a),
                    Step::Key(k) => super::access::index(&v, k),
                };
                match next {
                    Ok(n) => v = n,
                    Err(_) => {
                        failed = true;
                        break;
                    }
                }
            }
            if !failed && v.has_unknown() {
                return true;
            }
        }
        false
    }
}

/// The variables `e` refers to outside any call of `ephemeralasnull` (which strips the
/// ephemeral mark).
pub(crate) fn marked_variables(e: &Expr) -> Vec<&str> {
    let mut out = Vec::new();
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match x {
            Expr::Call { name, .. } if name == "ephemeralasnull" => {}
            Expr::Variable(n) => out.push(n.as_str()),
            other => stack.extend(other.children()),
        }
    }
    out
}
