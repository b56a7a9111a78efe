//! The idle-callback list (requestIdleCallback): FIFO, cancellable by key.
//!
//! Invariants:
//! - `entries` is sorted by key (keys are handed out in increasing order and only ever appended),
//!   so cancel finds its entry by binary search and marks it a tombstone (`None`).
//! - The front entry is live (or the list is empty): tombstones are dropped from the front eagerly,
//!   so `front`/`pop_front` are O(1).
//! - The list never holds more than `2 × live + COMPACT_SLACK` entries; beyond that it is compacted.

use std::collections::VecDeque;

use super::{IdleKey, TaskId};

/// Entries tolerated on top of `2 × live` before compaction.
const COMPACT_SLACK: usize = 32;

/// See the module docs.
#[derive(Debug)]
pub(crate) struct IdleList {
    entries: VecDeque<(u64, Option<TaskId>)>,
    next_key: u64,
    live: usize,
}

impl Default for IdleList {
    fn default() -> Self {
        Self {
            entries: VecDeque::new(),
            next_key: 1,
            live: 0,
        }
    }
}

impl IdleList {
    /// Append an idle callback.
    pub(crate) fn push(&mut self, task: TaskId) -> IdleKey {
        let key = self.next_key;
        self.next_key += 1;
        self.entries.push_back((key, Some(task)));
        self.live += 1;
        IdleKey(key)
    }

    /// Cancel a queued idle callback; false if unknown, cancelled or already taken.
    pub(crate) fn cancel(&mut self, key: IdleKey) -> bool {
        let Ok(i) = self.entries.binary_search_by_key(&key.0, |e| e.0) else {
            return false;
        };
        if self.entries[i].1.take().is_none() {
            return false;
        }
        self.live -= 1;
        self.settle();
        true
    }

    /// The first live idle callback.
    pub(crate) fn front(&self) -> Option<(IdleKey, TaskId)> {
        let &(key, task) = self.entries.front()?;
        Some((IdleKey(key), task?))
    }

    /// Remove and return the first live idle callback.
    pub(crate) fn pop_front(&mut self) -> Option<(IdleKey, TaskId)> {
        let first = self.front()?;
        self.entries.pop_front();
        self.live -= 1;
        self.settle();
        Some(first)
    }

    /// The key the next `push` hands out: every callback queued so far has a smaller key.
    pub(crate) fn next_key(&self) -> u64 {
        self.next_key
    }

    /// Number of live idle callbacks.
    pub(crate) fn len(&self) -> usize {
        self.live
    }

    fn settle(&mut self) {
        while self.entries.front().is_some_and(|e| e.1.is_none()) {
            self.entries.pop_front();
        }
        super::drained::release_if_drained(&mut self.entries);
        if self.entries.len() > 2 * self.live + COMPACT_SLACK {
            self.entries.retain(|e| e.1.is_some());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifo() {
        let mut l = IdleList::default();
        let a = l.push(TaskId(1));
        l.push(TaskId(2));
        assert_eq!(l.front(), Some((a, TaskId(1))));
        assert_eq!(l.pop_front().map(|e| e.1), Some(TaskId(1)));
        assert_eq!(l.pop_front().map(|e| e.1), Some(TaskId(2)));
        assert_eq!(l.pop_front(), None);
        assert_eq!(l.len(), 0);
    }

    #[test]
    fn cancel_front_middle_and_unknown() {
        let mut l = IdleList::default();
        let a = l.push(TaskId(1));
        let b = l.push(TaskId(2));
        let c = l.push(TaskId(3));
        assert!(l.cancel(b));
        assert!(!l.cancel(b));
        assert!(l.cancel(a));
        assert_eq!(l.front(), Some((c, TaskId(3))), "front skips tombstones");
        assert_eq!(l.len(), 1);
        assert!(!l.cancel(IdleKey(999)));
        assert_eq!(l.pop_front(), Some((c, TaskId(3))));
        assert!(!l.cancel(c), "a taken callback cannot be cancelled");
    }

    #[test]
    fn tombstones_are_compacted_and_order_survives() {
        let mut l = IdleList::default();
        l.push(TaskId(0));
        let mut kept = vec![0];
        for i in 1..1_000 {
            let k = l.push(TaskId(i));
            if i % 10 == 0 {
                kept.push(i);
            } else {
                assert!(l.cancel(k));
            }
        }
        assert!(l.entries.len() <= 2 * l.len() + COMPACT_SLACK);
        // Cancel still finds entries by binary search after compaction.
        let order: Vec<_> = std::iter::from_fn(|| l.pop_front())
            .map(|e| e.1.0)
            .collect();
        assert_eq!(order, kept);
    }
}
