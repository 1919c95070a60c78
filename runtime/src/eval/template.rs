//! String templates and heredocs: interpolations, `%{if}` and `%{for}` directives.

use crate::expr::TemplatePart;
use crate::types::Type;
use crate::value::Value;

use super::conv;
use super::error::{joined, EvalError};
use super::forexpr::iterate;
use super::scope::Scope;
use super::subject::range_of;

pub(crate) use crate::value::nfc;

impl Scope<'_> {
    pub(crate) fn eval_template(&mut self, parts: &[TemplatePart]) -> Result<Value, EvalError> {
        // `"${x}"` alone is `x` itself, unconverted.
        if let [TemplatePart::Interpolation(e)] = parts {
            return self.eval(e);
        }
        let mut out = String::new();
        let mut unknown = false;
        self.render(parts, &mut out, &mut unknown)?;
        if unknown {
            return Ok(Value::Unknown(Type::String));
        }
        Ok(Value::String(nfc(out)))
    }

    /// Renders `parts` into `out`. Every part is evaluated, and the failures of all of them
    /// reported, as HCL evaluates a template.
    fn render(
        &mut self,
        parts: &[TemplatePart],
        out: &mut String,
        unknown: &mut bool,
    ) -> Result<(), EvalError> {
        let errors: Vec<EvalError> = parts
            .iter()
            .filter_map(|part| self.render_part(part, out, unknown).err())
            .collect();
        joined(errors).map_or(Ok(()), Err)
    }

    fn render_part(
        &mut self,
        part: &TemplatePart,
        out: &mut String,
        unknown: &mut bool,
    ) -> Result<(), EvalError> {
        match part {
            TemplatePart::Literal(s) => out.push_str(s),
            TemplatePart::Interpolation(e) => {
                let v = self.eval(e)?;
                match v {
                    Value::Null(_) => {
                        return Err(EvalError::new(
                            "Invalid template interpolation value",
                            "The expression result is null. Cannot include a null value in \
                                 a string template.",
                        )
                        .at(range_of(e)))
                    }
                    Value::Unknown(_) => *unknown = true,
                    other => match conv::to_string(&other) {
                        Ok(s) => out.push_str(&s),
                        Err(err) => {
                            return Err(EvalError::new(
                                "Invalid template interpolation value",
                                format!(
                                    "Cannot include the given value in a string template: {err}."
                                ),
                            )
                            .at(range_of(e)))
                        }
                    },
                }
            }
            TemplatePart::If {
                condition,
                then,
                otherwise,
            } => {
                let c = self.eval(condition)?;
                match conv::convert(&c, &Type::Bool) {
                    Ok(Value::Bool(true)) => self.render(then, out, unknown)?,
                    Ok(Value::Bool(false)) => self.render(otherwise, out, unknown)?,
                    Ok(Value::Null(_)) => {
                        return Err(EvalError::new(
                            "Null condition",
                            "The condition value is null. Conditions must either be true or \
                                 false.",
                        )
                        .at(range_of(condition)))
                    }
                    Ok(_) => *unknown = true,
                    Err(_) => {
                        return Err(EvalError::new(
                            "Incorrect condition type",
                            "The condition expression must be of type bool.",
                        )
                        .at(range_of(condition)))
                    }
                }
            }
            TemplatePart::For {
                key_var,
                value_var,
                collection,
                body,
            } => {
                let coll = self.eval(collection)?;
                let Some(items) = iterate(&coll).map_err(|e| e.at(range_of(collection)))? else {
                    *unknown = true;
                    return Ok(());
                };
                for (k, v) in items {
                    let mut symbols = Vec::new();
                    if let Some(kv) = key_var {
                        symbols.push((kv.clone(), k));
                    }
                    symbols.push((value_var.clone(), v));
                    self.with_bound(symbols, |s| s.render(body, out, unknown))?;
                }
            }
        }
        Ok(())
    }
}
