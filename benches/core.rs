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

fn label(tasks: usize, queues: usize) -> String {
    format!("{tasks}_tasks/{queues}_queues")
}

fn push(c: &mut Criterion) {
    let mut group = c.benchmark_group("push_then_remove");
    for &(tasks, queues) in SHAPES {
        let (mut core, ids, _) = filled(tasks, queues);
        let mut i = 0usize;
        group.bench_function(BenchmarkId::from_parameter(label(tasks, queues)), |b| {
            b.iter(|| {
                // A push at the tail of a queue, and its removal (keeps the size).
                i += 1;
                let key = core.scheduler_enqueue(ids[i % ids.len()], TaskId(i as u64));
                black_box(core.scheduler_remove(key))
            });
        });
    }
    group.finish();
}

fn select(c: &mut Criterion) {
    let mut group = c.benchmark_group("select_then_push");
    for &(tasks, queues) in SHAPES {
        let (mut core, ids, _) = filled(tasks, queues);
        let mut i = 0usize;
        group.bench_function(BenchmarkId::from_parameter(label(tasks, queues)), |b| {
            b.iter(|| {
                let now = core.now();
                let next = core.next(now);
                if let Next::Run(selected) = next {
                    // Keep the size: the selected task's queue gets a new task.
                    let queue = selected.queue.unwrap_or(ids[0]);
                    i += 1;
                    core.scheduler_enqueue(queue, TaskId(i as u64));
                }
                black_box(next)
            });
        });
    }
    group.finish();
}

fn set_priority(c: &mut Criterion) {
    let mut group = c.benchmark_group("set_priority");
    for &(tasks, queues) in SHAPES {
        let (mut core, ids, _) = filled(tasks, queues);
        let mut i = 0usize;
        group.bench_function(BenchmarkId::from_parameter(label(tasks, queues)), |b| {
            b.iter(|| {
                i += 1;
                core.set_queue_priority(ids[i % ids.len()], PRIORITIES[i % 3]);
            });
        });
    }
    group.finish();
}

fn abort(c: &mut Criterion) {
    let mut group = c.benchmark_group("abort_then_push");
    for &(tasks, queues) in SHAPES {
        let (mut core, ids, mut keys) = filled(tasks, queues);
        let mut i = 0usize;
        group.bench_function(BenchmarkId::from_parameter(label(tasks, queues)), |b| {
            b.iter(|| {
                // Remove a task from the middle of the pending set (an abort), then push one to
                // keep the size.
                i += 1;
                let slot = i.wrapping_mul(7919) % keys.len();
                black_box(core.scheduler_remove(keys[slot]));
                keys[slot] = core.scheduler_enqueue(ids[i % ids.len()], TaskId(i as u64));
            });
        });
    }
    group.finish();
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
