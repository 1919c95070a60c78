//! The macro's codegen entry point on the generated large module (`tests/modules/large`, 250
//! variables with deep `optional` object types): the whole expansion (load, schema, Rust
//! tokens), and the Rust rendering alone. Target: under 50 ms for the whole expansion.
//!
//! `expand_large_module` times one expansion at a time, as a build runs the macro: each starts
//! after a pause in which the threads of the one before have finished (the module is freed on
//! a thread of its own while the compiler goes on). `expand_back_to_back` times expansions run
//! one straight after the other, where that freeing competes with the next expansion.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion};

fn large_module() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/modules/large")
}

/// Long enough for the threads an expansion leaves behind to finish.
const PAUSE: Duration = Duration::from_millis(25);

fn bench_expand(c: &mut Criterion) {
    let dir = large_module();
    let mut settings = tfvars_codegen::Settings::new();
    settings.module_dir(&dir).track_files(true);
    let module = tfvars_codegen::load(&dir).expect("the large module loads");

    let mut group = c.benchmark_group("expand");
    group.sample_size(20);
    group.bench_function("expand_large_module", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                std::thread::sleep(PAUSE);
                let start = Instant::now();
                let expansion = settings.expand().expect("expands");
                drop(expansion);
                total += start.elapsed();
            }
            total
        })
    });
    group.bench_function("expand_back_to_back", |b| {
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
    group.bench_function("rust_code_only", |b| {
        let options = tfvars_codegen::rust::RustOptions::default();
        b.iter(|| tfvars_codegen::rust::render(&module, &options))
    });
    group.bench_function("text_to_tokens", |b| {
        let text = settings
            .expand_module(module.clone())
            .expect("renders")
            .code;
        b.iter(|| text.parse::<proc_macro2::TokenStream>().expect("lexes"))
    });
    group.finish();
}

criterion_group!(benches, bench_expand);

/// Criterion's main, or, with `TFVARS_EXPAND_REPS=N`, one stage run N times and nothing else:
/// for instruction counts that do not depend on the machine's load, e.g.
/// `TFVARS_EXPAND_REPS=3 TFVARS_EXPAND_STAGE=render valgrind --tool=callgrind <bench binary>`
/// against the same with `N=1`. Stages: `expand` (default), `load`, `schema`, `render`.
fn main() {
    if let Some(reps) = std::env::var("TFVARS_EXPAND_REPS")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        let stage = std::env::var("TFVARS_EXPAND_STAGE").unwrap_or_else(|_| "expand".into());
        run_stage(&stage, reps);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}

fn run_stage(stage: &str, reps: usize) {
    let dir = large_module();
    let mut settings = tfvars_codegen::Settings::new();
    settings.module_dir(&dir).track_files(true);
    let module = tfvars_codegen::load(&dir).expect("the large module loads");
    let options = tfvars_codegen::rust::RustOptions::default();
    let schema_options = tfvars_codegen::schema::SchemaOptions::new();
    let mut size = 0;
    for _ in 0..reps {
        size += match stage {
            "load" => tfvars_codegen::load(&dir).expect("loads").variables().len(),
            "schema" => tfvars_codegen::schema::render(&module, &schema_options)
                .expect("renders")
                .text
                .len(),
            "render" => tfvars_codegen::rust::render(&module, &options).len(),
            _ => settings.expand().expect("expands").code.len(),
        };
    }
    println!("{stage} x{reps}: {size}");
}
