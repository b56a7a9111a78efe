//! taskhost's `JobExecutor`: the engine hands every job to the host's event loop.
//!
//! Invariant: promise jobs are microtasks, run in the order they were enqueued, and never capture
//! a continuation state of their own (§4.1.7: their JobCallbacks already carry one). Async jobs
//! (module loading, dynamic import, `Atomics.waitAsync`) are polled by the loop without blocking.
//! Engine timeout/interval jobs become timer tasks on the loop's one clock.

use std::rc::Rc;

use boa_engine::job::{Job, JobExecutor};
use boa_engine::{Context, JsResult};

use crate::agent::host::Host;
use crate::event_loop::HostSource;

/// The job executor of a taskhost context.
pub struct TaskhostJobExecutor {
    host: Rc<Host>,
}

impl TaskhostJobExecutor {
    #[must_use]
    pub fn new(host: Rc<Host>) -> Self {
        Self { host }
    }
}

impl JobExecutor for TaskhostJobExecutor {
    fn enqueue_job(self: Rc<Self>, job: Job, context: &mut Context) {
        let realm = context.realm().clone();
        match job {
            // HostEnqueuePromiseJob(job, realm), as modified by §4.1.7:
            // 2. Queue a microtask with ignoreContinuationState set to true to perform job.
            Job::PromiseJob(job) => self.host.enqueue_promise_job(job),
            Job::AsyncJob(job) => self.host.enqueue_async_job(job),
            Job::FinalizationRegistryCleanupJob(job) => self.host.enqueue_cleanup_job(job),
            Job::TimeoutJob(job) => {
                let due = self
                    .host
                    .now()
                    .saturating_add_ns(job.timeout().as_millis().saturating_mul(1_000_000));
                self.host.set_timer_task(
                    due,
                    HostSource::Other,
                    realm,
                    Box::new(move |context| job.call(context).map(drop)),
                );
            }
            Job::GenericJob(job) => self.host.queue_task(
                HostSource::Other,
                realm,
                Box::new(move |context| job.call(context).map(drop)),
            ),
            // Interval jobs are only made by embedders (taskhost's timers are its own), and the
            // enum may grow: anything else runs as a plain task.
            Job::IntervalJob(job) => self.host.queue_task(
                HostSource::Other,
                realm,
                Box::new(move |context| job.call(context).map(drop)),
            ),
            _ => {}
        }
    }

    /// `Context::run_jobs` (an embedder's call, after it ran script): clean up after running
    /// script, which performs a microtask checkpoint when no script is on the stack. The event
    /// loop itself is driven by the runtime.
    fn run_jobs(self: Rc<Self>, context: &mut Context) -> JsResult<()> {
        crate::agent::script::clean_up_after_running_script(context);
        Ok(())
    }
}
