//! Loop time and the loop's clock.
//!
//! Invariant: [`LoopTime`] is nanoseconds since the loop's time origin, and a [`Clock`]'s `now()`
//! never goes backwards. A real clock follows the system's monotonic clock (`monotonic_ns`); a virtual clock only
//! moves when told (`wait_until`), and only forwards. Both remember the wall-clock time of their
//! origin (`time_origin_unix_ms`, for `performance.timeOrigin`).
//!
//! Several event loops (a window's and its workers') share one time line: real clocks read the same
//! monotonic line, each from its own origin (a worker's origin is when it was created); virtual
//! clocks read one [`SharedTime`], each from its own origin on it, and whoever advances it advances
//! them all.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A virtual time line shared by several clocks (nanoseconds since the first clock's origin). It
/// only moves forwards.
#[derive(Debug, Default)]
pub struct SharedTime(AtomicU64);

impl SharedTime {
    /// A time line at zero.
    #[must_use]
    pub fn new() -> Arc<Self> {
        Arc::new(Self(AtomicU64::new(0)))
    }

    /// Nanoseconds on the time line.
    #[must_use]
    pub fn now_ns(&self) -> u64 {
        self.0.load(Ordering::Acquire)
    }

    /// Move the time line to `ns`, if that is later (never backwards).
    pub fn advance_to(&self, ns: u64) {
        self.0.fetch_max(ns, Ordering::AcqRel);
    }
}

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

/// The loop's clock: real (follows the monotonic clock) or virtual (moves only when told). See module docs.
#[derive(Clone, Debug)]
pub struct Clock {
    kind: ClockKind,
    origin_unix_ms: f64,
}

#[derive(Clone, Debug)]
enum ClockKind {
    Real {
        /// The origin on the monotonic line of [`monotonic_ns`].
        origin: u64,
    },
    Virtual {
        now: LoopTime,
    },
    /// A virtual clock on a shared time line; its origin is `origin` ns on that line.
    Shared {
        time: Arc<SharedTime>,
        origin: u64,
    },
}

/// Nanoseconds on the system's monotonic clock (`CLOCK_MONOTONIC`, the line `Instant` follows
/// on Linux), read directly: every task reads the clock several times, and `Instant`'s
/// subtraction (normalised, checked `timespec` arithmetic) costs about as much as the reading.
#[cfg(unix)]
fn monotonic_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; CLOCK_MONOTONIC is always supported on the
    // systems taskhost builds for, and cannot fail given a valid pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &raw mut ts) };
    // (tv_sec and tv_nsec are never negative on this clock.)
    (ts.tv_sec as u64)
        .wrapping_mul(1_000_000_000)
        .wrapping_add(ts.tv_nsec as u64)
}

/// Nanoseconds since the first reading (elsewhere than Unix: `Instant`).
#[cfg(not(unix))]
fn monotonic_ns() -> u64 {
    use std::time::Instant;
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let start = *START.get_or_init(Instant::now);
    u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
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
                origin: monotonic_ns(),
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

    /// A virtual clock on the shared time line `time`, whose origin is the line's present.
    #[must_use]
    pub fn shared_virtual(time: Arc<SharedTime>, origin_unix_ms: f64) -> Self {
        let origin = time.now_ns();
        Clock {
            kind: ClockKind::Shared { time, origin },
            origin_unix_ms: origin_unix_ms + origin as f64 / NANOS_PER_MILLI as f64,
        }
    }

    /// A real clock whose origin is now, for a loop created after `self`'s (a worker's): its
    /// time origin is the wall-clock time of `self`'s origin plus the time since. For a virtual
    /// `self` on a shared time line, a virtual clock on the same line.
    #[must_use]
    pub fn later(&self) -> Self {
        match &self.kind {
            ClockKind::Shared { time, origin } => {
                let origin_unix_ms = self.origin_unix_ms - *origin as f64 / NANOS_PER_MILLI as f64;
                Self::shared_virtual(time.clone(), origin_unix_ms)
            }
            ClockKind::Virtual { .. } => Self::virtual_clock(),
            ClockKind::Real { .. } => Clock {
                kind: ClockKind::Real {
                    origin: monotonic_ns(),
                },
                origin_unix_ms: self.origin_unix_ms + self.now().as_millis_f64(),
            },
        }
    }

    /// The current loop time (never less than any earlier reading).
    #[must_use]
    pub fn now(&self) -> LoopTime {
        match &self.kind {
            ClockKind::Real { origin } => LoopTime(monotonic_ns().saturating_sub(*origin)),
            ClockKind::Virtual { now } => *now,
            ClockKind::Shared { time, origin } => LoopTime(time.now_ns().saturating_sub(*origin)),
        }
    }

    /// Make a real clock virtual, standing at its present time rounded up to a whole
    /// millisecond (a virtual clock is unchanged): `taskhost.clock.pause()` on a real clock.
    /// Time origin and readings carry on from where they were; from now on the clock moves only
    /// when told. (The rounding is time passing, which it may: from a whole millisecond, the
    /// times a script computes by adding milliseconds are exact.)
    pub fn make_virtual(&mut self) {
        if let ClockKind::Real { .. } = self.kind {
            let now = self
                .now()
                .0
                .div_ceil(NANOS_PER_MILLI)
                .saturating_mul(NANOS_PER_MILLI);
            self.kind = ClockKind::Virtual { now: LoopTime(now) };
        }
    }

    /// Whether this is a virtual clock.
    #[must_use]
    pub fn is_virtual(&self) -> bool {
        !matches!(self.kind, ClockKind::Real { .. })
    }

    /// `t` of this clock as nanoseconds on its shared time line (for a clock without one, `t`
    /// itself): where lockstep compares the timers of several loops.
    #[must_use]
    pub fn on_shared_line(&self, t: LoopTime) -> u64 {
        match &self.kind {
            ClockKind::Shared { origin, .. } => origin.saturating_add(t.0),
            _ => t.0,
        }
    }

    /// Block until `now() >= t`. Real: sleeps the thread. Virtual: jumps to `t` at once if `t` is
    /// later than now (never backwards). Returns immediately when `t` has passed.
    pub fn wait_until(&mut self, t: LoopTime) {
        match &mut self.kind {
            ClockKind::Virtual { now } => {
                if t > *now {
                    *now = t;
                }
                return;
            }
            ClockKind::Shared { time, origin } => {
                time.advance_to(origin.saturating_add(t.0));
                return;
            }
            ClockKind::Real { .. } => {}
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
    fn a_real_clock_made_virtual_stands_at_a_whole_millisecond_no_earlier_than_it_was() {
        let mut c = Clock::real();
        let before = c.now();
        c.make_virtual();
        assert!(c.is_virtual());
        let stood = c.now();
        assert!(stood >= before);
        assert_eq!(stood.0 % NANOS_PER_MILLI, 0);
        assert!(
            stood.0 - before.0 < NANOS_PER_MILLI + 10_000_000,
            "rounded up, not more"
        );
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(c.now(), stood, "stands still");
        c.make_virtual();
        assert_eq!(c.now(), stood, "a virtual clock is unchanged");
    }

    #[test]
    fn shared_virtual_clocks_read_one_time_line_from_their_own_origins() {
        let time = SharedTime::new();
        let mut first = Clock::shared_virtual(time.clone(), 1_000.0);
        assert!(first.is_virtual());
        first.wait_until(LoopTime::from_millis(5));
        let second = first.later();
        assert_eq!(
            second.now(),
            LoopTime::ZERO,
            "a later clock starts at its own origin"
        );
        assert_eq!(second.time_origin_unix_ms(), 1_005.0);
        time.advance_to(LoopTime::from_millis(7).as_nanos());
        assert_eq!(first.now(), LoopTime::from_millis(7));
        assert_eq!(second.now(), LoopTime::from_millis(2));
        time.advance_to(0);
        assert_eq!(first.now(), LoopTime::from_millis(7), "never backwards");
        assert_eq!(second.on_shared_line(LoopTime(3)), 5_000_003);
        assert_eq!(Clock::virtual_clock().on_shared_line(LoopTime(3)), 3);
    }

    #[test]
    fn a_later_real_clock_has_a_later_origin() {
        let first = Clock::real();
        std::thread::sleep(Duration::from_millis(2));
        let second = first.later();
        assert!(second.now() < first.now());
        assert!(second.time_origin_unix_ms() >= first.time_origin_unix_ms() + 2.0);
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
