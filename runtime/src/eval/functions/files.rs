//! The functions that read the file system or depend on the working directory, evaluated only
//! when a [`FileAccess`] is given (`CheckOptions::files`), as Terraform evaluates them in
//! `terraform -chdir=DIR plan`: relative paths start in the module folder, which is also the
//! working directory, and messages name paths as Terraform does (relative to it).

use std::path::{Path, PathBuf};

use crate::expr::Expr;
use crate::input::FileAccess;
use crate::types::Type;
use crate::value::{go_quote, Value};

use super::digest;
use super::encoding::b64;
use super::paths::clean;
use crate::eval::error::{arg_error, call_error, EvalError};
use crate::eval::scope::Scope;

/// The functions evaluated here, with their parameters.
pub(crate) fn params(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "file" | "fileexists" | "filebase64" | "filemd5" | "filesha1" | "filesha256"
        | "filesha512" | "filebase64sha256" | "filebase64sha512" | "pathexpand" | "abspath" => {
            &["path"]
        }
        "fileset" => &["path", "pattern"],
        "templatefile" => &["path", "vars"],
        _ => return None,
    })
}

/// `path.module`, `path.root` and `path.cwd`; `None` for anything else.
pub(crate) fn path_value(files: &FileAccess, what: &str) -> Option<Value> {
    match what {
        "path.module" | "path.root" => Some(Value::String(".".into())),
        "path.cwd" => Some(Value::String(slash(&cwd(files)))),
        _ => None,
    }
}

// The working directory as Go's `os.Getwd` gives it after `chdir`: absolute, links resolved.
fn cwd(files: &FileAccess) -> PathBuf {
    std::fs::canonicalize(&files.dir).unwrap_or_else(|_| {
        std::env::current_dir()
            .map(|c| c.join(&files.dir))
            .unwrap_or_else(|_| files.dir.clone())
    })
}

fn slash(p: &Path) -> String {
    p.to_string_lossy().replace(std::path::MAIN_SEPARATOR, "/")
}

fn join(a: &str, b: &str) -> String {
    if a.is_empty() {
        return clean(b);
    }
    clean(&format!("{a}/{b}"))
}

// `~` and `~/…` expanded to the home folder, as Terraform's `homedir.Expand`.
fn expand_home(files: &FileAccess, path: &str) -> Result<String, String> {
    if !path.starts_with('~') {
        return Ok(path.to_string());
    }
    if path.len() > 1 && !path[1..].starts_with(['/', '\\']) {
        return Err("cannot expand user-specific home dir".into());
    }
    let home = match &files.home {
        Some(h) => slash(h),
        None => std::env::var("HOME")
            .ok()
            .filter(|h| !h.is_empty())
            .ok_or_else(|| "cannot find the home directory: HOME is not set".to_string())?,
    };
    Ok(join(&home, &path[1..]))
}

// A path as Terraform names it (relative to the module folder `.`), and the real path.
fn resolve(files: &FileAccess, shown: &str) -> (String, PathBuf) {
    let named = if shown.starts_with('/') {
        clean(shown)
    } else {
        join(".", shown)
    };
    let real = if named.starts_with('/') {
        PathBuf::from(&named)
    } else {
        files.dir.join(&named)
    };
    (named, real)
}

// Reads a file for function `name`. `file`, `filebase64` and `templatefile` word a failure
// as an argument error; the hash functions (`filemd5`, …) pass on Go's `open`/`read` error.
fn read(files: &FileAccess, name: &str, path: &str) -> Result<(String, Vec<u8>), EvalError> {
    let expanded = expand_home(files, path)
        .map_err(|e| call_error(name, format!("failed to expand ~: {e}")))?;
    let (named, real) = resolve(files, &expanded);
    let hash = !matches!(name, "file" | "filebase64" | "templatefile");
    match std::fs::read(&real) {
        Ok(bytes) => Ok((named, bytes)),
        Err(e) if hash => Err(call_error(name, go_io_error(&e, &named))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(arg_error(
            0,
            "path",
            format!(
                "no file exists at {}; this function works only with files that are \
                 distributed as part of the configuration source code, so if this file will be \
                 created by a resource in this configuration you must instead obtain this result \
                 from an attribute of that resource",
                go_quote(&named)
            ),
        )),
        Err(e) => Err(arg_error(
            0,
            "path",
            format!("failed to read file: {}", go_io_error(&e, &named)),
        )),
    }
}

// Go's wording of an `os.Open` + read error (`open x: no such file or directory`).
fn go_io_error(e: &std::io::Error, named: &str) -> String {
    match e.raw_os_error() {
        Some(2) => format!("open {named}: no such file or directory"),
        Some(13) => format!("open {named}: permission denied"),
        Some(20) => format!("open {named}: not a directory"),
        Some(21) => format!("read {named}: is a directory"),
        _ => format!("open {named}: {}", e.kind()),
    }
}

fn hex(bytes: &[u8]) -> Value {
    Value::String(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl Scope<'_> {
    /// Calls a file function with already evaluated arguments.
    pub(crate) fn call_file_function(
        &mut self,
        files: &FileAccess,
        name: &str,
        values: Vec<Value>,
    ) -> Result<Value, EvalError> {
        let params = params(name).unwrap_or(&[]);
        // Paths and patterns are strings; null is refused; unknown gives unknown.
        let mut strings = Vec::new();
        for (i, v) in values.iter().enumerate() {
            let param = params.get(i).copied().unwrap_or("value");
            if param == "vars" {
                continue;
            }
            if !matches!(v, Value::Null(Type::Any)) {
                if let Err(e) = crate::eval::conv::convert(v, &Type::String) {
                    return Err(arg_error(i, param, e.0));
                }
            }
        }
        for (i, v) in values.iter().enumerate() {
            if v.is_null() {
                let param = params.get(i).copied().unwrap_or("value");
                return Err(arg_error(i, param, "argument must not be null"));
            }
        }
        if values.iter().any(Value::has_unknown) {
            return Ok(Value::Unknown(Type::Any));
        }
        for (i, v) in values.iter().enumerate() {
            if params.get(i) != Some(&"vars") {
                match crate::eval::conv::convert(v, &Type::String) {
                    Ok(Value::String(s)) => strings.push(s),
                    _ => return Err(arg_error(i, params[i], "string required")),
                }
            }
        }
        let path = strings[0].as_str();
        match name {
            "file" => {
                let (named, bytes) = read(files, name, path)?;
                match String::from_utf8(bytes) {
                    Ok(text) => Ok(Value::String(crate::value::nfc(text))),
                    Err(_) => Err(call_error(
                        "file",
                        format!(
                            "contents of {} are not valid UTF-8; use the filebase64 function \
                             to obtain the Base64 encoded contents or the other file functions \
                             (e.g. filemd5, filesha256) to obtain file hashing results instead",
                            go_quote(&named)
                        ),
                    )),
                }
            }
            "filebase64" => Ok(Value::String(b64(&read(files, name, path)?.1))),
            "filemd5" => Ok(hex(&digest::md5(&read(files, name, path)?.1))),
            "filesha1" => Ok(hex(&digest::sha1(&read(files, name, path)?.1))),
            "filesha256" => Ok(hex(&digest::sha256(&read(files, name, path)?.1))),
            "filesha512" => Ok(hex(&digest::sha512(&read(files, name, path)?.1))),
            "filebase64sha256" => Ok(Value::String(b64(&digest::sha256(
                &read(files, name, path)?.1,
            )))),
            "filebase64sha512" => Ok(Value::String(b64(&digest::sha512(
                &read(files, name, path)?.1,
            )))),
            "fileexists" => file_exists(files, path),
            "fileset" => file_set(files, path, &strings[1]),
            "pathexpand" => expand_home(files, path)
                .map(Value::String)
                .map_err(|e| call_error("pathexpand", e)),
            "abspath" => {
                let p = if path.starts_with('/') {
                    clean(path)
                } else {
                    join(&slash(&cwd(files)), path)
                };
                Ok(Value::String(p))
            }
            "templatefile" => self.template_file(files, path, &values[1]),
            _ => unreachable!("not a file function: {name}"),
        }
    }

    fn template_file(
        &mut self,
        files: &FileAccess,
        path: &str,
        vars: &Value,
    ) -> Result<Value, EvalError> {
        let Some(parser) = files.template_parser else {
            return Ok(self.unknown(
                "calls `templatefile`, which needs a template parser the runtime was not given"
                    .to_string(),
            ));
        };
        let bound: Vec<(String, Value)> = match vars {
            Value::Object(m) | Value::Map(_, m) => {
                m.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
            }
            _ => return Err(arg_error(1, "vars", "invalid vars value: must be a map")),
        };
        for (k, _) in &bound {
            let ident = k
                .chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
                && k.chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
            if !ident {
                return Err(arg_error(
                    1,
                    "vars",
                    format!("invalid template variable name {k:?}: must start with a letter, followed by zero or more letters, digits, and underscores"),
                ));
            }
        }
        let (named, bytes) = read(files, "templatefile", path)?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let names: Vec<String> = bound.iter().map(|(k, _)| k.clone()).collect();
        let expr: Expr = parser(&text, &named, &names).map_err(|(summary, detail)| {
            let mut e = EvalError::new(summary, detail);
            // A name the template uses but `vars` lacks is the fault of `vars`.
            if e.summary == "Invalid function argument" {
                e.arg = Some(1);
            }
            e
        })?;
        let result = self.with_bound(bound, |s| s.eval(&expr));
        result.map_err(|e| call_error("templatefile", diagnostics_text(&e, &named)))
    }
}

/// The text HCL gives the diagnostics of a template's evaluation: the first as
/// `file:range: summary; detail`, then how many more there are.
fn diagnostics_text(e: &EvalError, file: &str) -> String {
    let first = match &e.range {
        Some(range) => format!("{}: {}; {}", range.text_in(file), e.summary, e.detail),
        None => format!("{}; {}", e.summary, e.detail),
    };
    match e.more.len() {
        0 => first,
        more => format!("{first}, and {more} other diagnostic(s)"),
    }
}

fn file_exists(files: &FileAccess, path: &str) -> Result<Value, EvalError> {
    let expanded = expand_home(files, path)
        .map_err(|e| call_error("fileexists", format!("failed to expand ~: {e}")))?;
    let (named, real) = resolve(files, &expanded);
    match std::fs::metadata(&real) {
        Ok(m) if m.is_file() => Ok(Value::Bool(true)),
        Ok(m) if m.is_dir() => Err(call_error(
            "fileexists",
            format!("{} is a directory, not a file", go_quote(&named)),
        )),
        Ok(_) => Err(call_error(
            "fileexists",
            format!("{} is not a regular file", go_quote(&named)),
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Value::Bool(false)),
        Err(_) => Err(call_error("fileexists", format!("failed to stat {named}"))),
    }
}

fn file_set(files: &FileAccess, path: &str, pattern: &str) -> Result<Value, EvalError> {
    let (base, _) = resolve(files, path);
    // Terraform globs the joined, cleaned pattern and names each match relative to the base
    // folder (`../x` when the pattern leaves it).
    let full = join(&base, pattern);
    let all: Vec<&str> = full.split('/').collect();
    let fixed = all
        .iter()
        .position(|s| s.contains(['*', '?', '[', '{', '\\']))
        .unwrap_or(all.len().saturating_sub(1));
    let (root, segments) = all.split_at(fixed);
    for s in segments {
        glob_match(s, "").map_err(|e| {
            call_error(
                "fileset",
                format!("failed to glob pattern {}: {e}", go_quote(&full)),
            )
        })?;
    }
    let root = root.join("/");
    let shown_root = if root.is_empty() && full.starts_with('/') {
        "/".to_string()
    } else if root.is_empty() {
        ".".to_string()
    } else {
        root
    };
    let (_, real_root) = resolve(files, &shown_root);
    let mut found = Vec::new();
    walk(&real_root, "", segments, &mut found);
    let mut names: Vec<String> = found
        .into_iter()
        .map(|m| relative_to(&base, &join(&shown_root, &m)))
        .collect();
    names.sort();
    names.dedup();
    Ok(Value::set(
        Type::String,
        names.into_iter().map(Value::String).collect(),
    ))
}

// Go's `filepath.Rel` for two clean paths, both relative or both absolute.
fn relative_to(base: &str, target: &str) -> String {
    let parts = |p: &str| -> Vec<String> {
        p.split('/')
            .filter(|s| !s.is_empty() && *s != ".")
            .map(str::to_string)
            .collect()
    };
    let (b, t) = (parts(base), parts(target));
    let common = b.iter().zip(&t).take_while(|(x, y)| x == y).count();
    let mut out: Vec<String> = vec!["..".to_string(); b.len() - common];
    out.extend(t[common..].iter().cloned());
    if out.is_empty() {
        ".".into()
    } else {
        out.join("/")
    }
}

// Collects the regular files under `dir` (named `prefix…`) whose relative path matches.
fn walk(dir: &Path, prefix: &str, segments: &[&str], out: &mut Vec<String>) {
    let Some((first, rest)) = segments.split_first() else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<(String, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| Some((e.file_name().into_string().ok()?, e.path())))
        .collect();
    entries.sort();
    if *first == "**" {
        if rest.is_empty() {
            // A final `**`: every file at any depth.
            for (name, path) in &entries {
                if std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
                    out.push(format!("{prefix}{name}"));
                } else if path.is_dir() {
                    walk(path, &format!("{prefix}{name}/"), segments, out);
                }
            }
            return;
        }
        // Zero folders…
        walk(dir, prefix, rest, out);
        // …or one more, keeping `**`.
        for (name, path) in &entries {
            if path.is_dir() {
                walk(path, &format!("{prefix}{name}/"), segments, out);
            }
        }
        return;
    }
    for (name, path) in entries {
        if glob_match(first, &name) != Ok(true) {
            continue;
        }
        if rest.is_empty() {
            // `os.Stat` follows links: a link to a file counts.
            if std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
                out.push(format!("{prefix}{name}"));
            }
        } else if path.is_dir() {
            walk(&path, &format!("{prefix}{name}/"), rest, out);
        }
    }
}

/// Matches one path segment against one glob segment: `*`, `?`, `[class]` (`^` or `!`
/// negates, ranges), `{a,b}` alternatives, `\` escapes. `Err` for a malformed pattern.
fn glob_match(pattern: &str, name: &str) -> Result<bool, String> {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    matches_at(&p, 0, &n, 0)
}

fn matches_at(p: &[char], mut pi: usize, n: &[char], mut ni: usize) -> Result<bool, String> {
    while pi < p.len() {
        match p[pi] {
            '*' => {
                // Any run of characters (a segment holds no separator).
                while pi < p.len() && p[pi] == '*' {
                    pi += 1;
                }
                for k in ni..=n.len() {
                    if matches_at(p, pi, n, k)? {
                        return Ok(true);
                    }
                }
                return Ok(false);
            }
            '?' => {
                if ni >= n.len() {
                    return Ok(false);
                }
                pi += 1;
                ni += 1;
            }
            '[' => {
                let (matched, next) = class(p, pi, n.get(ni).copied())?;
                if ni >= n.len() || !matched {
                    return Ok(false);
                }
                pi = next;
                ni += 1;
            }
            '{' => {
                let close = matching_brace(p, pi).ok_or("syntax error in pattern")?;
                let rest = &p[close + 1..];
                for alt in split_alternatives(&p[pi + 1..close]) {
                    let mut candidate: Vec<char> = alt.to_vec();
                    candidate.extend_from_slice(rest);
                    if matches_at(&candidate, 0, n, ni)? {
                        return Ok(true);
                    }
                }
                return Ok(false);
            }
            '\\' => {
                let c = *p.get(pi + 1).ok_or("syntax error in pattern")?;
                if n.get(ni) != Some(&c) {
                    return Ok(false);
                }
                pi += 2;
                ni += 1;
            }
            c => {
                if n.get(ni) != Some(&c) {
                    return Ok(false);
                }
                pi += 1;
                ni += 1;
            }
        }
    }
    Ok(ni == n.len())
}

// A `[…]` class at `p[start]`: whether `c` is in it, and where the pattern continues.
fn class(p: &[char], start: usize, c: Option<char>) -> Result<(bool, usize), String> {
    let mut i = start + 1;
    let negate = matches!(p.get(i), Some('^' | '!'));
    if negate {
        i += 1;
    }
    let mut found = false;
    let mut first = true;
    loop {
        let Some(&lo) = p.get(i) else {
            return Err("syntax error in pattern".into());
        };
        if lo == ']' && !first {
            break;
        }
        first = false;
        let lo = if lo == '\\' {
            i += 1;
            *p.get(i).ok_or("syntax error in pattern")?
        } else {
            lo
        };
        i += 1;
        let hi = if p.get(i) == Some(&'-') && p.get(i + 1).is_some_and(|&h| h != ']') {
            let h = p[i + 1];
            i += 2;
            h
        } else {
            lo
        };
        if let Some(c) = c {
            if lo <= c && c <= hi {
                found = true;
            }
        }
    }
    Ok((found != negate, i + 1))
}

fn matching_brace(p: &[char], open: usize) -> Option<usize> {
    let mut depth = 0;
    let mut i = open;
    while i < p.len() {
        match p[i] {
            '\\' => i += 1,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

fn split_alternatives(p: &[char]) -> Vec<&[char]> {
    let mut out = Vec::new();
    let (mut depth, mut start, mut i) = (0, 0, 0);
    while i < p.len() {
        match p[i] {
            '\\' => i += 1,
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&p[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(&p[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert_eq!(glob_match("*.txt", "a.txt"), Ok(true));
        assert_eq!(glob_match("*.txt", ".h.txt"), Ok(true));
        assert_eq!(glob_match("a?c", "abc"), Ok(true));
        assert_eq!(glob_match("[a-c]x", "bx"), Ok(true));
        assert_eq!(glob_match("[!a-c]x", "bx"), Ok(false));
        assert_eq!(glob_match("{a,b}.txt", "b.txt"), Ok(true));
        assert_eq!(glob_match("{a,b}.txt", "c.txt"), Ok(false));
        assert_eq!(glob_match("\\*", "*"), Ok(true));
        assert!(glob_match("[a", "a").is_err());
    }

    #[test]
    fn paths_clean_as_go() {
        assert_eq!(join(".", "a/../b"), "b");
        assert_eq!(join(".", "./x"), "x");
        assert_eq!(join("/h", "/x"), "/h/x");
        assert_eq!(clean("/.."), "/");
        assert_eq!(join(".", "../x"), "../x");
        assert_eq!(relative_to("data/sub", "data/a.txt"), "../a.txt");
        assert_eq!(relative_to(".", "data/a.txt"), "data/a.txt");
        assert_eq!(relative_to("data", "data/sub/c.txt"), "sub/c.txt");
    }
}
