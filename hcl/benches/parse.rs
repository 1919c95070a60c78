//! Front-end throughput on the generated large module (`tests/modules/large/variables.tf`,
//! 250 variables with deep `optional` object types) and on the repository's conformance
//! modules: lexing alone, and lexing and parsing into the syntax tree.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn fixture(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn bench_parse(c: &mut Criterion) {
    let large = fixture("tests/modules/large/variables.tf");
    let all_types = fixture("tests/modules/all_types/variables.tf");
    let mut group = c.benchmark_group("hcl");
    for (name, text) in [("large", &large), ("all_types", &all_types)] {
        assert!(
            tfvars_hcl::parse_body(&tfvars_hcl::Arena::new(), text, "variables.tf")
                .diagnostics
                .is_empty()
        );
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("tokens_{name}"), |b| {
            b.iter(|| tfvars_hcl::tokens(text))
        });
        group.bench_function(format!("parse_{name}"), |b| {
            b.iter(|| {
                let arena = tfvars_hcl::Arena::new();
                tfvars_hcl::parse_body(&arena, text, "variables.tf")
                    .diagnostics
                    .len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_parse);
criterion_main!(benches);
