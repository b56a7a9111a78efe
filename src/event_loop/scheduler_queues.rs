//! Scheduler task queues of every Scheduler of the loop, and their selection index (seed 002's
//! PriorityQueue of Sequences keyed by (priority, first task's timestamp)).
//!
//! Invariants:
//! - Queues live in a generational slab: a stale [`QueueId`] (queue removed, slot maybe reused) is
//!   detected and every operation on it is a graceful no-op.
//! - Each queue is a FIFO of entries sorted by enqueue order (orders are fresh per enqueue and
//!   strictly increasing). An entry is live iff its key is live in the task table `tasks` with the
//!   same order; removal (abort) frees the key only — the entry stays behind as a tombstone (O(1)).
//! - The front entry of every queue is live (or the queue holds no entry): tombstones are popped
//!   off the front eagerly after each removal, so a queue with no live task holds nothing.
//! - A queue holds at most `2 × live + COMPACT_SLACK` entries; beyond that it is compacted.
//! - `index[e]` holds exactly one `(head order, queue)` for every queue of effective priority `e`
//!   that has a live task, and nothing else. A priority change moves that one key between levels;
//!   tasks never move. Picking a level's oldest queue is `BTreeSet::first` (O(log Q)).
//! - A queue with live tasks is never freed (`remove` refuses), so every live task's queue exists.
//! - `level_live[e]` is the number of live tasks in queues of effective priority `e` (kept as
//!   tasks come and go and queues change priority; read for the per-band pending counts).

use std::collections::{BTreeSet, VecDeque};

use super::drained::release_if_drained;
use super::slab::GenSlab;
use super::{LoopTime, Priority, QueueId, SchedulerTaskKey, TaskId};

/// Number of effective priority levels (0…5).
pub(crate) const LEVELS: usize = 6;

/// Entries tolerated on top of `2 × live` in one queue before it is compacted.
const COMPACT_SLACK: usize = 32;

/// One queued scheduler task: its enqueue order (its place among scheduler tasks), and its age
/// against the normal band's host tasks: when it became runnable and the order that breaks ties
/// there (`since`; its own order, or a delayed task's timer's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QueuedTask {
    pub(crate) order: u64,
    pub(crate) runnable_at: LoopTime,
    pub(crate) since: u64,
    pub(crate) task: TaskId,
    key: u64,
}

/// The head task of a non-empty queue, as the selection index sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct QueueHead {
    pub(crate) queue: QueueId,
    pub(crate) level: u8,
    pub(crate) order: u64,
    pub(crate) runnable_at: LoopTime,
    pub(crate) since: u64,
}

/// Where a live task is.
#[derive(Debug, Clone, Copy)]
struct TaskLoc {
    queue: u64,
    order: u64,
}

#[derive(Debug)]
struct Queue {
    priority: Priority,
    is_continuation: bool,
    entries: VecDeque<QueuedTask>,
    live: usize,
}

impl Queue {
    fn level(&self) -> u8 {
        self.priority.effective(self.is_continuation)
    }
}

fn is_live(tasks: &GenSlab<TaskLoc>, entry: &QueuedTask) -> bool {
    tasks
        .get(entry.key)
        .is_some_and(|loc| loc.order == entry.order)
}

/// See the module docs.
#[derive(Debug, Default)]
pub(crate) struct SchedulerQueues {
    queues: GenSlab<Queue>,
    tasks: GenSlab<TaskLoc>,
    index: [BTreeSet<(u64, u64)>; LEVELS],
    level_live: [usize; LEVELS],
}

impl SchedulerQueues {
    /// Create an empty queue.
    pub(crate) fn create(&mut self, priority: Priority, is_continuation: bool) -> QueueId {
        QueueId(self.queues.insert(Queue {
            priority,
            is_continuation,
            entries: VecDeque::new(),
            live: 0,
        }))
    }

    /// Whether `queue` names an existing queue.
    pub(crate) fn is_live(&self, queue: QueueId) -> bool {
        self.queues.contains(queue.0)
    }

    /// The queue's priority, `None` for a stale handle.
    pub(crate) fn priority(&self, queue: QueueId) -> Option<Priority> {
        self.queues.get(queue.0).map(|q| q.priority)
    }

    /// The queue's effective priority, `None` for a stale handle.
    pub(crate) fn effective(&self, queue: QueueId) -> Option<u8> {
        self.queues.get(queue.0).map(Queue::level)
    }

    /// Number of live tasks in the queue (0 for a stale handle).
    pub(crate) fn len(&self, queue: QueueId) -> usize {
        self.queues.get(queue.0).map_or(0, |q| q.live)
    }

    /// Number of live tasks in all queues.
    pub(crate) fn total_live(&self) -> usize {
        self.tasks.len()
    }

    /// Number of live tasks in queues of each effective priority (0…5).
    pub(crate) fn live_by_level(&self) -> [usize; LEVELS] {
        self.level_live
    }

    /// Change the queue's priority, moving its index key to the new level (O(log Q)). False for a
    /// stale handle.
    pub(crate) fn set_priority(&mut self, queue: QueueId, priority: Priority) -> bool {
        let Some(q) = self.queues.get_mut(queue.0) else {
            return false;
        };
        let old = q.level();
        q.priority = priority;
        let new = q.level();
        if old != new {
            self.level_live[usize::from(old)] -= q.live;
            self.level_live[usize::from(new)] += q.live;
            if let Some(head) = q.entries.front() {
                self.index[usize::from(old)].remove(&(head.order, queue.0));
                self.index[usize::from(new)].insert((head.order, queue.0));
            }
        }
        true
    }

    /// Append a task with a fresh enqueue `order` (greater than every order in the queue).
    /// `None` for a stale handle.
    pub(crate) fn enqueue(
        &mut self,
        queue: QueueId,
        order: u64,
        (runnable_at, since): (LoopTime, u64),
        task: TaskId,
    ) -> Option<SchedulerTaskKey> {
        let q = self.queues.get_mut(queue.0)?;
        debug_assert!(
            q.entries.back().is_none_or(|b| b.order < order),
            "enqueue orders must increase"
        );
        let key = self.tasks.insert(TaskLoc {
            queue: queue.0,
            order,
        });
        q.entries.push_back(QueuedTask {
            order,
            runnable_at,
            since,
            task,
            key,
        });
        q.live += 1;
        self.level_live[usize::from(q.level())] += 1;
        if q.live == 1 {
            // The queue held nothing (front-is-live invariant), so this task is its head.
            self.index[usize::from(q.level())].insert((order, queue.0));
        }
        Some(SchedulerTaskKey(key))
    }

    /// Remove a queued task (abort). `None` if it is not queued any more; otherwise whether its
    /// queue is now without live tasks.
    pub(crate) fn remove(&mut self, key: SchedulerTaskKey) -> Option<bool> {
        let loc = self.tasks.remove(key.0)?;
        let Some(q) = self.queues.get_mut(loc.queue) else {
            debug_assert!(false, "a queue with live tasks is never freed");
            return Some(true);
        };
        q.live -= 1;
        let level = usize::from(q.level());
        self.level_live[level] -= 1;
        if q.entries.front().is_some_and(|f| f.key == key.0) {
            self.index[level].remove(&(loc.order, loc.queue));
            Self::settle(q, &self.tasks);
            if let Some(head) = q.entries.front() {
                self.index[level].insert((head.order, loc.queue));
            }
        } else {
            Self::settle(q, &self.tasks);
        }
        Some(q.live == 0)
    }

    /// The oldest head among the queues of effective priority `level`.
    pub(crate) fn head_of_level(&self, level: u8) -> Option<QueueHead> {
        let &(order, queue) = self.index.get(usize::from(level))?.first()?;
        let head = self.queues.get(queue)?.entries.front()?;
        debug_assert_eq!(head.order, order, "index key matches the queue's head");
        Some(QueueHead {
            queue: QueueId(queue),
            level,
            order,
            runnable_at: head.runnable_at,
            since: head.since,
        })
    }

    /// The oldest head of the first non-empty level of `levels`.
    pub(crate) fn first_head(&self, levels: &[u8]) -> Option<QueueHead> {
        levels.iter().find_map(|&l| self.head_of_level(l))
    }

    /// Remove and return the queue's head task, and whether the queue is now without live tasks.
    pub(crate) fn pop_head(&mut self, queue: QueueId) -> Option<(QueuedTask, bool)> {
        let q = self.queues.get_mut(queue.0)?;
        let head = q.entries.pop_front()?;
        debug_assert!(
            is_live(&self.tasks, &head),
            "the front entry is always live"
        );
        let level = usize::from(q.level());
        self.index[level].remove(&(head.order, queue.0));
        self.tasks.remove(head.key);
        q.live -= 1;
        self.level_live[level] -= 1;
        Self::settle(q, &self.tasks);
        if let Some(next) = q.entries.front() {
            self.index[level].insert((next.order, queue.0));
        }
        Some((head, q.live == 0))
    }

    /// Forget a queue without live tasks. False (and nothing happens) for a stale handle or a
    /// queue that still has live tasks: those stay queued and selectable.
    pub(crate) fn remove_queue(&mut self, queue: QueueId) -> bool {
        if self.queues.get(queue.0).is_some_and(|q| q.live == 0) {
            self.queues.remove(queue.0);
            true
        } else {
            false
        }
    }

    /// Restore the front-is-live and bounded-tombstones invariants of one queue.
    fn settle(q: &mut Queue, tasks: &GenSlab<TaskLoc>) {
        while q.entries.front().is_some_and(|f| !is_live(tasks, f)) {
            q.entries.pop_front();
        }
        release_if_drained(&mut q.entries);
        if q.entries.len() > 2 * q.live + COMPACT_SLACK {
            q.entries.retain(|e| is_live(tasks, e));
        }
    }

    /// Number of stored entries (live or tombstone) of a queue.
    #[cfg(test)]
    fn stored(&self, queue: QueueId) -> usize {
        self.queues.get(queue.0).map_or(0, |q| q.entries.len())
    }

    /// Check every invariant of the module docs (O(everything); tests only).
    #[cfg(test)]
    pub(crate) fn check_invariants(&self) {
        let mut seen = std::collections::HashSet::new();
        let mut total = 0;
        for (level, set) in self.index.iter().enumerate() {
            for &(order, queue) in set {
                let q = self.queues.get(queue).expect("an indexed queue exists");
                assert!(seen.insert(queue), "one index key per queue");
                assert_eq!(usize::from(q.level()), level);
                assert_eq!(q.entries.front().map(|h| h.order), Some(order));
                assert!(q.entries.front().is_some_and(|f| is_live(&self.tasks, f)));
                let live = q.entries.iter().filter(|e| is_live(&self.tasks, e)).count();
                assert_eq!(live, q.live);
                assert!(q.live > 0);
                assert!(q.entries.len() <= 2 * q.live + COMPACT_SLACK);
                assert!(
                    q.entries
                        .iter()
                        .zip(q.entries.iter().skip(1))
                        .all(|(x, y)| x.order < y.order)
                );
                total += live;
            }
        }
        assert_eq!(
            total,
            self.tasks.len(),
            "every live task is in an indexed queue"
        );
        let mut by_level = [0; LEVELS];
        for (level, set) in self.index.iter().enumerate() {
            for &(_, queue) in set {
                by_level[level] += self.queues.get(queue).map_or(0, |q| q.live);
            }
        }
        assert_eq!(by_level, self.level_live, "live tasks by level");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enq(s: &mut SchedulerQueues, q: QueueId, order: u64) -> SchedulerTaskKey {
        s.enqueue(q, order, (LoopTime(order), order), TaskId(order))
            .unwrap()
    }

    #[test]
    fn level_head_is_the_oldest_head() {
        let mut s = SchedulerQueues::default();
        let a = s.create(Priority::UserVisible, false);
        let b = s.create(Priority::UserVisible, false);
        enq(&mut s, b, 1);
        enq(&mut s, a, 2);
        enq(&mut s, b, 3);
        let h = s.head_of_level(2).unwrap();
        assert_eq!((h.queue, h.order, h.runnable_at), (b, 1, LoopTime(1)));
        assert_eq!(
            s.pop_head(b).map(|(t, e)| (t.task, e)),
            Some((TaskId(1), false))
        );
        assert_eq!(
            s.head_of_level(2).unwrap().queue,
            a,
            "a's head (2) is older than b's (3)"
        );
        assert_eq!(s.head_of_level(3), None);
        s.check_invariants();
    }

    #[test]
    fn removing_the_head_rekeys_the_queue() {
        let mut s = SchedulerQueues::default();
        let a = s.create(Priority::Background, false);
        let b = s.create(Priority::Background, false);
        let k1 = enq(&mut s, a, 1);
        let k2 = enq(&mut s, a, 2);
        enq(&mut s, b, 3);
        enq(&mut s, a, 4);
        assert_eq!(s.remove(k1), Some(false));
        assert_eq!(s.remove(k2), Some(false));
        // a's head is now 4, b's is 3: b first.
        let h = s.head_of_level(0).unwrap();
        assert_eq!((h.queue, h.order), (b, 3));
        assert_eq!(s.len(a), 1);
        s.check_invariants();
    }

    #[test]
    fn remove_reports_emptied_and_unknown() {
        let mut s = SchedulerQueues::default();
        let a = s.create(Priority::UserBlocking, true);
        let k1 = enq(&mut s, a, 1);
        let k2 = enq(&mut s, a, 2);
        assert_eq!(s.remove(k2), Some(false), "middle/tail removal");
        assert_eq!(s.remove(k2), None, "not queued any more");
        assert_eq!(s.remove(k1), Some(true), "last live task");
        assert_eq!(s.stored(a), 0, "tombstones are gone with the last task");
        assert_eq!(s.head_of_level(5), None);
        let k3 = enq(&mut s, a, 3);
        assert_eq!(s.pop_head(a).map(|(t, e)| (t.order, e)), Some((3, true)));
        assert_eq!(s.remove(k3), None, "a run task cannot be removed");
        s.check_invariants();
    }

    #[test]
    fn priority_change_moves_the_queue_not_its_tasks() {
        let mut s = SchedulerQueues::default();
        let a = s.create(Priority::Background, false);
        let empty = s.create(Priority::Background, false);
        enq(&mut s, a, 1);
        enq(&mut s, a, 2);
        assert!(s.set_priority(a, Priority::UserBlocking));
        assert!(s.set_priority(empty, Priority::UserVisible));
        assert_eq!(s.head_of_level(0), None);
        assert_eq!(s.head_of_level(2), None, "an empty queue is never indexed");
        assert_eq!(s.head_of_level(4).map(|h| h.queue), Some(a));
        assert_eq!(s.priority(a), Some(Priority::UserBlocking));
        assert_eq!(s.effective(a), Some(4));
        assert_eq!(s.len(a), 2);
        assert!(s.set_priority(a, Priority::UserBlocking), "no-op change");
        s.check_invariants();
        // The emptied queue enters its current level on its next enqueue.
        enq(&mut s, empty, 3);
        assert_eq!(s.head_of_level(2).map(|h| h.queue), Some(empty));
        s.check_invariants();
    }

    #[test]
    fn stale_queue_handles_are_harmless() {
        let mut s = SchedulerQueues::default();
        let a = s.create(Priority::UserVisible, false);
        assert!(s.remove_queue(a));
        let b = s.create(Priority::Background, false); // reuses the slot
        assert!(!s.is_live(a));
        assert!(s.is_live(b));
        assert!(!s.set_priority(a, Priority::UserBlocking));
        assert_eq!(s.enqueue(a, 1, (LoopTime(1), 1), TaskId(1)), None);
        assert_eq!(s.pop_head(a), None);
        assert_eq!((s.priority(a), s.effective(a), s.len(a)), (None, None, 0));
        assert!(!s.remove_queue(a));
        assert_eq!(s.priority(b), Some(Priority::Background));
        s.check_invariants();
    }

    #[test]
    fn a_queue_with_live_tasks_is_not_freed() {
        let mut s = SchedulerQueues::default();
        let a = s.create(Priority::UserVisible, false);
        enq(&mut s, a, 1);
        assert!(!s.remove_queue(a));
        assert_eq!(s.pop_head(a).map(|(_, e)| e), Some(true));
        assert!(s.remove_queue(a));
        assert!(!s.remove_queue(a));
    }

    #[test]
    fn tombstones_in_the_middle_are_compacted() {
        let mut s = SchedulerQueues::default();
        let a = s.create(Priority::UserVisible, false);
        enq(&mut s, a, 0);
        for order in 1..5_000 {
            let k = enq(&mut s, a, order);
            assert_eq!(s.remove(k), Some(false));
        }
        assert!(
            s.stored(a) <= 2 + COMPACT_SLACK + 1,
            "stored {}",
            s.stored(a)
        );
        assert_eq!(s.total_live(), 1);
        s.check_invariants();
    }
}
