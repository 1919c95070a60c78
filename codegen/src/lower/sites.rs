//! The places lowered nodes record: hclsyntax's `Range`, `StartRange` and the range of each
//! expression's own operation, as lines, columns and bytes of the source file.

use tfvars_hcl::{ExprKind, Span, TemplatePart};
use tfvars_runtime::expr::Site;
use tfvars_runtime::Expr;

use crate::source::SourceFile;

/// `out`, lowered from `e`, with its place.
pub(super) fn place(file: &SourceFile, out: Expr, e: &tfvars_hcl::Expr<'_>) -> Expr {
    let range = e.span;
    let operation = match &e.kind {
        ExprKind::FunctionCall(call) => call.close_paren,
        ExprKind::Index { bracket, .. } => *bracket,
        _ => range,
    };
    // A traversal's last step already recorded the same place. A place's bytes are its
    // offsets clamped to the text, and its lines and columns follow from them.
    if let Expr::At(at) = &out {
        let site = &at.1;
        let byte = |offset: u32| file.clamp(offset as usize) as u32;
        if (site.range.start.byte, site.range.end.byte) == (byte(range.start), byte(range.end)) {
            return out;
        }
    }
    wrap(file, out, range, start_range(e), operation)
}

/// `base` after a traversal step, from byte `from` to the step's end; the step is where its
/// errors point.
pub(super) fn step(file: &SourceFile, base: Expr, from: u32, step: Span) -> Expr {
    let range = Span {
        start: from,
        end: step.end,
    };
    wrap(file, base, range, range, step)
}

fn wrap(file: &SourceFile, out: Expr, range: Span, start: Span, operation: Span) -> Expr {
    let range = file.range(range.range());
    // The start and the operation lie within the range: their lines are looked for from its
    // first line.
    let near = range.start.line as usize - 1;
    let site = Site {
        range,
        start: file.range_near(start.range(), near),
        operation: file.range_near(operation.range(), near),
    };
    Expr::At(Box::new((out, site)))
}

/// hclsyntax's `StartRange`: where an expression visibly starts (where Terraform points for a
/// value of the wrong type, among others).
pub(crate) fn start_range(e: &tfvars_hcl::Expr<'_>) -> Span {
    let first_char = Span {
        start: e.span.start,
        end: e.span.start + 1,
    };
    match &e.kind {
        ExprKind::FunctionCall(call) => call.name_span.to(call.open_paren),
        ExprKind::Index { bracket, .. } => Span {
            start: bracket.start,
            end: bracket.start + 1,
        },
        ExprKind::Splat { marker, .. } => *marker,
        ExprKind::Binary { lhs, .. } => start_range(lhs),
        ExprKind::Conditional(c) => start_range(&c.condition),
        ExprKind::Parens(inner) => start_range(inner),
        ExprKind::Unary { .. } | ExprKind::Tuple(_) | ExprKind::Object(_) | ExprKind::For(_) => {
            first_char
        }
        // A template starts where its first part does: an `%{ if }` directive is a conditional,
        // which starts at its condition; an empty template is an empty text just after its end
        // (`""`, or a heredoc's closing marker).
        ExprKind::Template(parts) => match parts.first() {
            Some(TemplatePart::Literal { span, .. }) => *span,
            Some(TemplatePart::Interpolation(x)) => start_range(x),
            Some(TemplatePart::If { condition, .. }) => start_range(condition),
            Some(TemplatePart::For { span, .. }) => *span,
            None => Span {
                start: e.span.end,
                end: e.span.end,
            },
        },
        _ => e.span,
    }
}
