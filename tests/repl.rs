//! The REPL: driven through a pseudo-terminal as a person would type (prompt, line editing's echo,
//! multi-line input, Ctrl-C, `.help`, `.exit`, Ctrl-D, the history file), and through a pipe.
//!
//! Expected outputs are chosen so that they never appear in the echo of what is typed (`6 * 7`
//! prints `42`), so matching them proves the value was printed.

mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use rexpect::session::{PtySession, spawn_command};

/// A home directory of this test's own (the history file goes there).
fn home(name: &str) -> PathBuf {
    let dir = common::temp_file(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a home directory");
    dir
}

/// `taskhost` with `args` on a pseudo-terminal.
fn spawn(args: &[&str], home: &PathBuf) -> PtySession {
    let mut command = Command::new(env!("CARGO_BIN_EXE_taskhost"));
    command
        .args(args)
        .current_dir(common::root())
        .env("HOME", home)
        .env("TERM", "xterm");
    spawn_command(command, Some(20_000)).expect("start taskhost on a pseudo-terminal")
}

/// Type `line`, then wait for `expected`; what came before it.
fn exchange(p: &mut PtySession, line: &str, expected: &str) -> String {
    p.send_line(line).expect("type a line");
    p.exp_string(expected)
        .unwrap_or_else(|e| panic!("after typing {line:?}, no {expected:?}: {e}"))
}

#[test]
fn a_session_on_a_terminal() {
    let home = home("repl-home");
    let mut p = spawn(&["repl"], &home);
    p.exp_string("> ").expect("a prompt");

    // Values print as console.log prints them; bindings persist across inputs.
    exchange(&mut p, "6 * 7", "42");
    exchange(&mut p, "let base = 40", "undefined");
    exchange(&mut p, "base + 3", "43");

    // Top-level await, with the event loop running the task.
    exchange(
        &mut p,
        "await scheduler.postTask(() => base * 2, { priority: 'background' })",
        "80",
    );
    // Declarations of an awaiting input are globals afterwards.
    exchange(&mut p, "const got = await Promise.resolve(5)", "undefined");
    exchange(&mut p, "got * 9", "45");

    // An error is reported as `taskhost run` reports it, and the next line works.
    exchange(
        &mut p,
        "throw new Error('bo' + 'om')",
        "Uncaught Error: boom (<repl>:1:",
    );
    exchange(&mut p, "'after' + '-error'", "after-error");
    exchange(
        &mut p,
        "await Promise.reject(new TypeError('re' + 'jected'))",
        "Uncaught TypeError: rejected",
    );
    exchange(&mut p, "10 * 10", "100");

    // An unfinished input continues on the next line.
    p.send_line("function twice(x) {").expect("type");
    exchange(&mut p, "  return x * 2 }", "undefined");
    exchange(&mut p, "twice(61)", "122");

    // The loop keeps running while the prompt waits: a timer's output appears with no input.
    exchange(
        &mut p,
        "setTimeout(() => console.log('tim' + 'er fired'), 50); 'sche' + 'duled'",
        "scheduled",
    );
    p.exp_string("timer fired")
        .expect("the timer ran while the prompt waited");

    // Ctrl-C cancels the line being typed: it is not evaluated.
    // (Each step waits for the editor to have taken the one before, as a person's would.)
    p.send("undefinedName").expect("type");
    p.flush().expect("type");
    p.exp_string("undefinedName").expect("the echo");
    p.send_control('c').expect("Ctrl-C");
    p.exp_string("> ").expect("a new prompt");
    let before = exchange(&mut p, "7 * 11", "77");
    assert!(
        !before.contains("ReferenceError"),
        "a canceled line was evaluated: {before:?}"
    );

    exchange(&mut p, ".help", ".exit   Leave the REPL");
    p.send_line(".exit").expect("type .exit");
    p.exp_eof().expect("the REPL ends on .exit");

    let history = std::fs::read_to_string(home.join(".taskhost_history"))
        .expect("the history file was written");
    assert!(history.contains("6 * 7"), "history: {history:?}");
    assert!(history.contains("twice(61)"), "history: {history:?}");
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn ctrl_d_ends_a_session_with_pending_work() {
    let home = home("repl-ctrl-d");
    // `taskhost` with no command is the REPL.
    let mut p = spawn(&[], &home);
    p.exp_string("> ").expect("a prompt");
    exchange(&mut p, "setInterval(() => {}, 1000); 3 * 3", "9");
    p.exp_string("> ").expect("a prompt");
    p.send_control('d').expect("Ctrl-D");
    p.exp_eof().expect("Ctrl-D ends the session at once");
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn an_unwritable_history_is_not_fatal() {
    // A home directory that does not exist: the history can be neither read nor written.
    let home = common::temp_file("repl-no-home").join("missing");
    let mut p = spawn(&["repl"], &home);
    p.exp_string("> ").expect("a prompt");
    // Said once, and the session goes on.
    let before = exchange(&mut p, "6 * 8", "48");
    assert!(
        before.contains("cannot write the history"),
        "no warning: {before:?}"
    );
    let before = exchange(&mut p, "6 * 9", "54");
    assert!(
        !before.contains("cannot write the history"),
        "warned twice: {before:?}"
    );
    p.send_line(".exit").expect("type .exit");
    p.exp_eof().expect("the REPL ends on .exit");
}

/// `taskhost` with `args`, `input` on its standard input (a pipe).
fn piped(args: &[&str], input: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_taskhost"))
        .args(args)
        .current_dir(common::root())
        .env("HOME", common::temp_file("repl-piped-home"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start taskhost");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write the input");
    child.wait_with_output().expect("wait for taskhost")
}

#[test]
fn piped_input_is_evaluated_line_by_line() {
    let out = piped(
        &["repl"],
        "1 + 2\n\
         let x = 5\n\
         await scheduler.postTask(() => x + 1)\n\
         const y = await Promise.resolve(7); var z = 1\n\
         y + z\n\
         throw new Error('boom')\n\
         function f() {\n\
           return 'multi-line'\n\
         }\n\
         f()\n\
         setTimeout(() => console.log('after the end of input'), 20); 'queued'\n",
    );
    assert_eq!(
        common::text(&out.stdout),
        "3\nundefined\n6\nundefined\n8\nundefined\nmulti-line\nqueued\nafter the end of input\n"
    );
    let stderr = common::text(&out.stderr);
    assert!(
        stderr.starts_with("Uncaught Error: boom (<repl>:1:7)"),
        "stderr: {stderr}"
    );
    // As with `run`: an uncaught error makes the status 1.
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn piped_exit_stops_pending_work() {
    let out = piped(
        &[],
        "setInterval(() => console.log('tick'), 60000); 'set'\n.exit\n'never'\n",
    );
    assert_eq!(common::text(&out.stdout), "set\n");
    assert_eq!(out.status.code(), Some(0));
}
