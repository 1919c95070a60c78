//! The function library and the expression language against recorded `terraform console`
//! output (Terraform 1.11.4): one line per case in `tests/data/eval_*.tsv`.

mod common;

fn check(name: &str, text: &str) {
    let (n, failures) = common::run_file(text);
    if !failures.is_empty() {
        panic!(
            "{name}: {} of {n} cases differ from Terraform:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

macro_rules! family {
    ($($test:ident => $file:literal,)*) => {$(
        #[test]
        fn $test() {
            check($file, include_str!(concat!("data/", $file)));
        }
    )*};
}

family! {
    strings => "eval_strings.tsv",
    collections => "eval_collections.tsv",
    numeric => "eval_numeric.tsv",
    encoding => "eval_encoding.tsv",
    cidr => "eval_cidr.tsv",
    regex => "eval_regex.tsv",
    language => "eval_language.tsv",
    time_and_paths => "eval_time.tsv",
    common_patterns => "eval_patterns.tsv",
    conversions => "eval_conversions.tsv",
    regex_patterns => "eval_regex_patterns.tsv",
    unicode => "eval_unicode.tsv",
}
