//! Engine glue: the Boa host hooks, job executor, error reporting and WebIDL conversions.

pub mod builtins;
pub mod callback;
pub mod errors;
pub mod hooks;
pub mod jobs;
pub mod positions;
pub mod script;
pub mod source_guard;
pub mod string_limits;
pub mod terminal;
pub mod thread;
pub mod webidl;

/// Native recursion limit of the engine (calls from native code back into JS, parsing).
pub const RECURSION_LIMIT: usize = 10_000;
/// VM value-stack limit (JS call depth × frame size).
pub const VM_STACK_LIMIT: usize = 1 << 20;
