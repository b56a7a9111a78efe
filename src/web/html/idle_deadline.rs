//! The `IdleDeadline` interface (requestIdleCallback §4.3).

use boa_engine::{Context, JsData, JsObject, JsResult, JsValue, NativeFunction};
use boa_gc::{Finalize, Trace};

use crate::agent::host::Host;
use crate::event_loop::LoopTime;
use crate::web::dom::interface::{
    InterfaceSpec, define_interface, illegal_invocation, prototype_of, this_object,
};

/// The native data of `IdleDeadline` objects: the deadline of its idle period (`None` when the
/// callback was invoked because its timeout expired: no time remains) and the timeout flag.
#[derive(Trace, Finalize, JsData, Clone)]
pub struct IdleDeadlineData {
    #[unsafe_ignore_trace]
    deadline: Option<LoopTime>,
    did_timeout: bool,
}

/// Create an IdleDeadline.
pub fn new_idle_deadline(
    deadline: Option<LoopTime>,
    did_timeout: bool,
    context: &mut Context,
) -> JsResult<JsObject> {
    let proto = prototype_of(context, "IdleDeadline")?;
    Ok(crate::engine::builtins::platform_object(
        proto,
        IdleDeadlineData {
            deadline,
            did_timeout,
        },
        context,
    ))
}

fn this_deadline(this: &JsValue, context: &Context) -> JsResult<IdleDeadlineData> {
    this_object(this, context)?
        .downcast_ref::<IdleDeadlineData>()
        .map(|d| d.clone())
        .ok_or_else(illegal_invocation)
}

/// `timeRemaining()`:
/// 1. Let now be a DOMHighResTimeStamp representing current high resolution time in ms.
/// 2. Let deadline be the result of calling IdleDeadline's get deadline time algorithm.
/// 3. Let timeRemaining be deadline - now.
/// 4. If timeRemaining is negative, set it to 0.
/// 5. Return timeRemaining.
fn time_remaining(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let data = this_deadline(this, context)?;
    let host = Host::from_context(context)?;
    let now = host.now();
    // The get deadline time algorithm of an idle period ("start an idle period", getDeadline)
    // runs at each call, not once when the period starts:
    //   1. Let deadline be the last idle period start time plus 50.
    //   3. Let nextTimerDeadline be the result of getting the next timer deadline (the
    //      earliest expiry of the event loop's timers).
    //   4. If nextTimerDeadline is less than deadline, return nextTimerDeadline.
    // The period's planned deadline is already min(start + 50, next timer due then); a timer
    // set since (by the idle callback itself) can only bring it closer. (A timer cleared since
    // leaves the planned deadline: taskhost never lengthens an idle period.)
    let deadline = data.deadline.map(|planned| match host.next_timer_due() {
        Some(due) => planned.min(due),
        None => planned,
    });
    let remaining = deadline.map_or(0.0, |d| d.as_millis_f64() - now.as_millis_f64());
    Ok(remaining.max(0.0).into())
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "IdleDeadline",
            parent: None,
            length: 0,
            constructor: None,
        },
        |m| {
            m.operation(
                "timeRemaining",
                0,
                NativeFunction::from_fn_ptr(time_remaining),
            )
            // The didTimeout getter returns the timeout flag.
            .attribute(
                "didTimeout",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    Ok(this_deadline(this, context)?.did_timeout.into())
                }),
                None,
            );
        },
    )?;
    Ok(())
}
