//! Dispatching and firing events (DOM §2.9–2.10). The event path is the target, then (for a node)
//! its ancestors, then — for an event other than `load` that reaches a document — the document's
//! window ("get the parent" of a Document). No shadow trees, so no retargeting.
//!
//! Invariant: no borrow of an event's or a target's state is held while a listener runs; the
//! listener list is cloned before the first listener runs (DOM "inner invoke" step 1 of
//! "invoke": "Let listeners be a clone of event's currentTarget's event listener list").

use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsValue};
use boa_gc::Gc;

use crate::agent::host::Host;
use crate::engine::callback;
use crate::web::dom::event::{self, AT_TARGET, BUBBLING_PHASE, CAPTURING_PHASE, EventCell, NONE};
use crate::web::dom::event_target::{self, Listener, ListenerCallback};
use crate::web::dom::node;
use crate::web::html::{activation, event_handler, report};
use crate::web::uievents::ui_event::{UiEventData, UiKind};

#[derive(Copy, Clone, PartialEq, Eq)]
enum Phase {
    Capturing,
    Bubbling,
}

/// "Dispatch" an event to a target (DOM §2.9). Returns false if the event was canceled.
pub fn dispatch(
    event_object: &JsObject,
    target: &JsObject,
    context: &mut Context,
) -> JsResult<bool> {
    dispatch_with_override(event_object, target, target, context)
}

/// "Fire an event" with DOM's legacy target override flag set: the event (made by the caller)
/// becomes trusted and is dispatched to `target` (a window), its `target` attribute being
/// `target_override` (the window's document), as HTML fires `load`, `pagehide` and `unload` at a
/// window. Returns false if it was canceled.
pub fn fire_event_with_legacy_target_override(
    event_object: &JsObject,
    target: &JsObject,
    target_override: &JsObject,
    context: &mut Context,
) -> JsResult<bool> {
    if let Some(state) = event::event_state(event_object, context) {
        state.borrow_mut().is_trusted = true;
    }
    dispatch_with_override(event_object, target, target_override, context)
}

fn dispatch_with_override(
    event_object: &JsObject,
    target: &JsObject,
    target_override: &JsObject,
    context: &mut Context,
) -> JsResult<bool> {
    let Some(state) = event::event_state(event_object, context) else {
        return Err(JsNativeError::typ().with_message("not an Event").into());
    };
    // 1. Set event's dispatch flag.
    // 2. Let targetOverride be target, if legacy target override flag is not given, and
    //    target's associated Document otherwise. 4. relatedTarget is null.
    //      (3, activationTarget: below, once the path is known.)
    // 5. (relatedTarget is not target: no retargeting.)
    //   5.1–5.4. Append to an event path with event, target, targetOverride, relatedTarget,
    //            touchTargets, and false. (The path is this one struct.)
    //   5.5–5.12. (Parents: an EventTarget outside a tree has no parent.)
    //   5.13. Let clearTargetsStruct be the last struct in event's path (nothing to clear).
    let path = event_path(target, &state.borrow().kind);
    {
        let mut e = state.borrow_mut();
        e.dispatch = true;
        e.path = path.clone();
        e.target = Some(target_override.clone());
    }
    let bubbles = state.borrow().bubbles;
    //   3. If isActivationEvent is true (event is a MouseEvent object and event's type attribute
    //      is "click") and target has activation behavior, then set activationTarget to target.
    //   5.9–5.11. While parent is non-null: if isActivationEvent is true, event's bubbles
    //      attribute is true, activationTarget is null, and parent has activation behavior, then
    //      set activationTarget to parent.
    let activation_target = if is_activation_event(event_object, &state) {
        path.iter()
            .enumerate()
            .find(|(index, node)| {
                (*index == 0 || bubbles) && activation::has_activation_behavior(node)
            })
            .map(|(_, node)| node.clone())
    } else {
        None
    };
    //   5.12. If activationTarget is non-null and activationTarget has legacy-pre-activation
    //         behavior, then run activationTarget's legacy-pre-activation behavior.
    let pre_activation = activation_target
        .as_ref()
        .and_then(activation::legacy_pre_activation);
    //   5.14. For each struct in event's path, in reverse order: if struct's shadow-adjusted
    //         target is non-null, set eventPhase to AT_TARGET; otherwise CAPTURING_PHASE. Invoke
    //         with struct, event, "capturing".
    for (index, current) in path.iter().enumerate().rev() {
        state.borrow_mut().event_phase = if index == 0 {
            AT_TARGET
        } else {
            CAPTURING_PHASE
        };
        invoke(
            target_override,
            current,
            event_object,
            &state,
            Phase::Capturing,
            context,
        );
    }
    //   5.15. For each struct in event's path: if struct's shadow-adjusted target is non-null,
    //         set eventPhase to AT_TARGET; otherwise, if event's bubbles attribute is false,
    //         continue, else set it to BUBBLING_PHASE. Invoke with struct, event, "bubbling".
    for (index, current) in path.iter().enumerate() {
        if index > 0 && !bubbles {
            continue;
        }
        state.borrow_mut().event_phase = if index == 0 {
            AT_TARGET
        } else {
            BUBBLING_PHASE
        };
        invoke(
            target_override,
            current,
            event_object,
            &state,
            Phase::Bubbling,
            context,
        );
    }
    let canceled = {
        let mut e = state.borrow_mut();
        // 6. Set event's eventPhase attribute to NONE.
        e.event_phase = NONE;
        // 7. Set event's currentTarget attribute to null.
        e.current_target = None;
        // 8. Set event's path to the empty list.
        e.path.clear();
        // 9. Unset event's dispatch flag, stop propagation flag, and stop immediate propagation
        //    flag.
        e.dispatch = false;
        e.stop_propagation = false;
        e.stop_immediate_propagation = false;
        e.canceled
    };
    // 10. (Clear targets: not needed without shadow trees.)
    // 11. If activationTarget is non-null: 1. If event's canceled flag is unset, then run
    //     activationTarget's activation behavior with event. 2. Otherwise, if activationTarget
    //     has legacy-canceled-activation behavior, then run activationTarget's
    //     legacy-canceled-activation behavior.
    if let Some(activation_target) = &activation_target {
        if !canceled {
            activation::activation_behavior(activation_target, event_object, target, context)?;
        } else if let Some(pre) = pre_activation {
            activation::legacy_canceled_activation(activation_target, pre);
        }
    }
    // 12. Return false if event's canceled flag is set; otherwise true.
    Ok(!canceled)
}

/// isActivationEvent: the event is a `MouseEvent` (or a `PointerEvent`) and its type is "click".
fn is_activation_event(event_object: &JsObject, state: &EventCell) -> bool {
    state.borrow().kind == boa_engine::js_string!("click")
        && event_object
            .downcast_ref::<UiEventData>()
            .is_some_and(|d| d.kind.implements(UiKind::Mouse))
}

/// "Invoke" (DOM §2.9).
fn invoke(
    target: &JsObject,
    current: &JsObject,
    event_object: &JsObject,
    state: &EventCell,
    phase: Phase,
    context: &mut Context,
) {
    // 1. Set event's target to the shadow-adjusted target of the last struct in event's path
    //    that is struct or preceding struct (the target).
    // 2. Set event's relatedTarget / touch target list. (None.)
    // 3. If event's stop propagation flag is set, then return.
    // 4. Initialize event's currentTarget attribute to struct's invocation target.
    {
        let mut e = state.borrow_mut();
        e.target = Some(target.clone());
        if e.stop_propagation {
            return;
        }
        e.current_target = Some(current.clone());
    }
    // 5. Let listeners be a clone of event's currentTarget's event listener list.
    let Some(target_state) = event_target::event_target_state(current, context) else {
        return;
    };
    let listeners = target_state.snapshot();
    // 6. Let found be the result of running inner invoke with event, listeners, phase,
    //    struct's invocation-target-in-shadow-tree, and legacyOutputDidListenersThrowFlag.
    // 7. If found is false and event's isTrusted attribute is true: legacy event type
    //    renaming (webkitAnimationEnd…): not applicable to these event types.
    inner_invoke(current, event_object, state, &listeners, phase, context);
}

/// The event path of an event of type `kind` dispatched to `target` ("get the parent" of each
/// node: its parent; of a document: its window, unless the event is `load`).
fn event_path(target: &JsObject, kind: &boa_engine::JsString) -> Vec<JsObject> {
    let mut path = vec![target.clone()];
    let mut current = target.clone();
    loop {
        let Some(state) = node::node_state(&current) else {
            break;
        };
        let parent = state.parent.borrow().clone();
        match parent {
            Some(parent) => {
                path.push(parent.clone());
                current = parent;
            }
            None => {
                if state.kind == node::NodeKind::Document
                    && kind.to_std_string_escaped() != "load"
                    && let Some(window) = state.window.borrow().clone()
                {
                    path.push(window);
                }
                break;
            }
        }
    }
    path
}

/// "Inner invoke" (DOM §2.9).
fn inner_invoke(
    target: &JsObject,
    event_object: &JsObject,
    state: &EventCell,
    listeners: &[Gc<Listener>],
    phase: Phase,
    context: &mut Context,
) -> bool {
    // 1. Let found be false.
    let mut found = false;
    let kind = state.borrow().kind.clone();
    // 2. For each listener of listeners, whose removed is false:
    for listener in listeners {
        if listener.removed.get() {
            continue;
        }
        // 2.1. If event's type attribute value is not listener's type, then continue.
        if listener.kind != kind {
            continue;
        }
        // 2.2. Set found to true.
        found = true;
        // 2.3. If phase is "capturing" and listener's capture is false, then continue.
        // 2.4. If phase is "bubbling" and listener's capture is true, then continue.
        if (phase == Phase::Capturing) != listener.capture {
            continue;
        }
        // 2.5. If listener's once is true, then remove an event listener given event's
        //      currentTarget attribute value and listener.
        if listener.once {
            event_target::remove_event_listener(target, listener, context);
        }
        // 2.6–2.8. Let global be listener callback's associated realm's global object; the
        //      current event of a Window global (window.event) is not supported.
        // 2.9. If listener's passive is true, then set event's in passive listener flag.
        if listener.passive {
            state.borrow_mut().in_passive_listener = true;
        }
        // 2.10. If global is a Window object, then record timing info for event listener given
        //       event and listener (Long Animation Frames; only window event loops monitor).
        if let Ok(host) = Host::from_context(context)
            && host.frame_timing().wants_script()
        {
            let ui_time_stamp = event_object
                .downcast_ref::<crate::web::uievents::ui_event::UiEventData>()
                .is_some()
                .then(|| state.borrow().time_stamp);
            let callback = match &listener.callback {
                ListenerCallback::Object(object) => Some(object),
                ListenerCallback::Handler(_) => None,
            };
            crate::web::performance::long_animation_frames::event_listener(
                &host,
                &kind,
                ui_time_stamp,
                target,
                callback,
                context,
            );
        }
        // 2.11. Call a user object's operation with
        //       listener's callback, "handleEvent", « event », and event's currentTarget
        //       attribute value. If this throws an exception exception: report exception for
        //       listener's callback's corresponding JavaScript object's associated realm's global
        //       object. (Dispatch continues.) The operation call ends with "clean up after
        //       running script" (`engine::callback`), before its exception propagates: one
        //       microtask checkpoint per listener when the host dispatches from a task, none
        //       when script called dispatchEvent().
        //       (A listener object's exception is reported for its associated realm — a
        //       function's own realm; the global whose `error` event hears it may be another
        //       frame's than the target's — by the operation call itself.)
        if let Err(error) = call_listener(&listener.callback, target, event_object, context)
            && let Ok(host) = Host::from_context(context)
        {
            report::report_exception(&host, &error, context);
        }
        // 2.12. Unset event's in passive listener flag.
        // 2.13. (window.event restore.)
        // 2.14. If event's stop immediate propagation flag is set, then break.
        let mut e = state.borrow_mut();
        e.in_passive_listener = false;
        if e.stop_immediate_propagation {
            break;
        }
    }
    // 3. Return found.
    found
}

/// "Call a user object's operation" (WebIDL §3.11) for an EventListener, or run an event
/// handler's processing algorithm for a handler listener.
fn call_listener(
    callback: &ListenerCallback,
    current_target: &JsObject,
    event_object: &JsObject,
    context: &mut Context,
) -> JsResult<()> {
    let args = [JsValue::from(event_object.clone())];
    match callback {
        ListenerCallback::Handler(name) => {
            event_handler::process_event(current_target, name, event_object, context)
        }
        ListenerCallback::Object(object) => {
            // 4–5. If IsCallable(O) is false: let X be ? Get(O, opName); if IsCallable(X) is
            //      false, throw a TypeError; set thisArg to O. Otherwise X is O and thisArg is
            //      the callback this value (the currentTarget).
            callback::call_user_object_operation(
                object,
                "event listener",
                "handleEvent",
                &current_target.clone().into(),
                &args,
                callback::ExceptionBehavior::Report,
                context,
            )
            .map(drop)
        }
    }
}

/// "Fire an event" (DOM §2.10) that the caller created (any Event interface): set its isTrusted
/// to true and dispatch it to `target`. Returns false if it was canceled.
pub fn fire_event(
    target: &JsObject,
    event_object: &JsObject,
    context: &mut Context,
) -> JsResult<bool> {
    if let Some(state) = event::event_state(event_object, context) {
        state.borrow_mut().is_trusted = true;
    }
    dispatch(event_object, target, context)
}

/// "Fire an event named `kind` at `target`" with the plain `Event` interface.
pub fn fire_simple_event(
    target: &JsObject,
    kind: &str,
    init: event::EventInit,
    context: &mut Context,
) -> JsResult<bool> {
    let event_object = event::create_event(kind, init, context)?;
    dispatch(&event_object, target, context)
}
