//! Parses a file N times (default 3), for instruction counts under callgrind:
//!
//! `cargo build --profile bench -p tfvars-hcl --example parse_repeat`
//! `valgrind --tool=callgrind target/release/examples/parse_repeat tests/modules/large/variables.tf 3`

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a file to parse");
    let times: usize = args.next().map_or(3, |n| n.parse().expect("a count"));
    let text = std::fs::read_to_string(&path).expect("a UTF-8 file");
    let mut diagnostics = 0;
    for _ in 0..times {
        let arena = tfvars_hcl::Arena::new();
        let parsed = tfvars_hcl::parse_body(&arena, &text, "variables.tf");
        diagnostics += parsed.diagnostics.len();
        std::hint::black_box(&parsed.value);
    }
    println!("{times} parses, {diagnostics} diagnostics");
}
