//! The source side of a dependent-signal graph, shared by `AbortSignal` (DOM §3.2, "source
//! signals" and "dependent signals") and `TaskSignal` (Prioritized Task Scheduling §3.3, "source
//! signal" and "dependent signals"): a source's list of its dependents, and the dependents it
//! keeps alive while the spec's garbage-collection rule requires.
//!
//! Invariants:
//! - [`WeakDependents`] holds its signals weakly: it never keeps a dependent alive. Dead entries
//!   are dropped when the list has doubled since the last pruning (amortised O(1) per push), so a
//!   long-lived source with many short-lived dependents keeps a list of at most twice its live
//!   dependents, or [`MIN_PRUNE`] entries.
//! - [`Pins`] holds signals strongly, keyed by their address, which is stable while they are
//!   alive — and a pinned signal is alive because it is pinned.

use rustc_hash::FxHashMap as HashMap;

use boa_gc::{Finalize, Gc, Trace, WeakGc};

/// The length below which a list of dependents is never pruned.
pub const MIN_PRUNE: usize = 16;

/// A source's dependent signals, held weakly.
#[derive(Trace, Finalize)]
pub struct WeakDependents<T: Trace + 'static> {
    list: Vec<WeakGc<T>>,
    /// Prune when the list reaches this length.
    #[unsafe_ignore_trace]
    prune_at: usize,
}

impl<T: Trace + 'static> Default for WeakDependents<T> {
    fn default() -> Self {
        Self {
            list: Vec::new(),
            prune_at: MIN_PRUNE,
        }
    }
}

impl<T: Trace + 'static> WeakDependents<T> {
    /// Append a dependent (the callers never append one twice: a dependent is new when its
    /// sources are recorded, and its own sources have no duplicates).
    pub fn push(&mut self, dependent: &Gc<T>) {
        if self.list.len() >= self.prune_at {
            self.list.retain(WeakGc::is_upgradable);
            self.prune_at = (self.list.len() * 2).max(MIN_PRUNE);
        }
        self.list.push(WeakGc::new(dependent));
    }

    /// The dependents still alive, in the order they were appended.
    #[must_use]
    pub fn live(&self) -> Vec<Gc<T>> {
        self.list.iter().filter_map(WeakGc::upgrade).collect()
    }

    /// Number of dependents still alive.
    #[must_use]
    pub fn live_count(&self) -> usize {
        self.list.iter().filter(|d| d.is_upgradable()).count()
    }

    /// Length of the list, dead entries included (for memory tests).
    #[must_use]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the list is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

/// Dependents a source keeps alive (the spec's GC rule), keyed by address.
#[derive(Trace, Finalize)]
pub struct Pins<T: Trace + 'static> {
    map: HashMap<usize, Gc<T>>,
}

impl<T: Trace + 'static> Default for Pins<T> {
    fn default() -> Self {
        Self {
            map: HashMap::default(),
        }
    }
}

impl<T: Trace + 'static> Pins<T> {
    /// Keep `signal` alive.
    pub fn pin(&mut self, signal: &Gc<T>) {
        self.map.insert(address(signal), signal.clone());
    }

    /// Stop keeping `signal` alive.
    pub fn unpin(&mut self, signal: &Gc<T>) {
        self.map.remove(&address(signal));
    }

    /// Stop keeping any signal alive.
    pub fn clear(&mut self) {
        self.map.clear();
    }
}

fn address<T: Trace + 'static>(signal: &Gc<T>) -> usize {
    std::ptr::from_ref::<T>(signal) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Trace, Finalize)]
    struct Signal(u32);

    #[test]
    fn dead_dependents_are_pruned_as_the_list_doubles() {
        let mut dependents = WeakDependents::default();
        let kept: Vec<Gc<Signal>> = (0..4).map(|i| Gc::new(Signal(i))).collect();
        for signal in &kept {
            dependents.push(signal);
        }
        for i in 0..10_000 {
            let dropped = Gc::new(Signal(i));
            dependents.push(&dropped);
            if i % 10 == 0 {
                boa_gc::force_collect();
            }
            // At most 14 entries survive a pruning (4 kept, 10 not yet collected), so the
            // list never grows past twice that.
            assert!(dependents.len() <= 28, "{} entries", dependents.len());
        }
        boa_gc::force_collect();
        assert_eq!(dependents.live_count(), 4);
        let live: Vec<u32> = dependents.live().iter().map(|s| s.0).collect();
        assert_eq!(live, [0, 1, 2, 3]);
    }

    #[test]
    fn pins_keep_signals_alive_until_unpinned() {
        let mut pins = Pins::default();
        let signal = Gc::new(Signal(7));
        let weak = WeakGc::new(&signal);
        pins.pin(&signal);
        drop(signal);
        boa_gc::force_collect();
        let signal = weak.upgrade().expect("pinned");
        pins.unpin(&signal);
        drop(signal);
        boa_gc::force_collect();
        assert!(weak.upgrade().is_none());
        pins.clear();
    }
}
