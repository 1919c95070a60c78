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
        assert_eq!((loc.file.as_str(), loc.line), ("x.tfvars", 1), "{d}");
        assert!(loc.column <= 7, "{d}");
    }
}
