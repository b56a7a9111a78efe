//! DOM Standard: events (`Event`, `CustomEvent`, `EventTarget`), `DOMException`, aborting
//! (`AbortController`, `AbortSignal`). One file per interface; `dispatch` holds the dispatch
//! algorithm and `interface` the WebIDL glue.
//!
//! # Rust API for interfaces built on these (e.g. the scheduling layer)
//!
//! Interfaces and inheritance ([`interface`]):
//! - `define_interface(context, InterfaceSpec { name, parent: Some("AbortSignal"), length,
//!   constructor }, |m| { m.operation(..).attribute(..).static_operation(..); })` — real JS
//!   inheritance from a registered parent, made when first used (`define_interface_with` adds
//!   steps run when it is made, `define_interface_now` makes it at once);
//!   `prototype_of(context, "TaskSignal")` (makes it if needed),
//!   `prototype_from_new_target(new_target, name, context)` for subclassable constructors;
//!   `illegal_invocation()`, `illegal_constructor()`, `sequence(value, context, on_error)`.
//!
//! Events ([`event`], [`dispatch`]):
//! - native data of an Event subclass: a struct holding an `EventCell`
//!   (`new_event_cell(type, EventInit, context)`) that implements `IsEvent`, registered with
//!   `register_event_brand::<T>(context)`; objects made with `new_event_object(proto, data,
//!   context)` (installs `isTrusted`); `constructor_prelude` + `read_event_init` for constructors.
//! - `dispatch::fire_event(target, event_object, context) -> JsResult<bool>` fires any Event
//!   object (trusted); `dispatch::fire_simple_event(target, "type", EventInit, context)`;
//!   `dispatch::dispatch(event_object, target, context)` is the DOM dispatch itself.
//!
//! EventTargets ([`event_target`]):
//! - native data implementing `IsEventTarget`, registered with
//!   `register_event_target_brand::<T>`; `event_target_state(object, context)`;
//!   `add_event_listener(target, Listener, signal, context)`, `remove_event_listener`.
//! - event handler IDL attributes: `crate::web::html::event_handler::event_handler_attribute(m,
//!   "onprioritychange", brand)` inside `define_interface`'s member closure.
//!
//! Abort signals ([`abort_signal`], [`abort_algorithms`], [`abort_controller`]):
//! - a subclass's native data embeds a `Gc<AbortSignalState>` (`AbortSignalState::new()`, then
//!   `bind_object(&object)`), implements `IsEventTarget` (returning
//!   `state.event_target()`) and `IsAbortSignal`, and is registered with
//!   `register_abort_signal_brand::<T>(context)`.
//! - `abort_signal_state(object, context) -> Option<Gc<AbortSignalState>>`,
//!   `is_abort_signal(value, context)`;
//!   `add_abort_algorithm(&state, AbortAlgorithm::new(gc_object)) -> Option<AlgorithmId>` (the
//!   object's type implements `AbortSteps`), `remove_abort_algorithm(&state, id)`,
//!   `state.is_aborted()`, `state.reason()`;
//!   `signal_abort(&state, Option<reason>, context)`;
//!   `create_dependent_abort_signal(&signals, &result_object, context)` where `result_object` is
//!   a fresh signal of the caller's interface (AbortSignal or TaskSignal);
//!   `abort_signal_sequence(args, "TaskSignal", "any", context)` converts `any()`'s argument.
//! - `abort_controller::new_abort_controller(proto, signal_object)`: a TaskController is an
//!   `AbortControllerData` whose signal is a TaskSignal.
//!
//! Exceptions: `dom_exception::dom_exception_error(context, message, "NotAllowedError")` (a
//! `JsError` to return), `new_dom_exception(context, message, name)` (the object).

pub mod abort_algorithms;
pub mod abort_controller;
pub mod abort_signal;
pub mod custom_event;
pub mod dependent_signals;
pub mod dispatch;
pub mod document;
pub mod dom_exception;
pub mod dom_implementation;
pub mod element;
pub mod event;
pub mod event_target;
pub mod interface;
pub mod lazy_globals;
pub mod mutation_observer;
pub mod mutation_record;
pub mod node;
pub mod selectors;

use boa_engine::{Context, JsResult};

/// Register the DOM interfaces (in inheritance order).
/// Register the DOM interfaces; `window`: also the document tree's (exposed on Window only).
pub fn register(context: &mut Context, window: bool) -> JsResult<()> {
    interface::DomRealm::install(context);
    event_target::register(context)?;
    event::register(context)?;
    custom_event::register(context)?;
    dom_exception::register(context)?;
    abort_signal::register(context)?;
    abort_controller::register(context)?;
    if window {
        node::register(context)?;
        element::register(context)?;
        document::register(context)?;
        dom_implementation::register(context)?;
        mutation_observer::register(context)?;
        mutation_record::register(context)?;
    }
    Ok(())
}
