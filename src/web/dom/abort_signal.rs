//! The `AbortSignal` interface (DOM §3.2), "signal abort" and dependent signals, and the Rust
//! API that signals of later layers (`TaskSignal extends AbortSignal`) build on. The abort
//! algorithms themselves, and a signal's list of them, are in [`super::abort_algorithms`].
//!
//! Invariants:
//! - A signal's state is an [`AbortSignalState`] in a `Gc`, shared by the object's native data
//!   (any type implementing [`IsAbortSignal`], registered with [`register_abort_signal_brand`]).
//!   The state holds its JS object strongly (a cycle the collector reclaims as a whole), so a
//!   state reached from elsewhere can fire events at its object.
//! - *Source signals* and *dependent signals* are weak sets (`WeakGc`): creating dependent signals
//!   from a long-lived source does not keep them alive. Dead entries of a source's dependents are
//!   pruned when the list has doubled since the last pruning (amortised O(1) per append); the
//!   list and the pins below are [`super::dependent_signals`]', shared with TaskSignal.
//! - The DOM's GC rule (§3.2, "Garbage collection"): a dependent signal that is not aborted, has
//!   source signals, and has `abort` listeners or abort algorithms must stay alive. Such a signal
//!   is *pinned*: each of its sources holds it strongly (`pins`) until the condition stops holding
//!   ([`refresh_keep_alive_state`], called whenever listeners or algorithms change).
//! - Once aborted, a signal's reason never changes; its algorithms, sources, dependents and pins
//!   are emptied.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::object::NativeObject;
use boa_engine::{Context, JsData, JsError, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Gc, GcRefCell, Trace, WeakGc};

use crate::agent::host::Host;
use crate::engine::webidl::{to_unsigned_long_long_enforce_range, type_error};
use crate::web::dom::abort_algorithms::AlgorithmList;
pub use crate::web::dom::abort_algorithms::{AbortAlgorithm, AbortSteps, AlgorithmId};
use crate::web::dom::dependent_signals::{Pins, WeakDependents};
use crate::web::dom::dispatch::fire_simple_event;
use crate::web::dom::dom_exception::new_dom_exception;
use crate::web::dom::event::EventInit;
use crate::web::dom::event_target::{EventTargetState, IsEventTarget, register_event_target_brand};
use crate::web::dom::interface::{
    InterfaceSpec, arguments_required, define_interface, find_brand, illegal_invocation,
    prototype_of, register_brand, sequence, this_object,
};
use crate::web::html::event_handler;

#[derive(Trace, Finalize)]
struct SignalInner {
    /// The signal's JS object.
    object: Option<JsObject>,
    /// The abort reason; `Some` iff the signal is aborted.
    reason: Option<JsValue>,
    /// O(log n) to remove, so a long-lived signal shared by many pending tasks costs little per
    /// task completion.
    algorithms: AlgorithmList,
    sources: Vec<WeakGc<AbortSignalState>>,
    dependents: WeakDependents<AbortSignalState>,
    /// Dependents that must stay alive (see the module invariants).
    pins: Pins<AbortSignalState>,
    pinned: bool,
    dependent: bool,
}

impl SignalInner {
    fn new() -> Self {
        Self {
            object: None,
            reason: None,
            algorithms: AlgorithmList::default(),
            sources: Vec::new(),
            dependents: WeakDependents::default(),
            pins: Pins::default(),
            pinned: false,
            dependent: false,
        }
    }
}

/// An AbortSignal's state (DOM §3.2): abort reason, abort algorithms, source and dependent
/// signals, dependent flag; plus its EventTarget state.
#[derive(Trace, Finalize)]
pub struct AbortSignalState {
    /// The signal's EventTarget state, made when first needed (a listener or handler added, an
    /// event dispatched to it): most signals never have one, and until then "no listener" is
    /// all there is to know.
    target: GcRefCell<Option<Gc<EventTargetState>>>,
    inner: GcRefCell<SignalInner>,
}

impl AbortSignalState {
    /// A new, not aborted, non-dependent signal state (its EventTarget state is made when first
    /// needed); bind it to its object with [`Self::bind_object`] once the object exists.
    #[must_use]
    pub fn new() -> Gc<Self> {
        Gc::new(Self {
            target: GcRefCell::new(None),
            inner: GcRefCell::new(SignalInner::new()),
        })
    }

    /// The signal's EventTarget state (for the native data's [`IsEventTarget`]), made now if
    /// the signal has none yet.
    #[must_use]
    pub fn event_target(&self) -> Gc<EventTargetState> {
        self.target
            .borrow_mut()
            .get_or_insert_with(EventTargetState::new)
            .clone()
    }

    /// Whether the signal has made its EventTarget state (for tests of its laziness).
    #[cfg(test)]
    #[must_use]
    pub fn has_event_target_state(&self) -> bool {
        self.target.borrow().is_some()
    }

    /// Whether some listener (or activated event handler) listens for `kind` (false while the
    /// signal has no EventTarget state, without making one).
    #[must_use]
    pub fn has_listener_for(&self, kind: &str) -> bool {
        self.target
            .borrow()
            .as_ref()
            .is_some_and(|target| target.has_listener_for(kind))
    }

    /// Record the signal's JS object (once, at creation).
    pub fn bind_object(&self, object: &JsObject) {
        self.inner.borrow_mut().object = Some(object.clone());
    }

    /// The signal's JS object.
    #[must_use]
    pub fn object(&self) -> Option<JsObject> {
        self.inner.borrow().object.clone()
    }

    /// "An AbortSignal object is aborted when its abort reason is not undefined."
    #[must_use]
    pub fn is_aborted(&self) -> bool {
        self.inner.borrow().reason.is_some()
    }

    /// The abort reason (undefined when not aborted).
    #[must_use]
    pub fn reason(&self) -> JsValue {
        self.inner.borrow().reason.clone().unwrap_or_default()
    }

    /// Whether the signal is dependent.
    #[must_use]
    pub fn is_dependent(&self) -> bool {
        self.inner.borrow().dependent
    }

    /// Number of live dependents recorded (for tests and diagnostics).
    #[must_use]
    pub fn dependent_count(&self) -> usize {
        self.inner.borrow().dependents.live_count()
    }

    /// Length of the dependents list, dead entries included (for memory tests).
    #[must_use]
    pub fn dependents_capacity_used(&self) -> usize {
        self.inner.borrow().dependents.len()
    }

    fn append_dependent(&self, dependent: &Gc<Self>) {
        // Never a duplicate: a dependent is new when its sources are appended, and its own
        // source list has no duplicates (create_dependent_abort_signal).
        self.inner.borrow_mut().dependents.push(dependent);
    }

    fn live_sources(&self) -> Vec<Gc<Self>> {
        self.inner
            .borrow()
            .sources
            .iter()
            .filter_map(WeakGc::upgrade)
            .collect()
    }
}

/// "Add" an abort algorithm to a signal: 1. If signal is aborted, then return. 2. Append
/// algorithm to signal's abort algorithms. (`None` when aborted.)
pub fn add_abort_algorithm(
    signal: &Gc<AbortSignalState>,
    algorithm: AbortAlgorithm,
) -> Option<AlgorithmId> {
    let id = {
        let mut inner = signal.inner.borrow_mut();
        if inner.reason.is_some() {
            return None;
        }
        inner.algorithms.push(algorithm)
    };
    refresh_keep_alive_state(signal);
    Some(id)
}

/// "Remove" an abort algorithm: remove algorithm from signal's abort algorithms.
pub fn remove_abort_algorithm(signal: &Gc<AbortSignalState>, id: AlgorithmId) {
    signal.inner.borrow_mut().algorithms.remove(id);
    refresh_keep_alive_state(signal);
}

/// Re-evaluate the DOM GC rule for this signal: pin it in its sources while it is a
/// non-aborted dependent with sources and with `abort` listeners or abort algorithms.
pub fn refresh_keep_alive_state(signal: &Gc<AbortSignalState>) {
    let (needed, pinned) = {
        let inner = signal.inner.borrow();
        let needed = inner.dependent
            && inner.reason.is_none()
            && !inner.sources.is_empty()
            && (!inner.algorithms.is_empty() || signal.has_listener_for("abort"));
        (needed, inner.pinned)
    };
    if needed == pinned {
        return;
    }
    for source in signal.live_sources() {
        let mut source = source.inner.borrow_mut();
        if needed {
            source.pins.pin(signal);
        } else {
            source.pins.unpin(signal);
        }
    }
    signal.inner.borrow_mut().pinned = needed;
}

/// Native data of objects whose interface is AbortSignal (or inherits from it).
pub trait IsAbortSignal: IsEventTarget + NativeObject {
    fn abort_signal_state(&self) -> Gc<AbortSignalState>;
}

/// The native data of `AbortSignal` objects.
#[derive(Trace, Finalize, JsData)]
pub struct AbortSignalData {
    pub signal: Gc<AbortSignalState>,
}

impl IsEventTarget for AbortSignalData {
    fn event_target_state(&self) -> Gc<EventTargetState> {
        self.signal.event_target()
    }
}

impl IsAbortSignal for AbortSignalData {
    fn abort_signal_state(&self) -> Gc<AbortSignalState> {
        self.signal.clone()
    }
}

fn brand_of<T: IsAbortSignal>(object: &JsObject) -> Option<Gc<AbortSignalState>> {
    object.downcast_ref::<T>().map(|d| d.abort_signal_state())
}

/// Make objects with native data `T` recognised as AbortSignals (and EventTargets).
pub fn register_abort_signal_brand<T: IsAbortSignal>(context: &mut Context) {
    register_event_target_brand::<T>(context);
    register_brand(context, brand_of::<T>);
}

/// The signal state of `object`, if it is an AbortSignal (or a subclass's instance).
#[must_use]
pub fn abort_signal_state(object: &JsObject, context: &Context) -> Option<Gc<AbortSignalState>> {
    if let Some(state) = brand_of::<AbortSignalData>(object) {
        return Some(state);
    }
    find_brand(object, context)
}

/// Whether `value` is an AbortSignal (or an instance of a subclass).
#[must_use]
pub fn is_abort_signal(value: &JsValue, context: &Context) -> bool {
    value
        .as_object()
        .is_some_and(|o| abort_signal_state(&o, context).is_some())
}

/// The WebIDL conversion of a value to the interface type `AbortSignal` (§3.2.15): 1. If V
/// does not implement AbortSignal, throw a TypeError (here: `None`, for the caller's message).
/// 2. Return the IDL value referencing V (with its signal state).
#[must_use]
pub fn to_abort_signal(
    value: &JsValue,
    context: &Context,
) -> Option<(JsObject, Gc<AbortSignalState>)> {
    let object = value.as_object()?;
    let state = abort_signal_state(&object, context)?;
    Some((object, state))
}

/// The value of an `AbortSignal signal` dictionary member (`AbortSignal? signal` when
/// `nullable`), as read from `dictionary`: undefined (not present) is `None`, and so is null for
/// a nullable member; anything else converts to AbortSignal or is the TypeError `on_error` makes
/// from a "Failed to read the 'signal' property …" message.
pub fn abort_signal_member(
    value: &JsValue,
    dictionary: &str,
    nullable: bool,
    context: &Context,
    on_error: impl FnOnce(&str) -> JsError,
) -> JsResult<Option<(JsObject, Gc<AbortSignalState>)>> {
    if value.is_undefined() || (nullable && value.is_null()) {
        return Ok(None);
    }
    to_abort_signal(value, context).map(Some).ok_or_else(|| {
        on_error(&format!(
            "Failed to read the 'signal' property from '{dictionary}': {NOT_AN_ABORT_SIGNAL}"
        ))
    })
}

const NOT_AN_ABORT_SIGNAL: &str = "Failed to convert value to 'AbortSignal'.";

/// Re-evaluate the GC rule for `object` if it is an AbortSignal (after its listeners changed).
///
/// Runs on every listener change of every EventTarget, so it costs one brand check for the
/// others and allocates nothing.
pub fn refresh_keep_alive(object: &JsObject, context: &Context) {
    let Some(state) = abort_signal_state(object, context) else {
        // The refreshers are for subclasses of AbortSignal only.
        return;
    };
    refresh_keep_alive_state(&state);
    if let Some(refreshers) = context.get_data::<Rc<KeepAliveRefreshers>>() {
        // A refresher gets `&Context`, so it cannot register another one while this borrow of
        // the list is held.
        for refresh in refreshers.0.borrow().iter() {
            refresh(object, context);
        }
    }
}

/// Steps a subclass's layer runs when a signal's listeners change (TaskSignal: its own GC rule
/// depends on `prioritychange` listeners).
pub type KeepAliveRefresher = fn(&JsObject, &Context);

#[derive(Default)]
struct KeepAliveRefreshers(RefCell<Vec<KeepAliveRefresher>>);

/// Register steps to run whenever an AbortSignal's listeners change.
pub fn register_keep_alive_refresher(context: &mut Context, refresher: KeepAliveRefresher) {
    if !context.has_data::<Rc<KeepAliveRefreshers>>() {
        context.insert_data(Rc::new(KeepAliveRefreshers::default()));
    }
    if let Some(refreshers) = context.get_data::<Rc<KeepAliveRefreshers>>() {
        refreshers.0.borrow_mut().push(refresher);
    }
}

/// Create a new `AbortSignal` object with the given prototype (AbortSignal.prototype or a
/// subclass's).
#[must_use]
pub fn new_abort_signal(
    prototype: JsObject,
    context: &mut Context,
) -> (JsObject, Gc<AbortSignalState>) {
    let signal = AbortSignalState::new();
    let object = crate::engine::builtins::platform_object(
        prototype,
        AbortSignalData {
            signal: signal.clone(),
        },
        context,
    );
    signal.bind_object(&object);
    (object, signal)
}

/// Create a new `AbortSignal` of this realm.
pub fn create_abort_signal(context: &mut Context) -> JsResult<(JsObject, Gc<AbortSignalState>)> {
    let prototype = prototype_of(context, "AbortSignal")?;
    Ok(new_abort_signal(prototype, context))
}

/// "Signal abort" (DOM §3.2) given a signal and an optional reason.
pub fn signal_abort(
    signal: &Gc<AbortSignalState>,
    reason: Option<JsValue>,
    context: &mut Context,
) -> JsResult<()> {
    // 1. If signal is aborted, then return.
    if signal.is_aborted() {
        return Ok(());
    }
    // 2. Set signal's abort reason to reason if it is given; otherwise to a new "AbortError"
    //    DOMException.
    let reason = match reason {
        Some(r) if !r.is_undefined() => r,
        _ => new_dom_exception(context, "signal is aborted without reason", "AbortError")?.into(),
    };
    let dependents = {
        let mut inner = signal.inner.borrow_mut();
        inner.reason = Some(reason.clone());
        std::mem::take(&mut inner.dependents).live()
    };
    // 3. Let dependentSignalsToAbort be a new list.
    let mut to_abort = Vec::new();
    // 4. For each dependentSignal of signal's dependent signals: if dependentSignal is not
    //    aborted, then set its abort reason to signal's abort reason and append it to
    //    dependentSignalsToAbort.
    for dependent in dependents {
        let mut inner = dependent.inner.borrow_mut();
        if inner.reason.is_none() {
            inner.reason = Some(reason.clone());
            drop(inner);
            to_abort.push(dependent);
        }
    }
    if let Ok(host) = Host::from_context(context) {
        host.trace_instant("abort", || {
            let mut reason = reason.display().to_string();
            if reason.len() > 80 {
                reason.truncate(reason.floor_char_boundary(77));
                reason.push_str("...");
            }
            serde_json::json!({"reason": reason, "dependents": to_abort.len()})
        });
    }
    // 5. Run the abort steps for signal.
    run_abort_steps(signal, context);
    // 6. For each dependentSignal of dependentSignalsToAbort, run the abort steps for it.
    for dependent in &to_abort {
        run_abort_steps(dependent, context);
    }
    Ok(())
}

/// "Run the abort steps" for a signal (whose reason is set).
fn run_abort_steps(signal: &Gc<AbortSignalState>, context: &mut Context) {
    // Aborted: the signal no longer follows its sources nor needs to stay pinned in them.
    refresh_keep_alive_state(signal);
    let (algorithms, object) = {
        let mut inner = signal.inner.borrow_mut();
        inner.sources.clear();
        inner.pins.clear();
        // 2. Empty signal's abort algorithms. (Taken before running them: step 1.)
        (inner.algorithms.take(), inner.object.clone())
    };
    // 1. For each algorithm of signal's abort algorithms: run algorithm.
    for algorithm in algorithms {
        if let Err(error) = algorithm.run(context) {
            report(&error, context);
        }
    }
    // 3. Fire an event named abort at signal.
    //    (A signal has no parent in the event path, so when it has no listener for "abort" (an
    //    `onabort` handler is one once set) the dispatch would invoke nothing: the event object
    //    could never be seen, and is not created.)
    if let Some(object) = object
        && signal.has_listener_for("abort")
        && let Err(error) = fire_simple_event(&object, "abort", EventInit::default(), context)
    {
        report(&error, context);
    }
}

fn report(error: &JsError, context: &mut Context) {
    if let Ok(host) = Host::from_context(context) {
        crate::web::html::report::report_exception(&host, error, context);
    }
}

/// "Create a dependent abort signal" (DOM §3.2.1) from a list of signals, into `result`: a new
/// object implementing the signal interface (AbortSignal, or a subclass for its own `any()`).
/// Returns `result`.
pub fn create_dependent_abort_signal(
    signals: &[JsObject],
    result: &JsObject,
    context: &mut Context,
) -> JsResult<JsObject> {
    // 1. Let resultSignal be a new object implementing signalInterface using realm. (Given.)
    let Some(result_state) = abort_signal_state(result, context) else {
        return Err(illegal_invocation());
    };
    let states: Vec<Gc<AbortSignalState>> = signals
        .iter()
        .filter_map(|s| abort_signal_state(s, context))
        .collect();
    // 2. For each signal of signals: if signal is aborted, then set resultSignal's abort reason
    //    to signal's abort reason and return resultSignal.
    if let Some(aborted) = states.iter().find(|s| s.is_aborted()) {
        result_state.inner.borrow_mut().reason = Some(aborted.reason());
        return Ok(result.clone());
    }
    // 3. Set resultSignal's dependent to true.
    result_state.inner.borrow_mut().dependent = true;
    // 4. For each signal of signals:
    for signal in &states {
        // 4.1. If signal's dependent is false: append signal to resultSignal's source signals;
        //      append resultSignal to signal's dependent signals.
        // 4.2. Otherwise, for each sourceSignal of signal's source signals: assert that
        //      sourceSignal is not aborted and not dependent; append sourceSignal to
        //      resultSignal's source signals; append resultSignal to sourceSignal's dependents.
        let sources = if signal.is_dependent() {
            signal.live_sources()
        } else {
            vec![signal.clone()]
        };
        for source in sources {
            debug_assert!(!source.is_aborted() && !source.is_dependent());
            let weak = WeakGc::new(&source);
            {
                let mut inner = result_state.inner.borrow_mut();
                if inner.sources.contains(&weak) {
                    continue;
                }
                inner.sources.push(weak);
            }
            source.append_dependent(&result_state);
        }
    }
    // 5. Return resultSignal.
    Ok(result.clone())
}

fn this_signal(this: &JsValue, context: &Context) -> JsResult<Gc<AbortSignalState>> {
    abort_signal_state(&this_object(this, context)?, context).ok_or_else(illegal_invocation)
}

/// `AbortSignal.abort(reason)`.
fn abort(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // 1. Let signal be a new AbortSignal object.
    let (object, signal) = create_abort_signal(context)?;
    // 2. Set signal's abort reason to reason if it is given; otherwise to a new "AbortError"
    //    DOMException.
    let reason = match args.first() {
        Some(r) if !r.is_undefined() => r.clone(),
        _ => new_dom_exception(context, "signal is aborted without reason", "AbortError")?.into(),
    };
    signal.inner.borrow_mut().reason = Some(reason);
    // 3. Return signal.
    Ok(object.into())
}

/// `AbortSignal.timeout(milliseconds)`.
///
/// The timer keeps the event loop alive until it fires, like any timer (a script that only
/// waits on `AbortSignal.timeout(1000)` runs for a second).
fn timeout(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let Some(value) = args.first() else {
        return Err(type_error(
            "AbortSignal",
            "timeout",
            &arguments_required(1, 0),
        ));
    };
    // [EnforceRange] unsigned long long milliseconds.
    let milliseconds = match to_unsigned_long_long_enforce_range(value, context)? {
        Ok(ms) => ms,
        Err(message) => return Err(type_error("AbortSignal", "timeout", &message)),
    };
    // 1. Let signal be a new AbortSignal object.
    let (object, signal) = create_abort_signal(context)?;
    // 2. Let global be signal's relevant global object.
    // 3. Run steps after a timeout given global, "AbortSignal-timeout", milliseconds, and the
    //    following step: queue a global task on the timer task source given global to signal
    //    abort given signal and a new "TimeoutError" DOMException.
    //    (Run steps after a timeout, step 4.3, "Optionally, wait a further implementation-defined
    //    length of time": none, unless imitating WebKit's 1 ms minimum, `--imitate
    //    timer-minimum-one-ms`, see agent::deviations.)
    let host = Host::from_context(context)?;
    let wait = if host.deviations().timer_minimum_one_ms {
        milliseconds.max(1)
    } else {
        milliseconds
    };
    let due = host.now().saturating_add_millis(wait);
    //    (Imitating Firefox, `--imitate timer-executor`: a timeout of its timer executor, see
    //    agent::timeout_executor.)
    host.set_page_timer(
        due,
        context.realm().clone(),
        Box::new(move |context| {
            let reason = new_dom_exception(context, "signal timed out", "TimeoutError")?;
            signal_abort(&signal, Some(reason.into()), context)
        }),
        None,
    );
    // 4. Return signal.
    Ok(object.into())
}

/// `AbortSignal.any(signals)`: create a dependent abort signal from signals using AbortSignal.
fn any(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let signals = abort_signal_sequence(args, "AbortSignal", "any", context)?;
    let (object, _) = create_abort_signal(context)?;
    Ok(create_dependent_abort_signal(&signals, &object, context)?.into())
}

/// Convert the `sequence<AbortSignal> signals` argument of an `any()` operation.
pub fn abort_signal_sequence(
    args: &[JsValue],
    interface: &str,
    operation: &str,
    context: &mut Context,
) -> JsResult<Vec<JsObject>> {
    if args.is_empty() {
        return Err(type_error(interface, operation, &arguments_required(1, 0)));
    }
    let values = sequence(&args[0], context, |m| type_error(interface, operation, m))?;
    values
        .into_iter()
        .map(|v| {
            to_abort_signal(&v, context)
                .map(|(object, _)| object)
                .ok_or_else(|| type_error(interface, operation, NOT_AN_ABORT_SIGNAL))
        })
        .collect()
}

pub fn register(context: &mut Context) -> JsResult<()> {
    register_abort_signal_brand::<AbortSignalData>(context);
    define_interface(
        context,
        InterfaceSpec {
            name: "AbortSignal",
            parent: Some("EventTarget"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.static_operation("abort", 0, NativeFunction::from_fn_ptr(abort))
                .static_operation("timeout", 1, NativeFunction::from_fn_ptr(timeout))
                .static_operation("any", 1, NativeFunction::from_fn_ptr(any))
                // The aborted getter steps are to return true if this is aborted.
                .attribute(
                    "aborted",
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        Ok(this_signal(this, context)?.is_aborted().into())
                    }),
                    None,
                )
                // The reason getter steps are to return this's abort reason.
                .attribute(
                    "reason",
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        Ok(this_signal(this, context)?.reason())
                    }),
                    None,
                )
                // The throwIfAborted() method steps are to throw this's abort reason, if this is
                // aborted.
                .operation(
                    "throwIfAborted",
                    0,
                    NativeFunction::from_fn_ptr(|this, _, context| {
                        let signal = this_signal(this, context)?;
                        if signal.is_aborted() {
                            return Err(JsError::from_opaque(signal.reason()));
                        }
                        Ok(JsValue::undefined())
                    }),
                );
            event_handler::event_handler_attribute(m, "onabort", |o, c| {
                abort_signal_state(o, c).is_some()
            });
        },
    )?;
    Ok(())
}

#[cfg(test)]
#[path = "abort_signal_tests.rs"]
mod tests;
