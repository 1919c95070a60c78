//! The bad-input catalogue of the README ("Bad input: what you see") is what the tools print.
//!
//! The section between `<!-- catalogue:start -->` and `<!-- catalogue:end -->` is read as a
//! script:
//! - a fenced block whose info string is a language and a path (```` ```json x.tfvars.json ````)
//!   is a file, written into a scratch directory before anything runs;
//! - a ```` ```console ```` block is a transcript: each `$ command` line (with `  # exit N` when
//!   the status is not 0) is run by `sh` in the scratch directory, with this package's `tfvars`
//!   first on the `PATH`, and its output (stderr and stdout, as a terminal shows them) must be
//!   the lines that follow, where a line `…` stands for any number of lines;
//! - a ```` ```text PATH ```` block quotes a file of the repository (a UI test's expected
//!   compiler output): it must appear in that file, with the same `…` rule.
//!
//! The scratch directory links `tests/` and `examples/` to the repository's, so commands name
//! the fixtures as they are written in the README.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn catalogue() -> String {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let start = readme
        .find("<!-- catalogue:start -->")
        .expect("the README has the catalogue start marker");
    let end = readme
        .find("<!-- catalogue:end -->")
        .expect("the README has the catalogue end marker");
    readme[start..end].to_string()
}

#[derive(Debug)]
enum Block {
    File { path: String, body: String },
    Quote { path: String, lines: Vec<String> },
    Transcript(Vec<Step>),
}

#[derive(Debug)]
struct Step {
    line: usize,
    command: String,
    exit: i32,
    output: Vec<String>,
}

fn parse(section: &str) -> Vec<Block> {
    let lines: Vec<&str> = section.lines().collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(info) = lines[i].strip_prefix("```") else {
            i += 1;
            continue;
        };
        let open = i;
        let mut body = Vec::new();
        i += 1;
        while i < lines.len() && lines[i] != "```" {
            body.push(lines[i]);
            i += 1;
        }
        assert!(i < lines.len(), "unclosed block at catalogue line {open}");
        i += 1;
        let mut words = info.split_whitespace();
        let lang = words.next().unwrap_or("");
        let path = words.next().map(str::to_string);
        match (lang, path) {
            ("console", _) => blocks.push(Block::Transcript(steps(open, &body))),
            ("text", Some(path)) => blocks.push(Block::Quote {
                path,
                lines: body.iter().map(|l| l.to_string()).collect(),
            }),
            (_, Some(path)) => blocks.push(Block::File {
                path,
                body: body.join("\n") + "\n",
            }),
            _ => {}
        }
    }
    blocks
}

fn steps(open: usize, body: &[&str]) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    for (k, line) in body.iter().enumerate() {
        if let Some(command) = line.strip_prefix("$ ") {
            let (command, exit) = match command.rsplit_once("  # exit ") {
                Some((c, n)) => (c, n.parse().expect("an exit status")),
                None => (command, 0),
            };
            out.push(Step {
                line: open + k + 1,
                command: command.to_string(),
                exit,
                output: Vec::new(),
            });
        } else {
            out.last_mut()
                .expect("a transcript starts with a command")
                .output
                .push(line.to_string());
        }
    }
    out
}

/// Whether `actual` is `pattern`, where a `…` line of the pattern stands for any lines.
fn matches(pattern: &[String], actual: &[&str]) -> bool {
    match pattern.split_first() {
        None => actual.is_empty(),
        Some((p, rest)) if p == "…" => (0..=actual.len()).any(|k| matches(rest, &actual[k..])),
        Some((p, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| a == p && matches(rest, more)),
    }
}

/// A fresh directory of its own per call (process id and a counter), whichever tests run at once.
fn scratch(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("tfvars-{name}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sh(dir: &Path, command: &str) -> (i32, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_tfvars")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn every_message_in_the_catalogue_is_what_the_tools_print() {
    let blocks = parse(&catalogue());
    let dir = scratch("catalogue");
    for shared in ["tests", "examples"] {
        std::os::unix::fs::symlink(repo().join(shared), dir.join(shared)).unwrap();
    }
    for block in &blocks {
        if let Block::File { path, body } = block {
            let file = dir.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, body).unwrap();
        }
    }
    let mut failures = Vec::new();
    let mut commands = 0;
    for block in &blocks {
        match block {
            Block::Transcript(steps) => {
                for step in steps {
                    commands += 1;
                    let (code, text) = sh(&dir, &step.command);
                    let actual: Vec<&str> = text.lines().collect();
                    if code != step.exit || !matches(&step.output, &actual) {
                        failures.push(format!(
                            "catalogue line {}: `{}` exits {code} (catalogue: {}) and prints:\n{text}\ncatalogue says:\n{}\n",
                            step.line,
                            step.command,
                            step.exit,
                            step.output.join("\n")
                        ));
                    }
                }
            }
            Block::Quote { path, lines } => {
                let text = std::fs::read_to_string(repo().join(path)).unwrap();
                let actual: Vec<&str> = text.lines().collect();
                let mut pattern = vec!["…".to_string()];
                pattern.extend(lines.iter().cloned());
                pattern.push("…".to_string());
                if !matches(&pattern, &actual) {
                    failures.push(format!("the quote of `{path}` is not in it"));
                }
            }
            Block::File { .. } => {}
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(commands >= 40, "only {commands} commands in the catalogue");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_bad_module_fixture_is_in_the_catalogue() {
    let section = catalogue();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(repo().join("tests/modules/bad")).unwrap() {
        let entry = entry.unwrap();
        // Each case is a directory; the recording script sits beside them.
        if !entry.path().is_dir() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        if !section.contains(&format!("-i tests/modules/bad/{name}\n"))
            && !section.contains(&format!("-i tests/modules/bad/{name} "))
        {
            missing.push(name);
        }
    }
    missing.sort();
    assert!(missing.is_empty(), "not in the catalogue: {missing:?}");
}

#[test]
fn the_matcher_needs_every_line() {
    let p = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&p(&["a", "…", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&p(&["a", "…"]), &["a"]));
    assert!(!matches(&p(&["a", "b"]), &["a", "b", "c"]));
    assert!(!matches(&p(&["a", "…", "d"]), &["a", "b", "c"]));
    assert!(!matches(&p(&["a"]), &["A"]));
}

/// `tfvars validate` never prints a sensitive value: not in a failing run's diagnostics, with
/// or without `--values`, not for a wrong-typed value. On an accepted run, `--values` prints
/// every effective value, secrets included: that is what it is asked for (like
/// `terraform output -json`).
#[test]
fn validate_never_prints_a_secret() {
    let dir = scratch("secrets");
    let module = repo().join("tests/modules/secrets");
    let module = module.display();
    let files = [
        (
            "fails.tfvars.json",
            r#"{"region": "eu", "token": "zq7x-token", "pin": 987654321013, "db": {"user": "zq7x-user", "password": "zq7x-password"}, "keys": {"zq7x-keyname": "zq7x-key"}, "words": ["zq7x-word"], "cidr": "zq7x-cidr", "amount": "zq7x-amount"}"#,
        ),
        (
            "wrong.tfvars.json",
            r#"{"region": "eu", "token": ["zq7x-token"], "pin": "zq7x-pin", "db": {"user": "zq7x-user", "password": ["zq7x-password"]}, "keys": {"zq7x-keyname": ["zq7x-key"]}, "words": "zq7x-word", "cidr": {"a": "zq7x-cidr"}, "amount": ["zq7x-amount"]}"#,
        ),
        (
            "wrong.tfvars",
            "region = \"eu\"\ntoken = [\"zq7x-token\"]\npin = \"zq7x-pin\"\ndb = { user = \"zq7x-user\", password = [\"zq7x-password\"] }\nkeys = { \"zq7x-keyname\" = [1] }\n",
        ),
        ("unterminated.tfvars", "region = \"eu\"\ntoken = \"zq7x-token\npin = 1\n"),
        ("bare.tfvars", "region = \"eu\"\ntoken = zq7x-token\n"),
        (
            "template.tfvars",
            "region = \"eu\"\ntoken = \"${zq7x}\"\npin = 0x987654321013\n",
        ),
        ("escape.tfvars.json", r#"{"region": "eu", "token": "zq7x-\q"}"#),
        (
            "malformed.tfvars.json",
            r#"{"region": "eu", "token": zq7x-token, "pin": 987654321013}"#,
        ),
        (
            "label.tfvars.json",
            r#"{"region": "eu", "token": "tok-zq7x-0123456789012345678901234567890123456789", "pin": 1, "db": {"user": "zq7x-user", "password": "zq7x-0123456789012345678901234567890123456789"}}"#,
        ),
    ];
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    for (name, _) in files {
        for values in ["", "--values "] {
            let (code, text) = sh(&dir, &format!("tfvars validate {values}-i {module} {name}"));
            assert_eq!(code, 1, "{name} is rejected: {text}");
            let lower = text.to_lowercase();
            for needle in ["zq7x", "987654321", "4321013"] {
                assert!(
                    !lower.contains(needle),
                    "`tfvars validate {values}` on {name} shows a secret:\n{text}"
                );
            }
        }
    }
    // The label's message reaches `var.db.user` through a local: hidden too.
    let (_, text) = sh(
        &dir,
        &format!("tfvars validate -i {module} label.tfvars.json"),
    );
    assert!(
        text.contains("`var.label`: The error message included a sensitive value"),
        "{text}"
    );

    std::fs::write(
        dir.join("ok.tfvars.json"),
        r#"{"region": "eu", "token": "tok-zq7x-0123456789012345678901234567890123456789", "pin": 1, "db": {"user": "zq7x-user", "password": "zq7x-0123456789012345678901234567890123456789"}, "label": "long enough"}"#,
    )
    .unwrap();
    let (code, text) = sh(&dir, &format!("tfvars validate -i {module} ok.tfvars.json"));
    assert_eq!((code, text.as_str()), (0, ""));
    let (code, text) = sh(
        &dir,
        &format!("tfvars validate --values -i {module} ok.tfvars.json"),
    );
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("\"user\": \"zq7x-user\""), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
