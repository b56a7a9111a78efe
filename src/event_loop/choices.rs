//! The seeded random policy: at every step, one of the choices the specs leave to the user agent,
//! drawn from a seeded generator, so that `taskhost run --explore` can run a program under many
//! valid orders and `--policy-seed` can replay one. The same choices can instead be made as the
//! documented policy makes them but for a few listed decisions ([`RandomChoices::changed`],
//! `--policy-changes`): the systematic search of `--explore` (`cli/explore.rs`) changes one more
//! decision at a time.
//!
//! Invariant: the random policy only *chooses among* what the specs allow; the orders they fix
//! are kept by the core's data structures before the policy is asked, so no choice can break
//! them:
//! - Among scheduler tasks the scheduling spec fixes the order ("select the next scheduler task
//!   queue from all schedulers": the highest effective priority, then the queue whose first task
//!   is oldest): the policy is offered only that one scheduler task.
//! - Within a task source, first in, first out (HTML: a task source is associated with one task
//!   queue, and the event loop takes "the first runnable task" of the queue it picks): the policy
//!   is offered only each source's head (`host_tasks.rs`). So messages keep one FIFO across the
//!   loop's ports (the posted message task source), and ripe timers keep the order they ripened in.
//! - Timers ripen in (due, enqueue order) order whatever their padding (a padding holds the
//!   timer at the head of the heap and every timer behind it): HTML "run steps after a timeout" —
//!   a timer waits for those of the same global and ordering identifier started before it whose
//!   timeout is less than or equal — holds, as the due time of such a timer is less than or
//!   equal and its enqueue order smaller.
//! - Microtask checkpoints are not the policy's: the runtime performs one after every task.
//!
//! What it chooses (listed with the spec text in `docs/EVENT_LOOP.md`, "Exploring the orders the
//! specs allow"):
//! 1. which task source runs next, uniformly among those with a runnable task (the scheduler's
//!    pick counts as one source): HTML event loop processing model step 2.1, "chosen in an
//!    implementation-defined manner";
//! 2. how long a ripe timer waits further: none half the time, else 1, 4 or 16 ms; none while
//!    `taskhost.clock` is paused, as its `tick` runs every timer due by its target (HTML "run
//!    steps after a timeout": "Optionally, wait a further implementation-defined length of
//!    time");
//! 3. when an idle period starts once nothing is runnable: at once half the time, else 1, 4 or
//!    16 ms later (or at the next timer, if sooner; at once while `taskhost.clock` is paused),
//!    and how long it is: 1 to 50 ms, never past the next timer (requestIdleCallback "start an
//!    idle period": the user agent decides when; the deadline is at most 50 ms away and no later
//!    than the next timer).
//! 4. how long a message between agents takes to arrive: none half the time, else 1, 4 or 16 ms
//!    ([`MailDelays`], drawn by the process, not by a loop: HTML's `postMessage` steps add the
//!    message's task to the target port's queue, which the receiving loop runs when it gets to
//!    it; nothing bounds when a delivery from another thread arrives). A mailbox stays first in,
//!    first out whatever the delays (`agent::process`).
//! 5. whether a rendering opportunity is skipped: one in eight (HTML "update the rendering"
//!    step 5: the user agent may skip a navigable's rendering "for reasons such as [...] being
//!    unable to keep up"); the rendering waits for the next opportunity.
//!
//! The user interaction and rendering task sources are sources like the others here: the
//! documented policy runs input first and promotes a waiting rendering task (`policy.rs`), but
//! HTML leaves the choice between task sources to the user agent.
//!
//! The generator is `fastrand`'s (wyrand): small, seedable, the same sequence on every platform.

use super::policy::Candidate;
use super::{EventLoopCore, HostSource, LoopTime, MAX_IDLE_PERIOD_NS, Next, Selected};

/// The kinds of task the random policy picks between: one bit each in [`Selected::passed_over`].
pub struct Kind;

impl Kind {
    /// The scheduler's pick (all scheduler task queues of the loop).
    pub const SCHEDULER: u16 = 1;

    /// The bit of a host task source.
    #[must_use]
    pub const fn of_source(source: HostSource) -> u16 {
        2 << source.index()
    }

    /// The names of the kinds in `bits`, for traces: "scheduler", "timer", "message",
    /// "idle timeout", "DOM manipulation", "file reading", "other".
    #[must_use]
    pub fn names(bits: u16) -> Vec<&'static str> {
        let mut names = Vec::new();
        if bits & Self::SCHEDULER != 0 {
            names.push("scheduler");
        }
        for source in HostSource::ALL {
            if bits & Self::of_source(source) != 0 {
                names.push(source_name(source));
            }
        }
        names
    }
}

/// A short name of a host task source.
#[must_use]
pub const fn source_name(source: HostSource) -> &'static str {
    match source {
        HostSource::Timer => "timer",
        HostSource::PostedMessage => "message",
        HostSource::IdleTimeout => "idle timeout",
        HostSource::DomManipulation => "DOM manipulation",
        HostSource::FileReading => "file reading",
        HostSource::Other => "other",
        HostSource::Rendering => "rendering",
        HostSource::UserInteraction => "user interaction",
    }
}

/// The paddings a ripe timer may get (after none, which comes half the time).
const PADDINGS_NS: [u64; 3] = [1_000_000, 4_000_000, 16_000_000];

/// The idle periods a changed decision may give (the default first, the longest).
const IDLE_PERIODS_NS: [u64; 4] = [MAX_IDLE_PERIOD_NS, 16_000_000, 4_000_000, 1_000_000];

/// How the policy makes its choices.
#[derive(Debug, Clone)]
enum Mode {
    /// Each choice drawn from the seeded generator.
    Seeded,
    /// Each choice the *default* one (what taskhost's documented policy would take: its pick of
    /// the sources, no padding, no delay before an idle period, the longest one, no skipped
    /// frame) except at the decisions listed in `changes` (decision number, which other
    /// option: 1 is the first option that is not the default), sorted by decision. Each decision
    /// with more than one option counts; `arities`, when given, gets how many options each had,
    /// so that a search can plan the next changes (`cli/explore.rs`).
    Changed {
        changes: Vec<(u32, u32)>,
        decisions: u32,
        arities: Option<Arities>,
    },
}

/// Where a run under changed decisions records how many options each decision had.
pub type Arities = std::sync::Arc<std::sync::Mutex<Vec<u32>>>;

/// The decisions a run changes from the documented policy's (`--policy-changes`), and where it
/// records each decision's options (the search of `--explore`).
#[derive(Debug, Clone, Default)]
pub struct PolicyChanges {
    /// (decision number, which other option), 1 being the first option that is not the default.
    pub changes: Vec<(u32, u32)>,
    pub arities: Option<Arities>,
}

impl PolicyChanges {
    /// Read `--policy-changes`: `none`, or `D:O` pairs separated by commas (decision `D`, from
    /// 0, takes its `O`th option that is not the default, from 1), each decision at most once.
    ///
    /// # Errors
    /// A message that names the part that is not such a pair.
    pub fn parse(text: &str) -> Result<Vec<(u32, u32)>, String> {
        let text = text.trim();
        if text == "none" {
            return Ok(Vec::new());
        }
        let mut changes = Vec::new();
        for part in text.split(',') {
            let pair = part.trim().split_once(':').and_then(|(d, o)| {
                Some((d.trim().parse::<u32>().ok()?, o.trim().parse::<u32>().ok()?))
            });
            match pair {
                Some((decision, other)) if other >= 1 => changes.push((decision, other)),
                _ => {
                    return Err(format!(
                        "`{part}` is not DECISION:OPTION (a decision number from 0 and an \
                         option from 1, as --explore prints them), or `none`"
                    ));
                }
            }
        }
        changes.sort_unstable();
        if let Some(w) = changes.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(format!("decision {} is changed twice", w[0].0));
        }
        Ok(changes)
    }

    /// The form `--policy-changes` reads.
    #[must_use]
    pub fn format(changes: &[(u32, u32)]) -> String {
        if changes.is_empty() {
            return "none".to_owned();
        }
        changes
            .iter()
            .map(|(d, o)| format!("{d}:{o}"))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The seeded generator and the seed it started from.
#[derive(Debug, Clone)]
pub struct RandomChoices {
    rng: fastrand::Rng,
    seed: u64,
    mode: Mode,
}

impl RandomChoices {
    /// A policy that makes the choices of seed `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: fastrand::Rng::with_seed(seed),
            seed,
            mode: Mode::Seeded,
        }
    }

    /// A policy that makes the default choice at every decision but those of `changes`
    /// (decision number, which other option; sorted here), recording the options of each
    /// decision into `arities` if given.
    #[must_use]
    pub fn changed(mut changes: Vec<(u32, u32)>, arities: Option<Arities>) -> Self {
        changes.sort_unstable();
        Self {
            rng: fastrand::Rng::with_seed(0),
            seed: 0,
            mode: Mode::Changed {
                changes,
                decisions: 0,
                arities,
            },
        }
    }

    /// Whether this policy makes changed decisions rather than seeded ones.
    #[must_use]
    pub fn is_changed(&self) -> bool {
        matches!(self.mode, Mode::Changed { .. })
    }

    /// Under [`Self::changed`], the option taken at the next decision, which has `arity` options
    /// and `default` as the default one; `None` when seeded.
    fn decide(&mut self, arity: usize, default: usize) -> Option<usize> {
        let Mode::Changed {
            changes,
            decisions,
            arities,
        } = &mut self.mode
        else {
            return None;
        };
        if arity <= 1 {
            return Some(0);
        }
        let number = *decisions;
        *decisions = decisions.saturating_add(1);
        if let Some(Ok(mut arities)) = arities.as_ref().map(|a| a.lock()) {
            arities.push(u32::try_from(arity).unwrap_or(u32::MAX));
        }
        let other = changes
            .binary_search_by_key(&number, |&(at, _)| at)
            .ok()
            .map(|i| changes[i].1 as usize)
            .filter(|&other| other >= 1 && other < arity);
        Some(match other {
            // The other-th option that is not the default.
            Some(other) if other <= default => other - 1,
            Some(other) => other,
            None => default,
        })
    }

    /// The seed it started from.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// One of `0..n` (`n` ≥ 1).
    fn pick(&mut self, n: usize) -> usize {
        if n <= 1 { 0 } else { self.rng.usize(..n) }
    }

    /// A ripe timer's further wait.
    fn timer_padding_ns(&mut self) -> u64 {
        if let Some(option) = self.decide(1 + PADDINGS_NS.len(), 0) {
            return option.checked_sub(1).map_or(0, |i| PADDINGS_NS[i]);
        }
        if self.rng.bool() {
            0
        } else {
            PADDINGS_NS[self.pick(PADDINGS_NS.len())]
        }
    }

    /// Whether a rendering opportunity is skipped: one time in eight.
    pub(super) fn skip_frame(&mut self) -> bool {
        if let Some(option) = self.decide(2, 0) {
            return option == 1;
        }
        self.rng.u8(..8) == 0
    }

    /// How long to wait before an idle period starts: none half the time, else as a padding.
    fn idle_delay_ns(&mut self) -> u64 {
        self.timer_padding_ns()
    }

    /// An idle period's length: 1 to 50 ms, in whole milliseconds.
    fn idle_period_ns(&mut self) -> u64 {
        if let Some(option) = self.decide(IDLE_PERIODS_NS.len(), 0) {
            return IDLE_PERIODS_NS[option];
        }
        self.rng.u64(1..=MAX_IDLE_PERIOD_NS / 1_000_000) * 1_000_000
    }

    /// Which of the `n` runnable kinds runs next, `default` being the documented policy's.
    fn pick_kind(&mut self, n: usize, default: usize) -> usize {
        self.decide(n, default).unwrap_or_else(|| self.pick(n))
    }
}

/// The delays of deliveries between agents under the random policy (choice 4 of the module
/// docs): one generator for the whole process, drawn from under the process's lock, so that in
/// lockstep (where posts happen in a fixed turn order) a seed replays every delay.
#[derive(Debug, Clone)]
pub struct MailDelays {
    rng: fastrand::Rng,
}

impl MailDelays {
    /// The delays of main seed `seed` (a stream of their own, apart from every loop's).
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: fastrand::Rng::with_seed(derive_seed(seed, u64::MAX)),
        }
    }

    /// The next delivery's delay: none half the time, else 1, 4 or 16 ms.
    pub fn delay_ns(&mut self) -> u64 {
        if self.rng.bool() {
            0
        } else {
            PADDINGS_NS[self.rng.usize(..PADDINGS_NS.len())]
        }
    }
}

/// The seed of a worker's loop (`n`: the worker's agent number), derived from the main seed by
/// splitmix64's finaliser, so each worker explores its own choices and a seed replays them all.
#[must_use]
pub fn derive_seed(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// All effective priorities, highest first (the scheduler's own order).
const ALL_LEVELS: [u8; 6] = [5, 4, 3, 2, 1, 0];

impl EventLoopCore {
    /// Under the random policy, whether the user agent skips this rendering opportunity (HTML
    /// "update the rendering" step 5 lets it skip a navigable's rendering "for reasons such as
    /// [...] being unable to keep up"): one time in eight. Never under the documented policy.
    pub fn skip_rendering_opportunity(&mut self) -> bool {
        self.random.as_mut().is_some_and(RandomChoices::skip_frame)
    }

    /// Make the loop's choices with the seeded random policy (`None`: the documented policy).
    /// See the module docs for what it chooses.
    pub fn set_random_policy(&mut self, seed: Option<u64>) {
        self.random = seed.map(RandomChoices::new);
        self.timer_hold = None;
    }

    /// Make the loop's choices as the documented policy would, but for the decisions of `changes`
    /// (decision number, which other option), recording each decision's options into `arities`
    /// (the systematic search of `--explore`).
    pub fn set_changed_policy(&mut self, changes: Vec<(u32, u32)>, arities: Option<Arities>) {
        self.random = Some(RandomChoices::changed(changes, arities));
        self.timer_hold = None;
    }

    /// Whether the random policy may pad ripe timers: not while `taskhost.clock` is paused,
    /// whose `tick(ms)` promises to run every timer due by its target.
    pub fn set_timer_padding(&mut self, allowed: bool) {
        self.pad_timers = allowed;
    }

    /// The random policy's seed, if it is the loop's policy (not under changed decisions,
    /// which have none).
    pub fn policy_seed(&self) -> Option<u64> {
        self.random
            .as_ref()
            .filter(|r| !r.is_changed())
            .map(RandomChoices::seed)
    }

    /// Under the random policy: whether the ripe timer at the head of the heap has waited its
    /// padding (chosen the first time it is seen ripe). True when no timer is ripe.
    pub(super) fn padding_over(&mut self, now: LoopTime) -> bool {
        let Some((due, order)) = self.timers.head() else {
            return true;
        };
        if due > now {
            return true;
        }
        let until = match self.timer_hold {
            Some((held, until)) if held == order => until,
            _ => {
                let padding = match self.random.as_mut() {
                    Some(random) if self.pad_timers => random.timer_padding_ns(),
                    _ => 0,
                };
                let until = due.saturating_add_ns(padding);
                self.timer_hold = Some((order, until));
                until
            }
        };
        until <= now
    }

    /// The random policy's `next` (see the module docs).
    pub(super) fn select_random(&mut self, now: LoopTime) -> Next {
        // The runnable kinds: the scheduler's own pick, and each host task source's head.
        let scheduler = self.queues.first_head(&ALL_LEVELS);
        let mut kinds = [0u16; 1 + HostSource::COUNT];
        let mut n = 0;
        if scheduler.is_some() {
            kinds[n] = Kind::SCHEDULER;
            n += 1;
        }
        for source in HostSource::ALL {
            if self.host.peek_source(source.index()).is_some() {
                kinds[n] = Kind::of_source(source);
                n += 1;
            }
        }
        // Under changed decisions, the documented policy's pick is the default one (and its wait
        // for a frame after input is followed, not a decision).
        let documented = if self.random.as_ref().is_some_and(RandomChoices::is_changed) {
            match self.documented_candidate(now) {
                Ok(candidate) => candidate,
                Err(wait) => return wait,
            }
        } else {
            None
        };
        if n > 0 {
            let default_kind = documented.map(|c| match c {
                Candidate::Queue(_) => Kind::SCHEDULER,
                Candidate::Host { source, .. } => HostSource::ALL
                    .get(source)
                    .map_or(0, |&s| Kind::of_source(s)),
            });
            let default = default_kind
                .and_then(|kind| kinds[..n].iter().position(|&k| k == kind))
                .unwrap_or(0);
            let k = self.random.as_mut().map_or(0, |r| r.pick_kind(n, default));
            let passed_over = kinds[..n]
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != k)
                .fold(0, |bits, (_, kind)| bits | kind);
            let selected = match (scheduler, documented) {
                // The documented pick itself (under a starvation limit, it may be another
                // scheduler queue's head than the highest).
                (_, Some(candidate)) if k == default => self.take(candidate),
                (Some(head), _) if kinds[k] == Kind::SCHEDULER => self.take(Candidate::Queue(head)),
                _ => self.take_source(kinds[k]),
            };
            if let Some(selected) = selected {
                return Next::Run(Selected {
                    passed_over,
                    ..selected
                });
            }
        }
        let next_due = self.next_timer_due();
        if let Some(due) = next_due
            && due <= now
        {
            return Next::Wait(due);
        }
        if self.idle.len() > 0 {
            // A ripe timer waiting its padding is still in its global's map of active timers at
            // its own due time (HTML "run steps after a timeout" removes it only after the
            // further wait), so an idle period's deadline ("compute deadline": no later than
            // any active timer) would already be over: no idle period before the timer runs.
            if let (Some(nominal), Some(until)) = (self.timers.next_due(), next_due)
                && nominal <= now
            {
                return Next::Wait(until);
            }
            // A new idle period waits for the awaited frame (`policy.rs`, step 5).
            if self.idle_waits_for_frame()
                && let Some(until) = next_due
            {
                return Next::Wait(until);
            }
            // The idle period may start now, or a little later (never past the next timer;
            // not while a script drives the clock, whose ticks run idle callbacks at once).
            if self.pad_timers
                && let Some(random) = self.random.as_mut()
            {
                let delay = random.idle_delay_ns();
                if delay > 0 {
                    let later = now.saturating_add_ns(delay);
                    return Next::Wait(next_due.map_or(later, |due| due.min(later)));
                }
            }
            let length = self
                .random
                .as_mut()
                .map_or(MAX_IDLE_PERIOD_NS, RandomChoices::idle_period_ns);
            return self.start_idle_period(now, length, next_due);
        }
        next_due.map_or(Next::Empty, Next::Wait)
    }

    /// Take the head of the host task source of kind `kind`.
    fn take_source(&mut self, kind: u16) -> Option<Selected> {
        let source = HostSource::ALL
            .into_iter()
            .find(|&s| Kind::of_source(s) == kind)?;
        self.host
            .pop_source(source.index())
            .map(super::host_tasks::HostTask::selected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under changed decisions, every decision of two or more options is counted and recorded;
    /// an unchanged one takes the default; a changed one its `other`th option that is not the
    /// default (1 is the first); an option out of range leaves the default.
    #[test]
    fn changed_decisions_take_the_default_but_where_changed() {
        let arities = Arities::default();
        let mut policy =
            RandomChoices::changed(vec![(3, 2), (1, 1), (2, 5)], Some(arities.clone()));
        assert!(policy.is_changed());
        assert_eq!(
            policy.pick_kind(3, 1),
            1,
            "decision 0: unchanged, the default"
        );
        assert_eq!(policy.pick_kind(1, 0), 0, "one option: no decision");
        assert_eq!(
            policy.pick_kind(3, 0),
            1,
            "decision 1: the first option but the default"
        );
        assert_eq!(
            policy.timer_padding_ns(),
            0,
            "decision 2: other 5 of 4 is out of range"
        );
        assert_eq!(
            policy.pick_kind(4, 1),
            2,
            "decision 3: of 0, 2 and 3 (not the default 1), the second"
        );
        assert!(!policy.skip_frame(), "decision 4: unchanged");
        assert_eq!(
            policy.idle_period_ns(),
            MAX_IDLE_PERIOD_NS,
            "decision 5: the longest"
        );
        let recorded = arities.lock().map(|a| a.clone()).unwrap_or_default();
        assert_eq!(recorded, vec![3, 3, 4, 4, 2, 4]);
        let seeded = RandomChoices::new(7);
        assert!(!seeded.is_changed());
        assert_eq!(seeded.seed(), 7);
    }

    /// After input, with a frame awaited, the loop waits for the frame's timer; when a changed
    /// decision pads that timer, it waits until the padding ends, never for the nominal due time
    /// that has passed (on a virtual clock that wait would never move time on).
    #[test]
    fn after_input_the_wait_for_a_padded_frame_timer_ends_with_its_padding() {
        use crate::event_loop::{Clock, EventLoopCore, HostSource, LoopTime, TaskId};
        let mut c = EventLoopCore::new(Clock::virtual_clock());
        c.set_changed_policy(vec![(1, 1)], None);
        c.set_frame_awaited(true);
        c.set_timer(LoopTime(16_000_000), TaskId(9));
        c.queue_task(HostSource::UserInteraction, TaskId(1));
        c.queue_task(HostSource::DomManipulation, TaskId(2));
        assert!(matches!(c.next(LoopTime::ZERO), Next::Run(s) if s.task == TaskId(1)));
        c.clock_mut().wait_until(LoopTime(16_000_000));
        // Decision 0 picked the input (the default); decision 1, the frame timer's padding, is
        // changed to the first (1 ms).
        assert!(
            c.pop_ripe_timer(c.now()).is_none(),
            "the timer waits its padding"
        );
        let until = LoopTime(16_000_000 + PADDINGS_NS[0]);
        assert_eq!(c.next(c.now()), Next::Wait(until));
        c.clock_mut().wait_until(until);
        assert_eq!(
            c.pop_ripe_timer(c.now()).map(|t| t.payload),
            Some(TaskId(9))
        );
    }
}
