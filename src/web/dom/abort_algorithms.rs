//! Abort algorithms (DOM §3.2): the Rust steps a signal runs when it aborts, and the list a signal
//! keeps them in.
//!
//! Invariants:
//! - An [`AbortAlgorithm`] is a `Gc<T>` erased to `GcErased` together with `run_steps::<T>` for
//!   that same `T` ([`AbortAlgorithm::new`] is the only constructor), so running it never meets
//!   an object of another type.
//! - An [`AlgorithmList`] hands out its ids itself, increasing from 1, and appends in id order:
//!   its entries are sorted by id, so removal finds an entry by binary search (O(log n)). A removed
//!   entry becomes a tombstone (`algorithm: None`); `live` counts the other entries, and tombstones
//!   are dropped when they outnumber the live entries (amortised O(1) per removal).

use boa_engine::{Context, JsResult};
use boa_gc::{Finalize, Gc, GcErased, Trace};

/// The steps of an abort algorithm, run on the GC object they belong to (a task handle, a
/// pending fetch, a listener to remove).
pub trait AbortSteps: Trace + 'static {
    /// Run the steps (the signal is aborted: its reason is set).
    fn abort(this: &Gc<Self>, context: &mut Context) -> JsResult<()>;
}

/// An abort algorithm: a GC object and its [`AbortSteps`], run when the signal aborts.
///
/// The object is already on the GC heap: holding a type-erased pointer to it and the `fn` of
/// its type's steps costs no allocation per algorithm, which matters because every pending task
/// with a signal adds one.
#[derive(Trace, Finalize, Clone)]
pub struct AbortAlgorithm {
    object: GcErased,
    /// `run_steps::<T>` for the `T` that `object` was made from.
    #[unsafe_ignore_trace]
    steps: fn(&GcErased, &mut Context) -> JsResult<()>,
}

/// The steps of `T` on a type-erased `Gc<T>`.
fn run_steps<T: AbortSteps>(object: &GcErased, context: &mut Context) -> JsResult<()> {
    // `object` was made from a `Gc<T>` with this `T` (AbortAlgorithm::new), so the downcast
    // succeeds; `None` cannot happen.
    match object.clone().downcast::<T>() {
        Some(object) => T::abort(&object, context),
        None => Ok(()),
    }
}

impl AbortAlgorithm {
    /// The abort steps of `object`.
    #[must_use]
    pub fn new<T: AbortSteps>(object: Gc<T>) -> Self {
        Self {
            object: GcErased::new(object),
            steps: run_steps::<T>,
        }
    }

    /// Run the algorithm.
    pub(super) fn run(&self, context: &mut Context) -> JsResult<()> {
        (self.steps)(&self.object, context)
    }
}

/// Handle of an added abort algorithm (to remove it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AlgorithmId(u64);

/// A signal's abort algorithms, in the order they were added (see the module invariants).
#[derive(Trace, Finalize, Default)]
pub(super) struct AlgorithmList {
    entries: Vec<AlgorithmEntry>,
    #[unsafe_ignore_trace]
    live: usize,
    /// The last id handed out.
    #[unsafe_ignore_trace]
    last_id: u64,
}

#[derive(Trace, Finalize)]
struct AlgorithmEntry {
    #[unsafe_ignore_trace]
    id: u64,
    algorithm: Option<AbortAlgorithm>,
}

impl AlgorithmList {
    /// Append `algorithm`; its id removes it.
    pub(super) fn push(&mut self, algorithm: AbortAlgorithm) -> AlgorithmId {
        self.last_id += 1;
        self.entries.push(AlgorithmEntry {
            id: self.last_id,
            algorithm: Some(algorithm),
        });
        self.live += 1;
        AlgorithmId(self.last_id)
    }

    /// Remove the algorithm with id `id` (nothing when it is gone already).
    pub(super) fn remove(&mut self, AlgorithmId(id): AlgorithmId) {
        let Ok(index) = self.entries.binary_search_by_key(&id, |e| e.id) else {
            return;
        };
        if self.entries[index].algorithm.take().is_some() {
            self.live -= 1;
        }
        if self.live == 0 {
            self.entries.clear();
        } else if self.entries.len() > 2 * self.live + 16 {
            self.entries.retain(|e| e.algorithm.is_some());
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// The live algorithms, in order, leaving the list empty.
    pub(super) fn take(&mut self) -> Vec<AbortAlgorithm> {
        self.live = 0;
        std::mem::take(&mut self.entries)
            .into_iter()
            .filter_map(|mut e| e.algorithm.take())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Trace, Finalize)]
    struct Steps(#[unsafe_ignore_trace] u32);

    impl AbortSteps for Steps {
        fn abort(_: &Gc<Self>, _: &mut Context) -> JsResult<()> {
            Ok(())
        }
    }

    fn algorithm(n: u32) -> AbortAlgorithm {
        AbortAlgorithm::new(Gc::new(Steps(n)))
    }

    fn numbers(algorithms: &[AbortAlgorithm]) -> Vec<u32> {
        algorithms
            .iter()
            .filter_map(|a| a.object.clone().downcast::<Steps>().map(|s| s.0))
            .collect()
    }

    #[test]
    fn removal_keeps_the_order_and_compacts_tombstones() {
        let mut list = AlgorithmList::default();
        let ids: Vec<AlgorithmId> = (0..100).map(|n| list.push(algorithm(n))).collect();
        for (n, id) in ids.iter().enumerate() {
            if n % 10 != 0 {
                list.remove(*id);
            }
        }
        list.remove(ids[1]);
        assert!(
            list.entries.len() <= 2 * list.live + 16,
            "tombstones are dropped"
        );
        assert!(!list.is_empty());
        let later = list.push(algorithm(100));
        list.remove(ids[0]);
        assert_eq!(
            numbers(&list.take()),
            vec![10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
        );
        assert!(list.is_empty());
        list.remove(later);
        assert!(list.is_empty());
    }
}
