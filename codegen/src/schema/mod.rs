//! The JSON Schema (draft-07) of a module's variables, in terraschema's format.
//!
//! ```text
//! {"$schema": "http://json-schema.org/draft-07/schema#", "additionalProperties": true,
//!  "properties": {NAME: NODE, …}, "required": [names without a default], "type": "object"}
//! ```
//! Each variable's node holds its `description`, its `default` (the value Terraform uses: converted
//! to the type, with optional attribute defaults filled in and null optional attributes left
//! out), its type keywords and the keywords translated from its `validation` blocks. A nullable
//! variable (`nullable = true`, or unset with `--nullable-all`) is wrapped as
//! `{"anyOf": [{"title": "null", "type": "null"}, {NODE, "title": TYPE}], "title": "NAME: Select a type"}`,
//! with the validation keywords inside the non-null branch. When a validation rule rejects
//! `null` in Terraform (as `contains([…], var.x)` does), the variable is written without the
//! null branch, since Terraform rejects a null value for it.
//!
//! A rule that refers to other variables is translated against the root object, whose
//! attributes are the variables (left out: the default), and written in the root's `allOf`.

mod base64;
mod case;
mod case_pairs;
mod cidr;
mod conversions;
pub mod ecma_regex;
mod evaluation_errors;
mod nfc;
mod nfc_classes;
mod number_strings;
mod number_texts;
mod others_left_out;
mod timestamp;
pub mod translate;
pub(crate) mod types;

pub use conversions::NUMBER_STRING_PATTERN;

/// Whether a `--terraform-conversions` schema may let the string `s` (a value or a key) through a
/// rule on text without checking it: `s` holds a character NFC could change, one that joins a
/// grapheme cluster with a neighbour, or one beyond U+FFFF. For other strings the schema judges
/// text as Terraform does.
pub fn unchecked_text(s: &str) -> bool {
    nfc::Escape::Length.holds(s)
}

/// Whether NFC could change the string `s` (a pair such as `e` then U+0301, or a character NFC
/// always changes, or one beyond U+FFFF): the strings a `--terraform-conversions` schema may let
/// through a rule on text other than a maximum length. A schema without a maximum length on
/// text judges every other string as Terraform does.
pub fn nfc_changeable_text(s: &str) -> bool {
    nfc::Escape::Nfc.holds(s)
}

/// Whether `unchecked_text` holds for some string or key inside the JSON value `v`.
pub fn holds_unchecked_text(v: &serde_json::Value) -> bool {
    holds_text(v, &unchecked_text)
}

/// Whether `nfc_changeable_text` holds for some string or key inside the JSON value `v`.
pub fn holds_nfc_changeable_text(v: &serde_json::Value) -> bool {
    holds_text(v, &nfc_changeable_text)
}

fn holds_text(v: &serde_json::Value, text: &dyn Fn(&str) -> bool) -> bool {
    match v {
        serde_json::Value::String(s) => text(s),
        serde_json::Value::Array(items) => items.iter().any(|i| holds_text(i, text)),
        serde_json::Value::Object(m) => m.iter().any(|(k, v)| text(k) || holds_text(v, text)),
        _ => false,
    }
}

use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::{TerraformVersion, Type, VariableSpec};

use crate::json_text::{self, Json, Map, WriteOptions};
use crate::model::Module;
use translate::Rules;
use types::NodeCx;

/// Settings of the schema renderer; every flag of `tfvars schema` that shapes the output.
#[derive(Clone, Debug, Default)]
pub struct SchemaOptions {
    require_all: bool,
    disallow_additional_properties: bool,
    nullable_all: bool,
    escape_json: bool,
    allow_empty: bool,
    terraform_conversions: bool,
    error_messages: bool,
    cfn_lint_keywords: bool,
    ignore_variables: Vec<String>,
    properties: Vec<(String, String)>,
    version: TerraformVersion,
}

impl SchemaOptions {
    /// Default settings: terraschema's defaults.
    pub fn new() -> SchemaOptions {
        SchemaOptions::default()
    }

    /// Every variable required, even with a default, and every `optional()` attribute too
    /// (`--require-all`).
    pub fn require_all(&mut self, on: bool) -> &mut Self {
        self.require_all = on;
        self
    }

    /// `additionalProperties: false` at the root and on every object node
    /// (`--disallow-additional-properties`).
    pub fn disallow_additional_properties(&mut self, on: bool) -> &mut Self {
        self.disallow_additional_properties = on;
        self
    }

    /// Variables without an explicit `nullable` are nullable, as in Terraform
    /// (`--nullable-all`).
    pub fn nullable_all(&mut self, on: bool) -> &mut Self {
        self.nullable_all = on;
        self
    }

    /// Escape `<`, `>` and `&` in the output (`--escape-json`).
    pub fn escape_json(&mut self, on: bool) -> &mut Self {
        self.escape_json = on;
        self
    }

    /// A module without variables gives `{}` and a warning instead of an error
    /// (`--allow-empty`).
    pub fn allow_empty(&mut self, on: bool) -> &mut Self {
        self.allow_empty = on;
        self
    }

    /// Accept what Terraform's type conversions accept (`--terraform-conversions`): see the
    /// rules in this module's `conversions` documentation.
    pub fn terraform_conversions(&mut self, on: bool) -> &mut Self {
        self.terraform_conversions = on;
        self
    }

    /// Put the `error_message` of the translated rules on the variable's node as `errorMessage`
    /// (read by ajv-errors and JSON Schema form libraries), when it is a constant string
    /// (`--error-messages`).
    pub fn error_messages(&mut self, on: bool) -> &mut Self {
        self.error_messages = on;
        self
    }

    /// Also write cfn-lint's compact keywords (`requiredOr`, `requiredXor`,
    /// `dependentRequired`, `dependentExcluded`) beside the standard draft-07 form of
    /// cross-variable rules (`--cfn-lint-keywords`).
    pub fn cfn_lint_keywords(&mut self, on: bool) -> &mut Self {
        self.cfn_lint_keywords = on;
        self
    }

    /// Leave a variable out (`--ignore-variable`); may be called several times.
    pub fn ignore_variable(&mut self, name: impl Into<String>) -> &mut Self {
        self.ignore_variables.push(name.into());
        self
    }

    /// Add a string-valued key at the root, overriding a generated one (`--property KEY=VALUE`).
    pub fn property(&mut self, key: impl Into<String>, value: impl Into<String>) -> &mut Self {
        self.properties.push((key.into(), value.into()));
        self
    }

    /// Which Terraform release decides whether a condition accepts `null` (`&&`/`||` only
    /// short-circuit since 1.12).
    pub fn terraform_version(&mut self, version: TerraformVersion) -> &mut Self {
        self.version = version;
        self
    }

    fn ignored(&self, name: &str) -> bool {
        self.ignore_variables.iter().any(|n| n == name)
    }

    fn write_options(&self) -> WriteOptions {
        WriteOptions {
            escape_html: self.escape_json,
        }
    }
}

/// A rendered document and what was said while rendering it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    /// The JSON text, with one trailing newline.
    pub text: String,
    /// Warnings, in terraschema's wording, without the `Warning: ` prefix.
    pub warnings: Vec<String>,
    /// Details for `--debug`, without the `Debug: ` prefix.
    pub debug: Vec<String>,
    /// Variables whose node accepts some value Terraform rejects although every rule was
    /// translated, with the reason (never the reverse under `--terraform-conversions`).
    pub inexact: Vec<(String, String)>,
    /// Rules left out (each with its warning) that are checked where the other variables they
    /// name are left out: the variable whose rule it is, and those others.
    pub checked_where_left_out: Vec<(String, Vec<String>)>,
}

/// Why nothing could be rendered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SchemaError {
    /// The module directory holds no `.tf` or `.tf.json` file.
    #[error("error reading tf files at {dir:?}: no .tf files found")]
    NoFiles {
        /// The module directory.
        dir: String,
    },
    /// The module declares no variable.
    #[error("error reading tf files at {dir:?}: tf files don't contain any variables")]
    NoVariables {
        /// The module directory.
        dir: String,
    },
}

/// Checks for an empty module: `Ok(Some(..))` is the `{}` document of `--allow-empty`.
pub(crate) fn empty_module(
    module: &Module,
    allow_empty: bool,
    what: &str,
    write: WriteOptions,
) -> Result<Option<Rendered>, SchemaError> {
    if !module.variables().is_empty() {
        return Ok(None);
    }
    let dir = module.dir.display().to_string();
    empty_document(&dir, module.files.is_empty(), allow_empty, what, write).map(Some)
}

/// What a module without files (`no_files`) or without variables gives: terraschema's error, or
/// with `allow_empty` the document `{}` and its warning. `what` names the file in the warning
/// (`schema`, `variables`).
pub fn empty_document(
    dir: &str,
    no_files: bool,
    allow_empty: bool,
    what: &str,
    write: WriteOptions,
) -> Result<Rendered, SchemaError> {
    let dir = dir.to_string();
    let (err, reason) = if no_files {
        (
            SchemaError::NoFiles { dir: dir.clone() },
            "no .tf files found",
        )
    } else {
        (
            SchemaError::NoVariables { dir: dir.clone() },
            "tf files don't contain any variables",
        )
    };
    if !allow_empty {
        return Err(err);
    }
    Ok(Rendered {
        text: json_text::to_string(&Json::object(), write),
        warnings: vec![format!(
            "directory {dir:?}: {reason}, creating empty {what} file"
        )],
        debug: Vec::new(),
        inexact: Vec::new(),
        checked_where_left_out: Vec::new(),
    })
}

/// How deep a variable's node sits in the document: `{"properties": {NAME: NODE}}`.
const PROPERTY_DEPTH: usize = 2;

/// Renders the module's JSON Schema.
pub fn render(module: &Module, options: &SchemaOptions) -> Result<Rendered, SchemaError> {
    if let Some(empty) = empty_module(
        module,
        options.allow_empty,
        "schema",
        options.write_options(),
    )? {
        return Ok(empty);
    }
    let mut warnings = Vec::new();
    let mut debug = Vec::new();
    let mut inexact = Vec::new();
    let cx = NodeCx {
        additional_properties: !options.disallow_additional_properties,
        require_all: options.require_all,
        conversions: options.terraform_conversions,
        escapes_used: Default::default(),
    };
    let mut properties = Map::new();
    let mut required = Vec::new();
    let variables: Vec<&VariableSpec> = module
        .variables()
        .iter()
        .filter(|v| !options.ignored(&v.name))
        .collect();
    let root = RootCx::of(&variables);
    // Each variable's node is built and written on its own, on every core, in runs of
    // variables; the document puts the texts in place.
    let runs: Vec<&[&VariableSpec]> = variables
        .chunks(
            variables
                .len()
                .div_ceil(crate::parallel::workers() * crate::parallel::TASKS_PER_WORKER)
                .max(1),
        )
        .collect();
    // The translation matches the shapes of expressions; their places do not matter to it.
    let locals: Vec<LocalSpec> = module
        .spec
        .locals
        .iter()
        .map(|l| LocalSpec {
            name: l.name.clone(),
            expr: l.expr.without_sites(),
            location: l.location.clone(),
        })
        .collect();
    let built = crate::parallel::map(&runs, |run| {
        let mut said = Said::default();
        let nodes: Vec<Json> = run
            .iter()
            .map(|v| {
                let node = variable_node(v, &locals, options, &cx, &root, &mut said);
                Json::Written(json_text::to_string_at(
                    &node,
                    PROPERTY_DEPTH,
                    options.write_options(),
                ))
            })
            .collect();
        (nodes, said)
    });
    let mut root_rules: Vec<(Rules, Vec<String>)> = Vec::new();
    let mut checked_where_left_out = Vec::new();
    for (run, (nodes, said)) in runs.iter().zip(built) {
        required.extend(said.required_extra.into_iter().map(Json::String));
        for (v, node) in run.iter().zip(nodes) {
            if v.required() || options.require_all {
                required.push(Json::str(v.name.clone()));
            }
            properties.insert(v.name.clone(), node);
        }
        warnings.extend(said.warnings);
        debug.extend(said.debug);
        inexact.extend(said.inexact);
        root_rules.extend(said.root_rules);
        checked_where_left_out.extend(said.checked_where_left_out);
    }
    required.sort_by(|a, b| match (a, b) {
        (Json::String(a), Json::String(b)) => a.cmp(b),
        _ => std::cmp::Ordering::Equal,
    });
    required.dedup();
    let mut document = Json::object();
    document
        .set(
            "$schema",
            Json::str("http://json-schema.org/draft-07/schema#"),
        )
        .set(
            "additionalProperties",
            Json::Bool(!options.disallow_additional_properties),
        )
        .set("properties", Json::Object(properties))
        .set("required", Json::Array(required))
        .set("type", Json::str("object"));
    if !root_rules.is_empty() {
        let all_of = root_rules
            .iter()
            .map(|(r, names)| {
                if let Some(why) = options
                    .terraform_conversions
                    .then(|| conversions::inexact(root.ty(), r))
                    .flatten()
                {
                    for name in names {
                        inexact.push((name.clone(), format!("a rule between variables: {why}")));
                    }
                }
                if base64::used(r, false) {
                    for name in names {
                        inexact.push((
                            name.clone(),
                            format!("a rule between variables: {}", base64::INEXACT),
                        ));
                    }
                }
                let presence = presence_rule(r);
                let mut o = match &presence {
                    Some(PresenceRule::Pairs {
                        names,
                        needs,
                        excludes,
                    }) => dependencies(&cx, root.attrs(), names, needs, excludes),
                    _ => types::object_rules(&cx, root.attrs(), r),
                };
                if let (true, Some(p)) = (options.cfn_lint_keywords, &presence) {
                    cfn_lint_keywords(&mut o, p);
                }
                o
            })
            .collect();
        document.set("allOf", Json::Array(all_of));
    }
    let mut definitions = Map::new();
    for escape in nfc::ESCAPES {
        if cx.escapes_used[escape.index()].load(std::sync::atomic::Ordering::Relaxed) {
            definitions.insert(escape.name().to_string(), escape.definition());
        }
    }
    if !definitions.is_empty() {
        document.set("definitions", Json::Object(definitions));
    }
    for (k, v) in &options.properties {
        document.set(k.clone(), Json::str(v.clone()));
    }
    for (name, why) in &inexact {
        debug.push(format!(
            "variable {name:?} accepts more than Terraform: {why}"
        ));
    }
    Ok(Rendered {
        text: json_text::to_string(&document, options.write_options()),
        warnings,
        debug,
        inexact,
        checked_where_left_out,
    })
}

/// Whether the rules (`translated`, which refer to `v` alone) refuse `v`'s default, as the
/// runtime judges it.
fn default_rejected(
    v: &VariableSpec,
    rules: &Rules,
    translated: &[&tfvars_runtime::ValidationSpec],
    locals: &[LocalSpec],
    version: TerraformVersion,
) -> bool {
    let Some(default) = &v.default else {
        return false;
    };
    if translated.is_empty() {
        return false;
    }
    // The translated keywords decide it when they can (they judge non-null values exactly);
    // the runtime otherwise.
    let decided = if default.is_null() {
        Some(!rules.null_ok)
    } else {
        rules.accepts(default).map(|ok| !ok)
    };
    if let Some(refused) = decided {
        return refused;
    }
    let mut alone = v.clone();
    alone.validations = translated.iter().map(|r| (*r).clone()).collect();
    // Only the locals the rules use: the others may refer to variables that have no value
    // here, and their failure says nothing about the default.
    let mut used: Vec<&str> = Vec::new();
    let mut pending: Vec<&tfvars_runtime::Expr> = alone
        .validations
        .iter()
        .flat_map(|r| [&r.condition, &r.error_message])
        .collect();
    while let Some(e) = pending.pop() {
        if let tfvars_runtime::Expr::Local(name) = e {
            if !used.contains(&name.as_str()) {
                used.push(name);
                pending.extend(locals.iter().filter(|l| l.name == *name).map(|l| &l.expr));
            }
        }
        pending.extend(e.children());
    }
    let spec = tfvars_runtime::ModuleSpec {
        variables: vec![alone.clone()],
        locals: locals
            .iter()
            .filter(|l| used.contains(&l.name.as_str()))
            .cloned()
            .collect(),
    };
    let values = std::collections::BTreeMap::from([(v.name.clone(), default.clone())]);
    tfvars_runtime::eval::run_validations(&spec, &values, &Default::default(), version)
        .iter()
        .any(|d| d.severity == tfvars_runtime::Severity::Error)
}

/// The root object of a rule between variables: the variables as attributes. Built on first
/// use (most modules have no such rule).
struct RootCx<'v> {
    variables: &'v [&'v VariableSpec],
    built: std::sync::OnceLock<(tfvars_runtime::Type, Vec<String>)>,
    /// By variable, the rules of the other variables whose error message uses it (directly or
    /// through locals), found in one walk over every message.
    messages: std::sync::OnceLock<MessageUses<'v>>,
}

type MessageUses<'v> =
    std::collections::HashMap<String, Vec<(&'v VariableSpec, &'v tfvars_runtime::ValidationSpec)>>;

impl<'v> RootCx<'v> {
    fn of(variables: &'v [&'v VariableSpec]) -> RootCx<'v> {
        RootCx {
            variables,
            built: std::sync::OnceLock::new(),
            messages: std::sync::OnceLock::new(),
        }
    }

    /// The rules of variables other than `name` whose error message uses `name`.
    fn messages_using(
        &self,
        name: &str,
        locals: &[LocalSpec],
    ) -> &[(&'v VariableSpec, &'v tfvars_runtime::ValidationSpec)] {
        let index = self.messages.get_or_init(|| {
            let mut index = MessageUses::new();
            for &w in self.variables {
                for rule in &w.validations {
                    for used in variables_used(&rule.error_message, locals) {
                        if used != w.name {
                            index.entry(used).or_default().push((w, rule));
                        }
                    }
                }
            }
            index
        });
        index.get(name).map_or(&[], Vec::as_slice)
    }

    fn built(&self) -> &(tfvars_runtime::Type, Vec<String>) {
        self.built.get_or_init(|| {
            let attrs = self
                .variables
                .iter()
                .map(|v| tfvars_runtime::Attribute {
                    name: v.name.as_str().into(),
                    ty: v.ty.clone(),
                    // Left out, a variable takes its default; given null, a variable that is
                    // not nullable takes it too (an optional attribute's rule).
                    optional: v.default.is_some(),
                    default: v.default.clone().filter(|d| !d.is_null()),
                })
                .collect();
            let null_stays = self
                .variables
                .iter()
                .filter(|v| v.nullable && v.default.as_ref().is_some_and(|d| !d.is_null()))
                .map(|v| v.name.clone())
                .collect();
            (tfvars_runtime::Type::Object(attrs), null_stays)
        })
    }

    fn ty(&self) -> &tfvars_runtime::Type {
        &self.built().0
    }

    fn null_stays(&self) -> &[String] {
        &self.built().1
    }

    fn attrs(&self) -> &[tfvars_runtime::Attribute] {
        match self.ty() {
            tfvars_runtime::Type::Object(attrs) => attrs,
            _ => &[],
        }
    }
}

/// A rule between variables that is not translated whole, as a root rule that checks it where
/// the other variables are left out (`others_left_out`): the rule, the variables it names and
/// the others it needs left out; why not, where that is not translated either.
fn checked_where_others_left_out(
    condition: &tfvars_runtime::Expr,
    error_message: &tfvars_runtime::Expr,
    v: &VariableSpec,
    locals: &[LocalSpec],
    options: &SchemaOptions,
    root: &RootCx,
) -> Result<(Rules, Vec<String>, Vec<String>), String> {
    if !matches!(message_use(error_message, &v.name, &v.ty), MessageUse::None)
        || refers_to_others(error_message, &v.name)
    {
        return Err("the error message uses the values".into());
    }
    let mut names = vec![v.name.clone()];
    variables_in(condition, &mut names);
    let left_out =
        others_left_out::left_out(condition, &v.name, &names, root.variables, options.version)?;
    let rules = translate::translate_root(
        &left_out.condition,
        root.ty(),
        root.null_stays(),
        locals,
        options.version,
        options.terraform_conversions,
    )?;
    let rules = if left_out.absent.is_empty() {
        rules
    } else {
        let mut alternatives: Vec<Rules> = left_out
            .absent
            .iter()
            .map(|a| Rules {
                required: vec![a.clone()],
                null_ok: true,
                ..Rules::default()
            })
            .collect();
        alternatives.push(rules);
        Rules {
            any_of: vec![alternatives],
            ..Rules::default()
        }
    };
    let others = names.iter().skip(1).cloned().collect();
    Ok((rules, names, others))
}

/// Adds the variables `e` refers to, in the order they first appear.
fn variables_in(e: &tfvars_runtime::Expr, out: &mut Vec<String>) {
    if let tfvars_runtime::Expr::Variable(v) = e {
        if !out.contains(v) {
            out.push(v.clone());
        }
        return;
    }
    for c in e.children() {
        variables_in(c, out);
    }
}

/// The variables `e` refers to, directly or through locals.
fn variables_used(e: &tfvars_runtime::Expr, locals: &[LocalSpec]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut followed: Vec<&str> = Vec::new();
    let mut pending = vec![e];
    while let Some(e) = pending.pop() {
        match e {
            tfvars_runtime::Expr::Variable(v) if !out.contains(v) => out.push(v.clone()),
            tfvars_runtime::Expr::Local(name) if !followed.contains(&name.as_str()) => {
                followed.push(name);
                pending.extend(locals.iter().filter(|l| l.name == *name).map(|l| &l.expr));
            }
            _ => pending.extend(e.children()),
        }
    }
    out
}

/// Whether `e` refers to a variable other than `name`.
fn refers_to_others(e: &tfvars_runtime::Expr, name: &str) -> bool {
    match e {
        tfvars_runtime::Expr::Variable(v) => v != name,
        _ => e.children().into_iter().any(|c| refers_to_others(c, name)),
    }
}

/// Whether a variable is given (`Some(true)`) or null (`Some(false)`) in one alternative of a
/// root rule, for each variable the alternative names; `None` when the alternative says
/// anything else. Only variables whose default is null are read (for them "given" is "present
/// and not null"; a variable with another default is set when left out).
fn presence(alt: &Rules) -> Option<Vec<(String, bool)>> {
    let mut bare = alt.clone();
    bare.properties.clear();
    bare.required.clear();
    bare.null_ok = true;
    bare.may_fail = false;
    if bare != Rules::default() {
        return None;
    }
    let null_only = Rules {
        allowed: Some(vec![tfvars_runtime::Value::Null(tfvars_runtime::Type::Any)]),
        ..Rules::default()
    };
    let mut out = Vec::new();
    for (name, child) in &alt.properties {
        let required = alt.required.contains(name);
        let mut c = child.clone();
        c.may_fail = false;
        let given = if required && !c.null_ok && {
            c.null_ok = true;
            c == Rules::default()
        } {
            true
        } else if !required && c == null_only {
            false
        } else {
            return None;
        };
        out.push((name.clone(), given));
    }
    if alt
        .required
        .iter()
        .any(|r| !out.iter().any(|(n, _)| n == r))
    {
        return None;
    }
    Some(out)
}

/// A root rule that only says which variables are given (non-null), each with a null default
/// (for them "given" is "present and not null").
enum PresenceRule {
    /// At least one of these.
    Or(Vec<String>),
    /// Exactly one of these.
    Xor(Vec<String>),
    /// Pairs of variables (indexes into `names`): when the first is given, the second must be
    /// (`needs`), or must not be (`excludes`, each pair once).
    Pairs {
        names: Vec<String>,
        needs: Vec<(usize, usize)>,
        excludes: Vec<(usize, usize)>,
    },
}

/// Reads a root rule as a truth table over the variables it names, and says which
/// [`PresenceRule`] states that table exactly, if one does.
fn presence_rule(rules: &Rules) -> Option<PresenceRule> {
    let [group] = rules.any_of.as_slice() else {
        return None;
    };
    if !rules.properties.is_empty() || !rules.required.is_empty() {
        return None;
    }
    let alternatives = group.iter().map(presence).collect::<Option<Vec<_>>>()?;
    let mut names: Vec<String> = Vec::new();
    for (n, _) in alternatives.iter().flatten() {
        if !names.contains(n) {
            names.push(n.clone());
        }
    }
    let n = names.len();
    if !(2..=8).contains(&n) {
        return None;
    }
    // Bit i of an assignment: `names[i]` is given.
    let index = |name: &str| names.iter().position(|m| m == name).unwrap_or(0);
    let bit = |g: u32, i: usize| g >> i & 1 == 1;
    let all = 0..(1u32 << n);
    let table: Vec<bool> = all
        .clone()
        .map(|g| {
            alternatives
                .iter()
                .any(|alt| alt.iter().all(|(name, set)| bit(g, index(name)) == *set))
        })
        .collect();
    let same = |f: &dyn Fn(u32) -> bool| all.clone().all(|g| f(g) == table[g as usize]);
    if same(&|g| g != 0) {
        return Some(PresenceRule::Or(names));
    }
    if same(&|g| g.count_ones() == 1) {
        return Some(PresenceRule::Xor(names));
    }
    // Every pairwise implication the rule makes; the rule is a `Pairs` when they are it.
    let implied = |f: &dyn Fn(u32) -> bool| all.clone().all(|g| !table[g as usize] || f(g));
    let mut needs = Vec::new();
    let mut excludes = Vec::new();
    for i in 0..n {
        for j in 0..n {
            if i != j && implied(&|g| !bit(g, i) || bit(g, j)) {
                needs.push((i, j));
            }
            if i < j && implied(&|g| !bit(g, i) || !bit(g, j)) {
                excludes.push((i, j));
            }
        }
    }
    let pairs = |g: u32| {
        needs.iter().all(|&(i, j)| !bit(g, i) || bit(g, j))
            && excludes.iter().all(|&(i, j)| !bit(g, i) || !bit(g, j))
    };
    if (needs.is_empty() && excludes.is_empty()) || !same(&pairs) {
        return None;
    }
    Some(PresenceRule::Pairs {
        names,
        needs,
        excludes,
    })
}

/// The draft-07 form of a [`PresenceRule::Pairs`]: `dependencies`, under which a variable that is
/// present must be null, or have the variables it needs given and those it excludes null or
/// left out.
fn dependencies(
    cx: &NodeCx,
    attrs: &[tfvars_runtime::Attribute],
    names: &[String],
    needs: &[(usize, usize)],
    excludes: &[(usize, usize)],
) -> Json {
    let null_only = || Rules {
        allowed: Some(vec![tfvars_runtime::Value::Null(tfvars_runtime::Type::Any)]),
        ..Rules::default()
    };
    let given = || Rules {
        null_ok: false,
        ..Rules::default()
    };
    let mut deps = Map::new();
    for (i, name) in names.iter().enumerate() {
        let mut then = Rules::default();
        for &(_, j) in needs.iter().filter(|(a, _)| *a == i) {
            then.properties.push((names[j].clone(), given()));
            then.required.push(names[j].clone());
        }
        for &(_, k) in excludes.iter().filter(|(a, _)| *a == i) {
            then.properties.push((names[k].clone(), null_only()));
        }
        if then.properties.is_empty() {
            continue;
        }
        let unset = Rules {
            properties: vec![(name.clone(), null_only())],
            ..Rules::default()
        };
        let rule = Rules {
            any_of: vec![vec![unset, then]],
            ..Rules::default()
        };
        deps.insert(name.clone(), types::object_rules(cx, attrs, &rule));
    }
    let mut o = Json::object();
    o.set("dependencies", Json::Object(deps));
    o
}

/// cfn-lint's compact keywords beside the standard form of a root rule about which variables
/// are given: `requiredOr` (at least one of), `requiredXor` (exactly one of),
/// `dependentRequired` (when one is given, others must be) and `dependentExcluded` (when one is
/// given, others must not be).
fn cfn_lint_keywords(o: &mut Json, rule: &PresenceRule) {
    let strings =
        |ns: &[&String]| Json::Array(ns.iter().map(|n| Json::str((*n).clone())).collect());
    match rule {
        PresenceRule::Or(names) => {
            o.set("requiredOr", strings(&names.iter().collect::<Vec<_>>()));
        }
        PresenceRule::Xor(names) => {
            o.set("requiredXor", strings(&names.iter().collect::<Vec<_>>()));
        }
        PresenceRule::Pairs {
            names,
            needs,
            excludes,
        } => {
            let keyword = |pairs: &[(usize, usize)]| {
                let mut m = Map::new();
                for (i, name) in names.iter().enumerate() {
                    let to: Vec<&String> = pairs
                        .iter()
                        .filter(|(a, _)| *a == i)
                        .map(|(_, b)| &names[*b])
                        .collect();
                    if !to.is_empty() {
                        m.insert(name.clone(), strings(&to));
                    }
                }
                Json::Object(m)
            };
            if !needs.is_empty() {
                o.set("dependentRequired", keyword(needs));
            }
            if !excludes.is_empty() {
                o.set("dependentExcluded", keyword(excludes));
            }
        }
    }
}

/// How a rule's error message uses its variable.
enum MessageUse {
    /// Not at all (or only through what is constant).
    None,
    /// Only interpolated whole (`"${var.x} is bad"`, `var.x`), for a primitive type: the
    /// message then fails on null only.
    Direct,
    /// In some other way.
    Other,
}

fn message_use(
    message: &tfvars_runtime::Expr,
    name: &str,
    ty: &tfvars_runtime::Type,
) -> MessageUse {
    use tfvars_runtime::expr::TemplatePart;
    use tfvars_runtime::Expr;
    let direct = |e: &Expr| matches!(e, Expr::Variable(v) if v == name);
    match message {
        Expr::Literal(_) => MessageUse::None,
        e if direct(e) && ty.is_primitive() => MessageUse::Direct,
        Expr::Template(parts) => {
            let mut uses = MessageUse::None;
            for p in parts {
                match p {
                    TemplatePart::Literal(_) => {}
                    TemplatePart::Interpolation(e) if direct(e) && ty.is_primitive() => {
                        uses = MessageUse::Direct
                    }
                    TemplatePart::Interpolation(Expr::Literal(_)) => {}
                    _ => return MessageUse::Other,
                }
            }
            uses
        }
        _ => MessageUse::Other,
    }
}

/// Go's `%q` for the warning text: a double-quoted string with Go escapes.
pub(crate) fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether Terraform unifies the elements of a collection inside `ty`: a list, set or map
/// whose element type holds `any` takes elements that all convert to one type, which JSON
/// Schema cannot say.
fn unifies_elements(ty: &Type) -> bool {
    match ty {
        Type::List(t) | Type::Set(t) | Type::Map(t) => t.has_any() || unifies_elements(t),
        Type::Tuple(ts) => ts.iter().any(unifies_elements),
        Type::Object(attrs) => attrs.iter().any(|a| unifies_elements(&a.ty)),
        Type::String | Type::Number | Type::Bool | Type::Any => false,
    }
}

/// What rendering variables' nodes says beside the nodes.
#[derive(Default)]
struct Said {
    warnings: Vec<String>,
    debug: Vec<String>,
    /// Variables whose node accepts some value Terraform rejects, and why.
    inexact: Vec<(String, String)>,
    /// Rules between variables, for the root, with the variables they name.
    root_rules: Vec<(Rules, Vec<String>)>,
    /// Variables with a default that must be given anyway.
    required_extra: Vec<String>,
    /// See [`Rendered::checked_where_left_out`].
    checked_where_left_out: Vec<(String, Vec<String>)>,
}

fn variable_node(
    v: &VariableSpec,
    locals: &[LocalSpec],
    options: &SchemaOptions,
    cx: &NodeCx,
    root: &RootCx,
    said: &mut Said,
) -> Json {
    let Said {
        warnings,
        debug,
        inexact,
        root_rules,
        required_extra,
        checked_where_left_out,
    } = said;
    // Translate every validation block; untranslatable ones are left out with a warning.
    let mut rules: Option<Rules> = None;
    let mut messages: Vec<String> = Vec::new();
    let mut translated: Vec<&tfvars_runtime::ValidationSpec> = Vec::new();
    for rule in &v.validations {
        let condition = rule.condition.without_sites();
        let error_message = rule.error_message.without_sites();
        match translate::translate(
            &condition,
            &v.name,
            &v.ty,
            locals,
            options.version,
            options.terraform_conversions,
        ) {
            Ok(mut r) => {
                if base64::used(&r, false) {
                    inexact.push((v.name.clone(), base64::INEXACT.into()));
                }
                // Terraform evaluates the error message too, and rejects the value when that
                // fails: interpolating the value itself fails on null; any other use of it may
                // fail in ways the schema does not follow.
                match message_use(&error_message, &v.name, &v.ty) {
                    MessageUse::None => {}
                    MessageUse::Direct => r.null_ok = false,
                    MessageUse::Other => inexact.push((
                        v.name.clone(),
                        format!(
                            "the error message of the rule at {} uses the value, and Terraform rejects the value when the message fails",
                            rule.location
                        ),
                    )),
                }
                if !options.terraform_conversions
                    && (r.string_length
                        || r.items.as_ref().is_some_and(|i| i.string_length)
                        || r.members.as_ref().is_some_and(|i| i.string_length)
                        || r.first.iter().any(|f| f.string_length))
                {
                    // Under conversions such strings pass unchecked (`nfc::Escape::Length`).
                    debug.push(format!(
                        "condition at {:?} of {:?}: JSON Schema counts string length in code points, Terraform in grapheme clusters (they differ only for combining marks and emoji sequences)",
                        rule.location.to_string(),
                        v.name
                    ));
                }
                translated.push(rule);
                if options.error_messages {
                    match tfvars_runtime::eval::eval_constant(&error_message) {
                        Ok(tfvars_runtime::Value::String(m)) => {
                            if !messages.contains(&m) {
                                messages.push(m)
                            }
                        }
                        _ => debug.push(format!(
                            "the error message of the rule at {:?} is not a constant string, so it is not written as `errorMessage`",
                            rule.location.to_string()
                        )),
                    }
                }
                match &mut rules {
                    Some(all) => all.merge(r),
                    None => rules = Some(r),
                }
            }
            Err(why) => {
                // A rule that refers to other variables may be a rule of the root object.
                let why = if refers_to_others(&condition, &v.name) {
                    match translate::translate_root(
                        &condition,
                        root.ty(),
                        root.null_stays(),
                        locals,
                        options.version,
                        options.terraform_conversions,
                    ) {
                        Ok(r) => {
                            if let MessageUse::None = message_use(&error_message, &v.name, &v.ty) {
                                let mut names = vec![v.name.clone()];
                                variables_in(&condition, &mut names);
                                root_rules.push((r, names));
                                continue;
                            }
                            format!("{why}; as a rule between variables: its error message uses the values")
                        }
                        Err(root_why) => {
                            let why = format!("{why}; as a rule between variables: {root_why}");
                            match checked_where_others_left_out(
                                &condition,
                                &error_message,
                                v,
                                locals,
                                options,
                                root,
                            ) {
                                Ok((r, names, others)) => {
                                    debug.push(format!(
                                        "condition located at {:?} is checked only where {} left out (to {}): {why}",
                                        rule.location.to_string(),
                                        if others.len() == 1 { "the other variable it names is" } else { "the other variables it names are" },
                                        others.join(", ")
                                    ));
                                    root_rules.push((r, names));
                                    checked_where_left_out.push((v.name.clone(), others));
                                    why
                                }
                                Err(left_out_why) => {
                                    format!("{why}; where the other variables are left out: {left_out_why}")
                                }
                            }
                        }
                    }
                } else {
                    why
                };
                warnings.push(format!(
                    "couldn't apply validation for {} with condition {}: no translation rules are supported for this condition",
                    go_quote(&v.name),
                    go_quote(&rule.condition_source)
                ));
                debug.push(format!(
                    "condition located at {:?}: {why}",
                    rule.location.to_string()
                ));
                // Under `--terraform-conversions` only: the default output keeps terraschema's
                // node wherever terraschema translates another rule of the variable.
                let checked = if options.terraform_conversions {
                    evaluation_errors::checked(
                        &condition,
                        v,
                        locals,
                        &evaluation_errors::Root {
                            ty: root.ty(),
                            null_stays: root.null_stays(),
                        },
                        options.version,
                    )
                } else {
                    evaluation_errors::Checked::default()
                };
                if !checked.texts.is_empty() {
                    debug.push(format!(
                        "condition located at {:?} is left out, but the values it fails on with an error are refused: {}",
                        rule.location.to_string(),
                        checked.texts.join("; ")
                    ));
                }
                if let Some(r) = checked.own {
                    match &mut rules {
                        Some(all) => all.merge(r),
                        None => rules = Some(r),
                    }
                }
                root_rules.extend(checked.root);
            }
        }
    }
    // Terraform evaluates the messages of the other variables' rules too, and rejects the input
    // when one fails: one that interpolates this value whole fails on null; any other use of it
    // may fail in ways the schema does not follow.
    for (w, rule) in root.messages_using(&v.name, locals) {
        match message_use(&rule.error_message.without_sites(), &v.name, &v.ty) {
            MessageUse::Direct => rules.get_or_insert_with(Rules::default).null_ok = false,
            _ => inexact.push((
                v.name.clone(),
                format!(
                    "the error message of the rule of {} at {} uses the value, and Terraform \
                     rejects the value when the message fails",
                    go_quote(&w.name),
                    rule.location
                ),
            )),
        }
    }
    let rules = rules.unwrap_or_default();
    let default_refused = default_rejected(v, &rules, &translated, locals, options.version);
    if default_refused {
        // Left out, the variable takes its default, which its own rules refuse: Terraform
        // then rejects the input. terraschema's output does not say so; under
        // `--terraform-conversions` the variable is required.
        if cx.conversions {
            required_extra.push(v.name.clone());
        } else {
            inexact.push((
                v.name.clone(),
                "its default fails its rules, so leaving it out is refused, which only --terraform-conversions writes".into(),
            ));
        }
    }
    if cx.conversions {
        if let Some(why) = conversions::inexact(&v.ty, &rules) {
            inexact.push((
                v.name.clone(),
                format!("under --terraform-conversions: {why}"),
            ));
        }
    } else if let Some(why) = conversions::numeric_inexact(&v.ty, &rules) {
        inexact.push((v.name.clone(), why));
    }
    if rules.any_node(&|r| !r.multiple_of.is_empty()) {
        inexact.push((
            v.name.clone(),
            "a number of magnitude 2^53 or more is not checked against `multipleOf`, which \
             validators compute in floating point; Terraform computes it exactly"
                .into(),
        ));
    }
    if number_texts::zero_split(&v.ty, &rules) {
        inexact.push((
            v.name.clone(),
            "a pattern on a number judges `-0` (its text is \"-0\") unlike 0, which JSON Schema cannot tell apart".into(),
        ));
    }
    if unifies_elements(&v.ty) {
        inexact.push((
            v.name.clone(),
            "the elements of a collection of `any` must convert to one type, which the schema does not check".into(),
        ));
    }

    let mut node = if cx.conversions {
        // Terraform's own null rules: a nullable variable takes null (then validated); a
        // non-nullable one with a default replaces null by the default.
        let null_ok = (v.nullable && rules.null_ok)
            || (!v.nullable && v.default.is_some() && !default_refused);
        let mut n = types::node(cx, &v.ty, Some(&rules), false);
        if null_ok {
            types::add_null(&mut n);
        } else if rules.null_ok && v.ty == Type::Any {
            // A typed node refuses null already; an untyped one takes it where its rules do.
            types::refuse_null(&mut n);
        }
        n
    } else {
        let nullable = if v.nullable_set {
            v.nullable
        } else {
            options.nullable_all
        };
        let type_name = types::json_type_name(&v.ty);
        let inner = types::node(cx, &v.ty, Some(&rules), false);
        match type_name {
            Some(title) if nullable && rules.null_ok => {
                let mut inner = inner;
                inner.set("title", Json::str(title));
                let mut null = Json::object();
                null.set("title", Json::str("null"))
                    .set("type", Json::str("null"));
                let mut outer = Json::object();
                outer
                    .set("anyOf", Json::Array(vec![null, inner]))
                    .set("title", Json::str(format!("{}: Select a type", v.name)));
                outer
            }
            _ => {
                if nullable && !rules.null_ok {
                    debug.push(format!(
                        "variable {:?} is nullable, but its validation rejects null, so the schema does too",
                        v.name
                    ));
                }
                let mut inner = inner;
                if v.nullable_set && !v.nullable && rules.null_ok && v.ty == Type::Any {
                    // `nullable = false` refuses null, untyped variables too.
                    types::refuse_null(&mut inner);
                }
                inner
            }
        }
    };

    if let Some(default) = &v.default {
        match types::default_json(default, &v.ty) {
            Some(j) => {
                node.set("default", j);
            }
            None => warnings.push(format!(
                "the default of {} cannot be written as JSON (an infinite number), leaving it out",
                go_quote(&v.name)
            )),
        }
    }
    if let Some(d) = &v.description {
        node.set("description", Json::str(d.clone()));
    }
    if !messages.is_empty() {
        node.set("errorMessage", Json::str(messages.join("\n")));
    }
    node
}
