//! The runtime is the oracle of the JSON Schema: for every fixture module (`tests/modules/*`,
//! `examples/*`, the Terraform-recorded modules of `tests/conformance/cases`) and every variable,
//! values are generated from the variable's type and the literals of its rules (the default,
//! each literal, each numeric boundary ±1 and ±0.5, mutated strings, collections of those,
//! objects with each attribute varied, left out or null, `null`, the variable left out, and the
//! spellings Terraform converts: numbers and bools for strings, numeric strings for numbers,
//! "true"/"1" for bools). Each value is put into a document where every other required variable
//! holds a value the runtime accepts, and the schema's verdict (draft-07, `jsonschema` crate)
//! is compared with the runtime's (`tfvars_runtime::check::check`, which agrees with
//! Terraform), in every combination of `--terraform-conversions`, `--nullable-all` and
//! `--terraform-version 1.11|latest`:
//!
//! - with `--terraform-conversions` the schema must accept every document the runtime accepts
//!   (a schema never rejects what Terraform accepts); and it must reject every document the
//!   runtime rejects, when the varied variable is exact: all its rules translated, not listed in
//!   `Rendered::inexact`, no `any` inside a collection (element unification is not expressed),
//!   and no left-out rule of another variable that refers to it;
//! - without it, the schema is terraschema's strict one (it rejects converted spellings and
//!   nulls Terraform accepts), so only the other direction holds: for an exact variable, the
//!   schema accepts no document the runtime rejects.
//!
//! Strings and keys that NFC changes (a literal decomposed, `K` spelled U+212A KELVIN SIGN, a
//! combining mark after it) are judged too: the schema must accept them wherever the runtime
//! does, and, since it lets such text through a rule on text unchecked
//! (`schema::unchecked_text`), a value holding such text is not required to be rejected.
//!
//! Generation is deterministic (a fixed seed); a failure names the module, the variable, the
//! value and the flags.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value as J};
use tfvars_codegen::schema::{self, SchemaOptions};
use tfvars_runtime::expr::TemplatePart;
use tfvars_runtime::{CheckOptions, Expr, TerraformVersion, Type, Value, VariableSpec};

/// A small deterministic generator (xorshift64*), so that runs are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The generator's random numbers for one module, from its name.
fn seeded(name: &str) -> Rng {
    // `TFVARS_ORACLE_SEED` draws other values (`oracle.py --seed`); the fixtures keep `SEED`.
    let seed = std::env::var("TFVARS_ORACLE_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .map_or(SEED, |s| SEED ^ s.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    Rng(seed
        ^ name
            .bytes()
            .fold(0u64, |h, b| h.wrapping_mul(31) ^ b as u64))
}

/// The literals of a module's locals, which rules may compare values with.
fn locals_literals(module: &tfvars_codegen::Module) -> Literals {
    let mut lits = Literals::default();
    for l in &module.spec.locals {
        literals_of(&l.expr, &mut lits);
    }
    lits
}

const SEED: u64 = 0x7f4a_7c15_9e37_79b9;
/// Values tried per variable (sampled deterministically when more are generated).
const PER_VARIABLE: usize = 120;

#[derive(Default)]
struct Literals {
    strings: Vec<String>,
    numbers: Vec<f64>,
}

fn literals_of(e: &Expr, out: &mut Literals) {
    let mut walk = |e: &Expr| literals_of(e, out);
    match e {
        Expr::At(at) => walk(&at.0),
        Expr::Literal(Value::String(s)) => walk_string(s, out),
        Expr::Literal(Value::Number(n)) => {
            if let Ok(f) = n.to_terraform_string().parse::<f64>() {
                if f.is_finite() {
                    out.numbers.push(f);
                }
            }
        }
        Expr::Literal(_) | Expr::Variable(_) | Expr::Local(_) | Expr::Bound(_) => {}
        Expr::Unknown(_) => {}
        Expr::AmbiguousKey(traversal) => walk(traversal),
        Expr::Template(parts) => parts_literals(parts, out),
        Expr::Tuple(items) => items.iter().for_each(walk),
        Expr::Object(items) => items.iter().for_each(|(k, v)| {
            literals_of(k, out);
            literals_of(v, out);
        }),
        Expr::GetAttr(a, name) => {
            out.strings.push(name.clone());
            literals_of(a, out);
        }
        Expr::Index(a, b) | Expr::Binary(_, a, b) => {
            literals_of(a, out);
            literals_of(b, out);
        }
        Expr::Splat { source, each, .. } => {
            literals_of(source, out);
            literals_of(each, out);
        }
        Expr::Unary(_, a) => literals_of(a, out),
        Expr::Conditional(a, b, c) => {
            literals_of(a, out);
            literals_of(b, out);
            literals_of(c, out);
        }
        Expr::Call { args, .. } => args.iter().for_each(walk),
        Expr::For(f) => {
            literals_of(&f.collection, out);
            literals_of(&f.value, out);
            if let Some(k) = &f.key {
                literals_of(k, out);
            }
            if let Some(c) = &f.condition {
                literals_of(c, out);
            }
        }
    }
}

fn walk_string(s: &str, out: &mut Literals) {
    out.strings.push(s.to_string());
}

fn parts_literals(parts: &[TemplatePart], out: &mut Literals) {
    for p in parts {
        match p {
            TemplatePart::Literal(s) => walk_string(s, out),
            TemplatePart::Interpolation(e) => literals_of(e, out),
            TemplatePart::If {
                condition,
                then,
                otherwise,
            } => {
                literals_of(condition, out);
                parts_literals(then, out);
                parts_literals(otherwise, out);
            }
            TemplatePart::For {
                collection, body, ..
            } => {
                literals_of(collection, out);
                parts_literals(body, out);
            }
        }
    }
}

fn num(f: f64) -> J {
    if f.fract() == 0.0 && f.abs() < 1e15 {
        json!(f as i64)
    } else {
        json!(f)
    }
}

fn dedup(values: Vec<J>) -> Vec<J> {
    let mut seen = BTreeSet::new();
    values
        .into_iter()
        .filter(|v| seen.insert(v.to_string()))
        .collect()
}

/// Values for a node of type `ty`; `depth` limits nesting.
fn generate(ty: &Type, lits: &Literals, rng: &mut Rng, depth: usize, hint: Option<&J>) -> Vec<J> {
    let nested = |t: &Type, rng: &mut Rng| -> Vec<J> {
        let mut v = generate(t, lits, rng, depth + 1, None);
        v.truncate(if depth == 0 { 14 } else { 4 });
        v
    };
    let mut out: Vec<J> = Vec::new();
    match ty {
        Type::String => {
            for s in lits.strings.iter().take(16) {
                out.push(json!(s));
                out.push(json!(format!("{s}x")));
                out.push(json!(format!("-{s}")));
                out.push(json!(s.to_uppercase()));
                if s.len() > 1 {
                    let cut = rng.below(s.len());
                    if s.is_char_boundary(cut) {
                        out.push(json!(format!(
                            "{}{}",
                            &s[..cut],
                            &s[cut..].replacen(|_| true, "", 1)
                        )));
                    }
                }
            }
            // Spellings NFC turns into the literal (or into another text): Terraform judges
            // the NFC form.
            for s in lits.strings.iter().take(8) {
                out.extend(nfc_variants(s).into_iter().map(|v| json!(v)));
            }
            for n in lits.numbers.iter().take(6) {
                out.push(json!(num(*n).to_string()));
                out.push(json!("a".repeat((*n).clamp(0.0, 70.0) as usize)));
                out.push(json!("a".repeat(((*n) + 1.0).clamp(0.0, 70.0) as usize)));
            }
            for s in [
                "",
                "a",
                "abc",
                "hello world",
                "true",
                "false",
                "10",
                "-1.5",
                "A_b-9",
            ] {
                out.push(json!(s));
            }
            // Spellings Terraform converts to a string.
            out.extend([
                json!(0),
                json!(5),
                json!(-1),
                json!(1.5),
                json!(true),
                json!(false),
            ]);
            out.extend(lits.numbers.iter().take(4).map(|n| num(*n)));
        }
        Type::Number => {
            for n in lits.numbers.iter().take(12) {
                for d in [0.0, -1.0, 1.0, -0.5, 0.5] {
                    out.push(num(n + d));
                }
                out.push(json!(num(*n).to_string()));
                out.push(json!(num(n + 1.0).to_string()));
            }
            out.extend([
                json!(0),
                json!(1),
                json!(-1),
                json!(2.5),
                json!(65536),
                json!("+1"),
                json!("1e3"),
                json!("abc"),
                json!(""),
                json!(true),
            ]);
        }
        Type::Bool => out.extend([
            json!(true),
            json!(false),
            json!("true"),
            json!("false"),
            json!("1"),
            json!("0"),
            json!(1),
            json!("yes"),
        ]),
        Type::Any => {
            out.extend(lits.strings.iter().take(6).map(|s| json!(s)));
            out.extend(lits.numbers.iter().take(4).map(|n| num(*n)));
            out.extend([
                json!("a"),
                json!(1),
                json!(true),
                json!([1, "a"]),
                json!({"a": 1}),
            ]);
            // An object default: each key left out, null, or given another value.
            if let Some(J::Object(d)) = hint {
                let mut keys: Vec<String> = d.keys().cloned().collect();
                keys.extend(lits.strings.iter().take(8).cloned());
                for k in keys {
                    let mut b = d.clone();
                    b.remove(&k);
                    out.push(J::Object(b.clone()));
                    for v in [J::Null, json!(5), json!(true), json!([])]
                        .into_iter()
                        .chain(lits.strings.iter().take(6).map(|s| json!(s)))
                    {
                        b.insert(k.clone(), v);
                        out.push(J::Object(b.clone()));
                    }
                }
            }
        }
        _ if depth >= 3 => out.push(J::Null),
        Type::List(t) | Type::Set(t) => {
            let elems = nested(t, rng);
            out.push(json!([]));
            for e in &elems {
                out.push(json!([e]));
            }
            if elems.len() >= 2 {
                let (a, b) = (rng.below(elems.len()), rng.below(elems.len()));
                out.push(json!([elems[a], elems[b]]));
                out.push(json!([elems[0], elems[1]]));
                out.push(json!([elems[0], elems[0]]));
                out.push(J::Array(elems.iter().take(12).cloned().collect()));
            }
            out.push(json!([null]));
            out.push(json!("x"));
        }
        Type::Map(t) => {
            let elems = nested(t, rng);
            out.push(json!({}));
            for e in &elems {
                out.push(json!({ "k": e }));
            }
            for k in lits.strings.iter().take(6) {
                if let Some(e) = elems.first() {
                    out.push(json!({ k.clone(): e }));
                    for v in nfc_variants(k).into_iter().take(2) {
                        out.push(json!({ v: e }));
                    }
                }
            }
            if elems.len() >= 2 {
                out.push(json!({"a": elems[0], "b": elems[1]}));
                let many: Map<String, J> = (0..8)
                    .map(|i| (format!("k{i}"), elems[rng.below(elems.len())].clone()))
                    .collect();
                out.push(J::Object(many));
            }
            out.push(json!({ "k": null }));
            out.push(json!("x"));
        }
        Type::Tuple(ts) => {
            let per: Vec<Vec<J>> = ts.iter().map(|t| nested(t, rng)).collect();
            let base: Vec<J> = per
                .iter()
                .map(|v| v.first().cloned().unwrap_or(J::Null))
                .collect();
            out.push(J::Array(base.clone()));
            for (i, vs) in per.iter().enumerate() {
                for v in vs {
                    let mut b = base.clone();
                    b[i] = v.clone();
                    out.push(J::Array(b));
                }
            }
            out.push(json!([]));
        }
        Type::Object(attrs) => {
            let per: Vec<Vec<J>> = attrs.iter().map(|a| nested(&a.ty, rng)).collect();
            let mut base = Map::new();
            for (a, vs) in attrs.iter().zip(&per) {
                // The variable's default, then the attribute's, then a generated value.
                let v = hint
                    .and_then(|h| h.get(&*a.name))
                    .filter(|v| !v.is_null())
                    .cloned()
                    .or_else(|| a.default.as_ref().and_then(to_json))
                    .or_else(|| vs.first().cloned())
                    .unwrap_or(J::Null);
                base.insert(a.name.to_string(), v);
            }
            out.push(J::Object(base.clone()));
            for (a, vs) in attrs.iter().zip(&per) {
                for v in vs {
                    let mut b = base.clone();
                    b.insert(a.name.to_string(), v.clone());
                    out.push(J::Object(b));
                }
                let mut b = base.clone();
                b.remove(&*a.name);
                out.push(J::Object(b.clone()));
                b.insert(a.name.to_string(), J::Null);
                out.push(J::Object(b));
            }
            // An attribute named by a key whose NFC form is its name.
            for a in attrs {
                use unicode_normalization::UnicodeNormalization;
                let alias = nfc_variants(&a.name)
                    .into_iter()
                    .find(|v| v.nfc().collect::<String>() == *a.name);
                if let (Some(v), Some(name)) = (base.get(&*a.name), alias) {
                    let mut b = base.clone();
                    let v = v.clone();
                    b.remove(&*a.name);
                    b.insert(name, v);
                    out.push(J::Object(b));
                }
            }
            let mut b = base.clone();
            b.insert("zz_extra".into(), json!(1));
            out.push(J::Object(b));
            out.push(json!({}));
            out.push(json!("x"));
        }
    }
    dedup(out)
}

/// Texts whose NFC form differs from the text: `s` decomposed, with `K`, `;` and `` ` `` spelled
/// as the characters NFC turns into them (U+212A, U+037E, U+1FEF), and `s` with a combining
/// acute accent after it (which NFC composes with a letter). The NFC form of the first two is `s`.
fn nfc_variants(s: &str) -> Vec<String> {
    use unicode_normalization::UnicodeNormalization;
    let mut out = Vec::new();
    let decomposed: String = s.nfd().collect();
    if decomposed != s {
        out.push(decomposed);
    }
    let singletons: String = s
        .chars()
        .map(|c| match c {
            'K' => '\u{212A}',
            ';' => '\u{37E}',
            '`' => '\u{1FEF}',
            c => c,
        })
        .collect();
    if singletons != s {
        out.push(singletons);
    }
    out.push(format!("{s}\u{301}"));
    out
}

fn to_json(v: &Value) -> Option<J> {
    let text = tfvars_codegen::json_text::to_string(
        &tfvars_codegen::json_text::Json::from_value(v).ok()?,
        Default::default(),
    );
    serde_json::from_str(&text).ok()
}

/// The candidate values of one variable, `None` standing for "left out".
fn candidates(
    var: &VariableSpec,
    locals_lits: &Literals,
    extra: &[String],
    rng: &mut Rng,
) -> Vec<Option<J>> {
    let mut lits = Literals::default();
    for rule in &var.validations {
        literals_of(&rule.condition, &mut lits);
    }
    lits.strings
        .extend(locals_lits.strings.iter().take(8).cloned());
    lits.numbers.extend(locals_lits.numbers.iter().take(8));
    lits.strings.sort();
    lits.strings.dedup();
    // Strings that match the rules' patterns come first: a base document needs them.
    for (i, x) in extra.iter().enumerate() {
        lits.strings.retain(|s| s != x);
        lits.strings.insert(i, x.clone());
    }
    lits.numbers.sort_by(f64::total_cmp);
    lits.numbers.dedup();
    let mut values = Vec::new();
    let default = var.default.as_ref().and_then(to_json);
    if let Some(d) = &default {
        values.push(d.clone());
    }
    values.extend(generate(&var.ty, &lits, rng, 0, default.as_ref()));
    values.push(J::Null);
    let mut values = dedup(values);
    while values.len() > PER_VARIABLE {
        // Keep the default and the first values; drop others at random.
        let i = 8 + rng.below(values.len() - 8);
        values.remove(i);
    }
    let mut out: Vec<Option<J>> = values.into_iter().map(Some).collect();
    out.push(None);
    out
}

fn unifies_elements(ty: &Type) -> bool {
    match ty {
        Type::List(t) | Type::Set(t) | Type::Map(t) => t.has_any() || unifies_elements(t),
        Type::Tuple(ts) => ts.iter().any(unifies_elements),
        Type::Object(attrs) => attrs.iter().any(|a| unifies_elements(&a.ty)),
        _ => false,
    }
}

fn refers_to(e: &Expr, name: &str) -> bool {
    match e {
        Expr::Variable(v) => v == name,
        // A local may refer to it: assume it does (conservative).
        Expr::Local(_) => true,
        _ => e.children().into_iter().any(|c| refers_to(c, name)),
    }
}

/// The fixture modules; with `TFVARS_ORACLE_DIRS` naming a file that lists module directories
/// (one a line), those instead: the same comparison over published modules outside the
/// repository (`tests/real_modules/oracle.py`).
fn module_dirs() -> Vec<PathBuf> {
    if let Ok(list) = std::env::var("TFVARS_ORACLE_DIRS") {
        let text = std::fs::read_to_string(&list).unwrap_or_else(|e| panic!("{list}: {e}"));
        return text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(PathBuf::from)
            .collect();
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut dirs = Vec::new();
    for parent in ["tests/modules", "examples", "tests/conformance/cases"] {
        let Ok(entries) = std::fs::read_dir(root.join(parent)) else {
            continue;
        };
        for e in entries {
            let p = e.expect("readable").path();
            if p.is_dir() && p.file_name().is_some_and(|n| n != "bad" && n != "large") {
                dirs.push(p);
            }
        }
    }
    dirs.sort();
    dirs
}

/// Keeps only the locals the validation rules use, directly or through other locals. The
/// runtime evaluates every local, as `terraform plan` does, and a published module's local can
/// fail on an input no rule is about (an index past the end of a `split`): no schema follows
/// that, and the comparison is about the rules (as `judged.py` gives Terraform only the
/// variables, and the locals when a rule uses one).
fn keep_rules_locals(module: &mut tfvars_codegen::Module) {
    use tfvars_codegen::lower::locals_used;
    let mut wanted: Vec<String> = Vec::new();
    for v in module.variables() {
        for rule in &v.validations {
            for e in [&rule.condition, &rule.error_message] {
                wanted.extend(locals_used(e).into_iter().map(String::from));
            }
        }
    }
    let mut kept = BTreeSet::new();
    while let Some(name) = wanted.pop() {
        if kept.insert(name.clone()) {
            if let Some(local) = module.spec.locals.iter().find(|l| l.name == name) {
                wanted.extend(locals_used(&local.expr).into_iter().map(String::from));
            }
        }
    }
    module.spec.locals.retain(|l| kept.contains(&l.name));
}

/// The runtime's verdict on a document: `None` when a rule stays unchecked.
fn runtime_verdict(
    module: &tfvars_codegen::Module,
    doc: &Map<String, J>,
    version: TerraformVersion,
) -> Option<bool> {
    let text = serde_json::to_string(&J::Object(doc.clone())).expect("serialises");
    let inputs = tfvars_runtime::json::parse_tfvars_json(&text, "oracle.tfvars.json").ok()?;
    let checked = tfvars_runtime::check::check(
        &module.spec,
        &inputs,
        &CheckOptions {
            version,
            files: None,
        },
    );
    if checked
        .report
        .diagnostics
        .iter()
        .any(|d| d.severity == tfvars_runtime::Severity::Unchecked)
    {
        return None;
    }
    Some(checked.is_ok())
}

/// The number of errors the runtime reports for a document.
fn runtime_errors(
    module: &tfvars_codegen::Module,
    doc: &Map<String, J>,
    version: TerraformVersion,
) -> usize {
    let text = serde_json::to_string(&J::Object(doc.clone())).expect("serialises");
    let Ok(inputs) = tfvars_runtime::json::parse_tfvars_json(&text, "oracle.tfvars.json") else {
        return usize::MAX;
    };
    let checked = tfvars_runtime::check::check(
        &module.spec,
        &inputs,
        &CheckOptions {
            version,
            files: None,
        },
    );
    checked
        .report
        .diagnostics
        .iter()
        .filter(|d| d.severity == tfvars_runtime::Severity::Error)
        .count()
}

/// A base document the runtime accepts, found greedily: each variable in turn takes the
/// candidate (or absence, when it has a default) that leaves the fewest errors; two passes,
/// since rules may refer to other variables.
fn base_document(
    module: &tfvars_codegen::Module,
    per_var: &[Vec<Option<J>>],
    version: TerraformVersion,
) -> Map<String, J> {
    let mut base = Map::new();
    for (v, cands) in module.variables().iter().zip(per_var) {
        if v.required() {
            if let Some(Some(first)) = cands.first() {
                base.insert(v.name.clone(), first.clone());
            }
        }
    }
    for _pass in 0..2 {
        for (v, cands) in module.variables().iter().zip(per_var) {
            let mut best = (runtime_errors(module, &base, version), None);
            if best.0 == 0 {
                break;
            }
            for c in cands {
                if c.is_none() && v.required() {
                    continue;
                }
                let mut doc = base.clone();
                match c {
                    Some(c) => doc.insert(v.name.clone(), c.clone()),
                    None => doc.remove(&v.name),
                };
                let errors = runtime_errors(module, &doc, version);
                if errors < best.0 {
                    best = (errors, Some(doc));
                }
            }
            if let (_, Some(doc)) = best {
                base = doc;
            }
        }
    }
    base
}

/// A document varying two variables named by one rule: their indexes, what was given, the
/// document and the runtime's verdict.
type Together = (usize, usize, String, Map<String, J>, bool);

#[derive(Default)]
struct Tally {
    compared: usize,
    agreed: usize,
    exact_compared: usize,
    conv_compared: usize,
    conv_agreed: usize,
    conv_exact_compared: usize,
    conv_exact_agreed: usize,
    unchecked: usize,
    /// Documents varying two variables named by one rule.
    pairs_compared: usize,
    pairs_exact: usize,
    /// Values of variables exact only because the other variables of their partly checked
    /// rules are left out.
    exact_where_left_out: usize,
    pairs_exact_agreed: usize,
    failures: Vec<String>,
}

#[test]
fn schema_verdicts_equal_the_runtime() {
    let versions = [TerraformVersion::V1_11, TerraformVersion::Latest];
    let mut tally = Tally::default();
    let mut modules = 0;
    let published = std::env::var_os("TFVARS_ORACLE_DIRS").is_some();
    for dir in module_dirs() {
        let Ok(mut module) = tfvars_codegen::load(&dir) else {
            continue;
        };
        if module.variables().is_empty() {
            continue;
        }
        if published {
            keep_rules_locals(&mut module);
        }
        modules += 1;
        let name = dir
            .strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
            .unwrap_or(&dir)
            .display()
            .to_string();
        let mut rng = seeded(&name);
        let locals_lits = locals_literals(&module);
        let per_var: Vec<Vec<Option<J>>> = module
            .variables()
            .iter()
            .map(|v| candidates(v, &locals_lits, &[], &mut rng))
            .collect();
        for version in versions {
            let base = base_document(&module, &per_var, version);
            let base_ok = runtime_verdict(&module, &base, version) == Some(true);
            if !base_ok {
                let text = serde_json::to_string(&J::Object(base.clone())).expect("serialises");
                let why: Vec<String> = tfvars_runtime::json::parse_tfvars_json(&text, "base.json")
                    .map(|inputs| {
                        tfvars_runtime::check::check(
                            &module.spec,
                            &inputs,
                            &CheckOptions {
                                version,
                                files: None,
                            },
                        )
                        .report
                        .diagnostics
                        .iter()
                        .filter(|d| d.severity != tfvars_runtime::Severity::Warning)
                        .map(|d| format!("{}: {}", d.summary, d.detail))
                        .collect()
                    })
                    .unwrap_or_default();
                eprintln!("{name}: no base document the runtime accepts ({text}): {why:?}");
            }
            let verdicts: Vec<Vec<Option<bool>>> = module
                .variables()
                .iter()
                .zip(&per_var)
                .map(|(v, cands)| {
                    cands
                        .iter()
                        .map(|c| {
                            let mut doc = base.clone();
                            match c {
                                Some(c) => doc.insert(v.name.clone(), c.clone()),
                                None => doc.remove(&v.name),
                            };
                            runtime_verdict(&module, &doc, version)
                        })
                        .collect()
                })
                .collect();
            // Rules between variables: the variables each such rule names, varied together
            // (each pair: left out, null, and a few other values of each).
            let mut pairs: Vec<(usize, usize)> = Vec::new();
            let vars = module.variables();
            for (i, v) in vars.iter().enumerate() {
                for (j, w) in vars.iter().enumerate() {
                    if i != j
                        && !pairs.contains(&(i.min(j), i.max(j)))
                        && v.validations
                            .iter()
                            .any(|r| refers_to(&r.condition, &w.name))
                    {
                        pairs.push((i.min(j), i.max(j)));
                    }
                }
            }
            let few = |cands: &[Option<J>]| -> Vec<Option<J>> {
                let mut out: Vec<Option<J>> = vec![None, Some(J::Null)];
                for c in cands.iter().filter(|c| !matches!(c, None | Some(J::Null))) {
                    if out.len() >= 5 {
                        break;
                    }
                    if !out.contains(c) {
                        out.push(c.clone());
                    }
                }
                out
            };
            let mut together: Vec<Together> = Vec::new();
            for &(i, j) in &pairs {
                for a in few(&per_var[i]) {
                    for b in few(&per_var[j]) {
                        let mut doc = base.clone();
                        let mut label = Vec::new();
                        for (k, c) in [(i, &a), (j, &b)] {
                            let name = &vars[k].name;
                            match c {
                                Some(c) => {
                                    label.push(format!("var.{name} = {c}"));
                                    doc.insert(name.clone(), c.clone())
                                }
                                None => {
                                    label.push(format!("var.{name} left out"));
                                    doc.remove(name)
                                }
                            };
                        }
                        if let Some(runtime) = runtime_verdict(&module, &doc, version) {
                            together.push((i, j, label.join(", "), doc, runtime));
                        }
                    }
                }
            }
            for conversions in [true, false] {
                for nullable_all in [false, true] {
                    let mut options = SchemaOptions::new();
                    options
                        .terraform_conversions(conversions)
                        .nullable_all(nullable_all)
                        .terraform_version(version);
                    let flags = format!(
                        "{}{}--terraform-version {}",
                        if conversions {
                            "--terraform-conversions "
                        } else {
                            ""
                        },
                        if nullable_all { "--nullable-all " } else { "" },
                        if version == TerraformVersion::V1_11 {
                            "1.11"
                        } else {
                            "latest"
                        }
                    );
                    let rendered = schema::render(&module, &options).expect("renders");
                    let Ok(schema_json) = serde_json::from_str::<J>(&rendered.text) else {
                        continue;
                    };
                    let validator = jsonschema::draft7::new(&schema_json).unwrap_or_else(|e| {
                        panic!("{name} [{flags}]: schema does not compile: {e}")
                    });
                    let left_out: Vec<&VariableSpec> = module
                        .variables()
                        .iter()
                        .filter(|v| {
                            let quoted = format!("couldn't apply validation for \"{}\"", v.name);
                            rendered.warnings.iter().any(|w| w.starts_with(&quoted))
                        })
                        .collect();
                    // A variable whose left-out rules are all checked where the other
                    // variables they name are left out: exact in documents leaving them out.
                    let left_out_count = |name: &str| {
                        let quoted = format!("couldn't apply validation for \"{name}\"");
                        rendered
                            .warnings
                            .iter()
                            .filter(|w| w.starts_with(&quoted))
                            .count()
                    };
                    let exact_where_left_out = |v: &VariableSpec, doc: &Map<String, J>| {
                        let partial: Vec<&Vec<String>> = rendered
                            .checked_where_left_out
                            .iter()
                            .filter(|(n, _)| *n == v.name)
                            .map(|(_, others)| others)
                            .collect();
                        !partial.is_empty()
                            && partial.len() == left_out_count(&v.name)
                            && partial
                                .iter()
                                .flat_map(|o| o.iter())
                                .all(|o| !doc.contains_key(o))
                    };
                    // Exact but for its own rules left out.
                    let exact_var_but_left_out = |v: &VariableSpec| {
                        base_ok
                            && !rendered.inexact.iter().any(|(n, _)| *n == v.name)
                            && !unifies_elements(&v.ty)
                            && !left_out.iter().any(|w| {
                                w.name != v.name
                                    && w.validations
                                        .iter()
                                        .any(|r| refers_to(&r.condition, &v.name))
                            })
                    };
                    let exact_var = |v: &VariableSpec| {
                        exact_var_but_left_out(v) && !left_out.iter().any(|w| w.name == v.name)
                    };
                    for (i, j, label, doc, runtime) in &together {
                        // Text NFC could change passes the schema unchecked.
                        let checked_text = |k: usize| {
                            !doc.get(&vars[k].name)
                                .is_some_and(schema::holds_unchecked_text)
                        };
                        let exact = exact_var(&vars[*i])
                            && exact_var(&vars[*j])
                            && checked_text(*i)
                            && checked_text(*j);
                        let ours = validator.is_valid(&J::Object(doc.clone()));
                        tally.pairs_compared += 1;
                        let bad = if conversions {
                            (*runtime && !ours) || (exact && ours && !runtime)
                        } else {
                            exact && ours && !runtime
                        };
                        if exact && conversions {
                            tally.pairs_exact += 1;
                            tally.pairs_exact_agreed += usize::from(ours == *runtime);
                        }
                        if bad {
                            tally.failures.push(format!(
                                "{name}: {label} [{flags}]: runtime {}, schema {} (document: {})",
                                if *runtime { "accepts" } else { "rejects" },
                                if ours { "accepts" } else { "rejects" },
                                J::Object(doc.clone()),
                            ));
                        }
                    }
                    for ((v, cands), verdicts) in
                        module.variables().iter().zip(&per_var).zip(&verdicts)
                    {
                        let exact_v = exact_var(v)
                            || (exact_var_but_left_out(v) && exact_where_left_out(v, &base));
                        if exact_v && !exact_var(v) {
                            tally.exact_where_left_out += cands.len();
                        }
                        for (c, runtime) in cands.iter().zip(verdicts) {
                            // Text NFC could change passes the schema unchecked.
                            let exact =
                                exact_v && !c.as_ref().is_some_and(schema::holds_unchecked_text);
                            let Some(runtime) = *runtime else {
                                tally.unchecked += 1;
                                continue;
                            };
                            let mut doc = base.clone();
                            match c {
                                Some(c) => doc.insert(v.name.clone(), c.clone()),
                                None => doc.remove(&v.name),
                            };
                            let ours = validator.is_valid(&J::Object(doc));
                            tally.compared += 1;
                            if ours == runtime {
                                tally.agreed += 1;
                            }
                            if exact {
                                tally.exact_compared += 1;
                            }
                            if conversions {
                                tally.conv_compared += 1;
                                tally.conv_agreed += usize::from(ours == runtime);
                                if exact {
                                    tally.conv_exact_compared += 1;
                                    tally.conv_exact_agreed += usize::from(ours == runtime);
                                }
                            }
                            let value = c
                                .as_ref()
                                .map(|c| c.to_string())
                                .unwrap_or_else(|| "(left out)".into());
                            let bad = if conversions {
                                (runtime && !ours) || (exact && ours && !runtime)
                            } else {
                                exact && ours && !runtime
                            };
                            if bad {
                                tally.failures.push(format!(
                                    "{name}: var.{} = {value} [{flags}]: runtime {}, schema {}",
                                    v.name,
                                    if runtime { "accepts" } else { "rejects" },
                                    if ours { "accepts" } else { "rejects" },
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "{modules} modules; {} (document, flags) pairs compared, {} with the varied variable exact; verdicts equal on {} ({:.2}%); {} undecided by the runtime (unchecked rules)",
        tally.compared,
        tally.exact_compared,
        tally.agreed,
        100.0 * tally.agreed as f64 / tally.compared.max(1) as f64,
        tally.unchecked
    );
    eprintln!(
        "with --terraform-conversions: {} compared, verdicts equal on {} ({:.2}%); exact variables: {} compared, equal on {}",
        tally.conv_compared,
        tally.conv_agreed,
        100.0 * tally.conv_agreed as f64 / tally.conv_compared.max(1) as f64,
        tally.conv_exact_compared,
        tally.conv_exact_agreed
    );
    eprintln!(
        "variables named by one rule, varied together: {} compared; with --terraform-conversions and both exact: {}, equal on {}",
        tally.pairs_compared, tally.pairs_exact, tally.pairs_exact_agreed
    );
    eprintln!(
        "values of variables exact because the other variables of their partly checked rules are left out: {}",
        tally.exact_where_left_out
    );
    if std::env::var_os("TFVARS_ORACLE_DIRS").is_none() {
        assert!(modules > 50, "only {modules} modules");
    }
    if let Ok(path) = std::env::var("TFVARS_ORACLE_FAILURES") {
        std::fs::write(&path, tally.failures.join("\n") + "\n")
            .unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    assert!(
        tally.failures.is_empty(),
        "{} disagreements:\n{}",
        tally.failures.len(),
        tally
            .failures
            .iter()
            .take(60)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The generator above, for modules outside the repository: `tests/real_modules/judged.py`
/// has Terraform judge these values on published modules. For each directory listed in the
/// file `TFVARS_CANDIDATES_DIRS` (one a line), writes one JSON line to `TFVARS_CANDIDATES_OUT`:
/// `{"dir", "base", "base_runtime", "variables": [{"name", "required", "rules", "candidates":
/// [{"value"} | {"absent": true}, with "runtime": true | false | null]}]}`, where `base` is a
/// document the runtime accepts (Terraform 1.11 semantics) and each candidate is meant to
/// replace its variable in it. A directory that does not load is written as `{"dir", "error"}`.
/// Beside the literals, each variable's candidates include a string matching each pattern of its
/// rules (GUIDs, resource IDs), which published modules often require of every input.
#[test]
#[ignore = "writes candidate documents for tests/real_modules/judged.py"]
fn dump_candidates() {
    use std::io::Write;
    let list = std::env::var("TFVARS_CANDIDATES_DIRS")
        .expect("TFVARS_CANDIDATES_DIRS names a file listing module directories");
    let out_path =
        std::env::var("TFVARS_CANDIDATES_OUT").expect("TFVARS_CANDIDATES_OUT names the output");
    let dirs = std::fs::read_to_string(&list).unwrap_or_else(|e| panic!("{list}: {e}"));
    let mut out = std::io::BufWriter::new(
        std::fs::File::create(&out_path).unwrap_or_else(|e| panic!("{out_path}: {e}")),
    );
    let version = TerraformVersion::V1_11;
    for dir in dirs.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let module = match tfvars_codegen::load(Path::new(dir)) {
            Ok(m) => m,
            Err(e) => {
                let line = json!({"dir": dir, "error": e.to_string()});
                writeln!(out, "{line}").expect("writes");
                continue;
            }
        };
        let mut rng = seeded(dir);
        let locals_lits = locals_literals(&module);
        let per_var: Vec<Vec<Option<J>>> = module
            .variables()
            .iter()
            .map(|v| {
                let mut matching = Vec::new();
                for rule in &v.validations {
                    pattern_matches(&rule.condition, &mut matching);
                }
                let mut cands = candidates(v, &locals_lits, &matching, &mut rng);
                // A string variable tries the matching strings first.
                if v.ty == Type::String {
                    let at = usize::from(v.default.is_some()).min(cands.len());
                    for (i, m) in matching.iter().enumerate() {
                        cands.insert(at + i, Some(json!(m)));
                    }
                }
                cands
            })
            .collect();
        let base = base_document(&module, &per_var, version);
        let variables: Vec<J> = module
            .variables()
            .iter()
            .zip(&per_var)
            .map(|(v, cands)| {
                let cands: Vec<J> = cands
                    .iter()
                    .map(|c| {
                        let mut doc = base.clone();
                        let mut entry = match c {
                            Some(c) => {
                                doc.insert(v.name.clone(), c.clone());
                                json!({ "value": c })
                            }
                            None => {
                                doc.remove(&v.name);
                                json!({ "absent": true })
                            }
                        };
                        entry["runtime"] = json!(runtime_verdict(&module, &doc, version));
                        entry
                    })
                    .collect();
                json!({
                    "name": v.name,
                    "required": v.required(),
                    "rules": v.validations.len(),
                    "candidates": cands,
                })
            })
            .collect();
        let line = json!({
            "dir": dir,
            "base": J::Object(base.clone()),
            "base_runtime": runtime_verdict(&module, &base, version),
            "variables": variables,
        });
        writeln!(out, "{line}").expect("writes");
        eprintln!("{dir}: {} variables", module.variables().len());
    }
    out.flush().expect("writes");
}

/// For each literal pattern of `regex`/`regexall` in `e`, a string it matches (when one is
/// found: the first alternative, the least repetitions, a letter or digit of each class).
fn pattern_matches(e: &Expr, out: &mut Vec<String>) {
    if let Expr::Call { name, args, .. } = e.peel() {
        if name == "regex" || name == "regexall" {
            if let Some(Expr::Literal(Value::String(p))) = args.first().map(Expr::peel) {
                if let Some(m) = matching(p) {
                    if !out.contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
    }
    for c in e.children() {
        pattern_matches(c, out);
    }
}

fn matching(pattern: &str) -> Option<String> {
    use regex_syntax::hir::{Class, Hir, HirKind};
    fn walk(h: &Hir, out: &mut String) -> Option<()> {
        match h.kind() {
            HirKind::Empty | HirKind::Look(_) => {}
            HirKind::Literal(l) => out.push_str(std::str::from_utf8(&l.0).ok()?),
            HirKind::Class(Class::Unicode(c)) => {
                let has = |ch: char| c.ranges().iter().any(|r| r.start() <= ch && ch <= r.end());
                let ch = ['a', '0', 'A', '-']
                    .into_iter()
                    .find(|ch| has(*ch))
                    .or_else(|| c.ranges().first().map(|r| r.start()))?;
                out.push(ch);
            }
            HirKind::Class(Class::Bytes(c)) => {
                let b = c.ranges().first()?.start();
                out.push(char::from(b).is_ascii().then_some(char::from(b))?);
            }
            HirKind::Repetition(r) => {
                for _ in 0..r.min {
                    walk(&r.sub, out)?;
                }
            }
            HirKind::Capture(c) => walk(&c.sub, out)?,
            HirKind::Concat(hs) => hs.iter().try_for_each(|h| walk(h, out))?,
            HirKind::Alternation(hs) => walk(hs.first()?, out)?,
        }
        Some(())
    }
    let hir = regex_syntax::parse(pattern).ok()?;
    let mut out = String::new();
    walk(&hir, &mut out)?;
    let re = regex::Regex::new(pattern).ok()?;
    re.is_match(&out).then_some(out)
}
