//! Loop time and the loop's clock.
//!
//! Invariant: [`LoopTime`] is nanoseconds since the loop's time origin, and a [`Clock`]'s `now()`
//! never goes backwards. A real clock follows `std::time::Instant` (monotonic); a virtual clock only
//! moves when told (`wait_until`), and only forwards. Both remember the wall-clock time of their
//! origin (`time_origin_unix_ms`, for `performance.timeOrigin`).

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Nanoseconds since the loop's time origin.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LoopTime(pub u64);

const NANOS_PER_MILLI: u64 = 1_000_000;

impl LoopTime {
    /// The time origin.
    pub const ZERO: LoopTime = LoopTime(0);
    /// The far future (saturation point of every addition).
    pub const MAX: LoopTime = LoopTime(u64::MAX);

    /// From nanoseconds since the origin.
    #[must_use]
    pub const fn from_nanos(ns: u64) -> Self {
        LoopTime(ns)
    }

    /// Nanoseconds since the origin.
    #[must_use]
    pub const fn as_nanos(self) -> u64 {
        self.0
    }

    /// From whole milliseconds since the origin (saturating).
    #[must_use]
    pub const fn from_millis(ms: u64) -> Self {
        LoopTime(ms.saturating_mul(NANOS_PER_MILLI))
    }

    /// From fractional milliseconds, rounded to the nearest nanosecond. NaN and negative values
    /// give [`LoopTime::ZERO`]; values too large (or +∞) saturate to [`LoopTime::MAX`].
    #[must_use]
    pub fn from_millis_f64(ms: f64) -> Self {
        // `as` from f64 to u64 saturates and maps NaN to 0.
        LoopTime((ms * NANOS_PER_MILLI as f64).round() as u64)
    }

    /// Fractional milliseconds since the origin (what `performance.now()` reports).
    #[must_use]
    pub fn as_millis_f64(self) -> f64 {
        self.0 as f64 / NANOS_PER_MILLI as f64
    }

    /// `self + ns`, saturating at [`LoopTime::MAX`].
    #[must_use]
    pub const fn saturating_add_ns(self, ns: u64) -> Self {
        LoopTime(self.0.saturating_add(ns))
    }

    /// `self + ms` milliseconds, saturating at [`LoopTime::MAX`].
    #[must_use]
    pub const fn saturating_add_millis(self, ms: u64) -> Self {
        self.saturating_add_ns(ms.saturating_mul(NANOS_PER_MILLI))
    }

    /// Nanoseconds from `earlier` to `self`; 0 if `earlier` is later.
    #[must_use]
    pub const fn saturating_ns_since(self, earlier: LoopTime) -> u64 {
        self.0.saturating_sub(earlier.0)
    }

    /// The time since the origin as a [`Duration`].
    #[must_use]
    pub const fn as_duration(self) -> Duration {
        Duration::from_nanos(self.0)
    }
}

/// The loop's clock: real (follows `Instant`) or virtual (moves only when told). See module docs.
#[derive(Clone, Debug)]
pub struct Clock {
    kind: ClockKind,
    origin_unix_ms: f64,
}

#[derive(Clone, Debug)]
enum ClockKind {
    Real { origin: Instant },
    Virtual { now: LoopTime },
}

fn wall_clock_unix_ms() -> f64 {
    // A wall clock set before 1970 is reported as the epoch itself.
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

impl Clock {
    /// A real clock whose origin is now.
    #[must_use]
    pub fn real() -> Self {
        Clock {
            kind: ClockKind::Real {
                origin: Instant::now(),
            },
            origin_unix_ms: wall_clock_unix_ms(),
        }
    }

    /// A virtual clock at [`LoopTime::ZERO`]; its origin's wall-clock time is the real one now.
    #[must_use]
    pub fn virtual_clock() -> Self {
        Clock {
            kind: ClockKind::Virtual {
                now: LoopTime::ZERO,
            },
            origin_unix_ms: wall_clock_unix_ms(),
        }
    }

    /// The current loop time (never less than any earlier reading).
    #[must_use]
    pub fn now(&self) -> LoopTime {
        match &self.kind {
            ClockKind::Real { origin } => {
                LoopTime(u64::try_from(origin.elapsed().as_nanos()).unwrap_or(u64::MAX))
            }
            ClockKind::Virtual { now } => *now,
        }
    }

    /// Whether this is a virtual clock.
    #[must_use]
    pub fn is_virtual(&self) -> bool {
        matches!(self.kind, ClockKind::Virtual { .. })
    }

    /// Block until `now() >= t`. Real: sleeps the thread. Virtual: jumps to `t` at once if `t` is
    /// later than now (never backwards). Returns immediately when `t` has passed.
    pub fn wait_until(&mut self, t: LoopTime) {
        if let ClockKind::Virtual { now } = &mut self.kind {
            if t > *now {
                *now = t;
            }
            return;
        }
        loop {
            let now = self.now();
            if now >= t {
                break;
            }
            std::thread::sleep(Duration::from_nanos(t.0 - now.0));
        }
    }

    /// Wall-clock milliseconds since the Unix epoch at this clock's origin (for
    /// `performance.timeOrigin`). For a virtual clock: the real wall clock when it was created.
    #[must_use]
    pub fn time_origin_unix_ms(&self) -> f64 {
        self.origin_unix_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn millis_conversions() {
        assert_eq!(LoopTime::from_millis_f64(1.5), LoopTime(1_500_000));
        assert_eq!(
            LoopTime::from_millis_f64(0.1),
            LoopTime(100_000),
            "rounds, not truncates"
        );
        assert_eq!(LoopTime::from_millis_f64(f64::NAN), LoopTime::ZERO);
        assert_eq!(LoopTime::from_millis_f64(-3.0), LoopTime::ZERO);
        assert_eq!(LoopTime::from_millis_f64(f64::INFINITY), LoopTime::MAX);
        assert_eq!(LoopTime::from_millis_f64(1e300), LoopTime::MAX);
        assert_eq!(LoopTime(2_500_000).as_millis_f64(), 2.5);
        assert_eq!(LoopTime::from_millis(4), LoopTime(4_000_000));
        assert_eq!(LoopTime::from_millis(u64::MAX), LoopTime::MAX);
    }

    #[test]
    fn saturating_arithmetic() {
        assert_eq!(LoopTime(5).saturating_add_ns(7), LoopTime(12));
        assert_eq!(LoopTime::MAX.saturating_add_ns(1), LoopTime::MAX);
        assert_eq!(LoopTime(1).saturating_add_millis(2), LoopTime(2_000_001));
        assert_eq!(LoopTime(10).saturating_ns_since(LoopTime(4)), 6);
        assert_eq!(LoopTime(4).saturating_ns_since(LoopTime(10)), 0);
        assert_eq!(LoopTime(1_000).as_duration(), Duration::from_micros(1));
    }

    #[test]
    fn virtual_clock_jumps_forward_and_never_back() {
        let mut c = Clock::virtual_clock();
        assert!(c.is_virtual());
        assert_eq!(c.now(), LoopTime::ZERO);
        c.wait_until(LoopTime(1_000));
        assert_eq!(c.now(), LoopTime(1_000));
        c.wait_until(LoopTime(10));
        assert_eq!(c.now(), LoopTime(1_000), "never backwards");
        c.wait_until(LoopTime(1_000));
        assert_eq!(c.now(), LoopTime(1_000));
        c.wait_until(LoopTime::from_millis(3_600_000));
        assert_eq!(c.now(), LoopTime::from_millis(3_600_000), "no real waiting");
    }

    #[test]
    fn real_clock_is_monotonic_and_waits() {
        let mut c = Clock::real();
        assert!(!c.is_virtual());
        let a = c.now();
        let target = a.saturating_add_ns(2_000_000);
        c.wait_until(target);
        let b = c.now();
        assert!(b >= target);
        assert!(c.now() >= b);
        c.wait_until(LoopTime::ZERO); // already passed: returns at once
    }

    #[test]
    fn time_origin_is_a_plausible_wall_clock() {
        // 2020-01-01 in ms since the epoch.
        assert!(Clock::real().time_origin_unix_ms() > 1.577e12);
        assert!(Clock::virtual_clock().time_origin_unix_ms() > 1.577e12);
        let c = Clock::virtual_clock();
        assert_eq!(c.clone().time_origin_unix_ms(), c.time_origin_unix_ms());
    }
}
