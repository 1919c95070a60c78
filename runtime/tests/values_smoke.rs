use std::collections::BTreeMap;
use tfvars_runtime::{convert, Attribute, Number, Type, Value};

fn n(s: &str) -> Value {
    Value::Number(Number::parse(s).unwrap())
}
fn s(x: &str) -> Value {
    Value::string(x)
}
fn obj(kv: &[(&str, Value)]) -> Value {
    Value::Object(
        kv.iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect::<BTreeMap<_, _>>(),
    )
}
fn attr(name: &str, ty: Type, optional: bool, default: Option<Value>) -> Attribute {
    Attribute {
        name: name.into(),
        ty,
        optional,
        default,
    }
}

#[test]
fn smoke() {
    let l = Type::List(Box::new(Type::Number));
    let e = convert(&Value::Tuple(vec![s("1"), s("x")]), &l).unwrap_err();
    assert_eq!(e.message(), "a number is required");
    assert_eq!(e.path_string(), "[1]");
    let ls = Type::List(Box::new(Type::String));
    let e = convert(&Value::Tuple(vec![Value::Tuple(vec![s("a")])]), &ls).unwrap_err();
    assert_eq!(e.to_string(), "element 0: string required");
    let inner = Type::Object(vec![
        attr("d", Type::Number, true, Some(n("7"))),
        attr("e", Type::String, false, None),
    ]);
    let os = Type::Object(vec![attr(
        "c",
        inner,
        true,
        Some(obj(&[("e", s("ee")), ("d", Value::Null(Type::Number))])),
    )]);
    let e = convert(&obj(&[("c", obj(&[]))]), &os).unwrap_err();
    assert_eq!(
        e.to_string(),
        "attribute \"c\": attribute \"e\" is required"
    );
    let v = convert(&obj(&[]), &os).unwrap();
    assert_eq!(v.to_json().unwrap(), r#"{"c":{"d":7,"e":"ee"}}"#);
    let v = convert(&obj(&[("c", Value::null())]), &os).unwrap();
    assert_eq!(v.to_json().unwrap(), r#"{"c":{"d":7,"e":"ee"}}"#);
    let la = Type::List(Box::new(Type::Any));
    let v = convert(&Value::Tuple(vec![n("1"), s("a"), Value::Bool(true)]), &la).unwrap();
    assert_eq!(v.ty().to_string(), "list(string)");
    let e = convert(&Value::Tuple(vec![n("1"), Value::Bool(true)]), &la).unwrap_err();
    assert_eq!(e.to_string(), "all list elements must have the same type");
    let v = convert(
        &Value::Tuple(vec![obj(&[("a", n("1"))]), obj(&[("b", n("2"))])]),
        &la,
    )
    .unwrap();
    assert_eq!(v.ty().to_string(), "list(map(number))");
    let v = convert(
        &Value::Tuple(vec![
            Value::Tuple(vec![n("1")]),
            Value::Tuple(vec![n("1"), n("2")]),
        ]),
        &la,
    )
    .unwrap();
    assert_eq!(v.ty().to_string(), "list(list(number))");
    let st = Type::Set(Box::new(Type::String));
    let v = convert(
        &Value::Tuple(vec![s("b"), s("a"), s("b"), n("1"), s("1")]),
        &st,
    )
    .unwrap();
    assert_eq!(v.to_json().unwrap(), r#"["1","a","b"]"#);
    let ob = Type::Object(vec![
        attr("a", Type::String, false, None),
        attr("b", Type::String, false, None),
        attr("c", Type::String, false, None),
    ]);
    assert_eq!(
        convert(&obj(&[("q", n("1"))]), &ob)
            .unwrap_err()
            .to_string(),
        "attributes \"a\", \"b\", and \"c\" are required"
    );
    assert_eq!(
        convert(&s("True"), &Type::Bool).unwrap_err().to_string(),
        "a bool is required; to convert from string, use lowercase \"true\""
    );
    assert_eq!(convert(&n("1e3"), &Type::String).unwrap(), s("1000"));
    assert_eq!(convert(&n("-0"), &Type::String).unwrap(), s("-0"));
    assert_eq!(convert(&n("1e-7"), &Type::String).unwrap(), s("0.0000001"));
    assert_eq!(convert(&s("1p3"), &Type::Number).unwrap(), n("8"));
}
