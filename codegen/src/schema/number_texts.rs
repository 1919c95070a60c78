//! Numbers judged by their text. Terraform converts a number to a string as its decimal text
//! (`-?[0-9]+(\.[0-9]+)?`, the shortest: `1.5`, `-12`, `0.001`, never an exponent), so under
//! `--terraform-conversions` a number given for a `string` meets the string's rules as that
//! text. Where the rules' verdict on a text depends only on its shape (the sign, how many whole
//! digits it has and whether the first is 0, and whether it has a fraction) and not on which
//! digits it holds, the numbers they accept are a union of ranges, each of integers, of
//! non-integers or of both, which JSON Schema states: `^[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$`
//! accepts the integers from 10 to 10^63 - 1.
//!
//! The verdicts come from the pattern's DFA read over every text of a shape at once (the set
//! of states the digits can lead to): a shape is decided when every state of the set agrees.
//! The whole-digit counts repeat their sets from some count on; the verdicts of the repeating
//! counts must agree, and then hold for every longer count.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::hybrid::LazyStateID;
use regex_automata::util::start::Config;
use regex_automata::Anchored;
use tfvars_runtime::{Number, Type, Value};

use super::translate::Rules;
use crate::json_text::Json;

/// A verdict on every text of a shape: all accepted, none, or some.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tri {
    Yes,
    No,
    Mixed,
}

impl Tri {
    fn and(self, other: Tri) -> Tri {
        match (self, other) {
            (Tri::No, _) | (_, Tri::No) => Tri::No,
            (Tri::Yes, Tri::Yes) => Tri::Yes,
            _ => Tri::Mixed,
        }
    }

    fn or(self, other: Tri) -> Tri {
        match (self, other) {
            (Tri::Yes, _) | (_, Tri::Yes) => Tri::Yes,
            (Tri::No, Tri::No) => Tri::No,
            _ => Tri::Mixed,
        }
    }

    fn not(self) -> Tri {
        match self {
            Tri::Yes => Tri::No,
            Tri::No => Tri::Yes,
            Tri::Mixed => Tri::Mixed,
        }
    }

    /// The verdict on a union of shapes.
    fn join(self, other: Tri) -> Tri {
        if self == other {
            self
        } else {
            Tri::Mixed
        }
    }
}

/// The verdicts on the texts of one sign.
#[derive(Clone, Debug, PartialEq)]
struct Signed {
    /// `0` (`-0`).
    zero: Tri,
    /// `0.` and digits (`-0.` and digits).
    zero_fraction: Tri,
    /// For 1, 2, … whole digits, the first not 0: (the integers, the texts with a fraction);
    /// the last entry also holds for every longer count.
    digits: Vec<(Tri, Tri)>,
}

impl Signed {
    fn constant(t: Tri) -> Signed {
        Signed {
            zero: t,
            zero_fraction: t,
            digits: vec![(t, t)],
        }
    }

    /// The verdict for `d` (from 1) whole digits.
    fn at(&self, d: usize) -> (Tri, Tri) {
        self.digits[(d - 1).min(self.digits.len() - 1)]
    }

    fn zip(&self, other: &Signed, f: impl Fn(Tri, Tri) -> Tri) -> Signed {
        let n = self.digits.len().max(other.digits.len());
        let digits = (1..=n)
            .map(|d| {
                let (a, b) = (self.at(d), other.at(d));
                (f(a.0, b.0), f(a.1, b.1))
            })
            .collect();
        Signed {
            zero: f(self.zero, other.zero),
            zero_fraction: f(self.zero_fraction, other.zero_fraction),
            digits,
        }
    }
}

/// The verdicts on every shape of number text: positive, then negative.
#[derive(Clone, Debug, PartialEq)]
struct Shapes([Signed; 2]);

impl Shapes {
    fn constant(t: Tri) -> Shapes {
        Shapes([Signed::constant(t), Signed::constant(t)])
    }

    fn zip(&self, other: &Shapes, f: impl Fn(Tri, Tri) -> Tri + Copy) -> Shapes {
        Shapes([self.0[0].zip(&other.0[0], f), self.0[1].zip(&other.0[1], f)])
    }

    fn not(&self) -> Shapes {
        self.zip(self, |a, _| a.not())
    }
}

/// The texts' lengths between `min` and `max`.
fn length_shapes(min: Option<u64>, max: Option<u64>) -> Shapes {
    let min = min.unwrap_or(0) as usize;
    let within = |len: usize| len >= min && max.is_none_or(|m| len as u64 <= m);
    // Texts of at least `len` characters, as long as one likes.
    let from = |len: usize| match max {
        Some(m) if len as u64 > m => Tri::No,
        Some(_) => Tri::Mixed,
        None if len >= min => Tri::Yes,
        None => Tri::Mixed,
    };
    let yes_no = |b: bool| if b { Tri::Yes } else { Tri::No };
    // Past this many whole digits every count is judged alike; past `MOST_LENGTH_DIGITS`,
    // some counts are accepted and some not (a bound of thousands of characters).
    let horizon = min.max(max.unwrap_or(0) as usize) + 2;
    let signed = |sign: usize| Signed {
        zero: yes_no(within(sign + 1)),
        zero_fraction: from(sign + 3),
        digits: (1..=horizon.min(MOST_LENGTH_DIGITS))
            .map(|d| (yes_no(within(sign + d)), from(sign + d + 2)))
            .chain((horizon > MOST_LENGTH_DIGITS).then_some((Tri::Mixed, Tri::Mixed)))
            .collect(),
    };
    Shapes([signed(0), signed(1)])
}

/// The most whole digits a length bound is followed to: the numbers with more are accepted
/// (and the variable listed as inexact), so that every bound the schema writes is a number a
/// JSON parser reads as a double (at most 10^300; `length(var.x) <= 4096` would otherwise
/// write 10^4097, which parses as infinity or not at all).
const MOST_LENGTH_DIGITS: usize = 300;

/// A set of DFA states reached by the texts of one shape; `None` stands for a match already
/// seen (the text contains a match whatever follows).
type States = Vec<Option<LazyStateID>>;

const DIGITS: &[u8] = b"0123456789";
/// The most whole-digit counts or fraction lengths read before their sets must repeat.
const LIMIT: usize = 400;

struct Walk<'d> {
    dfa: &'d DFA,
    cache: Cache,
}

impl Walk<'_> {
    fn step(&mut self, states: &States, bytes: &[u8]) -> Option<States> {
        let mut out = Vec::new();
        for s in states {
            let Some(s) = s else {
                out.push(None);
                continue;
            };
            for b in bytes {
                let t = self.dfa.next_state(&mut self.cache, *s, *b).ok()?;
                if t.is_quit() || t.is_unknown() || self.cache.clear_count() > 0 {
                    return None;
                }
                // A match state is entered one byte after the match ends.
                out.push(if t.is_match() { None } else { Some(t) });
            }
        }
        out.sort();
        out.dedup();
        Some(out)
    }

    /// Whether the texts ending here contain a match.
    fn verdict(&mut self, states: &States) -> Option<Tri> {
        let (mut yes, mut no) = (false, false);
        for s in states {
            let matched = match s {
                None => true,
                Some(s) => {
                    let end = self.dfa.next_eoi_state(&mut self.cache, *s).ok()?;
                    if end.is_quit() || end.is_unknown() || self.cache.clear_count() > 0 {
                        return None;
                    }
                    end.is_match()
                }
            };
            yes |= matched;
            no |= !matched;
        }
        Some(match (yes, no) {
            (true, false) => Tri::Yes,
            (false, true) => Tri::No,
            _ => Tri::Mixed,
        })
    }

    /// The verdict on every fraction (one digit or more) following `states`, which come
    /// before the point.
    fn fraction(&mut self, states: &States) -> Option<Tri> {
        let mut current = self.step(states, b".")?;
        let mut seen: Vec<States> = Vec::new();
        let mut verdict: Option<Tri> = None;
        loop {
            current = self.step(&current, DIGITS)?;
            if seen.contains(&current) {
                return verdict;
            }
            if seen.len() >= LIMIT {
                return None;
            }
            let v = self.verdict(&current)?;
            verdict = Some(verdict.map_or(v, |w| w.join(v)));
            seen.push(current.clone());
        }
    }

    fn signed(&mut self, start: States) -> Option<Signed> {
        let zero_states = self.step(&start, b"0")?;
        let zero = self.verdict(&zero_states)?;
        let zero_fraction = self.fraction(&zero_states)?;
        let mut digits: Vec<(Tri, Tri)> = Vec::new();
        let mut seen: Vec<States> = Vec::new();
        let mut current = self.step(&start, b"123456789")?;
        loop {
            if let Some(j) = seen.iter().position(|s| *s == current) {
                // Counts from j + 1 on repeat the sets of j + 1 ..= seen.len(): one verdict
                // holds for all of them when their verdicts agree.
                let tail = digits[j..]
                    .iter()
                    .skip(1)
                    .fold(digits[j], |a, b| (a.0.join(b.0), a.1.join(b.1)));
                digits.truncate(j);
                digits.push(tail);
                return Some(Signed {
                    zero,
                    zero_fraction,
                    digits,
                });
            }
            if seen.len() >= LIMIT {
                return None;
            }
            let whole = self.verdict(&current)?;
            let fraction = self.fraction(&current)?;
            digits.push((whole, fraction));
            seen.push(current.clone());
            current = self.step(&current, DIGITS)?;
        }
    }
}

/// The verdicts of a pattern (contains a match), computed once per pattern and process.
fn pattern_shapes(pattern: &str) -> Option<Shapes> {
    type Answers = Mutex<HashMap<String, Option<Shapes>>>;
    static ANSWERS: OnceLock<Answers> = OnceLock::new();
    let answers = ANSWERS.get_or_init(Default::default);
    if let Some(found) = answers.lock().ok()?.get(pattern) {
        return found.clone();
    }
    let answer = (|| {
        let dfa = DFA::new(pattern).ok()?;
        let mut walk = Walk {
            cache: dfa.create_cache(),
            dfa: &dfa,
        };
        let start = walk
            .dfa
            .start_state(&mut walk.cache, &Config::new().anchored(Anchored::No))
            .ok()?;
        let start = vec![Some(start)];
        let minus = walk.step(&start, b"-")?;
        Some(Shapes([walk.signed(start)?, walk.signed(minus)?]))
    })();
    answers
        .lock()
        .ok()?
        .insert(pattern.to_string(), answer.clone());
    answer
}

/// Whether `s` is the text of some number.
pub(crate) fn is_number_text(s: &str) -> bool {
    s == "-0" || Number::parse_json(s).is_some_and(|n| n.to_terraform_string() == s)
}

/// The verdicts of a string node's rules; `None` when a rule is not about the string itself
/// or a pattern is not read here. `top`: the node's own rules, whose disallowed values the
/// caller lists apart.
fn rules_shapes(rules: &Rules, top: bool) -> Option<Shapes> {
    let string_only = rules.items.is_none()
        && rules.first.is_empty()
        && rules.values.is_none()
        && rules.keys.is_none()
        && rules.members.is_none()
        && rules.properties.is_empty()
        && rules.required.is_empty()
        && !rules.object_only
        && rules.minimum.is_none()
        && rules.maximum.is_none();
    if !string_only {
        return None;
    }
    let text = |v: &Value| matches!(v, Value::String(s) if is_number_text(s));
    let mut out = Shapes::constant(Tri::Yes);
    if let Some(allowed) = &rules.allowed {
        if allowed.iter().any(text) {
            return None;
        }
        out = Shapes::constant(Tri::No);
    }
    if !top && rules.disallowed.iter().any(text) {
        return None;
    }
    // The caller lists the other disallowed numbers; 0 stands for both `0` and `-0`.
    for (sign, zero) in ["0", "-0"].into_iter().enumerate() {
        if top && rules.disallowed.contains(&Value::String(zero.into())) {
            out.0[sign].zero = Tri::No;
        }
    }
    for p in &rules.patterns {
        out = out.zip(&pattern_shapes(p)?, Tri::and);
    }
    for p in &rules.forbidden_patterns {
        out = out.zip(&pattern_shapes(p)?.not(), Tri::and);
    }
    if rules.min_length.is_some() || rules.max_length.is_some() {
        out = out.zip(&length_shapes(rules.min_length, rules.max_length), Tri::and);
    }
    for alternatives in &rules.any_of {
        let mut any = Shapes::constant(Tri::No);
        for alt in alternatives {
            any = any.zip(&rules_shapes(alt, false)?, Tri::or);
        }
        out = out.zip(&any, Tri::and);
    }
    Some(out)
}

/// An interval of the number line and what it holds: integers, non-integers (`None` where it
/// holds none of that kind).
#[derive(Clone, Debug, PartialEq)]
struct Piece {
    /// Lower end (exclusive?); `None`: unbounded.
    low: Option<(Number, bool)>,
    /// Upper end (exclusive?); `None`: unbounded.
    high: Option<(Number, bool)>,
    integers: Option<bool>,
    fractions: Option<bool>,
}

/// The runs `(first, last)` of neighbouring counts in `counts` whose verdicts `at` are equal.
fn runs_of(
    counts: std::ops::Range<usize>,
    at: impl Fn(usize) -> (Tri, Tri),
) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for d in counts {
        match runs.last_mut() {
            Some((first, last)) if at(*first) == at(d) => *last = d,
            _ => runs.push((d, d)),
        }
    }
    runs
}

fn power(d: usize, negative: bool) -> Number {
    let text = format!("{}1{}", if negative { "-" } else { "" }, "0".repeat(d));
    Number::parse_json(&text).expect("a power of ten is a number")
}

/// The numbers whose text the rules of a string node accept, as JSON Schema keywords.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NumberSet {
    /// Alternatives, each a range of integers, of non-integers or of both; empty when no
    /// number is accepted.
    ranges: Vec<Json>,
    /// Every number is accepted.
    all: bool,
    /// `0` and `-0` are judged apart (JSON Schema cannot tell them apart: both are accepted).
    pub(crate) zero_split: bool,
    /// Some shape has texts the rules accept and texts they reject (the digits matter, or the
    /// length of the fraction): all its numbers are accepted, more than Terraform accepts.
    pub(crate) loose: bool,
}

impl NumberSet {
    /// True when no number is accepted.
    pub(crate) fn is_empty(&self) -> bool {
        !self.all && self.ranges.is_empty()
    }

    /// Writes the keywords into a `"type": "number"` node, with the numbers `excluded`.
    pub(crate) fn write(&self, node: &mut Json, excluded: Vec<Json>) {
        if !excluded.is_empty() {
            let mut not = Json::object();
            not.set("enum", Json::Array(excluded));
            node.set("not", not);
        }
        match self.ranges.as_slice() {
            _ if self.all => {}
            [one] if node.get("not").is_none() || one.get("not").is_none() => {
                for (k, v) in one.as_object().into_iter().flat_map(|m| m.iter()) {
                    node.set(k.to_string(), v.clone());
                }
            }
            many => {
                node.set("anyOf", Json::Array(many.to_vec()));
            }
        }
    }
}

/// The numbers whose text a string node's rules accept, or more (see [`NumberSet::loose`]);
/// `None` when a rule or pattern is not read here.
pub(crate) fn numbers(rules: &Rules) -> Option<NumberSet> {
    let shapes = rules_shapes(rules, true)?;
    let loose = std::cell::Cell::new(false);
    // A shape judged both ways is accepted: looser, never stricter, than Terraform.
    let decided = |t: Tri| -> Option<bool> {
        loose.set(loose.get() || t == Tri::Mixed);
        Some(t != Tri::No)
    };
    let [plus, minus] = &shapes.0;
    let horizon = plus.digits.len().max(minus.digits.len());
    let mut line: Vec<Piece> = Vec::new();
    // From minus infinity: the negative texts with the most whole digits first.
    let (i, f) = minus.at(horizon);
    line.push(Piece {
        low: None,
        high: Some((power(horizon - 1, true), false)),
        integers: Some(decided(i)?),
        fractions: Some(decided(f)?),
    });
    // Neighbouring digit counts judged alike make one piece: a bound is a power of ten only
    // where the verdict changes, which keeps a long run of counts from writing each power.
    for (a, b) in runs_of(1..horizon, |d| minus.at(d)).into_iter().rev() {
        let (i, f) = minus.at(a);
        line.push(Piece {
            low: Some((power(b, true), true)),
            high: Some((power(a - 1, true), false)),
            integers: Some(decided(i)?),
            fractions: Some(decided(f)?),
        });
    }
    let zero = Number::from(0u8);
    let one = power(0, false);
    line.push(Piece {
        low: Some((power(0, true), true)),
        high: Some((zero.clone(), true)),
        integers: None,
        fractions: Some(decided(minus.zero_fraction)?),
    });
    let (plus_zero, minus_zero) = (decided(plus.zero)?, decided(minus.zero)?);
    line.push(Piece {
        low: Some((zero.clone(), false)),
        high: Some((zero.clone(), false)),
        integers: Some(plus_zero || minus_zero),
        fractions: None,
    });
    line.push(Piece {
        low: Some((zero, true)),
        high: Some((one, true)),
        integers: None,
        fractions: Some(decided(plus.zero_fraction)?),
    });
    for (a, b) in runs_of(1..horizon, |d| plus.at(d)) {
        let (i, f) = plus.at(a);
        line.push(Piece {
            low: Some((power(a - 1, false), false)),
            high: Some((power(b, false), true)),
            integers: Some(decided(i)?),
            fractions: Some(decided(f)?),
        });
    }
    let (i, f) = plus.at(horizon);
    line.push(Piece {
        low: Some((power(horizon - 1, false), false)),
        high: None,
        integers: Some(decided(i)?),
        fractions: Some(decided(f)?),
    });
    // Runs of neighbouring pieces that agree (a kind a piece does not hold agrees with all).
    let agree = |a: Option<bool>, b: Option<bool>| a.is_none() || b.is_none() || a == b;
    let mut runs: Vec<Piece> = Vec::new();
    for piece in line {
        match runs.last_mut() {
            Some(run)
                if agree(run.integers, piece.integers)
                    && agree(run.fractions, piece.fractions)
                    && run
                        .high
                        .as_ref()
                        .is_some_and(|(h, _)| piece.low.as_ref().is_some_and(|(l, _)| l == h)) =>
            {
                run.high = piece.high;
                run.integers = run.integers.or(piece.integers);
                run.fractions = run.fractions.or(piece.fractions);
            }
            _ => runs.push(piece),
        }
    }
    runs.retain(|r| r.integers == Some(true) || r.fractions == Some(true));
    let all = runs.len() == 1
        && runs[0].low.is_none()
        && runs[0].high.is_none()
        && runs[0].integers != Some(false)
        && runs[0].fractions != Some(false);
    let ranges = runs
        .into_iter()
        .map(|r| {
            let mut o = Json::object();
            if let Some((v, exclusive)) = r.low {
                let key = if exclusive {
                    "exclusiveMinimum"
                } else {
                    "minimum"
                };
                o.set(key, Json::Number(v));
            }
            if let Some((v, exclusive)) = r.high {
                let key = if exclusive {
                    "exclusiveMaximum"
                } else {
                    "maximum"
                };
                o.set(key, Json::Number(v));
            }
            match (r.integers, r.fractions) {
                (Some(true), Some(false)) => {
                    o.set("type", Json::str("integer"));
                }
                (Some(false), Some(true)) => {
                    let mut integer = Json::object();
                    integer.set("type", Json::str("integer"));
                    o.set("not", integer);
                }
                _ => {}
            }
            o
        })
        .collect();
    Some(NumberSet {
        ranges,
        all,
        zero_split: plus_zero != minus_zero,
        loose: loose.get(),
    })
}

/// Whether the patterns of a `number` node of type `ty` under `rules` (or of one inside it)
/// judge `0` and `-0` apart, which JSON Schema cannot (both are accepted).
pub(crate) fn zero_split(ty: &Type, rules: &Rules) -> bool {
    let alternatives = || rules.any_of.iter().flatten().any(|a| zero_split(ty, a));
    match ty {
        Type::Number if !rules.patterns.is_empty() || !rules.forbidden_patterns.is_empty() => {
            let texts = Rules {
                patterns: rules.patterns.clone(),
                forbidden_patterns: rules.forbidden_patterns.clone(),
                ..Rules::default()
            };
            numbers(&texts).is_some_and(|set| set.zero_split) || alternatives()
        }
        Type::List(t) | Type::Set(t) => {
            rules.items.as_deref().is_some_and(|r| zero_split(t, r))
                || rules.first.iter().any(|r| zero_split(t, r))
                || alternatives()
        }
        Type::Map(t) => rules.values.as_deref().is_some_and(|r| zero_split(t, r)) || alternatives(),
        Type::Object(attrs) => {
            rules.properties.iter().any(|(name, r)| {
                attrs
                    .iter()
                    .find(|a| *a.name == **name)
                    .is_some_and(|a| zero_split(&a.ty, r))
            }) || alternatives()
        }
        _ => alternatives(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the keywords written by [`NumberSet::write`] accept `n`.
    fn accepts(set: &NumberSet, n: &Number) -> bool {
        let mut node = Json::object();
        set.write(&mut node, Vec::new());
        fn holds(node: &Json, n: &Number) -> bool {
            let bound = |key: &str| match node.get(key) {
                Some(Json::Number(b)) => Some(b.clone()),
                _ => None,
            };
            let integer =
                |j: &Json| matches!(j.get("type"), Some(Json::String(t)) if t == "integer");
            bound("minimum").is_none_or(|b| *n >= b)
                && bound("exclusiveMinimum").is_none_or(|b| *n > b)
                && bound("maximum").is_none_or(|b| *n <= b)
                && bound("exclusiveMaximum").is_none_or(|b| *n < b)
                && (!integer(node) || n.is_integer())
                && node
                    .get("not")
                    .is_none_or(|not| !(integer(not) && n.is_integer()))
                && match node.get("anyOf") {
                    Some(Json::Array(alts)) => alts.iter().any(|a| holds(a, n)),
                    _ => true,
                }
        }
        holds(&node, n)
    }

    /// Numbers of many shapes: signs, whole digit counts, fractions, digits that differ.
    fn samples() -> Vec<Number> {
        let mut out = Vec::new();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..4000 {
            let whole_digits = 1 + next(40) as usize;
            let mut text = String::new();
            if next(2) == 0 {
                text.push('-');
            }
            let zero_lead = next(6) == 0;
            for i in 0..whole_digits {
                let d = if zero_lead {
                    0
                } else if i == 0 {
                    1 + next(9)
                } else {
                    next(10)
                };
                text.push(char::from(b'0' + d as u8));
                if zero_lead {
                    break;
                }
            }
            if next(2) == 0 {
                text.push('.');
                for _ in 0..1 + next(8) {
                    text.push(char::from(b'0' + next(10) as u8));
                }
                text.push(char::from(b'1' + next(9) as u8));
            }
            out.push(Number::parse_json(&text).unwrap());
        }
        out
    }

    fn pattern_rules(patterns: &[&str]) -> Rules {
        Rules {
            patterns: patterns.iter().map(|p| p.to_string()).collect(),
            ..Rules::default()
        }
    }

    /// The schema's verdict on a number equals the rules' verdict on its text, for every
    /// sample, wherever a set is built.
    fn check(rules: &Rules, text_ok: impl Fn(&str) -> bool) -> NumberSet {
        let set = numbers(rules).unwrap_or_else(|| panic!("not read: {rules:?}"));
        for n in samples() {
            let text = n.to_terraform_string();
            if text == "-0" {
                continue;
            }
            if set.loose {
                assert!(
                    !text_ok(&text) || accepts(&set, &n),
                    "{text} under {rules:?}"
                );
            } else {
                assert_eq!(accepts(&set, &n), text_ok(&text), "{text} under {rules:?}");
            }
        }
        set
    }

    fn matches_all(patterns: &[&str]) -> impl Fn(&str) -> bool {
        let res: Vec<regex::Regex> = patterns
            .iter()
            .map(|p| regex::Regex::new(p).unwrap())
            .collect();
        move |t| res.iter().all(|r| r.is_match(t))
    }

    #[test]
    fn patterns_of_names_and_versions() {
        for patterns in [
            &["^[a-zA-Z0-9][a-zA-Z0-9-]{0,30}[a-zA-Z0-9]$"][..],
            &["^[0-9A-Za-z]{5,50}$"],
            &["^\\d{12}$"],
            &["^[0-9]+\\.[0-9]+$"],
            &["^[a-z0-9]+$"],
            &["^-?[0-9]{2,4}$"],
            &["^[0-9]{1,4}$", "^[^0]"],
            &["[0-9]"],
        ] {
            let set = check(&pattern_rules(patterns), matches_all(patterns));
            assert!(!set.loose, "{patterns:?}");
        }
        // A fraction's length is bounded: the fractions that fit are not a range.
        let long = ["^[A-Za-z0-9._()-]{1,254}[A-Za-z0-9_()-]$"];
        let set = check(&pattern_rules(&long), matches_all(&long));
        assert!(set.loose);
        assert!(!accepts(&set, &Number::from(5u8)));
        assert!(accepts(&set, &Number::from(-1i8)));
    }

    #[test]
    fn lengths_forbidden_patterns_and_alternatives() {
        let rules = Rules {
            patterns: vec!["^[a-z0-9-]+$".into()],
            min_length: Some(3),
            max_length: Some(12),
            forbidden_patterns: vec!["^-".into()],
            ..Rules::default()
        };
        let set = check(&rules, |t| {
            !t.starts_with('-') && !t.contains('.') && (3..=12).contains(&t.len())
        });
        assert!(!set.zero_split);
        let either = Rules {
            any_of: vec![vec![
                Rules {
                    allowed: Some(vec![Value::String(String::new())]),
                    ..Rules::default()
                },
                pattern_rules(&["^[0-9]{2}$"]),
            ]],
            ..Rules::default()
        };
        check(&either, |t| t.len() == 2 && !t.contains(['-', '.']));
    }

    #[test]
    fn zero_and_minus_zero() {
        let set = numbers(&pattern_rules(&["^[0-9]+$"])).unwrap();
        assert!(set.zero_split);
        assert!(accepts(&set, &Number::from(0u8)));
        let set = numbers(&pattern_rules(&["^-?[0-9]+$"])).unwrap();
        assert!(!set.zero_split);
        let no_zero = Rules {
            disallowed: vec![Value::String("0".into()), Value::String("-0".into())],
            ..pattern_rules(&["^-?[0-9]+$"])
        };
        let set = numbers(&no_zero).unwrap();
        assert!(!accepts(&set, &Number::from(0u8)));
        assert!(accepts(&set, &Number::from(5u8)));
    }

    #[test]
    fn digits_that_matter_give_looser_sets() {
        for p in ["^1", "5$", "\\.5", "^[0-9]*7[0-9]*$", "^(11)*$", "^-1"] {
            let set = check(&pattern_rules(&[p]), matches_all(&[p]));
            assert!(set.loose, "{p}");
        }
        let rules = Rules {
            max_length: Some(4),
            ..Rules::default()
        };
        let set = check(&rules, |t| t.len() <= 4);
        assert!(set.loose);
        assert!(!accepts(&set, &Number::from(12345u32)));
    }

    #[test]
    fn long_length_bounds_stay_within_doubles() {
        // Within 300 digits a bound is followed exactly: a text of 298 characters at most.
        let rules = Rules {
            max_length: Some(298),
            ..Rules::default()
        };
        let set = check(&rules, |s| s.len() <= 298);
        assert!(accepts(&set, &power(297, false)) && !accepts(&set, &power(298, false)));
        assert!(!accepts(&set, &power(297, true)));
        // Beyond, the counts past 300 digits are accepted, and the schema says it is looser.
        for bound in [400, 682_668] {
            let rules = Rules {
                max_length: Some(bound),
                ..Rules::default()
            };
            let set = numbers(&rules).expect("read");
            assert!(set.loose, "{bound}");
            for range in &set.ranges {
                for (key, value) in range.as_object().into_iter().flat_map(|m| m.iter()) {
                    if let Json::Number(n) = value {
                        let digits = n.to_terraform_string().trim_start_matches('-').len();
                        assert!(digits <= 301, "{bound}: {key} has {digits} digits");
                    }
                }
            }
            assert!(accepts(&set, &power(299, false)), "{bound}");
            assert!(accepts(&set, &power(5000, true)), "{bound}");
        }
    }

    #[test]
    fn every_number_and_none() {
        let all = numbers(&pattern_rules(&["^-?[0-9.]+$"])).unwrap();
        assert!(all.all);
        let none = numbers(&pattern_rules(&["^[a-z]+$"])).unwrap();
        assert!(none.is_empty());
    }
}
