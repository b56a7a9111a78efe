//! Known deviations of a browser from the specs (and choices the specs leave to the user agent
//! that it makes differently from taskhost), which taskhost can imitate on request
//! (`taskhost run --imitate chromium`). taskhost follows the specs; imitating a browser's
//! deviations exists to *check a classification*: when taskhost and a recording of Chromium
//! disagree, running the program again with Chromium's deviations must reproduce Chromium's output
//! exactly, or the disagreement is something else (a taskhost bug, or an order the specs leave to
//! the user agent). `tests/differential.rs` checks every override that way; `docs/EVENT_LOOP.md`
//! lists the deviations with the spec steps they depart from.
//!
//! Invariant: with `Deviations::NONE` (the default), no code path changes.

/// Which deviations from the specs the agent imitates.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Deviations {
    /// A timer set while a microtask checkpoint runs inside a timer task's callback invocation
    /// takes that timer task's nesting level (and so is clamped to 4 ms from level 5 on). The
    /// spec gives it level 0: "perform a microtask checkpoint" step 3.2 makes the microtask the
    /// currently running task, and timer initialization step 3 only inherits the level of a
    /// task the timer initialization steps created.
    pub timer_nesting_through_microtasks: bool,
    /// An exception thrown by a callback the host invoked with the "report" exception behavior
    /// (timers, microtasks, idle callbacks, event listeners) is reported *before* "clean up
    /// after running script" performs the microtask checkpoint, so the `error` event precedes
    /// the callback's microtasks. WebIDL's "invoke a callback function" step 14 (and "call a
    /// user object's operation" step 15, whose caller reports) cleans up first and reports
    /// after (step 14.6).
    pub report_before_checkpoint: bool,
    /// Not a deviation but a choice the specs leave to the user agent, made differently: a
    /// port has one message delivery task queued at a time, and the next message's task is
    /// queued (runnable from then) when that one has run, so tasks queued in the meantime run
    /// before it. The specs queue each message's task when it is posted (message port post
    /// message steps, step 7); which task queue runs next is the event loop's choice
    /// (processing model step 2.1), and taskhost's runs the task that became runnable first.
    pub one_message_per_task: bool,
}

impl Deviations {
    /// The specs' behavior.
    pub const NONE: Self = Self {
        timer_nesting_through_microtasks: false,
        report_before_checkpoint: false,
        one_message_per_task: false,
    };

    /// Chromium 156's deviations, as the project's recordings of it show them.
    pub const CHROMIUM: Self = Self {
        timer_nesting_through_microtasks: true,
        report_before_checkpoint: true,
        one_message_per_task: true,
    };
}
