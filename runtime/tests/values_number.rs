//! Numbers: Go `big.ParseFloat` parsing, Terraform's text forms, 512-bit arithmetic results
//! (expected values are `terraform console` 1.11.4 output).

use proptest::prelude::*;
use tfvars_runtime::Number;

fn n(s: &str) -> Number {
    Number::parse(s).unwrap_or_else(|| panic!("{s} should parse"))
}

fn text(x: Result<Number, impl std::fmt::Debug>) -> String {
    x.unwrap().to_terraform_string()
}

#[test]
fn parse_accepts_what_go_accepts() {
    for (input, want) in [
        ("10", "10"),
        ("1e3", "1000"),
        ("1E3", "1000"),
        ("1e+3", "1000"),
        ("1.5", "1.5"),
        ("+5", "5"),
        (".5", "0.5"),
        ("5.", "5"),
        (".5e1", "5"),
        ("0010", "10"),
        ("-0", "-0"),
        ("1p3", "8"),
        ("1.5P1", "3"),
        ("0.1p1", "0.2"),
        ("inf", "+Inf"),
        ("Inf", "+Inf"),
        ("+inf", "+Inf"),
        ("-inf", "-Inf"),
        ("1.5e-7", "0.00000015"),
        ("1e1000000000", "+Inf"),
        ("1e-1000000000", "0"),
    ] {
        assert_eq!(n(input).to_terraform_string(), want, "{input}");
    }
}

#[test]
fn parse_rejects_what_go_rejects() {
    for input in [
        "0x10",
        " 5",
        "5 ",
        "\t5",
        "",
        "1_000",
        "Infinity",
        "NaN",
        "nan",
        "١",
        ".",
        "-",
        "+",
        "1e",
        "1e+",
        "e5",
        "1.2.3",
        "--1",
        "1e3000000000",
        "INF",
        "0b1",
    ] {
        assert!(
            Number::parse(input).is_none(),
            "{input:?} should be rejected"
        );
    }
}

#[test]
fn long_literals_round_like_terraform() {
    assert_eq!(
        n("1234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890.5").to_terraform_string(),
        "1234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234600000"
    );
    assert_eq!(
        n("0.12345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901").to_terraform_string(),
        "0.12345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012346"
    );
    let digits201 = "123456789".repeat(23)[..201].to_string();
    let rounded = n(&digits201).to_terraform_string();
    assert_eq!(rounded.len(), 201);
    assert_eq!(&rounded[..150], &digits201[..150]);
    assert!(rounded.ends_with(&"0".repeat(40)));
    assert_eq!(
        n("1p-1000").to_terraform_string(),
        format!("0.{}9332636185032188789900895447238171696170914463717080246217143397959669109757756344544403270978811023595949899303242426242154875213540323948415208172039308", "0".repeat(301))
    );
}

#[test]
fn exact_values_round_trip() {
    for s in [
        "9007199254740993",
        "0.1",
        "123456789012345678901234567890123456789012345678901234567890",
        "-0.000000000000000000001",
        "3.1415926535897932384626433832795028841971693993751",
    ] {
        assert_eq!(n(s).to_terraform_string(), s);
        assert_eq!(n(s).to_json_string().unwrap(), s);
    }
    assert_eq!(n("1e400").to_json_string().unwrap(), "1e400");
    assert_eq!(
        n("1e400").to_terraform_string(),
        format!("1{}", "0".repeat(400))
    );
    assert_eq!(n("-1.5e-400").to_json_string().unwrap(), "-1.5e-400");
    assert_eq!(
        n("1e21").to_json_string().unwrap(),
        "1000000000000000000000"
    );
    assert_eq!(n("1e22").to_json_string().unwrap(), "1e22");
    assert_eq!(Number::parse_json("1e-400").unwrap(), n("1e-400"));
    assert_ne!(
        n("0.1"),
        n("0.1000000000000000055511151231257827021181583404541015625")
    );
    assert_eq!(Number::infinity().to_json_string(), None);
}

#[test]
fn arithmetic_matches_terraform() {
    let cases: &[(&str, &str, char, &str)] = &[
        ("1", "3", '/', "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335"),
        ("2", "3", '/', "0.6666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666667"),
        ("1", "7", '/', "0.14285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285714285"),
        ("10", "3", '/', "3.3333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333332"),
        ("0.1", "3", '*', "0.3"),
        ("0.1", "0.2", '+', "0.3"),
        ("9007199254740993", "1", '+', "9007199254740994"),
        ("5", "0", '/', "+Inf"),
        ("-5", "0", '/', "-Inf"),
        ("-5", "3", '%', "-2"),
        ("5", "-3", '%', "2"),
        ("5.5", "2", '%', "1.5"),
        ("-5.5", "2", '%', "-1.5"),
        ("-7", "2.5", '%', "-2"),
        ("7", "-2.5", '%', "2"),
        ("10", "2.5", '%', "0"),
        ("5", "0", '%', "5"),
        ("-5", "0", '%', "-5"),
        ("1e20", "3", '%', "1"),
        ("123456789012345678901234567890", "7", '%', "0"),
        ("1e400", "7", '%', "0"),
        ("-1", "0", '*', "-0"),
        ("0", "0", '-', "0"),
        ("-0", "0", '+', "0"),
        ("1e-400", "1e400", '*', "1"),
    ];
    for (a, b, op, want) in cases {
        let (a, b) = (n(a), n(b));
        let got = match op {
            '+' => &a + &b,
            '-' => &a - &b,
            '*' => &a * &b,
            '/' => &a / &b,
            _ => &a % &b,
        };
        assert_eq!(text(got), *want, "{a} {op} {b}");
    }
    assert_eq!(text(&(&n("1") / &n("3")).unwrap() * &n("3")), "1");
    assert_eq!(text(&(&n("2") / &n("3")).unwrap() * &n("3")), "2");
    let third = (&n("1") / &n("3")).unwrap();
    assert_eq!(text(&third + &third), "0.6666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666667");
    assert_eq!(text(&n("1e400") / &n("3")), "3333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000");
    assert_eq!(text(&n("1e-400") / &n("3")), "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000033333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333334");
    assert_eq!(
        (&n("0") / &n("0")).unwrap_err().to_string(),
        "can't divide zero by zero or infinity by infinity"
    );
    assert!((&Number::infinity() / &Number::infinity()).is_err());
    assert!((&Number::infinity() - &Number::infinity()).is_err());
    assert_eq!(n("1e300").checked_mul(&n("1e300")).unwrap(), n("1e600"));
}

#[test]
fn integers_and_floats() {
    assert_eq!(n("42").to_i64(), Some(42));
    assert_eq!(n("4.2e1").to_u64(), Some(42));
    assert_eq!(n("-1").to_u64(), None);
    assert_eq!(n("1.5").to_i64(), None);
    assert_eq!(n("1e400").to_i64(), None);
    assert_eq!(n("18446744073709551615").to_u64(), Some(u64::MAX));
    assert_eq!(n("18446744073709551616").to_u64(), None);
    assert_eq!(n("-0").to_usize(), Some(0));
    assert!(n("1e3").is_integer());
    assert!(!n("0.5").is_integer());
    assert_eq!(
        Number::from(u128::MAX).to_terraform_string(),
        u128::MAX.to_string()
    );
    assert_eq!(Number::from(i8::MIN).to_terraform_string(), "-128");
    assert_eq!(
        Number::try_from(0.1f64).unwrap().to_terraform_string(),
        "0.1000000000000000055511151231257827021181583404541015625"
    );
    assert_eq!(
        Number::try_from(-0.0f64).unwrap().to_terraform_string(),
        "-0"
    );
    assert_eq!(Number::try_from(1e300f64).unwrap().to_f64(), 1e300);
    assert!(Number::try_from(f64::NAN).is_err());
    assert!(Number::try_from(f64::INFINITY).is_err());
    assert_eq!(n("2.5").floor(), n("2"));
    assert_eq!(n("-2.5").floor(), n("-3"));
    assert_eq!(n("-2.5").ceil(), n("-2"));
    assert!(n("-0.5").ceil().is_sign_negative());
    assert!(
        n("-1") < n("0") && n("0") < Number::infinity() && Number::neg_infinity() < n("-1e400")
    );
    assert_eq!(n("1.0"), n("1"));
    assert_eq!(n("-0"), n("0"));
}

#[test]
fn serde_round_trips_compactly() {
    for s in [
        "1e400",
        "-0",
        "0.1",
        "+Inf",
        "-Inf",
        "123456789012345678901234567890",
    ] {
        let x = n(s);
        let json = serde_json::to_string(&x).unwrap();
        assert_eq!(json, format!("{s:?}"));
        let back: Number = serde_json::from_str(&json).unwrap();
        assert_eq!(back.to_terraform_string(), x.to_terraform_string());
    }
    assert_eq!(format!("{:?}", n("1e400000000")), "1e400000000");
}

proptest! {
    // Plain integers are read on a shorter path; a fraction of zeros takes the general one.
    #[test]
    fn plain_integers_read_as_the_general_parser_reads_them(sign in "[-+]?", digits in "[0-9]{1,20}") {
        let plain = format!("{sign}{digits}");
        let general = format!("{plain}.0");
        let (a, b) = (Number::parse(&plain).unwrap(), Number::parse(&general).unwrap());
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.to_terraform_string(), b.to_terraform_string());
        prop_assert_eq!(format!("{a:?}"), format!("{b:?}"));
    }

    #[test]
    fn integers_round_trip(i in any::<i128>()) {
        let x = Number::from(i);
        prop_assert_eq!(x.to_i128(), Some(i));
        prop_assert_eq!(x.to_terraform_string(), i.to_string());
        prop_assert_eq!(Number::parse_json(&x.to_json_string().unwrap()).unwrap(), x);
    }

    #[test]
    fn floats_are_exact(f in any::<f64>().prop_filter("finite", |f| f.is_finite())) {
        let x = Number::try_from(f).unwrap();
        prop_assert_eq!(x.to_f64(), f);
        let back = Number::parse_json(&x.to_json_string().unwrap()).unwrap();
        prop_assert_eq!(back, x);
    }

    #[test]
    fn decimals_round_trip(digits in "[1-9][0-9]{0,140}", exp in -500i64..500, neg in any::<bool>()) {
        let s = format!("{}{}e{}", if neg { "-" } else { "" }, digits, exp);
        let x = Number::parse(&s).unwrap();
        let json = x.to_json_string().unwrap();
        prop_assert_eq!(Number::parse_json(&json).unwrap(), x.clone());
        let plain = x.to_terraform_string();
        prop_assert_eq!(Number::parse(&plain).unwrap(), x);
    }

    #[test]
    fn rem_has_dividend_sign(a in -1000i64..1000, b in 1i64..50) {
        let r = (&Number::from(a) % &Number::from(b)).unwrap();
        prop_assert_eq!(r.to_i64(), Some(a % b));
    }
}
