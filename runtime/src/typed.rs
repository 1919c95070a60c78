//! Converting typed Rust values to and from runtime [`Value`]s.
//!
//! Generated structs implement [`ToValue`] and [`FromValue`]; this module implements them for
//! every type the type mapping uses (`String`, `bool`, [`Number`], `Vec`, `BTreeSet`,
//! `BTreeMap<String, _>`, tuples, `Option`, `serde_json::Value`, [`Sensitive`]).
//!
//! [`ToValue`] gives the value as a `.tfvars.json` file would hold it (arrays as tuples, structs
//! and maps as objects, unset optional attributes left out): Terraform's conversion to the
//! declared type then happens in one place, the converter. [`FromValue`] reads a value that was
//! already converted to the declared type.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use bigdecimal::BigDecimal;

use crate::number::Number;
use crate::sensitive::Sensitive;
use crate::spec::{ModuleSpec, TerraformVersion};
use crate::value::Value;
use crate::value_map::ValueMap;

/// A typed Rust value that can be given to Terraform.
pub trait ToValue {
    /// The value as a `.tfvars.json` file would hold it.
    fn to_value(&self) -> Value;

    /// Whether the value is "not set": only `Option::None` is. Unset attributes are left out.
    fn is_unset(&self) -> bool {
        false
    }
}

/// A typed Rust value that can be read from a runtime [`Value`] converted to its declared type.
pub trait FromValue: Sized {
    /// Reads the value; `path` is where it sits inside its variable, for error messages.
    fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError>;
}

/// Where a value sits inside a variable, written the way Terraform writes it:
/// `node_pools["a"].max_count`, `subnets[0]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Path(String);

impl Path {
    /// The path of a whole variable.
    pub fn root() -> Path {
        Path(String::new())
    }

    /// The path of an object attribute.
    pub fn attr(&self, name: &str) -> Path {
        Path(format!("{}.{name}", self.0))
    }

    /// The path of a list, set or tuple element.
    pub fn index(&self, i: usize) -> Path {
        Path(format!("{}[{i}]", self.0))
    }

    /// The path of a map element.
    pub fn key(&self, key: &str) -> Path {
        Path(format!(
            "{}[{}]",
            self.0,
            serde_json::to_string(key).unwrap_or_default()
        ))
    }

    /// The path as text; empty for the whole variable.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A value that the typed struct cannot hold: the wrong kind of value, or a null where the Rust
/// type has no null.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedError {
    /// Where inside the variable.
    pub path: Path,
    /// What is wrong.
    pub message: String,
}

impl TypedError {
    /// A new error at `path`.
    pub fn new(path: &Path, message: impl Into<String>) -> TypedError {
        TypedError {
            path: path.clone(),
            message: message.into(),
        }
    }
}

impl fmt::Display for TypedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.as_str().is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "at `{}`: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for TypedError {}

fn wrong_kind(path: &Path, expected: &str, got: &Value) -> TypedError {
    if got.is_null() {
        return TypedError::new(
            path,
            format!("null is not allowed here: the Rust field is a {expected}, not an `Option`"),
        );
    }
    TypedError::new(path, format!("a {expected} is required"))
}

impl ToValue for String {
    fn to_value(&self) -> Value {
        Value::String(self.clone())
    }
}

impl FromValue for String {
    fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError> {
        match value {
            Value::String(s) => Ok(s.clone()),
            other => Err(wrong_kind(path, "string", other)),
        }
    }
}

impl ToValue for bool {
    fn to_value(&self) -> Value {
        Value::Bool(*self)
    }
}

impl FromValue for bool {
    fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError> {
        match value {
            Value::Bool(b) => Ok(*b),
            other => Err(wrong_kind(path, "bool", other)),
        }
    }
}

impl ToValue for Number {
    fn to_value(&self) -> Value {
        Value::Number(self.clone())
    }
}

impl FromValue for Number {
    fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError> {
        match value {
            Value::Number(n) => Ok(n.clone()),
            other => Err(wrong_kind(path, "number", other)),
        }
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Value {
        match self {
            Some(v) => v.to_value(),
            None => Value::null(),
        }
    }

    fn is_unset(&self) -> bool {
        self.is_none()
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError> {
        if value.is_null() {
            Ok(None)
        } else {
            T::from_value(value, path).map(Some)
        }
    }
}

impl<T: ToValue> ToValue for Sensitive<T> {
    fn to_value(&self) -> Value {
        self.expose().to_value()
    }

    fn is_unset(&self) -> bool {
        self.expose().is_unset()
    }
}

impl<T: FromValue> FromValue for Sensitive<T> {
    fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError> {
        T::from_value(value, path).map(Sensitive::new)
    }
}

fn elements<'a>(value: &'a Value, path: &Path, what: &str) -> Result<&'a [Value], TypedError> {
    match value {
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Ok(vs),
        other => Err(wrong_kind(path, what, other)),
    }
}

impl<T: ToValue> ToValue for Vec<T> {
    fn to_value(&self) -> Value {
        Value::Tuple(self.iter().map(ToValue::to_value).collect())
    }
}

impl<T: FromValue> FromValue for Vec<T> {
    fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError> {
        elements(value, path, "list")?
            .iter()
            .enumerate()
            .map(|(i, v)| T::from_value(v, &path.index(i)))
            .collect()
    }
}

impl<T: ToValue> ToValue for BTreeSet<T> {
    fn to_value(&self) -> Value {
        Value::Tuple(self.iter().map(ToValue::to_value).collect())
    }
}

impl<T: FromValue + Ord> FromValue for BTreeSet<T> {
    fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError> {
        elements(value, path, "set")?
            .iter()
            .enumerate()
            .map(|(i, v)| T::from_value(v, &path.index(i)))
            .collect()
    }
}

impl<T: ToValue> ToValue for BTreeMap<String, T> {
    fn to_value(&self) -> Value {
        Value::Object(
            self.iter()
                .map(|(k, v)| (k.clone(), v.to_value()))
                .collect(),
        )
    }
}

impl<T: FromValue> FromValue for BTreeMap<String, T> {
    fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError> {
        match value {
            Value::Map(_, m) | Value::Object(m) => m
                .iter()
                .map(|(k, v)| Ok((k.clone(), T::from_value(v, &path.key(k))?)))
                .collect(),
            other => Err(wrong_kind(path, "map", other)),
        }
    }
}

macro_rules! tuples {
    ($( ($n:literal; $($t:ident $i:tt),*) )*) => {$(
        impl<$($t: ToValue),*> ToValue for ($($t,)*) {
            fn to_value(&self) -> Value {
                Value::Tuple(vec![$(self.$i.to_value()),*])
            }
        }

        impl<$($t: FromValue),*> FromValue for ($($t,)*) {
            #[allow(unused_variables)]
            fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError> {
                let vs = elements(value, path, "tuple")?;
                if vs.len() != $n {
                    return Err(TypedError::new(
                        path,
                        format!("a tuple of {} elements is required, got {}", $n, vs.len()),
                    ));
                }
                Ok(($($t::from_value(&vs[$i], &path.index($i))?,)*))
            }
        }
    )*};
}

tuples! {
    (0;)
    (1; A 0)
    (2; A 0, B 1)
    (3; A 0, B 1, C 2)
    (4; A 0, B 1, C 2, D 3)
    (5; A 0, B 1, C 2, D 3, E 4)
    (6; A 0, B 1, C 2, D 3, E 4, F 5)
    (7; A 0, B 1, C 2, D 3, E 4, F 5, G 6)
    (8; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7)
    (9; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8)
    (10; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9)
    (11; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10)
    (12; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11)
}

impl ToValue for serde_json::Value {
    fn to_value(&self) -> Value {
        match self {
            serde_json::Value::Null => Value::null(),
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => match Number::parse_json(&n.to_string()) {
                Some(n) => Value::Number(n),
                None => Value::String(n.to_string()),
            },
            serde_json::Value::String(s) => Value::String(s.clone()),
            serde_json::Value::Array(items) => {
                Value::Tuple(items.iter().map(ToValue::to_value).collect())
            }
            serde_json::Value::Object(m) => {
                Value::Object(m.iter().map(|(k, v)| (k.clone(), v.to_value())).collect())
            }
        }
    }

    fn is_unset(&self) -> bool {
        false
    }
}

impl FromValue for serde_json::Value {
    fn from_value(value: &Value, path: &Path) -> Result<Self, TypedError> {
        Ok(match value {
            Value::Null(_) => serde_json::Value::Null,
            Value::Unknown(_) => {
                return Err(TypedError::new(path, "the value is not known yet"));
            }
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Number(n) => serde_json::Value::Number(json_number(n, path)?),
            Value::String(s) => serde_json::Value::String(s.clone()),
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => serde_json::Value::Array(
                vs.iter()
                    .enumerate()
                    .map(|(i, v)| serde_json::Value::from_value(v, &path.index(i)))
                    .collect::<Result<_, _>>()?,
            ),
            Value::Map(_, m) | Value::Object(m) => serde_json::Value::Object(
                m.iter()
                    .map(|(k, v)| Ok((k.clone(), serde_json::Value::from_value(v, &path.key(k))?)))
                    .collect::<Result<_, TypedError>>()?,
            ),
        })
    }
}

/// A `serde_json::Number` for a Terraform number: integers that fit 64 bits exactly, other
/// numbers as the nearest `f64` (serde_json holds nothing wider).
fn json_number(n: &Number, path: &Path) -> Result<serde_json::Number, TypedError> {
    if n.is_infinite() {
        return Err(TypedError::new(
            path,
            "an infinite number cannot be held by a `serde_json::Value`",
        ));
    }
    let text = n.to_terraform_string();
    if let Ok(i) = text.parse::<i64>() {
        return Ok(i.into());
    }
    if let Ok(u) = text.parse::<u64>() {
        return Ok(u.into());
    }
    text.parse::<f64>()
        .ok()
        .and_then(serde_json::Number::from_f64)
        .ok_or_else(|| TypedError::new(path, format!("the number {text} does not fit an `f64`")))
}

/// Anything a number setter accepts: every integer type, `f32` and `f64`, and [`Number`].
///
/// Floats are taken at their shortest decimal form (`0.1` is the number `0.1`, as written in
/// Rust), infinities become Terraform's `+Inf`/`-Inf`.
///
/// # Panics
///
/// `into_number` panics on a NaN float: Terraform numbers have no NaN.
pub trait IntoNumber {
    /// The exact number.
    fn into_number(self) -> Number;
}

impl IntoNumber for Number {
    fn into_number(self) -> Number {
        self
    }
}

impl IntoNumber for &Number {
    fn into_number(self) -> Number {
        self.clone()
    }
}

macro_rules! into_number_int {
    ($($t:ty),*) => {$(
        impl IntoNumber for $t {
            fn into_number(self) -> Number {
                Number::from(self)
            }
        }
    )*};
}
into_number_int!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

/// The exact number for a float, taken at its shortest decimal form; `None` for NaN.
pub fn number_from_f64(f: f64) -> Option<Number> {
    if f.is_nan() {
        None
    } else if f == f64::INFINITY {
        Some(Number::infinity())
    } else if f == f64::NEG_INFINITY {
        Some(Number::neg_infinity())
    } else {
        // `{}` prints the shortest text that reads back as the same float, without exponent.
        let text = format!("{f}");
        Number::parse_json(&text)
            .or_else(|| BigDecimal::from_str(&text).ok().map(Number::from_decimal))
    }
}

impl IntoNumber for f64 {
    fn into_number(self) -> Number {
        number_from_f64(self).expect("a Terraform number cannot be NaN")
    }
}

impl IntoNumber for f32 {
    fn into_number(self) -> Number {
        if self.is_nan() {
            panic!("a Terraform number cannot be NaN");
        }
        // The shortest decimal text of the f32 itself, not of its f64 widening.
        let text = format!("{self}");
        if self.is_infinite() {
            return number_from_f64(f64::from(self)).expect("not NaN");
        }
        Number::parse_json(&text)
            .or_else(|| BigDecimal::from_str(&text).ok().map(Number::from_decimal))
            .expect("a finite float prints as a decimal")
    }
}

/// What a generated `VARIABLES` table says about one variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariableInfo {
    /// The variable name, as declared.
    pub name: &'static str,
    /// The Rust field that holds it.
    pub field: &'static str,
    /// The type constraint in Terraform syntax (`map(object({a = string}))`); `any` when the
    /// variable has no `type`.
    pub type_text: &'static str,
    /// The description, if any.
    pub description: Option<&'static str>,
    /// No default: a value must be given.
    pub required: bool,
    /// `sensitive = true`
    pub sensitive: bool,
    /// `ephemeral = true`
    pub ephemeral: bool,
    /// `nullable` (true unless `nullable = false`).
    pub nullable: bool,
}

/// The typed variables of one module: what generated root structs implement, and what the
/// generic I/O and validation functions work on.
pub trait ModuleVariables: Sized {
    /// The module's declarations (types, defaults, validations).
    fn spec() -> &'static ModuleSpec;

    /// The generated `VARIABLES` table.
    fn variable_infos() -> &'static [VariableInfo];

    /// Which Terraform release's semantics validation follows.
    fn terraform_version() -> TerraformVersion;

    /// The variables that are set, in declaration order, as a `.tfvars.json` file would hold
    /// them. An explicit `null` is included as a null value.
    fn to_inputs(&self) -> Vec<(&'static str, Value)>;

    /// Builds the struct from values already converted to their declared types. Variables not
    /// in `values` are left unset; a missing required variable is an error.
    fn from_inputs(values: &BTreeMap<String, Value>) -> Result<Self, (String, TypedError)>;
}

/// Reads a field of a generated struct from a map of converted values (used by generated
/// `FromValue` and `from_inputs` implementations).
///
/// `Ok(None)` when the key is absent.
pub fn field<T: FromValue>(
    values: &BTreeMap<String, Value>,
    name: &str,
    path: &Path,
) -> Result<Option<T>, TypedError> {
    match values.get(name) {
        None => Ok(None),
        Some(v) => T::from_value(v, path).map(Some),
    }
}

/// The attributes of an object value (used by generated `FromValue` implementations).
pub fn object_attributes<'a>(value: &'a Value, path: &Path) -> Result<&'a ValueMap, TypedError> {
    match value {
        Value::Object(m) | Value::Map(_, m) => Ok(m),
        other => Err(wrong_kind(path, "object", other)),
    }
}

/// The variables of a generated root struct given an explicit `null`.
pub type Nulls = BTreeSet<&'static str>;

/// Pushes a variable onto the inputs of a generated `to_inputs`: an explicit null as null, an
/// unset optional variable not at all.
pub fn push_input<T: ToValue>(
    out: &mut Vec<(&'static str, Value)>,
    name: &'static str,
    value: &T,
    explicit_null: bool,
) {
    if explicit_null {
        out.push((name, Value::null()));
    } else if !value.is_unset() {
        out.push((name, value.to_value()));
    }
}

/// Reads a required variable for a generated `from_inputs`.
pub fn required_input<T: FromValue>(
    values: &BTreeMap<String, Value>,
    name: &str,
) -> Result<T, (String, TypedError)> {
    match values.get(name) {
        Some(v) => T::from_value(v, &Path::root()).map_err(|e| (name.to_string(), e)),
        None => Err((
            name.to_string(),
            TypedError::new(
                &Path::root(),
                "no value for this required variable: the typed struct needs one",
            ),
        )),
    }
}

/// Reads an optional variable for a generated `from_inputs`. With `nulls`, an explicit null is
/// recorded there (it means something other than leaving the variable unset).
pub fn optional_input<T: FromValue>(
    values: &BTreeMap<String, Value>,
    name: &'static str,
    nulls: Option<&mut Nulls>,
) -> Result<Option<T>, (String, TypedError)> {
    match values.get(name) {
        None => Ok(None),
        Some(v) if v.is_null() => {
            if let Some(nulls) = nulls {
                nulls.insert(name);
            }
            Ok(None)
        }
        Some(v) => T::from_value(v, &Path::root())
            .map(Some)
            .map_err(|e| (name.to_string(), e)),
    }
}

/// Reads an attribute of an object for a generated `FromValue`: a missing attribute reads as
/// null (an unset optional attribute).
pub fn attr<T: FromValue>(attrs: &ValueMap, name: &str, path: &Path) -> Result<T, TypedError> {
    let path = path.attr(name);
    match attrs.get(name) {
        Some(v) => T::from_value(v, &path),
        None => T::from_value(&Value::null(), &path),
    }
}

/// Pushes an attribute onto an object being built by a generated `ToValue`, leaving out unset
/// optional attributes.
pub fn push_attr<T: ToValue>(out: &mut ValueMap, name: &str, value: &T) {
    if !value.is_unset() {
        out.insert(name.to_string(), value.to_value());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> Number {
        Number::parse_json(s).unwrap()
    }

    #[test]
    fn floats_take_their_shortest_decimal_form() {
        assert_eq!(0.1f64.into_number(), num("0.1"));
        assert_eq!(1.5f32.into_number(), num("1.5"));
        assert_eq!(0.1f32.into_number().to_string(), "0.1");
        assert_eq!(1e21f64.into_number(), num("1e21"));
        assert_eq!((-0.0f64).into_number().to_string(), "-0");
        assert!(f64::INFINITY.into_number().is_infinite());
        assert!(number_from_f64(f64::NAN).is_none());
        assert_eq!(u128::MAX.into_number().to_string(), u128::MAX.to_string());
    }

    #[test]
    fn collections_round_trip() {
        let v: BTreeMap<String, Vec<Option<Number>>> =
            [("a".to_string(), vec![Some(1.into()), None])].into();
        let value = v.to_value();
        let back = BTreeMap::<String, Vec<Option<Number>>>::from_value(&value, &Path::root());
        assert_eq!(back.unwrap(), v);
    }

    #[test]
    fn errors_carry_the_path() {
        let value = Value::Object([("a".to_string(), Value::Tuple(vec![Value::null()]))].into());
        let err = BTreeMap::<String, Vec<String>>::from_value(&value, &Path::root().attr("x"))
            .unwrap_err();
        assert_eq!(err.path.as_str(), ".x[\"a\"][0]");
        assert!(err.message.contains("null is not allowed here"), "{err}");
    }

    #[test]
    fn tuples_check_their_length() {
        let value = Value::Tuple(vec![Value::string("a")]);
        assert!(<(String, bool)>::from_value(&value, &Path::root()).is_err());
        let value = Value::Tuple(vec![Value::string("a"), Value::Bool(true)]);
        assert_eq!(
            <(String, bool)>::from_value(&value, &Path::root()).unwrap(),
            ("a".to_string(), true)
        );
    }

    #[test]
    fn json_values_keep_integers_exact() {
        let v: serde_json::Value =
            serde_json::json!({"a": [1, "x", true, null], "b": 18446744073709551615u64});
        let back = serde_json::Value::from_value(&v.to_value(), &Path::root()).unwrap();
        assert_eq!(back, v);
    }
}
