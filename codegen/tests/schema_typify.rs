//! Interop: typify 0.8 (a draft-07 to Rust type generator) accepts our schemas.

use std::path::Path;

use tfvars_codegen::schema::{self, SchemaOptions};
use typify::{TypeSpace, TypeSpaceSettings};

fn typify_accepts(case: &str, options: &SchemaOptions) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/modules")
        .join(case);
    let module = tfvars_codegen::load(&dir).unwrap_or_else(|e| panic!("{case}: {e}"));
    let text = schema::render(&module, options).expect("renders").text;
    let root: schemars08::schema::RootSchema = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{case}: not a schemars schema: {e}"));
    let mut settings = TypeSpaceSettings::default();
    settings.with_struct_builder(false);
    let mut space = TypeSpace::new(&settings);
    space
        .add_root_schema(root)
        .unwrap_or_else(|e| panic!("{case}: typify refuses the schema: {e}"));
    // The generated code must also be well-formed Rust.
    let code = space.to_stream().to_string();
    syn::parse_file(&code).unwrap_or_else(|e| panic!("{case}: typify output does not parse: {e}"));
}

#[test]
fn typify_accepts_nested_objects_maps_sets_and_tuples() {
    typify_accepts("schema_types", &SchemaOptions::default());
    let mut o = SchemaOptions::new();
    o.nullable_all(true).disallow_additional_properties(true);
    typify_accepts("schema_types", &o);
}

#[test]
fn typify_accepts_translated_validation_keywords() {
    typify_accepts("schema_validation", &SchemaOptions::default());
    typify_accepts("schema_json", &SchemaOptions::default());
}

#[test]
fn typify_accepts_conversion_schemas() {
    let mut o = SchemaOptions::new();
    o.terraform_conversions(true);
    typify_accepts("schema_types", &o);
    typify_accepts("schema_validation", &o);
}
