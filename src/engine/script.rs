//! Running scripts: HTML "run a classic script" and the parsing of classic scripts and modules,
//! with the source guard in front of the parser (Boa parses recursively: source nested deeper than
//! the engine thread's stack can take is a RangeError, not a crashed process).

use std::path::Path;

use boa_engine::module::Module;
use boa_engine::{Context, JsError, JsNativeError, JsResult, JsValue, Source};

use crate::agent::script::run_script;
use crate::engine::source_guard;

/// HTML "run a classic script" (§8.1.4.4): parse (with the source guard in front of the parser)
/// and evaluate a classic script, between prepare to run script and clean up after running
/// script. The caller reports an exception ("rethrow errors" is false everywhere but `eval`).
///
/// 3. Prepare to run script given settings.
/// 6. Let evaluationStatus be ScriptEvaluation(script's record) (step 7: no muted errors).
/// 8. Clean up after running script with settings. (A microtask checkpoint when the stack is
///    now empty: `engine::callback`.)
/// 9. If evaluationStatus is an abrupt completion, rethrow it or report it (and 10).
pub fn run_classic_script(source: &str, name: &str, context: &mut Context) -> JsResult<JsValue> {
    run_script(context, |context| {
        evaluate_classic_script(source, name, context)
    })
}

/// Parse and evaluate a classic script *without* "clean up after running script": for a caller
/// that evaluates several scripts as one unit inside its own `run_script` (the conformance
/// runner's harness and test, evaluated as a worker's `importScripts()` would).
pub fn evaluate_classic_script(
    source: &str,
    name: &str,
    context: &mut Context,
) -> JsResult<JsValue> {
    guard_nesting(source, name)?;
    crate::engine::positions::remember_source(name, source, false);
    let path = Path::new(name);
    context
        .eval(Source::from_bytes(source).with_path(path))
        .map_err(|e| locate_abrupt_end(e, source))
}

pub fn parse_module(source: &str, path: &Path, context: &mut Context) -> JsResult<Module> {
    let name = path.display().to_string();
    guard_nesting(source, &name)?;
    crate::engine::positions::remember_source(&name, source, true);
    Module::parse(Source::from_bytes(source).with_path(path), None, context)
        .map_err(|e| locate_abrupt_end(e, source))
}

/// Boa reports a source that ends too early ("abrupt end") without a position: it is the end of
/// the source, so say so, in the parser's own "at line L, col C" form.
fn locate_abrupt_end(error: JsError, source: &str) -> JsError {
    let Some(native) = error.as_native() else {
        return error;
    };
    if !matches!(native.kind(), boa_engine::JsNativeErrorKind::Syntax)
        || !native.message().starts_with("abrupt end")
        || native.message().contains(" at line ")
    {
        return error;
    }
    let line = source.lines().count().max(1);
    let last = source.lines().last().unwrap_or_default();
    let (line, col) = if source.ends_with('\n') {
        (line + 1, 1)
    } else {
        (line, last.chars().count() + 1)
    };
    JsNativeError::syntax()
        .with_message(format!("{} at line {line}, col {col}", native.message()))
        .into()
}

/// Refuse source that nests deeper than the parser can take (a RangeError, as browsers throw).
pub fn guard_nesting(source: &str, name: &str) -> JsResult<()> {
    if let Some((offset, _)) = source_guard::check_nesting(source) {
        return Err(JsNativeError::range()
            .with_message(source_guard::nesting_error_message(source, name, offset))
            .into());
    }
    Ok(())
}
