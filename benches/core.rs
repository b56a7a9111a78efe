//! Micro-benchmarks of the event-loop core, without the engine: push, select, setPriority and
//! abort (remove) on scheduler task queues with 1k … 1M pending tasks spread over 1 … 100k queues.
//!
//! Each measurement keeps the core at its size: a select is followed by a push of a new task, a
//! removal by a push, so the numbers are the cost at that many pending tasks. Run with
//! `cargo bench --bench core` (criterion; `-- --quick` for a shorter run).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use taskhost::event_loop::{
    Clock, EventLoopCore, Next, Priority, QueueId, SchedulerTaskKey, TaskId,
};

/// Sizes (pending tasks, queues) measured for each operation.
const SHAPES: &[(usize, usize)] = &[
    (1_000, 1),
    (1_000, 1_000),
    (100_000, 1),
    (100_000, 100_000),
    (1_000_000, 1),
    (1_000_000, 1_000),
];

const PRIORITIES: [Priority; 3] = [
    Priority::Background,
    Priority::UserVisible,
    Priority::UserBlocking,
];

/// A core with `tasks` pending tasks spread round-robin over `queues` queues of mixed priorities.
fn filled(tasks: usize, queues: usize) -> (EventLoopCore, Vec<QueueId>, Vec<SchedulerTaskKey>) {
    let mut core = EventLoopCore::new(Clock::virtual_clock());
    let ids: Vec<QueueId> = (0..queues)
        .map(|i| core.create_scheduler_queue(PRIORITIES[i % 3], false))
        .collect();
    let keys = (0..tasks)
        .map(|i| core.scheduler_enqueue(ids[i % queues], TaskId(i as u64)))
        .collect();
    (core, ids, keys)
}

/// A core filled to one of the [`SHAPES`].
struct Filled {
    core: EventLoopCore,
    ids: Vec<QueueId>,
    keys: Vec<SchedulerTaskKey>,
}

/// Measure `step` at every shape in the group `name`; `step` gets the core and a counter that
/// increases with each iteration, and must leave the core at its size.
fn per_shape<R>(c: &mut Criterion, name: &str, mut step: impl FnMut(&mut Filled, usize) -> R) {
    let mut group = c.benchmark_group(name);
    for &(tasks, queues) in SHAPES {
        let (core, ids, keys) = filled(tasks, queues);
        let mut filled = Filled { core, ids, keys };
        let mut i = 0usize;
        let label = format!("{tasks}_tasks/{queues}_queues");
        group.bench_function(BenchmarkId::from_parameter(label), |b| {
            b.iter(|| {
                i += 1;
                black_box(step(&mut filled, i))
            });
        });
    }
    group.finish();
}

fn push(c: &mut Criterion) {
    per_shape(c, "push_then_remove", |f, i| {
        // A push at the tail of a queue, and its removal (keeps the size).
        let key = f
            .core
            .scheduler_enqueue(f.ids[i % f.ids.len()], TaskId(i as u64));
        f.core.scheduler_remove(key)
    });
}

fn select(c: &mut Criterion) {
    per_shape(c, "select_then_push", |f, i| {
        let now = f.core.now();
        let next = f.core.next(now);
        if let Next::Run(selected) = next {
            // Keep the size: the selected task's queue gets a new task.
            let queue = selected.queue.unwrap_or(f.ids[0]);
            f.core.scheduler_enqueue(queue, TaskId(i as u64));
        }
        next
    });
}

fn set_priority(c: &mut Criterion) {
    per_shape(c, "set_priority", |f, i| {
        f.core
            .set_queue_priority(f.ids[i % f.ids.len()], PRIORITIES[i % 3]);
    });
}

fn abort(c: &mut Criterion) {
    per_shape(c, "abort_then_push", |f, i| {
        // Remove a task from the middle of the pending set (an abort), then push one to keep the
        // size.
        let slot = i.wrapping_mul(7919) % f.keys.len();
        let removed = f.core.scheduler_remove(f.keys[slot]);
        f.keys[slot] = f
            .core
            .scheduler_enqueue(f.ids[i % f.ids.len()], TaskId(i as u64));
        removed
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1));
    targets = push, select, set_priority, abort
}
criterion_main!(benches);
