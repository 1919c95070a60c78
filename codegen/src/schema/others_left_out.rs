//! A rule between variables that the schema cannot state whole, checked where the other
//! variables it names are left out.
//!
//! A variable left out holds its default, which is known when the schema is written, so there
//! the rule is one about the variable alone: `contains(keys(var.clusters), v.cluster)` with
//! `clusters` left out (default `{}`) accepts no element, and `!var.enabled || var.key != null`
//! with `key` left out (default `null`) is `!var.enabled`. Where another variable is given, the
//! rule is not checked: the schema accepts, as for a rule left out.
//!
//! The rule becomes `var.a != null ? true : (… ? true : RULE[a := default, …])` for others whose
//! default is null (given null, such a variable is null too, so only a non-null value escapes),
//! and an `anyOf` alternative "given" (`required`) for each other with a non-null default
//! (given null, a nullable one is null, not its default). Constant parts are then evaluated
//! (`keys({})` → `[]`), so the rule reads as the translator expects.

use tfvars_runtime::eval::Scope;
use tfvars_runtime::expr::{BinaryOp, UnaryOp};
use tfvars_runtime::{Expr, ModuleSpec, TerraformVersion, Value, VariableSpec};

/// The rule with the other variables replaced by their defaults, and the others that must be
/// left out (not merely null) for it to apply.
pub(super) struct LeftOut {
    /// The rule, as a rule between variables that names no other variable but through
    /// `var.a != null` tests.
    pub condition: Expr,
    /// Other variables with a non-null default: the rule applies where each is absent.
    pub absent: Vec<String>,
}

/// Refused when another variable has no default (leaving it out is an error of its own), or
/// when the rule uses a local (which may name the other variables again).
pub(super) fn left_out(
    condition: &Expr,
    name: &str,
    others: &[String],
    variables: &[&VariableSpec],
    version: TerraformVersion,
) -> Result<LeftOut, String> {
    let mut defaults: Vec<(&str, &Value)> = Vec::new();
    for other in others.iter().filter(|o| *o != name) {
        let v = variables
            .iter()
            .find(|v| v.name == *other)
            .ok_or_else(|| format!("`var.{other}` is not declared"))?;
        let default = v
            .default
            .as_ref()
            .ok_or_else(|| format!("`var.{other}` has no default"))?;
        defaults.push((&v.name, default));
    }
    if defaults.is_empty() {
        return Err("no other variable".into());
    }
    let replaced = condition.rewritten(&mut |e| match e {
        Expr::Variable(v) => defaults
            .iter()
            .find(|(n, _)| n == v)
            .map(|(_, d)| Expr::Literal((*d).clone())),
        _ => None,
    });
    if names_local(&replaced) {
        return Err("a local, which may name the other variables again".into());
    }
    let mut condition = simplified(&fold_constants(&replaced, version), version);
    let mut absent = Vec::new();
    for (other, default) in defaults.iter().rev() {
        if default.is_null() {
            let given = Expr::Binary(
                BinaryOp::NotEq,
                Box::new(Expr::Variable(other.to_string())),
                Box::new(Expr::Literal(Value::null())),
            );
            condition = Expr::Conditional(
                Box::new(given),
                Box::new(Expr::Literal(Value::Bool(true))),
                Box::new(condition),
            );
        } else {
            absent.insert(0, other.to_string());
        }
    }
    Ok(LeftOut { condition, absent })
}

fn names_local(e: &Expr) -> bool {
    matches!(e, Expr::Local(_)) || e.children().into_iter().any(names_local)
}

/// Whether `e` is evaluated without any variable, local, symbol or unknown value.
fn constant(e: &Expr) -> bool {
    match e {
        Expr::Variable(_) | Expr::Local(_) | Expr::Bound(_) | Expr::Unknown(_) => false,
        Expr::For(_) | Expr::Splat { .. } => false,
        _ => e.children().into_iter().all(constant),
    }
}

/// Constant parts evaluated: those giving a known `null`, bool, number or string become that
/// literal; the list of a `contains` giving a list, set or tuple of such values becomes a tuple
/// of them (`contains` only tests membership). Parts whose evaluation fails, or is not known
/// (`timestamp()`, the file functions), stay as written.
fn fold_constants(e: &Expr, version: TerraformVersion) -> Expr {
    let spec = ModuleSpec::default();
    let values = Default::default();
    let eval = |e: &Expr| {
        Scope::new(&spec, &values)
            .with_version(version)
            .eval(e)
            .ok()
    };
    e.rewritten(&mut |e| {
        if let Expr::Call {
            name,
            args,
            expand_final: false,
        } = e
        {
            if let [list, value] = args.as_slice() {
                if name == "contains" && constant(list) && !matches!(list, Expr::Tuple(_)) {
                    let items = match eval(list)? {
                        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => items,
                        _ => return None,
                    };
                    if !items.iter().all(primitive) {
                        return None;
                    }
                    return Some(Expr::Call {
                        name: name.clone(),
                        args: vec![
                            Expr::Tuple(items.into_iter().map(Expr::Literal).collect()),
                            fold_constants(value, version),
                        ],
                        expand_final: false,
                    });
                }
            }
        }
        if matches!(e, Expr::Literal(_)) || !constant(e) {
            return None;
        }
        let v = eval(e)?;
        primitive(&v).then_some(Expr::Literal(v))
    })
}

/// `&&`, `||`, `!` and conditionals with a literal bool operand written without it, as
/// Terraform evaluates them: `false || X` is `X`, `true ? A : B` is `A` (only the branch taken
/// is evaluated); `true || X` is `true` where `||` short-circuits (1.12 and later), and in 1.11,
/// which evaluates `X` anyway, `X ? true : true` (`X` must still give a bool, or the rule
/// fails). `X || true` is that too in every version.
fn simplified(e: &Expr, version: TerraformVersion) -> Expr {
    let literal = |e: &Expr| match e {
        Expr::Literal(Value::Bool(b)) => Some(*b),
        _ => None,
    };
    let bool_lit = |b: bool| Expr::Literal(Value::Bool(b));
    // `X ? d : d`: `d` wherever `X` gives a bool.
    let evaluated = |x: Expr, d: bool| {
        Expr::Conditional(Box::new(x), Box::new(bool_lit(d)), Box::new(bool_lit(d)))
    };
    e.rewritten(&mut |e| match e {
        Expr::Binary(op @ (BinaryOp::And | BinaryOp::Or), a, b) => {
            let (a, b) = (simplified(a, version), simplified(b, version));
            // The operand that decides (`true` for `||`), and the one that passes the other on.
            let decisive = *op == BinaryOp::Or;
            Some(match (literal(&a), literal(&b)) {
                (Some(x), Some(y)) => bool_lit(if decisive { x || y } else { x && y }),
                (Some(x), None) if x != decisive => b,
                (None, Some(y)) if y != decisive => a,
                (Some(_), None) if version == TerraformVersion::Latest => bool_lit(decisive),
                (Some(_), None) => evaluated(b, decisive),
                (None, Some(_)) => evaluated(a, decisive),
                (None, None) => Expr::Binary(*op, Box::new(a), Box::new(b)),
            })
        }
        Expr::Unary(UnaryOp::Not, x) => {
            let x = simplified(x, version);
            Some(match literal(&x) {
                Some(b) => bool_lit(!b),
                None => Expr::Unary(UnaryOp::Not, Box::new(x)),
            })
        }
        Expr::Conditional(c, t, f) => {
            let c = simplified(c, version);
            Some(match literal(&c) {
                Some(true) => simplified(t, version),
                Some(false) => simplified(f, version),
                None => Expr::Conditional(
                    Box::new(c),
                    Box::new(simplified(t, version)),
                    Box::new(simplified(f, version)),
                ),
            })
        }
        _ => None,
    })
}

fn primitive(v: &Value) -> bool {
    matches!(
        v,
        Value::Null(_) | Value::Bool(_) | Value::Number(_) | Value::String(_)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::expression_from_text;

    fn expr(text: &str) -> Expr {
        expression_from_text(text).expect("parses").without_sites()
    }

    fn simple(text: &str, version: TerraformVersion) -> Expr {
        simplified(&fold_constants(&expr(text), version), version)
    }

    #[test]
    fn constant_parts_are_evaluated() {
        let v = TerraformVersion::Latest;
        assert_eq!(
            simple("contains(keys({a = 1, b = 2}), var.x)", v),
            expr(r#"contains(["a", "b"], var.x)"#)
        );
        assert_eq!(
            simple("length([]) > 0 || var.x", v),
            expr("var.x"),
            "`false || X` is `X`"
        );
        assert_eq!(simple("upper(\"a\") == var.x", v), expr("\"A\" == var.x"));
        // A part that fails stays as written, and so fails where Terraform fails.
        assert_eq!(
            simple("tonumber(\"x\") > var.n", v),
            expr("tonumber(\"x\") > var.n")
        );
    }

    #[test]
    fn literal_operands_as_each_version_evaluates_them() {
        let (old, new) = (TerraformVersion::V1_11, TerraformVersion::Latest);
        // 1.11 evaluates `X` beside `true ||`: it must still give a bool.
        assert_eq!(simple("true || var.x", new), expr("true"));
        assert_eq!(simple("true || var.x", old), expr("var.x ? true : true"));
        assert_eq!(simple("var.x || true", new), expr("var.x ? true : true"));
        assert_eq!(simple("false && var.x", new), expr("false"));
        assert_eq!(simple("false && var.x", old), expr("var.x ? false : false"));
        assert_eq!(simple("true && var.x", old), expr("var.x"));
        assert_eq!(simple("!(var.x && true)", old), expr("!var.x"));
        // Only the branch taken is evaluated.
        assert_eq!(
            simple("length([]) == 0 ? var.x : var.y", old),
            expr("var.x")
        );
    }
}
