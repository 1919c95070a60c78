//! Expressions over a module's variables (`tests/data/eval_module/main.tf`, at their defaults)
//! against recorded `terraform console` output: the loader's defaults, the converter's types
//! and the evaluator together.

mod common;

use std::collections::BTreeMap;

use tfvars_runtime::eval::Scope;
use tfvars_runtime::Value;

fn check(data: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/eval_module");
    let module = tfvars_codegen::load(dir).expect("the module loads");
    let values: BTreeMap<String, Value> = module
        .spec
        .variables
        .iter()
        .filter_map(|v| Some((v.name.clone(), v.default.clone()?)))
        .collect();
    let eval = |text: &str| {
        let expr = common::parse(text)
            .map_err(|e| tfvars_runtime::eval::EvalError::new("Parse error", e))?;
        Scope::new(&module.spec, &values)
            .with_version(tfvars_runtime::TerraformVersion::V1_11)
            .eval(&expr)
    };
    let (n, failures) = common::run_file_with(data, eval);
    assert!(
        failures.is_empty(),
        "{} of {n} cases differ from Terraform:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn expressions_over_variables() {
    check(include_str!("data/eval_module.tsv"));
}

#[test]
fn validation_style_conditions_over_variables() {
    check(include_str!("data/eval_module2.tsv"));
}
