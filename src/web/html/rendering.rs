//! The rendering half of the window event loop (HTML §8.1.7.3, "event loop processing model",
//! since rendering became a task): a virtual display gives the agent's navigables rendering
//! opportunities; at each one that something needs, a task on the rendering task source runs
//! "update the rendering" for every fully active document of the loop, in tree order.
//!
//! Invariants:
//! - At most one rendering opportunity is awaited at a time (`Rendering::awaited`): a timer
//!   action at the next vsync, or the rendering task it queued. It is set only while the page
//!   is visible, a display exists and something needs rendering (`Rendering::needed`), so a
//!   program that never renders sets no timer and queues no task.
//! - Vsyncs fall on exact multiples of the display's period from the time origin
//!   ([`next_vsync`]): under `--virtual-time` a frame's timestamp is exactly `k × period`.
//! - A frame's timestamp is the time of the rendering opportunity that queued its task (HTML
//!   "last render opportunity time"), also when a long task made it run late (Chromium's rAF
//!   timestamp is the BeginFrame's vsync time, too).
//!
//! What is not modelled (there is no layout): reveal, autofocus, resize, scroll, media queries,
//! animations, fullscreen, context loss, style and layout, intersection observations and paint
//! are named at their step and do nothing. A document is taken to need rendering when it has
//! animation frame callbacks, coalesced pointer input waiting for the frame, or Event Timing
//! entries waiting for the next paint ("unnecessary rendering" otherwise).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use boa_engine::realm::Realm;
use boa_engine::{Context, JsResult};

use crate::agent::host::{Host, agent_data};
use crate::agent::realm::{can_run, in_realm, realm_record};
use crate::event_loop::{HostSource, LoopTime};
use crate::web::dom::document::{has_window_document, made_window_document_of};
use crate::web::dom::node::{inclusive_descendants, node_state};

/// The display's default refresh rate (Hz).
pub const DEFAULT_FRAME_RATE: f64 = 60.0;

/// The refresh rates a display may have (Hz), inclusive.
pub const FRAME_RATE_RANGE: (f64, f64) = (1.0, 1000.0);

/// The virtual display and visibility the runtime starts the page with (`--frame-rate`,
/// `--hidden`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DisplayOptions {
    /// Refresh rate in Hz; `None`: no display, so no rendering opportunities at all.
    pub frame_rate: Option<f64>,
    /// The page starts hidden (no rendering opportunities until it is shown).
    pub hidden: bool,
}

impl Default for DisplayOptions {
    fn default() -> Self {
        Self {
            frame_rate: Some(DEFAULT_FRAME_RATE),
            hidden: false,
        }
    }
}

/// The agent's rendering state (one per window event loop).
#[derive(Default)]
pub struct Rendering {
    /// The display's refresh rate (Hz), once the top-level window registered it.
    frame_rate: Cell<Option<f64>>,
    /// Whether the top-level window set the display up.
    configured: Cell<bool>,
    /// The page's visibility: hidden pages have no rendering opportunities.
    hidden: Cell<bool>,
    /// A rendering opportunity is awaited or its task queued (see the module's invariants).
    awaited: Cell<bool>,
    /// HTML "last render opportunity time".
    last_opportunity: Cell<LoopTime>,
    /// Animation frame callbacks of every document of the loop.
    callbacks: Cell<usize>,
    /// Other work waiting for a frame: coalesced pointer moves, Event Timing entries.
    waiting: Cell<usize>,
    /// The top-level window's realm: the rendering task is queued given its global.
    top: RefCell<Option<Realm>>,
    /// Frames rendered so far.
    frames: Cell<u64>,
}

impl Rendering {
    /// The agent's rendering state.
    pub fn of(context: &mut Context) -> Rc<Rendering> {
        agent_data::<Rendering>(context)
    }

    /// Whether something waits for a frame.
    fn needed(&self) -> bool {
        self.callbacks.get() > 0 || self.waiting.get() > 0
    }

    /// Whether the page is hidden.
    #[must_use]
    pub fn hidden(&self) -> bool {
        self.hidden.get()
    }

    /// The display's refresh rate, if there is a display.
    #[must_use]
    pub fn frame_rate(&self) -> Option<f64> {
        self.frame_rate.get()
    }

    /// How many frames were rendered.
    #[must_use]
    pub fn frames(&self) -> u64 {
        self.frames.get()
    }

    /// The time of the last rendering opportunity (a frame's timestamp).
    #[must_use]
    pub fn last_opportunity(&self) -> LoopTime {
        self.last_opportunity.get()
    }

    /// Animation frame callbacks were added (`n` > 0) or removed.
    pub fn callbacks_changed(&self, added: usize, removed: usize) {
        self.callbacks.set(
            self.callbacks
                .get()
                .saturating_add(added)
                .saturating_sub(removed),
        );
    }

    /// Work that needs a frame was added or done (coalesced input, Event Timing entries).
    pub fn waiting_changed(&self, added: usize, removed: usize) {
        self.waiting.set(
            self.waiting
                .get()
                .saturating_add(added)
                .saturating_sub(removed),
        );
    }

    /// How many animation frame callbacks are pending (for `--max-time`'s report).
    #[must_use]
    pub fn pending_callbacks(&self) -> usize {
        self.callbacks.get()
    }
}

/// Set the display up for the agent of the top-level window being registered (the first window
/// of the agent; iframes share it).
pub fn configure(context: &mut Context, options: DisplayOptions) {
    let rendering = Rendering::of(context);
    if rendering.configured.replace(true) {
        return;
    }
    rendering.frame_rate.set(options.frame_rate);
    rendering.hidden.set(options.hidden);
    *rendering.top.borrow_mut() = Some(context.realm().clone());
    // A window event loop monitors its frames (Long Animation Frames): always, as Chromium
    // does, so that a `buffered` observer registered late sees the frames before it.
    if let Ok(host) = Host::from_context(context) {
        crate::web::performance::long_animation_frames::enable(&host);
        host.frame_timing().set_hidden(options.hidden);
    }
}

/// The first vsync of a display at `rate` Hz strictly after `t`: `k × 10^9 / rate` ns, rounded
/// to the nanosecond, for the smallest such `k`.
#[must_use]
pub fn next_vsync(t: LoopTime, rate: f64) -> LoopTime {
    let period = 1e9 / rate;
    // f64 is exact to the nanosecond for 104 days of loop time; the loop below fixes rounding.
    #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
    let mut k = (t.0 as f64 / period).floor() as u64;
    loop {
        k = k.saturating_add(1);
        #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
        let v = LoopTime((k as f64 * period).round() as u64);
        if v > t || k == u64::MAX {
            return v;
        }
    }
}

/// Something now needs a frame: make sure a rendering opportunity is awaited. HTML's event loop
/// "waits until at least one navigable [...] might have a rendering opportunity"; taskhost's
/// display has one at every vsync, and the loop waits only while something needs it.
pub fn request_frame(context: &mut Context) {
    let rendering = Rendering::of(context);
    let Ok(host) = Host::from_context(context) else {
        return;
    };
    schedule(&host, &rendering);
}

/// Await the next rendering opportunity, if the page can render and something needs it.
fn schedule(host: &Rc<Host>, rendering: &Rc<Rendering>) {
    if rendering.awaited.get() || rendering.hidden.get() || !rendering.needed() {
        return;
    }
    let (Some(rate), Some(realm)) = (rendering.frame_rate.get(), rendering.top.borrow().clone())
    else {
        return;
    };
    rendering.awaited.set(true);
    host.core().set_frame_awaited(true);
    host.frame_timing().set_rendering_wanted(true);
    let due = next_vsync(host.now(), rate);
    let state = rendering.clone();
    host.set_timer_action(
        due,
        Box::new(move |host: &Host, due: LoopTime, order: u64| {
            opportunity(host, &state, realm, due, order);
        }),
    );
}

/// A rendering opportunity at `due` (the vsync): HTML's in-parallel steps of the processing
/// model.
fn opportunity(host: &Host, rendering: &Rc<Rendering>, realm: Realm, due: LoopTime, order: u64) {
    // The page was hidden or the need went away meanwhile (callbacks cancelled): nothing to
    // render ("unnecessary rendering"), and nothing more is awaited.
    if rendering.hidden.get() || !rendering.needed() {
        rendering.awaited.set(false);
        host.core().set_frame_awaited(false);
        host.frame_timing().set_rendering_wanted(false);
        return;
    }
    // Under the random policy the user agent may skip this opportunity (update the rendering,
    // step 5): the frame comes at the next vsync.
    if host.core().skip_rendering_opportunity()
        && let Some(rate) = rendering.frame_rate.get()
    {
        let state = rendering.clone();
        host.set_timer_action(
            next_vsync(due, rate),
            Box::new(move |host: &Host, due: LoopTime, order: u64| {
                opportunity(host, &state, realm, due, order);
            }),
        );
        return;
    }
    // 1. Wait until at least one navigable [...] might have a rendering opportunity. (The vsync.)
    // 2. Set eventLoop's last render opportunity time to the unsafe shared current time. (The
    //    vsync's time: the opportunity is the vsync, whenever the loop noticed it.)
    rendering.last_opportunity.set(due);
    // 3. For each navigable that has a rendering opportunity, queue a global task on the
    //    rendering task source given navigable's active window to update the rendering.
    //    (One task for the agent's top-level navigable; it updates every document of the loop,
    //    iframes included, as "update the rendering" step 2 collects them.)
    let state = rendering.clone();
    host.queue_task_at(
        HostSource::Rendering,
        realm,
        Box::new(move |context| update_the_rendering(&state, context)),
        due,
        order,
    );
}

/// The fully active documents of the loop in tree order: the top-level window's, then each
/// iframe's after the document that contains it ("update the rendering" step 2: "sorted
/// arbitrarily except that [...] containers are listed before the documents they contain", and
/// taskhost takes tree order). Each by its window's realm (a window's initial about:blank
/// document that was never needed is not made for this: it contains no iframe, and the steps
/// run per window).
pub fn documents_in_tree_order(top: &Realm, context: &Context) -> Vec<Realm> {
    let mut out = Vec::new();
    let host = Host::from_context(context).ok();
    collect(top, host.as_deref(), &mut out);
    out
}

/// Every fully active document of the loop: the run's own window's tree, then the tree of each
/// window a script opened and did not close, in the order they were opened.
pub fn documents_of_the_loop(top: &Realm, context: &mut Context) -> Vec<Realm> {
    let mut out = documents_in_tree_order(top, context);
    for opened in crate::web::html::window_open::opened_window_realms(context) {
        out.extend(documents_in_tree_order(&opened, context));
    }
    out
}

fn collect(realm: &Realm, host: Option<&Host>, out: &mut Vec<Realm>) {
    if host.is_some_and(|h| !can_run(h, realm))
        || realm_record(realm).is_some_and(|r| !r.is_fully_active())
    {
        return;
    }
    if !has_window_document(realm) {
        return;
    }
    out.push(realm.clone());
    let Some(document) = made_window_document_of(realm).map(|d| d.document.clone()) else {
        return;
    };
    for node in inclusive_descendants(&document) {
        let child =
            node_state(&node).and_then(|s| s.content.borrow().as_ref().map(|c| c.realm.clone()));
        if let Some(child) = child {
            collect(&child, host, out);
        }
    }
}

/// HTML "update the rendering", the rendering task's steps.
fn update_the_rendering(rendering: &Rc<Rendering>, context: &mut Context) -> JsResult<()> {
    // The opportunity is used: a callback requested from here on waits for the next one.
    rendering.awaited.set(false);
    rendering.frames.set(rendering.frames.get() + 1);
    let host = Host::from_context(context)?;
    host.core().set_frame_awaited(false);
    host.frame_timing().set_rendering_wanted(false);
    // 1. Let frameTimestamp be eventLoop's last render opportunity time.
    let frame_timestamp = rendering.last_opportunity.get();
    // 2. Let docs be all fully active Document objects whose relevant agent's event loop is
    //    eventLoop, sorted arbitrarily except that [containers first]. (The run's window's
    //    documents, then those of the windows scripts opened.)
    let Some(top) = rendering.top.borrow().clone() else {
        return Ok(());
    };
    let docs = documents_of_the_loop(&top, context);
    // 3. Filter non-renderable documents: remove docs whose visibility state is "hidden" (the
    //    whole page is hidden or visible at once here), or render-blocked (never, without
    //    stylesheets).
    if rendering.hidden.get() {
        return Ok(());
    }
    // 4. Unnecessary rendering: nothing visible changes and the map of animation frame callbacks
    //    is empty. (Each step below does nothing for such a document.)
    // 5. Remove docs the user agent believes it is preferable to skip. (None: the random
    //    policy skips whole opportunities instead, `opportunity`.)
    // HTML lets unsafeStyleAndLayoutStartTime be the unsafe shared current time before style
    // and layout (step 15) and passes it to Long Animation Frames' "record rendering time".
    // taskhost has no style or layout: it takes the time the step would start, once the
    // animation frame callbacks (the last document's) have run, as Chromium's
    // styleAndLayoutStart follows the rAF callbacks.
    let mut style_and_layout_start = host.now();
    for realm in &docs {
        // The frame's timestamp relative to the document's time origin (every window of the
        // agent shares the loop's origin).
        let now = frame_timestamp.as_millis_f64();
        in_realm(context, realm, |context| -> JsResult<()> {
            // 6. Reveal. 7. Flush autofocus candidates. 8. Run the resize steps. 9. Run the
            //    scroll steps. 10. Evaluate media queries and report changes. 11. Update
            //    animations and send events. 12. Run the fullscreen steps. 13. Context lost
            //    steps. (Not modelled: no layout, style or canvas.)
            // Chromium dispatches rAF-aligned input (pointer and mouse moves, coalesced) at the
            // start of the frame, before all of these: taskhost does the same.
            crate::web::input::dispatch_frame_aligned_input(context);
            // 14. Run the animation frame callbacks for doc, passing in the relative high
            //     resolution time given frameTimestamp and doc's relevant global object.
            crate::web::html::animation_frames::run_animation_frame_callbacks(now, context);
            style_and_layout_start = host.now();
            // 15-20. (Style and layout, resize observers, focus fix-up, view transitions,
            //     intersection observations: not modelled. Record rendering time: once for
            //     the agent's one frame timing info, after the loop.)
            // 21. Mark paint timing. (No paint timing entries.) Event Timing: "dispatch
            //     pending Event Timing entries" for doc, with the current time as the
            //     rendering timestamp.
            crate::web::event_timing::dispatch_pending_entries(context);
            // 22. Update the rendering or user interface of doc. 23. Top layer removals. (Not
            //     modelled.)
            Ok(())
        })?;
    }
    // Record rendering time given the top-level document (every document's nearest same-origin
    // root) and unsafeStyleAndLayoutStartTime: the frame ends here, and is reported if long.
    // (After Event Timing's step 21, where HTML records it before: no time passes between.)
    if let Some(frame) = host
        .frame_timing()
        .record_rendering_time(style_and_layout_start, host.now())
    {
        crate::web::performance::long_animation_frames::report_frame_timing(frame, context);
    }
    // What still needs a frame, counted again from the documents that are fully active (a
    // removed iframe's callbacks and entries no longer ask for frames).
    let mut callbacks = 0;
    let mut waiting = 0;
    for realm in documents_of_the_loop(&top, context) {
        callbacks += crate::web::html::animation_frames::pending_in(&realm);
        waiting += crate::web::event_timing::waiting_in(&realm)
            + crate::web::input::waiting_in(&realm, context);
    }
    rendering.callbacks.set(callbacks);
    rendering.waiting.set(waiting);
    // What was requested during the frame waits for the next opportunity.
    schedule(&host, rendering);
    Ok(())
}

/// The page's visibility changed (`taskhost.page.hide()`/`show()`, an input file's `hide` and
/// `show`): record it; a page that becomes visible renders what waited.
pub fn set_hidden(context: &mut Context, hidden: bool) {
    let rendering = Rendering::of(context);
    rendering.hidden.set(hidden);
    if let Ok(host) = Host::from_context(context) {
        host.frame_timing().set_hidden(hidden);
        schedule(&host, &rendering);
    }
}

/// The top-level window's realm, if the agent has a display set up.
#[must_use]
pub fn top_realm(context: &mut Context) -> Option<Realm> {
    Rendering::of(context).top.borrow().clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vsyncs_fall_on_exact_multiples_of_the_period() {
        let ms = 1_000_000;
        assert_eq!(next_vsync(LoopTime(0), 60.0), LoopTime(16_666_667));
        assert_eq!(next_vsync(LoopTime(16_666_667), 60.0), LoopTime(33_333_333));
        assert_eq!(next_vsync(LoopTime(16_666_666), 60.0), LoopTime(16_666_667));
        assert_eq!(
            next_vsync(LoopTime(100 * ms), 60.0),
            LoopTime(100_000_000 + 16_666_667)
        );
        assert_eq!(next_vsync(LoopTime(10 * ms), 100.0), LoopTime(20 * ms));
        assert_eq!(next_vsync(LoopTime(0), 1.0), LoopTime(1_000 * ms));
        // 3 600 s later the vsyncs are still exact multiples.
        let hour = 3_600_000 * ms;
        assert_eq!(
            next_vsync(LoopTime(hour), 60.0),
            LoopTime(hour + 16_666_667)
        );
    }
}
