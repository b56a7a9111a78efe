//! The agent: what HTML gives an event loop's agent, above the event-loop core and below every
//! use of it. The [`host::Host`] holds the event loop's state that is not the core's (task
//! records, the microtask queue, the current continuation state, the about-to-be-notified list,
//! the tracer); [`microtasks`] is "perform a microtask checkpoint"; [`continuation`] the
//! scheduling spec's continuation state; [`trace`] `--trace` and `--log-tasks`; [`process`] what
//! crosses threads between agents (a window's and its workers').
//!
//! The agent calls no web API and no engine glue: what it must have done above it (reporting an
//! exception, firing `unhandledrejection`) it asks of the [`host::WebHooks`] the web layer
//! installs.

pub mod clock_control;
pub mod collection_pace;
pub mod continuation;
pub mod deviations;
pub mod frame_timing;
pub mod host;
pub mod microtasks;
pub mod process;
pub mod realm;
pub mod rejections;
pub mod script;
pub mod timeout_executor;
pub mod trace;
