//! Templates: quoted strings, heredocs and the strings of `.tf.json` files. The parser has
//! already resolved escapes and applied strip markers and `<<-` indentation.

use tfvars_hcl::TemplatePart as Part;
use tfvars_runtime::expr::TemplatePart;
use tfvars_runtime::{Expr, Value};

use super::{nfc, LowerError, Lowerer};

impl Lowerer<'_> {
    /// A template: a lone literal is a string, anything else a string template.
    pub(super) fn template(&mut self, parts: &[Part<'_>]) -> Expr {
        let parts = self.parts(parts);
        match parts.as_slice() {
            [] => Expr::Literal(Value::String(String::new())),
            [TemplatePart::Literal(s)] => Expr::Literal(Value::String(s.clone())),
            _ => Expr::Template(parts),
        }
    }

    fn parts(&mut self, parts: &[Part<'_>]) -> Vec<TemplatePart> {
        let mut out = Vec::with_capacity(parts.len());
        for part in parts {
            match part {
                Part::Literal { value, .. } => {
                    if !value.is_empty() {
                        out.push(TemplatePart::Literal(nfc(value)));
                    }
                }
                Part::Interpolation(e) => out.push(TemplatePart::Interpolation(self.expr(e))),
                Part::If {
                    condition,
                    then,
                    otherwise,
                    ..
                } => {
                    let condition = self.expr(condition);
                    out.push(TemplatePart::If {
                        condition,
                        then: self.parts(then),
                        otherwise: self.parts(otherwise),
                    });
                }
                Part::For {
                    key_var,
                    value_var,
                    collection,
                    body,
                    ..
                } => {
                    let collection = self.expr(collection);
                    let key_var = key_var.map(str::to_string);
                    let value_var = value_var.to_string();
                    let pushed = self.bind(key_var.iter().cloned().chain([value_var.clone()]));
                    let body = self.parts(body);
                    self.unbind(pushed);
                    out.push(TemplatePart::For {
                        key_var,
                        value_var,
                        collection,
                        body,
                    });
                }
            }
        }
        out
    }
}

/// Lowers a bare template (the text of a `.tf.json` string), parsed with
/// [`tfvars_hcl::parse_template`]; `constant` as in [`super::lower_constant`].
pub fn lower_template(text: &str, constant: bool) -> Result<Expr, Vec<LowerError>> {
    let arena = tfvars_hcl::Arena::new();
    let parsed = tfvars_hcl::parse_template(&arena, text, "<template>");
    if !parsed.diagnostics.is_empty() {
        return Err(super::syntax_errors(parsed.diagnostics));
    }
    let mut l = Lowerer::new(constant);
    let out = l.expr(&parsed.value);
    if l.errors.is_empty() {
        Ok(out)
    } else {
        Err(l.errors)
    }
}
