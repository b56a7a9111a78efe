//! Web APIs, one module per specification; one file per WebIDL interface.

pub mod console;
pub mod crypto;
pub mod dom;
pub mod encoding;
pub mod event_timing;
pub mod fetch;
pub mod file_api;
pub mod hr_time;
pub mod html;
pub mod input;
pub mod namespace;
pub mod performance;
pub mod scheduling;
pub mod taskhost_clock;
pub mod taskhost_input;
pub mod touch_events;
pub mod uievents;
pub mod url;
pub mod util;

use boa_engine::{Context, JsResult};

/// What the web APIs are told by the runtime that registers them.
#[derive(Clone, Debug, Default)]
pub struct WebOptions {
    /// The loop runs on a virtual clock (`taskhost.virtualTime`).
    pub virtual_time: bool,
    /// The script's arguments (`taskhost.args`).
    pub args: Vec<String>,
    /// Serve same-origin files from this root through `fetch()`.
    pub fetch_root: Option<fetch::FetchRoot>,
    /// Write all console output to stderr.
    pub console_to_stderr: bool,
    /// Whether the window has a document (`document`, iframes, `parent`/`top`/`frames`).
    pub documents: bool,
    /// Where the window's document may load files from (iframes' and scripts' `src`, workers).
    pub document_base: Option<html::document_loader::DocumentBase>,
    /// A worker's global instead of a window: its kind.
    pub worker: Option<html::worker_agents::WorkerKind>,
    /// How this runtime starts a worker's thread (`None`: `new Worker()` throws).
    pub worker_spawner: Option<html::worker_agents::WorkerSpawner>,
    /// The browser deviations from the specs to imitate (`--imitate`), workers' too.
    pub deviations: crate::agent::deviations::Deviations,
    /// The seeded random policy's seed of the window's loop (workers derive theirs from it).
    pub policy_seed: Option<u64>,
    /// The virtual display and the page's visibility at the start (`--frame-rate`, `--hidden`).
    pub display: html::rendering::DisplayOptions,
}

/// Register every web API on the context's global object.
pub fn register(context: &mut Context, options: &WebOptions) -> JsResult<()> {
    register_steps(context, options, &mut |_| {})
}

/// [`register`], calling `done` with each step's name after it (what `taskhost bench-child
/// realm-steps` measures a realm's cost by).
pub fn register_steps(
    context: &mut Context,
    options: &WebOptions,
    done: &mut dyn FnMut(&'static str),
) -> JsResult<()> {
    console::register(context, options.console_to_stderr)?;
    done("console");
    dom::register(context, options.worker.is_none())?;
    done("dom");
    html::register(context, options.worker.as_ref())?;
    done("html");
    hr_time::register(context, options.worker.is_some())?;
    done("hr_time");
    crypto::register(context)?;
    done("crypto");
    encoding::register(context)?;
    done("encoding");
    url::register(context)?;
    done("url");
    file_api::register(context)?;
    done("file_api");
    performance::register(context, options.worker.is_none())?;
    done("performance");
    scheduling::register(context)?;
    done("scheduling");
    fetch::register(context, options.fetch_root.clone())?;
    done("fetch");
    namespace::register(context, options)?;
    done("namespace");
    // The window's state as a browsing context: what its iframes inherit, its child windows,
    // and its document (the initial about:blank one until a document is loaded into it).
    crate::agent::realm::insert_realm_data(context, std::rc::Rc::new(options.clone()));
    crate::agent::realm::insert_realm_data(
        context,
        std::rc::Rc::new(html::html_iframe_element::ChildWindows::default()),
    );
    if let Some(base) = &options.document_base {
        html::document_loader::set_document_base(context, base.clone());
    }
    if options.worker.is_none() {
        // The window's display (the first window of the agent sets it up), animation frames,
        // UI events and Event Timing.
        html::rendering::configure(context, options.display);
        html::animation_frames::register(context)?;
        uievents::register(context)?;
        touch_events::register(context)?;
        event_timing::performance_event_timing::register(context)?;
        event_timing::event_counts::register(context)?;
        done("rendering, UI events, Event Timing");
    }
    if options.documents && options.worker.is_none() {
        html::window::define_window_members(&context.global_object(), context)?;
        html::window_open::register(context)?;
        done("window members");
        // (The about:blank document itself is made when first needed.)
        dom::document::defer_initial_document(context);
        html::page_visibility::register(context)?;
        html::focus::register(context)?;
        done("about:blank document");
    }
    // The interfaces made while setting up (the global's own, its objects') get their data
    // properties before any script sees the global.
    dom::lazy_globals::settle_now(context)?;
    done("settle");
    Ok(())
}
