//! Does the cost grow linearly with the input? Each case is timed at size n and 4n (the best of
//! a few runs each) and the ratio printed: about 4 is linear, 16 would be quadratic. Run with
//! `cargo bench -p tfvars-runtime --bench scaling` (add a case name to run only the cases whose
//! name contains it). The ratios are reported, not asserted: timings on a shared machine vary.
//!
//! The cases: a module with 5,000 and 20,000 variables; a long line in a module; var files of
//! 12.5 and 50 MB; a list of 250,000 and 1,000,000 elements; a set with as many; a string of
//! 2.5 and 10 MB checked by `length` and `regex`; an error at the end of a very long line; one
//! error per variable in a var file; writing the values back out.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use tfvars_codegen::loader::load_sources;
use tfvars_codegen::source::SourceFile;
use tfvars_runtime::check::check;
use tfvars_runtime::json::parse_tfvars_json;
use tfvars_runtime::output::{to_tfvars_hcl, to_tfvars_json};
use tfvars_runtime::{CheckOptions, ModuleSpec, TerraformVersion};

const OPTIONS: CheckOptions = CheckOptions {
    version: TerraformVersion::V1_11,
    files: None,
};

fn module(text: &str) -> ModuleSpec {
    load_sources(
        "scaling",
        vec![SourceFile::new("main.tf", "main.tf", text.to_string())],
    )
    .expect("the module loads")
    .spec
}

/// The best of `runs` timings of `f`.
fn best(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap()
}

/// A case: given a size, prepare the input and return the work to time.
struct Case {
    name: &'static str,
    /// The size n (4n is timed too), and what it counts.
    n: usize,
    unit: &'static str,
    run: fn(usize) -> Box<dyn FnMut()>,
}

fn variables_module(n: usize) -> String {
    let mut text = String::with_capacity(n * 160);
    for i in 0..n {
        writeln!(
            text,
            "variable \"v{i}\" {{\n  type = object({{ a = string, b = optional(number, {i}) }})\n  \
             default = {{ a = \"x{i}\" }}\n  validation {{\n    condition = length(var.v{i}.a) > 0\n    \
             error_message = \"v{i}.a must not be empty\"\n  }}\n}}"
        )
        .unwrap();
    }
    text
}

fn string_list_json(n: usize) -> String {
    let mut text = String::with_capacity(n * 10 + 16);
    text.push_str("{\"l\": [");
    for i in 0..n {
        if i > 0 {
            text.push(',');
        }
        write!(text, "\"e{i}\"").unwrap();
    }
    text.push_str("]}");
    text
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "load_module_variables",
            n: 5_000,
            unit: "variables",
            run: |n| {
                let text = variables_module(n);
                Box::new(move || {
                    black_box(module(&text));
                })
            },
        },
        Case {
            name: "load_long_line_default",
            n: 250_000,
            unit: "tuple elements on one line",
            run: |n| {
                let items: Vec<String> = (0..n).map(|i| format!("\"e{i}\"")).collect();
                let text = format!(
                    "variable \"l\" {{\n  type = list(string)\n  default = [{}]\n}}\n",
                    items.join(", ")
                );
                Box::new(move || {
                    black_box(module(&text));
                })
            },
        },
        Case {
            name: "load_tf_json_one_line",
            n: 5_000,
            unit: "variables in a minified .tf.json",
            run: |n| {
                let mut text = String::from("{\"variable\": {");
                for i in 0..n {
                    if i > 0 {
                        text.push(',');
                    }
                    write!(
                        text,
                        "\"v{i}\": {{\"type\": \"string\", \"default\": \"é{i}\", \
                         \"validation\": [{{\"condition\": \"${{length(var.v{i}) > 0}}\", \
                         \"error_message\": \"v{i} must not be empty\"}}]}}"
                    )
                    .unwrap();
                }
                text.push_str("}}");
                Box::new(move || {
                    let file = SourceFile::new("main.tf.json", "main.tf.json", text.clone());
                    black_box(load_sources("scaling", vec![file]).expect("loads"));
                })
            },
        },
        Case {
            name: "read_var_file_one_line",
            n: 25_000,
            unit: "variables in a minified .tfvars.json",
            run: |n| {
                let mut text = String::from("{");
                for i in 0..n {
                    if i > 0 {
                        text.push(',');
                    }
                    write!(text, "\"v{i}\": {{\"a\": \"é{i}\"}}").unwrap();
                }
                text.push('}');
                Box::new(move || {
                    black_box(parse_tfvars_json(&text, "v.tfvars.json").expect("parses"));
                })
            },
        },
        Case {
            name: "check_big_var_file",
            n: 12_500_000,
            unit: "bytes of .tfvars.json",
            run: |bytes| {
                // One map variable of entries about 200 bytes long.
                let count = bytes / 200;
                let spec = module(
                    "variable \"m\" {\n  type = map(object({ name = string, port = number, \
                     tags = optional(list(string), []) }))\n  validation {\n    condition = \
                     alltrue([for k, v in var.m : v.port > 0])\n    error_message = \"bad port\"\n  \
                     }\n}\n"
                );
                let mut text = String::with_capacity(bytes + 64);
                text.push_str("{\"m\": {");
                for i in 0..count {
                    if i > 0 {
                        text.push(',');
                    }
                    write!(
                        text,
                        "\n  \"k{i:08}\": {{\"name\": \"service-{i:08}\", \"port\": {}, \"tags\": \
                         [\"team-{i:06}\", \"env-prod\", \"tier-{i:04}\", \"region-eu\"], \
                         \"note\": \"padding to two hundred bytes\"}}",
                        1 + i % 65000
                    )
                    .unwrap();
                }
                text.push_str("}}");
                Box::new(move || {
                    let inputs = parse_tfvars_json(&text, "big.tfvars.json").expect("parses");
                    let checked = check(&spec, &inputs, &OPTIONS);
                    assert!(checked.is_ok());
                    black_box(checked);
                })
            },
        },
        Case {
            name: "check_long_list",
            n: 250_000,
            unit: "list elements",
            run: |n| {
                let spec = module(
                    "variable \"l\" {\n  type = list(string)\n  validation {\n    condition = \
                     length(var.l) > 0 && alltrue([for e in var.l : startswith(e, \"e\")])\n    \
                     error_message = \"m\"\n  }\n}\n",
                );
                let text = string_list_json(n);
                Box::new(move || {
                    let inputs = parse_tfvars_json(&text, "l.tfvars.json").expect("parses");
                    assert!(check(&spec, &inputs, &OPTIONS).is_ok());
                })
            },
        },
        Case {
            name: "check_big_set",
            n: 250_000,
            unit: "set elements (half duplicates)",
            run: |n| {
                let spec = module(
                    "variable \"l\" {\n  type = set(string)\n  validation {\n    condition = \
                     length(distinct(tolist(var.l))) == length(var.l)\n    error_message = \"m\"\n  }\n}\n",
                );
                let mut text = String::from("{\"l\": [");
                for i in 0..n {
                    if i > 0 {
                        text.push(',');
                    }
                    // Unsorted, and every value twice.
                    write!(text, "\"e{}\"", (i * 7919) % n.div_ceil(2)).unwrap();
                }
                text.push_str("]}");
                Box::new(move || {
                    let inputs = parse_tfvars_json(&text, "s.tfvars.json").expect("parses");
                    assert!(check(&spec, &inputs, &OPTIONS).is_ok());
                })
            },
        },
        Case {
            name: "check_long_string",
            n: 2_500_000,
            unit: "bytes in one string",
            run: |n| {
                let spec = module(
                    "variable \"s\" {\n  type = string\n  validation {\n    condition = \
                     length(var.s) > 10 && can(regex(\"^[a-zé ]+$\", var.s)) && \
                     upper(var.s) != var.s\n    error_message = \"m\"\n  }\n}\n",
                );
                let words = "abc dé fgh ".repeat(n / 11 + 1);
                let text = format!("{{\"s\": \"{}\"}}", &words[..n]);
                Box::new(move || {
                    let inputs = parse_tfvars_json(&text, "s.tfvars.json").expect("parses");
                    let checked = check(&spec, &inputs, &OPTIONS);
                    assert!(checked.is_ok(), "{}", checked.report);
                })
            },
        },
        Case {
            name: "error_at_end_of_long_line",
            n: 1_000_000,
            unit: "bytes on the line",
            run: |n| {
                // A syntax error at the end of a long line of a var file: located by column.
                let text = format!("{{\"s\": \"{}\" \"x\": 1}}", "a".repeat(n));
                Box::new(move || {
                    let err = parse_tfvars_json(&text, "s.tfvars.json").unwrap_err();
                    black_box(err[0].to_string());
                })
            },
        },
        Case {
            name: "one_error_per_variable",
            n: 5_000,
            unit: "variables, each rejected",
            run: |n| {
                let spec = module(&variables_module(n));
                let mut text = String::from("{");
                for i in 0..n {
                    if i > 0 {
                        text.push(',');
                    }
                    write!(text, "\n\"v{i}\": {{\"a\": \"\"}}").unwrap();
                }
                text.push_str("\n}");
                Box::new(move || {
                    let inputs = parse_tfvars_json(&text, "v.tfvars.json").expect("parses");
                    let checked = check(&spec, &inputs, &OPTIONS);
                    assert_eq!(checked.report.errors().count(), n);
                    black_box(checked.report.to_string());
                })
            },
        },
        Case {
            name: "write_values",
            n: 250_000,
            unit: "list elements written as JSON and HCL",
            run: |n| {
                let inputs =
                    parse_tfvars_json(&string_list_json(n), "l.tfvars.json").expect("parses");
                Box::new(move || {
                    let vars = inputs.iter().map(|i| (i.name.as_str(), &i.value));
                    black_box(to_tfvars_json(vars.clone()));
                    black_box(to_tfvars_hcl(vars));
                })
            },
        },
    ]
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument filters the cases by name.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    println!(
        "{:<28} {:>12} {:>12} {:>12} {:>7}",
        "case", "n", "time(n)", "time(4n)", "ratio"
    );
    for case in cases() {
        if !filter.is_empty() && !filter.iter().any(|f| case.name.contains(f.as_str())) {
            continue;
        }
        // `SCALING_N=<n>` runs every selected case at that size instead.
        let n = std::env::var("SCALING_N")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(case.n);
        let mut small = (case.run)(n);
        let mut large = (case.run)(n * 4);
        // Warm up once each (allocator, regex caches), then keep the best of three.
        small();
        large();
        let t1 = best(3, &mut small);
        let t4 = best(3, &mut large);
        drop((small, large));
        println!(
            "{:<28} {:>12} {:>10.1}ms {:>10.1}ms {:>7.2}   ({})",
            case.name,
            n,
            t1.as_secs_f64() * 1e3,
            t4.as_secs_f64() * 1e3,
            t4.as_secs_f64() / t1.as_secs_f64(),
            case.unit
        );
    }
}
