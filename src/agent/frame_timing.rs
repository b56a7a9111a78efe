//! Long Animation Frames' bookkeeping (LoAF §4.1 "frame timing info" and "script timing info"):
//! what a window event loop records about the frame in progress — when its first task started,
//! how long each of its tasks took, when the rendering started, and the scripts that ran in it
//! for more than 5 ms. The web layer (`web::long_animation_frames`) makes the entries of a frame
//! that took more than 50 ms; this module only keeps times and the objects the names are made
//! from, so a frame that is not long allocates nothing but its reused lists.
//!
//! The bookkeeping is on in window event loops only (the web layer turns it on when it sets the
//! top-level window's display up): a worker's loop pays one flag test per task.
//!
//! taskhost's documents of one agent are all same origin (iframes share their parent's agent
//! and origin), so every document's "nearest same-origin root" is the top-level document: the
//! agent keeps one frame timing info, the top-level document's "current frame timing info".

use std::cell::{Cell, RefCell};

use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsString};

use crate::event_loop::LoopTime;

/// A frame longer than this (ms) is a long animation frame.
pub const LONG_FRAME_MS: f64 = 50.0;

/// [`LONG_FRAME_MS`] in nanoseconds.
const LONG_FRAME_NS: u64 = 50_000_000;

/// A script longer than this (5 ms, in nanoseconds) is attributed to its frame.
const LONG_SCRIPT_NS: u64 = 5_000_000;

/// `ScriptInvokerType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InvokerType {
    ClassicScript,
    ModuleScript,
    EventListener,
    UserCallback,
    ResolvePromise,
    RejectPromise,
}

impl InvokerType {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ClassicScript => "classic-script",
            Self::ModuleScript => "module-script",
            Self::EventListener => "event-listener",
            Self::UserCallback => "user-callback",
            Self::ResolvePromise => "resolve-promise",
            Self::RejectPromise => "reject-promise",
        }
    }
}

/// What invoked a script, as recorded when it starts: the names are made from it only when the
/// script turns out long enough to be attributed.
#[derive(Clone, Debug)]
pub enum Invoker {
    /// A classic or module script: its URL.
    Script { url: String },
    /// A user callback: its invoker name (the callback type, as Chromium names it:
    /// `FrameRequestCallback`, `TimerHandler:setTimeout`, `SchedulerPostTaskCallback`, …) and
    /// the callback, for its source location.
    Callback {
        name: &'static str,
        callback: Option<JsObject>,
    },
    /// An event listener: the event's type, its current target and the listener's callback.
    Listener {
        event_type: JsString,
        target: JsObject,
        callback: Option<JsObject>,
    },
    /// A promise the platform resolved or rejected: the "invoker name when created" (the
    /// interface and member that made it, `Scheduler.yield`; empty when not known).
    Promise { name: &'static str },
}

/// A script timing info while its script runs (LoAF's "pending script").
#[derive(Debug)]
pub struct PendingScript {
    pub invoker_type: InvokerType,
    pub invoker: Invoker,
    pub start: LoopTime,
    /// The window (realm) whose settings object the script ran with.
    pub realm: Realm,
}

/// A script timing info of a script that was long enough to be attributed, with its names
/// made (see `PerformanceScriptTiming`).
#[derive(Clone, Debug)]
pub struct ScriptTiming {
    pub invoker_type: InvokerType,
    /// `invoker`, as the getter returns it.
    pub invoker: String,
    pub start: LoopTime,
    pub end: LoopTime,
    pub execution_start: LoopTime,
    pub pause_duration: f64,
    pub source_url: String,
    pub source_function_name: String,
    pub source_char_position: i64,
    pub realm: Realm,
}

/// A frame timing info.
#[derive(Debug, Default)]
pub struct FrameTimingInfo {
    pub start: LoopTime,
    pub current_task_start: LoopTime,
    pub render_start: Option<LoopTime>,
    pub style_and_layout_start: Option<LoopTime>,
    /// The first UI event's `timeStamp` (ms, relative to the time origin); 0 when none.
    pub first_ui_event_timestamp: f64,
    pub end: LoopTime,
    /// The durations of the frame's tasks (ms).
    pub task_durations: Vec<f64>,
    pub scripts: Vec<ScriptTiming>,
}

impl FrameTimingInfo {
    /// The frame's duration (ms).
    #[must_use]
    pub fn duration(&self) -> f64 {
        self.end.as_millis_f64() - self.start.as_millis_f64()
    }

    /// `blockingDuration`'s getter steps.
    ///
    /// 1. Let sortedTaskDurations be timing info's task durations, sorted in descending order.
    /// 2. If timing info's update the rendering start time is not zero, then:
    ///    1. Let renderDuration be the duration between this's renderStart and the relative high
    ///       resolution time given timing info's end time.
    ///    2. Increment sortedTaskDurations[0] by renderDuration.
    /// 3. Let totalBlockingDuration be 0.
    /// 4. For each duration in sortedTaskDurations, if duration is greater than 50 then
    ///    increment totalBlockingDuration by duration - 50.
    /// 5. Return totalBlockingDuration.
    ///
    /// The rendering task's own duration is not among the task durations: "record rendering
    /// time" ended the frame inside that task, before its "record task end time". A frame whose
    /// only task was the rendering (step 2 would increment an item of an empty list) counts the
    /// rendering alone.
    #[must_use]
    pub fn blocking_duration(&self) -> f64 {
        let mut sorted: Vec<f64> = self.task_durations.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        if let Some(render_start) = self.render_start {
            let render_duration = self.end.as_millis_f64() - render_start.as_millis_f64();
            match sorted.first_mut() {
                Some(longest) => *longest += render_duration,
                None => sorted.push(render_duration),
            }
        }
        sorted
            .iter()
            .filter(|d| **d > LONG_FRAME_MS)
            .map(|d| d - LONG_FRAME_MS)
            .sum()
    }
}

/// What makes the names of a long script (the web layer's, installed once).
pub type DescribeScript = fn(&PendingScript, LoopTime, &mut Context) -> ScriptTiming;

/// A window event loop's long animation frame monitoring.
///
/// Invariant: the top-level document's current frame timing info is null exactly when
/// `frame_start` is `None`; otherwise it is `frame_start`, `task_start` and `rest` together
/// (`rest`'s own start, current task start and end are unused until the frame is reported), and
/// `rest` holds nothing (empty lists, no render times, no UI event) unless `rest_used` is set.
/// The common frame, one short task with nothing to render, touches only the cells.
#[derive(Default)]
pub struct FrameTiming {
    /// On in window event loops (see the module's comment).
    monitoring: Cell<bool>,
    /// A rendering opportunity is awaited or its task queued: updating the rendering is
    /// necessary, so the frame goes on after the task.
    rendering_wanted: Cell<bool>,
    /// The page is hidden: no script is attributed ("create script entry point" step 3).
    hidden: Cell<bool>,
    /// `pending.is_some()`, read by every microtask checkpoint without borrowing.
    has_pending: Cell<bool>,
    /// The current frame timing info's start time (`None`: the info is null).
    frame_start: Cell<Option<LoopTime>>,
    /// The current frame timing info's current task start time.
    task_start: Cell<LoopTime>,
    /// No script has started since the current task did (no entry point, no checkpoint): the
    /// time a script starting now would record is still the task's start time.
    task_start_is_now: Cell<bool>,
    /// The rest of the current frame timing info (task durations, scripts, render times, first
    /// UI event), its lists kept for their capacity from frame to frame.
    rest: RefCell<FrameTimingInfo>,
    /// `rest` holds something (see the invariant).
    rest_used: Cell<bool>,
    /// The current frame timing info's pending script.
    pending: RefCell<Option<PendingScript>>,
    describe: Cell<Option<DescribeScript>>,
}

impl FrameTiming {
    /// Turn the monitoring on (a window event loop), with the web layer's `describe`.
    pub fn enable(&self, describe: DescribeScript) {
        self.monitoring.set(true);
        self.describe.set(Some(describe));
    }

    #[must_use]
    pub fn monitoring(&self) -> bool {
        self.monitoring.get()
    }

    pub fn set_rendering_wanted(&self, wanted: bool) {
        self.rendering_wanted.set(wanted);
    }

    #[must_use]
    pub fn rendering_wanted(&self) -> bool {
        self.rendering_wanted.get()
    }

    pub fn set_hidden(&self, hidden: bool) {
        self.hidden.set(hidden);
        // (A script is running: one starting after it does not start at the task's start.)
        self.task_start_is_now.set(false);
    }

    /// "Record task start time" given `start` (the top-level document is every document's
    /// nearest same-origin root).
    ///
    /// 1. Let root be document's nearest same-origin root.
    /// 2. If root's current frame timing info is null, then set it to a new frame timing info
    ///    whose start time is unsafeTaskStartTime.
    /// 3. Set root's current frame timing info's current task start time to
    ///    unsafeTaskStartTime.
    /// 4. (If its start time is 0, set it to unsafeTaskStartTime: a frame made at step 2
    ///    already has it.)
    pub fn record_task_start(&self, start: LoopTime) {
        if !self.monitoring.get() {
            return;
        }
        if self.frame_start.get().is_none() {
            self.frame_start.set(Some(start));
        }
        self.task_start.set(start);
        self.task_start_is_now.set(true);
    }

    /// "Record task end time" given `end`: the frame info to report when the frame ended with
    /// this task (nothing to render) and was long, `None` when it goes on, was not long, or
    /// there is none.
    ///
    /// 1. Let timingInfo be document's relevant frame timing info.
    /// 2. If timingInfo is null, then return.
    /// 3. Let safeTaskEndTime be the relative high resolution time given unsafeTaskEndTime.
    /// 4. Let safeTaskStartTime be the relative high resolution time given timingInfo's current
    ///    task start time.
    /// 5. Append the duration between safeTaskStartTime and safeTaskEndTime to timingInfo's task
    ///    durations.
    /// 6. If the user agent believes that updating the rendering of document's node navigable
    ///    would have no visible effect, then report frame timing given document and return.
    ///    (taskhost believes so when no rendering opportunity is awaited: nothing needs a
    ///    frame, or the page is hidden, or there is no display.)
    pub fn record_task_end(&self, end: LoopTime) -> Option<FrameTimingInfo> {
        if !self.monitoring.get() {
            return None;
        }
        let frame_start = self.frame_start.get()?;
        let goes_on = self.rendering_wanted.get() && !self.hidden.get();
        // A frame of this task alone that is not long (the common case) has nothing to keep.
        if !goes_on && !self.rest_used.get() && !is_long(frame_start, end) {
            self.frame_start.set(None);
            return None;
        }
        let duration = end.as_millis_f64() - self.task_start.get().as_millis_f64();
        self.rest.borrow_mut().task_durations.push(duration);
        if goes_on {
            self.rest_used.set(true);
            return None;
        }
        self.end_frame(frame_start, end)
    }

    /// "Record rendering time" given `style_and_layout_start`, at the end of "update the
    /// rendering" (`end`): the frame info to report.
    ///
    /// 1. Let timingInfo be document's relevant frame timing info.
    /// 2. If timingInfo is null, then return.
    /// 3. Set timingInfo's update the rendering start time to its current task start time.
    /// 4. Set timingInfo's style and layout start time to unsafeStyleAndLayoutStart.
    /// 5. Report frame timing given document and the unsafe shared current time.
    pub fn record_rendering_time(
        &self,
        style_and_layout_start: LoopTime,
        end: LoopTime,
    ) -> Option<FrameTimingInfo> {
        if !self.monitoring.get() {
            return None;
        }
        let frame_start = self.frame_start.get()?;
        {
            let mut rest = self.rest.borrow_mut();
            rest.render_start = Some(self.task_start.get());
            rest.style_and_layout_start = Some(style_and_layout_start);
        }
        self.rest_used.set(true);
        self.end_frame(frame_start, end)
    }

    /// The parts of "report frame timing" given `end` that are bookkeeping: the frame's info if
    /// it is long (the caller queues its entry), and the current frame timing info set to null.
    ///
    /// 3. Let frameDuration be the duration between timingInfo's start time and unsafeEndTime.
    /// 4. If frameDuration is greater than 50 milliseconds, then queue a new
    ///    PerformanceLongAnimationFrameTiming (the caller).
    /// 5. Set document's nearest same-origin root's current frame timing info to null.
    fn end_frame(&self, frame_start: LoopTime, end: LoopTime) -> Option<FrameTimingInfo> {
        self.frame_start.set(None);
        self.rest_used.set(false);
        let mut rest = self.rest.borrow_mut();
        if is_long(frame_start, end) {
            let mut info = std::mem::take(&mut *rest);
            info.start = frame_start;
            info.current_task_start = self.task_start.get();
            info.end = end;
            return Some(info);
        }
        // A frame that is not long: keep its lists for the next frame.
        rest.task_durations.clear();
        rest.scripts.clear();
        rest.render_start = None;
        rest.style_and_layout_start = None;
        rest.first_ui_event_timestamp = 0.0;
        None
    }

    /// Whether a script entry point would be recorded now: the monitoring is on, a frame is in
    /// progress, no script is pending and the page is visible ("create script entry point"
    /// steps 1-6). Call sites test this before gathering what the entry point needs.
    #[must_use]
    pub fn wants_script(&self) -> bool {
        self.monitoring.get() && !self.has_pending.get() && !self.hidden.get()
    }

    /// "Create script entry point" with `invoker_type` and `invoker`, for the window of `realm`;
    /// `now` reads the clock.
    ///
    /// 1. If settings is not a Window, then return. (Only window event loops monitor.)
    /// 2. Let document be settings's Window's document.
    /// 3. If document is not fully active or hidden, then return.
    /// 4. Let frameTimingInfo be document's relevant frame timing info.
    /// 5. If frameTimingInfo is null, then return.
    /// 6. If frameTimingInfo's pending script is not null, then return.
    /// 7. Let scriptTimingInfo be a new script timing info whose start time is the unsafe
    ///    shared current time, and whose invoker type is invokerType. (Deviation, for speed:
    ///    the first script of a task takes the task's start time, read by the event loop a few
    ///    host steps earlier, with no script between, rather than reading the clock again; on
    ///    the virtual clock the two are the same time.)
    /// 8. Run steps given scriptTimingInfo and frameTimingInfo. (The names are made when the
    ///    script ends, and only if it is attributed: `DescribeScript`.)
    /// 9. Set scriptTimingInfo's window to settings.
    /// 10. Set frameTimingInfo's pending script to scriptTimingInfo.
    pub fn create_script_entry_point(
        &self,
        invoker_type: InvokerType,
        invoker: Invoker,
        now: impl FnOnce() -> LoopTime,
        realm: &Realm,
    ) {
        let first_of_task = self.task_start_is_now.replace(false);
        if !self.wants_script() || self.frame_start.get().is_none() {
            return;
        }
        let start = if first_of_task {
            self.task_start.get()
        } else {
            now()
        };
        *self.pending.borrow_mut() = Some(PendingScript {
            invoker_type,
            invoker,
            start,
            realm: realm.clone(),
        });
        self.has_pending.set(true);
    }

    /// Set the frame's first UI event timestamp, if it has none (LoAF "record timing info for
    /// event listener" step 8).
    pub fn note_ui_event(&self, time_stamp: f64) {
        if self.frame_start.get().is_none() {
            return;
        }
        let mut rest = self.rest.borrow_mut();
        if rest.first_ui_event_timestamp == 0.0 {
            rest.first_ui_event_timestamp = time_stamp;
            self.rest_used.set(true);
        }
    }

    /// "Record timing info for microtask checkpoint", at the end of every checkpoint (`now`
    /// reads the clock, only when a script is pending). Returns the time it read, if it did:
    /// the task's end time when this checkpoint is the task's own (nothing runs between them).
    ///
    /// 1-5. (The running script's document, if fully active and visible, and its relevant frame
    ///    timing info.)
    /// 6. Let scriptTimingInfo be frameTimingInfo's pending script.
    /// 7. Set frameTimingInfo's pending script to null.
    /// 8. If scriptTimingInfo is null, then return.
    /// 9. Set scriptTimingInfo's end time to the unsafe shared current time.
    /// 10. (Muted errors: taskhost's scripts are all same origin.)
    /// 11. If the duration between scriptTimingInfo's start time and end time is greater than
    ///     5 milliseconds, then append scriptTimingInfo to frameTimingInfo's scripts.
    pub fn record_microtask_checkpoint(
        &self,
        now: impl FnOnce() -> LoopTime,
        context: &mut Context,
    ) -> Option<LoopTime> {
        // (Scripts may have run in the checkpoint: the next starts later than the task did.)
        self.task_start_is_now.set(false);
        if !self.has_pending.get() {
            return None;
        }
        let now = now();
        self.has_pending.set(false);
        let pending = self.pending.borrow_mut().take()?;
        if now.saturating_ns_since(pending.start) <= LONG_SCRIPT_NS {
            return Some(now);
        }
        let describe = self.describe.get()?;
        let script = describe(&pending, now, context);
        if self.frame_start.get().is_some() {
            self.rest.borrow_mut().scripts.push(script);
            self.rest_used.set(true);
        }
        Some(now)
    }
}

/// Whether a frame from `start` to `end` is long.
fn is_long(start: LoopTime, end: LoopTime) -> bool {
    end.saturating_ns_since(start) > LONG_FRAME_NS
}

#[cfg(test)]
#[path = "frame_timing_tests.rs"]
mod tests;
