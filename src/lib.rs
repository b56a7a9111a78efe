//! taskhost: a JavaScript host on the Boa engine that implements the WICG Prioritized Task
//! Scheduling API on an HTML-style event loop.
//!
//! Layers, top to bottom (calls only go down):
//! - [`cli`]: the `taskhost` command line;
//! - [`bench`]: the benchmark suite (`taskhost bench`);
//! - [`wpt`]: the conformance runner (`taskhost wpt`) and its built-in testharness;
//! - [`runtime`]: builds a context, runs scripts and modules, drives the event loop;
//! - [`web`]: the web APIs, one module per specification and one file per interface;
//! - [`engine`]: Boa glue — host hooks, job executor, errors, WebIDL conversions;
//! - [`event_loop`]: the event-loop core, plain Rust without JS values.

pub mod bench;
pub mod cli;
pub mod engine;
pub mod event_loop;
pub mod runtime;
pub mod web;
pub mod wpt;
