//! `console`, from boa_runtime, with taskhost's own logger: `log`/`info`/`debug` to stdout,
//! `warn`/`error` to stderr (or everything to stderr, when the runtime keeps stdout for
//! something else), group indentation as spaces.

use boa_engine::{Context, JsError, JsResult};
use boa_gc::{Finalize, Trace};
use boa_runtime::{Console, ConsoleState, Logger};

/// taskhost's console logger.
#[derive(Debug, Trace, Finalize)]
pub struct TaskhostLogger {
    /// Send `log`/`info`/`debug` to stderr too.
    all_to_stderr: bool,
}

fn write_line(to_stderr: bool, msg: &str, state: &ConsoleState) -> JsResult<()> {
    let indent = state.indent();
    // (Through `engine::terminal`: a REPL's prompt may have the terminal.)
    let line = format!("{:indent$}{msg}", "");
    let result = if to_stderr {
        crate::engine::terminal::write_stderr(&line)
    } else {
        crate::engine::terminal::write_stdout(&line)
    };
    result.map_err(JsError::from_rust)
}

impl Logger for TaskhostLogger {
    fn log(&self, msg: String, state: &ConsoleState, _: &mut Context) -> JsResult<()> {
        write_line(self.all_to_stderr, &msg, state)
    }

    fn info(&self, msg: String, state: &ConsoleState, _: &mut Context) -> JsResult<()> {
        write_line(self.all_to_stderr, &msg, state)
    }

    fn warn(&self, msg: String, state: &ConsoleState, _: &mut Context) -> JsResult<()> {
        write_line(true, &msg, state)
    }

    fn error(&self, msg: String, state: &ConsoleState, _: &mut Context) -> JsResult<()> {
        write_line(true, &msg, state)
    }
}

pub fn register(context: &mut Context, all_to_stderr: bool) -> JsResult<()> {
    Console::register_with_logger(TaskhostLogger { all_to_stderr }, context)?;
    Ok(())
}
