//! HTML: the global object (`Window`), timers, microtask queuing, event handlers, error reporting
//! and its events, `structuredClone`, and the parser front that builds a document from HTML.

pub mod activation;
pub mod animation_frames;
pub mod base64;
pub mod dedicated_worker_global_scope;
pub mod document_loader;
pub mod error_event;
pub mod event_handler;
pub mod event_handler_attributes;
pub mod focus;
pub mod global_scope;
pub mod hash_change_event;
pub mod history;
pub mod history_steps;
pub mod html_details_element;
pub mod html_element;
pub mod html_iframe_element;
pub mod html_input_element;
pub mod html_label_element;
pub mod html_script_element;
pub mod html_textarea_element;
pub mod hyperlink;
pub mod idle_callbacks;
pub mod idle_deadline;
pub mod location;
pub mod message_channel;
pub mod message_event;
pub mod message_port;
pub mod microtask;
pub mod navigation;
pub mod navigator;
pub mod page_transition_event;
pub mod page_visibility;
pub mod parser;
pub mod pop_state_event;
pub mod promise_rejection_event;
pub mod rendering;
pub mod report;
pub mod session_history;
pub mod shared_worker;
pub mod shared_worker_global_scope;
pub mod simple_dialogs;
pub mod structured_clone;
pub mod timers;
pub mod toggle_event;
pub mod unloading;
pub mod visibility_state_entry;
pub mod window;
pub mod window_open;
pub mod window_post_message;
pub mod window_properties;
pub mod worker;
pub mod worker_agents;
pub mod worker_global_scope;
pub mod worker_location;

use boa_engine::{Context, JsResult};

/// The interface that names the global in messages ("Failed to execute 'atob' on 'Window'").
#[must_use]
pub fn global_interface_name(worker: Option<&worker_agents::WorkerKind>) -> &'static str {
    if worker.is_some() {
        "WorkerGlobalScope"
    } else {
        "Window"
    }
}

/// Register the HTML APIs (after the DOM's, which they build on) for a window's global, or for
/// a worker's (`worker`: its kind).
pub fn register(context: &mut Context, worker: Option<&worker_agents::WorkerKind>) -> JsResult<()> {
    report::register(context);
    match worker {
        None => {
            window::register(context)?;
            html_element::register(context)?;
            html_details_element::register(context)?;
            toggle_event::register(context)?;
            html_iframe_element::register(context)?;
            html_input_element::register(context)?;
            html_label_element::register(context)?;
            html_textarea_element::register(context)?;
            html_script_element::register(context)?;
        }
        Some(kind) => {
            worker_global_scope::register(context)?;
            match kind {
                worker_agents::WorkerKind::Dedicated => {
                    dedicated_worker_global_scope::register(context)?
                }
                worker_agents::WorkerKind::Shared => shared_worker_global_scope::register(context)?,
            }
        }
    }
    global_scope::register(context)?;
    base64::register(context, global_interface_name(worker))?;
    timers::register(context)?;
    microtask::register(context)?;
    navigator::register(context, worker.is_some())?;
    error_event::register(context)?;
    promise_rejection_event::register(context)?;
    message_event::register(context)?;
    message_port::register(context)?;
    message_channel::register(context)?;
    // `requestIdleCallback` is exposed on Window only.
    if worker.is_none() {
        idle_deadline::register(context)?;
        idle_callbacks::register(context)?;
        simple_dialogs::register(context)?;
        location::register(context)?;
        window_post_message::register(context)?;
        page_transition_event::register(context)?;
        history::register(context)?;
        pop_state_event::register(context)?;
        hash_change_event::register(context)?;
    }
    worker::register(context)?;
    // `[Exposed=Window] interface SharedWorker`.
    if worker.is_none() {
        shared_worker::register(context)?;
    }
    // `structuredClone` is taskhost's own (DOMExceptions, ports); see `structured_clone`.
    crate::web::util::define_operation(
        &context.global_object(),
        "structuredClone",
        1,
        boa_engine::NativeFunction::from_fn_ptr(structured_clone::structured_clone),
        context,
    )?;
    Ok(())
}
