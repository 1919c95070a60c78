//! In-process cost of judging a full var file for the large module (`tests/modules/large`,
//! 250 variables with deep `optional` object types and validation rules): reading the
//! `.tfvars.json`, converting every value (defaults, sets, number strings), then running every
//! validation rule in Terraform 1.11 mode. The module is loaded once, outside the timed loops.
//! The var file sets every variable; `benches/gen_large_vars.py` writes it.
//!
//! Compare with `terraform plan -var-file=…` on the same files (`benches/compare.sh`).

mod large;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tfvars_runtime::check::check;
use tfvars_runtime::json::parse_tfvars_json;
use tfvars_runtime::{CheckOptions, TerraformVersion};

fn bench_check(c: &mut Criterion) {
    let module = large::module();
    let spec = &module.spec;
    let text = large::var_file("large.tfvars.json");
    let options = CheckOptions {
        version: TerraformVersion::V1_11,
        files: None,
    };
    let inputs = parse_tfvars_json(&text, "large.tfvars.json").expect("the var file parses");
    assert_eq!(inputs.len(), 250);
    let checked = check(spec, &inputs, &options);
    assert!(checked.is_ok(), "{}", checked.report);
    assert_eq!(checked.report.unchecked().count(), 0);

    let mut group = c.benchmark_group("check_large");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("read_tfvars_json", |b| {
        b.iter(|| parse_tfvars_json(&text, "large.tfvars.json").expect("parses"))
    });
    group.bench_function("convert_and_validate", |b| {
        b.iter(|| check(spec, &inputs, &options))
    });
    let mut no_rules = spec.clone();
    for v in &mut no_rules.variables {
        v.validations.clear();
    }
    group.bench_function("convert_only", |b| {
        b.iter(|| check(&no_rules, &inputs, &options))
    });
    group.bench_function("read_convert_validate", |b| {
        b.iter(|| {
            let inputs = parse_tfvars_json(&text, "large.tfvars.json").expect("parses");
            check(spec, &inputs, &options)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_check);
criterion_main!(benches);
