//! The scheduling processing model (§2.3–§2.4): task handles, the static and dynamic priority
//! task queue maps, and the algorithms that schedule postTask tasks and yield continuations.
//! (Scheduling states and the continuation state: `scheduling_state`.)
//!
//! Invariants:
//! - Scheduler task queues live in the event-loop core (shared by every Scheduler of the loop,
//!   so "select the next scheduler task queue from all schedulers" is the core's pick); a
//!   Scheduler's maps hold their `QueueId`s. A queue is in exactly one map entry from its
//!   creation until its removal steps run, which happens when it is empty after a task completes
//!   or after an abort removed its last task — for dynamic queues; static queues stay (see
//!   `run_removal_steps`).
//! - A task handle's abort algorithm is on its signal from postTask/yield until the task
//!   completes (task complete steps remove it) or the signal aborts (which empties it).

use std::cell::Cell;

use boa_engine::object::builtins::{JsFunction, JsPromise};
use boa_engine::realm::Realm;
use boa_engine::{Context, JsData, JsObject, JsResult, JsValue};
use boa_gc::{Finalize, Gc, GcRefCell, Trace};

use crate::agent::host::{Host, HostTimer};
use crate::agent::trace::Posted;
use crate::engine::callback::{ExceptionBehavior, invoke_callback_function};
use crate::engine::errors::exception_to_value;
use crate::event_loop::{LoopTime, QueueId, SchedulerTaskKey, TaskId};
use crate::web::dom::abort_signal::{
    AbortAlgorithm, AbortSignalState, AbortSteps, AlgorithmId, add_abort_algorithm,
    remove_abort_algorithm,
};
use crate::web::scheduling::scheduling_state::{
    SchedulingState, current_scheduling_state, fixed_priority_unabortable_state,
    set_current_scheduling_state,
};
use crate::web::scheduling::task_priority::TaskPriority;
use crate::web::scheduling::task_signal::{TaskSignalState, set_dynamic_queue, task_signal_state};

/// A queue and the map entry it occupies (kept by the task handle, so the removal steps find the
/// entry without a reverse map).
#[derive(Trace, Finalize, Clone)]
enum QueueRef {
    /// Static priority task queue map (these queues are never removed: `run_removal_steps`).
    Static(#[unsafe_ignore_trace] QueueId),
    /// Dynamic priority task queue map: (TaskSignal, isContinuation).
    Dynamic(Gc<TaskSignalState>, bool, #[unsafe_ignore_trace] QueueId),
}

impl QueueRef {
    fn queue(&self) -> QueueId {
        match self {
            QueueRef::Static(queue) | QueueRef::Dynamic(_, _, queue) => *queue,
        }
    }
}

thread_local! {
    static NEXT_SCHEDULER_ID: Cell<u64> = const { Cell::new(1) };
}

/// A Scheduler's own state: its two queue maps.
///
/// The static map has six possible keys, so it is an array indexed by (priority, isContinuation):
/// selecting a queue for a task without a dynamic signal hashes nothing. The dynamic map's entries
/// are kept on their signals, keyed by this Scheduler's id (see `task_signal::DynamicQueues`).
#[derive(Trace, Finalize)]
pub struct SchedulerMaps {
    #[unsafe_ignore_trace]
    id: u64,
    #[unsafe_ignore_trace]
    fixed: GcRefCell<[[Option<QueueId>; 2]; 3]>,
    /// The realm this Scheduler belongs to (its global's), which the Scheduler object keeps
    /// alive anyway.
    realm: Realm,
    /// That realm's shared {null, fixed priority} scheduling states this Scheduler has used, by
    /// priority (a lookup in the realm's data saved per task). A call from another realm
    /// (`postTask.call` across frames) looks its own up, and keeps nothing of it here.
    fixed_states: GcRefCell<[Option<Gc<SchedulingState>>; 3]>,
}

impl SchedulerMaps {
    /// The maps of a new Scheduler of `realm`.
    #[must_use]
    pub fn new(realm: Realm) -> Self {
        Self {
            id: super::next_id(&NEXT_SCHEDULER_ID),
            fixed: GcRefCell::new([[None; 2]; 3]),
            realm,
            fixed_states: GcRefCell::new([None, None, None]),
        }
    }

    /// The current realm's {null, fixed priority} scheduling state for `priority`
    /// (`fixed_priority_unabortable_state`), remembered when the current realm is this
    /// Scheduler's.
    fn fixed_state(
        &self,
        priority: TaskPriority,
        context: &mut Context,
    ) -> JsResult<Gc<SchedulingState>> {
        if context.realm() != &self.realm {
            return fixed_priority_unabortable_state(priority, context);
        }
        let index = priority as usize;
        if let Some(state) = &self.fixed_states.borrow()[index] {
            return Ok(state.clone());
        }
        let state = fixed_priority_unabortable_state(priority, context)?;
        self.fixed_states.borrow_mut()[index] = Some(state.clone());
        Ok(state)
    }
}

/// The native data of Scheduler objects.
#[derive(Trace, Finalize, JsData)]
pub struct SchedulerData {
    pub maps: Gc<SchedulerMaps>,
}

/// A task handle (§2.3).
#[derive(Trace, Finalize)]
struct TaskHandle {
    /// The scheduler task (its core key and record id), or null.
    #[unsafe_ignore_trace]
    task: Cell<Option<(SchedulerTaskKey, TaskId)>>,
    /// The scheduler task queue, or null, with the map entry it occupies.
    queue: GcRefCell<Option<QueueRef>>,
    /// The signal whose abort algorithms hold this handle's abort steps.
    signal: Gc<AbortSignalState>,
    /// The timer of a postTask `delay` that has not ended.
    #[unsafe_ignore_trace]
    delay_timer: Cell<Option<HostTimer>>,
    #[unsafe_ignore_trace]
    abort_algorithm: Cell<Option<AlgorithmId>>,
    /// The result promise's reject function.
    reject: JsFunction,
    maps: Gc<SchedulerMaps>,
}

/// A queue's removal steps: remove its map entry (for a dynamic queue, from its signal, which
/// takes the signal's priority change algorithm for it off once neither of its queues is left),
/// then forget the queue in the core. Nothing happens if the entry now holds another queue.
///
/// Deviation (representation only): a static queue is not removed. There are at most six per
/// Scheduler, an empty queue is never selected, and keeping them spares a chain of tasks (each
/// emptying its queue) creating and removing a queue per task. Not observable.
fn run_removal_steps(host: &Host, maps: &SchedulerMaps, queue: &QueueRef) {
    match queue {
        QueueRef::Static(..) => return,
        QueueRef::Dynamic(signal, cont, id) => {
            if signal.dynamic_queue(maps.id, *cont) != Some(*id) {
                return;
            }
            set_dynamic_queue(signal, maps.id, *cont, None);
        }
    }
    host.core().remove_scheduler_queue(queue.queue());
}

fn queue_is_empty(host: &Host, queue: QueueId) -> bool {
    host.core().scheduler_queue_len(queue) == 0
}

/// "Select the scheduler task queue" for a scheduler given a TaskSignal and isContinuation.
/// "Create a scheduler task queue" is the core's `create_scheduler_queue`; its removal steps are
/// [`run_removal_steps`].
fn select_queue(
    host: &Host,
    maps: &SchedulerMaps,
    signal: &Gc<TaskSignalState>,
    is_continuation: bool,
) -> QueueRef {
    // 1. If signal does not have fixed priority, then:
    if !signal.has_fixed_priority() {
        // 1.1. If the dynamic priority task queue map does not contain (signal, isContinuation):
        let queue = match signal.dynamic_queue(maps.id, is_continuation) {
            // 1.2. Return dynamic priority task queue map[(signal, isContinuation)].
            Some(queue) => queue,
            None => {
                // 1.1.1. Let queue be the result of creating a scheduler task queue given
                //        signal's priority, isContinuation, and removal steps that remove the
                //        map entry.
                let queue = host
                    .core()
                    .create_scheduler_queue(signal.priority().core(), is_continuation);
                // 1.1.2. Set dynamic priority task queue map[(signal, isContinuation)] to queue.
                // 1.1.3. Add a priority change algorithm to signal that sets queue's priority
                //        to signal's priority. (The entry is that algorithm: see
                //        `task_signal::DynamicQueues`.)
                set_dynamic_queue(signal, maps.id, is_continuation, Some(queue));
                queue
            }
        };
        return QueueRef::Dynamic(signal.clone(), is_continuation, queue);
    }
    // 2. Otherwise:
    // 2.1. Let priority be signal's priority.
    let priority = signal.priority();
    let mut fixed = maps.fixed.borrow_mut();
    let slot = &mut fixed[priority as usize][usize::from(is_continuation)];
    // 2.2. If the static priority task queue map does not contain (priority, isContinuation),
    //      then:
    let queue = *slot.get_or_insert_with(|| {
        // 2.2.1. Let queue be the result of creating a scheduler task queue given priority,
        //        isContinuation, and removal steps that remove the map entry. (taskhost never
        //        runs a static queue's removal steps: see the deviation at `run_removal_steps`.)
        // 2.2.2. Set static priority task queue map[(priority, isContinuation)] to queue.
        host.core()
            .create_scheduler_queue(priority.core(), is_continuation)
    });
    // 2.3. Return static priority task queue map[(priority, isContinuation)].
    QueueRef::Static(queue)
}

/// "Create a task handle" given a promise's reject function and an AbortSignal, with its abort
/// steps added to the signal (postTask steps 9–10, yield steps 7–8).
///
/// Deviation (representation only): a task without an abort signal gets no handle. Its abort
/// steps would never run, and its task complete steps need only its queue ([`Completion`]); a
/// pending task then costs one GC object less.
fn create_task_handle(
    reject: JsFunction,
    signal: Gc<AbortSignalState>,
    maps: Gc<SchedulerMaps>,
) -> Gc<TaskHandle> {
    // 1. Let handle be a new task handle. 2. Set its task to null. 3. Set its queue to null.
    let handle = Gc::new(TaskHandle {
        task: Cell::new(None),
        queue: GcRefCell::new(None),
        signal: signal.clone(),
        delay_timer: Cell::new(None),
        abort_algorithm: Cell::new(None),
        reject,
        maps,
    });
    // 4. Set handle's abort steps (see `abort_steps`), and add them to signal.
    let id = add_abort_algorithm(&signal, AbortAlgorithm::new(handle.clone()));
    handle.abort_algorithm.set(id);
    // 5. Set handle's task complete steps (see `task_complete_steps`).
    // 6. Return handle.
    handle
}

/// What a scheduler task's task complete steps work on.
#[derive(Trace, Finalize)]
enum Completion {
    /// A task with an abort signal: its handle.
    Handle(Gc<TaskHandle>),
    /// A task without one: its queue.
    Queue(QueueRef, Gc<SchedulerMaps>),
}

impl AbortSteps for TaskHandle {
    fn abort(this: &Gc<Self>, context: &mut Context) -> JsResult<()> {
        abort_steps(this, context)
    }
}

/// A task handle's abort steps (§2.4, "create a task handle" step 4).
fn abort_steps(handle: &Gc<TaskHandle>, context: &mut Context) -> JsResult<()> {
    let host = Host::from_context(context)?;
    // 4.1. Reject result with signal's abort reason.
    let reason = handle.signal.reason();
    handle
        .reject
        .call(&JsValue::undefined(), &[reason], context)?;
    // (taskhost: during a delay, task is null and the delay's timer would enqueue nothing; cancel
    // it, so that it does not keep the event loop alive.)
    if let Some(timer) = handle.delay_timer.take() {
        host.cancel_timer(timer);
    }
    // 4.2. If task is not null, then:
    if let Some((key, id)) = handle.task.get() {
        // 4.2.1. Remove task from queue.
        let removed = host.core().scheduler_remove(key);
        if removed.is_some() {
            host.forget_task(id);
        }
        // 4.2.2. If queue is empty, then run queue's removal steps. (The removal tells whether
        //        the queue emptied. If the task was not queued any more it is running, and its
        //        task complete steps run the removal steps when it ends; not observable.)
        if removed == Some(true) {
            let queue = handle.queue.borrow().clone();
            if let Some(queue) = queue {
                run_removal_steps(&host, &handle.maps, &queue);
            }
        }
    }
    Ok(())
}

/// A task handle's task complete steps (§2.4, "create a task handle" step 5).
fn task_complete_steps(completion: &Completion, host: &Host) {
    let (queue, maps) = match completion {
        Completion::Handle(handle) => {
            // 5.1. If signal is not null, then remove handle's abort steps from signal.
            if let Some(id) = handle.abort_algorithm.take() {
                remove_abort_algorithm(&handle.signal, id);
            }
            let queue = handle.queue.borrow().clone();
            (queue, &handle.maps)
        }
        Completion::Queue(queue, maps) => (Some(queue.clone()), maps),
    };
    // 5.2. If queue is empty, then run queue's removal steps.
    if let Some(queue) = queue
        && queue_is_empty(host, queue.queue())
    {
        run_removal_steps(host, maps, &queue);
    }
}

/// "Schedule a task to invoke an algorithm" for a scheduler given a task handle (or, for a task
/// without a signal, its queue) and steps. `ripe` is the (due time, timer order) of a delay that
/// just ended: the task is as old as its due time against timers and messages
/// (`EventLoopCore::scheduler_enqueue_ripe`).
fn schedule_task(
    host: &Host,
    realm: Realm,
    completion: Completion,
    (ripe, posted): (Option<(LoopTime, u64)>, Option<Box<Posted>>),
    steps: impl FnOnce(&Host, &mut Context) -> JsResult<()> + 'static,
) {
    let queue = match &completion {
        Completion::Handle(handle) => handle.queue.borrow().as_ref().map(QueueRef::queue),
        Completion::Queue(queue, _) => Some(queue.queue()),
    };
    let Some(queue) = queue else {
        return;
    };
    let handle = match &completion {
        Completion::Handle(handle) => Some(handle.clone()),
        Completion::Queue(..) => None,
    };
    // 1–3. global, document (none), event loop.
    // 4–5. Let enqueue order be event loop's next enqueue order; increment it. (The core.)
    // 6. Set handle's task to the result of queuing a scheduler task on handle's queue given
    //    enqueue order, the posted task task source, document, and steps that run steps and
    //    then handle's task complete steps.
    let id = host.insert_task(
        realm,
        Box::new(move |context| {
            let host = Host::from_context(context)?;
            // 6.1. Run steps.
            let result = steps(&host, context);
            // 6.2. Run handle's task complete steps.
            task_complete_steps(&completion, &host);
            result
        }),
    );
    host.trace_attach(id, posted, "scheduler task");
    let key = match ripe {
        None => host.core().scheduler_enqueue(queue, id),
        Some((due, timer_order)) => host
            .core()
            .scheduler_enqueue_ripe(queue, id, due, timer_order),
    };
    if let Some(handle) = handle {
        handle.task.set(Some((key, id)));
    }
}

/// The options of postTask, converted.
pub struct PostTaskOptions {
    pub signal: Option<(JsObject, Gc<AbortSignalState>)>,
    pub priority: Option<TaskPriority>,
    pub delay: u64,
}

/// "Schedule a postTask task" for scheduler given callback and options (§2.4.2).
pub fn schedule_post_task(
    host: &Host,
    scheduler: &JsObject,
    maps: Gc<SchedulerMaps>,
    callback: JsObject,
    options: PostTaskOptions,
    context: &mut Context,
) -> JsResult<JsPromise> {
    // (The scheduler's relevant realm: its tasks run with it current.)
    let realm = context.realm().clone();
    // 1. Let result be a new promise.
    let (result, resolvers) = JsPromise::new_pending(context);
    // 2. Let signal be options["signal"] if it exists, or otherwise null.
    let signal = options.signal;
    // 3. If signal is not null and it is aborted, then reject result with signal's abort reason
    //    and return result.
    if let Some((_, state)) = &signal
        && state.is_aborted()
    {
        resolvers
            .reject
            .call(&JsValue::undefined(), &[state.reason()], context)?;
        return Ok(result);
    }
    let posted = host.trace_post(context, "postTask", Some(&callback));
    // 4. Let state be a new scheduling state.
    // 5. Set state's abort source to signal.
    // 6. If options["priority"] exists, then set state's priority source to the result of
    //    creating a fixed priority unabortable task signal given options["priority"].
    // 7. Otherwise if signal is not null and implements the TaskSignal interface, then set
    //    state's priority source to signal.
    // 8. If state's priority source is null, then set it to the result of creating a fixed
    //    priority unabortable task signal given "user-visible".
    //    (Without an abort source the state is the realm's shared {null, fixed priority} state:
    //    `fixed_priority_unabortable_state`.)
    let state = match &signal {
        None => maps.fixed_state(
            options.priority.unwrap_or(TaskPriority::UserVisible),
            context,
        )?,
        Some((object, abort_source)) => {
            let fixed = |priority, context: &mut Context| {
                maps.fixed_state(priority, context)
                    .map(|state| state.priority_source.clone())
            };
            let priority_source = match options.priority {
                Some(priority) => fixed(priority, context)?,
                None => match task_signal_state(object) {
                    Some(task_signal) => task_signal,
                    None => fixed(TaskPriority::UserVisible, context)?,
                },
            };
            SchedulingState::with_abort_source(abort_source.clone(), priority_source)
        }
    };
    // 9. Let handle be the result of creating a task handle given result and signal.
    // 10. If signal is not null, then add handle's abort steps to signal.
    let abort_source = state.abort_source.clone();
    let handle = abort_source
        .clone()
        .map(|signal| create_task_handle(resolvers.reject.clone(), signal, maps.clone()));
    // 11. Let enqueueSteps be the following steps:
    let scheduler = scheduler.clone();
    let delay_handle = handle.clone();
    // (Only a delayed task's timer needs the realm: no handle is taken for the others.)
    let delay_realm = (options.delay > 0).then(|| realm.clone());
    let enqueue_steps = move |host: &Host, ripe: Option<(LoopTime, u64)>| {
        // 11.1. Set handle's queue to the result of selecting the scheduler task queue for
        //       scheduler given state's priority source and false.
        let queue = select_queue(host, &maps, &state.priority_source, false);
        let completion = match handle {
            Some(handle) => {
                *handle.queue.borrow_mut() = Some(queue);
                Completion::Handle(handle)
            }
            None => Completion::Queue(queue, maps),
        };
        // 11.2. Schedule a task to invoke an algorithm for scheduler given handle and these steps:
        let resolve = resolvers.resolve.clone();
        let reject = resolvers.reject.clone();
        schedule_task(
            host,
            realm,
            completion,
            (ripe, posted),
            move |host, context| {
                // 11.2.1. Let eventLoop be scheduler's relevant agent's event loop.
                // 11.2.2. Set the current scheduling state for scheduler to state.
                set_current_scheduling_state(host, &scheduler, &state);
                // 11.2.3. Let callbackResult be the result of invoking callback with « » and
                //         "rethrow". If that threw an exception, then reject result with that.
                //         Otherwise, resolve result with callbackResult.
                //         (A stack limit rejects with a RangeError; an engine panic is not an
                //         exception and leaves the task, after step 11.2.4: `exception_to_value`.)
                //         (Invoking ends with "clean up after running script": the microtasks the
                //         callback queued run before result is resolved or rejected.)
                //         (Invoking records timing info for user callback, named as Chromium
                //         names it.)
                crate::web::performance::long_animation_frames::user_callback(
                    host,
                    "SchedulerPostTaskCallback",
                    &callback,
                    context,
                );
                let invoked = invoke_callback_function(
                    &callback,
                    &JsValue::undefined(),
                    &[],
                    ExceptionBehavior::Rethrow,
                    context,
                );
                let outcome = match invoked {
                    Ok(value) => resolve.call(&JsValue::undefined(), &[value], context),
                    Err(error) => exception_to_value(error, context)
                        .and_then(|reason| reject.call(&JsValue::undefined(), &[reason], context)),
                };
                // 11.2.4. Set eventLoop's current continuation state to null.
                host.set_current_continuation_state(None);
                outcome.map(drop)
            },
        );
    };
    // 12. Let delay be options["delay"].
    // 13. If delay is greater than 0, then run steps after a timeout given scheduler's relevant
    //     global object, "scheduler-postTask", delay, and the following steps:
    //     1. If signal is null or signal is not aborted, then run enqueueSteps.
    //     (The task is then as old as the delay's due time against timers and messages.)
    if let Some(delay_realm) = delay_realm {
        let due = host.now().saturating_add_millis(options.delay);
        let timer_handle = delay_handle.clone();
        // (Imitating Firefox, `--imitate timer-executor`: a timeout of its timer executor,
        // whose task enqueues the task when it runs, see agent::timeout_executor.)
        let timer = host.set_page_timer_action(
            due,
            delay_realm,
            Box::new(move |host, due, timer_order| {
                if let Some(handle) = &timer_handle {
                    handle.delay_timer.set(None);
                }
                if abort_source.as_ref().is_none_or(|s| !s.is_aborted()) {
                    enqueue_steps(host, Some((due, timer_order)));
                }
            }),
        );
        if let Some(handle) = &delay_handle {
            handle.delay_timer.set(Some(timer));
        }
    } else {
        // 14. Otherwise, run enqueueSteps.
        enqueue_steps(host, None);
    }
    // 15. Return result.
    Ok(result)
}

/// "Schedule a yield continuation" for scheduler (§2.4.2).
pub fn schedule_yield_continuation(
    host: &Host,
    scheduler: &JsObject,
    maps: Gc<SchedulerMaps>,
    context: &mut Context,
) -> JsResult<JsPromise> {
    // 1. Let result be a new promise.
    let (result, resolvers) = JsPromise::new_pending(context);
    // 2. Let inheritedState be the result of getting the current scheduling state for scheduler.
    let inherited = current_scheduling_state(host, scheduler);
    // 3. Let abortSource be inheritedState's abort source if inheritedState is not null, or
    //    otherwise null.
    let abort_source = inherited.as_ref().and_then(|s| s.abort_source.clone());
    // 4. If abortSource is not null and abortSource is aborted, then reject result with
    //    abortSource's abort reason and return result.
    if let Some(source) = &abort_source
        && source.is_aborted()
    {
        resolvers
            .reject
            .call(&JsValue::undefined(), &[source.reason()], context)?;
        return Ok(result);
    }
    // 5. Let prioritySource be inheritedState's priority source if inheritedState is not null,
    //    or otherwise null.
    // 6. If prioritySource is null, then set prioritySource to the result of creating a fixed
    //    priority unabortable task signal given "user-visible".
    let priority_source = match inherited {
        Some(state) => state.priority_source.clone(),
        None => maps
            .fixed_state(TaskPriority::UserVisible, context)?
            .priority_source
            .clone(),
    };
    let abort_source_present = abort_source.is_some();
    // 7. Let handle be the result of creating a task handle given result and abortSource.
    // 8. If abortSource is not null, then add handle's abort steps to abortSource.
    let handle = abort_source
        .map(|signal| create_task_handle(resolvers.reject.clone(), signal, maps.clone()));
    // 9. Set handle's queue to the result of selecting the scheduler task queue for scheduler
    //    given prioritySource and true.
    let queue = select_queue(host, &maps, &priority_source, true);
    let completion = match handle {
        Some(handle) => {
            *handle.queue.borrow_mut() = Some(queue);
            Completion::Handle(handle)
        }
        None => Completion::Queue(queue, maps),
    };
    // 10. Schedule a task to invoke an algorithm for scheduler given handle and the following
    //     steps: 1. Resolve result.
    let resolve = resolvers.resolve;
    let posted = host.trace_post(context, "yield continuation", None);
    host.trace_instant("yield", || {
        serde_json::json!({
            "priority": priority_source.priority().as_str(),
            "signal": priority_source.id(),
            "abortable": abort_source_present,
        })
    });
    schedule_task(
        host,
        context.realm().clone(),
        completion,
        (None, posted),
        move |host, context| {
            // (Resolving a promise records timing info for promise resolver: the continuation
            // is the script of its task, "Scheduler.yield.then" as Chromium names it.)
            crate::web::performance::long_animation_frames::promise_resolver(
                host,
                "Scheduler.yield",
                true,
                context,
            );
            resolve
                .call(&JsValue::undefined(), &[JsValue::undefined()], context)
                .map(drop)
        },
    );
    // 11. Return result.
    Ok(result)
}
