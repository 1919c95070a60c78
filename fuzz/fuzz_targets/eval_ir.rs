//! Arbitrary expression trees, built directly in the runtime's IR (so every function of the
//! library meets every kind of argument, which text rarely reaches), evaluated in a scope with
//! a few variables and in the constant scope. Nothing may panic or hang.
#![no_main]

use std::collections::BTreeMap;
use std::sync::OnceLock;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use tfvars_fuzz::{arbitrary_number_text, arbitrary_value};
use tfvars_runtime::eval::{function_names, Scope};
use tfvars_runtime::expr::{BinaryOp, ForExpr, TemplatePart, UnaryOp};
use tfvars_runtime::{
    Expr, Location, ModuleSpec, Number, TerraformVersion, Type, Value, VariableSpec,
};

const VARS: &[&str] = &["s", "n", "l", "m", "a"];
const SYMBOLS: &[&str] = &["x", "k", "v"];
const ATTRS: &[&str] = &["a", "b", "name", "0", "x"];
const STRINGS: &[&str] = &[
    "",
    "a",
    "abc",
    "10.0.0.0/16",
    "192.168.1.1",
    "%s-%d",
    "^[a-z]+$",
    "(a|b)*c",
    "{\"a\":1}",
    "a,b,,c",
    " x ",
    "é",
    "e\u{301}",
    "🙂",
    "1.5",
    "true",
    "%",
    "${",
    "\\",
    "YWJj",
    "\n",
];
const BINARY: &[BinaryOp] = &[
    BinaryOp::Eq,
    BinaryOp::NotEq,
    BinaryOp::Less,
    BinaryOp::LessEq,
    BinaryOp::Greater,
    BinaryOp::GreaterEq,
    BinaryOp::Add,
    BinaryOp::Sub,
    BinaryOp::Mul,
    BinaryOp::Div,
    BinaryOp::Mod,
    BinaryOp::And,
    BinaryOp::Or,
];

fn names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(function_names)
}

fn pick<'a, T>(u: &mut Unstructured, items: &'a [T]) -> arbitrary::Result<&'a T> {
    Ok(&items[u.choose_index(items.len())?])
}

fn list(u: &mut Unstructured, depth: usize, max: usize) -> arbitrary::Result<Vec<Expr>> {
    let n = u.int_in_range(0..=max)?;
    (0..n).map(|_| expr(u, depth)).collect()
}

fn literal(u: &mut Unstructured) -> arbitrary::Result<Expr> {
    Ok(Expr::Literal(match u.int_in_range(0..=5)? {
        0 => Value::null(),
        1 => Value::Bool(u.arbitrary()?),
        2 => {
            let text = arbitrary_number_text(u)?;
            match text.parse::<Number>() {
                Ok(n) => Value::Number(n),
                Err(_) => Value::Number(Number::from(u.arbitrary::<i32>()?)),
            }
        }
        3 => Value::string(*pick(u, STRINGS)?),
        4 => Value::string(<&str>::arbitrary(u)?),
        _ => arbitrary_value(u, 2)?,
    }))
}

fn expr(u: &mut Unstructured, depth: usize) -> arbitrary::Result<Expr> {
    if depth == 0 || u.is_empty() {
        return literal(u);
    }
    let d = depth - 1;
    let bx = |u: &mut Unstructured| expr(u, d).map(Box::new);
    Ok(match u.int_in_range(0..=19)? {
        0..=2 => literal(u)?,
        3 => Expr::Variable(pick(u, VARS)?.to_string()),
        4 => Expr::Bound(pick(u, SYMBOLS)?.to_string()),
        5 => Expr::Unknown("aws_vpc.main.id".into()),
        6 => Expr::Tuple(list(u, d, 4)?),
        7 => {
            let n = u.int_in_range(0..=3)?;
            let mut items = Vec::new();
            for _ in 0..n {
                items.push((expr(u, d)?, expr(u, d)?));
            }
            Expr::Object(items)
        }
        8 => Expr::GetAttr(bx(u)?, pick(u, ATTRS)?.to_string()),
        9 => Expr::Index(bx(u)?, bx(u)?),
        10 => Expr::Splat {
            source: bx(u)?,
            each: Box::new(match u.int_in_range(0..=2)? {
                0 => Expr::Bound("_s".into()),
                1 => Expr::GetAttr(
                    Box::new(Expr::Bound("_s".into())),
                    pick(u, ATTRS)?.to_string(),
                ),
                _ => expr(u, d)?,
            }),
            symbol: "_s".into(),
        },
        11 => Expr::Unary(
            if u.arbitrary()? {
                UnaryOp::Negate
            } else {
                UnaryOp::Not
            },
            bx(u)?,
        ),
        12 | 13 => Expr::Binary(*pick(u, BINARY)?, bx(u)?, bx(u)?),
        14 => Expr::Conditional(bx(u)?, bx(u)?, bx(u)?),
        15..=17 => Expr::Call {
            name: pick(u, names())?.to_string(),
            args: list(u, d, 4)?,
            expand_final: u.ratio(1, 8)?,
        },
        18 => {
            let key_var = if u.arbitrary()? {
                Some("k".to_string())
            } else {
                None
            };
            let object = u.arbitrary()?;
            Expr::For(Box::new(ForExpr {
                key_var,
                value_var: "v".into(),
                collection: expr(u, d)?,
                key: if object { Some(expr(u, d)?) } else { None },
                value: expr(u, d)?,
                condition: if u.arbitrary()? {
                    Some(expr(u, d)?)
                } else {
                    None
                },
                grouping: object && u.arbitrary()?,
            }))
        }
        _ => Expr::Template(template(u, d)?),
    })
}

fn template(u: &mut Unstructured, depth: usize) -> arbitrary::Result<Vec<TemplatePart>> {
    let n = u.int_in_range(0..=3)?;
    let mut parts = Vec::new();
    for _ in 0..n {
        parts.push(match u.int_in_range(0..=3)? {
            0 => TemplatePart::Literal(pick(u, STRINGS)?.to_string()),
            1 => TemplatePart::Interpolation(expr(u, depth)?),
            2 => TemplatePart::If {
                condition: expr(u, depth)?,
                then: template(u, depth.saturating_sub(1))?,
                otherwise: template(u, depth.saturating_sub(1))?,
            },
            _ => TemplatePart::For {
                key_var: if u.arbitrary()? {
                    Some("k".into())
                } else {
                    None
                },
                value_var: "v".into(),
                collection: expr(u, depth)?,
                body: template(u, depth.saturating_sub(1))?,
            },
        });
    }
    Ok(parts)
}

fn var(name: &str, ty: Type) -> VariableSpec {
    VariableSpec {
        name: name.into(),
        ty,
        typed: true,
        default: None,
        description: None,
        sensitive: false,
        nullable: true,
        nullable_set: false,
        ephemeral: false,
        validations: Vec::new(),
        location: Location {
            file: "main.tf".into(),
            line: 1,
            column: 1,
            range: None,
        },
    }
}

fn run(data: &[u8]) -> arbitrary::Result<()> {
    let mut u = Unstructured::new(data);
    let spec = ModuleSpec {
        variables: vec![
            var("s", Type::String),
            var("n", Type::Number),
            var("l", Type::list(Type::String)),
            var("m", Type::map(Type::Number)),
            var("a", Type::Any),
        ],
        locals: Vec::new(),
    };
    let mut values = BTreeMap::new();
    for v in &spec.variables {
        if u.ratio(3, 4)? {
            let raw = arbitrary_value(&mut u, 3)?;
            if let Ok(c) = tfvars_runtime::convert(&raw, &v.ty) {
                values.insert(v.name.clone(), c);
            }
        }
    }
    let e = expr(&mut u, 8)?;
    let version = if u.arbitrary()? {
        TerraformVersion::V1_11
    } else {
        TerraformVersion::Latest
    };
    let mut scope = Scope::new(&spec, &values).with_version(version);
    let _ = scope.eval(&e);
    let _ = Scope::constant().eval(&e);
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(data);
});
