//! The plan: what `terraform show -json PLANFILE` prints (format 1.x), read into the planned
//! resource instances a spec is checked against.

use std::fmt;

use super::value::{JsonError, PlanObject, PlanValue, Reader};
use super::Error;

/// A plan's planned resource instances, in the order of its `resource_changes`.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The plan's `format_version` (`1.2` for Terraform 1.11).
    pub format_version: String,
    /// The version of Terraform that made the plan, when it says.
    pub terraform_version: Option<String>,
    /// Every instance in `resource_changes`: root and child modules, managed resources and
    /// data sources, whatever their action.
    pub instances: Vec<Instance>,
}

/// One planned resource instance (an entry of `resource_changes`).
#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    /// The full address: `module.net.terraform_data.subnet["a"]`.
    pub address: String,
    /// The module's address (`module.net`), `None` in the root module.
    pub module_address: Option<String>,
    /// Managed resource or data source.
    pub mode: Mode,
    /// The resource type: `terraform_data`, `aws_instance`.
    pub resource_type: String,
    /// The resource name in its module.
    pub name: String,
    /// The `count` index or `for_each` key, if the resource has either.
    pub index: Option<InstanceKey>,
    /// Set for a deposed object (a leftover of a create-before-destroy replacement).
    pub deposed: Option<String>,
    /// What Terraform plans to do, in order (`["delete", "create"]` for a replacement).
    pub actions: Vec<Action>,
    /// The planned value, `None` when the object is deleted. Unknown attributes are left out
    /// of objects and are `null` in arrays; [`Instance::after_unknown`] marks them.
    pub after: Option<PlanValue>,
    /// `after_unknown`: `true` where the value is known only after apply, in the shape of the
    /// value (objects and arrays of marks); `false` or absent elsewhere.
    pub after_unknown: PlanValue,
    /// `after_sensitive`: `true` where the value is sensitive, in the same shape.
    pub after_sensitive: PlanValue,
}

impl Instance {
    /// Whether a spec checks this instance: a managed resource created, updated or replaced.
    /// Deletions, no-ops, reads (data sources) and `forget` are not checked.
    pub fn is_checked(&self) -> bool {
        self.mode == Mode::Managed
            && self.deposed.is_none()
            && self
                .actions
                .iter()
                .any(|a| matches!(a, Action::Create | Action::Update))
    }

    /// The change in words: `create`, `update`, `replace`, `delete`, `no-op`, `read`, `forget`.
    pub fn change(&self) -> &'static str {
        let has = |a: Action| self.actions.contains(&a);
        if has(Action::Create) && has(Action::Delete) {
            "replace"
        } else if has(Action::Create) {
            "create"
        } else if has(Action::Update) {
            "update"
        } else if has(Action::Delete) {
            "delete"
        } else if has(Action::Read) {
            "read"
        } else if has(Action::Forget) {
            "forget"
        } else {
            "no-op"
        }
    }
}

/// A resource's mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// A `resource` block.
    Managed,
    /// A `data` block.
    Data,
}

/// A `count` index or a `for_each` key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InstanceKey {
    /// `count.index`.
    Int(i64),
    /// `each.key`.
    String(String),
}

impl fmt::Display for InstanceKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceKey::Int(i) => write!(f, "{i}"),
            InstanceKey::String(s) => write!(f, "{s:?}"),
        }
    }
}

/// One of a change's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `no-op`
    NoOp,
    /// `create`
    Create,
    /// `read`
    Read,
    /// `update`
    Update,
    /// `delete`
    Delete,
    /// `forget` (a `removed` block with `destroy = false`)
    Forget,
}

impl Action {
    fn parse(s: &str) -> Option<Action> {
        Some(match s {
            "no-op" => Action::NoOp,
            "create" => Action::Create,
            "read" => Action::Read,
            "update" => Action::Update,
            "delete" => Action::Delete,
            "forget" => Action::Forget,
            _ => return None,
        })
    }
}

// The parts of a change that are read; the others (`before`, `before_sensitive`,
// `replace_paths`, `generated_config`, `importing`) are only checked for syntax.
const CHANGE_KEYS: &[&str] = &["actions", "after", "after_unknown", "after_sensitive"];

impl Plan {
    /// Reads the JSON of `terraform show -json PLANFILE`. A document that is not JSON, not a
    /// plan, a plan of another major format version, or a plan whose `resource_changes` do not
    /// have the documented shape is an error saying what is wrong and where.
    pub fn from_json(text: &str) -> Result<Plan, Error> {
        let raw = read_top(text).map_err(|e| Error::plan(format!("not valid JSON: {e}")))?;
        raw.into_plan()
    }
}

#[derive(Default)]
struct RawPlan {
    format_version: Option<PlanValue>,
    terraform_version: Option<PlanValue>,
    errored: Option<PlanValue>,
    resource_changes: Option<Vec<PlanValue>>,
    planned_values: bool,
    not_object: Option<&'static str>,
}

fn read_top(text: &str) -> Result<RawPlan, JsonError> {
    let mut r = Reader::new(text);
    let mut raw = RawPlan::default();
    let first = text.trim_start().as_bytes().first().copied();
    if first != Some(b'{') {
        // Read it anyway, for a syntax error before the shape error.
        let v = r.value(0)?;
        r.end()?;
        raw.not_object = Some(v.kind());
        return Ok(raw);
    }
    r.object(0, |r, key, _| {
        match &*key {
            "format_version" => raw.format_version = Some(r.value(1)?),
            "terraform_version" => raw.terraform_version = Some(r.value(1)?),
            "errored" => raw.errored = Some(r.value(1)?),
            "planned_values" => {
                raw.planned_values = true;
                r.skip(1)?;
            }
            "resource_changes" => {
                let mut items = Vec::new();
                if r.peek_is(b'[') {
                    r.array(1, |r| {
                        items.push(read_change(r)?);
                        Ok(())
                    })?;
                    raw.resource_changes = Some(items);
                } else {
                    let v = r.value(1)?;
                    raw.resource_changes = Some(vec![v]);
                    raw.not_object = Some("resource_changes");
                }
            }
            _ => r.skip(1)?,
        }
        Ok(())
    })?;
    r.end()?;
    Ok(raw)
}

// One entry of `resource_changes`, without the parts that are not read.
fn read_change(r: &mut Reader) -> Result<PlanValue, JsonError> {
    if !r.peek_is(b'{') {
        return r.value(2);
    }
    let mut entry = PlanObject::default();
    r.object(2, |r, key, at| {
        let value = if key == "change" && r.peek_is(b'{') {
            let mut change = PlanObject::default();
            r.object(3, |r, key, at| {
                if CHANGE_KEYS.contains(&&*key) {
                    let v = r.value(4)?;
                    if change.insert_new(key.into_owned(), v).is_err() {
                        return Err(r.error_at(at, "duplicate key in an object"));
                    }
                } else {
                    r.skip(4)?;
                }
                Ok(())
            })?;
            PlanValue::Object(change)
        } else {
            r.value(3)?
        };
        if entry.insert_new(key.into_owned(), value).is_err() {
            return Err(r.error_at(at, "duplicate key in an object"));
        }
        Ok(())
    })?;
    Ok(PlanValue::Object(entry))
}

impl RawPlan {
    fn into_plan(self) -> Result<Plan, Error> {
        match self.not_object {
            Some("resource_changes") => {
                return Err(Error::plan(
                    "malformed plan: `resource_changes` is not an array".to_string(),
                ))
            }
            Some(kind) => {
                return Err(Error::plan(format!(
                    "not a plan: the document is {kind}, not the object `terraform show -json PLANFILE` prints"
                )))
            }
            None => {}
        }
        let format_version = match self.format_version {
            Some(PlanValue::String(v)) => v,
            Some(other) => {
                return Err(Error::plan(format!(
                    "malformed plan: `format_version` is {}, not a string",
                    other.kind()
                )))
            }
            None => {
                return Err(Error::plan(
                    "not a plan: there is no `format_version` (expected the output of `terraform show -json PLANFILE`)"
                        .to_string(),
                ))
            }
        };
        let major = format_version.split('.').next().unwrap_or("");
        if major != "1" {
            return Err(Error::plan(format!(
                "unsupported plan format_version `{format_version}`: plans of format 1.x can be checked"
            )));
        }
        if self.resource_changes.is_none() && !self.planned_values {
            return Err(Error::plan(
                "not a plan: it has neither `resource_changes` nor `planned_values` (is it `terraform show -json` of a state rather than of a plan file?)"
                    .to_string(),
            ));
        }
        if let Some(PlanValue::Bool(true)) = self.errored {
            return Err(Error::plan(
                "the plan is incomplete: Terraform reported errors while planning (`errored` is true)"
                    .to_string(),
            ));
        }
        let terraform_version = match self.terraform_version {
            Some(PlanValue::String(v)) => Some(v),
            _ => None,
        };
        let mut instances = Vec::new();
        for (i, entry) in self
            .resource_changes
            .unwrap_or_default()
            .into_iter()
            .enumerate()
        {
            instances.push(instance(entry).map_err(|(what, address)| {
                let whose = address.map(|a| format!(" (`{a}`)")).unwrap_or_default();
                Error::plan(format!(
                    "malformed plan: resource_changes[{i}]{whose}{what}"
                ))
            })?);
        }
        Ok(Plan {
            format_version,
            terraform_version,
            instances,
        })
    }
}

// An entry of `resource_changes`, or what is wrong with it (and its address, when known).
fn instance(entry: PlanValue) -> Result<Instance, (String, Option<String>)> {
    let PlanValue::Object(mut entry) = entry else {
        return Err((
            format!(": expected an object, found {}", entry.kind()),
            None,
        ));
    };
    let address = match entry.remove("address") {
        Some(PlanValue::String(a)) => a,
        other => return Err((field_error("address", "a string", other.as_ref()), None)),
    };
    let fail = |what: String| (what, Some(address.clone()));
    let string = |entry: &mut PlanObject, key: &str, required: bool| match entry.remove(key) {
        Some(PlanValue::String(s)) => Ok(Some(s)),
        None if !required => Ok(None),
        Some(PlanValue::Null) if !required => Ok(None),
        other => Err(field_error(key, "a string", other.as_ref())),
    };
    let module_address = string(&mut entry, "module_address", false).map_err(fail)?;
    let mode = match string(&mut entry, "mode", true).map_err(fail)?.as_deref() {
        Some("managed") => Mode::Managed,
        Some("data") => Mode::Data,
        other => {
            return Err(fail(format!(
                ".mode: expected `managed` or `data`, found `{}`",
                other.unwrap_or_default()
            )))
        }
    };
    let resource_type = string(&mut entry, "type", true)
        .map_err(fail)?
        .unwrap_or_default();
    let name = string(&mut entry, "name", true)
        .map_err(fail)?
        .unwrap_or_default();
    let index = match entry.remove("index") {
        None | Some(PlanValue::Null) => None,
        Some(PlanValue::String(s)) => Some(InstanceKey::String(s)),
        Some(PlanValue::Number(n)) => match n.to_i64() {
            Some(i) => Some(InstanceKey::Int(i)),
            None => return Err(fail(format!(".index: expected an integer, found {n}"))),
        },
        Some(other) => {
            return Err(fail(field_error(
                "index",
                "a number or a string",
                Some(&other),
            )))
        }
    };
    let deposed = string(&mut entry, "deposed", false).map_err(fail)?;
    let mut change = match entry.remove("change") {
        Some(PlanValue::Object(c)) => c,
        other => return Err(fail(field_error("change", "an object", other.as_ref()))),
    };
    let actions = match change.remove("actions") {
        Some(PlanValue::Array(items)) if !items.is_empty() => {
            let mut actions = Vec::new();
            for (j, a) in items.iter().enumerate() {
                match a.as_str().and_then(Action::parse) {
                    Some(a) => actions.push(a),
                    None => {
                        let found = match a {
                            PlanValue::String(s) => format!("`{s}`"),
                            other => other.kind().to_string(),
                        };
                        return Err(fail(format!(
                            ".change.actions[{j}]: expected one of `no-op`, `create`, `read`, `update`, `delete`, `forget`, found {found}"
                        )));
                    }
                }
            }
            actions
        }
        other => {
            return Err(fail(field_error(
                "change.actions",
                "a non-empty array of actions",
                other.as_ref(),
            )))
        }
    };
    let after = match change.remove("after") {
        None | Some(PlanValue::Null) => None,
        Some(v) => Some(v),
    };
    let marks = |change: &mut PlanObject, key: &str| match change.remove(key) {
        None | Some(PlanValue::Null) => Ok(PlanValue::Bool(false)),
        Some(v @ (PlanValue::Bool(_) | PlanValue::Object(_) | PlanValue::Array(_))) => Ok(v),
        Some(other) => Err(field_error(
            &format!("change.{key}"),
            "marks (a boolean, an object or an array)",
            Some(&other),
        )),
    };
    let after_unknown = marks(&mut change, "after_unknown").map_err(fail)?;
    let after_sensitive = marks(&mut change, "after_sensitive").map_err(fail)?;
    let inst = Instance {
        address,
        module_address,
        mode,
        resource_type,
        name,
        index,
        deposed,
        actions,
        after,
        after_unknown,
        after_sensitive,
    };
    if inst.is_checked() && inst.after.is_none() && inst.after_unknown != PlanValue::Bool(true) {
        return Err((
            format!(
                ".change.after: expected the planned value (the change is `{}`), found nothing",
                inst.change()
            ),
            Some(inst.address),
        ));
    }
    Ok(inst)
}

fn field_error(key: &str, expected: &str, found: Option<&PlanValue>) -> String {
    let found = found.map_or("nothing", PlanValue::kind);
    format!(".{key}: expected {expected}, found {found}")
}
