//! `taskhost.clock`: virtual time under the script's control, for testing scheduling code on the
//! real event loop (postTask priorities, messages and idle periods stay as they are; only the clock
//! is the script's). A taskhost extension, no web standard.
//!
//! - `now()`: the loop's time in milliseconds (as `performance.now()`).
//! - `virtual` (getter): whether the clock is virtual. `paused` (getter): whether it is paused.
//! - `pause()`: the loop stops moving the clock by itself; a real clock becomes virtual, standing
//!   at its present time (only while this is the process's only agent: no workers).
//! - `resume()`: the loop moves the virtual clock by itself again, as under `--virtual-time`.
//! - `tick(ms)`, `next()`, `runAll({ limit })`, `runUntilIdle()`: promises; the loop runs as under
//!   `--virtual-time`, in the same order, but moves the clock only up to where the call says, and
//!   resolves the promise (with the new time) there. See `agent::clock_control` for exactly when,
//!   and docs/TESTING.md for what runs during a tick.

use boa_engine::object::ObjectInitializer;
use boa_engine::property::Attribute;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsValue, NativeFunction, js_string};

use crate::agent::clock_control::Target;
use crate::agent::host::Host;
use crate::event_loop::LoopTime;
use crate::web::dom::dom_exception::dom_exception_error;

/// The default `limit` of `runAll()`: how many times it may move the clock to a timer.
const RUN_ALL_LIMIT: u32 = 10_000;

fn now(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(Host::from_context(context)?.now().as_millis_f64().into())
}

fn is_virtual(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(Host::from_context(context)?
        .core()
        .clock()
        .is_virtual()
        .into())
}

fn is_paused(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(Host::from_context(context)?
        .clock_control()
        .borrow()
        .paused()
        .into())
}

fn pause(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let host = Host::from_context(context)?;
    let alone = host
        .agent()
        .is_none_or(|link| link.process.agent_count() == 1);
    if !alone {
        return Err(dom_exception_error(
            context,
            "taskhost.clock.pause(): the process has workers, whose loops share its clock; a paused clock must be the only agent's",
            "NotSupportedError",
        ));
    }
    host.core().clock_mut().make_virtual();
    // The script drives the clock: a timer runs at its time, as `tick` promises.
    host.core().set_timer_padding(false);
    host.clock_control().borrow_mut().set_paused(true);
    Ok(JsValue::undefined())
}

fn resume(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let host = Host::from_context(context)?;
    host.core().set_timer_padding(true);
    host.clock_control().borrow_mut().set_paused(false);
    Ok(JsValue::undefined())
}

/// `n` as JavaScript writes it (`Infinity`, `NaN`, `1.5`, `3`).
fn js_number(n: f64) -> String {
    JsValue::from(n).display().to_string()
}

/// Await `target`, or throw if the clock is real or another target is awaited.
fn await_target(method: &str, target: Target, context: &mut Context) -> JsResult<JsValue> {
    let host = Host::from_context(context)?;
    if !host.core().clock().is_virtual() {
        return Err(dom_exception_error(
            context,
            &format!(
                "taskhost.clock.{method}(): the clock is real; run with --virtual-time or call taskhost.clock.pause() first"
            ),
            "InvalidStateError",
        ));
    }
    if host.clock_control().borrow().has_target() {
        return Err(dom_exception_error(
            context,
            &format!(
                "taskhost.clock.{method}(): the clock is already moving for an earlier call that has not settled; await it first"
            ),
            "InvalidStateError",
        ));
    }
    let promise = host
        .clock_control()
        .borrow_mut()
        .set_target(target, context);
    Ok(promise.into())
}

/// The milliseconds argument of `method`: finite and not negative, or a RangeError.
fn milliseconds(method: &str, args: &[JsValue], context: &mut Context) -> JsResult<f64> {
    let ms = args
        .first()
        .cloned()
        .unwrap_or_default()
        .to_number(context)?;
    if !ms.is_finite() || ms < 0.0 {
        return Err(JsNativeError::range()
            .with_message(format!(
                "taskhost.clock.{method}(): the number of milliseconds must be finite and not negative, got {}",
                js_number(ms)
            ))
            .into());
    }
    Ok(ms)
}

fn tick(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let ms = milliseconds("tick", args, context)?;
    let host = Host::from_context(context)?;
    let target = host
        .now()
        .saturating_add_ns(LoopTime::from_millis_f64(ms).as_nanos());
    await_target("tick", Target::At(target), context)
}

fn run_until_idle(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let now = Host::from_context(context)?.now();
    await_target("runUntilIdle", Target::At(now), context)
}

fn next(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    await_target("next", Target::NextTimer, context)
}

fn run_all(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let mut limit = RUN_ALL_LIMIT;
    if let Some(options) = args.first().and_then(JsValue::as_object) {
        let value = options.get(js_string!("limit"), context)?;
        if !value.is_undefined() {
            let n = value.to_number(context)?;
            if !(n.is_finite() && n.fract() == 0.0 && n >= 1.0 && n <= f64::from(u32::MAX)) {
                return Err(JsNativeError::range()
                    .with_message(format!(
                        "taskhost.clock.runAll(): limit must be a whole number from 1 to {}, got {}",
                        u32::MAX,
                        js_number(n)
                    ))
                    .into());
            }
            limit = n as u32;
        }
    }
    await_target("runAll", Target::All { advances: 0, limit }, context)
}

/// `busy(ms)`: the running task computes for `ms` milliseconds. On a virtual clock the clock
/// moves `ms` forward at once, as if the task had been busy that long (so long tasks, input
/// waiting behind them and frames they delay are reproducible); on a real clock the task waits
/// that long. Returns the new time.
fn busy(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let ms = milliseconds("busy", args, context)?;
    let host = Host::from_context(context)?;
    let until = host
        .now()
        .saturating_add_ns(LoopTime::from_millis_f64(ms).as_nanos());
    host.core().clock_mut().wait_until(until);
    Ok(host.now().as_millis_f64().into())
}

/// `nextFrame()`: a tick to the display's next vsync, so a frame that is wanted runs (its
/// animation frame callbacks, the input it dispatches), then resolve with the frame's time.
fn next_frame(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let rendering = crate::web::html::rendering::Rendering::of(context);
    let Some(rate) = rendering.frame_rate() else {
        return Err(dom_exception_error(
            context,
            "taskhost.clock.nextFrame(): there is no display (--frame-rate none), so there are no frames",
            "InvalidStateError",
        ));
    };
    if rendering.hidden() {
        return Err(dom_exception_error(
            context,
            "taskhost.clock.nextFrame(): the page is hidden, so it has no frames; show it first (taskhost.page.show())",
            "InvalidStateError",
        ));
    }
    let now = Host::from_context(context)?.now();
    let vsync = crate::web::html::rendering::next_vsync(now, rate);
    await_target("nextFrame", Target::At(vsync), context)
}

/// The `taskhost.clock` object.
pub fn create(context: &mut Context) -> JsObject {
    let getter = |f: fn(&JsValue, &[JsValue], &mut Context) -> JsResult<JsValue>,
                  context: &mut Context| {
        boa_engine::object::FunctionObjectBuilder::new(
            context.realm(),
            NativeFunction::from_fn_ptr(f),
        )
        .length(0)
        .build()
    };
    let virtual_getter = getter(is_virtual, context);
    let paused_getter = getter(is_paused, context);
    ObjectInitializer::new(context)
        .function(NativeFunction::from_fn_ptr(now), js_string!("now"), 0)
        .function(NativeFunction::from_fn_ptr(pause), js_string!("pause"), 0)
        .function(NativeFunction::from_fn_ptr(resume), js_string!("resume"), 0)
        .function(NativeFunction::from_fn_ptr(tick), js_string!("tick"), 1)
        .function(NativeFunction::from_fn_ptr(next), js_string!("next"), 0)
        .function(NativeFunction::from_fn_ptr(busy), js_string!("busy"), 1)
        .function(
            NativeFunction::from_fn_ptr(next_frame),
            js_string!("nextFrame"),
            0,
        )
        .function(
            NativeFunction::from_fn_ptr(run_all),
            js_string!("runAll"),
            0,
        )
        .function(
            NativeFunction::from_fn_ptr(run_until_idle),
            js_string!("runUntilIdle"),
            0,
        )
        .accessor(
            js_string!("virtual"),
            Some(virtual_getter),
            None,
            Attribute::ENUMERABLE,
        )
        .accessor(
            js_string!("paused"),
            Some(paused_getter),
            None,
            Attribute::ENUMERABLE,
        )
        .build()
}
