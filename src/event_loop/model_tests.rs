//! Property test: the core against a deliberately naive model written straight from the policy text.
//!
//! Invariant checked: after every operation of a random sequence, the core and the model agree on
//! what was selected (task, band, source, queue, queue-emptied flag, runnable_at, order; or idle
//! callback and deadline; or Wait/Empty), on every return value, on the pending counts, the next
//! timer, every queue's liveness/length/priority, and the core's internal invariants hold. The model
//! uses plain `Vec`s and linear scans: no heaps, no indexes, no tombstones.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::{
    Band, Clock, EventLoopCore, HostSource, IdleKey, LoopTime, Next, Priority, QueueId,
    SchedulerTaskKey, TaskId, TimerKey,
};

pub(super) const MS: u64 = 1_000_000;
const SOURCES: [HostSource; 6] = [
    HostSource::Timer,
    HostSource::PostedMessage,
    HostSource::IdleTimeout,
    HostSource::Other,
    HostSource::Rendering,
    HostSource::UserInteraction,
];
const PRIORITIES: [Priority; 3] = [
    Priority::Background,
    Priority::UserVisible,
    Priority::UserBlocking,
];
const DELAYS: [u64; 7] = [0, MS, 2 * MS, 10 * MS, 50 * MS, 60 * MS, 100 * MS];
pub(super) const ADVANCES: [u64; 6] = [0, 1, MS, 5 * MS, 10 * MS, 50 * MS];
const LIMITS: [u64; 4] = [0, MS, 5 * MS, 20 * MS];

use super::naive_model::{MHost, MNext, MQueue, MTask, MTimer, Model};

// ---------------------------------------------------------------------------------------------
// Operations and the harness.

#[derive(Debug, Clone)]
pub(super) enum Op {
    QueueTask(u8),
    SetTimer(u8),
    CancelTimer(usize),
    Advance(u8),
    Drain,
    CreateQueue(u8, bool),
    SetPriority(usize, u8),
    Enqueue(usize),
    /// Enqueue as a task whose delay ended `ADVANCES[d]` ago.
    EnqueueRipe(usize, u8),
    Remove(usize, bool),
    RemoveQueue(usize),
    QueueIdle,
    CancelIdle(usize),
    Next(bool),
    Starvation(Option<u8>),
    /// How long a rendering task waits before it goes first (`None`: never).
    RenderingAfter(Option<u8>),
    FrameAwaited(bool),
}

pub(super) fn op_strategy() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => any::<u8>().prop_map(Op::QueueTask),
        3 => any::<u8>().prop_map(Op::SetTimer),
        1 => any::<usize>().prop_map(Op::CancelTimer),
        3 => any::<u8>().prop_map(Op::Advance),
        2 => Just(Op::Drain),
        2 => (any::<u8>(), any::<bool>()).prop_map(|(p, c)| Op::CreateQueue(p, c)),
        2 => (any::<usize>(), any::<u8>()).prop_map(|(q, p)| Op::SetPriority(q, p)),
        6 => any::<usize>().prop_map(Op::Enqueue),
        2 => (any::<usize>(), any::<u8>()).prop_map(|(q, d)| Op::EnqueueRipe(q, d)),
        2 => (any::<usize>(), any::<bool>()).prop_map(|(k, r)| Op::Remove(k, r)),
        1 => any::<usize>().prop_map(Op::RemoveQueue),
        1 => Just(Op::QueueIdle),
        1 => any::<usize>().prop_map(Op::CancelIdle),
        8 => any::<bool>().prop_map(Op::Next),
        1 => proptest::option::of(any::<u8>()).prop_map(Op::Starvation),
        1 => proptest::option::of(any::<u8>()).prop_map(Op::RenderingAfter),
        1 => any::<bool>().prop_map(Op::FrameAwaited),
    ]
}

#[derive(Default)]
pub(super) struct Handles {
    pub(super) queues: Vec<QueueId>,
    pub(super) tasks: Vec<SchedulerTaskKey>,
    pub(super) timers: Vec<TimerKey>,
    pub(super) idle: Vec<IdleKey>,
    pub(super) next_payload: u64,
}

impl Handles {
    fn payload(&mut self) -> u64 {
        self.next_payload += 1;
        self.next_payload
    }
}

fn pick(i: usize, len: usize) -> Option<usize> {
    (len > 0).then(|| i % len)
}

/// Translate the core's answer into the model's vocabulary (handles → indexes).
pub(super) fn translate(h: &Handles, next: Next) -> MNext {
    match next {
        Next::Run(s) => MNext::Run {
            task: s.task.0,
            band: s.band,
            source: s.source,
            queue: s
                .queue
                .map(|q| h.queues.iter().position(|&x| x == q).unwrap_or(usize::MAX)),
            emptied: s.queue_emptied,
            runnable_at: s.runnable_at.0,
            order: s.order,
        },
        Next::Idle {
            task,
            key,
            deadline,
        } => MNext::Idle {
            task: task.0,
            handle: h.idle.iter().position(|&x| x == key).unwrap_or(usize::MAX),
            deadline: deadline.0,
        },
        Next::Wait(t) => MNext::Wait(t.0),
        Next::Empty => MNext::Empty,
    }
}

pub(super) fn remove_queue_both(core: &mut EventLoopCore, m: &mut Model, h: &Handles, q: usize) {
    core.remove_scheduler_queue(h.queues[q]);
    if m.queues[q].tasks.is_empty() {
        m.queues[q].alive = false;
    }
}

pub(super) fn step(
    core: &mut EventLoopCore,
    m: &mut Model,
    h: &mut Handles,
    op: &Op,
) -> Result<(), TestCaseError> {
    match *op {
        Op::QueueTask(s) => {
            let source = SOURCES[usize::from(s) % SOURCES.len()];
            let task = h.payload();
            core.queue_task(source, TaskId(task));
            let order = m.order();
            m.host.push(MHost {
                runnable_at: m.now,
                order,
                source,
                task,
            });
        }
        Op::SetTimer(d) => {
            let due = m.now + DELAYS[usize::from(d) % DELAYS.len()];
            let payload = h.payload();
            h.timers
                .push(core.set_timer(LoopTime(due), TaskId(payload)));
            let order = m.order();
            m.timers.push(MTimer {
                handle: h.timers.len() - 1,
                due,
                order,
                payload,
            });
        }
        Op::CancelTimer(i) => {
            if let Some(i) = pick(i, h.timers.len()) {
                let expected = m.timers.iter().position(|t| t.handle == i);
                if let Some(pos) = expected {
                    m.timers.remove(pos);
                }
                prop_assert_eq!(core.cancel_timer(h.timers[i]), expected.is_some());
            }
        }
        Op::Advance(a) => {
            m.now += ADVANCES[usize::from(a) % ADVANCES.len()];
            core.clock_mut().wait_until(LoopTime(m.now));
        }
        Op::Drain => loop {
            let got = core.pop_ripe_timer(LoopTime(m.now));
            let ripe = m
                .timers
                .iter()
                .enumerate()
                .filter(|(_, t)| t.due <= m.now)
                .min_by_key(|(_, t)| (t.due, t.order))
                .map(|(i, _)| i);
            let want = ripe.map(|i| m.timers.remove(i));
            match (got, want) {
                (None, None) => break,
                (Some(g), Some(w)) => {
                    prop_assert_eq!(g.key, h.timers[w.handle]);
                    prop_assert_eq!((g.due.0, g.order, g.payload.0), (w.due, w.order, w.payload));
                    core.queue_task_at(HostSource::Timer, g.payload, g.due, g.order);
                    m.host.push(MHost {
                        runnable_at: w.due,
                        order: w.order,
                        source: HostSource::Timer,
                        task: w.payload,
                    });
                }
                (g, w) => prop_assert!(
                    false,
                    "ripe timer mismatch: core {:?}, model {:?}",
                    g,
                    w.map(|w| w.payload)
                ),
            }
        },
        Op::CreateQueue(p, continuation) => {
            let priority = PRIORITIES[usize::from(p) % 3];
            h.queues
                .push(core.create_scheduler_queue(priority, continuation));
            m.queues.push(MQueue {
                alive: true,
                priority,
                continuation,
                tasks: Vec::new(),
            });
        }
        Op::SetPriority(q, p) => {
            if let Some(q) = pick(q, h.queues.len()) {
                let priority = PRIORITIES[usize::from(p) % 3];
                core.set_queue_priority(h.queues[q], priority);
                if m.queues[q].alive {
                    m.queues[q].priority = priority;
                }
            }
        }
        Op::Enqueue(q) => {
            let alive: Vec<usize> = (0..m.queues.len()).filter(|&q| m.queues[q].alive).collect();
            if let Some(i) = pick(q, alive.len()) {
                let q = alive[i];
                let task = h.payload();
                h.tasks
                    .push(core.scheduler_enqueue(h.queues[q], TaskId(task)));
                let order = m.order();
                let handle = h.tasks.len() - 1;
                m.queues[q].tasks.push(MTask {
                    handle,
                    order,
                    runnable_at: m.now,
                    since: order,
                    task,
                });
            }
        }
        Op::EnqueueRipe(q, d) => {
            let alive: Vec<usize> = (0..m.queues.len()).filter(|&q| m.queues[q].alive).collect();
            if let Some(i) = pick(q, alive.len()) {
                let q = alive[i];
                let task = h.payload();
                // The delay's timer took its order when it was set (here: now, before the
                // task's own enqueue order).
                let timer_order = core.take_enqueue_order();
                prop_assert_eq!(timer_order, m.order());
                let due = m
                    .now
                    .saturating_sub(ADVANCES[usize::from(d) % ADVANCES.len()]);
                h.tasks.push(core.scheduler_enqueue_ripe(
                    h.queues[q],
                    TaskId(task),
                    LoopTime(due),
                    timer_order,
                ));
                let order = m.order();
                let handle = h.tasks.len() - 1;
                m.queues[q].tasks.push(MTask {
                    handle,
                    order,
                    runnable_at: due,
                    since: timer_order,
                    task,
                });
            }
        }
        Op::Remove(k, remove_emptied) => {
            if let Some(k) = pick(k, h.tasks.len()) {
                let mut expected = None;
                for (q, queue) in m.queues.iter_mut().enumerate() {
                    if let Some(pos) = queue.tasks.iter().position(|t| t.handle == k) {
                        queue.tasks.remove(pos);
                        expected = Some((q, queue.tasks.is_empty()));
                    }
                }
                prop_assert_eq!(core.scheduler_remove(h.tasks[k]), expected.map(|e| e.1));
                if let Some((q, true)) = expected
                    && remove_emptied
                {
                    remove_queue_both(core, m, h, q);
                }
            }
        }
        Op::RemoveQueue(q) => {
            if let Some(q) = pick(q, h.queues.len()) {
                remove_queue_both(core, m, h, q);
            }
        }
        Op::QueueIdle => {
            let task = h.payload();
            h.idle.push(core.queue_idle(TaskId(task)));
            m.idle.push((h.idle.len() - 1, task, m.idle_periods));
        }
        Op::CancelIdle(i) => {
            if let Some(i) = pick(i, h.idle.len()) {
                let pos = m.idle.iter().position(|e| e.0 == i);
                if let Some(pos) = pos {
                    m.idle.remove(pos);
                }
                prop_assert_eq!(core.cancel_idle(h.idle[i]), pos.is_some());
            }
        }
        Op::Next(remove_emptied) => {
            let got = translate(h, core.next(LoopTime(m.now)));
            let want = m.next(m.now);
            prop_assert_eq!(&got, &want);
            if let MNext::Run {
                queue: Some(q),
                emptied: true,
                ..
            } = want
                && remove_emptied
            {
                remove_queue_both(core, m, h, q);
            }
        }
        Op::Starvation(limit) => {
            let limit = limit.map(|l| LIMITS[usize::from(l) % LIMITS.len()]);
            core.set_starvation_limit(limit);
            m.starvation = limit;
        }
        Op::RenderingAfter(after) => {
            let after = after.map(|a| LIMITS[usize::from(a) % LIMITS.len()]);
            core.set_rendering_priority_after(after);
            m.rendering_after = after;
        }
        Op::FrameAwaited(awaited) => {
            core.set_frame_awaited(awaited);
            m.frame_awaited = awaited;
        }
    }
    Ok(())
}

pub(super) fn check_state(
    core: &EventLoopCore,
    m: &Model,
    h: &Handles,
) -> Result<(), TestCaseError> {
    let p = core.pending();
    prop_assert_eq!(p.host_tasks, m.host.len());
    prop_assert_eq!(
        p.scheduler_tasks,
        m.queues.iter().map(|q| q.tasks.len()).sum::<usize>()
    );
    prop_assert_eq!(p.timers, m.timers.len());
    prop_assert_eq!(p.idle, m.idle.len());
    // (The heap's own head: under the random policy `next_timer_due` adds a ripe timer's
    // padding, which `random_model_tests` checks.)
    prop_assert_eq!(
        core.timers.next_due().map(|t| t.0),
        m.timers.iter().map(|t| t.due).min()
    );
    if core.policy_seed().is_none() {
        prop_assert_eq!(core.next_timer_due(), core.timers.next_due());
    }
    prop_assert_eq!(core.now().0, m.now);
    for (q, mq) in m.queues.iter().enumerate() {
        let id = h.queues[q];
        prop_assert_eq!(core.is_queue_live(id), mq.alive);
        prop_assert_eq!(core.scheduler_queue_len(id), mq.tasks.len());
        if mq.alive {
            prop_assert_eq!(core.queue_priority(id), mq.priority);
            prop_assert_eq!(core.effective_priority(id), mq.effective());
        }
    }
    core.queues.check_invariants();
    Ok(())
}

fn run_ops(ops: &[Op]) -> Result<(), TestCaseError> {
    let mut core = EventLoopCore::new(Clock::virtual_clock());
    let mut model = Model {
        rendering_after: Some(super::RENDERING_PRIORITY_AFTER_NS),
        ..Model::default()
    };
    let mut handles = Handles::default();
    for op in ops {
        step(&mut core, &mut model, &mut handles, op)?;
        check_state(&core, &model, &handles)?;
    }
    // Drain to the end: both must agree all the way down to Empty.
    for _ in 0..10_000 {
        let now = LoopTime(model.now);
        step(&mut core, &mut model, &mut handles, &Op::Drain)?;
        let next = core.next(now);
        let want = model.next(model.now);
        prop_assert_eq!(translate(&handles, next), want);
        match next {
            Next::Empty => return Ok(()),
            Next::Wait(t) => {
                model.now = t.0;
                core.clock_mut().wait_until(t);
            }
            _ => {}
        }
    }
    prop_assert!(false, "did not run dry");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn core_matches_naive_model(ops in prop::collection::vec(op_strategy(), 1..200)) {
        run_ops(&ops)?;
    }
}

#[test]
fn model_sanity_reverse_orders() {
    // The model itself follows the policy examples (so the property test checks the right thing).
    let ops = [
        Op::CreateQueue(1, false),
        Op::SetTimer(0),
        Op::Enqueue(0),
        Op::Drain,
    ];
    let mut core = EventLoopCore::new(Clock::virtual_clock());
    let mut m = Model::default();
    let mut h = Handles::default();
    for op in &ops {
        step(&mut core, &mut m, &mut h, op).unwrap();
    }
    // setTimeout(f, 0) (payload 1) was set before postTask(g) (payload 2): f runs first.
    assert!(matches!(
        m.next(0),
        MNext::Run {
            task: 1,
            band: Band::Normal,
            ..
        }
    ));
    assert!(matches!(
        m.next(0),
        MNext::Run {
            task: 2,
            emptied: true,
            ..
        }
    ));
    assert_eq!(m.next(0), MNext::Empty);
}
