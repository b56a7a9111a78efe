//! `taskhost repl` (and `taskhost` with no command): an interactive prompt over one runtime whose
//! event loop keeps running between inputs.
//!
//! Two threads:
//! - **The engine thread** (the big-stack thread `run` uses) owns the runtime and runs its event
//!   loop for the whole session. The REPL is registered as an agent of the runtime's process
//!   that is never idle, so the loop does not end when it runs out of work: it waits for mail.
//! - **The input thread** reads an input (with the line editor on a terminal, or lines from a
//!   pipe), posts it to the engine's agent as mail, and waits until the input is done before it
//!   reads the next one. The mail queues a task that evaluates the input (`session`).
//!
//! Policy between inputs: the loop never stops for the prompt. Tasks, timers and idle callbacks
//! run whenever they are due, also while a line is being typed; on a terminal their output is
//! printed above the prompt, which is redrawn with the line typed so far (`engine::terminal`).
//! An input is one task among the others, queued when it is entered, so it runs after the tasks
//! already queued in its band (host task sources are in the normal band).
//!
//! The end: `.exit` or Ctrl-D stop the loop at once, dropping pending work; the end of piped
//! input lets the loop finish its pending work first, as `taskhost run` does after a script.
//! Exit status: 0 on a terminal; for piped input, 1 if an uncaught error was reported (as `run`).

mod input;
mod session;

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc;

use boa_engine::Context;
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::FileHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Config, Editor, ExternalPrinter, Helper};

use crate::agent::host::Host;
use crate::agent::process::{AgentId, Process};
use crate::engine::terminal;
use crate::engine::thread::ENGINE_STACK_BYTES;
use crate::runtime::{Runtime, RuntimeOptions};

pub use input::{Command as ReplCommand, HELP};

/// The prompt, and the name of the history file in the home directory.
const PROMPT: &str = "> ";
const HISTORY_FILE: &str = ".taskhost_history";

/// Run a REPL session; the process exit status.
#[must_use]
pub fn run() -> i32 {
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let (link_sender, link_receiver) = mpsc::channel::<Link>();
    let reader = std::thread::Builder::new()
        .name("taskhost-repl".into())
        // Deciding whether an input is finished parses it: the stack the engine thread has.
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(move || {
            if let Ok(link) = link_receiver.recv() {
                if interactive {
                    read_terminal(&link);
                } else {
                    read_pipe(&link);
                }
            }
        });
    let reader = match reader {
        Ok(reader) => reader,
        Err(error) => {
            eprintln!("taskhost: could not start the input thread: {error}");
            return 1;
        }
    };
    let status = super::on_engine_thread(move || engine(&link_sender, interactive));
    terminal::restore();
    // The input thread has ended or is about to (it asked the loop to stop, or its input
    // ended); it only outlives the engine if the engine failed, and then it is left behind.
    if reader.is_finished() {
        let _ = reader.join();
    }
    status
}

/// What the input thread needs to reach the engine.
struct Link {
    process: Arc<Process>,
    /// The window's agent, whose loop evaluates inputs.
    window: AgentId,
    /// The REPL's own agent: busy while input may come.
    repl: AgentId,
}

impl Link {
    /// Evaluate `source` in the engine and wait until it is done (its value printed or its
    /// error reported). False if the engine is gone.
    fn evaluate(&self, source: String) -> bool {
        let (done, wait) = mpsc::channel();
        let posted = self.process.post(
            self.window,
            Box::new(move |context: &mut Context| session::queue_input(source, done, context)),
        );
        // The engine drops the sender when the input is done, if it does not send.
        posted && wait.recv().is_ok()
    }

    /// Stop the loop at once (`.exit`, Ctrl-D): the flag the loop checks at each turn, and a
    /// stop that ends its waits (for a timer, or for mail).
    fn stop(&self) {
        self.process.post(
            self.window,
            Box::new(|context: &mut Context| {
                if let Ok(host) = Host::from_context(context) {
                    host.request_stop();
                }
            }),
        );
        self.process.request_stop();
    }

    /// No more input: the loop runs until its pending work is done.
    fn end_of_input(&self) {
        self.process.remove_agent(self.repl);
    }
}

/// The engine thread: a window runtime, run until the session ends.
fn engine(link: &mpsc::Sender<Link>, interactive: bool) -> i32 {
    let job = super::Job::Eval {
        code: String::new(),
    };
    let options = RuntimeOptions {
        documents: true,
        document_base: super::document_base(&job),
        ..RuntimeOptions::default()
    };
    let mut runtime = match Runtime::new(options) {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("taskhost: {error}");
            return 1;
        }
    };
    let Some(agent) = runtime.host().agent().cloned() else {
        eprintln!("taskhost: the runtime has no event loop agent");
        return 1;
    };
    let repl = agent.process.add_agent();
    let sent = link.send(Link {
        process: agent.process.clone(),
        window: agent.handle.id,
        repl: repl.id,
    });
    if sent.is_err() {
        return 1;
    }
    let _ = runtime.run_event_loop();
    runtime.finish_workers();
    super::flush_stdout();
    if interactive { 0 } else { runtime.exit_code() }
}

/// Inputs from a terminal, with line editing, history and multi-line input.
fn read_terminal(link: &Link) {
    let config = Config::builder().auto_add_history(false).build();
    let mut editor = match Editor::<InputHelper, FileHistory>::with_config(config) {
        Ok(editor) => editor,
        Err(error) => {
            eprintln!("taskhost: cannot use the terminal ({error}): reading lines instead");
            read_pipe(link);
            return;
        }
    };
    editor.set_helper(Some(InputHelper));
    let history = history_path();
    if let Some(path) = &history
        && path.exists()
        && let Err(error) = editor.load_history(path)
    {
        eprintln!(
            "taskhost: cannot read the history {} ({error}); going on without it",
            path.display()
        );
    }
    // Output of tasks that run while the prompt waits is printed above it.
    if let Ok(mut printer) = editor.create_external_printer() {
        terminal::redirect(Box::new(move |text| {
            let _ = printer.print(text);
        }));
    }
    let mut history_warned = false;
    loop {
        match editor.readline(PROMPT) {
            Ok(line) => {
                if line.trim().is_empty() {
                    continue;
                }
                let _ = editor.add_history_entry(line.as_str());
                if let Some(path) = &history
                    && let Err(error) = editor.append_history(path)
                    && !history_warned
                {
                    history_warned = true;
                    let _ = terminal::write_stderr(&format!(
                        "taskhost: cannot write the history {} ({error}); going on without it",
                        path.display()
                    ));
                }
                match ReplCommand::parse(&line) {
                    Some(ReplCommand::Help) => {
                        let _ = terminal::write_stdout(HELP);
                    }
                    Some(ReplCommand::Exit) => break,
                    None => {
                        if !link.evaluate(line) {
                            return;
                        }
                    }
                }
            }
            // Ctrl-C cancels the input being typed.
            Err(ReadlineError::Interrupted) => {}
            Err(ReadlineError::Eof) => break,
            Err(error) => {
                let _ = terminal::write_stderr(&format!("taskhost: cannot read input: {error}"));
                break;
            }
        }
    }
    link.stop();
}

/// Inputs from a pipe: lines, joined while the input is unfinished; no prompt.
fn read_pipe(link: &Link) {
    let mut buffer = String::new();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else {
            break;
        };
        if buffer.is_empty() {
            match ReplCommand::parse(&line) {
                Some(ReplCommand::Help) => {
                    let _ = terminal::write_stdout(HELP);
                    continue;
                }
                Some(ReplCommand::Exit) => {
                    link.stop();
                    return;
                }
                None if line.trim().is_empty() => continue,
                None => {}
            }
        }
        buffer.push_str(&line);
        buffer.push('\n');
        if input::is_unfinished(&buffer) {
            continue;
        }
        if !link.evaluate(std::mem::take(&mut buffer)) {
            return;
        }
    }
    // An input still unfinished at the end is evaluated, for its syntax error.
    if !buffer.trim().is_empty() && !link.evaluate(buffer) {
        return;
    }
    link.end_of_input();
}

/// `~/.taskhost_history`, if there is a home directory.
fn history_path() -> Option<PathBuf> {
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty())?;
    Some(PathBuf::from(home).join(HISTORY_FILE))
}

/// The line editor's helper: an unfinished input (an open brace…) continues on the next line.
struct InputHelper;

impl Validator for InputHelper {
    fn validate(&self, ctx: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        let text = ctx.input();
        Ok(
            if ReplCommand::parse(text).is_none() && input::is_unfinished(text) {
                ValidationResult::Incomplete
            } else {
                ValidationResult::Valid(None)
            },
        )
    }
}

impl Completer for InputHelper {
    type Candidate = String;
}

impl Hinter for InputHelper {
    type Hint = String;
}

impl Highlighter for InputHelper {}

impl Helper for InputHelper {}
