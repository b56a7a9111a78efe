//! The `--inp` summary: the page's Interaction to Next Paint as the web-vitals library computes
//! it, and for each interaction (longest first) its input delay, processing time and
//! presentation delay, with the task that delayed it and where that task was posted.
//!
//! web-vitals' INP: an interaction's latency is the longest `duration` among the event entries
//! that share its `interactionId` (0: not an interaction); INP is the longest latency after
//! leaving out one for every 50 interactions (`interactions[min(len - 1, count / 50)]` of the
//! latencies sorted longest first). taskhost sees every entry, whatever its duration (web-vitals
//! observes from `durationThreshold: 40`, so below 40 ms it may report less).
//!
//! Invariant: nothing here runs unless `--inp` was given (the log exists only then).

use std::cell::RefCell;
use std::fmt::Write as _;

use super::Timed;
use crate::agent::trace::TaskLabel;
use crate::event_loop::LoopTime;

/// The interactions listed in the summary, at most.
const LISTED: usize = 10;

/// Every task that took time, with what it was.
#[derive(Default)]
pub struct InpLog {
    tasks: RefCell<Vec<(f64, f64, String)>>,
}

impl InpLog {
    /// A task ran from `start` to `end`.
    pub fn note_task(&self, start: LoopTime, end: LoopTime, label: &TaskLabel) {
        let mut text = label.kind.to_owned();
        if let Some(callback) = label.callback.as_deref().filter(|c| !c.is_empty()) {
            let _ = write!(text, " {callback}");
        }
        if let Some(site) = &label.site {
            let _ = write!(text, " ({site})");
        }
        self.tasks
            .borrow_mut()
            .push((start.as_millis_f64(), end.as_millis_f64(), text));
    }

    /// The task that overlaps `[from, to)` the most, with the overlap.
    fn blocker(&self, from: f64, to: f64) -> Option<(String, f64, f64, f64)> {
        if to <= from {
            return None;
        }
        self.tasks
            .borrow()
            .iter()
            .filter_map(|(s, e, label)| {
                let overlap = e.min(to) - s.max(from);
                (overlap > 0.0).then(|| (label.clone(), *s, *e, overlap))
            })
            .max_by(|a, b| a.3.total_cmp(&b.3))
    }
}

/// One interaction: its entries' id, kind, target and times.
#[derive(Debug, Clone, PartialEq)]
pub struct Interaction {
    pub id: u64,
    pub kind: &'static str,
    pub target: String,
    pub start: f64,
    pub latency: f64,
    pub processing_start: f64,
    pub processing_end: f64,
    /// When the rendering after it ran (unrounded).
    pub rendered_at: f64,
}

/// Group entries into interactions (by interactionId, 0 left out), in the order they started.
/// An interaction's parts come from the entries painted by the same rendering as its longest
/// entry (as web-vitals' attribution groups them): the input delay to the first of them
/// starting processing, the processing until the last of them ended, the presentation delay to
/// that rendering.
#[must_use]
pub fn interactions(entries: &[Timed]) -> Vec<Interaction> {
    let mut ids: Vec<u64> = Vec::new();
    for e in entries.iter().filter(|e| e.interaction_id != 0) {
        if !ids.contains(&e.interaction_id) {
            ids.push(e.interaction_id);
        }
    }
    let mut out: Vec<Interaction> = ids
        .into_iter()
        .filter_map(|id| {
            let mine: Vec<&Timed> = entries.iter().filter(|e| e.interaction_id == id).collect();
            let longest = mine.iter().copied().reduce(|a, b| {
                if b.duration > a.duration || (b.duration == a.duration && b.start < a.start) {
                    b
                } else {
                    a
                }
            })?;
            let frame: Vec<&Timed> = mine
                .iter()
                .copied()
                .filter(|e| e.rendered_at == longest.rendered_at)
                .collect();
            let kind = if longest.name.starts_with("key") {
                "key press"
            } else {
                "click"
            };
            Some(Interaction {
                id,
                kind,
                target: longest.target.clone(),
                start: mine.iter().map(|e| e.start).fold(f64::INFINITY, f64::min),
                latency: longest.duration,
                processing_start: frame
                    .iter()
                    .map(|e| e.processing_start)
                    .fold(f64::INFINITY, f64::min),
                processing_end: frame.iter().map(|e| e.processing_end).fold(0.0, f64::max),
                rendered_at: longest.rendered_at,
            })
        })
        .collect();
    out.sort_by(|a, b| a.start.total_cmp(&b.start));
    out
}

/// web-vitals' INP of `interactions`: `None` without any.
#[must_use]
pub fn inp(interactions: &[Interaction]) -> Option<f64> {
    let mut latencies: Vec<f64> = interactions.iter().map(|i| i.latency).collect();
    latencies.sort_by(|a, b| b.total_cmp(a));
    let index = (latencies.len() / 50).min(latencies.len().checked_sub(1)?);
    latencies.get(index).copied()
}

fn ms(x: f64) -> String {
    format!("{x:.1} ms")
}

/// The summary text.
#[must_use]
pub fn summary(entries: &[Timed], log: &InpLog) -> String {
    let all = interactions(entries);
    let mut out = String::new();
    let Some(value) = inp(&all) else {
        let _ = writeln!(out, "taskhost: INP: no interactions");
        return out;
    };
    let _ = writeln!(
        out,
        "taskhost: INP {} over {} interaction{} (web-vitals: the longest, less one per 50)",
        ms(value),
        all.len(),
        if all.len() == 1 { "" } else { "s" }
    );
    let mut longest = all.clone();
    longest.sort_by(|a, b| {
        b.latency
            .total_cmp(&a.latency)
            .then(a.start.total_cmp(&b.start))
    });
    for i in longest.iter().take(LISTED) {
        let input_delay = (i.processing_start - i.start).max(0.0);
        let processing = (i.processing_end - i.processing_start).max(0.0);
        // The parts are exact; their sum is the unrounded latency (`duration` is rounded to
        // 8 ms), said beside it when the rounding changed it.
        let presentation = (i.rendered_at - i.processing_end).max(0.0);
        let unrounded = input_delay + processing + presentation;
        let latency = if ms(unrounded) == ms(i.latency) {
            ms(i.latency)
        } else {
            format!("{} (unrounded {})", ms(i.latency), ms(unrounded))
        };
        let _ = writeln!(
            out,
            "  {} on {} at {}: {latency} = input delay {} + processing {} + presentation delay {}",
            i.kind,
            i.target,
            ms(i.start),
            ms(input_delay),
            ms(processing),
            ms(presentation)
        );
        if let Some((label, s, e, overlap)) = log.blocker(i.start, i.processing_start) {
            let _ = writeln!(
                out,
                "    input delayed {} by: {label}, which ran {} to {}",
                ms(overlap),
                ms(s),
                ms(e)
            );
        }
        if let Some((label, s, e, overlap)) = log.blocker(i.processing_end, i.rendered_at) {
            let _ = writeln!(
                out,
                "    next paint delayed {} by: {label}, which ran {} to {}",
                ms(overlap),
                ms(s),
                ms(e)
            );
        }
    }
    if all.len() > LISTED {
        let _ = writeln!(out, "  ({} more)", all.len() - LISTED);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, id: u64, start: f64, duration: f64) -> Timed {
        Timed {
            name: name.to_owned(),
            start,
            processing_start: start + 1.0,
            processing_end: start + 2.0,
            duration,
            interaction_id: id,
            target: "button".to_owned(),
            rendered_at: start + duration,
        }
    }

    #[test]
    fn an_interaction_is_as_long_as_its_longest_entry() {
        let entries = [
            entry("pointerdown", 107, 10.0, 24.0),
            entry("mousedown", 0, 10.0, 200.0),
            entry("pointerup", 107, 12.0, 40.0),
            entry("click", 107, 12.0, 40.0),
            entry("keydown", 114, 50.0, 16.0),
        ];
        let all = interactions(&entries);
        assert_eq!(all.len(), 2);
        assert_eq!(
            (all[0].kind, all[0].latency, all[0].start),
            ("click", 40.0, 10.0)
        );
        assert_eq!((all[1].kind, all[1].latency), ("key press", 16.0));
        assert_eq!(inp(&all), Some(40.0));
    }

    #[test]
    fn a_latency_that_rounding_changed_is_said_with_its_exact_parts() {
        // Input at 10, processing 11–12, rendered at 23: 13 ms, rounded to 16.
        let mut e = entry("click", 107, 10.0, 16.0);
        e.rendered_at = 23.0;
        let text = summary(&[e], &InpLog::default());
        assert!(
            text.contains(
                "click on button at 10.0 ms: 16.0 ms (unrounded 13.0 ms) = input delay 1.0 ms + \
                 processing 1.0 ms + presentation delay 11.0 ms"
            ),
            "{text}"
        );
        // Where rounding changed nothing, the latency is said once.
        let text = summary(&[entry("click", 107, 10.0, 16.0)], &InpLog::default());
        assert!(
            text.contains("at 10.0 ms: 16.0 ms = input delay 1.0 ms"),
            "{text}"
        );
    }

    #[test]
    fn one_highest_is_left_out_for_every_fifty_interactions() {
        let mk = |n: usize| -> Vec<Interaction> {
            (0..n)
                .map(|k| Interaction {
                    id: k as u64 + 1,
                    kind: "click",
                    target: String::new(),
                    start: k as f64,
                    latency: k as f64,
                    processing_start: 0.0,
                    processing_end: 0.0,
                    rendered_at: 0.0,
                })
                .collect()
        };
        assert_eq!(inp(&[]), None);
        assert_eq!(inp(&mk(49)), Some(48.0));
        assert_eq!(inp(&mk(50)), Some(48.0));
        assert_eq!(inp(&mk(100)), Some(97.0));
    }
}
