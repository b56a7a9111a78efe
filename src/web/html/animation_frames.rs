//! Animation frames (HTML §8.11, the `AnimationFrameProvider` mixin on `Window`):
//! `requestAnimationFrame()`, `cancelAnimationFrame()` and "run the animation frame callbacks",
//! which the rendering task runs for each document (`rendering.rs`, step 14).
//!
//! Invariants:
//! - Each window's document has a map of animation frame callbacks (handle → callback, in the
//!   order they were requested) and an identifier that only grows; a handle is never reused.
//! - A callback is removed from the map before it is invoked, so it runs at most once, and a
//!   callback requested while the callbacks run waits for the next frame (the run takes the
//!   handles present when it starts).
//! - The agent's count of pending callbacks (`Rendering::callbacks_changed`) is what asks for
//!   frames; after each frame it is recomputed from the fully active documents, so callbacks of
//!   a removed iframe's document stop asking.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use boa_engine::realm::Realm;
use boa_engine::{Context, JsObject, JsResult, JsValue, NativeFunction};
use indexmap::IndexMap;

use crate::agent::host::Host;
use crate::agent::realm::{insert_realm_data, realm_data, realm_data_of};
use crate::engine::callback::{ExceptionBehavior, invoke_callback_function};
use crate::engine::webidl::{to_long, type_error};
use crate::web::dom::interface::arguments_required;
use crate::web::html::rendering::{Rendering, request_frame};
use crate::web::util::define_operation;

/// A document's map of animation frame callbacks and its animation frame callback identifier.
///
/// Removal is O(1): a removed callback leaves an empty slot (`None`), and the slots go with the
/// map when the next frame takes it (`running`), so a frame of 10^6 callbacks costs 10^6 steps,
/// not 10^12 shifts.
#[derive(Default)]
pub struct AnimationFrameCallbacks {
    identifier: Cell<u32>,
    map: RefCell<IndexMap<u32, Option<JsObject>>>,
    /// The map being run by "run the animation frame callbacks" (callbacks cancelled while it
    /// runs are removed from it too).
    running: RefCell<IndexMap<u32, Option<JsObject>>>,
}

impl AnimationFrameCallbacks {
    /// How many callbacks wait for a frame.
    #[must_use]
    pub fn len(&self) -> usize {
        self.map.borrow().values().filter(|c| c.is_some()).count()
    }

    /// Whether no callback waits.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Remove callbacks[handle]; whether there was one.
    fn remove(&self, handle: u32) -> bool {
        let taken = |map: &RefCell<IndexMap<u32, Option<JsObject>>>| {
            map.borrow_mut()
                .get_mut(&handle)
                .and_then(Option::take)
                .is_some()
        };
        taken(&self.map) || taken(&self.running)
    }
}

fn callbacks(context: &Context) -> Option<Rc<AnimationFrameCallbacks>> {
    realm_data::<AnimationFrameCallbacks>(context)
}

/// The callbacks waiting in the document of `realm`'s window.
#[must_use]
pub fn pending_in(realm: &Realm) -> usize {
    realm_data_of::<AnimationFrameCallbacks>(realm).map_or(0, |c| c.len())
}

/// `requestAnimationFrame(callback)`.
fn request_animation_frame(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let fail = |m: &str| type_error("Window", "requestAnimationFrame", m);
    let Some(callback) = args.first() else {
        return Err(fail(&arguments_required(1, 0)));
    };
    // FrameRequestCallback is a callback function: anything not callable is a TypeError.
    let Some(callback) = callback.as_callable() else {
        return Err(fail(
            "The callback provided as parameter 1 is not a function.",
        ));
    };
    // 1. If this is not supported, then throw a "NotSupportedError" DOMException. (A Window
    //    always supports it.)
    // 2. Let target be this's target object (the window's associated Document).
    let Some(target) = callbacks(context) else {
        return Err(fail("Illegal invocation"));
    };
    // 3. Increment target's animation frame callback identifier by one, and let handle be the
    //    result. (The identifier is an unsigned long; it wraps after 2^32 - 1 requests, and 0
    //    is skipped so a handle is always truthy, as in browsers.)
    let handle = target.identifier.get().wrapping_add(1).max(1);
    target.identifier.set(handle);
    // 4. Let callbacks be target's map of animation frame callbacks.
    // 5. Set callbacks[handle] to callback.
    let replaced = target
        .map
        .borrow_mut()
        .insert(handle, Some(callback))
        .is_some_and(|c| c.is_some());
    if !replaced {
        Rendering::of(context).callbacks_changed(1, 0);
    }
    request_frame(context);
    // 6. Return handle.
    Ok(handle.into())
}

/// `cancelAnimationFrame(handle)`.
fn cancel_animation_frame(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let Some(handle) = args.first() else {
        return Err(type_error(
            "Window",
            "cancelAnimationFrame",
            &arguments_required(1, 0),
        ));
    };
    // The argument is an unsigned long (ToNumber, then modulo 2^32).
    let handle = to_long(handle, context)?.cast_unsigned();
    // 1. If this is not supported, then throw a "NotSupportedError" DOMException.
    // 2. Let callbacks be this's target object's map of animation frame callbacks.
    // 3. Remove callbacks[handle]. (An unknown handle removes nothing.)
    if let Some(target) = callbacks(context)
        && target.remove(handle)
    {
        Rendering::of(context).callbacks_changed(0, 1);
    }
    Ok(JsValue::undefined())
}

/// "Run the animation frame callbacks" for the current realm's document, with `now` (the
/// frame's timestamp, relative to the window's time origin).
pub fn run_animation_frame_callbacks(now: f64, context: &mut Context) {
    let Some(target) = callbacks(context) else {
        return;
    };
    // 1. Let callbacks be target's map of animation frame callbacks.
    // 2. Let callbackHandles be the result of getting the keys of callbacks. (The map as it is
    //    now becomes the running one; callbacks requested from here on go to a new map, which
    //    is the same as keeping them out of callbackHandles.)
    let taken = std::mem::take(&mut *target.map.borrow_mut());
    let handles: Vec<u32> = taken.keys().copied().collect();
    *target.running.borrow_mut() = taken;
    let rendering = Rendering::of(context);
    // 3. For each handle in callbackHandles, if handle exists in callbacks:
    for handle in handles {
        // 3.1. Let callback be callbacks[handle]. 3.2. Remove callbacks[handle].
        let callback = target
            .running
            .borrow_mut()
            .get_mut(&handle)
            .and_then(Option::take);
        let Some(callback) = callback else {
            continue;
        };
        rendering.callbacks_changed(0, 1);
        // (Invoking a callback records timing info for user callback: Long Animation Frames'
        // invoker name is the callback type's.)
        if let Ok(host) = Host::from_context(context) {
            crate::web::performance::long_animation_frames::user_callback(
                &host,
                "FrameRequestCallback",
                &callback,
                context,
            );
        }
        // 3.3. Invoke callback with « now » and "report". (Its own clean-up after running
        //      script performs a microtask checkpoint: a callback's microtasks run before the
        //      next callback.)
        let _ = invoke_callback_function(
            &callback,
            &JsValue::undefined(),
            &[now.into()],
            ExceptionBehavior::Report,
            context,
        );
    }
    target.running.borrow_mut().clear();
}

/// Define `requestAnimationFrame` and `cancelAnimationFrame` on the window (the global).
pub fn register(context: &mut Context) -> JsResult<()> {
    insert_realm_data(context, Rc::new(AnimationFrameCallbacks::default()));
    let global = context.global_object();
    define_operation(
        &global,
        "requestAnimationFrame",
        1,
        NativeFunction::from_fn_ptr(request_animation_frame),
        context,
    )?;
    define_operation(
        &global,
        "cancelAnimationFrame",
        1,
        NativeFunction::from_fn_ptr(cancel_animation_frame),
        context,
    )?;
    Ok(())
}
