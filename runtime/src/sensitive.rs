//! `Sensitive<T>`: a value from a `sensitive = true` variable, kept out of logs.

use std::fmt;

use crate::diagnostics::Diagnostic;
use crate::spec::ModuleSpec;
use crate::types::Type;
use crate::value::{go_quote, Value};

/// A value of a variable declared `sensitive = true`.
///
/// `Debug` and `Display` print `Sensitive(<redacted>)` and `<redacted>`, so a generated
/// `Variables` struct can be logged without leaking secrets. The value itself is written
/// unchanged by `to_tfvars_json()`, `to_tfvars_hcl()` and `to_env()`; a file holding a
/// sensitive value is written with mode `0600`.
///
/// Diagnostics never show a sensitive variable's value either (see [`Secrets`]): a failed
/// validation rule whose `error_message` uses one (directly or through `locals`) says
/// [`HIDDEN_MESSAGE`] instead, and a conversion or function error that would quote one shows
/// [`HIDDEN_VALUE`] in its place. Terraform 1.11 prints such messages; tfvars does not.
///
/// ```
/// # use tfvars_runtime as tfvars; // the facade crate `tfvars` re-exports this type
/// use tfvars::Sensitive;
/// let password = Sensitive::new("hunter2".to_string());
/// assert_eq!(format!("{password:?}"), "Sensitive(<redacted>)");
/// assert_eq!(password.expose(), "hunter2");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sensitive<T>(T);

impl<T> Sensitive<T> {
    /// Wraps a value.
    pub const fn new(value: T) -> Sensitive<T> {
        Sensitive(value)
    }

    /// The value, deliberately unwrapped.
    pub fn expose(&self) -> &T {
        &self.0
    }

    /// The value, deliberately unwrapped, for changing it in place.
    pub fn expose_mut(&mut self) -> &mut T {
        &mut self.0
    }

    /// Unwraps the value.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> From<T> for Sensitive<T> {
    fn from(value: T) -> Sensitive<T> {
        Sensitive(value)
    }
}

impl From<&str> for Sensitive<String> {
    fn from(value: &str) -> Sensitive<String> {
        Sensitive(value.to_string())
    }
}

impl<T> fmt::Debug for Sensitive<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Sensitive(<redacted>)")
    }
}

impl<T> fmt::Display for Sensitive<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

impl<T: serde::Serialize> serde::Serialize for Sensitive<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Sensitive<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Sensitive<T>, D::Error> {
        T::deserialize(d).map(Sensitive)
    }
}

/// What a diagnostic says in place of a validation rule's `error_message` that uses a
/// sensitive value (Terraform's wording for a message it will not display).
pub const HIDDEN_MESSAGE: &str =
    "The error message included a sensitive value, so it will not be displayed.";

/// What a diagnostic says in place of a sensitive value it would otherwise quote.
pub const HIDDEN_VALUE: &str = "(sensitive value)";

/// The texts under which the values of a module's sensitive variables could appear in a
/// message: every string, number and map key inside them, as written, in upper and lower case,
/// and as quoted in JSON and Go syntax.
///
/// [`crate::check::check`] hides them in its report; use it for diagnostics made elsewhere.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Secrets {
    texts: std::collections::BTreeSet<String>,
}

impl fmt::Debug for Secrets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Secrets(<{} redacted>)", self.texts.len())
    }
}

impl Secrets {
    /// No secrets.
    pub fn new() -> Secrets {
        Secrets::default()
    }

    /// The secrets of the given values of the variables of `spec`: each value counts when its
    /// variable is declared `sensitive = true`, as does each sensitive variable's default.
    /// Values may be raw inputs (before conversion) or converted ones.
    pub fn of_module<'a>(
        spec: &ModuleSpec,
        values: impl IntoIterator<Item = (&'a str, &'a Value)>,
    ) -> Secrets {
        let mut secrets = Secrets::new();
        for var in spec.variables.iter().filter(|v| v.sensitive) {
            if let Some(d) = &var.default {
                secrets.add(d, &var.ty);
            }
        }
        for (name, value) in values {
            if let Some(var) = spec
                .variables
                .iter()
                .find(|v| v.sensitive && v.name == name)
            {
                secrets.add(value, &var.ty);
            }
        }
        secrets
    }

    /// Adds the texts of a value of type `ty` (the type tells map keys, which are data, from
    /// object attribute names, which are the module's).
    pub fn add(&mut self, value: &Value, ty: &Type) {
        match value {
            Value::Null(_) | Value::Unknown(_) | Value::Bool(_) => {}
            Value::Number(n) => {
                // The short JSON form, and the plain decimal form Terraform prints when that is
                // short too (not the million digits of `1e-1000000`).
                let Some(json) = n.to_json_string() else {
                    return;
                };
                if !json.contains(['e', 'E']) {
                    self.push(n.to_terraform_string());
                }
                self.push(json);
            }
            Value::String(s) => self.push(s.clone()),
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                for (i, item) in items.iter().enumerate() {
                    let elem = match ty {
                        Type::List(t) | Type::Set(t) => t,
                        Type::Tuple(ts) => ts.get(i).unwrap_or(&Type::Any),
                        _ => &Type::Any,
                    };
                    self.add(item, elem);
                }
            }
            Value::Map(_, m) | Value::Object(m) => {
                for (k, v) in m {
                    let (attr, key_is_data) = match (ty, value) {
                        (Type::Object(attrs), _) => {
                            (attrs.iter().find(|a| *a.name == **k).map(|a| &a.ty), false)
                        }
                        (Type::Map(t), _) => (Some(&**t), true),
                        (_, Value::Map(..)) => (None, true),
                        _ => (None, false),
                    };
                    if key_is_data {
                        self.push(k.clone());
                    }
                    self.add(v, attr.unwrap_or(&Type::Any));
                }
            }
        }
    }

    fn push(&mut self, text: String) {
        if text.is_empty() {
            return;
        }
        let json = serde_json::to_string(&text).unwrap_or_default();
        let go = go_quote(&text);
        // `upper()` and `lower()` of a secret in a function's error are caught too.
        for form in [
            json[1..json.len().saturating_sub(1)].to_string(),
            go[1..go.len().saturating_sub(1)].to_string(),
            text.to_uppercase(),
            text.to_lowercase(),
            text,
        ] {
            if !form.is_empty() {
                self.texts.insert(form);
            }
        }
    }

    /// True when there is nothing to hide.
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }

    /// `text` with every whole occurrence of a secret of three or more characters (one not
    /// inside a longer word or number) replaced by `(sensitive value)`.
    pub fn hide(&self, text: &str) -> String {
        let mut out = text.to_string();
        // Texts of one or two characters (a small number, a letter) are left alone: they would
        // turn up in every file position and word. Longest first, so that a secret inside
        // another is not half-replaced.
        let mut texts: Vec<&String> = self
            .texts
            .iter()
            .filter(|t| t.chars().count() > 2 && out.contains(t.as_str()))
            .collect();
        texts.sort_by_key(|t| std::cmp::Reverse(t.len()));
        for secret in texts {
            out = replace_whole(&out, secret);
        }
        out
    }

    /// Hides the secrets in a diagnostic's detail and path. The place of the validation rule
    /// at the end of a detail («This was checked by the validation rule at …») is kept as is.
    pub fn hide_in(&self, d: &mut Diagnostic) {
        if self.is_empty() {
            return;
        }
        const TRAILER: &str = "\n\nThis was checked by the validation rule at ";
        let (body, trailer) = match d.detail.rfind(TRAILER) {
            Some(i) => d.detail.split_at(i),
            None => (d.detail.as_str(), ""),
        };
        let hidden = self.hide(body);
        if hidden != body {
            d.detail = format!("{hidden}{trailer}");
        }
        let path = self.hide(&d.path);
        if path != d.path {
            d.path = path;
        }
    }
}

// Replaces the occurrences of `secret` in `text` that are not part of a longer word: the
// characters around it are not letters or digits (or the secret itself starts or ends with
// one that is not).
fn replace_whole(text: &str, secret: &str) -> String {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let first_word = word(secret.chars().next());
    let last_word = word(secret.chars().next_back());
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut before: Option<char> = None;
    while let Some(i) = rest.find(secret) {
        let prev = rest[..i].chars().next_back().or(before);
        let after = &rest[i + secret.len()..];
        let next = after.chars().next();
        let inside_word = (first_word && word(prev)) || (last_word && word(next));
        out.push_str(&rest[..i]);
        if !inside_word {
            out.push_str(HIDDEN_VALUE);
            before = secret.chars().next_back();
            rest = after;
        } else {
            // Not a whole occurrence: keep its first character and search on.
            let c = rest[i..].chars().next().unwrap_or_default();
            out.push(c);
            before = Some(c);
            rest = &rest[i + c.len_utf8()..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_and_display_never_show_the_value() {
        let s = Sensitive::new(String::from("topsecret"));
        assert!(!format!("{s:?}").contains("topsecret"));
        assert!(!format!("{s}").contains("topsecret"));
        assert!(!format!("{:?}", Some(&s)).contains("topsecret"));
        assert_eq!(s.expose(), "topsecret");
    }

    #[test]
    fn serde_passes_the_value_through() {
        let s: Sensitive<String> = "p".into();
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"p\"");
        let back: Sensitive<String> = serde_json::from_str("\"p\"").unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn hide_replaces_whole_occurrences_and_quoted_forms() {
        let mut secrets = Secrets::new();
        secrets.add(&Value::string("pa\"ss"), &Type::String);
        secrets.add(&Value::string("abc"), &Type::String);
        secrets.add(&Value::string("x"), &Type::String);
        assert_eq!(
            secrets.hide(r#"cannot convert "pa\"ss" to number; abc, abcd, xabc"#),
            r#"cannot convert "(sensitive value)" to number; (sensitive value), abcd, xabc"#
        );
        assert_eq!(secrets.hide("pa\"ss"), "(sensitive value)");
        assert_eq!(secrets.hide("ABC or Abc"), "(sensitive value) or Abc");
        // One- and two-character texts are left alone.
        assert_eq!(secrets.hide("x"), "x");
        assert!(!format!("{secrets:?}").contains("abc"));
    }

    #[test]
    fn map_keys_are_secrets_and_attribute_names_are_not() {
        let ty = Type::object(vec![crate::types::Attribute {
            name: "tags".into(),
            ty: Type::map(Type::String),
            optional: false,
            default: None,
        }]);
        let mut inner = crate::ValueMap::new();
        inner.insert("owner-key".to_string(), Value::string("owner-value"));
        let mut outer = crate::ValueMap::new();
        outer.insert("tags".to_string(), Value::Object(inner));
        let mut secrets = Secrets::new();
        secrets.add(&Value::Object(outer), &ty);
        assert_eq!(
            secrets.hide("attribute \"tags\": element \"owner-key\": owner-value"),
            "attribute \"tags\": element \"(sensitive value)\": (sensitive value)"
        );
    }

    #[test]
    fn numbers_of_extreme_magnitude_stay_short() {
        let mut secrets = Secrets::new();
        let n = crate::Number::parse_json("1.2e-216532174").unwrap();
        secrets.add(&Value::Number(n), &Type::Number);
        let texts: Vec<&str> = secrets.texts.iter().map(String::as_str).collect();
        assert_eq!(texts, ["1.2E-216532174", "1.2e-216532174"]);
    }

    #[test]
    fn the_place_of_the_rule_is_kept() {
        let mut secrets = Secrets::new();
        secrets.add(&Value::Number(crate::Number::from(12u32)), &Type::Number);
        secrets.add(&Value::string("main"), &Type::String);
        let mut d = Diagnostic {
            severity: crate::Severity::Error,
            summary: "Invalid value for variable".into(),
            detail: "main is 12\n\nThis was checked by the validation rule at main.tf:12,3.".into(),
            variable: Some("x".into()),
            path: "[\"main\"]".into(),
            location: None,
        };
        secrets.hide_in(&mut d);
        assert_eq!(
            d.detail,
            "(sensitive value) is 12\n\nThis was checked by the validation rule at main.tf:12,3."
        );
        assert_eq!(d.path, "[\"(sensitive value)\"]");
    }
}
