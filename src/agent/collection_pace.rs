//! The collection pace: a garbage collection once a thread's heap has grown as the engine lets
//! its heap grow after a collection (43%), however far the engine's own threshold has grown.
//!
//! Invariant: between two of the pace's collections, either the bytes live on the thread
//! (allocated and not yet freed) grew by `budget` past those live after the first, or past fewer
//! if that many were freed since (`GROWTH_PERCENT` of them, at least `MIN_BUDGET_BYTES`; twice
//! that when the second comes within a task), or, at the end of a task, the queued tasks
//! had fallen to a `PENDING_DROP`th of those queued at the first (`PENDING_FLOOR` or more), or
//! below `BURST_OVER` when the first was started by their fall and freed little. So without
//! growth it collects at most log4(tasks / `PENDING_FLOOR`) + 1 times in a row. A collection by the engine
//! restarts the count. On a thread whose allocations nobody counts (`count_allocated`/
//! `count_freed`, which the `taskhost` binary's global allocator calls) it does nothing.
//!
//! Growth, not allocation: the engine's own count is the size of its heap (what it allocated
//! minus what its collections freed), so garbage counts until a collection frees it, and so does
//! what stays live; a buffer the host allocates and frees within a task (a job's closure, a queue
//! that grows and is given back) is no garbage for the collector and counts for nothing here.
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
        if p.sweep.get() != Sweep::Idle {
            p.watch_sweep(!boa_gc::finalizer_safe());
        }
        p.allocated
            .set(p.allocated.get().wrapping_add(bytes as u64));
    });
}

/// Count `bytes` freed on this thread (the binary's global allocator calls it).
#[inline]
pub fn count_freed(bytes: usize) {
    let _ = PACE.try_with(|p| {
        if p.sweep.get() != Sweep::Idle {
            p.watch_sweep(!boa_gc::finalizer_safe());
        }
        p.freed.set(p.freed.get().wrapping_add(bytes as u64));
    });
}

/// Where the collection that finalized the canary is: the bytes it left live are read when its
/// sweep is over, at the first allocation or free after it, so that what the host allocates
/// and frees after it, before the pace's next point, is growth and not what it left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sweep {
    /// No collection since the canary was planted (or its end was read).
    Idle,
    /// A collection finalized the canary; its sweep has not begun.
    Finalized,
    /// Its sweep is freeing the unreachable objects (the engine marks this, `finalizer_safe`).
    Sweeping,
}

/// The collection pace's smallest budget: the growth since the last collection before it
/// collects, when little is live. The engine's own first threshold is 1 MiB of its objects'
/// bytes: so a runtime after a burst, once its live heap is small again, collects as often as a
/// fresh one, and its garbage is swept while still in the caches. (With 32 MiB, chained promise
/// reactions after a burst ran 1.2× their fresh cost; with 4 MiB and less, at it:
/// docs/PERFORMANCE.md.)
const MIN_BUDGET_BYTES: u64 = 1 << 20;

/// How much the heap may grow after a collection, in percent of the bytes live then: the
/// engine's own pacing (it collects once its heap passes a threshold it sets at 1/0.7 of the
/// bytes live after a collection, a growth of 43%), so a runtime whose engine threshold a burst
/// inflated collects as often as a fresh one, and a burst's garbage is swept while the burst
/// runs as a fresh runtime sweeps it, not by whatever runs next.
const GROWTH_PERCENT: u64 = 43;

/// The fewest queued tasks at the last collection for their count to stand for the live heap:
/// below it, tasks going away says little about the bytes live.
const PENDING_FLOOR: usize = 4096;

/// The fewest bytes live after the last collection for the pace to follow the queued tasks:
/// below it, the budget is near its floor and a burst's garbage waits for little allocation.
const FOLLOW_LIVE_BYTES: u64 = 128 << 20;

/// The fall in queued tasks since the last collection (to this fraction) after which the live
/// bytes that collection found no longer describe the heap.
const PENDING_DROP: usize = 4;

/// Fewer queued tasks than this: a burst followed to its end is over.
const BURST_OVER: usize = PENDING_FLOOR / 4;

/// Whether and how the pace follows the queued tasks (see `pace`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Follow {
    /// Their count does not stand for the heap.
    No,
    /// Collect once they fell to a `PENDING_DROP`th of this many (those queued at the last
    /// collection).
    Steps(usize),
    /// The last collection the tasks' fall started freed little (something else holds what they
    /// made): collect once more only when the burst is over (fewer than `BURST_OVER` queued).
    ToEnd,
}

/// The collection pace of this thread (each agent's loop has its own collector), with the
/// thread's allocation counts: one thread-local, so the pace's common case (under budget) is a
/// few loads and a comparison.
struct Pace {
    /// The bytes this thread has allocated and freed so far (they wrap).
    allocated: Cell<u64>,
    freed: Cell<u64>,
    /// Where the collection that finalized the canary (the engine's or the pace's) is, `Idle`
    /// with none since it was planted (`Pace::collected`).
    sweep: Cell<Sweep>,
    /// The bytes live when its sweep was over: the pace learns of an engine's collection only
    /// at its next point, and what was allocated in between (a loop that reaches no point) is
    /// growth since the collection, not what it left live.
    live_after_collection: Cell<Option<u64>>,
    /// Whether a canary is planted and `budget`/`live`/`follow` are set.
    armed: Cell<bool>,
    /// By how many bytes the live bytes may grow past `live` before the pace collects.
    budget: Cell<u64>,
    /// The bytes live after the last collection (or less, when that many were freed since:
    /// see `pace`).
    live: Cell<u64>,
    /// How the pace follows the queued tasks.
    follow: Cell<Follow>,
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
        let _ = PACE.try_with(|p| p.sweep.set(Sweep::Finalized));
    }
}

/// Where the loop runs the collection pace.
///
/// The end of a task's checkpoint is where it prefers to collect: what the task's reactions
/// held is garbage then, and so are the objects the engine kept alive for `WeakRef.prototype.
/// deref` until the end of the job (ClearKeptObjects, HTML's microtask checkpoint step 6). Within
/// a task it waits for `WITHIN_TASK_BUDGET_FACTOR` budgets: were it to collect there at the first
/// budget, a WeakRef whose target is dereferenced once per task would be looked at by every
/// collection while its target is kept, and the target would never go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PacePoint {
    /// Between two microtasks of a checkpoint (a long chain of reactions is one task).
    Microtask,
    /// At the end of a task's checkpoint: the task and its reactions are done.
    TaskDone,
    /// A task is being queued. A script that queues many tasks in one synchronous stretch
    /// reaches no checkpoint, and in a runtime whose engine threshold a burst inflated nothing
    /// else would collect until the first microtask after it, which would then pay for marking
    /// everything the stretch made. In a runtime whose engine threshold is still small the
    /// engine, which collects once the heap grew by 43%, comes first and the pace adds nothing.
    TaskQueued,
}

/// How many budgets the heap may grow by within a task before the pace collects there
/// (`PacePoint::Microtask`, `PacePoint::TaskQueued`).
const WITHIN_TASK_BUDGET_FACTOR: u64 = 2;

/// The collection pace, run between microtasks, after each task's checkpoint and when a task is
/// queued (`PacePoint`).
///
/// Boa collects when its heap (the bytes of its objects) passes a threshold that only
/// grows: after a burst that held 10^6 tasks it is over a gigabyte, and every later collection
/// sweeps a gigabyte of garbage that went cold in the caches meanwhile (measured: chained
/// promise reactions after such a burst run at twice their cost in a fresh runtime in the
/// rounds where that collection runs; docs/PERFORMANCE.md). The pace collects as a fresh
/// runtime's engine would: when the bytes live on this thread grew by more than
/// `max(1 MiB, 43% of the bytes live after the last collection)` since the last collection (its
/// own or the engine's). So a large live heap pays its marking no more often than the engine
/// makes it (no thrashing during a burst), a program's own bursts, the scheduler's or a
/// library's queue, are swept while they run, and a small heap after a burst goes back to
/// collecting every megabyte or so, as a fresh runtime does. (The loop's queues give their
/// storage back when they drain, `event_loop::drained`, so the bytes live after a 10^6-task
/// burst are the program's again, not 120 MB of empty queues.)
///
/// `pending` is the number of tasks queued on this thread's event loop. A burst's tasks are most
/// of its live heap, and they become garbage as they run: once they fell to a `PENDING_DROP`th
/// of what was queued at the last collection (of at least `PENDING_FLOOR`, with at least
/// `FOLLOW_LIVE_BYTES` live), that collection's live bytes overstate the heap, and the pace
/// collects at the end of that task. So a burst's garbage is swept while the burst runs (at a
/// quarter, a sixteenth, … of its tasks left), not by whatever the program does next. When the
/// tasks were not what kept the heap (a `Promise.all` still holds every settled promise, or the
/// loop's queues still hold their storage) and such a collection freed less than half the live
/// bytes, the pace collects only once more, when the burst is over.
///
/// When the bytes live fell below half of those live after the last collection (the loop's
/// queues gave their storage back at the end of a burst), the pace measures growth and its
/// budget from what is live now: otherwise the storage freed would count as room for garbage.
///
/// `pending` gives the count (`None` when it cannot be read), asked only when needed. The end of
/// a task's checkpoint is the only point where the pace follows the queued tasks (between
/// microtasks, a task's reactions still hold what it made).
///
/// Invariant: see the module's.
pub fn pace(pending: impl Fn() -> Option<usize>, at: PacePoint) {
    let _ = PACE.try_with(|pace| {
        let allocated = pace.allocated.get();
        if allocated == 0 {
            return;
        }
        if pace.collected() || !pace.armed.get() {
            pace.restart(pending(), false);
            return;
        }
        let live = allocated.saturating_sub(pace.freed.get());
        pace.rebase_if_freed(live);
        let budget = match at {
            PacePoint::Microtask | PacePoint::TaskQueued => {
                pace.budget.get().saturating_mul(WITHIN_TASK_BUDGET_FACTOR)
            }
            PacePoint::TaskDone => pace.budget.get(),
        };
        let over = grown_past(live, pace.live.get(), budget);
        let tasks_gone = !over
            && at == PacePoint::TaskDone
            && pace.follow.get() != Follow::No
            && pending().is_some_and(|now| tasks_went_away(pace.follow.get(), now));
        if over || tasks_gone {
            boa_gc::force_collect();
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
            sweep: Cell::new(Sweep::Idle),
            live_after_collection: Cell::new(None),
            armed: Cell::new(false),
            budget: Cell::new(0),
            live: Cell::new(0),
            follow: Cell::new(Follow::No),
        }
    }

    /// Whether a collection finalized the canary since it was planted: it is being swept, or
    /// its sweep is over and what it left is noted (`restart` clears both).
    fn collected(&self) -> bool {
        self.sweep.get() != Sweep::Idle || self.live_after_collection.get().is_some()
    }

    /// Follow the collection that finalized the canary through its sweep (`dropping`: the
    /// engine is sweeping now), and note the bytes live at the first allocation or free after
    /// the sweep, before it is counted. Cold: it runs only between a collection and the end of
    /// its sweep.
    #[cold]
    fn watch_sweep(&self, dropping: bool) {
        match (self.sweep.get(), dropping) {
            (Sweep::Finalized, true) => self.sweep.set(Sweep::Sweeping),
            (Sweep::Sweeping, false) => {
                self.live_after_collection
                    .set(Some(self.allocated.get().saturating_sub(self.freed.get())));
                self.sweep.set(Sweep::Idle);
            }
            _ => {}
        }
    }

    /// Measure growth and the budget from `live` (the bytes live now) if they fell below half
    /// of `self.live` (see `pace`).
    fn rebase_if_freed(&self, live: u64) {
        if live < self.live.get() / 2 {
            self.live.set(live);
            self.budget.set(budget_for(live));
        }
    }

    /// A collection ran: measure growth from what it left live, with a budget from that, and
    /// plant the canary that tells of the next one. `by_tasks`: the queued tasks' fall started
    /// it.
    ///
    /// What it left live are the bytes live when its sweep was over (`watch_sweep`): what was
    /// allocated and freed after it, up to this point, is growth. (With no allocation or free
    /// since the sweep, or no collection yet, what is live now.)
    fn restart(&self, pending: Option<usize>, by_tasks: bool) {
        self.sweep.set(Sweep::Idle);
        let live = self
            .live_after_collection
            .take()
            .unwrap_or_else(|| self.allocated.get().saturating_sub(self.freed.get()));
        let freed_little = by_tasks && live.saturating_mul(2) > self.live.get();
        self.budget.set(budget_for(live));
        self.live.set(live);
        self.follow.set(match pending {
            Some(pending) if pending >= PENDING_FLOOR && live >= FOLLOW_LIVE_BYTES => {
                if freed_little {
                    Follow::ToEnd
                } else {
                    Follow::Steps(pending)
                }
            }
            _ => Follow::No,
        });
        drop(boa_gc::Gc::new(Canary));
        self.armed.set(true);
    }
}

/// Whether the tasks queued now (`now`) went away as `follow` waits for.
fn tasks_went_away(follow: Follow, now: usize) -> bool {
    match follow {
        Follow::No => false,
        Follow::Steps(then) => then >= PENDING_FLOOR && now <= then / PENDING_DROP,
        Follow::ToEnd => now < BURST_OVER,
    }
}

/// The budget when `live` bytes are live: `GROWTH_PERCENT` of them, at least
/// `MIN_BUDGET_BYTES`.
fn budget_for(live: u64) -> u64 {
    MIN_BUDGET_BYTES.max(live / 100 * GROWTH_PERCENT)
}

/// Whether the bytes live now (`live`) grew by more than `budget` past those live after the
/// last collection (`then`).
fn grown_past(live: u64, then: u64, budget: u64) -> bool {
    live.saturating_sub(then) > budget
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The budget after a collection that left the counts at `allocated` and `freed`.
    fn budget_after(allocated: u64, freed: u64) -> u64 {
        budget_for(allocated.saturating_sub(freed))
    }

    #[test]
    fn the_pace_budget_follows_the_live_bytes_with_a_floor() {
        let mb = 1 << 20;
        // Little live: the floor.
        assert_eq!(budget_after(500 * mb, 499 * mb), MIN_BUDGET_BYTES);
        assert_eq!(budget_after(500 * mb, 498 * mb), MIN_BUDGET_BYTES);
        assert_eq!(budget_after(0, 0), MIN_BUDGET_BYTES);
        // More live: the engine's growth, 43% of it.
        assert_eq!(budget_after(500 * mb, 400 * mb), 43 * mb);
        // A gigabyte live (a burst's pending tasks): 430 MB more before the next collection.
        assert_eq!(budget_after(3000 * mb, 2000 * mb), 430 * mb);
        // More freed than allocated on this thread (memory allocated elsewhere): the floor.
        assert_eq!(budget_after(10 * mb, 20 * mb), MIN_BUDGET_BYTES);
    }

    #[test]
    fn the_pace_follows_queued_tasks_only_when_many_were_queued() {
        // A burst's tasks fell to a quarter of those queued at the last collection.
        assert!(tasks_went_away(Follow::Steps(1_000_000), 250_000));
        assert!(!tasks_went_away(Follow::Steps(1_000_000), 250_001));
        assert!(tasks_went_away(Follow::Steps(PENDING_FLOOR), 0));
        // Too few queued then to stand for the heap, or not followed.
        assert!(!tasks_went_away(Follow::Steps(PENDING_FLOOR - 1), 0));
        assert!(!tasks_went_away(Follow::No, 0));
        // Followed to the end: only once the burst is over.
        assert!(!tasks_went_away(Follow::ToEnd, BURST_OVER));
        assert!(tasks_went_away(Follow::ToEnd, BURST_OVER - 1));
    }

    /// A collection that left the counts at `allocated` and `freed`.
    fn restart_at(pace: &Pace, allocated: u64, freed: u64, pending: Option<usize>, by_tasks: bool) {
        pace.allocated.set(allocated);
        pace.freed.set(freed);
        pace.restart(pending, by_tasks);
    }

    #[test]
    fn the_pace_follows_a_burst_to_its_end_when_the_tasks_did_not_hold_the_heap() {
        let mb = 1 << 20;
        let pace = Pace::new();
        // A collection with 10^6 tasks queued and a gigabyte live.
        restart_at(&pace, 1000 * mb, 0, Some(1_000_000), false);
        assert_eq!(
            (pace.live.get(), pace.follow.get()),
            (1000 * mb, Follow::Steps(1_000_000))
        );
        // The tasks fell to a quarter and their collection freed more than half: followed on.
        restart_at(&pace, 1100 * mb, 800 * mb, Some(250_000), true);
        assert_eq!(
            (pace.live.get(), pace.follow.get()),
            (300 * mb, Follow::Steps(250_000))
        );
        // Then one that freed less than half (a `Promise.all` holds the results): one more
        // collection, when the burst is over.
        restart_at(&pace, 1300 * mb, 1100 * mb, Some(62_500), true);
        assert_eq!(pace.follow.get(), Follow::ToEnd);
        // That one (fewer than BURST_OVER tasks queued) ends the following.
        restart_at(&pace, 1400 * mb, 1350 * mb, Some(BURST_OVER - 1), true);
        assert_eq!(pace.follow.get(), Follow::No);
        // A collection of another kind with many tasks queued and much live: followed again.
        restart_at(&pace, 1400 * mb, 1150 * mb, Some(62_500), false);
        assert_eq!(pace.follow.get(), Follow::Steps(62_500));
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
        assert_eq!(pace.follow.get(), Follow::Steps(PENDING_FLOOR));
        restart_at(
            &pace,
            1500 * mb,
            1500 * mb - live,
            Some(PENDING_FLOOR - 1),
            false,
        );
        assert_eq!(pace.follow.get(), Follow::No);
        restart_at(
            &pace,
            1500 * mb,
            1500 * mb - live + 1,
            Some(PENDING_FLOOR),
            false,
        );
        assert_eq!(pace.follow.get(), Follow::No);
        restart_at(&pace, 1500 * mb, 1500 * mb - live, None, false);
        assert_eq!(pace.follow.get(), Follow::No);
    }

    /// A collector object that, when the sweep drops it, counts its `.0` bytes freed, as the
    /// binary's allocator does for what the engine frees.
    struct Garbage(u64);

    impl boa_gc::Finalize for Garbage {}

    // SAFETY: it holds no collector pointers.
    unsafe impl boa_gc::Trace for Garbage {
        boa_gc::empty_trace!();
    }

    impl Drop for Garbage {
        fn drop(&mut self) {
            count_freed(self.0 as usize);
        }
    }

    #[test]
    fn growth_counts_from_what_the_collection_left_not_from_the_point_that_learned_of_it() {
        let mb: u64 = 1 << 20;
        // (This test's thread's own pace, which the counts and the canary write to.)
        PACE.with(|pace| {
            restart_at(pace, 100 * mb, 90 * mb, None, false);
            // 700 MB allocated; the engine collects and its sweep frees 100 MB of it.
            pace.allocated.set(700 * mb);
            drop(boa_gc::Gc::new(Garbage(100 * mb)));
            boa_gc::force_collect();
            assert_eq!(pace.sweep.get(), Sweep::Sweeping);
            // After the sweep the host frees 50 MB and a loop that reaches no pace point
            // allocates 400 MB; then a pace point learns of the collection.
            count_freed((50 * mb) as usize);
            count_allocated((400 * mb) as usize);
            super::pace(|| None, PacePoint::TaskDone);
            // The collection left 510 MB live: the 400 MB since are growth (the live bytes now,
            // 860 MB, are not what it left), and the host's frees after it are not its own.
            assert_eq!(
                (pace.live.get(), pace.budget.get()),
                (510 * mb, 510 * mb / 100 * 43)
            );
            assert!(grown_past(860 * mb, pace.live.get(), pace.budget.get()));
            // A restart with no collection since measures what is live.
            pace.restart(None, false);
            assert_eq!(pace.live.get(), 860 * mb);
        });
    }

    #[test]
    fn the_pace_collects_only_once_the_heap_grew_past_its_budget() {
        let mb = 1 << 20;
        assert!(!grown_past(100 * mb, 68 * mb, 32 * mb));
        assert!(grown_past(100 * mb + 1, 68 * mb, 32 * mb));
        // Less live than after the last collection (what a task made was freed): no growth.
        assert!(!grown_past(10 * mb, 68 * mb, 0));
    }

    #[test]
    fn storage_given_back_is_no_room_for_garbage() {
        let mb: u64 = 1 << 20;
        let pace = Pace::new();
        // The last collection ran with 200 MB live, 100 MB of it the queues' storage.
        restart_at(&pace, 1000 * mb, 800 * mb, None, true);
        assert_eq!((pace.live.get(), pace.budget.get()), (200 * mb, 86 * mb));
        // Freeing a third is not enough to measure from there.
        pace.rebase_if_freed(130 * mb);
        assert_eq!(pace.live.get(), 200 * mb);
        // The queues gave their storage back: 50 MB live. Growth counts from there, and the
        // budget comes from what is live now.
        pace.rebase_if_freed(50 * mb);
        assert_eq!(
            (pace.live.get(), pace.budget.get()),
            (50 * mb, 50 * mb / 100 * 43)
        );
        assert!(grown_past(72 * mb, pace.live.get(), pace.budget.get()));
        // Down to little: the floor.
        pace.rebase_if_freed(mb);
        assert_eq!((pace.live.get(), pace.budget.get()), (mb, MIN_BUDGET_BYTES));
    }

    #[test]
    fn memory_allocated_and_freed_again_is_no_growth() {
        let mb: u64 = 1 << 20;
        let pace = Pace::new();
        restart_at(&pace, 100 * mb, 80 * mb, None, false);
        assert_eq!(
            (pace.live.get(), pace.budget.get()),
            (20 * mb, 20 * mb / 100 * 43)
        );
        // A gigabyte allocated and freed since (buffers of the host's own): the live bytes did
        // not grow, so no collection is due, however much went through the allocator.
        let (allocated, freed) = (1100 * mb, 1080 * mb);
        assert!(!grown_past(
            allocated - freed,
            pace.live.get(),
            pace.budget.get()
        ));
        // Garbage kept until a collection frees it does grow them.
        let (allocated, freed) = (1110 * mb, 1080 * mb);
        assert!(grown_past(
            allocated - freed,
            pace.live.get(),
            pace.budget.get()
        ));
    }
}
