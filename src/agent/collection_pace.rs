//! The collection pace: a garbage collection once a thread has allocated more since the last
//! collection than was live after it, however far the engine's own threshold has grown.
//!
//! Invariant: the pace never collects twice without `budget` bytes allocated in between, where
//! the budget is the bytes live after the last collection (at least `MIN_BUDGET_BYTES`), and a
//! collection by the engine restarts its count. Without allocation counts from the embedder
//! (`set_allocation_counts`; the `taskhost` binary's global allocator gives them) it does
//! nothing.
//!
//! Collecting is unobservable to scripts beyond the timing of `FinalizationRegistry` callbacks
//! and `WeakRef`s, which the language leaves to the host.

use std::cell::Cell;

/// Set by the binary: the bytes this thread has allocated and freed so far (its global allocator
/// counts them). Unset (tests, other embedders): no collection pace.
static ALLOCATION_COUNTS: std::sync::OnceLock<fn() -> (u64, u64)> = std::sync::OnceLock::new();

/// Give the collection pace the global allocator's counts (once per process).
pub fn set_allocation_counts(counts: fn() -> (u64, u64)) {
    let _ = ALLOCATION_COUNTS.set(counts);
}

/// The collection pace's smallest budget: bytes allocated since the last collection before it
/// collects, when little is live.
const MIN_BUDGET_BYTES: u64 = 32 << 20;

/// The collection pace of this thread (each agent's loop has its own collector).
struct Pace {
    /// Whether a canary is planted and `since`/`budget` are set.
    armed: Cell<bool>,
    /// The thread's allocated-bytes count after the last collection.
    since: Cell<u64>,
    /// How many bytes may be allocated from there before the pace collects.
    budget: Cell<u64>,
}

thread_local! {
    static PACE: Pace = const {
        Pace { armed: Cell::new(false), since: Cell::new(0), budget: Cell::new(0) }
    };
    /// Set when a collection, the engine's or the pace's, finalized the canary.
    static COLLECTED: Cell<bool> = const { Cell::new(false) };
}

/// A collector object that is garbage as soon as it is made: the next collection, whoever
/// starts it, finalizes it, which tells the pace that a collection ran.
#[derive(boa_gc::Trace)]
struct Canary;

impl boa_gc::Finalize for Canary {
    fn finalize(&self) {
        let _ = COLLECTED.try_with(|c| c.set(true));
    }
}

/// The collection pace, run between microtasks and after each task's checkpoint.
///
/// Boa collects when the bytes allocated since its last collection pass a threshold that only
/// grows: after a burst that held 10^6 tasks it is over a gigabyte, and every later collection
/// sweeps a gigabyte of garbage that went cold in the caches meanwhile (measured: chained
/// promise reactions after such a burst run at twice their cost in a fresh runtime in the
/// rounds where that collection runs; docs/PERFORMANCE.md). The pace collects sooner: when
/// this thread has allocated more than `max(32 MB, the bytes live after the last collection)`
/// since the last collection (its own or the engine's), so a large live heap still pays its
/// marking only once per its own size (no thrashing during a burst), and a small one after a
/// burst goes back to collecting every few tens of megabytes.
///
/// Invariant: the pace never collects twice without `budget` bytes allocated in between, and a
/// collection by the engine restarts its count.
pub fn pace() {
    let Some(counts) = ALLOCATION_COUNTS.get() else {
        return;
    };
    let (allocated, freed) = counts();
    let collected = COLLECTED.try_with(|c| c.replace(false)).unwrap_or(false);
    let _ = PACE.try_with(|pace| {
        if collected || !pace.armed.get() {
            pace.restart(allocated, freed);
        } else if over_budget(allocated, pace.since.get(), pace.budget.get()) {
            boa_gc::force_collect();
            let _ = COLLECTED.try_with(|c| c.set(false));
            let (allocated, freed) = counts();
            pace.restart(allocated, freed);
        }
    });
}

impl Pace {
    /// A collection just ran: count from here, with a budget from what is live now, and plant
    /// the canary that tells of the next one.
    fn restart(&self, allocated: u64, freed: u64) {
        self.since.set(allocated);
        self.budget.set(budget_after(allocated, freed));
        drop(boa_gc::Gc::new(Canary));
        self.armed.set(true);
    }
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
        assert_eq!(budget_after(500 * mb, 495 * mb), MIN_BUDGET_BYTES);
        assert_eq!(budget_after(0, 0), MIN_BUDGET_BYTES);
        // A gigabyte live (a burst's pending tasks): as much again before the next collection.
        assert_eq!(budget_after(3000 * mb, 2000 * mb), 1000 * mb);
        // More freed than allocated on this thread (memory allocated elsewhere): the floor.
        assert_eq!(budget_after(10 * mb, 20 * mb), MIN_BUDGET_BYTES);
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
