//! The script's control of a virtual clock (`taskhost.clock`, `web::taskhost_clock`): a *paused*
//! clock that the loop never advances by itself, and a *target* the script awaits — `tick(ms)`,
//! `next()`, `runAll()` — that lets the loop advance the clock only as far as the target.
//!
//! The loop asks [`ClockControl::decide`] what to do each time its policy has said what comes
//! next; the decision depends only on that, the time, and this state (plain Rust, tested below).
//!
//! Invariants:
//! - With no target and the clock not paused, the decision is always [`Decision::Proceed`]: a
//!   script that never touches `taskhost.clock` runs exactly as before.
//! - A target never makes the loop run anything it would not run under `--virtual-time`, nor in
//!   another order: it only stops the clock at the target, and resolves the target when the loop
//!   is there with nothing runnable but idle callbacks.
//! - The clock never moves backwards, and never past an `At` target while that target is set.
//! - Only `Wait` and `Empty` can lead to a decision other than `Proceed`: `Run` and `Idle` have
//!   already taken their task or idle callback out of the loop's queues, and it must run.

use boa_engine::object::builtins::JsPromise;
use boa_engine::{Context, JsNativeError, JsValue};

use crate::event_loop::{LoopTime, Next};

/// What the script awaits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `tick(ms)`: run everything due up to this time, then resolve there.
    At(LoopTime),
    /// `next()`: advance to the next due timer (none: resolve at once), run what is runnable
    /// then, and resolve.
    NextTimer,
    /// `runAll()`: advance from timer to timer until none is left; reject after `limit` advances.
    All { advances: u32, limit: u32 },
}

/// What the loop does now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// What it would do without `taskhost.clock`.
    Proceed,
    /// Settle the target: resolve it with the current time.
    Resolve,
    /// Settle the target: `runAll()` reached its limit of advances.
    RejectLimit(u32),
    /// Move the clock to this time (no later than the next due timer).
    Advance(LoopTime),
    /// Nothing to do until the script moves the clock, which it cannot do any more (it is not
    /// running): the loop treats this like having nothing at all.
    Stop,
}

/// The kind of `Next` the policy returned, without its payload.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NextKind {
    Run,
    Idle,
    Wait(LoopTime),
    Empty,
}

impl NextKind {
    #[must_use]
    pub fn of(next: &Next) -> Self {
        match next {
            Next::Run(_) => Self::Run,
            Next::Idle { .. } => Self::Idle,
            Next::Wait(due) => Self::Wait(*due),
            Next::Empty => Self::Empty,
        }
    }
}

/// The state: paused or not, and the target being awaited with its promise's resolvers.
#[derive(Debug, Default)]
pub struct ClockControl {
    paused: bool,
    target: Option<(Target, boa_engine::builtins::promise::ResolvingFunctions)>,
}

impl ClockControl {
    #[must_use]
    pub fn paused(&self) -> bool {
        self.paused
    }

    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
    }

    #[must_use]
    pub fn has_target(&self) -> bool {
        self.target.is_some()
    }

    /// Await `target`; returns the promise. The caller checked that none is set.
    pub fn set_target(&mut self, target: Target, context: &mut Context) -> JsPromise {
        let (promise, resolvers) = JsPromise::new_pending(context);
        self.target = Some((target, resolvers));
        promise
    }

    /// The decision for `next` at `now` (see the module's invariants). May update the target
    /// (`next()` becomes `At` the due time it advances to; `runAll()` counts its advances).
    pub fn decide(&mut self, now: LoopTime, next: NextKind) -> Decision {
        // A timer already due: the loop queues its task (it moves no clock), whatever the state.
        if let NextKind::Wait(due) = next
            && due <= now
        {
            return Decision::Proceed;
        }
        let Some((target, _)) = &mut self.target else {
            return match next {
                NextKind::Wait(_) if self.paused => Decision::Stop,
                _ => Decision::Proceed,
            };
        };
        match (*target, next) {
            // The policy has taken the task or idle callback out of its queue: it must run.
            // (So idle callbacks at the target run before the continuation, as they would run
            // before anything later without a target.)
            (_, NextKind::Run | NextKind::Idle) => Decision::Proceed,
            (Target::At(t), NextKind::Wait(_) | NextKind::Empty) if now >= t => Decision::Resolve,
            (Target::At(t), NextKind::Wait(due)) => Decision::Advance(due.min(t)),
            (Target::At(t), NextKind::Empty) => Decision::Advance(t),
            (Target::NextTimer, NextKind::Wait(due)) => {
                *target = Target::At(due);
                Decision::Advance(due)
            }
            (Target::NextTimer | Target::All { .. }, NextKind::Empty) => Decision::Resolve,
            (Target::All { advances, limit }, NextKind::Wait(due)) => {
                if advances >= limit {
                    return Decision::RejectLimit(limit);
                }
                *target = Target::All {
                    advances: advances + 1,
                    limit,
                };
                Decision::Advance(due)
            }
        }
    }

    /// Settle the target (after [`Decision::Resolve`] or [`Decision::RejectLimit`]): resolve its
    /// promise with `now` in milliseconds, or reject it with a RangeError.
    pub fn settle(
        this: &std::cell::RefCell<Self>,
        decision: Decision,
        now: LoopTime,
        context: &mut Context,
    ) {
        let Some((_, resolvers)) = this.borrow_mut().target.take() else {
            return;
        };
        // The promise's reactions are jobs: the caller performs the checkpoint.
        let _ = match decision {
            Decision::RejectLimit(limit) => {
                let error = JsNativeError::range()
                    .with_message(format!(
                        "taskhost.clock.runAll(): still more timers after {limit} advances of the clock \
                         (an interval, or a timer that sets another?); pass {{ limit }} to allow more"
                    ));
                match boa_engine::JsError::from(error).into_opaque(context) {
                    Ok(error) => resolvers
                        .reject
                        .call(&JsValue::undefined(), &[error], context),
                    Err(error) => Err(error),
                }
            }
            _ => resolvers.resolve.call(
                &JsValue::undefined(),
                &[JsValue::from(now.as_millis_f64())],
                context,
            ),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: u64 = 1_000_000;

    fn at(ms: u64) -> LoopTime {
        LoopTime(ms * MS)
    }

    /// A state with a target, without a JS promise (the decisions do not look at it).
    fn with_target(target: Target) -> (ClockControl, Target) {
        (ClockControl::default(), target)
    }

    fn decide(
        control: &mut ClockControl,
        target: &mut Target,
        now: LoopTime,
        next: NextKind,
    ) -> Decision {
        // The same logic as `decide`, run on a target held outside (no JS context needed).
        let mut context = Context::default();
        let _ = control.set_target(*target, &mut context);
        let decision = control.decide(now, next);
        if let Some((t, _)) = &control.target {
            *target = *t;
        }
        decision
    }

    #[test]
    fn untouched_clock_always_proceeds() {
        let mut c = ClockControl::default();
        for next in [
            NextKind::Run,
            NextKind::Idle,
            NextKind::Wait(at(5)),
            NextKind::Empty,
        ] {
            assert_eq!(c.decide(at(1), next), Decision::Proceed);
        }
    }

    #[test]
    fn paused_clock_stops_instead_of_waiting() {
        let mut c = ClockControl::default();
        c.set_paused(true);
        assert_eq!(c.decide(at(1), NextKind::Wait(at(5))), Decision::Stop);
        assert_eq!(c.decide(at(1), NextKind::Run), Decision::Proceed);
        assert_eq!(c.decide(at(1), NextKind::Idle), Decision::Proceed);
        assert_eq!(c.decide(at(1), NextKind::Empty), Decision::Proceed);
    }

    #[test]
    fn tick_advances_no_further_than_its_target() {
        let (mut c, mut t) = with_target(Target::At(at(10)));
        assert_eq!(
            decide(&mut c, &mut t, at(0), NextKind::Run),
            Decision::Proceed
        );
        assert_eq!(
            decide(&mut c, &mut t, at(0), NextKind::Wait(at(4))),
            Decision::Advance(at(4))
        );
        assert_eq!(
            decide(&mut c, &mut t, at(4), NextKind::Wait(at(25))),
            Decision::Advance(at(10))
        );
        assert_eq!(
            decide(&mut c, &mut t, at(4), NextKind::Empty),
            Decision::Advance(at(10))
        );
        assert_eq!(
            decide(&mut c, &mut t, at(4), NextKind::Idle),
            Decision::Proceed
        );
        assert_eq!(
            decide(&mut c, &mut t, at(10), NextKind::Run),
            Decision::Proceed
        );
        assert_eq!(
            decide(&mut c, &mut t, at(10), NextKind::Idle),
            Decision::Proceed
        );
        assert_eq!(
            decide(&mut c, &mut t, at(10), NextKind::Wait(at(25))),
            Decision::Resolve
        );
        assert_eq!(
            decide(&mut c, &mut t, at(10), NextKind::Empty),
            Decision::Resolve
        );
    }

    #[test]
    fn a_task_or_idle_callback_taken_from_the_queues_always_runs() {
        let targets = [
            Target::At(at(0)),
            Target::At(at(10)),
            Target::NextTimer,
            Target::All {
                advances: 0,
                limit: 1,
            },
            Target::All {
                advances: 1,
                limit: 1,
            },
        ];
        for target in targets {
            for now in [at(0), at(10), at(20)] {
                for next in [NextKind::Run, NextKind::Idle] {
                    let (mut c, mut t) = with_target(target);
                    c.set_paused(true);
                    assert_eq!(
                        decide(&mut c, &mut t, now, next),
                        Decision::Proceed,
                        "{target:?} {next:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_timer_already_due_is_left_to_the_loop() {
        let (mut c, mut t) = with_target(Target::At(at(10)));
        assert_eq!(
            decide(&mut c, &mut t, at(10), NextKind::Wait(at(10))),
            Decision::Proceed
        );
        let mut c = ClockControl::default();
        c.set_paused(true);
        assert_eq!(c.decide(at(10), NextKind::Wait(at(9))), Decision::Proceed);
    }

    #[test]
    fn next_becomes_a_tick_to_the_next_due_time() {
        let (mut c, mut t) = with_target(Target::NextTimer);
        assert_eq!(
            decide(&mut c, &mut t, at(0), NextKind::Wait(at(7))),
            Decision::Advance(at(7))
        );
        assert_eq!(t, Target::At(at(7)));
        let (mut c, mut t) = with_target(Target::NextTimer);
        assert_eq!(
            decide(&mut c, &mut t, at(0), NextKind::Empty),
            Decision::Resolve
        );
    }

    #[test]
    fn run_all_counts_its_advances() {
        let (mut c, mut t) = with_target(Target::All {
            advances: 0,
            limit: 2,
        });
        assert_eq!(
            decide(&mut c, &mut t, at(0), NextKind::Wait(at(1))),
            Decision::Advance(at(1))
        );
        assert_eq!(
            decide(&mut c, &mut t, at(1), NextKind::Wait(at(2))),
            Decision::Advance(at(2))
        );
        assert_eq!(
            decide(&mut c, &mut t, at(2), NextKind::Wait(at(3))),
            Decision::RejectLimit(2)
        );
        let (mut c, mut t) = with_target(Target::All {
            advances: 0,
            limit: 2,
        });
        assert_eq!(
            decide(&mut c, &mut t, at(0), NextKind::Empty),
            Decision::Resolve
        );
    }
}
