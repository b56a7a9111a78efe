//! The event loop's *current continuation state* (Prioritized Task Scheduling §4.1.2).
//!
//! Invariant: a [`ContinuationState`] is immutable once created. "Clone the current continuation
//! state" (HostMakeJobCallback §4.1.5, queue a microtask §4.1.4) is therefore a pointer copy, and a
//! capture when there is no state (most promise reactions) costs nothing. "Set continuation state
//! value" builds a new map (copy-on-write); it only happens when a scheduler task starts, so the
//! copy is of a map that is empty or holds one entry per Scheduler of the event loop.
//!
//! The core of the event loop never sees these values: they are values of the web layer, held as
//! type-erased GC pointers (the Scheduler stores its `Gc<SchedulingState>` here, keyed by the
//! Scheduler object), so setting a value allocates nothing but the map itself.

use boa_engine::JsObject;
use boa_gc::{Finalize, Gc, GcErased, Trace};

/// A continuation state: a map from a key (a Scheduler object) to a value (its scheduling state).
#[derive(Clone, Trace, Finalize)]
pub struct ContinuationState(Gc<StateMap>);

#[derive(Trace, Finalize)]
struct StateMap {
    /// A state always has an entry (it is created by setting one); further entries (one per
    /// Scheduler that set a value) are few: a vector beats a hash map, and it does not allocate
    /// while it is empty — the common case of one Scheduler.
    first: (JsObject, GcErased),
    more: Vec<(JsObject, GcErased)>,
}

impl StateMap {
    fn entries(&self) -> impl Iterator<Item = &(JsObject, GcErased)> {
        std::iter::once(&self.first).chain(self.more.iter())
    }
}

impl std::fmt::Debug for ContinuationState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ContinuationState")
            .field("entries", &(1 + self.0.more.len()))
            .finish()
    }
}

impl ContinuationState {
    /// The value stored for `key`, if any.
    #[must_use]
    pub fn get(&self, key: &JsObject) -> Option<GcErased> {
        self.0
            .entries()
            .find(|(k, _)| JsObject::equals(k, key))
            .map(|(_, v)| v.clone())
    }

    /// Whether two handles share the same captured state.
    #[must_use]
    pub fn ptr_eq(&self, other: &Self) -> bool {
        Gc::ptr_eq(&self.0, &other.0)
    }

    /// "Set continuation state value" (§4.1.2) on a possibly absent state, returning the new state.
    ///
    /// 1. If eventLoop's current continuation state is null, then set it to a new continuation
    ///    state.
    /// 2. Let continuationState be eventLoop's current continuation state.
    /// 3. Assert: continuationState's state map[key] does not exist.
    /// 4. Set continuationState's state map[key] to value.
    ///
    /// Deviation (representation only): the map is copied instead of mutated so that states
    /// already captured by JobCallbacks keep their contents; step 3 is checked in debug builds and
    /// otherwise replaces the old value.
    #[must_use]
    pub fn with_value(current: Option<&Self>, key: JsObject, value: GcErased) -> Self {
        let Some(current) = current else {
            return Self(Gc::new(StateMap {
                first: (key, value),
                more: Vec::new(),
            }));
        };
        let mut first = current.0.first.clone();
        let mut more = current.0.more.clone();
        let slot = std::iter::once(&mut first)
            .chain(more.iter_mut())
            .find(|(k, _)| JsObject::equals(k, &key));
        if let Some(slot) = slot {
            debug_assert!(false, "continuation state value set twice for one key");
            slot.1 = value;
        } else {
            more.push((key, value));
        }
        Self(Gc::new(StateMap { first, more }))
    }
}
