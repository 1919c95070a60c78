//! `ValueMap` behaves as the `BTreeMap<String, Value>` it replaces: same order, same answers,
//! the last of several entries under one key kept.

use std::collections::BTreeMap;

use proptest::prelude::*;
use tfvars_runtime::{Value, ValueMap};

#[derive(Debug, Clone)]
enum Op {
    Insert(String, i64),
    Remove(String),
    Retain(i64),
    Extend(Vec<(String, i64)>),
}

fn key() -> impl Strategy<Value = String> {
    // Few distinct keys, so that replacing and removing happen often; non-ASCII too, whose
    // byte order is what both maps sort by.
    prop::sample::select(vec![
        "a", "b", "aa", "B", "é", "e\u{301}", "z", "", "10", "9",
    ])
    .prop_map(str::to_string)
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (key(), any::<i64>()).prop_map(|(k, v)| Op::Insert(k, v)),
        1 => key().prop_map(Op::Remove),
        1 => (0i64..4).prop_map(Op::Retain),
        1 => prop::collection::vec((key(), any::<i64>()), 0..6).prop_map(Op::Extend),
    ]
}

fn num(n: i64) -> Value {
    Value::Number(n.into())
}

proptest! {
    #[test]
    fn agrees_with_a_btree_map(ops in prop::collection::vec(op(), 0..40)) {
        let mut ours = ValueMap::new();
        let mut model: BTreeMap<String, Value> = BTreeMap::new();
        for op in ops {
            // A clone taken before a change keeps the entries it had (clones share their
            // entries until one is changed).
            let before = ours.clone();
            let before_model = model.clone();
            match op {
                Op::Insert(k, v) => {
                    prop_assert_eq!(ours.insert(k.clone(), num(v)), model.insert(k, num(v)));
                }
                Op::Remove(k) => prop_assert_eq!(ours.remove(&k), model.remove(&k)),
                Op::Retain(m) => {
                    let keep = |v: &Value| match v {
                        Value::Number(n) => n.to_string().len() as i64 % 4 != m,
                        _ => true,
                    };
                    ours.retain(|_, v| keep(v));
                    model.retain(|_, v| keep(v));
                }
                Op::Extend(entries) => {
                    ours.extend(entries.iter().map(|(k, v)| (k.clone(), num(*v))));
                    model.extend(entries.iter().map(|(k, v)| (k.clone(), num(*v))));
                }
            }
            prop_assert!(before.iter().eq(before_model.iter()));
            prop_assert_eq!(ours.len(), model.len());
            prop_assert!(ours.iter().eq(model.iter()));
            for k in model.keys() {
                prop_assert_eq!(ours.get(k.as_str()), model.get(k));
                prop_assert!(ours.contains_key(k.as_str()));
            }
        }
        prop_assert!(ours.iter().rev().eq(model.iter().rev()));
        prop_assert_eq!(&ValueMap::from(model.clone()), &ours);
        prop_assert_eq!(format!("{ours:?}"), format!("{model:?}"));
    }

    #[test]
    fn collecting_keeps_the_last_entry_under_a_key(
        entries in prop::collection::vec((key(), any::<i64>()), 0..30)
    ) {
        let ours: ValueMap = entries.iter().map(|(k, v)| (k.clone(), num(*v))).collect();
        let model: BTreeMap<String, Value> =
            entries.iter().map(|(k, v)| (k.clone(), num(*v))).collect();
        prop_assert!(ours.iter().eq(model.iter()));
        let mut extended = ValueMap::new();
        extended.extend(entries.iter().map(|(k, v)| (k.clone(), num(*v))));
        prop_assert_eq!(extended, ours);
    }
}

#[test]
fn a_clone_changed_leaves_the_original_as_it_was() {
    let original = ValueMap::from([
        ("a".to_string(), num(1)),
        (
            "b".to_string(),
            Value::Object(ValueMap::from([("c".to_string(), num(2))])),
        ),
    ]);
    let mut changed = original.clone();
    if let Some(Value::Object(inner)) = changed.get_mut("b") {
        inner.insert("d".to_string(), num(3));
    }
    changed.remove("a");
    for (_, v) in changed.iter_mut() {
        *v = Value::Bool(true);
    }
    assert_eq!(changed.as_slice(), [("b".to_string(), Value::Bool(true))]);
    assert_eq!(original["a"], num(1));
    assert_eq!(
        original["b"],
        Value::Object(ValueMap::from([("c".to_string(), num(2))]))
    );
    assert_ne!(original, changed);
    assert_eq!(original.clone().into_iter().count(), 2);
    assert_eq!(original.len(), 2);
}

#[test]
fn serialises_as_a_map_and_reads_back() {
    let map = ValueMap::from([
        ("b".to_string(), Value::Bool(true)),
        ("a".to_string(), Value::string("x")),
    ]);
    let text = serde_json::to_string(&map).unwrap();
    assert!(text.starts_with(r#"{"a":"#), "{text}");
    let back: ValueMap = serde_json::from_str(&text).unwrap();
    assert_eq!(back, map);
    assert_eq!(map["a"], Value::string("x"));
    assert_eq!(map.keys().collect::<Vec<_>>(), ["a", "b"]);
}
