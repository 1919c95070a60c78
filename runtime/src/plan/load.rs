//! Reading a spec from a YAML or JSON file. Both are read into one tree of nodes, and one
//! function turns that tree into the [`Spec`] model:
//!
//! ```yaml
//! resources:
//!   terraform_data:                 # every planned instance of this type, in any module
//!     input:
//!       port: {any: [22, 443]}
//!       cidrs: {list: {of: [{regex: "^10\\."}], min: 1}}
//!       logging: {opt: true}
//!       owner: anything
//!       legacy: forbid
//!   aws_instance: forbid            # no instance of this type may be planned
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use saphyr_parser::{Event, Parser, ScalarStyle, Span};

use super::spec::{ListValidator, ObjectValidator, Spec, Validator};
use super::value::PlanValue;
use super::Error;
use crate::number::Number;

impl Spec {
    /// Reads a spec written in YAML (1.2: plain scalars are typed by the core schema, so `22`
    /// is a number and `"22"` a string). `file` names it in errors.
    pub fn from_yaml(text: &str, file: &str) -> Result<Spec, Error> {
        let node = yaml(text).map_err(|(pos, what)| Error::spec(located(file, pos, "", &what)))?;
        build(&node, file)
    }

    /// Reads a spec written in JSON. `file` names it in errors.
    pub fn from_json(text: &str, file: &str) -> Result<Spec, Error> {
        let value = PlanValue::from_json(text).map_err(|e| Error::spec(format!("{file}:{e}")))?;
        build(&Node::from_value(value), file)
    }

    /// Reads a spec file: JSON when its name ends in `.json`, YAML otherwise.
    pub fn load(path: impl AsRef<Path>) -> Result<Spec, Error> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::io(format!("cannot read the spec `{name}`: {e}")))?;
        if name.ends_with(".json") {
            Spec::from_json(&text, &name)
        } else {
            Spec::from_yaml(&text, &name)
        }
    }
}

/// A node of a spec file: where it is (line and column, from 1; YAML only) and what.
#[derive(Clone, Debug)]
struct Node {
    pos: Option<(usize, usize)>,
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    Scalar(PlanValue),
    Seq(Vec<Node>),
    Map(Vec<(String, Node)>),
}

impl Node {
    fn from_value(v: PlanValue) -> Node {
        let kind = match v {
            PlanValue::Array(items) => Kind::Seq(items.into_iter().map(Node::from_value).collect()),
            PlanValue::Object(attrs) => Kind::Map(
                attrs
                    .into_iter()
                    .map(|(k, v)| (k, Node::from_value(v)))
                    .collect(),
            ),
            scalar => Kind::Scalar(scalar),
        };
        Node { pos: None, kind }
    }

    fn what(&self) -> &'static str {
        match &self.kind {
            Kind::Scalar(v) => v.kind(),
            Kind::Seq(_) => "a list",
            Kind::Map(_) => "a mapping",
        }
    }
}

fn located(file: &str, pos: Option<(usize, usize)>, path: &str, what: &str) -> String {
    let mut s = file.to_string();
    if let Some((line, col)) = pos {
        s += &format!(":{line}:{col}");
    }
    if !path.is_empty() {
        s += &format!(": {path}");
    }
    s + ": " + what
}

type Located = (Option<(usize, usize)>, String);

/// An open sequence or mapping: the node, its anchor, and (for a mapping) the key read last,
/// with its place, whose value is still to come.
type Open = (Node, usize, Option<(String, Option<(usize, usize)>)>);

fn yaml(text: &str) -> Result<Node, Located> {
    let pos = |span: &Span| Some((span.start.line(), span.start.col() + 1));
    let mut anchors: BTreeMap<usize, Node> = BTreeMap::new();
    let mut stack: Vec<Open> = Vec::new();
    let mut root: Option<Node> = None;
    let mut documents = 0;
    for event in Parser::new_from_str(text) {
        let (event, span) = event.map_err(|e| {
            let m = e.marker();
            (
                Some((m.line(), m.col() + 1)),
                format!("invalid YAML: {}", e.info()),
            )
        })?;
        let done = match event {
            Event::StreamStart | Event::StreamEnd | Event::DocumentEnd | Event::Nothing => None,
            Event::DocumentStart(_) => {
                documents += 1;
                if documents > 1 {
                    return Err((pos(&span), "a spec is one YAML document".to_string()));
                }
                None
            }
            Event::Alias(id) => match anchors.get(&id) {
                Some(n) => Some((n.clone(), 0)),
                None => return Err((pos(&span), "unknown alias".to_string())),
            },
            Event::Scalar(text, style, anchor, tag) => {
                let value =
                    scalar(&text, style, tag.as_deref()).map_err(|what| (pos(&span), what))?;
                Some((
                    Node {
                        pos: pos(&span),
                        kind: Kind::Scalar(value),
                    },
                    anchor,
                ))
            }
            Event::SequenceStart(anchor, tag) | Event::MappingStart(anchor, tag)
                if tag.is_some() =>
            {
                let _ = anchor;
                return Err((pos(&span), "YAML tags are not supported here".to_string()));
            }
            Event::SequenceStart(anchor, _) => {
                let node = Node {
                    pos: pos(&span),
                    kind: Kind::Seq(Vec::new()),
                };
                stack.push((node, anchor, None));
                None
            }
            Event::MappingStart(anchor, _) => {
                let node = Node {
                    pos: pos(&span),
                    kind: Kind::Map(Vec::new()),
                };
                stack.push((node, anchor, None));
                None
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let (node, anchor, _) = stack.pop().expect("balanced events");
                Some((node, anchor))
            }
        };
        let Some((node, anchor)) = done else { continue };
        if anchor > 0 {
            anchors.insert(anchor, node.clone());
        }
        match stack.last_mut() {
            None => root = Some(node),
            Some((parent, _, pending)) => match &mut parent.kind {
                Kind::Seq(items) => items.push(node),
                Kind::Map(entries) => match pending.take() {
                    None => match node.kind {
                        Kind::Scalar(PlanValue::String(k)) => *pending = Some((k, node.pos)),
                        Kind::Scalar(PlanValue::Number(n)) => {
                            *pending = Some((n.to_string(), node.pos))
                        }
                        Kind::Scalar(PlanValue::Bool(b)) => {
                            *pending = Some((b.to_string(), node.pos))
                        }
                        _ => {
                            return Err((
                                node.pos,
                                format!("a mapping key must be a string, not {}", node.what()),
                            ))
                        }
                    },
                    Some((key, key_pos)) => {
                        if entries.iter().any(|(k, _)| *k == key) {
                            return Err((key_pos, format!("duplicate key `{key}`")));
                        }
                        entries.push((key, node));
                    }
                },
                Kind::Scalar(_) => unreachable!("only collections are on the stack"),
            },
        }
    }
    root.ok_or((None, "the spec is empty".to_string()))
}

// A scalar, typed by the YAML 1.2 core schema.
fn scalar(
    text: &str,
    style: ScalarStyle,
    tag: Option<&saphyr_parser::Tag>,
) -> Result<PlanValue, String> {
    if let Some(tag) = tag {
        if tag.is_yaml_core_schema() && tag.suffix == "str" {
            return Ok(PlanValue::String(text.to_string()));
        }
        return Err(format!(
            "the YAML tag `{}{}` is not supported (only `!!str`)",
            tag.handle, tag.suffix
        ));
    }
    if style != ScalarStyle::Plain {
        return Ok(PlanValue::String(text.to_string()));
    }
    Ok(match text {
        "" | "~" | "null" | "Null" | "NULL" => PlanValue::Null,
        "true" | "True" | "TRUE" => PlanValue::Bool(true),
        "false" | "False" | "FALSE" => PlanValue::Bool(false),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            PlanValue::Number(Number::parse("+Inf").expect("infinity"))
        }
        "-.inf" | "-.Inf" | "-.INF" => PlanValue::Number(Number::parse("-Inf").expect("infinity")),
        ".nan" | ".NaN" | ".NAN" => return Err("`.nan` is not a number Terraform has".to_string()),
        _ => {
            if let Some(n) = core_number(text) {
                PlanValue::Number(n)
            } else {
                PlanValue::String(text.to_string())
            }
        }
    })
}

// A number of the core schema: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`, or
// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
fn core_number(text: &str) -> Option<Number> {
    for (prefix, radix) in [("0o", 8), ("0x", 16)] {
        if let Some(digits) = text.strip_prefix(prefix) {
            return u128::from_str_radix(digits, radix)
                .ok()
                .filter(|_| !digits.starts_with('+'))
                .map(Number::from);
        }
    }
    let b = text.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'-' | b'+')));
    let int_start = i;
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    let int_digits = i - int_start;
    let mut frac_digits = 0;
    if b.get(i) == Some(&b'.') {
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
            frac_digits += 1;
        }
    }
    if int_digits == 0 && frac_digits == 0 {
        return None;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        let exp_start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == exp_start {
            return None;
        }
    }
    if i != b.len() {
        return None;
    }
    Number::parse(text)
}

struct Builder<'a> {
    file: &'a str,
}

impl Builder<'_> {
    fn err(&self, node: &Node, path: &str, what: impl AsRef<str>) -> Error {
        Error::spec(located(self.file, node.pos, path, what.as_ref()))
    }

    fn validator(&self, node: &Node, path: &str) -> Result<Validator, Error> {
        match &node.kind {
            Kind::Scalar(PlanValue::String(s)) if s == "anything" => Ok(Validator::Anything),
            Kind::Scalar(PlanValue::String(s)) if s == "forbid" => Ok(Validator::Forbid),
            Kind::Scalar(v) => Ok(Validator::Eq(v.clone())),
            Kind::Seq(_) => Err(self.err(
                node,
                path,
                "a list is not a validator: write `{any: [...]}` for one of several values, or `{list: {of: [...]}}` for a list",
            )),
            Kind::Map(entries) => {
                if let [(key, inner)] = entries.as_slice() {
                    let path = &format!("{}{key}", dot(path));
                    match key.as_str() {
                        "eq" => {
                            return match &inner.kind {
                                Kind::Scalar(v) => Ok(Validator::Eq(v.clone())),
                                _ => Err(self.err(
                                    inner,
                                    path,
                                    format!("`eq` takes null, a boolean, a number or a string, not {}", inner.what()),
                                )),
                            }
                        }
                        "any" => return Ok(Validator::Any(self.list(inner, path)?)),
                        "deny" => return Ok(Validator::Deny(self.list(inner, path)?)),
                        "all" => return Ok(Validator::All(self.list(inner, path)?)),
                        "opt" => return Ok(Validator::opt(self.validator(inner, path)?)),
                        "regex" => {
                            return match &inner.kind {
                                Kind::Scalar(PlanValue::String(p)) => Validator::regex(p)
                                    .map_err(|e| self.err(inner, path, e.message())),
                                _ => Err(self.err(
                                    inner,
                                    path,
                                    format!("`regex` takes a string, not {}", inner.what()),
                                )),
                            }
                        }
                        "list" => return self.list_validator(inner, path),
                        "object" => {
                            return match &inner.kind {
                                Kind::Map(entries) => self.object(entries, path),
                                _ => Err(self.err(
                                    inner,
                                    path,
                                    format!("`object` takes a mapping of attributes, not {}", inner.what()),
                                )),
                            }
                        }
                        _ => {}
                    }
                }
                self.object(entries, path)
            }
        }
    }

    fn object(&self, entries: &[(String, Node)], path: &str) -> Result<Validator, Error> {
        let mut o = ObjectValidator::default();
        for (key, node) in entries {
            let inner = self.validator(node, &format!("{}{key}", dot(path)))?;
            o = o.key(key.clone(), inner);
        }
        Ok(Validator::Object(o))
    }

    // The validators of `any`, `deny`, `all`: a non-empty list.
    fn list(&self, node: &Node, path: &str) -> Result<Vec<Validator>, Error> {
        match &node.kind {
            Kind::Seq(items) if !items.is_empty() => items
                .iter()
                .enumerate()
                .map(|(i, n)| self.validator(n, &format!("{path}[{i}]")))
                .collect(),
            _ => Err(self.err(
                node,
                path,
                format!(
                    "expected a non-empty list of validators, found {}",
                    node.what()
                ),
            )),
        }
    }

    fn list_validator(&self, node: &Node, path: &str) -> Result<Validator, Error> {
        let Kind::Map(entries) = &node.kind else {
            return Err(self.err(
                node,
                path,
                format!(
                    "`list` takes a mapping with `of`, `min` and `max`, not {}",
                    node.what()
                ),
            ));
        };
        let mut l = ListValidator::default();
        for (key, inner) in entries {
            let here = format!("{path}.{key}");
            match key.as_str() {
                "of" => {
                    l.of = match &inner.kind {
                        Kind::Seq(_) => self.list(inner, &here)?,
                        _ => vec![self.validator(inner, &here)?],
                    }
                }
                "min" | "max" => {
                    let n = match &inner.kind {
                        Kind::Scalar(PlanValue::Number(n)) => {
                            n.to_usize().filter(|_| n.is_integer())
                        }
                        _ => None,
                    };
                    let Some(n) = n else {
                        return Err(self.err(inner, &here, "expected a whole number, 0 or more"));
                    };
                    if key == "min" {
                        l.min = Some(n);
                    } else {
                        l.max = Some(n);
                    }
                }
                other => {
                    return Err(self.err(
                        inner,
                        &here,
                        format!("unknown key `{other}` of `list`: expected `of`, `min` or `max`"),
                    ))
                }
            }
        }
        if let (Some(min), Some(max)) = (l.min, l.max) {
            if min > max {
                return Err(self.err(
                    node,
                    path,
                    format!("`min` ({min}) is more than `max` ({max})"),
                ));
            }
        }
        Ok(Validator::List(l))
    }
}

fn dot(path: &str) -> String {
    if path.is_empty() {
        String::new()
    } else {
        format!("{path}.")
    }
}

fn build(node: &Node, file: &str) -> Result<Spec, Error> {
    let b = Builder { file };
    let Kind::Map(top) = &node.kind else {
        return Err(b.err(
            node,
            "",
            format!(
                "a spec is a mapping with a `resources` key, not {}",
                node.what()
            ),
        ));
    };
    let mut spec = Spec::new();
    for (key, value) in top {
        if key != "resources" {
            return Err(b.err(
                value,
                key,
                format!("unknown key `{key}` at the top of the spec: expected `resources`"),
            ));
        }
        let Kind::Map(types) = &value.kind else {
            return Err(b.err(
                value,
                key,
                format!(
                    "expected a mapping of resource types to validators, found {}",
                    value.what()
                ),
            ));
        };
        for (ty, v) in types {
            let validator = b.validator(v, &format!("resources.{ty}"))?;
            spec = spec.resource(ty.clone(), validator);
        }
    }
    Ok(spec)
}
