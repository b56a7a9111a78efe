//! HTML "perform a microtask checkpoint" and "notify about rejected promises".
//!
//! Invariant: after a checkpoint returns, the microtask queue is empty, every promise rejected
//! without a handler since the last checkpoint awaits one queued notification task (which
//! reports it unless it was handled by then), and the engine's kept-alive WeakRef targets are
//! cleared (ClearKeptObjects).

use boa_engine::object::builtins::JsPromise;
use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, builtins::promise::PromiseState};

use crate::agent::host::{Host, Microtask};
use crate::agent::realm::{can_run, in_realm};
use crate::event_loop::{HostSource, LoopTime};

/// HTML 8.1.7.3 "perform a microtask checkpoint".
pub fn perform_microtask_checkpoint(host: &Host, context: &mut Context) {
    perform_microtask_checkpoint_timed(host, context);
}

/// [`perform_microtask_checkpoint`], returning the time its last step read from the clock, if
/// it did (a script was pending): the end of a task whose own checkpoint this is, since nothing
/// runs between them.
pub fn perform_microtask_checkpoint_timed(host: &Host, context: &mut Context) -> Option<LoopTime> {
    // 1. If the event loop's performing a microtask checkpoint is true, then return.
    // 2. Set the event loop's performing a microtask checkpoint to true.
    if !host.begin_microtask_checkpoint() {
        return None;
    }
    // 3. While the event loop's microtask queue is not empty:
    //    1. Let oldestMicrotask be the result of dequeuing from the event loop's microtask queue.
    //    2. Set the event loop's currently running task to oldestMicrotask.
    //    3. Run oldestMicrotask.
    //    4. Set the event loop's currently running task back to null.
    while let Some(microtask) = host.pop_microtask() {
        let result = match microtask {
            // HostEnqueuePromiseJob's steps: prepare to run script, run the job, clean up
            // after running script. The clean-up's only effect is a microtask checkpoint, which
            // does nothing while this one runs (step 2's flag), so it is not called here.
            //    Before them: "check if we can run script" with the job's realm: not when its
            //    document is no longer fully active (a removed iframe's).
            Microtask::Promise(job) => {
                if job.realm().is_some_and(|realm| !can_run(host, realm)) {
                    continue;
                }
                job.call(context).map(drop)
            }
            Microtask::Callback {
                steps,
                realm,
                state,
            } => {
                if !can_run(host, &realm) {
                    continue;
                }
                host.set_current_continuation_state(state);
                let result = in_realm(context, &realm, steps);
                host.set_current_continuation_state(None);
                result
            }
        };
        if let Err(error) = result {
            host.report_exception(&error, context);
        }
        // (Not a step: the host's collection pace, `agent::collection_pace`.)
        crate::agent::collection_pace::pace(
            || host.queued_task_count(),
            crate::agent::collection_pace::PacePoint::Microtask,
        );
    }
    // 4. For each environment settings object whose responsible event loop is this event loop,
    //    notify about rejected promises given settingsObject's global object.
    notify_about_rejected_promises(host);
    // 5. Cleanup Indexed Database transactions. (No IndexedDB here.)
    // 6. Perform ClearKeptObjects().
    context.clear_kept_objects();
    // 7. Set the event loop's performing a microtask checkpoint to false.
    host.end_microtask_checkpoint();
    // (Not a step: the collection pace, now also following the queued tasks: the task and its
    // reactions are done, so what they held and nothing else queued holds is garbage. Before
    // step 8, so that a collection is part of the script that made the garbage.)
    crate::agent::collection_pace::pace(
        || host.queued_task_count(),
        crate::agent::collection_pace::PacePoint::TaskDone,
    );
    // 8. Record timing info for microtask checkpoint (Long Animation Frames: the script
    //    pending since the task or callback began ends here).
    host.frame_timing()
        .record_microtask_checkpoint(|| host.now(), context)
}

/// HTML 8.1.5.7 "notify about rejected promises" for every global of the event loop (step 4 of
/// the checkpoint), in the order their first promise was rejected.
pub fn notify_about_rejected_promises(host: &Host) {
    // 2. If list is empty, then return. (Checked first: a checkpoint with nothing to notify,
    //    the common case, clones nothing.)
    if !host.rejections().has_about_to_be_notified() {
        return;
    }
    // 1. Let list be a clone of global's about-to-be-notified rejected promises list.
    // 3. Empty global's about-to-be-notified rejected promises list. (Its promises await this
    //    task, which reads whether each was handled meanwhile: `RejectedPromises::track_handled`.)
    let mut lists: Vec<(Realm, Vec<JsObject>)> = Vec::new();
    for (promise, realm) in host.rejections().take_about_to_be_notified() {
        match lists.iter_mut().find(|(r, _)| *r == realm) {
            Some((_, list)) => list.push(promise),
            None => lists.push((realm, vec![promise])),
        }
    }
    for (realm, list) in lists {
        notify_global(host, realm, list);
    }
}

fn notify_global(host: &Host, realm: Realm, list: Vec<JsObject>) {
    // 4. Queue a global task on the DOM manipulation task source given global to run the
    //    following substep:
    host.queue_task(
        HostSource::DomManipulation,
        realm,
        Box::new(move |context| {
            let host = Host::from_context(context)?;
            // 4.1. For each promise p of list:
            for promise in list {
                // 4.1.1. If p.[[PromiseIsHandled]] is true, then continue.
                let reason = match JsPromise::from_object(promise.clone()).map(|p| p.state()) {
                    Ok(PromiseState::Rejected(reason))
                        if !host.rejections().handled_since_notified(&promise) =>
                    {
                        reason
                    }
                    _ => {
                        host.rejections().finish_notification(&promise);
                        continue;
                    }
                };
                // 4.1.2. Let notCanceled be the result of firing an event named
                //        unhandledrejection at global, using PromiseRejectionEvent, with the
                //        cancelable attribute initialized to true, the promise attribute
                //        initialized to p, and the reason attribute initialized to
                //        p.[[PromiseResult]].
                let not_canceled = host
                    .fire_promise_rejection_event(
                        "unhandledrejection",
                        &promise,
                        &reason,
                        true,
                        context,
                    )
                    .unwrap_or(true);
                let handled_meanwhile = host.rejections().finish_notification(&promise);
                // 4.1.3. If notCanceled is true, then the user agent may report
                //        p.[[PromiseResult]] to a developer console.
                if not_canceled {
                    host.report_unhandled_rejection(&reason);
                }
                // 4.1.4. If p.[[PromiseIsHandled]] is false, then append p to global's
                //        outstanding rejected promises weak set.
                if !handled_meanwhile {
                    host.rejections()
                        .add_outstanding_rejected(&promise, context);
                }
            }
            Ok(())
        }),
    );
}
