//! The user agent's input: trusted events a user's actions would cause, dispatched as browsers
//! dispatch them, at times on the loop's clock. A script drives it with `taskhost.input`
//! (`web::taskhost_input`), the command line with `--input FILE` (`file.rs`).
//!
//! - A click is two tasks on the user interaction task source, as a mouse's press and release
//!   are two input events: `pointerdown`, `mousedown` at the press; `pointerup`, `mouseup`,
//!   `click` at the release (UI Events §4.3.3, Pointer Events §11: a canceled `pointerdown`
//!   suppresses the compatibility mouse events, not the click).
//! - A key press is two tasks: `keydown` (and `keypress` for a key that produces a character)
//!   at the press, `keyup` at the release.
//! - Pointer moves are continuous input: Chromium aligns them to rendering (coalesced, and
//!   dispatched at the start of the next frame, before animation frame callbacks). taskhost
//!   does the same: a move records its position and asks for a frame; the frame dispatches one
//!   `pointermove` (with every coalesced move in `getCoalescedEvents()`) and one `mousemove`.
//! - Every event's `timeStamp` is when the input happened, not when it was dispatched, so the
//!   wait behind a long task is visible in `event.timeStamp` and in Event Timing.
//!
//! Invariant: an input action's tasks are queued runnable at the action's time (a timer action
//! queues them when their time comes), so a click that happened during a long task runs right
//! after it, before everything else (the input band), and its events carry the time it happened.

mod events;
pub mod file;

pub use events::key_code;
use events::{
    KeyPress, Pointer, bubbling, fill_mouse, fire_click, fire_key, fire_mouse, fire_pointer,
};

use std::cell::RefCell;

use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject};

use crate::agent::host::{Host, agent_data};
use crate::agent::realm::{in_realm, realm_data_of, realm_of_global, realm_record};
use crate::event_loop::{HostSource, LoopTime};
use crate::web::dom::dispatch::fire_event;
use crate::web::dom::document::{WindowDocument, body_element};
use crate::web::dom::node::{NodeKind, is_connected, node_state};
use crate::web::html::rendering::{Rendering, request_frame};
use crate::web::uievents::ui_event::{Modifiers, UiEventData, UiKind, create_trusted};

/// The mouse's pointer id (Chromium's and Firefox's for the mouse: 1).
pub const MOUSE_POINTER_ID: i32 = 1;

/// What a user did.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Press and release a mouse button over the target (`button`: 0 main, 1 middle, 2
    /// secondary); the release comes `hold_ms` after the press.
    Click { button: i16, hold_ms: f64 },
    /// Press and release a key while the target has focus; the release comes `hold_ms` later.
    Key {
        key: String,
        code: String,
        hold_ms: f64,
    },
    /// Move the mouse over the target to (x, y).
    PointerMove,
    /// Hide the page (switch away from its tab).
    Hide,
    /// Show the page again.
    Show,
}

impl Action {
    /// How taskhost names the action (for messages and the summary).
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Action::Click { .. } => "click",
            Action::Key { .. } => "key",
            Action::PointerMove => "pointermove",
            Action::Hide => "hide",
            Action::Show => "show",
        }
    }
}

/// Where an action is aimed.
#[derive(Clone, Debug)]
pub enum Target {
    /// A node (an element or a document) given by script.
    Node(JsObject),
    /// A selector, resolved against the page's document when the input happens: `#id`,
    /// `body`, or `document`.
    Selector(String),
}

/// One input action at a time on the loop's clock.
#[derive(Clone, Debug)]
pub struct Input {
    pub action: Action,
    pub target: Target,
    /// When it happens (ms on the loop's clock); `None`: now.
    pub at: Option<f64>,
    pub x: f64,
    pub y: f64,
    pub modifiers: Modifiers,
    /// Where it came from, for messages (`"taskhost.input.click()"`, `"inputs.json entry 3"`).
    pub origin: String,
}

/// A pointer move waiting for the next frame.
struct PendingMove {
    target: JsObject,
    x: f64,
    y: f64,
    time: f64,
    modifiers: Modifiers,
}

/// The agent's coalesced pointer moves, by document (its window's realm).
#[derive(Default)]
struct PendingMoves(RefCell<Vec<(Realm, PendingMove)>>);

/// The moves waiting in the document of `realm`'s window.
#[must_use]
pub fn waiting_in(realm: &Realm, context: &mut Context) -> usize {
    let moves = agent_data::<PendingMoves>(context);
    moves.0.borrow().iter().filter(|(r, _)| r == realm).count()
}

/// Why an input cannot be dispatched.
fn target_problem(target: &JsObject) -> Option<&'static str> {
    let Some(state) = node_state(target) else {
        return Some("the target is not a node");
    };
    if !matches!(state.kind, NodeKind::Document | NodeKind::Element(_)) {
        return Some("the target is not an element or a document");
    }
    if !is_connected(target) {
        return Some("the target is not in a document");
    }
    None
}

/// The realm of the window of `target`'s document, if that document is fully active.
fn realm_of_target(target: &JsObject, context: &Context) -> Option<Realm> {
    let state = node_state(target)?;
    let document = match state.kind {
        NodeKind::Document => target.clone(),
        _ => state.document.borrow().clone()?,
    };
    let window = node_state(&document)?.window.borrow().clone()?;
    let realm = realm_of_global(context, &window)?;
    realm_record(&realm)
        .is_none_or(|r| r.is_fully_active())
        .then_some(realm)
}

/// Resolve `target` now: the node, and the realm of its window; or why not.
pub fn resolve(target: &Target, context: &mut Context) -> Result<(JsObject, Realm), String> {
    let node = match target {
        Target::Node(node) => node.clone(),
        Target::Selector(selector) => {
            let top = crate::web::html::rendering::top_realm(context)
                .ok_or_else(|| "the page has no document".to_owned())?;
            let document = realm_data_of::<WindowDocument>(&top)
                .map(|d| d.document.clone())
                .ok_or_else(|| "the page has no document".to_owned())?;
            match selector.as_str() {
                "document" => document,
                "body" => {
                    body_element(&document).ok_or_else(|| "the document has no body".to_owned())?
                }
                s if s.starts_with('#') => find_by_id(&document, &s[1..])
                    .ok_or_else(|| format!("no element has the id '{}'", &s[1..]))?,
                s => {
                    return Err(format!(
                        "the target '{s}' is not a selector taskhost knows ('#id', 'body' or 'document')"
                    ));
                }
            }
        }
    };
    if let Some(problem) = target_problem(&node) {
        return Err(problem.to_owned());
    }
    let realm = realm_of_target(&node, context)
        .ok_or_else(|| "the target's document is not fully active".to_owned())?;
    Ok((node, realm))
}

fn find_by_id(document: &JsObject, id: &str) -> Option<JsObject> {
    crate::web::dom::node::inclusive_descendants(document)
        .into_iter()
        .find(|n| crate::web::dom::node::attribute(n, "id").as_deref() == Some(id))
}

/// Schedule `input`: at its time, its tasks are queued (or, for a move, it waits for a frame).
/// A time in the past or absent is now.
pub fn schedule(input: Input, context: &mut Context) {
    let Ok(host) = Host::from_context(context) else {
        return;
    };
    let now = host.now();
    let at = input
        .at
        .map_or(now, |ms| LoopTime::from_millis_f64(ms.max(0.0)).max(now));
    let Some(realm) = crate::web::html::rendering::top_realm(context) else {
        return;
    };
    if at <= now {
        let order = host.core().take_enqueue_order();
        happen(input, realm, now, order, &host);
        return;
    }
    host.set_timer_action(
        at,
        Box::new(move |host: &Host, due: LoopTime, order: u64| {
            happen(input, realm, due, order, host);
        }),
    );
}

/// The input happens at `time`: queue its first task (runnable at `time`), which does the rest.
fn happen(input: Input, realm: Realm, time: LoopTime, order: u64, host: &Host) {
    host.queue_task_at(
        HostSource::UserInteraction,
        realm,
        Box::new(move |context| {
            run_input(input, time, context);
            Ok(())
        }),
        time,
        order,
    );
}

/// Say on stderr that an input was not dispatched, and why.
fn not_dispatched(input: &Input, time: LoopTime, why: &str) {
    let _ = crate::engine::terminal::write_stderr(&format!(
        "taskhost: input {} at {} ms ({}): {why}; nothing was dispatched",
        input.action.name(),
        time.as_millis_f64(),
        input.origin
    ));
}

/// The first task of an input: dispatch what happens at its time.
fn run_input(input: Input, time: LoopTime, context: &mut Context) {
    let at = time.as_millis_f64();
    match &input.action {
        Action::Hide | Action::Show => {
            crate::web::html::page_visibility::set_page_visibility(
                input.action == Action::Hide,
                context,
            );
        }
        Action::PointerMove => match resolve(&input.target, context) {
            Ok((target, realm)) => {
                let moves = agent_data::<PendingMoves>(context);
                moves.0.borrow_mut().push((
                    realm,
                    PendingMove {
                        target,
                        x: input.x,
                        y: input.y,
                        time: at,
                        modifiers: input.modifiers,
                    },
                ));
                Rendering::of(context).waiting_changed(1, 0);
                request_frame(context);
            }
            Err(why) => not_dispatched(&input, time, &why),
        },
        Action::Click { button, hold_ms } => {
            let (target, realm) = match resolve(&input.target, context) {
                Ok(t) => t,
                Err(why) => return not_dispatched(&input, time, &why),
            };
            let button = *button;
            let pointer = Pointer {
                x: input.x,
                y: input.y,
                modifiers: input.modifiers,
                button,
            };
            // The press: pointerdown, then mousedown unless pointerdown was canceled.
            let suppressed = in_realm(context, &realm, |context| {
                let canceled = !fire_pointer("pointerdown", &target, &pointer, at, true, context);
                if !canceled {
                    fire_mouse("mousedown", &target, &pointer, at, true, context);
                }
                canceled
            });
            // The release: its own task, `hold_ms` later.
            let release = time.saturating_add_ns((hold_ms.max(0.0) * 1e6) as u64);
            let host = Host::from_context(context);
            let queue = move |context: &mut Context| {
                let at = release.as_millis_f64();
                if target_problem(&target).is_some() || realm_of_target(&target, context).is_none()
                {
                    // Released elsewhere: nothing more for this target.
                    return Ok(());
                }
                in_realm(context, &realm, |context| {
                    fire_pointer("pointerup", &target, &pointer, at, false, context);
                    if !suppressed {
                        fire_mouse("mouseup", &target, &pointer, at, false, context);
                    }
                    fire_click(&target, &pointer, at, context);
                });
                Ok(())
            };
            if let Ok(host) = host {
                queue_later(&host, release, context, Box::new(queue));
            }
        }
        Action::Key { key, code, hold_ms } => {
            let (target, realm) = match resolve(&input.target, context) {
                Ok(t) => t,
                Err(why) => return not_dispatched(&input, time, &why),
            };
            let keys = KeyPress {
                key: key.clone(),
                code: code.clone(),
                modifiers: input.modifiers,
            };
            in_realm(context, &realm, |context| {
                let proceed = fire_key("keydown", &target, &keys, at, context);
                // keypress: for a key that produces a character value, unless keydown was
                // canceled (UI Events §5.3.1).
                if proceed && keys.key.chars().count() == 1 {
                    fire_key("keypress", &target, &keys, at, context);
                }
            });
            let release = time.saturating_add_ns((hold_ms.max(0.0) * 1e6) as u64);
            if let Ok(host) = Host::from_context(context) {
                queue_later(
                    &host,
                    release,
                    context,
                    Box::new(move |context| {
                        if target_problem(&target).is_none()
                            && realm_of_target(&target, context).is_some()
                        {
                            in_realm(context, &realm, |context| {
                                fire_key("keyup", &target, &keys, release.as_millis_f64(), context);
                            });
                        }
                        Ok(())
                    }),
                );
            }
        }
    }
}

/// Queue `steps` on the user interaction task source, runnable at `at` (now if it passed).
fn queue_later(
    host: &Host,
    at: LoopTime,
    context: &mut Context,
    steps: crate::agent::host::TaskSteps,
) {
    let Some(realm) = crate::web::html::rendering::top_realm(context) else {
        return;
    };
    if at <= host.now() {
        host.queue_task(HostSource::UserInteraction, realm, steps);
    } else {
        host.set_timer_task(at, HostSource::UserInteraction, realm, steps);
    }
}

/// Dispatch the pointer moves coalesced for the current realm's document since the last frame:
/// one `pointermove` (its coalesced events: every move) and one `mousemove` at the last move's
/// target and position (rendering step, before animation frame callbacks).
pub fn dispatch_frame_aligned_input(_document: &JsObject, context: &mut Context) {
    let realm = context.realm().clone();
    let moves = agent_data::<PendingMoves>(context);
    let mine: Vec<PendingMove> = {
        let mut all = moves.0.borrow_mut();
        let (mine, rest): (Vec<_>, Vec<_>) = all.drain(..).partition(|(r, _)| *r == realm);
        *all = rest;
        mine.into_iter().map(|(_, m)| m).collect()
    };
    if mine.is_empty() {
        return;
    }
    Rendering::of(context).waiting_changed(0, mine.len());
    let Some(last) = mine.last() else {
        return;
    };
    let target = last.target.clone();
    if target_problem(&target).is_some() {
        return;
    }
    let make = |m: &PendingMove, context: &mut Context| {
        let view = context.global_object();
        let p = Pointer {
            x: m.x,
            y: m.y,
            modifiers: m.modifiers,
            button: -1,
        };
        create_trusted(
            UiKind::Pointer,
            "pointermove",
            bubbling(),
            m.time,
            context,
            |d| {
                fill_mouse(d, &p, 0, 0, &view);
                d.pointer.pointer_id = MOUSE_POINTER_ID;
                d.pointer.pointer_type = "mouse".to_owned();
                d.pointer.is_primary = true;
            },
        )
    };
    let coalesced: Vec<JsObject> = mine.iter().filter_map(|m| make(m, context).ok()).collect();
    let Ok(event) = make(last, context) else {
        return;
    };
    if let Some(mut data) = event.downcast_mut::<UiEventData>() {
        data.coalesced = coalesced;
    }
    let canceled = !fire_event(&target, &event, context).unwrap_or(true);
    if !canceled {
        let p = Pointer {
            x: last.x,
            y: last.y,
            modifiers: last.modifiers,
            button: 0,
        };
        let view = context.global_object();
        if let Ok(mouse) = create_trusted(
            UiKind::Mouse,
            "mousemove",
            bubbling(),
            last.time,
            context,
            |d| {
                fill_mouse(d, &p, 0, 0, &view);
            },
        ) {
            let _ = fire_event(&target, &mouse, context);
        }
    }
}

/// How many pointer moves wait for a frame (every document of the page).
#[must_use]
pub fn pending_moves(context: &mut Context) -> usize {
    agent_data::<PendingMoves>(context).0.borrow().len()
}
