//! Known deviations of a browser from the specs (and choices the specs leave to the user agent
//! that it makes differently from taskhost), which taskhost can imitate on request
//! (`taskhost run --imitate chromium|firefox|webkit`, or single rules). taskhost follows the
//! specs; imitating a browser's deviations exists to *check a classification*: when taskhost and a
//! recording of a browser disagree, running the program again with that browser's deviations must
//! reproduce the browser's output exactly, or the disagreement is something else (a taskhost bug,
//! or an order the specs leave to the user agent). `tests/differential.rs` checks every override
//! that way; `docs/EVENT_LOOP.md` lists the deviations with the spec steps they depart from, and
//! which browser makes each.
//!
//! Invariant: with `Deviations::NONE` (the default), no code path changes.

/// Which deviations from the specs the agent imitates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Deviations {
    /// A timer set while a microtask checkpoint runs inside a timer task's callback invocation
    /// takes that timer task's nesting level (and so is clamped to 4 ms from level 5 on). The
    /// spec gives it level 0: "perform a microtask checkpoint" step 3.2 makes the microtask the
    /// currently running task, and timer initialization step 3 only inherits the level of a
    /// task the timer initialization steps created. Chromium 156, Firefox 153 and WebKitGTK 2.50
    /// all do this.
    pub timer_nesting_through_microtasks: bool,
    /// An exception thrown by a callback the host invoked with the "report" exception behavior
    /// (timers, microtasks, idle callbacks, event listeners) is reported *before* "clean up
    /// after running script" performs the microtask checkpoint, so the `error` event precedes
    /// the callback's microtasks. WebIDL's "invoke a callback function" step 14 (and "call a
    /// user object's operation" step 15, whose caller reports) cleans up first and reports
    /// after (step 14.6). Chromium 156 and Firefox 153 do this; WebKitGTK 2.50 follows WebIDL.
    pub report_before_checkpoint: bool,
    /// Not a deviation but a choice the specs leave to the user agent, made differently: a
    /// port has one message delivery task queued at a time, and the next message's task is
    /// queued (runnable from then) when that one has run, so tasks queued in the meantime run
    /// before it. The specs queue each message's task when it is posted (message port post
    /// message steps, step 7); which task queue runs next is the event loop's choice
    /// (processing model step 2.1), and taskhost's runs the task that became runnable first.
    /// Chromium 156 and Firefox 153 do this.
    pub one_message_per_task: bool,
    /// The timer nesting level above which a timeout of less than 4 ms is raised to 4 ms. HTML's
    /// timer initialization steps, step 5: "If nesting level is greater than 5, and timeout is
    /// less than 4, then set timeout to 4" — 5, so the 7th timer of a chain (the one set by the
    /// 6th callback) is the first clamped. Firefox 153 clamps from HTML's level 4 on: the 5th
    /// timer of a chain is the first clamped, as the recordings show (`TIMER_CLAMP_LEVEL_FIREFOX`).
    pub timer_clamp_level: u32,
    /// Every `setTimeout` and `setInterval` timer waits at least 1 ms, so a 0 ms timer falls due
    /// after tasks queued within that millisecond (WebKit's `DOMTimer` takes the larger of 1 ms
    /// and the timeout). Not a deviation: "run steps after a timeout" lets the user agent "wait a
    /// further implementation-defined length of time" (step 4.3); taskhost waits none.
    pub timer_minimum_one_ms: bool,
    /// Not a deviation but a choice the specs leave to the user agent, made differently: the
    /// window's timers (`setTimeout`, `setInterval`, `AbortSignal.timeout`, `postTask` delays)
    /// run from an executor task, as Firefox's `TimeoutManager` runs them (`timeout_executor.rs`):
    /// the executor's task goes through the page's timer queue when a timer is set and the
    /// executor is not already queued, and runs every timer due by then, back to back, stopping
    /// after one when a `user-visible` or `user-blocking` scheduler task is queued. HTML queues
    /// each timer's own task when its wait ends (timer initialization steps, steps 12–13);
    /// which task queue runs next is the event loop's choice (processing model step 2.1).
    /// Firefox 153 does this.
    pub timer_executor: bool,
}

/// HTML's level above which timers are clamped (timer initialization steps, step 5).
pub const TIMER_CLAMP_LEVEL_HTML: u32 = 5;
/// Firefox 153's, in HTML's counting (see `Deviations::timer_clamp_level`).
pub const TIMER_CLAMP_LEVEL_FIREFOX: u32 = 3;

/// The default is the specs' behavior ([`Deviations::NONE`]), HTML's clamp level included.
impl Default for Deviations {
    fn default() -> Self {
        Self::NONE
    }
}

impl Deviations {
    /// The specs' behavior.
    pub const NONE: Self = Self {
        timer_nesting_through_microtasks: false,
        report_before_checkpoint: false,
        one_message_per_task: false,
        timer_clamp_level: TIMER_CLAMP_LEVEL_HTML,
        timer_minimum_one_ms: false,
        timer_executor: false,
    };

    /// Chromium 156's deviations, as the project's recordings of it show them.
    pub const CHROMIUM: Self = Self {
        timer_nesting_through_microtasks: true,
        report_before_checkpoint: true,
        one_message_per_task: true,
        ..Self::NONE
    };

    /// Firefox 153 ESR's deviations, as the project's recordings of it show them.
    pub const FIREFOX: Self = Self {
        timer_nesting_through_microtasks: true,
        report_before_checkpoint: true,
        one_message_per_task: true,
        timer_clamp_level: TIMER_CLAMP_LEVEL_FIREFOX,
        timer_executor: true,
        ..Self::NONE
    };

    /// WebKitGTK 2.50's deviations, as the project's recordings of it show them.
    pub const WEBKIT: Self = Self {
        timer_nesting_through_microtasks: true,
        timer_minimum_one_ms: true,
        ..Self::NONE
    };

    /// Each browser's choices among what the specs allow (the rules above that are not
    /// deviations), with their `--imitate` names: Chromium's, Firefox's and WebKit's. They are
    /// user agents' policies as much as taskhost's documented one, so the search of `--explore`
    /// starts from each of them too.
    pub const BROWSER_CHOICES: [(&'static str, Self); 3] = [
        (
            "one-message-per-task",
            Self {
                one_message_per_task: true,
                ..Self::NONE
            },
        ),
        (
            "one-message-per-task,timer-executor",
            Self {
                one_message_per_task: true,
                timer_executor: true,
                ..Self::NONE
            },
        ),
        (
            "timer-minimum-one-ms",
            Self {
                timer_minimum_one_ms: true,
                ..Self::NONE
            },
        ),
    ];

    /// These deviations with the choices of `other` turned on too (its deviations are not
    /// taken).
    #[must_use]
    pub const fn with_choices_of(self, other: Self) -> Self {
        Self {
            one_message_per_task: self.one_message_per_task || other.one_message_per_task,
            timer_minimum_one_ms: self.timer_minimum_one_ms || other.timer_minimum_one_ms,
            timer_executor: self.timer_executor || other.timer_executor,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_choices_are_the_browsers_rules_that_are_not_deviations() {
        let choices_only = |d: Deviations| Deviations::NONE.with_choices_of(d);
        let [chromium, firefox, webkit] = Deviations::BROWSER_CHOICES.map(|(_, d)| d);
        assert_eq!(chromium, choices_only(Deviations::CHROMIUM));
        assert_eq!(firefox, choices_only(Deviations::FIREFOX));
        assert_eq!(webkit, choices_only(Deviations::WEBKIT));
        // Deviations are kept, not added.
        let mixed = Deviations::CHROMIUM.with_choices_of(Deviations::WEBKIT);
        assert!(mixed.report_before_checkpoint && mixed.timer_minimum_one_ms);
        assert_eq!(mixed.timer_clamp_level, TIMER_CLAMP_LEVEL_HTML);
    }

    #[test]
    fn the_default_is_the_specs_behaviour() {
        // A derived Default would clamp every nested timer (level 0).
        assert_eq!(Deviations::default(), Deviations::NONE);
        assert_eq!(
            Deviations::default().timer_clamp_level,
            TIMER_CLAMP_LEVEL_HTML
        );
    }
}
