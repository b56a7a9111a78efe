//! The memory reducer: a garbage collection when the loop is about to sleep after the process
//! has grown a lot; and the collection pace, which collects sooner than the engine's threshold
//! after a burst.
//!
//! Boa's collector runs when the bytes allocated since the last collection pass a threshold, and
//! that threshold only grows: after a burst that once held 10^6 pending tasks it is over a
//! gigabyte, so a program that goes on with a small workload accumulates garbage up to that size
//! before the next collection, and keeps its peak resident size (measured: a 10^6-task burst
//! followed by 2,000 chained tasks every 100 ms stays at 1.1 GB). The engine offers no way to
//! lower the threshold; a host can collect at a moment of its choosing. Browsers do the same in
//! idle time (V8's memory reducer).
//!
//! Invariant: the reducer collects only when the loop is about to sleep for at least `MIN_SLEEP`
//! on the real clock, and at most once per `MIN_INTERVAL`; so a loop that never sleeps pays
//! nothing for it, and a loop that sleeps often pays one `/proc` read per interval.
//!
//! Beside it, the collection pace ([`pace`]) collects a busy loop's garbage sooner than the
//! engine's grown threshold would, once the bytes allocated since the last collection exceed the
//! bytes live after it (at least 32 MB).
//!
//! Collecting is unobservable to scripts beyond the timing of `FinalizationRegistry` callbacks
//! and `WeakRef`s, which the language leaves to the host.

use std::cell::Cell;
use std::time::{Duration, Instant};

/// Set by the binary: returns the allocator's free pages to the system now (mimalloc's
/// `mi_collect(true)`) rather than after its purge delay, so the resident size read after a
/// collection reflects it. Unset (tests, other embedders): only the collection.
static RELEASE_FREE_PAGES: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Give the reducer the global allocator's way to release free pages (once per process).
pub fn set_release_free_pages(release: fn()) {
    let _ = RELEASE_FREE_PAGES.set(release);
}

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

/// Sleeps shorter than this do not look at memory.
const MIN_SLEEP: Duration = Duration::from_millis(1);
/// At most one look at memory per interval.
const MIN_INTERVAL: Duration = Duration::from_millis(100);
/// Growth since the last collection that makes one worthwhile: both at least this many bytes…
const MIN_GROWTH_BYTES: u64 = 64 << 20;
/// …and the resident size at least this multiple of what it was after the last collection.
const GROWTH_FACTOR: u64 = 2;

/// Per engine thread (each agent's loop has its own collector).
#[derive(Debug)]
pub struct MemoryReducer {
    /// The resident size after the last collection made here (or when the loop started).
    baseline: Cell<Option<u64>>,
    last_look: Cell<Option<Instant>>,
}

impl Default for MemoryReducer {
    fn default() -> Self {
        Self {
            baseline: Cell::new(resident_bytes()),
            last_look: Cell::new(None),
        }
    }
}

impl MemoryReducer {
    /// The loop is about to sleep for `sleep` on the real clock.
    pub fn before_sleep(&self, sleep: Duration) {
        if sleep < MIN_SLEEP {
            return;
        }
        let now = Instant::now();
        if self
            .last_look
            .get()
            .is_some_and(|t| now.duration_since(t) < MIN_INTERVAL)
        {
            return;
        }
        self.last_look.set(Some(now));
        let (Some(resident), Some(baseline)) = (resident_bytes(), self.baseline.get()) else {
            return;
        };
        if should_collect(resident, baseline) {
            boa_gc::force_collect();
            if let Some(release) = RELEASE_FREE_PAGES.get() {
                release();
            }
            self.baseline.set(resident_bytes());
        }
    }
}

/// Whether memory has grown enough since `baseline` to collect.
fn should_collect(resident: u64, baseline: u64) -> bool {
    resident >= baseline.saturating_add(MIN_GROWTH_BYTES)
        && resident >= baseline.saturating_mul(GROWTH_FACTOR)
}

/// This process's resident set size in bytes (Linux `/proc/self/statm`), if known.
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages.saturating_mul(u64::try_from(page).ok()?))
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

    #[test]
    fn collects_only_after_large_relative_growth() {
        let mb = 1 << 20;
        // Doubling a small heap is not worth a collection; growing by 64 MB but less than
        // double is not either.
        assert!(!should_collect(40 * mb, 20 * mb));
        assert!(!should_collect(200 * mb, 130 * mb));
        assert!(should_collect(100 * mb, 20 * mb));
        assert!(should_collect(1100 * mb, 100 * mb));
        assert!(!should_collect(0, 0));
    }

    #[test]
    fn short_sleeps_and_frequent_looks_do_nothing() {
        let reducer = MemoryReducer {
            baseline: Cell::new(Some(0)),
            last_look: Cell::new(None),
        };
        reducer.before_sleep(Duration::from_micros(500));
        assert!(
            reducer.last_look.get().is_none(),
            "a short sleep looks at nothing"
        );
        reducer.before_sleep(Duration::from_millis(5));
        let first = reducer.last_look.get();
        assert!(first.is_some());
        reducer.before_sleep(Duration::from_millis(5));
        assert_eq!(reducer.last_look.get(), first, "one look per interval");
    }
}
