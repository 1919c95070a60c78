//! `variable` and `locals` blocks of a native-syntax `.tf` file. Everything else a module holds
//! (resources, outputs, providers, …) is parsed and left alone.

use hcl_edit::expr::Expression;
use hcl_edit::structure::{Attribute, Block, BlockLabel};
use hcl_edit::Span;
use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::{Expr, Type, ValidationSpec, Value, VariableSpec};

use crate::loader::{
    check_condition, check_variable_name, constant_value, Declared, FileCx, FileDecls, RefSite,
};
use crate::lower::{locate_constant_error, lower_constant_in, lower_expr_in};
use crate::source::SourceFile;
use crate::type_expr::{parse_type_constraint_cached, DefaultCache};

mod parts;

pub(crate) use parts::{parts, MIN_PART};

const VARIABLE_ARGS: &[&str] = &[
    "description",
    "default",
    "type",
    "sensitive",
    "nullable",
    "ephemeral",
];

/// Reads one `.tf` file into `decls`, reporting problems to `cx`.
pub(crate) fn read(cx: &mut FileCx, decls: &mut FileDecls) {
    let body = match crate::lower::parse_body_exact(&cx.file.text) {
        Ok(b) => b,
        Err(e) => {
            for (span, summary, detail) in syntax_errors(cx.file, &e) {
                cx.problem(Some(span), &summary, &detail);
            }
            return;
        }
    };
    // HCL recovers from these, and Terraform goes on to report the file's other problems.
    for p in crate::lower::syntax_problems(&body, &cx.file.text, &cx.file.name) {
        cx.problem(Some(p.span), p.summary, &p.detail);
    }
    read_body(cx, &body, decls);
}

/// Reads the bytes `part` of a `.tf` file, one of the [`parts`] it splits into, into `decls`,
/// as [`read`] reads the whole file; returns the names of the part's top-level attributes.
/// `None` when the part does not parse on its own or has a syntax problem, for which the file
/// is read whole instead (only then are syntax errors worded and placed as in one file).
pub(crate) fn read_part(
    cx: &mut FileCx,
    part: std::ops::Range<usize>,
    decls: &mut FileDecls,
) -> Option<Vec<String>> {
    let text = &cx.file.text;
    // The part keeps its offsets: what comes before it is blanked out rather than cut off. The
    // blank is one comment, which the parser skips with one search for its end; whitespace it
    // would step through a character at a time.
    let padded;
    let source = if part.start == 0 {
        text.get(part)?
    } else {
        padded = blanked(part.start, text.get(part)?);
        &padded
    };
    let body = crate::lower::parse_body_exact(source).ok()?;
    if !crate::lower::syntax_problems(&body, text, &cx.file.name).is_empty() {
        return None;
    }
    read_body(cx, &body, decls);
    Some(
        body.attributes()
            .map(|a| a.key.value().as_str().to_string())
            .collect(),
    )
}

/// `text` preceded by `width` bytes that parse as nothing: a block comment when there is room
/// for one, spaces otherwise.
fn blanked(width: usize, text: &str) -> String {
    let mut bytes = Vec::with_capacity(width + text.len());
    if width >= 4 {
        bytes.extend_from_slice(b"/*");
        bytes.resize(width - 2, b' ');
        bytes.extend_from_slice(b"*/");
    } else {
        bytes.resize(width, b' ');
    }
    bytes.extend_from_slice(text.as_bytes());
    String::from_utf8(bytes).expect("ASCII followed by a str is UTF-8")
}

fn read_body(cx: &mut FileCx, body: &hcl_edit::structure::Body, decls: &mut FileDecls) {
    let mut defaults = DefaultCache::default();
    for block in body.blocks() {
        match block.ident.value().as_str() {
            "variable" => variable(cx, decls, block, &mut defaults),
            "locals" => locals(cx, decls, block),
            _ => {}
        }
    }
}

/// A problem in a file's syntax: where, Terraform's summary and detail.
pub(crate) type SyntaxError = (std::ops::Range<usize>, String, String);

/// Parses a native-syntax `.tfvars` file, with every syntax problem HCL reports that hcl-edit
/// lets through (see [`crate::lower::syntax_problems`]).
pub(crate) fn parse(file: &SourceFile) -> Result<hcl_edit::structure::Body, Vec<SyntaxError>> {
    let body = crate::lower::parse_body_exact(&file.text).map_err(|e| syntax_errors(file, &e))?;
    let problems = crate::lower::syntax_problems(&body, &file.text, &file.name);
    if problems.is_empty() {
        return Ok(body);
    }
    Err(problems
        .into_iter()
        .map(|p| (p.span, p.summary.to_string(), p.detail))
        .collect())
}

/// Words an hcl-edit parse error as Terraform does. hcl-edit stops at the first error and
/// says where; HCL's scanner and parser give each kind of problem its own words, and report a
/// bad character besides the parse error it causes.
pub(crate) fn syntax_errors(file: &SourceFile, e: &hcl_edit::parser::Error) -> Vec<SyntaxError> {
    let text = file.text.as_str();
    // hcl-edit may report a byte inside a character (`a Odéé` fails at the second byte of
    // the first `é`): the error is at that character.
    let mut offset = e.location().offset().min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let message = e.message().replace('\n', " ");
    let err = |span: std::ops::Range<usize>, summary: &str, detail: &str| {
        (span, summary.to_string(), detail.to_string())
    };
    let at = |o: usize| o..text[o..].chars().next().map_or(o, |c| o + c.len_utf8());

    // hcl-edit's guards against recursing too deep, at the first level or operator past them.
    if message.starts_with("invalid nesting depth") {
        return vec![err(
            at(offset),
            "Expression too deeply nested",
            "expressions, templates and blocks may nest at most 64 levels deep",
        )];
    }
    if message.starts_with("invalid binary operation") {
        return vec![err(
            at(offset),
            "Expression too deeply nested",
            "expressions may chain at most 128 binary operators",
        )];
    }
    // A quoted string cut by a line break: hcl-edit may stop anywhere after it.
    let found = crate::lower::scan(text);
    if let Some(&first) = found.quoted_line_breaks.first() {
        let mut out: Vec<SyntaxError> = found
            .quoted_line_breaks
            .iter()
            .map(|&o| err(at(o), "Invalid multi-line string", crate::lower::MULTI_LINE))
            .collect();
        out.push(err(
            at(first),
            "Unterminated template string",
            "No closing marker was found for the string.",
        ));
        return out;
    }
    if message.contains("redefined attribute") {
        return vec![attribute_redefined(file, offset)];
    }
    if let Some(unbalanced) = unbalanced_directives(file, &found.quoted_directives) {
        return vec![unbalanced];
    }
    if message.contains("redefined object key") {
        // Only when no stand-in could be found for the key (see `parse_body_exact`).
        return vec![err(
            offset..offset,
            "Duplicate object key",
            "Object constructor map keys must be unique.",
        )];
    }
    let before = text[..offset].trim_end();
    // `{ for = 1 }`: HCL starts a `for` expression at a leading `for` and wants a name next.
    let after_for = before
        .strip_suffix("for")
        .is_some_and(|b| b.trim_end().ends_with(['{', '[']));
    if message.starts_with("expected identifier") && after_for {
        return vec![err(
            at(offset),
            "Invalid 'for' expression",
            "For expression requires variable name after 'for'.",
        )];
    }
    if message.starts_with("invalid escape sequence") || message.starts_with("invalid unicode") {
        let slash = text[..offset.min(text.len())].rfind('\\').unwrap_or(offset);
        let detail = match text[slash..].chars().nth(1) {
            Some('u') => {
                "The \\u escape sequence must be followed by four hexadecimal digits.".to_string()
            }
            Some('U') => {
                "The \\U escape sequence must be followed by eight hexadecimal digits.".to_string()
            }
            Some(c) => format!("The symbol \"{c}\" is not a valid escape sequence selector."),
            None => "The symbol \"\\\" is not a valid escape sequence selector.".to_string(),
        };
        return vec![(slash..offset, "Invalid escape sequence".into(), detail)];
    }
    if message.starts_with("expected heredoc end delimiter") {
        return vec![err(
            text.len()..text.len(),
            "Unterminated template string",
            "No closing marker was found for the string.",
        )];
    }
    if let Some(&o) = found.missing_attribute_names.first() {
        if message == "unexpected token" || message.starts_with("expected newline") {
            return vec![err(
                at(o),
                "Invalid attribute name",
                "An attribute name is required after a dot.",
            )];
        }
    }
    // The start of the token hcl-edit stopped after.
    let token_start = {
        let head = &text[..offset];
        let trimmed = head.trim_end_matches(|c: char| !c.is_whitespace());
        if head.ends_with(char::is_whitespace) {
            offset
        } else {
            trimmed.len()
        }
    };
    if message.starts_with("invalid object value assignment") {
        return vec![err(
            at(token_start),
            "Missing key/value separator",
            "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
        )];
    }
    if message.starts_with("expected `=>`") {
        return vec![err(
            at(token_start),
            "Invalid 'for' expression",
            "Key expression is required when building an object.",
        )];
    }
    // `1e`: the number ends before the `e`, which starts a name.
    if message.starts_with("expected digit") && before.ends_with(['e', 'E']) {
        let e_at = before.len() - 1;
        return vec![err(
            at(e_at),
            "Missing newline after argument",
            "An argument definition must end with a newline.",
        )];
    }
    // A lone `&` or `|`: hcl-edit may report it from the start of the argument.
    if message == "unexpected token" {
        if let Some(&o) = found.bitwise_operators.first() {
            let mut out: Vec<SyntaxError> = bad_character(text, o).into_iter().collect();
            let after_value = text[..o].trim_end().ends_with(|p: char| {
                p.is_alphanumeric() || matches!(p, '_' | ')' | ']' | '}' | '"')
            });
            out.push(if after_value {
                err(
                    at(o),
                    "Missing newline after argument",
                    "An argument definition must end with a newline.",
                )
            } else {
                err(
                    at(o),
                    "Invalid expression",
                    "Expected the start of an expression, but found an invalid expression token.",
                )
            });
            return out;
        }
    }
    let mut out = Vec::new();
    if let Some(bad) = bad_character(text, offset) {
        out.push(bad);
    }
    if message.starts_with("expected newline or eof") {
        out.push(err(
            at(offset),
            "Missing newline after argument",
            "An argument definition must end with a newline.",
        ));
        return out;
    }
    if message.starts_with("invalid expression") {
        out.push(err(
            at(offset),
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
        ));
        return out;
    }
    // What was left open or unseparated; HCL points at the next token, or the file's end.
    let at_end = text[offset..].trim().is_empty();
    let next = if at_end {
        text.len()..text.len()
    } else {
        at(offset)
    };
    let separator = |summary: &str, detail: &str| vec![err(next.clone(), summary, detail)];
    // Left open to the end of the file.
    let innermost = found.unclosed.last().copied();
    if message.starts_with("expected `)` or expression") && at_end {
        if let Some(open) = innermost.filter(|&o| text.as_bytes()[o] == b'(') {
            let name = text[..open]
                .trim_end_matches(|c: char| c.is_alphanumeric() || matches!(c, '_' | '-' | ':'))
                .len();
            return vec![err(
                name..open + 1,
                "Unterminated function call",
                "There is no closing parenthesis for this function call before the end of the \
                 file. This may be caused by incorrect parenthesis nesting elsewhere in this \
                 file.",
            )];
        }
    }
    if message.starts_with("expected `]`") && at_end {
        if let Some(open) = innermost.filter(|&o| text.as_bytes()[o] == b'[') {
            return vec![err(
                at(open),
                "Unterminated tuple constructor expression",
                "There is no corresponding closing bracket before the end of the file. This may \
                 be caused by incorrect bracket nesting elsewhere in this file.",
            )];
        }
    }
    if message.starts_with("expected `)` or expression") && !at_end {
        return separator(
            "Missing argument separator",
            "A comma is required to separate each function argument from the next.",
        );
    }
    if message.starts_with("expected `]`") && !at_end {
        return separator(
            "Missing item separator",
            "Expected a comma to mark the beginning of the next item.",
        );
    }
    if message.starts_with("invalid object item") && !at_end {
        return separator(
            "Missing attribute separator",
            "Expected a newline or comma to mark the beginning of the next attribute.",
        );
    }
    if message == "expected `)`" {
        return separator(
            "Unbalanced parentheses",
            "Expected a closing parenthesis to terminate the expression.",
        );
    }
    if message.starts_with("expected `{`") {
        return vec![err(
            at(offset),
            "Invalid block definition",
            "A block definition must have block content delimited by \"{\" and \"}\", \
             starting on the same line as the block header.",
        )];
    }
    // Something other than a name where an argument or block starts (e.g. JSON in a `.tf`
    // or `.tfvars` file), or a name with nothing after it.
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let at_item_start = text[line_start..offset].trim().is_empty();
    let starts_name = text[offset..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_');
    if message == "unexpected token" && at_item_start && !starts_name {
        // `"a" = 1`
        let quoted_name = text[offset..].strip_prefix('"').and_then(|r| {
            let end = r.find(['"', '\n'])?;
            r[end..].strip_prefix('"')
        });
        if quoted_name.is_some_and(|r| r.trim_start().starts_with('=')) {
            return vec![err(
                at(offset),
                "Invalid argument name",
                "Argument names must not be quoted.",
            )];
        }
        out.push(err(
            at(offset),
            "Argument or block definition required",
            "An argument or block definition is required here.",
        ));
        return out;
    }
    if message.starts_with("invalid structure") {
        // A name alone on its line.
        let name_start = before
            .char_indices()
            .rfind(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        return vec![err(
            at(name_start),
            "Argument or block definition required",
            "An argument or block definition is required here. To set an argument, use the \
             equals sign \"=\" to introduce the argument value.",
        )];
    }
    out.push(err(offset..offset, "Invalid HCL syntax", &message));
    out
}

/// The first quoted template whose `%{…}` directives do not pair up, as HCL's template parser
/// reports it: an end or `else` with nothing open, or a directive still open at the closing
/// quote.
fn unbalanced_directives(
    file: &SourceFile,
    quoted: &[crate::lower::QuotedDirectives],
) -> Option<SyntaxError> {
    let range_text = |range: &std::ops::Range<usize>| {
        let (line, col) = file.line_col(range.start);
        let (end_line, end_col) = file.line_col(range.end);
        let end = if end_line == line {
            end_col.to_string()
        } else {
            format!("{end_line},{end_col}")
        };
        format!("{}:{line},{col}-{end}", file.name)
    };
    for q in quoted {
        let mut open: Vec<&(String, std::ops::Range<usize>)> = Vec::new();
        for d in &q.directives {
            match d.0.as_str() {
                "if" | "for" => open.push(d),
                "else" if open.last().is_some_and(|o| o.0 == "if") => {}
                "endif" if open.last().is_some_and(|o| o.0 == "if") => {
                    open.pop();
                }
                "endfor" if open.last().is_some_and(|o| o.0 == "for") => {
                    open.pop();
                }
                kind @ ("else" | "endif" | "endfor") if open.is_empty() => {
                    return Some((
                        d.1.clone(),
                        format!("Unexpected {kind} directive"),
                        "The control directives within this template are unbalanced.".into(),
                    ));
                }
                kind @ ("else" | "endif" | "endfor") => {
                    let (open_kind, open_range) = open.last()?;
                    let detail = if open_kind == "for" {
                        format!(
                            "Expecting an endfor directive corresponding to the for directive at \
                             {}.",
                            range_text(open_range)
                        )
                    } else {
                        format!(
                            "Expecting an endif directive for the if started at {}.",
                            range_text(open_range)
                        )
                    };
                    return Some((d.1.clone(), format!("Unexpected {kind} directive"), detail));
                }
                // Something else: left to the parser's own message.
                _ => return None,
            }
        }
        if let Some((kind, range)) = open.last() {
            return Some((
                q.close..q.close + 1,
                "Unexpected end of template".into(),
                format!(
                    "The {kind} directive at {} is missing its corresponding end{kind} directive.",
                    range_text(range)
                ),
            ));
        }
    }
    None
}

/// HCL's scanner rejects some characters wherever they are; hcl-edit stops on them.
fn bad_character(text: &str, offset: usize) -> Option<SyntaxError> {
    let c = text[offset..].chars().next()?;
    let (summary, detail) = match c {
        ';' => (
            "Invalid character",
            "The \";\" character is not valid. Use newlines to separate arguments and blocks, \
             and commas to separate items in collection values.",
        ),
        '`' => (
            "Invalid character",
            "The \"`\" character is not valid. To create a multi-line string, use the \
             \"heredoc\" syntax, like \"<<EOT\".",
        ),
        '\'' => (
            "Invalid character",
            "Single quotes are not valid. Use double quotes (\") to enclose strings.",
        ),
        '&' => (
            "Unsupported operator",
            "Bitwise operators are not supported. Did you mean boolean AND (\"&&\")?",
        ),
        '|' => (
            "Unsupported operator",
            "Bitwise operators are not supported. Did you mean boolean OR (\"||\")?",
        ),
        '~' => (
            "Unsupported operator",
            "Bitwise operators are not supported. Did you mean boolean NOT (\"!\")?",
        ),
        '^' => (
            "Unsupported operator",
            "Bitwise operators are not supported.",
        ),
        '@' | '$' => (
            "Invalid character",
            "This character is not used within the language.",
        ),
        _ => return None,
    };
    Some((
        offset..offset + c.len_utf8(),
        summary.to_string(),
        detail.to_string(),
    ))
}

/// Terraform's «Attribute redefined» for the attribute whose second definition starts at
/// `offset`, naming the first one's range as HCL does (`x.tfvars:1,1-2`).
fn attribute_redefined(file: &SourceFile, offset: usize) -> SyntaxError {
    let name: String = file.text[offset..]
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    let first = find_attribute(&file.text[..offset], &name)
        .map(|o| {
            let (line, col) = file.line_col(o);
            let (end_line, end_col) = file.line_col(o + name.len());
            let end = if end_line == line {
                end_col.to_string()
            } else {
                format!("{end_line},{end_col}")
            };
            format!(" at {}:{line},{col}-{end}", file.name)
        })
        .unwrap_or_default();
    (
        offset..offset + name.len(),
        "Attribute redefined".into(),
        format!(
            "The argument \"{name}\" was already set{first}. Each argument may be set only once."
        ),
    )
}

/// The offset of the last line before `text`'s end that starts with `name =` (the first
/// definition of an attribute that the parser found set twice).
fn find_attribute(text: &str, name: &str) -> Option<usize> {
    let mut found = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix(name) {
            if rest.trim_start().starts_with('=') && !rest.trim_start().starts_with("==") {
                found = Some(offset + (line.len() - trimmed.len()));
            }
        }
        offset += line.len();
    }
    found
}

/// The span of a block's `{`, where Terraform reports what the body lacks.
fn open_brace(cx: &FileCx, block: &Block) -> Option<std::ops::Range<usize>> {
    let after = block
        .labels
        .last()
        .and_then(|l| l.span())
        .or(block.ident.span())?
        .end;
    let i = after + cx.file.text.get(after..)?.find('{')?;
    Some(i..i + 1)
}

fn label_text(label: &BlockLabel) -> &str {
    label.as_str()
}

fn variable<'s>(
    cx: &mut FileCx<'s>,
    decls: &mut FileDecls,
    block: &Block,
    defaults: &mut DefaultCache<'s>,
) {
    let header = block.ident.span();
    let name = match block.labels.as_slice() {
        [label] => label_text(label).to_string(),
        [] => {
            cx.problem(
                open_brace(cx, block),
                "Missing name for variable",
                "All variable blocks must have 1 labels (name).",
            );
            return;
        }
        [_, extra, ..] => {
            cx.problem(
                extra.span(),
                "Extraneous label for variable",
                "Only 1 labels (name) are expected for variable blocks.",
            );
            return;
        }
    };
    let label_span = block.labels[0].span();
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
        let key = attr.key.value().as_str();
        if !VARIABLE_ARGS.contains(&key) {
            cx.problem(
                attr.key.span(),
                "Unsupported argument",
                &format!("An argument named \"{key}\" is not expected here."),
            );
            continue;
        }
        match key {
            "type" => {
                match parse_type_constraint_cached(&attr.value, Some(&cx.file.text), defaults) {
                    Ok(ty) => {
                        spec.ty = ty;
                        spec.typed = true;
                    }
                    Err(errs) => {
                        type_ok = false;
                        cx.lower_errors(errs, None);
                    }
                }
            }
            "default" => {
                default_span = attr.value.span();
                match lower_constant_in(&attr.value, Some(&cx.file.text)) {
                    // Evaluation errors keep the evaluator's wording (`Invalid operand`, …).
                    Ok(e) => match tfvars_runtime::eval::eval_constant(&e) {
                        Ok(v) => raw_default = Some(v),
                        Err(err) => {
                            for located in
                                locate_constant_error(&attr.value, Some(&cx.file.text), &err)
                            {
                                cx.problem(located.span, &located.summary, &located.detail);
                            }
                        }
                    },
                    Err(errs) => cx.lower_errors(errs, None),
                }
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
        if inner.ident.value().as_str() != "validation" {
            cx.problem(
                inner.ident.span(),
                "Unsupported block type",
                &format!(
                    "Blocks of type \"{}\" are not expected here.",
                    inner.ident.value().as_str()
                ),
            );
            continue;
        }
        if cx.is_override {
            cx.problem(
                inner.ident.span(),
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
        header: cx.spot(header),
    };
    decls.variables.push(declared);
}

/// A constant argument converted to `ty`.
fn constant_arg(cx: &mut FileCx, attr: &Attribute, ty: &Type) -> Option<Value> {
    match lower_constant_in(&attr.value, Some(&cx.file.text)) {
        Ok(e) => match constant_value(&e, ty) {
            Ok(v) if v.is_null() => {
                cx.problem(
                    attr.value.span(),
                    "Unsuitable value type",
                    "Unsuitable value: value must not be null",
                );
                None
            }
            Ok(v) => Some(v),
            Err(detail) => {
                cx.problem(
                    attr.value.span(),
                    "Unsuitable value type",
                    &format!("Unsuitable value: {detail}"),
                );
                None
            }
        },
        Err(errs) => {
            cx.lower_errors(errs, None);
            None
        }
    }
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
    let location = cx.file.location_of(block.ident.span());
    if let Some(label) = block.labels.first() {
        cx.problem(
            label.span(),
            "Extraneous label for validation",
            "No labels are expected for validation blocks.",
        );
    }
    for inner in block.body.blocks() {
        cx.problem(
            inner.ident.span(),
            "Unsupported block type",
            &format!(
                "Blocks of type \"{}\" are not expected here.",
                inner.ident.value().as_str()
            ),
        );
    }
    let mut condition = None;
    let mut message = None;
    for attr in block.body.attributes() {
        match attr.key.value().as_str() {
            "condition" => condition = Some(attr),
            "error_message" => message = Some(attr),
            other => cx.problem(
                attr.key.span(),
                "Unsupported argument",
                &format!("An argument named \"{other}\" is not expected here."),
            ),
        }
    }
    for (missing, name) in [
        (condition.is_none(), "condition"),
        (message.is_none(), "error_message"),
    ] {
        if missing {
            cx.problem(
                open_brace(cx, block),
                "Missing required argument",
                &format!("The argument \"{name}\" is required, but no definition was found."),
            );
        }
    }
    let cond = full_expr(cx, &condition?.value)?;
    check_condition(cx, variable, &cond, condition?.value.span());
    let msg = full_expr(cx, &message?.value)?;
    for (attr, expr) in [(condition?, &cond), (message?, &msg)] {
        decls.references.push(RefSite {
            expr: expr.clone(),
            text: source_text(cx, &attr.value),
            start: cx.file.location_of(attr.value.span()),
        });
    }
    Some(ValidationSpec {
        condition: cond,
        error_message: msg,
        condition_source: source_text(cx, &condition?.value),
        error_message_source: source_text(cx, &message?.value),
        location,
    })
}

fn full_expr(cx: &mut FileCx, e: &Expression) -> Option<Expr> {
    match lower_expr_in(e, Some(&cx.file.text)) {
        Ok(x) => Some(x),
        Err(err) => {
            cx.lower_errors(vec![err], None);
            None
        }
    }
}

fn source_text(cx: &FileCx, e: &Expression) -> String {
    e.span()
        .map(|s| cx.file.snippet(s).trim().to_string())
        .unwrap_or_default()
}

fn locals(cx: &mut FileCx, decls: &mut FileDecls, block: &Block) {
    for inner in block.body.blocks() {
        cx.problem(
            inner.ident.span(),
            "Unsupported block type",
            &format!(
                "Blocks of type \"{}\" are not expected here.",
                inner.ident.value().as_str()
            ),
        );
    }
    for attr in block.body.attributes() {
        let Some(expr) = full_expr(cx, &attr.value) else {
            continue;
        };
        decls.references.push(RefSite {
            expr: expr.clone(),
            text: source_text(cx, &attr.value),
            start: cx.file.location_of(attr.value.span()),
        });
        let local = LocalSpec {
            name: attr.key.value().as_str().to_string(),
            expr,
            location: cx.file.location_of(attr.key.span()),
        };
        decls.locals.push((local, attr.key.span()));
    }
}
