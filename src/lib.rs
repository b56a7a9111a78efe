//! taskhost: a JavaScript host on the Boa engine that implements the WICG Prioritized Task
//! Scheduling API on an HTML-style event loop.
//!
//! Layers, top to bottom (a module names only modules of its own layer or of layers below it;
//! `tests/layers.rs` checks this against the code):
//! - [`cli`]: the `taskhost` command line;
//! - [`bench`], [`wpt`]: the benchmark suite (`taskhost bench`) and the conformance runner
//!   (`taskhost wpt`) with its built-in testharness;
//! - [`runtime`]: assembles a runtime — builds a context, registers the web APIs, runs scripts
//!   and modules, drives the event loop;
//! - [`web`]: the web APIs, one module per specification and one file per interface;
//! - [`engine`]: Boa glue — host hooks, job executor, WebIDL callback invocation and
//!   conversions, running scripts, error text;
//! - [`agent`]: the state of an event loop's agent above the core — task records, microtask
//!   queue and checkpoint, "clean up after running script", continuation state, the tracer, the
//!   collection pace;
//! - [`event_loop`]: the event-loop core, plain Rust without JS values.

pub mod agent;
pub mod bench;
pub mod cli;
pub mod engine;
pub mod event_loop;
pub mod runtime;
pub mod web;
pub mod wpt;
