//! Terraform's conversion of `.tfvars.json` values to declared types (the semantics page §2–§3):
//! every expected value and message below was observed with Terraform 1.11.4.

mod values_support;

use tfvars_runtime::{convert, convert_owned, ConversionError, Type, Value, ValueMap};
use values_support::{json, ty};

/// Converts, by reference and taking the value, which must agree.
fn both(value: &str, t: &str) -> Result<Value, ConversionError> {
    let (v, t) = (json(value), ty(t));
    let borrowed = convert(&v, &t);
    let owned = convert_owned(v, &t);
    match (&borrowed, &owned) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{value} to {t}"),
        (Err(a), Err(b)) => assert_eq!(
            (a.path_string(), a.message()),
            (b.path_string(), b.message()),
            "{value} to {t}"
        ),
        _ => panic!("{value} to {t}: {borrowed:?} by reference, {owned:?} taken"),
    }
    borrowed
}

/// Converts, then writes the result as JSON.
fn ok(value: &str, t: &str) -> String {
    let v = both(value, t).unwrap_or_else(|e| panic!("{value} to {t}: {e}"));
    v.to_json().unwrap()
}

/// The converted value's type.
fn type_of(value: &str, t: &str) -> String {
    both(value, t).unwrap().ty().to_string()
}

/// The error: `path: message`, or just the message for a type mismatch.
fn err(value: &str, t: &str) -> String {
    let e = both(value, t).expect_err(&format!("{value} to {t} should fail"));
    if e.path().is_empty() {
        e.message().to_string()
    } else {
        format!("{}: {}", e.path_string(), e.message())
    }
}

#[test]
fn to_string() {
    assert_eq!(ok("5", "string"), r#""5""#);
    assert_eq!(ok("true", "string"), r#""true""#);
    assert_eq!(ok("1.50", "string"), r#""1.5""#);
    assert_eq!(ok("1e3", "string"), r#""1000""#);
    assert_eq!(ok("1e-7", "string"), r#""0.0000001""#);
    assert_eq!(ok("-0", "string"), r#""-0""#);
    assert_eq!(
        ok("123456789012345678901234567890", "string"),
        r#""123456789012345678901234567890""#
    );
    assert_eq!(ok(r#""${1+1}""#, "string"), r#""${1+1}""#);
    assert_eq!(err("[1]", "string"), "string required");
    assert_eq!(err("{}", "string"), "string required");
}

#[test]
fn to_number() {
    for (s, want) in [
        ("10", "10"),
        ("1e3", "1000"),
        ("1.5", "1.5"),
        ("+5", "5"),
        (".5", "0.5"),
        ("5.", "5"),
        ("0010", "10"),
        ("-0", "-0"),
        ("1p3", "8"),
    ] {
        assert_eq!(ok(&format!("{s:?}"), "number"), want, "{s}");
    }
    for s in ["inf", "Inf", "-inf"] {
        let v = convert(&json(&format!("{s:?}")), &Type::Number).unwrap();
        let Value::Number(n) = v else { panic!() };
        assert!(n.is_infinite());
    }
    for s in [
        "0x10", " 5", "5 ", "\t5", "", "1_000", "Infinity", "NaN", "\u{661}",
    ] {
        assert_eq!(
            err(&format!("{s:?}"), "number"),
            "a number is required",
            "{s:?}"
        );
    }
    assert_eq!(err("true", "number"), "number required");
    assert_eq!(ok("9007199254740993", "number"), "9007199254740993");
    assert_eq!(ok("1e400", "number"), "1e400");
}

#[test]
fn to_bool() {
    assert_eq!(ok(r#""true""#, "bool"), "true");
    assert_eq!(ok(r#""1""#, "bool"), "true");
    assert_eq!(ok(r#""false""#, "bool"), "false");
    assert_eq!(ok(r#""0""#, "bool"), "false");
    assert_eq!(
        err(r#""True""#, "bool"),
        r#"a bool is required; to convert from string, use lowercase "true""#
    );
    assert_eq!(
        err(r#""FALSE""#, "bool"),
        r#"a bool is required; to convert from string, use lowercase "false""#
    );
    assert_eq!(err(r#""yes""#, "bool"), "a bool is required");
    assert_eq!(err("1", "bool"), "bool required");
    assert_eq!(err("0", "bool"), "bool required");
}

#[test]
fn lists_sets_maps() {
    assert_eq!(ok(r#"["a",1,true]"#, "list(string)"), r#"["a","1","true"]"#);
    assert_eq!(ok(r#"["a",null]"#, "list(string)"), r#"["a",null]"#);
    assert_eq!(ok("[]", "list(string)"), "[]");
    assert_eq!(err(r#""a""#, "list(string)"), "list of string required");
    assert_eq!(
        err(r#"{"0":"a"}"#, "list(string)"),
        "list of string required"
    );
    assert_eq!(
        err(r#"[["a"]]"#, "list(string)"),
        "element 0: string required"
    );
    assert_eq!(
        err(r#"["1","x"]"#, "list(number)"),
        "[1]: a number is required"
    );
    assert_eq!(ok(r#"["b","a","b"]"#, "set(string)"), r#"["a","b"]"#);
    assert_eq!(ok(r#"["1",1]"#, "set(string)"), r#"["1"]"#);
    assert_eq!(ok("[10, 9, 1e1, 2]", "set(number)"), "[2,9,10]");
    assert_eq!(ok("[true, false, true]", "set(bool)"), "[false,true]");
    // cty tells set elements apart by their text: -0 and 0 are two elements.
    assert_eq!(ok("[-0, 0]", "set(number)"), "[-0,0]");
    assert_eq!(ok(r#"{"a":"1"}"#, "map(number)"), r#"{"a":1}"#);
    assert_eq!(
        err(r#"{"a":"x"}"#, "map(number)"),
        r#"["a"]: a number is required"#
    );
    assert_eq!(
        ok(r#"{"":"1","a b":2}"#, "map(string)"),
        r#"{"":"1","a b":"2"}"#
    );
    assert_eq!(err("[1]", "map(string)"), "map of string required");
    assert_eq!(
        err(r#"[{"a":[1]}]"#, "list(map(string))"),
        r#"element 0: element "a": string required"#
    );
    assert_eq!(
        err(r#"{"k":[1,[2]]}"#, "map(list(string))"),
        r#"element "k": element 1: string required"#
    );
}

#[test]
fn objects() {
    let t = "object({a=string, b=number, c=bool})";
    assert_eq!(
        ok(r#"{"a":1,"b":"2","c":"false"}"#, t),
        r#"{"a":"1","b":2,"c":false}"#
    );
    // Extra attributes are dropped; a required attribute may be null.
    assert_eq!(
        ok(r#"{"a":null,"b":1,"c":true,"extra":[1]}"#, t),
        r#"{"a":null,"b":1,"c":true}"#
    );
    assert_eq!(
        err(r#"{"b":1,"c":true}"#, t),
        r#"attribute "a" is required"#
    );
    assert_eq!(
        err(r#"{"c":true}"#, t),
        r#"attributes "a" and "b" are required"#
    );
    assert_eq!(
        err(r#"{"q":1}"#, t),
        r#"attributes "a", "b", and "c" are required"#
    );
    assert_eq!(
        err(r#"{"A":"x","b":1,"c":true}"#, t),
        r#"attribute "a" is required"#
    );
    // A missing attribute is named before one that cannot convert
    // (tests/conformance/cases/conv_object, missing_and_unconvertible and
    // missing_two_and_unconvertible).
    assert_eq!(
        err(r#"{"b":[1],"c":true}"#, t),
        r#"attribute "a" is required"#
    );
    assert_eq!(
        err(r#"{"c":[1]}"#, t),
        r#"attributes "a" and "b" are required"#
    );
    assert_eq!(
        err(r#"{"a":"x","b":"y","c":true}"#, t),
        ".b: a number is required"
    );
    assert_eq!(err("[1]", t), "object required");
    assert_eq!(
        err(r#"{"a":"x"}"#, "object({a=list(string)})"),
        r#"attribute "a": list of string required"#
    );
    assert_eq!(
        err(r#"{"x":{"b":1}}"#, "map(object({a=number}))"),
        r#"element "x": attribute "a" is required"#
    );
    assert_eq!(
        err(r#"{"x":{"a":["1","y"]}}"#, "map(object({a=list(number)}))"),
        r#"["x"].a[1]: a number is required"#
    );
    assert_eq!(ok("{}", "object({})"), "{}");
    // A map (a typed value; a var file gives objects) converts by its elements, and a missing
    // one has go-cty's message for maps.
    let m = Value::Map(
        Type::String,
        ValueMap::from([("b".to_string(), Value::string("1"))]),
    );
    let t = ty("object({a=optional(string), b=number})");
    assert_eq!(
        convert(&m, &t).unwrap().to_json().unwrap(),
        r#"{"a":null,"b":1}"#
    );
    let e = convert(&m, &ty("object({a=string, b=number})")).unwrap_err();
    assert_eq!(
        e.message(),
        r#"map has no element for required attribute "a""#
    );
}

#[test]
fn tuples() {
    assert_eq!(ok(r#"[1,"2"]"#, "tuple([string, number])"), r#"["1",2]"#);
    assert_eq!(err(r#"["a"]"#, "tuple([string, number])"), "tuple required");
    assert_eq!(
        err(r#"["a",1,2]"#, "tuple([string, number])"),
        "tuple required"
    );
    assert_eq!(
        err(r#"["a","b"]"#, "tuple([string, number])"),
        "[1]: a number is required"
    );
    assert_eq!(ok("[]", "tuple([])"), "[]");
}

#[test]
fn any_keeps_and_unifies() {
    assert_eq!(
        type_of(r#"[1,"a",true]"#, "any"),
        "tuple([number, string, bool])"
    );
    assert_eq!(
        type_of(r#"{"a":[1]}"#, "any"),
        "object({a=tuple([number])})"
    );
    assert_eq!(type_of(r#"[1,"a",true]"#, "list(any)"), "list(string)");
    assert_eq!(ok(r#"[1,"a",true]"#, "list(any)"), r#"["1","a","true"]"#);
    assert_eq!(
        type_of(r#"[{"a":1},{"b":2}]"#, "list(any)"),
        "list(map(number))"
    );
    assert_eq!(
        type_of(r#"[{"a":1},{"a":2}]"#, "list(any)"),
        "list(object({a=number}))"
    );
    assert_eq!(type_of("[[1],[1,2]]", "list(any)"), "list(list(number))");
    assert_eq!(type_of("[[1],[2]]", "list(any)"), "list(tuple([number]))");
    assert_eq!(type_of("[null, 1]", "list(any)"), "list(number)");
    assert_eq!(ok("[null, null]", "list(any)"), "[null,null]");
    assert_eq!(
        err(r#"[{"a":1}, null]"#, "list(any)"),
        "all list elements must have the same type"
    );
    assert_eq!(type_of("[]", "list(any)"), "list(any)");
    assert_eq!(
        err("[1,true]", "list(any)"),
        "all list elements must have the same type"
    );
    assert_eq!(
        err("[1,[1]]", "list(any)"),
        "all list elements must have the same type"
    );
    assert_eq!(
        err(r#"[{"a":1},{"a":"x","b":[1]}]"#, "list(any)"),
        "all list elements must have the same type"
    );
    assert_eq!(
        err("[1,[1]]", "set(any)"),
        "all set elements must have the same type"
    );
    assert_eq!(
        err(r#"{"a":1,"b":true}"#, "map(any)"),
        "all map elements must have the same type"
    );
    assert_eq!(type_of(r#"{"a":1,"b":"x"}"#, "map(any)"), "map(string)");
    // Elements converted to `map(any)` one by one are then unified with each other.
    assert_eq!(
        ok(r#"[{"a":1,"b":"x"},{"c":true}]"#, "list(map(any))"),
        r#"[{"a":"1","b":"x"},{"c":"true"}]"#
    );
    assert_eq!(
        type_of(r#"[{"a":1,"b":"x"},{"c":true}]"#, "list(map(any))"),
        "list(map(string))"
    );
}

#[test]
fn optional_attributes_and_defaults() {
    let t = r#"object({a=string, b=optional(number), c=optional(bool, true)})"#;
    assert_eq!(ok(r#"{"a":"x"}"#, t), r#"{"a":"x","b":null,"c":true}"#);
    // A null attribute gets its default too.
    assert_eq!(
        ok(r#"{"a":"x","c":null}"#, t),
        r#"{"a":"x","b":null,"c":true}"#
    );
    assert_eq!(
        ok(r#"{"a":"x","c":"false"}"#, t),
        r#"{"a":"x","b":null,"c":false}"#
    );
    // A parent default is filled, then its own nested defaults; a supplied value is not merged.
    let nested = r#"object({c=optional(object({d=optional(number,7), e=string}), {"e":"ee"})})"#;
    assert_eq!(ok("{}", nested), r#"{"c":{"d":7,"e":"ee"}}"#);
    assert_eq!(ok(r#"{"c":null}"#, nested), r#"{"c":{"d":7,"e":"ee"}}"#);
    assert_eq!(ok(r#"{"c":{"e":"x"}}"#, nested), r#"{"c":{"d":7,"e":"x"}}"#);
    assert_eq!(
        err(r#"{"c":{}}"#, nested),
        r#"attribute "c": attribute "e" is required"#
    );
    assert_eq!(
        ok("{}", "object({o=optional(object({x=string}))})"),
        r#"{"o":null}"#
    );
    // Inside list, map and set elements.
    assert_eq!(
        ok(
            r#"[{"n":"a"},{"n":"b","p":1}]"#,
            "list(object({n=string, p=optional(number, 80)}))"
        ),
        r#"[{"n":"a","p":80},{"n":"b","p":1}]"#
    );
    assert_eq!(
        ok(r#"{"k":{}}"#, "map(object({p=optional(number, 80)}))"),
        r#"{"k":{"p":80}}"#
    );
    assert_eq!(
        ok(
            r#"[{"n":"a"},{"n":"a","p":80}]"#,
            "set(object({n=string, p=optional(number, 80)}))"
        ),
        r#"[{"n":"a","p":80}]"#
    );
    assert_eq!(
        ok(r#"[{}]"#, "tuple([object({p=optional(number, 1)})])"),
        r#"[{"p":1}]"#
    );
    // A default of the wrong shape for a string is converted: optional(string, 1) gives "1".
    assert_eq!(ok("{}", "object({s=optional(string, 1)})"), r#"{"s":"1"}"#);
    // A top-level null gets no defaults.
    assert_eq!(ok("null", t), "null");
    assert_eq!(
        convert(&json("null"), &ty(t)).unwrap().ty().to_string(),
        "object({a=string, b=number, c=bool})"
    );
}

#[test]
fn type_display_and_names() {
    for t in [
        "string",
        "list(string)",
        "map(set(number))",
        "tuple([string, number])",
        "object({a=string, b=optional(number, 5), c=optional(list(any))})",
        r#"object({o=optional(object({x=string}), {x = "d"})})"#,
    ] {
        let parsed = ty(&t.replace(r#"{x = "d"}"#, r#"{"x":"d"}"#));
        assert_eq!(parsed.to_string(), t);
    }
    assert_eq!(ty("list(string)").friendly_name(), "list of string");
    // As Terraform 1.11.4 words it: "map of any single type required".
    assert_eq!(ty("map(any)").friendly_name(), "map of any single type");
    assert_eq!(
        ty("list(list(any))").friendly_name(),
        "list of list of any single type"
    );
    assert_eq!(ty("any").friendly_name(), "any type");
    assert_eq!(ty("set(list(bool))").friendly_name(), "set of list of bool");
    assert_eq!(ty("object({a=string})").friendly_name(), "object");
    assert_eq!(ty("tuple([])").friendly_name(), "tuple");
}

#[test]
fn strings_are_nfc() {
    assert_eq!(json(r#""e\u0301""#), Value::String("\u{e9}".into()));
    assert_eq!(Value::string("e\u{301}"), Value::string("\u{e9}"));
    assert_eq!(ok(r#"["e\u0301","\u00e9"]"#, "set(string)"), "[\"\u{e9}\"]");
}

// Orders observed with `jsonencode(toset([...]))` in terraform console 1.11.4.
#[test]
fn set_order_matches_terraform() {
    let cases: &[(&str, &str, &str)] = &[
        (
            r#"[{"a":1.3},{"a":12345678901}]"#,
            "set(object({a=number}))",
            r#"[{"a":12345678901},{"a":1.3}]"#,
        ),
        (
            r#"[{"a":0.00002},{"a":0.00001},{"a":0.0001},{"a":0.0002}]"#,
            "set(object({a=number}))",
            r#"[{"a":0.0001},{"a":0.0002},{"a":0.00001},{"a":0.00002}]"#,
        ),
        (
            r#"[{"s":"a"},{"s":"\u200d"}]"#,
            "set(object({s=string}))",
            "[{\"s\":\"\u{200d}\"},{\"s\":\"a\"}]",
        ),
        (
            r#"[{"s":"a"},{"s":"é"}]"#,
            "set(object({s=string}))",
            r#"[{"s":"a"},{"s":"é"}]"#,
        ),
        (
            r#"[{"s":"a"},{"s":"\u00a0"}]"#,
            "set(object({s=string}))",
            "[{\"s\":\"\u{a0}\"},{\"s\":\"a\"}]",
        ),
        ("[[2],[10],[1,2]]", "set(list(number))", "[[10],[1,2],[2]]"),
        (
            r#"[{"a":null},{"a":1}]"#,
            "set(object({a=number}))",
            r#"[{"a":1},{"a":null}]"#,
        ),
        (
            r#"[{"b":1},{"a":2}]"#,
            "set(map(number))",
            r#"[{"a":2},{"b":1}]"#,
        ),
        (
            "[1234567891, 1234567890.5]",
            "set(number)",
            "[1234567890.5,1234567891]",
        ),
        (
            r#"[{"a":0},{"a":-0}]"#,
            "set(object({a=number}))",
            r#"[{"a":-0},{"a":0}]"#,
        ),
        (
            r#"[{"a":1e21},{"a":1e20}]"#,
            "set(object({a=number}))",
            r#"[{"a":100000000000000000000},{"a":1000000000000000000000}]"#,
        ),
        (r#"["b", null, "a"]"#, "set(string)", r#"["a","b",null]"#),
    ];
    for (input, t, want) in cases {
        assert_eq!(ok(input, t), *want, "{input} as {t}");
    }
}

#[test]
fn go_number_text() {
    use tfvars_runtime::Number;
    for (n, want) in [
        ("1", "1"),
        ("100", "100"),
        ("1.5", "1.5"),
        ("0.0001", "0.0001"),
        ("0.00001", "1e-05"),
        ("1234567890", "1234567890"),
        ("12345678901", "1.23456789e+10"),
        ("1e21", "1e+21"),
        ("-2.5e-7", "-2.5e-07"),
        ("99999999999", "1e+11"),
        ("-0", "-0"),
        ("1e400", "1e+400"),
    ] {
        assert_eq!(Number::parse(n).unwrap().to_go_string(), want, "{n}");
    }
    assert_eq!(
        tfvars_runtime::value::go_quote("a\"\\\n\u{200d}é\u{1}"),
        "\"a\\\"\\\\\\n\\u200dé\\x01\""
    );
}

mod properties {
    use proptest::prelude::*;
    use tfvars_runtime::{convert, Number, Type, Value};

    fn number() -> impl Strategy<Value = Number> {
        ("-?[1-9][0-9]{0,60}", -400i64..400)
            .prop_map(|(digits, exp)| Number::parse(&format!("{digits}e{exp}")).unwrap())
    }

    proptest! {
        // number → string → number gives the number back, exactly.
        #[test]
        fn number_string_round_trip(n in number()) {
            let s = convert(&Value::Number(n.clone()), &Type::String).unwrap();
            let back = convert(&s, &Type::Number).unwrap();
            prop_assert_eq!(back, Value::Number(n));
        }

        // Converting to a set sorts and deduplicates; converting the result again changes
        // nothing.
        #[test]
        fn set_conversion_is_idempotent(items in proptest::collection::vec(0u8..20, 0..30)) {
            let t = Type::set(Type::String);
            let given = Value::Tuple(items.iter().map(|i| Value::Number(Number::from(*i))).collect());
            let once = convert(&given, &t).unwrap();
            let twice = convert(&once, &t).unwrap();
            prop_assert_eq!(&once, &twice);
            let Value::Set(_, elems) = &once else { panic!() };
            let mut strings: Vec<String> = items.iter().map(u8::to_string).collect();
            strings.sort();
            strings.dedup();
            let got: Vec<String> = elems
                .iter()
                .map(|v| match v { Value::String(s) => s.clone(), _ => String::new() })
                .collect();
            prop_assert_eq!(got, strings);
        }

        // Whatever a value is, converting it to `any` keeps it.
        #[test]
        fn any_keeps_values(items in proptest::collection::vec(any::<i64>(), 0..10), s in ".*") {
            let v = Value::Tuple(vec![
                Value::Tuple(items.iter().map(|i| Value::Number(Number::from(*i))).collect()),
                Value::string(s),
            ]);
            prop_assert_eq!(convert(&v, &Type::Any).unwrap(), v);
        }
    }
}

#[test]
fn map_of_any_with_nulls() {
    // Terraform 1.11.4 `terraform plan` on `variable "m" { type = map(any) }`: a null beside
    // values of one type takes that type; beside values of different types it is rejected.
    assert_eq!(
        type_of(r#"{"a":null,"b":[1],"c":[2]}"#, "map(any)"),
        "map(tuple([number]))"
    );
    assert_eq!(
        err(r#"{"a":null,"b":[1],"c":["a"]}"#, "map(any)"),
        "attribute types must all match for conversion to map"
    );
    assert_eq!(
        err(r#"[null,[1]]"#, "list(any)"),
        "all list elements must have the same type"
    );
}

// Objects beside maps and untyped nulls unify as go-cty's unifyObjectsAsMaps does: the objects
// as a map of their own first, then everything again with that map in their place; when that
// is not a map (a null among them makes it `any`), the general preference order decides. An
// empty object among the values is what lets this one through (found by the `convert` fuzz
// target; Terraform 1.11.4 accepts the first with this type and rejects the second).
#[test]
fn objects_beside_maps_and_nulls_unify_as_terraform_does() {
    let with_empty = r#"{"a": {"x": null, "y": {"p": {"q": null}}}, "b": {"x": {"p": {"q": {}}}, "z": {}}, "c": {}}"#;
    assert_eq!(
        type_of(with_empty, "map(any)"),
        "map(map(map(object({q=object({})}))))"
    );
    assert_eq!(
        ok(with_empty, "map(any)"),
        r#"{"a":{"x":null,"y":{"p":{"q":null}}},"b":{"x":{"p":{"q":{}}},"z":{}},"c":{}}"#
    );
    let without =
        r#"{"a": {"x": null, "y": {"p": {"q": null}}}, "b": {"x": {"p": {"q": {}}}, "z": {}}}"#;
    assert_eq!(
        err(without, "map(any)"),
        "element types must all match for conversion to map"
    );
}

#[test]
fn types_without_markers_are_shared_not_rebuilt() {
    let constraint = ty(
        "list(object({a=optional(string,\"x\"), b=list(number), c=optional(object({d=bool}))}))",
    );
    let plain = constraint.without_optional();
    assert_eq!(
        plain,
        ty("list(object({a=string, b=list(number), c=object({d=bool})}))")
    );
    // Asked again, the object's form without markers is the same one, not a new copy.
    let again = constraint.without_optional();
    let (Type::List(first), Type::List(second)) = (&plain, &again) else {
        panic!("{plain:?}");
    };
    let (Type::Object(first), Type::Object(second)) = (&**first, &**second) else {
        panic!("{first:?}");
    };
    assert!(std::ptr::eq(first.attributes(), second.attributes()));
    // A part with no markers is its own form without them.
    let Type::List(numbers) = &first[1].ty else {
        panic!("{:?}", first[1].ty);
    };
    let Type::List(numbers_again) = first[1].ty.without_optional() else {
        panic!("{:?}", first[1].ty);
    };
    assert!(std::sync::Arc::ptr_eq(numbers, &numbers_again));
    // In a tuple, elements before and after the first one with markers keep their place.
    assert_eq!(
        ty("tuple([string, list(number), object({a=optional(bool)}), number, map(object({b=optional(string, \"y\")}))])")
            .without_optional(),
        ty("tuple([string, list(number), object({a=bool}), number, map(object({b=string}))])")
    );
    assert_eq!(
        ty("tuple([string, object({a=bool})])").without_optional(),
        ty("tuple([string, object({a=bool})])")
    );
}

#[test]
fn converted_values_carry_the_type_without_markers() {
    let t = ty("list(object({a=optional(string,\"x\"), c=optional(object({d=optional(bool)}))}))");
    let v = convert(&json(r#"[{}, {"c": {}}]"#), &t).unwrap();
    assert_eq!(v.ty(), ty("list(object({a=string, c=object({d=bool})}))"));
    assert_eq!(
        v.to_json().unwrap(),
        r#"[{"a":"x","c":null},{"a":"x","c":{"d":null}}]"#
    );
}

#[test]
fn a_value_converted_to_its_own_type_is_unchanged() {
    let cases = [
        (r#"[{"a": "x", "b": [1, 2]}, {"a": "y", "b": []}]"#, "list(object({a=string, b=set(number)}))"),
        (r#"{"k": {"a": null, "b": [3]}}"#, "map(object({a=string, b=list(number)}))"),
        (r#"["a", 1, true, null]"#, "tuple([string, number, bool, list(string)])"),
        (r#"[[], [["x"]]]"#, "set(list(list(string)))"),
        (r#"{"a": {"b": {"c": 1.5}}}"#, "object({a=object({b=map(number)})})"),
        // Optional attributes with defaults, once filled in, are kept as they are.
        (r#"[{"a": "x"}, {}]"#, "list(object({a=optional(string, \"d\"), b=optional(object({c=optional(number, 7)}), {})}))"),
    ];
    for (text, t) in cases {
        let t = ty(t);
        let once = convert(&json(text), &t).unwrap();
        let twice = convert(&once, &t).unwrap();
        assert_eq!(twice, once, "{text} to {t:?}");
        assert_eq!(twice.ty(), once.ty(), "{text} to {t:?}");
    }
}
