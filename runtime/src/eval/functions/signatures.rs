//! The parameter types of the builtins. HCL converts every argument to its
//! parameter's type before the function runs (and before null checks), so a wrongly typed
//! argument is reported first, as `Invalid value for "offset" parameter: a number is required`.

use crate::types::Type;

const S: Option<Type> = Some(Type::String);
const N: Option<Type> = Some(Type::Number);
const A: Option<Type> = None;

fn list(t: Type) -> Option<Type> {
    Some(Type::list(t))
}

fn set_any() -> Option<Type> {
    Some(Type::set(Type::Any))
}

/// Per position, the type of each parameter that HCL converts arguments to (`None` for
/// parameters of any type). For a variadic function the last entry applies to the remaining
/// arguments.
pub(crate) fn param_types(name: &str) -> Vec<Option<Type>> {
    use Type::{Any, Bool, String as Str};
    match name {
        "setunion" | "setintersection" | "setsubtract" => vec![set_any(), set_any()],
        "matchkeys" => vec![list(Any), list(Any), list(Any)],
        "compact" | "sort" => vec![list(Str)],
        "alltrue" | "anytrue" => vec![list(Bool)],
        "distinct" => vec![list(Any)],
        "transpose" => vec![Some(Type::map(Type::list(Str)))],
        "zipmap" => vec![list(Str), A],
        other => primitive_params(other).to_vec(),
    }
}

fn primitive_params(name: &str) -> &'static [Option<Type>] {
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
