//! What a rule left out still says: Terraform rejects a value on which evaluating the rule's
//! condition fails with an error, whatever the rule means. Where the schema cannot state a
//! rule, it can often state the values on which the condition cannot even be evaluated:
//! `for s in var.subnets : …` fails on a null `subnets`, `s.public_gateway` on a null element,
//! `length(var.x)` on a null `x`, `var.a > 1` on a null `a`.
//!
//! [`requirements`] lists such conditions, each a rule of its own that every value Terraform
//! accepts meets (`var.subnets != null`, `alltrue([for s in var.subnets : s != null])`). Each
//! is a necessary condition, never the whole rule: the schema checks the ones it can translate
//! and still leaves the rule out (with terraschema's warning), so it stays looser than
//! Terraform, never stricter.
//!
//! Followed: iteration (`for`, and splats of a list or set), attribute and index access,
//! arithmetic, comparison and logic operators, `!` and `-`, the condition of `? :` and of a
//! `for`'s `if`, interpolation beside other text, and the arguments Terraform's functions
//! refuse null for (recorded from Terraform 1.11.4: `length(null)` fails with "argument must not
//! be null"). A subexpression is followed only where Terraform always evaluates it: the branches
//! of `? :` and the right side of a short-circuiting `&&` or `||` only under their guard, and
//! nothing inside `can` and `try`.

use tfvars_runtime::expr::{BinaryOp, ForExpr, TemplatePart, UnaryOp};
use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::{Expr, TerraformVersion, Type, Value, VariableSpec};

use super::translate::{self, Rules};

/// The rules of the [`requirements`] of a rule of `v` left out that translate.
#[derive(Default)]
pub(super) struct Checked {
    /// Those on `v` alone, merged.
    pub own: Option<Rules>,
    /// Those on other variables (`var.enabled` in `!(var.enabled && var.key == null)` fails on
    /// a null `enabled`), as rules of the root, with the variables each names.
    pub root: Vec<(Rules, Vec<String>)>,
    /// The text of each, for `--debug`.
    pub texts: Vec<String>,
}

/// The place of the variables: the root object's type and the variables whose null stays
/// null (see `translate::translate_root`).
pub(super) struct Root<'a> {
    pub ty: &'a Type,
    pub null_stays: &'a [String],
}

/// [`Checked`] for `condition`, a rule of `v` left out. Only under `--terraform-conversions`,
/// whose translations the requirements take.
pub(super) fn checked(
    condition: &Expr,
    v: &VariableSpec,
    locals: &[LocalSpec],
    root: &Root,
    version: TerraformVersion,
) -> Checked {
    let mut tried: Vec<Expr> = Vec::new();
    let mut out = Checked::default();
    // Those under a guard first; where a guard does not translate, the same without it.
    let guarded = requirements(condition, &v.name, &v.ty, version, true);
    let unguarded = requirements(condition, &v.name, &v.ty, version, false);
    for r in guarded.into_iter().chain(unguarded) {
        if tried.contains(&r) {
            continue;
        }
        let mut names = Vec::new();
        super::variables_in(&r, &mut names);
        if names.iter().all(|n| *n == v.name) {
            if let Ok(rules) = translate::translate(&r, &v.name, &v.ty, locals, version, true) {
                out.texts.push(text(&r));
                match &mut out.own {
                    Some(all) => all.merge(rules),
                    None => out.own = Some(rules),
                }
            }
        } else if let Ok(rules) =
            translate::translate_root(&r, root.ty, root.null_stays, locals, version, true)
        {
            out.texts.push(text(&r));
            out.root.push((rules, names));
        }
        tried.push(r);
    }
    out
}

/// The functions whose parameters at the given positions refuse null (`None`: every one), as
/// Terraform 1.11.4 answers: `contains(["a"], null)` fails, `coalesce(null, "a")` does not.
const NULL_REFUSED: &[(&str, Option<&[usize]>)] = &[
    ("alltrue", None),
    ("anytrue", None),
    ("base64decode", None),
    ("cidrhost", Some(&[0])),
    ("cidrnetmask", None),
    ("compact", None),
    ("concat", None),
    ("contains", None),
    ("distinct", None),
    ("element", Some(&[0])),
    ("endswith", None),
    ("flatten", None),
    ("index", Some(&[0])),
    ("jsondecode", None),
    ("keys", None),
    ("length", None),
    ("lookup", Some(&[0, 1])),
    ("lower", None),
    ("max", None),
    ("min", None),
    ("one", None),
    ("regex", None),
    ("regexall", None),
    ("replace", Some(&[0])),
    ("sort", None),
    ("split", None),
    ("startswith", None),
    ("strcontains", None),
    ("strrev", None),
    ("substr", Some(&[0])),
    ("sum", None),
    ("title", None),
    ("trim", Some(&[0])),
    ("trimprefix", Some(&[0])),
    ("trimspace", None),
    ("trimsuffix", Some(&[0])),
    ("upper", None),
    ("values", None),
];

/// Conditions that hold for every value of `var.NAME` (of type `ty`) on which `condition`
/// evaluates without an error, each alone. With `guarded`, conditions under a guard are
/// written with it (`var.x != null ? alltrue([for s in var.x : s != null]) : true`); without,
/// they are left out, for a translator that cannot read the guard.
pub(super) fn requirements(
    condition: &Expr,
    name: &str,
    ty: &Type,
    version: TerraformVersion,
    guarded: bool,
) -> Vec<Expr> {
    let walk = Walk {
        name,
        ty,
        version,
        guarded,
    };
    let mut out = Vec::new();
    walk.needs(condition, &mut Vec::new(), &mut out);
    unique(out, |r| !only_variables(r))
}

struct Walk<'a> {
    name: &'a str,
    ty: &'a Type,
    version: TerraformVersion,
    guarded: bool,
}

/// The types of the symbols bound around a subexpression, innermost last.
type Bound = Vec<(String, Option<Type>)>;

impl Walk<'_> {
    /// Pushes onto `out` the conditions under which `e` evaluates without an error.
    fn needs(&self, e: &Expr, bound: &mut Bound, out: &mut Vec<Expr>) {
        match e.peel() {
            Expr::Literal(_)
            | Expr::Variable(_)
            | Expr::Local(_)
            | Expr::Bound(_)
            | Expr::Unknown(_)
            | Expr::AmbiguousKey(_)
            | Expr::At(..) => {}
            Expr::Template(parts) => {
                // A lone interpolation is its value (`"${null}"` is null); beside text, a null
                // value fails. Directives are not followed.
                let alone = parts.len() == 1;
                for p in parts {
                    if let TemplatePart::Interpolation(x) = p {
                        self.needs(x, bound, out);
                        if !alone {
                            not_null(x, out);
                        }
                    }
                }
            }
            Expr::Tuple(items) => items.iter().for_each(|x| self.needs(x, bound, out)),
            Expr::Object(entries) => entries.iter().for_each(|(k, v)| {
                self.needs(k, bound, out);
                self.needs(v, bound, out);
            }),
            Expr::GetAttr(x, _) | Expr::Unary(_, x) => {
                self.needs(x, bound, out);
                not_null(x, out);
            }
            Expr::Index(x, key) => {
                self.needs(x, bound, out);
                self.needs(key, bound, out);
                not_null(x, out);
            }
            Expr::Splat {
                source,
                each,
                symbol,
            } => {
                self.needs(source, bound, out);
                // A null list or set fails (`tolist(null)[*]`); another null value is an empty
                // tuple, and another value a tuple of itself.
                let element = match self.type_of(source, bound) {
                    Some(Type::List(t) | Type::Set(t)) => (*t).clone(),
                    _ => return,
                };
                not_null(source, out);
                bound.push((symbol.clone(), Some(element)));
                let mut inner = Vec::new();
                self.needs(each, bound, &mut inner);
                bound.pop();
                if !inner.is_empty() {
                    out.push(every(symbol, None, source, all(inner)));
                }
            }
            Expr::Binary(op, a, b) => {
                self.needs(a, bound, out);
                match op {
                    BinaryOp::Eq | BinaryOp::NotEq => self.needs(b, bound, out),
                    BinaryOp::And | BinaryOp::Or if self.version == TerraformVersion::Latest => {
                        not_null(a, out);
                        // The right side is evaluated only where the left does not decide.
                        let mut inner = Vec::new();
                        self.needs(b, bound, &mut inner);
                        not_null(b, &mut inner);
                        inner.retain(|r| !out.contains(r));
                        if self.guarded && !inner.is_empty() {
                            let decides = if *op == BinaryOp::Or {
                                (**a).clone()
                            } else {
                                Expr::Unary(UnaryOp::Not, a.clone())
                            };
                            out.push(Expr::Binary(
                                BinaryOp::Or,
                                Box::new(decides),
                                Box::new(all(inner)),
                            ));
                        }
                    }
                    _ => {
                        self.needs(b, bound, out);
                        not_null(a, out);
                        not_null(b, out);
                    }
                }
            }
            Expr::Conditional(c, then, otherwise) => {
                self.needs(c, bound, out);
                not_null(c, out);
                let (mut a, mut b) = (Vec::new(), Vec::new());
                self.needs(then, bound, &mut a);
                self.needs(otherwise, bound, &mut b);
                // What the guard or the conditions before already say is not repeated.
                let known = |r: &Expr, guard: &Expr| r == guard || out.contains(r);
                a = unique(a, |r| known(r, c));
                b = unique(b, |r| {
                    negated_null_test(c).is_some_and(|n| n == *r) || out.contains(r)
                });
                if self.guarded && !(a.is_empty() && b.is_empty()) {
                    out.push(Expr::Conditional(
                        c.clone(),
                        Box::new(all(a)),
                        Box::new(all(b)),
                    ));
                }
            }
            Expr::Call { name, args, .. } => {
                if name == "can" || name == "try" {
                    return;
                }
                for a in args {
                    self.needs(a, bound, out);
                }
                if let Some((_, positions)) = NULL_REFUSED.iter().find(|(f, _)| f == name) {
                    for (i, a) in args.iter().enumerate() {
                        if positions.is_none_or(|p| p.contains(&i)) {
                            not_null(a, out);
                        }
                    }
                }
            }
            Expr::For(f) => self.for_needs(f, bound, out),
        }
    }

    fn for_needs(&self, f: &ForExpr, bound: &mut Bound, out: &mut Vec<Expr>) {
        self.needs(&f.collection, bound, out);
        not_null(&f.collection, out);
        let (key_type, element) = match self.type_of(&f.collection, bound) {
            Some(Type::List(t) | Type::Set(t)) => (Some(Type::Number), Some((*t).clone())),
            Some(Type::Map(t)) => (Some(Type::String), Some((*t).clone())),
            Some(Type::Object(attrs)) if !translate::rebinds(f) => {
                // Over an object, the body once per attribute, with the attribute for the
                // value and its name for the key.
                for a in attrs.iter() {
                    let inner = self.body_needs(f, bound, Some(Type::String), Some(a.ty.clone()));
                    if inner.is_empty() {
                        continue;
                    }
                    let value = Expr::GetAttr(Box::new(f.collection.clone()), a.name.to_string());
                    out.push(all(inner).rewritten(&mut |e| match e {
                        Expr::Bound(s) if *s == f.value_var => Some(value.clone()),
                        Expr::Bound(s) if f.key_var.as_ref() == Some(s) => {
                            Some(Expr::Literal(Value::string(&*a.name)))
                        }
                        _ => None,
                    }));
                }
                return;
            }
            _ => (None, None),
        };
        let inner = self.body_needs(f, bound, key_type, element);
        if !inner.is_empty() {
            out.push(every(
                &f.value_var,
                f.key_var.as_deref(),
                &f.collection,
                all(inner),
            ));
        }
    }

    /// What the key, value and `if` of a `for` need, for an element of type `element` under a
    /// key of type `key_type`.
    fn body_needs(
        &self,
        f: &ForExpr,
        bound: &mut Bound,
        key_type: Option<Type>,
        element: Option<Type>,
    ) -> Vec<Expr> {
        let depth = bound.len();
        if let Some(k) = &f.key_var {
            bound.push((k.clone(), key_type));
        }
        bound.push((f.value_var.clone(), element));
        let mut inner = Vec::new();
        let mut body = Vec::new();
        if let Some(k) = &f.key {
            self.needs(k, bound, &mut body);
        }
        self.needs(&f.value, bound, &mut body);
        match &f.condition {
            Some(c) => {
                self.needs(c, bound, &mut inner);
                not_null(c, &mut inner);
                body.retain(|r| r != c && !inner.contains(r));
                if self.guarded && !body.is_empty() {
                    inner.push(Expr::Conditional(
                        Box::new(c.clone()),
                        Box::new(all(body)),
                        Box::new(Expr::Literal(Value::Bool(true))),
                    ));
                }
            }
            None => inner.extend(body),
        }
        bound.truncate(depth);
        inner
    }

    /// The type of a path from the variable or a bound symbol, where it is known.
    fn type_of(&self, e: &Expr, bound: &Bound) -> Option<Type> {
        match e.peel() {
            Expr::Variable(v) if v == self.name => Some(self.ty.clone()),
            Expr::Bound(s) => bound
                .iter()
                .rev()
                .find(|(n, _)| n == s)
                .and_then(|(_, t)| t.clone()),
            Expr::GetAttr(x, attr) => match self.type_of(x, bound)? {
                Type::Object(attrs) => attrs
                    .iter()
                    .find(|a| *a.name == **attr)
                    .map(|a| a.ty.clone()),
                Type::Map(t) => Some((*t).clone()),
                _ => None,
            },
            Expr::Index(x, _) => match self.type_of(x, bound)? {
                Type::List(t) | Type::Map(t) => Some((*t).clone()),
                _ => None,
            },
            _ => None,
        }
    }
}

/// `items` without repeats and without those `known` holds for.
fn unique(items: Vec<Expr>, known: impl Fn(&Expr) -> bool) -> Vec<Expr> {
    let mut out: Vec<Expr> = Vec::new();
    for r in items {
        if !known(&r) && !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

/// `x != null` for the guard `x == null`: what holds where the guard does not.
fn negated_null_test(guard: &Expr) -> Option<Expr> {
    match guard.peel() {
        Expr::Binary(BinaryOp::Eq, a, b) if matches!(b.peel(), Expr::Literal(Value::Null(_))) => {
            Some(Expr::Binary(BinaryOp::NotEq, a.clone(), b.clone()))
        }
        _ => None,
    }
}

/// `x != null`, pushed where `x` is a path from a variable or a bound symbol.
fn not_null(x: &Expr, out: &mut Vec<Expr>) {
    if is_path(x) {
        out.push(Expr::Binary(
            BinaryOp::NotEq,
            Box::new(x.clone()),
            Box::new(Expr::Literal(Value::null())),
        ));
    }
}

fn is_path(e: &Expr) -> bool {
    match e.peel() {
        Expr::Variable(_) | Expr::Bound(_) => true,
        Expr::GetAttr(x, _) => is_path(x),
        Expr::Index(x, key) => is_path(x) && matches!(key.peel(), Expr::Literal(_)),
        _ => false,
    }
}

/// `a && b && …`, or `true` for none.
fn all(conditions: Vec<Expr>) -> Expr {
    conditions
        .into_iter()
        .reduce(|a, b| Expr::Binary(BinaryOp::And, Box::new(a), Box::new(b)))
        .unwrap_or(Expr::Literal(Value::Bool(true)))
}

/// `alltrue([for key, value in collection : condition])`.
fn every(value: &str, key: Option<&str>, collection: &Expr, condition: Expr) -> Expr {
    Expr::Call {
        name: "alltrue".into(),
        args: vec![Expr::For(Box::new(ForExpr {
            key_var: key.map(str::to_string),
            value_var: value.to_string(),
            collection: collection.clone(),
            key: None,
            value: condition,
            condition: None,
            grouping: false,
        }))],
        expand_final: false,
    }
}

/// Whether `e` names no local and nothing known only after apply.
fn only_variables(e: &Expr) -> bool {
    match e.peel() {
        Expr::Local(_) | Expr::Unknown(_) => false,
        other => other.children().into_iter().all(only_variables),
    }
}

/// The text of a requirement, for `--debug`: the forms [`requirements`] writes, with `…` for a
/// guard of another form.
fn text(e: &Expr) -> String {
    match e.peel() {
        Expr::Variable(v) => format!("var.{v}"),
        Expr::Bound(s) => symbol_text(s),
        Expr::GetAttr(x, a) => format!("{}.{a}", text(x)),
        Expr::Index(x, k) => match k.peel() {
            Expr::Literal(Value::String(s)) => format!("{}[{s:?}]", text(x)),
            Expr::Literal(Value::Number(n)) => format!("{}[{n}]", text(x)),
            _ => format!("{}[…]", text(x)),
        },
        Expr::Literal(Value::Null(_)) => "null".into(),
        Expr::Literal(Value::Bool(b)) => b.to_string(),
        Expr::Binary(op, a, b) => {
            let op = match op {
                BinaryOp::NotEq => "!=",
                BinaryOp::Eq => "==",
                BinaryOp::And => "&&",
                BinaryOp::Or => "||",
                _ => return "…".into(),
            };
            format!("{} {op} {}", text(a), text(b))
        }
        Expr::Unary(UnaryOp::Not, x) => format!("!({})", text(x)),
        Expr::Conditional(c, a, b) => format!("{} ? {} : {}", text(c), text(a), text(b)),
        Expr::Call { name, args, .. } if name == "alltrue" && args.len() == 1 => {
            match args[0].peel() {
                Expr::For(f) => format!(
                    "alltrue([for {}{} in {} : {}])",
                    f.key_var
                        .as_ref()
                        .map(|k| format!("{k}, "))
                        .unwrap_or_default(),
                    symbol_text(&f.value_var),
                    text(&f.collection),
                    text(&f.value)
                ),
                _ => "…".into(),
            }
        }
        _ => "…".into(),
    }
}

/// A bound symbol's name; a splat's element, which has no name in the source, is `element`.
fn symbol_text(s: &str) -> String {
    if s == crate::lower::SPLAT_SYMBOL {
        "element".into()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::expression_from_text;
    use crate::type_expr::type_from_text;

    fn needs(condition: &str, ty: &str, version: TerraformVersion, guarded: bool) -> Vec<String> {
        let e = expression_from_text(condition)
            .expect("parses")
            .without_sites();
        let ty = type_from_text(ty).expect("a type");
        requirements(&e, "x", &ty, version, guarded)
            .iter()
            .map(text)
            .collect()
    }

    const ZONES: &str = "object({a = list(object({name = string, public = optional(bool)})), b = optional(list(object({name = string, public = optional(bool)})))})";

    #[test]
    fn iteration_attributes_and_filters_need_values() {
        let v = TerraformVersion::V1_11;
        let rule = "alltrue([for k, z in var.x : z != null ? length([for s in z : s.name if s.public]) <= 1 : true])";
        assert_eq!(
            needs(rule, ZONES, v, true),
            [
                "var.x != null",
                "var.x.a != null ? alltrue([for s in var.x.a : s != null && s.public != null]) : true",
                "var.x.b != null ? alltrue([for s in var.x.b : s != null && s.public != null]) : true",
            ]
        );
        // Without guards, what is under them is left out.
        assert_eq!(needs(rule, ZONES, v, false), ["var.x != null"]);
        assert_eq!(
            needs(
                "length(var.x[*].name) > 0",
                "list(object({name = string}))",
                v,
                true
            ),
            [
                "var.x != null",
                "alltrue([for element in var.x : element != null])"
            ]
        );
    }

    #[test]
    fn only_what_terraform_always_evaluates() {
        let list = "list(string)";
        // 1.11 evaluates both sides of `||`: a null `x` fails in `length`.
        assert_eq!(
            needs(
                "var.x == null || length(var.x) > 2",
                list,
                TerraformVersion::V1_11,
                true
            ),
            ["var.x != null"]
        );
        // Later versions only where the left side does not decide.
        assert_eq!(
            needs(
                "var.x == null || length(var.x) > 2",
                list,
                TerraformVersion::Latest,
                true
            ),
            ["var.x == null || var.x != null"]
        );
        assert_eq!(
            needs(
                "var.x == null ? true : length(var.x) > 2",
                list,
                TerraformVersion::V1_11,
                true
            ),
            Vec::<String>::new(),
            "under `x == null`'s other branch `x` is not null"
        );
        // Errors inside `can` and `try` are caught; `coalesce` takes null.
        assert_eq!(
            needs(
                r#"can(regex("a", var.x[0])) && try(length(var.x), 0) < 3 && length(coalesce(var.x, [])) < 4"#,
                list,
                TerraformVersion::V1_11,
                true
            ),
            Vec::<String>::new()
        );
        // A lone interpolation is the value itself; beside text, null fails.
        assert_eq!(
            needs(
                r#""${var.x}" == "a""#,
                "string",
                TerraformVersion::V1_11,
                true
            ),
            Vec::<String>::new()
        );
        assert_eq!(
            needs(
                r#""a-${var.x}" != "a-b""#,
                "string",
                TerraformVersion::V1_11,
                true
            ),
            ["var.x != null"]
        );
    }

    #[test]
    fn operands_and_arguments_of_other_variables() {
        assert_eq!(
            needs(
                "!(var.enabled && var.x == null)",
                "string",
                TerraformVersion::V1_11,
                true
            ),
            ["var.enabled != null"]
        );
        assert_eq!(
            needs(
                r#"contains(local.allowed, var.x) && var.n > 1"#,
                "string",
                TerraformVersion::V1_11,
                true
            ),
            ["var.x != null", "var.n != null"],
            "a requirement naming a local is left out"
        );
    }
}
