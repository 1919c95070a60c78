//! Terraform values, typed as cty types them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::number::Number;
use crate::types::Type;

/// A Terraform value.
///
/// Values carry enough type information for Terraform's type-strict `==` and for conversion:
/// a null or unknown value knows its type, and lists, sets and maps know their element type
/// even when empty. Sets hold their elements deduplicated, in Terraform's set order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Value {
    /// A null value of the given type.
    Null(Type),
    /// A value that is only known after apply (a resource attribute, `timestamp()`, …).
    Unknown(Type),
    /// `true` or `false`.
    Bool(bool),
    /// An exact number.
    Number(Number),
    /// A string, NFC-normalised.
    String(String),
    /// A list of values of the element type.
    List(Type, Vec<Value>),
    /// A set of values of the element type: deduplicated, in set order.
    Set(Type, Vec<Value>),
    /// A map from string keys to values of the element type.
    Map(Type, BTreeMap<String, Value>),
    /// A tuple: a fixed sequence of values of any types.
    Tuple(Vec<Value>),
    /// An object: named attributes of any types.
    Object(BTreeMap<String, Value>),
}

impl Value {
    /// An untyped null (`null` written in an expression).
    pub fn null() -> Value {
        Value::Null(Type::Any)
    }

    /// A string value.
    pub fn string(s: impl Into<String>) -> Value {
        Value::String(s.into())
    }

    /// True for a null of any type.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null(_))
    }

    /// True when the value is unknown (at the top level only).
    pub fn is_unknown(&self) -> bool {
        matches!(self, Value::Unknown(_))
    }

    /// True when the value or anything inside it is unknown.
    pub fn has_unknown(&self) -> bool {
        match self {
            Value::Unknown(_) => true,
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
                vs.iter().any(Value::has_unknown)
            }
            Value::Map(_, m) | Value::Object(m) => m.values().any(Value::has_unknown),
            _ => false,
        }
    }

    /// The value's type. Objects and tuples report the types of their members.
    pub fn ty(&self) -> Type {
        match self {
            Value::Null(t) | Value::Unknown(t) => t.clone(),
            Value::Bool(_) => Type::Bool,
            Value::Number(_) => Type::Number,
            Value::String(_) => Type::String,
            Value::List(t, _) => Type::List(Box::new(t.clone())),
            Value::Set(t, _) => Type::Set(Box::new(t.clone())),
            Value::Map(t, _) => Type::Map(Box::new(t.clone())),
            Value::Tuple(vs) => Type::Tuple(vs.iter().map(Value::ty).collect()),
            Value::Object(m) => Type::Object(
                m.iter()
                    .map(|(k, v)| crate::types::Attribute {
                        name: k.clone(),
                        ty: v.ty(),
                        optional: false,
                        default: None,
                    })
                    .collect(),
            ),
        }
    }
}
