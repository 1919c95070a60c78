//! The attributes of an object value and the elements of a map value: string keys in sorted
//! order, each once.
//!
//! Held as one sorted vector rather than a tree: an object usually has a handful of attributes,
//! and a vector of exactly that many entries takes a fraction of the memory of a B-tree node
//! (which reserves eleven slots however few are used), is faster to build from a sorted source
//! and to walk, and keeps the same order (cty sorts attribute names and map keys bytewise, as
//! `String`'s `Ord` does).
//!
//! The vector is shared between the clones of a map and copied when one of them is changed
//! (copy on write): a value is cloned far more often than it is changed after it is built (a
//! default put into every object that leaves its attribute out, a variable's value read by each
//! reference), and a clone of a map is then one count, not a copy of every entry below it.

use std::borrow::Borrow;
use std::collections::BTreeMap;
use std::fmt;
use std::iter::FusedIterator;
use std::ops::Index;
use std::slice;
use std::sync::Arc;
use std::vec;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::value::Value;

/// String keys to values, sorted by key, each key once. Clones share their entries until one
/// of them is changed.
#[derive(Clone, Default)]
pub struct ValueMap {
    /// Sorted by key, keys unique; `None` when empty (no allocation).
    entries: Option<Arc<Vec<(String, Value)>>>,
}

impl ValueMap {
    /// An empty map.
    pub const fn new() -> ValueMap {
        ValueMap { entries: None }
    }

    /// An empty map with room for `capacity` entries.
    pub fn with_capacity(capacity: usize) -> ValueMap {
        ValueMap::from_sorted(Vec::with_capacity(capacity))
    }

    // Entries already sorted by key, each key once.
    fn from_sorted(entries: Vec<(String, Value)>) -> ValueMap {
        if entries.capacity() == 0 {
            return ValueMap::new();
        }
        ValueMap {
            entries: Some(Arc::new(entries)),
        }
    }

    /// The entries, to read.
    fn entries(&self) -> &[(String, Value)] {
        self.entries.as_deref().map_or(&[], Vec::as_slice)
    }

    /// The entries, to change: copied first when another clone shares them.
    fn entries_mut(&mut self) -> &mut Vec<(String, Value)> {
        Arc::make_mut(self.entries.get_or_insert_with(Default::default))
    }

    /// The entries, owned: taken when no other clone shares them, copied when one does.
    fn into_entries(self) -> Vec<(String, Value)> {
        match self.entries {
            None => Vec::new(),
            Some(shared) => Arc::unwrap_or_clone(shared),
        }
    }

    /// Makes room for `additional` more entries, so that inserting them does not grow the map
    /// again.
    pub fn reserve(&mut self, additional: usize) {
        if additional > 0 {
            self.entries_mut().reserve(additional);
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries().is_empty()
    }

    fn position<Q>(&self, key: &Q) -> Result<usize, usize>
    where
        String: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.entries()
            .binary_search_by(|(k, _)| Borrow::<Q>::borrow(k).cmp(key))
    }

    /// The value under `key`.
    pub fn get<Q>(&self, key: &Q) -> Option<&Value>
    where
        String: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.position(key).ok().map(|i| &self.entries()[i].1)
    }

    /// The value under `key`, to change it.
    pub fn get_mut<Q>(&mut self, key: &Q) -> Option<&mut Value>
    where
        String: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        let i = self.position(key).ok()?;
        Some(&mut self.entries_mut()[i].1)
    }

    /// The key as stored and the value under `key`.
    pub fn get_key_value<Q>(&self, key: &Q) -> Option<(&String, &Value)>
    where
        String: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.position(key).ok().map(|i| {
            let (k, v) = &self.entries()[i];
            (k, v)
        })
    }

    /// Whether there is a value under `key`.
    pub fn contains_key<Q>(&self, key: &Q) -> bool
    where
        String: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        self.position(key).is_ok()
    }

    /// Puts `value` under `key`, returning the value it replaces.
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        match self.position(key.as_str()) {
            Ok(i) => Some(std::mem::replace(&mut self.entries_mut()[i].1, value)),
            Err(i) => {
                self.entries_mut().insert(i, (key, value));
                None
            }
        }
    }

    /// Takes out the value under `key`.
    pub fn remove<Q>(&mut self, key: &Q) -> Option<Value>
    where
        String: Borrow<Q>,
        Q: Ord + ?Sized,
    {
        let i = self.position(key).ok()?;
        Some(self.entries_mut().remove(i).1)
    }

    /// Keeps only the entries for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&String, &mut Value) -> bool) {
        if !self.is_empty() {
            self.entries_mut().retain_mut(|(k, v)| keep(k, v));
        }
    }

    /// The entries in key order.
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.entries().iter())
    }

    /// The entries in key order, values changeable.
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        if self.is_empty() {
            return IterMut([].iter_mut());
        }
        IterMut(self.entries_mut().iter_mut())
    }

    /// The keys in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator + Clone {
        self.entries().iter().map(|(k, _)| k)
    }

    /// The values in key order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator + Clone {
        self.entries().iter().map(|(_, v)| v)
    }

    /// The values in key order, changeable.
    pub fn values_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = &mut Value> + ExactSizeIterator {
        self.iter_mut().map(|(_, v)| v)
    }

    /// The keys in order, consuming the map.
    pub fn into_keys(self) -> impl DoubleEndedIterator<Item = String> + ExactSizeIterator {
        self.into_entries().into_iter().map(|(k, _)| k)
    }

    /// The values in key order, consuming the map.
    pub fn into_values(self) -> impl DoubleEndedIterator<Item = Value> + ExactSizeIterator {
        self.into_entries().into_iter().map(|(_, v)| v)
    }

    /// The entries as a slice of pairs, in key order.
    pub fn as_slice(&self) -> &[(String, Value)] {
        self.entries()
    }
}

impl PartialEq for ValueMap {
    fn eq(&self, other: &ValueMap) -> bool {
        let shared = match (&self.entries, &other.entries) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        shared || self.entries() == other.entries()
    }
}

impl fmt::Debug for ValueMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<Q> Index<&Q> for ValueMap
where
    String: Borrow<Q>,
    Q: Ord + ?Sized,
{
    type Output = Value;

    fn index(&self, key: &Q) -> &Value {
        self.get(key).expect("no entry found for key")
    }
}

impl FromIterator<(String, Value)> for ValueMap {
    /// Entries in any order; of several under one key, the last is kept (as inserting them one
    /// by one would).
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> ValueMap {
        let mut entries: Vec<(String, Value)> = iter.into_iter().collect();
        if !entries.windows(2).all(|w| w[0].0 < w[1].0) {
            // Stable, so equal keys keep their order and the last one written wins below.
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            let mut kept: Vec<(String, Value)> = Vec::with_capacity(entries.len());
            for entry in entries {
                match kept.last_mut() {
                    Some(last) if last.0 == entry.0 => *last = entry,
                    _ => kept.push(entry),
                }
            }
            entries = kept;
        }
        ValueMap::from_sorted(entries)
    }
}

impl<const N: usize> From<[(String, Value); N]> for ValueMap {
    fn from(entries: [(String, Value); N]) -> ValueMap {
        entries.into_iter().collect()
    }
}

impl From<BTreeMap<String, Value>> for ValueMap {
    fn from(map: BTreeMap<String, Value>) -> ValueMap {
        ValueMap::from_sorted(map.into_iter().collect())
    }
}

impl Extend<(String, Value)> for ValueMap {
    /// As inserting the entries in turn would (a later entry under a key wins), in one sort
    /// rather than a shift of the vector per entry.
    fn extend<I: IntoIterator<Item = (String, Value)>>(&mut self, iter: I) {
        let mut entries = std::mem::take(self).into_entries();
        entries.extend(iter);
        *self = entries.into_iter().collect();
    }
}

impl IntoIterator for ValueMap {
    type Item = (String, Value);
    type IntoIter = vec::IntoIter<(String, Value)>;

    fn into_iter(self) -> Self::IntoIter {
        self.into_entries().into_iter()
    }
}

impl<'a> IntoIterator for &'a ValueMap {
    type Item = (&'a String, &'a Value);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut ValueMap {
    type Item = (&'a String, &'a mut Value);
    type IntoIter = IterMut<'a>;

    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

/// The entries of a [`ValueMap`] in key order.
#[derive(Clone)]
pub struct Iter<'a>(slice::Iter<'a, (String, Value)>);

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a String, &'a Value);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (k, v))
    }
}

impl ExactSizeIterator for Iter<'_> {}
impl FusedIterator for Iter<'_> {}

/// The entries of a [`ValueMap`] in key order, values changeable.
pub struct IterMut<'a>(slice::IterMut<'a, (String, Value)>);

impl<'a> Iterator for IterMut<'a> {
    type Item = (&'a String, &'a mut Value);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (&*k, v))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for IterMut<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (&*k, v))
    }
}

impl ExactSizeIterator for IterMut<'_> {}
impl FusedIterator for IterMut<'_> {}

impl Serialize for ValueMap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (k, v) in self {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for ValueMap {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ValueMap, D::Error> {
        struct Entries;

        impl<'de> Visitor<'de> for Entries {
            type Value = ValueMap;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of string keys to values")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<ValueMap, A::Error> {
                let mut entries = Vec::with_capacity(access.size_hint().unwrap_or(0).min(4096));
                while let Some(entry) = access.next_entry::<String, Value>()? {
                    entries.push(entry);
                }
                Ok(entries.into_iter().collect())
            }
        }

        deserializer.deserialize_map(Entries)
    }
}
