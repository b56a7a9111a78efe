//! The delayed-task heap (seed 002's DelayedTaskManager): timers keyed by `(due, order)`.
//!
//! Invariants:
//! - A timer is live iff its key is live in `live` (a generational slab whose value is the timer's
//!   order). Cancelling only frees the key (O(1)); the heap entry stays as a tombstone.
//! - The top of `heap` is always live (or the heap is empty): tombstones are popped off the top
//!   eagerly after every cancel and pop, so `next_due` is a plain `peek` and `pop_ripe` never
//!   returns a cancelled timer.
//! - Tombstones never outnumber live timers by more than `2 × live + COMPACT_SLACK`: beyond that
//!   the heap is rebuilt with live entries only (O(n), amortised over the cancels that caused it).
//! - Timers leave earliest `(due, order)` first; orders are unique, so equal due times leave in
//!   the order they were set.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::drained::release_if_drained;
use super::slab::GenSlab;
use super::{LoopTime, RipeTimer, TaskId, TimerKey};

/// Tombstones tolerated on top of `2 × live` before the heap is compacted.
const COMPACT_SLACK: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct TimerEntry {
    due: LoopTime,
    order: u64,
    key: u64,
    payload: TaskId,
}

/// See the module docs.
#[derive(Debug, Default)]
pub(crate) struct TimerHeap {
    heap: BinaryHeap<Reverse<TimerEntry>>,
    /// key → the order of the live timer it names.
    live: GenSlab<u64>,
}

impl TimerHeap {
    fn is_live(live: &GenSlab<u64>, entry: &TimerEntry) -> bool {
        live.get(entry.key) == Some(&entry.order)
    }

    /// Add a timer due at `due` with enqueue order `order` (unique per loop).
    pub(crate) fn insert(&mut self, due: LoopTime, order: u64, payload: TaskId) -> TimerKey {
        let key = self.live.insert(order);
        self.heap.push(Reverse(TimerEntry {
            due,
            order,
            key,
            payload,
        }));
        TimerKey(key)
    }

    /// Cancel a live timer; false if `key` is unknown, cancelled or already popped.
    pub(crate) fn cancel(&mut self, key: TimerKey) -> bool {
        if self.live.remove(key.0).is_none() {
            return false;
        }
        self.drop_dead_top();
        if self.heap.len() > 2 * self.live.len() + COMPACT_SLACK {
            let live = &self.live;
            self.heap.retain(|Reverse(e)| Self::is_live(live, e));
        }
        true
    }

    /// Remove and return the earliest timer if it is due at or before `now`.
    pub(crate) fn pop_ripe(&mut self, now: LoopTime) -> Option<RipeTimer> {
        let &Reverse(top) = self.heap.peek()?;
        if top.due > now {
            return None;
        }
        self.heap.pop();
        debug_assert!(Self::is_live(&self.live, &top), "the top is always live");
        self.live.remove(top.key);
        self.drop_dead_top();
        Some(RipeTimer {
            key: TimerKey(top.key),
            due: top.due,
            order: top.order,
            payload: top.payload,
        })
    }

    /// When the earliest live timer is due.
    pub(crate) fn next_due(&self) -> Option<LoopTime> {
        self.heap.peek().map(|Reverse(e)| e.due)
    }

    /// The earliest live timer's due time and enqueue order.
    pub(crate) fn head(&self) -> Option<(LoopTime, u64)> {
        self.heap.peek().map(|Reverse(e)| (e.due, e.order))
    }

    /// Number of live timers.
    pub(crate) fn len(&self) -> usize {
        self.live.len()
    }

    fn drop_dead_top(&mut self) {
        while let Some(Reverse(top)) = self.heap.peek() {
            if Self::is_live(&self.live, top) {
                break;
            }
            self.heap.pop();
        }
        release_if_drained(&mut self.heap);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain(h: &mut TimerHeap, now: u64) -> Vec<u64> {
        std::iter::from_fn(|| h.pop_ripe(LoopTime(now)))
            .map(|r| r.payload.0)
            .collect()
    }

    #[test]
    fn earliest_due_first_and_equal_due_in_set_order() {
        let mut h = TimerHeap::default();
        h.insert(LoopTime(30), 1, TaskId(1));
        h.insert(LoopTime(10), 2, TaskId(2));
        h.insert(LoopTime(30), 3, TaskId(3));
        h.insert(LoopTime(10), 4, TaskId(4));
        assert_eq!(h.next_due(), Some(LoopTime(10)));
        assert_eq!(drain(&mut h, 100), vec![2, 4, 1, 3]);
        assert_eq!(h.len(), 0);
        assert_eq!(h.next_due(), None);
    }

    #[test]
    fn pop_ripe_respects_now_inclusively() {
        let mut h = TimerHeap::default();
        h.insert(LoopTime(10), 1, TaskId(1));
        h.insert(LoopTime(20), 2, TaskId(2));
        assert_eq!(h.pop_ripe(LoopTime(9)), None);
        let r = h.pop_ripe(LoopTime(10)).unwrap();
        assert_eq!((r.due, r.order, r.payload), (LoopTime(10), 1, TaskId(1)));
        assert_eq!(h.pop_ripe(LoopTime(19)), None);
        assert_eq!(h.next_due(), Some(LoopTime(20)));
    }

    #[test]
    fn cancel_is_exact_and_idempotent() {
        let mut h = TimerHeap::default();
        let a = h.insert(LoopTime(10), 1, TaskId(1));
        let b = h.insert(LoopTime(20), 2, TaskId(2));
        assert!(h.cancel(a));
        assert!(!h.cancel(a), "second cancel is false");
        assert_eq!(h.len(), 1);
        assert_eq!(
            h.next_due(),
            Some(LoopTime(20)),
            "cancelled top is not reported"
        );
        let r = h.pop_ripe(LoopTime(100)).unwrap();
        assert_eq!(r.key, b);
        assert!(!h.cancel(b), "a popped timer cannot be cancelled");
        assert!(!h.cancel(TimerKey(u64::MAX)));
    }

    #[test]
    fn stale_key_after_slot_reuse_cancels_nothing() {
        let mut h = TimerHeap::default();
        let a = h.insert(LoopTime(10), 1, TaskId(1));
        assert!(h.pop_ripe(LoopTime(10)).is_some());
        let b = h.insert(LoopTime(10), 2, TaskId(2));
        assert!(!h.cancel(a), "old key of a reused slot is dead");
        assert_eq!(h.len(), 1);
        assert!(h.cancel(b));
    }

    #[test]
    fn cancelled_middle_entries_are_skipped() {
        let mut h = TimerHeap::default();
        let keys: Vec<_> = (0..10)
            .map(|i| h.insert(LoopTime(i), i, TaskId(i)))
            .collect();
        for k in keys.iter().skip(1).step_by(2) {
            assert!(h.cancel(*k));
        }
        assert_eq!(drain(&mut h, 100), vec![0, 2, 4, 6, 8]);
    }

    #[test]
    fn tombstones_are_compacted() {
        let mut h = TimerHeap::default();
        let _keep = h.insert(LoopTime(0), 0, TaskId(0));
        for i in 1..10_000 {
            let k = h.insert(LoopTime(1_000_000 - i), i, TaskId(i));
            assert!(h.cancel(k));
        }
        assert_eq!(h.len(), 1);
        assert!(
            h.heap.len() <= 2 + COMPACT_SLACK + 1,
            "heap holds {}",
            h.heap.len()
        );
        assert_eq!(drain(&mut h, u64::MAX), vec![0]);
    }
}
