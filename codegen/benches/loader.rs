//! Loader throughput on the generated large module (`tests/modules/large`, 250 variables with
//! deep `optional` object types): parsing, lowering, type parsing and default conversion.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn large_module() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/modules/large")
}

fn bench_load(c: &mut Criterion) {
    let dir = large_module();
    let bytes: u64 = std::fs::read_dir(&dir)
        .expect("tests/modules/large exists")
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tf"))
        .map(|e| e.metadata().map(|m| m.len()).unwrap_or(0))
        .sum();
    let module = tfvars_codegen::load(&dir).expect("the large module loads");
    assert_eq!(module.variables().len(), 250);

    let mut group = c.benchmark_group("loader");
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("load_large_module", |b| {
        b.iter(|| tfvars_codegen::load(&dir).expect("loads"))
    });
    let text = std::fs::read_to_string(dir.join("variables.tf")).expect("variables.tf");
    group.bench_function("parse_only", |b| {
        b.iter(|| {
            let arena = tfvars_hcl::Arena::new();
            let parsed = tfvars_hcl::parse_body(&arena, &text, "variables.tf");
            assert!(parsed.diagnostics.is_empty());
            parsed.value.items.len()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_load);
criterion_main!(benches);
