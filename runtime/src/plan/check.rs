//! Checking a plan against a spec: every checked instance of every type the spec names is
//! run through its validator; what fails is a finding at the instance's address and the path
//! inside its planned value.

use std::fmt::{self, Write as _};

use super::reader::{Instance, Plan};
use super::spec::{describe_any, Spec, Validator};
use super::value::PlanValue;
use crate::value::write_json_string;

/// The outcome of checking a plan.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Every violation and every unknown value met, in plan order.
    pub findings: Vec<Finding>,
    /// How many instances were checked (created, updated or replaced managed resources).
    pub checked: usize,
    /// How many were not (deletions, no-ops, data sources, `forget`).
    pub skipped: usize,
}

impl Report {
    /// The violations.
    pub fn violations(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.kind == FindingKind::Violation)
    }

    /// The values a validator met that are known only after apply.
    pub fn unknowns(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.kind == FindingKind::Unknown)
    }

    /// Whether the plan passes: no violation, and no unknown value unless `allow_unknown`.
    pub fn passes(&self, allow_unknown: bool) -> bool {
        self.findings
            .iter()
            .all(|f| allow_unknown && f.kind == FindingKind::Unknown)
    }
}

/// What a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FindingKind {
    /// The value does not pass.
    Violation,
    /// The value is known only after apply: it neither passes nor fails.
    Unknown,
}

/// One failure of one validator. Sensitive values are never in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Violation or unknown value.
    pub kind: FindingKind,
    /// The instance: `module.net.terraform_data.subnet["a"]`.
    pub address: String,
    /// The instance's resource type.
    pub resource_type: String,
    /// Where in its planned value: `input.cidrs[0]`; empty for the whole instance.
    pub path: String,
    /// What the validator requires: `one of 22, 443`.
    pub expected: String,
    /// What the plan has: `8080`, `(sensitive value)`, `(known after apply)`, `nothing`.
    pub found: String,
}

/// `ADDRESS: PATH: expected …, found …`
impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.address)?;
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        write!(f, "expected {}, found {}", self.expected, self.found)
    }
}

impl Spec {
    /// Checks every created, updated or replaced managed instance of the plan whose type the
    /// spec names.
    pub fn check(&self, plan: &Plan) -> Report {
        let mut report = Report::default();
        for inst in &plan.instances {
            if !inst.is_checked() {
                report.skipped += 1;
                continue;
            }
            report.checked += 1;
            if let Some(v) = self.resources.get(&inst.resource_type) {
                check_instance(inst, v, &mut report.findings);
            }
        }
        report
    }
}

fn check_instance(inst: &Instance, v: &Validator, findings: &mut Vec<Finding>) {
    let mut raw = Vec::new();
    if let Validator::Forbid = v {
        let change = inst.change();
        let article = if change == "update" { "an" } else { "a" };
        raw.push(Raw {
            kind: FindingKind::Violation,
            path: String::new(),
            expected: format!(
                "no `{}` instance (the type is forbidden)",
                inst.resource_type
            ),
            found: format!("{article} {change}"),
        });
    } else {
        let at = At {
            value: inst.after.as_ref(),
            unknown: Mark::of(&inst.after_unknown),
            sensitive: Mark::of(&inst.after_sensitive),
        };
        let mut path = String::new();
        let mut out = Out {
            raw: Vec::new(),
            quiet: false,
        };
        eval(v, at, &mut path, &mut out);
        raw = out.raw;
    }
    findings.extend(raw.into_iter().map(|r| Finding {
        kind: r.kind,
        address: inst.address.clone(),
        resource_type: inst.resource_type.clone(),
        path: r.path,
        expected: r.expected,
        found: r.found,
    }));
}

struct Raw {
    kind: FindingKind,
    path: String,
    expected: String,
    found: String,
}

/// A mark tree of `after_unknown` or `after_sensitive` at some place.
#[derive(Clone, Copy)]
enum Mark<'a> {
    /// Marked, with everything inside.
    All,
    /// Marks for the parts.
    Parts(&'a PlanValue),
    /// Not marked.
    No,
}

impl<'a> Mark<'a> {
    fn of(v: &'a PlanValue) -> Mark<'a> {
        match v {
            PlanValue::Bool(true) => Mark::All,
            PlanValue::Object(_) | PlanValue::Array(_) => Mark::Parts(v),
            _ => Mark::No,
        }
    }

    fn key(self, k: &str) -> Mark<'a> {
        match self {
            Mark::All => Mark::All,
            Mark::Parts(PlanValue::Object(o)) => o.get(k).map_or(Mark::No, Mark::of),
            _ => Mark::No,
        }
    }

    fn index(self, i: usize) -> Mark<'a> {
        match self {
            Mark::All => Mark::All,
            Mark::Parts(PlanValue::Array(a)) => a.get(i).map_or(Mark::No, Mark::of),
            _ => Mark::No,
        }
    }

    fn all(self) -> bool {
        matches!(self, Mark::All)
    }

    /// Whether anything inside is marked.
    fn any(self) -> bool {
        fn any(v: &PlanValue) -> bool {
            match v {
                PlanValue::Bool(b) => *b,
                PlanValue::Array(a) => a.iter().any(any),
                PlanValue::Object(o) => o.values().any(any),
                _ => false,
            }
        }
        match self {
            Mark::All => true,
            Mark::Parts(v) => any(v),
            Mark::No => false,
        }
    }
}

/// A place in a planned value: the value (`None` when absent) and its marks.
#[derive(Clone, Copy)]
struct At<'a> {
    value: Option<&'a PlanValue>,
    unknown: Mark<'a>,
    sensitive: Mark<'a>,
}

impl<'a> At<'a> {
    fn key(self, k: &str) -> At<'a> {
        At {
            value: self.value.and_then(|v| v.get(k)),
            unknown: self.unknown.key(k),
            sensitive: self.sensitive.key(k),
        }
    }

    fn index(self, i: usize) -> At<'a> {
        At {
            value: self.value.and_then(|v| v.as_array()?.get(i)),
            unknown: self.unknown.index(i),
            sensitive: self.sensitive.index(i),
        }
    }

    /// Absent or null, and known.
    fn is_nothing(self) -> bool {
        !self.unknown.all() && self.value.is_none_or(PlanValue::is_null)
    }
}

/// Where findings go. A quiet one (for the alternatives of `any` and `deny`, whose own
/// findings are not reported) keeps only their kinds, without the cost of the messages.
struct Out {
    raw: Vec<Raw>,
    quiet: bool,
}

impl Out {
    fn quiet() -> Out {
        Out {
            raw: Vec::new(),
            quiet: true,
        }
    }

    fn add(
        &mut self,
        kind: FindingKind,
        path: &str,
        expected: impl FnOnce() -> String,
        found: impl FnOnce() -> String,
    ) {
        let (path, expected, found) = if self.quiet {
            (String::new(), String::new(), String::new())
        } else {
            (path.to_string(), expected(), found())
        };
        self.raw.push(Raw {
            kind,
            path,
            expected,
            found,
        });
    }
}

fn push(out: &mut Out, kind: FindingKind, path: &str, v: &Validator, at: At) {
    out.add(kind, path, || v.describe(), || render(at));
}

/// Pass, fail, or undecided because of unknown values.
#[derive(PartialEq, Eq)]
enum Outcome {
    Pass,
    Fail,
    Unknown,
}

fn outcome(raw: &[Raw]) -> Outcome {
    if raw.is_empty() {
        Outcome::Pass
    } else if raw.iter().any(|r| r.kind == FindingKind::Violation) {
        Outcome::Fail
    } else {
        Outcome::Unknown
    }
}

/// Runs `v` on the value at `at` (found at `path`), adding what fails to `out`.
fn eval(v: &Validator, at: At, path: &mut String, out: &mut Out) {
    use FindingKind::{Unknown, Violation};
    // Every validator but those that look inside containers meets a wholly unknown value
    // the same way.
    if at.unknown.all() && !matches!(v, Validator::All(_)) {
        push(out, Unknown, path, v, at);
        return;
    }
    match v {
        Validator::Eq(lit) => {
            let found = at.value.unwrap_or(&PlanValue::Null);
            let containers = matches!(lit, PlanValue::Array(_) | PlanValue::Object(_));
            if found != lit {
                if containers && at.unknown.any() {
                    push(out, Unknown, path, v, at);
                } else {
                    push(out, Violation, path, v, at);
                }
            }
        }
        Validator::Anything => {
            if at.is_nothing() {
                push(out, Violation, path, v, at);
            }
        }
        Validator::Forbid => {
            if !at.is_nothing() {
                push(out, Violation, path, v, at);
            }
        }
        Validator::Opt(inner) => {
            if !at.is_nothing() {
                eval(inner, at, path, out);
            }
        }
        Validator::All(vs) => {
            for inner in vs {
                eval(inner, at, path, out);
            }
        }
        Validator::Any(vs) => one_of(vs, at, path, out),
        Validator::Deny(vs) => {
            let mut unknown = false;
            for inner in vs {
                let mut tmp = Out::quiet();
                eval(inner, at, path, &mut tmp);
                match outcome(&tmp.raw) {
                    Outcome::Pass => {
                        push(out, Violation, path, v, at);
                        return;
                    }
                    Outcome::Unknown => unknown = true,
                    Outcome::Fail => {}
                }
            }
            if unknown {
                push(out, Unknown, path, v, at);
            }
        }
        Validator::List(l) => {
            let Some(items) = at.value.and_then(PlanValue::as_array) else {
                push(out, Violation, path, v, at);
                return;
            };
            let n = items.len();
            if l.min.is_some_and(|min| n < min) || l.max.is_some_and(|max| n > max) {
                out.add(
                    Violation,
                    path,
                    || v.describe(),
                    || format!("a list of {n} element{}", if n == 1 { "" } else { "s" }),
                );
            }
            if l.of.is_empty() {
                return;
            }
            let len = path.len();
            for i in 0..n {
                let _ = write!(path, "[{i}]");
                one_of(&l.of, at.index(i), path, out);
                path.truncate(len);
            }
        }
        Validator::Regex(r) => match at.value {
            Some(PlanValue::String(s)) if r.regex.is_match(s) => {}
            _ => push(out, Violation, path, v, at),
        },
        Validator::Object(o) => {
            if at.value.and_then(PlanValue::as_object).is_none() {
                push(out, Violation, path, v, at);
                return;
            }
            let len = path.len();
            for (key, inner) in &o.attrs {
                push_key(path, key);
                let child = at.key(key);
                if child.is_nothing() {
                    if !inner.accepts_nothing() {
                        push(out, Violation, path, inner, child);
                    }
                } else {
                    eval(inner, child, path, out);
                }
                path.truncate(len);
            }
        }
        Validator::Func(f) => {
            if at.unknown.any() {
                push(out, Unknown, path, v, at);
            } else if !(f.f)(at.value.unwrap_or(&PlanValue::Null)) {
                push(out, Violation, path, v, at);
            }
        }
    }
}

// `Any`: passes when one alternative does; a single alternative reports its own findings.
fn one_of(vs: &[Validator], at: At, path: &mut String, out: &mut Out) {
    if let [only] = vs {
        eval(only, at, path, out);
        return;
    }
    let mut unknown = false;
    for inner in vs {
        let mut tmp = Out::quiet();
        eval(inner, at, path, &mut tmp);
        match outcome(&tmp.raw) {
            Outcome::Pass => return,
            Outcome::Unknown => unknown = true,
            Outcome::Fail => {}
        }
    }
    let kind = if unknown {
        FindingKind::Unknown
    } else {
        FindingKind::Violation
    };
    out.add(kind, path, || describe_any(vs), || render(at));
}

fn push_key(path: &mut String, key: &str) {
    let ident = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if ident {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
    } else {
        path.push('[');
        write_json_string(path, key);
        path.push(']');
    }
}

/// A literal of a spec, as written in messages: `22`, `"tcp"`, `null`.
pub(crate) fn literal(v: &PlanValue) -> String {
    let mut out = String::new();
    write_value(&mut out, v, Mark::No, Mark::No, usize::MAX);
    out
}

const FOUND_LIMIT: usize = 200;

/// A value of the plan, as written in messages, with sensitive parts hidden, unknown parts
/// named, and long values cut.
fn render(at: At) -> String {
    if at.sensitive.all() {
        return "(sensitive value)".to_string();
    }
    if at.unknown.all() {
        return "(known after apply)".to_string();
    }
    match at.value {
        None => "nothing".to_string(),
        Some(v) => {
            let mut out = String::new();
            write_value(&mut out, v, at.unknown, at.sensitive, FOUND_LIMIT);
            if out.len() > FOUND_LIMIT {
                let mut cut = FOUND_LIMIT;
                while !out.is_char_boundary(cut) {
                    cut -= 1;
                }
                out.truncate(cut);
                out.push('…');
            }
            out
        }
    }
}

fn write_value(out: &mut String, v: &PlanValue, unknown: Mark, sensitive: Mark, limit: usize) {
    if sensitive.all() {
        out.push_str("(sensitive value)");
        return;
    }
    if unknown.all() {
        out.push_str("(known after apply)");
        return;
    }
    if out.len() > limit {
        return;
    }
    match v {
        PlanValue::Null => out.push_str("null"),
        PlanValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        PlanValue::Number(n) => out.push_str(&n.to_string()),
        PlanValue::String(s) => write_json_string(out, s),
        PlanValue::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(out, item, unknown.index(i), sensitive.index(i), limit);
                if out.len() > limit {
                    return;
                }
            }
            out.push(']');
        }
        PlanValue::Object(attrs) => {
            out.push('{');
            // Unknown attributes are left out of a planned object; name them too.
            let mut keys: Vec<&str> = attrs.keys().collect();
            if let Mark::Parts(PlanValue::Object(marks)) = unknown {
                for (k, m) in marks.iter() {
                    if *m == PlanValue::Bool(true) && !attrs.contains_key(k) {
                        keys.push(k);
                    }
                }
                keys.sort_unstable();
            }
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_json_string(out, k);
                out.push_str(": ");
                let item = attrs.get(k).unwrap_or(&PlanValue::Null);
                write_value(out, item, unknown.key(k), sensitive.key(k), limit);
                if out.len() > limit {
                    return;
                }
            }
            out.push('}');
        }
    }
}
