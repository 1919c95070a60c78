//! Helpers for the value-layer tests: JSON values and type constraints from text.
#![allow(dead_code)]

use tfvars_runtime::json::parse_json_value;
use tfvars_runtime::{convert, Attribute, Type, Value};

/// A value as `.tfvars.json` gives it.
pub fn json(text: &str) -> Value {
    parse_json_value(text, "test.json").unwrap_or_else(|e| panic!("bad JSON {text}: {e:?}"))
}

/// A type constraint in Terraform syntax; `optional(T, DEFAULT)` takes a JSON default.
pub fn ty(text: &str) -> Type {
    let mut p = TypeParser {
        s: text.as_bytes(),
        i: 0,
    };
    let t = p.ty();
    p.ws();
    assert_eq!(p.i, p.s.len(), "trailing text in type {text}");
    t
}

struct TypeParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl TypeParser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && (self.s[self.i] as char).is_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) {
        self.ws();
        assert_eq!(
            self.s.get(self.i),
            Some(&c),
            "expected {} at {}",
            c as char,
            self.i
        );
        self.i += 1;
    }

    fn word(&mut self) -> String {
        self.ws();
        let start = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || b"_-".contains(&self.s[self.i]))
        {
            self.i += 1;
        }
        String::from_utf8(self.s[start..self.i].to_vec()).unwrap()
    }

    fn peek(&mut self) -> u8 {
        self.ws();
        self.s.get(self.i).copied().unwrap_or(0)
    }

    fn ty(&mut self) -> Type {
        match self.word().as_str() {
            "string" => Type::String,
            "number" => Type::Number,
            "bool" => Type::Bool,
            "any" => Type::Any,
            kw @ ("list" | "set" | "map") => {
                self.eat(b'(');
                let e = std::sync::Arc::new(self.ty());
                self.eat(b')');
                match kw {
                    "list" => Type::List(e),
                    "set" => Type::Set(e),
                    _ => Type::Map(e),
                }
            }
            "tuple" => {
                self.eat(b'(');
                self.eat(b'[');
                let mut ts = Vec::new();
                while self.peek() != b']' {
                    ts.push(self.ty());
                    if self.peek() == b',' {
                        self.i += 1;
                    }
                }
                self.eat(b']');
                self.eat(b')');
                Type::Tuple(ts)
            }
            "object" => {
                self.eat(b'(');
                self.eat(b'{');
                let mut attrs = Vec::new();
                while self.peek() != b'}' {
                    let name = self.word();
                    self.eat(b'=');
                    attrs.push(self.attribute(name));
                    if self.peek() == b',' {
                        self.i += 1;
                    }
                }
                self.eat(b'}');
                self.eat(b')');
                Type::object(attrs)
            }
            other => panic!("unknown type keyword {other:?}"),
        }
    }

    fn attribute(&mut self, name: String) -> Attribute {
        let save = self.i;
        if self.word() != "optional" {
            self.i = save;
            return Attribute {
                name: name.into(),
                ty: self.ty(),
                optional: false,
                default: None,
            };
        }
        self.eat(b'(');
        let t = self.ty();
        let mut default = None;
        if self.peek() == b',' {
            self.i += 1;
            self.ws();
            // The default is JSON up to the matching `)`.
            let start = self.i;
            let mut depth = 0;
            while !(depth == 0 && self.s[self.i] == b')') {
                match self.s[self.i] {
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' => depth -= 1,
                    _ => {}
                }
                self.i += 1;
            }
            let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
            let v = json(text);
            if !v.is_null() {
                default = Some(convert(&v, &t).expect("default converts"));
            }
        }
        self.eat(b')');
        Attribute {
            name: name.into(),
            ty: t,
            optional: true,
            default,
        }
    }
}
