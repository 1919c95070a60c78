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
//! Validation keywords apply to the converted value, which a JSON Schema keyword cannot see: a
//! node with validation keywords only keeps the alternative JSON forms whose converted value
//! the keywords still check exactly (an `enum` of strings also lists the numbers and bools that
//! convert to one of them); the others are left out, so such a schema may reject a convertible
//! value that Terraform accepts, but never the reverse.

use tfvars_runtime::{Number, Type, Value};

use super::translate::Rules;
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

/// The node of a primitive type under conversion rules.
pub(crate) fn primitive(ty: &Type, rules: &Rules, nullable: bool) -> Json {
    let mut n = Json::object();
    match ty {
        Type::String => {
            let only_enum = rules.allowed.is_some() && {
                let mut r = rules.clone();
                r.allowed = None;
                r.is_empty()
            };
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
                            // numbers by value, so list it when `s` is exactly that text. Zero is
                            // left out: `-0` converts to "-0" but equals 0.
                            if let Some(num) = Number::parse_json(s) {
                                if num.to_terraform_string() == *s && num != Number::from(0u8) {
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
                n.set("type", types(&["string"], nullable));
                write_rules(&mut n, ty, rules);
            }
        }
        Type::Number => {
            if rules.is_empty() {
                n.set("type", types(&["number", "string"], nullable));
                n.set("pattern", Json::str(NUMBER_STRING_PATTERN));
            } else {
                n.set("type", types(&["number"], nullable));
                write_rules(&mut n, ty, rules);
            }
        }
        Type::Bool => {
            let mut values = Vec::new();
            for b in [true, false] {
                let v = Value::Bool(b);
                if rules.allowed.as_ref().is_some_and(|a| !a.contains(&v))
                    || rules.disallowed.contains(&v)
                {
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
            if !rules.any_of.is_empty() {
                // Alternatives compare with `true`/`false` only, so converted strings fail
                // them: stricter than Terraform, never looser.
                let any_of = Rules {
                    any_of: rules.any_of.clone(),
                    ..Rules::default()
                };
                write_rules(&mut n, ty, &any_of);
            }
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
