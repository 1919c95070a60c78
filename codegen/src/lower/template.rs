//! Templates, strip markers and `<<-` heredoc indentation.

use std::ops::Range;

use hcl_edit::expr::Expression;
use hcl_edit::template::{Directive, Element, Template};
use tfvars_runtime::expr::TemplatePart;
use tfvars_runtime::{Expr, Value};

use super::{nfc, Lowerer, MAX_DEPTH};

impl Lowerer<'_> {
    /// A `<<-` heredoc re-parsed from the source without hcl-edit's dedent (which only sees
    /// top-level literals), then dedented as HCL does. Also returns the span shift.
    pub(super) fn flushed_heredoc(&self, span: Option<Range<usize>>) -> Option<(Template, usize)> {
        let span = span?;
        let base = span.start + self.shift;
        let text = self.source?.get(base..span.end + self.shift)?;
        let rest = text.strip_prefix("<<-")?;
        // A plain heredoc's closing marker starts its line: drop the marker's indentation
        // (never content), which keeps every offset before it.
        let nl = rest.rfind('\n')?;
        let plain = format!("<<{}\n{}", &rest[..nl], rest[nl + 1..].trim_start());
        let Ok(Expression::HeredocTemplate(h)) = super::parse_expr_exact(&plain) else {
            return None;
        };
        let mut t = h.template;
        flush_heredoc(&mut t);
        // `<<` is one byte shorter than `<<-`: offsets past it move by one.
        Some((t, base + 1))
    }

    /// A template: a lone interpolation yields its value unchanged (HCL does not turn
    /// `"${x}"` into a string); anything else is a string template.
    pub(super) fn template_expr(&mut self, t: &Template, indent: Option<usize>) -> Expr {
        if let Some(Element::Interpolation(i)) = t.as_single_element() {
            return self.expr(&i.expr);
        }
        let parts = self.template(t, false, false, indent);
        match parts.as_slice() {
            [] => Expr::Literal(Value::String(String::new())),
            [TemplatePart::Literal(s)] => Expr::Literal(Value::String(s.clone())),
            _ => Expr::Template(parts),
        }
    }

    /// Lowers the elements of a template. `trim_first`/`trim_last` come from strip markers of
    /// the directive around this template; `indent` re-applies a `<<-` heredoc's dedent to
    /// literals nested in directives (hcl-edit only dedents the top level).
    pub(super) fn template(
        &mut self,
        t: &Template,
        trim_first: bool,
        trim_last: bool,
        indent: Option<usize>,
    ) -> Vec<TemplatePart> {
        let elems: Vec<&Element> = t.iter().collect();
        let mut parts = Vec::new();
        for (i, el) in elems.iter().enumerate() {
            match el {
                Element::Literal(lit) => {
                    let mut s: &str = lit.value();
                    let strip_left = if i == 0 {
                        trim_first
                    } else {
                        strip_after(elems[i - 1])
                    };
                    let strip_right = if i + 1 == elems.len() {
                        trim_last
                    } else {
                        strip_before(elems[i + 1])
                    };
                    if strip_left {
                        s = s.trim_start();
                    }
                    if strip_right {
                        s = s.trim_end();
                    }
                    if !s.is_empty() {
                        parts.push(TemplatePart::Literal(nfc(s)));
                    }
                }
                Element::Interpolation(interp) => {
                    parts.push(TemplatePart::Interpolation(self.expr(&interp.expr)));
                }
                Element::Directive(d) => {
                    if self.depth >= MAX_DEPTH {
                        self.error(
                            "Expression too deeply nested",
                            &format!("templates may nest at most {MAX_DEPTH} levels deep"),
                            None,
                        );
                        continue;
                    }
                    self.depth += 1;
                    parts.push(self.directive(d, indent));
                    self.depth -= 1;
                }
            }
        }
        parts
    }

    pub(super) fn directive(&mut self, d: &Directive, indent: Option<usize>) -> TemplatePart {
        match d {
            Directive::If(d) => {
                let condition = self.expr(&d.if_expr.cond_expr);
                let then_trim_last = match &d.else_expr {
                    Some(e) => e.strip.strip_start(),
                    None => d.endif_expr.strip.strip_start(),
                };
                let then = self.template(
                    &dedented(&d.if_expr.template, indent),
                    d.if_expr.strip.strip_end(),
                    then_trim_last,
                    indent,
                );
                let otherwise = match &d.else_expr {
                    Some(e) => self.template(
                        &dedented(&e.template, indent),
                        e.strip.strip_end(),
                        d.endif_expr.strip.strip_start(),
                        indent,
                    ),
                    None => Vec::new(),
                };
                TemplatePart::If {
                    condition,
                    then,
                    otherwise,
                }
            }
            Directive::For(d) => {
                let f = &d.for_expr;
                let collection = self.expr(&f.collection_expr);
                let key_var = f.key_var.as_ref().map(|k| k.value().as_str().to_string());
                let value_var = f.value_var.value().as_str().to_string();
                let pushed = self.bind(key_var.iter().chain([&value_var]));
                let body = self.template(
                    &dedented(&f.template, indent),
                    f.strip.strip_end(),
                    d.endfor_expr.strip.strip_start(),
                    indent,
                );
                self.unbind(pushed);
                TemplatePart::For {
                    key_var,
                    value_var,
                    collection,
                    body,
                }
            }
        }
    }
}

/// Whether the element before a literal strips the literal's leading whitespace (`~}`).
fn strip_after(el: &Element) -> bool {
    match el {
        Element::Literal(_) => false,
        Element::Interpolation(i) => i.strip.strip_end(),
        Element::Directive(d) => match &**d {
            Directive::If(d) => d.endif_expr.strip.strip_end(),
            Directive::For(d) => d.endfor_expr.strip.strip_end(),
        },
    }
}

/// Whether the element after a literal strips the literal's trailing whitespace (`${~`).
fn strip_before(el: &Element) -> bool {
    match el {
        Element::Literal(_) => false,
        Element::Interpolation(i) => i.strip.strip_start(),
        Element::Directive(d) => match &**d {
            Directive::If(d) => d.if_expr.strip.strip_start(),
            Directive::For(d) => d.for_expr.strip.strip_start(),
        },
    }
}

/// HCL's flush for `<<-` heredocs: the smallest leading-whitespace count over every line that
/// starts with a literal (lines holding only whitespace and a newline do not count; a line
/// starting with `${`/`%{` counts as zero) is removed from each of those lines, at any depth.
fn flush_heredoc(t: &mut Template) {
    let mut newline = true;
    let mut min = usize::MAX;
    measure(t, &mut newline, &mut min);
    if min == 0 || min == usize::MAX {
        return;
    }
    let mut newline = true;
    trim(t, &mut newline, min);
}

fn blank(piece: &str) -> bool {
    piece.ends_with('\n') && piece.trim_start().is_empty()
}

fn leading_space(piece: &str) -> usize {
    piece
        .chars()
        .take_while(|c| c.is_whitespace() && *c != '\n')
        .count()
}

fn measure(t: &Template, newline: &mut bool, min: &mut usize) {
    for el in t.iter() {
        match el {
            Element::Literal(lit) => {
                for piece in lit.value().split_inclusive('\n') {
                    if *newline && !blank(piece) {
                        *min = (*min).min(leading_space(piece));
                    }
                    *newline = piece.ends_with('\n');
                }
            }
            Element::Interpolation(_) => marker(newline, min),
            Element::Directive(d) => match &**d {
                Directive::If(d) => {
                    marker(newline, min);
                    measure(&d.if_expr.template, newline, min);
                    if let Some(e) = &d.else_expr {
                        marker(newline, min);
                        measure(&e.template, newline, min);
                    }
                    marker(newline, min);
                }
                Directive::For(d) => {
                    marker(newline, min);
                    measure(&d.for_expr.template, newline, min);
                    marker(newline, min);
                }
            },
        }
    }
}

/// A `${…}` or `%{…}` sequence: at a line start, that line has no leading space.
fn marker(newline: &mut bool, min: &mut usize) {
    if *newline {
        *min = 0;
    }
    *newline = false;
}

fn trim(t: &mut Template, newline: &mut bool, n: usize) {
    for el in t.iter_mut() {
        match el {
            Element::Literal(lit) => {
                let mut out = String::with_capacity(lit.value().len());
                for piece in lit.value().split_inclusive('\n') {
                    if *newline && !blank(piece) {
                        let cut = piece.char_indices().nth(n).map_or(piece.len(), |(i, _)| i);
                        out.push_str(&piece[cut..]);
                    } else {
                        out.push_str(piece);
                    }
                    *newline = piece.ends_with('\n');
                }
                *lit.value_mut() = out;
            }
            Element::Interpolation(_) => *newline = false,
            Element::Directive(d) => {
                *newline = false;
                match &mut **d {
                    Directive::If(d) => {
                        trim(&mut d.if_expr.template, newline, n);
                        *newline = false;
                        if let Some(e) = &mut d.else_expr {
                            trim(&mut e.template, newline, n);
                        }
                    }
                    Directive::For(d) => trim(&mut d.for_expr.template, newline, n),
                }
                *newline = false;
            }
        }
    }
}

/// Removes up to `indent` leading spaces from each line start of the literals of a template
/// nested in a `<<-` heredoc directive.
fn dedented(t: &Template, indent: Option<usize>) -> std::borrow::Cow<'_, Template> {
    let Some(n) = indent.filter(|&n| n > 0) else {
        return std::borrow::Cow::Borrowed(t);
    };
    let mut t = t.clone();
    for el in t.iter_mut() {
        if let Element::Literal(lit) = el {
            let text: &str = lit.value();
            let mut out = String::with_capacity(text.len());
            for (i, line) in text.split_inclusive('\n').enumerate() {
                // A nested literal starts right after its directive's `}`: mid-line.
                if i == 0 {
                    out.push_str(line);
                    continue;
                }
                let strip = line.bytes().take(n).take_while(|&b| b == b' ').count();
                out.push_str(&line[strip..]);
            }
            *lit.value_mut() = out;
        }
    }
    std::borrow::Cow::Owned(t)
}
