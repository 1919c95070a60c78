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
    text_encodings => "eval_text.tsv",
    generated => "eval_fuzz.tsv",
    generated_language => "eval_fuzz2.tsv",
    set_order => "eval_sets.tsv",
    generated_typed => "eval_fuzz3.tsv",
    generated_regex => "eval_fuzz_regex.tsv",
}

/// Cases where how many errors Terraform reports is the point: every one must be there, each
/// as often.
fn check_every_error(name: &str, text: &str, at_least: usize) {
    let (n, failures) = common::run_file_every_error(text);
    assert!(n >= at_least, "{name}: only {n} cases");
    assert!(
        failures.is_empty(),
        "{name}: {} of {n} cases differ from Terraform:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `for` expressions: the `if` clause, the key and the value of every element.
#[test]
fn for_expressions_report_every_error() {
    check_every_error("eval_for.tsv", include_str!("data/eval_for.tsv"), 10);
}

/// Splat expressions: the traversal of every element.
#[test]
fn splats_report_every_error() {
    check_every_error("eval_splat.tsv", include_str!("data/eval_splat.tsv"), 4);
}

/// Every function of Terraform 1.11 (`internal/lang/functions.go`, less the console-only
/// `type`) is known: evaluated, or left unknown with a reason, never "no function named".
#[test]
fn every_terraform_function_is_known() {
    const TERRAFORM_1_11: &[&str] = &[
        "abs",
        "abspath",
        "alltrue",
        "anytrue",
        "base64decode",
        "base64encode",
        "base64gzip",
        "base64sha256",
        "base64sha512",
        "basename",
        "bcrypt",
        "can",
        "ceil",
        "chomp",
        "chunklist",
        "cidrhost",
        "cidrnetmask",
        "cidrsubnet",
        "cidrsubnets",
        "coalesce",
        "coalescelist",
        "compact",
        "concat",
        "contains",
        "csvdecode",
        "dirname",
        "distinct",
        "element",
        "endswith",
        "ephemeralasnull",
        "file",
        "filebase64",
        "filebase64sha256",
        "filebase64sha512",
        "fileexists",
        "filemd5",
        "fileset",
        "filesha1",
        "filesha256",
        "filesha512",
        "flatten",
        "floor",
        "format",
        "formatdate",
        "formatlist",
        "indent",
        "index",
        "issensitive",
        "join",
        "jsondecode",
        "jsonencode",
        "keys",
        "length",
        "list",
        "log",
        "lookup",
        "lower",
        "map",
        "matchkeys",
        "max",
        "md5",
        "merge",
        "min",
        "nonsensitive",
        "one",
        "parseint",
        "pathexpand",
        "plantimestamp",
        "pow",
        "range",
        "regex",
        "regexall",
        "replace",
        "reverse",
        "rsadecrypt",
        "sensitive",
        "setintersection",
        "setproduct",
        "setsubtract",
        "setunion",
        "sha1",
        "sha256",
        "sha512",
        "signum",
        "slice",
        "sort",
        "split",
        "startswith",
        "strcontains",
        "strrev",
        "substr",
        "sum",
        "templatefile",
        "templatestring",
        "textdecodebase64",
        "textencodebase64",
        "timeadd",
        "timecmp",
        "timestamp",
        "title",
        "tobool",
        "tolist",
        "tomap",
        "tonumber",
        "toset",
        "tostring",
        "transpose",
        "trim",
        "trimprefix",
        "trimspace",
        "trimsuffix",
        "try",
        "upper",
        "urlencode",
        "uuid",
        "uuidv5",
        "values",
        "yamldecode",
        "yamlencode",
        "zipmap",
    ];
    let known = tfvars_runtime::eval::function_names();
    let missing: Vec<&&str> = TERRAFORM_1_11
        .iter()
        .filter(|f| !known.contains(f))
        .collect();
    assert!(missing.is_empty(), "unknown to the evaluator: {missing:?}");
    assert!(
        !known.contains(&"type"),
        "`type` exists only in terraform console"
    );
}
