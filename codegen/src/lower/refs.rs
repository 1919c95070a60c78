//! What a lowered expression refers to.

use tfvars_runtime::expr::TemplatePart;
use tfvars_runtime::Expr;

/// The variables (`var.NAME`) an expression refers to, in order of appearance, with repeats.
pub fn variables_used(expr: &Expr) -> Vec<&str> {
    let mut out = Vec::new();
    walk(expr, &mut |e| {
        if let Expr::Variable(name) = e {
            out.push(name.as_str());
        }
    });
    out
}

/// The locals (`local.NAME`) an expression refers to, in order of appearance, with repeats.
pub fn locals_used(expr: &Expr) -> Vec<&str> {
    let mut out = Vec::new();
    walk(expr, &mut |e| {
        if let Expr::Local(name) = e {
            out.push(name.as_str());
        }
    });
    out
}

/// True when the expression refers to anything at all: a variable, a local or any other
/// object (a resource, `path.module`, …).
pub fn has_references(expr: &Expr) -> bool {
    let mut found = false;
    walk(expr, &mut |e| {
        if matches!(e, Expr::Variable(_) | Expr::Local(_) | Expr::Unknown(_)) {
            found = true;
        }
    });
    found
}

fn walk<'a>(expr: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    f(expr);
    match expr {
        Expr::At(at) => walk(&at.0, f),
        Expr::Literal(_)
        | Expr::Variable(_)
        | Expr::Local(_)
        | Expr::Bound(_)
        | Expr::Unknown(_) => {}
        Expr::AmbiguousKey(t) => walk(t, f),
        Expr::Template(parts) => walk_parts(parts, f),
        Expr::Tuple(items) => items.iter().for_each(|e| walk(e, f)),
        Expr::Object(items) => items.iter().for_each(|(k, v)| {
            walk(k, f);
            walk(v, f);
        }),
        Expr::GetAttr(e, _) | Expr::Unary(_, e) => walk(e, f),
        Expr::Index(a, b) | Expr::Binary(_, a, b) => {
            walk(a, f);
            walk(b, f);
        }
        Expr::Splat { source, each, .. } => {
            walk(source, f);
            walk(each, f);
        }
        Expr::Conditional(a, b, c) => {
            walk(a, f);
            walk(b, f);
            walk(c, f);
        }
        Expr::Call { args, .. } => args.iter().for_each(|e| walk(e, f)),
        Expr::For(fe) => {
            walk(&fe.collection, f);
            if let Some(k) = &fe.key {
                walk(k, f);
            }
            walk(&fe.value, f);
            if let Some(c) = &fe.condition {
                walk(c, f);
            }
        }
    }
}

fn walk_parts<'a>(parts: &'a [TemplatePart], f: &mut dyn FnMut(&'a Expr)) {
    for p in parts {
        match p {
            TemplatePart::Literal(_) => {}
            TemplatePart::Interpolation(e) => walk(e, f),
            TemplatePart::If {
                condition,
                then,
                otherwise,
            } => {
                walk(condition, f);
                walk_parts(then, f);
                walk_parts(otherwise, f);
            }
            TemplatePart::For {
                collection, body, ..
            } => {
                walk(collection, f);
                walk_parts(body, f);
            }
        }
    }
}
