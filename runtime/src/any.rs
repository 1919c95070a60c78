//! [`AnyValue`]: the Rust type of a variable typed `any`, or declared without a `type`.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Error as _, SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::diagnostics::Report;
use crate::number::Number;
use crate::typed::{FromValue, Path, ToValue, TypedError};
use crate::value::Value;

/// A value of a variable typed `any` (or declared without a `type`), and of `any` inside a
/// type (`map(any)`): what a `.tfvars.json` document can hold, with every number exact.
///
/// Numbers are [`Number`]s, so a 30-digit integer or `0.1` reaches `to_tfvars_json()`,
/// `to_tfvars_hcl()` and `to_env()` as given, and `from_tfvars_json()` reads them back
/// unchanged. Build one with `From` (`"text"`, `true`, integers, [`Number`], `Vec`s and
/// `BTreeMap`s of anything that converts, `Option`, a `serde_json::Value`), or read JSON text
/// exactly with [`AnyValue::parse_json`]:
///
/// ```
/// # use tfvars_runtime as tfvars; // the facade crate `tfvars` re-exports this type
/// use tfvars::AnyValue;
///
/// let big = AnyValue::parse_json(r#"{"id": 123456789012345678901234567890, "ratio": 0.1}"#)?;
/// let AnyValue::Object(m) = &big else { unreachable!() };
/// assert_eq!(m["id"], AnyValue::from(tfvars::Number::parse("123456789012345678901234567890").unwrap()));
/// assert_eq!(AnyValue::from(vec![1, 2]), AnyValue::parse_json("[1, 2]")?);
/// # Ok::<(), tfvars::Report>(())
/// ```
///
/// With serde, a number is written as a 64-bit integer or as the `f64` whose shortest form is
/// the number (`0.1`); a number with neither form (more than 17 significant digits, say) is a
/// serialisation error rather than a rounded value. serde's readers hand over numbers as
/// `i64`, `u64` or `f64`, so deserialising through serde keeps what the reader kept; read
/// `.tfvars.json` text with the generated `from_tfvars_json()` or [`AnyValue::parse_json`],
/// which are exact.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum AnyValue {
    /// `null`.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An exact number.
    Number(Number),
    /// A string.
    String(String),
    /// A list or tuple: `[…]`.
    Array(Vec<AnyValue>),
    /// An object or map: `{…}`, keys in order.
    Object(BTreeMap<String, AnyValue>),
}

impl AnyValue {
    /// Reads one JSON value with Terraform's strict JSON rules (no duplicate keys, no comments)
    /// and exact numbers.
    pub fn parse_json(text: &str) -> Result<AnyValue, Report> {
        let value = crate::json::parse_json_value(text, "<json>")
            .map_err(|diagnostics| Report { diagnostics })?;
        Ok(AnyValue::from_value(&value, &Path::root()).expect("JSON text holds no unknown values"))
    }

    /// True for `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, AnyValue::Null)
    }
}

impl ToValue for AnyValue {
    fn to_value(&self) -> Value {
        match self {
            AnyValue::Null => Value::null(),
            AnyValue::Bool(b) => Value::Bool(*b),
            AnyValue::Number(n) => Value::Number(n.clone()),
            AnyValue::String(s) => Value::String(s.clone()),
            AnyValue::Array(items) => Value::Tuple(items.iter().map(ToValue::to_value).collect()),
            AnyValue::Object(m) => {
                Value::Object(m.iter().map(|(k, v)| (k.clone(), v.to_value())).collect())
            }
        }
    }
}

impl FromValue for AnyValue {
    fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError> {
        Ok(match value {
            Value::Null(_) => AnyValue::Null,
            Value::Unknown(_) => {
                return Err(TypedError::new(path, "the value is not known yet"));
            }
            Value::Bool(b) => AnyValue::Bool(*b),
            Value::Number(n) => AnyValue::Number(n.clone()),
            Value::String(s) => AnyValue::String(s.clone()),
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => AnyValue::Array(
                vs.iter()
                    .enumerate()
                    .map(|(i, v)| AnyValue::from_value(v, &path.index(i)))
                    .collect::<Result<_, _>>()?,
            ),
            Value::Map(_, m) | Value::Object(m) => AnyValue::Object(
                m.iter()
                    .map(|(k, v)| Ok((k.clone(), AnyValue::from_value(v, &path.key(k))?)))
                    .collect::<Result<_, TypedError>>()?,
            ),
        })
    }
}

/// The number of an `f64`'s shortest decimal form (`0.1f64` gives `0.1`), the form serde's JSON
/// writers print; `None` for a NaN or an infinity.
fn shortest(f: f64) -> Option<Number> {
    if !f.is_finite() {
        return None;
    }
    // `{:e}` prints the shortest digits that read back as the same float.
    Number::parse(&format!("{f:e}"))
}

impl Serialize for AnyValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            AnyValue::Null => s.serialize_unit(),
            AnyValue::Bool(b) => s.serialize_bool(*b),
            AnyValue::Number(n) => {
                if let Some(i) = n.to_i64() {
                    return s.serialize_i64(i);
                }
                if let Some(u) = n.to_u64() {
                    return s.serialize_u64(u);
                }
                let f = n.to_f64();
                if shortest(f).as_ref() == Some(n) {
                    return s.serialize_f64(f);
                }
                Err(S::Error::custom(format_args!(
                    "the number {n} has no exact 64-bit integer or `f64` form for serde: write it with `to_tfvars_json()`"
                )))
            }
            AnyValue::String(v) => s.serialize_str(v),
            AnyValue::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            AnyValue::Object(m) => {
                let mut map = s.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for AnyValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<AnyValue, D::Error> {
        d.deserialize_any(AnyVisitor)
    }
}

struct AnyVisitor;

impl<'de> Visitor<'de> for AnyVisitor {
    type Value = AnyValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<AnyValue, E> {
        Ok(AnyValue::Null)
    }

    fn visit_none<E>(self) -> Result<AnyValue, E> {
        Ok(AnyValue::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<AnyValue, D::Error> {
        AnyValue::deserialize(d)
    }

    fn visit_bool<E>(self, b: bool) -> Result<AnyValue, E> {
        Ok(AnyValue::Bool(b))
    }

    fn visit_i64<E>(self, i: i64) -> Result<AnyValue, E> {
        Ok(AnyValue::Number(i.into()))
    }

    fn visit_u64<E>(self, u: u64) -> Result<AnyValue, E> {
        Ok(AnyValue::Number(u.into()))
    }

    fn visit_i128<E>(self, i: i128) -> Result<AnyValue, E> {
        Ok(AnyValue::Number(i.into()))
    }

    fn visit_u128<E>(self, u: u128) -> Result<AnyValue, E> {
        Ok(AnyValue::Number(u.into()))
    }

    fn visit_f64<E: de::Error>(self, f: f64) -> Result<AnyValue, E> {
        shortest(f)
            .map(AnyValue::Number)
            .ok_or_else(|| E::custom(format_args!("{f} is not a number Terraform can hold")))
    }

    fn visit_str<E>(self, v: &str) -> Result<AnyValue, E> {
        Ok(AnyValue::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<AnyValue, E> {
        Ok(AnyValue::String(v))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<AnyValue, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(AnyValue::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<AnyValue, A::Error> {
        let mut out = BTreeMap::new();
        while let Some((k, v)) = map.next_entry::<String, AnyValue>()? {
            if out.insert(k, v).is_some() {
                return Err(de::Error::custom("duplicate key in an object"));
            }
        }
        Ok(AnyValue::Object(out))
    }
}

impl From<serde_json::Value> for AnyValue {
    /// Exact for what the `serde_json::Value` holds: its integers, and its floats by their
    /// shortest form (`0.1`). serde_json itself reads numbers beyond 64 bits as `f64`; use
    /// [`AnyValue::parse_json`] on the text to keep them.
    fn from(v: serde_json::Value) -> AnyValue {
        match v {
            serde_json::Value::Null => AnyValue::Null,
            serde_json::Value::Bool(b) => AnyValue::Bool(b),
            serde_json::Value::Number(n) => AnyValue::Number(
                Number::parse_json(&n.to_string())
                    .expect("serde_json writes its numbers as JSON numbers"),
            ),
            serde_json::Value::String(s) => AnyValue::String(s),
            serde_json::Value::Array(items) => {
                AnyValue::Array(items.into_iter().map(AnyValue::from).collect())
            }
            serde_json::Value::Object(m) => {
                AnyValue::Object(m.into_iter().map(|(k, v)| (k, AnyValue::from(v))).collect())
            }
        }
    }
}

impl From<bool> for AnyValue {
    fn from(b: bool) -> AnyValue {
        AnyValue::Bool(b)
    }
}

impl From<Number> for AnyValue {
    fn from(n: Number) -> AnyValue {
        AnyValue::Number(n)
    }
}

impl From<String> for AnyValue {
    fn from(s: String) -> AnyValue {
        AnyValue::String(s)
    }
}

impl From<&str> for AnyValue {
    fn from(s: &str) -> AnyValue {
        AnyValue::String(s.to_string())
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for AnyValue {
            fn from(n: $t) -> AnyValue {
                AnyValue::Number(Number::from(n))
            }
        }
    )*};
}
from_int!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

impl TryFrom<f64> for AnyValue {
    type Error = crate::number::NonFiniteFloat;
    /// The float's shortest decimal form (`0.1f64` gives `0.1`), as JSON writes it.
    fn try_from(f: f64) -> Result<AnyValue, Self::Error> {
        // A finite float always has a shortest form; `Number::try_from` supplies the error.
        match shortest(f) {
            Some(n) => Ok(AnyValue::Number(n)),
            None => Number::try_from(f).map(AnyValue::Number),
        }
    }
}

impl<T: Into<AnyValue>> From<Option<T>> for AnyValue {
    fn from(v: Option<T>) -> AnyValue {
        v.map_or(AnyValue::Null, Into::into)
    }
}

impl<T: Into<AnyValue>> From<Vec<T>> for AnyValue {
    fn from(items: Vec<T>) -> AnyValue {
        AnyValue::Array(items.into_iter().map(Into::into).collect())
    }
}

impl<K: Into<String>, T: Into<AnyValue>> From<BTreeMap<K, T>> for AnyValue {
    fn from(m: BTreeMap<K, T>) -> AnyValue {
        AnyValue::Object(m.into_iter().map(|(k, v)| (k.into(), v.into())).collect())
    }
}

impl<T: Into<AnyValue>> FromIterator<T> for AnyValue {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> AnyValue {
        AnyValue::Array(items.into_iter().map(Into::into).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Type;

    fn num(s: &str) -> AnyValue {
        AnyValue::Number(Number::parse(s).unwrap())
    }

    #[test]
    fn json_text_is_read_exactly() {
        let v = AnyValue::parse_json(
            r#"{"big": 123456789012345678901234567890, "dec": 0.1, "tiny": 1e-400, "l": [true, null, "s"]}"#,
        )
        .unwrap();
        let AnyValue::Object(m) = &v else {
            panic!("{v:?}")
        };
        assert_eq!(m["big"], num("123456789012345678901234567890"));
        assert_eq!(m["dec"], num("0.1"));
        assert_eq!(m["tiny"], num("1e-400"));
        assert_eq!(
            m["l"],
            AnyValue::Array(vec![true.into(), AnyValue::Null, "s".into()])
        );
        assert!(AnyValue::parse_json(r#"{"a": 1, "a": 2}"#).is_err());
    }

    #[test]
    fn values_convert_exactly() {
        let v = num("-98765432109876543210.000000000000000001");
        assert_eq!(
            AnyValue::from_value(&v.to_value(), &Path::root()).unwrap(),
            v
        );
        let set = Value::set(Type::Number, vec![Value::Number(Number::from(2))]);
        assert_eq!(
            AnyValue::from_value(&set, &Path::root()).unwrap(),
            AnyValue::from(vec![2])
        );
        let unknown = AnyValue::from_value(&Value::Unknown(Type::Any), &Path::root().key("k"));
        assert!(unknown.unwrap_err().to_string().contains("not known"));
    }

    #[test]
    fn serde_carries_what_it_can_and_refuses_the_rest() {
        let v = AnyValue::from(BTreeMap::from([
            ("i", AnyValue::from(-7)),
            ("u", AnyValue::from(u64::MAX)),
            ("d", num("0.1")),
            ("e", num("1.5e300")),
        ]));
        let text = serde_json::to_string(&v).unwrap();
        assert_eq!(
            text,
            r#"{"d":0.1,"e":1.5e+300,"i":-7,"u":18446744073709551615}"#
        );
        assert_eq!(serde_json::from_str::<AnyValue>(&text).unwrap(), v);
        let err = serde_json::to_string(&num("123456789012345678901234567890")).unwrap_err();
        assert!(err.to_string().contains("to_tfvars_json"), "{err}");
        assert!(serde_json::to_string(&num("0.12345678901234567890123")).is_err());
    }

    #[test]
    fn from_serde_json_and_rust_values() {
        let v = AnyValue::from(serde_json::json!({"a": [1, 2.5, "x", null, false]}));
        assert_eq!(
            v,
            AnyValue::parse_json(r#"{"a": [1, 2.5, "x", null, false]}"#).unwrap()
        );
        assert_eq!(AnyValue::try_from(0.1f64).unwrap(), num("0.1"));
        assert!(AnyValue::try_from(f64::NAN).is_err());
        assert_eq!(AnyValue::from(None::<i32>), AnyValue::Null);
        assert_eq!(
            AnyValue::from_iter(["a", "b"]),
            AnyValue::from(vec!["a", "b"])
        );
    }
}
