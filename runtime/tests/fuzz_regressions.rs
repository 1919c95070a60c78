//! Inputs the fuzzers (`fuzz/`) found to break the runtime, kept as regression tests. Each test
//! names the target that found it.

use tfvars_runtime::json::parse_tfvars_json;
use tfvars_runtime::output::to_tfvars_json;
use tfvars_runtime::{Type, Value, ValueMap};

/// Writes `vars` with `to_tfvars_json` and reads the text back.
fn json_round_trip(vars: &[(&str, Value)]) -> (String, Vec<(String, Value)>) {
    let text = to_tfvars_json(vars.iter().map(|(k, v)| (*k, v)));
    let back = parse_tfvars_json(&text, "out.tfvars.json")
        .unwrap_or_else(|d| panic!("written file rejected: {d:?}\n{text}"));
    (text, back.into_iter().map(|i| (i.name, i.value)).collect())
}

// tfvars_json: a character of Unicode's Prepend class (U+0604) joins the closing quote into
// one grapheme cluster, and HCL's JSON scanner, which steps by clusters, then misses the quote:
// Terraform rejects `"e؄"` written raw. The writer escapes such characters.
#[test]
fn prepend_character_before_a_quote_is_written_escaped() {
    let entries = ValueMap::from([
        ("e\u{604}".to_string(), Value::Number(1.into())),
        ("\u{e9}".to_string(), Value::Number(2.into())),
    ]);
    let map = Value::Map(Type::Number, entries.clone());
    let (text, back) = json_round_trip(&[("m", map)]);
    assert!(text.contains(r#""e\u0604": 1"#), "{text}");
    // JSON objects read back as objects, before conversion to the variable's type.
    assert_eq!(back, vec![("m".to_string(), Value::Object(entries))]);
}

// The same before an escape (a newline), and outside the Basic Multilingual Plane (U+110BD,
// KAITHI NUMBER SIGN, written as a surrogate pair), in a value and in a variable name.
#[test]
fn prepend_characters_before_escapes_and_beyond_the_bmp_round_trip() {
    let value = Value::string("\u{600}\n\u{110bd}\"x\u{600}");
    let (text, back) = json_round_trip(&[("s\u{110bd}", value.clone())]);
    assert!(text.contains(r"\ud804\udcbd"), "{text}");
    assert_eq!(back, vec![("s\u{110bd}".to_string(), value)]);
}

// tfvars_json: `1.2E-216532174` read from a file was written back in plain notation, 216
// million digits, which took longer than the fuzzer's 10 s limit (and as long for Terraform to
// read). Extreme magnitudes are written in exponent notation and read back exactly.
#[test]
fn extreme_exponents_are_written_short_and_read_back_exactly() {
    let text = "{\"x\": [1.2E-216532174, 9E-2, 1e400, -1e-400, 123456789e30]}";
    let read = parse_tfvars_json(text, "x.tfvars.json").expect("valid file");
    let vars: Vec<(&str, Value)> = read
        .iter()
        .map(|i| (i.name.as_str(), i.value.clone()))
        .collect();
    let (written, back) = json_round_trip(&vars);
    assert!(written.len() < 200, "{written}");
    assert!(written.contains("1.2e-216532174"), "{written}");
    assert_eq!(back, vec![("x".to_string(), read[0].value.clone())]);
}

// tfvars_json: a number of more than 150 significant digits with a large exponent
// (`…456e78901234`) was rounded to 512 bits exactly, through integers of hundreds of millions
// of bits: no answer within minutes. Beyond exponents of 20,000 it is rounded to 150 digits.
#[test]
fn long_mantissa_with_a_huge_exponent_reads_at_once() {
    let mantissa: String = (1..=170)
        .map(|i| char::from(b'0' + (i * 7 % 10) as u8))
        .collect();
    let text = format!("{{\"x\": {mantissa}e78901234}}");
    let read = parse_tfvars_json(&text, "x.tfvars.json").expect("valid file");
    let Value::Number(n) = &read[0].value else {
        panic!("not a number: {:?}", read[0].value)
    };
    let json = n.to_json_string().expect("finite");
    // 150 digits, the last (0) rounded up as the 151st is 7, and the exponent kept.
    let expected = format!("{}.{}1e78901403", &mantissa[..1], &mantissa[1..149]);
    assert_eq!(json, expected);
}

// tfvars_hcl: `5.63937047203182096022827e89063` written to a `.tfvars` file did not read back
// (hcl-edit, the parser then in use, read a literal beyond f64 with a fraction of more than 20
// digits as `5` and an index, and failed). The writer gives exponent forms an integer mantissa.
#[test]
fn huge_numbers_written_as_tfvars_read_back() {
    let text =
        "{\"n\": 5.63937047203182096022827009602282700944986691342784e89063, \"m\": -1.5e-400}";
    let read = parse_tfvars_json(text, "x.tfvars.json").expect("valid file");
    let vars: Vec<(&str, &Value)> = read.iter().map(|i| (i.name.as_str(), &i.value)).collect();
    let hcl = tfvars_runtime::output::to_tfvars_hcl(vars.iter().copied());
    assert!(
        hcl.contains("n = 563937047203182096022827009602282700944986691342784e89013"),
        "{hcl}"
    );
    let back = tfvars_codegen::tfvars_hcl::parse_tfvars(&hcl, "out.tfvars")
        .unwrap_or_else(|d| panic!("written file rejected: {d:?}\n{hcl}"));
    let back: Vec<(&str, &Value)> = back.iter().map(|i| (i.name.as_str(), &i.value)).collect();
    assert_eq!(back, vars);
}

// tfvars_hcl: `n = 1234E89012490 + 1590 + 1` added exactly, scaling 1590 to the exponent of the
// other term: 89 million digits, no answer within minutes. A term too small to change the
// rounded sum leaves the other unchanged, as in Terraform.
#[test]
fn adding_a_negligible_term_to_a_huge_number_is_immediate() {
    use tfvars_runtime::Number;
    let huge: Number = "1234E89012490".parse().expect("a number");
    let small = Number::from(1590);
    assert_eq!(huge.checked_add(&small).unwrap(), huge);
    assert_eq!(small.checked_add(&huge).unwrap(), huge);
    assert_eq!(small.checked_sub(&huge).unwrap(), huge.neg());
    let tiny: Number = "-7e-89012490".parse().expect("a number");
    assert_eq!(small.checked_add(&tiny).unwrap(), small);
    // Within 200 orders of magnitude the sum is still exact.
    let near: Number = "1e150".parse().expect("a number");
    let sum = near.checked_add(&Number::from(1)).unwrap();
    assert_eq!(sum.to_terraform_string(), format!("1{}1", "0".repeat(149)));
}

// Found beside the addition above: division and remainder between numbers whose exponents
// are millions apart scaled one of them exactly, and so did floor/ceil/trunc of a tiny
// fraction. They are immediate now.
#[test]
fn dividing_numbers_far_apart_is_immediate() {
    use tfvars_runtime::Number;
    let huge: Number = "1e89012490".parse().expect("a number");
    let three = Number::from(3);
    let q = huge.checked_div(&three).unwrap();
    assert_eq!(
        q.to_json_string().unwrap(),
        format!("3.{}e89012489", "3".repeat(149))
    );
    let tiny = three.checked_div(&huge).unwrap();
    assert_eq!(tiny.to_json_string().unwrap(), "3e-89012490");
    assert_eq!(three.checked_rem(&huge).unwrap(), three);
    assert!(huge.checked_rem(&three).is_ok());
    assert_eq!(tiny.trunc(), Number::from(0));
    assert_eq!(tiny.floor(), Number::from(0));
    assert_eq!(tiny.ceil(), Number::from(1));
    assert_eq!(tiny.neg().floor(), Number::from(-1));
    assert_eq!(tiny.neg().ceil().to_terraform_string(), "-0");
    // Beyond Go's exponent range the quotient is infinite, as in Terraform.
    let far: Number = "1e-600000000".parse().expect("a number");
    assert!(huge
        .checked_div(&far)
        .unwrap()
        .checked_div(&far)
        .unwrap()
        .is_infinite());
}

// eval_ir: a string of hundreds of thousands of digits took quadratic time to become a number
// (every digit went through big-integer parsing and normalisation before rounding to 512 bits).
// Only the first 1,000 significant digits are read, with a sticky digit for the rest, which
// rounds to the same 512-bit value.
#[test]
fn a_very_long_digit_string_reads_as_its_rounded_value() {
    use tfvars_runtime::Number;
    let zeros = "0".repeat(300_000);
    let long = Number::parse(&format!("1{zeros}")).expect("a number");
    assert_eq!(long, Number::parse("1e300000").expect("a number"));
    // A tail below 512 bits of precision rounds away, here as in Terraform.
    let tail = Number::parse(&format!("1{}1", &zeros[1..])).expect("a number");
    assert_eq!(tail, long);
    // Thirds: the 1,000-digit and the 300,000-digit expansions round to the same value.
    let third_short = Number::parse(&format!("0.{}", "3".repeat(1_000))).expect("a number");
    let third_long = Number::parse(&format!("0.{}", "3".repeat(300_000))).expect("a number");
    assert_eq!(third_short, third_long);
    // Leading zeros are not significant digits.
    let padded = Number::parse(&format!("{zeros}42.5")).expect("a number");
    assert_eq!(padded, Number::parse("42.5").expect("a number"));
    // Far less than half a 512-bit step above 1 (the 2,001st digit is the only other non-zero
    // one): rounds to 1.
    let just_above_one = Number::parse(&format!("1.{}1", "0".repeat(2_000))).expect("a number");
    assert_eq!(just_above_one, Number::parse("1").expect("a number"));
}

// eval_ir: `tonumber("7p4444447")` (Go's binary exponent) built 2^4444447 exactly, seconds of
// work; `1p2000000000`, which Go also accepts, would take gigabytes. Beyond an exponent of
// 20,000 the power is computed to 190 digits and the value rounds as the exact one does.
#[test]
fn huge_binary_exponents_read_at_once() {
    use tfvars_runtime::Number;
    let parse = |s: &str| Number::parse(s).unwrap_or_else(|| panic!("{s} is a number"));
    for (big, half) in [("1p30000", "1p15000"), ("3p-40002", "1p-20001")] {
        let half = parse(half);
        let mut expected = half.checked_mul(&half).expect("a product");
        if big.starts_with('3') {
            expected = expected.checked_mul(&parse("3")).expect("a product");
        }
        assert_eq!(parse(big), expected, "{big}");
    }
    assert!(!parse("7p4444447").is_infinite());
    assert!(!parse("1p2000000000").is_infinite());
    // Go's floats reach 2^-2147483648, so this is tiny, not zero.
    assert!(!parse("1p-2000000000").is_zero());
}

// convert: a set of objects whose null element keeps the declared attribute order
// (`object({é = …, b = …})`) while the set's element type came from a known element (`b`
// before `é`). Written out and read back, the two swap. Object types are equal whatever the
// order of their attributes, as in Terraform.
#[test]
fn object_types_are_equal_whatever_their_attribute_order() {
    let ty = Type::set(Type::object(vec![
        tfvars_runtime::Attribute {
            name: "é".into(),
            ty: Type::list(Type::Any),
            optional: false,
            default: None,
        },
        tfvars_runtime::Attribute {
            name: "b".into(),
            ty: Type::Bool,
            optional: false,
            default: None,
        },
    ]));
    let given = parse_tfvars_json(r#"{"v": [{"b": null, "é": null}, null]}"#, "in.tfvars.json")
        .expect("valid JSON");
    let first = tfvars_runtime::convert(&given[0].value, &ty).expect("converts");
    let (text, back) = json_round_trip(&[("v", first.clone())]);
    let again = tfvars_runtime::convert(&back[0].1, &ty).expect("converts again");
    assert_eq!(again, first, "{text}");
    // Equal types in either order, and different types still differ.
    let (Type::Set(declared), Value::Set(found, _)) = (&ty, &first) else {
        panic!("{first:?}");
    };
    assert_eq!(**declared, *found);
    assert_ne!(
        **declared,
        Type::object(vec![tfvars_runtime::Attribute {
            name: "b".into(),
            ty: Type::Bool,
            optional: false,
            default: None,
        }])
    );
}

// convert: elements of `set(any)` that still had different types once each was converted to
// the unified type were unified and converted again, dropping an attribute, so the set was
// accepted; go-cty builds a set only of elements whose types already match, and Terraform
// 1.11.4 rejects this value (`tests/conformance/cases/conv_unify_after_set` records the same
// for smaller values).
#[test]
fn set_elements_are_not_unified_after_conversion() {
    let text = r#"{"v": [{"":{"":{},"\u0000\u0000\u0004":{"":{"":{"":7315117399450354820e13}}}}},{"":{"x-y":{"1":{"X":[],"":null}},"":null}}]}"#;
    let given = parse_tfvars_json(text, "in.tfvars.json").expect("valid JSON");
    let e = tfvars_runtime::convert(&given[0].value, &Type::set(Type::Any))
        .expect_err("Terraform rejects it");
    assert_eq!(
        e.message(),
        "element types must all match for conversion to set"
    );
    // A list built from the same tuple is unified again, as in go-cty, and Terraform accepts
    // it (`conv_unify_after_list/fuzz_deep_maps`).
    let as_list = tfvars_runtime::convert(&given[0].value, &Type::list(Type::Any));
    assert!(as_list.is_ok(), "{as_list:?}");
}

// convert: a value converted to `list(set(list(any)))` (inner lists now typed, an empty one
// `list(any)`) does not convert to the same type again: go-cty converts a list from a list
// without unifying its elements, and only a value of exactly the wanted type passes unchanged.
// Written out and read back, the file's untyped tuples convert as the first time did.
#[test]
fn a_converted_list_may_not_convert_again_as_in_go_cty() {
    let ty = Type::list(Type::set(Type::list(Type::Any)));
    let text = r#"{"v": [[[[], [[123456789012345678901234567890, ""]]]], [[[]]], []]}"#;
    let given = parse_tfvars_json(text, "in.tfvars.json").expect("valid JSON");
    let first = tfvars_runtime::convert(&given[0].value, &ty).expect("converts");
    let again = tfvars_runtime::convert(&first, &ty);
    assert!(again.is_err(), "{again:?}");
    let (_, back) = json_round_trip(&[("v", first.clone())]);
    let from_file = tfvars_runtime::convert(&back[0].1, &ty).expect("the written file converts");
    assert_eq!(from_file, first);
}

// eval_ir: `indent(9007199254740993, …)` asked for the padding whole, a request for petabytes
// that aborted the process. Terraform fails past Go's largest allocation (2^48 bytes) with
// Go's panic, recorded here from `terraform console`; a smaller count whose result would
// still run it out of memory leaves the value unknown, and text without a line break needs
// no padding at all.
#[test]
fn indent_by_a_huge_count_fails_instead_of_aborting() {
    use tfvars_runtime::eval::Scope;
    use tfvars_runtime::expr::Expr;
    let indent = |spaces: &str, text: &str| Expr::Call {
        name: "indent".into(),
        args: vec![
            Expr::Literal(Value::Number(
                tfvars_runtime::Number::parse(spaces).unwrap(),
            )),
            Expr::Literal(Value::string(text)),
        ],
        expand_final: false,
    };
    let spec = tfvars_runtime::ModuleSpec::default();
    let values = std::collections::BTreeMap::new();
    let mut scope = Scope::new(&spec, &values);
    let err = scope.eval(&indent("9007199254740993", "a\nb")).unwrap_err();
    assert_eq!(
        err.detail,
        "Call to function \"indent\" failed: panic in function implementation: runtime \
         error: makeslice: len out of range."
    );
    let big = scope
        .eval(&indent("1099511627776", "a\nb"))
        .expect("left unknown");
    assert!(big.is_unknown(), "{big:?}");
    assert_eq!(
        scope.eval(&indent("1099511627776", "a")).unwrap(),
        Value::string("a")
    );
    assert_eq!(
        scope.eval(&indent("2", "a\nb")).unwrap(),
        Value::string("a\n  b")
    );
}
