//! Terraform types as Rust types, and the structs generated for object types.

use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt::Write as _;

use tfvars_runtime::output::to_hcl_expression;
use tfvars_runtime::{Type, Value};

use super::naming::{FieldNames, SetterNames, TypeNames};
use super::text::{push_doc_attrs, push_escaped, push_str_lit};
use crate::text_hash::TextMap;

/// What a field's setter accepts, decided by the type under `Option`/`Sensitive`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// `String`: `impl Into<String>`.
    String,
    /// `Number`: `impl IntoNumber` (any integer, finite floats, `Number`).
    Number,
    /// `AnyValue` (for `any`): `impl Into<AnyValue>`.
    Json,
    /// Anything else: the type itself.
    Other,
}

/// A Rust type for a Terraform type.
pub struct RustType {
    /// The type, as Rust source text.
    pub text: String,
    /// Whether it implements `Ord` (so that it can sit in a `BTreeSet`).
    pub orderable: bool,
    /// What the setter accepts.
    pub leaf: Leaf,
}

/// One field of a generated struct.
pub struct FieldDef {
    /// The Rust field name.
    pub ident: String,
    /// The member's name in the builder (its setters and type state), see
    /// [`super::naming::SetterNames`]: mostly bon's default for `ident`.
    pub setter: String,
    /// The Terraform name.
    pub name: String,
    /// The field type without `Option`/`Sensitive`.
    pub ty: RustType,
    /// The field is an `Option` (an optional attribute, or a variable with a default).
    pub optional: bool,
    /// The field is wrapped in `Sensitive`.
    pub sensitive: bool,
    /// The doc comment.
    pub doc: String,
}

/// One generated struct (for an object type).
pub struct StructDef {
    /// The type name.
    pub name: String,
    /// The doc comment.
    pub doc: String,
    /// The fields, in declaration order.
    pub fields: Vec<FieldDef>,
    /// All fields implement `Ord`.
    pub orderable: bool,
    /// The type sits inside a `set(…)` element, so it derives `Ord` (when `orderable`).
    pub in_set: bool,
    /// Equal for two structs whose bodies (`{ fields }`) are the same tokens, so that they
    /// share them; `None` when a field's type holds an object type (a struct of its own).
    pub body_key: Option<String>,
}

/// Maps types and collects the structs they need.
pub struct TypeMapper<'a> {
    /// The facade crate's path (`::tfvars`).
    pub krate: &'a str,
    /// The struct names of the object types to map, in the order they are met (see
    /// [`assign_struct_names`]).
    names: &'a [String],
    /// How many of `names` are used.
    named: usize,
    /// The structs of the object types met, depth-first, parent first.
    pub structs: Vec<StructDef>,
    /// How many `set(…)` element types enclose the type being mapped.
    set_depth: usize,
}

/// Gives a struct name to every object type in `ty`, which is found at `path` (the variable's
/// name, then attribute names and tuple indexes), and appends them to `out` in the order
/// [`TypeMapper::map`] meets them: depth-first, parent first.
///
/// Naming is done first, for every variable in order, because a name depends on every name
/// given before it; the types can then be mapped in any order, or at once.
pub fn assign_struct_names<'t>(
    names: &mut TypeNames,
    root: &str,
    ty: &'t Type,
    path: &mut Vec<Cow<'t, str>>,
    out: &mut Vec<String>,
) {
    match ty {
        Type::Object(attrs) => {
            out.push(names.assign(root, path));
            for a in attrs.iter() {
                path.push(Cow::Borrowed(&a.name));
                assign_struct_names(names, root, &a.ty, path, out);
                path.pop();
            }
        }
        Type::List(t) | Type::Set(t) | Type::Map(t) => {
            assign_struct_names(names, root, t, path, out)
        }
        Type::Tuple(ts) => {
            for (i, t) in ts.iter().enumerate() {
                path.push(Cow::Owned(i.to_string()));
                assign_struct_names(names, root, t, path, out);
                path.pop();
            }
        }
        Type::String | Type::Number | Type::Bool | Type::Any => {}
    }
}

impl<'a> TypeMapper<'a> {
    /// A mapper for types whose object types are named `names`, in the order
    /// [`assign_struct_names`] gives them.
    pub fn new(krate: &'a str, names: &'a [String]) -> TypeMapper<'a> {
        TypeMapper {
            krate,
            names,
            named: 0,
            structs: Vec::new(),
            set_depth: 0,
        }
    }

    /// The Rust type for `ty`, found at `path` (variable name, then attribute names).
    pub fn map<'t>(&mut self, ty: &'t Type, path: &mut Vec<Cow<'t, str>>) -> RustType {
        let krate = self.krate;
        match ty {
            Type::String => RustType {
                text: "::std::string::String".to_string(),
                orderable: true,
                leaf: Leaf::String,
            },
            Type::Number => RustType {
                text: join(&[krate, "::Number"]),
                orderable: true,
                leaf: Leaf::Number,
            },
            Type::Bool => RustType {
                text: "bool".to_string(),
                orderable: true,
                leaf: Leaf::Other,
            },
            Type::Any => RustType {
                text: join(&[krate, "::AnyValue"]),
                orderable: false,
                leaf: Leaf::Json,
            },
            Type::List(t) => {
                let inner = self.map(t, path);
                let t = inner.text;
                RustType {
                    text: join(&["::std::vec::Vec<", &t, ">"]),
                    orderable: inner.orderable,
                    leaf: Leaf::Other,
                }
            }
            Type::Set(t) => {
                self.set_depth += 1;
                let inner = self.map(t, path);
                self.set_depth -= 1;
                let t = inner.text;
                if inner.orderable {
                    RustType {
                        text: join(&["::std::collections::BTreeSet<", &t, ">"]),
                        orderable: true,
                        leaf: Leaf::Other,
                    }
                } else {
                    // No order on the elements: a `Vec`; duplicates are removed by Terraform.
                    RustType {
                        text: join(&["::std::vec::Vec<", &t, ">"]),
                        orderable: false,
                        leaf: Leaf::Other,
                    }
                }
            }
            Type::Map(t) => {
                let inner = self.map(t, path);
                let t = inner.text;
                RustType {
                    text: join(&[
                        "::std::collections::BTreeMap<::std::string::String, ",
                        &t,
                        ">",
                    ]),
                    orderable: inner.orderable,
                    leaf: Leaf::Other,
                }
            }
            Type::Tuple(ts) => {
                let mut orderable = true;
                let mut text = String::from("(");
                for (i, t) in ts.iter().enumerate() {
                    path.push(Cow::Owned(i.to_string()));
                    let r = self.map(t, path);
                    path.pop();
                    orderable &= r.orderable;
                    text.push_str(&r.text);
                    text.push(',');
                }
                text.push(')');
                RustType {
                    text,
                    orderable,
                    leaf: Leaf::Other,
                }
            }
            Type::Object(attrs) => {
                let name = self.names[self.named].clone();
                self.named += 1;
                // Reserve the slot now so the order of `structs` is depth-first, parent first.
                let slot = self.structs.len();
                self.structs.push(StructDef {
                    name: String::new(),
                    doc: String::new(),
                    fields: Vec::new(),
                    orderable: true,
                    in_set: false,
                    body_key: None,
                });
                let mut idents = FieldNames::default();
                let mut setters = SetterNames::default();
                let mut fields = Vec::with_capacity(attrs.len());
                for a in attrs.iter() {
                    path.push(Cow::Borrowed(&a.name));
                    let ty = self.map(&a.ty, path);
                    path.pop();
                    let ident = idents.assign(&a.name);
                    let field = FieldDef {
                        setter: setters.assign(&ident, a.optional, false),
                        ident,
                        name: a.name.to_string(),
                        ty,
                        optional: a.optional,
                        sensitive: false,
                        doc: attribute_doc(&a.ty, a.optional, a.default.as_ref()),
                    };
                    fields.push(field);
                }
                // A type that holds an object type names a struct of this struct's own: no
                // other body can share it.
                let body_key = if attrs.iter().any(|a| type_has_object(&a.ty)) {
                    None
                } else {
                    Some(body_key(&fields))
                };
                let orderable = fields.iter().all(|f| f.ty.orderable);
                let mut doc = String::with_capacity(64);
                doc.push_str("The object type");
                if !path.is_empty() {
                    doc.push_str(" of `");
                    push_display_path(&mut doc, path);
                    doc.push('`');
                }
                doc.push('.');
                self.structs[slot] = StructDef {
                    name: name.clone(),
                    doc,
                    fields,
                    orderable,
                    in_set: self.set_depth > 0,
                    body_key,
                };
                RustType {
                    text: name,
                    orderable,
                    leaf: Leaf::Other,
                }
            }
        }
    }
}

/// [`StructDef::body_key`] for fields whose types hold no object type: what each field's text
/// depends on (the setter's input follows from the Rust type), length-prefixed, so that no two
/// field lists share a key.
fn body_key(fields: &[FieldDef]) -> String {
    fn parts(f: &FieldDef) -> [&String; 5] {
        [&f.ident, &f.setter, &f.name, &f.ty.text, &f.doc]
    }
    let len: usize = fields
        .iter()
        .flat_map(parts)
        .map(|part| part.len() + 4)
        .sum::<usize>()
        + fields.len();
    let mut key = String::with_capacity(len);
    for f in fields {
        for part in parts(f) {
            push_len_prefixed(&mut key, part);
        }
        key.push(if f.optional { '?' } else { '!' });
    }
    key
}

/// `parts` joined, in one allocation.
fn join(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for part in parts {
        out.push_str(part);
    }
    out
}

/// Whether an object type occurs in `ty`.
fn type_has_object(ty: &Type) -> bool {
    match ty {
        Type::Object(_) => true,
        Type::List(t) | Type::Set(t) | Type::Map(t) => type_has_object(t),
        Type::Tuple(ts) => ts.iter().any(type_has_object),
        Type::String | Type::Number | Type::Bool | Type::Any => false,
    }
}

/// Appends `a.b[1].c`-style text for a type path.
fn push_display_path(out: &mut String, path: &[Cow<'_, str>]) {
    for (i, seg) in path.iter().enumerate() {
        if i > 0 && seg.bytes().all(|b| b.is_ascii_digit()) {
            out.push('[');
            out.push_str(seg);
            out.push(']');
        } else {
            if i > 0 {
                out.push('.');
            }
            out.push_str(seg);
        }
    }
}

/// Appends `part`'s length in decimal, `:` and `part`.
fn push_len_prefixed(out: &mut String, part: &str) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = part.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
    out.push(':');
    out.push_str(part);
}

/// Terraform type syntax with nested object types abbreviated to `object({…})`: each object
/// has its own struct, documented there.
pub fn short_type_text(ty: &Type) -> String {
    let mut out = String::new();
    tfvars_runtime::output::write_type_text(&mut out, ty, true);
    out
}

fn attribute_doc(ty: &Type, optional: bool, default: Option<&Value>) -> String {
    let mut doc = String::with_capacity(96);
    doc.push_str("Terraform type: `");
    tfvars_runtime::output::write_type_text(&mut doc, ty, true);
    doc.push('`');
    if optional {
        match default {
            Some(d) => {
                doc.push_str("; optional, unset means `");
                doc.push_str(&to_hcl_expression(d));
                doc.push('`');
            }
            None => doc.push_str("; optional, unset means `null`"),
        }
    }
    doc.push('.');
    doc
}

/// Text that reads the same on many structs and fields of one expansion, built once: the
/// attributes, and the parts of struct bodies and impls that repeat (many fields share a doc
/// text, many structs the same field list).
pub struct Shared {
    /// The facade crate's path.
    pub krate: String,
    /// `#[derive(…)] #[builder(crate = …)] #[serde(crate = …)]` of a struct deriving `Debug`,
    /// without (index 0) and with (index 1) `Eq, PartialOrd, Ord, Hash`.
    struct_attrs: [String; 2],
    /// The builder attribute of a non-sensitive number field.
    builder_number: String,
    /// The `#[doc]` attributes of each field doc text met so far.
    field_docs: RefCell<TextMap<String, String>>,
    /// `{ to_value body } { from_value body }` by field list.
    value_bodies: RefCell<TextMap<String, (String, String)>>,
    /// Struct bodies by [`StructDef::body_key`].
    struct_bodies: RefCell<TextMap<String, String>>,
}

impl Shared {
    /// The shared text for the facade crate `krate`.
    pub fn new(krate: &str) -> Shared {
        let struct_attrs = [false, true].map(|ord| struct_attrs(krate, true, ord));
        Shared {
            krate: krate.to_string(),
            struct_attrs,
            builder_number: format!(
                "#[builder(with = |v: impl {krate}::__private::IntoNumber| {krate}::__private::IntoNumber::into_number(v))]\n"
            ),
            field_docs: RefCell::new(TextMap::default()),
            value_bodies: RefCell::new(TextMap::default()),
            struct_bodies: RefCell::new(TextMap::default()),
        }
    }

    /// Calls `write` with the bodies of `to_value` and `from_value` for a struct's fields;
    /// structs with the same attribute names and field names share them.
    fn with_value_bodies(&self, def: &StructDef, write: impl FnOnce(&str, &str)) {
        let mut key = String::with_capacity(def.fields.len() * 24);
        for f in &def.fields {
            // Length-prefixed, so that no two field lists make the same key.
            push_len_prefixed(&mut key, &f.name);
            push_len_prefixed(&mut key, &f.ident);
        }
        let mut bodies = self.value_bodies.borrow_mut();
        let (to_body, from_body) = bodies.entry(key).or_insert_with(|| {
            let krate = &self.krate;
            let mut to = format!(
                "{{ let mut m = {krate}::ValueMap::with_capacity({});\n",
                def.fields.len()
            );
            let mut from = format!(
                "{{ let m = {krate}::__private::object_attributes(value, path)?;\n::std::result::Result::Ok(Self {{\n"
            );
            for f in &def.fields {
                let ident = &f.ident;
                to.push_str(krate);
                to.push_str("::__private::push_attr(&mut m, ");
                push_str_lit(&mut to, &f.name);
                to.push_str(", &self.");
                to.push_str(ident);
                to.push_str(");\n");
                from.push_str(ident);
                from.push_str(": ");
                from.push_str(krate);
                from.push_str("::__private::attr(m, ");
                push_str_lit(&mut from, &f.name);
                from.push_str(", path)?,\n");
            }
            to.push_str(krate);
            to.push_str("::Value::Object(m) }");
            from.push_str("}) }");
            (to, from)
        });
        write(to_body, from_body);
    }

    /// Appends the `#[doc]` attributes of a field's doc text, built once per distinct text.
    fn push_field_doc(&self, out: &mut String, text: &str) {
        let mut docs = self.field_docs.borrow_mut();
        if let Some(doc) = docs.get(text) {
            out.push_str(doc);
            return;
        }
        let doc = doc_attrs(text);
        out.push_str(&doc);
        docs.insert(text.to_string(), doc);
    }
}

/// One `#[doc = " line"]` per line, so the code reads as `///` comments once formatted.
pub fn doc_attrs(text: &str) -> String {
    super::text::doc_attrs(text)
}

/// The derive, builder and serde attributes of a generated struct.
fn struct_attrs(krate: &str, debug_derive: bool, ord: bool) -> String {
    let debug = if debug_derive { "Debug, " } else { "" };
    let ord = if ord {
        ", Eq, PartialOrd, Ord, Hash"
    } else {
        ""
    };
    let serde_crate: String = format!("{krate}::__private::serde")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let mut out = format!(
        "#[derive(Clone, {debug}PartialEq{ord}, {krate}::__private::bon::Builder, \
         {krate}::__private::serde::Serialize, {krate}::__private::serde::Deserialize)]\n\
         #[builder(crate = {krate}::__private::bon)]\n#[serde(crate = "
    );
    push_str_lit(&mut out, &serde_crate);
    out.push_str(")]\n");
    out
}

/// Appends a struct definition with its derives, builder and serde attributes; `extra_fields`
/// is text put before its fields.
pub fn render_struct(
    shared: &Shared,
    out: &mut String,
    def: &StructDef,
    extra_fields: &str,
    nulls_field: bool,
) {
    push_doc_attrs(out, &def.doc);
    let ord = def.orderable && def.in_set && !nulls_field;
    if nulls_field {
        out.push_str(&struct_attrs(&shared.krate, false, ord));
    } else {
        out.push_str(&shared.struct_attrs[usize::from(ord)]);
    }
    if has_required(def) {
        // bon's `build()` becomes private: `render_build` writes the public one.
        out.push_str(BON_FINISH_ATTR);
    }
    out.push_str("pub struct ");
    out.push_str(&def.name);
    out.push(' ');
    match (&def.body_key, extra_fields.is_empty()) {
        (Some(key), true) => {
            let mut bodies = shared.struct_bodies.borrow_mut();
            let body = bodies
                .entry(key.clone())
                .or_insert_with(|| render_body(shared, def, ""));
            out.push_str(body);
        }
        _ => out.push_str(&render_body(shared, def, extra_fields)),
    }
    out.push('\n');
    // With the hidden explicit-null record, `Debug` is written out so that it shows the record
    // only when it holds something.
    if nulls_field {
        let nulls = super::root::NULLS_FIELD;
        out.push_str("impl ::std::fmt::Debug for ");
        out.push_str(&def.name);
        out.push_str(
            " {\nfn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {\nlet mut d = f.debug_struct(",
        );
        push_str_lit(out, &def.name);
        out.push_str(");\nd");
        for f in &def.fields {
            out.push_str(" .field(");
            push_str_lit(out, &f.ident);
            out.push_str(", &self.");
            out.push_str(&f.ident);
            out.push(')');
        }
        out.push_str(";\nif !self.");
        out.push_str(nulls);
        out.push_str(".is_empty() {\nd.field(\"explicit_nulls\", &self.");
        out.push_str(nulls);
        out.push_str(");\n}\nd.finish()\n}\n}\n");
    }
}

/// `{ fields }` of a struct.
fn render_body(shared: &Shared, def: &StructDef, extra_fields: &str) -> String {
    // The extra fields come first: bon wants its `#[builder(field)]` members before the others.
    let mut body = String::with_capacity(extra_fields.len() + 256 * def.fields.len() + 4);
    body.push_str("{\n");
    body.push_str(extra_fields);
    for f in &def.fields {
        render_field(shared, &mut body, f);
        body.push_str(",\n");
    }
    body.push('}');
    body
}

fn render_field(shared: &Shared, out: &mut String, f: &FieldDef) {
    let krate = &shared.krate;
    shared.push_field_doc(out, &f.doc);
    if f.setter != super::naming::bon_default_name(&f.ident) {
        out.push_str("#[doc = \"\"]\n#[doc = \" The builder sets it with `.");
        out.push_str(&f.setter);
        out.push_str("(…)`: the name its own would give clashes with another of the builder's names, or is no plain identifier.\"]\n");
        out.push_str("#[builder(name = ");
        out.push_str(&f.setter);
        out.push_str(")]\n");
    }
    let inner = &f.ty.text;
    let wrap = |v: &str| {
        if f.sensitive {
            format!("{krate}::Sensitive::new({v})")
        } else {
            v.to_string()
        }
    };
    match f.ty.leaf {
        Leaf::String | Leaf::Json if !f.sensitive => out.push_str("#[builder(into)]\n"),
        Leaf::Other if f.sensitive => out.push_str("#[builder(into)]\n"),
        Leaf::String => out.push_str(&format!(
            "#[builder(with = |v: impl ::std::convert::Into<::std::string::String>| {})]\n",
            wrap("::std::convert::Into::into(v)")
        )),
        Leaf::Number if !f.sensitive => out.push_str(&shared.builder_number),
        Leaf::Number => out.push_str(&format!(
            "#[builder(with = |v: impl {krate}::__private::IntoNumber| {})]\n",
            wrap(&format!("{krate}::__private::IntoNumber::into_number(v)"))
        )),
        Leaf::Json => out.push_str(&format!(
            "#[builder(with = |v: impl ::std::convert::Into<{inner}>| {})]\n",
            wrap("::std::convert::Into::into(v)")
        )),
        Leaf::Other => {}
    }
    let optional_serde = "default, skip_serializing_if = \"::std::option::Option::is_none\"";
    if f.ident == f.name {
        if f.optional {
            out.push_str("#[serde(");
            out.push_str(optional_serde);
            out.push_str(")]\n");
        }
    } else {
        out.push_str("#[serde(rename = ");
        push_str_lit(out, &f.name);
        if f.optional {
            out.push_str(", ");
            out.push_str(optional_serde);
        }
        out.push_str(")]\n");
    }
    out.push_str("pub ");
    out.push_str(&f.ident);
    out.push_str(": ");
    if f.optional {
        out.push_str("::std::option::Option<");
    }
    if f.sensitive {
        out.push_str(krate);
        out.push_str("::Sensitive<");
    }
    out.push_str(inner);
    if f.sensitive {
        out.push('>');
    }
    if f.optional {
        out.push('>');
    }
}

/// The name of bon's `build()` where [`render_build`] writes the public one.
const BON_FINISH_ATTR: &str = "#[builder(finish_fn(name = bon_build, vis = \"\"))]\n";

/// Whether a struct has a required field (so that [`render_build`] applies).
pub fn has_required(def: &StructDef) -> bool {
    def.fields.iter().any(|f| !f.optional)
}

/// What a struct's required fields are, for the messages of [`render_build`].
pub enum Members<'a> {
    /// The root struct's variables, with where each is declared (`variables.tf:3:1`).
    Variables(&'a [String]),
    /// An object type's attributes.
    Attributes,
}

/// For a struct with required fields, the public `build()` of its builder: bon's own (renamed
/// `bon_build` and private) requires every required member to be set, and a forgotten one gives
/// bon's internals (``the member `Unset<name>` was not set``, ``help: consider manually
/// implementing `IsComplete` ``). Here each required member is a bound on a trait of its own
/// whose `#[diagnostic::on_unimplemented]` message names the variable or attribute and says
/// what to do; `#[diagnostic::do_not_recommend]` keeps rustc from reporting bon's trait
/// instead.
pub fn render_build(out: &mut String, def: &StructDef, members: Members<'_>) {
    let name = &def.name;
    let state = super::naming::bon_state_mod(name);
    // `{state}` is `<snake>_builder`; the traits sit beside it in `<snake>_builder_required`.
    out.push_str("#[doc(hidden)]\n#[allow(non_camel_case_types)]\npub mod ");
    out.push_str(&state);
    out.push_str("_required {\n");
    let mut bounds = String::new();
    let mut at = 0;
    for f in &def.fields {
        if f.optional {
            continue;
        }
        let (ident, setter, tf) = (f.ident.as_str(), f.setter.as_str(), f.name.as_str());
        out.push_str("#[diagnostic::on_unimplemented(message = ");
        match members {
            Members::Variables(locations) => {
                let location = locations.get(at).map_or("", String::as_str);
                push_message_lit(out, &["the required variable `", tf, "` is not set"]);
                out.push_str(", label = ");
                push_message_lit(
                    out,
                    &[
                        "`",
                        tf,
                        "` has no default: set it with `.",
                        setter,
                        "(…)` before `.build()`",
                    ],
                );
                out.push_str(", note = ");
                push_message_lit(out, &["`variable \"", tf, "\"` is declared at ", location]);
            }
            Members::Attributes => {
                push_message_lit(
                    out,
                    &[
                        "the required attribute `",
                        tf,
                        "` of `",
                        name,
                        "` is not set",
                    ],
                );
                out.push_str(", label = ");
                push_message_lit(out, &["set it with `.", setter, "(…)` before `.build()`"]);
                out.push_str(", note = ");
                push_message_lit(
                    out,
                    &["an object attribute may be left out only when its type is `optional(…)`"],
                );
            }
        }
        at += 1;
        for part in [
            ")]\npub trait ",
            ident,
            ": super::",
            &state,
            "::IsSet {}\n#[diagnostic::do_not_recommend]\nimpl<T: super::",
            &state,
            "::IsSet> ",
            ident,
            " for T {}\n",
        ] {
            out.push_str(part);
        }
        bounds.push_str("S::");
        super::naming::push_bon_state_member(&mut bounds, setter);
        for part in [": ", &state, "_required::", ident, ",\n"] {
            bounds.push_str(part);
        }
    }
    out.push_str("}\n");
    let _ = write!(
        out,
        "impl<S: {state}::State> {name}Builder<S> {{\n\
         #[doc = \" Finishes the value. Every required member must be set: a missing one is a compile error that names it.\"]\n\
         #[inline(always)]\n\
         pub fn build(self) -> {name}\nwhere\n{bounds}{{\nself.bon_build()\n}}\n}}\n"
    );
}

/// Appends a string literal of `parts` joined, for a `#[diagnostic]` message: `{` and `}` are
/// doubled, as its format string wants. Each part is escaped alone, which gives the escapes of
/// the whole unless a part ends in NUL and the next starts with an octal digit (none of the
/// callers' fixed parts starts with a digit).
fn push_message_lit(out: &mut String, parts: &[&str]) {
    out.push('"');
    for part in parts {
        if part.contains(['{', '}']) {
            push_escaped(out, &part.replace('{', "{{").replace('}', "}}"));
        } else {
            push_escaped(out, part);
        }
    }
    out.push('"');
}

/// The type `T` of `maybe_<field>(None::<T>)`: what the field's setter accepts (see
/// `render_field`), named so that `None` needs no inference.
pub fn setter_input_type(krate: &str, f: &FieldDef) -> String {
    match f.ty.leaf {
        Leaf::Number => format!("{krate}::Number"),
        Leaf::Other if f.sensitive => format!("{krate}::Sensitive<{}>", f.ty.text),
        Leaf::String | Leaf::Json | Leaf::Other => f.ty.text.clone(),
    }
}

/// Appends `ToValue` and `FromValue` for a generated object struct.
pub fn render_value_impls(shared: &Shared, out: &mut String, def: &StructDef) {
    let krate = &shared.krate;
    let name = &def.name;
    // An empty `object({})` reads and writes no attribute.
    let allow = if def.fields.is_empty() {
        "#[allow(unused_mut, unused_variables)]\n"
    } else {
        ""
    };
    shared.with_value_bodies(def, |to_body, from_body| {
        for part in [
            "impl ",
            krate,
            "::__private::ToValue for ",
            name,
            " {\n",
            allow,
            "fn to_value(&self) -> ",
            krate,
            "::Value ",
            to_body,
            "\n}\n",
            "impl ",
            krate,
            "::__private::FromValue for ",
            name,
            " {\n",
            allow,
            "fn from_value(value: &",
            krate,
            "::Value, path: &",
            krate,
            "::__private::Path,) ",
            "-> ::std::result::Result<Self, ",
            krate,
            "::__private::TypedError> ",
            from_body,
            "\n}\n",
        ] {
            out.push_str(part);
        }
    });
}
