//! The module's variables: a hash map (FxHash: the names are short and
//! looked up on every use) that lists its names in sorted order, so reports,
//! `:vars` and completion stay deterministic.

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use super::value::Value;

#[derive(Debug, Default)]
pub struct Globals {
    map: HashMap<String, Value, FxBuildHasher>,
}

impl Globals {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn get(&self, name: &str) -> Option<&Value> {
        self.map.get(name)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.map.get_mut(name)
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.map.contains_key(name)
    }

    pub fn insert(&mut self, name: String, v: Value) -> Option<Value> {
        self.map.insert(name, v)
    }

    /// Binds `name`, allocating its key only when it is new.
    pub fn set(&mut self, name: &str, v: Value) {
        match self.map.get_mut(name) {
            Some(slot) => *slot = v,
            None => {
                self.map.insert(name.to_string(), v);
            }
        }
    }

    pub fn remove(&mut self, name: &str) -> Option<Value> {
        self.map.remove(name)
    }

    pub fn retain(&mut self, f: impl FnMut(&String, &mut Value) -> bool) {
        self.map.retain(f)
    }

    pub fn clear(&mut self) {
        self.map.clear()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// The bindings in name order.
    pub fn iter(&self) -> std::vec::IntoIter<(&String, &Value)> {
        let mut v: Vec<(&String, &Value)> = self.map.iter().collect();
        v.sort_unstable_by(|a, b| a.0.cmp(b.0));
        v.into_iter()
    }

    /// The names in order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.iter().map(|(k, _)| k)
    }
}

impl<'a> IntoIterator for &'a Globals {
    type Item = (&'a String, &'a Value);
    type IntoIter = std::vec::IntoIter<(&'a String, &'a Value)>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_out_sorted() {
        let mut g = Globals::new();
        for n in ["y", "a", "x", "b"] {
            g.set(n, Value::Int(1));
        }
        g.set("a", Value::Int(2));
        assert_eq!(g.keys().cloned().collect::<Vec<_>>(), ["a", "b", "x", "y"]);
        assert!(matches!(g.get("a"), Some(Value::Int(2))));
        assert_eq!(g.len(), 4);
    }
}
