//! Event handler content attributes (HTML §8.1.8.1): `<button onclick="…">`, `<body onload="…">`,
//! `element.setAttribute("onclick", …)`. Setting one stores an *internal raw uncompiled handler*
//! (the attribute's text and where it came from) as the handler's value and activates the handler;
//! the text is compiled into a function the first time the handler's value is needed ("getting the
//! current value of the event handler", `event_handler::get_event_handler`), with the element, its
//! document (and, in browsers, its form owner) on the function's scope chain.
//!
//! The names: every HTML element has the content attributes of `GlobalEventHandlers` (HTML's list,
//! with Pointer Events' additions); `<body>` and `<frameset>` also have those of
//! `WindowEventHandlers`, and those and the Window-reflecting body element event handler set
//! (`onblur`, `onerror`, `onfocus`, `onload`, `onresize`, `onscroll`) set the handlers of the
//! document's window.
//!
//! Deviations, deliberate:
//! - The scope chain is made with `with` statements in a sloppy wrapper function (Boa has no API
//!   to compile a function with object environments, V8's `CompileFunction` context extensions);
//!   what the body sees is the same: the element's properties, then the document's, then the
//!   global ones. There are no form owners (no forms).
//! - An attribute set by the parser gives its handler the line its start tag ended on, less the
//!   line breaks inside its value and the values after it (the body's first line in errors and
//!   stacks: exact unless line breaks separate attributes); one set from script has no line.

use std::path::Path;
use std::rc::Rc;

use boa_engine::{Context, JsError, JsNativeError, JsObject, JsValue, Source};

use crate::agent::host::Host;
use crate::agent::realm::{in_realm, realm_of_global};
use crate::web::dom::node::{NodeKind, local_name, node_state};

/// The event handlers of `GlobalEventHandlers` (HTML's, then Pointer Events' partial mixin).
pub const GLOBAL_EVENT_HANDLERS: &[&str] = &[
    "onabort",
    "onauxclick",
    "onbeforeinput",
    "onbeforematch",
    "onbeforetoggle",
    "onblur",
    "oncancel",
    "oncanplay",
    "oncanplaythrough",
    "onchange",
    "onclick",
    "onclose",
    "oncommand",
    "oncontextlost",
    "oncontextmenu",
    "oncontextrestored",
    "oncopy",
    "oncuechange",
    "oncut",
    "ondblclick",
    "ondrag",
    "ondragend",
    "ondragenter",
    "ondragleave",
    "ondragover",
    "ondragstart",
    "ondrop",
    "ondurationchange",
    "onemptied",
    "onended",
    "onerror",
    "onfocus",
    "onformdata",
    "oninput",
    "oninvalid",
    "onkeydown",
    "onkeypress",
    "onkeyup",
    "onload",
    "onloadeddata",
    "onloadedmetadata",
    "onloadstart",
    "onmousedown",
    "onmouseenter",
    "onmouseleave",
    "onmousemove",
    "onmouseout",
    "onmouseover",
    "onmouseup",
    "onpaste",
    "onpause",
    "onplay",
    "onplaying",
    "onprogress",
    "onratechange",
    "onreset",
    "onresize",
    "onscroll",
    "onscrollend",
    "onsecuritypolicyviolation",
    "onseeked",
    "onseeking",
    "onselect",
    "onslotchange",
    "onstalled",
    "onsubmit",
    "onsuspend",
    "ontimeupdate",
    "ontoggle",
    "onvolumechange",
    "onwaiting",
    "onwebkitanimationend",
    "onwebkitanimationiteration",
    "onwebkitanimationstart",
    "onwebkittransitionend",
    "onwheel",
    // Pointer Events §11 (partial interface mixin GlobalEventHandlers).
    "onpointerover",
    "onpointerenter",
    "onpointerdown",
    "onpointermove",
    "onpointerrawupdate",
    "onpointerup",
    "onpointercancel",
    "onpointerout",
    "onpointerleave",
    "ongotpointercapture",
    "onlostpointercapture",
    // Touch Events §8 (partial interface mixin GlobalEventHandlers).
    "ontouchstart",
    "ontouchend",
    "ontouchmove",
    "ontouchcancel",
];

/// The event handlers of `GlobalEventHandlers` whose events taskhost fires (input, `load`,
/// `error`, `toggle`): the ones with IDL attributes on `HTMLElement`, `Document` and `Window`.
///
/// Deviation, deliberate: the other handlers of the mixin have content attributes (a page's
/// `ondrop="…"` is stored and compiled like any) but no IDL attributes. Each IDL attribute is two
/// functions made with every window, document and `HTMLElement` prototype (a frame's set-up
/// would grow by about half), and a handler whose event never comes would only mislead feature
/// detection (`'onwheel' in window`). Touch Events' four come together, as in Chromium on a
/// device with a touchscreen (which taskhost's input has): `ontouchmove` and `ontouchcancel`
/// too, though taskhost's fingers do not move (upstream WPT's
/// `expose-legacy-touch-event-apis.html`: all four or none).
pub const MODELLED_GLOBAL_EVENT_HANDLERS: &[&str] = &[
    "onauxclick",
    "onbeforeinput",
    "onblur",
    "onchange",
    "onclick",
    "oncontextmenu",
    "ondblclick",
    "onerror",
    "onfocus",
    "oninput",
    "onkeydown",
    "onkeypress",
    "onkeyup",
    "onload",
    "onmousedown",
    "onmouseenter",
    "onmouseleave",
    "onmousemove",
    "onmouseout",
    "onmouseover",
    "onmouseup",
    "ontoggle",
    "onpointerover",
    "onpointerenter",
    "onpointerdown",
    "onpointermove",
    "onpointerup",
    "onpointerout",
    "onpointerleave",
    "ongotpointercapture",
    "onlostpointercapture",
    "ontouchstart",
    "ontouchend",
    "ontouchmove",
    "ontouchcancel",
];

/// The event handlers of `WindowEventHandlers` whose events taskhost fires (see
/// [`MODELLED_GLOBAL_EVENT_HANDLERS`]).
pub const MODELLED_WINDOW_EVENT_HANDLERS: &[&str] = &[
    "onhashchange",
    "onmessage",
    "onmessageerror",
    "onpagehide",
    "onpageshow",
    "onpopstate",
    "onrejectionhandled",
    "onunhandledrejection",
    "onunload",
];

/// The event handlers of `WindowEventHandlers`.
pub const WINDOW_EVENT_HANDLERS: &[&str] = &[
    "onafterprint",
    "onbeforeprint",
    "onbeforeunload",
    "onhashchange",
    "onlanguagechange",
    "onmessage",
    "onmessageerror",
    "onoffline",
    "ononline",
    "onpagehide",
    "onpagereveal",
    "onpageshow",
    "onpageswap",
    "onpopstate",
    "onrejectionhandled",
    "onstorage",
    "onunhandledrejection",
    "onunload",
];

/// The Window-reflecting body element event handler set.
pub const WINDOW_REFLECTING_BODY: &[&str] = &[
    "onblur", "onerror", "onfocus", "onload", "onresize", "onscroll",
];

/// An internal raw uncompiled handler: the attribute's text and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct RawHandler {
    pub body: String,
    /// The document's (or the setting script's) name.
    pub file: String,
    /// The line the body starts on (0: unknown).
    pub line: u64,
}

fn is_body_or_frameset(element: &JsObject) -> bool {
    matches!(local_name(element).as_deref(), Some("body" | "frameset"))
}

/// Whether `name` is the name of an event handler content attribute of `element`.
fn is_handler_content_attribute(element: &JsObject, name: &str) -> bool {
    GLOBAL_EVENT_HANDLERS.contains(&name)
        || (is_body_or_frameset(element) && WINDOW_EVENT_HANDLERS.contains(&name))
}

/// "Determine the target of an event handler" given an element and a handler name:
/// 1. If eventTarget is not a body element or a frameset element, then return eventTarget.
/// 2. If name is not the name of an attribute member of the WindowEventHandlers interface mixin
///    and the Window-reflecting body element event handler set does not contain name, then
///    return eventTarget.
/// 3. If eventTarget's node document is not an active document, then return null.
/// 4. Return eventTarget's node document's relevant global object.
#[must_use]
pub fn target_of_handler(element: &JsObject, name: &str) -> Option<JsObject> {
    if !is_body_or_frameset(element)
        || !(WINDOW_EVENT_HANDLERS.contains(&name) || WINDOW_REFLECTING_BODY.contains(&name))
    {
        return Some(element.clone());
    }
    let document = node_state(element)?.document.borrow().clone()?;
    // (A document with a window is the active document of its browsing context here: taskhost
    // does not navigate.)
    node_state(&document)?.window.borrow().clone()
}

/// The attribute change steps of event handler content attributes, for `element`'s attribute
/// `name` now `value` (`None`: removed), set by the parser at `line` (0 from script):
/// 1. If namespace is not null, or localName is not the name of an event handler content
///    attribute on element, then return.
/// 2. Let eventTarget be the result of determining the target of an event handler given element
///    and localName.
/// 3. If eventTarget is null, then return.
/// 4. If value is null, then deactivate an event handler given eventTarget and localName.
/// 5. Otherwise:
///    1. If the Should element's inline behavior be blocked by Content Security Policy?
///       algorithm returns "Blocked", then return. (No Content Security Policy.)
///    2. (With 3.) Let handlerMap be eventTarget's event handler map; let eventHandler be
///       handlerMap[localName].
///    4. Let location be the script location that triggered the execution of these steps.
///    5. Set eventHandler's value to the internal raw uncompiled handler value/location.
///    6. Activate an event handler given eventTarget and localName.
pub fn attribute_change_steps(
    element: &JsObject,
    name: &str,
    value: Option<&str>,
    line: u64,
    context: &mut Context,
) -> boa_engine::JsResult<()> {
    if !is_handler_content_attribute(element, name) {
        return Ok(());
    }
    let Some(target) = target_of_handler(element, name) else {
        return Ok(());
    };
    match value {
        None => super::event_handler::set_event_handler(&target, name, None, context),
        Some(body) => {
            let file = Host::from_context(context)
                .map(|h| h.script_name())
                .unwrap_or_default();
            let raw = RawHandler {
                body: body.to_owned(),
                file,
                line,
            };
            super::event_handler::set_raw_handler(&target, name, Rc::new(raw), context)
        }
    }
}

/// The parser set `attrs` on a new `element` whose start tag ended at `line`: run the steps above
/// for its event handler content attributes.
pub fn parser_set_attributes(
    element: &JsObject,
    attrs: &[(String, String)],
    line: u64,
    context: &mut Context,
) {
    // An attribute's line: the tag's last line, less the line breaks inside its value and the
    // values after it (exact when no line break separates attributes outside their values).
    let mut breaks_after = 0_u64;
    let mut lines = Vec::with_capacity(attrs.len());
    for (_, value) in attrs.iter().rev() {
        breaks_after += value.matches('\n').count() as u64;
        lines.push(if line == 0 {
            0
        } else {
            line.saturating_sub(breaks_after).max(1)
        });
    }
    lines.reverse();
    for ((name, value), line) in attrs.iter().zip(lines) {
        if name.starts_with("on") {
            // (Errors here are the host's: none for a new element.)
            let _ = attribute_change_steps(element, name, Some(value), line, context);
        }
    }
}

/// The steps of "getting the current value of the event handler" that compile an internal raw
/// uncompiled handler of `target`'s handler `name`, given `raw`: the function, or `None` (a
/// SyntaxError was reported; the caller sets the value to null).
///
/// 1. If eventTarget is an element, then let element be eventTarget, and document be element's
///    node document. Otherwise, eventTarget is a Window object, let element be null, and
///    document be eventTarget's associated Document.
/// 2. If scripting is disabled for document, then return null. (Never.)
/// 3. (With 4.) Let body be the uncompiled script body; let location be where it originated.
/// 5. If element is not null and element has a form owner, let form owner be that form owner.
///    Otherwise, let form owner be null. (No forms.)
/// 6. Let settings object be the relevant settings object of document.
/// 7. If body is not parsable as FunctionBody or if parsing detects an early error, then: set
///    eventHandler's value to null, report an exception with a new SyntaxError for settings
///    object's global object, and return null.
/// 8. If body begins with a Directive Prologue that contains a Use Strict Directive then let
///    strict be true, otherwise let strict be false. (The function's own source says so.)
/// 9. Let function be the result of OrdinaryFunctionCreate(%Function.prototype%, sourceText,
///    parameters, body, non-lexical-this, scope), where sourceText is "function " + name +
///    "(event, source, lineno, colno, error) {" + LF + body + LF + "}" if name is onerror and
///    eventTarget is a Window object, otherwise "function " + name + "(event) {" + LF + body +
///    LF + "}"; and scope is realm.[[GlobalEnv]], then NewObjectEnvironment(document), then the
///    form owner's, then element's, when eventTarget is an element.
/// 10. (With 11.) (Execution contexts; ScriptOrModule null.)
/// 12. (With 13.) The value becomes an EventHandler callback function object of function and the
///     settings object: returned.
pub fn compile(
    target: &JsObject,
    name: &str,
    raw: &RawHandler,
    context: &mut Context,
) -> Option<JsObject> {
    let element_document = node_state(target).and_then(|state| match state.kind {
        NodeKind::Element(_) => state.document.borrow().clone(),
        _ => None,
    });
    let window = match &element_document {
        Some(document) => node_state(document)?.window.borrow().clone(),
        None => Some(target.clone()),
    };
    let realm = window
        .as_ref()
        .and_then(|w| realm_of_global(context, w))
        .unwrap_or_else(|| context.realm().clone());
    let parameters = if name == "onerror" && element_document.is_none() {
        "event, source, lineno, colno, error"
    } else {
        "event"
    };
    let function_text = format!("function {name}({parameters}) {{\n{}\n}}", raw.body);
    // 7. The body must parse as a FunctionBody on its own: the function's text must be one
    //    function expression (nothing in the body closes it early), nested no deeper than the
    //    parser can take.
    let parsed = crate::engine::script::guard_nesting(&raw.body, &raw.file)
        .and_then(|()| is_one_function(&function_text));
    if let Err(error) = parsed {
        let message = error
            .as_native()
            .map_or_else(|| error.to_string(), |n| n.message().to_string());
        // The parser's position is in the function's text, whose second line is the body's
        // first: given as a line of the document (or of the body, when the line is unknown).
        let message = match crate::engine::errors::split_parser_position(&message) {
            Some((what, line, col)) => {
                let body_line = u64::from(line.saturating_sub(1)).max(1);
                let line = if raw.line > 0 {
                    raw.line + body_line - 1
                } else {
                    body_line
                };
                format!("{name} attribute: {what} at line {line}, col {col}")
            }
            None => format!(
                "{name} attribute ({}{}): {message}",
                raw.file,
                if raw.line > 0 {
                    format!(":{}", raw.line)
                } else {
                    String::new()
                }
            ),
        };
        let located = JsNativeError::syntax().with_message(message);
        if let Ok(host) = Host::from_context(context) {
            in_realm(context, &realm, |context| {
                host.report_exception(&located.into(), context);
            });
        }
        return None;
    }
    // The wrapper: `arguments` of a sloppy function gives the scope objects without a binding
    // the body could see (the handler's own `arguments` hides the wrapper's).
    let header_lines = usize::try_from(raw.line.saturating_sub(2)).unwrap_or(0);
    let mut source = "\n".repeat(header_lines);
    match &element_document {
        Some(_) => source.push_str(&format!(
            "(function () {{ with (arguments[0]) with (arguments[1]) return {function_text}; }})"
        )),
        None => source.push_str(&format!("({function_text})")),
    }
    in_realm(context, &realm, |context| {
        let compiled: Result<JsValue, JsError> = context
            .eval(Source::from_bytes(source.as_bytes()).with_path(Path::new(&raw.file)))
            .and_then(|value| match &element_document {
                Some(document) => {
                    let wrapper = value.as_object().ok_or_else(not_a_function)?;
                    wrapper.call(
                        &JsValue::undefined(),
                        &[document.clone().into(), target.clone().into()],
                        context,
                    )
                }
                None => Ok(value),
            });
        match compiled {
            Ok(function) if function.as_callable().is_some() => function.as_object(),
            Ok(_) => None,
            Err(error) => {
                // 7. A SyntaxError (the parser's), reported for the settings object's global.
                if let Ok(host) = Host::from_context(context) {
                    host.report_exception(&error, context);
                }
                None
            }
        }
    })
}

/// Whether `function_text` parses, as a script, to exactly one function expression (the
/// statement `(function_text)`); the parser's error otherwise.
fn is_one_function(function_text: &str) -> boa_engine::JsResult<()> {
    use boa_engine::ast::{Expression, Statement, StatementListItem};
    let source = format!("({function_text})");
    let mut interner = boa_engine::interner::Interner::default();
    let scope = boa_engine::ast::scope::Scope::new_global();
    let script = boa_engine::parser::Parser::new(Source::from_bytes(source.as_bytes()))
        .parse_script(&scope, &mut interner)
        .map_err(|e| JsError::from(JsNativeError::syntax().with_message(e.to_string())))?;
    let one_function = match script.statements().statements() {
        [StatementListItem::Statement(statement)] => match statement.as_ref() {
            Statement::Expression(Expression::Parenthesized(p)) => {
                matches!(p.expression(), Expression::FunctionExpression(_))
            }
            Statement::Expression(Expression::FunctionExpression(_)) => true,
            _ => false,
        },
        _ => false,
    };
    if one_function {
        Ok(())
    } else {
        Err(JsNativeError::syntax()
            .with_message("the text closes the handler's function before its end")
            .into())
    }
}

fn not_a_function() -> JsError {
    JsNativeError::typ()
        .with_message("an event handler's wrapper did not evaluate to a function")
        .into()
}
