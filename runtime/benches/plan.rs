//! Checking a large plan: a generated `terraform show -json` plan of 10,000 resource
//! instances (about 50 MB: `prior_state`, `planned_values`, `resource_changes` with before and
//! after values and marks, `configuration`), read with `Plan::from_json` and checked against a
//! spec with regular expressions, `any`, `list`, `opt` and nested objects. The same is timed
//! at 2,500 instances (a quarter of the size): the ratio of the two medians is about 4 when the
//! cost is linear. Run with `cargo bench -p tfvars-runtime --features plan --bench plan`.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tfvars_runtime::plan::{Plan, Spec};

const SPEC: &str = r#"
resources:
  google_compute_firewall:
    name: {regex: "^fw-[a-z0-9-]+$"}
    network: anything
    description: {opt: {regex: "."}}
    enable_logging: true
    priority: {any: [1000, 2000]}
    labels: {team: {any: [infra, web, data]}, env: {deny: [dev]}}
    allow:
      list:
        of:
          - protocol: tcp
            ports: {list: {of: [{regex: "^[0-9]+(-[0-9]+)?$"}], min: 1}}
          - protocol: icmp
        min: 1
    source_ranges: {list: {of: [{regex: "^10\\."}], min: 1, max: 16}}
    log_config: {list: {of: [{metadata: {any: [INCLUDE_ALL_METADATA, EXCLUDE_ALL_METADATA]}}], max: 1}}
  aws_instance: forbid
"#;

/// One instance's planned object: about 1.7 KB of JSON.
fn after(i: usize) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        r#"{{"name":"fw-{i}-allow-internal","network":"projects/p/global/networks/net-{n}","description":"internal traffic {i}","enable_logging":true,"priority":1000,"direction":"INGRESS","disabled":false,"project":"project-{n}","labels":{{"team":"infra","env":"prod","cost_center":"cc-{i}"}},"allow":[{{"protocol":"tcp","ports":["22","80","443","8000-8999"]}},{{"protocol":"icmp","ports":[]}}],"deny":[],"source_ranges":["10.0.0.0/8","10.{a}.0.0/16","10.{a}.{b}.0/24"],"source_tags":null,"target_tags":["web","internal","tier-{n}"],"log_config":[{{"metadata":"INCLUDE_ALL_METADATA"}}],"timeouts":null,"source_service_accounts":null,"target_service_accounts":null,"destination_ranges":null,"big":123456789012345678901234567890.5,"ratio":0.000123,"metadata":{{{meta}}}}}"#,
        meta = (0..20)
            .map(|k| format!(r#""key-{k}":"value-{k}-{i}""#))
            .collect::<Vec<_>>()
            .join(","),
        n = i % 37,
        a = i % 250,
        b = i % 199,
    );
    s
}

const UNKNOWN: &str = r#"{"id":true,"self_link":true,"creation_timestamp":true,"allow":[{"ports":[false,false,false,false]},{"ports":[]}],"deny":[],"labels":{},"source_ranges":[false,false,false],"target_tags":[false,false,false],"log_config":[{}],"metadata":{}}"#;
const SENSITIVE: &str = r#"{"allow":[{"ports":[false,false,false,false]},{"ports":[]}],"deny":[],"labels":{},"source_ranges":[false,false,false],"target_tags":[false,false,false],"log_config":[{}],"metadata":{}}"#;

/// A plan of `n` firewall instances, a third of them updates, the rest creates.
fn plan_text(n: usize) -> String {
    let mut prior = String::new();
    let mut planned = String::new();
    let mut changes = String::new();
    let mut config = String::new();
    for i in 0..n {
        let sep = if i == 0 { "" } else { "," };
        let addr = format!(
            "module.net[{}].google_compute_firewall.rule[\\\"r{i}\\\"]",
            i % 10
        );
        let module = format!("module.net[{}]", i % 10);
        let v = after(i);
        let update = i % 3 == 0;
        let before = if update {
            v.replace("\"priority\":1000", "\"priority\":2000")
        } else {
            "null".to_string()
        };
        let actions = if update {
            r#"["update"]"#
        } else {
            r#"["create"]"#
        };
        let _ = write!(
            planned,
            r#"{sep}{{"address":"{addr}","mode":"managed","type":"google_compute_firewall","name":"rule","index":"r{i}","provider_name":"registry.terraform.io/hashicorp/google","schema_version":1,"values":{v},"sensitive_values":{SENSITIVE}}}"#
        );
        if update {
            let _ = write!(
                prior,
                r#"{sep}{{"address":"{addr}","mode":"managed","type":"google_compute_firewall","name":"rule","index":"r{i}","provider_name":"registry.terraform.io/hashicorp/google","schema_version":1,"values":{before},"sensitive_values":{SENSITIVE}}}"#
            );
        }
        let _ = write!(
            changes,
            r#"{sep}{{"address":"{addr}","module_address":"{module}","mode":"managed","type":"google_compute_firewall","name":"rule","index":"r{i}","provider_name":"registry.terraform.io/hashicorp/google","change":{{"actions":{actions},"before":{before},"after":{v},"after_unknown":{UNKNOWN},"before_sensitive":{SENSITIVE},"after_sensitive":{SENSITIVE}}}}}"#
        );
        let _ = write!(
            config,
            r#"{sep}{{"address":"google_compute_firewall.rule","mode":"managed","type":"google_compute_firewall","name":"rule","provider_config_key":"google","expressions":{{"name":{{"references":["each.key"]}},"allow":[{{"protocol":{{"constant_value":"tcp"}},"ports":{{"constant_value":["22","80","443","8000-8999"]}}}}],"source_ranges":{{"references":["var.ranges","each.value.range","local.common_ranges"]}},"labels":{{"references":["local.labels","each.value.labels"]}}}},"schema_version":1,"for_each_expression":{{"references":["var.rules"]}}}}"#
        );
    }
    format!(
        r#"{{"format_version":"1.2","terraform_version":"1.11.4","prior_state":{{"format_version":"1.0","terraform_version":"1.11.4","values":{{"root_module":{{"resources":[{prior}]}}}}}},"planned_values":{{"root_module":{{"resources":[{planned}]}}}},"resource_changes":[{changes}],"configuration":{{"provider_config":{{}},"root_module":{{"resources":[{config}]}}}},"timestamp":"2026-01-01T00:00:00Z","applyable":true,"complete":true,"errored":false}}"#
    )
}

/// CPU time of this thread: on a shared machine it says what the work costs when wall time
/// also counts the waits for a core.
fn thread_cpu() -> Duration {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid timespec to write to.
        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
        Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
    }
    #[cfg(not(unix))]
    Duration::ZERO
}

/// Medians of seven runs of read + check: (wall, CPU).
fn medians(spec: &Spec, text: &str) -> (Duration, Duration) {
    let mut wall = Vec::new();
    let mut cpu = Vec::new();
    // One run to warm up (page faults of a first allocation of this size).
    black_box(spec.check(&Plan::from_json(text).unwrap()));
    for _ in 0..7 {
        let (w, c) = (Instant::now(), thread_cpu());
        let plan = Plan::from_json(text).unwrap();
        black_box(spec.check(&plan));
        drop(plan);
        wall.push(w.elapsed());
        cpu.push(thread_cpu() - c);
    }
    wall.sort();
    cpu.sort();
    (wall[3], cpu[3])
}

fn bench_plan(c: &mut Criterion) {
    let spec = Spec::from_yaml(SPEC, "bench.yaml").expect("the spec reads");
    // Linearity: n and 4n, wall and CPU time, before criterion's own runs.
    let (small, large) = (plan_text(2_500), plan_text(10_000));
    let (ws, cs) = medians(&spec, &small);
    let (wl, cl) = medians(&spec, &large);
    eprintln!(
        "read + check, medians of 7: 2,500 instances ({:.1} MB) wall {ws:.2?} CPU {cs:.2?}; \
         10,000 ({:.1} MB) wall {wl:.2?} CPU {cl:.2?}; 4n/n: wall {:.2}, CPU {:.2}",
        small.len() as f64 / 1e6,
        large.len() as f64 / 1e6,
        wl.as_secs_f64() / ws.as_secs_f64(),
        cl.as_secs_f64() / cs.as_secs_f64(),
    );
    let mut group = c.benchmark_group("check_plan");
    group.sample_size(10);
    for n in [2_500, 10_000] {
        let text = plan_text(n);
        let plan = Plan::from_json(&text).expect("the plan reads");
        assert_eq!(plan.instances.len(), n);
        let report = spec.check(&plan);
        assert_eq!(report.checked, n);
        assert!(report.findings.is_empty(), "{}", report.findings[0]);
        eprintln!("{n} instances: {:.1} MB", text.len() as f64 / 1e6);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("read_and_check_{n}"), |b| {
            b.iter(|| {
                let plan = Plan::from_json(&text).unwrap();
                spec.check(&plan)
            })
        });
        group.bench_function(format!("check_only_{n}"), |b| b.iter(|| spec.check(&plan)));
    }
    group.finish();
}

criterion_group!(benches, bench_plan);
criterion_main!(benches);
