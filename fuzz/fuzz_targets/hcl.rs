//! Arbitrary text through the HCL front end as a body (`.tf`, `.tfvars`), an expression and a
//! template: no panic, no hang; every syntax error's span lies inside the text on character
//! boundaries; a text without errors has no `Invalid` node and every node's span inside the
//! text; parsing is deterministic; a text cut into parts that each parse on their own
//! (`parse_body_part`) parses whole to the parts' items.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tfvars_hcl::{Diagnostic, Expr, ExprKind, Span, StepKind, Structure, TemplatePart};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let arena = tfvars_hcl::Arena::new();
    let body = tfvars_hcl::parse_body(&arena, text, "x.tf");
    check_diagnostics(text, &body.diagnostics);
    if body.diagnostics.is_empty() {
        for item in body.value.items {
            check_structure(text, item);
        }
    }
    let again = tfvars_hcl::parse_body(&arena, text, "x.tf");
    assert_eq!(
        body.diagnostics, again.diagnostics,
        "parsing is not deterministic"
    );
    assert_eq!(body.value, again.value, "parsing is not deterministic");
    check_parts_make_the_whole(&arena, text, &body);

    for parsed in [
        tfvars_hcl::parse_expression(&arena, text, "x.tf"),
        tfvars_hcl::parse_template(&arena, text, "x.tf"),
    ] {
        check_diagnostics(text, &parsed.diagnostics);
        if parsed.diagnostics.is_empty() {
            check_expr(text, &parsed.value);
        }
    }
});

/// Cuts `text` after every line, after every other line, and where `body_cuts` cuts it; when
/// every part parses on its own, the whole text has no error and the same items.
fn check_parts_make_the_whole(
    arena: &tfvars_hcl::Arena,
    text: &str,
    whole: &tfvars_hcl::Parsed<tfvars_hcl::Body>,
) {
    let lines: Vec<usize> = text.match_indices('\n').map(|(i, _)| i + 1).collect();
    let mut partitions = vec![tfvars_hcl::body_cuts(text, 3)];
    for step in [1, 2] {
        let mut cuts = vec![0];
        cuts.extend(lines.iter().step_by(step).filter(|&&c| c < text.len()));
        cuts.push(text.len());
        partitions.push(cuts);
    }
    'cuts: for cuts in partitions {
        let mut items = Vec::new();
        for range in cuts.windows(2) {
            let Some(part) = tfvars_hcl::parse_body_part(arena, text, "x.tf", range[0]..range[1])
            else {
                continue 'cuts;
            };
            items.extend_from_slice(part.items);
        }
        assert!(
            whole.diagnostics.is_empty(),
            "parts at {cuts:?} accepted, the whole refused"
        );
        assert!(
            items == whole.value.items,
            "parts at {cuts:?} differ from the whole"
        );
    }
}

fn check_span(text: &str, span: Span, what: &str) {
    let range = span.range();
    assert!(
        range.start <= range.end && range.end <= text.len(),
        "{what} span {range:?} outside the text ({} bytes)",
        text.len()
    );
    assert!(
        text.is_char_boundary(range.start) && text.is_char_boundary(range.end),
        "{what} span {range:?} splits a character"
    );
}

fn check_diagnostics(text: &str, diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        check_span(text, d.span, &d.summary);
        assert!(!d.summary.is_empty() && !d.detail.is_empty(), "{d:?}");
    }
}

fn check_structure(text: &str, item: &Structure) {
    match item {
        Structure::Attribute(a) => {
            check_span(text, a.name_span, "attribute name");
            assert!(
                !a.syntax_error,
                "an attribute marked invalid without an error"
            );
            check_expr(text, &a.expr);
        }
        Structure::Block(b) => {
            check_span(text, b.kind_span, "block type");
            for label in b.labels {
                check_span(text, label.span, "label");
            }
            for inner in b.body.items {
                check_structure(text, inner);
            }
        }
    }
}

fn check_parts(text: &str, parts: &[TemplatePart]) {
    for part in parts {
        match part {
            TemplatePart::Literal { span, .. } => check_span(text, *span, "template literal"),
            TemplatePart::Interpolation(e) => check_expr(text, e),
            TemplatePart::If {
                condition,
                then,
                otherwise,
                span,
            } => {
                check_span(text, *span, "if directive");
                check_expr(text, condition);
                check_parts(text, then);
                check_parts(text, otherwise);
            }
            TemplatePart::For {
                collection,
                body,
                span,
                ..
            } => {
                check_span(text, *span, "for directive");
                check_expr(text, collection);
                check_parts(text, body);
            }
        }
    }
}

fn check_expr(text: &str, e: &Expr) {
    check_span(text, e.span, "expression");
    match &e.kind {
        ExprKind::Invalid => panic!("an Invalid node without a syntax error at {:?}", e.span),
        ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number(_) | ExprKind::SplatItem => {}
        ExprKind::Template(parts) => check_parts(text, parts),
        ExprKind::TemplateWrap(inner) | ExprKind::Parens(inner) => check_expr(text, inner),
        ExprKind::Unary { operand, .. } => check_expr(text, operand),
        ExprKind::ScopeTraversal { steps, .. } => {
            for step in *steps {
                check_span(text, step.span, "step");
                if let StepKind::Index(key) = &step.kind {
                    check_expr(text, key);
                }
            }
        }
        ExprKind::RelativeTraversal { source, steps } => {
            check_expr(text, source);
            for step in *steps {
                check_span(text, step.span, "step");
            }
        }
        ExprKind::Index {
            collection, key, ..
        } => {
            check_expr(text, collection);
            check_expr(text, key);
        }
        ExprKind::Splat { source, each, .. } => {
            check_expr(text, source);
            check_expr(text, each);
        }
        ExprKind::FunctionCall(call) => call.args.iter().for_each(|a| check_expr(text, a)),
        ExprKind::Conditional(c) => {
            check_expr(text, &c.condition);
            check_expr(text, &c.true_result);
            check_expr(text, &c.false_result);
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            check_expr(text, lhs);
            check_expr(text, rhs);
        }
        ExprKind::Tuple(items) => items.iter().for_each(|i| check_expr(text, i)),
        ExprKind::Object(items) => items.iter().for_each(|i| {
            check_expr(text, &i.key);
            check_expr(text, &i.value);
        }),
        ExprKind::For(f) => {
            check_expr(text, &f.collection);
            f.key.iter().for_each(|k| check_expr(text, k));
            check_expr(text, &f.value);
            f.condition.iter().for_each(|c| check_expr(text, c));
        }
    }
}
