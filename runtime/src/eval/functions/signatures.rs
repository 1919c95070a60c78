//! The primitive parameter types of the builtins. HCL converts every argument to its
//! parameter's type before the function runs (and before null checks), so a wrongly typed
//! argument is reported first, as `Invalid value for "offset" parameter: a number is required`.

use crate::types::Type;

const S: Option<Type> = Some(Type::String);
const N: Option<Type> = Some(Type::Number);
const A: Option<Type> = None;

/// Per position, the primitive type of each parameter (`None` for other types). For a
/// variadic function the last entry applies to the remaining arguments.
pub(crate) fn primitive_params(name: &str) -> &'static [Option<Type>] {
    match name {
        "upper" | "lower" | "title" | "trimspace" | "strrev" | "chomp" | "jsondecode"
        | "base64encode" | "base64decode" | "urlencode" | "csvdecode" | "md5" | "sha1"
        | "sha256" | "sha512" | "base64sha256" | "base64sha512" | "cidrnetmask" | "basename"
        | "dirname" => &[S],
        "trim" | "trimprefix" | "trimsuffix" | "startswith" | "endswith" | "strcontains"
        | "split" | "regex" | "regexall" | "formatdate" | "timeadd" | "timecmp" | "uuidv5"
        | "textencodebase64" | "textdecodebase64" => &[S, S],
        "replace" => &[S, S, S],
        "substr" => &[S, N, N],
        "indent" => &[N, S],
        "join" | "format" | "formatlist" => &[S, A],
        "lookup" => &[A, S, A],
        "element" | "chunklist" => &[A, N],
        "slice" => &[A, N, N],
        "range" | "min" | "max" | "abs" | "ceil" | "floor" | "signum" => &[N],
        "pow" | "log" => &[N, N],
        "parseint" => &[A, N],
        "cidrhost" => &[S, N],
        "cidrsubnet" => &[S, N, N],
        "cidrsubnets" => &[S, N],
        _ => &[],
    }
}
