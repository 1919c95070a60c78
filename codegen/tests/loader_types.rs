//! Type constraints: the full grammar, and optional-attribute defaults converted at load time.

use tfvars_codegen::type_expr::type_from_text;
use tfvars_runtime::{Attribute, Number, Type, Value};

fn ty(src: &str) -> Type {
    type_from_text(src).unwrap_or_else(|errs| panic!("{src}: {errs:?}"))
}

fn err(src: &str) -> Vec<String> {
    type_from_text(src)
        .unwrap_err()
        .into_iter()
        .map(|e| e.detail)
        .collect()
}

fn attr(name: &str, ty: Type) -> Attribute {
    Attribute {
        name: name.into(),
        ty,
        optional: false,
        default: None,
    }
}

fn list(t: Type) -> Type {
    Type::list(t)
}

#[test]
fn primitives_and_collections() {
    assert_eq!(ty("string"), Type::String);
    assert_eq!(ty("number"), Type::Number);
    assert_eq!(ty("bool"), Type::Bool);
    assert_eq!(ty("any"), Type::Any);
    assert_eq!(ty("list(string)"), list(Type::String));
    assert_eq!(ty("set(number)"), Type::set(Type::Number));
    assert_eq!(ty("map(bool)"), Type::map(Type::Bool));
    assert_eq!(ty("list(map(any))"), list(Type::map(Type::Any)));
    // Bare `list` and `map` mean `any` elements, at the top level only.
    assert_eq!(ty("list"), list(Type::Any));
    assert_eq!(ty("map"), Type::map(Type::Any));
    assert_eq!(
        err("list(list)"),
        ["The list type constructor requires one argument specifying the element type."]
    );
    assert_eq!(
        err("set"),
        ["The set type constructor requires one argument specifying the element type."]
    );
}

#[test]
fn tuples_and_objects() {
    assert_eq!(ty("tuple([])"), Type::Tuple(vec![]));
    assert_eq!(ty("object({})"), Type::object(vec![]));
    assert_eq!(
        ty("tuple([string, number, list(bool)])"),
        Type::Tuple(vec![Type::String, Type::Number, list(Type::Bool)])
    );
    assert_eq!(
        ty("object({ b = string, a-b = number })"),
        Type::object(vec![attr("b", Type::String), attr("a-b", Type::Number)])
    );
}

#[test]
fn optional_attributes_at_any_depth() {
    let t = ty(r#"object({
        a = optional(string)
        b = optional(number, "5")
        c = optional(string, null)
        d = list(object({ e = optional(bool, true), f = optional(object({ g = optional(number, 1) }), {}) }))
    })"#);
    let Type::Object(attrs) = t else { panic!() };
    assert!(attrs[0].optional && attrs[0].default.is_none());
    // Converted to the attribute type at load time.
    assert_eq!(
        attrs[1].default,
        Some(Value::Number(Number::parse_json("5").unwrap()))
    );
    // `optional(T, null)` is `optional(T)`.
    assert!(attrs[2].optional && attrs[2].default.is_none());
    let Type::List(inner) = &attrs[3].ty else {
        panic!()
    };
    let Type::Object(inner) = inner.as_ref() else {
        panic!()
    };
    assert_eq!(inner[0].default, Some(Value::Bool(true)));
    // A parent default gets its nested defaults filled: `{}` → `{ g = 1 }`.
    match &inner[1].default {
        Some(Value::Object(m)) => {
            assert_eq!(m["g"], Value::Number(Number::from(1)))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn errors_as_terraform_words_them() {
    assert_eq!(
        err("String"),
        ["The keyword \"String\" is not a valid type specification."]
    );
    assert_eq!(
        err("\"string\""),
        ["Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around \"string\"."]
    );
    assert_eq!(
        err("optional(string)"),
        ["Keyword \"optional\" is valid only as a modifier for object type attributes."]
    );
    assert_eq!(
        err("map(optional(string))"),
        ["Keyword \"optional\" is valid only as a modifier for object type attributes."]
    );
    assert_eq!(
        err("object({ \"a\" = string })"),
        ["Object constructor map keys must be attribute names."]
    );
    assert_eq!(
        err("object({ a = optional(number, \"x\") })"),
        ["This default value is not compatible with the attribute's type constraint: a number is required."]
    );
    assert_eq!(
        err("object({ a = optional(string, upper(\"x\")) })"),
        ["Functions may not be called here"]
    );
    assert_eq!(
        err("number(1)"),
        ["Primitive type keyword \"number\" does not expect arguments."]
    );
    assert_eq!(
        err("var.x"),
        ["A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string)."]
    );
    // Every problem at once.
    assert_eq!(err("object({ a = Strin, b = list() })").len(), 2);
}
