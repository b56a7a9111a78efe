//! The collection pace: a garbage collection once a thread has allocated more since the last
//! collection than was live after it, however far the engine's own threshold has grown.
//!
//! Invariant: between two of the pace's collections, either `budget` bytes were allocated (the
//! bytes live after the first, at least `MIN_BUDGET_BYTES`), or, at the end of a task, the
//! queued tasks had fallen to a `PENDING_DROP`th of those queued at the first (`PENDING_FLOOR`
//! or more). So without allocation it collects at most log4(tasks / `PENDING_FLOOR`) times in a
//! row, and after a collection the tasks' fall started that freed less than half the live bytes,
//! only the budget starts the next. A collection by the engine restarts the count. On a thread
//! whose allocations nobody counts (`count_allocated`/`count_freed`, which the `taskhost`
//! binary's global allocator calls) it does nothing.
//!
//! Collecting is unobservable to scripts beyond the timing of `FinalizationRegistry` callbacks
//! and `WeakRef`s, which the language leaves to the host.

use std::cell::Cell;

/// Count `bytes` allocated on this thread (the binary's global allocator calls it). A thread
/// on which nothing is counted (tests, other embedders) has no collection pace.
#[inline]
pub fn count_allocated(bytes: usize) {
    // (A const-initialized thread-local of Cells has no destructor: the access cannot fail
    // while the thread lives, and is skipped if it ever could not. It allocates nothing.)
    let _ = PACE.try_with(|p| {
        p.allocated
            .set(p.allocated.get().wrapping_add(bytes as u64))
    });
}

/// Count `bytes` freed on this thread (the binary's global allocator calls it).
#[inline]
pub fn count_freed(bytes: usize) {
    let _ = PACE.try_with(|p| p.freed.set(p.freed.get().wrapping_add(bytes as u64)));
}

/// The collection pace's smallest budget: bytes allocated since the last collection before it
/// collects, when little is live. The engine's own first threshold is 1 MiB of collector bytes,
/// which with the buffers those objects own is about 2 MiB of all bytes: so a runtime after a
/// burst, once its live heap is small again, collects as often as a fresh one, and its garbage
/// is swept while still in the caches. (At 32 MiB, chained promise reactions after a burst ran
/// 1.2× their fresh cost; at 4 MiB and below, at it: docs/PERFORMANCE.md.)
const MIN_BUDGET_BYTES: u64 = 2 << 20;

/// The fewest queued tasks at the last collection for their count to stand for the live heap:
/// below it, tasks going away says little about the bytes live.
const PENDING_FLOOR: usize = 4096;

/// The fewest bytes live after the last collection for the pace to follow the queued tasks:
/// below it, the budget is near its floor and a burst's garbage waits for little allocation.
const FOLLOW_LIVE_BYTES: u64 = 128 << 20;

/// The fall in queued tasks since the last collection (to this fraction) after which the live
/// bytes that collection found no longer describe the heap.
const PENDING_DROP: usize = 4;

/// The collection pace of this thread (each agent's loop has its own collector), with the
/// thread's allocation counts: one thread-local, so the pace's common case (under budget) is a
/// few loads and a comparison.
struct Pace {
    /// The bytes this thread has allocated and freed so far (they wrap).
    allocated: Cell<u64>,
    freed: Cell<u64>,
    /// Set when a collection, the engine's or the pace's, finalized the canary.
    collected: Cell<bool>,
    /// Whether a canary is planted and `since`/`budget`/`live`/`pending` are set.
    armed: Cell<bool>,
    /// The thread's allocated-bytes count after the last collection.
    since: Cell<u64>,
    /// How many bytes may be allocated from there before the pace collects.
    budget: Cell<u64>,
    /// The bytes live after the last collection.
    live: Cell<u64>,
    /// The tasks queued at the last collection, when their count stands for the live heap
    /// (`PENDING_FLOOR` or more, `FOLLOW_LIVE_BYTES` or more live, and not after a collection
    /// they triggered that freed little); otherwise 0.
    pending: Cell<usize>,
}

thread_local! {
    static PACE: Pace = const { Pace::new() };
}

/// A collector object that is garbage as soon as it is made: the next collection, whoever
/// starts it, finalizes it, which tells the pace that a collection ran.
#[derive(boa_gc::Trace)]
struct Canary;

impl boa_gc::Finalize for Canary {
    fn finalize(&self) {
        let _ = PACE.try_with(|p| p.collected.set(true));
    }
}

/// The collection pace, run between microtasks and after each task's checkpoint.
///
/// Boa collects when the bytes allocated since its last collection pass a threshold that only
/// grows: after a burst that held 10^6 tasks it is over a gigabyte, and every later collection
/// sweeps a gigabyte of garbage that went cold in the caches meanwhile (measured: chained
/// promise reactions after such a burst run at twice their cost in a fresh runtime in the
/// rounds where that collection runs; docs/PERFORMANCE.md). The pace collects sooner: when
/// this thread has allocated more than `max(2 MiB, the bytes live after the last collection)`
/// since the last collection (its own or the engine's), so a large live heap still pays its
/// marking only once per its own size (no thrashing during a burst), and a small one after a
/// burst goes back to collecting every few megabytes, as a fresh runtime does. (The loop's
/// queues give their storage back when they drain, `event_loop::drained`, so the bytes live
/// after a 10^6-task burst are the program's again, not 120 MB of empty queues.)
///
/// `pending` is the number of tasks queued on this thread's event loop. A burst's tasks are most
/// of its live heap, and they become garbage as they run: once they fell to a `PENDING_DROP`th
/// of what was queued at the last collection (of at least `PENDING_FLOOR`), that collection's
/// live bytes overstate the heap, and the pace collects at the end of that task. So a burst's
/// garbage is swept while the burst runs (at a quarter, a sixteenth, …
/// of its tasks left), not by whatever the program does next. When the tasks were not what kept
/// the heap (a `Promise.all` still holds every settled promise) and such a collection freed less
/// than half the live bytes, the pace stops following the task count until a collection of
/// another kind.
///
/// `pending` gives the count (`None` when it cannot be read), asked only when needed;
/// `task_done` is true at the end of a task's checkpoint, the only point where the pace follows
/// the queued tasks (between microtasks, a task's reactions still hold what it made).
///
/// Invariant: see the module's.
pub fn pace(pending: impl Fn() -> Option<usize>, task_done: bool) {
    let _ = PACE.try_with(|pace| {
        let allocated = pace.allocated.get();
        if allocated == 0 {
            return;
        }
        if pace.collected.replace(false) || !pace.armed.get() {
            pace.restart(pending(), false);
            return;
        }
        let over = over_budget(allocated, pace.since.get(), pace.budget.get());
        let tasks_gone = !over
            && task_done
            && pace.pending.get() != 0
            && pending().is_some_and(|now| tasks_went_away(pace.pending.get(), now));
        if over || tasks_gone {
            boa_gc::force_collect();
            pace.collected.set(false);
            // (The count again if it was asked already: the collection ran no script.)
            pace.restart(pending(), tasks_gone);
        }
    });
}

impl Pace {
    const fn new() -> Self {
        Pace {
            allocated: Cell::new(0),
            freed: Cell::new(0),
            collected: Cell::new(false),
            armed: Cell::new(false),
            since: Cell::new(0),
            budget: Cell::new(0),
            live: Cell::new(0),
            pending: Cell::new(0),
        }
    }

    /// A collection just ran: count from here, with a budget from what is live now, and plant
    /// the canary that tells of the next one. `by_tasks`: the queued tasks' fall started it.
    fn restart(&self, pending: Option<usize>, by_tasks: bool) {
        let (allocated, freed) = (self.allocated.get(), self.freed.get());
        let live = allocated.saturating_sub(freed);
        let freed_little = by_tasks && live.saturating_mul(2) > self.live.get();
        self.since.set(allocated);
        self.budget.set(budget_after(allocated, freed));
        self.live.set(live);
        self.pending.set(match pending {
            Some(pending)
                if pending >= PENDING_FLOOR && live >= FOLLOW_LIVE_BYTES && !freed_little =>
            {
                pending
            }
            _ => 0,
        });
        drop(boa_gc::Gc::new(Canary));
        self.armed.set(true);
    }
}

/// Whether the tasks queued now (`now`) are a `PENDING_DROP`th or less of those queued at the
/// last collection (`then`, 0 when their count does not stand for the heap).
fn tasks_went_away(then: usize, now: usize) -> bool {
    then >= PENDING_FLOOR && now <= then / PENDING_DROP
}

/// The bytes that may be allocated after a collection before the pace collects: the bytes
/// live then (allocated and not freed), at least `MIN_BUDGET_BYTES`.
fn budget_after(allocated: u64, freed: u64) -> u64 {
    MIN_BUDGET_BYTES.max(allocated.saturating_sub(freed))
}

/// Whether more than `budget` bytes were allocated since the count stood at `since` (the
/// counts wrap, as the allocator's do).
fn over_budget(allocated: u64, since: u64, budget: u64) -> bool {
    allocated.wrapping_sub(since) > budget
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pace_budget_follows_the_live_bytes_with_a_floor() {
        let mb = 1 << 20;
        // Little live: the floor.
        assert_eq!(budget_after(500 * mb, 499 * mb), MIN_BUDGET_BYTES);
        assert_eq!(budget_after(500 * mb, 495 * mb), 5 * mb);
        assert_eq!(budget_after(0, 0), MIN_BUDGET_BYTES);
        // A gigabyte live (a burst's pending tasks): as much again before the next collection.
        assert_eq!(budget_after(3000 * mb, 2000 * mb), 1000 * mb);
        // More freed than allocated on this thread (memory allocated elsewhere): the floor.
        assert_eq!(budget_after(10 * mb, 20 * mb), MIN_BUDGET_BYTES);
    }

    #[test]
    fn the_pace_follows_queued_tasks_only_when_many_were_queued() {
        // A burst's tasks fell to a quarter of those queued at the last collection.
        assert!(tasks_went_away(1_000_000, 250_000));
        assert!(!tasks_went_away(1_000_000, 250_001));
        assert!(tasks_went_away(PENDING_FLOOR, 0));
        // Too few queued then to stand for the heap (or not followed: 0).
        assert!(!tasks_went_away(PENDING_FLOOR - 1, 0));
        assert!(!tasks_went_away(0, 0));
    }

    /// A collection that left the counts at `allocated` and `freed`.
    fn restart_at(pace: &Pace, allocated: u64, freed: u64, pending: Option<usize>, by_tasks: bool) {
        pace.allocated.set(allocated);
        pace.freed.set(freed);
        pace.restart(pending, by_tasks);
    }

    #[test]
    fn the_pace_stops_following_the_tasks_when_they_did_not_hold_the_heap() {
        let mb = 1 << 20;
        let pace = Pace::new();
        // A collection with 10^6 tasks queued and a gigabyte live.
        restart_at(&pace, 1000 * mb, 0, Some(1_000_000), false);
        assert_eq!(
            (pace.live.get(), pace.pending.get()),
            (1000 * mb, 1_000_000)
        );
        // The tasks fell to a quarter and their collection freed more than half: followed on.
        restart_at(&pace, 1100 * mb, 800 * mb, Some(250_000), true);
        assert_eq!((pace.live.get(), pace.pending.get()), (300 * mb, 250_000));
        // Then one that freed less than half (a `Promise.all` holds the results): not followed
        // until a collection of another kind.
        restart_at(&pace, 1300 * mb, 1100 * mb, Some(62_500), true);
        assert_eq!(pace.pending.get(), 0);
        restart_at(&pace, 1400 * mb, 1150 * mb, Some(62_500), false);
        assert_eq!(pace.pending.get(), 62_500);
        // Enough tasks queued and enough live: followed; too few tasks, too little live, or a
        // count that could not be read: not followed.
        let live = FOLLOW_LIVE_BYTES;
        restart_at(
            &pace,
            1500 * mb,
            1500 * mb - live,
            Some(PENDING_FLOOR),
            false,
        );
        assert_eq!(pace.pending.get(), PENDING_FLOOR);
        restart_at(
            &pace,
            1500 * mb,
            1500 * mb - live,
            Some(PENDING_FLOOR - 1),
            false,
        );
        assert_eq!(pace.pending.get(), 0);
        restart_at(
            &pace,
            1500 * mb,
            1500 * mb - live + 1,
            Some(PENDING_FLOOR),
            false,
        );
        assert_eq!(pace.pending.get(), 0);
        restart_at(&pace, 1500 * mb, 1500 * mb - live, None, false);
        assert_eq!(pace.pending.get(), 0);
    }

    #[test]
    fn the_pace_collects_only_past_its_budget() {
        let mb = 1 << 20;
        assert!(!over_budget(100 * mb, 68 * mb, 32 * mb));
        assert!(over_budget(100 * mb + 1, 68 * mb, 32 * mb));
        // Counts that wrapped around still measure the distance.
        assert!(!over_budget(5, u64::MAX - 10, 32 * mb));
        assert!(over_budget(40 * mb, u64::MAX - 10, 32 * mb));
    }
}
