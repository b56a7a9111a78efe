//! `taskhost run --explore N`: run a program once under the documented policy and then under the
//! seeded random policy with seeds 1 to N, and report the distinct outcomes.
//!
//! Every run is a fresh runtime in this process, on the virtual clock (so a seed's choices replay
//! exactly with `--policy-seed`), with its console output and error reports captured
//! (`engine::terminal::capture`). An outcome is what a run printed on stdout and on stderr and
//! its exit status; runs with the same outcome are grouped.
//!
//! The report goes to stdout: a line of totals, then each outcome, in the order of its first
//! run (the documented policy's first), with how many seeds gave it and the smallest, and the
//! output it printed. Exit status: the runs' own when every run had the same outcome, else
//! [`EXIT_OUTCOMES_DIFFER`].

use std::collections::HashMap;
use std::fmt::Write as _;

use super::{Job, run_job};
use crate::engine::terminal::{self, Captured};
use crate::runtime::RuntimeOptions;

/// Exit status of `--explore` when the runs did not all have the same outcome.
pub const EXIT_OUTCOMES_DIFFER: i32 = 3;

/// What a run did.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Outcome {
    output: Captured,
    status: i32,
}

/// An outcome and the runs that had it.
#[derive(Debug)]
struct Group {
    outcome: Outcome,
    /// Under the documented policy too.
    documented: bool,
    /// The seeds that gave it, in increasing order.
    seeds: Vec<u64>,
}

/// Run `job` under the documented policy and seeds 1 to `runs`; print the report; the exit
/// status.
pub(super) fn explore(options: &RuntimeOptions, job: &Job, runs: u32) -> i32 {
    let mut groups: Vec<Group> = Vec::new();
    let mut index: HashMap<Outcome, usize> = HashMap::new();
    for seed in std::iter::once(None).chain((1..=u64::from(runs)).map(Some)) {
        let outcome = run_once(options, job, seed);
        let at = *index.entry(outcome.clone()).or_insert_with(|| {
            groups.push(Group {
                outcome,
                documented: false,
                seeds: Vec::new(),
            });
            groups.len() - 1
        });
        match seed {
            None => groups[at].documented = true,
            Some(seed) => groups[at].seeds.push(seed),
        }
    }
    print!("{}", report(&groups, runs));
    match groups.as_slice() {
        [one] => one.outcome.status,
        _ => EXIT_OUTCOMES_DIFFER,
    }
}

/// One run, its output captured.
fn run_once(options: &RuntimeOptions, job: &Job, seed: Option<u64>) -> Outcome {
    let options = RuntimeOptions {
        policy_seed: seed,
        ..options.clone()
    };
    terminal::capture();
    let status = run_job(options, job.clone());
    Outcome {
        output: terminal::take_captured(),
        status,
    }
}

/// The report of `groups`.
fn report(groups: &[Group], runs: u32) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "taskhost: explored the documented policy and {runs} seed(s): {}",
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
        if let Some(first) = group.seeds.first() {
            who.push(format!(
                "{} of {runs} seed(s), the smallest {first} (--policy-seed {first})",
                group.seeds.len()
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
    fn report_names_each_outcome_with_its_seeds() {
        let groups = [
            Group {
                outcome: outcome("a\nb\n", 0),
                documented: true,
                seeds: vec![1, 2, 4],
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
                seeds: vec![3],
            },
        ];
        assert_eq!(
            report(&groups, 4),
            "taskhost: explored the documented policy and 4 seed(s): 2 outcomes\n\
             \n\
             outcome 1: the documented policy; 3 of 4 seed(s), the smallest 1 (--policy-seed 1); exit status 0\n\
             \x20 stdout:\n\
             \x20 | a\n\
             \x20 | b\n\
             \n\
             outcome 2: 1 of 4 seed(s), the smallest 3 (--policy-seed 3); exit status 1\n\
             \x20 stdout:\n\
             \x20 | b\n\
             \x20 stderr:\n\
             \x20 | Uncaught x\n"
        );
    }
}
