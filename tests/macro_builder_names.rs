//! Variables and attributes whose names clash with the builder's own methods or with each
//! other's setters (`build`, `maybe_x` beside an optional `x`, `_p` beside `p`, …), or whose
//! builder names would be keywords (`self`, `_type`) or underscores alone (`__`), compile, and
//! keep their Terraform names in every output. The fixture explains each name.

mod names {
    tfvars::terraform_vars!("builder_names");
}

use names::*;

fn egress() -> VariablesEgress {
    VariablesEgress::builder()
        .self_(true)
        .field("u")
        .field_2("uu")
        .self_2("S")
        .type_(3)
        .build()
}

fn sample() -> Variables {
    Variables::builder()
        .build_("release")
        .x("given")
        .maybe_x_("m")
        .null_x_(7)
        .p(true)
        .p_2(false)
        .x1("one")
        .x_1_2("one too")
        .field_9(9)
        .bon_build_(vec!["b".into()])
        .cws_custom_images(
            VariablesCwsCustomImages::builder()
                .build_(VariablesCwsCustomImagesBuild::builder().image("i").build())
                .maybe_y("my")
                .y_("y")
                .name("n")
                .build(),
        )
        .self_("s")
        .self_2("S")
        .self_3("_s")
        .type_(true)
        .field(2)
        .egress(egress())
        .build()
}

#[test]
fn clashing_names_build_and_keep_their_terraform_names() {
    let v = sample();
    assert!(v.validate().is_ok());
    let json: serde_json::Value = serde_json::from_str(&v.to_tfvars_json()).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "build": "release",
            "x": "given",
            "maybe_x": "m",
            "null_x": 7,
            "p": true,
            "_p": false,
            "x1": "one",
            "x_1": "one too",
            "_9": 9,
            "bon_build": ["b"],
            "cws_custom_images": {
                "build": {"image": "i"},
                "maybe_y": "my",
                "y": "y",
                "name": "n"
            },
            "self": "s",
            "Self": "S",
            "_self": "_s",
            "_type": true,
            "__": 2,
            "egress": {"self": true, "_": "u", "__": "uu", "_Self": "S", "_type": 3}
        })
    );
    let back = Variables::from_tfvars_json(&v.to_tfvars_json()).unwrap();
    assert_eq!(back, v);
}

#[test]
fn the_renamed_null_setter_sends_null() {
    // `x`, declared first, keeps `null_x()` on the builder; the variable `null_x` is set with
    // `null_x_(…)`.
    let v = Variables::builder()
        .build_("r")
        .null_x()
        .p(true)
        .x1("a")
        .x_1_2("b")
        .field_9(1)
        .cws_custom_images(VariablesCwsCustomImages::builder().name("n").build())
        .self_2("S")
        .self_3("_s")
        .type_(false)
        .field(0)
        .egress(egress())
        .build();
    let json: serde_json::Value = serde_json::from_str(&v.to_tfvars_json()).unwrap();
    assert_eq!(json["x"], serde_json::Value::Null);
    assert_eq!(v.clone().null_x().to_tfvars_json(), v.to_tfvars_json());
}

#[test]
fn a_variable_named_self_has_its_null_setter() {
    // `self` has a default: `null_self_()` sends an explicit null, which overrides it.
    let v = sample().null_self_();
    let json: serde_json::Value = serde_json::from_str(&v.to_tfvars_json()).unwrap();
    assert_eq!(json["self"], serde_json::Value::Null);
    assert_eq!(json["Self"], "S");
}
