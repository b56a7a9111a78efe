//! Prioritized Task Scheduling (the current WICG draft): `Scheduler`, `TaskController`,
//! `TaskSignal`, `TaskPriorityChangeEvent`, and the processing model behind them.

pub mod processing;
pub mod scheduler;
pub mod scheduling_state;
pub mod task_controller;
pub mod task_priority;
pub mod task_priority_change_event;
pub mod task_signal;

use std::cell::Cell;
use std::thread::LocalKey;

use boa_engine::{Context, JsResult};

/// The next number of a per-thread id counter (ids are unique among the objects of one kind on
/// the engine thread).
fn next_id(counter: &'static LocalKey<Cell<u64>>) -> u64 {
    counter.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    })
}

pub fn register(context: &mut Context) -> JsResult<()> {
    task_priority_change_event::register(context)?;
    task_signal::register(context)?;
    task_controller::register(context)?;
    scheduler::register(context)?;
    Ok(())
}
