//! A top-level traversable's session history (HTML §7.4.1, §7.4.6): the entries of all its
//! navigables, each with a step, and the current step — plain Rust, so its rules can be tested
//! without a JavaScript engine. `navigation.rs` keeps one per top-level traversable, with
//! navigables keyed by iframe element or window number, documents and serialized states.
//!
//! Invariants:
//! - A navigable's current entry is its entry with the greatest step not above the current
//!   step; its entry for a step is found the same way (HTML "get the target history entry").
//! - The steps in use ("get all used history steps") are the entries' steps; `history.length`
//!   is their number. Whenever there are entries, the current step is one of them.
//! - A push clears every entry after the current step (of every navigable: "clear the forward
//!   session history") and adds one at the current step + 1, which becomes current; a replace
//!   keeps the step of the entry it replaces.
//! - A traversal changes nothing but the current step; the navigables whose entry differs at the
//!   new step are reported in the order their first entries were added (a parent's before its
//!   frames', as a frame's first entry is made after its parent's).

use std::rc::Rc;

/// What identifies a navigable across its documents.
pub trait NavigableKey: Clone {
    fn same(&self, other: &Self) -> bool;
}

/// A session history entry: its step, navigable and URL, its document (shared by the entries of
/// one document) and its classic history API state (none: null).
pub struct Entry<N, D, S> {
    pub step: u64,
    pub navigable: N,
    pub url: String,
    pub document: Rc<D>,
    pub state: Option<S>,
}

/// One top-level traversable's session history.
pub struct SessionHistory<N, D, S> {
    entries: Vec<Entry<N, D, S>>,
    current_step: u64,
}

impl<N, D, S> Default for SessionHistory<N, D, S> {
    fn default() -> Self {
        Self {
            entries: Vec::new(),
            current_step: 0,
        }
    }
}

/// A navigable whose entry differs at a traversal's target step: its entry before and after
/// (indices into [`SessionHistory::entry`], valid until the history changes again).
#[derive(Debug, PartialEq, Eq)]
pub struct Change {
    pub from: usize,
    pub to: usize,
}

impl<N: NavigableKey, D, S> SessionHistory<N, D, S> {
    #[must_use]
    pub fn entry(&self, index: usize) -> &Entry<N, D, S> {
        &self.entries[index]
    }

    #[must_use]
    pub fn current_step(&self) -> u64 {
        self.current_step
    }

    /// The navigable's current entry.
    #[must_use]
    pub fn current_entry(&self, navigable: &N) -> Option<usize> {
        self.entry_at(navigable, self.current_step)
    }

    /// The navigable's entry for `step`: its entry with the greatest step not above it.
    #[must_use]
    pub fn entry_at(&self, navigable: &N, step: u64) -> Option<usize> {
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.navigable.same(navigable) && e.step <= step)
            .max_by_key(|(_, e)| e.step)
            .map(|(i, _)| i)
    }

    /// HTML "get all used history steps": the steps of the entries, ascending, once each.
    #[must_use]
    pub fn used_steps(&self) -> Vec<u64> {
        let mut steps: Vec<u64> = self.entries.iter().map(|e| e.step).collect();
        steps.sort_unstable();
        steps.dedup();
        steps
    }

    /// `history.length`: the number of steps in use (1 before there is any entry: the document
    /// shown is one).
    #[must_use]
    pub fn length(&self) -> usize {
        self.used_steps().len().max(1)
    }

    /// The smallest step of the navigable's entries of `document` (HTML "create a new child
    /// navigable": a frame's first entry takes the step of its parent's entry for the parent's
    /// document).
    #[must_use]
    pub fn first_step_of_document(&self, navigable: &N, document: &Rc<D>) -> Option<u64> {
        self.entries
            .iter()
            .filter(|e| e.navigable.same(navigable) && Rc::ptr_eq(&e.document, document))
            .map(|e| e.step)
            .min()
    }

    /// Add the entry of a navigable that had none (its initial entry, at `entry.step`, which
    /// must not be above the current step). Its index.
    pub fn add_initial(&mut self, entry: Entry<N, D, S>) -> usize {
        debug_assert!(entry.step <= self.current_step || self.entries.is_empty());
        self.entries.push(entry);
        self.entries.len() - 1
    }

    /// Make `entry` its navigable's current entry: after the current step (`push`, which first
    /// clears the forward history), or in place of its current one (with that one's step).
    pub fn commit(&mut self, mut entry: Entry<N, D, S>, push: bool) {
        if push {
            // HTML "clear the forward session history".
            let current = self.current_step;
            self.entries.retain(|e| e.step <= current);
            entry.step = current + 1;
            self.current_step = entry.step;
            self.entries.push(entry);
        } else if let Some(index) = self.current_entry(&entry.navigable) {
            entry.step = self.entries[index].step;
            self.entries[index] = entry;
        } else {
            entry.step = self.current_step;
            self.entries.push(entry);
        }
    }

    /// HTML "traverse the history by a delta", its first steps: the step `delta` steps from the
    /// current one among the steps in use, if there is one.
    #[must_use]
    pub fn step_by_delta(&self, delta: i64) -> Option<u64> {
        let steps = self.used_steps();
        let index = steps.iter().position(|s| *s == self.current_step)?;
        let target = i64::try_from(index).ok()?.checked_add(delta)?;
        steps.get(usize::try_from(target).ok()?).copied()
    }

    /// Apply a traversal to `step`: it becomes the current step; the navigables whose entry
    /// differs there, in the order of their first entries.
    pub fn traverse_to(&mut self, step: u64) -> Vec<Change> {
        let mut navigables: Vec<&N> = Vec::new();
        for entry in &self.entries {
            if !navigables.iter().any(|n| n.same(&entry.navigable)) {
                navigables.push(&entry.navigable);
            }
        }
        let changes = navigables
            .iter()
            .filter_map(|navigable| {
                let from = self.current_entry(navigable)?;
                let to = self.entry_at(navigable, step)?;
                (from != to).then_some(Change { from, to })
            })
            .collect();
        self.current_step = step;
        changes
    }

    /// Keep only the entries of the navigables `keep` accepts (HTML "destroy a child
    /// navigable": its entries go, and the steps only they used). The current step moves to
    /// the greatest step in use not above it.
    pub fn retain_navigables(&mut self, mut keep: impl FnMut(&N) -> bool) {
        self.entries.retain(|e| keep(&e.navigable));
        let current = self.current_step;
        if let Some(step) = self
            .used_steps()
            .into_iter()
            .filter(|s| *s <= current)
            .max()
        {
            self.current_step = step;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Change, Entry, NavigableKey, SessionHistory};
    use proptest::prelude::*;
    use std::rc::Rc;

    impl NavigableKey for u32 {
        fn same(&self, other: &Self) -> bool {
            self == other
        }
    }

    type History = SessionHistory<u32, String, u32>;

    fn entry(navigable: u32, url: &str, document: &Rc<String>) -> Entry<u32, String, u32> {
        Entry {
            step: 0,
            navigable,
            url: url.to_owned(),
            document: document.clone(),
            state: None,
        }
    }

    fn url_of(h: &History, navigable: u32) -> Option<String> {
        h.current_entry(&navigable).map(|i| h.entry(i).url.clone())
    }

    /// A push adds a step after the current one, a replace keeps its entry's step; the length
    /// counts steps, not entries.
    #[test]
    fn push_and_replace() {
        let mut h = History::default();
        let top = Rc::new(String::from("top"));
        h.add_initial(entry(0, "a", &top));
        assert_eq!(h.length(), 1);
        let doc = Rc::new(String::from("b"));
        h.commit(entry(0, "b", &doc), true);
        assert_eq!((h.current_step(), h.length()), (1, 2));
        h.commit(entry(0, "c", &doc), false);
        assert_eq!((h.current_step(), h.length()), (1, 2));
        assert_eq!(url_of(&h, 0).as_deref(), Some("c"));
    }

    /// A frame's entries share the traversable's steps with its parent's (the joint session
    /// history): going back undoes the frame's navigation, and a push after going back clears
    /// the forward entries of every navigable.
    #[test]
    fn joint_history_of_a_parent_and_a_frame() {
        let mut h = History::default();
        let top = Rc::new(String::from("top"));
        h.add_initial(entry(0, "page", &top));
        let first = h.first_step_of_document(&0, &top).unwrap_or(99);
        let f1 = Rc::new(String::from("f1"));
        h.add_initial(Entry {
            step: first,
            ..entry(1, "f1", &f1)
        });
        h.commit(entry(1, "f2", &Rc::new(String::from("f2"))), true);
        h.commit(entry(0, "page#x", &top), true);
        assert_eq!(h.length(), 3);
        let back = h.step_by_delta(-1).unwrap_or(99);
        assert_eq!(back, 1);
        let changes = h.traverse_to(back);
        assert_eq!(changes.len(), 1, "only the top-level entry differs");
        assert_eq!(h.entry(changes[0].to).url, "page");
        let changes = h.traverse_to(0);
        assert_eq!(
            changes,
            vec![Change { from: 2, to: 1 }],
            "then only the frame's"
        );
        assert_eq!(h.entry(1).url, "f1");
        assert_eq!(h.step_by_delta(-1), None);
        assert_eq!(h.step_by_delta(2), Some(2));
        h.commit(entry(1, "f3", &Rc::new(String::from("f3"))), true);
        assert_eq!(h.length(), 2, "the forward entries of both navigables went");
        assert_eq!(url_of(&h, 0).as_deref(), Some("page"));
        assert_eq!(url_of(&h, 1).as_deref(), Some("f3"));
    }

    /// Removing a frame drops its entries and the steps only they used; the current step moves
    /// back to a step still in use.
    #[test]
    fn a_removed_frame_takes_its_steps() {
        let mut h = History::default();
        let top = Rc::new(String::from("top"));
        h.add_initial(entry(0, "page", &top));
        h.add_initial(entry(1, "f1", &Rc::new(String::from("f1"))));
        h.commit(entry(1, "f2", &Rc::new(String::from("f2"))), true);
        h.commit(entry(1, "f3", &Rc::new(String::from("f3"))), true);
        assert_eq!((h.length(), h.current_step()), (3, 2));
        h.retain_navigables(|n| *n != 1);
        assert_eq!((h.length(), h.current_step()), (1, 0));
        assert_eq!(h.step_by_delta(0), Some(0));
    }

    #[derive(Clone, Debug)]
    enum Op {
        Push,
        Replace,
        Go(i64),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            Just(Op::Push),
            Just(Op::Replace),
            (-3i64..=3).prop_map(Op::Go),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// With one navigable the joint session history is the familiar back/forward list: a
        /// push drops what is after the current entry and appends; a replace changes the
        /// current entry; go(delta) moves within the list or does nothing.
        #[test]
        fn one_navigable_is_a_back_forward_list(ops in proptest::collection::vec(op(), 1..40)) {
            let mut h = History::default();
            let doc = Rc::new(String::from("d"));
            h.add_initial(entry(0, "0", &doc));
            let mut list = vec!["0".to_owned()];
            let mut index = 0usize;
            for (n, op) in ops.iter().enumerate() {
                let url = format!("{}", n + 1);
                match op {
                    Op::Push => {
                        h.commit(entry(0, &url, &doc), true);
                        list.truncate(index + 1);
                        list.push(url);
                        index += 1;
                    }
                    Op::Replace => {
                        h.commit(entry(0, &url, &doc), false);
                        list[index] = url;
                    }
                    Op::Go(delta) => {
                        let target = i64::try_from(index).unwrap_or(0) + delta;
                        let model = usize::try_from(target).ok().filter(|t| *t < list.len());
                        match h.step_by_delta(*delta) {
                            Some(step) => {
                                prop_assert!(model.is_some());
                                let changes = h.traverse_to(step);
                                prop_assert_eq!(changes.len(), usize::from(*delta != 0));
                                index = model.unwrap_or(index);
                            }
                            None => prop_assert!(model.is_none()),
                        }
                    }
                }
                prop_assert_eq!(h.length(), list.len());
                prop_assert_eq!(url_of(&h, 0), Some(list[index].clone()));
            }
        }
    }
}
