//! `alltrue` and `anytrue` over a `for` expression that iterates a list literal, written out
//! element by element: `alltrue([for k in ["a", "b"] : contains(keys(var.m), k)])` is
//! `alltrue([contains(keys(var.m), "a"), contains(keys(var.m), "b")])`. The `for` evaluates
//! its body once per element, in order, as the list literal evaluates its elements, so both
//! have the same elements and fail alike; the list literal form is then read as any other.
//!
//! A string element written into a template by itself (`"^${r}\\."`) becomes part of the
//! template's text, so that a pattern built from the element reads as a literal.

use tfvars_runtime::expr::{ForExpr, TemplatePart};
use tfvars_runtime::{Expr, Number, Value};

/// The most elements written out: each becomes a condition of its own.
const MOST_ELEMENTS: usize = 64;

/// The elements of `alltrue`/`anytrue`'s list when `f` iterates a list literal of primitive
/// values and has no filter, no key expression and no grouping, and the symbols it binds are
/// not bound again inside its body ([`super::rebinds`]); `None` otherwise.
pub(super) fn unrolled(f: &ForExpr) -> Option<Vec<Expr>> {
    if f.key.is_some() || f.condition.is_some() || f.grouping {
        return None;
    }
    let elements = list_literal(&f.collection)?;
    if elements.is_empty() || elements.len() > MOST_ELEMENTS {
        return None;
    }
    if super::rebinds(f) {
        return None;
    }
    Some(
        elements
            .into_iter()
            .enumerate()
            .map(|(i, value)| {
                let index = Value::Number(Number::from(i as u64));
                let mut given = vec![(f.value_var.as_str(), value)];
                given.extend(f.key_var.as_deref().map(|k| (k, index)));
                substituted(&f.value, &given)
            })
            .collect(),
    )
}

/// The elements of a list literal of non-null primitive values (`["a", "b"]`, or a constant
/// folded to one).
fn list_literal(e: &Expr) -> Option<Vec<Value>> {
    let primitive = |v: &Value| matches!(v, Value::String(_) | Value::Number(_) | Value::Bool(_));
    let values: Vec<Value> = match e.peel() {
        Expr::Tuple(items) => items
            .iter()
            .map(|item| match item.peel() {
                Expr::Literal(v) => Some(v.clone()),
                _ => None,
            })
            .collect::<Option<_>>()?,
        Expr::Literal(Value::Tuple(vs) | Value::List(_, vs)) => vs.clone(),
        _ => return None,
    };
    values.iter().all(primitive).then_some(values)
}

/// `e` with each symbol of `given` replaced by its value; a string value interpolated by
/// itself in a template becomes template text.
fn substituted(e: &Expr, given: &[(&str, Value)]) -> Expr {
    let value_of = |e: &Expr| match e.peel() {
        Expr::Bound(name) => given
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone()),
        _ => None,
    };
    e.rewritten(&mut |inner| {
        if let Some(v) = value_of(inner) {
            return Some(Expr::Literal(v));
        }
        let Expr::Template(parts) = inner else {
            return None;
        };
        let parts = parts
            .iter()
            .map(|p| match p {
                TemplatePart::Interpolation(x) => match value_of(x) {
                    Some(Value::String(s)) => TemplatePart::Literal(s),
                    _ => TemplatePart::Interpolation(substituted(x, given)),
                },
                // Directives keep the symbols: `rebinds` has refused any that binds one
                // again, and a directive's template is not read as a literal anyway.
                other => other.clone(),
            })
            .collect();
        Some(Expr::Template(parts))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfvars_runtime::expr::ForExpr;

    fn call(name: &str, args: Vec<Expr>) -> Expr {
        Expr::Call {
            name: name.into(),
            args,
            expand_final: false,
        }
    }

    fn string(s: &str) -> Expr {
        Expr::Literal(Value::String(s.into()))
    }

    fn over(collection: Expr, key_var: Option<&str>, value: Expr) -> ForExpr {
        ForExpr {
            key_var: key_var.map(Into::into),
            value_var: "k".into(),
            collection,
            key: None,
            value,
            condition: None,
            grouping: false,
        }
    }

    #[test]
    fn each_element_takes_the_place_of_the_symbol() {
        let keys = call("keys", vec![Expr::Variable("m".into())]);
        let body = call("contains", vec![keys.clone(), Expr::Bound("k".into())]);
        let f = over(Expr::Tuple(vec![string("a"), string("b")]), None, body);
        assert_eq!(
            unrolled(&f),
            Some(vec![
                call("contains", vec![keys.clone(), string("a")]),
                call("contains", vec![keys, string("b")]),
            ])
        );
    }

    #[test]
    fn the_index_symbol_takes_the_position() {
        let body = Expr::Bound("i".into());
        let f = over(Expr::Tuple(vec![string("a"), string("b")]), Some("i"), body);
        let n = |i: u64| Expr::Literal(Value::Number(Number::from(i)));
        assert_eq!(unrolled(&f), Some(vec![n(0), n(1)]));
    }

    #[test]
    fn a_string_interpolated_by_itself_becomes_text() {
        let body = Expr::Template(vec![
            TemplatePart::Literal("^x\\.".into()),
            TemplatePart::Interpolation(Expr::Bound("k".into())),
            TemplatePart::Literal("$".into()),
        ]);
        let f = over(Expr::Tuple(vec![string("us")]), None, body);
        let Some(items) = unrolled(&f) else {
            panic!("unrolled")
        };
        assert_eq!(
            items,
            vec![Expr::Template(vec![
                TemplatePart::Literal("^x\\.".into()),
                TemplatePart::Literal("us".into()),
                TemplatePart::Literal("$".into()),
            ])]
        );
    }

    #[test]
    fn other_forms_stay_as_written() {
        let body = Expr::Bound("k".into());
        let inner = ForExpr {
            value_var: "k".into(),
            ..over(Expr::Variable("l".into()), None, body.clone())
        };
        let rebinding = over(
            Expr::Tuple(vec![string("a")]),
            None,
            call("alltrue", vec![Expr::For(Box::new(inner))]),
        );
        assert_eq!(unrolled(&rebinding), None, "an inner `for` binds `k` again");
        let directive = Expr::Template(vec![TemplatePart::For {
            key_var: None,
            value_var: "k".into(),
            collection: Expr::Variable("l".into()),
            body: vec![TemplatePart::Interpolation(Expr::Bound("k".into()))],
        }]);
        let in_template = over(
            Expr::Tuple(vec![string("a")]),
            None,
            call("startswith", vec![Expr::Variable("x".into()), directive]),
        );
        assert_eq!(unrolled(&in_template), None, "a `%{{for}}` binds `k` again");
        let filtered = ForExpr {
            condition: Some(Expr::Literal(Value::Bool(true))),
            ..over(Expr::Tuple(vec![string("a")]), None, body.clone())
        };
        assert_eq!(unrolled(&filtered), None);
        let of_variable = over(Expr::Variable("l".into()), None, body.clone());
        assert_eq!(unrolled(&of_variable), None);
        let with_null = over(Expr::Tuple(vec![Expr::Literal(Value::null())]), None, body);
        assert_eq!(unrolled(&with_null), None);
    }
}
