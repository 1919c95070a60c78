//! The spec: what planned resources must look like, as validators. Built in Rust with the
//! constructors of [`Validator`] and [`Spec`], or read from a YAML or JSON file
//! ([`Spec::from_yaml`], [`Spec::from_json`], [`Spec::load`]); both give the same model.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use regex::Regex;

use super::value::PlanValue;
use super::Error;
use crate::number::Number;

/// A spec: for each resource type, the validator every checked instance of that type must
/// pass, in any module. Types it does not name are allowed as they are.
#[derive(Clone, Debug, Default)]
pub struct Spec {
    pub(crate) resources: BTreeMap<String, Validator>,
}

impl Spec {
    /// An empty spec: every resource is allowed.
    pub fn new() -> Spec {
        Spec::default()
    }

    /// Every checked instance of `resource_type` must pass `validator` (it replaces an earlier
    /// validator for the same type).
    pub fn resource(
        mut self,
        resource_type: impl Into<String>,
        validator: impl Into<Validator>,
    ) -> Spec {
        self.resources
            .insert(resource_type.into(), validator.into());
        self
    }

    /// No instance of `resource_type` may be created, updated or replaced.
    pub fn forbid(self, resource_type: impl Into<String>) -> Spec {
        self.resource(resource_type, Validator::Forbid)
    }

    /// The resource types the spec names, with their validators.
    pub fn resources(&self) -> impl Iterator<Item = (&str, &Validator)> {
        self.resources.iter().map(|(k, v)| (k.as_str(), v))
    }
}

/// A rule for one value. The value may be absent (an object without that attribute), `null`,
/// known, or known only after apply (unknown): an unknown value never passes, it is reported
/// as unknown.
#[derive(Clone)]
#[non_exhaustive]
pub enum Validator {
    /// Equal to this value (`null`, a boolean, a number compared by value, or a string).
    /// `Eq(Null)` also accepts an absent value.
    Eq(PlanValue),
    /// Present and not `null`.
    Anything,
    /// Absent or `null`. For a whole resource type: no instance may be planned.
    Forbid,
    /// At least one of these passes.
    Any(Vec<Validator>),
    /// None of these passes.
    Deny(Vec<Validator>),
    /// Absent or `null`, or passes this one.
    Opt(Box<Validator>),
    /// Every one of these passes.
    All(Vec<Validator>),
    /// A list (an array: Terraform lists, sets, tuples, nested blocks) whose length is within
    /// the bounds and whose every element passes at least one of `of` (any element when `of`
    /// is empty).
    List(ListValidator),
    /// A string that the Go RE2 regular expression matches somewhere (unanchored, as
    /// Terraform's `regex`).
    Regex(RegexValidator),
    /// An object whose attributes pass these validators; an attribute is required (present
    /// and not `null`) unless its validator accepts nothing (`Opt`, `Forbid`, `Eq(null)`, or an
    /// `Any`/`All` of those).
    Object(ObjectValidator),
    /// A Rust function: passes when it returns `true`. It is given only known values (an
    /// absent value as `null`), never an unknown one.
    Func(FuncValidator),
}

/// The parts of [`Validator::List`].
#[derive(Clone, Debug, Default)]
pub struct ListValidator {
    pub(crate) of: Vec<Validator>,
    pub(crate) min: Option<usize>,
    pub(crate) max: Option<usize>,
}

impl ListValidator {
    /// At least `n` elements.
    pub fn min(mut self, n: usize) -> ListValidator {
        self.min = Some(n);
        self
    }

    /// At most `n` elements.
    pub fn max(mut self, n: usize) -> ListValidator {
        self.max = Some(n);
        self
    }
}

/// The parts of [`Validator::Regex`]: the Go pattern and its translation.
#[derive(Clone, Debug)]
pub struct RegexValidator {
    pub(crate) pattern: String,
    pub(crate) regex: Regex,
}

impl RegexValidator {
    /// The pattern, as written (Go RE2 syntax).
    pub fn pattern(&self) -> &str {
        &self.pattern
    }
}

/// The attributes of [`Validator::Object`], in name order.
#[derive(Clone, Debug, Default)]
pub struct ObjectValidator {
    pub(crate) attrs: BTreeMap<String, Validator>,
}

impl ObjectValidator {
    /// The attribute `name` must pass `validator` (required unless the validator accepts
    /// nothing, like [`Validator::opt`]).
    pub fn key(
        mut self,
        name: impl Into<String>,
        validator: impl Into<Validator>,
    ) -> ObjectValidator {
        self.attrs.insert(name.into(), validator.into());
        self
    }

    /// `name` is optional; when it is present and not null it must pass `validator`.
    pub fn opt(self, name: impl Into<String>, validator: impl Into<Validator>) -> ObjectValidator {
        self.key(name, Validator::opt(validator))
    }

    /// The attributes and their validators.
    pub fn attributes(&self) -> impl Iterator<Item = (&str, &Validator)> {
        self.attrs.iter().map(|(k, v)| (k.as_str(), v))
    }
}

type Predicate = dyn Fn(&PlanValue) -> bool + Send + Sync;

/// The parts of [`Validator::Func`]: what it checks, in words, and the function.
#[derive(Clone)]
pub struct FuncValidator {
    pub(crate) description: String,
    pub(crate) f: Arc<Predicate>,
}

impl fmt::Debug for FuncValidator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Func({:?})", self.description)
    }
}

impl Validator {
    /// Equal to `value`.
    pub fn eq(value: impl Into<PlanValue>) -> Validator {
        Validator::Eq(value.into())
    }

    /// Present and not `null`.
    pub fn anything() -> Validator {
        Validator::Anything
    }

    /// Absent or `null`.
    pub fn forbid() -> Validator {
        Validator::Forbid
    }

    /// At least one of `validators` passes.
    pub fn any<V: Into<Validator>>(validators: impl IntoIterator<Item = V>) -> Validator {
        Validator::Any(validators.into_iter().map(Into::into).collect())
    }

    /// None of `validators` passes.
    pub fn deny<V: Into<Validator>>(validators: impl IntoIterator<Item = V>) -> Validator {
        Validator::Deny(validators.into_iter().map(Into::into).collect())
    }

    /// Absent or `null`, or passes `validator`.
    pub fn opt(validator: impl Into<Validator>) -> Validator {
        Validator::Opt(Box::new(validator.into()))
    }

    /// Every one of `validators` passes.
    pub fn all<V: Into<Validator>>(validators: impl IntoIterator<Item = V>) -> Validator {
        Validator::All(validators.into_iter().map(Into::into).collect())
    }

    /// A list whose every element passes at least one of `of` (any element when `of` is
    /// empty); bound its length with [`ListValidator::min`] and [`ListValidator::max`].
    pub fn list<V: Into<Validator>>(of: impl IntoIterator<Item = V>) -> ListValidator {
        ListValidator {
            of: of.into_iter().map(Into::into).collect(),
            min: None,
            max: None,
        }
    }

    /// A string matched by the Go RE2 regular expression `pattern`, anywhere in it (anchor
    /// with `^…$`). A pattern Go rejects is an error with Go's message.
    pub fn regex(pattern: &str) -> Result<Validator, Error> {
        let translated = crate::regex_go::translate(pattern)
            .map_err(|e| Error::spec(format!("invalid regular expression {pattern:?}: {e}")))?;
        let regex = Regex::new(&translated)
            .map_err(|e| Error::spec(format!("invalid regular expression {pattern:?}: {e}")))?;
        Ok(Validator::Regex(RegexValidator {
            pattern: pattern.to_string(),
            regex,
        }))
    }

    /// An object; add its attributes with [`ObjectValidator::key`] and
    /// [`ObjectValidator::opt`].
    pub fn object() -> ObjectValidator {
        ObjectValidator::default()
    }

    /// A Rust function as a validator: `description` says what it requires (it is printed as
    /// `expected DESCRIPTION`), `f` says whether a known value passes.
    pub fn func(
        description: impl Into<String>,
        f: impl Fn(&PlanValue) -> bool + Send + Sync + 'static,
    ) -> Validator {
        Validator::Func(FuncValidator {
            description: description.into(),
            f: Arc::new(f),
        })
    }

    /// Whether an absent or `null` value passes (the attribute is then optional).
    pub fn accepts_nothing(&self) -> bool {
        match self {
            Validator::Eq(v) => v.is_null(),
            Validator::Forbid | Validator::Opt(_) => true,
            Validator::Any(vs) => vs.iter().any(Validator::accepts_nothing),
            Validator::All(vs) => vs.iter().all(Validator::accepts_nothing),
            _ => false,
        }
    }

    /// What the validator requires, in words: `one of 22, 443`.
    pub fn describe(&self) -> String {
        match self {
            Validator::Eq(v) => super::check::literal(v),
            Validator::Anything => "a value (not null)".to_string(),
            Validator::Forbid => "nothing (absent or null)".to_string(),
            Validator::Any(vs) => describe_any(vs),
            Validator::Deny(vs) if vs.len() == 1 => format!("not {}", vs[0].describe()),
            Validator::Deny(vs) => format!("none of {}", join(vs)),
            Validator::Opt(v) => format!("nothing or {}", v.describe()),
            Validator::All(vs) => vs
                .iter()
                .map(Validator::describe)
                .collect::<Vec<_>>()
                .join(" and "),
            Validator::List(l) => {
                let mut s = "a list".to_string();
                match (l.min, l.max) {
                    (Some(a), Some(b)) if a == b => {
                        s += &format!(" of exactly {a} element{}", plural(a))
                    }
                    (Some(a), Some(b)) => s += &format!(" of {a} to {b} elements"),
                    (Some(a), None) => s += &format!(" of at least {a} element{}", plural(a)),
                    (None, Some(b)) => s += &format!(" of at most {b} element{}", plural(b)),
                    (None, None) => {}
                }
                if !l.of.is_empty() {
                    s += &format!(", each {}", describe_any(&l.of));
                }
                s
            }
            Validator::Regex(r) => {
                let mut s = "a string matching ".to_string();
                crate::value::write_json_string(&mut s, &r.pattern);
                s
            }
            Validator::Object(o) => {
                let attrs: Vec<String> = o
                    .attrs
                    .iter()
                    .map(|(k, v)| format!("{k}: {}", v.describe()))
                    .collect();
                format!("{{{}}}", attrs.join(", "))
            }
            Validator::Func(f) => f.description.clone(),
        }
    }
}

/// What `Any(vs)` requires, in words.
pub(crate) fn describe_any(vs: &[Validator]) -> String {
    match vs {
        [only] => only.describe(),
        _ => format!("one of {}", join(vs)),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn join(vs: &[Validator]) -> String {
    vs.iter()
        .map(Validator::describe)
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Debug for Validator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Validator::Eq(v) => f.debug_tuple("Eq").field(v).finish(),
            Validator::Anything => f.write_str("Anything"),
            Validator::Forbid => f.write_str("Forbid"),
            Validator::Any(vs) => f.debug_tuple("Any").field(vs).finish(),
            Validator::Deny(vs) => f.debug_tuple("Deny").field(vs).finish(),
            Validator::Opt(v) => f.debug_tuple("Opt").field(v).finish(),
            Validator::All(vs) => f.debug_tuple("All").field(vs).finish(),
            Validator::List(l) => f.debug_tuple("List").field(l).finish(),
            Validator::Regex(r) => f.debug_tuple("Regex").field(&r.pattern).finish(),
            Validator::Object(o) => f.debug_tuple("Object").field(&o.attrs).finish(),
            Validator::Func(g) => g.fmt(f),
        }
    }
}

impl From<ListValidator> for Validator {
    fn from(l: ListValidator) -> Validator {
        Validator::List(l)
    }
}

impl From<ObjectValidator> for Validator {
    fn from(o: ObjectValidator) -> Validator {
        Validator::Object(o)
    }
}

impl From<PlanValue> for Validator {
    fn from(v: PlanValue) -> Validator {
        Validator::Eq(v)
    }
}

macro_rules! literal {
    ($($t:ty),*) => {$(
        impl From<$t> for Validator {
            fn from(v: $t) -> Validator {
                Validator::Eq(PlanValue::from(v))
            }
        }
    )*};
}
literal!(&str, String, bool, Number, i32, i64, u32, u64, usize);
