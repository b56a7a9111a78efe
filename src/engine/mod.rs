//! Engine glue: the Boa host hooks, job executor, error reporting and WebIDL conversions.

pub mod builtins;
pub mod callback;
pub mod continuation;
pub mod errors;
pub mod hooks;
pub mod jobs;
pub mod source_guard;
pub mod string_limits;
pub mod thread;
pub mod webidl;
