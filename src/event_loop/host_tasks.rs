//! Runnable tasks of the HTML task sources (timer, posted message, idle timeout, other): the host
//! half of the normal band.
//!
//! Invariant: a min-heap on `(runnable_at, order)`; orders are unique per loop, so the head is the
//! single oldest host task: the one that became runnable first, ties broken by enqueue order. A
//! ripe timer is queued with its due time and the order taken when it was set, so it slots in
//! before tasks posted after its due time even when it is drained late.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use super::{HostSource, LoopTime, TaskId};

/// A queued host task.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HostTask {
    pub(crate) runnable_at: LoopTime,
    pub(crate) order: u64,
    pub(crate) source: HostSource,
    pub(crate) task: TaskId,
}

impl HostTask {
    fn sort_key(&self) -> (LoopTime, u64) {
        (self.runnable_at, self.order)
    }
}

impl PartialEq for HostTask {
    fn eq(&self, other: &Self) -> bool {
        self.sort_key() == other.sort_key()
    }
}

impl Eq for HostTask {}

impl PartialOrd for HostTask {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for HostTask {
    fn cmp(&self, other: &Self) -> Ordering {
        self.sort_key().cmp(&other.sort_key())
    }
}

/// See the module docs.
#[derive(Debug, Default)]
pub(crate) struct HostTasks {
    heap: BinaryHeap<Reverse<HostTask>>,
}

impl HostTasks {
    /// Queue a task.
    pub(crate) fn push(&mut self, task: HostTask) {
        self.heap.push(Reverse(task));
    }

    /// The oldest task, without removing it.
    pub(crate) fn peek(&self) -> Option<&HostTask> {
        self.heap.peek().map(|Reverse(t)| t)
    }

    /// Remove and return the oldest task.
    pub(crate) fn pop(&mut self) -> Option<HostTask> {
        self.heap.pop().map(|Reverse(t)| t)
    }

    /// Number of queued tasks.
    pub(crate) fn len(&self) -> usize {
        self.heap.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(runnable_at: u64, order: u64) -> HostTask {
        HostTask {
            runnable_at: LoopTime(runnable_at),
            order,
            source: HostSource::Other,
            task: TaskId(order),
        }
    }

    #[test]
    fn oldest_runnable_first_then_order() {
        let mut q = HostTasks::default();
        q.push(t(5, 3));
        q.push(t(5, 1));
        q.push(t(2, 9)); // a late-drained timer that was due earlier
        q.push(t(7, 2));
        assert_eq!(q.len(), 4);
        assert_eq!(q.peek().map(|h| h.order), Some(9));
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).map(|h| h.order).collect();
        assert_eq!(order, vec![9, 1, 3, 2]);
        assert!(q.peek().is_none());
        assert_eq!(q.len(), 0);
    }

    #[test]
    fn keeps_source_and_payload() {
        let mut q = HostTasks::default();
        q.push(HostTask {
            runnable_at: LoopTime(1),
            order: 1,
            source: HostSource::PostedMessage,
            task: TaskId(42),
        });
        let h = q.pop().unwrap();
        assert_eq!((h.source, h.task), (HostSource::PostedMessage, TaskId(42)));
    }
}
