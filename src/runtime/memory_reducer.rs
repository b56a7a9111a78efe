//! The memory reducer: a garbage collection when the loop is about to sleep after the process
//! has grown a lot.
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
//! Beside it, the collection pace (`agent::collection_pace`) collects a busy loop's garbage
//! sooner than the engine's grown threshold would.
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
