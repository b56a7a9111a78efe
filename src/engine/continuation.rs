//! The event loop's *current continuation state* (Prioritized Task Scheduling §4.1.2).
//!
//! Invariant: a [`ContinuationState`] is immutable once created. "Clone the current continuation
//! state" (HostMakeJobCallback §4.1.5, queue a microtask §4.1.4) is therefore a pointer copy, and a
//! capture when there is no state (most promise reactions) costs nothing. "Set continuation state
//! value" builds a new map (copy-on-write); it only happens when a scheduler task starts, so the
//! copy is of a map that is empty or holds one entry per Scheduler of the event loop.
//!
//! The core of the event loop never sees these values: they are JS values owned by the web layer
//! (the Scheduler stores its scheduling state here, keyed by the Scheduler object).

use boa_engine::{JsObject, JsValue};
use boa_gc::{Finalize, Gc, Trace};

/// A continuation state: a map from a key (a Scheduler object) to a value (its scheduling state).
#[derive(Clone, Trace, Finalize)]
pub struct ContinuationState(Gc<StateMap>);

#[derive(Trace, Finalize, Default)]
struct StateMap {
    /// Few entries (one per Scheduler that set a value): a vector beats a hash map here.
    entries: Vec<(JsObject, JsValue)>,
}

impl std::fmt::Debug for ContinuationState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ContinuationState")
            .field("entries", &self.0.entries.len())
            .finish()
    }
}

impl ContinuationState {
    /// The value stored for `key`, if any.
    #[must_use]
    pub fn get(&self, key: &JsObject) -> Option<JsValue> {
        self.0
            .entries
            .iter()
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
    pub fn with_value(current: Option<&Self>, key: JsObject, value: JsValue) -> Self {
        let mut entries = current.map_or_else(Vec::new, |s| s.0.entries.clone());
        if let Some(slot) = entries.iter_mut().find(|(k, _)| JsObject::equals(k, &key)) {
            debug_assert!(false, "continuation state value set twice for one key");
            slot.1 = value;
        } else {
            entries.push((key, value));
        }
        Self(Gc::new(StateMap { entries }))
    }
}
