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
    if let Some((bytes, _)) = report.rss_per_pending_task {
        out.push(target(
            "memory per pending task",
            "RSS growth / pending tasks".to_owned(),
            bytes,
            Bound::AtMost,
            1024.0,
            "B",
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
    if let Some(ms) = report.startup_ms {
        let _ = writeln!(text, "start-up of an empty script: {ms:.1} ms");
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
