//! Writing variable values for Terraform: `.tfvars.json`, `.tfvars` (HCL) and `TF_VAR_` pairs,
//! and writing files atomically.
//!
//! Every writer keeps numbers exact (the decimal text of the [`Number`], never an `f64`), keeps
//! the order it is given for variables and sorts object and map keys, so the same values always
//! give the same bytes.

use std::fmt::{self, Write as _};
use std::io::{self, Write as _};
use std::path::Path;

use crate::number::Number;
use crate::spec::VariableSpec;
use crate::types::Type;
use crate::value::{write_hcl_string, Value};

/// A value that cannot be written in the requested form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputError {
    /// The variable concerned.
    pub variable: String,
    /// What is wrong, and what to do about it.
    pub message: String,
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write `var.{}`: {}", self.variable, self.message)
    }
}

impl std::error::Error for OutputError {}

/// A `.tfvars.json` document: one object, two-space indentation, a trailing newline.
///
/// Infinities, which JSON cannot hold, are written as the strings `"inf"` and `"-inf"`:
/// Terraform converts those to its `+Inf` and `-Inf` numbers.
pub fn to_tfvars_json<'a>(vars: impl IntoIterator<Item = (&'a str, &'a Value)>) -> String {
    let mut out = String::from("{");
    let mut first = true;
    for (name, value) in vars {
        out.push_str(if first { "\n  " } else { ",\n  " });
        first = false;
        json_string(&mut out, name);
        out.push_str(": ");
        json_value(&mut out, value, 1);
    }
    out.push_str(if first { "}\n" } else { "\n}\n" });
    out
}

fn indent(out: &mut String, level: usize) {
    out.push('\n');
    for _ in 0..level {
        out.push_str("  ");
    }
}

fn json_value(out: &mut String, value: &Value, level: usize) {
    match value {
        Value::Null(_) | Value::Unknown(_) => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => json_number(out, n),
        Value::String(s) => json_string(out, s),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, level + 1);
                json_value(out, item, level + 1);
            }
            indent(out, level);
            out.push(']');
        }
        Value::Map(_, m) | Value::Object(m) => {
            if m.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push('{');
            for (i, (k, v)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, level + 1);
                json_string(out, k);
                out.push_str(": ");
                json_value(out, v, level + 1);
            }
            indent(out, level);
            out.push('}');
        }
    }
}

// Exponent notation for extreme magnitudes: the plain digits of `1e-200000000` would fill
// 200 MB, and JSON and HCL both read the short form exactly.
fn json_number(out: &mut String, n: &Number) {
    match n.to_json_string() {
        Some(text) => out.push_str(&text),
        None if n.is_sign_negative() => out.push_str("\"-inf\""),
        None => out.push_str("\"inf\""),
    }
}

fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            // HCL's JSON scanner steps through a string by grapheme clusters and only looks at
            // the first byte of each, so a character that joins the next one into a cluster
            // (Unicode's "Prepend" class, U+0600 and the like) would hide the closing quote or
            // an escape from it: Terraform rejects such a file. Escaped, it stays a character.
            c if !c.is_ascii() && joins_following(c) => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

// Whether `c` and a following `"` make one grapheme cluster.
fn joins_following(c: char) -> bool {
    use unicode_segmentation::UnicodeSegmentation;
    let mut buf = [0u8; 5];
    let len = c.encode_utf8(&mut buf).len();
    buf[len] = b'"';
    std::str::from_utf8(&buf[..=len])
        .map(|s| s.graphemes(true).count() == 1)
        .unwrap_or(false)
}

// As in JSON, but a number beyond a float's range in exponent form gets an integer mantissa
// (`563937047203182096022e380`, not `5.63937047203182096022e400`): the HCL parser reads the
// latter as `5` and a 20-digit index, and rejects it. Numbers a float can hold keep the
// shorter form (`1.5e300`).
fn hcl_number(out: &mut String, n: &Number) {
    let start = out.len();
    json_number(out, n);
    let text = &out[start..];
    let (Some(dot), Some(e)) = (text.find('.'), text.find('e')) else {
        return;
    };
    let exp: i64 = text[e + 1..].parse().expect("an exponent");
    if exp.abs() <= 300 {
        return;
    }
    let fraction = (e - dot - 1) as i64;
    let rewritten = format!("{}{}e{}", &text[..dot], &text[dot + 1..e], exp - fraction);
    out.truncate(start);
    out.push_str(&rewritten);
}

/// A `.tfvars` (HCL) document: one `name = value` line per variable, objects and lists spread
/// over lines with two-space indentation.
pub fn to_tfvars_hcl<'a>(vars: impl IntoIterator<Item = (&'a str, &'a Value)>) -> String {
    let mut out = String::new();
    for (name, value) in vars {
        out.push_str(name);
        out.push_str(" = ");
        hcl_value(&mut out, value, 0, true);
        out.push('\n');
    }
    out
}

/// One HCL expression for a value, on one line (what `TF_VAR_` of a complex type takes).
pub fn to_hcl_expression(value: &Value) -> String {
    let mut out = String::new();
    hcl_value(&mut out, value, 0, false);
    out
}

fn hcl_value(out: &mut String, value: &Value, level: usize, pretty: bool) {
    let sep = |out: &mut String, level: usize| {
        if pretty {
            indent(out, level);
        } else {
            out.push(' ');
        }
    };
    match value {
        Value::Null(_) | Value::Unknown(_) => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => hcl_number(out, n),
        Value::String(s) => write_hcl_string(out, s),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                sep(out, level + 1);
                hcl_value(out, item, level + 1, pretty);
            }
            if pretty {
                out.push(',');
            }
            sep(out, level);
            out.push(']');
        }
        Value::Map(_, m) | Value::Object(m) => {
            if m.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push('{');
            for (i, (k, v)) in m.iter().enumerate() {
                if i > 0 && !pretty {
                    out.push(',');
                }
                sep(out, level + 1);
                // Quoted keys are always literal keys; a bare word could read as a reference.
                write_hcl_string(out, k);
                out.push_str(" = ");
                hcl_value(out, v, level + 1, pretty);
            }
            sep(out, level);
            out.push('}');
        }
    }
}

/// The `TF_VAR_<name>` environment pair for a variable's value, as Terraform reads it.
///
/// A typed variable of a primitive type takes the value's text literally (a string as is, a
/// number in plain decimal, `true`/`false`). Complex types and `type = any` take one HCL
/// expression. A variable without a `type` takes only literal strings.
pub fn to_env_pair(spec: &VariableSpec, value: &Value) -> Result<(String, String), OutputError> {
    let err = |message: &str| OutputError {
        variable: spec.name.clone(),
        message: message.to_string(),
    };
    let literal = !spec.typed || spec.ty.is_primitive();
    let text =
        if literal {
            match value {
                Value::Null(_) if spec.typed => {
                    return Err(err(
                        "a `TF_VAR_` value of a primitive type is read as literal text, so `null` \
                     cannot be given this way: write a `.tfvars.json` file instead",
                    ))
                }
                Value::String(s) => s.clone(),
                Value::Bool(b) if spec.typed => b.to_string(),
                Value::Number(n) if spec.typed => {
                    if n.is_infinite() {
                        if n.is_sign_negative() { "-inf" } else { "inf" }.to_string()
                    } else {
                        n.to_terraform_string()
                    }
                }
                _ if !spec.typed => return Err(err(
                    "a variable with no `type` takes `TF_VAR_` text as a literal string, so only \
                     a string can be given this way: write a `.tfvars.json` file instead",
                )),
                _ => return Err(err("the value does not fit the variable's primitive type")),
            }
        } else {
            to_hcl_expression(value)
        };
    Ok((format!("TF_VAR_{}", spec.name), text))
}

/// Terraform's type constraint syntax for a type: `map(object({a = string, b = optional(number, 5)}))`.
pub fn type_text(ty: &Type) -> String {
    let mut out = String::new();
    write_type_text(&mut out, ty, false);
    out
}

/// Appends [`type_text`] to `out`; with `objects_elided`, each object type is written
/// `object({…})` (for a reader who finds its attributes elsewhere).
pub fn write_type_text(out: &mut String, ty: &Type, objects_elided: bool) {
    let write_type = |out: &mut String, ty: &Type| write_type_text(out, ty, objects_elided);
    match ty {
        Type::Object(_) if objects_elided => out.push_str("object({…})"),
        Type::Any => out.push_str("any"),
        Type::String => out.push_str("string"),
        Type::Number => out.push_str("number"),
        Type::Bool => out.push_str("bool"),
        Type::List(t) | Type::Set(t) | Type::Map(t) => {
            out.push_str(match ty {
                Type::List(_) => "list(",
                Type::Set(_) => "set(",
                _ => "map(",
            });
            write_type(out, t);
            out.push(')');
        }
        Type::Tuple(ts) => {
            out.push_str("tuple([");
            for (i, t) in ts.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(out, t);
            }
            out.push_str("])");
        }
        Type::Object(attrs) => {
            out.push_str("object({");
            for (i, a) in attrs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&a.name);
                out.push_str(" = ");
                if a.optional {
                    out.push_str("optional(");
                    write_type(out, &a.ty);
                    if let Some(d) = &a.default {
                        out.push_str(", ");
                        hcl_value(out, d, 0, false);
                    }
                    out.push(')');
                } else {
                    write_type(out, &a.ty);
                }
            }
            out.push_str("})");
        }
    }
}

/// Writes a file atomically: a reader of `path` sees the old file or the new one, never a
/// partial one, and when the write fails an existing file is left as it was.
///
/// How:
/// 1. The bytes go to a new temporary file in the same directory as `path` (so the rename below
///    stays on one file system), named `.<file name>.<random>.tmp`. It is created exclusively
///    (`O_CREAT | O_EXCL | O_NOFOLLOW` on Unix): if anything (a file, a planted symlink, dangling
///    or not) already has that name, nothing is opened through it and a new random name is
///    tried.
/// 2. The file gets its final permissions when it is created, before any byte is written:
///    `0600` with `private`; otherwise `0644` less the umask, or the permission bits of the
///    file being replaced (so a rewrite keeps a file's mode; with `private` they are narrowed
///    to at most `0600`).
/// 3. The bytes are written and flushed to disk (`fsync`), the file is renamed over `path`,
///    and the directory is flushed so that the rename itself survives a crash.
/// 4. On any failure the temporary file is removed and the error names `path`.
///
/// **Symbolic links.** When `path` is itself a symbolic link, the link is replaced by the new
/// regular file, as `mv` and `install` do: nothing is written through it, so a value never
/// lands in the file or directory the link points to, and never takes that file's
/// permissions. The file the link pointed to is left untouched. A symbolic link in the
/// *directory* part of `path` is followed, as with any path.
pub fn write_atomic(path: &Path, bytes: &[u8], private: bool) -> io::Result<()> {
    write_atomic_with(path, private, |file| file.write_all(bytes))
}

/// [`write_atomic`] with the content produced by `fill`, which writes into the temporary file.
///
/// An error returned by `fill` aborts the write: the temporary file is removed and an existing
/// file at `path` is left untouched.
pub fn write_atomic_with(
    path: &Path,
    private: bool,
    fill: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
) -> io::Result<()> {
    let named =
        |e: io::Error| io::Error::new(e.kind(), format!("cannot write `{}`: {e}", path.display()));
    let file_name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("cannot write `{}`: it does not name a file", path.display()),
        )
    })?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let mode = file_mode(path, private);
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(file_name);
    let (tmp_path, mut file) = create_temp(&dir, temp_names(&tmp_name), mode).map_err(named)?;
    let result = (|| {
        fill(&mut file)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp_path, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp_path);
        return Err(named(e));
    }
    sync_dir(&dir).map_err(named)
}

// The permission bits the new file is created with (see `write_atomic`), and whether they are
// kept from the file being replaced (then set exactly, whatever the umask).
#[cfg(unix)]
fn file_mode(path: &Path, private: bool) -> (u32, bool) {
    use std::os::unix::fs::PermissionsExt;
    let existing = std::fs::symlink_metadata(path)
        .ok()
        .filter(|m| m.file_type().is_file())
        .map(|m| m.permissions().mode() & 0o7777);
    match (existing, private) {
        (Some(m), true) => (m & 0o600, true),
        (None, true) => (0o600, false),
        (Some(m), false) => (m, true),
        (None, false) => (0o644, false),
    }
}

#[cfg(not(unix))]
fn file_mode(_: &Path, _: bool) -> (u32, bool) {
    (0, false)
}

// Flushes a directory's entries (the rename) to disk. The file is in place by then: a directory
// that cannot be opened (write-only for this user) or a file system that cannot sync one
// (EINVAL) is not a failure of the write; an I/O error while syncing is.
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        let Ok(d) = std::fs::File::open(dir) else {
            return Ok(());
        };
        match d.sync_all() {
            Err(e) if e.raw_os_error() == Some(libc::EINVAL) => Ok(()),
            other => other,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

// Candidate temporary names: `<base>.<random hex>.tmp`, a new random part each time.
fn temp_names(base: &std::ffi::OsStr) -> impl Iterator<Item = std::ffi::OsString> + '_ {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    (0..).map(move |_| {
        // `RandomState` is seeded from the operating system's randomness once per thread and
        // varied per instance; the process id, a counter and the clock make each name distinct.
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u32(std::process::id());
        h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
        if let Ok(t) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
            h.write_u128(t.as_nanos());
        }
        let mut name = base.to_os_string();
        name.push(format!(".{:016x}.tmp", h.finish()));
        name
    })
}

// Creates the first of `names` that does not exist yet in `dir`, never following a symbolic
// link that has the name. Gives up after 100 names that all exist.
fn create_temp(
    dir: &Path,
    names: impl Iterator<Item = std::ffi::OsString>,
    (mode, exact): (u32, bool),
) -> io::Result<(std::path::PathBuf, std::fs::File)> {
    for name in names.take(100) {
        let candidate = dir.join(name);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(mode).custom_flags(libc::O_NOFOLLOW);
        }
        #[cfg(not(unix))]
        let _ = (mode, exact);
        match options.open(&candidate) {
            Ok(file) => {
                // The umask may have narrowed a kept mode: restore it exactly, before any byte
                // is written (it is never wider than the file it replaces, and at most 0600
                // for a private file).
                #[cfg(unix)]
                if exact {
                    use std::os::unix::fs::PermissionsExt;
                    if let Err(e) = file.set_permissions(std::fs::Permissions::from_mode(mode)) {
                        drop(file);
                        let _ = std::fs::remove_file(&candidate);
                        return Err(e);
                    }
                }
                return Ok((candidate, file));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("no free temporary file name in `{}`", dir.display()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Location;

    fn num(s: &str) -> Value {
        Value::Number(Number::parse_json(s).unwrap())
    }

    fn obj(pairs: &[(&str, Value)]) -> Value {
        Value::Object(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }

    fn var(name: &str, ty: Type, typed: bool) -> VariableSpec {
        VariableSpec {
            name: name.into(),
            ty,
            typed,
            default: None,
            description: None,
            sensitive: false,
            nullable: true,
            nullable_set: false,
            ephemeral: false,
            validations: vec![],
            location: Location {
                file: "main.tf".into(),
                line: 1,
                column: 1,
                range: None,
            },
        }
    }

    #[test]
    fn json_is_pretty_exact_and_sorted() {
        let v = obj(&[
            ("b", Value::Tuple(vec![num("9007199254740993"), num("0.1")])),
            ("a", Value::string("x\"\n\u{1}")),
            ("e", Value::Tuple(vec![])),
        ]);
        let text = to_tfvars_json([("x", &v), ("n", &Value::null())]);
        assert_eq!(
            text,
            "{\n  \"x\": {\n    \"a\": \"x\\\"\\n\\u0001\",\n    \"b\": [\n      9007199254740993,\n      0.1\n    ],\n    \"e\": []\n  },\n  \"n\": null\n}\n"
        );
        let parsed: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(parsed["x"]["a"], "x\"\n\u{1}");
        assert_eq!(to_tfvars_json([]), "{}\n");
    }

    #[test]
    fn hcl_escapes_template_sequences() {
        let v = obj(&[("a-b", Value::string("${x} %{y} $z"))]);
        assert_eq!(
            to_tfvars_hcl([("v", &v)]),
            "v = {\n  \"a-b\" = \"$${x} %%{y} $z\"\n}\n"
        );
        assert_eq!(
            to_hcl_expression(&Value::Tuple(vec![num("1"), Value::Bool(true)])),
            "[ 1, true ]"
        );
    }

    #[test]
    fn env_pairs_follow_terraform_rules() {
        let s = var("s", Type::String, true);
        assert_eq!(
            to_env_pair(&s, &Value::string("\"q\"")).unwrap(),
            ("TF_VAR_s".into(), "\"q\"".into())
        );
        assert!(to_env_pair(&s, &Value::null()).is_err());
        let n = var("n", Type::Number, true);
        assert_eq!(to_env_pair(&n, &num("1e3")).unwrap().1, "1000");
        let any = var("a", Type::Any, true);
        assert_eq!(to_env_pair(&any, &Value::string("hi")).unwrap().1, "\"hi\"");
        let untyped = var("u", Type::Any, false);
        assert_eq!(to_env_pair(&untyped, &Value::string("hi")).unwrap().1, "hi");
        assert!(to_env_pair(&untyped, &num("1")).is_err());
        // A null has no text form either way; each refusal says why for its variable.
        let untyped_null = to_env_pair(&untyped, &Value::null()).unwrap_err();
        assert!(untyped_null.message.contains("no `type`"), "{untyped_null}");
        let typed_null = to_env_pair(&s, &Value::null()).unwrap_err();
        assert!(
            typed_null.message.contains("primitive type"),
            "{typed_null}"
        );
        let m = var("m", Type::map(Type::String), true);
        assert_eq!(
            to_env_pair(&m, &obj(&[("k", Value::string("v"))]))
                .unwrap()
                .1,
            "{ \"k\" = \"v\" }"
        );
    }

    #[test]
    fn type_text_is_terraform_syntax() {
        let ty = Type::map(Type::object(vec![
            crate::types::Attribute {
                name: "a".into(),
                ty: Type::String,
                optional: false,
                default: None,
            },
            crate::types::Attribute {
                name: "b".into(),
                ty: Type::Number,
                optional: true,
                default: Some(num("5")),
            },
        ]));
        assert_eq!(
            type_text(&ty),
            "map(object({a = string, b = optional(number, 5)}))"
        );
    }

    #[test]
    fn atomic_write_replaces_and_keeps_mode() {
        let dir = std::env::temp_dir().join(format!("tfvars-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.tfvars.json");
        write_atomic(&path, b"one", false).unwrap();
        write_atomic(&path, b"two", true).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn temp_names_taken_by_symlinks_are_skipped_not_followed() {
        let dir = std::env::temp_dir().join(format!("tfvars-output-tmp-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let elsewhere = dir.join("elsewhere");
        std::fs::create_dir_all(&elsewhere).unwrap();
        let victim = elsewhere.join("victim");
        std::fs::write(&victim, b"keep").unwrap();
        // The first name is a dangling link, the second a link to an existing file.
        std::os::unix::fs::symlink(elsewhere.join("created"), dir.join("t1")).unwrap();
        std::os::unix::fs::symlink(&victim, dir.join("t2")).unwrap();
        let names = ["t1", "t2", "t3"].into_iter().map(std::ffi::OsString::from);
        let (path, mut file) = create_temp(&dir, names, (0o600, false)).unwrap();
        assert_eq!(path, dir.join("t3"));
        file.write_all(b"secret").unwrap();
        assert!(!elsewhere.join("created").exists());
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
        // Every name taken: an error, and nothing written anywhere.
        let names = ["t1", "t2"].into_iter().map(std::ffi::OsString::from);
        assert!(create_temp(&dir, names, (0o600, false)).is_err());
        assert!(!elsewhere.join("created").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temp_names_differ() {
        let names: Vec<_> = temp_names(std::ffi::OsStr::new(".x")).take(50).collect();
        let distinct: std::collections::BTreeSet<_> = names.iter().collect();
        assert_eq!(distinct.len(), names.len());
        assert!(names[0].to_string_lossy().starts_with(".x."));
    }
}
