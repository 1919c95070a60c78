//! The module spec embedded in generated code decodes to exactly the spec the loader built.

#[test]
fn embedded_spec_round_trips_for_every_fixture_module() {
    let mut checked = 0;
    for entry in std::fs::read_dir("tests/modules").unwrap() {
        let dir = entry.unwrap().path();
        if !dir.is_dir() || dir.ends_with("bad") {
            continue;
        }
        let module =
            tfvars_codegen::load(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let (skeleton, types) = tfvars_codegen::rust::spec_embed::encode(&module.spec);
        let decoded = tfvars::__private::spec_from_parts(&skeleton, &types);
        assert_eq!(decoded, module.spec, "{}", dir.display());
        checked += 1;
    }
    assert!(checked >= 5);
}

#[test]
fn an_embedded_spec_deeper_than_json_readers_allow_round_trips() {
    // One condition of 190 `||` (a real module writes 80 `contains(range(…), var.x) ||`): its
    // expression nests 190 levels, its JSON several times that, past serde_json's 128.
    let chain: Vec<String> = (0..190)
        .map(|i| format!("contains(range({i}, {}), var.x)", i + 1))
        .collect();
    let text = format!(
        "variable \"x\" {{\n  type = number\n  validation {{\n    condition     = ({})\n    error_message = \"Out of range.\"\n  }}\n}}\n",
        chain.join(" ||\n    ")
    );
    let module = tfvars_codegen::loader::load_sources(
        "deep",
        vec![tfvars_codegen::source::SourceFile::new(
            "main.tf", "main.tf", text,
        )],
    )
    .expect("a chain of 190 `||` loads");
    let (skeleton, types) = tfvars_codegen::rust::spec_embed::encode(&module.spec);
    let decoded = tfvars::__private::spec_from_parts(&skeleton, &types);
    assert_eq!(decoded, module.spec);
}
