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
//! - A tap is two tasks, a finger's contact and its lift (`touch.rs`): the touch's pointer
//!   events and `touchstart` at the contact; its pointer events, `touchend`, then the
//!   compatibility mouse events and `click` at the lift.
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

mod editing;
mod events;
pub mod file;
mod keyboard_activation;
mod pointer;
mod target;
mod touch;

use target::target_problem;
pub use target::{resolve, selector_problem};

use events::{KeyPress, MouseEventShape, Pointer, bubbling, fire_key, fire_mouse_event};
pub use events::{
    default_code, dispatch_timed_outside_interactions, fire_forwarded_click, key_char, key_code,
};

use std::cell::RefCell;

use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsValue};

use crate::agent::host::{Host, agent_data};
use crate::agent::realm::in_realm;
use crate::event_loop::{HostSource, LoopTime};
use crate::web::dom::dispatch::fire_event;
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
    /// Press a mouse button over the target (and keep it pressed).
    ButtonDown { button: i16 },
    /// Release a mouse button over the target.
    ButtonUp { button: i16 },
    /// Press a key (and keep it pressed).
    KeyDown { key: String, code: String },
    /// Release a key.
    KeyUp { key: String, code: String },
    /// Touch the target with a finger and lift it `hold_ms` later.
    Tap { hold_ms: f64 },
    /// A finger (0, 1, …) touches the target (and stays in contact).
    TouchStart { finger: u32 },
    /// A finger in contact lifts.
    TouchEnd { finger: u32 },
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
            Action::ButtonDown { .. } => "pointerdown",
            Action::ButtonUp { .. } => "pointerup",
            Action::KeyDown { .. } => "keydown",
            Action::KeyUp { .. } => "keyup",
            Action::Tap { .. } => "tap",
            Action::TouchStart { .. } => "touchstart",
            Action::TouchEnd { .. } => "touchend",
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
    /// A CSS selector (its first match in tree order) or `document`, resolved against the
    /// page's document when the input happens.
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
    /// A function called with `true` once the input's last event has been dispatched, or with
    /// `false` if it could not be (`taskhost.input`'s promise's resolve function).
    pub done: Option<JsObject>,
}

/// A pointer move waiting for the next frame.
struct PendingMove {
    target: JsObject,
    x: f64,
    y: f64,
    time: f64,
    modifiers: Modifiers,
    done: Option<JsObject>,
}

/// The agent's coalesced pointer moves, by document (its window's realm).
#[derive(Default)]
struct PendingMoves(RefCell<Vec<(Realm, PendingMove)>>);

/// The keys of the agent's keyboard that are down (their `code`s), from keydown to keyup.
#[derive(Default)]
struct HeldKeys(RefCell<std::collections::HashSet<String>>);

/// The moves waiting in the document of `realm`'s window.
#[must_use]
pub fn waiting_in(realm: &Realm, context: &mut Context) -> usize {
    let moves = agent_data::<PendingMoves>(context);
    moves.0.borrow().iter().filter(|(r, _)| r == realm).count()
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
    // The press's place among the tasks runnable at its time, and right after it its release's
    // (see `happen`).
    if at <= now {
        let order = host.core().take_enqueue_order();
        let release_order = host.core().take_enqueue_order();
        happen(input, realm, now, order, release_order, &host);
        return;
    }
    // The timer's order is taken when it is set; the release's is the next one.
    let release_order = std::rc::Rc::new(std::cell::Cell::new(0));
    let reserved = release_order.clone();
    host.set_timer_action(
        at,
        Box::new(move |host: &Host, due: LoopTime, order: u64| {
            happen(input, realm, due, order, reserved.get(), host);
        }),
    );
    release_order.set(host.core().take_enqueue_order());
}

/// The input happens at `time`: queue its first task (runnable at `time`), which does the rest.
///
/// A press and its release are one action: the release's place among tasks runnable at the
/// same time (`release_order`) was taken with the press's, right after it, so that clicks
/// happening at one time are each pressed and released before the next is pressed (as a
/// device sends them).
fn happen(input: Input, realm: Realm, time: LoopTime, order: u64, release_order: u64, host: &Host) {
    host.queue_task_at(
        HostSource::UserInteraction,
        realm,
        Box::new(move |context| {
            run_input(input, time, release_order, context);
            Ok(())
        }),
        time,
        order,
    );
}

/// Say on stderr that an input was not dispatched, and why; its promise gets `false`.
fn not_dispatched(input: &Input, time: LoopTime, why: &str, context: &mut Context) {
    let _ = crate::engine::terminal::write_stderr(&format!(
        "taskhost: input {} at {} ms ({}): {why}; nothing was dispatched",
        input.action.name(),
        time.as_millis_f64(),
        input.origin
    ));
    settle(input.done.as_ref(), false, context);
}

/// Tell whoever waits for an input (`done`) whether it was dispatched.
fn settle(done: Option<&JsObject>, dispatched: bool, context: &mut Context) {
    if let Some(resolve) = done {
        let _ = resolve.call(&JsValue::undefined(), &[JsValue::from(dispatched)], context);
    }
}

/// The first task of an input: dispatch what happens at its time.
fn run_input(input: Input, time: LoopTime, release_order: u64, context: &mut Context) {
    let at = time.as_millis_f64();
    match &input.action.clone() {
        Action::Hide | Action::Show => {
            // (Settled once every document's visibility state was updated: the
            // `visibilitychange` events are this input's events.)
            let done = input.done.clone();
            crate::web::html::page_visibility::set_page_visibility(
                input.action == Action::Hide,
                Box::new(move |context| settle(done.as_ref(), true, context)),
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
                        done: input.done.clone(),
                    },
                ));
                Rendering::of(context).waiting_changed(1, 0);
                request_frame(context);
            }
            Err(why) => not_dispatched(&input, time, &why, context),
        },
        Action::ButtonDown { .. }
        | Action::ButtonUp { .. }
        | Action::TouchStart { .. }
        | Action::TouchEnd { .. }
        | Action::KeyDown { .. }
        | Action::KeyUp { .. } => {
            if discrete(&input, &input.action, at, context) {
                settle(input.done.as_ref(), true, context);
            }
        }
        Action::Click { .. } | Action::Tap { .. } | Action::Key { .. } => {
            let Some((press, release, hold_ms)) = halves(&input.action) else {
                return;
            };
            then_release(input, press, release, time, hold_ms, release_order, context);
        }
    }
}

/// The press and the release an action of both is made of, and how long it holds.
fn halves(action: &Action) -> Option<(Action, Action, f64)> {
    Some(match action {
        Action::Click { button, hold_ms } => (
            Action::ButtonDown { button: *button },
            Action::ButtonUp { button: *button },
            *hold_ms,
        ),
        Action::Tap { hold_ms } => (
            Action::TouchStart { finger: 0 },
            Action::TouchEnd { finger: 0 },
            *hold_ms,
        ),
        Action::Key { key, code, hold_ms } => (
            Action::KeyDown {
                key: key.clone(),
                code: code.clone(),
            },
            Action::KeyUp {
                key: key.clone(),
                code: code.clone(),
            },
            *hold_ms,
        ),
        _ => return None,
    })
}

/// A press now, and its release as its own task `hold_ms` later (as a button's or a key's
/// press and release are two input events).
fn then_release(
    input: Input,
    press: Action,
    release: Action,
    time: LoopTime,
    hold_ms: f64,
    release_order: u64,
    context: &mut Context,
) {
    if !discrete(&input, &press, time.as_millis_f64(), context) {
        return;
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let later = time.saturating_add_ns((hold_ms.max(0.0) * 1e6) as u64);
    let Ok(host) = Host::from_context(context) else {
        return;
    };
    let steps = move |context: &mut Context| {
        if discrete(&input, &release, later.as_millis_f64(), context) {
            settle(input.done.as_ref(), true, context);
        }
        Ok(())
    };
    if later <= host.now() {
        // Due now (a click with no hold): in the place taken when the input happened.
        if let Some(realm) = crate::web::html::rendering::top_realm(context) {
            host.queue_task_at(
                HostSource::UserInteraction,
                realm,
                Box::new(steps),
                later,
                release_order,
            );
        }
    } else {
        queue_later(&host, later, context, Box::new(steps));
    }
}

/// Dispatch the events of a press or release (`action`) of `input` at `at`, after the moves
/// waiting for a frame (Chromium dispatches the rendering-aligned input queued before a
/// discrete event first). Returns false, having said why, if its target cannot get input now.
fn discrete(input: &Input, action: &Action, at: f64, context: &mut Context) -> bool {
    let (target, realm) = match resolve(&input.target, context) {
        Ok(t) => t,
        Err(why) => {
            not_dispatched(input, LoopTime::from_millis_f64(at), &why, context);
            return false;
        }
    };
    flush_moves(context);
    // The moves' listeners may have removed the target.
    if let Some(why) = target_problem(&target) {
        not_dispatched(input, LoopTime::from_millis_f64(at), why, context);
        return false;
    }
    if let Action::TouchEnd { finger } = action
        && !touch::in_contact(*finger, context)
    {
        let why = format!("finger {finger} is not touching the screen");
        not_dispatched(input, LoopTime::from_millis_f64(at), &why, context);
        return false;
    }
    in_realm(context, &realm, |context| match action {
        Action::ButtonDown { button } | Action::ButtonUp { button } => {
            let p = Pointer {
                x: input.x,
                y: input.y,
                modifiers: input.modifiers,
                button: *button,
            };
            if matches!(action, Action::ButtonDown { .. }) {
                pointer::press(&target, &p, at, context);
            } else {
                pointer::release(&target, &p, at, context);
            }
        }
        Action::TouchStart { finger } | Action::TouchEnd { finger } => {
            let p = Pointer {
                x: input.x,
                y: input.y,
                modifiers: input.modifiers,
                button: 0,
            };
            if matches!(action, Action::TouchStart { .. }) {
                touch::press(&target, &p, *finger, at, context);
            } else {
                touch::release(&target, &p, *finger, at, context);
            }
        }
        Action::KeyDown { key, code } | Action::KeyUp { key, code } => {
            let code = if code.is_empty() {
                default_code(key)
            } else {
                code.clone()
            };
            // A keydown of a key that is already down is a repeat (the keyboard's auto-repeat:
            // `repeat` true on its keydown and keypress, as Chromium 156 and Firefox 153 give a
            // second keydown of a held key); its keyup releases it.
            let held = agent_data::<HeldKeys>(context);
            let repeat = if matches!(action, Action::KeyDown { .. }) {
                !held.0.borrow_mut().insert(code.clone())
            } else {
                held.0.borrow_mut().remove(&code);
                false
            };
            let keys = KeyPress {
                key: key.clone(),
                code,
                modifiers: input.modifiers,
                repeat,
            };
            if matches!(action, Action::KeyDown { .. }) {
                let mut proceed = fire_key("keydown", &target, &keys, at, context);
                if proceed && keyboard_activation::after_keydown(&target, &keys.key, at, context) {
                    proceed = false;
                }
                if proceed {
                    editing::after_keydown(&target, &keys, context);
                }
                // keypress: for a key that produces a character value, unless keydown was
                // canceled (UI Events §5.3.1).
                if proceed
                    && key_char(&keys.key).is_some()
                    && fire_key("keypress", &target, &keys, at, context)
                {
                    keyboard_activation::after_keypress(&target, &keys.key, at, context);
                    editing::after_keypress(&target, &keys, context);
                }
            } else if fire_key("keyup", &target, &keys, at, context) {
                keyboard_activation::after_keyup(&target, &keys.key, at, context);
            } else {
                keyboard_activation::forget_space(context);
            }
        }
        _ => {}
    });
    true
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
/// the boundary events if the mouse is over a new node, then one `pointermove` (with every
/// coalesced move in `getCoalescedEvents()`) and one `mousemove` at the last move's target and
/// position (rendering step, before animation frame callbacks).
pub fn dispatch_frame_aligned_input(context: &mut Context) {
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
    if target_problem(&target).is_none() {
        let p = Pointer {
            x: last.x,
            y: last.y,
            modifiers: last.modifiers,
            button: -1,
        };
        pointer::enter(&target, &p, last.time, context);
        let buttons = pointer::held_buttons(context);
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
                    events::fill_mouse(d, &p, buttons, 0, &view);
                    d.pointer.pointer_id = MOUSE_POINTER_ID;
                    d.pointer.pointer_type = "mouse".to_owned();
                    d.pointer.is_primary = true;
                },
            )
        };
        let coalesced: Vec<JsObject> = mine.iter().filter_map(|m| make(m, context).ok()).collect();
        if let Ok(event) = make(last, context) {
            if let Some(mut data) = event.downcast_mut::<UiEventData>() {
                data.coalesced = coalesced;
            }
            let canceled = !fire_event(&target, &event, context).unwrap_or(true);
            if !canceled {
                let p = Pointer { button: 0, ..p };
                let shape = MouseEventShape {
                    kind: UiKind::Mouse,
                    buttons,
                    detail: 0,
                    init: bubbling(),
                };
                fire_mouse_event("mousemove", &shape, &target, &p, last.time, context);
            }
        }
    }
    for m in &mine {
        settle(m.done.as_ref(), true, context);
    }
}

/// Dispatch now the moves waiting for a frame in every document (before a discrete input).
fn flush_moves(context: &mut Context) {
    let realms: Vec<Realm> = {
        let moves = agent_data::<PendingMoves>(context);
        let all = moves.0.borrow();
        let mut realms: Vec<Realm> = Vec::new();
        for (realm, _) in all.iter() {
            if !realms.contains(realm) {
                realms.push(realm.clone());
            }
        }
        realms
    };
    for realm in realms {
        in_realm(context, &realm, |context| {
            dispatch_frame_aligned_input(context);
        });
    }
}
