//! Writing a full value set out again: the large module's (`tests/modules/large`, 250
//! variables with deep `optional` object types) effective values after checking the var file
//! `benches/gen_large_vars.py` writes, as `.tfvars.json` (`to_tfvars_json`, what the generated
//! `Variables::to_tfvars_json` calls), as HCL `.tfvars` and as `TF_VAR_` pairs.

mod large;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tfvars_runtime::check::check;
use tfvars_runtime::json::parse_tfvars_json;
use tfvars_runtime::output::{to_env_pair, to_tfvars_hcl, to_tfvars_json};
use tfvars_runtime::{CheckOptions, TerraformVersion};

fn bench_output(c: &mut Criterion) {
    let module = large::module();
    let spec = &module.spec;
    let inputs = parse_tfvars_json(
        &large::var_file("large-output.tfvars.json"),
        "large.tfvars.json",
    )
    .expect("parses");
    let checked = check(
        spec,
        &inputs,
        &CheckOptions {
            version: TerraformVersion::V1_11,
            files: None,
        },
    );
    assert!(checked.is_ok(), "{}", checked.report);
    // In declaration order, as the generated code writes them.
    let values: Vec<(&str, &tfvars_runtime::Value)> = spec
        .variables
        .iter()
        .filter_map(|v| checked.values.get(&v.name).map(|x| (v.name.as_str(), x)))
        .collect();
    assert_eq!(values.len(), 250);
    let json = to_tfvars_json(values.iter().copied());
    let back = parse_tfvars_json(&json, "back.tfvars.json").expect("the output reads back");
    assert_eq!(back.len(), 250);

    let mut group = c.benchmark_group("output_large");
    group.throughput(Throughput::Bytes(json.len() as u64));
    group.bench_function("to_tfvars_json", |b| {
        b.iter(|| to_tfvars_json(values.iter().copied()))
    });
    group.bench_function("to_tfvars_hcl", |b| {
        b.iter(|| to_tfvars_hcl(values.iter().copied()))
    });
    group.bench_function("to_env", |b| {
        b.iter(|| {
            spec.variables
                .iter()
                .zip(values.iter())
                .map(|(v, (_, x))| to_env_pair(v, x).expect("every value has a TF_VAR_ form"))
                .collect::<Vec<_>>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_output);
criterion_main!(benches);
