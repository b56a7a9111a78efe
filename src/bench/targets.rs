//! The performance targets, as ratios of results measured in the same run, and the report text.

use std::fmt::Write as _;

use serde::Serialize;

use super::BenchReport;

/// How a target compares its value with its limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    /// The value must be at most the limit.
    AtMost,
    /// The value must be at least the limit.
    AtLeast,
}

/// One target's outcome.
#[derive(Clone, Debug, Serialize)]
pub struct TargetResult {
    pub name: &'static str,
    /// What the value is (e.g. "postTask_chain / microtask_chain").
    pub measure: String,
    pub value: f64,
    pub bound: Bound,
    pub limit: f64,
    pub unit: &'static str,
    pub met: bool,
}

/// A target given as numerator / denominator of two cases' ns/op.
struct Ratio {
    name: &'static str,
    numerator: &'static str,
    denominator: &'static str,
    bound: Bound,
    limit: f64,
}

const RATIOS: &[Ratio] = &[
    Ratio {
        name: "postTask_chain near the engine floor",
        numerator: "postTask_chain",
        denominator: "microtask_chain",
        bound: Bound::AtMost,
        limit: 1.5,
    },
    Ratio {
        name: "postTask_burst (100k) near the engine floor",
        numerator: "postTask_burst/100k",
        denominator: "microtask_chain",
        bound: Bound::AtMost,
        limit: 1.5,
    },
    Ratio {
        name: "yield_loop near the engine floor",
        numerator: "yield_loop",
        denominator: "microtask_chain",
        bound: Bound::AtMost,
        limit: 1.5,
    },
    Ratio {
        name: "postTask_burst per task: 1M pending vs 1k",
        numerator: "postTask_burst/1M",
        denominator: "postTask_burst/1k",
        bound: Bound::AtMost,
        limit: 1.3,
    },
    Ratio {
        name: "setPriority: 100k pending vs 1k",
        numerator: "setPriority_with_pending/100k",
        denominator: "setPriority_with_pending/1k",
        bound: Bound::AtMost,
        limit: 1.3,
    },
    Ratio {
        name: "distinct_signals vs postTask_burst (100k)",
        numerator: "distinct_signals",
        denominator: "postTask_burst/100k",
        bound: Bound::AtMost,
        limit: 2.0,
    },
    Ratio {
        name: "Promise.all burst near the engine floor",
        numerator: "postTask_burst_all/100k",
        denominator: "reaction_burst_all/100k",
        bound: Bound::AtMost,
        limit: 1.5,
    },
    Ratio {
        name: "native burst faster than userland",
        numerator: "userland_burst",
        denominator: "postTask_burst/100k",
        bound: Bound::AtLeast,
        limit: 5.0,
    },
    Ratio {
        name: "native chain faster than userland",
        numerator: "userland_chain",
        denominator: "postTask_chain",
        bound: Bound::AtLeast,
        limit: 5.0,
    },
];

fn target(
    name: &'static str,
    measure: String,
    value: f64,
    bound: Bound,
    limit: f64,
    unit: &'static str,
) -> TargetResult {
    let met = match bound {
        Bound::AtMost => value <= limit,
        Bound::AtLeast => value >= limit,
    };
    TargetResult {
        name,
        measure,
        value,
        bound,
        limit,
        unit,
        met,
    }
}

/// Every target whose inputs this run measured.
#[must_use]
pub fn evaluate(report: &BenchReport) -> Vec<TargetResult> {
    let mut out = Vec::new();
    for r in RATIOS {
        if let (Some(n), Some(d)) = (
            report.ns_per_op(r.numerator),
            report.ns_per_op(r.denominator),
        ) && d > 0.0
        {
            let measure = format!("{} / {}", r.numerator, r.denominator);
            out.push(target(r.name, measure, n / d, r.bound, r.limit, "×"));
        }
    }
    // taskhost's share of aborting pending tasks: what the case costs beyond the same shape
    // without the scheduler (the engine's promise rejections and reactions).
    if let (Some(case), Some(floor)) = (
        report.ns_per_op("abort_pending_awaited/50k"),
        report.ns_per_op("reject_pending_awaited/50k"),
    ) && case > 0.0
    {
        out.push(target(
            "abort: taskhost's share of the case",
            "(abort_pending_awaited - reject_pending_awaited) / abort_pending_awaited".to_owned(),
            ((case - floor) / case).max(0.0),
            Bound::AtMost,
            0.2,
            "",
        ));
    }
    // How much worse postTask_burst scales from 10^3 to 10^6 pending than the engine's own
    // pending promises do (promise_burst, the same shape without the scheduler): the flatness
    // target above with the engine's share taken out, with the same 30% allowance.
    if let (Some(big), Some(small), Some(floor_big), Some(floor_small)) = (
        report.ns_per_op("postTask_burst/1M"),
        report.ns_per_op("postTask_burst/1k"),
        report.ns_per_op("promise_burst/1M"),
        report.ns_per_op("promise_burst/1k"),
    ) && small > 0.0
        && floor_small > 0.0
        && floor_big > 0.0
    {
        out.push(target(
            "postTask_burst 1M vs 1k, over the engine's",
            "(postTask_burst 1M/1k) / (promise_burst 1M/1k)".to_owned(),
            (big / small) / (floor_big / floor_small),
            Bound::AtMost,
            1.3,
            "×",
        ));
    }
    if let Some((bytes, _)) = report.rss_per_pending_task {
        out.push(target(
            "memory per pending task",
            "RSS growth / pending tasks".to_owned(),
            bytes,
            Bound::AtMost,
            600.0,
            "B",
        ));
    }
    // The limit is for a burst of 10^6 (scale 1); smaller runs show the figure only.
    if let Some((bytes, 1_000_000)) = report.peak_rss_burst_all {
        out.push(target(
            "peak RSS of a 10^6 Promise.all burst",
            "VmHWM of the process, MB".to_owned(),
            bytes / 1e6,
            Bound::AtMost,
            1500.0,
            "MB",
        ));
    }
    let worst = report
        .steady
        .iter()
        .filter(|s| s.error.is_none())
        .filter_map(|s| Some((s.name.as_str(), s.ns_per_op / report.ns_per_op(&s.name)?)))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((name, ratio)) = worst {
        out.push(target(
            "steady state vs fresh process, worst case",
            format!("{name}: steady / fresh"),
            ratio,
            Bound::AtMost,
            1.5,
            "×",
        ));
    }
    if let Some((bytes, _)) = report.rss_per_worker {
        out.push(target(
            "memory per worker",
            "RSS growth / running workers, MB".to_owned(),
            bytes / 1e6,
            Bound::AtMost,
            1.0,
            "MB",
        ));
    }
    if let Some(ns) = report.ns_per_op("iframe_create") {
        out.push(target(
            "creation of an iframe",
            "iframe_create, CPU ms per iframe".to_owned(),
            ns / 1e6,
            Bound::AtMost,
            0.5,
            "ms",
        ));
    }
    if let Some(ms) = report.startup_ms {
        out.push(target(
            "start-up of an empty script",
            "wall time of `taskhost run empty.js`".to_owned(),
            ms,
            Bound::AtMost,
            20.0,
            "ms",
        ));
    }
    out
}

/// The report as text: the cases, the measurements and the targets.
#[must_use]
pub fn render(report: &BenchReport) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "\ntaskhost {} bench (scale {})\n",
        report.version, report.scale
    );
    let _ = writeln!(
        text,
        "{:<32} {:>10} {:>10} {:>10} {:>10} {:>9}",
        "case (ns/op: CPU median, min, max; wall)", "ns/op", "min", "max", "wall", "ops"
    );
    for c in &report.cases {
        match &c.error {
            None => {
                let _ = writeln!(
                    text,
                    "{:<32} {:>10.0} {:>10.0} {:>10.0} {:>10.0} {:>9}",
                    c.name, c.ns_per_op, c.min_ns_per_op, c.max_ns_per_op, c.wall_ns_per_op, c.ops
                );
            }
            Some(e) => {
                let _ = writeln!(text, "{:<32} FAILED: {e}", c.name);
            }
        }
    }
    if let Some((bytes, pending)) = report.rss_per_pending_task {
        let _ = writeln!(
            text,
            "\nRSS per pending task at {pending} pending: {bytes:.0} B"
        );
    }
    if let Some(floor) = report.rss_floor_per_pending {
        let _ = writeln!(
            text,
            "  of which the engine's floor (a pending promise and its resolving functions): {floor:.0} B"
        );
    }
    for (what, peak) in [
        ("postTask_burst_all", report.peak_rss_burst_all),
        (
            "reaction_burst_all (engine floor)",
            report.peak_rss_reaction_all,
        ),
    ] {
        if let Some((bytes, n)) = peak {
            let _ = writeln!(text, "peak RSS of {what}({n}): {:.0} MB", bytes / 1e6);
        }
    }
    if let Some((bytes, n)) = report.rss_per_worker {
        let _ = writeln!(
            text,
            "RSS per running worker ({n} workers): {:.0} KB",
            bytes / 1e3
        );
    }
    if let Some(realm) = &report.realm_cost {
        let _ = writeln!(
            text,
            "per realm ({} realms): the engine's (create_realm) {:.0} KB, {:.2} ms CPU; with the web APIs (an iframe's window) {:.0} KB, {:.2} ms CPU",
            realm.realms,
            realm.bare_rss / 1e3,
            realm.bare_ns / 1e6,
            realm.web_rss / 1e3,
            realm.web_ns / 1e6
        );
    }
    if let Some(ms) = report.startup_ms {
        let _ = write!(text, "start-up of an empty script: {ms:.1} ms");
        if let Some(peak) = report.startup_peak_rss {
            let _ = write!(text, ", peak RSS {:.1} MB", peak / 1e6);
        }
        let _ = writeln!(text);
    }
    if !report.steady.is_empty() {
        let _ = writeln!(
            text,
            "\n{:<32} {:>10} {:>10} {:>8}",
            "steady state (one runtime)", "ns/op", "fresh", "ratio"
        );
        for s in &report.steady {
            match (&s.error, report.ns_per_op(&s.name)) {
                (None, Some(fresh)) if fresh > 0.0 => {
                    let _ = writeln!(
                        text,
                        "{:<32} {:>10.0} {:>10.0} {:>7.2}×",
                        s.name,
                        s.ns_per_op,
                        fresh,
                        s.ns_per_op / fresh
                    );
                }
                (None, _) => {
                    let _ = writeln!(text, "{:<32} {:>10.0}", s.name, s.ns_per_op);
                }
                (Some(e), _) => {
                    let _ = writeln!(text, "{:<32} FAILED: {e}", s.name);
                }
            }
        }
    }
    if !report.targets.is_empty() {
        let _ = writeln!(
            text,
            "\n{:<46} {:>9} {:>10}  ",
            "target", "measured", "limit"
        );
        for t in &report.targets {
            let sign = match t.bound {
                Bound::AtMost => "≤",
                Bound::AtLeast => "≥",
            };
            let _ = writeln!(
                text,
                "{:<46} {:>8.2}{} {:>8}{}{}  {}",
                t.name,
                t.value,
                t.unit,
                sign,
                t.limit,
                t.unit,
                if t.met { "met" } else { "NOT MET" }
            );
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::CaseResult;

    fn report(cases: &[(&str, f64)]) -> BenchReport {
        let mut report = BenchReport::empty(1.0);
        report.cases = cases
            .iter()
            .map(|&(name, ns)| CaseResult {
                name: name.to_owned(),
                ops: 1,
                ns_per_op: ns,
                min_ns_per_op: ns,
                max_ns_per_op: ns,
                wall_ns_per_op: ns,
                repetitions: 1,
                error: None,
                steady: None,
            })
            .collect();
        report
    }

    fn find<'a>(targets: &'a [TargetResult], name: &str) -> Option<&'a TargetResult> {
        targets.iter().find(|t| t.name == name)
    }

    #[test]
    fn the_burst_scaling_is_judged_against_the_engines_own() {
        let scaling = "postTask_burst 1M vs 1k, over the engine's";
        // The burst scales 2x, the engine's pending promises 1.8x: 1.11x over the engine's.
        let both = report(&[
            ("postTask_burst/1k", 1000.0),
            ("postTask_burst/1M", 2000.0),
            ("promise_burst/1k", 2000.0),
            ("promise_burst/1M", 3600.0),
        ]);
        let targets = evaluate(&both);
        let flat = find(&targets, "postTask_burst per task: 1M pending vs 1k").unwrap();
        assert!((flat.value - 2.0).abs() < 1e-9 && !flat.met);
        let over = find(&targets, scaling).unwrap();
        assert!((over.value - 2.0 / 1.8).abs() < 1e-9 && over.met);
        // Scaling 1.5x worse than the engine's misses it.
        let worse = report(&[
            ("postTask_burst/1k", 1000.0),
            ("postTask_burst/1M", 3000.0),
            ("promise_burst/1k", 1000.0),
            ("promise_burst/1M", 2000.0),
        ]);
        assert!(!find(&evaluate(&worse), scaling).unwrap().met);
        // Without the floor measured (a filtered run), no such target.
        let alone = report(&[("postTask_burst/1k", 1000.0), ("postTask_burst/1M", 2000.0)]);
        assert!(find(&evaluate(&alone), scaling).is_none());
    }

    #[test]
    fn the_abort_share_is_what_the_case_costs_beyond_its_twin() {
        let share = "abort: taskhost's share of the case";
        let case = report(&[
            ("abort_pending_awaited/50k", 1000.0),
            ("reject_pending_awaited/50k", 900.0),
        ]);
        let t = evaluate(&case);
        let t = find(&t, share).unwrap();
        assert!((t.value - 0.1).abs() < 1e-9 && t.met);
        let costly = report(&[
            ("abort_pending_awaited/50k", 1000.0),
            ("reject_pending_awaited/50k", 700.0),
        ]);
        assert!(!find(&evaluate(&costly), share).unwrap().met);
    }
}
