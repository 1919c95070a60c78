//! `variable` and `locals` blocks of a native-syntax `.tf` file. Everything else a module holds
//! (resources, outputs, providers, …) is parsed and left alone.

use std::ops::Range;

use tfvars_hcl::{Attribute, Block, Body, Expr as Hcl, Span, Structure};
use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::{Expr, Type, ValidationSpec, Value, VariableSpec};

use crate::error::Problem;
use crate::loader::{
    check_condition, check_variable_name, convert_value, Declared, FileCx, FileDecls, FileRead,
    RefSite,
};
use crate::lower::{
    constant_errors, evaluate_constant, evaluate_constant_in, lower_expr, start_range,
    ConstantError,
};
use crate::source::SourceFile;
use crate::suggest::{unsupported_argument, unsupported_block};
use crate::type_expr::{parse_type_constraint_cached, ConstraintCache};

/// A `variable` block's arguments, in the order of Terraform's schema (the order suggestions
/// for a misspelt one are looked for in).
pub(crate) const VARIABLE_ARGS: &[&str] = &[
    "description",
    "default",
    "type",
    "sensitive",
    "nullable",
    "ephemeral",
];

/// A `validation` block's arguments, in the order of Terraform's schema.
pub(crate) const VALIDATION_ARGS: &[&str] = &["condition", "error_message"];

/// The block types of a configuration file's top level in Terraform 1.11, in its schema's
/// order, each with the names of its labels. `required_providers` is there only to be
/// reported as misplaced, as Terraform does.
const TOP_LEVEL_BLOCKS: &[(&str, &[&str])] = &[
    ("terraform", &[]),
    ("required_providers", &[]),
    ("provider", &["name"]),
    ("variable", &["name"]),
    ("locals", &[]),
    ("output", &["name"]),
    ("module", &["name"]),
    ("resource", &["type", "name"]),
    ("data", &["type", "name"]),
    ("ephemeral", &["type", "name"]),
    ("moved", &[]),
    ("removed", &[]),
    ("import", &[]),
    ("check", &["name"]),
];

/// Terraform's summary and detail for a `required_providers` block at a file's top level.
pub(crate) const MISPLACED_REQUIRED_PROVIDERS: (&str, &str) = (
    "Invalid required_providers block",
    "A \"required_providers\" block must be nested inside a \"terraform\" block.",
);

/// The names of the top-level block types, in the schema's order.
pub(crate) fn top_level_block_types() -> Vec<&'static str> {
    TOP_LEVEL_BLOCKS.iter().map(|(kind, _)| *kind).collect()
}

/// Reads one `.tf` file into `decls`, reporting problems to `cx`. After syntax errors, what
/// the parser could read is still read, as Terraform does, so that its other problems are
/// reported too.
///
/// A large file is cut into up to `workers` parts between its top-level blocks
/// ([`tfvars_hcl::body_cuts`]), each parsed and read on a thread of its own; what they
/// declare and their problems are then joined in file order, so that the result is the same
/// as reading the whole file on one thread (each block is read on its own: nothing read from
/// one block changes how another one reads). When a part does not parse on its own (a cut
/// inside a block, a syntax error), the whole file is read on one thread.
pub(crate) fn read(cx: &mut FileCx, decls: &mut FileDecls, workers: usize) {
    let file = cx.file;
    if workers > 1 && file.text.len() >= SPLIT_FILE_BYTES {
        let cuts = tfvars_hcl::body_cuts(&file.text, workers);
        let parts: Vec<Range<usize>> = cuts.windows(2).map(|w| w[0]..w[1]).collect();
        let is_override = cx.is_override;
        if parts.len() > 1 {
            let reads = crate::parallel::map(&parts, |part| read_part(file, is_override, part));
            if let Some(reads) = reads.into_iter().collect::<Option<Vec<_>>>() {
                let (top_levels, reads): (Vec<_>, Vec<_>) = reads.into_iter().unzip();
                top_levels.into_iter().for_each(|p| cx.problems.extend(p));
                for read in reads {
                    cx.problems.extend(read.problems);
                    decls.append(read.decls);
                }
                return;
            }
        }
    }
    let arena = tfvars_hcl::Arena::for_text(file.text.len());
    let parsed = tfvars_hcl::parse_body(&arena, &file.text, &file.name);
    for d in parsed.diagnostics {
        cx.problem(Some(d.span.range()), &d.summary, &d.detail);
    }
    check_top_level(cx, &parsed.value);
    let mut constraints = ConstraintCache::default();
    reserve_variables(decls, &parsed.value);
    for block in parsed.value.blocks() {
        read_block(cx, block, decls, &mut constraints);
    }
}

/// The part `range` of a file, parsed on its own and read: the problems of its top level
/// ([`check_top_level`]) and what its blocks declare. `None` when the part does not parse on
/// its own ([`tfvars_hcl::parse_body_part`]).
fn read_part(
    file: &SourceFile,
    is_override: bool,
    range: &Range<usize>,
) -> Option<(Vec<Problem>, FileRead)> {
    let arena = tfvars_hcl::Arena::for_text(range.len());
    let body = tfvars_hcl::parse_body_part(&arena, &file.text, &file.name, range.clone())?;
    let top_level = FileRead::of(file, is_override, |cx, _| check_top_level(cx, &body)).problems;
    let mut constraints = ConstraintCache::default();
    let read = FileRead::of(file, is_override, |cx, decls| {
        reserve_variables(decls, &body);
        for block in body.blocks() {
            read_block(cx, block, decls, &mut constraints);
        }
    });
    Some((top_level, read))
}

/// Room in `decls` for a variable per `variable` block of `body`: a declaration is large, and
/// a module of hundreds would otherwise be copied each time the list grows.
fn reserve_variables(decls: &mut FileDecls, body: &Body) {
    decls
        .variables
        .reserve(body.blocks().filter(|b| b.kind == "variable").count());
}

/// The smallest file whose blocks are read on several threads: below it, the threads cost
/// about what they save.
pub(crate) const SPLIT_FILE_BYTES: usize = 128 * 1024;

/// Reads a `variable` or `locals` block into `decls`; other blocks declare nothing here.
fn read_block<'s>(
    cx: &mut FileCx<'s, '_>,
    block: &Block,
    decls: &mut FileDecls,
    constraints: &mut ConstraintCache<'s>,
) {
    // A block whose labels do not fit its type is reported by [`check_top_level`] and, as
    // in Terraform, not read.
    if labels_of(block.kind).is_some_and(|names| names.len() != block.labels.len()) {
        return;
    }
    match block.kind {
        "variable" => variable(cx, decls, block, constraints),
        "locals" => locals(cx, decls, block),
        _ => {}
    }
}

/// Whether `block`'s body sets the argument `name`.
fn sets(block: &Block, name: &str) -> bool {
    block.body.attributes().any(|a| a.name == name)
}

/// The label names of a top-level block type, `None` for a type Terraform does not know.
pub(crate) fn labels_of(kind: &str) -> Option<&'static [&'static str]> {
    TOP_LEVEL_BLOCKS
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, labels)| *labels)
}

/// Checks a file's top level against Terraform's schema for it, as Terraform does before
/// reading any block: no arguments, only the block types it knows, each with its number of
/// labels, and no `required_providers` outside a `terraform` block. Without this a misspelt
/// `variabl "x" {}` would leave the variable out without a word.
fn check_top_level(cx: &mut FileCx, body: &Body) {
    for item in body.items {
        match item {
            Structure::Attribute(attr) => cx.problem(
                span(attr.name_span),
                "Unsupported argument",
                &unsupported_argument(attr.name, &[], |_| false, &top_level_block_types()),
            ),
            Structure::Block(block) => match labels_of(block.kind) {
                None => cx.problem(
                    span(block.kind_span),
                    "Unsupported block type",
                    &unsupported_block(block.kind, &top_level_block_types(), &[]),
                ),
                Some(names) if !check_labels(cx, block, names) => {}
                Some(_) if block.kind == "required_providers" => {
                    let (summary, detail) = MISPLACED_REQUIRED_PROVIDERS;
                    cx.problem(span(block.kind_span), summary, detail);
                }
                Some(_) => {}
            },
        }
    }
}

/// Whether `block` has as many labels as `names`; if not, reports it in HCL's words (an extra
/// label where the first extra one is, a missing one at the `{`).
fn check_labels(cx: &mut FileCx, block: &Block, names: &[&str]) -> bool {
    let kind = block.kind;
    let count = names.len();
    if let Some(extra) = block.labels.get(count) {
        let detail = if count == 0 {
            format!("No labels are expected for {kind} blocks.")
        } else {
            format!(
                "Only {count} labels ({}) are expected for {kind} blocks.",
                names.join(", ")
            )
        };
        cx.problem(
            span(extra.span),
            &format!("Extraneous label for {kind}"),
            &detail,
        );
        return false;
    }
    if let Some(missing) = names.get(block.labels.len()) {
        cx.problem(
            open_brace(block),
            &format!("Missing {missing} for {kind}"),
            &format!(
                "All {kind} blocks must have {count} labels ({}).",
                names.join(", ")
            ),
        );
        return false;
    }
    true
}

fn span(s: Span) -> Option<Range<usize>> {
    Some(s.range())
}

/// The span of a block's `{`, where Terraform reports what the body lacks.
fn open_brace(block: &Block) -> Option<Range<usize>> {
    span(block.open_brace)
}

fn variable<'s>(
    cx: &mut FileCx<'s, '_>,
    decls: &mut FileDecls,
    block: &Block,
    constraints: &mut ConstraintCache<'s>,
) {
    let header = span(block.kind_span);
    // One label: [`read_block`] reads no block whose labels do not fit.
    let name = block.labels[0].value.to_string();
    let label_span = span(block.labels[0].span);
    check_variable_name(cx, &name, label_span.clone());

    let mut spec = VariableSpec {
        name: name.clone(),
        ty: Type::Any,
        typed: false,
        default: None,
        description: None,
        sensitive: false,
        nullable: true,
        nullable_set: false,
        ephemeral: false,
        validations: Vec::new(),
        location: cx.file.location_of(header.clone()),
    };

    let mut raw_default = None;
    let mut default_span = None;
    let mut type_ok = true;
    let mut set = Vec::new();
    for attr in block.body.attributes() {
        let key = attr.name;
        if !VARIABLE_ARGS.contains(&key) {
            cx.problem(
                span(attr.name_span),
                "Unsupported argument",
                &unsupported_argument(key, VARIABLE_ARGS, |a| sets(block, a), &["validation"]),
            );
            continue;
        }
        if attr.syntax_error {
            // Reported with the file's syntax errors; nothing more to say about it.
            type_ok &= key != "type";
            set.push(key);
            continue;
        }
        match key {
            "type" => match parse_type_constraint_cached(&attr.expr, Some(cx.file), constraints) {
                Ok(ty) => {
                    spec.ty = ty;
                    spec.typed = true;
                }
                Err(errs) => {
                    type_ok = false;
                    cx.lower_errors(errs, None);
                }
            },
            "default" => {
                default_span = span(attr.expr.span);
                raw_default = constant(cx, attr);
            }
            "description" => {
                if let Some(Value::String(s)) = constant_arg(cx, attr, &Type::String) {
                    spec.description = Some(s);
                }
            }
            "sensitive" => spec.sensitive = bool_arg(cx, attr).unwrap_or(false),
            "ephemeral" => spec.ephemeral = bool_arg(cx, attr).unwrap_or(false),
            "nullable" => {
                spec.nullable_set = true;
                spec.nullable = bool_arg(cx, attr).unwrap_or(true);
            }
            _ => unreachable!("checked against VARIABLE_ARGS"),
        }
        set.push(key);
    }

    for inner in block.body.blocks() {
        if inner.kind != "validation" {
            cx.problem(
                span(inner.kind_span),
                "Unsupported block type",
                &unsupported_block(inner.kind, &["validation"], VARIABLE_ARGS),
            );
            continue;
        }
        if cx.is_override {
            cx.problem(
                span(inner.kind_span),
                "Can't override validation blocks",
                "Override files cannot override \"validation\" blocks.",
            );
            continue;
        }
        if let Some(v) = validation(cx, decls, &name, inner) {
            spec.validations.push(v);
        }
    }
    let declared = Declared {
        spec,
        raw_default,
        default_at: default_span.map(|s| cx.spot(Some(s))),
        type_ok,
        description_set: set.contains(&"description"),
        type_set: set.contains(&"type"),
        sensitive_set: set.contains(&"sensitive"),
        ephemeral_set: set.contains(&"ephemeral"),
        overridden: None,
        converted: None,
        header: cx.spot(header),
        declared_at: cx
            .file
            .range_text(block.kind_span.start as usize..block.labels[0].span.end as usize),
    };
    decls.variables.push(declared);
}

/// The value of a constant argument (a `default`), every problem reported; after refused
/// references or calls, the value Terraform goes on to convert, the refused parts unknown
/// (`[upper(x)]` for an object type is then reported as not an object).
fn constant(cx: &mut FileCx, attr: &Attribute) -> Option<Value> {
    match evaluate_constant_in(&attr.expr, Some(cx.file)) {
        Ok(v) => Some(v),
        // Evaluation errors keep the evaluator's wording (`Invalid operand`, …), each where
        // Terraform points.
        Err(ConstantError::Evaluation(err)) => {
            for located in constant_errors(&attr.expr, err) {
                cx.problem(located.span, &located.summary, &located.detail);
            }
            None
        }
        Err(ConstantError::Lowering(errors, recovered)) => {
            cx.lower_errors(errors, None);
            recovered
        }
    }
}

/// A constant argument converted to `ty`. A value that does not fit is reported where the
/// expression visibly starts, as Terraform's decoding reports it (inside the quotes of a
/// quoted string).
///
/// A reference or function call is refused, and, as in Terraform, the value is decoded all
/// the same with each refused part unknown: a value that comes out unknown is reported too
/// (`value must be known`), and so is one of the wrong type (`[var.x]` for a string).
fn constant_arg(cx: &mut FileCx, attr: &Attribute, ty: &Type) -> Option<Value> {
    let value = match evaluate_constant(&attr.expr) {
        Ok(v) => convert_value(v, ty),
        Err(ConstantError::Evaluation(err)) => Err(err.detail),
        Err(ConstantError::Lowering(errors, recovered)) => {
            cx.lower_errors(errors, None);
            match convert_value(recovered?, ty) {
                Ok(v) if v.is_unknown() => Err("value must be known".to_string()),
                Ok(v) if v.is_null() => Ok(v),
                Ok(_) => return None,
                Err(detail) => Err(detail),
            }
        }
    };
    let problem = match value {
        Ok(v) if v.is_null() => "Unsuitable value: value must not be null".to_string(),
        Ok(v) => return Some(v),
        Err(detail) => format!("Unsuitable value: {detail}"),
    };
    cx.problem(
        span(start_range(&attr.expr)),
        "Unsuitable value type",
        &problem,
    );
    None
}

fn bool_arg(cx: &mut FileCx, attr: &Attribute) -> Option<bool> {
    match constant_arg(cx, attr, &Type::Bool)? {
        Value::Bool(b) => Some(b),
        _ => None,
    }
}

fn validation(
    cx: &mut FileCx,
    decls: &mut FileDecls,
    variable: &str,
    block: &Block,
) -> Option<ValidationSpec> {
    let location = cx.file.location_of(span(block.kind_span));
    // A labelled validation block is reported and, as in Terraform, not read.
    if !check_labels(cx, block, &[]) {
        return None;
    }
    for inner in block.body.blocks() {
        cx.problem(
            span(inner.kind_span),
            "Unsupported block type",
            &unsupported_block(inner.kind, &[], VALIDATION_ARGS),
        );
    }
    let mut condition = None;
    let mut message = None;
    for attr in block.body.attributes() {
        match attr.name {
            "condition" => condition = Some(attr),
            "error_message" => message = Some(attr),
            other => cx.problem(
                span(attr.name_span),
                "Unsupported argument",
                &unsupported_argument(other, VALIDATION_ARGS, |a| sets(block, a), &[]),
            ),
        }
    }
    for (missing, name) in [
        (condition.is_none(), "condition"),
        (message.is_none(), "error_message"),
    ] {
        if missing {
            cx.problem(
                open_brace(block),
                "Missing required argument",
                &format!("The argument \"{name}\" is required, but no definition was found."),
            );
        }
    }
    let cond = full_expr(cx, condition?)?;
    check_condition(cx, variable, &cond, span(condition?.expr.span));
    let msg = full_expr(cx, message?)?;
    for (attr, expr) in [(condition?, &cond), (message?, &msg)] {
        decls.references.push(RefSite::new(
            expr,
            source_text(cx, &attr.expr),
            cx.file.location(attr.expr.span.start as usize),
        ));
    }
    Some(ValidationSpec {
        condition: cond,
        error_message: msg,
        condition_source: source_text(cx, &condition?.expr),
        error_message_source: source_text(cx, &message?.expr),
        location,
    })
}

/// A lowered expression of the full language; `None` after a reported problem (syntax errors
/// inside it were reported with the file's).
fn full_expr(cx: &mut FileCx, attr: &Attribute) -> Option<Expr> {
    if attr.syntax_error {
        return None;
    }
    match lower_expr(&attr.expr, Some(cx.file)) {
        Ok(x) => Some(x),
        Err(err) => {
            cx.lower_errors(vec![err], None);
            None
        }
    }
}

fn source_text(cx: &FileCx, e: &Hcl) -> String {
    cx.file.snippet(e.span.range()).trim().to_string()
}

fn locals(cx: &mut FileCx, decls: &mut FileDecls, block: &Block) {
    // A `locals` body is read as attributes only: HCL reports the first block in it, and
    // reads the attributes all the same.
    if let Some(inner) = block.body.blocks().next() {
        cx.problem(
            span(inner.kind_span),
            &format!("Unexpected \"{}\" block", inner.kind),
            "Blocks are not allowed here.",
        );
    }
    for attr in block.body.attributes() {
        let Some(expr) = full_expr(cx, attr) else {
            continue;
        };
        decls.references.push(RefSite::new(
            &expr,
            source_text(cx, &attr.expr),
            cx.file.location(attr.expr.span.start as usize),
        ));
        let local = LocalSpec {
            name: attr.name.to_string(),
            expr,
            location: cx.file.location(attr.name_span.start as usize),
        };
        let declared_at = cx
            .file
            .range_text(attr.name_span.start as usize..attr.expr.span.end as usize);
        decls
            .locals
            .push((local, span(attr.name_span), declared_at));
    }
}
