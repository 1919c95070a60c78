//! The macro's codegen entry point on the generated large module (`tests/modules/large`, 250
//! variables with deep `optional` object types): the whole expansion (load, schema, Rust
//! tokens), and the Rust rendering alone. Target: under 50 ms for the whole expansion.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};

fn large_module() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/modules/large")
}

fn bench_expand(c: &mut Criterion) {
    let dir = large_module();
    let mut settings = tfvars_codegen::Settings::new();
    settings.module_dir(&dir).track_files(true);
    let module = tfvars_codegen::load(&dir).expect("the large module loads");

    let mut group = c.benchmark_group("expand");
    group.sample_size(20);
    group.bench_function("expand_large_module", |b| {
        b.iter(|| settings.expand().expect("expands"))
    });
    group.bench_function("expand_preloaded_module", |b| {
        b.iter(|| settings.expand_module(module.clone()).expect("renders"))
    });
    group.bench_function("schema_only", |b| {
        b.iter(|| {
            tfvars_codegen::schema::render(&module, &tfvars_codegen::schema::SchemaOptions::new())
                .expect("renders")
        })
    });
    group.bench_function("rust_tokens_only", |b| {
        let options = tfvars_codegen::rust::RustOptions::default();
        b.iter(|| tfvars_codegen::rust::render(&module, &options))
    });
    group.bench_function("tokens_to_string", |b| {
        let tokens = settings
            .expand_module(module.clone())
            .expect("renders")
            .tokens;
        b.iter(|| tokens.to_string().len())
    });
    group.finish();
}

criterion_group!(benches, bench_expand);
criterion_main!(benches);
