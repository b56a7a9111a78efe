//! Prioritized Task Scheduling (the current WICG draft): `Scheduler`, `TaskController`,
//! `TaskSignal`, `TaskPriorityChangeEvent`, and the processing model behind them.

pub mod processing;
pub mod scheduler;
pub mod scheduling_state;
pub mod task_controller;
pub mod task_priority;
pub mod task_priority_change_event;
pub mod task_signal;

use boa_engine::{Context, JsResult};

pub fn register(context: &mut Context) -> JsResult<()> {
    task_priority_change_event::register(context)?;
    task_signal::register(context)?;
    task_controller::register(context)?;
    scheduler::register(context)?;
    Ok(())
}
