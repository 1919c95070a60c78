//! A rule on a value that stands for the target or for a default
//! (`length(coalesce(var.x, "none")) <= 40`, `startswith(coalesce(var.x, "-"), "folders/")`,
//! `(var.n == null ? 5 : var.n) > 3`): where the target is non-null (and, for `coalesce` on a
//! string, not empty) the rule judges the target itself; elsewhere it judges the default, one
//! literal, so its verdict there is one the runtime computes once. The forms `contains` and
//! `regex` have their own readings (`Cx::defaulted_contains`); this one takes any rule the
//! translator reads on the target.

use tfvars_runtime::eval::ErrorKind;
use tfvars_runtime::expr::BinaryOp;
use tfvars_runtime::{Expr, Type, Value};

use super::{empty, Cx, Defaulted, OnNull, Rules, Target, Translated};

/// The name the target goes by in the rule read on it alone.
const SLOT: &str = "\u{0}defaulted";

/// Whether `d` is compared in `e` by a form with its own reading: `contains(L, d)`,
/// `regex(P, d)`, `d == A`, `d != A`.
fn read_elsewhere(e: &Expr, d: &Expr) -> bool {
    let here = match e {
        Expr::Call { name, args, .. } if matches!(name.as_str(), "contains" | "regex") => {
            args.get(1).is_some_and(|a| a == d)
        }
        Expr::Binary(BinaryOp::Eq | BinaryOp::NotEq, a, b) => **a == *d || **b == *d,
        _ => false,
    };
    here || e.children().into_iter().any(|c| read_elsewhere(c, d))
}

impl Cx<'_> {
    /// `R(D)` for `D` a [`Cx::defaulted`] value of the target, the target appearing nowhere
    /// else in `e`; `None` for other conditions.
    pub(super) fn default_mapped(
        &self,
        e: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        let (d, mapping) = self.first_defaulted(e, target, ty)?;
        // A shape the dedicated readings refuse stays refused, with their reason.
        let mapping = mapping.ok()?;
        if read_elsewhere(e, &d) {
            return None;
        }
        let mut only_d = true;
        let on_slot = e.rewritten(&mut |inner| {
            if *inner == d {
                return Some(Expr::Bound(SLOT.into()));
            }
            if target.is(inner) {
                only_d = false;
            }
            None
        });
        if !only_d {
            return None;
        }
        Some(self.mapped_rule(&on_slot, &mapping, ty))
    }

    /// The first value in `e` (depth first) that [`Cx::defaulted`] reads, with its reading.
    fn first_defaulted(
        &self,
        e: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<(Expr, Result<Defaulted, String>)> {
        if let Some(mapping) = self.defaulted(e, target, ty) {
            return Some((e.clone(), mapping));
        }
        e.children()
            .into_iter()
            .find_map(|c| self.first_defaulted(c, target, ty))
    }

    /// The rules of `rule` (on [`SLOT`]) where the target is itself, and its verdict on the
    /// default where the target maps to it. Where the rule fails with an error on the default
    /// (and where `coalesce` has no default), the mapped values fail with it, which an
    /// enclosing `||` evaluated whole must know (`may_fail`, `OnNull::Error`): there the error
    /// fails the rule whatever the other side says.
    fn mapped_rule(
        &self,
        rule: &Expr,
        mapping: &Defaulted,
        ty: &Type,
    ) -> Result<Translated, String> {
        let own = self.condition(rule, Target::Bound(SLOT), ty)?;
        // `coalesce` without a default fails where every argument is null or empty.
        let on_default = match &mapping.default {
            Some(d) => self.verdict_on(rule, d)?,
            None => None,
        };
        let mut rules = own.rules;
        rules.null_ok = false;
        if mapping.skip_empty {
            if on_default == Some(true) {
                // The empty string passes as the default does, whatever the rule says of it.
                let given = rules;
                let only_empty = Rules {
                    allowed: Some(vec![empty()]),
                    ..Rules::default()
                };
                if !given.is_flat() {
                    return Err(
                        "a rule on a defaulted value that is not about the value itself".into(),
                    );
                }
                rules = Rules {
                    any_of: vec![vec![only_empty, given]],
                    ..Rules::default()
                };
            } else {
                if !rules.disallowed.contains(&empty()) {
                    rules.disallowed.push(empty());
                }
                rules.may_fail |= on_default.is_none();
            }
        }
        let on_null = match on_default {
            None => OnNull::Error,
            Some(true) => OnNull::True,
            Some(false) => OnNull::False,
        };
        Ok(Translated { rules, on_null })
    }

    /// The rule's verdict with the slot given `value`: `Some(holds)`, or `None` where it fails
    /// with an error (a null result too: no operator or rule takes it as a bool); the rule
    /// may refer to nothing else but locals.
    fn verdict_on(&self, rule: &Expr, value: &Value) -> Result<Option<bool>, String> {
        let filled = rule.rewritten(&mut |inner| {
            matches!(inner, Expr::Bound(b) if b == SLOT).then(|| Expr::Literal(value.clone()))
        });
        let Some(verdict) = super::constants::constant_value(&filled, self.locals, self.version)
        else {
            return Err("a rule on a defaulted value that refers to more than the value".into());
        };
        match verdict {
            Ok(Value::Bool(b)) => Ok(Some(b)),
            Ok(Value::Null(_)) => Ok(None),
            Ok(_) => {
                Err("a rule on a defaulted value whose verdict on the default is not a bool".into())
            }
            Err(e) if e.kind == ErrorKind::Unsupported => {
                Err("a rule the runtime cannot decide on the default".into())
            }
            Err(_) => Ok(None),
        }
    }
}
