//! The differential test against Terraform's parser: every text of `syntax/cases.json` (grammar-
//! generated HCL with line breaks, comments and heredocs at legal and illegal places, one-edit
//! mutations of this repository's `.tf` and `.tfvars` files, and hand-written constructs) with
//! the syntax errors Terraform 1.11.4 reported for it as a `.tf` file, recorded by
//! `syntax/record.py`. Accepting or rejecting, and every error's summary, detail and start
//! (line, column, byte), must be Terraform's, in Terraform's order.
//!
//! `terraform_still_agrees_with_the_recording` re-judges a sample with the Terraform on the
//! PATH, when there is one, so the recording cannot drift from Terraform unnoticed.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use tfvars_hcl::LineIndex;

fn cases_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/syntax/cases.json")
}

/// A recorded text: where it came from, the file name Terraform read it under, the text, and
/// Terraform's syntax errors.
struct Case {
    origin: String,
    file: String,
    text: String,
    diagnostics: Vec<Value>,
}

fn recorded() -> Vec<Case> {
    let text = std::fs::read_to_string(cases_path()).expect("tests/syntax/cases.json");
    let doc: Value = serde_json::from_str(&text).expect("cases.json is JSON");
    doc["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| Case {
            origin: c["origin"].as_str().expect("origin").to_string(),
            file: c["file"].as_str().expect("file").to_string(),
            text: c["text"].as_str().expect("text").to_string(),
            diagnostics: c["diagnostics"].as_array().expect("diagnostics").clone(),
        })
        .collect()
}

/// A diagnostic as compared: summary, detail and start.
fn shown(summary: &str, detail: &str, start: [u64; 3]) -> String {
    format!(
        "{}:{} (byte {}) {summary}: {detail}",
        start[0], start[1], start[2]
    )
}

fn ours(text: &str, file: &str) -> Vec<String> {
    let arena = tfvars_hcl::Arena::new();
    let parsed = tfvars_hcl::parse_body(&arena, text, file);
    let lines = LineIndex::new(text);
    parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (start, _) = d.positions(text, &lines);
            shown(
                &d.summary,
                &d.detail,
                [start.line.into(), start.column.into(), start.byte.into()],
            )
        })
        .collect()
}

fn theirs(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| {
            let start = &d["start"];
            let n = |i: usize| start[i].as_u64().expect("position");
            shown(
                d["summary"].as_str().expect("summary"),
                d["detail"].as_str().expect("detail"),
                [n(0), n(1), n(2)],
            )
        })
        .collect()
}

#[test]
fn every_recorded_text_is_judged_as_terraform_judges_it() {
    let cases = recorded();
    assert!(cases.len() > 1000, "{} cases", cases.len());
    let mut wrong_verdict = Vec::new();
    let mut wrong_errors = Vec::new();
    for Case {
        origin,
        file,
        text,
        diagnostics,
    } in &cases
    {
        let (ours, theirs) = (ours(text, file), theirs(diagnostics));
        if ours.is_empty() != theirs.is_empty() {
            wrong_verdict.push(format!(
                "{origin} {text:?}\n  ours:   {ours:?}\n  theirs: {theirs:?}"
            ));
        } else if ours != theirs {
            wrong_errors.push(format!(
                "{origin} {text:?}\n  ours:   {ours:?}\n  theirs: {theirs:?}"
            ));
        }
    }
    let rejected = cases.iter().filter(|c| !c.diagnostics.is_empty()).count();
    eprintln!(
        "{} texts ({rejected} rejected by Terraform): {} verdicts differ, {} error lists differ",
        cases.len(),
        wrong_verdict.len(),
        wrong_errors.len()
    );
    assert!(
        wrong_verdict.is_empty() && wrong_errors.is_empty(),
        "verdicts:\n{}\n\nerrors:\n{}",
        wrong_verdict.join("\n"),
        wrong_errors.join("\n")
    );
}

/// Re-judges every 10th recorded text with the Terraform on the PATH (`record.py --check`).
#[test]
fn terraform_still_agrees_with_the_recording() {
    let terraform = Command::new("terraform").arg("version").output();
    if !terraform.is_ok_and(|o| o.status.success()) {
        eprintln!(
            "\n*** terraform is not on the PATH: the recorded verdicts were checked, but not \
             re-judged by Terraform ***\n"
        );
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/syntax/record.py");
    let out = Command::new("python3")
        .arg(&script)
        .args(["--check", "10"])
        .output()
        .expect("python3 runs record.py");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "Terraform no longer agrees with the recording:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("{}", stdout.trim_end());
}

/// The texts of the module fixtures, the large one among them.
fn fixture_texts() -> Vec<(String, String)> {
    let modules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/modules");
    let mut texts = Vec::new();
    for parent in [modules.clone(), modules.join("bad")] {
        for dir in std::fs::read_dir(parent).expect("tests/modules") {
            let dir = dir.expect("a fixture").path();
            let Ok(files) = std::fs::read_dir(&dir) else {
                continue;
            };
            for file in files {
                let path = file.expect("a file").path();
                if path.extension().is_some_and(|e| e == "tf") {
                    if let Ok(text) = std::fs::read_to_string(&path) {
                        texts.push((path.display().to_string(), text));
                    }
                }
            }
        }
    }
    texts.sort();
    texts
}

/// How the parts of `text` cut at `cuts` parse on their own: `None` when one does not,
/// otherwise their items in order, which must be those of the whole text.
fn parse_in_parts(text: &str, cuts: &[usize], origin: &str) -> Option<usize> {
    let arena = tfvars_hcl::Arena::new();
    let mut items = Vec::new();
    for range in cuts.windows(2) {
        let part = tfvars_hcl::parse_body_part(&arena, text, "x.tf", range[0]..range[1])?;
        assert_eq!(part.span.range().end, range[1], "{origin}: part {range:?}");
        items.extend_from_slice(part.items);
    }
    let whole = tfvars_hcl::parse_body(&arena, text, "x.tf");
    assert!(
        whole.diagnostics.is_empty(),
        "{origin}: every part of {cuts:?} parses on its own, the whole text has errors: {:?}",
        whole.diagnostics
    );
    assert!(
        items == whole.value.items,
        "{origin}: the parts of {cuts:?} differ from the whole"
    );
    Some(cuts.len() - 1)
}

/// A text cut into parts that each parse on its own is the whole text: on every recorded text
/// and every fixture, cut after each line, after every other line, every 7 and 13 bytes, and
/// where `body_cuts` puts the cuts; wherever one part is refused (a cut inside a block, a bracket, a string, a
/// heredoc, or a part with a syntax error), nothing is claimed.
#[test]
fn parts_that_parse_on_their_own_make_the_whole() {
    let mut texts: Vec<(String, String)> = recorded()
        .into_iter()
        .map(|case| (case.origin, case.text))
        .collect();
    texts.extend(fixture_texts());
    let (mut accepted, mut refused) = (0, 0);
    for (origin, text) in &texts {
        let lines: Vec<usize> = text.match_indices('\n').map(|(i, _)| i + 1).collect();
        let mut partitions: Vec<Vec<usize>> =
            (2..5).map(|n| tfvars_hcl::body_cuts(text, n)).collect();
        for step in [1, 2] {
            let mut cuts = vec![0];
            cuts.extend(lines.iter().step_by(step).filter(|&&c| c < text.len()));
            cuts.push(text.len());
            partitions.push(cuts);
        }
        // Cuts anywhere: inside tokens, strings, comments and characters' neighbours.
        for step in [7, 13] {
            let mut cuts: Vec<usize> = (0..text.len())
                .step_by(step)
                .filter(|&c| text.is_char_boundary(c))
                .collect();
            cuts.push(text.len());
            cuts.dedup();
            partitions.push(cuts);
        }
        for cuts in partitions {
            assert_eq!((cuts[0], cuts.last()), (0, Some(&text.len())), "{origin}");
            assert!(
                cuts.windows(2).all(|w| w[0] < w[1]) || text.is_empty(),
                "{origin}: {cuts:?}"
            );
            match parse_in_parts(text, &cuts, origin) {
                Some(parts) if parts > 1 => accepted += 1,
                Some(_) => {}
                None => refused += 1,
            }
        }
    }
    assert!(
        accepted > 100 && refused > 100,
        "{accepted} cut texts accepted, {refused} refused"
    );
}

/// `body_cuts` cuts a large file near its equal parts, and its parts parse on their own.
#[test]
fn a_large_file_is_cut_into_parts_of_like_size() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/modules/large/variables.tf");
    let text = std::fs::read_to_string(path).expect("the large module");
    for parts in [2, 3, 8] {
        let cuts = tfvars_hcl::body_cuts(&text, parts);
        assert_eq!(cuts.len(), parts + 1, "{cuts:?}");
        for (k, cut) in cuts.iter().enumerate() {
            let even = text.len() / parts * k;
            assert!(
                cut.abs_diff(even) < text.len() / 50,
                "cut {k} at {cut}, not near {even}"
            );
        }
        assert_eq!(parse_in_parts(&text, &cuts, "large"), Some(parts));
    }
}

/// `body_cuts` passes over a `}` line that is followed by a heredoc's end, an argument or the
/// end of the text, and cuts before the next block's header (after blank and comment lines),
/// with CRLF line ends too.
#[test]
fn cuts_are_made_before_a_block_header() {
    let text = "variable \"a\" {\n  description = <<EOT\n{\n  x = 1\n}\nEOT\n}\n\n# next\nvariable \"b\" {\n}\n";
    let cuts = tfvars_hcl::body_cuts(text, 2);
    let b = text.find("\n# next").unwrap();
    assert_eq!(cuts, [0, b, text.len()]);
    assert_eq!(parse_in_parts(text, &cuts, "heredoc"), Some(2));

    let crlf = text.replace('\n', "\r\n");
    let cuts = tfvars_hcl::body_cuts(&crlf, 2);
    assert_eq!(cuts, [0, crlf.find("\r\n# next").unwrap(), crlf.len()]);
    assert_eq!(parse_in_parts(&crlf, &cuts, "crlf"), Some(2));

    for tail in ["locals {\n}\na = 1\n", "locals {\n}\n"] {
        let text = format!("{}{tail}", "variable \"v\" {}\n".repeat(4));
        assert_eq!(tfvars_hcl::body_cuts(&text, 2), [0, text.len()], "{tail:?}");
    }
}

/// Every `.tf` file under `TFVARS_CORPUS` (the corpus `tests/real_modules/check.py` lays
/// out) that parses without an error is cut into 2, 3 and 4 parts where `body_cuts` puts the
/// cuts; where every part parses on its own, the parts' items are the whole file's. Prints how
/// many files were cut. Run with
/// `TFVARS_CORPUS=/tmp/corpus cargo test --release -p tfvars-hcl --test syntax -- --ignored`.
#[test]
#[ignore = "needs a corpus of published modules (TFVARS_CORPUS)"]
fn parts_of_published_files_make_the_whole() {
    let root = std::env::var("TFVARS_CORPUS").expect("TFVARS_CORPUS names the corpus");
    let mut files = Vec::new();
    let mut dirs = vec![PathBuf::from(root)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir)
            .expect("a corpus directory")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "tf") {
                files.push(path);
            }
        }
    }
    let (mut parsed, mut cut, mut refused) = (0, [0; 3], [0; 3]);
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let arena = tfvars_hcl::Arena::new();
        if !tfvars_hcl::parse_body(&arena, text, "x.tf")
            .diagnostics
            .is_empty()
        {
            continue;
        }
        parsed += 1;
        for (i, parts) in [2, 3, 4].into_iter().enumerate() {
            let cuts = tfvars_hcl::body_cuts(text, parts);
            if cuts.len() > 2 {
                match parse_in_parts(text, &cuts, &path.display().to_string()) {
                    Some(_) => cut[i] += 1,
                    None => refused[i] += 1,
                }
            }
        }
    }
    eprintln!(
        "{} files, {parsed} without syntax errors; cut into 2, 3, 4 parts: {cut:?}, refused: {refused:?}",
        files.len()
    );
    assert!(parsed > 0, "no file parsed under the corpus");
}

/// A range that is not a range of the text on character boundaries is refused, not a panic.
#[test]
fn a_part_outside_the_text_is_refused() {
    let text = "variable \"é\" {}\n";
    let arena = tfvars_hcl::Arena::new();
    let accent = text.find('é').unwrap();
    let (five, three) = (5, 3);
    for range in [0..text.len() + 1, accent + 1..text.len(), five..three] {
        assert!(
            tfvars_hcl::parse_body_part(&arena, text, "x.tf", range.clone()).is_none(),
            "{range:?}"
        );
    }
    assert!(tfvars_hcl::parse_body_part(&arena, text, "x.tf", 0..text.len()).is_some());
}

/// An even point inside a multi-byte character is moved to the next character, not given up.
#[test]
fn cuts_are_found_in_text_that_is_not_ascii() {
    let block = "variable \"v\" {\n  description = \"éééééééééééééééééééé\"\n}\n";
    for shift in 0..4 {
        let text = format!("{}{}", "#\n".repeat(shift), block.repeat(40));
        for parts in 2..6 {
            let cuts = tfvars_hcl::body_cuts(&text, parts);
            assert_eq!(cuts.len(), parts + 1, "{parts} parts: {cuts:?}");
            assert_eq!(parse_in_parts(&text, &cuts, "accents"), Some(parts));
        }
    }
}

#[test]
fn replaced_bytes_count_only_outside_comments() {
    // Each `\u{fffd}` stands for a byte that was not UTF-8.
    let text =
        "# a \u{fffd}\nx = \"\u{fffd}\" // \u{fffd}\n/* \u{fffd} */ y = <<EOT\n\u{fffd}\nEOT\n";
    let at: Vec<usize> = text.match_indices('\u{fffd}').map(|(i, _)| i).collect();
    assert_eq!(at.len(), 5);
    // In the first comment: no problem; in the string: the first one outside a comment.
    assert_eq!(
        tfvars_hcl::misencoded_outside_comments(text, &at[..1]),
        None
    );
    assert_eq!(
        tfvars_hcl::misencoded_outside_comments(text, &at),
        Some(at[1])
    );
    let in_comments = [at[0], at[2], at[3]];
    assert_eq!(
        tfvars_hcl::misencoded_outside_comments(text, &in_comments),
        None
    );
    // In the heredoc, after comments of every kind.
    assert_eq!(
        tfvars_hcl::misencoded_outside_comments(text, &[at[0], at[2], at[3], at[4]]),
        Some(at[4])
    );
    assert_eq!(tfvars_hcl::misencoded_outside_comments(text, &[]), None);
}
