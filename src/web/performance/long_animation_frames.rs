//! Long Animation Frames (W3C `long-animation-frames`, §4 "processing model") as Chromium ships
//! it: the script entry points the web APIs record ("record timing info for user callback",
//! "... for timer handler", "... for event listener", "... for promise resolver", classic and
//! module scripts), the names of an attributed script (`PerformanceScriptTiming.invoker` and its
//! source location), and "report frame timing", which queues a
//! `PerformanceLongAnimationFrameTiming` for a frame longer than 50 ms.
//!
//! The frame bookkeeping itself (frame timing info, task durations, the pending script and the
//! microtask checkpoint that ends it) is the agent's: `agent::frame_timing`. The event loop
//! records each task's start and end (`runtime::event_loop::run_task`), "update the rendering"
//! the rendering time (`web::html::rendering`).
//!
//! Invoker names follow Chromium where the spec leaves them to the user agent (the callback
//! type's name, `TimerHandler:setTimeout`, `SchedulerPostTaskCallback`, `Scheduler.yield.then`),
//! as `tests/loaf/chromium/` recorded them.

use boa_engine::builtins::function::OrdinaryFunction;
use boa_engine::object::IntegrityLevel;
use boa_engine::object::builtins::JsArray;
use boa_engine::property::PropertyKey;
use boa_engine::realm::Realm;
use boa_engine::vm::SourcePath;
use boa_engine::{Context, JsObject, JsResult, JsValue, js_string};

use super::performance_entry::{EntryData, EntryType, FrameTimes, ScriptTimes, new_entry};
use super::timeline::queue_entry;
use crate::agent::frame_timing::{
    FrameTimingInfo, Invoker, InvokerType, PendingScript, ScriptTiming,
};
use crate::agent::host::Host;
use crate::agent::realm::{in_realm, realm_record};
use crate::event_loop::LoopTime;
use crate::web::dom::node::{NodeKind, attribute, node_state};

/// Turn the monitoring on for this (window) event loop.
pub fn enable(host: &Host) {
    host.frame_timing().enable(describe);
}

/// "Record timing info for user callback" given a callback whose identifier (the callback
/// type, as Chromium names the invoker) is `name`.
///
/// Create script entry point given settings, "user-callback", and these steps:
/// 1. Set scriptTimingInfo's invoker name to callback's identifier.
/// 2. Apply source location for scriptTimingInfo given callback. (When the script is
///    attributed: `describe`.)
pub fn user_callback(host: &Host, name: &'static str, callback: &JsObject, context: &Context) {
    let timing = host.frame_timing();
    if !timing.wants_script() {
        return;
    }
    timing.create_script_entry_point(
        InvokerType::UserCallback,
        Invoker::Callback {
            name,
            callback: Some(callback.clone()),
        },
        || host.now(),
        context.realm(),
    );
}

/// "Record timing info for timer handler" given handler (a function, or `None` for a string)
/// and repeat.
///
/// Create script entry point given settings, "user-callback", and these steps:
/// 1. Let setTimeoutOrInterval be "setInterval" if repeat is true, "setTimeout" otherwise.
/// 2. Set scriptTimingInfo's invoker name to the concatenation of « "TimerHandler:",
///    setTimeoutOrInterval ».
/// 3. If handler is a Function, then apply source location for scriptTimingInfo given handler.
pub fn timer_handler(host: &Host, handler: Option<&JsObject>, repeat: bool, context: &Context) {
    let timing = host.frame_timing();
    if !timing.wants_script() {
        return;
    }
    let name = if repeat {
        "TimerHandler:setInterval"
    } else {
        "TimerHandler:setTimeout"
    };
    timing.create_script_entry_point(
        InvokerType::UserCallback,
        Invoker::Callback {
            name,
            callback: handler.cloned(),
        },
        || host.now(),
        context.realm(),
    );
}

/// "Record timing info for event listener" given the event (its type, `timeStamp`, and whether
/// it is a `UIEvent`), its current target, and the listener's callback (`None`: an event
/// handler, whose source location is not given).
///
/// Create script entry point given listener's relevant settings object, "event-listener", and
/// these steps:
/// 1. Set scriptTimingInfo's event type to event's type.
/// 2. Let target be event's currentTarget. (Steps 3-5, the invoker name from target: in
///    `describe`, when the script is attributed.)
/// 6. Apply source location for scriptTimingInfo given listener's callback.
/// 7. If event is a UIEvent, and frameTimingInfo's first ui event timestamp is 0, then set it
///    to event's timeStamp.
pub fn event_listener(
    host: &Host,
    event_type: &boa_engine::JsString,
    ui_event_time_stamp: Option<f64>,
    current_target: &JsObject,
    callback: Option<&JsObject>,
    context: &Context,
) {
    let timing = host.frame_timing();
    if !timing.wants_script() {
        return;
    }
    timing.create_script_entry_point(
        InvokerType::EventListener,
        Invoker::Listener {
            event_type: event_type.clone(),
            target: current_target.clone(),
            callback: callback.cloned(),
        },
        || host.now(),
        context.realm(),
    );
    if let Some(time_stamp) = ui_event_time_stamp {
        timing.note_ui_event(time_stamp);
    }
}

/// "Record timing info for promise resolver" given a promise the platform made (`name`: its
/// "invoker name when created", `Scheduler.yield`; "" when taskhost does not name it, as
/// Chromium names a Blob's) and whether it is resolved or rejected.
///
/// Create script entry point given promise's relevant realm's settings object, type, and:
/// 1. Set scriptTimingInfo's invoker name to promise's invoker name when created.
/// 2. Set scriptTimingInfo's source url to promise's script url when created. (The program's
///    script: `describe`.)
pub fn promise_resolver(host: &Host, name: &'static str, resolve: bool, context: &Context) {
    let timing = host.frame_timing();
    if !timing.wants_script() {
        return;
    }
    let invoker_type = if resolve {
        InvokerType::ResolvePromise
    } else {
        InvokerType::RejectPromise
    };
    timing.create_script_entry_point(
        invoker_type,
        Invoker::Promise { name },
        || host.now(),
        context.realm(),
    );
}

/// "Record classic script creation time" (or, for a module, "record module script execution
/// start time") for the program's script at `url`, run in the current realm.
pub fn script(host: &Host, url: String, module: bool, context: &Context) {
    let timing = host.frame_timing();
    if !timing.wants_script() {
        return;
    }
    let invoker_type = if module {
        InvokerType::ModuleScript
    } else {
        InvokerType::ClassicScript
    };
    timing.create_script_entry_point(
        invoker_type,
        Invoker::Script { url },
        || host.now(),
        context.realm(),
    );
}

/// The names of a script long enough to be attributed, which ended at `end`: the invoker
/// getter's steps and the source location ("apply source location"), made from what the entry
/// point recorded.
fn describe(pending: &PendingScript, end: LoopTime, context: &mut Context) -> ScriptTiming {
    let mut source_url = String::new();
    let mut source_function_name = String::new();
    // "Apply source location": the user agent may set the source url, function name and
    // character position of the callback. taskhost gives the file and the function's name;
    // the engine does not say where a function's source starts, so the character position
    // stays -1 (Chromium gives it).
    let mut apply_source_location = |callback: &Option<JsObject>| {
        if let Some(function) = callback
            .as_ref()
            .and_then(|c| c.downcast_ref::<OrdinaryFunction>())
        {
            let code = function.codeblock();
            source_function_name = code.name().to_std_string_escaped();
            if let SourcePath::Path(path) = code.path() {
                source_url = path.display().to_string();
            }
        }
    };
    let invoker = match &pending.invoker {
        // "classic-script", "module-script": return the source url.
        Invoker::Script { url } => {
            source_url.clone_from(url);
            url.clone()
        }
        // "user-callback": return the invoker name.
        Invoker::Callback { name, callback } => {
            apply_source_location(callback);
            (*name).to_owned()
        }
        // "event-listener":
        Invoker::Listener {
            event_type,
            target,
            callback,
        } => {
            apply_source_location(callback);
            let mut target_name = target_name(target, context);
            // 1. Let targetName be the invoker name.
            // 2. If the event target element id is not the empty string, then set targetName
            //    to the concatenation of « targetName, "#", id ».
            // 3. Otherwise, if the event target element src attribute is not the empty string,
            //    set targetName to the concatenation of « targetName, "[src=", src, "]" ».
            if node_state(target).is_some_and(|s| matches!(s.kind, NodeKind::Element(_))) {
                let id = attribute(target, "id").unwrap_or_default();
                let src = attribute(target, "src").unwrap_or_default();
                if !id.is_empty() {
                    target_name = format!("{target_name}#{id}");
                } else if !src.is_empty() {
                    target_name = format!("{target_name}[src={src}]");
                }
            }
            // 4. Return the concatenation of « targetName, ".on", event type ».
            format!("{target_name}.on{}", event_type.to_std_string_escaped())
        }
        // "resolve-promise", "reject-promise":
        Invoker::Promise { name } => {
            // (The promise's script url when created: the program's script. Chromium gives no
            // function name for a promise reaction.)
            if let Ok(host) = Host::from_context(context) {
                source_url = host.script_name();
            }
            let resolve = pending.invoker_type == InvokerType::ResolvePromise;
            // 1. If the invoker name is the empty string, return "Promise.resolve" for
            //    "resolve-promise", otherwise "Promise.reject".
            if name.is_empty() {
                if resolve {
                    "Promise.resolve"
                } else {
                    "Promise.reject"
                }
                .to_owned()
            } else {
                // 2. Let thenOrCatch be "then" if invokerType is "resolve-promise"; otherwise
                //    "reject-promise". (So the spec's text; taskhost says "catch", the method
                //    a rejection reaches.)
                // 3. Return the concatenation of « invoker name, ".", thenOrCatch ».
                let then_or_catch = if resolve { "then" } else { "catch" };
                format!("{name}.{then_or_catch}")
            }
        }
    };
    ScriptTiming {
        invoker_type: pending.invoker_type,
        invoker,
        start: pending.start,
        end,
        // Chromium gives every script an executionStart (for a callback, when it began); the
        // spec sets it for classic and module scripts only. taskhost compiles a script as it
        // runs it: execution starts with the script.
        execution_start: pending.start,
        pause_duration: 0.0,
        source_url,
        source_function_name,
        source_char_position: -1,
        realm: pending.realm.clone(),
    }
}

/// The invoker name of an event listener's current target ("record timing info for event
/// listener" steps 3-5): a node's `nodeName`, otherwise its interface's name.
fn target_name(target: &JsObject, context: &Context) -> String {
    if let Some(state) = node_state(target) {
        return match &state.kind {
            NodeKind::Document => "#document".to_owned(),
            NodeKind::Element(local) => local.to_ascii_uppercase(),
            NodeKind::Text => "#text".to_owned(),
            NodeKind::Comment => "#comment".to_owned(),
        };
    }
    if *target == context.global_object() {
        return "Window".to_owned();
    }
    // The interface: the name of the constructor its prototype chain holds as a data property
    // (no getter runs).
    let key = PropertyKey::from(js_string!("constructor"));
    let mut object = target.prototype();
    while let Some(proto) = object {
        let constructor = proto
            .borrow()
            .properties()
            .get(&key)
            .and_then(|d| d.value().cloned());
        if let Some(name) = constructor
            .as_ref()
            .and_then(JsValue::as_object)
            .and_then(|c| {
                c.borrow()
                    .properties()
                    .get(&PropertyKey::from(js_string!("name")))
                    .and_then(|d| d.value().cloned())
            })
            .and_then(|v| v.as_string().map(|s| s.to_std_string_escaped()))
        {
            return name;
        }
        object = proto.prototype();
    }
    "EventTarget".to_owned()
}

/// The rest of "report frame timing": queue a `PerformanceLongAnimationFrameTiming` for the
/// long frame `info`, in the top-level window's realm (the relevant realm of the nearest
/// same-origin root, every document's here).
pub fn report_frame_timing(info: FrameTimingInfo, context: &mut Context) {
    let Some(top) = crate::web::html::rendering::top_realm(context) else {
        return;
    };
    let result = in_realm(context, &top, |context| queue_frame(&info, &top, context));
    if let Err(error) = result
        && let Ok(host) = Host::from_context(context)
    {
        host.report_exception(&error, context);
    }
}

/// Queue a new `PerformanceLongAnimationFrameTiming` whose timing info is `info` in the current
/// realm (the top-level window's).
fn queue_frame(info: &FrameTimingInfo, top: &Realm, context: &mut Context) -> JsResult<()> {
    let start_time = info.start.as_millis_f64();
    let mut data = EntryData::new(
        "long-animation-frame",
        EntryType::LongAnimationFrame,
        start_time,
        info.duration(),
    );
    data.frame = Some(FrameTimes {
        // renderStart, styleAndLayoutStart: 0 when the frame did not render.
        render_start: info.render_start.map_or(0.0, LoopTime::as_millis_f64),
        style_and_layout_start: info
            .style_and_layout_start
            .map_or(0.0, LoopTime::as_millis_f64),
        first_ui_event_timestamp: info.first_ui_event_timestamp,
        blocking_duration: info.blocking_duration(),
    });
    // The scripts getter's steps, once ([SameObject]):
    // 1. Let scripts be a list « ».
    // 2. Let entryWindow be this's relevant global object.
    // 3. For each scriptInfo in this's frame timing info's scripts:
    let mut scripts = Vec::with_capacity(info.scripts.len());
    for script in &info.scripts {
        // 1. Let scriptWindow be scriptInfo's window.
        // 2. Let scriptEntry be a new PerformanceScriptTiming whose timing info is scriptInfo
        //    and whose window attribution is: "self" when scriptWindow is entryWindow;
        //    "descendant" when entryWindow's navigable is among the ancestors of scriptWindow's
        //    (an iframe's window, as every other window of the agent is); "other" for a window
        //    that is gone (a removed iframe's).
        let attribution = if script.realm == *top {
            "self"
        } else if realm_record(&script.realm).is_some_and(|r| r.is_fully_active()) {
            "descendant"
        } else {
            "other"
        };
        scripts.push(JsValue::from(script_entry(script, attribution, context)?));
    }
    // 3.3. Append scriptEntry to scripts. 4. Return scripts (a frozen array).
    let array: JsObject = JsArray::from_iter(scripts, context).into();
    array.set_integrity_level(IntegrityLevel::Frozen, context)?;
    data.attribution = Some(array);
    let entry = new_entry(data, context)?;
    queue_entry(&entry, context);
    Ok(())
}

/// A `PerformanceScriptTiming` of `script`.
fn script_entry(
    script: &ScriptTiming,
    window_attribution: &'static str,
    context: &mut Context,
) -> JsResult<JsObject> {
    let start_time = script.start.as_millis_f64();
    let mut data = EntryData::new(
        "script",
        EntryType::Script,
        start_time,
        script.end.as_millis_f64() - start_time,
    );
    data.script = Some(Box::new(ScriptTimes {
        invoker_type: script.invoker_type.as_str(),
        invoker: script.invoker.clone(),
        execution_start: script.execution_start.as_millis_f64(),
        source_url: script.source_url.clone(),
        source_function_name: script.source_function_name.clone(),
        source_char_position: script.source_char_position,
        pause_duration: script.pause_duration,
        // No style or layout is ever forced: there is none.
        forced_style_and_layout_duration: 0.0,
        window_attribution,
    }));
    // window: scriptInfo's window (held strongly: the spec's WeakRef would let it go with its
    // iframe; a removed iframe's window stays reachable through the entry).
    data.target = Some(in_realm(context, &script.realm, |context| {
        context.global_object()
    }));
    new_entry(data, context)
}
