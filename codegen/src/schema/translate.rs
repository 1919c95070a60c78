//! Translation of `validation` conditions (the runtime's expression IR) into JSON Schema
//! keywords, only where the keywords accept exactly the non-null values Terraform accepts.
//!
//! Each translated condition also says what Terraform does with a `null` value, since
//! validation runs on null too: `contains([…], null)` and `null > 0` are errors, `null == "a"`
//! is false, `null != "a"` is true, and `var.x == null || …` accepts null (in 1.11 only when the
//! right side does not fail on null, since `||` did not short-circuit before 1.12).

use tfvars_runtime::expr::{BinaryOp, ForExpr, TemplatePart, UnaryOp};
use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::{Expr, Number, TerraformVersion, Type, Value};

use super::case::{preimage_pattern, CaseMapping};
use super::ecma_regex;

mod constants;
mod default_mapped;
mod defined;
mod unrolled;

/// A numeric bound.
#[derive(Clone, Debug, PartialEq)]
pub struct Bound {
    /// The limit.
    pub value: Number,
    /// Strict (`<`, `>`).
    pub exclusive: bool,
}

/// The keywords a set of conditions adds to one schema node (the non-null branch).
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// Allowed values (`enum`), intersected across conditions.
    pub allowed: Option<Vec<Value>>,
    /// Disallowed values (`not: {enum}`).
    pub disallowed: Vec<Value>,
    /// ECMA-262 patterns that must all match.
    pub patterns: Vec<String>,
    /// ECMA-262 patterns that must not match (`not: {pattern}`).
    pub forbidden_patterns: Vec<String>,
    /// Lower numeric bound.
    pub minimum: Option<Bound>,
    /// Upper numeric bound.
    pub maximum: Option<Bound>,
    /// Whole numbers the value must be a multiple of (`var.x % 100 == 0`), each positive.
    pub multiple_of: Vec<Number>,
    /// Lower bound of `length()`.
    pub min_length: Option<u64>,
    /// Upper bound of `length()`.
    pub max_length: Option<u64>,
    /// Rules for every element (list, set).
    pub items: Option<Box<Rules>>,
    /// Rules for the first elements of a list, by index (`var.x[0]`); an empty `Rules` for an
    /// index without any. The list is at least as long wherever these apply (`min_length`).
    pub first: Vec<Rules>,
    /// Rules for every value (map).
    pub values: Option<Box<Rules>>,
    /// Rules for every key (map).
    pub keys: Option<Box<Rules>>,
    /// Rules for every element or attribute value of an untyped value (`for` over a variable
    /// of type `any`), which must then be a collection: an array's items, an object's values.
    pub members: Option<Box<Rules>>,
    /// Rules for object attributes, by name.
    pub properties: Vec<(String, Rules)>,
    /// Optional object attributes that must be given: leaving one out gives a null or default
    /// value the rules reject.
    pub required: Vec<String>,
    /// The value must be an object (a rule on the keys of an untyped variable).
    pub object_only: bool,
    /// Disjunctions (`a || b`), each a list of alternatives of which one must hold; all the
    /// disjunctions must hold. Alternatives only hold keywords of this node.
    pub any_of: Vec<Vec<Rules>>,
    /// Whether the conditions accept a null value at this node.
    pub null_ok: bool,
    /// Whether the conditions fail (an error, not false) for some non-null value of this node:
    /// a rule on an attribute that can be null. `||` cannot then be written as `anyOf`.
    pub may_fail: bool,
    /// Set when a string `length()` bound is present (JSON Schema counts code points where
    /// Terraform counts grapheme clusters).
    pub string_length: bool,
    /// A comparison or a remainder (`var.x >= 30`, `var.x % 3 == 0`) converts the value of an
    /// untyped or `string` variable to a number: it must be a number or a string Terraform
    /// converts to one (which the bounds then judge by its value); anything else fails the rule
    /// with an error (`may_fail`).
    pub numeric: bool,
    /// `length()` of an untyped value, which must be a string (its grapheme clusters counted),
    /// an array or an object: `length()` fails on anything else (`may_fail`), and the length
    /// bounds apply to whichever it is.
    pub lengthy: bool,
    /// `can(regex(p, var.x))` on an untyped value, which `regex` reads as text: a string, or a
    /// number's or a bool's text as Terraform converts them; a list, an object or null fails
    /// it (false under `can`). The patterns judge that text.
    pub textual: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            allowed: None,
            disallowed: Vec::new(),
            patterns: Vec::new(),
            forbidden_patterns: Vec::new(),
            minimum: None,
            maximum: None,
            multiple_of: Vec::new(),
            min_length: None,
            max_length: None,
            items: None,
            first: Vec::new(),
            values: None,
            keys: None,
            members: None,
            properties: Vec::new(),
            required: Vec::new(),
            object_only: false,
            any_of: Vec::new(),
            null_ok: true,
            may_fail: false,
            string_length: false,
            numeric: false,
            lengthy: false,
            textual: false,
        }
    }
}

impl Rules {
    /// True when no keyword would be written.
    pub fn is_empty(&self) -> bool {
        self.allowed.is_none() && self.only_allowed()
    }

    /// Whether a non-null primitive value (the value after Terraform's conversion) satisfies
    /// every keyword of this node: `None` when that cannot be told here (keywords about
    /// elements, values, keys or attributes; a pattern the `regex` crate does not read; the
    /// length of a non-ASCII string, counted in grapheme clusters by Terraform).
    pub fn accepts(&self, v: &Value) -> Option<bool> {
        if !self.is_flat() {
            return self.accepts_nested(v);
        }
        self.accepts_flat(v)
    }

    /// [`Rules::accepts`] for the keywords of this node itself (elements, values, keys and
    /// attributes left aside).
    fn accepts_flat(&self, v: &Value) -> Option<bool> {
        if self.textual {
            // A bool is judged by its text; what has none fails.
            match v {
                Value::String(_) | Value::Number(_) => {}
                Value::Bool(b) => {
                    return self.as_text().accepts_flat(&Value::String(b.to_string()));
                }
                _ => return Some(false),
            }
        }
        let mut ok = true;
        // A comparison judges the number a string converts to; other values fail it.
        let converted;
        let number = match v {
            Value::Number(n) => Some(n),
            Value::String(s) if self.numeric => {
                converted = Number::parse(s);
                converted.as_ref()
            }
            _ => None,
        };
        if self.numeric && number.is_none() {
            return Some(false);
        }
        if self.lengthy && matches!(v, Value::Number(_) | Value::Bool(_)) {
            return Some(false);
        }
        if let Some(allowed) = &self.allowed {
            ok &= allowed.contains(v);
        }
        ok &= !self.disallowed.contains(v);
        // A number meets a pattern as its decimal text, as Terraform converts it.
        let number_text;
        let text = match v {
            Value::String(s) => Some(s.as_str()),
            Value::Number(n)
                if !self.patterns.is_empty() || !self.forbidden_patterns.is_empty() =>
            {
                number_text = n.to_terraform_string();
                Some(number_text.as_str())
            }
            _ => None,
        };
        let matches = |p: &str| -> Option<bool> { Some(compiled(p)?.is_match(text?)) };
        for p in &self.patterns {
            if text.is_some() {
                ok &= matches(p)?;
            }
        }
        for p in &self.forbidden_patterns {
            if text.is_some() {
                ok &= !matches(p)?;
            }
        }
        if let Some(n) = number {
            if let Some(b) = &self.minimum {
                ok &= if b.exclusive {
                    *n > b.value
                } else {
                    *n >= b.value
                };
            }
            if let Some(b) = &self.maximum {
                ok &= if b.exclusive {
                    *n < b.value
                } else {
                    *n <= b.value
                };
            }
            for m in &self.multiple_of {
                ok &= n.checked_rem(m).is_ok_and(|r| r.is_zero());
            }
        }
        if self.min_length.is_some() || self.max_length.is_some() {
            let len = match v {
                Value::String(t) if t.is_ascii() => Some(t.len()),
                Value::String(_) => return None,
                // A set holds distinct elements, as Terraform counts them.
                Value::List(_, elems) | Value::Set(_, elems) | Value::Tuple(elems) => {
                    Some(elems.len())
                }
                Value::Map(_, m) | Value::Object(m) => Some(m.len()),
                _ => None,
            };
            if let Some(len) = len {
                let len = len as u64;
                ok &= self.min_length.is_none_or(|m| len >= m);
                ok &= self.max_length.is_none_or(|m| len <= m);
            }
        }
        for alternatives in &self.any_of {
            let mut any = false;
            for alt in alternatives {
                any |= alt.accepts(v)?;
            }
            ok &= any;
        }
        Some(ok)
    }

    /// [`Rules::accepts`] for rules about elements, values, keys and attributes.
    fn accepts_nested(&self, v: &Value) -> Option<bool> {
        let child = |r: &Rules, v: &Value| -> Option<bool> {
            if v.is_null() {
                Some(r.null_ok)
            } else {
                r.accepts(v)
            }
        };
        let mut ok = self.accepts_flat(v)?;
        if self.object_only {
            ok &= matches!(v, Value::Object(_) | Value::Map(..));
        }
        if let Some(items) = &self.items {
            let (Value::List(_, elems) | Value::Set(_, elems) | Value::Tuple(elems)) = v else {
                return None;
            };
            for e in elems {
                ok &= child(items, e)?;
            }
        }
        if !self.first.is_empty() {
            let (Value::List(_, elems) | Value::Tuple(elems)) = v else {
                return None;
            };
            for (r, e) in self.first.iter().zip(elems) {
                ok &= child(r, e)?;
            }
        }
        if self.values.is_some() || self.keys.is_some() {
            let (Value::Map(_, m) | Value::Object(m)) = v else {
                return None;
            };
            for (k, e) in m {
                if let Some(values) = &self.values {
                    ok &= child(values, e)?;
                }
                if let Some(keys) = &self.keys {
                    ok &= keys.accepts(&Value::String(k.clone()))?;
                }
            }
        }
        if let Some(members) = &self.members {
            let elems: Vec<&Value> = match v {
                Value::List(_, elems) | Value::Set(_, elems) | Value::Tuple(elems) => {
                    elems.iter().collect()
                }
                Value::Map(_, m) | Value::Object(m) => m.iter().map(|(_, e)| e).collect(),
                _ => return Some(false),
            };
            for e in elems {
                ok &= child(members, e)?;
            }
        }
        if !self.properties.is_empty() || !self.required.is_empty() {
            let Value::Object(m) = v else {
                return None;
            };
            for (name, r) in &self.properties {
                ok &= child(r, m.get(name)?)?;
            }
        }
        Some(ok)
    }

    /// True when no keyword but `enum` would be written.
    pub fn only_allowed(&self) -> bool {
        self.disallowed.is_empty()
            && self.patterns.is_empty()
            && self.forbidden_patterns.is_empty()
            && self.minimum.is_none()
            && self.maximum.is_none()
            && self.multiple_of.is_empty()
            && self.min_length.is_none()
            && self.max_length.is_none()
            && self.items.is_none()
            && self.first.is_empty()
            && self.values.is_none()
            && self.keys.is_none()
            && self.members.is_none()
            && self.properties.is_empty()
            && self.required.is_empty()
            && !self.object_only
            && self.any_of.is_empty()
            && !self.numeric
            && !self.lengthy
            && !self.textual
    }

    /// True when all keywords apply to this node itself (none to elements, values, keys or
    /// attributes), as an `anyOf` alternative needs; also in the alternatives it holds.
    pub fn is_flat(&self) -> bool {
        self.items.is_none()
            && self.first.is_empty()
            && self.values.is_none()
            && self.keys.is_none()
            && self.members.is_none()
            && self.properties.is_empty()
            && self.required.is_empty()
            && !self.object_only
            && self.any_of.iter().flatten().all(Rules::is_flat)
    }

    /// These rules of a value that a rule converts to a number (`numeric`), as the rules of a
    /// `number`.
    pub fn as_number(&self) -> Rules {
        Rules {
            numeric: false,
            ..self.clone()
        }
    }

    /// These rules of an untyped value that `regex` reads as text (`textual`), as the rules of
    /// a `string`.
    pub fn as_text(&self) -> Rules {
        Rules {
            textual: false,
            ..self.clone()
        }
    }

    /// Whether `pred` holds for this node or for any node within it (elements, values, keys,
    /// members, attributes, alternatives).
    pub fn any_node(&self, pred: &impl Fn(&Rules) -> bool) -> bool {
        pred(self)
            || [&self.items, &self.values, &self.keys, &self.members]
                .into_iter()
                .flatten()
                .any(|r| r.any_node(pred))
            || self.first.iter().any(|r| r.any_node(pred))
            || self.properties.iter().any(|(_, r)| r.any_node(pred))
            || self.any_of.iter().flatten().any(|r| r.any_node(pred))
    }

    /// Combines two sets of rules that must both hold: the tightest bounds win.
    pub fn merge(&mut self, other: Rules) {
        self.allowed = match (self.allowed.take(), other.allowed) {
            (Some(a), Some(b)) => Some(a.into_iter().filter(|v| b.contains(v)).collect()),
            (a, b) => a.or(b),
        };
        for v in other.disallowed {
            if !self.disallowed.contains(&v) {
                self.disallowed.push(v);
            }
        }
        for p in other.patterns {
            if !self.patterns.contains(&p) {
                self.patterns.push(p);
            }
        }
        for p in other.forbidden_patterns {
            if !self.forbidden_patterns.contains(&p) {
                self.forbidden_patterns.push(p);
            }
        }
        self.minimum = tighter(self.minimum.take(), other.minimum, true);
        for m in other.multiple_of {
            if !self.multiple_of.contains(&m) {
                self.multiple_of.push(m);
            }
        }
        self.maximum = tighter(self.maximum.take(), other.maximum, false);
        self.min_length = match (self.min_length, other.min_length) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        self.max_length = match (self.max_length, other.max_length) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        merge_child(&mut self.items, other.items);
        for (i, rules) in other.first.into_iter().enumerate() {
            match self.first.get_mut(i) {
                Some(mine) => mine.merge(rules),
                None => self.first.push(rules),
            }
        }
        merge_child(&mut self.values, other.values);
        merge_child(&mut self.keys, other.keys);
        merge_child(&mut self.members, other.members);
        for (name, rules) in other.properties {
            match self.properties.iter_mut().find(|(n, _)| *n == name) {
                Some((_, mine)) => mine.merge(rules),
                None => self.properties.push((name, rules)),
            }
        }
        for r in other.required {
            if !self.required.contains(&r) {
                self.required.push(r);
            }
        }
        self.any_of.extend(other.any_of);
        self.null_ok &= other.null_ok;
        self.may_fail |= other.may_fail;
        self.object_only |= other.object_only;
        self.string_length |= other.string_length;
        self.numeric |= other.numeric;
        self.lengthy |= other.lengthy;
        self.textual |= other.textual;
    }
}

fn merge_child(a: &mut Option<Box<Rules>>, b: Option<Box<Rules>>) {
    match (a.as_mut(), b) {
        (Some(a), Some(b)) => a.merge(*b),
        (None, Some(b)) => *a = Some(b),
        _ => {}
    }
}

fn tighter(a: Option<Bound>, b: Option<Bound>, lower: bool) -> Option<Bound> {
    match (a, b) {
        (Some(a), Some(b)) => {
            let ord = a.value.cmp(&b.value);
            Some(match ord {
                std::cmp::Ordering::Equal => Bound {
                    value: a.value,
                    exclusive: a.exclusive || b.exclusive,
                },
                std::cmp::Ordering::Greater if lower => a,
                std::cmp::Ordering::Less if !lower => a,
                _ => b,
            })
        }
        (a, b) => a.or(b),
    }
}

/// A pattern compiled once per process (schemas are rendered again and again by the macro and
/// the benches); `None` when the `regex` crate does not read it. Shared, not cloned: a cloned
/// `Regex` builds its matching cache again on first use.
fn compiled(pattern: &str) -> Option<std::sync::Arc<regex::Regex>> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Cache = Mutex<HashMap<String, Option<Arc<regex::Regex>>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(found) = cache.lock().ok()?.get(pattern) {
        return found.clone();
    }
    let re = regex::Regex::new(pattern).ok().map(Arc::new);
    cache.lock().ok()?.insert(pattern.to_string(), re.clone());
    re
}

/// What a condition of the form `can(…)`, `!can(…)` or `try(…, true)` (`false`) yields when
/// evaluating inside fails (getting an attribute of null): false, or true under `!`, or the
/// fallback; `None` for other forms.
fn caught_by_can(e: &Expr) -> Option<OnNull> {
    match e.peel() {
        Expr::Call { name, args, .. } if name == "can" && args.len() == 1 => Some(OnNull::False),
        // `try(C, true)` / `try(C, false)`: the fallback.
        Expr::Call { name, args, .. } if name == "try" && args.len() == 2 => match args[1].peel() {
            Expr::Literal(Value::Bool(true)) => Some(OnNull::True),
            Expr::Literal(Value::Bool(false)) => Some(OnNull::False),
            _ => None,
        },
        Expr::Unary(UnaryOp::Not, inner) => match caught_by_can(inner)? {
            OnNull::False => Some(OnNull::True),
            _ => None,
        },
        _ => None,
    }
}

/// What a condition yields when the value is null.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OnNull {
    True,
    False,
    Error,
}

struct Translated {
    rules: Rules,
    on_null: OnNull,
}

impl Translated {
    /// A rule that the string matches `pattern`.
    fn pattern(pattern: String, on_null: OnNull) -> Translated {
        Translated {
            rules: Rules {
                patterns: vec![pattern],
                ..Rules::default()
            },
            on_null,
        }
    }
}

/// A value that stands for the target, or for a default where the target is null (see
/// `Cx::defaulted`).
struct Defaulted {
    /// What null (and, with `skip_empty`, the empty string) becomes; `None`: an error.
    default: Option<Value>,
    /// The empty string counts as null (`coalesce` on strings).
    skip_empty: bool,
}

fn empty() -> Value {
    Value::String(String::new())
}

/// What the condition is about: the variable itself, or a `for` symbol bound to its elements.
#[derive(Clone, Copy)]
enum Target<'a> {
    Var(&'a str),
    Bound(&'a str),
    /// An attribute of the variable or of a bound element (`var.x.name`, `o.name`).
    Attr(&'a Expr),
}

impl Target<'_> {
    fn is(&self, e: &Expr) -> bool {
        match (self, e) {
            (Target::Var(n), Expr::Variable(v)) => n == v,
            (Target::Bound(n), Expr::Bound(b)) => n == b,
            (Target::Attr(a), e) => *a == e,
            _ => false,
        }
    }
}

/// Translates the condition of one validation block of variable `name` of type `ty`.
/// The error says which construct stopped the translation. `nfc_escaped`: the schema lets the
/// strings NFC could change through unchecked (`--terraform-conversions`), so a rule on text
/// needs to hold only for text that is its own NFC form.
pub fn translate(
    condition: &Expr,
    name: &str,
    ty: &Type,
    locals: &[LocalSpec],
    version: TerraformVersion,
    nfc_escaped: bool,
) -> Result<Rules, String> {
    let cx = Cx {
        version,
        locals,
        null_stays: &[],
        nfc_escaped,
    };
    let target = Target::Var(name);
    let condition = constants::folded(condition, locals, version);
    let normal = normalized(&condition, &|e| path_type(e, target, ty));
    let t = cx.condition(&normal, target, ty)?;
    let mut rules = t.rules;
    rules.null_ok = t.on_null == OnNull::True;
    refuse_negated_base64(rules)
}

/// The rules, unless they forbid the base64 syntax (`!can(base64decode(…))`), which accepts
/// more than Terraform, so that its negation would reject text Terraform accepts.
fn refuse_negated_base64(rules: Rules) -> Result<Rules, String> {
    if super::base64::used(&rules, true) {
        return Err("`can(base64decode(…))` negated: its pattern also accepts the base64 of bytes that are not UTF-8, which Terraform refuses, so its negation would reject text Terraform accepts".into());
    }
    Ok(rules)
}

/// The name standing for the root object in a rule between variables.
const ROOT: &str = "\u{0}root";

/// Translates a rule that refers to several variables into rules on the root object, whose
/// attributes are the variables (`root` lists them as optional attributes with their defaults
/// when they have one); `null_stays` names the variables given `null` that keep it although
/// they have a non-null default. Only the result's `properties`, `required` and `any_of`
/// are set.
pub fn translate_root(
    condition: &Expr,
    root: &Type,
    null_stays: &[String],
    locals: &[LocalSpec],
    version: TerraformVersion,
    nfc_escaped: bool,
) -> Result<Rules, String> {
    let cx = Cx {
        version,
        locals,
        null_stays,
        nfc_escaped,
    };
    let condition = constants::folded(condition, locals, version);
    let rewritten = normalized(&to_root(&condition), &|e| {
        path_type(e, Target::Var(ROOT), root)
    });
    let t = cx.condition(&rewritten, Target::Var(ROOT), root)?;
    refuse_negated_base64(t.rules)
}

/// `e` in the forms the translator reads, each the same to Terraform:
/// - `nonsensitive(x)`, `sensitive(x)` as `x` (they only mark the value, null included);
/// - `flatten([for … : L if P])` with `L` a literal that is not a list as the `for` itself;
/// - `for k in keys(M) : … M[k] …` over a map or object `M` (by `type_of`) as
///   `for k, v in M : … v …` (the same keys in the same order; both fail on a null `M`);
/// - `O["a"]` on an object `O` (by `type_of`) that has the attribute `a` as `O.a` (HCL's index
///   of an object by a string is the attribute, and both fail alike on a null `O`), and so is
///   `lookup(O, "a", d)` with a literal default `d`;
/// - `try(R, …)` of a reference `R` (the variable, a `for` symbol) as `R`;
/// - `for k, v in C` where nothing reads `k` as `for v in C`;
/// - `alltrue` and `anytrue` over a `for` that iterates a list literal as the list of its
///   elements written out (see [`unrolled`]).
fn normalized(e: &Expr, type_of: &dyn Fn(&Expr) -> Option<Type>) -> Expr {
    // `base.key` for a `base` (normalized) whose type is an object with the attribute `key`.
    let attribute = |base: &Expr, key: &Expr| {
        let Expr::Literal(Value::String(name)) = key.peel() else {
            return None;
        };
        let base = normalized(base, type_of);
        let has_attribute = matches!(type_of(&base), Some(Type::Object(attrs))
            if attrs.iter().any(|a| *a.name == **name));
        has_attribute.then(|| Expr::GetAttr(Box::new(base), name.clone()))
    };
    e.rewritten(&mut |e| {
        if let Some(call) = unrolled_call(e) {
            return Some(normalized(&call, type_of));
        }
        match e {
        Expr::For(f) if f.key_var.as_deref().is_some_and(|k| !for_mentions(f, k)) => {
            // `for k, v in C` where nothing reads `k` is `for v in C`: the same elements in
            // the same order, and both fail alike on `C`.
            let mut g = (**f).clone();
            g.key_var = None;
            Some(normalized(&Expr::For(Box::new(g)), type_of))
        }
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if name == "try" && args.first().is_some_and(is_reference) => {
            // `try(var.x, d)`: a reference fails nowhere, so `try` gives its value, null too.
            Some(args[0].clone())
        }
        Expr::Index(base, key) => attribute(base, key),
        // `lookup(O, "k", d)` on an object that has the attribute `k` is `O.k`, null or not
        // (the default is only taken for an object without it); `lookup` fails on a null `O`.
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if name == "lookup" => match args.as_slice() {
            [base, key, Expr::Literal(_)] => attribute(base, key),
            _ => None,
        },
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if args.len() == 1 && (name == "nonsensitive" || name == "sensitive") => {
            Some(normalized(&args[0], type_of))
        }
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if name == "flatten"
            && matches!(args.as_slice(), [Expr::For(f)]
                if matches!(f.value.peel(), Expr::Literal(v) if matches!(v,
                    Value::Bool(_) | Value::Number(_) | Value::String(_)))) =>
        {
            Some(normalized(&args[0], type_of))
        }
        Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::NotEq), a, b)
            if is_trimspace_of_empty(a, b) || is_trimspace_of_empty(b, a) =>
        {
            // `trimspace(x) == ""` is `length(trimspace(x)) == 0` (`!=` alike): the text is
            // empty exactly where it has no character, and both fail where `trimspace` does.
            let call = if is_trimspace_of_empty(a, b) { a } else { b };
            Some(Expr::Binary(
                *op,
                Box::new(Expr::Call {
                    name: "length".into(),
                    args: vec![normalized(call, type_of)],
                    expand_final: false,
                }),
                Box::new(Expr::Literal(Value::Number(Number::from(0u8)))),
            ))
        }
        Expr::Binary(op, a, b) if emptiness_test(*op, a, b) || emptiness_test(flip(*op), b, a) => {
            // `length(distinct(A))` is 0 exactly where `length(A)` is.
            let undistinct = |x: &Expr| match x.peel() {
                Expr::Call { name, args, .. } if name == "length" && args.len() == 1 => {
                    match args[0].peel() {
                        Expr::Call {
                            name,
                            args: inner,
                            expand_final: false,
                        } if name == "distinct" && inner.len() == 1 => Some(Expr::Call {
                            name: "length".into(),
                            args: vec![inner[0].clone()],
                            expand_final: false,
                        }),
                        _ => None,
                    }
                }
                _ => None,
            };
            let a2 = undistinct(a).unwrap_or_else(|| (**a).clone());
            let b2 = undistinct(b).unwrap_or_else(|| (**b).clone());
            Some(Expr::Binary(
                *op,
                Box::new(normalized(&a2, type_of)),
                Box::new(normalized(&b2, type_of)),
            ))
        }
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if name == "alltrue"
            && matches!(args.as_slice(), [Expr::For(f)]
                if matches!(f.collection.peel(), Expr::Call { name: t, args: tried, expand_final: false }
                    if t == "try" && matches!(tried.as_slice(), [_, e] if is_empty_literal(e)))) =>
        {
            // `alltrue([for x in try(P, []) : …])` (`{}`) for an attribute path `P` of objects
            // that have each attribute: only a null object on the way fails `P`, and there
            // `try` gives the empty literal, over which `alltrue` is true. So it is
            // `A == null ? true : (… ? true : alltrue([for x in P : …]))` for each object `A`
            // on `P`'s way, outermost first (a conditional reports only its taken branch's
            // errors); a null `P` itself fails the `for` in both.
            let [Expr::For(f)] = args.as_slice() else {
                return None;
            };
            let Expr::Call { args: tried, .. } = f.collection.peel() else {
                return None;
            };
            let path = normalized(&tried[0], type_of);
            let objects = objects_read_through(&path)?;
            if !reads_declared_attributes(&path, type_of) {
                return None;
            }
            let mut g = (**f).clone();
            g.collection = path.clone();
            let each = Expr::Call {
                name: name.clone(),
                args: vec![normalized(&Expr::For(Box::new(g)), type_of)],
                expand_final: false,
            };
            Some(unless_null(&objects, &Expr::Literal(Value::Bool(true)), each))
        }
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if name == "alltrue"
            && matches!(args.as_slice(), [Expr::Call { name: c, args: lists, expand_final: false }]
                if c == "flatten" && lists.len() == 1) =>
        {
            // `alltrue(flatten(L))` where every element of `L` is a condition or a list built
            // of conditions: `alltrue` over `L` with each list element judged by its own
            // `alltrue`. Both evaluate every element; a list `flatten` would take apart is only
            // ever written as a `for`, a tuple or a conditional of them.
            let [Expr::Call { args: lists, .. }] = args.as_slice() else {
                return None;
            };
            let judged = flattened_conditions(lists[0].peel())?;
            Some(Expr::Call {
                name: name.clone(),
                args: vec![normalized(&judged, type_of)],
                expand_final: false,
            })
        }
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if (name == "alltrue" || name == "anytrue")
            && matches!(args.as_slice(), [Expr::Call { name: c, args: lists, expand_final: false }]
                if c == "concat" && lists.len() > 1) =>
        {
            // `alltrue(concat(A, B))` is `alltrue([alltrue(A), alltrue(B)])`: `concat` evaluates
            // every list, as `alltrue` over a list literal evaluates every element.
            let [Expr::Call { args: lists, .. }] = args.as_slice() else {
                return None;
            };
            let each = lists
                .iter()
                .map(|l| Expr::Call {
                    name: name.clone(),
                    args: vec![normalized(l, type_of)],
                    expand_final: false,
                })
                .collect();
            Some(Expr::Call {
                name: name.clone(),
                args: vec![Expr::Tuple(each)],
                expand_final: false,
            })
        }
        Expr::For(f)
            if matches!(f.collection.peel(), Expr::Call { name, args, expand_final: false }
                if name == "coalesce"
                    && matches!(args.as_slice(), [_, e] if is_empty_literal(e))) =>
        {
            // Iterating `coalesce(P, [])` (`{}`) is iterating `P == null ? [] : P`: both fail
            // alike where `P` and the empty literal do not unify (a map and `[]`).
            let Expr::Call { args, .. } = f.collection.peel() else {
                return None;
            };
            let p = args[0].clone();
            let mut g = (**f).clone();
            g.collection = Expr::Conditional(
                Box::new(Expr::Binary(
                    BinaryOp::Eq,
                    Box::new(p.clone()),
                    Box::new(Expr::Literal(Value::null())),
                )),
                Box::new(args[1].clone()),
                Box::new(p),
            );
            Some(normalized(&Expr::For(Box::new(g)), type_of))
        }
        Expr::For(f) if f.key_var.is_none() => {
            let Expr::Call {
                name,
                args,
                expand_final: false,
            } = f.collection.peel()
            else {
                return None;
            };
            let [m] = args.as_slice() else {
                return None;
            };
            if name != "keys"
                || !matches!(type_of(m.peel()), Some(Type::Map(_) | Type::Object(_)))
                || binds_again(&f.value, &f.value_var)
                || f.condition
                    .as_ref()
                    .is_some_and(|c| binds_again(c, &f.value_var))
            {
                return None;
            }
            let k = f.value_var.clone();
            let v = format!("{k}\u{0}value");
            let indexed = |x: &Expr| {
                x.rewritten(&mut |x| match x.peel() {
                    Expr::Index(c, i)
                        if c.peel() == m.peel()
                            && matches!(i.peel(), Expr::Bound(b) if *b == k) =>
                    {
                        Some(Expr::Bound(v.clone()))
                    }
                    _ => None,
                })
            };
            let mut g = (**f).clone();
            g.collection = m.clone();
            g.key_var = Some(k.clone());
            g.value_var = v.clone();
            g.value = normalized(&indexed(&f.value), type_of);
            g.key = f.key.as_ref().map(|x| normalized(&indexed(x), type_of));
            g.condition = f
                .condition
                .as_ref()
                .map(|x| normalized(&indexed(x), type_of));
            Some(Expr::For(Box::new(g)))
        }
        _ => None,
        }
    })
}

/// `alltrue`/`anytrue` of a `for` that iterates a list literal as the call over the list of
/// its elements written out ([`unrolled`]); `None` for other expressions.
fn unrolled_call(e: &Expr) -> Option<Expr> {
    let Expr::Call {
        name,
        args,
        expand_final: false,
    } = e
    else {
        return None;
    };
    let [Expr::For(f)] = args.as_slice() else {
        return None;
    };
    if name != "alltrue" && name != "anytrue" {
        return None;
    }
    Some(Expr::Call {
        name: name.clone(),
        args: vec![Expr::Tuple(unrolled::unrolled(f)?)],
        expand_final: false,
    })
}

/// Whether `a op b` with `a` a `length(…)` and `b` a literal 0 or 1 only tells whether the
/// length is 0 (`== 0`, `!= 0`, `> 0`, `>= 1`, `< 1`, `<= 0`).
fn emptiness_test(op: BinaryOp, a: &Expr, b: &Expr) -> bool {
    let is_length =
        matches!(a.peel(), Expr::Call { name, args, .. } if name == "length" && args.len() == 1);
    let n = match b.peel() {
        Expr::Literal(Value::Number(n)) => n.to_i128(),
        _ => None,
    };
    is_length
        && matches!(
            (op, n),
            (
                BinaryOp::Eq | BinaryOp::NotEq | BinaryOp::Greater | BinaryOp::LessEq,
                Some(0)
            ) | (BinaryOp::GreaterEq | BinaryOp::Less, Some(1))
        )
}

/// Why a rule read as a `pattern` is left out on a variable of type `ty`.
fn not_text(what: &str, ty: &Type) -> String {
    format!("{what} on a variable of type `{ty}` (JSON Schema's `pattern` only checks strings)")
}

/// Whether `call` is `trimspace(x)` and `other` the empty string.
fn is_trimspace_of_empty(call: &Expr, other: &Expr) -> bool {
    matches!(call.peel(), Expr::Call { name, args, expand_final: false }
        if name == "trimspace" && args.len() == 1)
        && matches!(other.peel(), Expr::Literal(Value::String(s)) if s.is_empty())
}

/// Whether a `for` inside `e` (an expression or a template's `%{for}`) binds `name` again.
pub(super) fn binds_again(e: &Expr, name: &str) -> bool {
    fn in_parts(parts: &[TemplatePart], name: &str) -> bool {
        parts.iter().any(|p| match p {
            TemplatePart::Literal(_) | TemplatePart::Interpolation(_) => false,
            TemplatePart::If {
                then, otherwise, ..
            } => in_parts(then, name) || in_parts(otherwise, name),
            TemplatePart::For {
                key_var,
                value_var,
                body,
                ..
            } => value_var == name || key_var.as_deref() == Some(name) || in_parts(body, name),
        })
    }
    match e {
        Expr::For(f) if f.value_var == name || f.key_var.as_deref() == Some(name) => true,
        Expr::Template(parts) if in_parts(parts, name) => true,
        _ => e.children().into_iter().any(|c| binds_again(c, name)),
    }
}

/// The value, key and filter of `f`: the parts evaluated with its symbols bound.
fn for_parts(f: &ForExpr) -> impl Iterator<Item = &Expr> {
    [Some(&f.value), f.key.as_ref(), f.condition.as_ref()]
        .into_iter()
        .flatten()
}

/// Whether a part of `f` binds one of its symbols again.
pub(super) fn rebinds(f: &ForExpr) -> bool {
    let mut names = vec![f.value_var.as_str()];
    names.extend(f.key_var.as_deref());
    for_parts(f).any(|e| names.iter().any(|n| binds_again(e, n)))
}

/// `var.x` → `ROOT.x`.
fn to_root(e: &Expr) -> Expr {
    e.rewritten(&mut |e| match e {
        Expr::Variable(v) => Some(Expr::GetAttr(
            Box::new(Expr::Variable(ROOT.into())),
            v.clone(),
        )),
        _ => None,
    })
}

struct Cx<'l> {
    version: TerraformVersion,
    /// For a rule at the root (between variables): the variables whose explicit `null` stays
    /// null although they have a non-null default (nullable ones); the default applies
    /// otherwise, as for an optional attribute.
    null_stays: &'l [String],
    /// The module's locals: a local whose expression is a literal stands for that literal.
    locals: &'l [LocalSpec],
    /// Strings NFC could change pass the schema unchecked (see [`translate`]).
    nfc_escaped: bool,
}

fn literal_in(e: &Expr, locals: &[LocalSpec], depth: usize) -> Option<Value> {
    let literal = |e: &Expr| literal_in(e, locals, depth);
    match e {
        Expr::Local(name) if depth < 8 => {
            let local = locals.iter().find(|l| *l.name == **name)?;
            literal_in(&local.expr, locals, depth + 1)
        }
        Expr::Literal(v)
            if matches!(
                v,
                Value::Null(_) | Value::Bool(_) | Value::Number(_) | Value::String(_)
            ) =>
        {
            Some(v.clone())
        }
        Expr::Unary(UnaryOp::Negate, inner) => match literal(inner)? {
            Value::Number(n) => Some(Value::Number(n.neg())),
            _ => None,
        },
        Expr::Template(parts) => {
            let mut s = String::new();
            for p in parts {
                match p {
                    tfvars_runtime::expr::TemplatePart::Literal(l) => s.push_str(l),
                    _ => return None,
                }
            }
            Some(Value::String(s))
        }
        _ => None,
    }
}

fn number_literal_in(e: &Expr, locals: &[LocalSpec]) -> Option<Number> {
    match literal_in(e, locals, 0)? {
        Value::Number(n) if !n.is_infinite() => Some(n),
        _ => None,
    }
}

fn is_null_literal(e: &Expr) -> bool {
    matches!(literal_in(e, &[], 0), Some(Value::Null(_)))
}

fn describe(e: &Expr) -> String {
    match e {
        Expr::Call { name, .. } => format!("the function `{name}`"),
        Expr::Variable(v) => format!("a reference to `var.{v}`"),
        Expr::Local(l) => format!("a reference to `local.{l}`"),
        Expr::Unknown(what) => format!("`{what}`, known only after apply"),
        Expr::Binary(op, ..) => format!("the operator `{}`", op_text(*op)),
        Expr::Unary(UnaryOp::Not, _) => "the operator `!`".into(),
        Expr::Conditional(..) => "a conditional expression".into(),
        Expr::For(_) => "a `for` expression".into(),
        Expr::Template(_) => "a string template".into(),
        Expr::Tuple(_) => "a list literal (only primitive literals are compared)".into(),
        Expr::Object(_) => "an object literal (only primitive literals are compared)".into(),
        Expr::Index(..) | Expr::GetAttr(..) | Expr::Splat { .. } => {
            "an attribute or element access".into()
        }
        _ => "this expression".into(),
    }
}

fn op_text(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Eq => "==",
        BinaryOp::NotEq => "!=",
        BinaryOp::Less => "<",
        BinaryOp::LessEq => "<=",
        BinaryOp::Greater => ">",
        BinaryOp::GreaterEq => ">=",
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        BinaryOp::Mod => "%",
        BinaryOp::And => "&&",
        BinaryOp::Or => "||",
    }
}

fn flatten<'e>(e: &'e Expr, op: BinaryOp, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Binary(o, a, b) if *o == op => {
            flatten(a, op, out);
            flatten(b, op, out);
        }
        _ => out.push(e),
    }
}

impl Cx<'_> {
    fn literal(&self, e: &Expr) -> Option<Value> {
        literal_in(e, self.locals, 0)
    }

    /// The literal string `e`, which a rule matches against the text as the input writes it:
    /// refused where NFC could change what it matches (Terraform judges the NFC form), unless
    /// such text passes the schema unchecked.
    fn matched_text(&self, e: &Expr, what: &str) -> Result<String, String> {
        let Some(Value::String(text)) = self.literal(e) else {
            return Err(format!("{what} with a non-literal string"));
        };
        if let Some(why) = nfc_unsafe(&text).filter(|_| !self.nfc_escaped) {
            return Err(format!("{what} of {text:?}: {why}"));
        }
        Ok(text)
    }

    fn number_literal(&self, e: &Expr) -> Option<Number> {
        number_literal_in(e, self.locals)
    }

    /// A tuple expression, directly or through a local; also `tolist` or `toset` of a tuple of
    /// literals of one primitive type, whose elements the conversion leaves as they are (its
    /// uses here only ask which values are in the list).
    fn tuple<'e>(&'e self, e: &'e Expr) -> Option<&'e [Expr]> {
        let mut e = e;
        for _ in 0..8 {
            match e {
                Expr::Tuple(items) => return Some(items),
                Expr::Local(name) => e = &self.locals.iter().find(|l| *l.name == **name)?.expr,
                Expr::Call {
                    name,
                    args,
                    expand_final: false,
                } if matches!(name.as_str(), "tolist" | "toset") => match args.as_slice() {
                    [Expr::Tuple(items)] if self.one_primitive_type(items) => return Some(items),
                    _ => return None,
                },
                _ => return None,
            }
        }
        None
    }

    /// Whether every item is a non-null literal of the same primitive type.
    fn one_primitive_type(&self, items: &[Expr]) -> bool {
        let kind = |v: &Value| match v {
            Value::String(_) => Some(0),
            Value::Number(_) => Some(1),
            Value::Bool(_) => Some(2),
            _ => None,
        };
        let kinds: Option<Vec<u8>> = items
            .iter()
            .map(|i| self.literal(i).as_ref().and_then(kind))
            .collect();
        kinds.is_some_and(|k| k.windows(2).all(|w| w[0] == w[1]))
    }

    fn condition(&self, e: &Expr, target: Target, ty: &Type) -> Result<Translated, String> {
        match self.condition_direct(e, target, ty) {
            Ok(t) => Ok(t),
            Err(why) => self
                .attribute(e, target, ty)
                .or_else(|| self.any_key(e, target, ty))
                .or_else(|| self.element(e, target, ty))
                .or_else(|| self.default_mapped(e, target, ty))
                .unwrap_or(Err(why)),
        }
    }

    /// A condition about one attribute of an object (`var.x.port > 0`,
    /// `contains([...], o.kind)`): its rules go to that property. `None` when the condition is
    /// not about exactly one attribute.
    fn attribute(&self, e: &Expr, target: Target, ty: &Type) -> Option<Result<Translated, String>> {
        let Type::Object(attrs) = ty else {
            return None;
        };
        let mut found: Vec<&Expr> = Vec::new();
        collect_attrs(e, target, &mut found);
        let first = *found.first()?;
        if found.iter().any(|f| *f != first) {
            return None;
        }
        let Expr::GetAttr(_, name) = first else {
            return None;
        };
        let Some(attr) = attrs.iter().find(|a| *a.name == **name) else {
            return Some(Err(format!("the object has no attribute `{name}`")));
        };
        // On a null object the attribute cannot be read: an error, unless it is read inside
        // `try` or `can`, where the condition goes on with the fallback
        // (`try(length(var.x.a.b), 0) > 0` is false where `a` is null).
        let caught = caught_by_can(e);
        let on_null = match caught {
            Some(on_null) => on_null,
            None if path_caught_inside(e, target) => self.evaluated_on_null(e, target)?,
            None => OnNull::Error,
        };
        Some(self.condition(e, Target::Attr(first), &attr.ty).and_then(|t| {
            let mut null_ok = t.on_null == OnNull::True;
            let mut required = Vec::new();
            let at_root = matches!(target, Target::Var(ROOT));
            let null_stays = at_root && self.null_stays.contains(name);
            // A null attribute (given, or left out without a default) fails the rule with an
            // error rather than false: `||` needs to know.
            // Inside `can(…)` the error is caught: the condition is false (`!can(…)`: true).
            let may_fail = caught.is_none()
                && (t.on_null == OnNull::Error
                    && (attr.default.as_ref().is_none_or(Value::is_null) || null_stays)
                    || t.rules.may_fail);
            if attr.optional {
                // Left out (or null), the attribute holds its default, or null without one:
                // the rule's verdict on that value is known now. When it rejects it, the
                // attribute must be given, and given non-null.
                let absent_ok = match attr.default.as_ref().filter(|d| !d.is_null()) {
                    None => null_ok,
                    Some(d) => t.rules.accepts(d).ok_or_else(|| {
                        format!(
                            "the attribute `{name}` is optional with a default the rule's translation cannot judge"
                        )
                    })?,
                };
                if !null_stays {
                    null_ok = absent_ok;
                }
                if !absent_ok {
                    required.push(name.clone());
                }
            }
            let mut child = t.rules;
            child.null_ok = null_ok;
            Ok(Translated {
                rules: Rules {
                    properties: vec![(name.clone(), child)],
                    required,
                    may_fail,
                    ..Rules::default()
                },
                on_null,
            })
        }))
    }

    /// What condition `e` yields where the target is null, as the runtime evaluates it with
    /// the target replaced by `null`: every read of the target fails there, and `try` or `can`
    /// catch it; a failure or a null result is an error, as in Terraform. `None` when `e` is not
    /// constant once the target is replaced (it reads another variable) or yields a value that
    /// is neither a bool nor null.
    fn evaluated_on_null(&self, e: &Expr, target: Target) -> Option<OnNull> {
        let null = e.rewritten(&mut |inner| {
            target
                .is(inner)
                .then(|| Expr::Literal(Value::Null(Type::Any)))
        });
        match constants::constant_value(&null, self.locals, self.version)? {
            Ok(Value::Bool(true)) => Some(OnNull::True),
            Ok(Value::Bool(false)) => Some(OnNull::False),
            // A null condition is an error in Terraform ("must return either true or false").
            Ok(Value::Null(_)) | Err(_) => Some(OnNull::Error),
            Ok(_) => None,
        }
    }

    /// A condition about one element of a list at a literal index (`var.x[0]`): its rules go
    /// to that element, and the list must be long enough (an index past the end fails, which
    /// the rule then does too: `may_fail`). `None` when the condition is not about exactly one
    /// such element.
    fn element(&self, e: &Expr, target: Target, ty: &Type) -> Option<Result<Translated, String>> {
        let Type::List(elem) = ty else {
            return None;
        };
        let mut found: Vec<&Expr> = Vec::new();
        collect_indexes(e, target, &mut found);
        let first = *found.first()?;
        if caught_inside(e, target) {
            // `can(…)`, `try(…)` turn the failure past the end into a value (`!can(var.x[0])`
            // accepts the empty list): not followed.
            return None;
        }
        if found.iter().any(|f| *f != first) {
            return None;
        }
        let Expr::Index(_, i) = first else {
            return None;
        };
        let index = self
            .number_literal(i)
            .filter(Number::is_integer)
            .and_then(|n| n.to_usize())
            .filter(|n| *n < 64)?;
        Some(self.condition(e, Target::Attr(first), elem).map(|t| {
            let mut child = t.rules;
            child.null_ok = t.on_null == OnNull::True;
            let mut first = vec![Rules::default(); index];
            first.push(child);
            Translated {
                rules: Rules {
                    first,
                    min_length: Some(index as u64 + 1),
                    may_fail: true,
                    ..Rules::default()
                },
                // An index of null fails.
                on_null: OnNull::Error,
            }
        }))
    }

    /// A condition about one key of an untyped variable (`lookup(var.x, "k", null) == null ?
    /// true : contains([…], var.x["k"])`): the value must be an object; the key's value,
    /// when present, is judged by the condition with every access replaced by it; a missing
    /// key is judged by the runtime on an empty object (`lookup` gives its default there,
    /// `var.x["k"]` fails). `None` when the condition is not about exactly one key.
    ///
    /// The same for an element of a collection of `any` (`for x in values(var.m) :
    /// contains([…], lookup(x, "k", "d"))`), where the condition may use nothing but the
    /// element, and the rule on the key may only allow strings that no number or bool converts
    /// to: Terraform unifies the elements' types, which can turn `1` into `"1"`.
    fn any_key(&self, e: &Expr, target: Target, ty: &Type) -> Option<Result<Translated, String>> {
        /// The name the element goes by when the runtime judges the condition alone.
        const ELEMENT: &str = "\u{0}element";
        let (var, judged) = match (ty, target) {
            (Type::Any, Target::Var(var)) => (var, std::borrow::Cow::Borrowed(e)),
            (Type::Any, Target::Bound(b)) => {
                if !uses_only(e, b) {
                    return None;
                }
                (
                    ELEMENT,
                    std::borrow::Cow::Owned(bound_as_variable(e, b, ELEMENT)),
                )
            }
            _ => return None,
        };
        let mut keys = Vec::new();
        let mut bare = false;
        key_accesses(e, target, self.locals, &mut keys, &mut bare);
        let key = keys.first()?.clone();
        if bare || keys.iter().any(|k| *k != key) {
            return None;
        }
        const SLOT: &str = "\u{0}key";
        let sub = replace_key_access(e, target, self.locals, SLOT);
        Some((|| {
            let t = self.condition(&sub, Target::Bound(SLOT), &Type::Any)?;
            if matches!(target, Target::Bound(_)) && !unification_proof(&t.rules) {
                return Err(format!(
                    "a rule on the key `{key}` of an element of a collection of `any` that allows other than strings no number or bool converts to (Terraform unifies the elements' types)"
                ));
            }
            let absent_ok = runtime_accepts(
                &judged,
                var,
                Value::Object(Default::default()),
                self.locals,
                self.version,
            )
            .ok_or_else(|| {
                format!("the runtime cannot judge the condition on an object without `{key}`")
            })?;
            let null_ok = t.on_null == OnNull::True;
            let mut child = t.rules;
            child.null_ok = null_ok;
            Ok(Translated {
                rules: Rules {
                    properties: vec![(key.clone(), child)],
                    required: if absent_ok { Vec::new() } else { vec![key] },
                    object_only: true,
                    may_fail: t.on_null == OnNull::Error,
                    ..Rules::default()
                },
                // `lookup`, `[…]` and `.` all fail on null.
                on_null: OnNull::Error,
            })
        })())
    }

    /// `A op B` where one side is a sum whose terms `terms_of` reads and the other a number
    /// literal: the terms, the comparison as `terms op n`, and `n`; or why not: `not_sum` when
    /// neither side is such a sum, `not_literal` when the other side is not a number literal.
    fn sum_compared<'e, T>(
        &self,
        op: BinaryOp,
        (a, b): (&'e Expr, &'e Expr),
        terms_of: impl Fn(&'e Expr) -> Option<T>,
        (not_sum, not_literal): (&str, &str),
    ) -> Result<(T, BinaryOp, Number), String> {
        let (terms, op, n) = match (terms_of(a), terms_of(b)) {
            (Some(t), _) => (t, op, b),
            (None, Some(t)) => (t, flip(op), a),
            _ => return Err(not_sum.to_string()),
        };
        let n = self
            .number_literal(n)
            .ok_or_else(|| not_literal.to_string())?;
        Ok((terms, op, n))
    }

    /// `(A ? 1 : 0) + (B ? 1 : 0) + … op N`: how many of the conditions hold, for N of 0 or 1
    /// (none, exactly one, at most one, at least one): `anyOf` over which conditions hold, each
    /// branch the conditions that must hold and the negations of the others. Every condition
    /// and its negation must translate without failing on a non-null value.
    fn count(
        &self,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
        target: Target,
        ty: &Type,
    ) -> Result<Translated, String> {
        let (terms, op, n) = self.sum_compared(
            op,
            (a, b),
            counted_terms,
            (
                "a sum that is not a count of conditions",
                "a count compared with a non-literal",
            ),
        )?;
        let (zero, one) = (Number::from(0u8), Number::from(1u8));
        // The numbers of true conditions that pass.
        let allowed: &[usize] = match op {
            BinaryOp::Eq if n == zero => &[0],
            BinaryOp::Eq if n == one => &[1],
            BinaryOp::LessEq if n == one => &[0, 1],
            BinaryOp::Less if n == Number::from(2u8) => &[0, 1],
            BinaryOp::Less if n == one => &[0],
            BinaryOp::LessEq if n == zero => &[0],
            BinaryOp::GreaterEq if n == one => &[usize::MAX],
            BinaryOp::Greater if n == zero => &[usize::MAX],
            _ => {
                return Err(format!(
                    "a count of conditions compared using `{}` with {n}",
                    op_text(op)
                ))
            }
        };
        if terms.len() > 6 {
            return Err("a count of more than six conditions".into());
        }
        let mut holds = Vec::new();
        let mut fails = Vec::new();
        // On a null value, how many conditions hold, or `None` when one fails there.
        let mut true_on_null = Some(0usize);
        for (c, counted_when) in &terms {
            let (c, not_c) = match negated(c) {
                Some(not_c) if *counted_when => ((*c).clone(), not_c),
                Some(not_c) => (not_c, (*c).clone()),
                None => {
                    return Err(format!(
                        "a counted condition that cannot be negated ({})",
                        describe(c)
                    ))
                }
            };
            let yes = self.condition(&c, target, ty)?;
            let no = self.condition(&not_c, target, ty)?;
            if yes.rules.may_fail || no.rules.may_fail {
                return Err("a counted condition that fails on a null attribute".into());
            }
            true_on_null = match yes.on_null {
                OnNull::Error => None,
                OnNull::True => true_on_null.map(|k| k + 1),
                OnNull::False => true_on_null,
            };
            holds.push(yes.rules);
            fails.push(no.rules);
        }
        let branch = |true_ones: &[usize]| {
            let mut r = Rules::default();
            for i in 0..terms.len() {
                let part = if true_ones.contains(&i) {
                    &holds[i]
                } else {
                    &fails[i]
                };
                r.merge(part.clone());
            }
            r.null_ok = true;
            r
        };
        let mut alternatives = Vec::new();
        for &k in allowed {
            match k {
                0 => alternatives.push(branch(&[])),
                1 => (0..terms.len()).for_each(|i| alternatives.push(branch(&[i]))),
                _ => alternatives.extend(holds.iter().cloned()),
            }
        }
        if !matches!(ty, Type::Object(_)) && alternatives.iter().any(|r| !r.is_flat()) {
            return Err("a count of conditions on elements, values or keys".into());
        }
        // Conditions on attributes fail on a null object, unless `try` or `can` catches the
        // failure (`try(var.x.a, null) == null ? 0 : 1` counts nothing on a null `x`).
        let on_null = match true_on_null {
            None => OnNull::Error,
            Some(k)
                if allowed
                    .iter()
                    .any(|&a| a == k || (a == usize::MAX && k > 0)) =>
            {
                OnNull::True
            }
            Some(_) => OnNull::False,
        };
        Ok(Translated {
            rules: Rules {
                any_of: vec![alternatives],
                ..Rules::default()
            },
            on_null,
        })
    }

    /// `try(E, d)` with a literal `d` and an `E` that is not a literal or a bare attribute path
    /// (whose null `try` returns): `(E, d)`.
    fn try_value<'e>(&self, e: &'e Expr) -> Option<(&'e Expr, Value)> {
        match e {
            Expr::Call {
                name,
                args,
                expand_final: false,
            } if name == "try" => match args.as_slice() {
                [v, d] if self.literal(v).is_none() => Some((v, self.literal(d)?)),
                _ => None,
            },
            _ => None,
        }
    }

    /// `try(E, d) op N` with a literal `N`: `E op N` where `E` does not fail ([`defined`]),
    /// `d op N` (known now) where it does. `None` when neither side is such a `try`.
    fn try_value_compare(
        &self,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        let (call, other) = if self.try_value(a).is_some() {
            (a, b)
        } else {
            (b, a)
        };
        let (value, d) = self.try_value(call)?;
        Some(self.try_value_compared(op, call == a, value, d, other, target, ty))
    }

    #[allow(clippy::too_many_arguments)]
    fn try_value_compared(
        &self,
        op: BinaryOp,
        on_left: bool,
        value: &Expr,
        d: Value,
        other: &Expr,
        target: Target,
        ty: &Type,
    ) -> Result<Translated, String> {
        let n = self
            .literal(other)
            .ok_or("`try(…)` compared with a non-literal")?;
        let fallback = match (op, &d, &n) {
            // Values of different types are not equal (`1 == "1"` is false); null equals null.
            (BinaryOp::Eq | BinaryOp::NotEq, x, y) => {
                let same = std::mem::discriminant(x) == std::mem::discriminant(y) && x == y
                    || x.is_null() && y.is_null();
                same == (op == BinaryOp::Eq)
            }
            (_, Value::Number(x), Value::Number(y)) => match op {
                BinaryOp::Less => x < y,
                BinaryOp::LessEq => x <= y,
                BinaryOp::Greater => x > y,
                BinaryOp::GreaterEq => x >= y,
                _ => return Err("`try(…)` compared with a value of another type".into()),
            },
            _ => {
                return Err(
                    "`try(…)` whose fallback is compared with a value of another type".into(),
                )
            }
        };
        let compared = if on_left {
            Expr::Binary(op, Box::new(value.clone()), Box::new(other.clone()))
        } else {
            Expr::Binary(op, Box::new(other.clone()), Box::new(value.clone()))
        };
        let rewritten = self
            .guarded(
                value,
                &compared,
                &Expr::Literal(Value::Bool(fallback)),
                target,
                ty,
            )
            .map_err(|why| format!("`try` of {}: {why}", describe(value)))?;
        self.condition(&rewritten, target, ty)
    }

    /// `length(A) + length(B) + … op N`, which is positive (`> 0`, `>= 1`, `!= 0`) where
    /// one of the lengths is, and zero (`== 0`, `< 1`, `<= 0`) where all are:
    /// `anytrue([length(A) > 0, …])` or `alltrue([length(A) == 0, …])`, both evaluating every
    /// term as the sum does (a failing term fails either).
    fn length_sum(
        &self,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
        target: Target,
        ty: &Type,
    ) -> Result<Translated, String> {
        let (terms, op, n) = self.sum_compared(
            op,
            (a, b),
            length_terms,
            (
                "a sum that is not of lengths",
                "a sum of lengths compared with a non-literal",
            ),
        )?;
        let (zero, one) = (Number::from(0u8), Number::from(1u8));
        let positive = match op {
            BinaryOp::Greater | BinaryOp::NotEq if n == zero => true,
            BinaryOp::GreaterEq if n == one => true,
            BinaryOp::Eq | BinaryOp::LessEq if n == zero => false,
            BinaryOp::Less if n == one => false,
            _ => {
                return Err(format!(
                    "a sum of lengths compared using `{}` with {n}",
                    op_text(op)
                ))
            }
        };
        let (each_op, all) = if positive {
            (BinaryOp::Greater, "anytrue")
        } else {
            (BinaryOp::Eq, "alltrue")
        };
        let each = terms
            .into_iter()
            .map(|t| {
                Expr::Binary(
                    each_op,
                    Box::new(t.clone()),
                    Box::new(Expr::Literal(Value::Number(zero.clone()))),
                )
            })
            .collect();
        let rewritten = Expr::Call {
            name: all.into(),
            args: vec![Expr::Tuple(each)],
            expand_final: false,
        };
        self.condition(&rewritten, target, ty)
    }

    /// The strings of `list`, a list (or a local naming one) of literal strings only.
    fn literal_strings(&self, list: &Expr) -> Option<Vec<String>> {
        self.tuple(list)?
            .iter()
            .map(|i| match self.literal(i) {
                Some(Value::String(s)) => Some(s),
                _ => None,
            })
            .collect()
    }

    /// Whether `length(…) op other` says the length is zero: `== 0`, `<= 0`, `< 1`.
    fn counts_none(&self, op: BinaryOp, other: &Expr) -> bool {
        match (op, self.number_literal(other)) {
            (BinaryOp::Eq | BinaryOp::LessEq, Some(n)) => n == Number::from(0u8),
            (BinaryOp::Less, Some(n)) => n == Number::from(1u8),
            _ => false,
        }
    }

    /// `length(setsubtract(X, L))` for a list `L` of literal strings and `X` a list or set of
    /// strings (the target or an attribute path under it) or the keys of a map
    /// (`keys(var.m)`), as the rule that its length is zero: every element of `X` is in `L`,
    /// `alltrue([for x in X : contains(L, x)])`. Terraform rejects alike in both forms: a null
    /// `X` fails both, and a null element stays in the difference (its length is then not
    /// zero) where `contains` fails on it. `L` holds strings only: `setsubtract` would convert
    /// a number in it to a string, where `contains` compares it as a number.
    fn none_outside_literals(&self, side: &Expr, target: Target, ty: &Type) -> Option<Expr> {
        let (name, inner, inner_args) = call_of_call(side)?;
        let [x, list] = inner_args else {
            return None;
        };
        if name != "length" || inner != "setsubtract" {
            return None;
        }
        let collection_of_strings = match x {
            Expr::Call {
                name,
                args,
                expand_final: false,
            } if name == "keys" => match args.as_slice() {
                [m] if matches!(path_type(m, target, ty), Some(Type::Map(_))) => true,
                // The keys of an untyped value (`try(var.x, {})` is read as `var.x`).
                [m] if *ty == Type::Any && target.is(m.peel()) => true,
                _ => false,
            },
            other => strings_collection(other, target, ty),
        };
        if self.literal_strings(list).is_none() || !collection_of_strings {
            return None;
        }
        Some(every_element_in(list, x))
    }

    /// `setunion(L, X) == toset(L)` (either order of arguments or sides; the two lists of
    /// literal strings naming the same strings) for `X` a list or set of strings (the target
    /// or an attribute path under it): the union adds nothing to `L`, so every element of `X`
    /// is in `L`, `alltrue([for x in X : contains(L, x)])`. A null `X` fails both; a null
    /// element makes the union differ from `toset(L)` where `contains` fails on it.
    fn union_within_literals<'e>(
        &self,
        a: &'e Expr,
        b: &'e Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Expr> {
        let call = |e: &'e Expr, want: &str| match e {
            Expr::Call {
                name,
                args,
                expand_final: false,
            } if name == want => Some(args.as_slice()),
            _ => None,
        };
        let strings = |list: &Expr| -> Option<std::collections::BTreeSet<String>> {
            self.literal_strings(list).map(|l| l.into_iter().collect())
        };
        for (union, set) in [(a, b), (b, a)] {
            let (Some([p, q]), Some([listed])) = (call(union, "setunion"), call(set, "toset"))
            else {
                continue;
            };
            let (list, x) = if self.tuple(p).is_some() {
                (p, q)
            } else {
                (q, p)
            };
            let same = strings(list)
                .zip(strings(listed))
                .is_some_and(|(l, r)| l == r);
            if !same || !strings_collection(x, target, ty) {
                continue;
            }
            return Some(every_element_in(list, x));
        }
        None
    }

    /// `setintersection(L, X) == X` (either order of arguments or sides) for a set of strings
    /// `X` (the target or an attribute path under it) and a list `L` of literal strings: every
    /// element of `X` is in `L`, which is `alltrue([for x in X : contains(L, x)])` (a null
    /// element or `X` fails or is false in both, and the rule rejects either way).
    fn subset_of_literals(&self, a: &Expr, b: &Expr, target: Target, ty: &Type) -> Option<Expr> {
        for (call, x) in [(a, b), (b, a)] {
            let Expr::Call {
                name,
                args,
                expand_final: false,
            } = call
            else {
                continue;
            };
            let [p, q] = args.as_slice() else {
                continue;
            };
            if name != "setintersection" {
                continue;
            }
            let list = match (p == x, q == x) {
                (true, false) => q,
                (false, true) => p,
                _ => continue,
            };
            let set_of_strings = matches!(
                path_type(x, target, ty),
                Some(Type::Set(t)) if *t == Type::String
            );
            if self.literal_strings(list).is_none() || !set_of_strings {
                return None;
            }
            return Some(every_element_in(list, x));
        }
        None
    }

    fn condition_direct(&self, e: &Expr, target: Target, ty: &Type) -> Result<Translated, String> {
        if let Some(chosen) = self.length_of_choice(e, target, ty) {
            return self.condition(&chosen, target, ty);
        }
        if let Some(contains) = self.case_mapped_equality(e, target) {
            return self.condition(&contains, target, ty);
        }
        match e {
            Expr::Binary(BinaryOp::Or, ..) => self
                .or_chain(e, target, ty)
                .or_else(|why| self.eager_null_chain(e, target, ty).unwrap_or(Err(why))),
            Expr::Binary(BinaryOp::And, ..) => {
                let mut terms = Vec::new();
                flatten(e, BinaryOp::And, &mut terms);
                self.and_terms(&terms, target, ty, self.version == TerraformVersion::V1_11)
            }
            Expr::Binary(
                op @ (BinaryOp::Eq
                | BinaryOp::Less
                | BinaryOp::LessEq
                | BinaryOp::Greater
                | BinaryOp::GreaterEq),
                a,
                b,
            ) if counted_terms(a).is_some() || counted_terms(b).is_some() => {
                self.count(*op, a, b, target, ty)
            }
            Expr::Binary(
                op @ (BinaryOp::Eq
                | BinaryOp::NotEq
                | BinaryOp::Less
                | BinaryOp::LessEq
                | BinaryOp::Greater
                | BinaryOp::GreaterEq),
                a,
                b,
            ) if length_terms(a).is_some() || length_terms(b).is_some() => {
                self.length_sum(*op, a, b, target, ty)
            }

            Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::NotEq), a, b) => {
                if let Some(lazy) = try_null_test(*op == BinaryOp::Eq, a, b) {
                    return self.condition(&lazy, target, ty);
                }
                if is_boolean(a) && is_boolean(b) {
                    return self.same_truth(*op == BinaryOp::Eq, a, b, target, ty);
                }
                for (c, lit) in [(a, b), (b, a)] {
                    // `C == true` is `C`, `C == false` is `!C` (both fail where `C` fails).
                    if let (true, Some(Value::Bool(lit))) = (is_boolean(c), self.literal(lit)) {
                        if lit == (*op == BinaryOp::Eq) {
                            return self.condition(c, target, ty);
                        }
                        let not = Expr::Unary(UnaryOp::Not, Box::new((**c).clone()));
                        return self.condition(&not, target, ty);
                    }
                }
                if let Some(t) = self.length_compare(*op, a, b, target, ty)? {
                    return Ok(t);
                }
                if let (BinaryOp::Eq, Some(every)) = (
                    op,
                    self.subset_of_literals(a, b, target, ty)
                        .or_else(|| self.union_within_literals(a, b, target, ty)),
                ) {
                    return self.condition(&every, target, ty);
                }
                for (computed, lit) in [(a, b), (b, a)] {
                    if let Some(lit) = self.literal(lit).filter(|l| !l.is_null()) {
                        let eq = *op == BinaryOp::Eq;
                        if let Some(t) = self
                            .try_attribute_membership(
                                false,
                                eq,
                                vec![lit.clone()],
                                computed,
                                target,
                                ty,
                            )
                            .or_else(|| {
                                self.defaulted_membership(eq, vec![lit], computed, target, ty)
                            })
                        {
                            return t;
                        }
                    }
                }
                if let Some(t) = self.try_value_compare(*op, a, b, target, ty) {
                    return t;
                }
                if *op == BinaryOp::Eq {
                    if let Some(t) = self.multiple(a, b, target, ty) {
                        return t;
                    }
                }
                if let (BinaryOp::Eq, Type::Any) = (op, ty) {
                    // `var.x == {}` on an untyped value: an object without attributes (a JSON
                    // object is one; `[]` is an empty tuple, not equal).
                    if target.is(a) && is_empty_object(b) || target.is(b) && is_empty_object(a) {
                        return Ok(Translated {
                            rules: Rules {
                                object_only: true,
                                max_length: Some(0),
                                ..Rules::default()
                            },
                            on_null: OnNull::False,
                        });
                    }
                }
                let other = if target.is(a) {
                    b
                } else if target.is(b) {
                    a
                } else {
                    return Err(format!(
                        "`{}` compares something other than the variable with a literal",
                        op_text(*op)
                    ));
                };
                let lit = self.literal(other).ok_or_else(|| {
                    format!(
                        "`{}` with a value that is not a literal ({})",
                        op_text(*op),
                        describe(other)
                    )
                })?;
                self.equality(*op == BinaryOp::Eq, vec![lit], ty)
            }
            Expr::Binary(
                op @ (BinaryOp::Less | BinaryOp::LessEq | BinaryOp::Greater | BinaryOp::GreaterEq),
                a,
                b,
            ) => {
                if let Some(t) = self.length_compare(*op, a, b, target, ty)? {
                    return Ok(t);
                }
                if let Some(t) = self.try_value_compare(*op, a, b, target, ty) {
                    return t;
                }
                let (op, n) = if target.is(a) {
                    (*op, self.number_literal(b))
                } else if target.is(b) {
                    (flip(*op), self.number_literal(a))
                } else {
                    return Err(format!(
                        "`{}` compares something other than the variable or its `length()`",
                        op_text(*op)
                    ));
                };
                let n = n.ok_or_else(|| format!("`{}` with a non-literal number", op_text(op)))?;
                let mut rules = number_operand(ty)
                    .ok_or_else(|| format!("a numeric comparison on a variable of type `{ty}`"))?;
                let bound = |exclusive| {
                    Some(Bound {
                        value: n.clone(),
                        exclusive,
                    })
                };
                match op {
                    BinaryOp::Greater => rules.minimum = bound(true),
                    BinaryOp::GreaterEq => rules.minimum = bound(false),
                    BinaryOp::Less => rules.maximum = bound(true),
                    _ => rules.maximum = bound(false),
                }
                Ok(Translated {
                    rules,
                    on_null: OnNull::Error,
                })
            }
            Expr::Call {
                name,
                args,
                expand_final: false,
            } => self.call(name, args, target, ty),
            Expr::Unary(UnaryOp::Not, inner) => match &**inner {
                Expr::Call {
                    name,
                    args,
                    expand_final: false,
                } if name == "contains" => {
                    if let Some(key) = self.keys_contains(args, target, ty) {
                        // `!contains(keys(var.m), "k")`: no such key.
                        return Ok(Translated {
                            rules: Rules {
                                keys: Some(Box::new(Rules {
                                    disallowed: vec![Value::String(key?)],
                                    ..Rules::default()
                                })),
                                ..Rules::default()
                            },
                            on_null: OnNull::Error,
                        });
                    }
                    if let [Expr::For(f), flag] = args.as_slice() {
                        // `!contains([for … : c], false)`: no `c` is false, which for conditions
                        // (true, false or a failure) is `alltrue`.
                        if f.key.is_none()
                            && f.condition.is_none()
                            && self.literal(flag) == Some(Value::Bool(false))
                        {
                            return self.alltrue(&[Expr::For(f.clone())], target, ty);
                        }
                    }
                    if let Some(t) = self.defaulted_contains(false, args, target, ty) {
                        return t;
                    }
                    if self.collection_among_primitives(args, target, ty) {
                        // `!contains(["a"], keys(var.m))`: a list is never one of the listed
                        // strings, so this holds wherever `keys` does not fail (on null).
                        return Ok(Translated {
                            rules: Rules::default(),
                            on_null: OnNull::Error,
                        });
                    }
                    if let Some(t) = self.case_mapped_contains(args, target, ty) {
                        // No listed value: the pattern must not match; null still fails.
                        let mut t = t?;
                        t.rules.forbidden_patterns = std::mem::take(&mut t.rules.patterns);
                        return Ok(t);
                    }
                    let values = self.contains_args(args, target)?;
                    let t = self.equality(false, values, ty)?;
                    Ok(Translated {
                        rules: t.rules,
                        on_null: OnNull::Error,
                    })
                }
                Expr::Call {
                    name,
                    args,
                    expand_final: false,
                } if name == "can"
                    && matches!(args.as_slice(), [Expr::Call { name, expand_final: false, .. }] if name == "regex") =>
                {
                    let [Expr::Call { args: inner, .. }] = args.as_slice() else {
                        return Err("`can` with several arguments".into());
                    };
                    let pattern = self.regex_args(inner, target, ty)?;
                    // `regex` fails on null, so `can` is false and `!can` true.
                    Ok(Translated {
                        rules: Rules {
                            forbidden_patterns: vec![pattern],
                            ..Rules::default()
                        },
                        on_null: OnNull::True,
                    })
                }
                call @ Expr::Call {
                    expand_final: false,
                    ..
                } => {
                    // A call translated as one pattern and nothing else (`startswith`,
                    // `strcontains`, `can(cidrhost(…))`): the pattern must not match; null keeps
                    // failing, or flips.
                    if let Some(pushed) = negated(call) {
                        return self.condition(&pushed, target, ty);
                    }
                    let not_translated = || format!("`!` applied to {}", describe(call));
                    let t = self
                        .condition(call, target, ty)
                        .map_err(|why| format!("{}: {why}", not_translated()))?;
                    let mut rest = t.rules;
                    let patterns = std::mem::take(&mut rest.patterns);
                    if patterns.len() != 1 || rest != Rules::default() {
                        return Err(not_translated());
                    }
                    Ok(Translated {
                        rules: Rules {
                            forbidden_patterns: patterns,
                            ..Rules::default()
                        },
                        on_null: match t.on_null {
                            OnNull::True => OnNull::False,
                            OnNull::False => OnNull::True,
                            OnNull::Error => OnNull::Error,
                        },
                    })
                }
                // `!x` for a bool `x`: false; null fails.
                other if target.is(other) && *ty == Type::Bool => Ok(self.truth_value(false)),
                other => match negated(other) {
                    Some(pushed) => self.condition(&pushed, target, ty),
                    None => Err(format!("`!` applied to {}", describe(other))),
                },
            },
            Expr::Conditional(cond, then, otherwise) => {
                if let Some(lazy) = try_conditional(cond, then, otherwise) {
                    return self.condition(&lazy, target, ty);
                }
                let null_test = self.null_test(cond, target);
                match null_test {
                    Some(is_null) => {
                        let (on_null_branch, other) = if is_null {
                            (then, otherwise)
                        } else {
                            (otherwise, then)
                        };
                        let on_null = match self.literal(on_null_branch) {
                            Some(Value::Bool(true)) => OnNull::True,
                            Some(Value::Bool(false)) => OnNull::False,
                            _ => {
                                return Err(
                                    "a conditional whose null branch is not `true` or `false`"
                                        .into(),
                                )
                            }
                        };
                        let t = self.condition(other, target, ty)?;
                        Ok(Translated {
                            rules: t.rules,
                            on_null,
                        })
                    }
                    // About one attribute, the attribute's own translation comes first.
                    None => match self.attribute(e, target, ty) {
                        Some(Ok(t)) => Ok(t),
                        _ => self.choice(cond, then, otherwise, target, ty),
                    },
                }
            }
            // A bool used as a condition (`var.x.enabled && …`): true; null fails.
            other if target.is(other) && *ty == Type::Bool => Ok(self.truth_value(true)),
            other => Err(format!("{} is not translated", describe(other))),
        }
    }

    /// `length(C ? A : B) op N` as `C ? length(A) op N : length(B) op N` (Terraform evaluates
    /// only the branch taken, so errors stay where they were), and `length(coalesce(P, []))`
    /// (`{}`) on a collection `P` as `length(P == null ? [] : P)` (`coalesce` gives its first
    /// non-null argument; an empty collection is not skipped). `length` of an empty literal
    /// is 0, so that branch is the comparison's truth value. `None` for other expressions.
    fn length_of_choice(&self, e: &Expr, target: Target, ty: &Type) -> Option<Expr> {
        let Expr::Binary(
            op @ (BinaryOp::Eq
            | BinaryOp::NotEq
            | BinaryOp::Less
            | BinaryOp::LessEq
            | BinaryOp::Greater
            | BinaryOp::GreaterEq),
            a,
            b,
        ) = e
        else {
            return None;
        };
        let length_of = |e: &Expr| match e.peel() {
            Expr::Call {
                name,
                args,
                expand_final: false,
            } if name == "length" && args.len() == 1 => Some(args[0].peel().clone()),
            _ => None,
        };
        let (arg, n, length_first) = match (length_of(a), length_of(b)) {
            (Some(arg), None) => (arg, b, true),
            (None, Some(arg)) => (arg, a, false),
            _ => return None,
        };
        let Some(Value::Number(_)) = self.literal(n) else {
            return None;
        };
        // `[]` beside a list or set, `{}` beside a map: the types Terraform unifies them with
        // (another pairing fails, which this form would not).
        let empty = |e: &Expr| {
            matches!(e.peel(), Expr::Tuple(v) if v.is_empty())
                || matches!(e.peel(), Expr::Object(v) if v.is_empty())
        };
        let empty_of_path = |lit: &Expr, p: &Expr| {
            rooted_at(p, target)
                && match (lit.peel(), path_type(p.peel(), target, ty)) {
                    (Expr::Tuple(v), Some(Type::List(_) | Type::Set(_))) => v.is_empty(),
                    (Expr::Object(v), Some(Type::Map(_))) => v.is_empty(),
                    _ => false,
                }
        };
        let compared = |x: Expr| -> Expr {
            let len: Expr = if empty(&x) {
                Expr::Literal(Value::Number(Number::from(0)))
            } else {
                Expr::Call {
                    name: "length".into(),
                    args: vec![x],
                    expand_final: false,
                }
            };
            let (l, r) = if length_first {
                (len, (**n).clone())
            } else {
                ((**n).clone(), len)
            };
            let cmp = Expr::Binary(*op, Box::new(l), Box::new(r));
            match tfvars_runtime::eval::eval_constant(&cmp) {
                Ok(v @ Value::Bool(_)) => Expr::Literal(v),
                _ => cmp,
            }
        };
        match arg {
            Expr::Conditional(c, x, y) if empty_of_path(&x, &y) || empty_of_path(&y, &x) => Some(
                Expr::Conditional(c, Box::new(compared(*x)), Box::new(compared(*y))),
            ),
            Expr::Call {
                name,
                args,
                expand_final: false,
            } if name == "coalesce" && args.len() == 2 && empty_of_path(&args[1], &args[0]) => {
                let p = args[0].peel().clone();
                let is_null = Expr::Binary(
                    BinaryOp::Eq,
                    Box::new(p.clone()),
                    Box::new(Expr::Literal(Value::null())),
                );
                Some(Expr::Conditional(
                    Box::new(is_null),
                    Box::new(compared(Expr::Tuple(Vec::new()))),
                    Box::new(compared(p)),
                ))
            }
            _ => None,
        }
    }

    /// A bool value used as a condition that must be `holds`: Terraform fails on null.
    fn truth_value(&self, holds: bool) -> Translated {
        Translated {
            rules: Rules {
                allowed: Some(vec![Value::Bool(holds)]),
                ..Rules::default()
            },
            on_null: OnNull::Error,
        }
    }

    /// A condition and its negation. Where the condition fails (a null bool, a null
    /// attribute), so does its negation, and both translations reject there: every alternative
    /// built from one of them rejects too, as Terraform does. Their `may_fail` stays on the
    /// alternatives, for an enclosing `||`.
    fn both_ways(
        &self,
        c: &Expr,
        target: Target,
        ty: &Type,
    ) -> Result<(Translated, Translated), String> {
        let not_c = negated(c).unwrap_or_else(|| Expr::Unary(UnaryOp::Not, Box::new(c.clone())));
        let yes = self.condition(c, target, ty)?;
        let no = self.condition(&not_c, target, ty)?;
        Ok((yes, no))
    }

    /// Alternatives of which one must hold, as one set of rules (`anyOf` unless there is one).
    fn alternatives(&self, mut alternatives: Vec<Rules>, ty: &Type) -> Result<Rules, String> {
        absorb(&mut alternatives);
        if alternatives.len() == 1 {
            return Ok(alternatives.pop().unwrap_or_default());
        }
        if alternatives.is_empty() {
            return Err("a condition that is never true".into());
        }
        if !alternatives_expressible(&alternatives, ty) {
            return Err("alternatives between conditions on elements, values or keys".into());
        }
        Ok(Rules {
            string_length: alternatives.iter().any(|r| r.string_length),
            any_of: vec![alternatives],
            ..Rules::default()
        })
    }

    /// `A == B` (`same`) or `A != B` between two conditions: Terraform evaluates both and
    /// compares the truth values, which is `(A && B) || (!A && !B)` (or `(A && !B) || (!A &&
    /// B)`) when neither side fails: `(var.a == null) == (var.b == null)`, both or neither.
    fn same_truth(
        &self,
        same: bool,
        a: &Expr,
        b: &Expr,
        target: Target,
        ty: &Type,
    ) -> Result<Translated, String> {
        let (a_yes, a_no) = self.both_ways(a, target, ty)?;
        let (b_yes, b_no) = self.both_ways(b, target, ty)?;
        let on_null = match (a_yes.on_null, b_yes.on_null) {
            (OnNull::Error, _) | (_, OnNull::Error) => OnNull::Error,
            (x, y) if (x == y) == same => OnNull::True,
            _ => OnNull::False,
        };
        let both = |x: &Rules, y: &Rules| {
            let mut r = x.clone();
            r.merge(y.clone());
            r.null_ok = true;
            r
        };
        let (b_then, b_else) = if same {
            (&b_yes, &b_no)
        } else {
            (&b_no, &b_yes)
        };
        let alternatives = vec![
            both(&a_yes.rules, &b_then.rules),
            both(&a_no.rules, &b_else.rules),
        ];
        let may_fail = alternatives.iter().any(|r| r.may_fail);
        let mut rules = self.alternatives(alternatives, ty)?;
        rules.may_fail |= may_fail;
        Ok(Translated { rules, on_null })
    }

    /// `C ? T : E` whose condition is not a null test of the target: `(C && T) || (!C && E)`,
    /// where Terraform evaluates only the branch it takes. Where `C` fails (`var.enabled ?
    /// … : true` on a null `enabled`), both `C` and `!C` reject, and so does every
    /// alternative; a branch rejects where it fails, and its alternative with it. A branch
    /// that is the literal `true` or `false` adds nothing or drops its side (`var.a != null ?
    /// var.b != null : true`, if one then the other).
    fn choice(
        &self,
        cond: &Expr,
        then: &Expr,
        otherwise: &Expr,
        target: Target,
        ty: &Type,
    ) -> Result<Translated, String> {
        let (c_yes, c_no) = self.both_ways(cond, target, ty).map_err(|why| {
            format!("a conditional expression that does not test for null: {why}")
        })?;
        let mut alternatives = Vec::new();
        let mut on_null = Vec::new();
        for (c, branch) in [(&c_yes, then), (&c_no, otherwise)] {
            let (rules, branch_on_null) = match self.literal(branch) {
                Some(Value::Bool(false)) => (None, OnNull::False),
                Some(Value::Bool(true)) => (Some(Rules::default()), OnNull::True),
                _ => {
                    // A branch that fails (a null attribute, an index past the end) rejects
                    // where it fails, and is taken only where `C` (`!C`) holds: its alternative
                    // rejects there too. The failure is kept for an enclosing `||`.
                    let t = self.condition(branch, target, ty)?;
                    (Some(t.rules), t.on_null)
                }
            };
            on_null.push(branch_on_null);
            if let Some(mut r) = rules {
                r.merge(c.rules.clone());
                r.null_ok = true;
                alternatives.push(r);
            }
        }
        let on_null = match c_yes.on_null {
            OnNull::Error => OnNull::Error,
            OnNull::True => on_null[0],
            OnNull::False => on_null[1],
        };
        let may_fail = alternatives.iter().any(|r| r.may_fail);
        let mut rules = self.alternatives(alternatives, ty)?;
        rules.may_fail |= may_fail;
        Ok(Translated { rules, on_null })
    }

    /// `Some(true)` for `x == null`, `Some(false)` for `x != null`.
    fn null_test(&self, e: &Expr, target: Target) -> Option<bool> {
        match e {
            Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::NotEq), a, b)
                if (target.is(a) && is_null_literal(b)) || (target.is(b) && is_null_literal(a)) =>
            {
                Some(*op == BinaryOp::Eq)
            }
            _ => None,
        }
    }

    /// What `&&` (`and`) or `||` of operands does on a null value, given what each does:
    /// operands all evaluated (`eager`: `&&` and `||` in 1.11, the elements of
    /// `alltrue`/`anytrue`) or evaluated until the first decisive one.
    fn combine(results: &[OnNull], and: bool, eager: bool) -> OnNull {
        let decisive = if and { OnNull::False } else { OnNull::True };
        match eager {
            false => {
                for r in results {
                    if *r == OnNull::Error || *r == decisive {
                        return *r;
                    }
                }
                if and {
                    OnNull::True
                } else {
                    OnNull::False
                }
            }
            true => {
                if results.contains(&OnNull::Error) {
                    OnNull::Error
                } else if results.contains(&decisive) {
                    decisive
                } else if and {
                    OnNull::True
                } else {
                    OnNull::False
                }
            }
        }
    }

    /// `var.x % N == 0` (either side), `N` a whole number other than 0: the value is a
    /// multiple of `N` (of `-N` alike), which a fraction never is. `%` fails on null, and
    /// converts an untyped or `string` value to a number as a comparison does (`numeric`).
    /// `None` when `a == b` is not a remainder of the variable compared with 0.
    fn multiple(
        &self,
        a: &Expr,
        b: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        if let Some(x) = whole_number_test(a, b).or_else(|| whole_number_test(b, a)) {
            // `x == floor(x)` (or `ceil`): `x` is a whole number, a multiple of 1; both fail on
            // a null `x`.
            if !target.is(x) {
                return None;
            }
            if *ty != Type::Number {
                // `floor("3") == "3"` compares a number with a string: always false.
                return Some(Err(format!(
                    "`floor` or `ceil` compared with a variable of type `{ty}`"
                )));
            }
            let mut rules = Rules::default();
            rules.multiple_of.push(Number::from(1u8));
            return Some(Ok(Translated {
                rules,
                on_null: OnNull::Error,
            }));
        }
        let (x, divisor, zero) = match (a, b) {
            (Expr::Binary(BinaryOp::Mod, x, d), z) | (z, Expr::Binary(BinaryOp::Mod, x, d)) => {
                (x, d, z)
            }
            _ => return None,
        };
        if !target.is(x) || !matches!(self.literal(zero), Some(Value::Number(n)) if n.is_zero()) {
            return None;
        }
        let whole = self
            .number_literal(divisor)
            .filter(|n| n.is_integer() && !n.is_zero());
        let Some(n) = whole else {
            return Some(Err(
                "`%` by something other than a whole number literal".into()
            ));
        };
        let Some(mut rules) = number_operand(ty) else {
            return Some(Err(format!("`%` on a variable of type `{ty}`")));
        };
        rules.multiple_of.push(n.abs());
        Some(Ok(Translated {
            rules,
            on_null: OnNull::Error,
        }))
    }

    /// `A && B && …`: every term holds. `eager`: every term is evaluated (1.11's `&&`, the
    /// elements of `alltrue`), else evaluation stops at the first false one.
    fn and_terms(
        &self,
        terms: &[&Expr],
        target: Target,
        ty: &Type,
        eager: bool,
    ) -> Result<Translated, String> {
        let mut rules = Rules::default();
        let mut on_null = Vec::new();
        for term in terms {
            let t = self.condition(term, target, ty)?;
            rules.merge(t.rules);
            on_null.push(t.on_null);
        }
        Ok(Translated {
            rules,
            on_null: Self::combine(&on_null, true, eager),
        })
    }

    fn or_chain(&self, e: &Expr, target: Target, ty: &Type) -> Result<Translated, String> {
        let mut terms = Vec::new();
        flatten(e, BinaryOp::Or, &mut terms);
        self.or_terms(&terms, target, ty, self.version == TerraformVersion::V1_11)
    }

    /// `A || B || …`: a term holds. `eager`: every term is evaluated (1.11's `||`, the
    /// elements of `anytrue`), so one that fails fails the whole; else evaluation stops at the
    /// first true one.
    fn or_terms(
        &self,
        terms: &[&Expr],
        target: Target,
        ty: &Type,
        eager: bool,
    ) -> Result<Translated, String> {
        // `x == A || B == x || …`: an enum.
        let eq_lits: Option<Vec<Value>> = terms
            .iter()
            .map(|t| match t {
                Expr::Binary(BinaryOp::Eq, a, b) if target.is(a) => self.literal(b),
                Expr::Binary(BinaryOp::Eq, a, b) if target.is(b) => self.literal(a),
                _ => None,
            })
            .collect();
        if let Some(lits) = eq_lits {
            return self.equality(true, lits, ty);
        }
        // `x == null || rule`, in any position: the rule applies to non-null values.
        if terms
            .iter()
            .all(|t| self.null_test(t, target) == Some(true))
        {
            return Err("`||` between null tests only".into());
        }
        // For a non-null value the null tests are false, so one of the other terms must hold.
        let mut on_null = Vec::new();
        let mut alternatives: Vec<Rules> = Vec::new();
        for term in terms {
            if self.null_test(term, target) == Some(true) {
                on_null.push(OnNull::True);
                continue;
            }
            let t = self.condition(term, target, ty)?;
            on_null.push(t.on_null);
            alternatives.push(t.rules);
        }
        absorb(&mut alternatives);
        let rules = if alternatives.len() == 1 {
            alternatives.pop().unwrap_or_default()
        } else {
            if !alternatives_expressible(&alternatives, ty) {
                return Err("`||` between conditions on elements, values or keys".into());
            }
            // An alternative that fails (on a null attribute) fails the whole when every term
            // is evaluated, and otherwise whenever it is evaluated (all but the last may be).
            let failing = match eager {
                true => alternatives.iter().any(|r| r.may_fail),
                false => alternatives
                    .split_last()
                    .is_some_and(|(_, first)| first.iter().any(|r| r.may_fail)),
            };
            if failing {
                return Err(
                    "`||` with a side that can fail with an error (JSON Schema's `anyOf` cannot fail)"
                        .into(),
                );
            }
            Rules {
                string_length: alternatives.iter().any(|r| r.string_length),
                may_fail: alternatives.iter().any(|r| r.may_fail),
                any_of: vec![alternatives],
                ..Rules::default()
            }
        };
        Ok(Translated {
            rules,
            on_null: Self::combine(&on_null, false, eager),
        })
    }

    /// `A || B || …` in 1.11, which evaluates every side, when the sides are null tests of
    /// the variable or of attribute paths under it (`var.x == null`, `var.x.a == null`) and
    /// rules each about one attribute path that fail only where that path is null
    /// (`contains([…], var.x.a)`, `var.x.a >= 1`). The chain fails where any side fails: on a
    /// null parent of a tested path, or a null path under a rule; elsewhere it is the chain
    /// stopping at the first true side. So it is `parent != null && path != null && …
    /// && (A ? true : B ? true : …)`, whose `&&` (also evaluated whole) rejects exactly there.
    /// `None` for other chains.
    fn eager_null_chain(
        &self,
        e: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        if self.version != TerraformVersion::V1_11 || !matches!(ty, Type::Object(_)) {
            return None;
        }
        let mut sides = Vec::new();
        flatten(e, BinaryOp::Or, &mut sides);
        let mut needed: Vec<Expr> = Vec::new();
        let mut guards: Vec<Expr> = Vec::new();
        let mut rewritten: Vec<Expr> = Vec::new();
        let mut rules = 0;
        let null = || Box::new(Expr::Literal(Value::Null(Type::Any)));
        for side in sides {
            // `try(var.x.a, d)` for a `bool` attribute: `d` where `var.x` is null (the error
            // `try` catches), else the attribute, which fails the chain where it is null.
            if let Some((attr, parent, fallback)) = self.try_bool_attribute(side, target, ty) {
                let parent_null = Expr::Binary(BinaryOp::Eq, Box::new(parent), null());
                guards.push(Expr::Conditional(
                    Box::new(parent_null.clone()),
                    Box::new(Expr::Literal(Value::Bool(true))),
                    Box::new(Expr::Binary(
                        BinaryOp::NotEq,
                        Box::new(attr.clone()),
                        null(),
                    )),
                ));
                rewritten.push(Expr::Conditional(
                    Box::new(parent_null),
                    Box::new(Expr::Literal(Value::Bool(fallback))),
                    Box::new(Expr::Binary(
                        BinaryOp::Eq,
                        Box::new(attr),
                        Box::new(Expr::Literal(Value::Bool(true))),
                    )),
                ));
                rules += 1;
                continue;
            }
            rewritten.push(side.clone());
            if let Some(tested) = null_tested(side.peel()) {
                match tested.peel() {
                    t if target.is(t) => {}
                    Expr::GetAttr(parent, _) if rooted_at(parent, target) => {
                        needed.push((**parent).clone());
                    }
                    _ => return None,
                }
                continue;
            }
            // Read inside `try` or `can`, a path's failure on a null parent is caught
            // (`try(var.x.a.b, null) != true` holds where `a` is null): no guard says so.
            if path_caught_inside(side, target) {
                return None;
            }
            let mut paths = Vec::new();
            collect_paths(side, target, &mut paths);
            let path = *paths.first()?;
            if paths.iter().any(|p| *p != path) || target.is(path) {
                return None;
            }
            let path_ty = path_type(path, target, ty)?;
            let t = self.condition(side, Target::Attr(path), &path_ty).ok()?;
            if !fails_only_on_null(&t.rules) {
                return None;
            }
            // Reading the path fails on a null parent (`var.vpn.enable == true` on a null
            // `vpn`), whatever the side does with a null path.
            if let Expr::GetAttr(parent, _) | Expr::Index(parent, _) = path.peel() {
                if !target.is(parent) && !needed.contains(parent) {
                    needed.push((**parent).clone());
                }
            }
            // A side that is true or false on a null path (`var.x.a == "A"`) needs no guard.
            if t.on_null == OnNull::Error {
                needed.push(path.clone());
            }
            rules += 1;
        }
        if rules == 0 {
            return None;
        }
        let rebuilt = rewritten
            .into_iter()
            .reduce(|a, b| Expr::Binary(BinaryOp::Or, Box::new(a), Box::new(b)))?;
        let mut chain = as_conditionals(&rebuilt, BinaryOp::Or);
        for guard in guards.into_iter().rev() {
            chain = Expr::Binary(BinaryOp::And, Box::new(guard), Box::new(chain));
        }
        for path in needed.into_iter().rev() {
            let given = Expr::Binary(
                BinaryOp::NotEq,
                Box::new(path),
                Box::new(Expr::Literal(Value::Null(Type::Any))),
            );
            chain = Expr::Binary(BinaryOp::And, Box::new(given), Box::new(chain));
        }
        // Where the chain fails on a null attribute, `path != null` is false instead: the same
        // verdict for a rule, not inside `try`, `||` or a conditional, which `may_fail` keeps
        // it out of.
        Some(self.condition(&chain, target, ty).map(|mut t| {
            t.rules.may_fail = true;
            t
        }))
    }

    /// `(var.x.a, var.x, d)` for `try(var.x.a, d)`, `a` a `bool` attribute of the target and
    /// `d` `true` or `false`.
    fn try_bool_attribute(
        &self,
        side: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<(Expr, Expr, bool)> {
        let Expr::Call {
            name,
            args,
            expand_final: false,
        } = side.peel()
        else {
            return None;
        };
        let [attr @ Expr::GetAttr(parent, _), fallback] = args.as_slice() else {
            return None;
        };
        let Some(Value::Bool(fallback)) = self.literal(fallback) else {
            return None;
        };
        if name != "try" || !target.is(parent) || path_type(attr, target, ty) != Some(Type::Bool) {
            return None;
        }
        Some((attr.clone(), (**parent).clone(), fallback))
    }

    /// `==` / `contains` (allowed values) or `!=` / `!contains` (disallowed values).
    fn equality(
        &self,
        allowed: bool,
        mut lits: Vec<Value>,
        ty: &Type,
    ) -> Result<Translated, String> {
        // A value listed twice (`contains(["a", "a"], x)`) is one value of the `enum`.
        let mut i = 0;
        while i < lits.len() {
            if lits[..i].contains(&lits[i]) {
                lits.remove(i);
            } else {
                i += 1;
            }
        }
        if allowed && lits.len() == 1 && lits[0].is_null() {
            // `x == null`: true for null only (any type).
            return Ok(Translated {
                rules: Rules {
                    allowed: Some(lits),
                    ..Rules::default()
                },
                on_null: OnNull::True,
            });
        }
        if !allowed && lits.len() == 1 && lits[0].is_null() {
            // `x != null`: true for every non-null value, false for null (any type).
            return Ok(Translated {
                rules: Rules::default(),
                on_null: OnNull::False,
            });
        }
        if !matches!(ty, Type::String | Type::Number | Type::Bool | Type::Any) {
            return Err(format!(
                "Terraform's `==` on a value of type `{}` is not the same as JSON Schema's `enum`",
                ty
            ));
        }
        let has_null = lits.iter().any(Value::is_null);
        let mut rules = Rules::default();
        let on_null = if allowed {
            // `null` stays in the enum where it was written, as terraschema writes it; whether
            // null is accepted is decided by the node's type and the null branch.
            rules.allowed = Some(lits);
            if has_null {
                OnNull::True
            } else {
                OnNull::False
            }
        } else {
            if has_null {
                return Err("`!=` with `null` among other values is not translated".into());
            }
            rules.disallowed = lits;
            OnNull::True
        };
        Ok(Translated { rules, on_null })
    }

    /// `contains(keys(var.m), "k")` on a map: `Some(Ok(k))`; `Some(Err)` for a key that is not
    /// a literal string.
    fn keys_contains(
        &self,
        args: &[Expr],
        target: Target,
        ty: &Type,
    ) -> Option<Result<String, String>> {
        let [Expr::Call {
            name,
            args: over,
            expand_final: false,
        }, key] = args
        else {
            return None;
        };
        if name != "keys" || over.len() != 1 || !target.is(&over[0]) || !matches!(ty, Type::Map(_))
        {
            return None;
        }
        Some(match self.literal(key) {
            Some(Value::String(k)) => Ok(k),
            _ => Err("`contains(keys(…), …)` with a key that is not a literal string".into()),
        })
    }

    /// A value computed from the target that is the target itself when it is non-null (and,
    /// for `coalesce` on a string, not empty) and a literal otherwise: `coalesce(x, "A")`,
    /// `x == null ? "A" : x`, `x != null ? x : "A"`. `None` for other expressions, `Some(Err)`
    /// for such a shape that is not translated.
    fn defaulted(&self, e: &Expr, target: Target, ty: &Type) -> Option<Result<Defaulted, String>> {
        let same_kind = |v: &Value| {
            matches!(
                (ty, v),
                (Type::String, Value::String(_))
                    | (Type::Number, Value::Number(_))
                    | (Type::Bool, Value::Bool(_))
            )
        };
        match e {
            Expr::Call {
                name,
                args,
                expand_final: false,
            } if name == "coalesce" && args.first().is_some_and(|a| target.is(a)) => {
                // Terraform's `coalesce` converts its arguments to one type, skips null
                // arguments and, when that type is string, empty strings; it fails when none is
                // left.
                let [_, d] = args.as_slice() else {
                    return Some(Err("`coalesce` with other than two arguments".into()));
                };
                if *ty != Type::String {
                    return Some(Err(format!("`coalesce` on a value of type `{ty}`")));
                }
                Some(match self.literal(d) {
                    Some(Value::Null(_)) => Ok(Defaulted {
                        default: None,
                        skip_empty: true,
                    }),
                    Some(d @ (Value::String(_) | Value::Number(_) | Value::Bool(_))) => {
                        match tfvars_runtime::convert(&d, &Type::String) {
                            Ok(Value::String(s)) => Ok(Defaulted {
                                default: Some(Value::String(s)).filter(|s| *s != empty()),
                                skip_empty: true,
                            }),
                            _ => Err("`coalesce` with a default that is not a string".into()),
                        }
                    }
                    _ => Err("`coalesce` of a string with a default that is not a literal".into()),
                })
            }
            Expr::Conditional(cond, then, otherwise) => {
                let is_null = self.null_test(cond, target)?;
                let (on_null, on_value) = if is_null {
                    (then, otherwise)
                } else {
                    (otherwise, then)
                };
                if !target.is(on_value) {
                    return None;
                }
                Some(match self.literal(on_null) {
                    Some(d) if same_kind(&d) => Ok(Defaulted {
                        default: Some(d),
                        skip_empty: false,
                    }),
                    _ => Err(format!(
                        "a null default that is not a literal of the variable's type `{ty}`"
                    )),
                })
            }
            _ => None,
        }
    }

    /// `contains([literals], D)` / `!contains(…)` where `D` is [`Cx::defaulted`] or
    /// [`Cx::try_attribute`].
    fn defaulted_contains(
        &self,
        allowed: bool,
        args: &[Expr],
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        let [list, v] = args else {
            return None;
        };
        let items = self.tuple(list)?;
        let lits: Option<Vec<Value>> = items.iter().map(|i| self.literal(i)).collect();
        let Some(lits) = lits else {
            if self.defaulted(v, target, ty).is_none()
                && self.try_attribute(v, target, ty).is_none()
            {
                return None;
            }
            return Some(Err("`contains` with a list that is not all literals".into()));
        };
        if let Some(t) = self.try_attribute_membership(true, allowed, lits.clone(), v, target, ty) {
            return Some(t);
        }
        self.defaulted_membership(allowed, lits, v, target, ty)
    }

    /// Whether `D` (a [`Cx::defaulted`] value) is one of `lits` (or, `!allowed`, none of them):
    /// the target is one of the literals it maps to itself, or one that maps to the default
    /// (an empty string for `coalesce`) when the default is one of them; null gives the
    /// default. Without a default (`coalesce(x, "")`), null and the empty string fail.
    fn defaulted_membership(
        &self,
        allowed: bool,
        lits: Vec<Value>,
        computed: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        let Defaulted {
            default,
            skip_empty,
        } = match self.defaulted(computed, target, ty)? {
            Ok(d) => d,
            Err(why) => return Some(Err(why)),
        };
        let kind = default.clone().unwrap_or_else(empty);
        let same_kind = lits
            .iter()
            .all(|l| std::mem::discriminant(l) == std::mem::discriminant(&kind));
        if !same_kind {
            return Some(Err(format!(
                "a defaulted value compared with literals not all of type `{ty}`"
            )));
        }
        let default_in = default.as_ref().is_some_and(|d| lits.contains(d));
        let mut mapped: Vec<Value> = Vec::new();
        for l in lits {
            if !(mapped.contains(&l) || skip_empty && l == empty()) {
                mapped.push(l);
            }
        }
        // Without a default, the empty string fails: it passes neither rule.
        let empty_fails = skip_empty && default.is_none();
        if skip_empty && (default_in || empty_fails && !allowed) {
            mapped.push(empty());
        }
        if mapped.is_empty() {
            return Some(Err(
                "a defaulted value compared with no value it can take".into()
            ));
        }
        Some(self.equality(allowed, mapped, ty).map(|t| Translated {
            rules: Rules {
                may_fail: empty_fails,
                ..t.rules
            },
            on_null: match default {
                None => OnNull::Error,
                Some(_) if default_in == allowed => OnNull::True,
                Some(_) => OnNull::False,
            },
        }))
    }

    /// `can(regex(P, D))` where `D` is [`Cx::defaulted`] (`coalesce(x, "d")`, `x == null ? "d"
    /// : x`): the target matches `P`, except where `D` is the default (null, and the empty
    /// string for `coalesce`), which passes when the default matches `P` and fails without
    /// one (`coalesce` fails, `can` is false). `None` for other arguments.
    fn defaulted_regex(
        &self,
        args: &[Expr],
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        let [p, v] = args else {
            return None;
        };
        let Defaulted {
            default,
            skip_empty,
        } = match self.defaulted(v, target, ty)? {
            Ok(d) => d,
            Err(why) => return Some(Err(why)),
        };
        Some((|| {
            let Some(Value::String(p)) = self.literal(p) else {
                return Err("`regex` with a pattern that is not a literal string".to_string());
            };
            if *ty != Type::String {
                return Err(format!("`regex` of a defaulted value of type `{ty}`"));
            }
            let pattern =
                ecma_regex::translate(&p).map_err(|why| format!("the pattern {p:?}: {why}"))?;
            let matching = Rules {
                patterns: vec![pattern.clone()],
                ..Rules::default()
            };
            let judge = |v: &Value| {
                matching
                    .accepts(v)
                    .ok_or_else(|| format!("the pattern {p:?} cannot be judged on {v:?} here"))
            };
            // The verdict where `D` is the default: it matches, or it fails (no default).
            let default_ok = match &default {
                Some(d) => judge(d)?,
                None => false,
            };
            let mut rules = matching.clone();
            if skip_empty {
                // `coalesce` gives the default for `""` too.
                match (judge(&empty())?, default_ok) {
                    (false, true) => {
                        rules = Rules {
                            any_of: vec![vec![
                                matching.clone(),
                                Rules {
                                    allowed: Some(vec![empty()]),
                                    ..Rules::default()
                                },
                            ]],
                            ..Rules::default()
                        }
                    }
                    (true, false) => rules.disallowed.push(empty()),
                    _ => {}
                }
            }
            Ok(Translated {
                rules,
                on_null: if default_ok {
                    OnNull::True
                } else {
                    OnNull::False
                },
            })
        })())
    }

    /// `try(x.a, d)` on an object `x` (the target) that has attribute `a`: getting `a` fails
    /// only on a null `x`, so this is `x.a` for a non-null `x` and `d` (a literal) otherwise.
    /// `Some((attribute expression, d))`; `Some(Err)` for such a shape that is not translated.
    fn try_attribute(
        &self,
        e: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Result<(Expr, Value), String>> {
        let Expr::Call {
            name,
            args,
            expand_final: false,
        } = e
        else {
            return None;
        };
        let [attr @ Expr::GetAttr(of, a), d] = args.as_slice() else {
            return None;
        };
        if name != "try" || !target.is(of) {
            return None;
        }
        let Type::Object(attrs) = ty else {
            return Some(Err(format!(
                "`try` of an attribute of a value of type `{ty}`"
            )));
        };
        if !attrs.iter().any(|x| *x.name == **a) {
            return Some(Err(format!(
                "`try` of `{a}`, which the object does not have"
            )));
        }
        Some(match self.literal(d) {
            Some(d) => Ok((attr.clone(), d)),
            None => Err("`try` of an attribute with a fallback that is not a literal".into()),
        })
    }

    /// `contains([literals], try(x.a, d))` (`contains`) or `try(x.a, d) == lit` (`!contains`):
    /// the rule on `x.a`, and for a null `x` the verdict on `d`.
    fn try_attribute_membership(
        &self,
        contains: bool,
        allowed: bool,
        lits: Vec<Value>,
        computed: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        let (attr, d) = match self.try_attribute(computed, target, ty)? {
            Ok(x) => x,
            Err(why) => return Some(Err(why)),
        };
        let kind = |v: &Value| std::mem::discriminant(v);
        let first = lits.first()?;
        if lits.iter().any(|l| kind(l) != kind(first)) || !(d.is_null() || kind(&d) == kind(first))
        {
            return Some(Err(
                "`try` of an attribute compared with literals of several types".into(),
            ));
        }
        let list = Expr::Tuple(lits.iter().cloned().map(Expr::Literal).collect());
        let rewritten = if contains {
            Expr::Call {
                name: "contains".into(),
                args: vec![list, attr],
                expand_final: false,
            }
        } else {
            let lit = lits.first().cloned()?;
            let op = if allowed {
                BinaryOp::Eq
            } else {
                BinaryOp::NotEq
            };
            Expr::Binary(op, Box::new(attr), Box::new(Expr::Literal(lit)))
        };
        let rewritten = if contains && !allowed {
            Expr::Unary(UnaryOp::Not, Box::new(rewritten))
        } else {
            rewritten
        };
        // Judged on a null object: `contains` fails on a null `d`, `==` compares.
        let on_null = if contains && d.is_null() {
            OnNull::Error
        } else if lits.contains(&d) == allowed {
            OnNull::True
        } else {
            OnNull::False
        };
        Some(self.condition(&rewritten, target, ty).map(|t| Translated {
            rules: t.rules,
            on_null,
        }))
    }

    /// `contains(["a", …], lower(var.x))` (or `upper`): a pattern of the strings whose mapping
    /// is listed; an error on null (`lower` refuses it). `None` for any other `contains`.
    fn case_mapped_contains(
        &self,
        args: &[Expr],
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        let [list, mapped] = args else {
            return None;
        };
        let name = case_mapped(mapped, target)?;
        let mapping = CaseMapping::function(name)?;
        Some(
            self.case_mapped_pattern(name, mapping, list, ty)
                .map(|pattern| Translated::pattern(pattern, OnNull::Error)),
        )
    }

    /// `contains([1, 3], length(X))` for a list of literal numbers, as
    /// `length(X) == 1 || length(X) == 3`: the same comparisons, failing alike where `length`
    /// fails (`contains` compares its value with each element as `==` does). A number no
    /// length equals (`2.5`, `-1`) matches nothing and is left out; `None` when none is left.
    fn length_among_literals(&self, args: &[Expr]) -> Option<Expr> {
        let [list, length @ Expr::Call {
            name,
            args: counted,
            expand_final: false,
        }] = args
        else {
            return None;
        };
        if name != "length" || counted.len() != 1 {
            return None;
        }
        let numbers = self
            .tuple(list)?
            .iter()
            .map(|i| self.number_literal(i))
            .collect::<Option<Vec<Number>>>()?;
        numbers
            .into_iter()
            .filter(|n| n.is_integer() && (n.is_zero() || !n.is_sign_negative()))
            .map(|n| {
                Expr::Binary(
                    BinaryOp::Eq,
                    Box::new(length.clone()),
                    Box::new(Expr::Literal(Value::Number(n))),
                )
            })
            .reduce(|a, b| Expr::Binary(BinaryOp::Or, Box::new(a), Box::new(b)))
    }

    /// Whether `args` of `contains` are a literal list of primitive values and `keys(x)` or
    /// `values(x)` of the target, a map or object: Terraform compares the list it gives with
    /// each element and finds none equal (a list is no string), so `contains` is false
    /// wherever it does not fail.
    fn collection_among_primitives(&self, args: &[Expr], target: Target, ty: &Type) -> bool {
        let [list, Expr::Call {
            name,
            args: inner,
            expand_final: false,
        }] = args
        else {
            return false;
        };
        (name == "keys" || name == "values")
            && matches!(inner.as_slice(), [v] if target.is(v))
            && matches!(ty, Type::Map(_) | Type::Object(_))
            && self.tuple(list).is_some_and(|items| {
                items.iter().all(|i| {
                    matches!(
                        self.literal(i),
                        Some(Value::String(_) | Value::Number(_) | Value::Bool(_))
                    )
                })
            })
    }

    /// `lower(x) == "s"` (`upper`, `!=`) as `contains(["s"], lower(x))` (`!contains`): the
    /// same comparison, failing alike where `lower` fails (on null).
    fn case_mapped_equality(&self, e: &Expr, target: Target) -> Option<Expr> {
        let Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::NotEq), a, b) = e else {
            return None;
        };
        let (mapped, lit) = if case_mapped(a, target).is_some() {
            (a, b)
        } else if case_mapped(b, target).is_some() {
            (b, a)
        } else {
            return None;
        };
        let Some(Value::String(_)) = self.literal(lit) else {
            return None;
        };
        let contains = Expr::Call {
            name: "contains".into(),
            args: vec![Expr::Tuple(vec![(**lit).clone()]), (**mapped).clone()],
            expand_final: false,
        };
        Some(match op {
            BinaryOp::Eq => contains,
            _ => Expr::Unary(UnaryOp::Not, Box::new(contains)),
        })
    }

    /// The pattern of the strings of type `ty` whose `mapping` (the function `name`) is in the
    /// literal list `list`.
    fn case_mapped_pattern(
        &self,
        name: &str,
        mapping: CaseMapping,
        list: &Expr,
        ty: &Type,
    ) -> Result<String, String> {
        if *ty != Type::String {
            return Err(format!(
                "`contains` over `{name}` of a variable of type `{ty}`"
            ));
        }
        let items = self
            .tuple(list)
            .ok_or("`contains` whose arguments are not a literal list and the variable")?;
        let literals = items
            .iter()
            .map(|i| match self.literal(i) {
                Some(Value::String(s)) => Ok(s),
                _ => Err(format!(
                    "`contains` over `{name}` of the variable with a list that is not all literal strings"
                )),
            })
            .collect::<Result<Vec<String>, String>>()?;
        let literals: Vec<&str> = literals.iter().map(String::as_str).collect();
        preimage_pattern(mapping, &literals).ok_or_else(|| {
            format!("`contains` over `{name}` of the variable that no string satisfies")
        })
    }

    fn contains_args(&self, args: &[Expr], target: Target) -> Result<Vec<Value>, String> {
        match args {
            [list, v] if target.is(v) && self.tuple(list).is_some() => self
                .tuple(list)
                .unwrap_or_default()
                .iter()
                .map(|i| {
                    self.literal(i).ok_or_else(|| {
                        "`contains` with a list that is not all literals".to_string()
                    })
                })
                .collect(),
            [_, v] if case_mapped(v, target).is_some() => Err(format!(
                "`contains` over `{}` of the variable: {CASE_MAPPING}",
                case_mapped(v, target).unwrap_or_default()
            )),
            _ => Err("`contains` whose arguments are not a literal list and the variable".into()),
        }
    }

    fn call(
        &self,
        name: &str,
        args: &[Expr],
        target: Target,
        ty: &Type,
    ) -> Result<Translated, String> {
        match name {
            "contains" => {
                if let Some(either) = self.length_among_literals(args) {
                    return self.condition(&either, target, ty);
                }
                if let Some(key) = self.keys_contains(args, target, ty) {
                    // `contains(keys(var.m), "k")`: the map has the key.
                    return Ok(Translated {
                        rules: Rules {
                            required: vec![key?],
                            ..Rules::default()
                        },
                        on_null: OnNull::Error,
                    });
                }
                if let Some(t) = self.defaulted_contains(true, args, target, ty) {
                    return t;
                }
                if let Some(t) = self.case_mapped_contains(args, target, ty) {
                    return t;
                }
                if let Some(t) = self.whole_number_run_contains(args, target, ty) {
                    return t;
                }
                let values = self.contains_args(args, target)?;
                if values.iter().any(Value::is_null) {
                    // contains() fails on a null value, and a null element matches nothing else.
                }
                let t = self.equality(true, values, ty)?;
                Ok(Translated {
                    rules: t.rules,
                    on_null: OnNull::Error,
                })
            }
            "can" => match args {
                [call @ Expr::Call {
                    name,
                    args: inner,
                    expand_final: false,
                }] => match name.as_str() {
                    "regex" => {
                        if let Some(t) = self.defaulted_regex(inner, target, ty) {
                            return t;
                        }
                        if *ty == Type::Any {
                            // Read as text, as a `string` under conversions reads a number or
                            // a bool; what has no text makes `can` false.
                            let pattern = self.regex_args(inner, target, &Type::String)?;
                            return Ok(Translated {
                                rules: Rules {
                                    patterns: vec![pattern],
                                    textual: true,
                                    ..Rules::default()
                                },
                                on_null: OnNull::False,
                            });
                        }
                        let pattern = self.regex_args(inner, target, ty)?;
                        Ok(Translated::pattern(pattern, OnNull::False))
                    }
                    "index" => {
                        // `index` compares as `contains` does and fails where `contains` is
                        // false (and on null, which `can` turns into false too).
                        let values = self.contains_args(inner, target)?;
                        let t = self.equality(true, values, ty)?;
                        Ok(Translated {
                            rules: t.rules,
                            on_null: OnNull::False,
                        })
                    }
                    "cidrhost" => {
                        // `can(cidrhost(var.x, N))`: a CIDR prefix Terraform reads, with room
                        // for host number N; false on null.
                        let pattern = self.cidrhost_args(inner, target, ty)?;
                        Ok(Translated::pattern(pattern, OnNull::False))
                    }
                    "formatdate" => {
                        // `can(formatdate(F, var.x))`: a timestamp Terraform reads, for a format
                        // F that `formatdate` takes; false on null.
                        let pattern = self.formatdate_args(inner, target, ty)?;
                        if *ty == Type::Any {
                            // Read as text, as a `string` reads a number or a bool (whose
                            // texts are no timestamps); what has no text makes `can` false.
                            return Ok(Translated {
                                rules: Rules {
                                    patterns: vec![pattern],
                                    textual: true,
                                    ..Rules::default()
                                },
                                on_null: OnNull::False,
                            });
                        }
                        Ok(Translated::pattern(pattern, OnNull::False))
                    }
                    "cidrsubnet" => {
                        // `can(cidrsubnet(var.x, K, N))` with `0 <= N < 2^K`: a CIDR prefix
                        // Terraform reads, with room for K more prefix bits, which is room for
                        // the host number 2^K - 1 (`cidrsubnet(x, 0, 0)`: any prefix it reads).
                        let host = self.cidrsubnet_as_host(inner)?;
                        let pattern = self.cidrhost_args(&host, target, ty)?;
                        Ok(Translated::pattern(pattern, OnNull::False))
                    }
                    "keys" | "values" if matches!(inner.as_slice(), [v] if target.is(v)) => {
                        // A map or an object (of an untyped value: any object); false on null
                        // and on any other value.
                        match ty {
                            Type::Any => Ok(Translated {
                                rules: Rules {
                                    object_only: true,
                                    ..Rules::default()
                                },
                                on_null: OnNull::False,
                            }),
                            Type::Map(_) | Type::Object(_) => Ok(Translated {
                                rules: Rules::default(),
                                on_null: OnNull::False,
                            }),
                            other => Err(format!("`can({name}(…))` on a value of type `{other}`")),
                        }
                    }
                    "base64decode" if matches!(inner.as_slice(), [v] if target.is(v)) => {
                        if *ty != Type::String {
                            return Err(format!(
                                "`can(base64decode(…))` on a value of type `{ty}`"
                            ));
                        }
                        // Base64 syntax (`super::base64`); false on null.
                        Ok(Translated::pattern(
                            super::base64::SYNTAX.to_string(),
                            OnNull::False,
                        ))
                    }
                    _ => self.can_anything(call, target, ty),
                },
                [other] => self.can_anything(other, target, ty),
                _ => Err("`can` with several arguments".into()),
            },
            "startswith" | "endswith" => match args {
                [v, lit] if target.is(v) => {
                    let Some(Value::String(s)) = self.literal(lit) else {
                        return Err(format!("`{name}` with a non-literal string"));
                    };
                    if *ty != Type::String {
                        return Err(format!("`{name}` on a variable of type `{}`", ty));
                    }
                    let escaped = ecma_regex::escape_literal(&s);
                    let pattern = if name == "startswith" {
                        format!("^{escaped}")
                    } else {
                        format!("{escaped}$")
                    };
                    Ok(Translated::pattern(pattern, OnNull::Error))
                }
                _ => Err(format!("`{name}` whose first argument is not the variable")),
            },
            "strcontains" => match args {
                [v, lit] if target.is(v) => {
                    if *ty != Type::String {
                        return Err(format!("`strcontains` on a variable of type `{}`", ty));
                    }
                    let s = self.matched_text(lit, "`strcontains`")?;
                    Ok(Translated {
                        rules: Rules {
                            patterns: vec![ecma_regex::escape_literal(&s)],
                            ..Rules::default()
                        },
                        on_null: OnNull::Error,
                    })
                }
                _ => Err("`strcontains` whose first argument is not the variable".into()),
            },
            "alltrue" | "anytrue" if matches!(args, [Expr::Tuple(items)] if !items.is_empty()) => {
                // Over a list literal: every element is evaluated (each with the version's own
                // `&&` and `||` inside), and a null element counts as false.
                let [Expr::Tuple(items)] = args else {
                    return Err(format!("`{name}` over something other than a list"));
                };
                let mut terms = Vec::with_capacity(items.len());
                for item in items {
                    if never_null_condition(item) {
                        terms.push(item.clone());
                    } else if path_type(item, target, ty) == Some(Type::Bool) {
                        // A `bool` that may be null: `item == true` is false there.
                        terms.push(Expr::Binary(
                            BinaryOp::Eq,
                            Box::new(item.clone()),
                            Box::new(Expr::Literal(Value::Bool(true))),
                        ));
                    } else {
                        return Err(format!(
                            "`{name}` of {}, which may be null (counted as false) or not a bool",
                            describe(item)
                        ));
                    }
                }
                let terms: Vec<&Expr> = terms.iter().collect();
                if name == "alltrue" {
                    self.and_terms(&terms, target, ty, true)
                } else {
                    self.or_terms(&terms, target, ty, true)
                }
            }
            "alltrue" => self.alltrue(args, target, ty),
            "try" => {
                // `try(C, true)` / `try(C, false)`: C, where it fails, gives the fallback. Exact
                // only where the translation knows every failure of C: on a null value at this
                // node; elements, values and keys are not followed, and an attribute's rule
                // must not fail on a non-null object.
                let [c, fallback] = args else {
                    return Err("`try` with other than two arguments".into());
                };
                if let Some(can) = nonempty_match(c).filter(|_| is_lit_false(self, fallback)) {
                    // `try(length(regex(p, x)) > 0, false)` is `can(regex(p, x))` where every
                    // match of `p` is a non-empty string.
                    return self.condition(&can, target, ty);
                }
                if matches!(
                    c.peel(),
                    Expr::GetAttr(..) | Expr::Index(..) | Expr::Variable(_) | Expr::Bound(_)
                ) {
                    // `try(var.x.enabled, false)`: a null value is returned, not caught, and
                    // fails where the result is used.
                    return Err("`try` around a value rather than a condition".into());
                }
                let Some(Value::Bool(fallback)) = self.literal(fallback) else {
                    return Err(
                        "`try` whose fallback is not `true` or `false` (a value, not a rule)"
                            .into(),
                    );
                };
                // `try(A || B, true)`: an error anywhere gives true, so evaluating every side
                // (1.11) or stopping at the first true one (1.12) gives the same verdict, and
                // stopping there is `A ? true : B`, which follows null tests (`var.x == null ||
                // var.x.a == null || …`). The same for `try(A && B, false)`, `A ? B : false`.
                // The sides must not hold `||` or `&&` of their own.
                let chain = if fallback {
                    BinaryOp::Or
                } else {
                    BinaryOp::And
                };
                let caught = || {
                    let t = if short_circuit_alike(c, chain) {
                        self.condition(&as_conditionals(c.peel(), chain), target, ty)?
                    } else {
                        self.condition(c, target, ty)?
                    };
                    if !fails_only_on_null(&t.rules) {
                        return Err(
                            "`try` around a rule that can fail on elements, values, keys or a null attribute"
                                .to_string(),
                        );
                    }
                    Ok(Translated {
                        rules: t.rules,
                        on_null: match t.on_null {
                            OnNull::Error if fallback => OnNull::True,
                            OnNull::Error => OnNull::False,
                            other => other,
                        },
                    })
                };
                caught().or_else(|why| {
                    // Where every failure of `C` is known ([`defined`]): `C` where it does not
                    // fail, the fallback elsewhere.
                    if !self.never_null_bool(c) {
                        return Err(why);
                    }
                    let fallback = Expr::Literal(Value::Bool(fallback));
                    self.guarded(c, c, &fallback, target, ty)
                        .and_then(|rewritten| {
                            // Told what each branch knows, nested tests of the same condition
                            // drop out (`x == null ? (x == null ? true : A) : …`).
                            self.condition(&rewritten, target, ty).or_else(|_| {
                                self.condition(&with_known_conditions(&rewritten), target, ty)
                            })
                        })
                        .map_err(|_| why)
                })
            }
            other => Err(format!("the function `{other}` is not translated")),
        }
    }

    /// `can(e)` for an `e` whose failures are followed ([`defined`]): the condition under which
    /// it does not fail, translated.
    fn can_anything(&self, e: &Expr, target: Target, ty: &Type) -> Result<Translated, String> {
        let around = || format!("`can` around {}", describe(e));
        let place = self
            .can_condition(e, target, ty)
            .map_err(|why| format!("{}: {why}", around()))?;
        if let Expr::Literal(Value::Bool(b)) = place {
            // Never fails: the rule says nothing (or refuses everything, which is left out).
            if !b {
                return Err(format!("{}: it always fails", around()));
            }
            return Ok(Translated {
                rules: Rules::default(),
                on_null: OnNull::True,
            });
        }
        self.condition(&place, target, ty)
            .map_err(|why| format!("{}: {why}", around()))
    }

    /// The arguments `(X, 2^K - 1)` of the `cidrhost` call that fails exactly where
    /// `cidrsubnet(X, K, N)` does, for literal whole numbers `0 <= K <= 32` and
    /// `0 <= N < 2^K`: both read `X` alike, and both fail where the prefix leaves fewer than
    /// `K` bits.
    fn cidrsubnet_as_host(&self, args: &[Expr]) -> Result<Vec<Expr>, String> {
        let [x, newbits, netnum] = args else {
            return Err("`cidrsubnet` with other than three arguments".into());
        };
        let whole = |e: &Expr| {
            self.number_literal(e)
                .filter(Number::is_integer)
                .and_then(|n| n.to_i128())
        };
        let (Some(k), Some(n)) = (whole(newbits), whole(netnum)) else {
            return Err(
                "`cidrsubnet` whose new bits or network number is not a literal whole number"
                    .into(),
            );
        };
        if !(0..=32).contains(&k) || !(0..1i128 << k).contains(&n) {
            return Err(format!(
                "`cidrsubnet` with {k} new bits and the network number {n}"
            ));
        }
        Ok(vec![
            x.clone(),
            Expr::Literal(Value::Number(Number::from((1i128 << k) - 1))),
        ])
    }

    /// The pattern of the strings `s` for which `cidrhost(s, N)` succeeds, for `cidrhost(var.x,
    /// N)` with a literal whole number N. Exact on NFC text too: the only characters whose NFC
    /// form is ASCII (`;`, `` ` ``, `K`) cannot appear in a CIDR prefix.
    fn cidrhost_args(&self, args: &[Expr], target: Target, ty: &Type) -> Result<String, String> {
        let [v, n] = args else {
            return Err("`cidrhost` with other than two arguments".into());
        };
        if !target.is(v) {
            return Err("`cidrhost` whose first argument is not the variable".into());
        }
        if *ty != Type::String {
            return Err(not_text("`cidrhost`", ty));
        }
        let hostnum = self
            .number_literal(n)
            .filter(Number::is_integer)
            .and_then(|n| n.to_i128())
            .ok_or("`cidrhost` whose host number is not a literal whole number")?;
        let pattern = super::cidr::cidrhost(hostnum)
            .ok_or_else(|| format!("`cidrhost` with the host number {hostnum} (2^62 or beyond)"))?;
        // Every string it matches has a `/`.
        no_number_matches(&pattern);
        // And none that is not ASCII or holds `K`, `;` or `` ` `` (NFC cannot change it).
        super::nfc::known_unreachable_only(&pattern);
        Ok(pattern)
    }

    /// `contains(L, var.x)` for a constant list `L` too long to be written out as an `enum`
    /// (`constants` folds shorter ones) whose elements are consecutive whole numbers, as
    /// `range(1024, 2048)` gives: `var.x >= first && var.x <= last && var.x == floor(var.x)`,
    /// which like `contains` fails on null. For a `number` only: `contains` compares without
    /// converting, so an untyped `"1500"` is not in the list. `None` when `L` is no constant.
    fn whole_number_run_contains(
        &self,
        args: &[Expr],
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        let [list, v] = args else {
            return None;
        };
        if !target.is(v)
            || !matches!(list.peel(), Expr::Call { .. } | Expr::Local(_))
            || self.tuple(list).is_some()
        {
            return None;
        }
        let evaluated = constants::constant_value(list, self.locals, self.version)?;
        Some((|| {
            let items = match evaluated {
                Ok(Value::List(_, items) | Value::Tuple(items)) => items,
                Ok(_) => return Err("`contains` over a constant that is not a list".into()),
                Err(e) => {
                    return Err(format!(
                        "`contains` over a list that fails to evaluate ({}): never true",
                        e.detail
                    ))
                }
            };
            let whole: Option<Vec<i128>> = items
                .iter()
                .map(|i| match i {
                    Value::Number(n) if n.is_integer() => n.to_i128(),
                    _ => None,
                })
                .collect();
            let run = whole.filter(|w| {
                !w.is_empty()
                    && (w.windows(2).all(|p| p[1] == p[0] + 1)
                        || w.windows(2).all(|p| p[1] == p[0] - 1))
            });
            let Some(run) = run else {
                return Err(format!(
                    "`contains` over a constant list of {} elements that are not consecutive whole numbers",
                    items.len()
                ));
            };
            if *ty != Type::Number {
                return Err(format!(
                    "`contains` over whole numbers on a variable of type `{ty}` (compared without conversion)"
                ));
            }
            let (low, high) = (
                run[0].min(run[run.len() - 1]),
                run[0].max(run[run.len() - 1]),
            );
            let bound = |op, n: i128| {
                Expr::Binary(
                    op,
                    Box::new(v.clone()),
                    Box::new(Expr::Literal(Value::Number(Number::from(n as i64)))),
                )
            };
            let whole = Expr::Binary(
                BinaryOp::Eq,
                Box::new(v.clone()),
                Box::new(Expr::Call {
                    name: "floor".into(),
                    args: vec![v.clone()],
                    expand_final: false,
                }),
            );
            let rewritten = Expr::Binary(
                BinaryOp::And,
                Box::new(Expr::Binary(
                    BinaryOp::And,
                    Box::new(bound(BinaryOp::GreaterEq, low)),
                    Box::new(bound(BinaryOp::LessEq, high)),
                )),
                Box::new(whole),
            );
            self.condition(&rewritten, target, ty)
        })())
    }

    fn formatdate_args(&self, args: &[Expr], target: Target, ty: &Type) -> Result<String, String> {
        let [format, v] = args else {
            return Err("`formatdate` with other than two arguments".into());
        };
        if !target.is(v) {
            return Err("`formatdate` whose second argument is not the variable".into());
        }
        if !matches!(ty, Type::String | Type::Any) {
            return Err(not_text("`formatdate`", ty));
        }
        // The format is read whatever the time: one that fails on a valid time always fails.
        let probe = Expr::Call {
            name: "formatdate".into(),
            args: vec![
                format.clone(),
                Expr::Literal(Value::String("2000-01-01T00:00:00Z".into())),
            ],
            expand_final: false,
        };
        match constants::constant_value(&probe, self.locals, self.version) {
            Some(Ok(Value::String(_))) => {}
            Some(_) => {
                return Err("`formatdate` with a format it refuses (never true)".into());
            }
            None => return Err("`formatdate` whose format is not a constant".into()),
        }
        let pattern = super::timestamp::rfc3339();
        // Every string it matches has a `T`, and is ASCII without `K`, `;` or `` ` ``.
        no_number_matches(&pattern);
        super::nfc::known_unreachable_only(&pattern);
        Ok(pattern)
    }

    /// `alltrue([for x in C : v])` over a collection written around the one meant, as a
    /// condition over that one: `X == null ? [] : X` (or `X != null ? X : []`) is
    /// `X == null ? true : alltrue([for x in X : v])` (no element: true); `[for y in X : y]`
    /// holds the elements of `X` in its order, so `for x in` it is `for x in X` (when `x` is
    /// the only symbol: the index would differ from a map's key). The first form only for the
    /// variable itself, a list or a set. `None` for other forms.
    fn plain_collection(
        &self,
        f: &tfvars_runtime::expr::ForExpr,
        target: Target,
        ty: &Type,
    ) -> Option<Expr> {
        let over = |collection: &Expr| {
            let mut g = f.clone();
            g.collection = collection.clone();
            Expr::Call {
                name: "alltrue".into(),
                args: vec![Expr::For(Box::new(g))],
                expand_final: false,
            }
        };
        let is_empty = |e: &Expr| match e.peel() {
            Expr::Tuple(items) => items.is_empty(),
            other => matches!(self.literal(other), Some(Value::Tuple(items)) if items.is_empty()),
        };
        match f.collection.peel() {
            Expr::Conditional(test, then, otherwise) => {
                let (is_null, subject) = match test.peel() {
                    Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::NotEq), a, b) => {
                        let subject = if is_null_literal(b) {
                            a
                        } else if is_null_literal(a) {
                            b
                        } else {
                            return None;
                        };
                        (*op == BinaryOp::Eq, subject.peel())
                    }
                    _ => return None,
                };
                let (on_null, on_value) = if is_null {
                    (then, otherwise)
                } else {
                    (otherwise, then)
                };
                // A list or set with `[]`, a map with `{}`: the two unify (a map and `[]` would
                // not, nor an object type and `{}` with other attributes, and the conditional
                // would always fail).
                let unify = match ty {
                    Type::List(_) | Type::Set(_) => is_empty(on_null),
                    Type::Map(_) => is_empty_object(on_null),
                    _ => false,
                };
                if !unify || on_value.peel() != subject || !target.is(subject) {
                    return None;
                }
                let yes = Box::new(Expr::Literal(Value::Bool(true)));
                let each = Box::new(over(subject));
                Some(if is_null {
                    Expr::Conditional(test.clone(), yes, each)
                } else {
                    Expr::Conditional(test.clone(), each, yes)
                })
            }
            Expr::For(inner)
                if f.key_var.is_none()
                    && inner.key.is_none()
                    && inner.condition.is_none()
                    && !inner.grouping
                    && matches!(inner.value.peel(), Expr::Bound(b) if *b == inner.value_var) =>
            {
                Some(over(&inner.collection))
            }
            _ => None,
        }
    }

    fn regex_args(&self, args: &[Expr], target: Target, ty: &Type) -> Result<String, String> {
        match args {
            [p, v] if target.is(v) => {
                let Some(Value::String(p)) = self.literal(p) else {
                    return Err("`regex` with a pattern that is not a literal string".into());
                };
                if !matches!(ty, Type::String | Type::Number) {
                    return Err(not_text("`regex`", ty));
                }
                let pattern =
                    ecma_regex::translate(&p).map_err(|why| format!("the pattern {p:?}: {why}"))?;
                if *ty == Type::Number {
                    // Terraform matches the number's decimal text: exact where the pattern
                    // judges it by its shape (see `number_texts`).
                    let texts = Rules {
                        patterns: vec![pattern.clone()],
                        ..Rules::default()
                    };
                    match super::number_texts::numbers(&texts) {
                        Some(set) if !set.loose => {}
                        Some(_) => {
                            return Err(format!(
                                "`regex` on a number whose text the pattern {p:?} judges by its digits, not only by its sign, digit count and point"
                            ))
                        }
                        None => {
                            return Err(format!(
                                "`regex` on a number: the pattern {p:?} is not read as a DFA"
                            ))
                        }
                    }
                }
                Ok(pattern)
            }
            [p, v] if case_mapped(v, target).is_some() => {
                // A pattern that matches a few whole texts is `contains` over them, which
                // is translated for `lower` and `upper`.
                let name = case_mapped(v, target).unwrap_or_default();
                let refused = || format!("`regex` over `{name}` of the variable: {CASE_MAPPING}");
                let Some(Value::String(p)) = self.literal(p) else {
                    return Err("`regex` with a pattern that is not a literal string".into());
                };
                let mapping = CaseMapping::function(name).ok_or_else(refused)?;
                let literals = ecma_regex::translate(&p)
                    .ok()
                    .and_then(|ecma| ecma_regex::whole_text_literals(&ecma))
                    .ok_or_else(|| {
                        format!(
                            "{}, unless the pattern matches a few whole texts",
                            refused()
                        )
                    })?;
                if *ty != Type::String {
                    return Err(format!(
                        "`regex` over `{name}` of a variable of type `{ty}`"
                    ));
                }
                let literals: Vec<&str> = literals.iter().map(String::as_str).collect();
                preimage_pattern(mapping, &literals).ok_or_else(|| {
                    format!("`regex` over `{name}` of the variable that no string matches")
                })
            }
            _ => Err("`regex` whose second argument is not the variable".into()),
        }
    }

    fn alltrue(&self, args: &[Expr], target: Target, ty: &Type) -> Result<Translated, String> {
        let [Expr::For(f)] = args else {
            return Err("`alltrue` over something other than a `for` expression".into());
        };
        if let (Some(filter), None, false) = (&f.condition, &f.key, f.grouping) {
            return self.alltrue(&[Expr::For(Box::new(unfiltered(f, filter)))], target, ty);
        }
        if f.key.is_some() || f.condition.is_some() || f.grouping {
            return Err(
                "`alltrue` over a `for` expression with a filter or an object result".into(),
            );
        }
        if let Some(rewritten) = self.plain_collection(f, target, ty) {
            return self.condition(&rewritten, target, ty);
        }
        // `for v in values(var.m)` and `for k in keys(var.m)` over a map; `for k in keys(var.x)`
        // over an untyped value, which must then be an object (`keys` fails on anything else).
        if let (
            Expr::Call {
                name,
                args: over,
                expand_final: false,
            },
            Type::Map(_) | Type::Any,
            None,
        ) = (&f.collection, ty, &f.key_var)
        {
            let elem_ty = match (name.as_str(), ty) {
                ("keys", _) => Some(&Type::String),
                ("values", Type::Map(elem)) => Some(&**elem),
                _ => None,
            };
            if let Some(elem_ty) = elem_ty.filter(|_| over.len() == 1 && target.is(&over[0])) {
                let t = self.condition(&f.value, Target::Bound(&f.value_var), elem_ty)?;
                let mut child = t.rules;
                child.null_ok = t.on_null == OnNull::True;
                let mut rules = Rules {
                    object_only: *ty == Type::Any,
                    ..Rules::default()
                };
                if name == "keys" {
                    rules.keys = Some(Box::new(child));
                } else {
                    rules.values = Some(Box::new(child));
                }
                return Ok(Translated {
                    rules,
                    on_null: OnNull::Error,
                });
            }
        }
        if !target.is(&f.collection) {
            return Err(
                "`alltrue` over a `for` expression that does not iterate the variable".into(),
            );
        }
        let (elem, map_like) = match ty {
            Type::List(t) | Type::Set(t) => (&**t, false),
            Type::Map(t) => (&**t, true),
            Type::Any => return self.alltrue_untyped(f),
            other => {
                return Err(format!(
                    "`alltrue` over a `for` on a variable of type `{}`",
                    other
                ))
            }
        };
        if matches!(f.value.peel(), Expr::Tuple(_) | Expr::Object(_)) {
            // A list or an object for each element is no bool (`[contains(…)]`): `alltrue`
            // fails on the first element, so only an empty collection passes (a null one fails
            // too).
            return Ok(Translated {
                rules: Rules {
                    max_length: Some(0),
                    ..Rules::default()
                },
                on_null: OnNull::Error,
            });
        }
        // `o["a"]` on the element, an object, is `o.a` (see `normalized`).
        let value = normalized(&f.value, &|e| {
            path_type(e, Target::Bound(&f.value_var), elem)
        });
        let value_result = self.condition(&value, Target::Bound(&f.value_var), elem);
        let mut rules = Rules::default();
        match value_result {
            Ok(t) => {
                let mut child = t.rules;
                child.null_ok = t.on_null == OnNull::True;
                if map_like {
                    rules.values = Some(Box::new(child));
                } else {
                    rules.items = Some(Box::new(child));
                }
            }
            Err(value_err) => {
                // A map's keys: `for k, v in var.m : can(regex(…, k))`.
                let Some(key) = f.key_var.as_deref().filter(|_| map_like) else {
                    return Err(value_err);
                };
                let t = self
                    .condition(&f.value, Target::Bound(key), &Type::String)
                    .map_err(|_| value_err)?;
                rules.keys = Some(Box::new(t.rules));
            }
        }
        Ok(Translated {
            rules,
            on_null: OnNull::Error,
        })
    }

    /// `alltrue([for x in var.x : P])` on a variable of type `any`: Terraform iterates a tuple's
    /// elements and an object's attribute values, and fails on any other value (null, a
    /// string, a number, a bool), so the value must be an array or an object whose every member
    /// meets `P`, read as a rule on an untyped value. `P` about the key (an index or an
    /// attribute name) is left out.
    fn alltrue_untyped(&self, f: &tfvars_runtime::expr::ForExpr) -> Result<Translated, String> {
        if matches!(f.value.peel(), Expr::Tuple(_) | Expr::Object(_)) {
            return Err(
                "`alltrue` over a `for` of lists or objects on a variable of type `any`".into(),
            );
        }
        if let Some(key) = f.key_var.as_deref() {
            if mentions_bound(&f.value, key) {
                return Err("`alltrue` over a `for` on a variable of type `any` whose condition reads the key".into());
            }
        }
        let t = self.condition(&f.value, Target::Bound(&f.value_var), &Type::Any)?;
        let mut child = t.rules;
        child.null_ok = t.on_null == OnNull::True;
        Ok(Translated {
            rules: Rules {
                members: Some(Box::new(child)),
                ..Rules::default()
            },
            on_null: OnNull::Error,
        })
    }

    /// `length(regexall(P, x)) op N`: whether `P` matches somewhere (`> 0`, `>= 1`, `!= 0`) or
    /// nowhere (`== 0`, `< 1`, `<= 0`); `None` when neither side has that form.
    fn regexall_compare(
        &self,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
        target: Target,
        ty: &Type,
    ) -> Result<Option<Translated>, String> {
        let inner = |e: &Expr| match e {
            Expr::Call {
                name,
                args,
                expand_final: false,
            } if name == "length" && args.len() == 1 => match &args[0] {
                Expr::Call {
                    name,
                    args,
                    expand_final: false,
                } if name == "regexall" => Some(args.clone()),
                _ => None,
            },
            _ => None,
        };
        let (op, args, n) = match (inner(a), inner(b)) {
            (Some(args), _) => (op, args, b),
            (None, Some(args)) => (flip(op), args, a),
            _ => return Ok(None),
        };
        let pattern = self.regex_args(&args, target, ty)?;
        let n = self
            .number_literal(n)
            .ok_or_else(|| "`length(regexall(…))` compared with a non-literal".to_string())?;
        let (floor, ceil) = floor_ceil(&n);
        // A pattern whose every match starts at the beginning of the text matches at most once
        // (`regexall` searches on from the end of a match, where `^` no longer matches).
        let at_most_once = || match self.literal(&args[0]) {
            Some(Value::String(p)) => regex_automata::nfa::thompson::NFA::new(&p)
                .is_ok_and(|nfa| nfa.is_always_start_anchored()),
            _ => false,
        };
        let some = match (op, floor == ceil, floor) {
            (BinaryOp::Eq, true, 1) if at_most_once() => true,
            (BinaryOp::Greater, true, 0)
            | (BinaryOp::GreaterEq, true, 1)
            | (BinaryOp::NotEq, true, 0) => true,
            (BinaryOp::Eq, true, 0) | (BinaryOp::LessEq, true, 0) | (BinaryOp::Less, true, 1) => {
                false
            }
            _ => {
                return Err(format!(
                    "`length(regexall(…)) {} {n}` counts matches, which JSON Schema cannot",
                    op_text(op)
                ))
            }
        };
        let mut rules = Rules::default();
        if some {
            rules.patterns.push(pattern);
        } else {
            rules.forbidden_patterns.push(pattern);
        }
        Ok(Some(Translated {
            rules,
            on_null: OnNull::Error,
        }))
    }

    /// `length([for x in X : v if P]) == length(X)` (or `>=`): every element passes the
    /// filter, which is `alltrue([for x in X : P])` when `v` cannot fail (a literal or a
    /// symbol of the `for`): each `P` is evaluated in both forms, and a `P` that is null fails
    /// the filter and makes `alltrue` false. `None` for other comparisons.
    fn every_element_passes(
        &self,
        f: &tfvars_runtime::expr::ForExpr,
        filter: &Expr,
        op: BinaryOp,
        other: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        let Expr::Call {
            name,
            args,
            expand_final: false,
        } = other.peel()
        else {
            return None;
        };
        if name != "length"
            || !matches!(op, BinaryOp::Eq | BinaryOp::GreaterEq)
            || args.len() != 1
            || args[0].peel() != f.collection.peel()
        {
            return None;
        }
        let safe_value = match f.value.peel() {
            Expr::Literal(_) => true,
            Expr::Bound(b) => *b == f.value_var || f.key_var.as_ref() == Some(b),
            _ => false,
        };
        if !safe_value {
            return Some(Err(
                "`length()` of a filtered `for` whose value can fail, compared with the collection's length".into(),
            ));
        }
        let each = ForParts {
            key_var: f.key_var.clone(),
            value_var: f.value_var.clone(),
            collection: f.collection.clone(),
        };
        Some(self.condition(&each.alltrue(filter.clone()), target, ty))
    }

    /// `length(trimsuffix(x, "s")) op N` (`trimprefix`): `s` is removed once where `x` ends
    /// (starts) with it, so this is `endswith(x, "s") ? length(x) op N + len(s) : length(x)
    /// op N`, for a literal `s` of printable ASCII characters (each its own grapheme cluster).
    /// `None` when `side` is not of that form.
    fn trimmed_length(
        &self,
        side: &Expr,
        op: BinaryOp,
        n: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        let (name, trim, trim_args) = call_of_call(side)?;
        if trim == "trimspace" {
            return self.trimmed_space_length(name, trim_args, op, n, target, ty);
        }
        let test = match trim {
            "trimsuffix" => "endswith",
            "trimprefix" => "startswith",
            _ => return None,
        };
        let [x, affix] = trim_args else {
            return None;
        };
        if name != "length" || !target.is(x) {
            return None;
        }
        Some((|| {
            let affix_text = self.matched_text(affix, &format!("`{trim}`"))?;
            if affix_text.is_empty()
                || !affix_text
                    .bytes()
                    .all(|b| b.is_ascii_graphic() || b == b' ')
            {
                return Err(format!(
                    "`{trim}` of {affix_text:?}, not printable ASCII characters"
                ));
            }
            let n = self
                .number_literal(n)
                .ok_or_else(|| format!("`length({trim}(…))` compared with a non-literal"))?;
            let longer = n
                .checked_add(&Number::from(affix_text.len() as u64))
                .map_err(|e| e.message().to_string())?;
            let length = |n: Number| {
                Expr::Binary(
                    op,
                    Box::new(Expr::Call {
                        name: "length".into(),
                        args: vec![x.clone()],
                        expand_final: false,
                    }),
                    Box::new(Expr::Literal(Value::Number(n))),
                )
            };
            let rewritten = Expr::Conditional(
                Box::new(Expr::Call {
                    name: test.into(),
                    args: vec![x.clone(), affix.clone()],
                    expand_final: false,
                }),
                Box::new(length(longer)),
                Box::new(length(n)),
            );
            self.condition(&rewritten, target, ty)
        })())
    }

    /// `length(split(s, x)) op N` for a one-character separator `s`: `split` cuts the text at
    /// every `s`, so the list has one element more than the text has separators, which a
    /// pattern counts: `^[^s]*(?:s[^s]*){lo,hi}$`. `split` fails on null. `None` when `side` is
    /// not of that form.
    fn split_length(
        &self,
        side: &Expr,
        op: BinaryOp,
        n: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        /// The most separators a pattern counts.
        const MOST: i128 = 100;
        let (name, inner, inner_args) = call_of_call(side)?;
        let [separator, x] = inner_args else {
            return None;
        };
        if name != "length" || inner != "split" || !target.is(x) {
            return None;
        }
        Some((|| {
            let sep = self.matched_text(separator, "`split`")?;
            let mut chars = sep.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(format!("`split` on {sep:?}, not one character"));
            };
            if *ty != Type::String {
                return Err(not_text("`length(split(…))`", ty));
            }
            let n = self
                .number_literal(n)
                .ok_or("`length(split(…))` compared with a non-literal")?;
            let (floor, ceil) = floor_ceil(&n);
            // The separators counted, from the list's length `L = count + 1`.
            let (low, high, negated) = match op {
                BinaryOp::Eq if floor == ceil => (floor - 1, Some(floor - 1), false),
                BinaryOp::NotEq if floor == ceil => (floor - 1, Some(floor - 1), true),
                BinaryOp::Greater => (floor, None, false),
                BinaryOp::GreaterEq => (ceil - 1, None, false),
                BinaryOp::Less => (0, Some(ceil - 2), false),
                BinaryOp::LessEq => (0, Some(floor - 1), false),
                _ => {
                    return Err(format!(
                        "`length(split(…)) {} {n}`: never or always true",
                        op_text(op)
                    ))
                }
            };
            let low = low.max(0);
            if high.is_some_and(|h| h < low) || low > MOST || high.is_some_and(|h| h > MOST) {
                return Err(format!(
                    "`length(split(…)) {} {n}`: never true, or more than {MOST} separators counted",
                    op_text(op)
                ));
            }
            let one = if c.is_ascii_punctuation() {
                format!("\\{c}")
            } else {
                c.to_string()
            };
            let times = match high {
                Some(h) if h == low => format!("{{{low}}}"),
                Some(h) => format!("{{{low},{h}}}"),
                None => format!("{{{low},}}"),
            };
            let pattern = format!("^[^{one}]*(?:{one}[^{one}]*){times}$");
            let mut rules = Rules::default();
            if negated {
                rules.forbidden_patterns.push(pattern);
            } else {
                rules.patterns.push(pattern);
            }
            Ok(Translated {
                rules,
                on_null: OnNull::Error,
            })
        })())
    }

    /// `length(trimspace(x)) > 0` (`>= 1`, `!= 0`; `== 0`, `< 1`, `<= 0`): whether `x` holds
    /// a character that is not white space (Unicode's White_Space, as Go's `unicode.IsSpace`
    /// reads it), written as `length(regexall(…, x))` compared with 0, which like `trimspace`
    /// fails on null.
    fn trimmed_space_length(
        &self,
        name: &str,
        args: &[Expr],
        op: BinaryOp,
        n: &Expr,
        target: Target,
        ty: &Type,
    ) -> Option<Result<Translated, String>> {
        const NOT_SPACE: &str = "[^\\t\\n\\v\\f\\r \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}]";
        let [x] = args else {
            return None;
        };
        if name != "length" || !target.is(x) {
            return None;
        }
        let n = self.number_literal(n);
        let is = |v: u8| n.as_ref() == Some(&Number::from(v));
        let non_empty = match op {
            BinaryOp::Greater | BinaryOp::NotEq if is(0) => true,
            BinaryOp::GreaterEq if is(1) => true,
            BinaryOp::Eq | BinaryOp::LessEq if is(0) => false,
            BinaryOp::Less if is(1) => false,
            _ => {
                return Some(Err(
                    "`length(trimspace(…))` compared with other than 0 (empty or not)".into(),
                ))
            }
        };
        let rewritten = Expr::Binary(
            if non_empty {
                BinaryOp::Greater
            } else {
                BinaryOp::Eq
            },
            Box::new(Expr::Call {
                name: "length".into(),
                args: vec![Expr::Call {
                    name: "regexall".into(),
                    args: vec![Expr::Literal(Value::String(NOT_SPACE.into())), x.clone()],
                    expand_final: false,
                }],
                expand_final: false,
            }),
            Box::new(Expr::Literal(Value::Number(Number::from(0u8)))),
        );
        Some(self.condition(&rewritten, target, ty))
    }

    /// `length(x) op N` / `N op length(x)`; `None` when neither side is `length(x)`.
    fn length_compare(
        &self,
        op: BinaryOp,
        a: &Expr,
        b: &Expr,
        target: Target,
        ty: &Type,
    ) -> Result<Option<Translated>, String> {
        if let Some(t) = self.regexall_compare(op, a, b, target, ty)? {
            return Ok(Some(t));
        }
        for (side, n, op) in [(a, b, op), (b, a, flip(op))] {
            if let Some(t) = self.trimmed_length(side, op, n, target, ty) {
                return t.map(Some);
            }
            if let Some(t) = self.split_length(side, op, n, target, ty) {
                return t.map(Some);
            }
        }
        // `length([for x in X : v if P]) == 0`: no element passes the filter, which is
        // `alltrue([for x in X : !P])` (each `P` is evaluated either way, and so is `v` for an
        // element that passes, which fails the rule in both forms).
        for (side, other, op) in [(a, b, op), (b, a, flip(op))] {
            let Some((f, c)) = filtered_for(side) else {
                continue;
            };
            if let Some(t) = self.every_element_passes(f, c, op, other, target, ty) {
                return t.map(Some);
            }
            if !self.counts_none(op, other) {
                return Err(
                    "`length()` of a filtered `for` compared with something other than zero".into(),
                );
            }
            let each = ForParts {
                key_var: f.key_var.clone(),
                value_var: f.value_var.clone(),
                collection: f.collection.clone(),
            };
            let rewritten = each.alltrue(Expr::Unary(UnaryOp::Not, Box::new(c.clone())));
            return self.condition(&rewritten, target, ty).map(Some);
        }
        // `length(setsubtract(X, L)) == 0`: no element of `X` is outside `L`.
        for (side, other, op) in [(a, b, op), (b, a, flip(op))] {
            if let Some(every) = self.none_outside_literals(side, target, ty) {
                if self.counts_none(op, other) {
                    return self.condition(&every, target, ty).map(Some);
                }
            }
        }
        let is_length = |e: &Expr| {
            matches!(e, Expr::Call { name, args, expand_final: false }
                if name == "length" && args.len() == 1 && target.is(&args[0]))
        };
        let (op, n) = if is_length(a) {
            (op, b)
        } else if is_length(b) {
            (flip(op), a)
        } else {
            return Ok(None);
        };
        let n = self.number_literal(n).ok_or_else(|| {
            format!(
                "`length()` compared with a non-literal using `{}`",
                op_text(op)
            )
        })?;
        if op == BinaryOp::NotEq {
            // `length(x) != N`: shorter or longer (both sides evaluated, failing alike on null);
            // no length is below 0, so for N <= 0 only longer.
            let length = if is_length(a) { a } else { b };
            let side = |op| {
                Expr::Binary(
                    op,
                    Box::new(length.clone()),
                    Box::new(Expr::Literal(Value::Number(n.clone()))),
                )
            };
            let rewritten = if n <= Number::from(0u8) {
                side(BinaryOp::Greater)
            } else {
                Expr::Binary(
                    BinaryOp::Or,
                    Box::new(side(BinaryOp::Less)),
                    Box::new(side(BinaryOp::Greater)),
                )
            };
            return self.condition(&rewritten, target, ty).map(Some);
        }
        let (floor, ceil) = floor_ceil(&n);
        let mut min: Option<i128> = None;
        let mut max: Option<i128> = None;
        match op {
            BinaryOp::Greater => min = Some(floor + 1),
            BinaryOp::GreaterEq => min = Some(ceil),
            BinaryOp::Less => max = Some(ceil - 1),
            BinaryOp::LessEq => max = Some(floor),
            BinaryOp::Eq if floor == ceil => {
                min = Some(floor);
                max = Some(floor);
            }
            BinaryOp::Eq => return Err(format!("`length()` can never equal {n}")),
            _ => return Err(format!("`length()` compared using `{}`", op_text(op))),
        }
        if max.is_some_and(|m| m < 0) {
            return Err(format!("`length()` can never be {} {n}", op_text(op)));
        }
        let min = min.filter(|m| *m > 0).map(|m| m as u64);
        let max = max.map(|m| m.min(u64::MAX as i128) as u64);
        match ty {
            Type::String
            | Type::List(_)
            | Type::Set(_)
            | Type::Tuple(_)
            | Type::Map(_)
            | Type::Any => {}
            Type::Object(attrs) => {
                // An object always has exactly its declared attributes (extra ones are dropped
                // on conversion), so the condition is constant.
                let n = attrs.len() as u64;
                if min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m) {
                    return Err(format!(
                        "`length()` of this object type is always {n}, so the condition is never true"
                    ));
                }
                return Ok(Some(Translated {
                    rules: Rules::default(),
                    on_null: OnNull::Error,
                }));
            }
            other => return Err(format!("`length()` on a variable of type `{}`", other)),
        }
        // An untyped value may be a string, an array or an object; `length()` fails on the rest.
        let untyped = *ty == Type::Any;
        Ok(Some(Translated {
            rules: Rules {
                min_length: min,
                max_length: max,
                string_length: *ty == Type::String || untyped,
                lengthy: untyped,
                may_fail: untyped,
                ..Rules::default()
            },
            on_null: OnNull::Error,
        }))
    }
}

/// Why a pattern looking for the literal `s` would not judge Terraform's NFC-normalised text
/// as Terraform does, for text NFC could change; `None` when it would. Terraform normalises
/// strings to NFC, a schema without the NFC escape (terraschema's strict one) sees them as
/// given. A non-ASCII literal can be given decomposed; `;`, `` ` `` and `K` are
/// the NFC forms of U+037E, U+1FEF and U+212A; an ASCII letter, `<`, `=` or `>` at the end
/// can compose with a combining mark that follows it (`=` and U+0338 are `≠`).
fn nfc_unsafe(s: &str) -> Option<&'static str> {
    if !s.is_ascii() {
        return Some(
            "a non-ASCII substring (Terraform compares NFC text, a schema the text as given)",
        );
    }
    if s.contains([';', '`', 'K']) {
        return Some("`;`, `` ` `` or `K` (the NFC forms of U+037E, U+1FEF and U+212A)");
    }
    match s.chars().last() {
        Some(c) if c.is_ascii_alphabetic() || matches!(c, '<' | '=' | '>') => {
            Some("its last character can compose with a combining mark that follows it in NFC")
        }
        _ => None,
    }
}

/// Whether `e` is a chain of `op` (`||` or `&&`) of two or more sides none of which holds
/// `||` or `&&` itself: the chain's verdict under `try` with the fallback `op` decides does
/// not depend on whether the sides after a decisive one are evaluated.
fn short_circuit_alike(e: &Expr, op: BinaryOp) -> bool {
    fn logic_inside(e: &Expr) -> bool {
        matches!(e, Expr::Binary(BinaryOp::And | BinaryOp::Or, ..))
            || e.children().into_iter().any(logic_inside)
    }
    let mut sides = Vec::new();
    flatten(e.peel(), op, &mut sides);
    sides.len() > 1 && !sides.iter().any(|s| logic_inside(s))
}

/// A chain of `||` as `A ? true : (B ? true : C)`, of `&&` as `A ? (B ? C : false) : false`:
/// the chain as 1.12 evaluates it, stopping at the first decisive side.
fn as_conditionals(e: &Expr, op: BinaryOp) -> Expr {
    let mut sides = Vec::new();
    flatten(e, op, &mut sides);
    let decisive = Expr::Literal(Value::Bool(op == BinaryOp::Or));
    let mut rest = sides.pop().cloned().unwrap_or_else(|| decisive.clone());
    while let Some(side) = sides.pop() {
        let side = Box::new(side.clone());
        rest = if op == BinaryOp::Or {
            Expr::Conditional(side, Box::new(decisive.clone()), Box::new(rest))
        } else {
            Expr::Conditional(side, Box::new(rest), Box::new(decisive.clone()))
        };
    }
    rest
}

fn is_lit_false(cx: &Cx<'_>, e: &Expr) -> bool {
    matches!(cx.literal(e), Some(Value::Bool(false)))
}

/// `can(regex(p, x))` for `length(regex(p, x)) > 0` (`>= 1`, `!= 0`, either way round) where
/// `regex` returns the match itself (no capture groups) and every match of `p` is non-empty:
/// the length is then above 0 exactly where `regex` does not fail.
fn nonempty_match(e: &Expr) -> Option<Expr> {
    let Expr::Binary(op, a, b) = e.peel() else {
        return None;
    };
    let zero_or_one = |e: &Expr, n: u8| matches!(e.peel(), Expr::Literal(Value::Number(x)) if *x == Number::from(n));
    let call = match op {
        BinaryOp::Greater | BinaryOp::NotEq if zero_or_one(b, 0) => a,
        BinaryOp::Less | BinaryOp::NotEq if zero_or_one(a, 0) => b,
        BinaryOp::GreaterEq if zero_or_one(b, 1) => a,
        BinaryOp::LessEq if zero_or_one(a, 1) => b,
        _ => return None,
    };
    let Expr::Call {
        name,
        args,
        expand_final: false,
    } = call.peel()
    else {
        return None;
    };
    let [regex @ Expr::Call {
        name: inner,
        args: regex_args,
        expand_final: false,
    }] = args.as_slice()
    else {
        return None;
    };
    let [Expr::Literal(Value::String(p)), _] = regex_args.as_slice() else {
        return None;
    };
    if name != "length" || inner != "regex" {
        return None;
    }
    let hir = regex_syntax::Parser::new()
        .parse(&ecma_regex::translate(p).ok()?)
        .ok()?;
    let props = hir.properties();
    if props.explicit_captures_len() > 0 || props.minimum_len().is_none_or(|n| n == 0) {
        return None;
    }
    Some(Expr::Call {
        name: "can".into(),
        args: vec![regex.clone()],
        expand_final: false,
    })
}

const CASE_MAPPING: &str = "Terraform maps the case of NFC text with Unicode's rules, which no enum or pattern follows exactly for every script";

/// `lower`, `upper` or `title` when `e` is one of them applied to the target.
fn case_mapped(e: &Expr, target: Target) -> Option<&'static str> {
    match e.peel() {
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if args.len() == 1 && target.is(&args[0]) => match name.as_str() {
            "lower" => Some("lower"),
            "upper" => Some("upper"),
            "title" => Some("title"),
            _ => None,
        },
        _ => None,
    }
}

/// `e` with each conditional's branches told what its condition is: inside `C ? T : E`, `C`
/// itself is `true` in `T` and `false` in `E`, and a conditional on a literal is its branch
/// (Terraform evaluates only the branch taken, so nothing else is evaluated either way).
fn with_known_conditions(e: &Expr) -> Expr {
    fn known(e: &Expr, facts: &mut Vec<(Expr, bool)>) -> Expr {
        if let Some((_, b)) = facts.iter().find(|(c, _)| c == e) {
            return Expr::Literal(Value::Bool(*b));
        }
        match e {
            Expr::Conditional(c, t, f) => {
                let c = known(c, facts);
                match c {
                    Expr::Literal(Value::Bool(true)) => known(t, facts),
                    Expr::Literal(Value::Bool(false)) => known(f, facts),
                    c => {
                        facts.push((c.clone(), true));
                        let t = known(t, facts);
                        facts.pop();
                        facts.push((c.clone(), false));
                        let f = known(f, facts);
                        facts.pop();
                        Expr::Conditional(Box::new(c), Box::new(t), Box::new(f))
                    }
                }
            }
            Expr::For(f) => {
                // Facts about a symbol the `for` binds again do not hold inside it.
                let binds = |e: &Expr| {
                    mentions_bound(e, &f.value_var)
                        || f.key_var.as_ref().is_some_and(|k| mentions_bound(e, k))
                };
                let mut inside: Vec<(Expr, bool)> =
                    facts.iter().filter(|(c, _)| !binds(c)).cloned().collect();
                let mut f2 = (**f).clone();
                f2.collection = known(&f.collection, facts);
                f2.value = known(&f.value, &mut inside);
                f2.key = f.key.as_ref().map(|k| known(k, &mut inside));
                f2.condition = f.condition.as_ref().map(|c| known(c, &mut inside));
                Expr::For(Box::new(f2))
            }
            other => other
                .rewritten(&mut |inner| (!std::ptr::eq(inner, other)).then(|| known(inner, facts))),
        }
    }
    known(e, &mut Vec::new())
}

/// Whether `e` is a reference that never fails: a variable (`ROOT.x` in a rule between
/// variables) or a `for` symbol.
fn is_reference(e: &Expr) -> bool {
    match e.peel() {
        Expr::Variable(_) | Expr::Bound(_) => true,
        Expr::GetAttr(base, _) => matches!(base.peel(), Expr::Variable(v) if v == ROOT),
        _ => false,
    }
}

/// `x` when `rounded` is `floor(x)` or `ceil(x)` and `other` is `x` itself.
fn whole_number_test<'e>(rounded: &'e Expr, other: &Expr) -> Option<&'e Expr> {
    match rounded.peel() {
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if (name == "floor" || name == "ceil")
            && args.len() == 1
            && args[0].peel() == other.peel() =>
        {
            Some(&args[0])
        }
        _ => None,
    }
}

/// Whether the value, key or filter of `f` refers to the symbol `name`.
fn for_mentions(f: &ForExpr, name: &str) -> bool {
    for_parts(f).any(|e| mentions_bound(e, name))
}

/// Whether `e` refers to the symbol `name` bound by a `for` or splat.
fn mentions_bound(e: &Expr, name: &str) -> bool {
    matches!(e, Expr::Bound(b) if b == name)
        || e.children().into_iter().any(|c| mentions_bound(c, name))
}

/// `P` of `P == null` or `null == P`.
fn null_tested(e: &Expr) -> Option<&Expr> {
    match e {
        Expr::Binary(BinaryOp::Eq, a, b) if is_null_literal(b) => Some(a),
        Expr::Binary(BinaryOp::Eq, a, b) if is_null_literal(a) => Some(b),
        _ => None,
    }
}

/// Whether `e` is the target or an attribute path under it (`var.x.a.b`).
fn rooted_at(e: &Expr, target: Target) -> bool {
    match e.peel() {
        t if target.is(t) => true,
        Expr::GetAttr(inner, _) => rooted_at(inner, target),
        _ => false,
    }
}

/// The longest attribute paths under the target in `e` (`var.x.a.b`), and the target where
/// it is used otherwise.
fn collect_paths<'e>(e: &'e Expr, target: Target, out: &mut Vec<&'e Expr>) {
    if target.is(e) || matches!(e, Expr::GetAttr(..)) && rooted_at(e, target) {
        out.push(e);
        return;
    }
    for c in e.children() {
        collect_paths(c, target, out);
    }
}

/// The type of an attribute path under the target, whose type is `ty`.
fn path_type(e: &Expr, target: Target, ty: &Type) -> Option<Type> {
    if target.is(e) {
        return Some(ty.clone());
    }
    let Expr::GetAttr(inner, name) = e.peel() else {
        return None;
    };
    match path_type(inner, target, ty)? {
        Type::Object(attrs) => attrs
            .iter()
            .find(|a| *a.name == **name)
            .map(|a| a.ty.clone()),
        _ => None,
    }
}

/// Whether `e` is a condition (its value a bool, or a failure), by its form: a comparison,
/// `!`, `&&`, `||`, or a call of a function that returns a bool.
fn is_boolean(e: &Expr) -> bool {
    match e {
        Expr::Binary(op, ..) => matches!(
            op,
            BinaryOp::Eq
                | BinaryOp::NotEq
                | BinaryOp::Less
                | BinaryOp::LessEq
                | BinaryOp::Greater
                | BinaryOp::GreaterEq
                | BinaryOp::And
                | BinaryOp::Or
        ),
        Expr::Unary(UnaryOp::Not, _) => true,
        Expr::Call { name, .. } => matches!(
            name.as_str(),
            "can" | "contains" | "startswith" | "endswith" | "strcontains" | "alltrue" | "anytrue"
        ),
        _ => false,
    }
}

/// The rules of an operation that converts the variable to a number (a comparison, `%`), before
/// its own: none for a `number`; for an untyped or `string` value, which it converts and fails
/// on when that is not a number or a numeric string, `numeric` (and `may_fail`). `None` for a
/// type it cannot convert.
fn number_operand(ty: &Type) -> Option<Rules> {
    let numeric = match ty {
        Type::Number => false,
        Type::Any | Type::String => true,
        _ => return None,
    };
    Some(Rules {
        numeric,
        may_fail: numeric,
        ..Rules::default()
    })
}

/// Whether `e` is a condition whose value is never null: one by its form ([`is_boolean`]), a
/// `bool` literal, or a conditional or `try` choosing between such.
fn never_null_condition(e: &Expr) -> bool {
    match e {
        Expr::Literal(Value::Bool(_)) => true,
        Expr::Conditional(_, yes, no) => never_null_condition(yes) && never_null_condition(no),
        Expr::Call { name, args, .. } if name == "try" => {
            !args.is_empty() && args.iter().all(never_null_condition)
        }
        e => is_boolean(e),
    }
}

/// The terms of `(A ? 1 : 0) + (B ? 0 : 1) + …`: each condition, with whether it is counted
/// when true.
fn counted_terms(e: &Expr) -> Option<Vec<(&Expr, bool)>> {
    let mut terms = Vec::new();
    flatten(e, BinaryOp::Add, &mut terms);
    if terms.len() < 2 {
        return None;
    }
    let number = |e: &Expr| match e {
        Expr::Literal(Value::Number(n)) => n.to_i128(),
        _ => None,
    };
    terms
        .into_iter()
        .map(|t| match t {
            Expr::Conditional(c, a, b) => match (number(a), number(b)) {
                (Some(1), Some(0)) => Some((&**c, true)),
                (Some(0), Some(1)) => Some((&**c, false)),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// The terms of `length(A) + length(B) + …` (two or more).
fn length_terms(e: &Expr) -> Option<Vec<&Expr>> {
    let mut terms = Vec::new();
    flatten(e, BinaryOp::Add, &mut terms);
    let lengths = terms.len() > 1
        && terms.iter().all(|t| {
            matches!(t, Expr::Call { name, args, expand_final: false } if name == "length" && args.len() == 1)
        });
    lengths.then_some(terms)
}

/// `try(x.a.b, null) == null` (or `!=`): `try` gives null when `x`, `x.a` or `x.a.b` is null
/// (getting an attribute of null fails), which is `x == null ? true : (x.a == null ? true :
/// x.a.b == null)`; a conditional only evaluates the branch it takes.
fn try_null_test(eq: bool, a: &Expr, b: &Expr) -> Option<Expr> {
    let (path, objects) = tried_path(a, b)?;
    let op = if eq { BinaryOp::Eq } else { BinaryOp::NotEq };
    Some(unless_null(
        &objects,
        &Expr::Literal(Value::Bool(eq)),
        null_test(path, op),
    ))
}

/// `try(x.a.b, null) != null ? A : B` as `x == null ? B : (x.a == null ? B : (x.a.b == null ?
/// B : A))` (and the same with `==`, the branches swapped).
fn try_conditional(cond: &Expr, then: &Expr, otherwise: &Expr) -> Option<Expr> {
    let Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::NotEq), a, b) = cond else {
        return None;
    };
    let (path, objects) = tried_path(a, b)?;
    let (on_null, on_value) = if *op == BinaryOp::Eq {
        (then, otherwise)
    } else {
        (otherwise, then)
    };
    let last = Expr::Conditional(
        Box::new(null_test(path, BinaryOp::Eq)),
        Box::new(on_null.clone()),
        Box::new(on_value.clone()),
    );
    Some(unless_null(&objects, on_null, last))
}

/// The attribute path `x.a.b` of `try(x.a.b, null)` compared (`a`, `b`, either way round) with
/// `null`, and the objects it reads through ([`objects_read_through`]); at least one.
fn tried_path<'e>(a: &'e Expr, b: &'e Expr) -> Option<(&'e Expr, Vec<&'e Expr>)> {
    let (call, other) = if is_null_literal(b) { (a, b) } else { (b, a) };
    if !is_null_literal(other) {
        return None;
    }
    let Expr::Call {
        name,
        args,
        expand_final: false,
    } = call
    else {
        return None;
    };
    let [path, fallback] = args.as_slice() else {
        return None;
    };
    if name != "try" || !is_null_literal(fallback) {
        return None;
    }
    let objects = objects_read_through(path).filter(|o| !o.is_empty())?;
    Some((path, objects))
}

/// The objects an attribute path reads through, outermost first: `[x, x.a]` for `x.a.b`, from
/// a variable or a symbol a `for` binds (none for the bare name). `None` for any other
/// expression.
fn objects_read_through(path: &Expr) -> Option<Vec<&Expr>> {
    let mut objects = Vec::new();
    let mut at = path.peel();
    while let Expr::GetAttr(base, _) = at {
        at = base.peel();
        objects.push(at);
    }
    if !matches!(at, Expr::Variable(_) | Expr::Bound(_)) {
        return None;
    }
    objects.reverse();
    Some(objects)
}

/// Whether every step of the attribute path `path` reads an attribute that the object it reads
/// from (by `type_of`) declares: then reading `path` fails only where one of them is null.
fn reads_declared_attributes(path: &Expr, type_of: &dyn Fn(&Expr) -> Option<Type>) -> bool {
    let mut at = path.peel();
    while let Expr::GetAttr(base, name) = at {
        let declared = matches!(type_of(base), Some(Type::Object(attrs))
            if attrs.iter().any(|a| *a.name == **name));
        if !declared {
            return false;
        }
        at = base.peel();
    }
    true
}

/// `e == null` (`op` `!=`: `e != null`).
fn null_test(e: &Expr, op: BinaryOp) -> Expr {
    Expr::Binary(
        op,
        Box::new(e.clone()),
        Box::new(Expr::Literal(Value::Null(Type::Any))),
    )
}

/// `o1 == null ? on_null : (o2 == null ? on_null : (… rest))` for the objects outermost first:
/// `rest` where none of them is null (a conditional reports only its taken branch's errors, so
/// `rest` may read through them).
fn unless_null(objects: &[&Expr], on_null: &Expr, rest: Expr) -> Expr {
    objects.iter().rev().fold(rest, |out, object| {
        Expr::Conditional(
            Box::new(null_test(object, BinaryOp::Eq)),
            Box::new(on_null.clone()),
            Box::new(out),
        )
    })
}

/// `length([for … : v if P])`: the `for` and its filter.
fn filtered_for(e: &Expr) -> Option<(&tfvars_runtime::expr::ForExpr, &Expr)> {
    match e {
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if name == "length" && args.len() == 1 => match &args[0] {
            Expr::For(f) if f.key.is_none() && !f.grouping => {
                f.condition.as_ref().map(|c| (&**f, c))
            }
            _ => None,
        },
        _ => None,
    }
}

/// Whether `x` (the target or an attribute path under it) is a list or a set of strings.
fn strings_collection(x: &Expr, target: Target, ty: &Type) -> bool {
    matches!(
        path_type(x, target, ty),
        Some(Type::List(t) | Type::Set(t)) if *t == Type::String
    )
}

/// `f(g(args…))`, a call whose one argument is a call: `(f, g, args)`.
fn call_of_call(e: &Expr) -> Option<(&str, &str, &[Expr])> {
    let Expr::Call {
        name,
        args,
        expand_final: false,
    } = e
    else {
        return None;
    };
    let [Expr::Call {
        name: inner,
        args: inner_args,
        expand_final: false,
    }] = args.as_slice()
    else {
        return None;
    };
    Some((name, inner, inner_args))
}

/// `alltrue([for x in collection : contains(list, x)])`: every element of `collection` is in
/// `list`.
fn every_element_in(list: &Expr, collection: &Expr) -> Expr {
    const EACH: &str = "\u{0}each";
    let each = ForParts {
        key_var: None,
        value_var: EACH.into(),
        collection: collection.clone(),
    };
    each.alltrue(Expr::Call {
        name: "contains".into(),
        args: vec![list.clone(), Expr::Bound(EACH.into())],
        expand_final: false,
    })
}

/// The list `list` (the argument of `flatten` under `alltrue`) with every element that is
/// itself a list (a `for`, a tuple, a conditional of them) replaced by `alltrue` of its own
/// flattened elements: `[for a in X : [for b in a.Y : P]]` becomes
/// `[for a in X : alltrue([for b in a.Y : P])]`. `None` unless `list` is a `for` or a tuple and
/// every element it flattens to is a condition ([`is_boolean`], or a bool literal), so that no
/// value `flatten` would take apart is left.
fn flattened_conditions(list: &Expr) -> Option<Expr> {
    /// An element of a flattened list, as a condition.
    fn element(e: &Expr) -> Option<Expr> {
        match e.peel() {
            Expr::Conditional(c, t, f) => Some(Expr::Conditional(
                c.clone(),
                Box::new(element(t)?),
                Box::new(element(f)?),
            )),
            Expr::Tuple(items) if items.len() == 1 => element(&items[0]),
            list @ (Expr::For(_) | Expr::Tuple(_)) => Some(Expr::Call {
                name: "alltrue".into(),
                args: vec![flattened_conditions(list)?],
                expand_final: false,
            }),
            cond if is_boolean(cond) || matches!(cond, Expr::Literal(Value::Bool(_))) => {
                Some(cond.clone())
            }
            _ => None,
        }
    }
    match list {
        Expr::For(f) if f.key.is_none() && !f.grouping => {
            let mut g = (**f).clone();
            g.value = element(&f.value)?;
            Some(Expr::For(Box::new(g)))
        }
        Expr::Tuple(items) => Some(Expr::Tuple(
            items.iter().map(element).collect::<Option<_>>()?,
        )),
        _ => None,
    }
}

/// `{}`.
fn is_empty_object(e: &Expr) -> bool {
    matches!(e.peel(), Expr::Object(items) if items.is_empty())
}

/// `[]` or `{}`.
fn is_empty_literal(e: &Expr) -> bool {
    matches!(e.peel(), Expr::Tuple(items) if items.is_empty()) || is_empty_object(e)
}

/// `[for x in X : F ? P : true]` for `[for x in X : P if F]` under `alltrue`: an element the
/// filter leaves out counts as true. Terraform judges both alike: the filter (a bool, never
/// null) is evaluated for every element in both, and `P` fails or is false only where the
/// filter holds, as a conditional reports only its taken branch's errors.
fn unfiltered(f: &tfvars_runtime::expr::ForExpr, filter: &Expr) -> tfvars_runtime::expr::ForExpr {
    let mut g = f.clone();
    g.condition = None;
    g.value = Expr::Conditional(
        Box::new(filter.clone()),
        Box::new(f.value.clone()),
        Box::new(Expr::Literal(Value::Bool(true))),
    );
    g
}

/// The head of a `for` expression, to build another over the same collection.
struct ForParts {
    key_var: Option<String>,
    value_var: String,
    collection: Expr,
}

impl ForParts {
    /// `alltrue([for … : value])`.
    fn alltrue(self, value: Expr) -> Expr {
        Expr::Call {
            name: "alltrue".into(),
            args: vec![Expr::For(Box::new(tfvars_runtime::expr::ForExpr {
                key_var: self.key_var,
                value_var: self.value_var,
                collection: self.collection,
                key: None,
                value,
                condition: None,
                grouping: false,
            }))],
            expand_final: false,
        }
    }
}

/// `!e` with the negation moved inward (De Morgan, flipped comparisons), which Terraform
/// evaluates to the same value or the same failure; `None` when it cannot move.
fn negated(e: &Expr) -> Option<Expr> {
    let not =
        |e: &Expr| negated(e).unwrap_or_else(|| Expr::Unary(UnaryOp::Not, Box::new(e.clone())));
    Some(match e {
        Expr::Binary(BinaryOp::Or, a, b) => {
            Expr::Binary(BinaryOp::And, Box::new(not(a)), Box::new(not(b)))
        }
        Expr::Binary(BinaryOp::And, a, b) => {
            Expr::Binary(BinaryOp::Or, Box::new(not(a)), Box::new(not(b)))
        }
        Expr::Binary(op, a, b) => {
            let op = match op {
                BinaryOp::Eq => BinaryOp::NotEq,
                BinaryOp::NotEq => BinaryOp::Eq,
                BinaryOp::Less => BinaryOp::GreaterEq,
                BinaryOp::LessEq => BinaryOp::Greater,
                BinaryOp::Greater => BinaryOp::LessEq,
                BinaryOp::GreaterEq => BinaryOp::Less,
                _ => return None,
            };
            Expr::Binary(op, a.clone(), b.clone())
        }
        Expr::Unary(UnaryOp::Not, inner) => (**inner).clone(),
        Expr::Literal(Value::Bool(b)) => Expr::Literal(Value::Bool(!b)),
        Expr::Conditional(c, a, b) => {
            Expr::Conditional(c.clone(), Box::new(not(a)), Box::new(not(b)))
        }
        // `!anytrue([for x in X : P])` is `alltrue([for x in X : !P])`: every `P` is evaluated
        // in both, and a condition (never null) fails in `!P` where it fails in `P`.
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if name == "anytrue" => match args.as_slice() {
            [Expr::For(f)] if f.key.is_none() && !f.grouping && is_boolean(f.value.peel()) => {
                let mut each = (**f).clone();
                each.value = not(&f.value);
                Expr::Call {
                    name: "alltrue".into(),
                    args: vec![Expr::For(Box::new(each))],
                    expand_final: false,
                }
            }
            _ => return None,
        },
        _ => return None,
    })
}

/// The key of a key access to the target: `t.k`, `t["k"]`, `lookup(t, "k", d)`.
fn key_access(e: &Expr, target: Target, locals: &[LocalSpec]) -> Option<String> {
    match e {
        Expr::GetAttr(inner, k) if target.is(inner) => Some(k.clone()),
        Expr::Index(inner, k) if target.is(inner) => match literal_in(k, locals, 0)? {
            Value::String(k) => Some(k),
            _ => None,
        },
        Expr::Call {
            name,
            args,
            expand_final: false,
        } if name == "lookup" && args.len() == 3 && target.is(&args[0]) => {
            match literal_in(&args[1], locals, 0)? {
                Value::String(k) => Some(k),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Every key of a key access to the target in `e`; `bare` when the target is used otherwise.
fn key_accesses(
    e: &Expr,
    target: Target,
    locals: &[LocalSpec],
    keys: &mut Vec<String>,
    bare: &mut bool,
) {
    if let Some(k) = key_access(e, target, locals) {
        keys.push(k);
        if let Expr::Call { args, .. } = e {
            // The default of `lookup` may use the target too.
            key_accesses(&args[2], target, locals, keys, bare);
        }
        return;
    }
    if target.is(e) {
        *bare = true;
        return;
    }
    let mut visit = |e: &Expr| key_accesses(e, target, locals, keys, bare);
    match e {
        Expr::GetAttr(a, _) | Expr::Unary(_, a) => visit(a),
        Expr::Index(a, b) | Expr::Binary(_, a, b) => {
            visit(a);
            visit(b);
        }
        Expr::Conditional(a, b, c) => {
            visit(a);
            visit(b);
            visit(c);
        }
        Expr::Call { args, .. } | Expr::Tuple(args) => args.iter().for_each(visit),
        Expr::Object(items) => items.iter().for_each(|(k, v)| {
            visit(k);
            visit(v);
        }),
        // Anything that binds symbols or renders text is not looked into.
        Expr::For(_) | Expr::Splat { .. } | Expr::Template(_) => *bare = true,
        _ => {}
    }
}

/// Whether `e` refers to nothing but the `for` symbol `b` (and literals, functions).
fn uses_only(e: &Expr, b: &str) -> bool {
    match e {
        Expr::Bound(x) => x == b,
        // (Templates and object literals are not rewritten by `bound_as_variable`.)
        Expr::Variable(_)
        | Expr::Local(_)
        | Expr::Unknown(_)
        | Expr::For(_)
        | Expr::Splat { .. }
        | Expr::Template(_)
        | Expr::Object(_) => false,
        _ => e.children().into_iter().all(|c| uses_only(c, b)),
    }
}

/// `e` with the `for` symbol `b` replaced by the variable `name`.
fn bound_as_variable(e: &Expr, b: &str, name: &str) -> Expr {
    let r = |e: &Expr| Box::new(bound_as_variable(e, b, name));
    match e {
        Expr::Bound(x) if x == b => Expr::Variable(name.to_string()),
        Expr::GetAttr(a, n) => Expr::GetAttr(r(a), n.clone()),
        Expr::Index(a, i) => Expr::Index(r(a), r(i)),
        Expr::Unary(op, a) => Expr::Unary(*op, r(a)),
        Expr::Binary(op, a, c) => Expr::Binary(*op, r(a), r(c)),
        Expr::Conditional(a, t, f) => Expr::Conditional(r(a), r(t), r(f)),
        Expr::Call {
            name: f,
            args,
            expand_final,
        } => Expr::Call {
            name: f.clone(),
            args: args.iter().map(|a| bound_as_variable(a, b, name)).collect(),
            expand_final: *expand_final,
        },
        Expr::Tuple(items) => Expr::Tuple(
            items
                .iter()
                .map(|a| bound_as_variable(a, b, name))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Whether rules on a value of an element of a collection of `any` judge it the same before
/// and after Terraform unifies the elements' types: nothing but allowed strings (and null),
/// none of which is the text of a number or a bool.
fn unification_proof(r: &Rules) -> bool {
    let converted_text = |s: &str| {
        s == "true"
            || s == "false"
            || tfvars_runtime::convert(&Value::String(s.to_string()), &Type::Number).is_ok()
    };
    r.only_allowed()
        && r.allowed.as_ref().is_some_and(|a| {
            a.iter().all(|v| match v {
                Value::String(s) => !converted_text(s),
                Value::Null(_) => true,
                _ => false,
            })
        })
}

/// `e` with every key access to the target replaced by the symbol `slot`.
fn replace_key_access(e: &Expr, target: Target, locals: &[LocalSpec], slot: &str) -> Expr {
    if key_access(e, target, locals).is_some() {
        return Expr::Bound(slot.to_string());
    }
    let r = |e: &Expr| Box::new(replace_key_access(e, target, locals, slot));
    match e {
        Expr::GetAttr(a, n) => Expr::GetAttr(r(a), n.clone()),
        Expr::Index(a, b) => Expr::Index(r(a), r(b)),
        Expr::Unary(op, a) => Expr::Unary(*op, r(a)),
        Expr::Binary(op, a, b) => Expr::Binary(*op, r(a), r(b)),
        Expr::Conditional(a, b, c) => Expr::Conditional(r(a), r(b), r(c)),
        Expr::Call {
            name,
            args,
            expand_final,
        } => Expr::Call {
            name: name.clone(),
            args: args
                .iter()
                .map(|a| replace_key_access(a, target, locals, slot))
                .collect(),
            expand_final: *expand_final,
        },
        Expr::Tuple(items) => Expr::Tuple(
            items
                .iter()
                .map(|a| replace_key_access(a, target, locals, slot))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The runtime's verdict on `condition` for `var` = `value` (an untyped variable); `None`
/// when it cannot decide.
fn runtime_accepts(
    condition: &Expr,
    var: &str,
    value: Value,
    locals: &[LocalSpec],
    version: TerraformVersion,
) -> Option<bool> {
    use tfvars_runtime::{Location, ModuleSpec, Severity, ValidationSpec, VariableSpec};
    let location = Location {
        file: "".into(),
        line: 1,
        column: 1,
        range: None,
    };
    let spec = ModuleSpec {
        variables: vec![VariableSpec {
            name: var.to_string(),
            ty: Type::Any,
            typed: false,
            default: None,
            description: None,
            sensitive: false,
            nullable: true,
            nullable_set: false,
            ephemeral: false,
            validations: vec![ValidationSpec {
                condition: condition.clone(),
                error_message: Expr::Literal(Value::String("refused".into())),
                condition_source: String::new(),
                error_message_source: String::new(),
                location: location.clone(),
            }],
            location,
        }],
        locals: locals.to_vec(),
    };
    let values = std::collections::BTreeMap::from([(var.to_string(), value)]);
    let found = tfvars_runtime::eval::run_validations(&spec, &values, &Default::default(), version);
    // Only the rule's own verdict: the locals the module declares are all evaluated too, and
    // those that read other variables (not given here) may fail apart from the rule.
    let found: Vec<_> = found
        .into_iter()
        .filter(|d| d.variable.as_deref() == Some(var))
        .collect();
    if found.iter().any(|d| d.severity == Severity::Unchecked) {
        return None;
    }
    Some(!found.iter().any(|d| d.severity == Severity::Error))
}

/// Every `t[i]` in `e` whose collection is the target.
fn collect_indexes<'e>(e: &'e Expr, target: Target, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Index(inner, _) if target.is(inner) => out.push(e),
        Expr::For(_) | Expr::Splat { .. } => {}
        _ => e
            .children()
            .into_iter()
            .for_each(|c| collect_indexes(c, target, out)),
    }
}

/// Whether an index of the target is evaluated inside `can` or `try` in `e`.
fn caught_inside(e: &Expr, target: Target) -> bool {
    read_inside_can_or_try(e, &|arg| {
        let mut found = Vec::new();
        collect_indexes(arg, target, &mut found);
        !found.is_empty()
    })
}

/// Whether an argument of a `can` or `try` in `e` reads what `reads` looks for.
fn read_inside_can_or_try(e: &Expr, reads: &dyn Fn(&Expr) -> bool) -> bool {
    match e {
        Expr::Call { name, args, .. } if name == "can" || name == "try" => args.iter().any(reads),
        _ => e
            .children()
            .into_iter()
            .any(|c| read_inside_can_or_try(c, reads)),
    }
}

/// Whether an attribute path under the target is read inside `can` or `try` in `e`.
fn path_caught_inside(e: &Expr, target: Target) -> bool {
    read_inside_can_or_try(e, &|arg| {
        let mut found = Vec::new();
        collect_paths(arg, target, &mut found);
        found.iter().any(|p| !target.is(p))
    })
}

/// Every `GetAttr(t, _)` in `e` whose object is the target.
fn collect_attrs<'e>(e: &'e Expr, target: Target, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::GetAttr(inner, _) if target.is(inner) => out.push(e),
        Expr::GetAttr(inner, _) => collect_attrs(inner, target, out),
        Expr::Index(a, b) | Expr::Binary(_, a, b) => {
            collect_attrs(a, target, out);
            collect_attrs(b, target, out);
        }
        Expr::Unary(_, a) => collect_attrs(a, target, out),
        Expr::Conditional(a, b, c) => {
            collect_attrs(a, target, out);
            collect_attrs(b, target, out);
            collect_attrs(c, target, out);
        }
        Expr::Call { args, .. } | Expr::Tuple(args) => {
            args.iter().for_each(|a| collect_attrs(a, target, out))
        }
        Expr::For(f) => {
            collect_attrs(&f.collection, target, out);
            collect_attrs(&f.value, target, out);
            if let Some(c) = &f.condition {
                collect_attrs(c, target, out);
            }
        }
        _ => {}
    }
}

/// Whether a translated rule can fail (an error, not false) only on a null value at its node:
/// no rule on elements, values or keys (whose failures the rules do not record), and no
/// attribute rule, at any depth, that fails on a non-null object.
fn fails_only_on_null(r: &Rules) -> bool {
    !r.may_fail
        && r.items.is_none()
        && r.first.is_empty()
        && r.values.is_none()
        && r.keys.is_none()
        && r.members.is_none()
        && r.properties.iter().all(|(_, p)| fails_only_on_null(p))
        && r.any_of.iter().flatten().all(fails_only_on_null)
}

fn flip(op: BinaryOp) -> BinaryOp {
    match op {
        BinaryOp::Less => BinaryOp::Greater,
        BinaryOp::LessEq => BinaryOp::GreaterEq,
        BinaryOp::Greater => BinaryOp::Less,
        BinaryOp::GreaterEq => BinaryOp::LessEq,
        other => other,
    }
}

/// Floor and ceiling of a finite number, saturated far beyond any length.
fn floor_ceil(n: &Number) -> (i128, i128) {
    let whole = |m: Number| {
        m.to_i128().unwrap_or(if m.is_sign_negative() {
            i128::MIN / 2
        } else {
            i128::MAX / 2
        })
    };
    (whole(n.floor()), whole(n.ceil()))
}

/// Whether alternatives can be written as an `anyOf`: each is flat, or all are about the
/// attributes of an object (none about elements, values or keys).
/// Drops the alternatives of a disjunction that another one implies (`A || B` is `A` where
/// `B` implies `A`), for the one case known here: an alternative that only says the value is
/// an object implies nothing but holds for every alternative that says so too. Alternatives
/// that can fail are kept (their failure matters).
fn absorb(alternatives: &mut Vec<Rules>) {
    let object_only = Rules {
        object_only: true,
        ..Rules::default()
    };
    let weakest = |r: &Rules| {
        let mut plain = r.clone();
        plain.null_ok = true;
        plain == object_only
    };
    if alternatives.iter().any(|r| r.may_fail) {
        return;
    }
    // `length(x) == 0 || (length(x) > 0 && EVERY)` is `EVERY`, a rule on every element, value
    // or key only: an empty collection meets it.
    let empty_only = |r: &Rules| {
        let mut plain = r.clone();
        plain.null_ok = true;
        plain
            == Rules {
                max_length: Some(0),
                ..Rules::default()
            }
    };
    let every_only = |r: &Rules| {
        let mut every = r.clone();
        if every.min_length == Some(1) {
            every.min_length = None;
        }
        let mut bare = every.clone();
        bare.items = None;
        bare.values = None;
        bare.keys = None;
        bare.null_ok = true;
        let some = every.items.is_some() || every.values.is_some() || every.keys.is_some();
        (some && bare == Rules::default()).then_some(every)
    };
    if let [a, b] = alternatives.as_slice() {
        let every = match (empty_only(a), empty_only(b)) {
            (true, false) => every_only(b),
            (false, true) => every_only(a),
            _ => None,
        };
        if let Some(every) = every {
            *alternatives = vec![every];
            return;
        }
    }
    if let Some(i) = alternatives.iter().position(weakest) {
        let keep = alternatives[i].clone();
        alternatives.retain(|r| !r.object_only);
        alternatives.push(keep);
    }
}

fn alternatives_expressible(alternatives: &[Rules], ty: &Type) -> bool {
    // Alternatives nest (`anyOf` inside an alternative): each level is held to the same.
    fn no_elements(r: &Rules) -> bool {
        r.items.is_none()
            && r.values.is_none()
            && r.keys.is_none()
            && r.members.is_none()
            && r.any_of.iter().flatten().all(no_elements)
    }
    let on_attributes = matches!(ty, Type::Object(_)) && alternatives.iter().all(no_elements);
    // On a list, alternatives may also hold rules on its first elements (at their own level).
    let on_first = matches!(ty, Type::List(_))
        && alternatives.iter().all(|r| {
            r.items.is_none()
                && r.values.is_none()
                && r.keys.is_none()
                && r.members.is_none()
                && r.properties.is_empty()
                && r.required.is_empty()
                && !r.object_only
                && r.any_of.iter().flatten().all(Rules::is_flat)
        });
    on_attributes || on_first || alternatives.iter().all(Rules::is_flat)
}

/// Whether some number's string form (what Terraform gives a string variable for a number:
/// decimal text, `-?[0-9]+(\.[0-9]+)?`, never an exponent) contains a match of `pattern`;
/// `None` when that cannot be told here (a pattern the lazy DFA does not build, or a state
/// budget spent). Computed once per pattern and process.
pub(crate) fn some_number_matches(pattern: &str) -> Option<bool> {
    if let Some(found) = number_answers().lock().ok()?.get(pattern) {
        return *found;
    }
    let answer = number_search(pattern);
    number_answers()
        .lock()
        .ok()?
        .insert(pattern.to_string(), answer);
    answer
}

type NumberAnswers = std::sync::Mutex<std::collections::HashMap<String, Option<bool>>>;

/// The answers of [`some_number_matches`], per pattern.
fn number_answers() -> &'static NumberAnswers {
    static ANSWERS: std::sync::OnceLock<NumberAnswers> = std::sync::OnceLock::new();
    ANSWERS.get_or_init(Default::default)
}

/// Records that no number's text contains a match of `pattern`, for a pattern built here
/// around a character no number text has (a CIDR prefix's `/`): searching the product of a
/// large pattern's DFA with number texts would cost milliseconds.
fn no_number_matches(pattern: &str) {
    if let Ok(mut answers) = number_answers().lock() {
        answers.insert(pattern.to_string(), Some(false));
    }
}

/// The search behind [`some_number_matches`]: the product of the pattern's unanchored DFA and
/// the automaton of number texts, explored breadth first. A text contains a match exactly when
/// the DFA passes through a match state while reading it or at its end.
fn number_search(pattern: &str) -> Option<bool> {
    use regex_automata::hybrid::dfa::DFA;
    use regex_automata::util::start::Config;
    use regex_automata::Anchored;
    // The automaton of number texts: 0 start, 1 after `-`, 2 digits (accepting), 3 after `.`,
    // 4 fraction digits (accepting). Every state can reach an accepting one.
    fn step(state: u8, b: u8) -> Option<u8> {
        match (state, b) {
            (0, b'-') => Some(1),
            (0..=2, b'0'..=b'9') => Some(2),
            (2, b'.') => Some(3),
            (3 | 4, b'0'..=b'9') => Some(4),
            _ => None,
        }
    }
    const BUDGET: usize = 20_000;
    let dfa = DFA::new(pattern).ok()?;
    let mut cache = dfa.create_cache();
    let start = dfa
        .start_state(&mut cache, &Config::new().anchored(Anchored::No))
        .ok()?;
    let mut seen = std::collections::HashSet::new();
    let mut queue = std::collections::VecDeque::from([(start, 0u8)]);
    seen.insert((start, 0u8));
    while let Some((s, n)) = queue.pop_front() {
        // A cleared cache invalidates the states held here: give up rather than mix them.
        if seen.len() > BUDGET || cache.clear_count() > 0 {
            return None;
        }
        if n == 2 || n == 4 {
            let end = dfa.next_eoi_state(&mut cache, s).ok()?;
            if end.is_quit() || end.is_unknown() || cache.clear_count() > 0 {
                return None;
            }
            if end.is_match() {
                return Some(true);
            }
        }
        for b in b"-.0123456789" {
            let Some(m) = step(n, *b) else { continue };
            let t = dfa.next_state(&mut cache, s, *b).ok()?;
            if t.is_quit() || t.is_unknown() {
                return None;
            }
            if cache.clear_count() > 0 {
                return None;
            }
            if t.is_match() {
                // A match ended before `b`; any number text extending this prefix has it.
                return Some(true);
            }
            if t.is_dead() {
                continue;
            }
            if seen.insert((t, m)) {
                queue.push_back((t, m));
            }
        }
    }
    Some(false)
}
