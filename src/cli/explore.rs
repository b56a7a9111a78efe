//! `taskhost run --explore N`: run a program once under the documented policy and then N more
//! times, each run making the choices the specs leave to the user agent differently, and report
//! the distinct outcomes.
//!
//! The N runs alternate two ways of choosing (`event_loop/choices.rs`):
//! - a **systematic search** around fixed policies: the documented one, and the documented one
//!   with each browser's choices among what the specs allow (`Deviations::BROWSER_CHOICES`:
//!   Chromium's ports deliver one message per task, Firefox's timers run from an executor,
//!   WebKit's wait at least 1 ms). Each base's first run takes every decision as the documented
//!   policy would, and records how many options each decision had; each later run changes one
//!   more decision, after the last one changed, of a run whose outcome was new (breadth first:
//!   every single change before any pair). Browsers' orders are mostly a few decisions away
//!   from a fixed policy, and a change that gave nothing new is not built on (delay-bounded
//!   scheduling, Emmi, Qadeer and Rakamarić, POPL 2011, guided by outcomes as systematic
//!   concurrency testers prune by what a change affects);
//! - the **seeded random policy**, seeds 1, 2, …: every decision drawn at random, which reaches
//!   orders many changes away and varies what the search leaves alone (the delays of messages
//!   between agents, workers' loops). A run of the search takes the next seed when the search
//!   has nothing left to try.
//!
//! Every run is a fresh runtime in this process, on the virtual clock (so a run's choices replay
//! exactly with `--policy-seed S`, or `--policy-changes LIST` and the base's `--imitate`), with its console output and error
//! reports captured (`engine::terminal::capture`). An outcome is what a run printed on stdout
//! and on stderr and its exit status; runs with the same outcome are grouped.
//!
//! The report goes to stdout: a line of totals, then each outcome, in the order of its first
//! run (the documented policy's first), with how many runs gave it, the first of them as the
//! option that replays it, and the output it printed. Exit status: the runs' own when every run
//! had the same outcome, else [`EXIT_OUTCOMES_DIFFER`].

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;

use super::{Job, run_job};
use crate::agent::deviations::Deviations;
use crate::engine::terminal::{self, Captured};
use crate::event_loop::choices::{Arities, PolicyChanges};
use crate::runtime::RuntimeOptions;

/// Exit status of `--explore` when the runs did not all have the same outcome.
pub const EXIT_OUTCOMES_DIFFER: i32 = 3;

/// What a run did.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Outcome {
    output: Captured,
    status: i32,
}

/// How one run of the exploration chose.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Run {
    /// The random policy with this seed.
    Seed(u64),
    /// The documented policy's decisions but these (decision, other option), from a base.
    Changes(Base, Vec<(u32, u32)>),
}

/// Where the search starts: the documented policy (`None`), or it with a browser's choices
/// (an index into `Deviations::BROWSER_CHOICES`).
type Base = Option<usize>;

impl Run {
    /// The options that replay it (beside the command line's own).
    fn replay(&self) -> String {
        match self {
            Run::Seed(seed) => format!("--policy-seed {seed}"),
            Run::Changes(base, changes) => {
                let changes = format!("--policy-changes {}", PolicyChanges::format(changes));
                match base.and_then(|i| Deviations::BROWSER_CHOICES.get(i)) {
                    Some((rules, _)) => format!("--imitate {rules} {changes}"),
                    None => changes,
                }
            }
        }
    }
}

/// An outcome and the runs that had it.
#[derive(Debug)]
struct Group {
    outcome: Outcome,
    /// Under the documented policy too.
    documented: bool,
    /// How many of the explored runs gave it.
    runs: u32,
    /// The first of them.
    first: Option<Run>,
}

/// The systematic search's runs still to try, breadth first.
///
/// Invariant: every list in `frontier` is sorted by decision and changes each decision at most
/// once; a list is queued only as a run that was tried plus one change after its last, so no
/// list is queued twice.
#[derive(Debug)]
struct Search {
    frontier: VecDeque<(Base, Vec<(u32, u32)>)>,
    /// At most this many lists are kept: the search cannot run more.
    capacity: usize,
}

impl Search {
    /// A search from each of `bases`, which can run `capacity` runs.
    fn new(bases: &[Base], capacity: usize) -> Self {
        Self {
            frontier: bases.iter().map(|&base| (base, Vec::new())).collect(),
            capacity,
        }
    }

    fn next(&mut self) -> Option<(Base, Vec<(u32, u32)>)> {
        self.capacity = self.capacity.saturating_sub(1);
        self.frontier.pop_front()
    }

    /// After the run of `changes` from `base`, whose decisions had `arities` options: if it gave
    /// a new outcome (or changed nothing), queue it with one more change after its last.
    fn after(&mut self, base: Base, changes: &[(u32, u32)], arities: &[u32], new: bool) {
        if !new && !changes.is_empty() {
            return;
        }
        let from = changes.last().map_or(0, |&(d, _)| d as usize + 1);
        for (decision, &options) in arities.iter().enumerate().skip(from) {
            for other in 1..options {
                if self.frontier.len() >= self.capacity {
                    return;
                }
                let mut more = changes.to_vec();
                more.push((u32::try_from(decision).unwrap_or(u32::MAX), other));
                self.frontier.push_back((base, more));
            }
        }
    }
}

/// The bases of the search: the documented policy, then each browser's choices that change the
/// command line's own deviations.
fn bases(own: Deviations) -> Vec<Base> {
    let mut seen = vec![own];
    let mut bases = vec![None];
    for (i, (_, choices)) in Deviations::BROWSER_CHOICES.iter().enumerate() {
        let with = own.with_choices_of(*choices);
        if !seen.contains(&with) {
            seen.push(with);
            bases.push(Some(i));
        }
    }
    bases
}

/// Run `job` under the documented policy and `runs` more times (see the module docs); print
/// the report; the exit status.
pub(super) fn explore(options: &RuntimeOptions, job: &Job, runs: u32) -> i32 {
    let mut groups: Vec<Group> = Vec::new();
    let mut index: HashMap<Outcome, usize> = HashMap::new();
    let documented = run_once(options, job, None, None);
    index.insert(documented.clone(), 0);
    groups.push(Group {
        outcome: documented,
        documented: true,
        runs: 0,
        first: None,
    });
    let mut search = Search::new(&bases(options.deviations), runs.div_ceil(2) as usize);
    let (mut searched, mut seed) = (0u32, 0u64);
    for n in 0..runs {
        let run = match (n % 2 == 0).then(|| search.next()).flatten() {
            Some((base, changes)) => Run::Changes(base, changes),
            None => {
                seed += 1;
                Run::Seed(seed)
            }
        };
        let arities = Arities::default();
        let outcome = run_once(options, job, Some(&run), Some(arities.clone()));
        let new = !index.contains_key(&outcome);
        if let Run::Changes(base, changes) = &run {
            searched += 1;
            let arities = arities.lock().map(|a| a.clone()).unwrap_or_default();
            search.after(*base, changes, &arities, new);
        }
        let at = *index.entry(outcome.clone()).or_insert_with(|| {
            groups.push(Group {
                outcome,
                documented: false,
                runs: 0,
                first: None,
            });
            groups.len() - 1
        });
        let group = &mut groups[at];
        group.runs += 1;
        group.first.get_or_insert(run);
    }
    print!("{}", report(&groups, runs, searched));
    match groups.as_slice() {
        [one] => one.outcome.status,
        _ => EXIT_OUTCOMES_DIFFER,
    }
}

/// One run (`None`: the documented policy), its output captured.
fn run_once(
    options: &RuntimeOptions,
    job: &Job,
    run: Option<&Run>,
    arities: Option<Arities>,
) -> Outcome {
    let options = RuntimeOptions {
        policy_seed: match run {
            Some(Run::Seed(seed)) => Some(*seed),
            _ => None,
        },
        policy_changes: match run {
            Some(Run::Changes(_, changes)) => Some(PolicyChanges {
                changes: changes.clone(),
                arities,
            }),
            _ => None,
        },
        deviations: match run {
            Some(Run::Changes(Some(i), _)) => Deviations::BROWSER_CHOICES
                .get(*i)
                .map_or(options.deviations, |(_, choices)| {
                    options.deviations.with_choices_of(*choices)
                }),
            _ => options.deviations,
        },
        ..options.clone()
    };
    terminal::capture();
    let status = run_job(options, job.clone());
    Outcome {
        output: terminal::take_captured(),
        status,
    }
}

/// The report of `groups`, from `runs` runs of which `searched` were the search's.
fn report(groups: &[Group], runs: u32, searched: u32) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "taskhost: explored the documented policy and {runs} run(s) ({searched} searched, {} \
         seeded): {}",
        runs - searched,
        match groups.len() {
            1 => "1 outcome".to_owned(),
            n => format!("{n} outcomes"),
        }
    );
    for (i, group) in groups.iter().enumerate() {
        let mut who = Vec::new();
        if group.documented {
            who.push("the documented policy".to_owned());
        }
        if let Some(first) = &group.first {
            who.push(format!(
                "{} of {runs} run(s), the first ({})",
                group.runs,
                first.replay()
            ));
        }
        let _ = writeln!(
            text,
            "\noutcome {}: {}; exit status {}",
            i + 1,
            who.join("; "),
            group.outcome.status
        );
        for (name, lines) in [
            ("stdout", &group.outcome.output.stdout),
            ("stderr", &group.outcome.output.stderr),
        ] {
            if lines.is_empty() {
                continue;
            }
            let _ = writeln!(text, "  {name}:");
            for line in lines.lines() {
                let _ = writeln!(text, "  | {line}");
            }
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(stdout: &str, status: i32) -> Outcome {
        Outcome {
            output: Captured {
                stdout: stdout.to_owned(),
                stderr: String::new(),
            },
            status,
        }
    }

    #[test]
    fn report_names_each_outcome_with_its_first_run() {
        let groups = [
            Group {
                outcome: outcome("a\nb\n", 0),
                documented: true,
                runs: 3,
                first: Some(Run::Changes(None, Vec::new())),
            },
            Group {
                outcome: Outcome {
                    output: Captured {
                        stdout: "b\n".to_owned(),
                        stderr: "Uncaught x\n".to_owned(),
                    },
                    status: 1,
                },
                documented: false,
                runs: 1,
                first: Some(Run::Changes(Some(1), vec![(0, 1), (4, 2)])),
            },
            Group {
                outcome: outcome("c\n", 0),
                documented: false,
                runs: 1,
                first: Some(Run::Seed(2)),
            },
        ];
        assert_eq!(
            report(&groups, 5, 3),
            "taskhost: explored the documented policy and 5 run(s) (3 searched, 2 seeded): 3 outcomes\n\
             \n\
             outcome 1: the documented policy; 3 of 5 run(s), the first (--policy-changes none); exit status 0\n\
             \x20 stdout:\n\
             \x20 | a\n\
             \x20 | b\n\
             \n\
             outcome 2: 1 of 5 run(s), the first (--imitate one-message-per-task,timer-executor --policy-changes 0:1,4:2); exit status 1\n\
             \x20 stdout:\n\
             \x20 | b\n\
             \x20 stderr:\n\
             \x20 | Uncaught x\n\
             \n\
             outcome 3: 1 of 5 run(s), the first (--policy-seed 2); exit status 0\n\
             \x20 stdout:\n\
             \x20 | c\n"
        );
    }

    /// The search runs every single change of the first run, then builds only on the changes
    /// that gave a new outcome, and never queues more than it can run.
    #[test]
    fn the_search_is_breadth_first_and_builds_on_new_outcomes() {
        let mut search = Search::new(&[None, Some(2)], 100);
        let (base, root) = search.next().unwrap_or_default();
        assert_eq!((base, root.len()), (None, 0));
        search.after(None, &root, &[2, 3], false);
        let (base, root) = search.next().unwrap_or_default();
        assert_eq!((base, root.len()), (Some(2), 0));
        search.after(Some(2), &root, &[2], false);
        let singles: Vec<_> = std::iter::from_fn(|| search.next()).collect();
        assert_eq!(
            singles,
            vec![
                (None, vec![(0, 1)]),
                (None, vec![(1, 1)]),
                (None, vec![(1, 2)]),
                (Some(2), vec![(0, 1)])
            ]
        );
        // (0, 1) gave nothing new: nothing is built on it; (1, 1) did: one more change after
        // decision 1.
        search.after(None, &singles[0].1, &[2, 3, 2], false);
        search.after(None, &singles[1].1, &[2, 3, 2, 2], true);
        let pairs: Vec<_> = std::iter::from_fn(|| search.next()).collect();
        assert_eq!(
            pairs,
            vec![(None, vec![(1, 1), (2, 1)]), (None, vec![(1, 1), (3, 1)])]
        );
        let mut small = Search::new(&[None], 2);
        let (_, root) = small.next().unwrap_or_default();
        small.after(None, &root, &[4, 4, 4], true);
        assert_eq!(small.frontier.len(), 1);
    }

    /// The search starts from the documented policy and from each browser's choices that the
    /// command line does not already imitate.
    #[test]
    fn the_bases_are_the_browsers_choices_not_imitated_yet() {
        assert_eq!(
            bases(Deviations::NONE),
            vec![None, Some(0), Some(1), Some(2)]
        );
        // Firefox's choices include Chromium's: imitating Firefox leaves WebKit's.
        assert_eq!(bases(Deviations::FIREFOX), vec![None, Some(2)]);
    }

    #[test]
    fn changes_read_and_print_alike() {
        assert_eq!(PolicyChanges::parse("none"), Ok(Vec::new()));
        assert_eq!(PolicyChanges::parse("4:2, 0:1"), Ok(vec![(0, 1), (4, 2)]));
        assert_eq!(PolicyChanges::format(&[(0, 1), (4, 2)]), "0:1,4:2");
        assert_eq!(PolicyChanges::format(&[]), "none");
        for bad in ["", "3", "3:0", "a:1", "1:1,1:2", "-1:1"] {
            assert!(PolicyChanges::parse(bad).is_err(), "{bad}");
        }
    }
}
