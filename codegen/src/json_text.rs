//! A small JSON document model and writer with the exact output format of terraschema (Go's
//! `encoding/json` encoder with tab indentation): keys of maps sorted by byte order, `": "`
//! between key and value, empty containers as `{}` / `[]`, one trailing newline, and numbers
//! written exactly (no float rounding).

use std::borrow::Cow;

use tfvars_runtime::{Number, Value};

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number, kept exact: plain decimal notation, or exponent notation when much shorter
    /// (`1e400`). Never infinite ([`Json::from_value`] refuses infinities).
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object whose keys are written in byte order (a Go map).
    Object(Map),
    /// An object whose keys are written in the given order (a Go struct).
    Struct(Vec<(String, Json)>),
    /// A value already written by [`to_string_at`] at the depth where this node is placed, so
    /// that the parts of a large document can be written on every core.
    Written(String),
}

impl Json {
    /// A string value.
    pub fn str(s: impl Into<String>) -> Json {
        Json::String(s.into())
    }

    /// A whole number.
    pub fn int(n: u64) -> Json {
        Json::Number(Number::from(n))
    }

    /// An empty object.
    pub fn object() -> Json {
        Json::Object(Map::new())
    }

    /// The entries of an object (`None` for anything else).
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Json::Object(m) => Some(m),
            _ => None,
        }
    }

    /// The entries of an object, mutably. Panics when called on anything else: callers only use
    /// it on nodes they built as objects.
    pub fn entries(&mut self) -> &mut Map {
        match self {
            Json::Object(m) => m,
            _ => panic!("json node is not an object"),
        }
    }

    /// Inserts a key into an object node; see [`Json::entries`].
    pub fn set(&mut self, key: impl Into<Key>, value: Json) -> &mut Json {
        self.entries().insert(key, value);
        self
    }

    /// Looks up a key of an object node.
    pub fn get(&self, key: &str) -> Option<&Json> {
        self.as_object().and_then(|m| m.get(key))
    }

    /// Converts a known Terraform value. Sets become arrays in set order, objects and maps
    /// become objects. Fails (with what was found) on an unknown value or an infinite number,
    /// which JSON cannot carry.
    pub fn from_value(value: &Value) -> Result<Json, String> {
        Ok(match value {
            Value::Null(_) => Json::Null,
            Value::Unknown(_) => return Err("an unknown value".into()),
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(n) => {
                if n.is_infinite() {
                    return Err(format!("the number {n}, which JSON cannot represent"));
                }
                Json::Number(n.clone())
            }
            Value::String(s) => Json::String(s.clone()),
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
                Json::Array(vs.iter().map(Json::from_value).collect::<Result<_, _>>()?)
            }
            Value::Map(_, m) | Value::Object(m) => Json::Object(
                m.iter()
                    .map(|(k, v)| Ok((k.clone(), Json::from_value(v)?)))
                    .collect::<Result<_, String>>()?,
            ),
        })
    }
}

/// An object key: borrowed for the schema keywords, owned for names from the module.
pub type Key = Cow<'static, str>;

/// The entries of a JSON object, kept sorted by key bytes (Go's map order). Objects are small,
/// so a sorted vector beats a tree: one allocation, and keywords need no key allocation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Map {
    entries: Vec<(Key, Json)>,
}

impl Map {
    /// An empty map.
    pub fn new() -> Map {
        Map::default()
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| k.as_ref().cmp(key))
    }

    /// Inserts or replaces an entry; returns the replaced value.
    pub fn insert(&mut self, key: impl Into<Key>, value: Json) -> Option<Json> {
        let key = key.into();
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    /// The value of a key.
    pub fn get(&self, key: &str) -> Option<&Json> {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    /// The value of a key, mutably.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Json> {
        self.find(key).ok().map(|i| &mut self.entries[i].1)
    }

    /// Removes a key.
    pub fn remove(&mut self, key: &str) -> Option<Json> {
        self.find(key).ok().map(|i| self.entries.remove(i).1)
    }

    /// The entries in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Json)> {
        self.entries.iter().map(|(k, v)| (k.as_ref(), v))
    }

    /// The values in key order, mutably.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Json> {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl<K: Into<Key>> FromIterator<(K, Json)> for Map {
    fn from_iter<I: IntoIterator<Item = (K, Json)>>(iter: I) -> Map {
        let mut entries: Vec<(Key, Json)> = iter.into_iter().map(|(k, v)| (k.into(), v)).collect();
        if !entries.windows(2).all(|w| w[0].0 < w[1].0) {
            // Later duplicates win, as with repeated inserts.
            entries.reverse();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            entries.dedup_by(|a, b| a.0 == b.0);
        }
        Map { entries }
    }
}

/// How to write a document.
#[derive(Clone, Copy, Debug, Default)]
pub struct WriteOptions {
    /// Escape `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026` (Go's HTML-safe escaping).
    pub escape_html: bool,
}

/// Writes a document with tab indentation and one trailing newline.
pub fn to_string(json: &Json, options: WriteOptions) -> String {
    let mut out = String::with_capacity(64 * 1024 + written_len(json));
    write_value(&mut out, json, 0, options);
    out.push('\n');
    out
}

/// Writes a value as it is written `depth` levels into a document (its inner lines indented
/// past that depth), for a [`Json::Written`] node at that depth.
pub fn to_string_at(json: &Json, depth: usize, options: WriteOptions) -> String {
    let mut out = String::with_capacity(4096);
    write_value(&mut out, json, depth, options);
    out
}

/// The length of the texts already written inside a document's top two levels (the variables'
/// nodes), so that the document's text is allocated once.
fn written_len(json: &Json) -> usize {
    let parts = |j: &Json| match j {
        Json::Written(t) => t.len(),
        Json::Object(m) => m
            .iter()
            .map(|(_, v)| match v {
                Json::Written(t) => t.len(),
                _ => 0,
            })
            .sum(),
        _ => 0,
    };
    match json {
        Json::Object(m) => m.iter().map(|(_, v)| parts(v)).sum(),
        other => parts(other),
    }
}

fn indent(out: &mut String, depth: usize) {
    const TABS: &str = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
    out.push('\n');
    let mut left = depth;
    while left > 0 {
        let n = left.min(TABS.len());
        out.push_str(&TABS[..n]);
        left -= n;
    }
}

fn write_value(out: &mut String, json: &Json, depth: usize, options: WriteOptions) {
    match json {
        Json::Null => out.push_str("null"),
        Json::Bool(true) => out.push_str("true"),
        Json::Bool(false) => out.push_str("false"),
        Json::Number(n) => match n.to_json_string() {
            Some(text) => out.push_str(&text),
            None => out.push_str("null"),
        },
        Json::String(s) => write_string(out, s, options),
        Json::Written(text) => out.push_str(text),
        Json::Array(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, depth + 1);
                write_value(out, item, depth + 1, options);
            }
            indent(out, depth);
            out.push(']');
        }
        Json::Object(map) => write_entries(out, map.iter(), map.is_empty(), depth, options),
        Json::Struct(fields) => write_entries(
            out,
            fields.iter().map(|(k, v)| (k.as_str(), v)),
            fields.is_empty(),
            depth,
            options,
        ),
    }
}

fn write_entries<'a>(
    out: &mut String,
    entries: impl Iterator<Item = (&'a str, &'a Json)>,
    empty: bool,
    depth: usize,
    options: WriteOptions,
) {
    if empty {
        out.push_str("{}");
        return;
    }
    out.push('{');
    for (i, (key, value)) in entries.enumerate() {
        if i > 0 {
            out.push(',');
        }
        indent(out, depth + 1);
        write_string(out, key, options);
        out.push_str(": ");
        write_value(out, value, depth + 1, options);
    }
    indent(out, depth);
    out.push('}');
}

/// Writes a JSON string literal the way Go's encoder does: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`,
/// `\t`, other control characters as `\u00xx`, U+2028 and U+2029 always escaped, and `<>&`
/// escaped only when asked.
pub fn write_string(out: &mut String, s: &str, options: WriteOptions) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    // Copy runs of characters that need no escape in one go.
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    // The bytes that may start an escape: control characters, `"`, `\`, `<`, `>`, `&`, and
    // the first byte of U+2028/U+2029; the others are copied without a second look.
    const MAYBE: [bool; 256] = {
        let mut t = [false; 256];
        let mut b = 0;
        while b < 0x20 {
            t[b] = true;
            b += 1;
        }
        t[b'"' as usize] = true;
        t[b'\\' as usize] = true;
        t[b'<' as usize] = true;
        t[b'>' as usize] = true;
        t[b'&' as usize] = true;
        t[0xE2] = true;
        t
    };
    while i < bytes.len() {
        let b = bytes[i];
        if !MAYBE[b as usize] {
            i += 1;
            continue;
        }
        let special = b < 0x20
            || b == b'"'
            || b == b'\\'
            || (options.escape_html && matches!(b, b'<' | b'>' | b'&'))
            // U+2028 and U+2029 are E2 80 A8 / E2 80 A9 in UTF-8.
            || (b == 0xE2 && bytes.get(i + 1) == Some(&0x80) && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9)));
        if !special {
            i += 1;
            continue;
        }
        out.push_str(&s[start..i]);
        let len = if b == 0xE2 { 3 } else { 1 };
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0xE2 => out.push_str(if bytes[i + 2] == 0xA8 {
                "\\u2028"
            } else {
                "\\u2029"
            }),
            _ => {
                out.push_str("\\u00");
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 0xf) as usize] as char);
            }
        }
        i += len;
        start = i;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(entries: &[(&str, Json)]) -> Json {
        Json::Object(
            entries
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    #[test]
    fn writes_go_style_indented_json() {
        let doc = obj(&[
            ("b", Json::Array(vec![Json::int(1), Json::Null])),
            ("a", Json::object()),
            ("Z", Json::Array(vec![])),
        ]);
        assert_eq!(
            to_string(&doc, WriteOptions::default()),
            "{\n\t\"Z\": [],\n\t\"a\": {},\n\t\"b\": [\n\t\t1,\n\t\tnull\n\t]\n}\n"
        );
    }

    #[test]
    fn escapes_like_go() {
        let mut out = String::new();
        write_string(
            &mut out,
            "a\"\\\u{8}\u{c}\n\r\t\u{1}<>&\u{2028}\u{2029}é\u{7f}",
            WriteOptions::default(),
        );
        assert_eq!(
            out,
            "\"a\\\"\\\\\\b\\f\\n\\r\\t\\u0001<>&\\u2028\\u2029é\u{7f}\""
        );
        let mut out = String::new();
        write_string(&mut out, "<a&b>", WriteOptions { escape_html: true });
        assert_eq!(out, r#""\u003ca\u0026b\u003e""#);
    }

    #[test]
    fn numbers_are_exact() {
        let n = Number::parse_json("123456789012345678901234567890.5").unwrap();
        assert_eq!(
            to_string(&Json::Number(n), WriteOptions::default()),
            "123456789012345678901234567890.5\n"
        );
        let n = Number::parse_json("1e3").unwrap();
        assert_eq!(
            to_string(&Json::Number(n), WriteOptions::default()),
            "1000\n"
        );
        let n = Number::parse_json("1e400").unwrap();
        assert_eq!(
            to_string(&Json::Number(n), WriteOptions::default()),
            "1e400\n"
        );
        let n = Number::parse_json("-0").unwrap();
        assert_eq!(to_string(&Json::Number(n), WriteOptions::default()), "-0\n");
    }

    #[test]
    fn map_sorts_by_bytes_and_later_keys_win() {
        let m: Map = vec![
            ("b", Json::int(1)),
            ("a", Json::int(2)),
            ("b", Json::int(3)),
            ("B", Json::Null),
        ]
        .into_iter()
        .collect();
        let keys: Vec<&str> = m.iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["B", "a", "b"]);
        assert_eq!(m.get("b"), Some(&Json::int(3)));
        let mut m = m;
        assert_eq!(m.insert("a", Json::Null), Some(Json::int(2)));
        assert_eq!(m.remove("B"), Some(Json::Null));
        assert_eq!(m.len(), 2);
    }

    #[test]
    fn a_written_node_reads_as_the_node_itself() {
        let inner = obj(&[
            ("b", Json::Array(vec![Json::int(1), Json::Null])),
            ("a", Json::object()),
        ]);
        let whole = obj(&[("outer", obj(&[("x", inner.clone())]))]);
        let written = Json::Written(to_string_at(&inner, 2, WriteOptions::default()));
        let parts = obj(&[("outer", obj(&[("x", written)]))]);
        assert_eq!(
            to_string(&parts, WriteOptions::default()),
            to_string(&whole, WriteOptions::default())
        );
    }

    #[test]
    fn struct_keeps_field_order() {
        let doc = Json::Struct(vec![
            ("z".into(), Json::Bool(true)),
            ("a".into(), Json::Bool(false)),
        ]);
        assert_eq!(
            to_string(&doc, WriteOptions::default()),
            "{\n\t\"z\": true,\n\t\"a\": false\n}\n"
        );
    }
}
