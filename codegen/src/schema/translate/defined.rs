//! Where evaluating an expression fails: `can(E)` is false exactly there. The place is written
//! as a condition that never fails itself (null tests of attribute paths, joined by
//! conditionals, which Terraform evaluates lazily in every version), and that condition is
//! translated like any other: `can([for k, v in var.m : v.a == null ? true :
//! contains([…], v.a.b)])` is `var.m != null ? alltrue([for k, v in var.m : v != null ? (v.a
//! == null ? true : v.a.b != null) : false]) : false`.
//!
//! Only forms whose every failure is known are followed: attribute paths of objects whose
//! types say they have the attribute (a null object fails), comparisons of numbers, `==`
//! (never fails), `!`, `&&` and `||` of conditions (a null operand fails; 1.11 evaluates both
//! sides), conditionals (a null condition fails, then only the branch taken is evaluated),
//! `contains` over a list of literals (a null value fails), `length`, `startswith`,
//! `endswith`, `strcontains`, `regex` (which also fails where nothing matches), `coalesce` of
//! attribute paths and literals of one primitive type (fails where each is null or, for
//! strings, empty), `can` and
//! `try` with a literal fallback (never fail) and `for` expressions over the variable, its
//! `values` or `keys` (a null collection fails).

use tfvars_runtime::expr::{BinaryOp, ForExpr, UnaryOp};
use tfvars_runtime::{TerraformVersion, Type, Value};

use super::{describe, is_boolean, Cx, Target};

/// What is known while the place is built: the expressions whose types are known (the target,
/// `for` symbols), and the attribute paths already tested non-null on the way there.
#[derive(Clone)]
struct Scope {
    roots: Vec<(Expr, Type)>,
    non_null: Vec<Expr>,
    /// `for` symbols that are never null: a map's keys, a list's indices.
    keys: Vec<Expr>,
}

use tfvars_runtime::Expr;

fn lit(b: bool) -> Expr {
    Expr::Literal(Value::Bool(b))
}

fn is_lit(e: &Expr, b: bool) -> bool {
    matches!(e, Expr::Literal(Value::Bool(x)) if *x == b)
}

/// `a ? b : false`, simplified where a side is a literal.
fn and(a: Expr, b: Expr) -> Expr {
    if is_lit(&a, true) {
        return b;
    }
    if is_lit(&b, true) || is_lit(&a, false) {
        return a;
    }
    Expr::Conditional(Box::new(a), Box::new(b), Box::new(lit(false)))
}

/// `c ? a : b` where `c` cannot fail (already known to be defined and not null), simplified
/// where both branches are the same.
fn choose(c: &Expr, a: Expr, b: Expr) -> Expr {
    if a == b {
        return a;
    }
    Expr::Conditional(Box::new(c.clone()), Box::new(a), Box::new(b))
}

/// A condition known to be defined and not null as a test that cannot fail: a bool attribute
/// path `p` as `p == true` (which the translation reads without the failure on null that a bare
/// `p` has elsewhere).
fn as_test(c: &Expr, scope: &Scope) -> Expr {
    if scope.path_type(c) == Some(Type::Bool) {
        return Expr::Binary(BinaryOp::Eq, Box::new(c.clone()), Box::new(lit(true)));
    }
    c.clone()
}

fn not_null(e: &Expr) -> Expr {
    Expr::Binary(
        BinaryOp::NotEq,
        Box::new(e.clone()),
        Box::new(Expr::Literal(Value::Null(Type::Any))),
    )
}

/// What kind of value an expression has, by its form.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Bool,
    Number,
    String,
    Null,
    Other,
}

impl Scope {
    /// The type of an attribute path under a root.
    fn path_type(&self, e: &Expr) -> Option<Type> {
        if let Some((_, t)) = self.roots.iter().find(|(r, _)| r == e) {
            return Some(t.clone());
        }
        let Expr::GetAttr(inner, name) = e else {
            return None;
        };
        match self.path_type(inner)? {
            Type::Object(attrs) => attrs
                .iter()
                .find(|a| *a.name == **name)
                .map(|a| a.ty.clone()),
            _ => None,
        }
    }

    fn known_non_null(&mut self, e: &Expr) {
        if !self.non_null.contains(e) {
            self.non_null.push(e.clone());
        }
    }
}

impl Cx<'_> {
    /// `can(e)` about the target of type `ty`, as a condition that never fails; `Err` names
    /// the form whose failures are not known.
    pub(super) fn can_condition(
        &self,
        e: &Expr,
        target: Target,
        ty: &Type,
    ) -> Result<Expr, String> {
        let root = match target {
            Target::Var(v) => Expr::Variable(v.to_string()),
            Target::Bound(b) => Expr::Bound(b.to_string()),
            Target::Attr(a) => a.clone(),
        };
        let mut scope = Scope {
            roots: vec![(root, ty.clone())],
            non_null: Vec::new(),
            keys: Vec::new(),
        };
        self.defined(e, &mut scope)
    }

    /// `on_ok` where evaluating `e` does not fail, `on_fail` where it does, as a tree of
    /// conditionals whose tests never fail (the place of [`Cx::can_condition`], each leaf
    /// replaced): `try(e, d)` used as `on_ok`/`on_fail`.
    pub(super) fn guarded(
        &self,
        e: &Expr,
        on_ok: &Expr,
        on_fail: &Expr,
        target: Target,
        ty: &Type,
    ) -> Result<Expr, String> {
        fn fill(place: &Expr, on_ok: &Expr, on_fail: &Expr) -> Expr {
            match place {
                Expr::Literal(Value::Bool(true)) => on_ok.clone(),
                Expr::Literal(Value::Bool(false)) => on_fail.clone(),
                Expr::Conditional(c, a, b) => Expr::Conditional(
                    c.clone(),
                    Box::new(fill(a, on_ok, on_fail)),
                    Box::new(fill(b, on_ok, on_fail)),
                ),
                test => Expr::Conditional(
                    Box::new(test.clone()),
                    Box::new(on_ok.clone()),
                    Box::new(on_fail.clone()),
                ),
            }
        }
        let place = self.can_condition(e, target, ty)?;
        Ok(fill(&place, on_ok, on_fail))
    }

    fn kind(&self, e: &Expr, scope: &Scope) -> Kind {
        if is_boolean(e) {
            return Kind::Bool;
        }
        if let Some(v) = self.literal(e) {
            return match v {
                Value::Bool(_) => Kind::Bool,
                Value::Number(_) => Kind::Number,
                Value::String(_) => Kind::String,
                Value::Null(_) => Kind::Null,
                _ => Kind::Other,
            };
        }
        if let Expr::Conditional(_, a, b) = e {
            return match (self.kind(a, scope), self.kind(b, scope)) {
                (x, y) if x == y => x,
                (Kind::Null, x) | (x, Kind::Null) => x,
                _ => Kind::Other,
            };
        }
        match scope.path_type(e) {
            Some(Type::Bool) => Kind::Bool,
            Some(Type::Number) => Kind::Number,
            Some(Type::String) => Kind::String,
            _ => Kind::Other,
        }
    }

    /// Whether `e`, where it does not fail, is a bool and never null: a condition, a bool
    /// literal, or a conditional choosing between such.
    pub(super) fn never_null_bool(&self, e: &Expr) -> bool {
        match e.peel() {
            Expr::Conditional(_, a, b) => self.never_null_bool(a) && self.never_null_bool(b),
            e => is_boolean(e) || matches!(self.literal(e), Some(Value::Bool(_))),
        }
    }

    /// The condition under which evaluating `e` does not fail; `scope.non_null` gains the
    /// paths the condition tests non-null (they hold for whatever is evaluated after `e`).
    fn defined(&self, e: &Expr, scope: &mut Scope) -> Result<Expr, String> {
        if self.literal(e).is_some() || scope.roots.iter().any(|(r, _)| r == e) {
            return Ok(lit(true));
        }
        match e {
            Expr::GetAttr(inner, name) => {
                if scope.path_type(e).is_none() {
                    return Err(format!(
                        "the attribute `{name}` of a value not known to be an object that has it"
                    ));
                }
                let d = self.defined(inner, scope)?;
                Ok(and(d, self.non_null(inner, scope)?))
            }
            Expr::Binary(BinaryOp::Eq | BinaryOp::NotEq, a, b) => {
                let da = self.defined(a, scope)?;
                let db = self.defined(b, scope)?;
                Ok(and(da, db))
            }
            Expr::Binary(
                op @ (BinaryOp::Less | BinaryOp::LessEq | BinaryOp::Greater | BinaryOp::GreaterEq),
                a,
                b,
            ) => {
                for side in [a, b] {
                    if self.kind(side, scope) != Kind::Number {
                        return Err(format!(
                            "`{}` on a value that is not a number of a known type (converting it can fail)",
                            super::op_text(*op)
                        ));
                    }
                }
                self.all_defined_non_null(&[a, b], scope)
            }
            Expr::Binary(op @ (BinaryOp::And | BinaryOp::Or), a, b) => {
                for side in [a, b] {
                    if self.kind(side, scope) != Kind::Bool {
                        return Err(format!(
                            "`{}` on a value that is not a condition",
                            super::op_text(*op)
                        ));
                    }
                }
                if self.version == TerraformVersion::V1_11 {
                    // Both sides are evaluated.
                    return self.all_defined_non_null(&[a, b], scope);
                }
                // From 1.12 the right side only where the left does not decide.
                let first = self.all_defined_non_null(&[a], scope)?;
                let second = self.all_defined_non_null(&[b], &mut scope.clone())?;
                let a = &as_test(a, scope);
                let rest = if *op == BinaryOp::And {
                    choose(a, second, lit(true))
                } else {
                    choose(a, lit(true), second)
                };
                Ok(and(first, rest))
            }
            Expr::Unary(UnaryOp::Not, a) if self.kind(a, scope) == Kind::Bool => {
                self.all_defined_non_null(&[a], scope)
            }
            Expr::Unary(UnaryOp::Negate, a) if self.kind(a, scope) == Kind::Number => {
                self.all_defined_non_null(&[a], scope)
            }
            Expr::Conditional(c, a, b) => {
                if self.kind(c, scope) != Kind::Bool {
                    return Err("a conditional whose condition is not a condition".into());
                }
                let (ka, kb) = (self.kind(a, scope), self.kind(b, scope));
                let unify = ka == kb && ka != Kind::Other
                    || ka == Kind::Null && kb != Kind::Other
                    || kb == Kind::Null && ka != Kind::Other;
                if !unify {
                    return Err(
                        "a conditional whose branches are not primitive values of one type".into(),
                    );
                }
                let test = self.all_defined_non_null(&[c], scope)?;
                // A null test tells the branch where the path is not null.
                let (mut then_scope, mut else_scope) = (scope.clone(), scope.clone());
                if let Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::NotEq), x, y) = &**c {
                    let tested = if super::is_null_literal(y) {
                        Some(x)
                    } else if super::is_null_literal(x) {
                        Some(y)
                    } else {
                        None
                    };
                    if let Some(p) = tested.filter(|p| scope.path_type(p).is_some()) {
                        if *op == BinaryOp::Eq {
                            else_scope.known_non_null(p);
                        } else {
                            then_scope.known_non_null(p);
                        }
                    }
                }
                let then = self.defined(a, &mut then_scope)?;
                let otherwise = self.defined(b, &mut else_scope)?;
                Ok(and(test, choose(&as_test(c, scope), then, otherwise)))
            }
            Expr::Call {
                name,
                args,
                expand_final: false,
            } => self.defined_call(name, args, scope),
            Expr::For(f) => self.defined_for(f, scope),
            other => Err(format!(
                "{} (where it fails is not followed)",
                describe(other)
            )),
        }
    }

    /// Each of `es` defined and not null, in order.
    fn all_defined_non_null(&self, es: &[&Expr], scope: &mut Scope) -> Result<Expr, String> {
        let mut out = lit(true);
        for e in es {
            let d = self.defined(e, scope)?;
            out = and(out, d);
            let n = self.non_null(e, scope)?;
            out = and(out, n);
        }
        Ok(out)
    }

    /// The condition under which `e`, where it is defined, is not null.
    fn non_null(&self, e: &Expr, scope: &mut Scope) -> Result<Expr, String> {
        if let Some(v) = self.literal(e) {
            return Ok(lit(!v.is_null()));
        }
        if is_boolean(e) {
            // Comparisons and these functions give true or false.
            return Ok(lit(true));
        }
        if scope.keys.contains(e) || scope.non_null.contains(e) {
            return Ok(lit(true));
        }
        if let Expr::GetAttr(inner, name) = e {
            // An optional attribute with a non-null default takes it for null too; but a
            // nullable variable given null stays null (a rule between variables).
            let defaulted = matches!(scope.path_type(inner), Some(Type::Object(attrs))
                if attrs.iter().any(|a| *a.name == **name
                    && a.default.as_ref().is_some_and(|d| !d.is_null())));
            let variable_kept_null = matches!(inner.peel(), Expr::Variable(v) if v == super::ROOT)
                && self.null_stays.contains(name);
            if defaulted && !variable_kept_null {
                return Ok(lit(true));
            }
        }
        if scope.path_type(e).is_some() {
            scope.known_non_null(e);
            return Ok(not_null(e));
        }
        Err(format!("whether {} is null", describe(e)))
    }

    fn defined_call(&self, name: &str, args: &[Expr], scope: &mut Scope) -> Result<Expr, String> {
        match (name, args) {
            // `can` never fails; nor does `try` whose last argument is a literal.
            ("can", [_]) => Ok(lit(true)),
            ("try", [.., last]) if self.literal(last).is_some() => Ok(lit(true)),
            ("contains", [list, v]) => {
                let items = self
                    .tuple(list)
                    .ok_or("`contains` over something other than a list literal")?;
                if items.iter().any(|i| self.literal(i).is_none()) {
                    return Err("`contains` over a list that is not all literals".into());
                }
                self.all_defined_non_null(&[v], scope)
            }
            ("length", [v]) => match scope.path_type(v) {
                Some(
                    Type::String
                    | Type::List(_)
                    | Type::Set(_)
                    | Type::Map(_)
                    | Type::Tuple(_)
                    | Type::Object(_),
                ) => self.all_defined_non_null(&[v], scope),
                _ => Err("`length` of a value of no known collection or string type".into()),
            },
            ("startswith" | "endswith" | "strcontains", [v, s])
                if scope.path_type(v) == Some(Type::String)
                    && matches!(self.literal(s), Some(Value::String(_))) =>
            {
                self.all_defined_non_null(&[v], scope)
            }
            (function @ ("regex" | "formatdate"), [text, v])
                if scope.path_type(v) == Some(Type::String)
                    && matches!(self.literal(text), Some(Value::String(_))) =>
            {
                // Also fails where the pattern matches nothing, or where the text is no
                // timestamp (or the format is refused): where `can` of the call is false, which
                // its own translation tells.
                let d = self.all_defined_non_null(&[v], scope)?;
                let succeeds = Expr::Call {
                    name: "can".into(),
                    args: vec![Expr::Call {
                        name: function.into(),
                        args: args.to_vec(),
                        expand_final: false,
                    }],
                    expand_final: false,
                };
                Ok(and(d, succeeds))
            }
            ("coalesce", [_, ..]) => {
                // Fails where every argument is null (or, for strings, empty), or where the
                // arguments have no one type: here all are of one primitive type or null.
                let kinds: Vec<Kind> = args.iter().map(|a| self.kind(a, scope)).collect();
                let kind = kinds.iter().copied().find(|k| *k != Kind::Null);
                if !matches!(kind, Some(Kind::String | Kind::Number | Kind::Bool))
                    || kinds.iter().any(|k| *k != Kind::Null && Some(*k) != kind)
                    || args
                        .iter()
                        .any(|a| self.literal(a).is_none() && scope.path_type(a).is_none())
                {
                    return Err(
                        "`coalesce` of other than attribute paths and literals of one primitive type"
                            .into(),
                    );
                }
                let mut defined = lit(true);
                for a in args {
                    let d = self.defined(a, scope)?;
                    defined = and(defined, d);
                }
                let empty = Expr::Literal(Value::String(String::new()));
                let mut some = lit(false);
                for a in args {
                    let usable = match self.literal(a) {
                        Some(v) => lit(!v.is_null() && v != Value::String(String::new())),
                        None if kind == Some(Kind::String) => Expr::Binary(
                            BinaryOp::And,
                            Box::new(not_null(a)),
                            Box::new(Expr::Binary(
                                BinaryOp::NotEq,
                                Box::new(a.clone()),
                                Box::new(empty.clone()),
                            )),
                        ),
                        None => not_null(a),
                    };
                    some = if is_lit(&some, false) || is_lit(&usable, true) {
                        usable
                    } else if is_lit(&usable, false) {
                        some
                    } else {
                        Expr::Binary(BinaryOp::Or, Box::new(some), Box::new(usable))
                    };
                    if is_lit(&some, true) {
                        break;
                    }
                }
                Ok(and(defined, some))
            }
            ("alltrue" | "anytrue", [f @ Expr::For(inner)])
                if self.never_null_bool(&inner.value) =>
            {
                // The elements are conditions, never null.
                self.defined(f, scope)
            }
            _ => Err(format!(
                "the function `{name}` (where it fails is not followed)"
            )),
        }
    }

    /// `[for k, v in X : value if filter]` over the variable (or an attribute path) or its
    /// `values` or `keys`: `X` not null, and for each element the filter defined and not null
    /// and, where it holds, the value defined.
    fn defined_for(&self, f: &ForExpr, scope: &mut Scope) -> Result<Expr, String> {
        if f.key.is_some() || f.grouping {
            return Err("a `for` expression with an object result".into());
        }
        let (over, from) = match &f.collection {
            Expr::Call {
                name,
                args,
                expand_final: false,
            } if matches!(name.as_str(), "values" | "keys") && args.len() == 1 => {
                (&args[0], Some(name.as_str()))
            }
            other => (other, None),
        };
        let collection_ty = scope
            .path_type(over)
            .ok_or("a `for` expression over something other than the variable")?;
        if let (Type::Any, Some(f_name)) = (&collection_ty, from) {
            // `keys`/`values` of an untyped value fail unless it is a map or an object, which
            // `can(keys(x))` says; the keys are strings, the values of no known type.
            let head = self.defined(over, scope)?;
            let is_object = Expr::Call {
                name: "can".into(),
                args: vec![Expr::Call {
                    name: f_name.into(),
                    args: vec![over.clone()],
                    expand_final: false,
                }],
                expand_final: false,
            };
            let elem_ty = if f_name == "keys" {
                Type::String
            } else {
                Type::Any
            };
            let mut inner = scope.clone();
            let value_var = Expr::Bound(f.value_var.clone());
            if f_name == "keys" {
                inner.keys.push(value_var.clone());
            }
            inner.roots.push((value_var, elem_ty));
            if let Some(k) = &f.key_var {
                let key_var = Expr::Bound(k.clone());
                inner.keys.push(key_var.clone());
                inner.roots.push((key_var, Type::Number));
            }
            if f.condition.is_some() {
                return Err("a filtered `for` expression over an untyped value".into());
            }
            let each = self.defined(&f.value, &mut inner)?;
            if !is_lit(&each, true) {
                return Err(
                    "a `for` expression over an untyped value whose elements can fail".into(),
                );
            }
            return Ok(and(head, is_object));
        }
        // The key symbol's type and whether it is never null; the same for the value symbol.
        let ((key_ty, key_set), (elem_ty, elem_set)) = match (&collection_ty, from) {
            (Type::Map(t), None) => ((Type::String, true), ((**t).clone(), false)),
            (Type::Map(t), Some("values")) => ((Type::Number, true), ((**t).clone(), false)),
            (Type::Map(_), Some(_)) => ((Type::Number, true), (Type::String, true)),
            (Type::List(t), None) => ((Type::Number, true), ((**t).clone(), false)),
            (Type::Set(t), None) => (((**t).clone(), false), ((**t).clone(), false)),
            _ => {
                return Err(format!(
                    "a `for` expression over a value of type `{collection_ty}`"
                ))
            }
        };
        let head = self.all_defined_non_null(&[over], scope)?;
        let mut inner = scope.clone();
        let value_var = Expr::Bound(f.value_var.clone());
        if elem_set {
            inner.keys.push(value_var.clone());
        }
        inner.roots.push((value_var, elem_ty));
        if let Some(k) = &f.key_var {
            let key_var = Expr::Bound(k.clone());
            if key_set {
                inner.keys.push(key_var.clone());
            }
            inner.roots.push((key_var, key_ty));
        }
        let each = match &f.condition {
            None => self.defined(&f.value, &mut inner)?,
            Some(c) => {
                if self.kind(c, &inner) != Kind::Bool {
                    return Err("a `for` filter that is not a condition".into());
                }
                let test = self.all_defined_non_null(&[c], &mut inner)?;
                let value = self.defined(&f.value, &mut inner)?;
                and(test, choose(&as_test(c, &inner), value, lit(true)))
            }
        };
        if is_lit(&each, true) {
            return Ok(head);
        }
        let every = Expr::Call {
            name: "alltrue".into(),
            args: vec![Expr::For(Box::new(ForExpr {
                key_var: f.key_var.clone(),
                value_var: f.value_var.clone(),
                collection: f.collection.clone(),
                key: None,
                value: each,
                condition: None,
                grouping: false,
            }))],
            expand_final: false,
        };
        Ok(and(head, every))
    }
}
