//! Terraform types as Rust types, and the structs generated for object types.

use std::cell::RefCell;
use std::collections::HashMap;

use proc_macro2::{Delimiter, Group, Literal, TokenStream};
use quote::{format_ident, quote};
use tfvars_runtime::output::{to_hcl_expression, type_text};
use tfvars_runtime::{Type, Value};

use super::naming::{FieldNames, TypeNames};

/// What a field's setter accepts, decided by the type under `Option`/`Sensitive`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// `String`: `impl Into<String>`.
    String,
    /// `Number`: `impl IntoNumber` (any integer, finite floats, `Number`).
    Number,
    /// `serde_json::Value`: `impl Into<serde_json::Value>`.
    Json,
    /// Anything else: the type itself.
    Other,
}

/// A Rust type for a Terraform type.
pub struct RustType {
    /// The type.
    pub tokens: TokenStream,
    /// Whether it implements `Ord` (so that it can sit in a `BTreeSet`).
    pub orderable: bool,
    /// What the setter accepts.
    pub leaf: Leaf,
}

/// One field of a generated struct.
pub struct FieldDef {
    /// The Rust field name.
    pub ident: String,
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
    pub krate: &'a TokenStream,
    pub root: &'a str,
    pub names: TypeNames,
    pub structs: Vec<StructDef>,
    /// How many `set(…)` element types enclose the type being mapped.
    set_depth: usize,
}

impl<'a> TypeMapper<'a> {
    /// A mapper for one expansion.
    pub fn new(krate: &'a TokenStream, root: &'a str) -> TypeMapper<'a> {
        TypeMapper {
            krate,
            root,
            names: TypeNames::new(root),
            structs: Vec::new(),
            set_depth: 0,
        }
    }

    /// The Rust type for `ty`, found at `path` (variable name, then attribute names).
    pub fn map(&mut self, ty: &Type, path: &mut Vec<String>) -> RustType {
        let krate = self.krate;
        match ty {
            Type::String => RustType {
                tokens: quote!(::std::string::String),
                orderable: true,
                leaf: Leaf::String,
            },
            Type::Number => RustType {
                tokens: quote!(#krate::Number),
                orderable: true,
                leaf: Leaf::Number,
            },
            Type::Bool => RustType {
                tokens: quote!(bool),
                orderable: true,
                leaf: Leaf::Other,
            },
            Type::Any => RustType {
                tokens: quote!(#krate::__private::serde_json::Value),
                orderable: false,
                leaf: Leaf::Json,
            },
            Type::List(t) => {
                let inner = self.map(t, path);
                let t = inner.tokens;
                RustType {
                    tokens: quote!(::std::vec::Vec<#t>),
                    orderable: inner.orderable,
                    leaf: Leaf::Other,
                }
            }
            Type::Set(t) => {
                self.set_depth += 1;
                let inner = self.map(t, path);
                self.set_depth -= 1;
                let t = inner.tokens;
                if inner.orderable {
                    RustType {
                        tokens: quote!(::std::collections::BTreeSet<#t>),
                        orderable: true,
                        leaf: Leaf::Other,
                    }
                } else {
                    // No order on the elements: a `Vec`; duplicates are removed by Terraform.
                    RustType {
                        tokens: quote!(::std::vec::Vec<#t>),
                        orderable: false,
                        leaf: Leaf::Other,
                    }
                }
            }
            Type::Map(t) => {
                let inner = self.map(t, path);
                let t = inner.tokens;
                RustType {
                    tokens: quote!(::std::collections::BTreeMap<::std::string::String, #t>),
                    orderable: inner.orderable,
                    leaf: Leaf::Other,
                }
            }
            Type::Tuple(ts) => {
                let mut orderable = true;
                let items: Vec<TokenStream> = ts
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        path.push(i.to_string());
                        let r = self.map(t, path);
                        path.pop();
                        orderable &= r.orderable;
                        r.tokens
                    })
                    .collect();
                RustType {
                    tokens: quote!((#(#items,)*)),
                    orderable,
                    leaf: Leaf::Other,
                }
            }
            Type::Object(attrs) => {
                let name = self.names.assign(self.root, path);
                // Reserve the slot now so the order of `structs` is depth-first, parent first.
                let slot = self.structs.len();
                self.structs.push(StructDef {
                    name: name.clone(),
                    doc: String::new(),
                    fields: Vec::new(),
                    orderable: true,
                    in_set: false,
                    body_key: None,
                });
                let mut idents = FieldNames::default();
                let mut fields = Vec::new();
                let mut body_key = Some(String::new());
                for a in attrs {
                    path.push(a.name.clone());
                    let ty = self.map(&a.ty, path);
                    path.pop();
                    let field = FieldDef {
                        ident: idents.assign(&a.name),
                        name: a.name.clone(),
                        ty,
                        optional: a.optional,
                        sensitive: false,
                        doc: attribute_doc(&a.ty, a.optional, a.default.as_ref()),
                    };
                    if let Some(key) = &mut body_key {
                        // Without an object inside, the Terraform type decides the Rust type.
                        if type_has_object(&a.ty) {
                            body_key = None;
                        } else {
                            let ty = type_text(&a.ty);
                            // Length-prefixed parts, so that no two field lists share a key.
                            for part in [&field.ident, &field.name, &ty, &field.doc] {
                                key.push_str(&part.len().to_string());
                                key.push(':');
                                key.push_str(part);
                            }
                            key.push(if field.optional { '?' } else { '!' });
                        }
                    }
                    fields.push(field);
                }
                let orderable = fields.iter().all(|f| f.ty.orderable);
                let where_ = if path.is_empty() {
                    String::new()
                } else {
                    format!(" of `{}`", display_path(path))
                };
                self.structs[slot] = StructDef {
                    name: name.clone(),
                    doc: format!("The object type{where_}."),
                    fields,
                    orderable,
                    in_set: self.set_depth > 0,
                    body_key,
                };
                let ident = format_ident!("{}", name);
                RustType {
                    tokens: quote!(#ident),
                    orderable,
                    leaf: Leaf::Other,
                }
            }
        }
    }
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

/// `a.b[1].c`-style text for a type path.
fn display_path(path: &[String]) -> String {
    let mut out = String::new();
    for (i, seg) in path.iter().enumerate() {
        if seg.chars().all(|c| c.is_ascii_digit()) && i > 0 {
            out.push_str(&format!("[{seg}]"));
        } else {
            if i > 0 {
                out.push('.');
            }
            out.push_str(seg);
        }
    }
    out
}

/// Terraform type syntax with nested object types abbreviated to `object({…})`: each object
/// has its own struct, documented there.
pub fn short_type_text(ty: &Type) -> String {
    match ty {
        Type::Object(_) => "object({…})".to_string(),
        Type::List(t) => format!("list({})", short_type_text(t)),
        Type::Set(t) => format!("set({})", short_type_text(t)),
        Type::Map(t) => format!("map({})", short_type_text(t)),
        Type::Tuple(ts) => format!(
            "tuple([{}])",
            ts.iter()
                .map(short_type_text)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        t => type_text(t),
    }
}

fn attribute_doc(ty: &Type, optional: bool, default: Option<&Value>) -> String {
    let mut doc = format!("Terraform type: `{}`", short_type_text(ty));
    if optional {
        match default {
            Some(d) => doc.push_str(&format!(
                "; optional, unset means `{}`",
                to_hcl_expression(d)
            )),
            None => doc.push_str("; optional, unset means `null`"),
        }
    }
    doc.push('.');
    doc
}

/// One `#[doc = " line"]` per line, so the code reads as `///` comments once formatted.
pub fn doc_attrs(text: &str) -> TokenStream {
    let lines = text.lines().map(|l| {
        if l.is_empty() {
            String::new()
        } else {
            format!(" {l}")
        }
    });
    quote!(#(#[doc = #lines])*)
}

/// Attributes that read the same on many structs and fields of one expansion, built once.
/// Each is `#` and one bracketed group: interpolating it copies two token trees and shares the
/// group's tokens (a group holds a reference-counted stream), where building it anew would
/// allocate each of its identifiers again.
pub struct SharedTokens {
    /// The facade crate's path.
    pub krate: TokenStream,
    /// `#[derive(…)] #[builder(crate = …)] #[serde(crate = …)]` of a struct deriving `Debug`,
    /// without (index 0) and with (index 1) `Eq, PartialOrd, Ord, Hash`.
    struct_attrs: [TokenStream; 2],
    /// `#[builder(into)]`.
    builder_into: TokenStream,
    /// The builder attribute of a non-sensitive number field.
    builder_number: TokenStream,
    /// `#[serde(default, skip_serializing_if = …)]` of an optional field keeping its name.
    serde_optional: TokenStream,
    /// `(value: &…::Value, path: &…::Path)`, the parameters of `FromValue::from_value`.
    from_value_params: TokenStream,
    /// The `#[doc]` attributes of each field doc text met so far (many fields share one).
    field_docs: RefCell<HashMap<String, TokenStream>>,
    /// [`SharedTokens::value_bodies`] by field list.
    value_bodies: RefCell<HashMap<String, (TokenStream, TokenStream)>>,
    /// Struct bodies by [`StructDef::body_key`].
    struct_bodies: RefCell<HashMap<String, Group>>,
}

impl SharedTokens {
    /// The shared attributes for the facade crate `krate`.
    pub fn new(krate: &TokenStream) -> SharedTokens {
        let struct_attrs = [false, true].map(|ord| struct_attrs(krate, quote!(Debug,), ord));
        SharedTokens {
            krate: krate.clone(),
            struct_attrs,
            builder_into: quote!(#[builder(into)]),
            builder_number: quote!(
                #[builder(with = |v: impl #krate::__private::IntoNumber| #krate::__private::IntoNumber::into_number(v))]
            ),
            serde_optional: quote!(#[serde(
                default,
                skip_serializing_if = "::std::option::Option::is_none"
            )]),
            from_value_params: quote!((value: &#krate::Value, path: &#krate::__private::Path,)),
            field_docs: RefCell::new(HashMap::new()),
            value_bodies: RefCell::new(HashMap::new()),
            struct_bodies: RefCell::new(HashMap::new()),
        }
    }

    /// The bodies of `to_value` and `from_value` (each one braced group) for a struct's
    /// fields; structs with the same attribute names and field names share them.
    fn value_bodies(&self, def: &StructDef) -> (TokenStream, TokenStream) {
        let mut key = String::new();
        for f in &def.fields {
            // Length-prefixed, so that no two field lists make the same key.
            key.push_str(&format!(
                "{}:{}{}:{}",
                f.name.len(),
                f.name,
                f.ident.len(),
                f.ident
            ));
        }
        let mut bodies = self.value_bodies.borrow_mut();
        if let Some((to, from)) = bodies.get(&key) {
            return (to.clone(), from.clone());
        }
        let krate = &self.krate;
        let mut pushes = TokenStream::new();
        let mut reads = TokenStream::new();
        for f in &def.fields {
            let ident = format_ident!("{}", f.ident);
            let n = Literal::string(&f.name);
            pushes.extend(quote!(#krate::__private::push_attr(&mut m, #n, &self.#ident);));
            reads.extend(quote!(#ident: #krate::__private::attr(m, #n, path)?,));
        }
        let reads = Group::new(Delimiter::Brace, reads);
        let to = quote!({
            let mut m = ::std::collections::BTreeMap::new();
            #pushes
            #krate::Value::Object(m)
        });
        let from = quote!({
            let m = #krate::__private::object_attributes(value, path)?;
            ::std::result::Result::Ok(Self #reads)
        });
        bodies.insert(key, (to.clone(), from.clone()));
        (to, from)
    }

    /// [`doc_attrs`] of a field's doc text, shared with every field of the same text.
    fn field_doc(&self, text: &str) -> TokenStream {
        let mut docs = self.field_docs.borrow_mut();
        if let Some(doc) = docs.get(text) {
            return doc.clone();
        }
        let doc = doc_attrs(text);
        docs.insert(text.to_string(), doc.clone());
        doc
    }
}

/// The derive, builder and serde attributes of a generated struct.
fn struct_attrs(krate: &TokenStream, debug_derive: TokenStream, ord: bool) -> TokenStream {
    let ord = if ord {
        quote!(, Eq, PartialOrd, Ord, Hash)
    } else {
        quote!()
    };
    let serde_crate = format!("{}::__private::serde", krate.to_string().replace(' ', ""));
    quote! {
        #[derive(Clone, #debug_derive PartialEq #ord, #krate::__private::bon::Builder,
            #krate::__private::serde::Serialize, #krate::__private::serde::Deserialize)]
        #[builder(crate = #krate::__private::bon)]
        #[serde(crate = #serde_crate)]
    }
}

/// Renders a struct definition with its derives, builder and serde attributes.
pub fn render_struct(
    shared: &SharedTokens,
    def: &StructDef,
    extra_fields: TokenStream,
    nulls_field: bool,
) -> TokenStream {
    let krate = &shared.krate;
    let name = format_ident!("{}", def.name);
    let doc = doc_attrs(&def.doc);
    // The body is built by moving each field's tokens in, and interpolated as one `Group`
    // (a shared, uncopied stream), so no field's tokens are copied again.
    let body = match (&def.body_key, extra_fields.is_empty()) {
        (Some(key), true) => {
            let cached = shared.struct_bodies.borrow().get(key).cloned();
            cached.unwrap_or_else(|| {
                let body = render_body(shared, def, extra_fields);
                shared
                    .struct_bodies
                    .borrow_mut()
                    .insert(key.clone(), body.clone());
                body
            })
        }
        _ => render_body(shared, def, extra_fields),
    };
    let ord = def.orderable && def.in_set && !nulls_field;
    // With the hidden explicit-null record, `Debug` is written out so that it shows the record
    // only when it holds something.
    let (attrs, debug_impl) = if nulls_field {
        let name_str = &def.name;
        let entries = def.fields.iter().map(|f| {
            let ident = format_ident!("{}", f.ident);
            let label = &f.ident;
            quote!(.field(#label, &self.#ident))
        });
        let nulls = format_ident!("{}", super::root::NULLS_FIELD);
        let debug = quote! {
            impl ::std::fmt::Debug for #name {
                fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                    let mut d = f.debug_struct(#name_str);
                    d #(#entries)*;
                    if !self.#nulls.is_empty() {
                        d.field("explicit_nulls", &self.#nulls);
                    }
                    d.finish()
                }
            }
        };
        (struct_attrs(krate, quote!(), ord), debug)
    } else {
        (
            shared.struct_attrs[usize::from(ord)].clone(),
            TokenStream::new(),
        )
    };
    let mut out = doc;
    out.extend([attrs, quote!(pub struct #name #body)]);
    out.extend([debug_impl]);
    out
}

/// `{ fields }` of a struct.
fn render_body(shared: &SharedTokens, def: &StructDef, extra_fields: TokenStream) -> Group {
    let mut body = TokenStream::new();
    for f in &def.fields {
        body.extend([render_field(shared, f), quote!(,)]);
    }
    body.extend([extra_fields]);
    Group::new(Delimiter::Brace, body)
}

fn render_field(shared: &SharedTokens, f: &FieldDef) -> TokenStream {
    let krate = &shared.krate;
    let ident = format_ident!("{}", f.ident);
    let inner = &f.ty.tokens;
    let mut ty = inner.clone();
    if f.sensitive {
        ty = quote!(#krate::Sensitive<#ty>);
    }
    let wrap = |v: TokenStream| {
        if f.sensitive {
            quote!(#krate::Sensitive::new(#v))
        } else {
            v
        }
    };
    let builder = match f.ty.leaf {
        Leaf::String if !f.sensitive => shared.builder_into.clone(),
        Leaf::String => {
            let body = wrap(quote!(::std::convert::Into::into(v)));
            quote!(#[builder(with = |v: impl ::std::convert::Into<::std::string::String>| #body)])
        }
        Leaf::Number if !f.sensitive => shared.builder_number.clone(),
        Leaf::Number => {
            let body = wrap(quote!(#krate::__private::IntoNumber::into_number(v)));
            quote!(#[builder(with = |v: impl #krate::__private::IntoNumber| #body)])
        }
        Leaf::Json if !f.sensitive => shared.builder_into.clone(),
        Leaf::Json => {
            let body = wrap(quote!(::std::convert::Into::into(v)));
            quote!(#[builder(with = |v: impl ::std::convert::Into<#inner>| #body)])
        }
        Leaf::Other if f.sensitive => shared.builder_into.clone(),
        Leaf::Other => quote!(),
    };
    if f.optional {
        ty = quote!(::std::option::Option<#ty>);
    }
    let serde = if f.ident == f.name {
        if f.optional {
            shared.serde_optional.clone()
        } else {
            TokenStream::new()
        }
    } else {
        renamed_serde_attr(&f.name, f.optional)
    };
    let mut out = shared.field_doc(&f.doc);
    out.extend([builder, serde, quote!(pub #ident:), ty]);
    out
}

/// The serde attribute of a field whose Rust name differs from its Terraform name.
fn renamed_serde_attr(name: &str, optional: bool) -> TokenStream {
    if optional {
        quote!(#[serde(
            rename = #name,
            default,
            skip_serializing_if = "::std::option::Option::is_none"
        )])
    } else {
        quote!(#[serde(rename = #name)])
    }
}

/// `ToValue` and `FromValue` for a generated object struct.
pub fn render_value_impls(shared: &SharedTokens, def: &StructDef) -> TokenStream {
    let krate = &shared.krate;
    let name = format_ident!("{}", def.name);
    // An empty `object({})` reads and writes no attribute.
    let allow = if def.fields.is_empty() {
        quote!(#[allow(unused_mut, unused_variables)])
    } else {
        quote!()
    };
    let (to_body, from_body) = shared.value_bodies(def);
    let params = &shared.from_value_params;
    quote! {
        impl #krate::__private::ToValue for #name {
            #allow
            fn to_value(&self) -> #krate::Value #to_body
        }
        impl #krate::__private::FromValue for #name {
            #allow
            fn from_value #params -> ::std::result::Result<Self, #krate::__private::TypedError> #from_body
        }
    }
}
