//! Terraform type constraints and value types.

use serde::{Deserialize, Serialize};

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
    List(Box<Type>),
    /// `set(T)`
    Set(Box<Type>),
    /// `map(T)`
    Map(Box<Type>),
    /// `tuple([A, B, …])`
    Tuple(Vec<Type>),
    /// `object({name = T, …})`
    Object(Vec<Attribute>),
}

/// One attribute of an object type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attribute {
    /// The attribute name, exactly as written.
    pub name: String,
    /// The attribute type.
    pub ty: Type,
    /// Declared with `optional(…)`.
    pub optional: bool,
    /// The second argument of `optional(T, default)`, already converted to `ty`.
    /// `optional(T, null)` is stored as `None`, as Terraform treats it like `optional(T)`.
    pub default: Option<Value>,
}

impl Type {
    /// Looks up an object attribute by name.
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        match self {
            Type::Object(attrs) => attrs.iter().find(|a| a.name == name),
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
            Type::Object(attrs) => attrs.iter().any(|a| a.ty.has_any()),
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
    /// `FriendlyNameForConstraint`): `string`, `list of string`, `map of any type`, `object`,
    /// `tuple`, `any type`.
    pub fn friendly_name(&self) -> String {
        match self {
            Type::Any => "any type".to_string(),
            Type::String => "string".to_string(),
            Type::Number => "number".to_string(),
            Type::Bool => "bool".to_string(),
            Type::List(t) => format!("list of {}", t.friendly_name()),
            Type::Set(t) => format!("set of {}", t.friendly_name()),
            Type::Map(t) => format!("map of {}", t.friendly_name()),
            Type::Tuple(_) => "tuple".to_string(),
            Type::Object(_) => "object".to_string(),
        }
    }

    /// The type without `optional` markers and defaults, at every depth: the type of a value
    /// converted to this constraint.
    pub fn without_optional(&self) -> Type {
        match self {
            Type::List(t) => Type::List(Box::new(t.without_optional())),
            Type::Set(t) => Type::Set(Box::new(t.without_optional())),
            Type::Map(t) => Type::Map(Box::new(t.without_optional())),
            Type::Tuple(ts) => Type::Tuple(ts.iter().map(Type::without_optional).collect()),
            Type::Object(attrs) => Type::Object(
                attrs
                    .iter()
                    .map(|a| Attribute {
                        name: a.name.clone(),
                        ty: a.ty.without_optional(),
                        optional: false,
                        default: None,
                    })
                    .collect(),
            ),
            t => t.clone(),
        }
    }

    /// True when an `optional(T, default)` attribute appears anywhere in the type.
    pub fn has_defaults(&self) -> bool {
        match self {
            Type::List(t) | Type::Set(t) | Type::Map(t) => t.has_defaults(),
            Type::Tuple(ts) => ts.iter().any(Type::has_defaults),
            Type::Object(attrs) => attrs
                .iter()
                .any(|a| a.default.is_some() || a.ty.has_defaults()),
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
