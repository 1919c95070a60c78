//! Shared by the conformance harness and the drift check: the recorded cases, an exact JSON
//! reader (numbers stay decimal text, never f64), and value comparison under a Terraform type.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// A JSON value whose numbers keep their text.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(a) => Some(a),
            _ => None,
        }
    }

    /// Compact text with object keys sorted and numbers in canonical form: equal values give
    /// equal text.
    pub fn canonical(&self) -> String {
        let mut out = String::new();
        self.write_canonical(&mut out);
        out
    }

    fn write_canonical(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Num(n) => out.push_str(&canonical_number(n)),
            Json::Str(s) => write_string(out, s),
            Json::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_canonical(out);
                }
                out.push(']');
            }
            Json::Obj(members) => {
                let mut sorted: Vec<_> = members.iter().collect();
                sorted.sort_by(|a, b| a.0.cmp(&b.0));
                out.push('{');
                for (i, (k, v)) in sorted.into_iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(out, k);
                    out.push(':');
                    v.write_canonical(out);
                }
                out.push('}');
            }
        }
    }
}

fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A decimal number's canonical text `[-]D.DDDeN` (mantissa digits without leading or trailing
/// zeros), so that `1000`, `1e3` and `1.000e3` agree; zero is `0` or `-0`. Exact for any length.
pub fn canonical_number(text: &str) -> String {
    let (neg, rest) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (mant, exp) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], rest[i + 1..].parse::<i64>().unwrap_or(0)),
        None => (rest, 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let digits: String = format!("{int}{frac}");
    // value = 0.digits × 10^(exp + len(int))
    let lead = digits.len() - digits.trim_start_matches('0').len();
    let digits = digits.trim_start_matches('0').trim_end_matches('0');
    if digits.is_empty() {
        // Terraform keeps the sign of zero: `[-0, 0]` is a set of two numbers.
        return if neg { "-0" } else { "0" }.to_string();
    }
    let point = exp + int.len() as i64 - lead as i64;
    format!("{}0.{}e{}", if neg { "-" } else { "" }, digits, point)
}

/// Parses JSON text exactly (numbers as text, strings unescaped).
pub fn parse(text: &str) -> Result<Json, String> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    p.ws();
    let v = p.value()?;
    p.ws();
    if p.i != p.s.len() {
        return Err(format!("trailing data at byte {}", p.i));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn err<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{what} at byte {}", self.i))
    }

    fn eat(&mut self, lit: &str) -> bool {
        if self.s[self.i..].starts_with(lit.as_bytes()) {
            self.i += lit.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        match self.s.get(self.i) {
            None => self.err("unexpected end"),
            Some(b'{') => {
                self.i += 1;
                let mut members = Vec::new();
                self.ws();
                if self.eat("}") {
                    return Ok(Json::Obj(members));
                }
                loop {
                    self.ws();
                    let k = self.string()?;
                    self.ws();
                    if !self.eat(":") {
                        return self.err("expected `:`");
                    }
                    self.ws();
                    let v = self.value()?;
                    members.push((k, v));
                    self.ws();
                    if self.eat(",") {
                        continue;
                    }
                    if self.eat("}") {
                        return Ok(Json::Obj(members));
                    }
                    return self.err("expected `,` or `}`");
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.eat("]") {
                    return Ok(Json::Arr(items));
                }
                loop {
                    self.ws();
                    items.push(self.value()?);
                    self.ws();
                    if self.eat(",") {
                        continue;
                    }
                    if self.eat("]") {
                        return Ok(Json::Arr(items));
                    }
                    return self.err("expected `,` or `]`");
                }
            }
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b't') if self.eat("true") => Ok(Json::Bool(true)),
            Some(b'f') if self.eat("false") => Ok(Json::Bool(false)),
            Some(b'n') if self.eat("null") => Ok(Json::Null),
            Some(c) if *c == b'-' || c.is_ascii_digit() => {
                let start = self.i;
                while self.i < self.s.len()
                    && matches!(
                        self.s[self.i],
                        b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                    )
                {
                    self.i += 1;
                }
                Ok(Json::Num(
                    String::from_utf8_lossy(&self.s[start..self.i]).into_owned(),
                ))
            }
            Some(_) => self.err("unexpected character"),
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let h = self.s.get(self.i..self.i + 4).ok_or("short \\u escape")?;
        let v = u32::from_str_radix(std::str::from_utf8(h).map_err(|e| e.to_string())?, 16)
            .map_err(|e| e.to_string())?;
        self.i += 4;
        Ok(v)
    }

    fn string(&mut self) -> Result<String, String> {
        if !self.eat("\"") {
            return self.err("expected a string");
        }
        let mut buf: Vec<u8> = Vec::new();
        loop {
            let Some(&c) = self.s.get(self.i) else {
                return self.err("unterminated string");
            };
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = self.s.get(self.i) else {
                        return self.err("unterminated escape");
                    };
                    self.i += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            if (0xD800..0xDC00).contains(&hi) && self.eat("\\u") {
                                let lo = self.hex4()?;
                                let c = 0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00));
                                char::from_u32(c).unwrap_or('\u{fffd}')
                            } else {
                                char::from_u32(hi).unwrap_or('\u{fffd}')
                            }
                        }
                        _ => return self.err("bad escape"),
                    };
                    let mut tmp = [0u8; 4];
                    buf.extend_from_slice(ch.encode_utf8(&mut tmp).as_bytes());
                }
                c => buf.push(c),
            }
        }
        String::from_utf8(buf).map_err(|e| e.to_string())
    }
}

/// Normalises a value for comparison under its Terraform type (as `terraform show -json`
/// writes types): set elements are sorted by their canonical text. Without a type (`dynamic`
/// or unknown) the value is taken as it is.
pub fn normalize(v: &Json, ty: Option<&Json>) -> Json {
    let kind = ty.and_then(|t| t.as_array()).and_then(|a| {
        let k = a.first()?.as_str()?;
        Some((k, a.get(1)?))
    });
    match (v, kind) {
        (Json::Arr(items), Some(("set", et))) => {
            let mut items: Vec<Json> = items.iter().map(|x| normalize(x, Some(et))).collect();
            items.sort_by_key(|a| a.canonical());
            Json::Arr(items)
        }
        (Json::Arr(items), Some(("list", et))) => {
            Json::Arr(items.iter().map(|x| normalize(x, Some(et))).collect())
        }
        (Json::Arr(items), Some(("tuple", Json::Arr(ets)))) => Json::Arr(
            items
                .iter()
                .enumerate()
                .map(|(i, x)| normalize(x, ets.get(i)))
                .collect(),
        ),
        (Json::Obj(members), Some(("map", et))) => Json::Obj(
            members
                .iter()
                .map(|(k, x)| (k.clone(), normalize(x, Some(et))))
                .collect(),
        ),
        (Json::Obj(members), Some(("object", attrs))) => Json::Obj(
            members
                .iter()
                .map(|(k, x)| (k.clone(), normalize(x, attrs.get(k))))
                .collect(),
        ),
        _ => v.clone(),
    }
}

/// The first place where two normalised values differ, as a path like `["a"][0]`, with both
/// sides; `None` when they are equal (numbers compared exactly as decimals).
pub fn first_difference(ours: &Json, theirs: &Json) -> Option<String> {
    fn go(a: &Json, b: &Json, path: &mut String) -> Option<String> {
        match (a, b) {
            (Json::Arr(x), Json::Arr(y)) if x.len() == y.len() => {
                for (i, (p, q)) in x.iter().zip(y).enumerate() {
                    let len = path.len();
                    let _ = write!(path, "[{i}]");
                    if let Some(d) = go(p, q, path) {
                        return Some(d);
                    }
                    path.truncate(len);
                }
                None
            }
            (Json::Obj(x), Json::Obj(y)) => {
                let mut keys: Vec<&String> = x.iter().chain(y.iter()).map(|(k, _)| k).collect();
                keys.sort();
                keys.dedup();
                for k in keys {
                    let len = path.len();
                    let _ = write!(path, "[{k:?}]");
                    match (a.get(k), b.get(k)) {
                        (Some(p), Some(q)) => {
                            if let Some(d) = go(p, q, path) {
                                return Some(d);
                            }
                        }
                        (p, q) => {
                            return Some(format!(
                                "{path}: ours {}, terraform {}",
                                p.map_or("absent".into(), Json::canonical),
                                q.map_or("absent".into(), Json::canonical)
                            ))
                        }
                    }
                    path.truncate(len);
                }
                None
            }
            _ if a.canonical() == b.canonical() => None,
            _ => Some(format!(
                "{}: ours {}, terraform {}",
                if path.is_empty() { "(value)" } else { path },
                short(&a.canonical()),
                short(&b.canonical())
            )),
        }
    }
    go(ours, theirs, &mut String::new())
}

fn short(s: &str) -> String {
    if s.chars().count() > 120 {
        format!("{}…", s.chars().take(120).collect::<String>())
    } else {
        s.to_string()
    }
}

/// One recorded diagnostic.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: String,
    pub summary: String,
    /// `None` where the recording keeps no detail (it varies between Terraform runs).
    pub detail: Option<String>,
    pub location: Option<String>,
}

impl Diagnostic {
    pub fn from_json(j: &Json) -> Diagnostic {
        let s = |k: &str| j.get(k).and_then(Json::as_str).map(str::to_string);
        Diagnostic {
            severity: s("severity").unwrap_or_default(),
            summary: s("summary").unwrap_or_default(),
            detail: s("detail"),
            location: s("location"),
        }
    }

    pub fn sort_key(&self) -> (String, String, String, String) {
        (
            self.severity.clone(),
            self.summary.clone(),
            self.detail.clone().unwrap_or_default(),
            self.location.clone().unwrap_or_default(),
        )
    }
}

/// One recorded case: a module, its var files and what Terraform 1.11.4 decided.
#[derive(Clone, Debug)]
pub struct Case {
    /// `module/case`
    pub name: String,
    pub module_dir: PathBuf,
    /// Relative to `module_dir`, in command-line order.
    pub var_files: Vec<String>,
    pub exit: i32,
    /// Effective values, when accepted and recordable.
    pub values: Option<Json>,
    pub types: Option<Json>,
    pub diagnostics: Vec<Diagnostic>,
    /// Declared variables that have no recorded value (ephemeral).
    pub unrecorded: Vec<String>,
    pub expected_path: PathBuf,
    /// For a case of input sources: the `terraform plan` arguments (`-var-file=…`, `-var`,
    /// `NAME=VALUE`, …), used instead of `var_files`.
    pub args: Option<Vec<String>>,
    /// For a case of input sources: its `TF_VAR_` environment variables.
    pub env: Vec<(String, String)>,
    /// For a case of input sources: the files laid out in the module folder besides the module
    /// (auto-loaded variables files, data for file functions).
    pub layout: Vec<String>,
}

/// The directory holding the case modules.
pub fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance/cases")
}

/// Every recorded case, sorted by name.
pub fn load_cases() -> Vec<Case> {
    let root = cases_dir();
    let mut modules: Vec<PathBuf> = fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("main.tf").is_file() || p.join("main.tf.json").is_file())
        .collect();
    modules.sort();
    let mut cases = Vec::new();
    for m in modules {
        let mut files: Vec<PathBuf> = fs::read_dir(m.join("expected"))
            .map(|rd| rd.map(|e| e.unwrap().path()).collect())
            .unwrap_or_default();
        files.sort();
        for f in files {
            if f.extension().and_then(|e| e.to_str()) != Some("json") {
                continue;
            }
            let text = fs::read_to_string(&f).unwrap();
            let j = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let strings = |k: &str| -> Vec<String> {
                j.get(k)
                    .and_then(Json::as_array)
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default()
            };
            let exit = match j.get("exit") {
                Some(Json::Num(n)) => n.parse().unwrap(),
                _ => panic!("{}: no exit code", f.display()),
            };
            let mut diagnostics: Vec<Diagnostic> = j
                .get("diagnostics")
                .and_then(Json::as_array)
                .unwrap_or(&[])
                .iter()
                .map(Diagnostic::from_json)
                .collect();
            diagnostics.sort_by_key(|a| a.sort_key());
            cases.push(Case {
                name: format!(
                    "{}/{}",
                    m.file_name().unwrap().to_string_lossy(),
                    f.file_stem().unwrap().to_string_lossy()
                ),
                module_dir: m.clone(),
                var_files: strings("var_files"),
                exit,
                values: j.get("values").cloned(),
                types: j.get("types").cloned(),
                diagnostics,
                unrecorded: strings("unrecorded"),
                expected_path: f.clone(),
                args: j.get("args").map(|_| strings("args")),
                env: match j.get("env") {
                    Some(Json::Obj(members)) => members
                        .iter()
                        .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
                        .collect(),
                    _ => Vec::new(),
                },
                layout: strings("layout"),
            });
        }
    }
    cases
}

/// Compares `ours` (an object of every declared variable) with the case's recorded values.
/// Returns one message per differing variable.
pub fn compare_values(case: &Case, ours: &Json) -> Vec<String> {
    let (Some(theirs), types) = (&case.values, &case.types) else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    let Json::Obj(recorded) = theirs else {
        return vec!["recorded values are not an object".into()];
    };
    for (name, expected) in recorded {
        let ty = types.as_ref().and_then(|t| t.get(name));
        match ours.get(name) {
            None => problems.push(format!("var.{name}: missing from our output")),
            Some(v) => {
                let a = normalize(v, ty);
                let b = normalize(expected, ty);
                if let Some(d) = first_difference(&a, &b) {
                    problems.push(format!("var.{name}{d}"));
                }
            }
        }
    }
    if let Json::Obj(members) = ours {
        for (name, _) in members {
            if theirs.get(name).is_none() && !case.unrecorded.contains(name) {
                problems.push(format!("var.{name}: not a declared variable of the module"));
            }
        }
    } else {
        problems.push(format!(
            "--values printed {}, not an object",
            short(&ours.canonical())
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_compare_exactly() {
        assert_eq!(canonical_number("1000"), canonical_number("1e3"));
        assert_eq!(canonical_number("1.000e3"), canonical_number("1E+3"));
        assert_eq!(canonical_number("-0"), canonical_number("-0.000e5"));
        assert_ne!(canonical_number("-0"), canonical_number("0"));
        assert_ne!(
            canonical_number("9007199254740993"),
            canonical_number("9007199254740992")
        );
        assert_ne!(
            canonical_number("0.1"),
            canonical_number("0.10000000000000001")
        );
        assert_eq!(canonical_number("0.0012"), canonical_number("12e-4"));
        assert_ne!(canonical_number("-1"), canonical_number("1"));
    }

    #[test]
    fn sets_sort_lists_do_not() {
        let v = parse(r#"["b","a"]"#).unwrap();
        let w = parse(r#"["a","b"]"#).unwrap();
        let set = parse(r#"["set","string"]"#).unwrap();
        let list = parse(r#"["list","string"]"#).unwrap();
        assert_eq!(
            first_difference(&normalize(&v, Some(&set)), &normalize(&w, Some(&set))),
            None
        );
        assert!(
            first_difference(&normalize(&v, Some(&list)), &normalize(&w, Some(&list))).is_some()
        );
    }

    #[test]
    fn strings_unescape() {
        let v = parse(r#""\u00e9\ud83d\ude00\n""#).unwrap();
        assert_eq!(v, Json::Str("é😀\n".into()));
    }
}
