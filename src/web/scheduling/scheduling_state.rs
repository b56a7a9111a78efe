//! Scheduling states (§2.3) and the continuation state that carries them: "set the current
//! scheduling state", "get the current scheduling state", the realm's fixed-priority unabortable
//! states, and the scheduling state of idle callbacks (§4.2).
//!
//! Invariants:
//! - A scheduling state is immutable once made: a task keeps one `Gc` of it and installs that
//!   same pointer each time it runs, and a state without an abort source can be shared.
//! - Each realm has at most one fixed-priority unabortable TaskSignal per priority, and next to it
//!   the one scheduling state {abort source: null, priority source: that signal}
//!   ([`fixed_priority_unabortable_state`]); postTask without a signal, `yield()` outside a task
//!   and idle callbacks all use these.
//! - Only those shared states cache the continuation state {scheduler: state} they install when no
//!   state is current; a per-task state (one with an abort source) makes it each time.
//! - The scheduling state installed in the continuation state is keyed by the Scheduler object.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::{Context, JsObject, JsResult};
use boa_gc::{Finalize, Gc, GcErased, GcRefCell, Trace};

use crate::agent::continuation::ContinuationState;
use crate::agent::host::Host;
use crate::agent::realm::{insert_realm_data, realm_data};
use crate::web::dom::abort_signal::AbortSignalState;
use crate::web::scheduling::task_priority::TaskPriority;
use crate::web::scheduling::task_signal::{
    TaskSignalState, create_fixed_priority_unabortable_signal,
};

/// A scheduling state (§2.3): abort source and priority source.
#[derive(Trace, Finalize)]
pub struct SchedulingState {
    pub abort_source: Option<Gc<AbortSignalState>>,
    pub priority_source: Gc<TaskSignalState>,
    /// For a shared (unabortable) state only: the continuation state that holds only this
    /// state, for the Scheduler it was first installed for — what a task installs when it starts
    /// (no state is current then). Made once, so the state costs nothing per task. `None` for a
    /// per-task state, which would never reuse it.
    alone: Option<GcRefCell<Option<ContinuationState>>>,
}

impl SchedulingState {
    /// A per-task scheduling state with an abort source.
    #[must_use]
    pub fn with_abort_source(
        abort_source: Gc<AbortSignalState>,
        priority_source: Gc<TaskSignalState>,
    ) -> Gc<Self> {
        Gc::new(Self {
            abort_source: Some(abort_source),
            priority_source,
            alone: None,
        })
    }
}

/// A fixed-priority unabortable TaskSignal's object and its unabortable scheduling state.
type FixedPriorityEntry = (JsObject, Gc<SchedulingState>);

/// The realm's [`FixedPriorityEntry`]s, indexed by TaskPriority.
#[derive(Default)]
struct FixedPriorityStates(RefCell<[Option<FixedPriorityEntry>; 3]>);

/// The scheduling state {abort source: null, priority source: the result of creating a fixed
/// priority unabortable task signal given `priority`}. The signal and the state are made once
/// per realm and reused (the draft's note after "schedule a postTask task" allows it for the
/// signal; the state is immutable, so sharing it is not observable).
pub fn fixed_priority_unabortable_state(
    priority: TaskPriority,
    context: &mut Context,
) -> JsResult<Gc<SchedulingState>> {
    let index = priority as usize;
    let cache = match realm_data::<FixedPriorityStates>(context) {
        Some(cache) => cache,
        None => {
            let cache = Rc::new(FixedPriorityStates::default());
            insert_realm_data(context, cache.clone());
            cache
        }
    };
    if let Some((_, state)) = &cache.0.borrow()[index] {
        return Ok(state.clone());
    }
    let (object, priority_source) = create_fixed_priority_unabortable_signal(priority, context)?;
    let state = Gc::new(SchedulingState {
        abort_source: None,
        priority_source,
        alone: Some(GcRefCell::new(None)),
    });
    cache.0.borrow_mut()[index] = Some((object, state.clone()));
    Ok(state)
}

/// "Set the current scheduling state" for scheduler to state.
pub fn set_current_scheduling_state(
    host: &Host,
    scheduler: &JsObject,
    state: &Gc<SchedulingState>,
) {
    // 1. Let eventLoop be scheduler's relevant agent's event loop.
    // 2. Set continuation state value for scheduler to state given eventLoop.
    if host.current_continuation_state().is_some() {
        host.set_continuation_state_value(scheduler.clone(), GcErased::new(state.clone()));
        return;
    }
    // No state is current (a task starting): the result is {scheduler: state}; a shared state
    // makes it once (it holds one key, so it is for this scheduler if it has a value for it).
    let made =
        || ContinuationState::with_value(None, scheduler.clone(), GcErased::new(state.clone()));
    let alone = match &state.alone {
        None => made(),
        Some(cell) => {
            let cached = cell
                .borrow()
                .as_ref()
                .filter(|alone| alone.get(scheduler).is_some())
                .cloned();
            cached.unwrap_or_else(|| {
                let alone = made();
                *cell.borrow_mut() = Some(alone.clone());
                alone
            })
        }
    };
    host.set_current_continuation_state(Some(alone));
}

/// "Get the current scheduling state" for scheduler.
#[must_use]
pub fn current_scheduling_state(host: &Host, scheduler: &JsObject) -> Option<Gc<SchedulingState>> {
    host.continuation_state_value(scheduler)?
        .downcast::<SchedulingState>()
}

/// Run an idle callback as Prioritized Task Scheduling §4.2 asks, around "invoke idle
/// callbacks" step 3.3 (call callback):
/// 1. Let realm be window's relevant realm.
/// 2. Let state be a new scheduling state.
/// 3. Set state's priority source to the result of creating a fixed priority unabortable task
///    signal given "background" and realm.
///    (Steps 2–3 take the realm's shared {null, fixed "background"} state: a state is immutable,
///    so a new one with the same sources is indistinguishable.)
/// 4. Let scheduler be the Scheduler whose relevant realm is realm.
/// 5. Set the current scheduling state for scheduler to state.
///
/// Then the callback is called, and after it (added after step 3.3):
/// 1. Set event loop's current continuation state to null.
pub fn with_idle_scheduling_state<R>(
    context: &mut Context,
    call: impl FnOnce(&mut Context) -> R,
) -> R {
    let prepared = (|| {
        let host = Host::from_context(context).ok()?;
        let state = fixed_priority_unabortable_state(TaskPriority::Background, context).ok()?;
        let scheduler = crate::web::scheduling::scheduler::realm_scheduler(context)
            .ok()
            .flatten()?;
        set_current_scheduling_state(&host, &scheduler, &state);
        Some(host)
    })();
    let result = call(context);
    if let Some(host) = prepared {
        host.set_current_continuation_state(None);
    }
    result
}
