//! `Sensitive<T>`: a value from a `sensitive = true` variable, kept out of logs.

use std::fmt;

/// A value of a variable declared `sensitive = true`.
///
/// `Debug` and `Display` print `Sensitive(<redacted>)` and `<redacted>`, so a generated
/// `Variables` struct can be logged without leaking secrets. The value itself is written
/// unchanged by `to_tfvars_json()`, `to_tfvars_hcl()` and `to_env()`; a file holding a
/// sensitive value is written with mode `0600`.
///
/// ```
/// use tfvars_runtime::Sensitive;
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
}
