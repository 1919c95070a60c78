//! Shared pieces of the fuzz targets: structured inputs built with `arbitrary` (types, JSON
//! documents, expressions) and the invariants every target checks besides "does not panic".

use std::collections::BTreeMap;

use arbitrary::{Arbitrary, Result, Unstructured};
use tfvars_runtime::{Attribute, Diagnostic, Location, Type, Value};

/// How deep generated types and values may nest. Deep nesting has its own limits and tests; the
/// fuzzers look for other trouble.
pub const MAX_NEST: usize = 6;

/// Asserts that a location points into `text` (1-based line and column, within the file).
///
/// Columns of native-syntax files count characters. HCL's JSON reader counts columns its own
/// way (a tab counts two, a byte that is not valid there one each), which the runtime follows,
/// so JSON columns are only checked against twice the line's length in bytes.
pub fn assert_in_file(loc: &Location, file: &str, text: &str) {
    let json = file.ends_with(".json");
    assert_eq!(&*loc.file, file, "location names another file: {loc}");
    assert!(
        loc.line >= 1 && loc.column >= 1,
        "location not 1-based: {loc}"
    );
    let lines = text.split('\n').count() as u32;
    assert!(
        loc.line <= lines,
        "line beyond the end of the file ({lines} lines): {loc}"
    );
    let line = text.split('\n').nth(loc.line as usize - 1).unwrap_or("");
    let chars = if json {
        2 * line.len() as u32
    } else {
        line.chars().count() as u32
    };
    assert!(
        loc.column <= chars + 1,
        "column beyond the end of line {} ({chars} characters): {loc}",
        loc.line
    );
}

/// Asserts that errors of a reader name the file and a place in it, and say something.
pub fn assert_located(diags: &[Diagnostic], file: &str, text: &str) {
    assert!(!diags.is_empty(), "rejected without a diagnostic");
    for d in diags {
        assert!(!d.summary.is_empty(), "diagnostic without a summary: {d:?}");
        let loc = d
            .location
            .as_ref()
            .unwrap_or_else(|| panic!("diagnostic without a location: {d:?}"));
        assert_in_file(loc, file, text);
    }
}

/// Builds a type constraint, nesting at most `depth` levels.
pub fn arbitrary_type(u: &mut Unstructured, depth: usize) -> Result<Type> {
    let leaf = depth == 0;
    let pick = if leaf {
        u.int_in_range(0..=3)?
    } else {
        u.int_in_range(0..=9)?
    };
    Ok(match pick {
        0 => Type::String,
        1 => Type::Number,
        2 => Type::Bool,
        3 => Type::Any,
        4 => Type::list(arbitrary_type(u, depth - 1)?),
        5 => Type::set(arbitrary_type(u, depth - 1)?),
        6 | 9 => Type::map(arbitrary_type(u, depth - 1)?),
        7 => {
            let n = u.int_in_range(0..=4)?;
            let mut items = Vec::with_capacity(n);
            for _ in 0..n {
                items.push(arbitrary_type(u, depth - 1)?);
            }
            Type::Tuple(items)
        }
        _ => {
            let n = u.int_in_range(0..=4)?;
            let mut attrs: Vec<Attribute> = Vec::with_capacity(n);
            for _ in 0..n {
                let name = arbitrary_key(u)?;
                // Attribute names in NFC only: `é` and `e\u{301}` would be two attributes that
                // JSON (read in NFC, as Terraform reads it) cannot tell apart.
                let nfc = Value::string(name.as_str()) == Value::String(name.clone());
                if !nfc || attrs.iter().any(|a| *a.name == *name) {
                    continue;
                }
                let ty = arbitrary_type(u, depth - 1)?;
                let optional = u.arbitrary()?;
                // A default must already be converted to the attribute's type (the loader does
                // that); keep only those that convert.
                let default = if optional && u.arbitrary()? {
                    let raw = arbitrary_value(u, depth - 1)?;
                    tfvars_runtime::convert(&raw, &ty.without_optional())
                        .ok()
                        .filter(|v| !v.is_null())
                } else {
                    None
                };
                attrs.push(Attribute {
                    name: name.into(),
                    ty,
                    optional,
                    default,
                });
            }
            Type::object(attrs)
        }
    })
}

/// Object keys and strings drawn mostly from a small set, so that keys meet attribute names.
pub fn arbitrary_key(u: &mut Unstructured) -> Result<String> {
    const KEYS: &[&str] = &[
        "a", "b", "name", "x-y", "", "é", "e\u{301}", "0", "1", "true",
    ];
    if u.ratio(1, 4)? {
        Ok(<&str>::arbitrary(u)?.to_string())
    } else {
        Ok(KEYS[u.choose_index(KEYS.len())?].to_string())
    }
}

/// A JSON document, as text, nesting at most `depth` levels.
pub fn arbitrary_json(u: &mut Unstructured, depth: usize, out: &mut String) -> Result<()> {
    let pick = if depth == 0 {
        u.int_in_range(0..=4)?
    } else {
        u.int_in_range(0..=6)?
    };
    match pick {
        0 => out.push_str("null"),
        1 => out.push_str(if u.arbitrary()? { "true" } else { "false" }),
        2 => out.push_str(&arbitrary_number_text(u)?),
        3 | 4 => {
            let s = if u.ratio(1, 2)? {
                // Strings that convert to other types.
                const TEXTS: &[&str] = &[
                    "true", "false", "1", "-0", "1e3", "0x10", "1.50", " 1", "null", "",
                ];
                TEXTS[u.choose_index(TEXTS.len())?].to_string()
            } else {
                arbitrary_key(u)?
            };
            out.push_str(&serde_json::to_string(&s).expect("strings serialize"));
        }
        5 => {
            out.push('[');
            let n = u.int_in_range(0..=4)?;
            for i in 0..n {
                if i > 0 {
                    out.push(',');
                }
                arbitrary_json(u, depth - 1, out)?;
            }
            out.push(']');
        }
        _ => {
            out.push('{');
            let n = u.int_in_range(0..=4)?;
            // A key given twice is an error of the reader (as in Terraform), not a value.
            let mut keys = std::collections::BTreeSet::new();
            for _ in 0..n {
                let key = arbitrary_key(u)?;
                if !keys.insert(key.clone()) {
                    continue;
                }
                if keys.len() > 1 {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(&key).expect("keys serialize"));
                out.push(':');
                arbitrary_json(u, depth - 1, out)?;
            }
            out.push('}');
        }
    }
    Ok(())
}

/// Number literals as JSON allows them, including the awkward ones (exponents, long digits).
pub fn arbitrary_number_text(u: &mut Unstructured) -> Result<String> {
    const NUMBERS: &[&str] = &[
        "0",
        "-0",
        "1",
        "-1",
        "0.5",
        "1.5e2",
        "1e-7",
        "123456789012345678901234567890",
        "9007199254740993",
        "1E+2",
        "2.0",
        "-3.25",
        "1e308",
        "1e400",
        "1e-400",
    ];
    if u.ratio(1, 3)? {
        let mantissa: i64 = u.arbitrary()?;
        let exp: i16 = u.int_in_range(-30..=30)?;
        Ok(format!("{mantissa}e{exp}"))
    } else {
        Ok(NUMBERS[u.choose_index(NUMBERS.len())?].to_string())
    }
}

/// A value as a var file gives it (before conversion), nesting at most `depth` levels.
pub fn arbitrary_value(u: &mut Unstructured, depth: usize) -> Result<Value> {
    let mut text = String::new();
    arbitrary_json(u, depth, &mut text)?;
    // Keys that differ only in normalisation (`é`, `e\u{301}`) are one key to Terraform, so
    // a generated object may repeat a key after all: then there is no value.
    tfvars_runtime::json::parse_json_value(&text, "x.json")
        .map_err(|_| arbitrary::Error::IncorrectFormat)
}

/// The effective values of a check, for comparing two runs.
pub fn values_text(values: &BTreeMap<String, Value>) -> String {
    format!("{values:?}")
}

/// True when `value` holds an infinite number somewhere. The writers give infinities as the
/// strings `"inf"` and `"-inf"` (JSON has no infinity; Terraform converts those strings back
/// to numbers), so such values only read back equal once converted to a number type.
pub fn has_infinity(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.is_infinite(),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            items.iter().any(has_infinity)
        }
        Value::Map(_, m) | Value::Object(m) => m.values().any(has_infinity),
        _ => false,
    }
}
