//! Schema rendering speed on the large fixture module (`tests/modules/large`).

use criterion::{criterion_group, criterion_main, Criterion};
use tfvars_codegen::export::{self, ExportOptions};
use tfvars_codegen::schema::{self, SchemaOptions};

fn bench(c: &mut Criterion) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/modules/large");
    let module = tfvars_codegen::load(dir).expect("the large fixture loads");
    let defaults = SchemaOptions::default();
    c.bench_function("schema/large/default", |b| {
        b.iter(|| schema::render(&module, &defaults).expect("renders"))
    });
    let mut all = SchemaOptions::new();
    all.nullable_all(true)
        .require_all(true)
        .disallow_additional_properties(true)
        .terraform_conversions(true);
    c.bench_function("schema/large/all-flags", |b| {
        b.iter(|| schema::render(&module, &all).expect("renders"))
    });
    let export_options = ExportOptions::new();
    c.bench_function("export/large", |b| {
        b.iter(|| export::render(&module, &export_options).expect("renders"))
    });
    c.bench_function("load+schema/large", |b| {
        b.iter(|| {
            let m = tfvars_codegen::load(dir).expect("loads");
            schema::render(&m, &defaults).expect("renders")
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
