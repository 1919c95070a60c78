//! Rust names for Terraform names.
//!
//! **Fields** (one per variable or object attribute): the Terraform name in snake_case (every `-`
//! becomes `_`, and `_` goes before an upper-case letter that starts a word: `myVar` → `my_var`,
//! `HTTPPort` → `http_port`); a Rust keyword (`type`, `match`, `self`, `Self`, `crate`, …) gets a trailing `_`; a
//! name already used by an earlier field of the same struct (`a-b` after `a_b`) gets `_2`, `_3`,
//! …, the first that is free. The original name is kept for serde and every I/O.
//!
//! **Types** (one struct per `object(…)` type, wherever it occurs): the root type name followed
//! by the UpperCamelCase form of each name on the path from the root (the variable, then each
//! attribute; list, set and map elements add nothing; tuple elements add their index). A name
//! already taken, compared case-insensitively and counting the `…Builder` types the builders
//! add, gets `2`, `3`, … appended, the first that is free. Types are named depth-first in
//! declaration order, so the result is stable; same-shaped objects in different places get
//! different types, and two invocations with different root names never share a type name.

use crate::text_hash::TextSet;

/// Defines [`KEYWORDS`] and [`is_keyword`] from one list.
macro_rules! keywords {
    ($($word:literal),* $(,)?) => {
        /// Words that cannot be plain Rust identifiers in any edition (strict, reserved and
        /// weak keywords that matter as field names).
        #[cfg(test)]
        const KEYWORDS: &[&str] = &[$($word),*];

        /// True for a word that needs escaping to be a field name.
        pub fn is_keyword(word: &str) -> bool {
            // A `match` compares lengths, then short words as integers.
            matches!(word, $($word)|*)
        }
    };
}

keywords!(
    "Self", "_", "abstract", "as", "async", "await", "become", "box", "break", "const", "continue",
    "crate", "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if",
    "impl", "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub",
    "ref", "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "union", "unsafe", "unsized", "use", "virtual", "where", "while", "yield"
);

/// Assigns field names within one struct.
#[derive(Default)]
pub struct FieldNames {
    /// The names taken, in the order given: a struct has a few fields, so a search through
    /// them costs less than a set's allocations (the root struct's few hundred use `index`).
    taken: Vec<String>,
    /// Every taken name, once there are more than [`FieldNames::LINEAR`].
    index: TextSet<String>,
}

impl FieldNames {
    /// How many names are searched one by one before the set is used.
    const LINEAR: usize = 32;

    /// A scope where `reserved` names are already taken (hidden fields).
    pub fn with_reserved(reserved: &[&str]) -> FieldNames {
        let mut names = FieldNames::default();
        for name in reserved {
            names.take(name.to_string());
        }
        names
    }

    fn is_taken(&self, name: &str) -> bool {
        if self.taken.len() > Self::LINEAR {
            self.index.contains(name)
        } else {
            self.taken.iter().any(|t| t == name)
        }
    }

    fn take(&mut self, name: String) {
        if self.taken.len() >= Self::LINEAR {
            if self.index.is_empty() {
                self.index.extend(self.taken.iter().cloned());
            }
            self.index.insert(name.clone());
        }
        self.taken.push(name);
    }

    /// The field name for the next Terraform name, in declaration order.
    pub fn assign(&mut self, terraform_name: &str) -> String {
        let mut base = snake(terraform_name);
        if base.is_empty() || base.starts_with(|c: char| c.is_ascii_digit()) {
            base.insert(0, '_');
        }
        if is_keyword(&base) {
            base.push('_');
        }
        let name = if self.is_taken(&base) {
            let mut n = 2;
            loop {
                let name = if base.ends_with('_') {
                    format!("{base}{n}")
                } else {
                    format!("{base}_{n}")
                };
                if !self.is_taken(&name) {
                    break name;
                }
                n += 1;
            }
        } else {
            base
        };
        self.take(name.clone());
        name
    }
}

/// The name bon gives a member in its builder when told none: the field's name without one
/// leading `_` (bon's own rule).
pub fn bon_default_name(ident: &str) -> &str {
    ident.strip_prefix('_').unwrap_or(ident)
}

/// Assigns the builder names of one struct's members (bon's `#[builder(name = …)]`), so that
/// no two of the builder's methods or type states share a name. A member's name gives its
/// setter `name(…)`, `maybe_name(…)` when it is optional, the root builder's `null_name()` when
/// an explicit null means something, and the type state `Name` (`_` dropped, the next character
/// upper-cased); the builder also has `build()` and bon's own finishing function, `bon_build()`.
/// The name is bon's default ([`bon_default_name`]) unless one of those is taken by an earlier
/// member (a field `maybe_x` after an optional `x`, `_x` after `x`, `x_1` after `x1`) or is
/// `build`: then `_` is appended, or `_2`, `_3`, …, the first that is free (`2`, `3`, … after a
/// name that ends in `_`). A default that is no plain identifier, or whose type state would not
/// be one, is replaced first: one that starts with a digit once its `_`s are dropped (from a
/// field `_9x` or `__2`) becomes `field_9x`, `field_2`; a keyword (from `_type`, `_self`) gets a
/// trailing `_`; one of underscores alone (from `__`) becomes `field`.
pub struct SetterNames {
    methods: TextSet<String>,
    states: TextSet<String>,
}

impl Default for SetterNames {
    fn default() -> Self {
        let mut methods = TextSet::default();
        methods.extend(["build".to_string(), "bon_build".to_string()]);
        SetterNames {
            methods,
            states: TextSet::default(),
        }
    }
}

impl SetterNames {
    /// The builder name of the next member, in declaration order: `ident` is its field name,
    /// `optional` whether bon gives it a `maybe_` setter, `null_setter` whether the root builder
    /// gives it a `null_` one.
    pub fn assign(&mut self, ident: &str, optional: bool, null_setter: bool) -> String {
        let default = bon_default_name(ident);
        // What the type state is named after: bon drops every `_`.
        let named = default.trim_start_matches('_');
        let base = if named.is_empty() {
            // Underscores alone (a field `__`): the type state would have no name.
            "field".to_string()
        } else if named.starts_with(|c: char| c.is_ascii_digit()) {
            // The setter or the type state would start with a digit (`_9`, `__2`).
            format!("field_{named}")
        } else if is_keyword(default) {
            // A keyword (a field `_type`): bon would write a raw `r#type`, or for `self` and
            // `crate`, which cannot be raw, `self_` of its own.
            format!("{default}_")
        } else {
            default.to_string()
        };
        let methods = |name: &str| {
            let mut m = vec![name.to_string()];
            if optional {
                m.push(format!("maybe_{name}"));
            }
            if null_setter {
                m.push(format!("null_{name}"));
            }
            m
        };
        let mut candidate = base.clone();
        let mut tries = 0;
        loop {
            let state = bon_state_member(&candidate);
            let wanted = methods(&candidate);
            if !self.states.contains(&state) && !wanted.iter().any(|m| self.methods.contains(m)) {
                self.methods.extend(wanted);
                self.states.insert(state);
                return candidate;
            }
            tries += 1;
            // No `__` inside a name (rustc's snake-case lint): after a trailing `_`, a number.
            candidate = match (base.ends_with('_'), tries) {
                (true, _) => format!("{base}{}", tries + 1),
                (false, 1) => format!("{base}_"),
                (false, _) => format!("{base}_{tries}"),
            };
        }
    }
}

/// The snake_case form of a Terraform name.
pub fn snake(name: &str) -> String {
    // Most names are snake_case already: lower-case letters, digits and single `_`s.
    let mut prev = 0u8;
    let plain = name.bytes().all(|b| {
        let ok = b.is_ascii_lowercase() || b.is_ascii_digit() || (b == b'_' && prev != b'_');
        prev = b;
        ok
    });
    if plain {
        return name.to_string();
    }
    snake_any(name)
}

/// [`snake`] for any name.
fn snake_any(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c == '-' || c == '_' {
            // No doubled `_` inside a name: rustc's snake-case lint rejects it.
            if out.is_empty() || !out.ends_with('_') {
                out.push('_');
            }
        } else if c.is_uppercase() {
            let prev = i.checked_sub(1).map(|j| chars[j]);
            let next = chars.get(i + 1);
            let starts_word = match prev {
                Some(p) if p.is_lowercase() || p.is_ascii_digit() => true,
                Some(p) if p.is_uppercase() => next.is_some_and(|n| n.is_lowercase()),
                _ => false,
            };
            if starts_word && !out.ends_with('_') {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The module bon generates beside the builder of `type_name`, holding its type state
/// (`VariablesBuilder` → `variables_builder`): bon's own rule, every upper-case character
/// after the first preceded by `_`, ASCII-lower-cased.
pub fn bon_state_mod(type_name: &str) -> String {
    let mut out = String::with_capacity(type_name.len() + 12);
    for (i, c) in type_name.chars().chain("Builder".chars()).enumerate() {
        if i > 0 && c.is_uppercase() {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The associated type of bon's type state for the member `field` (`node_pools` →
/// `NodePools`): bon's own rule, each `_` dropped and the next character ASCII-upper-cased,
/// and `Self`, a keyword, written `Self_` (the member `self_`).
pub fn bon_state_member(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    push_bon_state_member(&mut out, field);
    out
}

/// Appends [`bon_state_member`] of `field` to `out`.
pub fn push_bon_state_member(out: &mut String, field: &str) {
    let start = out.len();
    let mut capitalize = true;
    for c in field.chars() {
        if c == '_' {
            capitalize = true;
        } else if capitalize {
            out.push(c.to_ascii_uppercase());
            capitalize = false;
        } else {
            out.push(c);
        }
    }
    if &out[start..] == "Self" {
        out.push('_');
    }
}

/// The UpperCamelCase form of a Terraform name: split at `_` and `-`, each part's first
/// character upper-cased, the rest kept.
pub fn upper_camel(name: &str) -> String {
    let mut out = String::new();
    push_upper_camel(&mut out, name);
    out
}

/// Appends [`upper_camel`] of `name` to `out`.
fn push_upper_camel(out: &mut String, name: &str) {
    for part in name.split(['_', '-']) {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            if first.is_ascii() {
                out.push(first.to_ascii_uppercase());
            } else {
                out.extend(first.to_uppercase());
            }
            out.push_str(chars.as_str());
        }
    }
}

/// `name` lower-cased, with room for `more` bytes after it.
fn lower_key(name: &str, more: usize) -> String {
    if name.is_ascii() {
        let mut key = String::with_capacity(name.len() + more);
        key.push_str(name);
        key.make_ascii_lowercase();
        key
    } else {
        let mut key = name.to_lowercase();
        key.reserve(more);
        key
    }
}

/// What the builder of a type adds to its name, lower-cased.
const BUILDER: &str = "builder";

/// Assigns type names across one expansion.
pub struct TypeNames {
    /// Every name taken, lower-cased, with the `…builder` name of each.
    taken: TextSet<String>,
}

impl TypeNames {
    /// A namer with `root` (and `rootBuilder`) taken.
    pub fn new(root: &str) -> TypeNames {
        let mut names = TypeNames {
            taken: TextSet::default(),
        };
        names.reserve(root);
        names
    }

    fn reserve(&mut self, name: &str) {
        let key = lower_key(name, BUILDER.len());
        self.reserve_key(key);
    }

    /// Takes the lower-cased name `key` and its `…builder` name.
    fn reserve_key(&mut self, mut key: String) {
        let len = key.len();
        key.push_str(BUILDER);
        self.taken.insert(key[..len].to_string());
        self.taken.insert(key);
    }

    /// Whether the lower-cased name `key` and its `…builder` name are free.
    fn is_free_key(&self, key: &mut String) -> bool {
        let len = key.len();
        let free = !self.taken.contains(key.as_str()) && {
            key.push_str(BUILDER);
            !self.taken.contains(key.as_str())
        };
        key.truncate(len);
        free
    }

    /// The name of the object type at `path` under the root type `root` (see the module
    /// documentation), now taken.
    pub fn assign(&mut self, root: &str, path: &[impl AsRef<str>]) -> String {
        let len = root.len() + path.iter().map(|s| s.as_ref().len()).sum::<usize>();
        let mut name = String::with_capacity(len + 2);
        name.push_str(root);
        for seg in path {
            push_upper_camel(&mut name, seg.as_ref());
        }
        let base = name.len();
        let mut key = lower_key(&name, BUILDER.len());
        let mut n = 2;
        while !self.is_free_key(&mut key) {
            name.truncate(base);
            name.push_str(&n.to_string());
            key = lower_key(&name, BUILDER.len());
            n += 1;
        }
        self.reserve_key(key);
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_names_take_the_short_way_to_the_same_answer() {
        // Every name of up to four characters from an alphabet that reaches each rule.
        let alphabet = ['a', 'z', '0', '_', '-', 'A', 'é'];
        let mut names = vec![String::new()];
        let mut frontier = names.clone();
        for _ in 0..4 {
            frontier = frontier
                .iter()
                .flat_map(|n| alphabet.iter().map(move |c| format!("{n}{c}")))
                .collect();
            names.extend(frontier.iter().cloned());
        }
        for name in &names {
            assert_eq!(snake(name), snake_any(name), "{name:?}");
        }
    }

    #[test]
    fn keywords_are_found() {
        for k in KEYWORDS {
            assert!(is_keyword(k), "{k}");
        }
        assert!(!is_keyword("abstracts") && !is_keyword("Type") && !is_keyword(""));
    }

    #[test]
    fn fields_escape_keywords_dashes_and_clashes() {
        let mut f = FieldNames::with_reserved(&["explicit_nulls"]);
        assert_eq!(f.assign("type"), "type_");
        assert_eq!(f.assign("self"), "self_");
        assert_eq!(f.assign("Self"), "self_2");
        assert_eq!(f.assign("myVar"), "my_var");
        assert_eq!(f.assign("HTTPPort"), "http_port");
        assert_eq!(f.assign("a_b"), "a_b");
        assert_eq!(f.assign("a-b"), "a_b_2");
        assert_eq!(f.assign("a_b_2"), "a_b_2_2");
        assert_eq!(f.assign("type_"), "type_2");
        assert_eq!(f.assign("a--b"), "a_b_3");
        assert_eq!(f.assign("__nulls"), "_nulls");
        assert_eq!(f.assign("explicit_nulls"), "explicit_nulls_2");
    }

    #[test]
    fn types_never_collide() {
        let mut t = TypeNames::new("Variables");
        assert_eq!(t.assign("Variables", &["a_b"]), "VariablesAB");
        assert_eq!(t.assign("Variables", &["a", "b"]), "VariablesAB2");
        assert_eq!(t.assign("Variables", &["a-b"]), "VariablesAB3");
        // `builder` would clash with the root's builder type.
        assert_eq!(t.assign("Variables", &["builder"]), "VariablesBuilder2");
        // Compared case-insensitively beyond ASCII too.
        assert_eq!(t.assign("Variables", &["é"]), "VariablesÉ");
        assert_eq!(t.assign("Variables", &["É"]), "VariablesÉ2");
        assert_eq!(upper_camel("node_pools"), "NodePools");
        assert_eq!(upper_camel("myVar"), "MyVar");
    }

    #[test]
    fn builder_names_never_share_a_method_or_a_type_state() {
        let mut s = SetterNames::default();
        // bon's defaults where nothing clashes; one leading `_` dropped.
        assert_eq!(s.assign("x", true, true), "x");
        assert_eq!(s.assign("_q", false, false), "q");
        // `build` is the builder's own; `maybe_x` and `null_x` are `x`'s.
        assert_eq!(s.assign("build", false, false), "build_");
        assert_eq!(s.assign("maybe_x", true, false), "maybe_x_");
        assert_eq!(s.assign("null_x", false, false), "null_x_");
        // `q`'s method and type state (`Q`) are taken: `q_` would be state `Q` too.
        assert_eq!(s.assign("q", false, false), "q_2");
        // `x1` and `x_1` share the type state `X1`.
        assert_eq!(s.assign("x1", false, false), "x1");
        assert_eq!(s.assign("x_1", false, false), "x_1_2");
        // A default that would start with a digit.
        assert_eq!(s.assign("_9", false, false), "field_9");
        assert_eq!(bon_default_name("_9"), "9");
        // Defaults that are keywords, or underscores alone.
        assert_eq!(s.assign("_type", false, false), "type_");
        assert_eq!(s.assign("self_", false, false), "self_");
        assert_eq!(s.assign("_self", false, false), "self_2");
        assert_eq!(s.assign("__", false, false), "field");
        // `field_` would share `field`'s type state, `Field`.
        assert_eq!(s.assign("___", false, false), "field_2");
        // `_2` is an identifier, but its type state would be `2`.
        assert_eq!(s.assign("__2", false, false), "field_2_2");
        // `self_`'s type state is bon's `Self_`, not the keyword.
        assert_eq!(bon_state_member("self_"), "Self_");
        assert_eq!(bon_state_member("self_2"), "Self2");
    }
}
