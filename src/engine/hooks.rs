//! taskhost's `HostHooks`: job callbacks that carry the continuation state, and the promise
//! rejection tracker.
//!
//! Invariant: every JobCallback made here holds exactly the continuation state that was current
//! when it was made (HostMakeJobCallback), and calling it installs that state for the duration of
//! the call and leaves the state null afterwards (HostCallJobCallback).

use std::rc::Rc;

use boa_engine::builtins::promise::OperationType;
use boa_engine::context::HostHooks;
use boa_engine::context::intrinsics::Intrinsics;
use boa_engine::job::JobCallback;
use boa_engine::object::builtins::JsFunction;
use boa_engine::realm::Realm;
use boa_engine::{
    Context, JsData, JsObject, JsResult, JsString, JsValue, builtins::promise::Promise,
};
use boa_gc::{Finalize, Trace};

use crate::agent::continuation::ContinuationState;
use crate::agent::host::Host;

/// The `[[HostDefined]]` of taskhost's JobCallback records.
#[derive(Trace, Finalize, JsData)]
struct JobCallbackHostDefined {
    /// `[[ContinuationState]]` (§4.1.5). `None` when there was no state: the common case, free.
    state: Option<ContinuationState>,
}

/// Makes the global object of a new realm (given by the runtime: the web layer's global is an
/// EventTarget, which the engine glue does not know about).
pub type GlobalObjectFactory = fn(&Intrinsics) -> JsObject;

/// The host hooks of a taskhost context.
pub struct TaskhostHooks {
    host: Rc<Host>,
    global_object: Option<GlobalObjectFactory>,
}

impl TaskhostHooks {
    #[must_use]
    pub fn new(host: Rc<Host>) -> Self {
        Self {
            host,
            global_object: None,
        }
    }

    /// Create the global object of new realms with `factory`.
    #[must_use]
    pub fn with_global_object(mut self, factory: GlobalObjectFactory) -> Self {
        self.global_object = Some(factory);
        self
    }
}

impl HostHooks for TaskhostHooks {
    /// InitializeHostDefinedRealm step 7: the host may create the global object.
    fn create_global_object(&self, intrinsics: &Intrinsics) -> JsObject {
        match self.global_object {
            Some(factory) => factory(intrinsics),
            None => JsObject::with_object_proto(intrinsics),
        }
    }

    /// HostMakeJobCallback(callable), as modified by the scheduling spec §4.1.5:
    /// 1–4. (incumbent settings and active script: Boa keeps the realm itself.)
    /// 5.1. Let event loop be incumbent settings's realm's agent's event loop.
    /// 5.2. Let state be the result of cloning event loop's current continuation state if it is
    ///      not null, or null otherwise.
    /// 5.3. Return the JobCallback Record { [[Callback]]: callable, [[HostDefined]]: { …,
    ///      [[ContinuationState]]: state } }.
    fn make_job_callback(&self, callback: JsFunction, _context: &mut Context) -> JobCallback {
        let state = self.host.current_continuation_state();
        JobCallback::new(callback, JobCallbackHostDefined { state })
    }

    /// HostCallJobCallback(callback, V, argumentsList), as modified by §4.1.6:
    /// 5.1. Let event loop be incumbent settings's realm's agent's event loop.
    /// 5.2. Set event loop's current continuation state to
    ///      callback.[[HostDefined]].[[ContinuationState]].
    /// 6–7. Prepare to run a callback, and let result be Call(callback.[[Callback]], V,
    ///      argumentsList).
    /// 7.1. Set event loop's current continuation state to null.
    /// 8–9. Clean up after running a callback, and return result.
    fn call_job_callback(
        &self,
        job: &JobCallback,
        this: &JsValue,
        args: &[JsValue],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        let state = job
            .host_defined()
            .as_any()
            .downcast_ref::<JobCallbackHostDefined>()
            .and_then(|h| h.state.clone());
        self.host.set_current_continuation_state(state);
        let result = job.callback().call(this, args, context);
        self.host.set_current_continuation_state(None);
        result
    }

    /// HostEnsureCanCompileStrings: `eval` and `Function` go through the same source guard as
    /// scripts, so deep nesting in generated code is a RangeError, not a crashed process.
    fn ensure_can_compile_strings(
        &self,
        _realm: Realm,
        parameters: &[JsString],
        body: &JsString,
        _direct: bool,
        _context: &mut Context,
    ) -> JsResult<()> {
        for text in parameters.iter().chain(std::iter::once(body)) {
            crate::engine::script::guard_nesting(&text.to_std_string_escaped(), "<eval>")?;
        }
        Ok(())
    }

    /// HostPromiseRejectionTracker(promise, operation) (HTML 8.1.5.7):
    /// 5. If operation is "reject", append promise to the about-to-be-notified rejected promises
    ///    list.
    /// 6. If operation is "handle": if the list contains promise, remove it and return;
    ///    otherwise, if it was reported, queue a `rejectionhandled` event (see
    ///    `RejectedPromises::track_handled`).
    fn promise_rejection_tracker(
        &self,
        promise: &JsObject<Promise>,
        operation: OperationType,
        context: &mut Context,
    ) {
        let promise = promise.clone().upcast();
        match operation {
            OperationType::Reject => {
                // The settings object: the active script's, else the current realm's.
                let realm = crate::agent::realm::incumbent_realm(context);
                self.host.rejections().track_rejection(promise, realm);
            }
            OperationType::Handle => {
                self.host
                    .rejections()
                    .track_handled(&self.host, &promise, context);
            }
        }
    }
}
