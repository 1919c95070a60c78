//! The evaluation scope: what `var.*`, `local.*` and `for`/splat symbols refer to, and the
//! recursive walk over the expression IR.

use std::collections::{BTreeMap, BTreeSet};

use crate::expr::Expr;
use crate::input::FileAccess;
use crate::spec::{LocalSpec, ModuleSpec, TerraformVersion};
use crate::value::Value;
use crate::value_map::ValueMap;

use super::error::{all_ok, joined, EvalError};

/// How deeply expressions may nest before evaluation stops with an error instead of
/// exhausting the stack. The code generator refuses deeper expressions when it lowers them.
pub const MAX_DEPTH: usize = 200;

enum LocalState {
    InProgress,
    Done(Result<Value, EvalError>),
}

/// What references resolve to.
enum Refs<'a> {
    /// A constant expression: no references or calls at all.
    Constant,
    /// A module's variables (their effective values) and locals.
    Module {
        spec: &'a ModuleSpec,
        values: &'a BTreeMap<String, Value>,
    },
}

/// An evaluator with a scope: the effective values of a module's variables and its locals.
///
/// ```
/// use std::collections::BTreeMap;
/// use tfvars_runtime::eval::Scope;
/// use tfvars_runtime::expr::{BinaryOp, Expr};
/// use tfvars_runtime::{ModuleSpec, Number, Value};
///
/// let spec = ModuleSpec::default();
/// let values = BTreeMap::new();
/// let mut scope = Scope::new(&spec, &values);
/// let two = Expr::Literal(Value::Number(Number::from(2)));
/// let sum = Expr::Binary(BinaryOp::Add, Box::new(two.clone()), Box::new(two));
/// assert_eq!(scope.eval(&sum).unwrap(), Value::Number(Number::from(4)));
/// ```
pub struct Scope<'a> {
    refs: Refs<'a>,
    version: TerraformVersion,
    locals: BTreeMap<String, LocalState>,
    bound: Vec<(String, Value)>,
    depth: usize,
    unknown_reasons: Vec<String>,
    /// The reasons of `unknown_reasons` that hold for Terraform too: values it does not know
    /// during plan either (a resource attribute, `timestamp()`). The others are the runtime's
    /// own limits (a function it does not run, a file it was not given).
    unknown_at_plan: BTreeSet<String>,
    files: Option<&'a FileAccess>,
}

impl<'a> Scope<'a> {
    /// A scope over a module's variables (`values` holds their effective values) and locals.
    /// A declared variable missing from `values` is unknown.
    pub fn new(spec: &'a ModuleSpec, values: &'a BTreeMap<String, Value>) -> Scope<'a> {
        Scope {
            refs: Refs::Module { spec, values },
            version: TerraformVersion::default(),
            locals: BTreeMap::new(),
            bound: Vec::new(),
            depth: 0,
            unknown_reasons: Vec::new(),
            unknown_at_plan: BTreeSet::new(),
            files: None,
        }
    }

    /// A scope for constant expressions: any reference or function call is an error.
    pub fn constant() -> Scope<'static> {
        Scope {
            refs: Refs::Constant,
            version: TerraformVersion::default(),
            locals: BTreeMap::new(),
            bound: Vec::new(),
            depth: 0,
            unknown_reasons: Vec::new(),
            unknown_at_plan: BTreeSet::new(),
            files: None,
        }
    }

    /// Follows the semantics of the given Terraform release.
    pub fn with_version(mut self, version: TerraformVersion) -> Scope<'a> {
        self.version = version;
        self
    }

    /// Evaluates the file functions and `path.*` against `files` (`None`: they are unknown).
    pub fn with_files(mut self, files: Option<&'a FileAccess>) -> Scope<'a> {
        self.files = files;
        self
    }

    /// The folder file functions read, if they are evaluated.
    pub(crate) fn files(&self) -> Option<&'a FileAccess> {
        self.files
    }

    /// The Terraform release whose semantics apply.
    pub fn version(&self) -> TerraformVersion {
        self.version
    }

    /// Evaluates an expression.
    pub fn eval(&mut self, expr: &Expr) -> Result<Value, EvalError> {
        // A place is not a level of nesting. It is taken in this frame, not in one more, so
        // that a placed expression nests as deep as one without places.
        let (expr, site) = match expr {
            Expr::At(at) if matches!(at.0, Expr::At(_)) => {
                let (inner, site) = &**at;
                return self
                    .eval(inner)
                    .map_err(|e| super::subject::locate(e, inner, site));
            }
            Expr::At(at) => (&at.0, Some(&at.1)),
            expr => (expr, None),
        };
        self.depth += 1;
        let result = if self.depth > MAX_DEPTH {
            Err(EvalError::fixed(
                "Expression too complex",
                format!("Expressions may nest at most {MAX_DEPTH} levels deep."),
            ))
        } else {
            self.eval_inner(expr)
        };
        self.depth -= 1;
        match site {
            Some(site) => result.map_err(|e| super::subject::locate(e, expr, site)),
            None => result,
        }
    }

    /// Why values came out unknown so far, in the order met: ``refers to `aws_vpc.main.id` ``,
    /// ``calls `timestamp()` ``, … Duplicates are removed.
    pub fn unknown_reasons(&self) -> &[String] {
        &self.unknown_reasons
    }

    /// Forgets the recorded unknown reasons.
    pub fn clear_unknown_reasons(&mut self) {
        self.unknown_reasons.clear();
    }

    /// Whether a value found unknown since the reasons were last cleared might be known to
    /// Terraform during plan: a reason recorded is one of the runtime's own limits, not a value
    /// Terraform too knows only after apply. An unknown value with no reason recorded is unknown
    /// as Terraform evaluates it (a function given a null of unknown type).
    pub fn unknown_to_the_runtime_only(&self) -> bool {
        self.unknown_reasons
            .iter()
            .any(|r| !self.unknown_at_plan.contains(r))
    }

    pub(crate) fn declares_variable(&self, name: &str) -> bool {
        match self.refs {
            Refs::Constant => false,
            Refs::Module { spec, values } => {
                values.contains_key(name) || spec.variables.iter().any(|v| v.name == name)
            }
        }
    }

    pub(crate) fn is_ephemeral(&self, name: &str) -> bool {
        match self.refs {
            Refs::Constant => false,
            Refs::Module { spec, .. } => {
                spec.variables.iter().any(|v| v.name == name && v.ephemeral)
            }
        }
    }

    pub(crate) fn declares_local(&self, name: &str) -> bool {
        match self.refs {
            Refs::Constant => false,
            Refs::Module { spec, .. } => spec.locals.iter().any(|l| l.name == name),
        }
    }

    /// A variable's value; `None` when it has none (it is unknown).
    pub(crate) fn variable_value(&self, name: &str) -> Option<&Value> {
        match self.refs {
            Refs::Constant => None,
            Refs::Module { values, .. } => values.get(name),
        }
    }

    /// A local's value, evaluated on demand; `None` when it fails.
    pub(crate) fn local_value(&mut self, name: &str) -> Option<Value> {
        let mark = self.unknown_mark();
        let v = self.local(name).ok();
        self.unknown_reset(mark);
        v
    }

    /// The value of a `for` or splat symbol in scope, the innermost first.
    pub(crate) fn bound_value(&self, name: &str) -> Option<&Value> {
        self.bound
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    pub(crate) fn is_constant(&self) -> bool {
        matches!(self.refs, Refs::Constant)
    }

    /// [`Self::unknown`] for a value Terraform does not know during plan either.
    pub(crate) fn unknown_at_plan(&mut self, reason: String) -> Value {
        self.unknown_at_plan.insert(reason.clone());
        self.unknown(reason)
    }

    /// Records why a value is unknown and returns an unknown value.
    pub(crate) fn unknown(&mut self, reason: String) -> Value {
        if !self.unknown_reasons.contains(&reason) {
            self.unknown_reasons.push(reason);
        }
        Value::Unknown(crate::types::Type::Any)
    }

    pub(crate) fn unknown_mark(&self) -> usize {
        self.unknown_reasons.len()
    }

    /// Removes and returns the reasons recorded since `mark`.
    pub(crate) fn take_reasons_since(&mut self, mark: usize) -> Vec<String> {
        self.unknown_reasons
            .split_off(mark.min(self.unknown_reasons.len()))
    }

    /// Records reasons taken earlier.
    pub(crate) fn add_reasons(&mut self, reasons: Vec<String>) {
        for r in reasons {
            if !self.unknown_reasons.contains(&r) {
                self.unknown_reasons.push(r);
            }
        }
    }

    pub(crate) fn unknown_reset(&mut self, mark: usize) {
        self.unknown_reasons.truncate(mark);
    }

    /// Runs `f` with `symbols` bound, then unbinds them.
    pub(crate) fn with_bound<T>(
        &mut self,
        symbols: Vec<(String, Value)>,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let n = symbols.len();
        self.bound.extend(symbols);
        let out = f(self);
        let len = self.bound.len();
        self.bound.truncate(len - n);
        out
    }

    fn eval_inner(&mut self, expr: &Expr) -> Result<Value, EvalError> {
        if matches!(expr, Expr::GetAttr(..) | Expr::Index(..)) {
            // Only the part named is copied, not the structure it is in.
            if let Some(v) = self.peek(expr) {
                return Ok(v.clone());
            }
        }
        match expr {
            Expr::Literal(v) => Ok(v.clone()),
            Expr::AmbiguousKey(_) => Err(EvalError::new(
                AMBIGUOUS_KEY,
                format!("{AMBIGUOUS_KEY_DETAIL}."),
            )),
            Expr::Template(parts) => self.eval_template(parts),
            Expr::Tuple(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    out.push(self.eval(item));
                }
                Ok(Value::Tuple(all_ok(out)?))
            }
            Expr::Object(items) => self.eval_object(items),
            Expr::Variable(name) => self.variable(name),
            Expr::Local(name) => self.local(name),
            Expr::Bound(name) => match self.bound_value(name) {
                Some(v) => Ok(v.clone()),
                None => Err(EvalError::fixed(
                    "Unknown variable",
                    format!("There is no variable named \"{name}\"."),
                )),
            },
            Expr::Unknown(what) => {
                if self.is_constant() {
                    return Err(variables_not_allowed());
                }
                if let Some(v) = self
                    .files
                    .and_then(|f| super::functions::path_value(f, what))
                {
                    return Ok(v);
                }
                if matches!(what.as_str(), "path.module" | "path.root" | "path.cwd") {
                    return Ok(self.unknown(format!(
                        "refers to `{what}`, which the runtime knows only when \
                         `CheckOptions::files` names the module folder"
                    )));
                }
                Ok(self.unknown_at_plan(format!(
                    "refers to `{what}`, which is known only after apply"
                )))
            }
            Expr::GetAttr(target, name) => {
                let v = self.eval(target)?;
                super::access::get_attr(&v, name)
            }
            Expr::Index(target, key) => {
                let v = self.eval(target);
                let k = self.eval(key);
                let [v, k] = <[Value; 2]>::try_from(all_ok(vec![v, k])?).expect("two values");
                super::access::index(&v, &k)
            }
            Expr::Splat {
                source,
                each,
                symbol,
            } => self.eval_splat(source, each, symbol),
            Expr::Unary(op, operand) => {
                let v = self.eval(operand)?;
                super::operators::unary(*op, &v)
            }
            Expr::Binary(op, lhs, rhs) => self.eval_binary(*op, lhs, rhs),
            Expr::Conditional(cond, then, otherwise) => {
                self.eval_conditional(cond, then, otherwise)
            }
            Expr::Call {
                name,
                args,
                expand_final,
            } => self.eval_call(name, args, *expand_final),
            Expr::For(f) => self.eval_for(f),
            Expr::At(..) => self.eval(expr),
        }
    }

    fn eval_object(&mut self, items: &[(Expr, Expr)]) -> Result<Value, EvalError> {
        let mut map = ValueMap::new();
        let mut unknown_key = false;
        // Every key and value is evaluated, and every failure reported, as HCL does.
        let mut errors = Vec::new();
        for (k, v) in items {
            let key = self.eval(k);
            let value = self.eval(v);
            let key = match key {
                Ok(key) => Some(key),
                Err(e) => {
                    errors.push(e);
                    None
                }
            };
            let value = match value {
                Ok(value) => Some(value),
                Err(e) => {
                    errors.push(e);
                    None
                }
            };
            let Some(key) = key else { continue };
            match super::conv::object_key(&key) {
                Ok(Some(key)) => {
                    if let Some(value) = value {
                        map.insert(key, value);
                    }
                }
                Ok(None) => unknown_key = true,
                // HCL points at the item's value for a null key, at the key otherwise.
                Err(e) => {
                    let subject = if e.summary == "Null value as key" {
                        v
                    } else {
                        k
                    };
                    errors.push(e.at(super::subject::range_of(subject)));
                }
            }
        }
        if let Some(e) = joined(errors) {
            return Err(e);
        }
        if unknown_key {
            return Ok(Value::Unknown(crate::types::Type::Any));
        }
        Ok(Value::Object(map))
    }

    /// The value a reference (`var.x.a`, `o.name`, `var.list[0]`) names, borrowed, when every
    /// step finds what it asks for; `None` when evaluating it is needed (to report an error,
    /// make an unknown value, or convert a key), so that the result is always what [`Self::eval`]
    /// gives.
    pub(crate) fn peek(&self, expr: &Expr) -> Option<&Value> {
        // Steps from the outermost in; a long chain is left to `eval`, which limits nesting.
        let mut steps: Vec<&Expr> = Vec::new();
        let mut at = expr;
        let root = loop {
            match at {
                Expr::At(placed) => at = &placed.0,
                Expr::GetAttr(target, _) | Expr::Index(target, _) if steps.len() < 32 => {
                    steps.push(at);
                    at = target;
                }
                Expr::Variable(name) => break self.variable_value(name)?,
                Expr::Bound(name) => break self.bound_value(name)?,
                _ => return None,
            }
        };
        let mut value = root;
        for step in steps.into_iter().rev() {
            value = match (step, value) {
                (Expr::GetAttr(_, name), Value::Object(m) | Value::Map(_, m)) => m.get(name)?,
                (Expr::Index(_, key), Value::List(_, xs) | Value::Tuple(xs)) => {
                    let Expr::Literal(Value::Number(n)) = key.peel() else {
                        return None;
                    };
                    let i = n
                        .as_decimal()
                        .filter(|d| d.is_integer() && !n.is_sign_negative())?;
                    xs.get(num_traits::ToPrimitive::to_usize(i)?)?
                }
                (Expr::Index(_, key), Value::Object(m) | Value::Map(_, m)) => {
                    let Expr::Literal(Value::String(k)) = key.peel() else {
                        return None;
                    };
                    m.get(k)?
                }
                _ => return None,
            };
        }
        Some(value)
    }

    fn variable(&mut self, name: &str) -> Result<Value, EvalError> {
        if let Some(v) = self.variable_value(name) {
            return Ok(v.clone());
        }
        match self.refs {
            Refs::Constant => Err(variables_not_allowed()),
            Refs::Module { spec, .. } => {
                if spec.variables.iter().any(|v| v.name == name) {
                    return Ok(self.unknown(format!(
                        "refers to `var.{name}`, which has no accepted value"
                    )));
                }
                Err(undeclared_variable(name))
            }
        }
    }

    fn local(&mut self, name: &str) -> Result<Value, EvalError> {
        let spec = match self.refs {
            Refs::Constant => return Err(variables_not_allowed()),
            Refs::Module { spec, .. } => spec,
        };
        match self.locals.get(name) {
            Some(LocalState::Done(r)) => return r.clone(),
            Some(LocalState::InProgress) => {
                let mut cycle: Vec<String> = self
                    .locals
                    .iter()
                    .filter(|(_, s)| matches!(s, LocalState::InProgress))
                    .map(|(n, _)| format!("local.{n}"))
                    .collect();
                cycle.sort();
                return Err(EvalError::fixed(
                    "Cycle in local values",
                    format!(
                        "The local value `local.{name}` depends on itself: {}.",
                        cycle.join(", ")
                    ),
                ));
            }
            None => {}
        }
        let Some(local) = spec.locals.iter().find(|l: &&LocalSpec| l.name == name) else {
            return Err(undeclared_local(name));
        };
        self.locals.insert(name.to_string(), LocalState::InProgress);
        // A local sees no `for` symbols of the expression that refers to it.
        let saved = std::mem::take(&mut self.bound);
        let result = self.eval(&local.expr).map_err(|mut e| {
            if e.range.is_some() && e.file.is_none() {
                e.file = Some((*local.location.file).into());
            }
            e
        });
        self.bound = saved;
        self.locals
            .insert(name.to_string(), LocalState::Done(result.clone()));
        result
    }
}

/// `Reference to undeclared input variable`
pub(crate) fn undeclared_variable(name: &str) -> EvalError {
    EvalError::fixed(
        "Reference to undeclared input variable",
        format!(
            "An input variable with the name \"{name}\" has not been declared. This variable \
             can be declared with a variable \"{name}\" {{}} block."
        ),
    )
}

/// `Reference to undeclared local value`
pub(crate) fn undeclared_local(name: &str) -> EvalError {
    EvalError::fixed(
        "Reference to undeclared local value",
        format!("A local value with the name \"{name}\" has not been declared."),
    )
}

/// The summary of HCL's error for an object key written as a bare traversal.
pub const AMBIGUOUS_KEY: &str = "Ambiguous attribute key";
/// Its detail, without the closing period (the loader's problems leave it out).
pub const AMBIGUOUS_KEY_DETAIL: &str = "If this expression is intended to be a reference, wrap \
    it in parentheses. If it's instead intended as a literal name containing periods, wrap it in \
    quotes to create a string literal";

/// Terraform's error for a reference where only constants are allowed.
pub(crate) fn variables_not_allowed() -> EvalError {
    EvalError::fixed("Variables not allowed", "Variables may not be used here.")
}
