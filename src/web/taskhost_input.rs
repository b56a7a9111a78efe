//! `taskhost.input` and `taskhost.page`: the user's input and the page's visibility, driven by a
//! script at times on the loop's clock (a taskhost extension, no web standard; the user agent's
//! side is `web::input`).
//!
//! - `taskhost.input.click(target, { at, x, y, button, hold, shiftKey, ctrlKey, altKey,
//!   metaKey })`: press and release a mouse button over `target` (an element or a document).
//! - `taskhost.input.key(target, key, { at, code, hold, ... })`: press and release a key.
//! - `taskhost.input.tap(target, { at, x, y, hold, ... })`: touch the target with a finger and
//!   lift it; `touchStart(target, { at, x, y, finger, ... })`, `touchEnd(target, { at, finger,
//!   ... })`: a finger (0–9, default 0) touches or lifts alone (a held touch, several fingers).
//! - `taskhost.input.pointerMove(target, { at, x, y })`: move the mouse (dispatched with the
//!   next frame, coalesced, or before the next press or release).
//! - `taskhost.input.pointerDown(target, { at, button, ... })`, `pointerUp(...)`: press or
//!   release a button alone (a drag, a press held across other input); `keyDown(target, key,
//!   { at, code, ... })`, `keyUp(...)`: the same for a key.
//! - `taskhost.page.hide({ at })`, `taskhost.page.show({ at })`: hide or show the page.
//!
//! `at` is milliseconds on the loop's clock (`performance.now()`), now by default; it may not be
//! in the past. Each returns a promise, resolved with `true` once the input's last event has
//! been dispatched (in the task that dispatched it), or with `false` if its target could not
//! get input when its time came.

use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::JsPromise;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::agent::host::Host;
use crate::web::dom::dom_exception::dom_exception_error;
use crate::web::dom::interface::{arg, member};
use crate::web::input::{Action, Input, Target, resolve, schedule};
use crate::web::uievents::ui_event::Modifiers;

/// The options every action takes.
struct Options {
    at: Option<f64>,
    x: f64,
    y: f64,
    hold: f64,
    button: i16,
    finger: u32,
    code: String,
    modifiers: Modifiers,
}

fn range_error(method: &str, message: &str) -> boa_engine::JsError {
    JsNativeError::range()
        .with_message(format!("taskhost.{method}(): {message}"))
        .into()
}

fn read_number(
    options: Option<&JsObject>,
    name: &str,
    method: &str,
    context: &mut Context,
) -> JsResult<Option<f64>> {
    let value = member(options, JsString::from(name), context)?;
    if value.is_undefined() {
        return Ok(None);
    }
    let n = value.to_number(context)?;
    if !n.is_finite() {
        return Err(range_error(
            method,
            &format!("'{name}' must be a finite number"),
        ));
    }
    Ok(Some(n))
}

fn read_options(value: &JsValue, method: &str, context: &mut Context) -> JsResult<Options> {
    let options = if value.is_null_or_undefined() {
        None
    } else {
        Some(value.as_object().ok_or_else(|| {
            JsNativeError::typ().with_message(format!(
                "taskhost.{method}(): the options must be an object"
            ))
        })?)
    };
    let options = options.as_ref();
    let now = Host::from_context(context)?.now().as_millis_f64();
    let at = read_number(options, "at", method, context)?;
    if let Some(at) = at
        && at < now
    {
        return Err(range_error(
            method,
            &format!("'at' ({at} ms) is in the past (the loop's clock says {now} ms)"),
        ));
    }
    let hold = read_number(options, "hold", method, context)?.unwrap_or(0.0);
    if !(0.0..=3_600_000.0).contains(&hold) {
        return Err(range_error(
            method,
            "'hold' must be between 0 and 3600000 ms",
        ));
    }
    let button = read_number(options, "button", method, context)?.unwrap_or(0.0);
    if !(0.0..=4.0).contains(&button) || button.fract() != 0.0 {
        return Err(range_error(method, "'button' must be 0, 1, 2, 3 or 4"));
    }
    let finger = read_number(options, "finger", method, context)?.unwrap_or(0.0);
    if !(0.0..=9.0).contains(&finger) || finger.fract() != 0.0 {
        return Err(range_error(
            method,
            "'finger' must be an integer from 0 to 9",
        ));
    }
    let code = member(options, JsString::from("code"), context)?;
    let code = if code.is_undefined() {
        String::new()
    } else {
        code.to_string(context)?.to_std_string_escaped()
    };
    let flag = |name: &str, context: &mut Context| -> JsResult<bool> {
        Ok(member(options, JsString::from(name), context)?.to_boolean())
    };
    let modifiers = Modifiers {
        alt: flag("altKey", context)?,
        ctrl: flag("ctrlKey", context)?,
        meta: flag("metaKey", context)?,
        shift: flag("shiftKey", context)?,
    };
    #[allow(clippy::cast_possible_truncation)]
    Ok(Options {
        at,
        x: read_number(options, "x", method, context)?.unwrap_or(0.0),
        y: read_number(options, "y", method, context)?.unwrap_or(0.0),
        hold,
        button: button as i16,
        #[allow(clippy::cast_sign_loss)]
        finger: finger as u32,
        code,
        modifiers,
    })
}

/// The target argument: a node of this page that input can reach now.
fn read_target(value: &JsValue, method: &str, context: &mut Context) -> JsResult<Target> {
    let Some(node) = value.as_object() else {
        return Err(JsNativeError::typ()
            .with_message(format!(
                "taskhost.{method}(): the target must be an element or a document"
            ))
            .into());
    };
    let target = Target::Node(node.clone());
    if let Err(why) = resolve(&target, context) {
        return Err(dom_exception_error(
            context,
            &format!("taskhost.{method}(): {why}"),
            "InvalidStateError",
        ));
    }
    Ok(target)
}

/// Schedule the input; its promise resolves with `true` once its last event has been
/// dispatched, `false` if it could not be (its target gone when its time came).
fn submit(
    action: Action,
    target: Target,
    o: Options,
    method: &str,
    context: &mut Context,
) -> JsValue {
    let (promise, resolvers) = JsPromise::new_pending(context);
    schedule(
        Input {
            action,
            target,
            at: o.at,
            x: o.x,
            y: o.y,
            modifiers: o.modifiers,
            origin: format!("taskhost.{method}()"),
            done: Some(resolvers.resolve.into()),
        },
        context,
    );
    promise.into()
}

fn click(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let method = "input.click";
    let target = read_target(&arg(args, 0), method, context)?;
    let o = read_options(&arg(args, 1), method, context)?;
    let action = Action::Click {
        button: o.button,
        hold_ms: o.hold,
    };
    Ok(submit(action, target, o, method, context))
}

/// The key argument: a key value (`'a'`, `'Enter'`).
fn read_key(value: &JsValue, method: &str, context: &mut Context) -> JsResult<String> {
    if value.is_undefined() {
        return Err(JsNativeError::typ()
            .with_message(format!(
                "taskhost.{method}(): the key is missing (e.g. 'a', 'Enter')"
            ))
            .into());
    }
    let key = value.to_string(context)?.to_std_string_escaped();
    if key.is_empty() {
        return Err(range_error(method, "the key must not be empty"));
    }
    Ok(key)
}

fn key(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let method = "input.key";
    let target = read_target(&arg(args, 0), method, context)?;
    let key = read_key(&arg(args, 1), method, context)?;
    let o = read_options(&arg(args, 2), method, context)?;
    let action = Action::Key {
        key,
        code: o.code.clone(),
        hold_ms: o.hold,
    };
    Ok(submit(action, target, o, method, context))
}

/// `pointerDown`, `pointerUp`: press or release a mouse button over the target.
fn button(down: bool, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let method = if down {
        "input.pointerDown"
    } else {
        "input.pointerUp"
    };
    let target = read_target(&arg(args, 0), method, context)?;
    let o = read_options(&arg(args, 1), method, context)?;
    let action = if down {
        Action::ButtonDown { button: o.button }
    } else {
        Action::ButtonUp { button: o.button }
    };
    Ok(submit(action, target, o, method, context))
}

fn tap(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let method = "input.tap";
    let target = read_target(&arg(args, 0), method, context)?;
    let o = read_options(&arg(args, 1), method, context)?;
    let action = Action::Tap { hold_ms: o.hold };
    Ok(submit(action, target, o, method, context))
}

/// `touchStart`, `touchEnd`: a finger touches the target, or lifts.
fn touch(start: bool, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let method = if start {
        "input.touchStart"
    } else {
        "input.touchEnd"
    };
    let target = read_target(&arg(args, 0), method, context)?;
    let o = read_options(&arg(args, 1), method, context)?;
    let action = if start {
        Action::TouchStart { finger: o.finger }
    } else {
        Action::TouchEnd { finger: o.finger }
    };
    Ok(submit(action, target, o, method, context))
}

/// `keyDown`, `keyUp`: press or release a key while the target has focus.
fn key_edge(down: bool, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let method = if down { "input.keyDown" } else { "input.keyUp" };
    let target = read_target(&arg(args, 0), method, context)?;
    let key = read_key(&arg(args, 1), method, context)?;
    let o = read_options(&arg(args, 2), method, context)?;
    let code = o.code.clone();
    let action = if down {
        Action::KeyDown { key, code }
    } else {
        Action::KeyUp { key, code }
    };
    Ok(submit(action, target, o, method, context))
}

fn pointer_move(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let method = "input.pointerMove";
    let target = read_target(&arg(args, 0), method, context)?;
    let o = read_options(&arg(args, 1), method, context)?;
    Ok(submit(Action::PointerMove, target, o, method, context))
}

fn visibility(hidden: bool, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let method = if hidden { "page.hide" } else { "page.show" };
    let o = read_options(&arg(args, 0), method, context)?;
    let action = if hidden { Action::Hide } else { Action::Show };
    Ok(submit(
        action,
        Target::Selector("document".to_owned()),
        o,
        method,
        context,
    ))
}

/// `taskhost.input`.
pub fn create_input(context: &mut Context) -> JsObject {
    ObjectInitializer::new(context)
        .function(
            NativeFunction::from_fn_ptr(click),
            JsString::from("click"),
            2,
        )
        .function(NativeFunction::from_fn_ptr(key), JsString::from("key"), 3)
        .function(
            NativeFunction::from_fn_ptr(pointer_move),
            JsString::from("pointerMove"),
            2,
        )
        .function(
            NativeFunction::from_fn_ptr(|_, args, context| button(true, args, context)),
            JsString::from("pointerDown"),
            2,
        )
        .function(
            NativeFunction::from_fn_ptr(|_, args, context| button(false, args, context)),
            JsString::from("pointerUp"),
            2,
        )
        .function(NativeFunction::from_fn_ptr(tap), JsString::from("tap"), 2)
        .function(
            NativeFunction::from_fn_ptr(|_, args, context| touch(true, args, context)),
            JsString::from("touchStart"),
            2,
        )
        .function(
            NativeFunction::from_fn_ptr(|_, args, context| touch(false, args, context)),
            JsString::from("touchEnd"),
            2,
        )
        .function(
            NativeFunction::from_fn_ptr(|_, args, context| key_edge(true, args, context)),
            JsString::from("keyDown"),
            3,
        )
        .function(
            NativeFunction::from_fn_ptr(|_, args, context| key_edge(false, args, context)),
            JsString::from("keyUp"),
            3,
        )
        .build()
}

/// `taskhost.page`.
pub fn create_page(context: &mut Context) -> JsObject {
    ObjectInitializer::new(context)
        .function(
            NativeFunction::from_fn_ptr(|_, args, context| visibility(true, args, context)),
            JsString::from("hide"),
            1,
        )
        .function(
            NativeFunction::from_fn_ptr(|_, args, context| visibility(false, args, context)),
            JsString::from("show"),
            1,
        )
        .build()
}
