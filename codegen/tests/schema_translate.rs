//! Validation conditions → schema rules, one line per case: bounds, null handling per Terraform
//! version, and the forms that must stay untranslated.

use tfvars_codegen::lower::expression_from_text;
use tfvars_codegen::schema::translate::{translate, Rules};
use tfvars_codegen::type_expr::type_from_text;
use tfvars_runtime::{Number, TerraformVersion, Type, Value};

fn ty(text: &str) -> Type {
    type_from_text(text).expect("valid type")
}

fn rules(condition: &str, type_text: &str, version: TerraformVersion) -> Result<Rules, String> {
    let expr = expression_from_text(condition).expect("condition parses and lowers");
    translate(&expr, "x", &ty(type_text), &[], version, false)
}

fn ok(condition: &str, type_text: &str) -> Rules {
    rules(condition, type_text, TerraformVersion::Latest)
        .unwrap_or_else(|e| panic!("{condition}: {e}"))
}

fn refused(condition: &str, type_text: &str, why: &str) {
    let err = rules(condition, type_text, TerraformVersion::Latest).expect_err(condition);
    assert!(err.contains(why), "{condition}: {err}");
}

fn n(text: &str) -> Number {
    Number::parse_json(text).expect("number")
}

#[test]
fn numeric_bounds() {
    let r = ok("var.x > 2.5 && var.x <= 10 && -1 < var.x", "number");
    let min = r.minimum.expect("minimum");
    assert_eq!((min.value, min.exclusive), (n("2.5"), true));
    let max = r.maximum.expect("maximum");
    assert_eq!((max.value, max.exclusive), (n("10"), false));
    assert!(!r.null_ok);
    let r = ok("var.x >= 0 && var.x > 0", "number");
    assert!(r.minimum.expect("minimum").exclusive, "tightest bound wins");
    // An untyped or `string` value is converted for the comparison, which fails on anything
    // but a number or a numeric string.
    for ty in ["string", "any"] {
        let r = ok("var.x > 0", ty);
        assert!(r.numeric && r.may_fail && !r.null_ok, "{ty}: {r:?}");
        assert!(r.minimum.expect("minimum").exclusive);
    }
    assert!(!ok("var.x > 0", "number").numeric);
    refused("var.x > 0", "bool", "numeric comparison");
    refused("var.x > var.y", "number", "non-literal");
}

#[test]
fn remainders_compared_with_zero() {
    let r = ok("var.x % 100 == 0", "number");
    assert_eq!(r.multiple_of, vec![n("100")]);
    assert!(!r.null_ok && !r.numeric && !r.may_fail);
    // The divisor's sign does not matter; an untyped value is converted to a number.
    let r = ok("0 == var.x % -3", "any");
    assert_eq!(r.multiple_of, vec![n("3")]);
    assert!(r.numeric && r.may_fail);
    assert_eq!(r.accepts(&Value::String("9".into())), Some(true));
    assert_eq!(r.accepts(&Value::String("x".into())), Some(false));
    assert_eq!(r.accepts(&Value::Number(n("7.5"))), Some(false));
    refused("var.x % 0.5 == 0", "number", "whole number");
    // `x == floor(x)` and `ceil(x) == x`: a whole number. On a string the comparison is of a
    // number with a string, always false.
    for condition in ["var.x == floor(var.x)", "ceil(var.x) == var.x"] {
        let r = ok(condition, "number");
        assert_eq!(r.multiple_of, vec![n("1")], "{condition}");
        assert!(!r.null_ok && !r.numeric, "{condition}");
        assert_eq!(r.accepts(&Value::Number(n("-3"))), Some(true));
        assert_eq!(r.accepts(&Value::Number(n("2.5"))), Some(false));
    }
    refused(
        "var.x == floor(var.x)",
        "string",
        "`floor` or `ceil` compared",
    );
    refused("var.x == floor(var.y)", "number", "not a literal");
    refused("var.x % 2 == 0", "bool", "`%` on a variable of type");
    refused("var.x % 2 == 1", "number", "compares something other");
}

#[test]
fn alltrue_and_anytrue_of_a_list_evaluate_every_element() {
    // A null element counts as false: `anytrue([var.x])` on a null `bool` is false, not
    // an error.
    let r = ok("anytrue([var.x])", "bool");
    assert_eq!(r.allowed, Some(vec![Value::Bool(true)]));
    // Every element is evaluated: `startswith` fails on null, whatever `==` gives.
    let r = ok(
        r#"anytrue([var.x == "a", startswith(var.x, "b")])"#,
        "string",
    );
    assert!(!r.null_ok);
    // Inside an element, `||` is the version's: from 1.12 it stops at a true side.
    let c = r#"alltrue([var.x == null || startswith(var.x, "a"), var.x != "b"])"#;
    assert!(ok(c, "string").null_ok);
    let v1_11 = rules(c, "string", TerraformVersion::V1_11).expect("translated");
    assert!(!v1_11.null_ok);
    refused(
        "anytrue([lookup(var.x, \"a\", null), true])",
        "map(bool)",
        "may be null",
    );
}

#[test]
fn regex_on_an_untyped_value_reads_its_text() {
    let r = ok(r#"can(regex("^[a-z]+$", var.x))"#, "any");
    assert!(r.textual && !r.null_ok, "{r:?}");
    // A bool's text is "true"; a number's its decimal digits; a list has none.
    assert_eq!(r.accepts(&Value::Bool(true)), Some(true));
    assert_eq!(r.accepts(&Value::Number(n("5"))), Some(false));
    assert_eq!(r.accepts(&Value::Tuple(Vec::new())), Some(false));
    // `!can(…)` is true on a list or an object, which the node of a string cannot say.
    refused(r#"!can(regex("^x", var.x))"#, "any", "only checks strings");
}

#[test]
fn length_bounds() {
    let r = ok("length(var.x) > 2.5 && length(var.x) < 7.5", "string");
    assert_eq!((r.min_length, r.max_length), (Some(3), Some(7)));
    assert!(r.string_length);
    let r = ok("4 == length(var.x)", "list(string)");
    assert_eq!((r.min_length, r.max_length), (Some(4), Some(4)));
    refused("length(var.x) < 0", "string", "never");
    refused("length(var.x) == 1.5", "string", "never");
    // An object always has its declared attributes.
    assert!(ok("length(var.x) == 2", "object({a = string, b = number})").is_empty());
    refused("length(var.x) > 2", "object({a = string})", "never true");
    // An untyped value: a string, an array or an object; `length()` fails on the rest.
    let r = ok("length(var.x) > 0", "any");
    assert!(r.lengthy && r.may_fail && !r.null_ok && r.min_length == Some(1));
    assert_eq!(r.accepts(&Value::Number(n("5"))), Some(false));
    assert_eq!(r.accepts(&Value::String("x".into())), Some(true));
    refused("length(var.x) > 0", "number", "length()");
    // `!=`: shorter or longer; nothing is shorter than 0.
    let r = ok("length(var.x) != 0", "string");
    assert_eq!((r.min_length, r.max_length), (Some(1), None));
    assert!(!r.null_ok);
    let r = ok("length(var.x) != 2", "list(string)");
    let alternatives = &r.any_of[0];
    assert_eq!(alternatives.len(), 2);
    assert!(alternatives.iter().any(|a| a.max_length == Some(1)));
    assert!(alternatives.iter().any(|a| a.min_length == Some(3)));
}

#[test]
fn null_guards_follow_the_terraform_version() {
    for (condition, latest, v1_11) in [
        // `startswith` fails on null, so 1.11 (no short-circuit) rejects null.
        ("var.x == null || startswith(var.x, \"a\")", true, false),
        ("var.x == null || can(regex(\"a\", var.x))", true, true),
        ("var.x == null || var.x == \"a\"", true, true),
        ("var.x == null ? true : length(var.x) > 1", true, true),
        ("var.x != null ? length(var.x) > 1 : false", false, false),
        ("var.x != null && length(var.x) > 1", false, false),
        ("var.x != \"a\"", true, true),
        ("!contains([\"a\"], var.x)", false, false),
        ("can(regex(\"a\", var.x))", false, false),
    ] {
        let l = rules(condition, "string", TerraformVersion::Latest).expect(condition);
        let o = rules(condition, "string", TerraformVersion::V1_11).expect(condition);
        assert_eq!((l.null_ok, o.null_ok), (latest, v1_11), "{condition}");
    }
}

#[test]
fn enums_only_where_equality_is_exact() {
    let r = ok("contains([\"a\", 1, true], var.x)", "any");
    assert_eq!(r.allowed.expect("enum").len(), 3);
    refused("contains([\"a\"], var.x)", "list(string)", "enum");
    refused("var.x == [\"a\"]", "list(string)", "list literal");
    refused("contains(var.y, var.x)", "string", "`contains`");
}

#[test]
fn disjunctions() {
    let r = ok("var.x < 0 || var.x > 10 || var.x == 5", "number");
    assert_eq!(r.any_of.len(), 1);
    assert_eq!(r.any_of[0].len(), 3);
    assert!(!r.null_ok);
    let r = ok("var.x == null || var.x < 0 || var.x > 10", "number");
    assert_eq!(r.any_of[0].len(), 2);
    assert!(r.null_ok);
    // An empty list meets every rule on its elements: "empty, or each is a" is "each is a".
    let r = ok(
        "length(var.x) == 0 || alltrue([for s in var.x : s == \"a\"])",
        "list(string)",
    );
    assert!(r.any_of.is_empty() && r.max_length.is_none());
    assert_eq!(r.items.and_then(|i| i.allowed).map(|a| a.len()), Some(1));
    // Not when the other side says more than "empty" (here, also "short").
    refused(
        "length(var.x) < 2 || alltrue([for s in var.x : s == \"a\"])",
        "list(string)",
        "on elements",
    );
}

#[test]
fn patterns() {
    assert_eq!(
        ok("startswith(var.x, \"a.b\")", "string").patterns,
        ["^a\\.b"]
    );
    assert_eq!(ok("endswith(var.x, \"$\")", "string").patterns, ["\\$$"]);
    refused("can(regex(\"(?i)a\", var.x))", "string", "(?i)");
    refused("can(regex(\"a\", var.x))", "bool", "only checks strings");
    // No number's text holds an `a`: every number is refused, as Terraform refuses it.
    let r = ok("can(regex(\"a\", var.x))", "number");
    assert_eq!(r.accepts(&Value::Number(n("5"))), Some(false));
    let r = ok("length(regexall(\"[0-9]\", var.x)) == 0", "string");
    assert_eq!(r.forbidden_patterns, ["[0-9]"]);
    refused(
        "length(regexall(\"a\", var.x)) > 1",
        "string",
        "counts matches",
    );
}

#[test]
fn substrings() {
    let r = ok("strcontains(var.x, \"a/b.1\")", "string");
    assert_eq!(r.patterns, ["a/b\\.1"]);
    assert!(!r.null_ok, "strcontains fails on null");
    // The NFC forms Terraform compares could differ from the text a schema sees.
    refused("strcontains(var.x, \"é\")", "string", "non-ASCII");
    refused("strcontains(var.x, \"a;\")", "string", "U+037E");
    refused("strcontains(var.x, \"OK/\")", "string", "U+212A");
    refused("strcontains(var.x, \"ab\")", "string", "combining mark");
    refused("strcontains(var.x, \"/=\")", "string", "combining mark");
    // Under `--terraform-conversions` the schema lets text NFC could change through unchecked, so
    // a pattern only judges text that is its own NFC form: every literal is exact there.
    for literal in ["é", "a;", "OK/", "ab", "/="] {
        let condition = format!("strcontains(var.x, \"{literal}\")");
        let expr = expression_from_text(&condition).expect("condition parses and lowers");
        let r = translate(
            &expr,
            "x",
            &ty("string"),
            &[],
            TerraformVersion::Latest,
            true,
        )
        .unwrap_or_else(|e| panic!("{condition}: {e}"));
        assert_eq!(r.patterns.len(), 1, "{condition}");
    }
    refused("strcontains(var.x, var.y)", "string", "non-literal");
    refused("strcontains(\"a/\", var.x)", "string", "not the variable");
    refused("strcontains(var.x, \"/\")", "number", "type");
    // A condition compared with a literal bool is the condition or its negation.
    let r = ok("strcontains(var.x, \"/\") == false", "string");
    assert_eq!(r.forbidden_patterns, ["/"]);
    let r = ok("true == strcontains(var.x, \"/\")", "string");
    assert_eq!(r.patterns, ["/"]);
    let r = ok("startswith(var.x, \"a\") != true", "string");
    assert_eq!(r.forbidden_patterns, ["^a"]);
}

#[test]
fn contains_over_a_case_mapping_is_a_pattern_of_what_maps_to_a_listed_value() {
    let r = ok(r#"contains(["ab", "k"], lower(var.x))"#, "string");
    assert_eq!(r.patterns, ["^(?:(?:A|a)(?:B|b)|(?:K|k|\u{212A}))$"]);
    let r = ok(r#"!contains(["S"], upper(var.x))"#, "string");
    assert!(r.patterns.is_empty());
    assert_eq!(r.forbidden_patterns, ["^(?:(?:S|s|\u{17F}))$"]);
}

#[test]
fn left_out_with_the_reason() {
    refused(
        r#"contains(["a", "b"], title(var.x))"#,
        "string",
        "`contains` over `title` of the variable: Terraform maps the case",
    );
    refused(
        r#"contains(["a", "b"], lower(var.x))"#,
        "number",
        "`contains` over `lower` of a variable of type `number`",
    );
    refused(
        r#"contains(["A"], lower(var.x))"#,
        "string",
        "`contains` over `lower` of the variable that no string satisfies",
    );
    refused(
        r#"can(regex("^[a-z]+$", upper(var.x)))"#,
        "string",
        "`regex` over `upper` of the variable",
    );
    // Base64 syntax accepts more than Terraform (bytes that are not UTF-8), so its negation
    // would reject what Terraform accepts.
    assert_eq!(ok("can(base64decode(var.x))", "string").patterns.len(), 1);
    refused(
        "!can(base64decode(var.x))",
        "string",
        "its negation would reject text Terraform accepts",
    );
    refused(
        "can(base64decode(var.x)) ? var.x != \"\" : true",
        "string",
        "its negation would reject text Terraform accepts",
    );
}

#[test]
fn not_anytrue_over_a_for() {
    let r = ok(
        r#"!anytrue([for s in var.x : contains(["a", "b"], s)])"#,
        "list(string)",
    );
    assert_eq!(
        r.items.expect("items").disallowed.len(),
        2,
        "no element is a or b"
    );
    // A value that could be null is not a condition: `anytrue` takes null as false, `!` fails.
    refused(
        "!anytrue([for s in var.x : s])",
        "list(bool)",
        "`!` applied to",
    );
}

#[test]
fn cidr_prefixes() {
    // The pattern itself is held to Terraform's verdicts in schema_cidr.rs.
    let r = ok("can(cidrhost(var.x, 0))", "string");
    assert_eq!(r.patterns.len(), 1);
    assert!(r.patterns[0].starts_with("^(?:") && r.patterns[0].ends_with(")$"));
    assert!(!r.null_ok, "can() is false on null");
    let r = ok("var.x == null || can(cidrhost(var.x, 1))", "string");
    assert!(r.null_ok);
    let r = ok(
        "alltrue([for c in var.x : can(cidrhost(c, 0))])",
        "list(string)",
    );
    assert_eq!(r.items.expect("items").patterns.len(), 1);
}

#[test]
fn elements_values_keys_and_attributes() {
    let r = ok(
        "alltrue([for v in var.x : contains([\"a\"], v)])",
        "set(string)",
    );
    assert!(r.items.expect("items").allowed.is_some());
    let r = ok("alltrue([for k, v in var.x : v > 0])", "map(number)");
    assert!(r.values.expect("values").minimum.is_some());
    let r = ok(
        "alltrue([for k, v in var.x : can(regex(\"^a\", k))])",
        "map(number)",
    );
    assert_eq!(r.keys.expect("keys").patterns, ["^a"]);
    let r = ok(
        "var.x.a == \"p\" && var.x.b.c > 1",
        "object({a = string, b = object({c = number})})",
    );
    let names: Vec<&str> = r.properties.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["a", "b"]);
    // An optional attribute is judged on the value it takes when left out: null (refused by
    // `contains`, so the attribute is required) or its default.
    let r = ok(
        "contains([\"p\"], var.x.a)",
        "object({a = optional(string)})",
    );
    assert_eq!(r.required, ["a"]);
    let r = ok(
        "contains([\"p\"], var.x.a)",
        "object({a = optional(string, \"p\")})",
    );
    assert!(r.required.is_empty());
    assert!(
        r.properties[0].1.null_ok,
        "null takes the default, which passes"
    );
    let r = ok(
        "contains([\"p\"], var.x.a)",
        "object({a = optional(string, \"q\")})",
    );
    assert_eq!(r.required, ["a"]);
    // `||` between attributes: an alternative that fails on a null attribute cannot be an
    // `anyOf` branch unless it is the last one evaluated (1.12+).
    let r = ok(
        "var.x.a != null || var.x.b != null",
        "object({a = optional(string), b = optional(string)})",
    );
    assert_eq!(r.any_of[0].len(), 2);
    refused(
        "var.x.a > 0 || var.x.b != null",
        "object({a = optional(number), b = optional(string)})",
        "can fail with an error",
    );
    // 1.11 evaluates both sides: the rule fails wherever `a` is null, so `a` must be given,
    // and then one of the sides holds.
    let r = rules(
        "var.x.b != null || var.x.a > 0",
        "object({a = optional(number), b = optional(string)})",
        TerraformVersion::V1_11,
    )
    .expect("translated for 1.11");
    assert_eq!(r.required, ["a"]);
    assert_eq!(r.any_of.len(), 1);
    ok(
        "var.x.b != null || var.x.a > 0",
        "object({a = optional(number), b = optional(string)})",
    );
    refused(
        "alltrue([for v in var.x : v == \"a\"])",
        "tuple([string])",
        "tuple",
    );
    // A filtered element is judged as `F ? P : true`: here `v == "a"` or `v == ""`.
    let r = ok(
        "alltrue([for v in var.x : v == \"a\" if v != \"\"])",
        "list(string)",
    );
    let items = r.items.expect("a rule on every element");
    assert!(!items.null_ok);
    assert_eq!(items.any_of.len(), 1);
    let allowed: Vec<_> = items.any_of[0]
        .iter()
        .map(|alternative| alternative.allowed.clone())
        .collect();
    assert_eq!(
        allowed,
        [
            Some(vec![Value::String("a".into())]),
            Some(vec![Value::String(String::new())])
        ]
    );
    // A bool filter: `attach` given and false, or given and true with `p`; a null `attach`
    // fails the filter, so neither alternative takes it.
    let r = ok(
        "alltrue([for n in var.x : n.p != null if n.attach])",
        "list(object({attach = optional(bool), p = optional(string)}))",
    );
    let items = r.items.expect("a rule on every element");
    assert_eq!(items.any_of.len(), 1);
    assert!(items.any_of[0]
        .iter()
        .all(|a| a.required.iter().any(|n| n == "attach")));
}

#[test]
fn counting_conditions() {
    let ty = "object({a = optional(string), b = optional(string)})";
    // Exactly one: one branch per condition that holds, the others negated.
    let r = ok(
        "(var.x.a != null ? 1 : 0) + (var.x.b != null ? 1 : 0) == 1",
        ty,
    );
    assert_eq!(r.any_of[0].len(), 2);
    assert_eq!(r.any_of[0][0].required, ["a"]);
    // At most one: none, or exactly one.
    let r = ok(
        "(var.x.a != null ? 1 : 0) + (var.x.b == null ? 0 : 1) <= 1",
        ty,
    );
    assert_eq!(r.any_of[0].len(), 3);
    // At least one.
    let r = ok(
        "(var.x.a != null ? 1 : 0) + (var.x.b != null ? 1 : 0) >= 1",
        ty,
    );
    assert_eq!(r.any_of[0].len(), 2);
    refused(
        "(var.x.a != null ? 1 : 0) + (var.x.b != null ? 1 : 0) == 2",
        ty,
        "count of conditions",
    );
    // An attribute of null fails the count; read through `try`, it counts nothing there.
    assert!(
        !ok(
            "(var.x.a != null ? 1 : 0) + (var.x.b != null ? 1 : 0) <= 1",
            ty
        )
        .null_ok
    );
    let at_most_one =
        "(try(var.x.a, null) == null ? 0 : 1) + (try(var.x.b, null) == null ? 0 : 1) <= 1";
    assert!(
        ok(at_most_one, ty).null_ok,
        "none of null's attributes is set"
    );
    let at_least_one =
        "(try(var.x.a, null) == null ? 0 : 1) + (try(var.x.b, null) == null ? 0 : 1) >= 1";
    assert!(!ok(at_least_one, ty).null_ok, "null sets none");
}

#[test]
fn can_catches_an_attribute_of_null() {
    // `can(…)` around an attribute of a null object is false, not an error, so under 1.11 (no
    // short-circuit) the null guard still accepts null: Terraform accepts it, left out or given.
    let obj = "object({k = string, u = optional(object({r = string}), null)})";
    for version in [TerraformVersion::V1_11, TerraformVersion::Latest] {
        for condition in [
            "var.x == null || can(regex(\"^/s/\", var.x.u.r))",
            "var.x == null || !can(regex(\"^/s/\", var.x.u.r))",
            "var.x == null || can(regex(\"^/s/\", var.x.k))",
        ] {
            let r = rules(condition, obj, version).unwrap_or_else(|e| panic!("{condition}: {e}"));
            assert!(r.null_ok, "{condition} [{version:?}]");
        }
    }
    // Without `can`, the attribute of null fails under 1.11 and so rejects null.
    let r = rules(
        "var.x == null || startswith(var.x.k, \"a\")",
        obj,
        TerraformVersion::V1_11,
    )
    .expect("translates");
    assert!(!r.null_ok);
}

/// The rules on property `name` of `r`.
fn property(r: &Rules, name: &str) -> Rules {
    r.properties
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no rule on `{name}`: {r:?}"))
        .1
        .clone()
}

#[test]
fn can_is_false_exactly_where_evaluating_fails() {
    // A null element, or a null `b` under a non-null `a`, fails; a `b` outside the list is
    // only false, which `can` does not look at.
    let r = ok(
        r#"can([for k, c in var.x : c.a == null ? true : contains(["A"], c.a.b)])"#,
        "map(object({a = optional(object({b = optional(string)}))}))",
    );
    assert!(!r.null_ok, "`for` over null fails");
    let each = r.values.expect("a rule on the values");
    assert!(!each.null_ok, "a null element fails");
    let a = property(&each, "a");
    assert!(a.null_ok, "a null `a` is not looked into");
    let b = property(&a, "b");
    assert!(!b.null_ok && b.allowed.is_none(), "{b:?}");
    // A number compared: only a null fails, not the comparison's answer.
    let r = ok("can(var.x.max >= 1)", "object({max = optional(number)})");
    let max = property(&r, "max");
    assert!(!r.null_ok && !max.null_ok && max.minimum.is_none(), "{r:?}");
    // `regex` also fails where nothing matches.
    let r = ok(r#"can([for v in var.x : regex("^a", v)])"#, "list(string)");
    let each = r.items.expect("a rule on the elements");
    assert_eq!(each.patterns, vec!["^a".to_string()]);
    assert!(!each.null_ok);
    // `||` fails on a null side, which 1.11 evaluates whatever the left side says.
    let both = "list(object({a = optional(bool), b = optional(bool)}))";
    let r = rules(
        "can([for o in var.x : o.a || o.b])",
        both,
        TerraformVersion::V1_11,
    )
    .expect("translates");
    let each = r.items.expect("a rule on the elements");
    assert!(!property(&each, "a").null_ok && !property(&each, "b").null_ok);
    // A filter that is null fails; where it is false the value is not evaluated.
    let r = ok(
        r#"can([for o in var.x : startswith(o.b, "x") if o.a])"#,
        "list(object({a = optional(bool), b = optional(string)}))",
    );
    assert_eq!(r.items.expect("elements").any_of.len(), 1);
    refused(
        "can([for v in var.x : v > 0])",
        "list(string)",
        "not a number of a known type",
    );
    refused(
        "can(var.x.a.b == 1)",
        "object({a = any})",
        "not known to be an object",
    );
    refused(
        r#"can(lookup(var.x, "a", 1))"#,
        "map(number)",
        "the function `lookup`",
    );
}

#[test]
fn lookup_with_a_default_on_elements_of_a_collection_of_any() {
    let r = ok(
        r#"alltrue([for x in values(var.x) : contains(["A", "B"], lookup(x, "k", "A"))])"#,
        "map(any)",
    );
    let each = r.values.expect("a rule on the values");
    assert!(each.object_only && !each.null_ok, "{each:?}");
    assert!(each.required.is_empty(), "left out, `k` is the default A");
    let (name, k) = &each.properties[0];
    assert_eq!(name, "k");
    assert!(!k.null_ok, "`contains` fails on null");
    // A default that is not listed: the key must be given.
    let r = ok(
        r#"alltrue([for x in var.x : contains(["A", "B"], lookup(x, "k", "C"))])"#,
        "list(any)",
    );
    assert_eq!(r.items.expect("elements").required, vec!["k".to_string()]);
    // Unification can turn the number 1 into "1", and the element may use nothing else.
    refused(
        r#"alltrue([for x in var.x : contains(["1", "B"], lookup(x, "k", "B"))])"#,
        "list(any)",
        "no number or bool converts to",
    );
    refused(
        r#"alltrue([for i, x in var.x : contains(["A"], lookup(x, "k", i))])"#,
        "list(any)",
        "",
    );
}

#[test]
fn bool_values_used_as_conditions() {
    let r = ok("var.x", "bool");
    assert_eq!(r.allowed, Some(vec![Value::Bool(true)]));
    assert!(!r.null_ok, "a null condition fails");
    let r = ok("!var.x", "bool");
    assert_eq!(r.allowed, Some(vec![Value::Bool(false)]));
    assert!(!r.null_ok);
    // Left out, `create` is true: then `id` must be null.
    let r = ok(
        "var.x == null ? true : var.x.create && var.x.id != null ? false : true",
        "object({create = optional(bool, true), id = optional(string)})",
    );
    assert!(r.null_ok);
    assert_eq!(r.any_of.len(), 1, "{r:?}");
    // `try` returns a null attribute (which then fails the rule), it does not catch it.
    refused(
        "try(var.x.a, false)",
        "object({a = optional(bool)})",
        "`try` around a value",
    );
}

#[test]
fn regex_over_a_defaulted_value() {
    // `""` gives the default under `coalesce`, which matches: `""` passes, as null does.
    let r = ok(
        r#"can(regex("^[a-f]+$", coalesce(var.x, "abc")))"#,
        "string",
    );
    assert!(r.null_ok);
    assert_eq!(r.any_of.len(), 1, "the pattern or the empty string: {r:?}");
    // Without a default `coalesce` fails on null and `""`, which the pattern would accept.
    let r = ok(r#"can(regex("^x?$", coalesce(var.x, "")))"#, "string");
    assert!(!r.null_ok);
    assert_eq!(r.disallowed, vec![Value::String(String::new())]);
    // A conditional default applies to null only.
    let r = ok(
        r#"can(regex("^[a-z]*$", var.x == null ? "NONE" : var.x))"#,
        "string",
    );
    assert!(!r.null_ok && r.any_of.is_empty() && r.disallowed.is_empty());
    assert_eq!(r.patterns, vec!["^[a-z]*$".to_string()]);
}

#[test]
fn sums_of_lengths_and_subsets_of_literals() {
    let obj = "object({a = optional(list(string), []), b = optional(string, \"\")})";
    let r = ok("length(var.x.a) + length(var.x.b) > 0", obj);
    assert_eq!(r.any_of.len(), 1, "one of the lengths positive: {r:?}");
    let r = ok("0 == length(var.x.a) + length(var.x.b)", obj);
    assert!(r.any_of.is_empty());
    assert_eq!(r.properties.len(), 2, "each length zero: {r:?}");
    refused(
        "length(var.x.a) + length(var.x.b) > 2",
        obj,
        "a sum of lengths compared using `>` with 2",
    );
    let r = ok(
        r#"setintersection(["a", "b"], var.x) == var.x"#,
        "set(string)",
    );
    let each = r.items.expect("a rule on the elements");
    assert_eq!(each.allowed.expect("enum").len(), 2);
    assert!(!each.null_ok);
    // A list compared with the set the function returns is never equal: not this shape.
    refused(
        r#"setintersection(["a", "b"], var.x) == var.x"#,
        "list(string)",
        "",
    );
}

#[test]
fn length_of_a_trimmed_string() {
    let r = ok(r#"length(trimsuffix(var.x, ".")) <= 5"#, "string");
    assert!(!r.null_ok, "`trimsuffix` fails on null");
    let alternatives = &r.any_of[0];
    assert_eq!(alternatives.len(), 2, "{r:?}");
    let with_dot = alternatives
        .iter()
        .find(|a| !a.patterns.is_empty())
        .expect("the case with the suffix");
    assert_eq!(with_dot.patterns, vec![r"\.$".to_string()]);
    assert_eq!(with_dot.max_length, Some(6));
    let without = alternatives
        .iter()
        .find(|a| a.patterns.is_empty())
        .expect("the case without it");
    assert_eq!(without.max_length, Some(5));
    // A suffix NFC could change (a letter can compose with a mark that follows) is left out
    // of the strict schema.
    refused(
        r#"length(trimsuffix(var.x, "a")) <= 5"#,
        "string",
        "compose",
    );
    refused(
        r#"length(trimsuffix(var.x, "\n")) <= 5"#,
        "string",
        "not printable ASCII",
    );
}

#[test]
fn try_where_every_failure_is_known() {
    // `length` fails on a null `a` or `x`: the fallback 0 is not positive.
    let r = ok(
        "try(length(var.x.a), 0) > 0",
        "object({a = optional(list(string))})",
    );
    let a = property(&r, "a");
    assert!(!r.null_ok && !a.null_ok && a.min_length == Some(1), "{r:?}");
    // `try` returns a null `n` (no failure), and `null >= 1` fails.
    let r = ok("try(var.x.n, 0) >= 1", "object({n = optional(number)})");
    assert!(!property(&r, "n").null_ok);
    // Around a condition: a null `name` or `x` gives the fallback.
    let r = ok(
        r#"try(startswith(var.x.name, "a"), true)"#,
        "object({name = optional(string)})",
    );
    let name = property(&r, "name");
    assert!(r.null_ok && name.null_ok, "{r:?}");
    assert_eq!(name.patterns, vec!["^a".to_string()]);
    refused(
        r#"try(lookup(var.x, "a"), 0) > 0"#,
        "map(number)",
        "`try` of the function `lookup`",
    );
}

#[test]
fn untyped_values_that_must_be_objects() {
    let r = ok("can(keys(var.x))", "any");
    assert!(r.object_only && !r.null_ok);
    let r = ok("var.x == {}", "any");
    assert!(r.object_only && r.max_length == Some(0) && !r.null_ok);
    // `keys` fails unless the value is an object; `{}` is one, so the `||` is the first side.
    let r = ok(
        r#"can([for k in keys(var.x) : contains(["a"], k)]) || var.x == {}"#,
        "any",
    );
    assert!(
        r.object_only && r.any_of.is_empty() && r.max_length.is_none(),
        "{r:?}"
    );
    // On a map `can(keys(…))` only refuses null.
    let r = ok("can(keys(var.x))", "map(string)");
    assert!(r.is_empty() && !r.null_ok);
    // The elements of an untyped value have no known type.
    refused(
        "can([for v in values(var.x) : v.a == 1])",
        "any",
        "not known to be an object",
    );
}

#[test]
fn an_element_at_a_literal_index() {
    let r = ok(r#"contains(["a", "b"], var.x[1])"#, "list(string)");
    assert_eq!(r.min_length, Some(2), "an index past the end fails");
    assert_eq!(r.first.len(), 2);
    assert!(r.first[0].is_empty());
    assert_eq!(r.first[1].allowed.as_ref().map(Vec::len), Some(2));
    assert!(!r.first[1].null_ok && !r.null_ok);
    // Guarded by the length; a pattern anchored at the start matches at most once.
    let r = ok(
        r#"length(var.x) == 0 ? true : length(regexall("^a|^b", var.x[0])) == 1"#,
        "list(string)",
    );
    let alternatives = &r.any_of[0];
    assert_eq!(alternatives.len(), 2, "{r:?}");
    assert!(alternatives
        .iter()
        .any(|a| a.first.len() == 1 && a.first[0].patterns.len() == 1));
    refused(
        r#"length(regexall("a", var.x)) == 1"#,
        "string",
        "counts matches",
    );
    // Past the end inside `can` or `try` is a value, not a failure: not followed.
    assert!(rules(
        r#"!can(regex("^z", var.x[0]))"#,
        "list(string)",
        TerraformVersion::Latest
    )
    .is_err());
    assert!(rules(
        r#"try(var.x[0], "d") == "d""#,
        "list(string)",
        TerraformVersion::Latest
    )
    .is_err());
}

#[test]
fn can_index_is_contains_without_the_error() {
    let index = ok("can(index([\"7.0\", \"6.0\"], var.x))", "string");
    let contains = ok("contains([\"7.0\", \"6.0\"], var.x)", "string");
    assert_eq!(index.allowed, contains.allowed);
    assert_eq!(index.allowed.expect("enum").len(), 2);
    // `index` fails on null, so `can` is false: rejected, as with `contains` (which fails).
    assert!(!index.null_ok);
    for version in [TerraformVersion::V1_11, TerraformVersion::Latest] {
        let r = rules(
            "var.x == null || can(index([\"Tls12\"], var.x))",
            "string",
            version,
        )
        .expect("translates");
        assert!(r.null_ok, "{version:?}");
    }
    refused("can(index(var.y, var.x))", "string", "`contains`");
}

#[test]
fn collections_of_any_and_message_uses_are_listed_as_inexact() {
    use tfvars_codegen::loader::load_sources;
    use tfvars_codegen::schema::{render, SchemaOptions};
    use tfvars_codegen::source::SourceFile;
    let text = r#"
variable "bindings" {
  type = map(any)
}
variable "plain" {
  type = list(string)
}
variable "named" {
  type = string
  validation {
    condition     = var.named != "a"
    error_message = "not ${upper(var.named)}"
  }
}
"#;
    let module =
        load_sources("m", vec![SourceFile::new("v.tf", "v.tf", text.to_string())]).expect("loads");
    for conversions in [false, true] {
        let mut options = SchemaOptions::new();
        options.terraform_conversions(conversions);
        let r = render(&module, &options).expect("renders");
        let names: Vec<&str> = r.inexact.iter().map(|(n, _)| n.as_str()).collect();
        // Terraform rejects `{"a": 1, "b": "x"}` for map(any): no one element type.
        assert!(names.contains(&"bindings"), "{names:?}");
        assert!(names.contains(&"named"), "{names:?}");
        assert!(!names.contains(&"plain"), "{names:?}");
        // --debug names every one of them.
        for name in ["bindings", "named"] {
            let line = format!("variable \"{name}\" accepts more than Terraform: ");
            assert!(
                r.debug.iter().any(|d| d.starts_with(&line)),
                "{name}: {:?}",
                r.debug
            );
        }
    }
}

#[test]
fn truth_values_compared_and_conditionals_on_conditions() {
    let obj = "object({a = optional(string), b = optional(number)})";
    // Both or neither: two alternatives about the attributes.
    let r = ok("(var.x.a == null) == (var.x.b == null)", obj);
    assert_eq!(r.any_of.len(), 1);
    assert_eq!(r.any_of[0].len(), 2);
    assert!(!r.null_ok, "an attribute of null fails");
    let r = ok("(var.x.a != null) != (var.x.b != null)", obj);
    assert_eq!(r.any_of[0].len(), 2);
    // If a then b; a literal `false` branch drops its side.
    assert_eq!(
        ok("var.x.a != null ? var.x.b != null : true", obj).any_of[0].len(),
        2
    );
    let r = ok("var.x.a != null ? var.x.b != null : false", obj);
    assert!(r.any_of.is_empty() && r.properties.len() == 2, "{r:?}");
    // A comparison that fails on a null attribute, as a truth value: both it and its negation
    // reject the null `b`, so every alternative does (Terraform fails there).
    for condition in [
        "var.x.b > 1 ? var.x.a == null : true",
        "(var.x.b > 1) == (var.x.a == null)",
    ] {
        let r = ok(condition, obj);
        assert!(r.may_fail, "{condition}: an enclosing `||` must know");
        assert_eq!(r.any_of.len(), 1, "{condition}");
        for alternative in &r.any_of[0] {
            assert!(alternative.required.iter().any(|n| n == "b"), "{condition}");
            let (_, b) = alternative
                .properties
                .iter()
                .find(|(n, _)| n == "b")
                .expect("a rule on b");
            assert!(!b.null_ok, "{condition}");
        }
    }
    // Beside another side of `||`, that failure could not be written.
    refused(
        "(var.x.b > 1 ? var.x.a == null : true) || var.x.a == \"z\"",
        obj,
        "can fail with an error",
    );
}

#[test]
fn defaulted_values_compared_with_literals() {
    let s = |v: &str| tfvars_runtime::Value::String(v.into());
    // `coalesce` skips null and, for strings, the empty string: both become the default.
    let r = ok(r#"contains(["a", "b"], coalesce(var.x, "a"))"#, "string");
    assert_eq!(r.allowed, Some(vec![s("a"), s("b"), s("")]));
    assert!(r.null_ok);
    let r = ok(
        r#"contains(["a", "", "b"], coalesce(var.x, "c"))"#,
        "string",
    );
    assert_eq!(r.allowed, Some(vec![s("a"), s("b")]), "\"\" gives c");
    assert!(!r.null_ok);
    let r = ok(
        r#"!contains(["", "old"], coalesce(var.x, "old"))"#,
        "string",
    );
    assert_eq!(r.disallowed, vec![s("old"), s("")]);
    assert!(!r.null_ok);
    let r = ok(r#"coalesce(var.x, "a") != "b""#, "string");
    assert_eq!(r.disallowed, vec![s("b")]);
    assert!(r.null_ok);
    // A null test with a literal default: only null becomes the default.
    let r = ok(r#"(var.x == null ? "a" : var.x) == "b""#, "string");
    assert_eq!((r.allowed, r.null_ok), (Some(vec![s("b")]), false));
    let r = ok(
        r#"contains(["a", ""], var.x != null ? var.x : "a")"#,
        "string",
    );
    assert_eq!((r.allowed, r.null_ok), (Some(vec![s("a"), s("")]), true));
    let r = ok("contains([1, 3], var.x == null ? 3 : var.x)", "number");
    assert!(r.null_ok);
    // On an attribute: the rule goes to the property.
    let r = ok(
        r#"contains(["a"], coalesce(var.x.k, "a"))"#,
        "object({k = optional(string)})",
    );
    assert_eq!(r.properties[0].1.allowed, Some(vec![s("a"), s("")]));
    refused(r#"contains([1], coalesce(var.x, 1))"#, "number", "coalesce");
    refused(
        r#"contains(["a"], coalesce(var.x, "a", "b"))"#,
        "string",
        "two",
    );
    refused(
        r#"contains([1, "a"], coalesce(var.x, "a"))"#,
        "string",
        "not all",
    );
    refused(
        r#"contains(["a"], var.x == null ? 1 : var.x)"#,
        "string",
        "literal",
    );
    refused(
        r#"contains([""], coalesce(var.x, "a"))"#,
        "string",
        "no value",
    );
}

#[test]
fn coalesce_without_a_default_and_try_of_an_attribute() {
    let s = |v: &str| tfvars_runtime::Value::String(v.into());
    // `coalesce(x, "")` fails on null and on the empty string.
    let r = ok(r#"contains(["a", ""], coalesce(var.x, ""))"#, "string");
    assert_eq!(r.allowed, Some(vec![s("a")]));
    assert!(r.may_fail && !r.null_ok);
    let r = ok(r#"!contains(["a"], coalesce(var.x, null))"#, "string");
    assert_eq!(r.disallowed, vec![s("a"), s("")]);
    // A number default is its string.
    let r = ok(r#"contains(["0"], coalesce(var.x, 0))"#, "string");
    assert_eq!(r.allowed, Some(vec![s("0"), s("")]));
    assert!(r.null_ok);
    // `try(x.a, d)`: the rule on `a`, and `d` judged for a null `x`.
    let obj = "object({a = optional(string)})";
    let r = ok(r#"try(var.x.a, null) != "b""#, obj);
    assert!(r.null_ok);
    assert_eq!(r.properties[0].1.disallowed, vec![s("b")]);
    assert!(r.properties[0].1.null_ok);
    let r = ok(r#"contains(["b"], try(var.x.a, "b"))"#, obj);
    assert!(r.null_ok);
    assert!(
        !r.properties[0].1.null_ok,
        "contains fails on a null attribute"
    );
    assert_eq!(r.required, vec!["a".to_string()]);
    assert!(!ok(r#"contains(["b"], try(var.x.a, "c"))"#, obj).null_ok);
    assert!(!ok(r#"contains(["b"], try(var.x.a, null))"#, obj).null_ok);
    refused(
        r#"contains(["b"], try(var.x.z, "b"))"#,
        obj,
        "attribute `z`",
    );
    refused(r#"contains(["b"], try(var.x.a, 1))"#, obj, "`contains`");
    refused(
        r#"contains(["b"], try(var.x.a, var.y))"#,
        obj,
        "not a literal",
    );
}

#[test]
fn try_with_a_truth_value_fallback() {
    // Failures on a null value become the fallback.
    assert!(ok(r#"try(contains(["a"], var.x), false)"#, "string")
        .allowed
        .is_some());
    assert!(!ok(r#"try(contains(["a"], var.x), false)"#, "string").null_ok);
    assert!(ok("try(var.x > 1, true)", "number").null_ok);
    // On an attribute: a null object gives the fallback, and so does a null attribute.
    let obj = "object({a = optional(number)})";
    let r = ok("try(var.x.a > 0, true)", obj);
    assert!(r.null_ok);
    assert!(r.properties[0].1.null_ok);
    let r = ok("try(var.x.a > 0, false)", obj);
    assert!(!r.null_ok);
    assert!(!r.properties[0].1.null_ok);
    // Failures on elements are not followed.
    refused(
        r#"try(alltrue([for s in var.x : contains(["a"], s)]), true)"#,
        "list(string)",
        "elements",
    );
    refused(
        r#"try(contains(["a"], var.x), "yes")"#,
        "string",
        "fallback",
    );
}

#[test]
fn collections_written_around_the_variable() {
    let lst = "list(string)";
    for cond in [
        r#"length([for s in var.x : true if contains(["a"], s)]) == length(var.x)"#,
        r#"length(var.x) == length([for s in var.x : s if contains(["a"], s)])"#,
        r#"length([for i, s in var.x : i if contains(["a"], s)]) >= length(var.x)"#,
        r#"alltrue([for s in [for y in var.x : y] : contains(["a"], s)])"#,
    ] {
        let r = ok(cond, lst);
        let items = r.items.unwrap_or_else(|| panic!("{cond}: items"));
        assert_eq!(items.allowed.as_ref().map(Vec::len), Some(1), "{cond}");
        assert!(!r.null_ok, "{cond}: fails on null");
    }
    for cond in [
        r#"alltrue([for s in var.x == null ? [] : var.x : contains(["a"], s)])"#,
        r#"alltrue([for s in (var.x != null ? var.x : []) : contains(["a"], s)])"#,
    ] {
        let r = ok(cond, lst);
        assert!(r.items.is_some(), "{cond}: items");
        assert!(r.null_ok, "{cond}: null iterates nothing");
    }
    // The value of an element that passes is evaluated, and may fail.
    refused(
        r#"length([for s in var.x : upper(s) if contains(["a"], s)]) == length(var.x)"#,
        lst,
        "whose value can fail",
    );
    // Another collection, or a count compared with something else.
    refused(
        r#"length([for s in var.x : s if contains(["a"], s)]) == length(var.y)"#,
        lst,
        "other than zero",
    );
    refused(
        r#"length([for s in var.x : s if contains(["a"], s)]) < length(var.x)"#,
        lst,
        "other than zero",
    );
    // `[]` and a map do not unify: that conditional always fails.
    refused(
        r#"alltrue([for s in var.x == null ? [] : var.x : contains(["a"], s)])"#,
        "map(string)",
        "does not iterate the variable",
    );
    // `[for i, y in …]` would give indexes, not the map's keys.
    refused(
        r#"alltrue([for k, s in [for y in var.x : y] : contains(["a"], k)])"#,
        "map(string)",
        "does not iterate the variable",
    );
    // Unread, the index makes no difference: the map's values in order.
    let r = ok(
        r#"alltrue([for k, s in [for y in var.x : y] : contains(["a"], s)])"#,
        "map(string)",
    );
    assert_eq!(
        r.values.expect("a rule on the values").allowed,
        Some(vec![Value::String("a".into())])
    );
}

#[test]
fn chains_of_null_tests_evaluated_whole() {
    // 1.11 evaluates every side: a null object fails on `var.x.a`, a null `a` on
    // `contains`; the rule holds only for a given `a` in the list.
    let ty = "object({a = optional(string), n = optional(object({m = optional(number)}))})";
    let cond = r#"var.x == null || var.x.a == null || contains(["p", "q"], var.x.a)"#;
    let r = rules(cond, ty, TerraformVersion::V1_11).unwrap_or_else(|e| panic!("{cond}: {e}"));
    assert!(!r.null_ok, "a null object fails");
    assert!(
        r.may_fail,
        "a null attribute fails with an error, which `try` would catch"
    );
    let (name, a) = &r.properties[0];
    assert_eq!(name, "a");
    assert!(!a.null_ok, "a null attribute fails");
    assert!(
        r.required.contains(&"a".to_string()),
        "left out, `a` is null"
    );
    let nested = "var.x.n == null || var.x.n.m == null || (var.x.n.m >= 1 && var.x.n.m <= 5)";
    let r = rules(nested, ty, TerraformVersion::V1_11).unwrap_or_else(|e| panic!("{nested}: {e}"));
    assert!(!r.null_ok);
    // 1.12 stops at the first true side: nulls pass.
    let r = rules(cond, ty, TerraformVersion::Latest).unwrap_or_else(|e| panic!("{cond}: {e}"));
    assert!(r.null_ok);
    // A side that does not fail on a null path (`!= ""` is true on null) does not make the
    // path required: if translated, a null `a` passes.
    let lenient = r#"var.x == null || var.x.a == null || var.x.a != "" "#;
    if let Ok(r) = rules(lenient, ty, TerraformVersion::V1_11) {
        assert!(!r.required.contains(&"a".to_string()), "{lenient}: {r:?}");
    }
}

#[test]
fn try_around_a_chain_of_null_tests() {
    // In 1.11 every side of `||` is evaluated, but inside `try(…, true)` an error gives true
    // as the first true side would: the null tests are followed as 1.12 follows them.
    let ty = "object({a = optional(string), n = optional(object({m = optional(string)}))})";
    let cond = r#"try(var.x == null || var.x.a == null || contains(["p", "q"], var.x.a), true)"#;
    for version in [TerraformVersion::V1_11, TerraformVersion::Latest] {
        let r = rules(cond, ty, version).unwrap_or_else(|e| panic!("{cond}: {e}"));
        assert!(r.null_ok, "{version:?}: a null object passes");
        let (name, a) = &r.properties[0];
        assert_eq!(name, "a");
        assert!(a.null_ok, "{version:?}: a null attribute passes");
        assert_eq!(a.allowed.as_ref().map(Vec::len), Some(2));
    }
    let nested = r#"try(var.x == null || var.x.n == null || var.x.n.m == null || contains(["p"], var.x.n.m), true)"#;
    rules(nested, ty, TerraformVersion::V1_11).unwrap_or_else(|e| panic!("{nested}: {e}"));
    // Without `try`, 1.11 fails on the attribute of a null object.
    let bare = r#"var.x == null || var.x.a == null || contains(["p"], var.x.a)"#;
    assert!(
        !rules(bare, ty, TerraformVersion::V1_11)
            .expect(bare)
            .null_ok
    );
    // A side with `&&` of its own could stop early in 1.12 where 1.11 fails: not followed as a
    // chain. Where every failure is known, the fallback where it fails: in 1.11 `contains`
    // fails on a null `a` (both sides of `&&` evaluated), so a null `a` passes.
    let inner = r#"try(var.x == null || (var.x.a != null && contains(["p"], var.x.a)), true)"#;
    let r = rules(inner, ty, TerraformVersion::V1_11).expect(inner);
    assert!(r.null_ok);
    assert_eq!(
        r.any_of.first().map(Vec::len),
        Some(2),
        "`a` is p or null: {r:?}"
    );
    // `try(…, false)` around `||`: an error is not what the first true side gives, so the
    // chain is not followed as one; where every failure is known, 1.11 fails on a null `x`
    // (`var.x.a`) and on a null `a` (`contains`), both giving false.
    let whole = r#"try(var.x == null || var.x.a == null || contains(["p"], var.x.a), false)"#;
    let r = rules(whole, ty, TerraformVersion::V1_11).expect(whole);
    assert!(!r.null_ok);
    let (name, a) = &r.properties[0];
    assert_eq!(name, "a");
    assert!(
        !a.null_ok && a.allowed.as_ref().map(Vec::len) == Some(1),
        "{r:?}"
    );
}

#[test]
fn regex_over_a_number_judges_its_text() {
    let num = |t: &str| Value::Number(n(t));
    let r = ok("can(regex(\"^[0-9]{1,4}$\", var.x))", "number");
    assert!(!r.null_ok);
    for (value, accepted) in [
        ("0", true),
        ("9999", true),
        ("10000", false),
        ("2.5", false),
        ("-1", false),
        ("1.50e1", true),
    ] {
        assert_eq!(r.accepts(&num(value)), Some(accepted), "{value}");
    }
    let r = ok("!can(regex(\"^-\", var.x)) && var.x < 100", "number");
    assert_eq!(r.accepts(&num("-1")), Some(false));
    assert_eq!(r.accepts(&num("5")), Some(true));
    assert_eq!(r.accepts(&num("100")), Some(false));
    // The digits decide: not ranges of numbers.
    refused("can(regex(\"^1\", var.x))", "number", "by its digits");
    refused("can(regex(\"5$\", var.x))", "number", "by its digits");
}

#[test]
fn a_pattern_on_a_number_that_judges_minus_zero_apart_is_listed_as_inexact() {
    use tfvars_codegen::loader::load_sources;
    use tfvars_codegen::schema::{render, SchemaOptions};
    use tfvars_codegen::source::SourceFile;
    let text = r#"
variable "digits" {
  type = number
  validation {
    condition     = can(regex("^[0-9]{1,4}$", var.digits))
    error_message = "Four digits at most."
  }
}
variable "signed" {
  type = number
  validation {
    condition     = can(regex("^-?[0-9]{1,4}$", var.signed))
    error_message = "Four digits at most."
  }
}
"#;
    let module =
        load_sources("m", vec![SourceFile::new("v.tf", "v.tf", text.to_string())]).expect("loads");
    let r = render(&module, &SchemaOptions::new()).expect("renders");
    let names: Vec<&str> = r.inexact.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["digits"]);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

#[test]
fn regex_over_lower_or_upper_of_a_few_whole_texts() {
    let s = |t: &str| Value::String(t.to_string());
    let r = ok(
        "!can(regex(\"^(administrator|admin|user[12]|1|a)$\", lower(var.x)))",
        "string",
    );
    assert!(r.null_ok, "lower(null) fails, so `can` is false");
    for (value, accepted) in [
        ("Admin", false),
        ("ADMINISTRATOR", false),
        ("User2", false),
        ("user3", true),
        ("A", false),
        ("1", false),
        ("admins", true),
        ("", true),
    ] {
        assert_eq!(r.accepts(&s(value)), Some(accepted), "{value}");
    }
    let r = ok("can(regex(\"^(ON|OFF)$\", upper(var.x)))", "string");
    assert!(!r.null_ok);
    assert_eq!(r.accepts(&s("off")), Some(true));
    assert_eq!(r.accepts(&s("of")), Some(false));
    refused(
        "can(regex(\"^adm\", lower(var.x)))",
        "string",
        "unless the pattern matches a few whole texts",
    );
    refused(
        "can(regex(\"^(a|b)$\", title(var.x)))",
        "string",
        "`regex` over `title`",
    );
}

#[test]
fn try_of_the_length_of_a_non_empty_match() {
    let s = |t: &str| Value::String(t.to_string());
    for condition in [
        "try(length(regex(\"^https://.*\\\\.git$\", var.x)) > 0, false)",
        "try(0 != length(regex(\"^https://.*\\\\.git$\", var.x)), false)",
        "try(length(regex(\"^https://.*\\\\.git$\", var.x)) >= 1, false)",
    ] {
        let r = ok(condition, "string");
        assert!(!r.null_ok, "{condition}");
        assert_eq!(r.accepts(&s("https://a.git")), Some(true));
        assert_eq!(r.accepts(&s("https://a.gitx")), Some(false));
    }
    let r = ok(
        "alltrue([for k, v in var.x : try(length(regex(\"^h.*\\\\.git$\", v.url)) > 0, false)])",
        "map(object({ url = string }))",
    );
    assert!(!r.null_ok);
    // A match that can be empty, or capture groups (a list whose length is their count), are
    // not the same as `can`.
    refused("try(length(regex(\"a*\", var.x)) > 0, false)", "string", "");
    refused(
        "try(length(regex(\"^(a)$\", var.x)) > 0, false)",
        "string",
        "",
    );
}

#[test]
fn length_of_trimmed_white_space() {
    let s = |t: &str| Value::String(t.to_string());
    let r = ok("length(trimspace(var.x)) > 0", "string");
    assert!(!r.null_ok, "trimspace fails on null");
    for (value, accepted) in [
        ("a", true),
        (" a ", true),
        ("", false),
        (" \t\n\u{b}\u{c}\r", false),
        (
            "\u{85}\u{a0}\u{1680}\u{2000}\u{200a}\u{2028}\u{2029}\u{202f}\u{205f}\u{3000}",
            false,
        ),
        ("\u{180e}", true),
        ("\u{200b}", true),
    ] {
        assert_eq!(r.accepts(&s(value)), Some(accepted), "{value:?}");
        // The runtime's `trimspace` agrees.
        assert_eq!(
            !value.trim_matches(char::is_whitespace).is_empty(),
            accepted,
            "{value:?}"
        );
    }
    let r = ok("length(trimspace(var.x)) == 0", "string");
    assert_eq!(r.accepts(&s("  ")), Some(true));
    assert_eq!(r.accepts(&s(" x")), Some(false));
    let r = ok(
        "alltrue([for p in var.x : length(trimspace(p)) >= 1])",
        "list(string)",
    );
    assert!(!r.items.expect("items").null_ok);
    refused("length(trimspace(var.x)) > 2", "string", "other than 0");
}

#[test]
fn can_of_coalesce_over_attributes() {
    let obj = |pairs: &[(&str, Option<&str>)]| {
        Value::Object(
            pairs
                .iter()
                .map(|(k, v)| {
                    let v = match v {
                        Some(s) => Value::String(s.to_string()),
                        None => Value::Null(Type::String),
                    };
                    (k.to_string(), v)
                })
                .collect(),
        )
    };
    let ty_text = "object({ a = optional(string), b = optional(string) })";
    let r = ok(
        "var.x == null ? true : can(coalesce(var.x.a, var.x.b))",
        ty_text,
    );
    assert!(r.null_ok);
    for (value, accepted) in [
        (obj(&[("a", Some("x")), ("b", None)]), true),
        (obj(&[("a", None), ("b", Some("y"))]), true),
        (obj(&[("a", Some("")), ("b", Some("y"))]), true),
        (obj(&[("a", None), ("b", None)]), false),
        (obj(&[("a", Some("")), ("b", Some(""))]), false),
        (obj(&[("a", None), ("b", Some(""))]), false),
    ] {
        assert_eq!(r.accepts(&value), Some(accepted), "{value:?}");
    }
    // A literal that is neither null nor empty: never fails.
    let r = ok("can(coalesce(var.x.a, \"d\"))", ty_text);
    assert!(!r.null_ok, "a null object has no attributes");
    refused(
        "can(coalesce(var.x.a, var.x.n))",
        "object({ a = optional(string), n = optional(number) })",
        "one primitive type",
    );
}

#[test]
fn try_of_bool_attributes_in_an_eager_chain() {
    let ty_text = "object({ iam = optional(bool), scram = optional(bool) })";
    let condition = "var.x == null || try(var.x.iam, false) || try(var.x.scram, false)";
    let r = rules(condition, ty_text, TerraformVersion::V1_11).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        r.null_ok,
        "a null object: `try` gives false, the null test true"
    );
    assert!(r.may_fail, "a null attribute fails the chain");
    let obj = |iam: Option<bool>, scram: Option<bool>| {
        let v = |b: Option<bool>| b.map_or(Value::Null(Type::Bool), Value::Bool);
        Value::Object(
            [("iam".to_string(), v(iam)), ("scram".to_string(), v(scram))]
                .into_iter()
                .collect(),
        )
    };
    for (value, accepted) in [
        (obj(Some(true), Some(false)), true),
        (obj(Some(false), Some(true)), true),
        (obj(Some(false), Some(false)), false),
        (obj(Some(true), None), false),
        (obj(None, Some(true)), false),
        (obj(None, None), false),
    ] {
        assert_eq!(r.accepts(&value), Some(accepted), "{value:?}");
    }
}

#[test]
fn length_of_a_collection_defaulted_to_an_empty_one() {
    // `coalesce(P, [])` is `P` where `P` is not null, `[]` (length 0) where it is.
    let r = ok(
        "length(coalesce(var.x.a, [])) > 0",
        "object({a = optional(list(string))})",
    );
    assert_eq!(r.required, ["a"]);
    let a = &r.properties[0].1;
    assert_eq!((a.min_length, a.null_ok), (Some(1), false));
    // Null gives length 0, which `<= 2` accepts.
    let r = ok("length(var.x == null ? [] : var.x) <= 2", "list(string)");
    assert_eq!((r.max_length, r.null_ok), (Some(2), true));
    // `{}` beside a list does not unify in Terraform (an error): not rewritten.
    assert!(rules(
        "length(coalesce(var.x, {})) > 0",
        "list(string)",
        TerraformVersion::Latest
    )
    .is_err());
}

#[test]
fn for_over_a_list_literal_is_written_out() {
    // Each element takes the place of the symbol: `contains(keys(var.x), "a")`, … .
    let r = ok(
        r#"alltrue([for k in ["a", "b"] : contains(keys(var.x), k)])"#,
        "map(number)",
    );
    assert_eq!(r.required, vec!["a".to_string(), "b".to_string()]);
    // Into a pattern's template too; `anytrue` is one of the patterns.
    let r = ok(
        r#"anytrue([for r in ["us", "eu"] : can(regex("^${r}\\.x$", var.x))])"#,
        "string",
    );
    let patterns: Vec<Vec<String>> = r
        .any_of
        .iter()
        .map(|alt| alt.iter().flat_map(|a| a.patterns.clone()).collect())
        .collect();
    assert_eq!(
        patterns,
        vec![vec!["^us\\.x$".to_string(), "^eu\\.x$".to_string()]]
    );
    // A `for` that binds the symbol again inside is left as written.
    refused(
        r#"alltrue([for k in ["a"] : alltrue([for k in var.x : k != ""])])"#,
        "list(string)",
        "does not iterate the variable",
    );
}

#[test]
fn a_for_whose_key_is_not_read_iterates_the_same_elements() {
    let r = ok(
        r#"alltrue([for _, k in keys(var.x) : can(regex("^[a-z]+$", k))])"#,
        "map(string)",
    );
    let keys = r.keys.expect("a rule on the keys");
    assert_eq!(keys.patterns, vec!["^[a-z]+$".to_string()]);
}

#[test]
fn try_of_a_reference_is_the_reference() {
    // A reference fails nowhere: `try` gives its value, null too, on which `contains` fails.
    let r = ok(r#"contains(["a", "b"], try(var.x, "a"))"#, "string");
    assert_eq!(
        r.allowed,
        Some(vec![Value::String("a".into()), Value::String("b".into())])
    );
    assert!(!r.null_ok);
    let r = ok(
        r#"alltrue([for n in try(var.x, []) : length(try(n, "")) > 1])"#,
        "list(string)",
    );
    let items = r.items.expect("a rule on the elements");
    assert_eq!(items.min_length, Some(2));
    assert!(!r.null_ok && !items.null_ok);
}

#[test]
fn membership_of_a_long_run_of_whole_numbers() {
    // Past the 256 elements written out as an `enum`: bounds and a whole number.
    let r = ok("contains(range(1024, 2048), var.x)", "number");
    assert_eq!(
        r.minimum.as_ref().map(|m| (&m.value, m.exclusive)),
        Some((&n("1024"), false))
    );
    assert_eq!(
        r.maximum.as_ref().map(|m| (&m.value, m.exclusive)),
        Some((&n("2047"), false))
    );
    assert_eq!(r.multiple_of, vec![n("1")]);
    assert!(!r.null_ok);
    for (v, want) in [
        ("1024", true),
        ("2047", true),
        ("2048", false),
        ("1500.5", false),
        ("1023", false),
    ] {
        assert_eq!(r.accepts(&Value::Number(n(v))), Some(want), "{v}");
    }
    // Descending runs too; a step other than one, an untyped value (compared without
    // conversion) and a range `range` refuses (more than 1,024 elements) are left out.
    let r = ok("contains(range(2000, 1000), var.x)", "number");
    assert_eq!(r.minimum.map(|m| m.value), Some(n("1001")));
    refused(
        "contains(range(0, 1000, 2), var.x)",
        "number",
        "not consecutive whole numbers",
    );
    refused(
        "contains(range(1024, 2048), var.x)",
        "any",
        "compared without conversion",
    );
    refused(
        "contains(range(0, 5000), var.x)",
        "number",
        "fails to evaluate",
    );
}

#[test]
fn length_of_a_split_counts_separators() {
    let r = ok("length(split(\" \", var.x)) == 6", "string");
    assert_eq!(r.patterns, vec!["^[^ ]*(?: [^ ]*){5}$".to_string()]);
    assert!(!r.null_ok);
    let s = |t: &str| Value::String(t.into());
    assert_eq!(r.accepts(&s("0 12 * * ? *")), Some(true));
    assert_eq!(r.accepts(&s("0 12 * * ?")), Some(false));
    assert_eq!(
        r.accepts(&s("0  12 * * ?")),
        Some(true),
        "empty parts count"
    );
    let r = ok("length(split(\".\", var.x)) >= 2", "string");
    assert_eq!(r.patterns, vec!["^[^\\.]*(?:\\.[^\\.]*){1,}$".to_string()]);
    assert_eq!(r.accepts(&s("a.b")), Some(true));
    assert_eq!(r.accepts(&s("ab")), Some(false));
    let r = ok("3 > length(split(\"/\", var.x))", "string");
    assert_eq!(r.accepts(&s("a/b")), Some(true));
    assert_eq!(r.accepts(&s("a/b/c")), Some(false));
    let r = ok("length(split(\"-\", var.x)) != 2", "string");
    assert_eq!(r.accepts(&s("a-b")), Some(false));
    assert_eq!(r.accepts(&s("a-b-c")), Some(true));
    refused(
        "length(split(\", \", var.x)) == 2",
        "string",
        "not one character",
    );
    refused("length(split(\"-\", var.x)) == 0", "string", "never true");
    refused("length(split(\"-\", var.x)) == 2", "any", "type `any`");
}

#[test]
fn split_on_any_ascii_punctuation_compiles() {
    let mut translated = 0;
    for c in (0x21u8..0x7f)
        .map(char::from)
        .filter(char::is_ascii_punctuation)
    {
        let sep = if c == '"' || c == '\\' {
            format!("\\{c}")
        } else {
            c.to_string()
        };
        let condition = format!("length(split(\"{sep}\", var.x)) == 2");
        let r = match rules(&condition, "string", TerraformVersion::Latest) {
            Ok(r) => r,
            // `;`, `` ` ``, `<`, `=`, `>` are what NFC makes of other text, or compose.
            Err(e) if e.contains("NFC") => continue,
            Err(e) => panic!("{condition}: {e}"),
        };
        translated += 1;
        let text = Value::String(format!("a{c}b"));
        assert_eq!(r.accepts(&text), Some(true), "{condition}");
        assert_eq!(
            r.accepts(&Value::String("ab".into())),
            Some(false),
            "{condition}"
        );
    }
    assert!(translated > 25, "{translated}");
}
