//! `--terraform-conversions`: schema nodes that accept what Terraform's type conversion
//! (go-cty `convert`) accepts for a `.tfvars.json` value, so that a file valid against the
//! schema passes Terraform's type check. The rules, as observed with Terraform 1.11:
//!
//! - `string` accepts strings, numbers and bools (`5` → `"5"`, `true` → `"true"`).
//! - `number` accepts numbers, and strings that Go's `big.ParseFloat(s, 10, …)` reads:
//!   an optional sign, then `inf`/`Inf`, or digits with an optional point and an optional
//!   decimal (`e`) or binary (`p`) exponent (`"10"`, `"+5"`, `".5"`, `"5."`, `"1p3"`, `"-inf"`).
//!   No spaces, no `0x`, no `_`, no `NaN`/`Infinity`.
//! - `bool` accepts `true`, `false` and the strings `"true"`, `"false"`, `"1"`, `"0"`
//!   (not the numbers `1`/`0`).
//! - `null` is accepted inside any collection, tuple or object (list and set elements, map
//!   values, object attributes, required ones included); at the top level only for a nullable
//!   variable, or for a `nullable = false` variable with a default (which then applies).
//! - object attributes that are not declared are dropped, so they are allowed (unless
//!   `--disallow-additional-properties` asks otherwise); sets accept duplicate elements.
//!
//! Not expressed: a `list`, `set` or `map` of `any` needs its elements to unify to one type
//! (`[1, "a"]` becomes `["1", "a"]`, `[1, true]` and `[null, [1]]` are refused); the schema accepts
//! any elements there.
//!
//! Validation keywords apply to the converted value, which a JSON Schema keyword cannot see, so
//! a node with validation keywords gives each JSON form its own `anyOf` branch: the string
//! branch carries the keywords; bools are listed when their string form passes them (decided
//! here, exactly); numbers are checked where the keywords are only values (`enum`, `not.enum`)
//! and accepted unchecked otherwise; a number node accepts numeric strings unchecked. Such a
//! node may accept a convertible value Terraform rejects (listed by [`inexact`]), never the
//! reverse.

use tfvars_runtime::{Number, Type, Value};

use super::number_strings;
use super::translate::{self, Bound, Rules};
use super::types::write_rules;
use crate::json_text::Json;

/// The strings Terraform converts to a number (Go `big.ParseFloat`, base 10).
pub const NUMBER_STRING_PATTERN: &str =
    "^[+-]?(?:[Ii]nf|(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eEpP][+-]?[0-9]+)?)$";

fn types(names: &[&str], nullable: bool) -> Json {
    let mut v: Vec<Json> = names.iter().map(|n| Json::str(*n)).collect();
    if nullable {
        v.push(Json::str("null"));
    }
    if v.len() == 1 {
        v.pop().unwrap_or(Json::Null)
    } else {
        Json::Array(v)
    }
}

/// The numbers whose string form a string node's rules reject, when the rules only hold
/// `enum`/`not enum` and lengths every number's string form has; `None` when the rules judge
/// the string form of numbers in a way JSON Schema cannot express (patterns, lengths, `anyOf`).
fn numbers_excluded(rules: &Rules) -> Option<Vec<Json>> {
    let lengths_hold = rules.min_length.is_none_or(|m| m <= 1) && rules.max_length.is_none();
    if !rules.patterns.is_empty()
        || !rules.forbidden_patterns.is_empty()
        || !rules.any_of.is_empty()
        || rules.allowed.is_some()
        || !lengths_hold
    {
        return None;
    }
    Some(disallowed_numbers(rules))
}

/// The numbers whose string form the rules list as disallowed.
fn disallowed_numbers(rules: &Rules) -> Vec<Json> {
    rules
        .disallowed
        .iter()
        .filter_map(|v| match v {
            Value::String(s) => number_spelled(s),
            _ => None,
        })
        .collect()
}

/// Whether the rules of a string node reject the string form of every number: a pattern no
/// number's decimal text contains, allowed values none of which is such a text, or a
/// disjunction each of whose alternatives does.
pub(crate) fn rejects_every_number(rules: &Rules) -> bool {
    let number_text = |s: &str| {
        let digits = s.strip_prefix('-').unwrap_or(s);
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "1"));
        [whole, fraction]
            .iter()
            .all(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    };
    rules
        .patterns
        .iter()
        .any(|p| translate::some_number_matches(p) == Some(false))
        || rules.allowed.as_ref().is_some_and(|values| {
            values
                .iter()
                .all(|v| matches!(v, Value::String(s) if !number_text(s)))
        })
        || rules
            .any_of
            .iter()
            .any(|alts| !alts.is_empty() && alts.iter().all(rejects_every_number))
}

/// The JSON number whose Terraform string form is exactly `s` (zero left out: `-0` converts
/// to "-0" but equals 0 in JSON Schema).
fn number_spelled(s: &str) -> Option<Json> {
    let num = Number::parse_json(s)?;
    (num.to_terraform_string() == s && num != Number::from(0u8)).then_some(Json::Number(num))
}

/// Why a node of type `ty` with `rules` accepts, under conversion rules, some value Terraform
/// rejects: a numeric string for a `number` with rules, a number for a `string` whose rules
/// judge its string form by pattern or length. `None` when the node is exact.
pub(crate) fn inexact(ty: &Type, rules: &Rules) -> Option<String> {
    inexact_at(ty, rules, false)
}

/// Why a node of type `ty` with `rules` accepts, without conversion rules, some value
/// Terraform rejects: an untyped or `string` value a rule converts to a number takes
/// numeric strings, some spellings of which are not checked (see [`numeric_node`]).
pub(crate) fn numeric_inexact(ty: &Type, rules: &Rules) -> Option<String> {
    inexact_at(ty, rules, true)
}

/// [`inexact`], or with `numeric_only` [`numeric_inexact`].
fn inexact_at(ty: &Type, rules: &Rules, numeric_only: bool) -> Option<String> {
    let child = |t: &Type, r: Option<&Rules>| r.and_then(|r| inexact_at(t, r, numeric_only));
    let alternatives = || {
        rules
            .any_of
            .iter()
            .flatten()
            .find_map(|alt| inexact_at(ty, alt, numeric_only))
    };
    if rules.numeric && matches!(ty, Type::Any | Type::String) {
        // Judged as a number given as a string (`numeric_node`).
        let why = inexact_at(&Type::Number, &rules.as_number(), false)?;
        return Some(format!("the rule converts the value to a number: {why}"));
    }
    if rules.textual && *ty == Type::Any {
        // Judged as a `string` (the node `types::node` writes).
        return inexact_at(&Type::String, &rules.as_text(), numeric_only);
    }
    if numeric_only && ty.is_primitive() {
        return None;
    }
    match ty {
        Type::String if !rules.is_empty() => {
            let only_enum = rules.allowed.is_some() && rules.only_allowed();
            let zero = Value::String("0".into());
            if only_enum && rules.allowed.iter().flatten().any(|v| *v == zero) {
                Some("-0 given for a string converts to \"-0\", which JSON Schema cannot tell from 0, which converts to \"0\"".into())
            } else if only_enum || numbers_excluded(rules).is_some() {
                None
            } else if [true, false]
                .iter()
                .any(|b| rules.accepts(&Value::String(b.to_string())).is_none())
            {
                Some("a bool given for a string with rules the schema cannot decide for it".into())
            } else if rejects_every_number(rules) {
                None
            } else if let Some(texts) = super::number_texts::numbers(rules) {
                if texts.loose {
                    Some("a number given for a string is checked against the string's pattern or length by its sign, digit count and point only".into())
                } else {
                    texts.zero_split.then(|| "-0 given for a string converts to \"-0\", which the rules judge unlike \"0\" and JSON Schema cannot tell from 0".into())
                }
            } else {
                Some("a number given for a string is not checked against the string's pattern or length".into())
            }
        }
        Type::Number if !rules.is_empty() => Some(if plain_decimals_checked(rules).is_some() {
            "a number given as a string other than a plain decimal (`0.5e1`, `10000e-1`) is \
             checked against the rules only where an infinity or its exponent puts it beyond \
             every accepted number"
                .into()
        } else {
            "a number given as a string is not checked against the rules".into()
        }),
        Type::Bool if !rules.is_empty() => [true, false]
            .iter()
            .any(|b| rules.accepts(&Value::Bool(*b)).is_none())
            .then(|| "a bool rule the schema cannot decide".into()),
        Type::Set(_) if rules.min_length.is_some_and(|m| m > 1) || rules.max_length.is_some() => {
            Some("a set's length counts distinct elements, `minItems`/`maxItems` every element given (the upper bound is left out)".into())
        }
        Type::List(t) | Type::Set(t) => child(t, rules.items.as_deref())
            .or_else(|| rules.first.iter().find_map(|r| inexact(t, r)))
            .or_else(alternatives),
        Type::Map(t) => child(t, rules.values.as_deref()),
        Type::Any => child(&Type::Any, rules.members.as_deref()),
        Type::Object(attrs) => rules
            .properties
            .iter()
            .find_map(|(name, r)| {
                let a = attrs.iter().find(|a| *a.name == **name)?;
                inexact_at(&a.ty, r, numeric_only).map(|why| format!("attribute `{name}`: {why}"))
            })
            .or_else(alternatives),
        _ => None,
    }
}

/// The node of an untyped or `string` value that a rule (`var.x >= 30`, `var.x % 3 == 0`)
/// converts to a number: the node of a `number` under conversion rules, numbers and the
/// strings Terraform converts to one, judged by their value (plain decimals exactly, other
/// spellings as [`inexact`] says). A `string` without conversion rules takes the strings only.
pub(crate) fn numeric_node(ty: &Type, rules: &Rules, nullable: bool, conversions: bool) -> Json {
    let mut n = primitive(&Type::Number, &rules.as_number(), nullable);
    if *ty == Type::String && !conversions {
        if let Some(Json::Array(alternatives)) = n.get("anyOf").cloned() {
            let mut strings: Vec<Json> = alternatives
                .into_iter()
                .filter(|a| a.get("type") != Some(&Json::str("number")))
                .collect();
            n = match strings.len() {
                1 => strings.pop().unwrap_or(n),
                _ => {
                    n.set("anyOf", Json::Array(strings));
                    n
                }
            };
        }
    }
    n
}

/// For a number node whose rules are bounds, allowed and disallowed values and disjunctions of
/// these, all whole numbers, the patterns of the plain decimal strings they accept, one per
/// interval of accepted values (empty: there are none); `None` for other rules.
fn plain_decimals_checked(rules: &Rules) -> Option<Vec<String>> {
    let intervals = accepted_intervals(rules)?;
    let mut patterns = Vec::new();
    for (low, high) in &intervals {
        if let Some(p) = number_strings::plain_decimals_within(low.as_ref(), high.as_ref()).ok()? {
            patterns.push(p);
        }
    }
    Some(patterns)
}

/// The patterns of [`number_strings::exponents_beyond`] for the bounds of every number the
/// rules accept (none when a side is unbounded or nothing is accepted).
fn exponents_refused(rules: &Rules) -> Vec<String> {
    let Some(intervals) = accepted_intervals(rules).filter(|i| !i.is_empty()) else {
        return Vec::new();
    };
    // The highest upper bound and the lowest lower bound, `None` when one is unbounded.
    let outer = |pick: fn(&Interval) -> &Option<Bound>, higher: bool| {
        intervals.iter().try_fold(None::<Bound>, |acc, i| {
            let b = pick(i).clone()?;
            Some(Some(match acc {
                Some(a) if (a.value > b.value) == higher || a.value == b.value => a,
                _ => b,
            }))
        })
    };
    let upper = outer(|i| &i.1, true).flatten();
    let lower = outer(|i| &i.0, false).flatten();
    number_strings::exponents_beyond(upper.as_ref(), lower.as_ref())
}

/// An interval of numbers: lower and upper bound, `None` where unbounded.
type Interval = (Option<Bound>, Option<Bound>);

/// The numbers a number node's rules accept, as intervals (a single value is an interval
/// from it to itself); `None` when the rules hold other keywords, or a value that is not a
/// whole number (the patterns of [`number_strings`] are written for whole bounds).
fn accepted_intervals(rules: &Rules) -> Option<Vec<Interval>> {
    let numbers_only = Rules {
        allowed: rules.allowed.clone(),
        disallowed: rules.disallowed.clone(),
        minimum: rules.minimum.clone(),
        maximum: rules.maximum.clone(),
        any_of: rules.any_of.clone(),
        null_ok: rules.null_ok,
        may_fail: rules.may_fail,
        ..Rules::default()
    };
    if *rules != numbers_only {
        return None;
    }
    let whole = |v: &Value| match v {
        Value::Number(n) if n.as_decimal().is_some_and(|d| d.is_integer()) => Some(n.clone()),
        _ => None,
    };
    let base: Interval = (rules.minimum.clone(), rules.maximum.clone());
    for b in [&base.0, &base.1].into_iter().flatten() {
        whole(&Value::Number(b.value.clone()))?;
    }
    let point = |n: Number| {
        let b = Bound {
            value: n,
            exclusive: false,
        };
        (Some(b.clone()), Some(b))
    };
    let mut out: Vec<Interval> = match &rules.allowed {
        Some(values) => {
            let mut points = Vec::new();
            for v in values {
                if !rules.disallowed.contains(v) {
                    points.extend(meet(&base, &point(whole(v)?)));
                }
            }
            points
        }
        None => {
            let mut pieces = vec![base];
            for v in &rules.disallowed {
                let x = whole(v)?;
                let below = (
                    None,
                    Some(Bound {
                        value: x.clone(),
                        exclusive: true,
                    }),
                );
                let above = (
                    Some(Bound {
                        value: x,
                        exclusive: true,
                    }),
                    None,
                );
                pieces = pieces
                    .iter()
                    .flat_map(|p| [meet(p, &below), meet(p, &above)])
                    .flatten()
                    .collect();
            }
            pieces
        }
    };
    for alternatives in &rules.any_of {
        let mut union = Vec::new();
        for alt in alternatives {
            union.extend(accepted_intervals(alt)?);
        }
        out = out
            .iter()
            .flat_map(|a| union.iter().filter_map(move |b| meet(a, b)))
            .collect();
    }
    Some(out)
}

/// The numbers in both intervals; `None` when there are none.
fn meet(a: &Interval, b: &Interval) -> Option<Interval> {
    let pick = |x: &Option<Bound>, y: &Option<Bound>, lower: bool| -> Option<Bound> {
        match (x, y) {
            (None, z) | (z, None) => z.clone(),
            (Some(x), Some(y)) => Some(if x.value == y.value {
                Bound {
                    value: x.value.clone(),
                    exclusive: x.exclusive || y.exclusive,
                }
            } else if (x.value > y.value) == lower {
                x.clone()
            } else {
                y.clone()
            }),
        }
    };
    let low = pick(&a.0, &b.0, true);
    let high = pick(&a.1, &b.1, false);
    if let (Some(l), Some(h)) = (&low, &high) {
        if l.value > h.value || l.value == h.value && (l.exclusive || h.exclusive) {
            return None;
        }
    }
    Some((low, high))
}

/// The node of a primitive type under conversion rules.
pub(crate) fn primitive(ty: &Type, rules: &Rules, nullable: bool) -> Json {
    let mut n = Json::object();
    match ty {
        Type::String => {
            let only_enum = rules.allowed.is_some() && rules.only_allowed();
            if rules.is_empty() {
                n.set("type", types(&["string", "number", "boolean"], nullable));
            } else if only_enum {
                let mut values: Vec<Json> = Vec::new();
                for v in rules.allowed.iter().flatten() {
                    let Value::String(s) = v else { continue };
                    values.push(Json::str(s.clone()));
                    match s.as_str() {
                        "true" => values.push(Json::Bool(true)),
                        "false" => values.push(Json::Bool(false)),
                        _ => {
                            // A number converts to its shortest decimal text; JSON Schema compares
                            // numbers by value, so list it when `s` is exactly that text. `"0"`
                            // lists 0, which also lets `-0` through (it converts to "-0"):
                            // looser, listed as inexact.
                            if let Some(num) = Number::parse_json(s) {
                                if num.to_terraform_string() == *s {
                                    values.push(Json::Number(num));
                                }
                            }
                        }
                    }
                }
                if nullable {
                    values.push(Json::Null);
                }
                n.set("enum", Json::Array(values));
            } else {
                // The rules judge the converted string: a number or bool is accepted when its
                // string form satisfies them, so each JSON type gets its own alternative.
                let mut alternatives = Vec::new();
                let mut string = Json::object();
                string.set("type", Json::str("string"));
                write_rules(&mut string, ty, rules);
                alternatives.push(string);
                // Numbers are judged by their text where the rules are only about lengths and
                // values, or where the numbers they accept are ranges.
                let excluded = numbers_excluded(rules);
                let texts = match excluded {
                    Some(_) => None,
                    None => super::number_texts::numbers(rules),
                };
                let none = texts.as_ref().is_some_and(|t| t.is_empty());
                if !rejects_every_number(rules) && !none {
                    let mut number = Json::object();
                    number.set("type", Json::str("number"));
                    match (excluded, &texts) {
                        (Some(excluded), _) => {
                            if !excluded.is_empty() {
                                let mut not = Json::object();
                                not.set("enum", Json::Array(excluded));
                                number.set("not", not);
                            }
                        }
                        (None, Some(texts)) => texts.write(&mut number, disallowed_numbers(rules)),
                        (None, None) => {}
                    }
                    alternatives.push(number);
                }
                let bools: Vec<Json> = [true, false]
                    .into_iter()
                    .filter(|b| rules.accepts(&Value::String(b.to_string())).unwrap_or(true))
                    .map(Json::Bool)
                    .collect();
                if !bools.is_empty() {
                    let mut b = Json::object();
                    b.set("enum", Json::Array(bools));
                    alternatives.push(b);
                }
                if nullable {
                    let mut null = Json::object();
                    null.set("type", Json::str("null"));
                    alternatives.push(null);
                }
                n.set("anyOf", Json::Array(alternatives));
            }
        }
        Type::Number => {
            if rules.is_empty() {
                n.set("type", types(&["number", "string"], nullable));
                n.set("pattern", Json::str(NUMBER_STRING_PATTERN));
            } else {
                // A numeric string converts to a number the keywords cannot see. Plain decimal
                // strings are checked against whole bounds by a pattern; other strings are
                // accepted (looser than Terraform, see `inexact`).
                let mut number = Json::object();
                number.set("type", Json::str("number"));
                write_rules(&mut number, ty, rules);
                let mut string = Json::object();
                string
                    .set("type", Json::str("string"))
                    .set("pattern", Json::str(NUMBER_STRING_PATTERN));
                if let Some(within) = plain_decimals_checked(rules) {
                    // Other spellings pass unchecked, but for exponents and infinities beyond
                    // every accepted number.
                    let mut refused = vec![number_strings::PLAIN_DECIMAL.to_string()];
                    refused.extend(exponents_refused(rules));
                    let mut plain = Json::object();
                    if refused.len() == 1 {
                        plain.set("pattern", Json::str(number_strings::PLAIN_DECIMAL));
                    } else {
                        let each = refused
                            .into_iter()
                            .map(|p| {
                                let mut o = Json::object();
                                o.set("pattern", Json::str(p));
                                o
                            })
                            .collect();
                        plain.set("anyOf", Json::Array(each));
                    }
                    if within.is_empty() {
                        string.set("not", plain);
                    } else {
                        let mut other = Json::object();
                        other.set("not", plain);
                        let mut branches = vec![other];
                        for pattern in within {
                            let mut inside = Json::object();
                            inside.set("pattern", Json::str(pattern));
                            branches.push(inside);
                        }
                        string.set("anyOf", Json::Array(branches));
                    }
                }
                let mut alternatives = vec![number, string];
                if nullable {
                    let mut null = Json::object();
                    null.set("type", Json::str("null"));
                    alternatives.push(null);
                }
                n.set("anyOf", Json::Array(alternatives));
            }
        }
        Type::Bool => {
            let mut values = Vec::new();
            for b in [true, false] {
                // Every alternative of a bool rule compares with `true`/`false`, so the rules
                // are decided here for both values, and each accepted one is listed with its
                // string spellings.
                if rules.accepts(&Value::Bool(b)) == Some(false) {
                    continue;
                }
                values.push(Json::Bool(b));
                values.push(Json::str(if b { "true" } else { "false" }));
                values.push(Json::str(if b { "1" } else { "0" }));
            }
            if nullable {
                values.push(Json::Null);
            }
            n.set("enum", Json::Array(values));
        }
        _ => {}
    }
    n
}

#[cfg(test)]
mod tests {
    use super::NUMBER_STRING_PATTERN;

    #[test]
    fn number_pattern_matches_go_parse_float() {
        let re = regex::Regex::new(NUMBER_STRING_PATTERN).unwrap();
        for ok in [
            "10", "1e3", "1.5", "+5", ".5", "5.", "0010", "-0", "1p3", "inf", "Inf", "-inf",
            "+Inf", "1E-3", "2P+2",
        ] {
            assert!(re.is_match(ok), "{ok} should match");
        }
        for bad in [
            "0x10", " 5", "5 ", "\t5", "", "1_000", "Infinity", "NaN", "١", ".", "e5", "1e", "INF",
            "--1",
        ] {
            assert!(!re.is_match(bad), "{bad} should not match");
        }
    }
}

#[cfg(test)]
mod plain_decimals {
    use super::super::translate::{Bound, Rules};
    use super::plain_decimals_checked;
    use tfvars_runtime::{Number, Value};

    fn num(t: &str) -> Number {
        Number::parse_json(t).unwrap()
    }

    fn bound(t: &str, exclusive: bool) -> Option<Bound> {
        Some(Bound {
            value: num(t),
            exclusive,
        })
    }

    /// The plain decimal strings the patterns accept are those whose value `holds`.
    fn check(rules: &Rules, holds: impl Fn(&Number) -> bool) {
        let patterns: Vec<regex::Regex> = plain_decimals_checked(rules)
            .expect("checked")
            .iter()
            .map(|p| regex::Regex::new(p).unwrap())
            .collect();
        for whole in [
            "0", "1", "2", "3", "4", "5", "8", "16", "19", "20", "21", "200", "201",
        ] {
            for sign in ["", "+", "-"] {
                for (zeros, fraction) in
                    [("", ""), ("0", ""), ("", ".0"), ("", ".5"), ("00", ".000")]
                {
                    let text = format!("{sign}{zeros}{whole}{fraction}");
                    let minus = if sign == "-" { "-" } else { "" };
                    let value = num(&format!("{minus}{whole}{fraction}"));
                    let accepted = patterns.iter().any(|p| p.is_match(&text));
                    assert_eq!(accepted, holds(&value), "{text} under {rules:?}");
                }
            }
        }
    }

    #[test]
    fn allowed_values_disjunctions_and_holes() {
        let allowed = Rules {
            allowed: Some(
                ["1", "2", "4", "8", "16"]
                    .iter()
                    .map(|t| Value::Number(num(t)))
                    .collect(),
            ),
            ..Rules::default()
        };
        check(&allowed, |n| {
            ["1", "2", "4", "8", "16"].iter().any(|t| *n == num(t))
        });
        let outside = Rules {
            any_of: vec![vec![
                Rules {
                    maximum: bound("1", true),
                    ..Rules::default()
                },
                Rules {
                    minimum: bound("20", true),
                    ..Rules::default()
                },
            ]],
            ..Rules::default()
        };
        check(&outside, |n| *n < num("1") || *n > num("20"));
        let zero_or_range = Rules {
            any_of: vec![vec![
                Rules {
                    allowed: Some(vec![Value::Number(num("0"))]),
                    ..Rules::default()
                },
                Rules {
                    minimum: bound("21", false),
                    maximum: bound("200", false),
                    ..Rules::default()
                },
            ]],
            disallowed: vec![Value::Number(num("200"))],
            ..Rules::default()
        };
        check(&zero_or_range, |n| {
            *n == num("0") || *n >= num("21") && *n < num("200")
        });
        let fractional = Rules {
            allowed: Some(vec![Value::Number(num("2.5"))]),
            ..Rules::default()
        };
        assert_eq!(plain_decimals_checked(&fractional), None);
    }
}

#[cfg(test)]
mod number_texts {
    use super::translate::some_number_matches;

    #[test]
    fn patterns_that_some_number_text_contains() {
        for (pattern, some) in [
            ("[0-9]", true),
            ("^-?[0-9]+$", true),
            ("\\.", true),
            ("^-", true),
            ("^.{3,}$", true),
            ("^1{3}\\.5$", true),
            ("^[0-9]+(\\.[0-9]+)?$", true),
            ("0$", true),
            ("", true),
            ("^a", false),
            ("/", false),
            ("^[a-z]", false),
            ("^$", false),
            ("e", false),
            ("^0x", false),
            ("^\\.", false),
            ("\\.$", false),
            ("^--", false),
            ("^[0-9]*-", true),
            ("^[0-9]+-", false),
            ("^principalSet://", false),
        ] {
            assert_eq!(some_number_matches(pattern), Some(some), "{pattern}");
        }
        assert_eq!(some_number_matches("^-[0-9]\\.[0-9]7$"), Some(true));
        // A pattern the lazy DFA does not build stays undecided.
        assert_eq!(some_number_matches("(?<!a)b"), None);
    }

    #[test]
    fn disjunctions_and_allowed_values() {
        use super::super::translate::Rules;
        use super::rejects_every_number;
        use tfvars_runtime::Value;
        let allowed = |values: &[&str]| Rules {
            allowed: Some(
                values
                    .iter()
                    .map(|s| Value::String(s.to_string()))
                    .collect(),
            ),
            ..Rules::default()
        };
        let prefix = Rules {
            patterns: vec!["^principalSet://".into()],
            ..Rules::default()
        };
        let either = |a: Rules| Rules {
            any_of: vec![vec![a, prefix.clone()]],
            ..Rules::default()
        };
        assert!(rejects_every_number(&either(allowed(&[""]))));
        assert!(rejects_every_number(&either(allowed(&[
            "1e3", "-", "1.", ".5", "x"
        ]))));
        for number in ["5", "-1.25", "007"] {
            assert!(
                !rejects_every_number(&either(allowed(&["", number]))),
                "{number}"
            );
        }
        let digits = Rules {
            patterns: vec!["^[0-9]+$".into()],
            ..Rules::default()
        };
        assert!(!rejects_every_number(&Rules {
            any_of: vec![vec![allowed(&[""]), digits]],
            ..Rules::default()
        }));
    }
}
