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
