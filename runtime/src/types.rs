//! Terraform type constraints and value types.
//!
//! Types are shared, not copied: the element type of a collection and the attributes of an
//! object sit behind reference counts, so cloning a type (which every converted collection
//! and null value does) costs one count, and an object type works out its form without
//! `optional` markers once.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::value::Value;

/// A Terraform type: either a type constraint from a `variable` block, or the type of a value.
///
/// `Any` is Terraform's `any` (cty's dynamic pseudo-type). Object attributes keep their
/// declaration order; `optional` and `default` only appear in type constraints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Type {
    /// `any`, or no `type` attribute at all.
    Any,
    /// `string`
    String,
    /// `number`
    Number,
    /// `bool`
    Bool,
    /// `list(T)`
    List(Arc<Type>),
    /// `set(T)`
    Set(Arc<Type>),
    /// `map(T)`
    Map(Arc<Type>),
    /// `tuple([A, B, …])`
    Tuple(Vec<Type>),
    /// `object({name = T, …})`
    Object(ObjectType),
}

/// The attributes of an object type, in declaration order, shared between the clones of the
/// type. It dereferences to the attributes: `attrs.iter()`, `attrs.len()`, `&attrs[0]`.
#[derive(Clone)]
pub struct ObjectType(Arc<ObjectInner>);

struct ObjectInner {
    attributes: Vec<Attribute>,
    /// The type without `optional` markers and defaults, once asked for; `None` when this
    /// type has none at any depth.
    plain: OnceLock<Option<Type>>,
    /// Whether an attribute has a default at any depth, once asked for.
    has_defaults: OnceLock<bool>,
    /// Whether `any` occurs at any depth, once asked for.
    has_any: OnceLock<bool>,
    /// The attributes' indices in name order, once asked for.
    name_order: OnceLock<Box<[usize]>>,
}

impl ObjectType {
    /// An object type of `attributes`, in order.
    pub fn new(attributes: Vec<Attribute>) -> ObjectType {
        ObjectType(Arc::new(ObjectInner {
            attributes,
            plain: OnceLock::new(),
            has_defaults: OnceLock::new(),
            has_any: OnceLock::new(),
            name_order: OnceLock::new(),
        }))
    }

    /// The indices of the attributes, ordered by name (byte order, as a value's keys are).
    pub fn name_order(&self) -> &[usize] {
        self.0.name_order.get_or_init(|| {
            let attributes = &self.0.attributes;
            let mut order: Vec<usize> = (0..attributes.len()).collect();
            order.sort_by(|&a, &b| attributes[a].name.cmp(&attributes[b].name));
            order.into_boxed_slice()
        })
    }

    /// The attributes, in declaration order.
    pub fn attributes(&self) -> &[Attribute] {
        &self.0.attributes
    }

    /// The type of attribute `i` without optional markers: taken from the object's own form
    /// without markers, worked out once, so it is shared, not built again.
    pub(crate) fn plain_attribute_type(&self, i: usize) -> Type {
        match self.plain() {
            Some(Type::Object(plain)) => plain.0.attributes[i].ty.clone(),
            _ => self.0.attributes[i].ty.clone(),
        }
    }

    // See `Type::plain`.
    fn plain(&self) -> Option<Type> {
        self.0
            .plain
            .get_or_init(|| {
                let changed = self
                    .0
                    .attributes
                    .iter()
                    .any(|a| a.optional || a.default.is_some() || a.ty.plain().is_some());
                changed.then(|| {
                    let attributes = self
                        .0
                        .attributes
                        .iter()
                        .map(|a| Attribute {
                            name: a.name.clone(),
                            ty: a.ty.without_optional(),
                            optional: false,
                            default: None,
                        })
                        .collect();
                    // Already without markers: its own plain form is itself.
                    Type::Object(ObjectType(Arc::new(ObjectInner {
                        attributes,
                        plain: OnceLock::from(None),
                        has_defaults: OnceLock::from(false),
                        has_any: OnceLock::new(),
                        name_order: OnceLock::new(),
                    })))
                })
            })
            .clone()
    }
}

impl std::ops::Deref for ObjectType {
    type Target = [Attribute];

    fn deref(&self) -> &[Attribute] {
        &self.0.attributes
    }
}

impl<'a> IntoIterator for &'a ObjectType {
    type Item = &'a Attribute;
    type IntoIter = std::slice::Iter<'a, Attribute>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.attributes.iter()
    }
}

impl From<Vec<Attribute>> for ObjectType {
    fn from(attributes: Vec<Attribute>) -> ObjectType {
        ObjectType::new(attributes)
    }
}

impl FromIterator<Attribute> for ObjectType {
    fn from_iter<I: IntoIterator<Item = Attribute>>(iter: I) -> ObjectType {
        ObjectType::new(iter.into_iter().collect())
    }
}

/// Object types are equal when they have the same attributes, in any order: an object type is
/// a set of named attributes (cty's), and the order of declaration is only kept for messages,
/// code and schemas.
impl PartialEq for ObjectType {
    fn eq(&self, other: &ObjectType) -> bool {
        let (a, b) = (&self.0.attributes, &other.0.attributes);
        Arc::ptr_eq(&self.0, &other.0)
            || a == b
            || (a.len() == b.len() && a.iter().all(|x| b.iter().any(|y| x == y)))
    }
}

impl std::fmt::Debug for ObjectType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.attributes.fmt(f)
    }
}

impl Serialize for ObjectType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.attributes.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ObjectType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ObjectType, D::Error> {
        Vec::<Attribute>::deserialize(deserializer).map(ObjectType::new)
    }
}

/// One attribute of an object type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attribute {
    /// The attribute name, exactly as written; shared by the copies of the type.
    pub name: Arc<str>,
    /// The attribute type.
    pub ty: Type,
    /// Declared with `optional(…)`.
    pub optional: bool,
    /// The second argument of `optional(T, default)`, already converted to `ty`.
    /// `optional(T, null)` is stored as `None`, as Terraform treats it like `optional(T)`.
    pub default: Option<Value>,
}

impl Type {
    /// `list(element)`.
    pub fn list(element: Type) -> Type {
        Type::List(Arc::new(element))
    }

    /// `set(element)`.
    pub fn set(element: Type) -> Type {
        Type::Set(Arc::new(element))
    }

    /// `map(element)`.
    pub fn map(element: Type) -> Type {
        Type::Map(Arc::new(element))
    }

    /// `object({…})` of `attributes`, in order.
    pub fn object(attributes: Vec<Attribute>) -> Type {
        Type::Object(ObjectType::new(attributes))
    }

    /// Looks up an object attribute by name.
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        match self {
            Type::Object(attrs) => attrs.iter().find(|a| &*a.name == name),
            _ => None,
        }
    }

    /// True for `list`, `set` and `map` (collection types with one element type).
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Set(_) | Type::Map(_))
    }

    /// True for `string`, `number` and `bool`.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }

    /// True when the type mentions `any` anywhere.
    pub fn has_any(&self) -> bool {
        match self {
            Type::Any => true,
            Type::String | Type::Number | Type::Bool => false,
            Type::List(t) | Type::Set(t) | Type::Map(t) => t.has_any(),
            Type::Tuple(ts) => ts.iter().any(Type::has_any),
            Type::Object(object) => *object
                .0
                .has_any
                .get_or_init(|| object.iter().any(|a| a.ty.has_any())),
        }
    }

    /// Structural type equality as Terraform's `==` sees it: object attributes compare as a set
    /// of names, and `optional` markers and defaults are ignored.
    pub fn same_as(&self, other: &Type) -> bool {
        match (self, other) {
            (Type::Any, Type::Any)
            | (Type::String, Type::String)
            | (Type::Number, Type::Number)
            | (Type::Bool, Type::Bool) => true,
            (Type::List(a), Type::List(b))
            | (Type::Set(a), Type::Set(b))
            | (Type::Map(a), Type::Map(b)) => a.same_as(b),
            (Type::Tuple(a), Type::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_as(y))
            }
            (Type::Object(a), Type::Object(b)) => {
                a.len() == b.len()
                    && a.iter().all(|x| {
                        b.iter()
                            .find(|y| y.name == x.name)
                            .is_some_and(|y| x.ty.same_as(&y.ty))
                    })
            }
            _ => false,
        }
    }
}

impl Type {
    /// The name Terraform's messages use for a type constraint (cty's
    /// `FriendlyNameForConstraint`): `string`, `list of string`, `map of any single type`,
    /// `object`, `tuple`, `any type`.
    pub fn friendly_name(&self) -> String {
        match self {
            Type::Any => "any type".to_string(),
            Type::String => "string".to_string(),
            Type::Number => "number".to_string(),
            Type::Bool => "bool".to_string(),
            Type::List(t) => format!("list of {}", t.element_name()),
            Type::Set(t) => format!("set of {}", t.element_name()),
            Type::Map(t) => format!("map of {}", t.element_name()),
            Type::Tuple(_) => "tuple".to_string(),
            Type::Object(_) => "object".to_string(),
        }
    }

    // A collection's element type as cty names it in a constraint: `any` there is "any single
    // type" (`list of any single type required`), as a collection's elements share one type.
    fn element_name(&self) -> String {
        match self {
            Type::Any => "any single type".to_string(),
            other => other.friendly_name(),
        }
    }

    /// The type without `optional` markers and defaults, at every depth: the type of a value
    /// converted to this constraint.
    /// The result shares every part that has no markers with this type, and an object type
    /// works its form out once.
    pub fn without_optional(&self) -> Type {
        self.plain().unwrap_or_else(|| self.clone())
    }

    // The type without markers, or `None` when it has none at any depth.
    fn plain(&self) -> Option<Type> {
        match self {
            Type::List(t) => Some(Type::list(t.plain()?)),
            Type::Set(t) => Some(Type::set(t.plain()?)),
            Type::Map(t) => Some(Type::map(t.plain()?)),
            Type::Tuple(ts) => {
                // Built from the first element that has markers on; none is built when none has.
                let mut plain: Option<Vec<Type>> = None;
                for (i, t) in ts.iter().enumerate() {
                    match (t.plain(), &mut plain) {
                        (Some(p), Some(out)) => out.push(p),
                        (Some(p), None) => {
                            let mut out = Vec::with_capacity(ts.len());
                            out.extend_from_slice(&ts[..i]);
                            out.push(p);
                            plain = Some(out);
                        }
                        (None, Some(out)) => out.push(t.clone()),
                        (None, None) => {}
                    }
                }
                plain.map(Type::Tuple)
            }
            Type::Object(object) => object.plain(),
            Type::Any | Type::String | Type::Number | Type::Bool => None,
        }
    }

    /// True when an `optional(T, default)` attribute appears anywhere in the type.
    pub fn has_defaults(&self) -> bool {
        match self {
            Type::List(t) | Type::Set(t) | Type::Map(t) => t.has_defaults(),
            Type::Tuple(ts) => ts.iter().any(Type::has_defaults),
            Type::Object(object) => *object.0.has_defaults.get_or_init(|| {
                object
                    .iter()
                    .any(|a| a.default.is_some() || a.ty.has_defaults())
            }),
            _ => false,
        }
    }
}

/// Terraform's type-expression syntax: `list(string)`,
/// `object({a=string, b=optional(number, 5)})`, `tuple([string, number])`.
impl std::fmt::Display for Type {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Type::Any => f.write_str("any"),
            Type::String => f.write_str("string"),
            Type::Number => f.write_str("number"),
            Type::Bool => f.write_str("bool"),
            Type::List(t) => write!(f, "list({t})"),
            Type::Set(t) => write!(f, "set({t})"),
            Type::Map(t) => write!(f, "map({t})"),
            Type::Tuple(ts) => {
                f.write_str("tuple([")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str("])")
            }
            Type::Object(attrs) => {
                f.write_str("object({")?;
                for (i, a) in attrs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}=", a.name)?;
                    match (&a.default, a.optional) {
                        (Some(d), _) => write!(f, "optional({}, {})", a.ty, d.to_hcl())?,
                        (None, true) => write!(f, "optional({})", a.ty)?,
                        (None, false) => write!(f, "{}", a.ty)?,
                    }
                }
                f.write_str("})")
            }
        }
    }
}
