//! The `TaskSignal` interface (§3.3): an AbortSignal with a priority.
//!
//! Invariants:
//! - A TaskSignal's object has [`TaskSignalData`]: its AbortSignal state (so every AbortSignal
//!   algorithm and brand check accepts it) and its [`TaskSignalState`].
//! - *Source signal* is a weak reference and *dependent signals* a weak set (§3.3), so
//!   `TaskSignal.any([], {priority: long.signal})` in a loop does not grow memory: dead entries of
//!   a source's dependents are pruned when the list has doubled since the last pruning (the
//!   list and the pins below are `dom::dependent_signals`', shared with AbortSignal).
//! - GC rule (§3.3.1): a dependent TaskSignal whose source signal is not null and which has
//!   `prioritychange` listeners or priority change algorithms must stay alive; while it does, its
//!   source holds it strongly (*pinned*); [`refresh_pin`] re-evaluates this whenever listeners or
//!   algorithms change.
//! - The three fixed-priority unabortable signals are made once per realm and reused (the note
//!   after "schedule a postTask task"); the cache is `scheduling_state`'s, next to their
//!   scheduling states.

use boa_engine::js_string;
use std::cell::Cell;

use crate::agent::host::Host;
use crate::event_loop::QueueId;

use boa_engine::{Context, JsData, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Gc, GcRefCell, Trace, WeakGc};

use crate::engine::webidl::type_error;
use crate::web::dom::abort_signal::{
    AbortSignalState, IsAbortSignal, abort_signal_sequence, create_dependent_abort_signal,
    register_abort_signal_brand, register_keep_alive_refresher,
};
use crate::web::dom::dependent_signals::{Pins, WeakDependents};
use crate::web::dom::dispatch::fire_event;
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::event_target::{EventTargetState, IsEventTarget};
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, dictionary, illegal_invocation, member, prototype_of,
    this_object,
};
use crate::web::html::event_handler;
use crate::web::scheduling::task_priority::TaskPriority;
use crate::web::scheduling::task_priority_change_event::create_priority_change_event;

/// A Scheduler's dynamic queues for one signal: its entry of the Scheduler's dynamic priority
/// task queue map for (signal, false) and (signal, true), indexed by isContinuation.
///
/// Stored on the signal, keyed by the Scheduler's id: a lookup needs no hashing, and these entries
/// *are* the signal's priority change algorithms — "select the scheduler task queue" step 1.1.3
/// adds one that sets the queue's priority to the signal's priority, which is what "signal
/// priority change" does with every queue listed here (see [`signal_priority_change`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DynamicQueues {
    pub scheduler: u64,
    pub queues: [Option<QueueId>; 2],
}

#[derive(Trace, Finalize)]
struct Inner {
    #[unsafe_ignore_trace]
    priority: TaskPriority,
    priority_changing: bool,
    /// The Schedulers' dynamic queues for this signal (its priority change algorithms).
    #[unsafe_ignore_trace]
    dynamic_queues: Vec<DynamicQueues>,
    source: Option<WeakGc<TaskSignalState>>,
    dependents: WeakDependents<TaskSignalState>,
    dependent: bool,
    /// Dependents kept alive by the GC rule (see the module invariants).
    pins: Pins<TaskSignalState>,
    pinned: bool,
}

/// A TaskSignal's own state (§3.3), next to its AbortSignal state.
#[derive(Trace, Finalize)]
pub struct TaskSignalState {
    abort: Gc<AbortSignalState>,
    inner: GcRefCell<Inner>,
    /// A number unique to this signal in its realm (the dynamic queue map's key).
    #[unsafe_ignore_trace]
    id: u64,
}

thread_local! {
    static NEXT_SIGNAL_ID: Cell<u64> = const { Cell::new(1) };
}

impl TaskSignalState {
    fn new(priority: TaskPriority) -> Gc<Self> {
        let id = super::next_id(&NEXT_SIGNAL_ID);
        Gc::new(Self {
            abort: AbortSignalState::new(),
            inner: GcRefCell::new(Inner {
                priority,
                priority_changing: false,
                dynamic_queues: Vec::new(),
                source: None,
                dependents: WeakDependents::default(),
                dependent: false,
                pins: Pins::default(),
                pinned: false,
            }),
            id,
        })
    }

    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    #[must_use]
    pub fn priority(&self) -> TaskPriority {
        self.inner.borrow().priority
    }

    #[must_use]
    pub fn abort_state(&self) -> Gc<AbortSignalState> {
        self.abort.clone()
    }

    /// The signal's JS object.
    #[must_use]
    pub fn object(&self) -> Option<JsObject> {
        self.abort.object()
    }

    /// "A TaskSignal has fixed priority if it is a dependent signal with a null source signal."
    /// (A source signal that was collected counts as null.)
    #[must_use]
    pub fn has_fixed_priority(&self) -> bool {
        let inner = self.inner.borrow();
        inner.dependent && inner.source.as_ref().and_then(WeakGc::upgrade).is_none()
    }

    /// Number of live dependents (for tests and diagnostics).
    #[must_use]
    pub fn dependent_count(&self) -> usize {
        self.inner.borrow().dependents.live_count()
    }

    /// Length of the dependents list, dead entries included (for memory tests).
    #[must_use]
    pub fn dependents_len(&self) -> usize {
        self.inner.borrow().dependents.len()
    }

    fn append_dependent(&self, dependent: &Gc<Self>) {
        self.inner.borrow_mut().dependents.push(dependent);
    }
}

impl TaskSignalState {
    /// The queue of the Scheduler `scheduler`'s dynamic map for (this signal, isContinuation).
    #[must_use]
    pub fn dynamic_queue(&self, scheduler: u64, is_continuation: bool) -> Option<QueueId> {
        self.inner
            .borrow()
            .dynamic_queues
            .iter()
            .find(|e| e.scheduler == scheduler)
            .and_then(|e| e.queues[usize::from(is_continuation)])
    }
}

/// Set (or, with `None`, remove) the Scheduler `scheduler`'s dynamic queue for (signal,
/// isContinuation). The first queue of a Scheduler adds its priority change algorithm to the
/// signal; removing the last takes it off again.
///
/// Deviation: the draft never removes a queue's priority change algorithm; a long-lived
/// TaskController whose queue empties and re-forms for every task would accumulate them. Not
/// observable.
pub fn set_dynamic_queue(
    signal: &Gc<TaskSignalState>,
    scheduler: u64,
    is_continuation: bool,
    queue: Option<QueueId>,
) {
    let changed = {
        let mut inner = signal.inner.borrow_mut();
        let before = inner.dynamic_queues.is_empty();
        let slot = usize::from(is_continuation);
        match inner
            .dynamic_queues
            .iter()
            .position(|e| e.scheduler == scheduler)
        {
            Some(i) => {
                inner.dynamic_queues[i].queues[slot] = queue;
                if inner.dynamic_queues[i].queues == [None, None] {
                    inner.dynamic_queues.swap_remove(i);
                }
            }
            None if queue.is_some() => {
                let mut queues = [None, None];
                queues[slot] = queue;
                inner
                    .dynamic_queues
                    .push(DynamicQueues { scheduler, queues });
            }
            None => {}
        }
        before != inner.dynamic_queues.is_empty()
    };
    if changed {
        refresh_pin(signal);
    }
}

/// Re-evaluate the GC rule of §3.3.1 for `signal`: pin it in its source while it is dependent,
/// has a live source, and has `prioritychange` listeners or priority change algorithms.
pub fn refresh_pin(signal: &Gc<TaskSignalState>) {
    let (needed, pinned, source) = {
        let inner = signal.inner.borrow();
        let source = inner.source.as_ref().and_then(WeakGc::upgrade);
        let needed = inner.dependent
            && source.is_some()
            && (!inner.dynamic_queues.is_empty()
                || signal.abort.has_listener_for("prioritychange"));
        (needed, inner.pinned, source)
    };
    if needed == pinned {
        return;
    }
    if let Some(source) = source {
        let mut source = source.inner.borrow_mut();
        if needed {
            source.pins.pin(signal);
        } else {
            source.pins.unpin(signal);
        }
    }
    signal.inner.borrow_mut().pinned = needed;
}

/// The native data of TaskSignal objects.
#[derive(Trace, Finalize, JsData)]
pub struct TaskSignalData {
    pub state: Gc<TaskSignalState>,
}

impl IsEventTarget for TaskSignalData {
    fn event_target_state(&self) -> Gc<EventTargetState> {
        self.state.abort.event_target()
    }
}

impl IsAbortSignal for TaskSignalData {
    fn abort_signal_state(&self) -> Gc<AbortSignalState> {
        self.state.abort.clone()
    }
}

/// The TaskSignal state of `object`, if it is a TaskSignal.
#[must_use]
pub fn task_signal_state(object: &JsObject) -> Option<Gc<TaskSignalState>> {
    object
        .downcast_ref::<TaskSignalData>()
        .map(|d| d.state.clone())
}

/// A new TaskSignal object of this realm with the given priority (not dependent, no sources).
pub fn create_task_signal(
    priority: TaskPriority,
    context: &mut Context,
) -> JsResult<(JsObject, Gc<TaskSignalState>)> {
    let proto = prototype_of(context, "TaskSignal")?;
    let state = TaskSignalState::new(priority);
    let object = crate::engine::builtins::platform_object(
        proto,
        TaskSignalData {
            state: state.clone(),
        },
        context,
    );
    state.abort.bind_object(&object);
    Ok((object, state))
}

/// `TaskSignalAnyInit.priority`: `(TaskPriority or TaskSignal)`.
pub enum PriorityInit {
    Fixed(TaskPriority),
    Signal(Gc<TaskSignalState>),
}

/// "Create a dependent task signal" from a list of AbortSignal objects, a TaskSignalAnyInit and
/// a realm (§3.3).
pub fn create_dependent_task_signal(
    signals: &[JsObject],
    init: PriorityInit,
    context: &mut Context,
) -> JsResult<(JsObject, Gc<TaskSignalState>)> {
    // 1. Let resultSignal be the result of creating a dependent signal from signals using the
    //    TaskSignal interface and realm.
    let (object, result) = create_task_signal(TaskPriority::UserVisible, context)?;
    create_dependent_abort_signal(signals, &object, context)?;
    // 2. Set resultSignal's dependent to true.
    result.inner.borrow_mut().dependent = true;
    match init {
        // 3. If init["priority"] is a TaskPriority, then set resultSignal's priority to it.
        PriorityInit::Fixed(priority) => result.inner.borrow_mut().priority = priority,
        // 4. Otherwise:
        PriorityInit::Signal(source) => {
            // 4.1. Let sourceSignal be init["priority"].
            // 4.2. Set resultSignal's priority to sourceSignal's priority.
            result.inner.borrow_mut().priority = source.priority();
            // 4.3. If sourceSignal does not have fixed priority, then:
            if !source.has_fixed_priority() {
                // 4.3.1. If sourceSignal's dependent is true, then set sourceSignal to
                //        sourceSignal's source signal.
                let source = if source.inner.borrow().dependent {
                    source
                        .inner
                        .borrow()
                        .source
                        .as_ref()
                        .and_then(WeakGc::upgrade)
                } else {
                    Some(source)
                };
                if let Some(source) = source {
                    // 4.3.2. Assert: sourceSignal is not dependent.
                    debug_assert!(!source.inner.borrow().dependent);
                    // 4.3.3. Set resultSignal's source signal to a weak reference to
                    //        sourceSignal.
                    result.inner.borrow_mut().source = Some(WeakGc::new(&source));
                    // 4.3.4. Append resultSignal to sourceSignal's dependent signals.
                    source.append_dependent(&result);
                }
            }
        }
    }
    // 5. Return resultSignal.
    Ok((object, result))
}

/// "Create a fixed priority unabortable task signal" given a priority and a realm: create a
/// dependent task signal from « » with init["priority"] = priority. (Each realm makes one per
/// priority and reuses it: `scheduling_state::fixed_priority_unabortable_state`.)
pub fn create_fixed_priority_unabortable_signal(
    priority: TaskPriority,
    context: &mut Context,
) -> JsResult<(JsObject, Gc<TaskSignalState>)> {
    create_dependent_task_signal(&[], PriorityInit::Fixed(priority), context)
}

/// "Signal priority change" on a TaskSignal given a TaskPriority (§3.3).
pub fn signal_priority_change(
    signal: &Gc<TaskSignalState>,
    priority: TaskPriority,
    context: &mut Context,
) -> JsResult<()> {
    // 1. If signal's priority changing is true, then throw a "NotAllowedError" DOMException.
    if signal.inner.borrow().priority_changing {
        return Err(dom_exception_error(
            context,
            "Cannot change the priority of a TaskSignal while its priority is changing.",
            "NotAllowedError",
        ));
    }
    // 2. If signal's priority equals priority then return.
    if signal.priority() == priority {
        return Ok(());
    }
    // 3. Set signal's priority changing to true.
    // 4. Let previousPriority be signal's priority.
    // 5. Set signal's priority to priority.
    let previous = {
        let mut inner = signal.inner.borrow_mut();
        inner.priority_changing = true;
        let previous = inner.priority;
        inner.priority = priority;
        previous
    };
    let result = (|| {
        // 6. For each algorithm of signal's priority change algorithms, run algorithm: set
        //    each of the signal's dynamic queues' priority to the signal's priority (moves the
        //    queue in the event loop's selection, not its tasks).
        let queues: Vec<QueueId> = signal
            .inner
            .borrow()
            .dynamic_queues
            .iter()
            .flat_map(|e| e.queues.into_iter().flatten())
            .collect();
        // (Tracing is optional: without a host there is nothing to trace, and no queue.)
        let host = Host::from_context(context);
        if let Ok(host) = &host {
            host.trace_instant("prioritychange", || {
                serde_json::json!({"signal": signal.id(), "from": previous.as_str(),
                    "to": priority.as_str(), "queues_moved": queues.len()})
            });
        }
        if !queues.is_empty() {
            let host = host?;
            let mut core = host.core();
            for queue in queues {
                core.set_queue_priority(queue, priority.core());
            }
        }
        // 7. Fire an event named prioritychange at signal using TaskPriorityChangeEvent, with its
        //    previousPriority attribute initialized to previousPriority.
        //    (A signal has no parent in the event path, so when it has no listener for
        //    "prioritychange" (an `onprioritychange` handler is one once set) the dispatch would
        //    invoke nothing: the event object could never be seen, and is not created.)
        if let Some(object) = signal.object()
            && signal.abort.has_listener_for("prioritychange")
        {
            let event = create_priority_change_event(previous, context)?;
            fire_event(&object, &event, context)?;
        }
        // 8. For each dependentSignal of signal's dependent signals, signal priority change on
        //    dependentSignal with priority.
        let dependents = signal.inner.borrow().dependents.live();
        for dependent in &dependents {
            signal_priority_change(dependent, priority, context)?;
        }
        Ok(())
    })();
    // 9. Set signal's priority changing to false. (Also when a step above threw, so that the
    //    signal is not stuck.)
    signal.inner.borrow_mut().priority_changing = false;
    result
}

fn this_task_signal(this: &JsValue, context: &Context) -> JsResult<Gc<TaskSignalState>> {
    task_signal_state(&this_object(this, context)?).ok_or_else(illegal_invocation)
}

/// Convert `TaskSignalAnyInit.priority` (`(TaskPriority or TaskSignal) = "user-visible"`).
pub fn priority_init(value: &JsValue, context: &mut Context) -> JsResult<PriorityInit> {
    if value.is_undefined() {
        return Ok(PriorityInit::Fixed(TaskPriority::UserVisible));
    }
    // A union with an interface type: an object implementing TaskSignal is that; anything else
    // goes to the enumeration (ToString, then a TypeError if it is not a TaskPriority).
    if let Some(state) = value.as_object().as_ref().and_then(task_signal_state) {
        return Ok(PriorityInit::Signal(state));
    }
    Ok(PriorityInit::Fixed(TaskPriority::from_js(
        value,
        "Failed to execute 'any' on 'TaskSignal': Failed to read the 'priority' property from 'TaskSignalAnyInit'",
        context,
    )?))
}

/// `TaskSignal.any(signals, init)`: create a dependent task signal from signals, init and the
/// current realm.
fn any(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let signals = abort_signal_sequence(args, "TaskSignal", "any", context)?;
    let init = dictionary(
        args.get(1),
        |m| type_error("TaskSignal", "any", m),
        "TaskSignalAnyInit",
    )?;
    let priority = member(init.as_ref(), js_string!("priority"), context)?;
    let priority = priority_init(&priority, context)?;
    let (object, _) = create_dependent_task_signal(&signals, priority, context)?;
    Ok(object.into())
}

fn refresh_pin_of(object: &JsObject, _: &Context) {
    if let Some(state) = task_signal_state(object) {
        refresh_pin(&state);
    }
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_abort_signal_brand::<TaskSignalData>(context);
    register_keep_alive_refresher(context, refresh_pin_of);
    define_interface(
        context,
        InterfaceSpec {
            name: "TaskSignal",
            parent: Some("AbortSignal"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.static_operation("any", 1, NativeFunction::from_fn_ptr(any))
                // The priority getter steps are to return this's priority.
                .attribute(
                    "priority",
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        Ok(this_task_signal(this, context)?
                            .priority()
                            .to_js_string()
                            .into())
                    }),
                    None,
                );
            event_handler::event_handler_attribute(m, "onprioritychange", |o, _| {
                task_signal_state(o).is_some()
            });
        },
    )?;
    Ok(())
}
