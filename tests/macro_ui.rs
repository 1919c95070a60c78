//! Compile-time behaviour of `terraform_vars!`: what fails to compile, with which message, and
//! what compiles cleanly. Rewrite the `.stderr` files with `TRYBUILD=overwrite`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/bad_module/*.rs");
    t.compile_fail("tests/ui/usage/*.rs");
    t.compile_fail("tests/ui/warnings/*.rs");
    t.pass("tests/ui/pass/*.rs");
    t.pass("tests/ui/golden/*.rs");
}
