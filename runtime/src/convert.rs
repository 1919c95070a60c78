//! Terraform's type conversion (go-cty's `convert.Convert`, with unsafe conversions allowed, as
//! Terraform applies it to input variables), preceded by the filling of `optional(T, default)`
//! attribute defaults.
//!
//! As in go-cty, conversion is first decided on types: if the value's type cannot become the
//! wanted type at all, the error is a type mismatch described from the top
//! (`element 0: string required`, `attribute "c": attribute "e" is required`) with an empty
//! path. Otherwise the value is converted element by element, and the only failures left are
//! value-level ones (a string that is not a number, …), reported with the path where they
//! happened (`[1].port`) and cty's message (`a number is required`).
//!
//! ```
//! use tfvars_runtime::json::parse_json_value;
//! use tfvars_runtime::{convert, Type};
//!
//! let numbers = Type::list(Type::Number);
//! let given = parse_json_value(r#"["1", 2e0]"#, "x.tfvars.json").unwrap();
//! assert_eq!(convert(&given, &numbers).unwrap().to_json().unwrap(), "[1,2]");
//!
//! // A value-level failure: where, and cty's message.
//! let given = parse_json_value(r#"[1, "x"]"#, "x.tfvars.json").unwrap();
//! let e = convert(&given, &numbers).unwrap_err();
//! assert_eq!((e.path_string().as_str(), e.message()), ("[1]", "a number is required"));
//!
//! // A type mismatch: described from the top, as Terraform prints it.
//! let given = parse_json_value("[true, 2]", "x.tfvars.json").unwrap();
//! let e = convert(&given, &Type::list(Type::Bool)).unwrap_err();
//! assert_eq!(e.to_string(), "element 1: bool required");
//! ```

use std::borrow::Cow;
use std::fmt;

use crate::number::Number;
use crate::types::{Attribute, ObjectType, Type};
use crate::value::{go_quote, Value};
use crate::value_map::ValueMap;

/// One step of a path into a value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PathStep {
    /// A list, set or tuple element: `[0]`.
    Index(usize),
    /// A map element: `["key"]`.
    Key(String),
    /// An object attribute: `.name`.
    Attr(String),
}

/// Formats a path as Terraform writes it after a variable name: `[0]`, `["a"].b`.
pub fn format_path(path: &[PathStep]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            PathStep::Index(i) => out.push_str(&format!("[{i}]")),
            PathStep::Key(k) => {
                out.push('[');
                crate::value::write_json_string(&mut out, k);
                out.push(']');
            }
            PathStep::Attr(a) => {
                out.push('.');
                out.push_str(a);
            }
        }
    }
    out
}

/// A value that does not convert to a type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConversionError {
    path: Vec<PathStep>,
    message: String,
}

impl ConversionError {
    fn new(path: &[PathStep], message: impl Into<String>) -> ConversionError {
        ConversionError {
            path: path.to_vec(),
            message: message.into(),
        }
    }

    // The same error, one step further from the top.
    fn within(mut self, step: PathStep) -> ConversionError {
        self.path.insert(0, step);
        self
    }

    /// Where inside the value the problem is; empty for a type mismatch, which the message
    /// describes from the top.
    pub fn path(&self) -> &[PathStep] {
        &self.path
    }

    /// The path as text: `[0]`, `["a"].b`; empty for the whole value.
    pub fn path_string(&self) -> String {
        format_path(&self.path)
    }

    /// Terraform's message: `a number is required`, `element 0: string required`,
    /// `attribute "c": attribute "e" is required`.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConversionError {}

/// Converts `value` to the type constraint `ty` as Terraform converts an input variable:
/// optional-attribute defaults are filled first (for missing or null attributes, a parent
/// default before its nested defaults, never merged into a supplied value), then go-cty's
/// conversion rules apply (string ↔ number/bool, element-wise collections, sets deduplicated
/// after conversion, extra object attributes dropped, tuple arity checked, `any` kept or unified).
pub fn convert(value: &Value, ty: &Type) -> Result<Value, ConversionError> {
    if needs_defaults(value, ty) {
        return convert_owned(value.clone(), ty);
    }
    check_convertible(value, ty)?;
    conv(value.clone(), ty)
}

/// [`convert`], taking the value: defaults are filled in place, and what needs no conversion
/// (strings, numbers, the parts of structures) is moved into the result rather than copied.
pub fn convert_owned(value: Value, ty: &Type) -> Result<Value, ConversionError> {
    let value = with_defaults(value, ty);
    check_convertible(&value, ty)?;
    conv(value, ty)
}

fn check_convertible(value: &Value, ty: &Type) -> Result<(), ConversionError> {
    if value_convertible(value, ty) {
        Ok(())
    } else {
        Err(ConversionError::new(&[], mismatch_message(&value.ty(), ty)))
    }
}

// ---------------------------------------------------------------------------------------------
// Defaults (Terraform's typeexpr.Defaults.Apply), on the value before conversion.

fn needs_defaults(value: &Value, ty: &Type) -> bool {
    !value.is_null() && !value.is_unknown() && ty.has_defaults()
}

// `value` with the defaults of `ty` applied, in place.
fn with_defaults(mut value: Value, ty: &Type) -> Value {
    if !needs_defaults(&value, ty) {
        return value;
    }
    let child = |index: Option<usize>, key: Option<&str>| -> Option<&Type> {
        match ty {
            Type::List(t) | Type::Set(t) | Type::Map(t) => Some(t),
            Type::Tuple(ts) => index.and_then(|i| ts.get(i)),
            Type::Object(_) => key.and_then(|k| ty.attribute(k)).map(|a| &a.ty),
            _ => None,
        }
    };
    let apply = |v: &mut Value, t: &Type| {
        if needs_defaults(v, t) {
            *v = with_defaults(take(v), t);
        }
    };
    let apply_seq = |vs: &mut [Value]| {
        for (i, v) in vs.iter_mut().enumerate() {
            if let Some(t) = child(Some(i), None) {
                apply(v, t);
            }
        }
    };
    match &mut value {
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => apply_seq(vs),
        Value::Map(_, m) | Value::Object(m) => {
            for (k, v) in m.iter_mut() {
                if let Some(t) = child(None, Some(k)) {
                    apply(v, t);
                }
            }
            if let Type::Object(attrs) = ty {
                // The default an attribute takes: it has one, and the value has no attribute
                // of that name or a null one.
                fn taken<'a>(m: &ValueMap, a: &'a Attribute) -> Option<&'a Value> {
                    a.default
                        .as_ref()
                        .filter(|_| m.get(&*a.name).is_none_or(Value::is_null))
                }
                m.reserve(attrs.iter().filter(|a| taken(m, a).is_some()).count());
                for a in attrs {
                    // A default is stored converted to its attribute's type, its own
                    // defaults already in: it goes in as it is.
                    if let Some(default) = taken(m, a) {
                        m.insert(a.name.to_string(), default.clone());
                    }
                }
            }
        }
        _ => {}
    }
    match value {
        Value::List(et, vs) => rebuild_seq(vs, |vs| Value::List(et, vs)),
        Value::Set(et, vs) => rebuild_seq(vs, |vs| Value::set(et, vs)),
        Value::Map(et, m) if !m.values().all(|v| v.ty().same_as(&et)) => Value::Object(m),
        v => v,
    }
}

// A list or set whose elements changed type after defaults becomes a tuple, as in Terraform.
fn rebuild_seq(vs: Vec<Value>, build: impl FnOnce(Vec<Value>) -> Value) -> Value {
    let same = vs.windows(2).all(|w| w[0].ty().same_as(&w[1].ty()));
    if same {
        build(vs)
    } else {
        Value::Tuple(vs)
    }
}

// ---------------------------------------------------------------------------------------------
// Type-level conversion (go-cty getConversion with unsafe = true).

fn is_dynamic(t: &Type) -> bool {
    matches!(t, Type::Any)
}

/// Whether some value of type `from` may convert to `to` (go-cty's `GetConversionUnsafe` is
/// not nil). A value can still fail at value level (`"x"` to `number`).
pub fn can_convert(from: &Type, to: &Type) -> bool {
    if is_dynamic(to) || is_dynamic(from) {
        return true;
    }
    match (from, to) {
        (f, t) if f.is_primitive() && t.is_primitive() => {
            f == t || matches!(t, Type::String) || matches!(f, Type::String)
        }
        (Type::Object(fa), Type::Object(ta)) => ta.iter().all(|a| match find(fa, &a.name) {
            Some(f) => f.ty.same_as(&a.ty) || can_convert(&f.ty, &a.ty),
            None => a.optional,
        }),
        (Type::Tuple(fs), Type::Tuple(ts)) => {
            fs.len() == ts.len() && fs.iter().zip(ts).all(|(f, t)| can_convert(f, t))
        }
        (Type::List(f) | Type::Set(f), Type::List(t) | Type::Set(t)) => can_convert(f, t),
        (Type::Map(f), Type::Map(t)) => can_convert(f, t),
        (Type::Tuple(fs), Type::List(t) | Type::Set(t)) => seq_target(fs, t, false).is_some(),
        (Type::Object(fa), Type::Map(t)) => {
            let tys: Vec<Type> = fa.iter().map(|a| a.ty.clone()).collect();
            seq_target(&tys, t, true).is_some()
        }
        (Type::Map(f), Type::Object(ta)) => ta.iter().all(|a| can_convert(f, &a.ty)),
        _ => false,
    }
}

// `can_convert(&value.ty(), want)`, without building the type of a large value: tuples and
// objects are checked member by member unless their members must first be unified for `any`.
fn value_convertible(value: &Value, want: &Type) -> bool {
    match (value, want) {
        (_, Type::Any) => true,
        (Value::Tuple(vs), Type::Tuple(ts)) => {
            vs.len() == ts.len() && vs.iter().zip(ts).all(|(v, t)| value_convertible(v, t))
        }
        (Value::Tuple(vs), Type::List(e) | Type::Set(e)) if !is_dynamic(e) => {
            vs.iter().all(|v| value_convertible(v, e))
        }
        (Value::Object(m), Type::Object(attrs)) => {
            by_attribute(attrs, m.iter()).all(|(i, entry)| match entry {
                Some((_, v)) => value_convertible(v, &attrs[i].ty),
                None => attrs[i].optional,
            })
        }
        (Value::Object(m), Type::Map(e)) if !is_dynamic(e) => {
            m.values().all(|v| value_convertible(v, e))
        }
        // As `can_convert` judges a collection's type, without building it.
        (Value::List(t, _) | Value::Set(t, _), Type::List(e) | Type::Set(e)) => can_convert(t, e),
        (Value::Map(t, _), Type::Map(e)) => can_convert(t, e),
        // Unification for `any` needs the members' types; other values' types are small (a
        // primitive, or a collection's element type).
        _ => can_convert(&value.ty(), want),
    }
}

// The element type that the members of a tuple (or, with `to_map`, an object) convert to for
// a collection of `want`: `want` itself, or for `any` the unified type. `None` if impossible.
fn seq_target(members: &[Type], want: &Type, to_map: bool) -> Option<Type> {
    if members.is_empty() {
        return Some(want.clone());
    }
    let target = if is_dynamic(want) {
        let unified = unify(members)?;
        // Unified only to `any` (an untyped null beside a collection or structure): a tuple
        // converts to a list or set only if every member has the very same type
        // (`tolist([null, [1]])` fails). An object converts to a map at type level, and its
        // values decide (see `map_of_any_target`).
        if is_dynamic(&unified) && !members.iter().all(|m| m.same_as(&members[0])) {
            return to_map.then_some(Type::Any);
        }
        unified
    } else {
        want.clone()
    };
    members
        .iter()
        .all(|m| m.same_as(&target) || can_convert(m, &target))
        .then_some(target)
}

fn find<'a>(attrs: &'a [Attribute], name: &str) -> Option<&'a Attribute> {
    attrs.iter().find(|a| &*a.name == name)
}

/// go-cty's `unify` (unsafe): the one type that every type in `types` converts to, as
/// Terraform finds it for `list(any)`, `set(any)` and `map(any)`. `None` if there is none.
pub fn unify(types: &[Type]) -> Option<Type> {
    if types.is_empty() {
        return None;
    }
    let count = |f: fn(&Type) -> bool| types.iter().filter(|t| f(t)).count();
    let maps = count(|t| matches!(t, Type::Map(_)));
    let lists = count(|t| matches!(t, Type::List(_)));
    let sets = count(|t| matches!(t, Type::Set(_)));
    let objects = count(|t| matches!(t, Type::Object(_)));
    let tuples = count(|t| matches!(t, Type::Tuple(_)));
    let dynamics = count(is_dynamic);
    let n = types.len();
    if maps > 0 && maps + dynamics == n {
        return unify_collections(types, dynamics > 0, Type::map);
    }
    if maps > 0 && maps + objects + dynamics == n {
        // go-cty's unifyObjectsAsMaps: the objects unified as a map among themselves, then
        // everything unified again with that map in their place; anything but a map falls
        // through to the general case (with the original types).
        if let Some(as_map) = unify_objects_as_maps(types) {
            return Some(as_map);
        }
    } else if lists > 0 && lists + dynamics == n {
        return unify_collections(types, dynamics > 0, Type::list);
    } else if sets > 0 && sets + dynamics == n {
        return unify_collections(types, dynamics > 0, Type::set);
    } else if objects > 0 && objects + dynamics == n {
        return unify_objects(types, dynamics > 0);
    } else if tuples > 0 && tuples + dynamics == n {
        return unify_tuples(types, dynamics > 0);
    } else if objects > 0 && tuples > 0 {
        return None;
    }
    // The general case: the first type, in order of preference, that all others convert to.
    'outer: for want in preference_order(types) {
        let want = &types[want];
        for t in types {
            if !(t.same_as(want) || can_convert(t, want)) {
                continue 'outer;
            }
        }
        return Some(want.clone());
    }
    None
}

fn unify_collections(types: &[Type], has_dynamic: bool, make: fn(Type) -> Type) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Any);
    }
    let elems: Vec<Type> = types
        .iter()
        .map(|t| match t {
            Type::List(e) | Type::Set(e) | Type::Map(e) => (**e).clone(),
            _ => Type::Any,
        })
        .collect();
    unify(&elems).map(make)
}

fn unify_objects(types: &[Type], has_dynamic: bool) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Any);
    }
    fn attrs_of(t: &Type) -> &[Attribute] {
        match t {
            Type::Object(a) => a,
            _ => &[],
        }
    }
    let first = attrs_of(&types[0]);
    let same_names = types[1..].iter().all(|t| {
        let a = attrs_of(t);
        a.len() == first.len() && a.iter().all(|x| find(first, &x.name).is_some())
    });
    if !same_names {
        return unify_objects_to_map(types);
    }
    let mut out = Vec::new();
    for a in first {
        let across: Vec<Type> = types
            .iter()
            .map(|t| {
                find(attrs_of(t), &a.name)
                    .map(|x| x.ty.clone())
                    .unwrap_or(Type::Any)
            })
            .collect();
        out.push(Attribute {
            name: a.name.clone(),
            ty: unify(&across)?,
            optional: false,
            default: None,
        });
    }
    let ret = Type::object(out);
    if types
        .iter()
        .all(|t| t.same_as(&ret) || can_convert(t, &ret))
    {
        Some(ret)
    } else {
        unify_objects_to_map(types)
    }
}

fn unify_objects_as_maps(types: &[Type]) -> Option<Type> {
    let objects: Vec<Type> = types
        .iter()
        .filter(|t| matches!(t, Type::Object(_)))
        .cloned()
        .collect();
    let map = unify_objects_to_map(&objects)?;
    let mapped: Vec<Type> = types
        .iter()
        .map(|t| match t {
            Type::Object(_) => map.clone(),
            other => other.clone(),
        })
        .collect();
    unify(&mapped).filter(|t| matches!(t, Type::Map(_)))
}

fn unify_objects_to_map(types: &[Type]) -> Option<Type> {
    let elems: Vec<Type> = types
        .iter()
        .flat_map(|t| match t {
            Type::Object(a) => a.iter().map(|x| x.ty.clone()).collect(),
            _ => Vec::new(),
        })
        .collect();
    let ret = Type::map(unify(&elems)?);
    types
        .iter()
        .all(|t| t.same_as(&ret) || can_convert(t, &ret))
        .then_some(ret)
}

fn unify_tuples(types: &[Type], has_dynamic: bool) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Any);
    }
    let elems_of = |t: &Type| match t {
        Type::Tuple(e) => e.clone(),
        _ => Vec::new(),
    };
    let first = elems_of(&types[0]);
    if types[1..].iter().any(|t| elems_of(t).len() != first.len()) {
        let all: Vec<Type> = types.iter().flat_map(elems_of).collect();
        let ret = Type::list(unify(&all)?);
        return types
            .iter()
            .all(|t| t.same_as(&ret) || can_convert(t, &ret))
            .then_some(ret);
    }
    let mut out = Vec::new();
    for i in 0..first.len() {
        let across: Vec<Type> = types.iter().map(|t| elems_of(t)[i].clone()).collect();
        out.push(unify(&across)?);
    }
    Some(Type::Tuple(out))
}

// go-cty's sortTypes: a topological order of "more general than" (string over other
// primitives, anything over `any`), stable otherwise.
fn preference_order(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            match compare_types(&types[i], &types[j]) {
                c if c < 0 => edges[i].push(j),
                c if c > 0 => edges[j].push(i),
                _ => {}
            }
        }
    }
    let mut in_degree = vec![0; n];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut result: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut head = 0;
    while head < result.len() {
        let i = result[head];
        head += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                result.push(j);
            }
        }
    }
    result
}

// Negative when `a` is preferred (more general) over `b`.
fn compare_types(a: &Type, b: &Type) -> i32 {
    if is_dynamic(a) || is_dynamic(b) {
        return match (is_dynamic(a), is_dynamic(b)) {
            (false, true) => -1,
            (true, false) => 1,
            _ => 0,
        };
    }
    if a.is_primitive() && b.is_primitive() {
        let (sa, sb) = (matches!(a, Type::String), matches!(b, Type::String));
        return match (sa, sb) {
            (false, true) => 1,
            (true, false) => -1,
            _ => 0,
        };
    }
    match (a, b) {
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => compare_types(x, y),
        (Type::Tuple(_), Type::List(_)) | (Type::Object(_), Type::Map(_)) => 1,
        (Type::List(_), Type::Tuple(_)) | (Type::Map(_), Type::Object(_)) => -1,
        // A list or tuple is preferred over a set (`true ? tolist([1]) : toset([1])` is a list).
        (Type::Set(_), Type::Tuple(_) | Type::List(_)) => 1,
        (Type::Tuple(_) | Type::List(_), Type::Set(_)) => -1,
        (Type::Object(x), Type::Object(y)) => {
            if x.len() != y.len() {
                return 0;
            }
            let (mut a_super, mut b_super) = (false, false);
            for xa in x {
                let Some(ya) = find(y, &xa.name) else {
                    return 0;
                };
                match compare_types(&xa.ty, &ya.ty) {
                    c if c < 0 => a_super = true,
                    c if c > 0 => b_super = true,
                    _ => {}
                }
            }
            super_result(a_super, b_super)
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            if x.len() != y.len() {
                return 0;
            }
            let (mut a_super, mut b_super) = (false, false);
            for (xe, ye) in x.iter().zip(y) {
                match compare_types(xe, ye) {
                    c if c < 0 => a_super = true,
                    c if c > 0 => b_super = true,
                    _ => {}
                }
            }
            super_result(a_super, b_super)
        }
        _ => 0,
    }
}

fn super_result(a_super: bool, b_super: bool) -> i32 {
    match (a_super, b_super) {
        (true, false) => -1,
        (false, true) => 1,
        _ => 0,
    }
}

// ---------------------------------------------------------------------------------------------
// Type mismatch messages (go-cty's MismatchMessage).

/// go-cty's description of why type `got` cannot convert to `want`.
pub fn mismatch_message(got: &Type, want: &Type) -> String {
    match (got, want) {
        (Type::Object(_), Type::Object(_)) => mismatch_objects(got, want),
        (Type::Tuple(_), Type::List(e)) if is_dynamic(e) => {
            "all list elements must have the same type".into()
        }
        (Type::Tuple(_), Type::Set(e)) if is_dynamic(e) => {
            "all set elements must have the same type".into()
        }
        (Type::Object(_), Type::Map(e)) if is_dynamic(e) => {
            "all map elements must have the same type".into()
        }
        (Type::Tuple(_) | Type::Object(_), w) if w.is_collection() => {
            mismatch_structural_to_collection(got, want)
        }
        (g, w) if g.is_collection() && w.is_collection() => {
            let (Type::List(ge) | Type::Set(ge) | Type::Map(ge)) = g else {
                unreachable!()
            };
            let (Type::List(we) | Type::Set(we) | Type::Map(we)) = w else {
                unreachable!()
            };
            let same_kind = std::mem::discriminant(g) == std::mem::discriminant(w)
                || matches!(
                    (g, w),
                    (Type::Set(_), Type::List(_)) | (Type::List(_), Type::Set(_))
                );
            if same_kind {
                format!("incorrect {}: {}", kind_noun(w), mismatch_message(ge, we))
            } else {
                format!("{} required", want.friendly_name())
            }
        }
        _ => format!("{} required", want.friendly_name()),
    }
}

fn kind_noun(t: &Type) -> &'static str {
    match t {
        Type::List(_) => "list element type",
        Type::Set(_) => "set element type",
        _ => "map element type",
    }
}

fn mismatch_objects(got: &Type, want: &Type) -> String {
    let (Type::Object(ga), Type::Object(wa)) = (got, want) else {
        return format!("{} required", want.friendly_name());
    };
    let mut wanted: Vec<&Attribute> = wa.iter().collect();
    wanted.sort_by(|a, b| a.name.cmp(&b.name));
    // Missing attributes are reported in preference to one that cannot convert, as cty does.
    let mut missing = Vec::new();
    let mut mismatch = None;
    for w in wanted {
        match find(ga, &w.name) {
            None => {
                if !w.optional {
                    missing.push(go_quote(&w.name));
                }
            }
            Some(g) if mismatch.is_none() => {
                if !(g.ty.same_as(&w.ty) || can_convert(&g.ty, &w.ty)) {
                    mismatch = Some((w, g));
                }
            }
            Some(_) => {}
        }
    }
    match missing.len() {
        0 => match mismatch {
            Some((w, g)) => format!(
                "attribute {}: {}",
                go_quote(&w.name),
                mismatch_message(&g.ty, &w.ty)
            ),
            None => "incorrect object attributes".into(),
        },
        1 => format!("attribute {} is required", missing[0]),
        2 => format!("attributes {} and {} are required", missing[0], missing[1]),
        n => format!(
            "attributes {}, and {} are required",
            missing[..n - 1].join(", "),
            missing[n - 1]
        ),
    }
}

fn mismatch_structural_to_collection(got: &Type, want: &Type) -> String {
    let (Type::List(we) | Type::Set(we) | Type::Map(we)) = want else {
        return format!("{} required", want.friendly_name());
    };
    match (got, want) {
        (Type::Tuple(es), Type::List(_) | Type::Set(_)) => {
            for (i, e) in es.iter().enumerate() {
                if e.same_as(we) || can_convert(e, we) {
                    continue;
                }
                return format!("element {i}: {}", mismatch_message(e, we));
            }
            format!("all elements must be {}", we.friendly_name())
        }
        (Type::Object(attrs), Type::Map(_)) => {
            let mut attrs: Vec<&Attribute> = attrs.iter().collect();
            attrs.sort_by(|a, b| a.name.cmp(&b.name));
            for a in attrs {
                if a.ty.same_as(we) || can_convert(&a.ty, we) {
                    continue;
                }
                return format!(
                    "element {}: {}",
                    go_quote(&a.name),
                    mismatch_message(&a.ty, we)
                );
            }
            format!("all elements must be {}", we.friendly_name())
        }
        _ => format!("{} required", want.friendly_name()),
    }
}

// ---------------------------------------------------------------------------------------------
// Value-level conversion, once the types are known to be compatible.

// The type of a null or unknown value converted to `want`: `want` without optional markers,
// with any `any` filled from the value's own type.
fn dynamic_replace(have: &Type, want: &Type) -> Type {
    // Every case but `any` in `want` gives `want`'s own structure: without an `any`, the
    // result is `want` without its markers (shared, for an object type), whatever `have` is.
    if !want.has_any() {
        return want.without_optional();
    }
    match (have, want) {
        (_, Type::Any) => have.clone(),
        (Type::Any, w) => w.without_optional(),
        (Type::List(h), Type::List(w)) => Type::list(dynamic_replace(h, w)),
        (Type::Set(h), Type::Set(w)) => Type::set(dynamic_replace(h, w)),
        (Type::Map(h), Type::Map(w)) => Type::map(dynamic_replace(h, w)),
        (Type::Tuple(h), Type::Tuple(w)) if h.len() == w.len() => Type::Tuple(
            h.iter()
                .zip(w)
                .map(|(h, w)| dynamic_replace(h, w))
                .collect(),
        ),
        (Type::Object(h), Type::Object(w)) => Type::Object(
            w.iter()
                .map(|wa| Attribute {
                    name: wa.name.clone(),
                    ty: match find(h, &wa.name) {
                        Some(ha) => dynamic_replace(&ha.ty, &wa.ty),
                        None => wa.ty.without_optional(),
                    },
                    optional: false,
                    default: None,
                })
                .collect(),
        ),
        (_, w) => w.without_optional(),
    }
}

// Errors carry the path below `value`; each level adds its own step on the way out, so
// nothing is built for the path unless conversion fails. The value is taken apart: strings and
// keys move into the result, and sequences are converted in place.
fn conv(value: Value, want: &Type) -> Result<Value, ConversionError> {
    if is_dynamic(want) || conforms(&value, want) {
        return Ok(value);
    }
    let value = match value {
        Value::Null(t) | Value::Unknown(t) if !can_convert(&t, want) => {
            return Err(ConversionError::new(&[], mismatch_message(&t, want)));
        }
        Value::Null(t) => return Ok(Value::Null(dynamic_replace(&t, want))),
        Value::Unknown(t) => return Ok(Value::Unknown(dynamic_replace(&t, want))),
        v => v,
    };
    match (want, value) {
        (Type::String, v @ Value::String(_)) => Ok(v),
        (Type::String, Value::Number(n)) => Ok(Value::String(n.to_terraform_string())),
        (Type::String, Value::Bool(b)) => Ok(Value::String(b.to_string())),
        (Type::Number, v @ Value::Number(_)) => Ok(v),
        (Type::Number, Value::String(s)) => match Number::parse(&s) {
            Some(n) => Ok(Value::Number(n)),
            None => Err(ConversionError::new(&[], "a number is required")),
        },
        (Type::Bool, v @ Value::Bool(_)) => Ok(v),
        (Type::Bool, Value::String(s)) => match s.as_str() {
            "true" | "1" => Ok(Value::Bool(true)),
            "false" | "0" => Ok(Value::Bool(false)),
            other => Err(ConversionError::new(
                &[],
                match other.to_lowercase().as_str() {
                    "true" => "a bool is required; to convert from string, use lowercase \"true\"",
                    "false" => {
                        "a bool is required; to convert from string, use lowercase \"false\""
                    }
                    _ => "a bool is required",
                },
            )),
        },
        (Type::Object(attrs), Value::Object(m)) => object_from_entries(attrs, m, false),
        (Type::Object(attrs), Value::Map(_, m)) => object_from_entries(attrs, m, true),
        (Type::Tuple(ts), Value::Tuple(mut vs)) if ts.len() == vs.len() => {
            for (i, (v, t)) in vs.iter_mut().zip(ts).enumerate() {
                *v = conv(take(v), t).map_err(|e| e.within(PathStep::Index(i)))?;
            }
            Ok(Value::Tuple(vs))
        }
        (
            Type::List(et) | Type::Set(et),
            value @ (Value::List(..) | Value::Set(..) | Value::Tuple(_)),
        ) => {
            let (shape, mut vs) = match value {
                Value::List(e, vs) | Value::Set(e, vs) => (Shape::Collection(e), vs),
                Value::Tuple(vs) => (Shape::Tuple, vs),
                _ => unreachable!("matched above"),
            };
            let target = match shape {
                Shape::Tuple if is_dynamic(et) => {
                    let tys: Vec<Type> = vs.iter().map(Value::ty).collect();
                    match seq_target(&tys, et, false) {
                        Some(t) => Cow::Owned(t),
                        None => {
                            return Err(ConversionError::new(
                                &[],
                                mismatch_message(&Type::Tuple(tys), want),
                            ))
                        }
                    }
                }
                _ => Cow::Borrowed(&**et),
            };
            for (i, v) in vs.iter_mut().enumerate() {
                *v = conv(take(v), &target).map_err(|e| e.within(PathStep::Index(i)))?;
            }
            let elem_ty = homogenize(&target, want, shape, &mut vs)?;
            Ok(match want {
                Type::Set(_) => Value::set(elem_ty, vs),
                _ => Value::List(elem_ty, vs),
            })
        }
        (Type::Map(et), value @ (Value::Map(..) | Value::Object(_))) => {
            let (shape, m) = match value {
                Value::Map(e, m) => (Shape::Collection(e), m),
                Value::Object(m) => (Shape::Object, m),
                _ => unreachable!("matched above"),
            };
            let target = match shape {
                Shape::Object if is_dynamic(et) => {
                    let tys: Vec<Type> = m.values().map(Value::ty).collect();
                    match seq_target(&tys, et, true) {
                        Some(t) if is_dynamic(&t) => Cow::Owned(map_of_any_target(&tys)?),
                        Some(t) => Cow::Owned(t),
                        None => {
                            let got = Value::Object(m).ty();
                            return Err(ConversionError::new(&[], mismatch_message(&got, want)));
                        }
                    }
                }
                _ => Cow::Borrowed(&**et),
            };
            let (keys, mut elems): (Vec<String>, Vec<Value>) = m.into_iter().unzip();
            for (k, v) in keys.iter().zip(elems.iter_mut()) {
                *v = conv(take(v), &target).map_err(|e| e.within(PathStep::Key(k.clone())))?;
            }
            let elem_ty = homogenize(&target, want, shape, &mut elems)?;
            // The keys come in order from the source map, so the map is built in bulk.
            Ok(Value::Map(elem_ty, keys.into_iter().zip(elems).collect()))
        }
        (_, value) => Err(ConversionError::new(
            &[],
            mismatch_message(&value.ty(), want),
        )),
    }
}

// Whether `value` is a collection or structure that already has exactly the type `want`
// (`optional` markers aside) at every depth, so that converting it would rebuild it unchanged:
// it is then kept as it is, with the parts it shares with other values (a default put into
// every object that leaves its attribute out is one value, shared). A type with `any` is left
// to the conversion, which may unify element types. Primitives convert in place anyway.
fn conforms(value: &Value, want: &Type) -> bool {
    fn exactly(value: &Value, want: &Type) -> bool {
        match (value, want) {
            (Value::Null(t) | Value::Unknown(t), want) => t.same_as(want),
            (Value::String(_), Type::String)
            | (Value::Number(_), Type::Number)
            | (Value::Bool(_), Type::Bool) => true,
            (Value::List(et, vs), Type::List(w)) | (Value::Set(et, vs), Type::Set(w)) => {
                et.same_as(w) && vs.iter().all(|v| exactly(v, w))
            }
            (Value::Map(et, m), Type::Map(w)) => et.same_as(w) && m.values().all(|v| exactly(v, w)),
            (Value::Tuple(vs), Type::Tuple(ts)) => {
                vs.len() == ts.len() && vs.iter().zip(ts).all(|(v, t)| exactly(v, t))
            }
            (Value::Object(m), Type::Object(attrs)) => {
                m.len() == attrs.len()
                    && attrs
                        .iter()
                        .all(|a| m.get(&*a.name).is_some_and(|v| exactly(v, &a.ty)))
            }
            _ => false,
        }
    }
    matches!(
        value,
        Value::List(..) | Value::Set(..) | Value::Map(..) | Value::Tuple(_) | Value::Object(_)
    ) && !want.has_any()
        && exactly(value, want)
}

// What a collection is converted from, as far as building it goes.
enum Shape {
    Tuple,
    Object,
    /// A list, set or map, with its element type.
    Collection(Type),
}

// The value out of `slot`, which keeps a placeholder until it is written again.
fn take(slot: &mut Value) -> Value {
    std::mem::replace(slot, Value::Bool(false))
}

// An object of `attrs` from the entries of an object or a map (`from_map`): each attribute's
// entry converted, absent optional ones null, the rest dropped. The entries and the
// attributes are walked together in name order; of several failures, the one of the earliest
// declared attribute is reported, as when they are converted in declaration order.
fn object_from_entries(
    attrs: &ObjectType,
    m: ValueMap,
    from_map: bool,
) -> Result<Value, ConversionError> {
    let mut out: Vec<(String, Value)> = Vec::with_capacity(attrs.len());
    let mut failed: Option<(usize, ConversionError)> = None;
    for (i, entry) in by_attribute(attrs, m.into_iter()) {
        let a = &attrs[i];
        let error = match entry {
            Some((k, v)) => match conv(v, &a.ty) {
                Ok(v) => {
                    out.push((k, v));
                    continue;
                }
                Err(e) => e.within(PathStep::Attr(a.name.to_string())),
            },
            None if a.optional => {
                out.push((
                    a.name.to_string(),
                    Value::Null(attrs.plain_attribute_type(i)),
                ));
                continue;
            }
            None if from_map => ConversionError::new(
                &[],
                format!(
                    "map has no element for required attribute {}",
                    go_quote(&a.name)
                ),
            ),
            None => {
                ConversionError::new(&[], format!("attribute {} is required", go_quote(&a.name)))
            }
        };
        if failed.as_ref().is_none_or(|(first, _)| i < *first) {
            failed = Some((i, error));
        }
    }
    match failed {
        Some((_, e)) => Err(e),
        None => Ok(Value::Object(out.into_iter().collect())),
    }
}

// The attributes of `attrs` in name order (by index), each with its entry of `entries` when
// there is one: the entries, in name order too, are walked together with the attributes, and
// those no attribute names are passed over.
fn by_attribute<'a, K: AsRef<str>, V>(
    attrs: &'a ObjectType,
    entries: impl Iterator<Item = (K, V)> + 'a,
) -> impl Iterator<Item = (usize, Option<(K, V)>)> + 'a {
    let mut entries = entries.peekable();
    attrs.name_order().iter().map(move |&i| {
        let name: &str = &attrs[i].name;
        while entries.next_if(|(k, _)| k.as_ref() < name).is_some() {}
        (i, entries.next_if(|(k, _)| k.as_ref() == name))
    })
}

// An object whose attribute types unify only to `any` (untyped nulls beside collections or
// structures) converts to a map when every other attribute has one type, which the nulls then
// take: `tomap({a = null, b = toset([1])})` is a map of sets of numbers, while
// `{a = null, b = [1], c = ["a"]}` fails as go-cty's object-to-map conversion does.
fn map_of_any_target(types: &[Type]) -> Result<Type, ConversionError> {
    let mut typed = types.iter().filter(|t| !is_dynamic(t));
    let Some(first) = typed.next() else {
        return Ok(Type::Any);
    };
    if typed.all(|t| t.same_as(first)) {
        Ok(first.clone())
    } else {
        Err(ConversionError::new(
            &[],
            "attribute types must all match for conversion to map",
        ))
    }
}

// The element type of a converted collection: the wanted element type without optional
// markers; when it involves `any`, the elements' common type. Elements can come out with
// different types (`list(map(any))` given `[{"a":1}, {"c":true}]`). As go-cty does, they are
// then unified and converted again only for a tuple becoming a list, or a map whose element
// type is a collection or a structure (`list(map(string))`); a set, or a list from a list, is
// built only when they already match.
fn homogenize(
    target: &Type,
    want: &Type,
    source: Shape,
    out: &mut [Value],
) -> Result<Type, ConversionError> {
    let (Type::List(want_elem) | Type::Set(want_elem) | Type::Map(want_elem)) = want else {
        return Ok(target.without_optional());
    };
    if !is_dynamic(want_elem) && !target.has_any() {
        return Ok(target.without_optional());
    }
    if out.is_empty() {
        return Ok(match source {
            Shape::Collection(e) if is_dynamic(want_elem) => e,
            _ => target.without_optional(),
        });
    }
    let mismatch = match (want, &source) {
        (Type::Set(_), _) => "element types must all match for conversion to set",
        (Type::List(_), _) => "element types must all match for conversion to list",
        (_, Shape::Object) => "attribute types must all match for conversion to map",
        _ => "element types must all match for conversion to map",
    };
    let unify_again = match (want, source) {
        (Type::List(_), Shape::Tuple) => true,
        (Type::Map(_), _) => matches!(
            target,
            Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Object(_)
        ),
        _ => false,
    };
    if unify_again && common_type(out).is_none() {
        let types: Vec<Type> = out.iter().map(Value::ty).collect();
        let Some(unified) = unify(&types) else {
            return Err(ConversionError::new(
                &[],
                "cannot find a common base type for all elements",
            ));
        };
        for v in out.iter_mut() {
            if !v.ty().same_as(&unified) {
                *v = conv(take(v), &unified)?;
            }
        }
    }
    common_type(out).ok_or_else(|| ConversionError::new(&[], mismatch))
}

// The one type of `values`, not counting those of type `any` (untyped nulls), as go-cty's
// `CanListVal` judges; `any` when all are such; `None` when two types differ.
fn common_type(values: &[Value]) -> Option<Type> {
    let mut common = Type::Any;
    for v in values {
        let t = v.ty();
        if is_dynamic(&common) {
            common = t;
        } else if !is_dynamic(&t) && !t.same_as(&common) {
            return None;
        }
    }
    Some(common)
}
