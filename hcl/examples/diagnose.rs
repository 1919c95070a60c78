//! Prints the syntax errors of HCL files as JSON lines, in the shape `terraform validate
//! -json` gives them: `{"file", "summary", "detail", "start": [line, column, byte], "end": …}`.
//!
//! `cargo run -p tfvars-hcl --example diagnose -- FILE...`

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a UTF-8 file");
        let name = std::path::Path::new(&path)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let arena = tfvars_hcl::Arena::new();
        let parsed = tfvars_hcl::parse_body(&arena, &text, &name);
        let lines = tfvars_hcl::LineIndex::new(&text);
        for d in &parsed.diagnostics {
            let (start, end) = d.positions(&text, &lines);
            println!(
                "{{\"file\": {}, \"summary\": {}, \"detail\": {}, \"start\": [{}, {}, {}], \"end\": [{}, {}, {}]}}",
                json(&path),
                json(&d.summary),
                json(&d.detail),
                start.line,
                start.column,
                start.byte,
                end.line,
                end.column,
                end.byte
            );
        }
    }
}

fn json(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
