//! Type constraints → schema nodes, with translated validation rules written into the node they
//! apply to.

use tfvars_runtime::{Number, Type, Value};

use std::sync::atomic::{AtomicBool, Ordering};

use super::conversions;
use super::nfc::{self, Escape};
use super::translate::Rules;
use crate::json_text::{Json, Map};

/// How nodes are built.
pub(crate) struct NodeCx {
    /// `additionalProperties` on object nodes.
    pub additional_properties: bool,
    /// Every object attribute required (`--require-all`).
    pub require_all: bool,
    /// Accept what Terraform's conversions accept (`--terraform-conversions`).
    pub conversions: bool,
    /// Which of the root definitions of [`nfc::ESCAPES`] some node refers to.
    pub escapes_used: [AtomicBool; 3],
}

impl NodeCx {
    /// A reference to the root definition of `escape`, noted as used.
    fn escape(&self, escape: Escape) -> Json {
        self.escapes_used[escape.index()].store(true, Ordering::Relaxed);
        escape.reference()
    }

    /// `n`, or also the strings of `escape` unchecked (a string node whose rules look at text).
    fn or_escaped(&self, n: Json, escape: Escape) -> Json {
        let reference = self.escape(escape);
        match n {
            Json::Object(mut m) if m.len() == 1 && m.get("anyOf").is_some() => {
                if let Some(Json::Array(alternatives)) = m.get_mut("anyOf") {
                    alternatives.insert(1.min(alternatives.len()), reference);
                }
                Json::Object(m)
            }
            n => map(vec![("anyOf", Json::Array(vec![n, reference]))]),
        }
    }

    /// `n`, or any object with a key NFC could change (which Terraform may read as one of the
    /// names `n` requires).
    fn or_keys_escaped(&self, n: Json) -> Json {
        let mut some_key = Json::object();
        let mut not_changeable = Json::object();
        not_changeable.set("not", self.escape(Escape::Nfc));
        let mut all_keys = Json::object();
        all_keys.set("propertyNames", not_changeable);
        some_key
            .set("not", all_keys)
            .set("type", Json::str("object"));
        map(vec![("anyOf", Json::Array(vec![n, some_key]))])
    }
}

/// Whether rules require a name (at this node or in an alternative) that NFC text could give
/// for another key.
fn requires_reachable(rules: &Rules) -> bool {
    rules.required.iter().any(|k| nfc::reachable(k))
        || rules.any_of.iter().flatten().any(requires_reachable)
}

fn map(entries: Vec<(&'static str, Json)>) -> Json {
    Json::Object(entries.into_iter().collect())
}

/// The JSON Schema `type` name of a node's main type, for the nullable `anyOf` titles.
pub(crate) fn json_type_name(ty: &Type) -> Option<&'static str> {
    Some(match ty {
        Type::Any => return None,
        Type::String => "string",
        Type::Number => "number",
        Type::Bool => "boolean",
        Type::List(_) | Type::Set(_) | Type::Tuple(_) => "array",
        Type::Map(_) | Type::Object(_) => "object",
    })
}

/// The schema node of a type. `nullable` says whether `null` is accepted at this node (only in
/// conversion mode, where nested nulls are accepted as Terraform does).
pub(crate) fn node(cx: &NodeCx, ty: &Type, rules: Option<&Rules>, nullable: bool) -> Json {
    let empty = Rules::default();
    let rules = rules.unwrap_or(&empty);
    let nullable = nullable && rules.null_ok;
    if rules.numeric && matches!(ty, Type::Any | Type::String) {
        return conversions::numeric_node(ty, rules, nullable, cx.conversions);
    }
    if rules.textual && *ty == Type::Any {
        // Read as text: the node of a `string`, which under conversions also takes the
        // numbers and bools whose text the rules accept.
        return node(cx, &Type::String, Some(&rules.as_text()), nullable);
    }
    if rules
        .allowed
        .as_deref()
        .is_some_and(|a| a.iter().all(Value::is_null))
        && rules.only_allowed()
    {
        // `x == null`: nothing but null (or nothing at all where null is not accepted).
        return if nullable || (rules.null_ok && !cx.conversions) {
            map(vec![("type", Json::str("null"))])
        } else {
            map(vec![("not", Json::object())])
        };
    }
    if cx.conversions && ty.is_primitive() {
        if *ty != Type::String || nfc::needed(rules).is_none() {
            return conversions::primitive(ty, rules, nullable);
        }
        // Each group of keywords with the escape it needs (text NFC could change skips only
        // the keywords it could fool).
        let mut parts: Vec<Json> = nfc::parts(rules)
            .into_iter()
            .map(|(escape, part)| {
                let n = conversions::primitive(ty, &part, nullable);
                match escape {
                    Some(escape) => cx.or_escaped(n, escape),
                    None => n,
                }
            })
            .collect();
        return match (parts.pop(), parts.is_empty()) {
            (Some(only), true) => only,
            (Some(last), false) => {
                parts.push(last);
                map(vec![("allOf", Json::Array(parts))])
            }
            (None, _) => conversions::primitive(ty, rules, nullable),
        };
    }
    // Names Terraform may read from other keys (NFC): a required one can be given so.
    let keys_escaped = cx.conversions
        && match ty {
            Type::Object(attrs) => {
                requires_reachable(rules)
                    || attrs.iter().any(|a| {
                        (!a.optional || cx.require_all || !cx.additional_properties)
                            && nfc::reachable(&a.name)
                    })
            }
            Type::Map(_) | Type::Any => requires_reachable(rules),
            _ => false,
        };
    let mut n = match ty {
        Type::Any => Json::object(),
        Type::String => map(vec![("type", Json::str("string"))]),
        Type::Number => map(vec![("type", Json::str("number"))]),
        Type::Bool => map(vec![("type", Json::str("boolean"))]),
        Type::List(t) | Type::Set(t) => {
            let mut n = map(vec![
                ("type", Json::str("array")),
                ("items", node(cx, t, rules.items.as_deref(), cx.conversions)),
            ]);
            // Terraform removes duplicates from a set; only the strict schema rejects them.
            if matches!(ty, Type::Set(_)) && !cx.conversions {
                n.set("uniqueItems", Json::Bool(true));
            }
            if !rules.first.is_empty() {
                // Rules on the first elements: `items` as a list, beside the one for every
                // element (`allOf`, since a node has one `items`).
                let mut o = Json::object();
                o.set("items", first_items(cx, t, &rules.first));
                push_all_of(&mut n, o);
            }
            if rules.any_of.iter().flatten().any(|r| !r.first.is_empty()) {
                // Alternatives about the first elements: each a schema of the list.
                let mut flat = rules.clone();
                flat.any_of.clear();
                write_rules(&mut n, ty, &flat);
                write_any_of(&mut n, &rules.any_of, |r| {
                    let mut o = Json::object();
                    write_rules(&mut o, ty, r);
                    if !r.first.is_empty() {
                        o.set("items", first_items(cx, t, &r.first));
                    }
                    o
                });
                return finish(cx, n, nullable, keys_escaped);
            }
            n
        }
        Type::Map(t) => {
            let mut n = map(vec![
                ("type", Json::str("object")),
                (
                    "additionalProperties",
                    node(cx, t, rules.values.as_deref(), cx.conversions),
                ),
            ]);
            if let Some(keys) = rules.keys.as_deref() {
                n.set("propertyNames", property_names(cx, keys));
            }
            if !rules.required.is_empty() {
                let mut required = rules.required.clone();
                required.sort();
                n.set(
                    "required",
                    Json::Array(required.into_iter().map(Json::String).collect()),
                );
            }
            n
        }
        Type::Tuple(ts) => {
            let mut n = map(vec![
                ("type", Json::str("array")),
                ("minItems", Json::int(ts.len() as u64)),
                ("maxItems", Json::int(ts.len() as u64)),
            ]);
            // Draft-07 wants at least one schema in an `items` array; `tuple([])` has none.
            if !ts.is_empty() {
                n.set(
                    "items",
                    Json::Array(
                        ts.iter()
                            .map(|t| node(cx, t, None, cx.conversions))
                            .collect(),
                    ),
                );
            }
            n
        }
        Type::Object(attrs) => {
            let mut props = Map::new();
            let mut required = Vec::new();
            for a in attrs {
                let child = rules
                    .properties
                    .iter()
                    .find(|(n, _)| **n == *a.name)
                    .map(|(_, r)| r);
                let mut p = node(cx, &a.ty, child, cx.conversions);
                if let Some(d) = &a.default {
                    if let Some(j) = default_json(d, &a.ty) {
                        if let Json::Object(m) = &mut p {
                            m.insert("default", j);
                        }
                    }
                }
                props.insert(a.name.to_string(), p);
                if !a.optional || cx.require_all || rules.required.iter().any(|r| **r == *a.name) {
                    required.push(a.name.to_string());
                }
            }
            required.sort();
            let mut n = map(vec![
                ("type", Json::str("object")),
                ("additionalProperties", Json::Bool(cx.additional_properties)),
                ("properties", Json::Object(props)),
                (
                    "required",
                    Json::Array(required.into_iter().map(Json::String).collect()),
                ),
            ]);
            if rules.any_of.iter().flatten().any(|r| !r.is_flat()) {
                // Alternatives about attributes: each a schema of the object.
                let mut flat = rules.clone();
                flat.any_of.clear();
                write_rules(&mut n, ty, &flat);
                write_any_of(&mut n, &rules.any_of, |r| object_rules(cx, attrs, r));
                return finish(cx, n, nullable, keys_escaped);
            }
            n
        }
    };
    write_rules(&mut n, ty, rules);
    if *ty == Type::Any && (rules.object_only || !rules.properties.is_empty()) {
        // Rules on the keys of an untyped value: an object, with rules on some keys.
        let attrs: Vec<tfvars_runtime::Attribute> = rules
            .properties
            .iter()
            .map(|(name, _)| tfvars_runtime::Attribute {
                name: name.as_str().into(),
                ty: Type::Any,
                optional: true,
                default: None,
            })
            .collect();
        let keyed = Rules {
            properties: rules.properties.clone(),
            required: rules.required.clone(),
            ..Rules::default()
        };
        if let Json::Object(o) = object_rules(cx, &attrs, &keyed) {
            for (k, v) in o.iter() {
                n.set(k.to_string(), v.clone());
            }
        }
        n.set("type", Json::str("object"));
    }
    if let (Type::Any, Some(keys)) = (ty, rules.keys.as_deref()) {
        // `keys(var.x)` of an untyped value: an object, whose attribute names meet the rules.
        n.set("propertyNames", property_names(cx, keys));
        n.set("type", Json::str("object"));
    }
    if let (Type::Any, Some(members)) = (ty, rules.members.as_deref()) {
        // Rules on every member of an untyped value: only an array (a tuple) or an object can
        // be iterated, its items or its attribute values.
        let each = node(cx, &Type::Any, Some(members), cx.conversions);
        let iterated = vec![
            ("additionalProperties", each.clone()),
            ("items", each),
            (
                "type",
                Json::Array(vec![Json::str("array"), Json::str("object")]),
            ),
        ];
        if iterated.iter().all(|(k, _)| n.get(k).is_none()) {
            for (k, v) in iterated {
                n.set(k, v);
            }
        } else {
            push_all_of(&mut n, map(iterated));
        }
    }
    if *ty == Type::Any && !rules.null_ok && rules.allowed.is_none() {
        // An untyped node whose rules refuse null.
        refuse_null(&mut n);
    }
    if cx.conversions && matches!(ty, Type::Set(_)) {
        // `length()` counts the distinct elements, `maxItems` every element given: an upper
        // bound would reject duplicates Terraform removes (`minItems` only lets more through).
        n.entries().remove("maxItems");
    }
    if cx.conversions && *ty == Type::Any {
        // An untyped string judged as text: strings NFC could change pass unchecked.
        if let Some(escape) = nfc::needed(rules) {
            n = cx.or_escaped(n, escape);
        }
    }
    finish(cx, n, nullable, keys_escaped)
}

/// `propertyNames`: the rules on every key of a map or object, which text NFC could change
/// passes unchecked under conversions (Terraform reads keys in NFC).
fn property_names(cx: &NodeCx, keys: &Rules) -> Json {
    let mut names = Json::object();
    write_rules(&mut names, &Type::String, keys);
    match nfc::needed(keys).filter(|_| cx.conversions) {
        Some(escape) => cx.or_escaped(names, escape),
        None => names,
    }
}

/// `items` as a list: the node of each of the first elements, with its rules.
fn first_items(cx: &NodeCx, elem: &Type, first: &[Rules]) -> Json {
    Json::Array(
        first
            .iter()
            .map(|r| node(cx, elem, Some(r), cx.conversions))
            .collect(),
    )
}

/// Adds `o` to the node's `allOf`.
fn push_all_of(n: &mut Json, o: Json) {
    match n.entries().get_mut("allOf") {
        Some(Json::Array(existing)) => existing.push(o),
        _ => {
            n.set("allOf", Json::Array(vec![o]));
        }
    }
}

fn finish(cx: &NodeCx, n: Json, nullable: bool, keys_escaped: bool) -> Json {
    let mut n = if keys_escaped {
        cx.or_keys_escaped(n)
    } else {
        n
    };
    if nullable && cx.conversions {
        add_null(&mut n);
    }
    n
}

/// Writes groups of alternatives: the first as `anyOf`, the others in `allOf`.
fn write_any_of(n: &mut Json, groups: &[Vec<Rules>], mut render: impl FnMut(&Rules) -> Json) {
    let mut all_of = Vec::new();
    for (i, alternatives) in groups.iter().enumerate() {
        let branches = Json::Array(alternatives.iter().map(&mut render).collect());
        if i == 0 && n.get("anyOf").is_none() {
            n.set("anyOf", branches);
        } else {
            let mut o = Json::object();
            o.set("anyOf", branches);
            all_of.push(o);
        }
    }
    if !all_of.is_empty() {
        match n.entries().get_mut("allOf") {
            Some(Json::Array(existing)) => existing.extend(all_of),
            _ => {
                n.set("allOf", Json::Array(all_of));
            }
        }
    }
}

/// The schema of rules about an object's attributes (a variable's, or the root's for a rule
/// between variables): `properties` with each attribute's rules, `required`, alternatives.
/// Type keywords of the object itself are left to its own node.
pub(crate) fn object_rules(
    cx: &NodeCx,
    attrs: &[tfvars_runtime::Attribute],
    rules: &Rules,
) -> Json {
    let mut o = Json::object();
    let mut flat = rules.clone();
    flat.any_of.clear();
    write_rules(&mut o, &Type::object(attrs.to_vec()), &flat);
    if !rules.properties.is_empty() {
        let mut props = Map::new();
        for (name, child) in &rules.properties {
            let Some(a) = attrs.iter().find(|a| *a.name == **name) else {
                continue;
            };
            props.insert(name.clone(), attribute_node(cx, &a.ty, child));
        }
        o.set("properties", Json::Object(props));
    }
    if !rules.required.is_empty() {
        let mut required = rules.required.clone();
        required.sort();
        o.set(
            "required",
            Json::Array(required.into_iter().map(Json::String).collect()),
        );
    }
    write_any_of(&mut o, &rules.any_of, |r| object_rules(cx, attrs, r));
    o
}

/// The node of an attribute inside rules: its type's node with the rules, accepting null
/// exactly when the rules do.
fn attribute_node(cx: &NodeCx, ty: &Type, rules: &Rules) -> Json {
    if cx.conversions {
        return node(cx, ty, Some(rules), true);
    }
    let n = node(cx, ty, Some(rules), false);
    if !rules.null_ok || n.get("type") == Some(&Json::str("null")) {
        return n;
    }
    let mut null = Json::object();
    null.set("type", Json::str("null"));
    let mut o = Json::object();
    o.set("anyOf", Json::Array(vec![null, n]));
    o
}

/// Makes a node also accept `null`.
pub(crate) fn add_null(n: &mut Json) {
    let m = n.entries();
    if m.len() == 1 && m.get("not") == Some(&Json::object()) {
        // Nothing but null.
        m.remove("not");
        m.insert("type", Json::str("null"));
        return;
    }
    if m.get("type") == Some(&Json::str("null")) {
        return;
    }
    if let Some(values) = m.get_mut("enum") {
        if let Json::Array(vs) = values {
            if !vs.contains(&Json::Null) {
                vs.push(Json::Null);
            }
        }
        return;
    }
    if m.get("type").is_none() && m.get("anyOf").is_none() {
        // Parts that must all hold (a string's keywords split by the escape they need): null
        // passes each.
        if let Some(Json::Array(parts)) = m.get_mut("allOf") {
            parts.iter_mut().for_each(add_null);
            return;
        }
    }
    if m.get("type").is_none() {
        if let Some(Json::Array(alternatives)) = m.get_mut("anyOf") {
            let mut null = Json::object();
            null.set("type", Json::str("null"));
            if !alternatives.contains(&null) {
                alternatives.push(null);
            }
            return;
        }
    }
    match m.get_mut("type") {
        Some(Json::String(t)) => {
            let t = std::mem::take(t);
            m.insert(
                "type",
                Json::Array(vec![Json::String(t), Json::str("null")]),
            );
        }
        Some(Json::Array(ts)) if !ts.contains(&Json::str("null")) => {
            ts.push(Json::str("null"));
        }
        _ => {}
    }
}

/// Makes `n` refuse null: an untyped node (no `type`) takes every JSON type but null, and null
/// leaves its `type` list and its `enum`. The other keywords are left as they are, since a
/// `type` beside them must hold too.
pub(crate) fn refuse_null(n: &mut Json) {
    let m = n.entries();
    if let Some(Json::Array(values)) = m.get_mut("enum") {
        values.retain(|v| *v != Json::Null);
        return;
    }
    match m.get_mut("type") {
        None => {
            m.insert(
                "type",
                Json::Array(
                    ["array", "boolean", "number", "object", "string"]
                        .into_iter()
                        .map(Json::str)
                        .collect(),
                ),
            );
        }
        Some(Json::Array(types)) => types.retain(|t| *t != Json::str("null")),
        Some(_) => {}
    }
}

/// Writes the keywords of `rules` into `n`, a node of type `ty` (items/values/keys rules are
/// written by [`node`] into the child nodes).
pub(crate) fn write_rules(n: &mut Json, ty: &Type, rules: &Rules) {
    if *ty == Type::Number && (!rules.patterns.is_empty() || !rules.forbidden_patterns.is_empty()) {
        // A number meets a pattern as its decimal text: the numbers whose text the patterns
        // accept, as ranges (the translator admits only patterns that judge the text by its
        // shape, which `number_texts` reads).
        let texts = Rules {
            patterns: rules.patterns.clone(),
            forbidden_patterns: rules.forbidden_patterns.clone(),
            ..Rules::default()
        };
        let rest = Rules {
            patterns: Vec::new(),
            forbidden_patterns: Vec::new(),
            ..rules.clone()
        };
        write_rules(n, ty, &rest);
        if let Some(set) = super::number_texts::numbers(&texts) {
            let mut within = Json::object();
            if set.is_empty() {
                within.set("not", Json::object());
            } else {
                set.write(&mut within, Vec::new());
            }
            let m = n.entries();
            match m.get_mut("allOf") {
                Some(Json::Array(all)) => all.push(within),
                _ => {
                    m.insert("allOf", Json::Array(vec![within]));
                }
            }
        }
        return;
    }
    let m = n.entries();
    let json = |v: &Value| Json::from_value(v).unwrap_or(Json::Null);
    if let Some(allowed) = &rules.allowed {
        // A `null` in the enum only matters where the type allows null (`any`); keep it there
        // only when the condition accepts null.
        let keep = |v: &&Value| !v.is_null() || *ty != Type::Any || rules.null_ok;
        m.insert(
            "enum",
            Json::Array(allowed.iter().filter(keep).map(json).collect()),
        );
    }
    // `not` holds the disallowed values and the patterns that must not match; with both, a
    // value must be neither: `not: {anyOf: [{enum}, {pattern}, …]}`.
    let mut nots: Vec<Json> = Vec::new();
    if !rules.disallowed.is_empty() {
        let mut not = Json::object();
        not.set(
            "enum",
            Json::Array(rules.disallowed.iter().map(json).collect()),
        );
        nots.push(not);
    }
    for p in &rules.forbidden_patterns {
        let mut not = Json::object();
        // `pattern` alone would let non-strings through `not`; only strings are checked here.
        not.set("pattern", Json::str(p.clone()))
            .set("type", Json::str("string"));
        nots.push(not);
    }
    match nots.len() {
        0 => {}
        1 => {
            m.insert("not", nots.pop().unwrap_or(Json::Null));
        }
        _ => {
            let mut any = Json::object();
            any.set("anyOf", Json::Array(nots));
            m.insert("not", any);
        }
    }
    // One `pattern` and one `anyOf` fit in the node; further ones go to `allOf`.
    let mut all_of: Vec<Json> = Vec::new();
    if let Some((first, rest)) = rules.patterns.split_first() {
        m.insert("pattern", Json::str(first.clone()));
        for p in rest {
            let mut o = Json::object();
            o.set("pattern", Json::str(p.clone()));
            all_of.push(o);
        }
    }
    for (i, alternatives) in rules.any_of.iter().enumerate() {
        let branches = Json::Array(
            alternatives
                .iter()
                .map(|r| {
                    let mut o = Json::object();
                    write_rules(&mut o, ty, r);
                    o
                })
                .collect(),
        );
        if i == 0 {
            m.insert("anyOf", branches);
        } else {
            let mut o = Json::object();
            o.set("anyOf", branches);
            all_of.push(o);
        }
    }
    for n in &rules.multiple_of {
        all_of.push(multiple_of(n));
    }
    // `length()` of an untyped value: bounds for whichever of a string, an array or an
    // object the value is, written here rather than as the keywords below.
    let untyped_length = *ty == Type::Any && rules.lengthy;
    if untyped_length {
        all_of.push(untyped_lengths(rules));
    }
    if !all_of.is_empty() {
        m.insert("allOf", Json::Array(all_of));
    }
    if let Some(b) = &rules.minimum {
        let key = if b.exclusive {
            "exclusiveMinimum"
        } else {
            "minimum"
        };
        m.insert(key, Json::Number(b.value.clone()));
    }
    if let Some(b) = &rules.maximum {
        let key = if b.exclusive {
            "exclusiveMaximum"
        } else {
            "maximum"
        };
        m.insert(key, Json::Number(b.value.clone()));
    }
    if untyped_length {
        return;
    }
    let (min_key, max_key) = match ty {
        Type::String => ("minLength", "maxLength"),
        Type::Map(_) | Type::Object(_) => ("minProperties", "maxProperties"),
        // An untyped value the rules require to be an object (`var.x == {}`).
        Type::Any if rules.object_only => ("minProperties", "maxProperties"),
        _ => ("minItems", "maxItems"),
    };
    if let Some(min) = rules.min_length {
        let current = match m.get(min_key) {
            Some(Json::Number(n)) => n.to_terraform_string().parse::<u64>().unwrap_or(0),
            _ => 0,
        };
        m.insert(min_key, Json::int(min.max(current)));
    }
    if let Some(max) = rules.max_length {
        let current = match m.get(max_key) {
            Some(Json::Number(n)) => n.to_terraform_string().parse::<u64>().unwrap_or(u64::MAX),
            _ => u64::MAX,
        };
        m.insert(max_key, Json::int(max.min(current)));
    }
}

/// The length bounds of an untyped value that `length()` reads: a string's (its grapheme
/// clusters, which JSON Schema counts as code points), an array's or an object's; a number, a
/// bool or null fails `length()`.
fn untyped_lengths(rules: &Rules) -> Json {
    let kinds = [
        ("string", "minLength", "maxLength"),
        ("array", "minItems", "maxItems"),
        ("object", "minProperties", "maxProperties"),
    ];
    let alternatives = kinds
        .into_iter()
        .map(|(kind, min_key, max_key)| {
            let mut o = map(vec![("type", Json::str(kind))]);
            if let Some(min) = rules.min_length {
                o.set(min_key, Json::int(min));
            }
            if let Some(max) = rules.max_length {
                o.set(max_key, Json::int(max));
            }
            o
        })
        .collect();
    map(vec![("anyOf", Json::Array(alternatives))])
}

/// `multipleOf` `n`, or a number of magnitude 2^53 or more: validators compute the keyword in
/// floating point, where such a number holds no fraction and some reject true multiples
/// (12345678901234567890000 of 100), so those pass unchecked (listed as inexact).
fn multiple_of(n: &Number) -> Json {
    let beyond = |key: &'static str, sign: &str| {
        let limit =
            Number::parse_json(&format!("{sign}9007199254740992")).expect("2^53 is a JSON number");
        map(vec![(key, Json::Number(limit))])
    };
    map(vec![(
        "anyOf",
        Json::Array(vec![
            map(vec![("multipleOf", Json::Number(n.clone()))]),
            beyond("minimum", ""),
            beyond("maximum", "-"),
        ]),
    )])
}

/// A default as the schema shows it: the value Terraform uses (converted to the type, optional
/// attribute defaults filled in), with optional attributes that are null left out, since leaving
/// them out means the same and keeps the default valid against the schema. `None` when the
/// value cannot be written as JSON (an infinite number).
pub(crate) fn default_json(value: &Value, ty: &Type) -> Option<Json> {
    let mut j = Json::from_value(value).ok()?;
    prune(&mut j, ty);
    Some(j)
}

fn prune(j: &mut Json, ty: &Type) {
    match (j, ty) {
        (Json::Object(m), Type::Object(attrs)) => {
            for a in attrs {
                if a.optional && m.get(&a.name) == Some(&Json::Null) {
                    m.remove(&a.name);
                } else if let Some(v) = m.get_mut(&a.name) {
                    prune(v, &a.ty);
                }
            }
        }
        (Json::Object(m), Type::Map(t)) => m.values_mut().for_each(|v| prune(v, t)),
        (Json::Array(vs), Type::List(t) | Type::Set(t)) => vs.iter_mut().for_each(|v| prune(v, t)),
        (Json::Array(vs), Type::Tuple(ts)) => vs.iter_mut().zip(ts).for_each(|(v, t)| prune(v, t)),
        _ => {}
    }
}
