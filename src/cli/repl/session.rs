//! The engine's side of the REPL: each input runs as a task of the event loop, on the engine
//! thread; its value is printed as `console.log` prints a single value, and its uncaught error is
//! reported as `taskhost run` reports one (HTML "report an exception": an `error` event at the
//! window, then `Uncaught …` on stderr). When the input is done — its value printed or its error
//! reported, including the settling of a top-level `await` — the line editor is told, and shows
//! the next prompt.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::mpsc::Sender;

use boa_engine::native_function::NativeFunction;
use boa_engine::object::builtins::JsPromise;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsError, JsObject, JsResult, JsValue, js_string};
use boa_gc::{Finalize, Trace};

use super::input::{Binding, Plan, plan};
use crate::agent::host::Host;
use crate::engine::script;
use crate::event_loop::HostSource;
use crate::web::html::report::report_exception;

/// The name inputs are given in error positions and stacks.
pub const INPUT_NAME: &str = "<repl>";

/// The global through which an awaiting input's declarations are recreated (present only while
/// the script that recreates them runs).
const CARRIER: &str = "__taskhost_repl_bindings__";

/// Tells the line editor that an input is done: when this is dropped (also if an awaited promise
/// is collected without ever settling).
#[derive(Clone, Trace, Finalize)]
pub struct Done(#[unsafe_ignore_trace] Rc<RefCell<Option<Sender<()>>>>);

impl Done {
    #[must_use]
    pub fn new(sender: Sender<()>) -> Self {
        Self(Rc::new(RefCell::new(Some(sender))))
    }

    fn finish(&self) {
        if let Some(sender) = self.0.borrow_mut().take() {
            let _ = sender.send(());
        }
    }
}

/// Queue a task that evaluates `source` (run by the mail the line editor posts).
///
/// Deviation: HTML would queue input on the user interaction task source; taskhost's host task
/// sources all share the normal band, oldest first, so the "other" source orders it the same.
pub fn queue_input(source: String, sender: Sender<()>, context: &mut Context) {
    let done = Done::new(sender);
    let Ok(host) = Host::from_context(context) else {
        return;
    };
    host.queue_task(
        HostSource::Other,
        context.realm().clone(),
        Box::new(move |context| {
            evaluate(&source, &done, context);
            Ok(())
        }),
    );
}

/// Evaluate one input and print its value or report its error; `done` is told when that is over.
fn evaluate(source: &str, done: &Done, context: &mut Context) {
    let Ok(host) = Host::from_context(context) else {
        done.finish();
        return;
    };
    host.set_script_name(INPUT_NAME);
    let result = match plan(source) {
        Plan::Script(source) => script::run_classic_script(&source, INPUT_NAME, context),
        Plan::AwaitExpression(wrapped) => {
            settle(&wrapped, Vec::new(), done, context);
            return;
        }
        Plan::AwaitStatements(wrapped, bindings) => {
            settle(&wrapped, bindings, done, context);
            return;
        }
    };
    match result {
        Ok(value) => print_value(&value),
        Err(error) => report_exception(&host, &error, context),
    }
    done.finish();
}

/// What an awaiting input's promise settles into: `[value]`, or `[undefined, declarations]`.
#[derive(Clone, Trace, Finalize)]
struct Awaiting {
    done: Done,
    #[unsafe_ignore_trace]
    bindings: Rc<Vec<Binding>>,
}

/// Run a wrapped awaiting input; when its promise settles, recreate its declarations as globals
/// and print its value, or report its rejection as an uncaught error.
fn settle(wrapped: &str, bindings: Vec<Binding>, done: &Done, context: &mut Context) {
    let Ok(host) = Host::from_context(context) else {
        done.finish();
        return;
    };
    let promise = match script::run_classic_script(wrapped, INPUT_NAME, context) {
        Ok(value) => value
            .as_object()
            .and_then(|o| JsPromise::from_object(o).ok()),
        Err(error) => {
            report_exception(&host, &error, context);
            done.finish();
            return;
        }
    };
    let Some(promise) = promise else {
        done.finish();
        return;
    };
    let captures = Awaiting {
        done: done.clone(),
        bindings: Rc::new(bindings),
    };
    let on_fulfilled = NativeFunction::from_copy_closure_with_captures(
        |_, args, captures: &Awaiting, context| {
            let result = args.first().cloned().unwrap_or_default();
            fulfilled(&result, &captures.bindings, context);
            captures.done.finish();
            Ok(JsValue::undefined())
        },
        captures.clone(),
    )
    .to_js_function(context.realm());
    let on_rejected = NativeFunction::from_copy_closure_with_captures(
        |_, args, captures: &Awaiting, context| {
            let reason = args.first().cloned().unwrap_or_default();
            if let Ok(host) = Host::from_context(context) {
                report_exception(&host, &JsError::from_opaque(reason), context);
            }
            captures.done.finish();
            Ok(JsValue::undefined())
        },
        captures,
    )
    .to_js_function(context.realm());
    // (The reactions handle the rejection: it is reported once, as an uncaught error.)
    let _ = promise.then(Some(on_fulfilled), Some(on_rejected), context);
}

/// An awaiting input finished with `result`: recreate its declarations, print its value.
fn fulfilled(result: &JsValue, bindings: &[Binding], context: &mut Context) {
    let Some(result) = result.as_object() else {
        return;
    };
    let value = result.get(0, context).unwrap_or_default();
    let declared = result.get(1, context).unwrap_or_default();
    if let Some(declared) = declared.as_object()
        && !bindings.is_empty()
        && let Err(error) = recreate(&declared, bindings, context)
    {
        if let Ok(host) = Host::from_context(context) {
            report_exception(&host, &error, context);
        }
        return;
    }
    print_value(&value);
}

/// Recreate an awaiting input's declarations in the global scope, with their values: `var`s and
/// functions as global object properties, `let`s, classes and `const`s as global lexical
/// bindings of the same kind (a script of `let`/`const` declarations reading the values from a
/// carrier global that exists only while it runs).
///
/// Deviation from a script's own declarations: closures created by the input keep the function
/// scope's bindings, so a later assignment to the global does not reach them (and theirs does
/// not reach the global).
fn recreate(declared: &JsObject, bindings: &[Binding], context: &mut Context) -> JsResult<()> {
    let global = context.global_object();
    let mut lets = Vec::new();
    let mut consts = Vec::new();
    for binding in bindings {
        match binding {
            Binding::Var(name) => {
                let value = declared.get(js_string!(name.as_str()), context)?;
                global.set(js_string!(name.as_str()), value, true, context)?;
            }
            Binding::Let(name) => lets.push(format!("{name} = {CARRIER}.{name}")),
            Binding::Const(name) => consts.push(format!("{name} = {CARRIER}.{name}")),
        }
    }
    if lets.is_empty() && consts.is_empty() {
        return Ok(());
    }
    let mut source = String::new();
    if !lets.is_empty() {
        source.push_str(&format!("let {};", lets.join(", ")));
    }
    if !consts.is_empty() {
        source.push_str(&format!("const {};", consts.join(", ")));
    }
    global.define_property_or_throw(
        js_string!(CARRIER),
        PropertyDescriptor::builder()
            .value(declared.clone())
            .writable(false)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    let result = script::evaluate_classic_script(&source, INPUT_NAME, context);
    global.delete_property_or_throw(js_string!(CARRIER), context)?;
    result.map(drop)
}

/// Print a value as `console.log(value)` prints it (a string as itself, anything else as the
/// engine displays it).
fn print_value(value: &JsValue) {
    let text = match value.as_string() {
        Some(s) => s.to_std_string_escaped(),
        None => value.display().to_string(),
    };
    let _ = crate::engine::terminal::write_stdout(&text);
}
