//! `can(formatdate(F, var.x))` as a `pattern`: the RFC 3339 timestamps Terraform reads
//! (`YYYY-MM-DDThh:mm:ss`, an optional fraction of any length after a `.`, then `Z` or an offset
//! `±hh:mm`), every field in range and the day within its month: 29 February only in leap
//! years (divisible by 4, and by 400 where divisible by 100; 0000 is one). Held to Terraform's
//! verdicts in `codegen/tests/schema_timestamp.rs`.

/// Two digits from `00` to `23`.
const HOUR: &str = "(?:[01][0-9]|2[0-3])";
/// Two digits from `00` to `59`.
const SIXTY: &str = "[0-5][0-9]";

/// The pattern of the timestamps Terraform's `formatdate`, `timeadd` and `timecmp` accept.
pub(super) fn rfc3339() -> String {
    let months_31 = "(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])";
    let months_30 = "(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)";
    let february = "02-(?:0[1-9]|1[0-9]|2[0-8])";
    let leap_year = "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)";
    format!(
        "^(?:[0-9]{{4}}-(?:{months_31}|{months_30}|{february})|{leap_year}-02-29)\
         T{HOUR}:{SIXTY}:{SIXTY}(?:\\.[0-9]+)?(?:Z|[+-]{HOUR}:{SIXTY})$"
    )
}
