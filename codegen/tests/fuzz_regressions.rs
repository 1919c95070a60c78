//! Inputs the fuzzers (`fuzz/`) found to break the code generator's readers, kept as
//! regression tests. Each test names the target that found it; longer inputs are kept in
//! `fuzz/regressions/`.

use tfvars_codegen::tfvars_hcl::parse_tfvars;

// tfvars_hcl: for a name alone on its line, the name was taken to start one byte after the
// last character that cannot be in a name; after `\u{558}` (two bytes) that is inside the
// character, and slicing the text there panicked. `\u{558}` is no letter in the Unicode
// version HCL's identifiers follow (9.0): Terraform 1.11.4 reports it and the NUL after it.
#[test]
fn parse_error_inside_a_character_is_reported_at_the_character() {
    let text = include_str!("../../fuzz/regressions/tfvars_hcl-offset-inside-a-character.tfvars");
    let diags = parse_tfvars(text, "x.tfvars").expect_err("not a valid file");
    let got: Vec<String> = diags
        .iter()
        .map(|d| format!("{} {}", d.location.as_ref().expect("located"), d.summary))
        .collect();
    assert_eq!(
        got,
        [
            "x.tfvars:1:1 Invalid character",
            "x.tfvars:1:1 Argument or block definition required",
            "x.tfvars:1:3 Invalid character",
        ]
    );
}

// tfvars_hcl: hcl-edit (the parser then in use) reported its error for `a Odéé` at byte 7, the
// second byte of the first `é`, and wording the error sliced the text there: a panic.
#[test]
fn parse_error_reported_inside_a_character_is_located_at_it() {
    let diags = parse_tfvars("a Od\u{e9}\u{e9}", "x.tfvars").expect_err("not a valid file");
    assert!(!diags.is_empty());
    for d in &diags {
        let loc = d.location.as_ref().expect("located");
        assert_eq!((&*loc.file, loc.line), ("x.tfvars", 1), "{d}");
        assert!(loc.column <= 7, "{d}");
    }
}

// loader: a problem placed inside a run of carriage returns ending a long line (a lone `\r` is
// an invalid character) showed the line cut to a window that began past the line's text, and
// slicing it panicked. Terraform 1.11.4 reports the same 100 problems, 96 of them one per `\r`.
#[test]
fn a_problem_in_a_long_line_break_shows_the_end_of_the_line() {
    let dir = std::env::temp_dir().join(format!("tfvars-fuzz-crlf-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("main.tf"),
        include_bytes!("../../fuzz/regressions/loader-problem-in-a-long-line-break.tf"),
    )
    .unwrap();
    let err = tfvars_codegen::load(&dir).expect_err("not a valid module");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(err.problems.len(), 100);
    let last_cr = err
        .problems
        .iter()
        .find(|p| p.location.as_ref().map(ToString::to_string).as_deref() == Some("main.tf:9:425"))
        .expect("the last carriage return is reported");
    assert_eq!(
        last_cr.message,
        "Invalid character: This character is not used within the language"
    );
    let snippet = last_cr.snippet.as_deref().unwrap();
    assert!(
        snippet.starts_with('…') && snippet.ends_with("< 5"),
        "{snippet}"
    );
}

// tfvars_hcl: `76315e-470313578 * 987515e-470313578` was kept exact (about 7.5e-940627147), past
// the smallest magnitude Go's `big.Float` holds (2^-2147483648); written back as a literal it
// read as 0, which is what Terraform 1.11.4 gives for the product itself (recorded from
// `terraform console` in the runtime's `eval_numeric.tsv`, with the overflow to infinity).
#[test]
fn a_product_past_the_number_range_reads_back_as_written() {
    let text = "n = 76315e-470313578 * 987515e-470313578 * 98756109%6109%13307e308\n";
    let inputs = parse_tfvars(text, "x.tfvars").expect("a valid file");
    assert_eq!(inputs[0].value.to_json().expect("finite"), "0");
}
