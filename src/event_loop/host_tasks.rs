//! Runnable tasks of the HTML task sources (timer, posted message, idle timeout, other): the host
//! half of the normal band.
//!
//! Invariant: one min-heap on `(runnable_at, order)` per task source (HTML: "each task source must
//! be associated with a specific task queue"); orders are unique per loop, so the oldest of the
//! heads is the single oldest host task: the one that became runnable first, ties broken by
//! enqueue order. Within a source the heap order is the order the tasks were queued in (a task
//! is queued runnable now, or a ripe timer at its due time as the timers ripen in due order), so
//! a policy that takes only heads keeps every source first in, first out. A ripe timer is queued
//! with its due time and the order taken when it was set, so it slots in before tasks posted
//! after its due time even when it is drained late.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use super::drained::release_if_drained;
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
    /// One heap per source, by `HostSource::index`.
    heaps: [BinaryHeap<Reverse<HostTask>>; HostSource::COUNT],
    len: usize,
}

impl HostTasks {
    /// Queue a task.
    pub(crate) fn push(&mut self, task: HostTask) {
        self.heaps[task.source.index()].push(Reverse(task));
        self.len += 1;
    }

    /// The index of the source whose head is the oldest task.
    pub(crate) fn oldest_source(&self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let mut best: Option<(usize, (LoopTime, u64))> = None;
        for (i, heap) in self.heaps.iter().enumerate() {
            if let Some(Reverse(t)) = heap.peek()
                && best.is_none_or(|(_, key)| t.sort_key() < key)
            {
                best = Some((i, t.sort_key()));
            }
        }
        best.map(|(i, _)| i)
    }

    /// The oldest task, without removing it. (The policy takes the source from `oldest_source`
    /// once and reads its head; the tests read the oldest directly.)
    #[cfg(test)]
    pub(crate) fn peek(&self) -> Option<&HostTask> {
        self.peek_source(self.oldest_source()?)
    }

    /// Remove and return the oldest task.
    #[cfg(test)]
    pub(crate) fn pop(&mut self) -> Option<HostTask> {
        self.pop_source(self.oldest_source()?)
    }

    /// The first task of the source with index `source`, without removing it.
    pub(crate) fn peek_source(&self, source: usize) -> Option<&HostTask> {
        self.heaps.get(source)?.peek().map(|Reverse(t)| t)
    }

    /// Remove and return the first task of the source with index `source`.
    pub(crate) fn pop_source(&mut self, source: usize) -> Option<HostTask> {
        let heap = self.heaps.get_mut(source)?;
        let task = heap.pop().map(|Reverse(t)| t)?;
        release_if_drained(heap);
        self.len -= 1;
        Some(task)
    }

    /// Number of queued tasks.
    pub(crate) fn len(&self) -> usize {
        self.len
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
