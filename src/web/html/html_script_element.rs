//! The `HTMLScriptElement` interface (HTML §4.12.1) for classic scripts: inline text, or `src`
//! read from the document's root (same origin, resolved like `fetch()`).
//!
//! A script element inserted by script runs when it becomes connected ("post-connection steps" →
//! "prepare the script element"); one the parser inserts runs at its end tag instead (the parser
//! marks it and calls [`prepare_and_run`] itself), before parsing goes on.
//!
//! Deviations, deliberate: module scripts, `async`/`defer` and `nomodule` are not supported (a
//! `type` other than a JavaScript MIME type or `module` is ignored, as HTML says; `module` is
//! reported as unsupported); an external script is read at once, and a script element inserted
//! by script fires its `load` event from a task queued after it ran (its `error` event, when
//! its `src` cannot be read, from a task too).

use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

use crate::agent::host::Host;
use crate::event_loop::HostSource;
use crate::web::dom::interface::{
    InterfaceSpec, arg, define_interface, illegal_invocation, this_object,
};
use crate::web::dom::node::{
    attribute, is_connected, local_name, node_state, set_attribute_value, set_text_content,
    text_content,
};

fn is_script(object: &JsObject) -> bool {
    local_name(object).as_deref() == Some("script")
}

/// HTML "post-connection steps" of a script element: prepare it, unless the parser inserted it.
pub fn post_connection_steps(node: &JsObject, context: &mut Context) -> JsResult<()> {
    if !is_script(node) || node_state(node).is_some_and(|s| s.parser_inserted.get()) {
        return Ok(());
    }
    if prepare_and_run(node, context)? {
        // An external script fires load at the element ("execute the script element" step 6,
        // queued as a task on the DOM manipulation task source for a script not inserted by the
        // parser).
        if attribute(node, "src").is_some() {
            queue_event(node, "load", &*Host::from_context(context)?, context);
        }
    }
    Ok(())
}

/// HTML "prepare the script element" and, for a classic script, "execute the script element":
/// whether a script ran.
pub fn prepare_and_run(element: &JsObject, context: &mut Context) -> JsResult<bool> {
    let Some(state) = node_state(element) else {
        return Ok(false);
    };
    // 1. If el's already started is true, then return.
    if state.script_started.get() {
        return Ok(false);
    }
    // 5. Let source text be el's child text content.
    let source = text_content(element);
    // 6. If el has no src attribute, and source text is the empty string, then return.
    let src = attribute(element, "src");
    if src.is_none() && source.is_empty() {
        return Ok(false);
    }
    // 7. If el is not connected, then return.
    if !is_connected(element) {
        return Ok(false);
    }
    // (Scripting is disabled for a document that is no longer fully active: a frame removed by
    // one of its own scripts runs no further script, and its parser stops.)
    if !crate::agent::realm::can_run(&*Host::from_context(context)?, context.realm()) {
        return Ok(false);
    }
    // 8–10. The script block's type string: only classic scripts run here.
    let kind = attribute(element, "type").unwrap_or_default();
    let kind = kind.trim().to_ascii_lowercase();
    if kind == "module" {
        let host = Host::from_context(context)?;
        crate::engine::errors::report_host_error(
            &host,
            "<script type=module> is not supported in documents; run the module with `taskhost run FILE.mjs`",
        );
        return Ok(false);
    }
    if !(kind.is_empty() || kind == "text/javascript" || kind == "application/javascript") {
        return Ok(false);
    }
    // 16. Set el's already started to true.
    state.script_started.set(true);
    let host = Host::from_context(context)?;
    let (text, name) = match src {
        // 31. If el has a src content attribute:
        //     3. If src is the empty string, then queue an element task on the DOM manipulation
        //        task source given el to fire an event named error at el, and return.
        Some(src) if src.is_empty() => {
            queue_event(element, "error", &host, context);
            return Ok(false);
        }
        //     Otherwise fetch a classic script (a file under the root).
        Some(src) => match crate::web::html::document_loader::read_document_file(&src, context) {
            Ok(file) => (file.text, file.name),
            Err(message) => {
                // The fetch failed (or `src` named nothing to fetch): say why on the console, and
                // fire error at the element. For a script the parser inserted, "execute the
                // script element" does so once the parser has waited for the script, before
                // parsing goes on: here, at once. Any other script element gets it from a task,
                // as step 31 queues an element task on the DOM manipulation task source when
                // `src` cannot be parsed, and the fetch's completion fires it otherwise (never
                // while the element is being inserted).
                crate::engine::errors::report_host_error(&host, &message);
                if state.parser_inserted.get() {
                    fire_event(element, "error", context)?;
                } else {
                    queue_event(element, "error", &host, context);
                }
                return Ok(false);
            }
        },
        // 32. Otherwise: create a classic script from source text.
        // (An inline script of a parsed document is evaluated after as many line breaks as
        // precede its start tag's line, so its errors and stacks give lines of the document, as
        // browsers report them; the first line's columns stay counted from the script's start.)
        None => {
            let before = usize::try_from(state.script_line.get().saturating_sub(1)).unwrap_or(0);
            let text = if before == 0 {
                source
            } else {
                let mut padded = String::with_capacity(before + source.len());
                padded.extend(std::iter::repeat_n('\n', before));
                padded.push_str(&source);
                padded
            };
            (text, host.script_name())
        }
    };
    // "Execute the script element" → "run a classic script" (exceptions are reported).
    let previous = host.script_name();
    host.set_script_name(&name);
    if let Err(error) = crate::engine::script::run_classic_script(&text, &name, context) {
        host.report_exception(&error, context);
    }
    host.set_script_name(&previous);
    Ok(true)
}

/// Queue an element task on the DOM manipulation task source given `element` to fire an event
/// named `name` (`load` or `error`) at it.
fn queue_event(element: &JsObject, name: &'static str, host: &Host, context: &Context) {
    let element = element.clone();
    host.queue_task(
        HostSource::DomManipulation,
        context.realm().clone(),
        Box::new(move |context| fire_event(&element, name, context)),
    );
}

/// Fire an event named `name` at a script element.
fn fire_event(element: &JsObject, name: &str, context: &mut Context) -> JsResult<()> {
    crate::web::dom::dispatch::fire_simple_event(
        element,
        name,
        crate::web::dom::event::EventInit::default(),
        context,
    )
    .map(drop)
}

fn this_script(this: &JsValue, context: &Context) -> JsResult<JsObject> {
    let object = this_object(this, context)?;
    if !is_script(&object) {
        return Err(illegal_invocation());
    }
    Ok(object)
}

pub fn register(context: &mut Context) -> JsResult<()> {
    define_interface(
        context,
        InterfaceSpec {
            name: "HTMLScriptElement",
            parent: Some("HTMLElement"),
            length: 0,
            constructor: None,
        },
        |m| {
            m.attribute(
                "src",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let script = this_script(this, context)?;
                    Ok(
                        JsString::from(attribute(&script, "src").unwrap_or_default().as_str())
                            .into(),
                    )
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let script = this_script(this, context)?;
                    let value = arg(args, 0).to_string(context)?.to_std_string_escaped();
                    set_attribute_value(&script, "src", &value);
                    Ok(JsValue::undefined())
                })),
            )
            .attribute(
                "text",
                NativeFunction::from_fn_ptr(|this, _, context| {
                    let script = this_script(this, context)?;
                    Ok(JsString::from(text_content(&script).as_str()).into())
                }),
                Some(NativeFunction::from_fn_ptr(|this, args, context| {
                    let script = this_script(this, context)?;
                    let value = arg(args, 0).to_string(context)?.to_std_string_escaped();
                    set_text_content(&script, &value, context)?;
                    Ok(JsValue::undefined())
                })),
            );
        },
    )?;
    Ok(())
}
